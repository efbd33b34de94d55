// The reading of the semantics that bounds native results: each value is the set of
// float32 values that any evaluation of the expression may produce — a range [lo, hi] of
// floats (or ±inf), and whether NaN is possible — paired with the value the f64 reference
// interpreter computes for it. codegen/bound.cpp evaluates a conv / dense node's epilogue
// and activation in this domain (sem::eval_reduction: the semantics' own formulas, not a
// copy), starting from the range of every value the kernel's reassociated accumulator can
// take, and bounds |native - f64 interpreter| by the distance from the reference to the
// range's ends.
//
// Why the ranges are exact sets of float32 results, not enclosures of reals: the
// epilogue's operations run in float32 in the semantics' order, on float32 operands. For
// +, -, *, / and sqrt of floats, rounding the double result to float gives the float32
// result (double rounding is innocuous when 53 >= 2 * 24 + 2), and rounding is monotone;
// each operation is monotone in each operand on the ranges it is applied to here (division
// by a range without 0), so the float32 results of an operation on two ranges lie between
// the float32 results at the ranges' corners. Overflow, underflow and signed zeros
// follow from IEEE float32 arithmetic on the corners. exp (semantics/exp32.h's, within 1 ulp
// of e^x over every float, not proved monotone): its range is widened by two floats each
// way from the float nearest e^x at the ends, which covers any error below 1.5 ulps (the
// value at a point of the range is then at most 2 floats from that float, a binade
// boundary between them included). erf and tanh (erf32.h, tanh32.h, within 1.6 and 1.65
// ulps over every float, not proved monotone either) are widened by sem::kFnUlps = 4
// floats from their computed values at the ends, which covers errors below 1.75 ulps at
// both points (the worst case has a binade boundary between them). A comparison is known
// when every pair of values decides it the same way; otherwise select takes the union of both
// branches (the generic rule, which costs at most the branch gap at the threshold).
//
// The reference component is FloatDomain<double> applied to the same operands, so it is
// bit for bit what the f64 interpreter computes.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "semantics/domain.h"

namespace vf::codegen {

/// The float32 values an evaluation may produce, and the f64 reference's value.
struct F32Range {
  /// Every non-NaN float32 result lies in [lo, hi] (floats as doubles, or ±inf); lo > hi
  /// when no non-NaN result is possible.
  double lo = 0;
  double hi = 0;
  /// A NaN result is possible.
  bool nan = false;
  /// What the f64 interpreter computes (FloatDomain<double>, the same operations).
  double ref = 0;
};

/// A comparison: whether some evaluation gives true / false, and the reference's answer.
struct F32RangeBool {
  bool can_true = true;
  bool can_false = true;
  bool ref = false;
};

/// sem::Domain of F32Range values; see the file comment.
struct F32RangeDomain {
  using Value = F32Range;
  using Bool = F32RangeBool;
  static constexpr double kInf = std::numeric_limits<double>::infinity();

  /// x rounded to float32 (round to nearest, overflow to ±inf), as a double.
  static double f32(double x) { return static_cast<double>(static_cast<float>(x)); }
  /// The float `ulps` float32 ulps below / above float x.
  static double f32_down(double x, int ulps) {
    float f = static_cast<float>(x);
    for (int i = 0; i < ulps; ++i) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
    return f;
  }
  static double f32_up(double x, int ulps) { return -f32_down(-x, ulps); }
  /// Every float32 value and NaN.
  static F32Range anything(double ref) { return {-kInf, kInf, true, ref}; }
  /// A set of exactly the float32 values of the (double) range, from a reference value.
  static F32Range of_floats(double lo, double hi, bool nan, double ref) {
    return {lo, hi, nan, ref};
  }
  static bool empty(const F32Range& a) { return !(a.lo <= a.hi); }

  /// The float32 results of op on every pair of values of a and b, given the corner
  /// results (op monotone in each operand over the ranges): their hull; NaN possible when
  /// an operand may be NaN or a corner is NaN (inf - inf, 0 * inf, inf / inf).
  template <class Op>
  static F32Range corners(const F32Range& a, const F32Range& b, Op op, double ref) {
    F32Range r{kInf, -kInf, a.nan || b.nan, ref};
    if (empty(a) || empty(b)) return r;
    const double x[2] = {a.lo, a.hi}, y[2] = {b.lo, b.hi};
    for (double p : x)
      for (double q : y) {
        const double v = f32(op(p, q));
        if (std::isnan(v)) return anything(ref);  // the NaN corner hides which side is what
        r.lo = std::min(r.lo, v);
        r.hi = std::max(r.hi, v);
      }
    return r;
  }

