// The enclosure reading of the semantics: every value is an interval [lo, hi] of
// doubles that contains the exact real value of the expression. Each operation rounds
// its bounds outward by one double ulp (std::nextafter), which covers the at most half
// an ulp of error of a correctly rounded IEEE operation; exp is not correctly rounded in
// libm and gets a few ulps more. A division by an interval that contains 0, or a square
// root of a negative interval, gives the whole line (nothing is known).
//
// The rewriter folds constants in double precision and rounds them to float32; this
// domain, evaluated over the same semantics, bounds how far each stored float32 value
// can be from the exact real value of its defining expression (docs/certificates.md).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cmath>
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
  static double down(double x, int ulps = 1) {
    for (int i = 0; i < ulps; ++i) x = next_down(x);
    return x;
  }
  static double up(double x, int ulps = 1) {
    for (int i = 0; i < ulps; ++i) x = next_up(x);
    return x;
  }
  static Interval whole() { return {-kInf, kInf}; }

  Value lit(double x) const { return {x, x}; }  // a double is an exact real
  Value add(Value a, Value b) const { return {down(a.lo + b.lo), up(a.hi + b.hi)}; }
  Value sub(Value a, Value b) const { return {down(a.lo - b.hi), up(a.hi - b.lo)}; }
  Value mul(Value a, Value b) const {
    const double p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    double lo = p[0], hi = p[0];
    for (double v : p) {
      if (std::isnan(v)) return whole();  // 0 * inf
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    return {down(lo), up(hi)};
  }
  Value div(Value a, Value b) const {
    if (b.lo <= 0 && b.hi >= 0) return whole();
    return mul(a, {down(1 / b.hi), up(1 / b.lo)});
  }
  Value neg(Value a) const { return {-a.hi, -a.lo}; }
  Value sqrt(Value a) const {
    if (a.hi < 0) return whole();
    return {std::max(0.0, down(std::sqrt(std::max(a.lo, 0.0)))), up(std::sqrt(a.hi))};
  }
  Value exp(Value a) const { return {std::max(0.0, down(std::exp(a.lo), 4)), up(std::exp(a.hi), 4)}; }
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
