// The drift reading of the semantics, for the bound a certificate states: how far the
// rewritten subgraph's output can move because its folded constants are float32
// roundings of their exact values. Each value is {lo, hi, err}: [lo, hi] contains both
// the value computed with the stored constants and the exact one, and err bounds their
// difference. Non-constant inputs enter as [-X, X] with err 0 (X is the input range the
// bound assumes), a folded constant as its stored value +- its certified error.
//
// Rules (a~ computed, a exact, |a~ - a| <= a.err, mag = largest |.| of the range, mig =
// smallest): add/sub add errors; mul: |a~b~ - ab| <= mag(a) b.err + mag(b) a.err; div:
// (a.err mag(b) + mag(a) b.err) / mig(b)^2, and nothing is known when the divisor's range
// holds 0; sqrt: min(sqrt(err), err / (2 sqrt(lo))); exp: exp(hi) (exp(err) - 1); log,
// tanh, erf: err times the function's largest slope over the range. A
// comparison is ambiguous when the exact and the computed values can fall on different
// sides (the difference's range meets [-e, e] with e > 0, e the sides' errors); select
// then adds the largest distance between the two branches' ranges, otherwise the
// branch's own error. Ranges round outward (interval_domain.h), errors upward with the same
// directed operations, which keep an exact 0 exact: a rewrite that folds nothing (or folds
// only exactly) has error 0 everywhere, its comparisons are never ambiguous, and its bound
// is 0.
#pragma once

#include <algorithm>
#include <cmath>

#include "rewrite/interval_domain.h"
#include "semantics/domain.h"

namespace vf::rewrite {

/// A range containing the exact and the computed value, and a bound on their distance.
struct RangeDrift {
  double lo = 0;
  double hi = 0;
  double err = 0;
};

/// A comparison of drifting values.
struct RangeDriftBool {
  bool can_true = true;
  bool can_false = true;
  /// The exact and the computed values may compare differently.
  bool ambiguous = false;
};

/// sem::Domain of RangeDrift values; see the file comment.
struct RangeDriftDomain {
  using Value = RangeDrift;
  using Bool = RangeDriftBool;
  using I = IntervalDomain;
  static constexpr double kInf = I::kInf;

  static double mag(const RangeDrift& a) { return std::max(std::fabs(a.lo), std::fabs(a.hi)); }
  static double mig(const RangeDrift& a) {
    if (a.lo <= 0 && a.hi >= 0) return 0;
    return std::min(std::fabs(a.lo), std::fabs(a.hi));
  }
  /// A value with range r and error bound err (already rounded upward; NaN: unknown).
  static RangeDrift make(Interval r, double err) {
    return {r.lo, r.hi, std::isnan(err) ? kInf : err};
  }
  /// |x - y| rounded upward.
  static double dist_up(double x, double y) {
    return std::max(std::fabs(I::sub_up(x, y)), std::fabs(I::sub_down(x, y)));
  }
  /// m * e rounded upward, 0 when e is (an exact product of anything finite and 0).
  static double scaled(double m, double e) { return e == 0 ? 0 : I::mul_up(m, e); }

  Value lit(double x) const { return {x, x, 0}; }
  Value add(Value a, Value b) const {
    return make(I{}.add({a.lo, a.hi}, {b.lo, b.hi}), I::add_up(a.err, b.err));
  }
  Value sub(Value a, Value b) const {
    return make(I{}.sub({a.lo, a.hi}, {b.lo, b.hi}), I::add_up(a.err, b.err));
  }
  Value mul(Value a, Value b) const {
    const double e = I::add_up(scaled(mag(b), a.err), scaled(mag(a), b.err));
    return make(I{}.mul({a.lo, a.hi}, {b.lo, b.hi}), e);
  }
  Value div(Value a, Value b) const {
    const double m = mig(b);
    if (m == 0) return {-kInf, kInf, kInf};
    const double num = I::add_up(scaled(mag(b), a.err), scaled(mag(a), b.err));
    const double e = num == 0 ? 0 : I::div_up(num, I::mul_down(m, m));
    return make(I{}.div({a.lo, a.hi}, {b.lo, b.hi}), e);
  }
  Value neg(Value a) const { return {-a.hi, -a.lo, a.err}; }
  Value sqrt(Value a) const {
    double e = 0;
    if (a.err != 0) {
      e = I::sqrt_up(a.err);
      if (a.lo > 0) e = std::min(e, I::div_up(a.err, I::mul_down(2, I::sqrt_down(a.lo))));
    }
    return make(I{}.sqrt({a.lo, a.hi}), e);
  }
  Value exp(Value a) const {
    // libm's exp and expm1 are not correctly rounded: a few ulps up each (as the interval).
    const double e =
        a.err == 0 ? 0 : I::mul_up(I::up(std::exp(a.hi), 4), I::up(std::expm1(a.err), 4));
    return make(I{}.exp({a.lo, a.hi}), e);
  }
  Value fn(sem::Fn f, Value a) const {
    // Both values lie in [lo, hi], where f's slope is at most s: |f(a~) - f(a)| <= s err.
    double e = 0;
    if (a.err != 0) {
      const double s = sem::fn_defined_on(f, a.lo) ? sem::fn_slope_max(f, a.lo, a.hi) : kInf;
      const sem::FnRange r = sem::fn_range(f);
      e = std::min(I::mul_up(a.err, I::up(s * (1 + 0x1p-40))), I::up(r.hi - r.lo));
    }
    return make(I{}.fn(f, {a.lo, a.hi}), e);
  }
  Bool lt(Value a, Value b) const { return compare(a, b, false); }
  Bool le(Value a, Value b) const { return compare(a, b, true); }
  Value select(Bool c, Value a, Value b) const {
    if (!c.can_false) return a;
    if (!c.can_true) return b;
    double e = std::max(a.err, b.err);
    if (c.ambiguous) e = I::add_up(e, std::max(dist_up(a.hi, b.lo), dist_up(b.hi, a.lo)));
    return make({std::min(a.lo, b.lo), std::max(a.hi, b.hi)}, e);
  }

 private:
  static Bool compare(Value a, Value b, bool or_equal) {
    const Interval d = I{}.sub({a.lo, a.hi}, {b.lo, b.hi});  // a - b
    const double e = I::add_up(a.err, b.err);
    Bool r;
    r.can_true = or_equal ? d.lo <= 0 : d.lo < 0;
    r.can_false = or_equal ? d.hi > 0 : d.hi >= 0;
    r.ambiguous = e > 0 && d.lo <= e && d.hi >= -e;
    return r;
  }
};

static_assert(sem::Domain<RangeDriftDomain>);

}  // namespace vf::rewrite
