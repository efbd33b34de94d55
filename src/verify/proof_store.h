// Stored proofs: proofs/<rule>.json (what was proved, how, by which solver, for which
// rule text and which prover code) and proofs/<rule>.smt2 (the obligations, plain
// SMT-LIB2). A record is keyed by content: the hash of the rule's text, the hash of the
// prover's code (every file of the semantics, the SMT encoding, the prover, the DSL and the
// operator table: cmake/prover_code_hash.cmake) and the solver's version. The rewriter
// applies a rule only when its record is current under all three and says proved;
// `vfuse prove --check` proves again exactly the rules whose record is not.
#pragma once

#include <optional>
#include <string>

#include "dsl/ast.h"
#include "support/result.h"
#include "support/source_file.h"
#include "verify/prove.h"

namespace vf::verify {

/// The record format's version, part of the rule hash. What a proof covers is keyed by
/// prover_code_hash() now; this changes only with the record's own layout.
inline constexpr const char* kProverVersion = "vfuse-prove-4";

/// "sha256:<hex>" of the prover's code manifest, computed from the sources at build time.
const char* prover_code_hash();

/// How many files that manifest lists.
int prover_code_files();

/// "fnv1a64:0123456789abcdef" of the rule's text (from `rule` to its '}') and
/// kProverVersion.
std::string rule_hash(const SourceFile& file, const dsl::Rule& rule);

/// A stored proof record.
struct ProofRecord {
  std::string rule;
  std::string file;
  std::string verdict;  ///< proved / refuted / unknown
  std::string scope;
  std::string grid;
  int64_t instances = 0;
  int64_t smt2_instances = 0;
  std::string solver;
  std::string prover;
  std::string rule_hash;
  std::string code_hash;
};

/// What a current record must match: the rule's text hash, the prover's code hash and the
/// solver's version.
struct ProofKey {
  std::string rule_hash;
  std::string code_hash = prover_code_hash();
  std::string solver;  ///< empty: the linked solver's version (smt::solver_version())
};

/// The JSON text of a record for `p`.
std::string proof_record_json(const RuleProof& p, const std::string& hash);

/// Writes dir/<rule>.json and dir/<rule>.smt2 (each atomically; the directory is
/// created if missing).
Result<void> write_proof(const std::string& dir, const RuleProof& p, const std::string& hash);

/// Reads dir/<rule>.json; nullopt when there is none, an Error when it is malformed.
Result<std::optional<ProofRecord>> read_proof(const std::string& dir, const std::string& rule);

/// Why a rule's stored proof does not let it be used, or nullopt when it does: no
/// record, a different rule hash (the rule changed since it was proved), a different code
/// hash (the prover's code changed), a different solver, a verdict other than proved.
std::optional<std::string> stale_reason(const std::optional<ProofRecord>& rec,
                                        const ProofKey& key);

/// The same for the current prover and solver and the rule hash `hash`.
std::optional<std::string> stale_reason(const std::optional<ProofRecord>& rec,
                                        const std::string& hash);

}  // namespace vf::verify
