// The enclosure reading of the semantics: every value is an interval [lo, hi] of
// doubles that contains the exact real value of the expression.
//
// Directed rounding, exact results kept exact. Each bound is computed by one IEEE double
// operation (round to nearest) and then moved outward only when that operation was
// inexact in the outward direction: the error of the rounded result r is known exactly
// (for a sum by TwoSum, for a product, a quotient or a square root by an FMA residual),
// so an upper bound stays r when the exact value is <= r and becomes next_up(r) otherwise
// (one ulp covers the at most half an ulp of a correctly rounded operation). So an exact
// operation on exact values — 0 + x, 1 * x, x - x, sums and products of values that are
// representable — keeps a point interval and an error of 0, and every bound is as tight
// as one rounding allows. Where the residual is not exactly representable (results near
// the underflow range, below 2^-960) or the result overflowed, the bound moves outward
// by one ulp unconditionally, as a correctly rounded operation never needs more.
// exp is not correctly rounded in libm and gets a few ulps more, except exp(0) = 1, which
// C (Annex F) requires exactly. A division by an interval that contains 0, or a square
// root of a negative interval, gives the whole line (nothing is known).
//
// The rewriter folds constants in double precision and rounds them to float32; this
// domain, evaluated over the same semantics, bounds how far each stored float32 value
// can be from the exact real value of its defining expression (docs/certificates.md).
// The drift reading (bound_domain.h) computes its error bounds with the same directed
// operations (add_up, mul_up, ...).
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "semantics/domain.h"

namespace vf::rewrite {

/// An interval [lo, hi] of reals, lo <= hi (both infinite when nothing is known).
struct Interval {
  double lo = 0;
  double hi = 0;
};

/// A comparison of intervals: whether it can be true, and whether it can be false.
struct MaybeBool {
  bool can_true = true;
  bool can_false = true;
};

/// sem::Domain of outward-rounded intervals; see the file comment.
struct IntervalDomain {
  using Value = Interval;
  using Bool = MaybeBool;

  static constexpr double kInf = std::numeric_limits<double>::infinity();
  /// Below this magnitude a product's, quotient's or square root's residual may not be
  /// representable (it could underflow), so its sign is not trusted there.
  static constexpr double kTiny = 0x1p-960;

  /// The next double above x (std::nextafter(x, +inf), without the libm call; the
  /// interval reading runs over every element of a model's folded weights).
  static double next_up(double x) {
    if (!(x < kInf)) return x;  // +inf, NaN
    if (x == 0) return std::numeric_limits<double>::denorm_min();
    uint64_t b = std::bit_cast<uint64_t>(x);
    b += x > 0 ? 1 : -1;
    return std::bit_cast<double>(b);
  }
  static double next_down(double x) { return -next_up(-x); }
  /// `ulps` doubles below / above x: for a result of unknown exactness (x may be the
  /// rounding of any real within half an ulp, so up(0) is the smallest denormal).
  static double down(double x, int ulps = 1) {
    for (int i = 0; i < ulps; ++i) x = next_down(x);
    return x;
  }
  static double up(double x, int ulps = 1) {
    for (int i = 0; i < ulps; ++i) x = next_up(x);
    return x;
  }

  /// The upper / lower bound of a rounded result r whose exact value is r + e, where
  /// `sign` is the sign of e (0: exact) or anything else when it is not known (NaN).
  static double above(double r, double sign) {
    if (sign == 0 || sign < 0) return r;  // exact, or the exact value is below r
    return next_up(r);                    // above r, or not known
  }
  static double below(double r, double sign) {
    if (sign == 0 || sign > 0) return r;
    return next_down(r);
  }
  /// The sign of (a + b) - fl(a + b) (TwoSum: exact for finite operands without overflow).
  static double add_error(double a, double b, double s) {
    if (!std::isfinite(s)) return std::numeric_limits<double>::quiet_NaN();
    const double bb = s - a;
    return (a - (s - bb)) + (b - bb);
  }
  /// The sign of a * b - fl(a * b), known when the residual is representable.
  static double mul_error(double a, double b, double p) {
    if (a == 0 || b == 0) return 0;  // p is a signed zero: exact (finite operands)
    if (!std::isfinite(p) || std::fabs(p) < kTiny) return std::numeric_limits<double>::quiet_NaN();
    return std::fma(a, b, -p);
  }
  /// The sign of a / b - fl(a / b): the residual a - q b has the sign of (a/b - q) b.
  static double div_error(double a, double b, double q) {
    if (a == 0 && b != 0 && std::isfinite(b)) return 0;
    if (!std::isfinite(q) || !std::isfinite(b) || std::fabs(a) < kTiny || std::fabs(q) < kTiny)
      return std::numeric_limits<double>::quiet_NaN();
    const double r = std::fma(-q, b, a);
    return b > 0 ? r : -r;
  }
  /// The sign of sqrt(a) - fl(sqrt(a)): that of a - s^2.
  static double sqrt_error(double a, double s) {
    if (a == 0) return 0;
    if (!std::isfinite(s) || a < kTiny) return std::numeric_limits<double>::quiet_NaN();
    return std::fma(-s, s, a);
  }

