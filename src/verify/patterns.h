// The lemma behind an `unbounded` scope, checked on the rule (docs/proofs.md, "The
// pointwise lemma").
//
// In a rule whose operators are all pointwise (elementwise with numpy broadcasting,
// batch_norm / bias_add along an axis, expand_dims, squeeze) around conv / dense
// accumulators that source and target share, an output element reads each leaf element
// through an index map made of copied and zeroed coordinates. Which coordinates are
// copied and which zeroed depends only on the instance's *pattern*: which dimensions of
// every value are 1, and which of the others are forced equal (by broadcasting, by an
// operator's shape rule, by a precondition). So an instance of any sizes reads like the
// instance of the same pattern whose dimensions > 1 take small distinct values — its
// *representative* — and two maps that differ anywhere differ there (every coordinate of
// size >= 2 tells them apart).
//
// This file enumerates, symbolically, every pattern the rule admits — every rank up to
// kMaxRank and, along every axis, "1" or a size class, classes unified where the rule
// forces equality — and realises each as a concrete instance with verify::instantiate,
// checking that real shape inference gives the predicted pattern. The prover then asks
// the read analysis (pointwise.h) and the solver about every representative. A rule
// outside the fragment, or a pattern that cannot be realised, leaves the lemma unproved:
// the rule is `bounded`, with the reason.
#pragma once

#include <string>
#include <vector>

#include "dsl/ast.h"
#include "support/cancel.h"
#include "verify/instance.h"

namespace vf::verify {

/// The admitted patterns of a rule and their representatives.
struct PatternCheck {
  /// Empty when every operator is in the fragment and every admitted pattern was
  /// realised; otherwise why not.
  std::string failure;
  /// Admitted patterns (after dropping those equal up to renaming classes).
  size_t patterns = 0;
  /// One instance per pattern, dimensions > 1 distinct per size class (2, 3, 4, ...).
  std::vector<Instance> representatives;
};

/// The patterns of `rule`, from the grid instances `en` (their graphs give the
/// operators, their slot values the attribute choices to enumerate under). Stops early,
/// with failure kInterrupted, once `cancelled` asks to.
PatternCheck realise_patterns(const dsl::Rule& rule, const Enumeration& en,
                              const CancelFn& cancelled);

}  // namespace vf::verify
