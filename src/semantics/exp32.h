// exp32.h — vfuse's exponential in float32, the one thing the semantics means by exp in
// float: the f32 interpreter (domain.h's FloatDomain<float>) and the emitted kernels
// (vfrt.h, whose emitted copy carries this file inline) compute it with the same
// operations, scalar and on vectors, so they agree bit for bit. It is vfuse's own rather
// than libm's expf because libm's differs between machines (glibc picks an FMA or a
// non-FMA variant at run time) and has no vector form here.
//
// Self-contained (the C++ standard library only), float arithmetic only (no double: 16
// float lanes stay one AVX-512 vector), no FMA (the same bits on machines without it), and
// to be compiled with -ffp-contract=off (vfuse's builds and the emitted Makefile are).
//
// Method: x clamped to [-104, 89] (e^-104 < 2^-150 rounds to 0 in float, e^89 to +inf),
// then in float:
//   k = round(x log2 e): t = x log2 e + (1.5 * 2^23 + 254) rounds to an integer, whose
//       last bits are k + 254 (k in [-150, 128]); k = t - (1.5 * 2^23 + 254);
//   r = (x - k L1) - k L2, L1 + L2 ~ ln 2 (Cody-Waite): L1 has 15 significant bits, so
//       k L1 is exact and so is x - k L1 (the two are within a factor 2 of each other, or
//       k = 0); k L2 and the second subtraction round: |r| <= ln 2 / 2 + 2^-17, within
//       2^-24 |r| + 2^-35 of x - k ln 2;
//   e^r = 1 + (r + r^2 P(r)), P of degree 4 fitted to (e^r - 1 - r) / r^2 (weighted least
//       squares in double, iterated towards minimax; each coefficient rounded to float from
//       the highest, the rest refitted): relative error < 2^-28;
//   e^x = (e^r 2^k1) 2^k2, k1 = floor(k / 2), k2 = k - k1, each 2^ki a normal float built
//       from t's bits: the first product is exact, the second rounds once (exact unless
//       the result is subnormal or overflows), so a subnormal result is within half its
//       spacing of e^r 2^k, not rounded twice.
// Error, in ulps of the result: 0.5 from 1 + (...), <= 0.36 from rounding r + r^2 P, <= 0.25
// from r's error, <= 0.2 from r^2 P's roundings (a term <= 0.066), 0.06 from P: about 1.4
// at worst; measured over every float (tests/unit/semantics/exp32_test.cpp, `make
// exp-exhaustive`): at most 0.977 ulp (the tests assert 1), below the 2 ulps the error
// bounds assume (interp/error_bound.cpp, drift.h) and the 1.5 that codegen/f32_range_domain.h's
// widening of exp's range by two floats needs. NaN: x + x (quiet).
//
// exp2_normal (2^y for y in [-126, 127], no clamp, one scaling) is the same scheme in base
// 2, for erf32.h and tanh32.h: y - round(y) is exact, so it needs no Cody-Waite step.
#pragma once

#include <bit>
#include <cstdint>

