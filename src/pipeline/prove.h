// The prove flow: rule files parsed and checked, every rule proved with Z3 (or, with
// `check`, its stored proof checked by content hash and only the stale ones proved
// again), the records of the rules expected to prove written to the proof directory.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dsl/ast.h"
#include "support/cancel.h"
#include "support/diagnostic.h"
#include "support/result.h"
#include "verify/prove.h"
#include "verify/prove_rules.h"

namespace vf::pipeline {

/// What to prove and how.
struct ProveOptions {
  /// Rule files, or directories searched recursively for *.rules.
  std::vector<std::string> paths = {"rules"};
  /// The prover's options: solver limit per call, instance grid, SMT-LIB2 kept.
  verify::ProveOptions prover;
  /// Rules proved in parallel.
  unsigned threads = 1;
  /// Where the proof records are read and written.
  std::string proofs_dir = "proofs";
  /// Check the stored records by hash and prove only the stale ones (`reprove`).
  bool check = false;
  bool reprove = true;
  /// Write the records of the rules proved (the records of stale rules with `check`).
  bool write = true;
  /// Polled before each rule is proved: when it asks to stop, prove() returns the Error
  /// kInterrupted (support/cancel.h) once the rules being proved finish, and writes no
  /// record.
  CancelFn cancelled;
};

/// Counts of a proving run.
struct ProveTally {
  int proved = 0, refuted = 0, unknown = 0, unbounded = 0, unexpected = 0, internal = 0;
};

/// Counts of a check of the stored proofs.
struct CheckTally {
  int current = 0, reproved = 0, stale = 0;
};

/// The verdicts: per rule (jobs[k]) its proof (`results`, without `check`) or the status
/// of its stored record (`status`, with `check`).
struct ProofReport {
  /// The rule files as parsed (the jobs point into them) and their paths.
  std::vector<dsl::RuleFile> files;
  std::vector<std::string> paths;
  std::vector<verify::RuleJob> jobs;
  std::vector<verify::RuleProof> results;
  std::vector<verify::StoredProofStatus> status;
  ProveTally tally;
  CheckTally check;
  double wall_ms = 0;
  /// Every rule got its expected verdict (and no internal error); with `check`: every
  /// record ended current or proved again.
  bool ok() const;
};

/// The rule files named by `paths`: files as given, directories searched recursively for
/// *.rules (sorted). The Error names the missing path.
Result<std::vector<std::string>> rule_files(const std::vector<std::string>& paths);

/// Whether a stored record ended current or proved again with its expected verdict.
bool status_ok(const verify::RuleJob& job, const verify::StoredProofStatus& s);

/// Parses the rule files (every error of every file goes to `diags`; nothing is proved
/// when there is one) and proves or checks them.
Result<ProofReport> prove(const ProveOptions& opts, DiagnosticSink& diags);

}  // namespace vf::pipeline
