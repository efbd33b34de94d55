// A tight enclosure of every exact value of a graph: the running error analysis (as
// error_bound.h) carried out in double-double arithmetic, for the boxes of the Jacobian
// bound (jacobian_bound.h).
//
// Why: the Jacobian bound's derivatives are enclosed over boxes that must hold each
// node's exact value, and a running error bound grows by about sum |w| per layer: on
// ResNet-18 the f64 run's bound at the last layers is ~1e8 (u = 2^-53 times a growth of
// ~1e24), so its boxes decide no relu and bound no softmax. The same analysis with every
// value a pair of doubles (h + l, unevaluated) starts each operation's rounding at about
// u^2 = 2^-106 instead of u and ends ~1e-8 there.
//
// Arithmetic (enclosure.cpp has each derivation): TwoSum and fma's TwoProd are exact;
// every other rounding is bounded from the values it produced (|fl(x) - x| <= u |fl(x)|,
// plus 2^-1060 for a product that may underflow). exp, log, tanh and erf are evaluated in
// double only (within libm's error, as drift.h assumes): their results carry double
// precision, which is enough for boxes (the transformer's GELU and softmax; ResNet's only
// exp is its last softmax).
#pragma once

#include <vector>

#include "interp/error_bound.h"
#include "interp/interpreter.h"
#include "ir/graph.h"
#include "support/result.h"

namespace vf {

/// Runs g (its constants exact, its data inputs as `opts` gives or generates them) in
/// double-double and returns every node's value rounded to double with a bound `err` on its
/// distance to the exact value (the double-double's low part included); `local` is empty.
/// Costs a few times a f64 run_graph. Errors: those of run_graph; integer arithmetic.
Result<std::vector<BoundedTensor>> run_enclosure(const Graph& g, const RunOptions& opts);

}  // namespace vf
