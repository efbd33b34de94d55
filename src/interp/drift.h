// The drift-bound reading of the semantics: the interpreter's computation, carried out
// exactly as run_graph does it, together with a rigorous bound on how far each computed
// value can be from the exact real value of the original (un-rewritten) program.
//
// Why: a certified rewrite is proved equal to its source over the reals, but the graph it
// leaves behind computes in float32, and the constants it folded are stored rounded. The
// drift bound turns "equal over the reals" into a statement about the numbers a run
// produces:
//   - for a rewritten graph run on the same inputs as the original,
//       |rewritten output computed in T - original output, exact| <= bound;
//   - to compare two runs that are both computed in T (the original and the rewritten
//     graph), bound(rewritten) + bound(original) bounds |rewritten_T - original_T|
//     (the triangle inequality through the common exact value).
// The exact program is the graph read over the reals, with every leaf, literal and
// attribute at its value as a double, except that each folded constant takes its exact
// value, assumed within the CertifiedGraph's constant error of the stored one. For a
// rewritten graph the rewrite certificates in its log relate that program to the original
// one (equal over the reals for an exact rewrite; a record's own `bound`, if nonzero, is
// not included here). The exact program is assumed defined: every sqrt argument's exact
// value is >= 0 (over the reals, sqrt of a negative has no value). Divisions need no such
// assumption: a divisor whose exact value may be 0 gives an infinite bound. A value that
// overflows (or is NaN) gets an infinite bound.
//
// Limits: the bound is a worst case per element, without cancellation
// between the errors of a sum's terms. Through a conv or dense layer it grows by about
// the sum of |weights| of an output (tens for ResNet layers), so it compounds with depth:
// on ResNet-18 in f64 it reaches ~1e-7 after 8 convs and exceeds the values after ~16,
// and a softmax over values that uncertain then gets +inf. It is tight for one layer and
// useful for shallow graphs and for the few nodes a rewrite changes.
//
// Assumptions about the machine: IEEE binary32/binary64 with round-to-nearest, no
// contraction into FMA and no excess precision (the build's flags), add/sub/mul/div/sqrt
// correctly rounded, and the semantics' exp (float: semantics/exp32.h, within 1 ulp over
// every float; double: libm's) and libm's expm1 (double) within 2 ulps of exact, a margin
// over what is checked / glibc documents (1 ulp); log, tanh and erf within
// sem::kFnUlps = 4 (glibc: at most 2; float erf and tanh, erf32.h and tanh32.h: 1.6 and
// 1.65 over every float).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "ir/certified_graph.h"
#include "ir/tensor.h"
#include "semantics/domain.h"
#include "support/result.h"

namespace vf {

/// Arithmetic in T (float or double) with a bound on the distance to the exact value. The
/// value `v` is what FloatDomain<T> computes (the same operation on the same operands, so
/// run_with_drift's values are bit-identical to run_graph's); `err` >= |v - exact|, where
/// exact is the value the operation has over the reals on the operands' exact values.
/// Each rule's derivation is in drift.cpp. Bounds are computed in double and rounded
/// upward at every step, so the double arithmetic of the bound never lowers it.
template <class T>
struct DriftDomain {
  /// A computed value and a bound on its distance to the exact one.
  struct Value {
    T v = 0;
    double err = 0;
  };
  /// A computed comparison, and whether the exact operands surely compare the same way.
  struct Bool {
    bool v = false;
    bool certain = true;
  };
  /// x rounded to T; err is the rounding (0 for a double run).
  Value lit(double x) const;
  /// err: a.err + b.err + the rounding of the sum.
  Value add(Value a, Value b) const;
  /// err: a.err + b.err + the rounding of the difference.
  Value sub(Value a, Value b) const;
  /// err: |a.v| b.err + mag(b) a.err + rounding, mag(x) = |x.v| + x.err.
  Value mul(Value a, Value b) const;
  /// err: a.err / mig(b) + |a.v| b.err / (|b.v| mig(b)) + rounding, mig(b) = |b.v| - b.err;
  /// infinite when mig(b) <= 0 (the exact divisor may be 0).
  Value div(Value a, Value b) const;
  /// Exact: err = a.err.
  Value neg(Value a) const;
  /// err: min(a.err / (sqrt(a.v) + sqrt(max(a.v - a.err, 0))), sqrt(a.err)) + rounding.
  Value sqrt(Value a) const;
  /// err: exp(a.v) expm1(a.err) + rounding of the semantics' exp (2 ulps).
  Value exp(Value a) const;
  /// err: fn_prop_up (directed.h: e_a times f's largest slope within e_a of a.v) +
  /// rounding of libm's f (sem::kFnUlps ulps).
  Value fn(sem::Fn f, Value a) const;
  /// a.v < b.v; uncertain when |a.v - b.v| <= a.err + b.err and an err is nonzero.
  Bool lt(Value a, Value b) const;
  /// a.v <= b.v; certainty as for lt.
  Bool le(Value a, Value b) const;
  /// c.v ? a : b. When c is uncertain the exact program may take the other branch, so
  /// err = max(chosen.err, |chosen.v - other.v| + other.err).
  Value select(Bool c, Value a, Value b) const;
};

extern template struct DriftDomain<float>;
extern template struct DriftDomain<double>;
static_assert(sem::Domain<DriftDomain<float>>);
static_assert(sem::Domain<DriftDomain<double>>);

/// One output of a drift run.
struct DriftOutput {
  Tensor value;  ///< bit-identical to run_graph's output (f32 or f64 per the precision)
  Tensor bound;  ///< f64, the output's shape: per element, >= |value - exact value|
};

/// Runs `g` like run_graph (same inputs, same precision: F32 in DriftDomain<float>, F64
/// in DriftDomain<double>) and returns each output with its drift bound. Each constant in
/// g.constant_errors() starts with that error; every other leaf starts with the error of
/// its conversion to T (0 for f32 data). Takes about 20 times as long as run_graph.
/// Errors: those of run_graph.
Result<std::vector<DriftOutput>> run_with_drift(const CertifiedGraph& g, const RunOptions& opts);

/// As above, with the constants named in `extra_constant_errors` (f64 tensors of the
/// constant's shape, elements >= 0) also off by up to those errors (added to any error
/// the graph certifies). The bound then holds for every exact program whose constants lie
/// within their errors of the stored values. Extra errors can only widen a bound, so this
/// entry point does not open the trust boundary: it states "what if these constants were
/// inexact" (a sensitivity question, and how the tests check the bound's soundness on an
/// unrewritten graph) without claiming any rewrite. Errors: those of run_graph, and an
/// extra error that names no constant or has the wrong type.
Result<std::vector<DriftOutput>> run_with_drift(
    const CertifiedGraph& g, const RunOptions& opts,
    const std::map<std::string, Tensor>& extra_constant_errors);

}  // namespace vf
