// Replaying a counterexample: the solver's values of the leaves and float attributes are
// put into the instance graph, which then runs on concrete numbers through the same
// semantics (the interpreter in f64 for real rules, in f32 for float32 rules; the
// N-bit integer domain for bv(N) rules). The source and target outputs must differ —
// if they do not, the prover (or the interpreter) is wrong, and the caller says so.
#pragma once

#include <string>

#include "dsl/ast.h"
#include "smt/model.h"
#include "verify/instance.h"

namespace vf::verify {

/// What the replay showed.
struct ReplayResult {
  /// The source and target outputs differ (beyond rounding of the f64 replay of an
  /// exact real counterexample).
  bool reproduced = false;
  /// "source 1 vs target 0 at [0, 0, 1, 1] (interpreter, f64)" or why not.
  std::string text;
};

/// Runs the instance on the model's values and compares source and target.
ReplayResult replay_counterexample(const dsl::Domain& domain, const Enumeration& en,
                                   const Instance& inst, const smt::Model& model);

/// An instance whose target has another shape than its source (Instance::target_error
/// with both built): the interpreter runs both on zeros and reports the two shapes.
/// Not reproduced when the target cannot be built at all (its type check already says
/// why) or when the interpreter gives equal shapes.
ReplayResult replay_shape_mismatch(const Enumeration& en, const Instance& inst);

}  // namespace vf::verify