  Value lit(double x) const {
    const double v = f32(x);
    return std::isnan(v) ? F32Range{kInf, -kInf, true, x} : F32Range{v, v, false, x};
  }
  Value add(Value a, Value b) const {
    return corners(
        a, b, [](double p, double q) { return p + q; }, a.ref + b.ref);
  }
  Value sub(Value a, Value b) const {
    // a - b is increasing in a and decreasing in b: the corners (a.lo, b.hi), (a.hi, b.lo).
    return corners(
        a, b, [](double p, double q) { return p - q; }, a.ref - b.ref);
  }
  Value mul(Value a, Value b) const {
    return corners(
        a, b, [](double p, double q) { return p * q; }, a.ref * b.ref);
  }
  Value div(Value a, Value b) const {
    if (!empty(b) && b.lo <= 0 && b.hi >= 0) return anything(a.ref / b.ref);  // / 0 possible
    return corners(
        a, b, [](double p, double q) { return p / q; }, a.ref / b.ref);
  }
  Value neg(Value a) const { return {-a.hi, -a.lo, a.nan, -a.ref}; }
  Value sqrt(Value a) const {
    F32Range r{kInf, -kInf, a.nan || (!empty(a) && a.lo < 0), std::sqrt(a.ref)};
    if (!empty(a) && a.hi >= 0)
      r.lo = f32(std::sqrt(std::max(a.lo, 0.0))), r.hi = f32(std::sqrt(a.hi));
    return r;
  }
  Value exp(Value a) const {
    // Exact at 0 and +-inf (C Annex F: exp(0) = 1, exp(-inf) = +0, exp(+inf) = +inf).
    auto exact = [](double x) { return x == 0 || std::isinf(x); };
    F32Range r{kInf, -kInf, a.nan, std::exp(a.ref)};
    if (!empty(a)) {
      r.lo = exact(a.lo) ? std::exp(a.lo) : std::max(0.0, f32_down(std::exp(a.lo), 2));
      r.hi = exact(a.hi) ? std::exp(a.hi) : f32_up(std::exp(a.hi), 2);
    }
    return r;
  }
  Value fn(sem::Fn f, Value a) const {
    // Increasing: the float f at the ends, widened by kFnUlps (the file comment), within f's
    // range. log of a negative value is NaN; log(+-0) = -inf exactly (C Annex F).
    const double ref = sem::fn_eval(f, a.ref);
    const bool neg_log = f == sem::Fn::Log && !empty(a) && a.lo < 0;
    F32Range r{kInf, -kInf, a.nan || neg_log, ref};
    if (empty(a) || (f == sem::Fn::Log && a.hi < 0)) return r;
    const sem::FnRange range = sem::fn_range(f);
    const double lo = f == sem::Fn::Log ? std::max(a.lo, 0.0) : a.lo;
    auto end = [&](double x, bool upper) {
      const double v = sem::fn_eval(f, static_cast<float>(x));
      if (std::isinf(x) || (f == sem::Fn::Log && x == 0)) return v;  // exact
      const double w = upper ? f32_up(v, sem::kFnUlps) : f32_down(v, sem::kFnUlps);
      return std::clamp(w, range.lo, range.hi);
    };
    r.lo = end(lo, false), r.hi = end(a.hi, true);
    return r;
  }
  Bool lt(Value a, Value b) const {
    // True for some pair when the smallest a is below the largest b; false for some pair
    // when the largest a is >= the smallest b, or when a NaN is possible.
    return {!empty(a) && !empty(b) && a.lo < b.hi,
            a.nan || b.nan || empty(a) || empty(b) || a.hi >= b.lo, a.ref < b.ref};
  }
  Bool le(Value a, Value b) const {
    return {!empty(a) && !empty(b) && a.lo <= b.hi,
            a.nan || b.nan || empty(a) || empty(b) || a.hi > b.lo, a.ref <= b.ref};
  }
  Value select(Bool c, Value a, Value b) const {
    const double ref = c.ref ? a.ref : b.ref;
    if (!c.can_false) return {a.lo, a.hi, a.nan, ref};
    if (!c.can_true) return {b.lo, b.hi, b.nan, ref};
    return {std::min(a.lo, b.lo), std::max(a.hi, b.hi), a.nan || b.nan, ref};
  }
};

static_assert(sem::Domain<F32RangeDomain>);

}  // namespace vf::codegen