  /// Directed operations: the smallest double >= (up) or largest <= (down) the exact
  /// result that one rounding allows; the exact result itself when it is a double.
  static double add_up(double a, double b) {
    const double s = a + b;
    return above(s, add_error(a, b, s));
  }
  static double add_down(double a, double b) {
    const double s = a + b;
    return below(s, add_error(a, b, s));
  }
  static double sub_up(double a, double b) { return add_up(a, -b); }
  static double sub_down(double a, double b) { return add_down(a, -b); }
  static double mul_up(double a, double b) {
    const double p = a * b;
    return above(p, mul_error(a, b, p));
  }
  static double mul_down(double a, double b) {
    const double p = a * b;
    return below(p, mul_error(a, b, p));
  }
  static double div_up(double a, double b) {
    const double q = a / b;
    return above(q, div_error(a, b, q));
  }
  static double div_down(double a, double b) {
    const double q = a / b;
    return below(q, div_error(a, b, q));
  }
  /// gamma_n = n u / (1 - n u) (Higham 3.1), the factor bounding n roundings of unit
  /// roundoff u, rounded upward.
  static double gamma_up(double n, double u) {
    const double nu = mul_up(n, u);
    return div_up(nu, sub_down(1, nu));
  }
  static double sqrt_up(double a) {
    const double s = std::sqrt(a);
    return above(s, sqrt_error(a, s));
  }
  static double sqrt_down(double a) {
    const double s = std::sqrt(a);
    return below(s, sqrt_error(a, s));
  }

  static Interval whole() { return {-kInf, kInf}; }

  Value lit(double x) const { return {x, x}; }  // a double is an exact real
  Value add(Value a, Value b) const { return {add_down(a.lo, b.lo), add_up(a.hi, b.hi)}; }
  Value sub(Value a, Value b) const { return {sub_down(a.lo, b.hi), sub_up(a.hi, b.lo)}; }
  Value mul(Value a, Value b) const {
    // Points (the constants of a fold): the one product, rounded each way (mul_down, mul_up:
    // one product and one residual serve both) — what the corners below give, all four being
    // that product.
    if (a.lo == a.hi && b.lo == b.hi && std::isfinite(a.lo) && std::isfinite(b.lo)) {
      const double p = a.lo * b.lo, e = mul_error(a.lo, b.lo, p);
      return {below(p, e), above(p, e)};
    }
    // The extremes are at corners picked by the operands' signs (the classic case
    // table), so two directed products suffice; both operands straddling 0: four.
    const double al = a.lo, ah = a.hi, bl = b.lo, bh = b.hi;
    auto corners = [](double l1, double l2, double h1, double h2) -> Interval {
      if (std::isnan(l1 * l2) || std::isnan(h1 * h2)) return whole();  // 0 * inf
      return {mul_down(l1, l2), mul_up(h1, h2)};
    };
    if (al >= 0) {
      if (bl >= 0) return corners(al, bl, ah, bh);
      if (bh <= 0) return corners(ah, bl, al, bh);
      return corners(ah, bl, ah, bh);
    }
    if (ah <= 0) {
      if (bl >= 0) return corners(al, bh, ah, bl);
      if (bh <= 0) return corners(ah, bh, al, bl);
      return corners(al, bh, al, bl);
    }
    if (bl >= 0) return corners(al, bh, ah, bh);
    if (bh <= 0) return corners(ah, bl, al, bl);
    const Interval p = corners(al, bh, al, bl), q = corners(ah, bl, ah, bh);
    return {std::min(p.lo, q.lo), std::max(p.hi, q.hi)};
  }
  Value div(Value a, Value b) const {
    if (b.lo <= 0 && b.hi >= 0) return whole();
    // Points (a weight divided by a scalar): the one quotient, rounded each way (div_down,
    // div_up: one quotient and one residual serve both) — what the corners below give, all
    // four being that quotient.
    if (a.lo == a.hi && b.lo == b.hi && std::isfinite(a.lo) && std::isfinite(b.lo)) {
      const double q = a.lo / b.lo, e = div_error(a.lo, b.lo, q);
      return {below(q, e), above(q, e)};
    }
    // The quotient is monotone in each operand on these sign-definite divisors: its
    // extremes are at the corners, each rounded in its direction (one rounding each).
    const double x[2] = {a.lo, a.hi}, y[2] = {b.lo, b.hi};
    double lo = kInf, hi = -kInf;
    for (double p : x)
      for (double q : y) {
        if (std::isnan(p / q)) return whole();  // inf / inf
        lo = std::min(lo, div_down(p, q));
        hi = std::max(hi, div_up(p, q));
      }
    return {lo, hi};
  }
  Value neg(Value a) const { return {-a.hi, -a.lo}; }
  Value sqrt(Value a) const {
    if (a.hi < 0) return whole();
    return {std::max(0.0, sqrt_down(std::max(a.lo, 0.0))), sqrt_up(a.hi)};
  }
  Value exp(Value a) const {
    auto lo = [](double x) { return x == 0 ? 1.0 : std::max(0.0, down(std::exp(x), 4)); };
    auto hi = [](double x) { return x == 0 ? 1.0 : up(std::exp(x), 4); };
    return {lo(a.lo), hi(a.hi)};
  }
  /// log, tanh, erf: increasing, so libm's value at the ends moved out by its ulps,
  /// within the function's range; log of an interval reaching 0 or below: the whole line.
  Value fn(sem::Fn f, Value a) const {
    if (!sem::fn_defined_on(f, a.lo)) return whole();
    const sem::FnRange r = sem::fn_range(f);
    auto lo = [&](double x) { return x == 0 ? 0.0 : down(sem::fn_eval(f, x), sem::kFnUlps); };
    auto hi = [&](double x) { return x == 0 ? 0.0 : up(sem::fn_eval(f, x), sem::kFnUlps); };
    return {std::max(r.lo, lo(a.lo)), std::min(r.hi, hi(a.hi))};
  }
  Bool lt(Value a, Value b) const { return {a.lo < b.hi, a.hi >= b.lo}; }
  Bool le(Value a, Value b) const { return {a.lo <= b.hi, a.hi > b.lo}; }
  Value select(Bool c, Value a, Value b) const {
    if (!c.can_false) return a;
    if (!c.can_true) return b;
    return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
  }
};

static_assert(sem::Domain<IntervalDomain>);

}  // namespace vf::rewrite
