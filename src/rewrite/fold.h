// Constant folding of a rule's let-expressions on a match's actual constants.
//
// The target of a rewrite reads constants computed from the source's constants (the
// rule's lets: a = gamma / sqrt(var + eps), W' = W * a, ...). They are computed here in
// double precision through the single semantics (the interpreter's f64 reading) and
// stored as float32, the model's type; each stored element is then checked against an
// independent enclosure of its exact real value (the interval reading of the same
// semantics), which gives its certified error: the rewrite is accepted only when every
// element is within kMaxFoldUlps float32 ulps of the exact value (docs/certificates.md).
#pragma once

#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "ir/tensor.h"
#include "support/result.h"
#include "verify/instance.h"

namespace vf::rewrite {

/// Folded constants must be within this many float32 ulps of their exact value.
inline constexpr double kMaxFoldUlps = 1.0;

/// One constant of a rewrite's target computed at rewrite time.
struct FoldedConstant {
  /// The node of Instance::graph it replaces: a let (or a constant-only target
  /// expression) that a node of the target reads.
  NodeId node;
  /// The stored values: float32, the node's shape.
  Tensor value;
  /// Per element: a bound on |value - exact real value| (float64); no elements when
  /// `exact`.
  Tensor error;
  /// Every element is its exact value (a fold that only moves float32 elements): `error`
  /// is all zero and not stored.
  bool exact = false;
  /// The largest error in float32 ulps of the stored value.
  double max_ulps = 0;
};

/// The constant-only nodes of an instance's lets and target that the target's other
/// nodes (or its root) read: what the rewritten graph stores as constants. `foldable`
/// (by node) says which nodes of the instance depend on constants only.
std::vector<NodeId> fold_frontier(const verify::Instance& inst, std::vector<bool>* foldable);

/// The certified errors of constants the instance reads, by their data (an instance's
/// constant shares the model's tensor): a constant folded by an earlier rewrite is itself
/// only within its error of its exact value.
using LeafErrors = std::map<const Tensor*, const Tensor*>;

/// Which computation fold_constants may take.
enum class FoldPath {
  /// The fastest that applies: a fold that only moves float32 elements is computed in
  /// float32 (exact); an elementwise fold of constants (a weight divided by a scalar) block
  /// by block of rows; any other through the walk over whole tensors.
  Fastest,
  /// The walk over whole tensors for every fold (tests compare the others with it).
  General,
};

/// Computes every frontier node of `inst` (float slot values by slot index, NaN for
/// others) and its certified error: the distance to the exact value of the original
/// program, so with the errors of the constants it reads (`leaf_errors`, may be null)
/// carried through. `tamper`, when given, may change the stored values before they are
/// checked (mutation tests of the certifier). An Error when a value is not finite or an
/// element is farther than kMaxFoldUlps from the exact value computed from the stored
/// constants (the fold's own rounding; the carried errors are not limited). Every path
/// gives the same values, errors and verdict.
Result<std::vector<FoldedConstant>> fold_constants(
    const verify::Instance& inst, std::span<const double> float_values,
    const std::function<void(std::vector<FoldedConstant>&)>& tamper = {},
    const LeafErrors* leaf_errors = nullptr, FoldPath path = FoldPath::Fastest);

/// Whether fold_constants (FoldPath::Fastest) computes `inst`'s folds block by block, as an
/// elementwise fold of constants: every folded node a unary or binary elementwise operator
/// reading only float32 constants and scalar attribute values (a weight divided by a scalar,
/// a bias plus a per-channel constant).
bool folds_elementwise(const verify::Instance& inst);

/// The distance between adjacent float32 values at |v| (the ulp of v).
double f32_ulp(float v);

}  // namespace vf::rewrite
