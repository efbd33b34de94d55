// The quantizer's choice of scales, zero points, int8 weights, int32 biases and requantize
// multipliers (src/quant/params.h), checked against the definitions written out here.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "quant/calibrate.h"
#include "quant/params.h"
#include "support/rng.h"

namespace vf::quant {
namespace {

/// (q - zero_point) * scale, as dequantize computes it in float32.
float dequant(const ActivationParams& p, int64_t q) {
  return static_cast<float>(q - p.zero_point) * p.scale;
}

TEST_CASE("asymmetric uint8 parameters cover the range and hold 0 exactly", "[quant]") {
  SECTION("a range around 0") {
    const ActivationParams p = choose_activation({-1.0, 3.0});
    CHECK(p.dtype == DType::U8);
    CHECK(p.scale == static_cast<float>(4.0 / 255));
    CHECK(p.zero_point == static_cast<int64_t>(std::nearbyint(1.0 / p.scale)));
    CHECK(p.zero_point == 64);
    CHECK(quantize_value(p, 0.0) == p.zero_point);
    CHECK(dequant(p, p.zero_point) == 0.0f);
    CHECK(std::abs(dequant(p, 0) - -1.0f) <= p.scale / 2);
    CHECK(std::abs(dequant(p, 255) - 3.0f) <= p.scale / 2);
    CHECK(quantize_value(p, -1.0) == 0);
    CHECK(quantize_value(p, 3.0) == 255);
    CHECK(quantize_value(p, 100.0) == 255);  // clamped
    CHECK(quantize_value(p, -100.0) == 0);
  }
  SECTION("an all-positive range is widened to start at 0: zero point 0") {
    const ActivationParams p = choose_activation({0.5, 2.0});
    CHECK(p.scale == static_cast<float>(2.0 / 255));
    CHECK(p.zero_point == 0);
    CHECK(quantize_value(p, 2.0) == 255);
  }
  SECTION("an all-negative range is widened to end at 0: zero point 255") {
    const ActivationParams p = choose_activation({-3.0, -1.0});
    CHECK(p.scale == static_cast<float>(3.0 / 255));
    CHECK(p.zero_point == 255);
    CHECK(quantize_value(p, -3.0) == 0);
    CHECK(quantize_value(p, 0.0) == 255);
  }
  SECTION("a zero-width range gets scale 1 and holds 0") {
    for (DType t : {DType::U8, DType::I8}) {
      const ActivationParams p = choose_activation({0.0, 0.0}, t);
      CHECK(p.scale == 1.0f);
      CHECK(p.zero_point == int_range(t).lo);
      CHECK(quantize_value(p, 0.0) == p.zero_point);
    }
    // A single nonzero value is a range from 0 to it.
    const ActivationParams q = choose_activation({2.0, 2.0});
    CHECK(q.scale == static_cast<float>(2.0 / 255));
    CHECK(q.zero_point == 0);
  }
  SECTION("int8: a symmetric range has its zero point near 0") {
    const ActivationParams p = choose_activation({-1.0, 1.0}, DType::I8);
    CHECK(p.scale == static_cast<float>(2.0 / 255));
    // float32(2/255) is a little above 2/255: -1 / scale = -127.4999..., rounded to -127.
    CHECK(p.zero_point == -1);
    CHECK(quantize_value(p, 0.0) == -1);
    // The rounded zero point moves the covered interval by at most half a step.
    CHECK(std::abs(dequant(p, -128) - -1.0f) <= p.scale * 0.5001f);
    CHECK(std::abs(dequant(p, 127) - 1.0f) <= p.scale * 0.5001f);
  }
}

TEST_CASE("weights are int8, symmetric per output channel", "[quant]") {
  Tensor w(TensorType{DType::F32, {3, 2}});
  const double v[] = {2.0, -1.0, 0.0, 0.0, -0.5, 0.25};
  for (int64_t i = 0; i < 6; ++i) w.set(i, v[i]);
  const WeightParams p = quantize_weights(w);
  REQUIRE(p.scales.size() == 3);
  CHECK(p.scales[0] == static_cast<float>(2.0 / 127));
  CHECK(p.scales[2] == static_cast<float>(0.5 / 127));
  // The all-zero channel takes the smallest scale of the others.
  CHECK(p.scales[1] == p.scales[2]);
  CHECK(p.q.dtype() == DType::I8);
  CHECK(p.q.get(0) == 127);
  CHECK(p.q.get(1) == std::nearbyint(-1.0 / p.scales[0]));
  CHECK(p.q.get(2) == 0);
  CHECK(p.q.get(4) == -127);
  CHECK(p.q.get(5) == std::nearbyint(0.25 / p.scales[2]));  // 63.5: ties to even, 64
  CHECK(p.q.get(5) == 64);
  // Every weight within half a step of its value.
  for (int64_t c = 0; c < 3; ++c)
    for (int64_t i = 0; i < 2; ++i)
      CHECK(std::abs(p.q.get(c * 2 + i) * p.scales[static_cast<size_t>(c)] - v[c * 2 + i]) <=
            p.scales[static_cast<size_t>(c)] / 2 * (1 + 1e-6));
  Tensor zero(TensorType{DType::F32, {2, 3}});
  const WeightParams z = quantize_weights(zero);
  CHECK(z.scales == std::vector<float>{1.0f, 1.0f});
}

TEST_CASE("int32 biases at scale s_x s_w, clamped and counted", "[quant]") {
  const std::vector<double> b = {1.0, -0.3, 1e9};
  const std::vector<float> ws = {0.01f, 0.02f, 0.001f};
  int64_t saturated = 0;
  const Tensor t = quantize_bias(b, 0.5f, ws, saturated);
  CHECK(t.dtype() == DType::I32);
  CHECK(t.get(0) == 200);
  CHECK(t.get(1) == std::nearbyint(-0.3 / (0.5 * static_cast<double>(0.02f))));
  CHECK(t.get(2) == 2147483647.0);
  CHECK(saturated == 1);
}

TEST_CASE("requantize multipliers: one shift, every m below 2^31", "[quant]") {
  SECTION("powers of two are exact") {
    for (int k = 0; k <= 32; ++k) {
      const double M = std::ldexp(1.0, -k);
      auto r = choose_multipliers(std::vector<double>{M});
      REQUIRE(r);
      CHECK(r->shift == std::min(30 + k, 62));
      CHECK(std::ldexp(static_cast<double>(r->m[0]), -static_cast<int>(r->shift)) == M);
    }
    auto r = choose_multipliers(std::vector<double>{0.5, 0.25, 0.125});
    REQUIRE(r);
    CHECK(r->shift == 31);
    CHECK(r->m == std::vector<int32_t>{1 << 30, 1 << 29, 1 << 28});
  }
  SECTION("the shift is the largest that keeps every m below 2^31") {
    SplitMix64 rng(7);
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<double> M;
      for (int c = 0; c < 5; ++c)
        M.push_back(std::ldexp(rng.uniform(0.0, 1.0), -static_cast<int>(trial % 20)));
      auto r = choose_multipliers(M);
      REQUIRE(r);
      REQUIRE(r->shift >= 0);
      REQUIRE(r->shift <= 62);
      bool one_more_overflows = r->shift == 62;
      for (size_t c = 0; c < M.size(); ++c) {
        CHECK(r->m[c] >= 0);
        CHECK(static_cast<int64_t>(r->m[c]) < (int64_t{1} << 31));
        // m / 2^n within half a unit of the last place of M.
        CHECK(std::abs(std::ldexp(static_cast<double>(r->m[c]), -static_cast<int>(r->shift)) -
                       M[c]) <= std::ldexp(0.5, -static_cast<int>(r->shift)));
        one_more_overflows =
            one_more_overflows ||
            std::nearbyint(std::ldexp(M[c], static_cast<int>(r->shift) + 1)) >= 2147483648.0;
      }
      CHECK(one_more_overflows);
    }
  }
  SECTION("just below 1 rounds up to 2^31 at shift 31, so the shift is 30") {
    auto r = choose_multipliers(std::vector<double>{1.0 - std::ldexp(1.0, -40)});
    REQUIRE(r);
    CHECK(r->shift == 30);
    CHECK(r->m[0] == 1 << 30);
  }
  SECTION("zero multipliers take the largest shift") {
    auto r = choose_multipliers(std::vector<double>{0.0, 0.0});
    REQUIRE(r);
    CHECK(r->shift == 62);
    CHECK(r->m == std::vector<int32_t>{0, 0});
  }
  SECTION("too large, negative or not finite: an error") {
    CHECK(!choose_multipliers(std::vector<double>{2147483648.0}));
    CHECK(choose_multipliers(std::vector<double>{2147483647.0}));
    CHECK(!choose_multipliers(std::vector<double>{-0.5}));
    CHECK(!choose_multipliers(std::vector<double>{NAN}));
    CHECK(!choose_multipliers(std::vector<double>{INFINITY}));
  }
}

TEST_CASE("percentile of |x| by nearest rank", "[quant]") {
  std::vector<float> v;
  for (int i = 1; i <= 100; ++i) v.push_back(static_cast<float>(i % 2 ? i : -i));
  auto copy = v;
  CHECK(abs_percentile(copy, 100) == 100.0);
  copy = v;
  CHECK(abs_percentile(copy, 99) == 99.0);
  copy = v;
  CHECK(abs_percentile(copy, 99.5) == 100.0);
  copy = v;
  CHECK(abs_percentile(copy, 50) == 50.0);
  copy = v;
  CHECK(abs_percentile(copy, 0.001) == 1.0);
  std::vector<float> none;
  CHECK(abs_percentile(none, 99) == 0.0);
}

/// The mean of (v - dequantize(quantize(v)))^2 over `values` with the range `r`.
double quantization_mse(Range r, const std::vector<float>& values) {
  const ActivationParams p = choose_activation(r);
  double sum = 0;
  for (float v : values) {
    const double e = v - static_cast<double>(quantize_value(p, v) - p.zero_point) * p.scale;
    sum += e * e;
  }
  return sum / static_cast<double>(values.size());
}

TEST_CASE("mse_range: the clip of least quantization error", "[quant]") {
  SplitMix64 rng(5);
  std::vector<float> v;
  for (int i = 0; i < 60000; ++i) v.push_back(static_cast<float>(rng.uniform(-1, 1)));
  SECTION("one outlier above values in [-1, 1]: its end clipped, better than min/max") {
    v.push_back(1.2f);
    const Range all{-1, 1.2};
    const Range r = mse_range(all, v);
    CHECK(r.lo == -1);  // clipping the bulk's end only loses
    CHECK(r.hi < 1.1);
    CHECK(r.hi > 1.0);
    CHECK(quantization_mse(r, v) < quantization_mse(all, v));
    // No other factor of the grid does better at that end.
    for (int k = 0; k <= 40; ++k)
      CHECK(quantization_mse(r, v) <= quantization_mse({-1, 1.2 * (1 - 0.02 * k)}, v));
  }
  SECTION("uniform values: clipping only loses, the range stays") {
    const Range r = mse_range({-1, 1}, v);
    CHECK(r.hi > 0.95);
    CHECK(r.lo < -0.95);
  }
  SECTION("no values: the range as given") {
    const Range r = mse_range({-1, 2}, {});
    CHECK(r.lo == -1);
    CHECK(r.hi == 2);
  }
}

}  // namespace
}  // namespace vf::quant
