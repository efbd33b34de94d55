// erf32.h — vfuse's error function in float32, the one thing the semantics means by erf in
// float: the f32 interpreter (transcendental.h's fn_eval<float>) and the emitted kernels
// (vfrt.h, whose emitted copy carries this file inline after exp32.h) compute it with the
// same operations, scalar and on vectors, so they agree bit for bit. vfuse's own rather
// than libm's erff for the reasons of exp32.h: libm's differs between machines and has no
// vector form here.
//
// Self-contained (the C++ standard library and exp32.h's exp2_normal), float arithmetic
// only, no FMA, and to be compiled with -ffp-contract=off (vfuse's builds and the emitted
// Makefile are).
//
// Method: erf is odd, so a = |x| (the sign bit cleared, put back at the end: rounding to
// nearest is symmetric, and -0 gives -0); from a = 3.9192059 on (the first float with
// erfc(a) <= 2^-25, so that erf rounds to 1 in float; +-inf included) the result is +-1,
// exactly where erf(x) rounds to +-1 (checked); below it, in float:
//   a < 0.875:  erf(a) = a + a Q(a^2), Q of degree 5 fitted to erf(a) / a - 1 on a^2 in
//               [0, 0.766] (error < 2^-25 relative to erf; fitted as exp32.h's P).
//               |Q| <= 0.13, so the roundings of a^2, Q and a Q move the result by a small
//               part of an ulp, and the last addition rounds once;
//   a >= 0.875: erf(a) = 1 - 2^p(a), p of degree 6 fitted to log2 erfc(a) on [0.875, 3.95]
//               with the weight erfc(a), so that 2^p is within 2^-28 of erfc(a) (0.04 ulp
//               of erf), and 2^p by exp2_normal (p in [-25.3, -2.2]). A relative error d of
//               2^p costs erfc(a) d <= 0.22 d in erf (>= 0.78): log2 erfc is well
//               conditioned here. The largest term is p's rounding in Horner form (about
//               3 ulps of p near -2.3, 2^-21.5 relative in 2^p: 0.8 ulp of erf at 0.875),
//               then the last subtraction (0.5 ulp);
// on vectors both branches are computed on every lane and one is selected, lane by lane
// (on GELU's arguments the lanes are mixed, and a test for some lane taking a branch cost
// more than it saved). Measured over every float (tests/unit/semantics/erf32_test.cpp,
// `make erf-exhaustive`): within 1.559 ulp of erf(x) (the worst just above 0.875; the
// tests assert 1.6), below the 4 ulps the error bounds assume of erf (transcendental.h's
// kFnUlps) and the 1.75 that codegen/f32_range_domain.h's widening of erf's range by
// kFnUlps floats needs. NaN: x + x (quiet).
#pragma once

#include <bit>
#include <cstdint>

#include "semantics/exp32.h"  // inlined into the emitted copy before this file

namespace vferf {

/// Below this |x| the small branch, from it the exponential one.
inline constexpr float kSplit = 0.875f;
/// From this |x| on (3.9192059, the first float with erfc(x) <= 2^-25) erf rounds to 1 in
/// float, and the result is +-1.
inline constexpr float kSat = 0x1.f5a88ap+1f;

/// erf(a) = a + a Q(a^2) for a float a in [0, 0.875), as the file comment
/// says. F is float or a GCC vector of floats.
template <class F>
[[gnu::always_inline]] inline F erf_small(F a) {
  const F t = a * a;
  F q = t * -0x1.453a9ap-11f + 0x1.49c9fap-8f;
  q = q * t + -0x1.b6f38ap-6f;
  q = q * t + 0x1.ce211ep-4f;
  q = q * t + -0x1.81270cp-2f;
  q = q * t + 0x1.06eba8p-3f;
  return a + a * q;
}

/// erf(a) = 1 - 2^p(a) for a float a in [0.875, kSat), as the file comment says. F is
/// float or a GCC vector of floats; I the int32 integer of the same shape.
template <class F, class I>
[[gnu::always_inline]] inline F erf_large(F a) {
  F p = a * 0x1.2e684ep-12f + -0x1.23661cp-8f;
  p = p * a + 0x1.08830cp-5f;
  p = p * a + -0x1.34059ep-3f;
  p = p * a + -0x1.d664d0p-1f;
  p = p * a + -0x1.a09036p+0f;
  p = p * a + -0x1.b44e12p-13f;
  return 1.f - vfexp::exp2_normal<F, I>(p);
}

/// erf(x) in float (the semantics' erf in the f32 domain).
inline float erf_f32(float x) {
  if (!(x == x)) return x + x;
  const uint32_t sign = std::bit_cast<uint32_t>(x) & 0x80000000u;
  const float a = std::bit_cast<float>(std::bit_cast<uint32_t>(x) ^ sign);
  const float e = a < kSplit ? erf_small(a) : (a < kSat ? erf_large<float, int32_t>(a) : 1.f);
  return std::bit_cast<float>(std::bit_cast<uint32_t>(e) ^ sign);
}

/// erf_f32 lane by lane with the same operations: V a GCC vector of floats, IV the vector
/// of as many int32s. Both branches on every lane, one selected (the file comment says
/// why).
template <class V, class IV>
[[gnu::always_inline]] inline V erf_f32_vec(V x) {
  const IV sign = std::bit_cast<IV>(x) & static_cast<int32_t>(0x80000000u);
  const V a = std::bit_cast<V>(std::bit_cast<IV>(x) ^ sign);
  V e = a < kSplit ? erf_small(a) : erf_large<V, IV>(a);
  e = a < kSat ? e : V{} + 1.f;  // also where a is beyond erf_large's range, inf included
  e = std::bit_cast<V>(std::bit_cast<IV>(e) ^ sign);
  return x == x ? e : x + x;
}

}  // namespace vferf
