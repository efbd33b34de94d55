// Stored proofs: proofs/<rule>.json (what was proved, how, by which solver, for which
// rule text) and proofs/<rule>.smt2 (the obligations, plain SMT-LIB2). The rewriter
// applies a rule only when its record is current (same text hash) and says proved;
// `vfuse prove --check` fails otherwise. The hash covers the rule's text and the prover
// version (kProverVersion), so a change of either invalidates the record.
#pragma once

#include <optional>
#include <string>

#include "dsl/ast.h"
#include "support/result.h"
#include "support/source_file.h"
#include "verify/prove.h"

namespace vf::verify {

/// Bumped whenever the grid or the encoding changes what a proof covers.
inline constexpr const char* kProverVersion = "vfuse-prove-4";

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
};

/// The JSON text of a record for `p`.
std::string proof_record_json(const RuleProof& p, const std::string& hash);

/// Writes dir/<rule>.json and dir/<rule>.smt2 (each atomically; the directory is
/// created if missing).
Result<void> write_proof(const std::string& dir, const RuleProof& p, const std::string& hash);

/// Reads dir/<rule>.json; nullopt when there is none, an Error when it is malformed.
Result<std::optional<ProofRecord>> read_proof(const std::string& dir, const std::string& rule);

/// Why a rule's stored proof does not let it be used, or nullopt when it does: no
/// record, a different hash (the rule changed since it was proved), a verdict other
/// than proved.
std::optional<std::string> stale_reason(const std::optional<ProofRecord>& rec,
                                        const std::string& hash);

}  // namespace vf::verify
