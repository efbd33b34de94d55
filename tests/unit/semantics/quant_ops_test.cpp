// Quantized inference (ops.def: quantize, dequantize, qconv2d, qdense, requantize) run by
// the interpreter against a reference written here independently: plain loops, 128-bit
// products and a rounding written from the definition (nearest, ties to even), not from
// scalar_ops.h's formula.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "ir/certified_graph.h"
#include "ir/text_parser.h"
#include "semantics/scalar_ops.h"
#include "semantics/wrap_int_domain.h"
#include "support/rng.h"

namespace vf {
namespace {

Graph parse_ok(const std::string& text) {
  SourceFile src("test.vfg", text);
  DiagnosticSink diags;
  auto g = parse_graph(src, diags);
  INFO(diags.render());
  REQUIRE(g);
  return std::move(*g);
}

std::string parse_errors(const std::string& text) {
  SourceFile src("test.vfg", text);
  DiagnosticSink diags;
  auto g = parse_graph(src, diags);
  CHECK(!g);
  return diags.render();
}

/// p / 2^n to the nearest integer, ties to even, from the definition: floor division and
/// the remainder compared with half of 2^n.
int64_t reference_round_shift(__int128 p, int n) {
  if (n == 0) return static_cast<int64_t>(p);
  const __int128 unit = static_cast<__int128>(1) << n;
  __int128 q = p / unit, r = p % unit;
  if (r < 0) r += unit, q -= 1;  // floor: 0 <= r < 2^n
  if (2 * r > unit || (2 * r == unit && (q & 1) != 0)) q += 1;
  return static_cast<int64_t>(q);
}

TEST_CASE("round_shift rounds to nearest, ties to even, for every sign and shift",
          "[semantics][quant]") {
  sem::WrapIntDomain d(64);
  for (int n = 0; n <= 6; ++n)
    for (int64_t p = -300; p <= 300; ++p) {
      INFO("p = " << p << ", n = " << n);
      CHECK(sem::round_shift(d, p, n) == reference_round_shift(p, n));
      CHECK(sem::round_shift(d, p, n) == static_cast<int64_t>(std::nearbyint(std::ldexp(p, -n))));
    }
  // Ties on both sides of zero go to the even neighbour.
  CHECK(sem::round_shift(d, int64_t{5}, 1) == 2);
  CHECK(sem::round_shift(d, int64_t{7}, 1) == 4);
  CHECK(sem::round_shift(d, int64_t{-5}, 1) == -2);
  CHECK(sem::round_shift(d, int64_t{-7}, 1) == -4);
}

TEST_CASE("requantize's product is exact for every int32 accumulator and multiplier",
          "[semantics][quant]") {
  sem::WrapIntDomain d(64);
  SplitMix64 rng(7);
  const int64_t extremes[] = {INT32_MIN, INT32_MIN + 1, -1, 0, 1, INT32_MAX};
  for (int k = 0; k < 20000; ++k) {
    const int64_t acc = k < 36 ? extremes[k % 6]
                               : static_cast<int64_t>(rng.next() % (uint64_t{1} << 32)) +
                                     INT32_MIN;
    const int64_t m = k < 36 ? extremes[k / 6] : static_cast<int64_t>(rng.next() >> 33);
    const int shift = static_cast<int>(rng.next() % 63);
    const int64_t expect = std::clamp<int64_t>(
        reference_round_shift(static_cast<__int128>(acc) * m, shift) - 3, -128, 127);
    INFO("acc = " << acc << ", m = " << m << ", shift = " << shift);
    CHECK(sem::requantize(d, acc, m, shift, int64_t{-3}, int64_t{-128}, int64_t{127}) == expect);
  }
}

// A uint8 input quantized, an int8 3x3 convolution with a padding and a bias, requantized
// with a raised clamp (a folded relu), dequantized; every intermediate is an output.
const char* kQConv = R"(# vfuse graph v1
graph(%x: Tensor[(1, 2, 4, 4), float32]) {
  %w = constant(Tensor[(3, 2, 3, 3), int8]) [1, -2, 3, 4, -5, 6, 7, -8, 9, 10, 11, -12, 13, 14, -15, 16, 17, 18, -1, 2, -3, 4, 5, -6, 7, 8, -9, 10, -11, 12, -13, 14, 15, -16, 17, -18, 127, -128, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]
  %b = constant(Tensor[(3), int32]) [100, -200, 3000]
  %m = constant(Tensor[(3), int32]) [1073741824, 536870912, 1518500250]
  %q = quantize(%x, scale=0.02, zero_point=3, dtype="uint8") : Tensor[(1, 2, 4, 4), uint8]
  %acc = qconv2d(%q, %w, %b, padding=[1, 1, 1, 1], x_zero_point=3) : Tensor[(1, 3, 4, 4), int32]
  %y = requantize(%acc, %m, shift=38, zero_point=-5, qmin=-5, qmax=127) : Tensor[(1, 3, 4, 4), int8]
  %f = dequantize(%y, scale=0.1, zero_point=-5) : Tensor[(1, 3, 4, 4), float32]
  return %q, %acc, %y, %f
}
)";

TEST_CASE("quantize, qconv2d, requantize and dequantize agree with a reference",
          "[semantics][quant]") {
  const Graph g = parse_ok(kQConv);
  for (uint64_t seed : {0, 1, 2}) {
    RunOptions opts;
    opts.seed = seed;
    std::vector<float> x(32);
    SplitMix64 rng(seed + 100);
    for (float& v : x) v = static_cast<float>(rng.uniform(-3.5, 3.5));
    opts.inputs["x"] = Tensor::from_floats({1, 2, 4, 4}, x);
    auto out = run_graph(CertifiedGraph::unrewritten(g), opts);
    REQUIRE(out);
    REQUIRE(out->size() == 4);
    CHECK((*out)[0].dtype() == DType::U8);
    CHECK((*out)[1].dtype() == DType::I32);
    CHECK((*out)[2].dtype() == DType::I8);
    CHECK((*out)[3].dtype() == DType::F32);
    // quantize: float32 x / scale, rounded half to even, plus 3, within [0, 255].
    std::vector<int64_t> q(32);
    for (size_t i = 0; i < 32; ++i) {
      const float r = std::nearbyint(x[i] / 0.02f);
      q[i] = std::clamp<int64_t>(static_cast<int64_t>(r) + 3, 0, 255);
      CHECK((*out)[0].get(static_cast<int64_t>(i)) == q[i]);
    }
    const auto& wt = g.node(g.find("w")).data->view<int8_t>();
    const int32_t bias[] = {100, -200, 3000};
    const int64_t mult[] = {1073741824, 536870912, 1518500250};
    for (int o = 0; o < 3; ++o)
      for (int h = 0; h < 4; ++h)
        for (int w = 0; w < 4; ++w) {
          int64_t acc = bias[o];
          for (int c = 0; c < 2; ++c)
            for (int kh = 0; kh < 3; ++kh)
              for (int kw = 0; kw < 3; ++kw) {
                const int ih = h + kh - 1, iw = w + kw - 1;
                if (ih < 0 || ih >= 4 || iw < 0 || iw >= 4) continue;  // reads the zero point
                acc += (q[static_cast<size_t>(c * 16 + ih * 4 + iw)] - 3) *
                       wt[static_cast<size_t>(((o * 2 + c) * 3 + kh) * 3 + kw)];
              }
          const int64_t flat = (o * 4 + h) * 4 + w;
          CHECK((*out)[1].get(flat) == acc);
          const int64_t y = std::clamp<int64_t>(
              reference_round_shift(static_cast<__int128>(acc) * mult[o], 38) - 5, -5, 127);
          CHECK((*out)[2].get(flat) == y);
          CHECK((*out)[3].get(flat) == static_cast<float>(y + 5) * 0.1f);
        }
  }
}

TEST_CASE("quantize saturates infinities and sends NaN to the type's least value",
          "[semantics][quant]") {
  const Graph g = parse_ok(R"(# vfuse graph v1
graph(%x: Tensor[(5), float32]) {
  %q = quantize(%x, scale=0.5, zero_point=3, dtype="int8") : Tensor[(5), int8]
  return %q
}
)");
  RunOptions opts;
  const float inf = std::numeric_limits<float>::infinity();
  opts.inputs["x"] = Tensor::from_floats(
      {5}, std::vector<float>{std::numeric_limits<float>::quiet_NaN(), inf, -inf, 1.25f, -1.25f});
  for (Precision p : {Precision::F32, Precision::F64}) {
    opts.precision = p;
    auto out = run_graph(CertifiedGraph::unrewritten(g), opts);
    REQUIRE(out);
    // 1.25 / 0.5 = 2.5 -> 2 (ties to even) + 3; -2.5 -> -2 + 3.
    const double expect[] = {-128, 127, -128, 5, 1};
    for (int64_t i = 0; i < 5; ++i) CHECK((*out)[0].get(i) == expect[i]);
  }
}

TEST_CASE("qdense subtracts the zero point and accumulates in int32", "[semantics][quant]") {
  const Graph g = parse_ok(R"(# vfuse graph v1
graph(%x: Tensor[(2, 3), int8]) {
  %w = constant(Tensor[(2, 3), int8]) [1, 2, 3, -128, 127, -1]
  %acc = qdense(%x, %w, x_zero_point=-2) : Tensor[(2, 2), int32]
  return %acc
}
)");
  RunOptions opts;
  opts.inputs["x"] = Tensor::from_doubles(TensorType{DType::I8, {2, 3}},
                                          std::vector<double>{-128, 0, 127, 5, -2, 1});
  auto out = run_graph(CertifiedGraph::unrewritten(g), opts);
  REQUIRE(out);
  // row 0: x + 2 = [-126, 2, 129]; row 1: [7, 0, 3]
  CHECK((*out)[0].get(0) == -126 + 4 + 387);
  CHECK((*out)[0].get(1) == -126 * -128 + 2 * 127 - 129);
  CHECK((*out)[0].get(2) == 7 + 9);
  CHECK((*out)[0].get(3) == 7 * -128 - 3);
}

TEST_CASE("an integer value that does not fit its type is an error, not a wrap",
          "[semantics][quant]") {
  // 2 * 127 * 127 * ... : an int8 add that overflows.
  const Graph g = parse_ok(R"(# vfuse graph v1
graph(%x: Tensor[(2), int8]) {
  %y = add(%x, %x) : Tensor[(2), int8]
  return %y
}
)");
  RunOptions opts;
  opts.inputs["x"] = Tensor::from_doubles(TensorType{DType::I8, {2}}, std::vector<double>{1, 100});
  auto out = run_graph(CertifiedGraph::unrewritten(g), opts);
  REQUIRE(!out);
  CHECK(out.error().message.find("value 200 at element 1 does not fit int8") != std::string::npos);
}

TEST_CASE("quantized operators check their input types and attributes", "[semantics][quant]") {
  CHECK_THAT(parse_errors(R"(# vfuse graph v1
graph(%x: Tensor[(1, 2, 4, 4), float32], %w: Tensor[(3, 2, 3, 3), int8]) {
  %acc = qconv2d(%x, %w) : Tensor[(1, 3, 2, 2), int32]
  return %acc
}
)"),
             Catch::Contains("x (input 0) must be int8 or uint8, got float32"));
  CHECK_THAT(parse_errors(R"(# vfuse graph v1
graph(%x: Tensor[(4), float32]) {
  %q = quantize(%x, scale=0, zero_point=0) : Tensor[(4), int8]
  return %q
}
)"),
             Catch::Contains("scale must be positive and finite"));
  CHECK_THAT(parse_errors(R"(# vfuse graph v1
graph(%x: Tensor[(4), float32]) {
  %q = quantize(%x, scale=1, zero_point=200) : Tensor[(4), int8]
  return %q
}
)"),
             Catch::Contains("zero_point 200 is outside int8's range"));
  CHECK_THAT(parse_errors(R"(# vfuse graph v1
graph(%a: Tensor[(1, 3), int32], %m: Tensor[(2), int32]) {
  %y = requantize(%a, %m, shift=4) : Tensor[(1, 3), int8]
  return %y
}
)"),
             Catch::Contains("multiplier must have shape (1) or (3)"));
  CHECK_THAT(parse_errors(R"(# vfuse graph v1
graph(%a: Tensor[(1, 3), int32], %m: Tensor[(3), int32]) {
  %y = requantize(%a, %m, shift=4, qmin=10, qmax=5) : Tensor[(1, 3), int8]
  return %y
}
)"),
             Catch::Contains("clamp [10, 5] must be an interval"));
  CHECK_THAT(parse_errors(R"(# vfuse graph v1
graph(%a: Tensor[(1, 3), uint8], %b: Tensor[(1, 1), uint8], %m: Tensor[(1), int32]) {
  %y = qadd(%a, %b, %m, %m, shift=4) : Tensor[(1, 3), int8]
  return %y
}
)"),
             Catch::Contains("a and b must have one shape"));
  CHECK_THAT(parse_errors(R"(# vfuse graph v1
graph(%a: Tensor[(3), int8], %b: Tensor[(3), uint8], %m: Tensor[(1), int32]) {
  %y = qadd(%a, %b, %m, %m, a_zero_point=200, shift=4) : Tensor[(3), int8]
  return %y
}
)"),
             Catch::Contains("a_zero_point 200 is outside int8's range"));
  CHECK_THAT(parse_errors(R"(# vfuse graph v1
graph(%a: Tensor[(3), int8], %b: Tensor[(3), uint8], %m: Tensor[(3), int32]) {
  %y = qadd(%a, %b, %m, %m, shift=4) : Tensor[(3), int8]
  return %y
}
)"),
             Catch::Contains("a's multiplier must have shape (1)"));
  CHECK_THAT(parse_errors(R"(# vfuse graph v1
graph(%a: Tensor[(3), float32], %b: Tensor[(3), uint8], %m: Tensor[(1), int32]) {
  %y = qadd(%a, %b, %m, %m, shift=4) : Tensor[(3), int8]
  return %y
}
)"),
             Catch::Contains("a (input 0) must be int8 or uint8"));
}

TEST_CASE("qadd rounds the sum of both rescaled inputs once, in 64 bits",
          "[semantics][quant]") {
  // Exactly: clip(round_shift((a - za) ma + (b - zb) mb; n) + z; lo, hi). Against a direct
  // computation with the extremes of the multipliers (the sum up to 255 * 2^32, exact), and
  // against two separate roundings, which differ at (a - za) ma = (b - zb) mb = 1, n = 1.
  sem::WrapIntDomain d(64);
  auto qadd = [&](int64_t a, int64_t b, int64_t ma, int64_t mb, int64_t za, int64_t zb, int n,
                  int64_t z, int64_t lo, int64_t hi) {
    return sem::qadd(d, a, b, ma, mb, za, zb, n, z, lo, hi);
  };
  CHECK(qadd(11, 1, 1, 1, 10, 0, 1, 0, -128, 127) == 1);  // 2 / 2: one rounding
  CHECK(qadd(11, 0, 1, 1, 10, 0, 1, 0, -128, 127) == 0);  // 1 / 2: a tie, to even 0
  CHECK(qadd(13, 0, 1, 1, 10, 0, 1, 0, -128, 127) == 2);  // 3 / 2: a tie, to even 2
  CHECK(qadd(255, -128, 2147483647, -2147483648LL, 0, 127, 62, 0, -128, 127) ==
        0);  // 255 (2^31 - 1) + 255 * 2^31 = 2^40 - 255, far below 2^61
  CHECK(qadd(255, -128, 2147483647, -2147483648LL, 0, 127, 31, 0, -128, 127) == 127);
  CHECK(qadd(0, 0, 1 << 20, 1 << 20, 255, 255, 20, 3, 0, 255) == 0);  // -510 + 3, clamped
  CHECK(!d.undefined);
}

}  // namespace
}  // namespace vf