namespace vfexp {

inline constexpr float kLog2e = 0x1.715476p0f;
inline constexpr float kLn2Hi = 0x1.62e400p-1f;   // 15 significant bits: k kLn2Hi exact
inline constexpr float kLn2Lo = 0x1.7f7d1cp-20f;  // ln 2 - kLn2Hi, rounded

/// e^r for |r| <= ln 2 / 2 + 2^-17: 1 + (r + r^2 P(r)), as the file comment says. F is
/// float or a GCC vector of floats.
template <class F>
[[gnu::always_inline]] inline F exp_reduced(F r) {
  F p = r * 0x1.6a2412p-10f + 0x1.1239f6p-7f;
  p = p * r + 0x1.5558f2p-5f;
  p = p * r + 0x1.555492p-3f;
  p = p * r + 0x1.fffffcp-2f;
  return 1.f + (r + (r * r) * p);
}

/// 2^f for |f| <= 1/2: 1 + f Q(f), Q of degree 5 fitted as P. F is float or a GCC vector
/// of floats.
template <class F>
[[gnu::always_inline]] inline F exp2_reduced(F f) {
  F q = f * 0x1.41fbacp-13f + 0x1.5f3e6ap-10f;
  q = q * f + 0x1.3b2d4ep-7f;
  q = q * f + 0x1.c6aee8p-5f;
  q = q * f + 0x1.ebfbdcp-3f;
  q = q * f + 0x1.62e430p-1f;
  return 1.f + f * q;
}

/// 2^y for y in [-126, 127], rounded to nearest: 2^(y - k) 2^k with k = round(y) (y - k
/// exact), one scaling. F is float or a GCC vector of floats; I the int32 integer of the
/// same shape. erf32.h and tanh32.h call it (their arguments are in range).
template <class F, class I>
[[gnu::always_inline]] inline F exp2_normal(F y) {
  const F t = y + (0x1.8p23f + 127);
  const F k = t - (0x1.8p23f + 127);
  // t's bits << 23 are (k + 127) << 23, the bits of 2^k (1.5 * 2^23's shift out).
  return exp2_reduced(y - k) * std::bit_cast<F>(std::bit_cast<I>(t) << 23);
}

/// e^x for x in [-104, 89], as the file comment says. F is float or a GCC vector of floats;
/// I the int32 integer of the same shape.
/// t = x log2 e + (1.5 * 2^23 + 254), whose bits are 0x4b400000 + k + 254, and e = e^r.
template <class F>
[[gnu::always_inline]] inline F exp_reduce(F x, F& t) {
  t = x * kLog2e + (0x1.8p23f + 254);
  const F k = t - (0x1.8p23f + 254);
  return exp_reduced((x - k * kLn2Hi) - k * kLn2Lo);
}

template <class F, class I>
[[gnu::always_inline]] inline F exp_core(F x) {
  F t;
  const F e = exp_reduce(x, t);
  // t's bits are 0x4b400000 + b, b = k + 254 in [104, 382]; h = t's bits >> 1 are
  // 0x25a00000 + floor(b / 2), so h << 23 are the bits of 2^k1 (k1 = floor(k / 2), as
  // floor(b / 2) = k1 + 127) and (t's bits - h) << 23 those of 2^k2, k2 = k - k1 (the
  // constants' bits shift out).
  const I tb = std::bit_cast<I>(t);
  const I h = tb >> 1;
  return e * std::bit_cast<F>(h << 23) * std::bit_cast<F>((tb - h) << 23);
}

/// exp_core's value bit for bit, e^r 2^k rounded once, with no subnormal operand or
/// result in any float operation (a multiply that produces a subnormal or underflows
/// takes a slow path on x86: softmax over a masked row, whose masked lanes are clamped to
/// -104, ran 3x slower). Where e^r 2^k is a normal float or overflows (biased exponent
/// ef = e's + k >= 1) it is exp_core's product (k = 0 in the other lanes, whose product is
/// discarded). Where it is subnormal or 0, the product
/// m = e^r 2^(k + 126) is exact and normal (k >= -150, e^r >= 0.7), and m + 1 rounds m
/// once to a multiple of 2^-23 (ties to even), m's multiple of 2^-23 being e^r 2^k's of
/// 2^-149: the bits of m + 1 less those of 1 are the subnormal's bits (2^23 when it
/// rounds up to 2^-126: the smallest normal's). Lanes where a branch is not taken compute
/// a value that is discarded (an infinite or NaN m where k + 253 > 254).
template <class F, class I>
[[gnu::always_inline]] inline F exp_core_subnormal_safe(F x) {
  F t;
  const F e = exp_reduce(x, t);
  const I tb = std::bit_cast<I>(t);
  const I ki = tb - (0x4b400000 + 254);
  const I ef = (std::bit_cast<I>(e) >> 23) + ki;
  const I tn = ef < 1 ? I{} + (0x4b400000 + 254) : tb;  // k = 0 where discarded
  const I h = tn >> 1;
  const F normal = e * std::bit_cast<F>(h << 23) * std::bit_cast<F>((tn - h) << 23);
  const F m = e * std::bit_cast<F>((ki + 253) << 23);
  const F sub = std::bit_cast<F>(std::bit_cast<I>(m + 1.f) - 0x3f800000);
  return ef < 1 ? sub : normal;
}

/// e^x in float (the semantics' exp in the f32 domain).
inline float exp_f32(float x) {
  if (!(x == x)) return x + x;
  const float c = x < -104.f ? -104.f : (89.f < x ? 89.f : x);
  return exp_core<float, int32_t>(c);
}

/// exp_f32 lane by lane with the same operations: V a GCC vector of floats, IV the vector
/// of as many int32s. SubnormalSafe: through exp_core_subnormal_safe (the same bits; more
/// operations, but none slowed by a subnormal: the kernels take it for a vector with a
/// lane below -87.3, vfrt's exp_v).
template <class V, class IV, bool SubnormalSafe = false>
[[gnu::always_inline]] inline V exp_f32_vec(V x) {
  const V c = x < -104.f ? V{} - 104.f : (89.f < x ? V{} + 89.f : x);
  V e;
  if constexpr (SubnormalSafe)
    e = exp_core_subnormal_safe<V, IV>(c);
  else
    e = exp_core<V, IV>(c);
  return x == x ? e : x + x;
}

/// exp_f32 through exp_core_subnormal_safe, scalar (for the tests: equal to exp_f32).
inline float exp_f32_subnormal_safe(float x) {
  if (!(x == x)) return x + x;
  const float c = x < -104.f ? -104.f : (89.f < x ? 89.f : x);
  return exp_core_subnormal_safe<float, int32_t>(c);
}

}  // namespace vfexp
