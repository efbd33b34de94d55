// The transcendental functions a numeric domain provides besides exp (domain.h's
// `fn(Fn, x)`): which they are, libm's evaluation of each, and the facts about them the
// bounding domains read (their exact range, where they are defined, and a bound on their
// slope over an interval). Written once here so that every domain — the interpreter, the
// prover, the error bounds, the intervals — agrees on what each function is.
//
// Each function is non-decreasing on its domain:
//   log(x)    natural logarithm, defined for x > 0 (log 0 = -inf, x < 0: NaN in IEEE)
//   tanh(x)   hyperbolic tangent, values in (-1, 1)
//   erf(x)    the error function 2/sqrt(pi) int_0^x exp(-t^2) dt, values in (-1, 1)
//   round(x)  the nearest integer, ties to even (quantize's rounding: ONNX QuantizeLinear);
//             exact in IEEE (nearbyint in the default rounding mode), a step function, so
//             no bound on its slope
// Their evaluation (fn_eval): libm's, except erf and tanh in float, which are vfuse's own
// erf_f32 (erf32.h, within 1.6 ulp over every float) and tanh_f32 (tanh32.h, within
// 1.65 ulp over every float); the kernels compute those two the same bit for bit. libm's
// float and double versions of log, tanh and erf are assumed accurate to within 4 ulps
// (glibc documents at most 2 for all three on x86-64: docs/check.md); the bounds use that
// for every function, erf_f32 and tanh_f32 included (a margin over their 1.6 and 1.65,
// each checked over every float: `make erf-exhaustive`, `make tanh-exhaustive`).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#include "semantics/erf32.h"
#include "semantics/tanh32.h"

namespace vf::sem {

/// A transcendental function of domain.h's `fn`.
enum class Fn : uint8_t { Log, Tanh, Erf, Round };

/// Every function, in the enum's order.
inline constexpr Fn kAllFns[] = {Fn::Log, Fn::Tanh, Fn::Erf, Fn::Round};

/// The function's name, as in the IR and in SMT symbols (vf_<name>).
constexpr std::string_view fn_name(Fn f) {
  switch (f) {
    case Fn::Log: return "log";
    case Fn::Tanh: return "tanh";
    case Fn::Erf: return "erf";
    case Fn::Round: return "round";
  }
  return "?";
}

/// The value of f at x in T: libm's (float: logf), except erf and tanh in float: erf_f32,
/// tanh_f32.
template <class T>
T fn_eval(Fn f, T x) {
  switch (f) {
    case Fn::Log: return std::log(x);
    case Fn::Tanh:
      if constexpr (std::is_same_v<T, float>)
        return vftanh::tanh_f32(x);
      else
        return std::tanh(x);
    case Fn::Erf:
      if constexpr (std::is_same_v<T, float>)
        return vferf::erf_f32(x);
      else
        return std::erf(x);
    case Fn::Round: return std::nearbyint(x);
  }
  return x;
}

/// Accuracy assumed of f in float and in double, in ulps (see the file comment).
inline constexpr int kFnUlps = 4;

/// The closed interval the exact function's values lie in over the reals.
struct FnRange {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
};
/// f's range: [-1, 1] for tanh and erf, the whole line for log.
constexpr FnRange fn_range(Fn f) {
  if (f == Fn::Tanh || f == Fn::Erf) return {-1, 1};
  return {};
}

/// Whether the exact function is defined (finite) at every point of [lo, hi]: log needs
/// lo > 0; tanh and erf are defined everywhere.
constexpr bool fn_defined_on(Fn f, double lo) { return f != Fn::Log || lo > 0; }

/// An upper bound of |f'(t)| over t in [lo, hi] (lo <= hi, f defined there), computed with
/// libm to within a relative 2^-45 (callers add their margin): log' = 1/t is largest at
/// lo; tanh' = 1/cosh(t)^2 and erf' = 2/sqrt(pi) exp(-t^2) at the point nearest 0.
inline double fn_slope_max(Fn f, double lo, double hi) {
  const double m = lo > 0 ? lo : hi < 0 ? -hi : 0;  // |t| smallest over [lo, hi]
  switch (f) {
    case Fn::Log: return lo > 0 ? 1 / lo : std::numeric_limits<double>::infinity();
    case Fn::Tanh: {
      const double c = std::cosh(m);  // >= 1; +inf beyond ~710, where the slope is ~0
      return 1 / (c * c);
    }
    case Fn::Erf: return 1.1283791670955127 * std::exp(-(m * m) * (1 - 0x1p-52));
    case Fn::Round: break;  // a step: no slope bound
  }
  return std::numeric_limits<double>::infinity();
}

}  // namespace vf::sem
