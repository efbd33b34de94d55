// Directed rounding of bounds computed in double with the default round-to-nearest, for
// the drift bound (drift.cpp) and the running error bound (error_bound.cpp). If q = fl(x)
// for an exact x, then prev(q) <= x <= next(q) (rounding to nearest never crosses a
// neighbour), so applying up() to every computed upper bound and down() to every computed
// lower bound keeps them bounds. Internal to src/interp.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "semantics/transcendental.h"

namespace vf::interp_detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kMaxFinite = std::numeric_limits<double>::max();
inline constexpr double kDenormMin = std::numeric_limits<double>::denorm_min();

/// The unit roundoff of T (half the spacing at 1): 2^-24 for float, 2^-53 for double.
template <class T>
inline constexpr double kUnit = std::is_same_v<T, float> ? 0x1p-24 : 0x1p-53;

/// For x >= 0 (or +inf): a double >= next(x), the least double above x.
/// x normal, x = m 2^k with m in [1, 2): ulp(x) = 2^(k-52) and x 2^-52 = m ulp(x), so the
/// exact product x (1 + 2^-52) = x + m ulp(x) >= x + ulp(x) = next(x), and rounding to
/// nearest is monotone, so it stays >= next(x). x subnormal or 0: the product rounds back
/// to x (x 2^-52 is below half the spacing), and x + denorm_min = next(x) exactly.
/// Adding denorm_min to a normal value never lowers it.
inline double up(double x) { return x * (1 + 0x1p-52) + kDenormMin; }

/// For x >= 0: a double in [0, prev(x)] (0 when x is 0): by the mirror of up(), since
/// x (1 - 2^-52) = x - m ulp(x) <= x - ulp(x) <= prev(x) (below a power of two the
/// spacing halves, which only makes prev(x) larger).
inline double down(double x) { return std::max(0.0, x * (1 - 0x1p-52) - kDenormMin); }

/// Upper bounds of a + b, a * b, a / b and sqrt(a) for a, b >= 0 (b > 0 for the
/// division; a zero numerator or factor gives exactly 0, also against an infinite bound,
/// which stands for an unknown but finite quantity).
inline double add_up(double a, double b) { return up(a + b); }
inline double mul_up(double a, double b) { return a == 0 || b == 0 ? 0 : up(a * b); }
inline double div_up(double a, double b) { return a == 0 ? 0 : up(a / b); }
inline double sqrt_up(double a) { return up(std::sqrt(a)); }
/// A lower bound of sqrt(a), a >= 0 (IEEE sqrt is correctly rounded).
inline double sqrt_down(double a) { return down(std::sqrt(a)); }

/// Upper bounds of exp(x) and expm1(x) from libm. Assumed within 2 ulps of exact, i.e.
/// within 2^-51 relative; the factor 1 + 2^-48 leaves a margin of 8x on that.
inline double exp_up(double x) { return up(std::exp(x) * (1 + 0x1p-48)); }
inline double expm1_up(double x) { return up(std::expm1(x) * (1 + 0x1p-48)); }

/// An upper bound of |exp(X) - exp(x)| over all X with |X - x| <= e: exp(x) expm1(e)
/// (exp(X) in [exp(x) e^-e, exp(x) e^e]), and never more than exp(x + e), since both
/// values lie in [0, exp(x + e)]: the second keeps a far negative x (an attention mask's
/// -3.4e38, whose own rounding bound is ~1e31) at ~0 where the first is 0 * inf.
inline double exp_prop_up(double x, double e) {
  if (e == 0) return 0;
  const double a = mul_up(exp_up(x), expm1_up(e));
  const double b = exp_up(add_up(x, e));
  return std::min(a == a ? a : kInf, b == b ? b : kInf);
}

/// An upper bound of |f(X) - f(x)| over all X with |X - x| <= e, for a function of
/// semantics/transcendental.h (increasing, slope bounded by fn_slope_max): e times the
/// largest slope over [x - e, x + e] (that interval widened by an ulp each way; the slope
/// given a margin 2^-40 over libm's error), and never more than the width of f's range.
/// 0 when e is 0; +inf when the interval leaves f's domain or x is not finite.
inline double fn_prop_up(sem::Fn f, double x, double e) {
  if (e == 0) return 0;
  if (!std::isfinite(x) || !(e <= kMaxFinite)) return kInf;
  const double lo = std::nextafter(x - e, -kInf), hi = std::nextafter(x + e, kInf);
  const sem::FnRange r = sem::fn_range(f);
  const double width = up(r.hi - r.lo);
  if (!sem::fn_defined_on(f, lo)) return width;  // +inf for log
  const double s = sem::fn_slope_max(f, lo, hi);
  const double p = s == s ? mul_up(e, up(s * (1 + 0x1p-40))) : kInf;
  return std::min(p, width);
}

/// The error of storing the double x as the T value v = T(x): 0 when exact (also for
/// infinities, which are then the exact value too).
template <class T>
double conversion_error(double x, T v) {
  if (static_cast<double>(v) == x) return 0;
  const double e = up(std::abs(static_cast<double>(v) - x));
  return e <= kMaxFinite ? e : kInf;
}

}  // namespace vf::interp_detail
