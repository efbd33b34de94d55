// exp32.h — vfuse's exponential in float32, the one thing the semantics means by exp in
// float: the f32 interpreter (domain.h's FloatDomain<float>) and the emitted kernels
// (vfrt.h, whose emitted copy carries this file inline) compute it with the same
// operations, scalar and on vectors, so they agree bit for bit. It is vfuse's own rather
// than libm's expf because libm's differs between machines (glibc picks an FMA or a
// non-FMA variant at run time) and has no vector form here.
//
// Self-contained (the C++ standard library only), no FMA, and to be compiled with
// -ffp-contract=off (vfuse's builds and the emitted Makefile are).
//
// Method: x clamped to [-150, 100] (e^-150 rounds to 0 in float, e^100 to +inf), then in
// double: k = round(x log2 e) (added to and taken from 1.5 * 2^52), r = x - k ln 2 with
// |r| <= ln 2 / 2 + 2^-40, e^r by its Taylor polynomial of degree 8 in Horner form
// (truncation < 2.1e-10 relative), times 2^k built from k's bits (k + 1023 in [806, 1168]:
// a normal double, so the product is exact), rounded once to float. The double result is
// within 3e-10 relative of e^x, so the float is within 0.51 ulp of it (0.5 from the one
// rounding): below the 2-ulp assumption of the error bounds (interp/error_bound.cpp),
// checked over every float by tests/unit/semantics/exp32_test.cpp. NaN: x + x (quiet).
#pragma once

#include <bit>
#include <cstdint>

namespace vfexp {

/// e^x in double for x in [-150, 100], as the file comment says. D is double or a GCC
/// vector of doubles; U the unsigned 64-bit integer of the same shape.
template <class D, class U>
[[gnu::always_inline]] inline D exp_core(D x) {
  constexpr double kLog2e = 0x1.71547652b82fep0, kLn2 = 0x1.62e42fefa39efp-1;
  constexpr double kShift = 0x1.8p52;  // t's last bits are k (two's complement)
  const D t = x * kLog2e + kShift;
  const D k = t - kShift;
  const D r = x - k * kLn2;
  D p = r * (1.0 / 40320) + 1.0 / 5040;
  p = p * r + 1.0 / 720;
  p = p * r + 1.0 / 120;
  p = p * r + 1.0 / 24;
  p = p * r + 1.0 / 6;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  const U scale = (std::bit_cast<U>(t) + static_cast<uint64_t>(1023)) << 52;
  return p * std::bit_cast<D>(scale);
}

/// e^x in float (the semantics' exp in the f32 domain).
inline float exp_f32(float x) {
  if (!(x == x)) return x + x;
  const float c = x < -150.f ? -150.f : (100.f < x ? 100.f : x);
  return static_cast<float>(exp_core<double, uint64_t>(static_cast<double>(c)));
}

/// exp_f32 lane by lane with the same operations: V a GCC vector of floats, DV / UV the
/// vectors of as many doubles / uint64s.
template <class V, class DV, class UV>
[[gnu::always_inline]] inline V exp_f32_vec(V x) {
  const V c = x < -150.f ? V{} - 150.f : (100.f < x ? V{} + 100.f : x);
  const V e = __builtin_convertvector(exp_core<DV, UV>(__builtin_convertvector(c, DV)), V);
  return x == x ? e : x + x;
}

}  // namespace vfexp
