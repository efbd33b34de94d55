// The int8 depthwise convolutions natively (vfrt/qdepthwise.h) against the interpreter, bit
// for bit, in the three builds of check_identical (-march=native, AVX2 without AVX-512, the
// compiler's portable default): 3x3 / 5x5 / 7x7 / 2x2 / 1x1, strides 1 and 2 in either
// direction, channel multipliers 1-3, thin planes (1-3 output rows), planes narrower and
// wider than a 16-pixel tile, odd channel counts, symmetric and asymmetric padding, dilated
// rows, int8 and uint8 in and out, per-channel and per-tensor multipliers, shifts on both
// sides of 32 (the vector requantize and its scalar fallback), ties, the int32 sums as
// outputs, two threads, weights packed at run time, and random cases; also which kernel runs.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "codegen/runtime/vfrt.h"
#include "codegen_test_util.h"
#include "quant_test_util.h"

namespace vf::codegen {
namespace {

using test::Builder;
using test::check_identical;
using test::interpret;
using test::parse_ok;
using test::QCase;
using test::random_ints;
using test::run_native;

/// A depthwise case: C channels, multiplier M, a KxK kernel, stride s, padding p all round.
QCase dw(int64_t C, int64_t M, int64_t H, int64_t W, int64_t K, int64_t s, int64_t p) {
  QCase c;
  c.C = C, c.O = C * M, c.groups = C, c.H = H, c.W = W, c.KH = c.KW = K, c.sh = c.sw = s;
  c.pt = c.pl = c.pb = c.pr = p;
  return c;
}

TEST_CASE("int8 depthwise convolutions natively are bit-identical to the interpreter",
          "[codegen][native][quant]") {
  std::vector<QCase> cases;
  auto add = [&](QCase c, auto&& edit) {
    edit(c);
    cases.push_back(c);
  };
  auto same = [](QCase&) {};
  // MobileNet-like layers: wide planes (row tiles, the last one overlapping).
  add(dw(16, 1, 20, 20, 3, 1, 1), [](QCase& c) { c.x_signed = true, c.xzp = -7; });
  add(dw(5, 1, 19, 33, 3, 2, 1), [](QCase& c) { c.per_channel = false, c.relu = true; });
  add(dw(3, 1, 4, 70, 3, 1, 1), [](QCase& c) { c.xzp = 255, c.out_signed = false; });
  add(dw(2, 1, 5, 16, 3, 1, 1), same);  // OW exactly one tile
  add(dw(4, 1, 16, 16, 7, 1, 3), [](QCase& c) { c.x_signed = true, c.xzp = 127; });
  // Narrow planes: tiles across rows of the wide grid.
  add(dw(7, 1, 9, 9, 5, 1, 2), [](QCase& c) { c.xzp = 200, c.out_signed = false; });
  add(dw(6, 1, 21, 21, 5, 2, 2),
      [](QCase& c) { c.x_signed = true, c.xzp = -128, c.out_signed = false, c.relu = true; });
  add(dw(6, 1, 5, 5, 1, 1, 0), [](QCase& c) { c.xzp = 3; });          // 1x1
  add(dw(5, 1, 8, 8, 2, 2, 0), [](QCase& c) { c.x_signed = true; });  // KW even
  // Channel multipliers, thin planes (1-3 output rows).
  add(dw(5, 2, 6, 18, 3, 1, 1), [](QCase& c) { c.x_signed = true, c.xzp = 5; });
  add(dw(3, 3, 3, 10, 3, 2, 0), [](QCase& c) { c.pt = 1, c.pl = 1, c.xzp = 77; });
  add(dw(9, 1, 2, 40, 3, 1, 1), same);
  add(dw(11, 1, 3, 24, 5, 1, 2), [](QCase& c) { c.x_signed = true, c.xzp = -1; });
  add(dw(8, 1, 5, 48, 3, 2, 1), [](QCase& c) { c.relu = true; });
  add(dw(4, 2, 1, 33, 3, 2, 1), [](QCase& c) { c.fused = false; });
  // Asymmetric padding, different strides, dilated rows, two samples, the int32 sums.
  add(dw(4, 1, 7, 17, 3, 1, 0), [](QCase& c) { c.pl = 2, c.pb = 1, c.x_signed = true; });
  add(dw(4, 1, 11, 11, 3, 1, 1), [](QCase& c) { c.sh = 2; });
  add(dw(3, 1, 10, 20, 3, 1, 1), [](QCase& c) { c.KH = 5, c.pt = c.pb = 2, c.sw = 2; });
  add(dw(5, 1, 12, 12, 3, 1, 2), [](QCase& c) { c.dh = 2, c.pl = c.pr = 1; });
  add(dw(13, 1, 12, 12, 3, 1, 0), [](QCase& c) { c.N = 2, c.fused = false, c.x_signed = true; });
  // Left to the general depthwise kernel: dilated columns, stride 3.
  add(dw(4, 1, 9, 9, 3, 1, 2), [](QCase& c) { c.dh = c.dw = 2, c.xzp = 9; });
  add(dw(3, 1, 13, 13, 3, 3, 1), [](QCase& c) { c.x_signed = true; });
  Builder b;
  for (const QCase& c : cases) b.conv(c);
  check_identical(parse_ok(b.text()), b.inputs);
}

TEST_CASE("the int8 depthwise kernel is the one that runs, where it applies",
          "[codegen][native][quant]") {
  // Conv{N, C, H, W, O, OH, OW, KH, KW, sh, sw, pt, pl, dh, dw, groups}
  CHECK(vfrt::q_dw(vfrt::Conv{1, 64, 64, 64, 64, 64, 64, 3, 3, 1, 1, 1, 1, 1, 1, 64}));
  CHECK(vfrt::q_dw(vfrt::Conv{1, 8, 9, 9, 24, 5, 5, 5, 5, 2, 2, 2, 2, 2, 1, 8}));    // M 3, dh 2
  CHECK(!vfrt::q_dw(vfrt::Conv{1, 4, 9, 9, 4, 5, 5, 3, 3, 1, 1, 2, 2, 2, 2, 4}));    // dw 2
  CHECK(!vfrt::q_dw(vfrt::Conv{1, 3, 13, 13, 3, 5, 5, 3, 3, 3, 3, 1, 1, 1, 1, 3}));  // sw 3
  CHECK(!vfrt::q_dw(vfrt::Conv{1, 8, 9, 9, 8, 7, 7, 3, 3, 1, 1, 0, 0, 1, 1, 4}));    // 2 per group
  CHECK(!vfrt::q_dw(vfrt::Conv{1, 1, 9, 9, 1, 7, 7, 3, 3, 1, 1, 0, 0, 1, 1, 1}));    // one group
}

TEST_CASE("int8 depthwise requantize at ties, every side of shift 32, extreme multipliers",
          "[codegen][native][quant]") {
  // Shifts below 32 take the scalar requantize, 32..62 the vector one; multiplier 1 with
  // shift 1 makes every odd sum a tie; full-range multipliers (INT32_MIN and INT32_MAX first)
  // with shift 62 and 32 give products up to 2^62 and clamped values at both ends.
  Builder b;
  struct Rq {
    int64_t shift, m_lo, m_hi;
  };
  const Rq rq[] = {{1, 1, 1},
                   {0, -3, 3},
                   {31, int64_t{1} << 29, (int64_t{1} << 31) - 1},
                   {32, -(int64_t{1} << 31), (int64_t{1} << 31) - 1},
                   {33, 1, 1},
                   {45, int64_t{1} << 30, (int64_t{1} << 31) - 1},
                   {62, -(int64_t{1} << 31), (int64_t{1} << 31) - 1}};
  int k = 0;
  for (const Rq& r : rq) {
    QCase c = dw(6, k % 2 + 1, 7, 20, 3, 1 + k % 2, 1);
    c.x_signed = k % 3 == 0, c.xzp = c.x_signed ? -20 : 30, c.out_signed = k % 2 == 0;
    c.shift = r.shift, c.m_lo = r.m_lo, c.m_hi = r.m_hi;
    b.conv(c);
    ++k;
  }
  const Graph g = parse_ok(b.text());
  // Not vacuous: values at both ends of the output types.
  const auto ref = interpret(CertifiedGraph::unrewritten(g), Precision::F32, b.inputs);
  int64_t low = 0, high = 0;
  for (const Tensor& t : ref)
    for (int64_t i = 0; i < t.size(); ++i)
      low += t.get(i) == -128 || t.get(i) == 0, high += t.get(i) == 127 || t.get(i) == 255;
  CHECK(low > 0);
  CHECK(high > 0);
  check_identical(g, b.inputs);
}

TEST_CASE("int8 depthwise vector requantize at ties", "[codegen][native][quant]") {
  // Small sums (|v| < 100) unclamped after rounding: multiplier -2^31 with shift 32 gives
  // -v / 2 (a tie at every odd v), 3 * 2^29 gives 3v / 8 (ties at v = 4 mod 8), 2^30 gives
  // v / 4 (ties at v = 2 mod 4); the same multipliers with shift 33 on a stride-2 conv halve
  // each again (ties at v = 2 mod 4, 8 mod 16, 4 mod 8).
  SplitMix64 rng(77);
  auto ints = [&](int64_t n, int64_t lo, int64_t hi) {
    const std::vector<int64_t> v = random_ints(rng, n, lo, hi);
    return fmt::format("{}", fmt::join(v, ", "));
  };
  std::string text = "# vfuse graph v1\ngraph(%x: Tensor[(1, 4, 6, 20), int8]) {\n";
  text += fmt::format("  %w = constant(Tensor[(4, 1, 3, 3), int8]) [{}]\n", ints(36, -2, 2));
  text += fmt::format("  %b = constant(Tensor[(4), int32]) [{}]\n", ints(4, -5, 5));
  text += "  %m = constant(Tensor[(4), int32]) [-2147483648, 1610612736, 1073741824, 1]\n";
  text += "  %m33 = constant(Tensor[(4), int32]) [-2147483648, 1610612736, 1073741824, 1]\n";
  const char* conv =
      "qconv2d(%x, %w, %b, strides=[{0}, {0}], padding=[1, 1, 1, 1], groups=4, x_zero_point=1) : "
      "Tensor[(1, 4, {1}, {2}), int32]\n";
  text += fmt::format("  %sums = {}", fmt::format(fmt::runtime(conv), 1, 6, 20));
  text += fmt::format("  %a1 = {}", fmt::format(fmt::runtime(conv), 1, 6, 20));
  text += fmt::format("  %a2 = {}", fmt::format(fmt::runtime(conv), 2, 3, 10));
  text += "  %y1 = requantize(%a1, %m, shift=32, zero_point=3) : Tensor[(1, 4, 6, 20), int8]\n";
  text += "  %y2 = requantize(%a2, %m33, shift=33, zero_point=-1) : Tensor[(1, 4, 3, 10), int8]\n";
  text += "  return %sums, %y1, %y2\n}\n";
  const Graph g = parse_ok(text);
  std::map<std::string, Tensor> inputs;
  const std::vector<int64_t> x = random_ints(rng, 480, -3, 5);
  inputs.emplace("x", Tensor::from_doubles(TensorType{DType::I8, {1, 4, 6, 20}},
                                           std::vector<double>(x.begin(), x.end())));
  // Not vacuous: odd sums in channel 0 (ties there), sums 2 mod 4 in channel 2.
  const auto ref = interpret(CertifiedGraph::unrewritten(g), Precision::F32, inputs);
  int64_t odd = 0, two = 0;
  for (int64_t i = 0; i < 120; ++i) {
    odd += static_cast<int64_t>(ref[0].get(i)) % 2 != 0;
    two += (static_cast<int64_t>(ref[0].get(240 + i)) % 4 + 4) % 4 == 2;
  }
  CHECK(odd > 10);
  CHECK(two > 5);
  check_identical(g, inputs);
}

TEST_CASE("int8 depthwise convolution on two threads and with run-time weights natively",
          "[codegen][native][quant]") {
  // Large enough for the kernel's OpenMP loop (items: sample x input channel).
  Builder b;
  b.conv(dw(64, 1, 24, 24, 3, 1, 1));
  b.conv(dw(24, 2, 40, 40, 5, 2, 2));
  const Graph g = parse_ok(b.text());
  const CertifiedGraph cg = CertifiedGraph::unrewritten(g);
  const std::vector<Tensor> ref = interpret(cg, Precision::F32, b.inputs);
  NativeOptions o;
  o.cache_dir = test::test_cache_dir();
  o.threads = 2;
  for (const bool late : {false, true}) {
    if (late) o.extra_flags = {"-DVFRT_SHARE_LATE_US=1000"};
    auto m = NativeModel::build(cg, o);
    INFO((m ? std::string() : m.error().message));
    REQUIRE(m);
    const std::vector<Tensor> out = run_native(*m, b.inputs);
    REQUIRE(out.size() == 2);
    CHECK(out[0].bytes() == ref[0].bytes());
    CHECK(out[1].bytes() == ref[1].bytes());
  }
  // Weights, bias and multipliers as inputs: packed by the emitted code (pack_q_dw).
  const Graph rt = parse_ok(R"(# vfuse graph v1
graph(%x: Tensor[(1, 6, 9, 21), uint8], %w: Tensor[(12, 1, 3, 3), int8], %b: Tensor[(12), int32], %m: Tensor[(12), int32]) {
  %acc = qconv2d(%x, %w, %b, strides=[1, 2], padding=[1, 1, 1, 1], groups=6, x_zero_point=131) : Tensor[(1, 12, 9, 11), int32]
  %y = requantize(%acc, %m, shift=38, zero_point=-2, dtype="int8") : Tensor[(1, 12, 9, 11), int8]
  return %y
}
)");
  SplitMix64 rng(8);
  auto tensor = [&](DType t, const Shape& s, int64_t lo, int64_t hi) {
    const std::vector<int64_t> v = random_ints(rng, num_elements(s), lo, hi);
    return Tensor::from_doubles(TensorType{t, s}, std::vector<double>(v.begin(), v.end()));
  };
  std::map<std::string, Tensor> inputs;
  inputs.emplace("x", tensor(DType::U8, {1, 6, 9, 21}, 0, 255));
  inputs.emplace("w", tensor(DType::I8, {12, 1, 3, 3}, -128, 127));
  inputs.emplace("b", tensor(DType::I32, {12}, -50000, 50000));
  inputs.emplace("m", tensor(DType::I32, {12}, int64_t{1} << 28, int64_t{1} << 30));
  check_identical(rt, inputs);
}

TEST_CASE("int8 depthwise natively, random cases: bit-identical to the interpreter (kernel fuzz)",
          "[codegen][native][quant][fuzz]") {
  // Random layers: kernels 1-7 (mostly 3 and 5) each way, strides 1-2 each way, multipliers
  // 1-3, padding 0 to K - 1 on each side, dilated rows, planes of 1 to 40 columns, int8 or
  // uint8 with any zero point, fused requantize (typical or random multipliers and shifts) or
  // the sums, relu clamps.
  SplitMix64 rng(3535);
  auto pick = [&](int64_t lo, int64_t hi) { return test::random_int(rng, lo, hi); };
  Builder b;
  for (int k = 0; k < 40; ++k) {
    QCase c;
    const int64_t K[] = {3, 5, 3, 5, 1, 2, 4, 7};
    c.KH = K[pick(0, 7)], c.KW = pick(0, 2) ? c.KH : K[pick(0, 7)];
    c.sh = pick(1, 2), c.sw = pick(1, 2), c.dh = pick(0, 3) ? 1 : 2;
    c.C = pick(2, 12), c.O = c.C * pick(1, 3), c.groups = c.C, c.N = pick(1, 2);
    c.pt = pick(0, c.KH - 1), c.pb = pick(0, c.KH - 1);
    c.pl = pick(0, c.KW - 1), c.pr = pick(0, c.KW - 1);
    c.H = pick(std::max<int64_t>(1, c.dh * (c.KH - 1) + 1 - c.pt - c.pb), 14);
    c.W = pick(std::max<int64_t>(1, c.KW - c.pl - c.pr), 40);
    c.x_signed = pick(0, 1), c.xzp = c.x_signed ? pick(-128, 127) : pick(0, 255);
    c.fused = pick(0, 4) != 0, c.per_channel = pick(0, 2) != 0;
    c.out_signed = pick(0, 1), c.relu = pick(0, 3) == 0;
    if (pick(0, 2) == 0) {
      c.shift = pick(0, 62);
      c.m_lo = -(int64_t{1} << 31), c.m_hi = (int64_t{1} << 31) - 1;
    }
    b.conv(c);
  }
  check_identical(parse_ok(b.text()), b.inputs);
}

}  // namespace
}  // namespace vf::codegen
