// The offline proof of one rule: every instance of the bounded grid (instance.h) is
// encoded with the single semantics (sem::eval_node over the rule's domain: Z3 reals,
// bitvectors or float32) and handed to the solver as "the preconditions imply that the
// target is defined and equals the source, element by element". Instances are tried
// smallest first, so the first refuted one is a smallest counterexample; it is replayed
// through the interpreter, which must show the same mismatch.
//
// Scope: `unbounded` when every operator of the rule is pointwise (elementwise ops,
// batch_norm, bias_add, expand_dims, squeeze) or a conv / dense accumulator the source
// and target share, and, in every instance, each output element reads each leaf (and
// accumulator) at one element, the same on both sides — then the value of an output
// element is one expression of those elements whatever the sizes, and the grid's
// instances cover all sizes (verify/pointwise.h; docs/proofs.md gives the argument).
// Otherwise `bounded` with the number of instances.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dsl/ast.h"
#include "support/cancel.h"
#include "verify/grid.h"

namespace vf::verify {

/// Limits of a rule proof.
struct ProveOptions {
  /// Wall-clock limit per solver call, in milliseconds.
  unsigned timeout_ms = 10'000;
  /// Keep the SMT-LIB2 text of the obligations (for proofs/<rule>.smt2).
  bool keep_smt2 = true;
  /// At most this many bytes of obligations are kept (the smallest instances first);
  /// every instance is proved either way.
  size_t smt2_budget = 64 * 1024;
  /// The instance grid (verify/grid.h).
  Grid grid = Grid::Default;
  /// Wall-clock limit for the whole rule, in milliseconds (0: none): when it runs out the
  /// rule is unknown (not proved), and no solver call runs past it. For smoke runs that
  /// must end in bounded time (vf_rule_mutants --prove-budget-ms).
  unsigned budget_ms = 0;
  /// Polled between instances and by every solver call (smt::SolverOptions::cancelled):
  /// once it asks to stop, the rule is unknown ("interrupted"). Null: never.
  CancelFn cancelled;
};

/// What the prover concluded.
enum class Outcome { Proved, Refuted, Unknown };

/// "proved", "refuted", "unknown".
std::string_view outcome_name(Outcome o);

/// A smallest instance where the rule is wrong.
struct Counterexample {
  /// The instance: leaf shapes and attribute values.
  std::string instance;
  /// Values of the variables (tensor elements "x[0,1,0,0]", float attributes "$eps"),
  /// exact ("-1/2") as the solver gave them.
  std::vector<std::pair<std::string, std::string>> values;
  /// The broken claims with both sides' values ("output 0 element [0,0,1,1]: source 1,
  /// target 0"), or why the target is undefined / ill-typed.
  std::vector<std::string> violations;
  /// What the interpreter computed on the same inputs ("source 1 ≠ target 0 at [0,0,1,1]").
  std::string replay;
  /// The interpreter reproduced a mismatch.
  bool reproduced = false;
};

/// The result of proving one rule.
struct RuleProof {
  std::string name;
  std::string file;
  Outcome outcome = Outcome::Unknown;
  /// Why unknown, or a one-line summary of the refutation.
  std::string reason;
  /// "unbounded" or "bounded".
  std::string scope;
  /// The grid the instances came from ("default", "deep").
  std::string grid;
  /// Instances proved (all of them when proved; up to the refuted one otherwise).
  int64_t instances = 0;
  /// Of those, pointwise instances covered by the proof of the all-ones instance with
  /// the same ranks and attributes instead of a query of their own (docs/proofs.md).
  int64_t covered = 0;
  /// Wall time of the whole proof, in milliseconds.
  double ms = 0;
  /// The pointwise lemma (patterns.h): what was checked for an `unbounded` scope, or why
  /// it was not established ("not established: ...").
  std::string lemma;
  /// Unit patterns the rule admits, and instances added to realise those the grid does
  /// not (0 when the rule is outside the pointwise fragment).
  int64_t patterns = 0;
  int64_t pattern_instances = 0;
  std::optional<Counterexample> counterexample;
  /// The obligations as SMT-LIB2 scripts separated by (reset), each ending in
  /// (check-sat): unsat means proved. Kept for the smallest instances (see options).
  std::string smt2;
  /// Instances whose obligation is in `smt2`.
  int64_t smt2_instances = 0;
  /// Non-empty: something the prover itself got wrong (a counterexample the interpreter
  /// does not reproduce); reported loudly and never as proved.
  std::string internal_error;
};

/// Proves (or refutes) a checked rule from `file`.
RuleProof prove_rule(const dsl::Rule& rule, const std::string& file, const ProveOptions& opts);

}  // namespace vf::verify
