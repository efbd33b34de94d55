// tanh32.h — vfuse's hyperbolic tangent in float32, the one thing the semantics means by tanh
// in float: the f32 interpreter (transcendental.h's fn_eval<float>) and the emitted kernels
// (vfrt.h, whose emitted copy carries this file inline after exp32.h) compute it with the
// same operations, scalar and on vectors, so they agree bit for bit. vfuse's own rather
// than libm's tanhf for the reasons of exp32.h: libm's differs between machines and has no
// vector form here (GPT-2's tanh-form GELU ran tanhf lane by lane at 0.4 GFLOP/s).
//
// Self-contained (the C++ standard library and exp32.h's exp2_normal), float arithmetic
// only, no FMA, and to be compiled with -ffp-contract=off (vfuse's builds and the emitted
// Makefile are).
//
// Method: tanh is odd, so a = |x| (the sign bit cleared, put back at the end: rounding to
// nearest is symmetric, and -0 gives -0), clamped to 9.5 (1 - tanh(9.5) = 1.1e-8 is below
// the 2^-25 under which tanh rounds to 1 in float: every |x| >= 9.011 gives +-1 in float,
// +-inf included), then in float:
//   a < 0.625:  tanh(a) = a + a (a^2 R(a^2)), R of degree 5 fitted to (tanh(a) / a - 1) /
//               a^2 on a^2 in [0, 0.39] (error < 2^-28 relative to tanh; fitted as exp32.h's
//               P). |a^2 R| <= 0.12, so the roundings of every term but the last addition
//               move the result by a small part of an ulp, and the last addition rounds
//               once;
//   a >= 0.625: tanh(a) = 1 - 2 / (E + 1), E = 2^(a 2 log2 e) by exp32.h's exp2_normal. A
//               relative error d of E moves 2 / (E + 1) by 2 E / (E + 1)^2 d <= 0.34 d
//               against tanh(a) >= 0.55: the product a 2 log2 e (0.24 ulp of tanh at 0.64),
//               2^f (0.27) and E + 1 (0.38) round, then the division (0.25) and the
//               subtraction (0.5): about 1.6 ulp at worst, just above 0.625, less as a
//               grows (E's error counts 2 / E);
// on vectors both branches are computed on every lane and one is selected, lane by lane
// (on GELU's arguments the lanes are mixed, and a test for some lane taking a branch cost
// more than it saved). Measured over every float (tests/unit/semantics/tanh32_test.cpp,
// `make tanh-exhaustive`): within 1.597 ulp of tanh(x) (the tests assert 1.65), below
// the 4 ulps the error bounds assume of tanh (transcendental.h's kFnUlps) and the 1.75 that
// codegen/f32_range_domain.h's widening of tanh's range by kFnUlps floats needs. NaN: x + x
// (quiet).
#pragma once

#include <bit>
#include <cstdint>

#include "semantics/exp32.h"  // inlined into the emitted copy before this file

namespace vftanh {

/// Below this |x| the polynomial, from it the exponential.
inline constexpr float kSplit = 0.625f;
/// |x| clamped to this: tanh rounds to 1 in float from 9.011.
inline constexpr float kClamp = 9.5f;

/// tanh(a) = a + a (a^2 R(a^2)) for a float a in [0, 0.625), as the file
/// comment says. F is float or a GCC vector of floats.
template <class F>
[[gnu::always_inline]] inline F tanh_small(F a) {
  const F t = a * a;
  F q = t * 0x1.18e1bcp-9f + -0x1.0bf4f4p-7f;
  q = q * t + 0x1.638b56p-6f;
  q = q * t + -0x1.b9ee90p-5f;
  q = q * t + 0x1.111066p-3f;
  q = q * t + -0x1.555554p-2f;
  return a + a * (t * q);
}

/// tanh(a) = 1 - 2 / (e^(2a) + 1) for a float a in [0.625, 9.5], as the file comment says.
/// F is float or a GCC vector of floats; I the int32 integer of the same shape.
template <class F, class I>
[[gnu::always_inline]] inline F tanh_large(F a) {
  return 1.f - 2.f / (vfexp::exp2_normal<F, I>(a * 0x1.715476p1f) + 1.f);
}

/// tanh(x) in float (the semantics' tanh in the f32 domain).
inline float tanh_f32(float x) {
  if (!(x == x)) return x + x;
  const uint32_t sign = std::bit_cast<uint32_t>(x) & 0x80000000u;
  const float a = std::bit_cast<float>(std::bit_cast<uint32_t>(x) ^ sign);
  const float c = a < kClamp ? a : kClamp;
  const float e = c < kSplit ? tanh_small(c) : tanh_large<float, int32_t>(c);
  return std::bit_cast<float>(std::bit_cast<uint32_t>(e) ^ sign);
}

/// tanh_f32 lane by lane with the same operations: V a GCC vector of floats, IV the vector
/// of as many int32s. Both branches on every lane, one selected (the file comment says
/// why).
template <class V, class IV>
[[gnu::always_inline]] inline V tanh_f32_vec(V x) {
  const IV sign = std::bit_cast<IV>(x) & static_cast<int32_t>(0x80000000u);
  const V a = std::bit_cast<V>(std::bit_cast<IV>(x) ^ sign);
  const V c = a < kClamp ? a : V{} + kClamp;
  V e = tanh_small(c);
  const IV large = c >= kSplit;  // -1 where tanh_large applies
  e = large ? tanh_large<V, IV>(c) : e;
  e = std::bit_cast<V>(std::bit_cast<IV>(e) ^ sign);
  return x == x ? e : x + x;
}

}  // namespace vftanh
