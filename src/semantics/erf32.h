// erf32.h — vfuse's error function in float32, the one thing the semantics means by erf in
// float: the f32 interpreter (transcendental.h's fn_eval<float>) and the emitted kernels
// (vfrt.h, whose emitted copy carries this file inline after exp32.h) compute it with the
// same operations, scalar and on vectors, so they agree bit for bit. vfuse's own rather
// than libm's erff for the reasons of exp32.h: libm's differs between machines and has no
// vector form here.
//
// Self-contained (the C++ standard library and exp32.h's exp_core), no FMA, and to be
// compiled with -ffp-contract=off (vfuse's builds and the emitted Makefile are).
//
// Method: erf is odd, so a = |x| (a NaN stays NaN, -0 stays -0), clamped to 4 (erf(4) is
// within 1.6e-8 of 1, below the 2^-25 that rounds to 1 in float: every |x| >= 3.8325 gives
// +-1 in float, +-inf included), then in double (every float a and a^2 exact):
//   a < 1.25:       erf(a) = a P(a^2), P of degree 9 fitted (Chebyshev, mpmath) to
//                   erf(sqrt t) / sqrt t on t in [0, 1.5625]: relative error < 1.3e-12;
//   1.25 <= a <= 4: erf(a) = 1 - e^(-a^2) Q(a - 2.625), Q of degree 13 fitted to
//                   erfcx(a) = e^(a^2) erfc(a): absolute error < 5.3e-11, so < 1.2e-11 in
//                   erf after the factor e^(-a^2) <= 0.21; e^(-a^2) is exp_core's, within
//                   3e-10 relative, times erfc(a) <= 0.077: < 2.4e-11 in erf (>= 0.92);
// both evaluated in Horner form (rounding < 1e-15 relative), the branch chosen by a < 1.25
// (on vectors the branches some lane takes are computed and one is selected, lane by lane),
// rounded once to float, and the sign put back (rounding to nearest is symmetric, so
// negating the float equals rounding the negated double). The double is within 4e-11 relative of erf(x), so the float is
// within 0.501 ulp of it (0.5 from the one rounding): below the 4 ulps the error bounds
// assume of erf (transcendental.h's kFnUlps), checked over every float by
// tests/unit/semantics/erf32_test.cpp. NaN: x + x (quiet).
#pragma once

#include <bit>
#include <cstdint>

#include "semantics/exp32.h"  // inlined into the emitted copy before this file

namespace vferf {

/// erf(a) = a P(a^2) in double for a float a in [0, 1.25) (-0 gives -0), as the file
/// comment says. D is double or a GCC vector of doubles.
template <class D>
[[gnu::always_inline]] inline D erf_small(D a) {
  const D t = a * a;
  D p = t * -0x1.5f7278d36666bp-24 + 0x1.79b954cf8ef24p-20;
  p = p * t + -0x1.e6fd4b20addedp-17;
  p = p * t + 0x1.f7c9736c4f9ebp-14;
  p = p * t + -0x1.c005f1ac39c8fp-11;
  p = p * t + 0x1.5659c0cbd1decp-8;
  p = p * t + -0x1.b82cc3e3bb317p-6;
  p = p * t + 0x1.ce2f20ae393a9p-4;
  p = p * t + -0x1.812746ad5cb10p-2;
  p = p * t + 0x1.20dd75042849ap+0;
  return a * p;
}

/// erf(a) = 1 - e^(-a^2) Q(a - 2.625) in double for a float a in [1.25, 4], as the file
/// comment says. D is double or a GCC vector of doubles; U the unsigned 64-bit integer of
/// the same shape.
template <class D, class U>
[[gnu::always_inline]] inline D erf_large(D a) {
  const D u = a - 2.625;
  D q = u * -0x1.0742175a972abp-26 + 0x1.1b266a0952dfep-24;
  q = q * u + -0x1.7bbb2245e391fp-23;
  q = q * u + 0x1.7f9db8c15e5e4p-21;
  q = q * u + -0x1.9dc8d09ca3a71p-19;
  q = q * u + 0x1.91edcc6a1e8f9p-17;
  q = q * u + -0x1.79c26e2e7f006p-15;
  q = q * u + 0x1.5bb6beb390946p-13;
  q = q * u + -0x1.36ea0fe519aaap-11;
  q = q * u + 0x1.0d412cbd18f39p-9;
  q = q * u + -0x1.c28dd1ee54dd5p-8;
  q = q * u + 0x1.6afd3997569aap-6;
  q = q * u + -0x1.18737afea1cadp-4;
  q = q * u + 0x1.9d7738e3390d1p-3;
  return 1.0 - vfexp::exp_core<D, U>(-(a * a)) * q;
}

/// erf(x) in float (the semantics' erf in the f32 domain).
inline float erf_f32(float x) {
  if (!(x == x)) return x + x;
  const float a = x < 0.f ? -x : x;
  const float c = 4.f < a ? 4.f : a;
  const double d = static_cast<double>(c);
  const float e = static_cast<float>(c < 1.25f ? erf_small(d) : erf_large<double, uint64_t>(d));
  return x < 0.f ? -e : e;
}

/// erf_f32 lane by lane with the same operations: V a GCC vector of floats, DV / UV the
/// vectors of as many doubles / uint64s. The branch is chosen and the sign put back on the
/// floats, as erf_f32 does: GCC makes a comparison of vectors wider than the target's
/// registers (DV is twice a float vector) lane by lane, which made erf_v 2.5 times slower.
/// Each branch is computed only when some lane takes it.
template <class V, class DV, class UV>
[[gnu::always_inline]] inline V erf_f32_vec(V x) {
  const V a = x < 0.f ? -x : x;
  const V c = 4.f < a ? V{} + 4.f : a;
  const DV d = __builtin_convertvector(c, DV);
  const auto small = c < 1.25f;  // int32 lanes, -1 where erf_small applies
  bool any_small = false, all_small = true;
  for (unsigned i = 0; i < sizeof(V) / sizeof(float); ++i)
    any_small |= small[i] != 0, all_small &= small[i] != 0;
  V e;
  if (all_small)
    e = __builtin_convertvector(erf_small(d), V);
  else if (!any_small)
    e = __builtin_convertvector(erf_large<DV, UV>(d), V);
  else
    e = small ? __builtin_convertvector(erf_small(d), V)
              : __builtin_convertvector(erf_large<DV, UV>(d), V);
  e = x < 0.f ? -e : e;
  return x == x ? e : x + x;
}

}  // namespace vferf
