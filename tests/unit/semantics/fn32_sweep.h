// What the tests of the semantics' float functions (exp32, erf32, tanh32) share: a sweep of
// the scalar form against a reference at a stride of the float bit patterns, with the 4-
// and 16-lane forms compared to it at the same inputs, and a check that vectors whose lanes
// mix the function's branches equal the scalar form lane by lane.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace vf::test::fn32 {

typedef float V4 __attribute__((vector_size(16)));
typedef int32_t I4 __attribute__((vector_size(16)));
typedef float V16 __attribute__((vector_size(64)));
typedef int32_t I16 __attribute__((vector_size(64)));

struct Sweep {
  double worst = 0;
  float worst_at = 0;
  uint64_t vector_differs = 0;
  uint64_t checked = 0;
};

/// f at every stride-th float bit pattern from start, and its vector forms f4 and f16 at
/// the same inputs (a lane differing from f counts in vector_differs); err(x, y): y's error
/// in ulps against the reference at x. perturb: ulps added to each result, towards
/// towards(x) (a test that the check can fail). A NaN x must give a NaN.
template <class F, class F4, class F16, class Err, class Towards>
Sweep sweep(uint64_t start, uint64_t stride, int perturb, F f, F4 f4, F16 f16, Err err,
            Towards towards) {
  Sweep s;
  for (uint64_t b0 = start; b0 < (uint64_t{1} << 32); b0 += 16 * stride) {
    V16 x16{};
    for (int i = 0; i < 16; ++i)
      x16[i] = std::bit_cast<float>(
          static_cast<uint32_t>(std::min<uint64_t>(b0 + i * stride, 0xffffffffu)));
    const V16 y16 = f16(x16);
    for (int q = 0; q < 4; ++q) {
      const V4 x4{x16[4 * q], x16[4 * q + 1], x16[4 * q + 2], x16[4 * q + 3]};
      const V4 y4 = f4(x4);
      for (int i = 0; i < 4; ++i) {
        const float x = x4[i];
        float y = f(x);
        const uint32_t yb = std::bit_cast<uint32_t>(y);
        if (yb != std::bit_cast<uint32_t>(y4[i]) || yb != std::bit_cast<uint32_t>(y16[4 * q + i]))
          ++s.vector_differs;
        ++s.checked;
        if (std::isnan(x)) {
          if (!std::isnan(y)) s.worst = 1e9;
          continue;
        }
        for (int k = 0; k < perturb; ++k) y = std::nextafter(y, towards(x));
        const double e = err(x, y);
        if (e > s.worst) s.worst = e, s.worst_at = x;
      }
    }
  }
  return s;
}

/// f16 on the 20 inputs xs rotated through 16 lanes (every shift) equals f lane by lane,
/// bit for bit: the vector form computes every branch on every lane and selects one, the
/// scalar form only its own.
template <class F, class F16>
void check_lanes(const float (&xs)[20], F f, F16 f16) {
  for (int shift = 0; shift < 20; ++shift) {
    V16 x16;
    for (int i = 0; i < 16; ++i) x16[i] = xs[(i + shift) % 20];
    const V16 y16 = f16(x16);
    for (int i = 0; i < 16; ++i) {
      INFO("x = " << x16[i]);
      CHECK(std::bit_cast<uint32_t>(y16[i]) == std::bit_cast<uint32_t>(f(x16[i])));
    }
  }
}

}  // namespace vf::test::fn32
