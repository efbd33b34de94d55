// The semantics' exp in float (semantics/exp32.h): within 1 ulp of e^x (libm's double exp
// as the reference, itself within an ulp of double; the bounds that use exp32.h assume 2)
// and the vector form equal to the scalar one bit for bit. make test checks a stride of the floats
// and the edges; the hidden case [exp32-exhaustive] every float (`make exp-exhaustive`, a few
// minutes), which prints the worst error it measured.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "semantics/domain.h"
#include "semantics/exp32.h"
#include "fn32_sweep.h"

namespace vf::test {
namespace {

using fn32::I16;
using fn32::I4;
using fn32::Sweep;
using fn32::V16;
using fn32::V4;

constexpr double kUlpLimit = 1.0;

/// |y - e| in units of the float spacing at e (the subnormal spacing below 2^-126); an
/// infinite y counts as exact when e is beyond the largest float's rounding boundary.
double ulp_error(float y, double e) {
  constexpr double kOverflow = 0x1.ffffffp127;  // float max + half an ulp: rounds to inf
  if (e >= kOverflow) return std::isinf(y) && y > 0 ? 0 : 1e9;
  if (std::isinf(y)) return 1e9;
  int ex = 0;
  std::frexp(e, &ex);
  const double spacing = std::ldexp(1.0, std::max(ex - 24, -149));
  return std::abs(static_cast<double>(y) - e) / spacing;
}

/// exp_f32 at every stride-th float bit pattern from start (and its vector forms at the
/// same 16 inputs), against e^x in double. perturb: ulps added to the result (a test that
/// the check can fail).
Sweep sweep(uint64_t start, uint64_t stride, int perturb = 0) {
  return fn32::sweep(
      start, stride, perturb, vfexp::exp_f32, [](V4 x) { return vfexp::exp_f32_vec<V4, I4>(x); },
      [](V16 x) { return vfexp::exp_f32_vec<V16, I16>(x); },
      [](float x, float y) { return ulp_error(y, std::exp(static_cast<double>(x))); },
      [](float x) { return INFINITY; });
}

uint32_t bits(float v) { return std::bit_cast<uint32_t>(v); }

/// Of the 16 floats from bit pattern b0, how many the subnormal-safe form (scalar or on a
/// vector) gives other bits than exp_f32 (a NaN result only as NaN).
int subnormal_safe_differs(uint32_t b0) {
  V16 x;
  for (int l = 0; l < 16; ++l) x[l] = std::bit_cast<float>(b0 + static_cast<uint32_t>(l));
  const V16 v = vfexp::exp_f32_vec<V16, I16, true>(x);
  int differs = 0;
  for (int l = 0; l < 16; ++l) {
    const float r = vfexp::exp_f32(x[l]), s = vfexp::exp_f32_subnormal_safe(x[l]);
    differs += r != r ? !(s != s) || !(v[l] != v[l]) : bits(r) != bits(s) || bits(r) != bits(v[l]);
  }
  return differs;
}

}  // namespace

TEST_CASE("exp_f32 within 1 ulp and equal on vectors, a stride of the floats",
          "[semantics][exp32]") {
  const Sweep s = sweep(0, 263);
  INFO("worst " << s.worst << " ulp at " << s.worst_at);
  CHECK(s.checked > 16'000'000);
  CHECK(s.worst <= kUlpLimit);
  CHECK(s.vector_differs == 0);
}

TEST_CASE("exp_f32 at its edges", "[semantics][exp32]") {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  CHECK(bits(vfexp::exp_f32(0.f)) == bits(1.f));
  CHECK(bits(vfexp::exp_f32(-0.f)) == bits(1.f));
  CHECK(bits(vfexp::exp_f32(kInf)) == bits(kInf));
  CHECK(bits(vfexp::exp_f32(-kInf)) == bits(0.f));
  CHECK(std::isnan(vfexp::exp_f32(std::numeric_limits<float>::quiet_NaN())));
  CHECK(std::isnan(vfexp::exp_f32(-std::numeric_limits<float>::quiet_NaN())));
  // Overflow (e^88.7228 > float max), the subnormal results, and underflow to 0.
  CHECK(std::isinf(vfexp::exp_f32(88.73f)));
  CHECK(std::isfinite(vfexp::exp_f32(88.72f)));
  CHECK(ulp_error(vfexp::exp_f32(-100.f), std::exp(-100.0)) <= kUlpLimit);
  CHECK(vfexp::exp_f32(-103.9f) > 0.f);  // the smallest subnormal, 2^-149
  CHECK(vfexp::exp_f32(-104.f) == 0.f);
  CHECK(vfexp::exp_f32(-1e30f) == 0.f);
  CHECK(std::isinf(vfexp::exp_f32(1e30f)));
  // Every float around the thresholds and around 0 (where r is tiny and k = 0), where k
  // changes parity (k1 and k2 differ), where the result turns subnormal (x = -87.34, k =
  // -126), where k2 reaches -75 (x = -103.28), where 2^-150 rounds to 2^-149 or 0, and
  // where the result is the largest float (k = 128).
  for (float a : {88.72f, 88.37f, -87.33f, -87.35f, -86.99f, -103.28f, -103.97f, 0.f, -0.f,
                  1.0399696f, 0.34657f, -0.34658f}) {
    float x = a;
    for (int i = 0; i < 4096; ++i, x = std::nextafter(x, kInf)) {
      INFO("x = " << x);
      CHECK(ulp_error(vfexp::exp_f32(x), std::exp(static_cast<double>(x))) <= kUlpLimit);
    }
  }
  // A subnormal result is rounded once from e^r 2^k (not twice): within half its spacing
  // plus e^r's error, a part in 2^23 of the result, so well within 0.51 spacing where the
  // result is below 2^-140.
  for (float x = -103.f; x > -103.97f; x = std::nextafter(x, -kInf)) {
    INFO("x = " << x);
    CHECK(ulp_error(vfexp::exp_f32(x), std::exp(static_cast<double>(x))) <= 0.51);
  }
}

TEST_CASE("exp_f32 on vectors whose lanes mix the ranges equals it lane by lane",
          "[semantics][exp32]") {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  const float xs[] = {-kInf,
                      -104.f,
                      -103.97f,
                      -103.28f,
                      -100.f,
                      -87.35f,
                      -87.33f,
                      -1.f,
                      -0.f,
                      0.f,
                      1e-30f,
                      0.34657f,
                      88.37f,
                      88.72f,
                      88.73f,
                      kInf,
                      std::numeric_limits<float>::quiet_NaN(),
                      -2.5f,
                      3.f,
                      0x1p-149f};
  fn32::check_lanes(xs, vfexp::exp_f32, [](V16 x) { return vfexp::exp_f32_vec<V16, I16>(x); });
}

TEST_CASE("exp32's subnormal-safe form equals exp_f32 bit for bit", "[semantics][exp32]") {
  // Every float in [-104.5, -86.5] (where the result turns subnormal, rounds to 2^-149 or
  // to 0: about 2.3 M floats), then a stride of all of them; scalar and on vectors.
  uint64_t checked = 0, differs = 0;
  for (uint32_t b = bits(-86.5f); b < bits(-104.5f); b += 16, checked += 16)
    differs += subnormal_safe_differs(b);
  for (uint64_t b = 0; b + 16 <= (uint64_t{1} << 32); b += 16 * 4099, checked += 16)
    differs += subnormal_safe_differs(static_cast<uint32_t>(b));
  CHECK(checked > 3'000'000);
  CHECK(differs == 0);
}

TEST_CASE("the exp_f32 sweep fails a result one ulp off", "[semantics][exp32]") {
  // The check above can fail: the same sweep over a result moved by one ulp.
  CHECK(sweep(0, 263 * 64, 1).worst > kUlpLimit);
}

TEST_CASE("the f32 interpreter's exp is exp_f32, the f64 one libm's", "[semantics][exp32]") {
  for (float x : {-3.5f, 0.25f, 1.0399696f, 20.f}) {
    CHECK(std::bit_cast<uint32_t>(sem::FloatDomain<float>{}.exp(x)) ==
          std::bit_cast<uint32_t>(vfexp::exp_f32(x)));
    CHECK(sem::FloatDomain<double>{}.exp(static_cast<double>(x)) ==
          std::exp(static_cast<double>(x)));
  }
}

TEST_CASE("exp_f32 within 1 ulp and equal on vectors, every float", "[.][exp32-exhaustive]") {
  const Sweep s = sweep(0, 1);
  WARN("exp_f32: worst " << s.worst << " ulp at " << std::hexfloat << s.worst_at);
  CHECK(s.checked == (uint64_t{1} << 32));
  CHECK(s.worst <= kUlpLimit);
  CHECK(s.vector_differs == 0);
  // The subnormal-safe form (exp_v's for a vector with a lane below -87) at every float.
  uint64_t differs = 0;
  for (uint64_t b0 = 0; b0 < (uint64_t{1} << 32); b0 += 16)
    differs += subnormal_safe_differs(static_cast<uint32_t>(b0));
  CHECK(differs == 0);
}

}  // namespace vf::test
