// tanh32.h — vfuse's hyperbolic tangent in float32, the one thing the semantics means by tanh
// in float: the f32 interpreter (transcendental.h's fn_eval<float>) and the emitted kernels
// (vfrt.h, whose emitted copy carries this file inline after exp32.h) compute it with the
// same operations, scalar and on vectors, so they agree bit for bit. vfuse's own rather
// than libm's tanhf for the reasons of exp32.h: libm's differs between machines and has no
// vector form here (GPT-2's tanh-form GELU ran tanhf lane by lane at 0.4 GFLOP/s).
//
// Self-contained (the C++ standard library and exp32.h's exp_core), no FMA, and to be
// compiled with -ffp-contract=off (vfuse's builds and the emitted Makefile are).
//
// Method: tanh is odd, so a = |x| (a NaN stays NaN, -0 stays -0), clamped to 9.5 (1 -
// tanh(9.5) = 1.1e-8 is below the 2^-25 under which tanh rounds to 1 in float: every |x| >=
// 9.011 gives +-1 in float, +-inf included), then in double (every float a and a^2 exact):
//   a < 0.5:        tanh(a) = a P(a^2), P of degree 7 fitted (Chebyshev, mpmath) to
//                   tanh(sqrt t) / sqrt t on t in [0, 0.25]: relative error < 2.1e-13;
//   0.5 <= a <= 9.5: tanh(a) = 1 - 2 / (e^(2a) + 1), e^(2a) exp_core's, within 3e-10
//                   relative: 2 / (e^(2a) + 1) <= 0.76 then has an absolute error below
//                   2.3e-10, and tanh(a) >= 0.46, so the result is within 5e-10 relative;
// P in Horner form (rounding < 1e-15 relative), the branch chosen by a < 0.5 (on vectors
// the branches some lane takes are computed and one is selected, lane by lane), rounded
// once to float, and the sign put back (rounding to nearest is symmetric). The double is
// within 5e-10 relative of tanh(x), so the float is within 0.51 ulp of it (0.5 from the one
// rounding; the worst, just above the branch point, where the ulp of tanh is smallest
// against exp_core's error), below the 4 ulps the error bounds assume of tanh
// (transcendental.h's kFnUlps), checked over every float by
// tests/unit/semantics/tanh32_test.cpp (`make tanh-exhaustive`). NaN: x + x (quiet).
#pragma once

#include <bit>
#include <cstdint>

#include "semantics/exp32.h"  // inlined into the emitted copy before this file

namespace vftanh {

/// tanh(a) = a P(a^2) in double for a float a in [0, 0.5) (-0 gives -0), as the file
/// comment says. D is double or a GCC vector of doubles.
template <class D>
[[gnu::always_inline]] inline D tanh_small(D a) {
  const D t = a * a;
  D p = t * -0x1.0235d5dea12fbp-10 + 0x1.bfa8cf548b361p-9;
  p = p * t + -0x1.21406644cabeap-7;
  p = p * t + 0x1.663dfb00afd78p-6;
  p = p * t + -0x1.ba1b16a0aac88p-5;
  p = p * t + 0x1.11110ffd09947p-3;
  p = p * t + -0x1.55555553b2684p-2;
  p = p * t + 0x1.ffffffffff976p-1;
  return a * p;
}

/// tanh(a) = 1 - 2 / (e^(2a) + 1) in double for a float a in [0.5, 9.5], as the file
/// comment says. D is double or a GCC vector of doubles; U the unsigned 64-bit integer of
/// the same shape.
template <class D, class U>
[[gnu::always_inline]] inline D tanh_large(D a) {
  return 1.0 - 2.0 / (vfexp::exp_core<D, U>(a + a) + 1.0);
}

/// tanh(x) in float (the semantics' tanh in the f32 domain).
inline float tanh_f32(float x) {
  if (!(x == x)) return x + x;
  const float a = x < 0.f ? -x : x;
  const float c = 9.5f < a ? 9.5f : a;
  const double d = static_cast<double>(c);
  const float e = static_cast<float>(c < 0.5f ? tanh_small(d) : tanh_large<double, uint64_t>(d));
  return x < 0.f ? -e : e;
}

/// tanh_f32 lane by lane with the same operations: V a GCC vector of floats, DV / UV the
/// vectors of as many doubles / uint64s. The branch is chosen and the sign put back on the
/// floats, as tanh_f32 does (GCC makes a comparison of vectors wider than the target's
/// registers, as DV is, lane by lane); each branch is computed only when some lane takes
/// it.
template <class V, class DV, class UV>
[[gnu::always_inline]] inline V tanh_f32_vec(V x) {
  const V a = x < 0.f ? -x : x;
  const V c = 9.5f < a ? V{} + 9.5f : a;
  const DV d = __builtin_convertvector(c, DV);
  const auto small = c < 0.5f;  // int32 lanes, -1 where tanh_small applies
  bool any_small = false, all_small = true;
  for (unsigned i = 0; i < sizeof(V) / sizeof(float); ++i)
    any_small |= small[i] != 0, all_small &= small[i] != 0;
  V e;
  if (all_small)
    e = __builtin_convertvector(tanh_small(d), V);
  else if (!any_small)
    e = __builtin_convertvector(tanh_large<DV, UV>(d), V);
  else
    e = small ? __builtin_convertvector(tanh_small(d), V)
              : __builtin_convertvector(tanh_large<DV, UV>(d), V);
  e = x < 0.f ? -e : e;
  return x == x ? e : x + x;
}

}  // namespace vftanh
