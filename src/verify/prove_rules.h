// Proving many rules at once, and the stored proofs' check that proves again only what is
// stale: the library behind `vfuse prove` and `vfuse prove --check` (docs/proofs.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dsl/ast.h"
#include "support/result.h"
#include "verify/prove.h"

namespace vf::verify {

/// One rule to prove: the rule, its file's path, and its text hash (proof_store.h).
struct RuleJob {
  const dsl::Rule* rule = nullptr;
  std::string path;
  std::string hash;
};

/// Proves `jobs[k]` into result k, `threads` rules at a time (each with its own Z3
/// context).
std::vector<RuleProof> prove_rules(const std::vector<RuleJob>& jobs, const ProveOptions& opts,
                                   unsigned threads);

/// A rule's verdict as its file expects it (`expect refuted` marks must-refute tests).
bool as_expected(const dsl::Rule& r, Outcome o);

/// What `prove --check` found for one rule expected to prove.
struct StoredProofStatus {
  size_t job = 0;                    ///< index into the jobs
  std::optional<std::string> stale;  ///< why the record is stale; nullopt: current
  std::optional<RuleProof> reproved; ///< the new proof of a stale rule (when re-proving)
};

/// The check of the stored proofs in `dir`: every rule expected to prove whose record is
/// current (rule text, prover code, solver: proof_store.h) is taken as it is; the stale
/// ones are proved again when `reprove` and, when `write` too and they get their expected
/// verdict, stored. An Error only for a record or a file that cannot be read or written.
Result<std::vector<StoredProofStatus>> check_stored_proofs(const std::vector<RuleJob>& jobs,
                                                           const std::string& dir,
                                                           const ProveOptions& opts,
                                                           unsigned threads, bool reprove,
                                                           bool write);

}  // namespace vf::verify
