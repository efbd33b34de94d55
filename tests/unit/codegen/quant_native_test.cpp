// Quantized inference natively (vfrt.h's int8 kernels) against the interpreter, bit for bit:
// integer arithmetic is exact, so every output must be identical. One graph holds every case
// as outputs (one compile); it is built with -march=native (vpdpbusd with AVX-512 VNNI,
// vpmaddwd with AVX2 only), for AVX2 without AVX-512 (vpmaddwd) and with the compiler's
// portable default (a plain loop).
//   - qconv2d + requantize (fused: the sums' only reader) over a grid of shapes: strides 1 / 2,
//     symmetric and asymmetric padding, dilation, groups and depthwise, 1x1 / 3x3 / 5x5 / 7x7,
//     channel counts that are not multiples of 4 or 16, several blocks of 16 output channels,
//     a batch of 2; int8 and uint8 inputs with nonzero zero points, inputs holding the extremes
//     -128 / 127 / 255, per-channel and per-tensor multipliers, a raised clamp (relu);
//   - qconv2d / qdense with their int32 sums as outputs (not fused), qdense of rank 2 and 3;
//   - qdense sums exactly INT32_MIN and INT32_MAX (65792 terms at the extremes), requantized
//     with the multiplier INT32_MIN and shift 62;
//   - quantize and dequantize with x / scale exactly k + 1/2 (ties to even) and out of range;
//   - requantize alone with ties (odd sums, multiplier 1, shift 1) and per-tensor multiplier;
//   - integer maximum / minimum with a constant (relu6 in the quantized domain) and a
//     transpose / reshape / concat of int8 tensors.
#include <catch2/catch.hpp>
#include <limits>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "codegen/emit.h"
#include "codegen_test_util.h"
#include "ir/attrs.h"
#include "ir/certified_graph.h"
#include "ir/shape_inference.h"
#include "ir/text_parser.h"
#include "lower/lir.h"
#include "lower/memory_plan.h"
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
using test::type_text;

TEST_CASE("int8 convolutions natively are bit-identical to the interpreter",
          "[codegen][native][quant]") {
  Builder b;
  std::vector<QCase> cases;
  auto add = [&](QCase c) { cases.push_back(c); };
  add({.C = 8, .H = 7, .W = 7, .O = 16, .KH = 1, .KW = 1, .xzp = 3});
  add({.C = 5,
       .H = 9,
       .W = 9,
       .O = 20,
       .pt = 1,
       .pl = 1,
       .pb = 1,
       .pr = 1,
       .x_signed = true,
       .xzp = -7});
  add({.C = 16,
       .H = 10,
       .W = 11,
       .O = 33,
       .sh = 2,
       .sw = 2,
       .pt = 1,
       .pl = 1,
       .pb = 1,
       .pr = 1,
       .xzp = 128,
       .out_signed = false});
  add({.C = 3,
       .H = 17,
       .W = 17,
       .O = 8,
       .KH = 7,
       .KW = 7,
       .sh = 2,
       .sw = 2,
       .pt = 3,
       .pl = 3,
       .pb = 3,
       .pr = 3,
       .x_signed = true,
       .xzp = 0,
       .relu = true});
  add({.C = 8,
       .H = 6,
       .W = 7,
       .O = 12,
       .pt = 1,
       .pl = 0,
       .pb = 2,
       .pr = 1,
       .groups = 2,
       .x_signed = true,
       .xzp = 100,
       .per_channel = false});
  add({.C = 12,
       .H = 8,
       .W = 8,
       .O = 12,
       .pt = 1,
       .pl = 1,
       .pb = 1,
       .pr = 1,
       .groups = 12,
       .xzp = 100});
  add({.C = 6,
       .H = 9,
       .W = 10,
       .O = 6,
       .KH = 5,
       .KW = 5,
       .sh = 2,
       .sw = 2,
       .pt = 2,
       .pl = 2,
       .pb = 2,
       .pr = 2,
       .groups = 6,
       .x_signed = true,
       .xzp = -128,
       .out_signed = false,
       .relu = true});
  add({.C = 4,
       .H = 9,
       .W = 9,
       .O = 7,
       .pt = 2,
       .pl = 2,
       .pb = 2,
       .pr = 2,
       .dh = 2,
       .dw = 2,
       .xzp = 255});
  add({.N = 2,
       .C = 6,
       .H = 5,
       .W = 5,
       .O = 64,
       .pt = 1,
       .pl = 1,
       .pb = 1,
       .pr = 1,
       .x_signed = true,
       .xzp = 127});
  add({.C = 20, .H = 7, .W = 7, .O = 80, .pt = 1, .pl = 1, .pb = 1, .pr = 1, .xzp = 9});
  add({.C = 7,
       .H = 6,
       .W = 5,
       .O = 18,
       .pt = 0,
       .pl = 1,
       .pb = 1,
       .pr = 0,
       .xzp = 1,
       .fused = false});
  // Larger planes for the pixel-lane kernel (vfrt.h): several tiles per plane, output
  // channels past the last block of 8, wide-grid columns dropped, two samples, stride-2
  // phase planes with odd sizes, groups, and a 1x1 stride-2 layer (one phase read).
  add({.N = 2,
       .C = 21,
       .H = 23,
       .W = 19,
       .O = 43,
       .pt = 1,
       .pl = 1,
       .pb = 1,
       .pr = 1,
       .x_signed = true,
       .xzp = -3});
  add({.C = 10,
       .H = 21,
       .W = 17,
       .O = 36,
       .sh = 2,
       .sw = 2,
       .pt = 1,
       .pl = 0,
       .pb = 2,
       .pr = 1,
       .groups = 2,
       .xzp = 77,
       .out_signed = false});
  add({.C = 12,
       .H = 15,
       .W = 15,
       .O = 24,
       .KH = 1,
       .KW = 1,
       .sh = 2,
       .sw = 2,
       .xzp = 4,
       .fused = false});
  // Small planes with many taps x channels: the channel-lane kernel (its 4 x 6 tile in
  // assembly, then the fifth block and the remaining pixels), stride 1 and 2.
  add({.C = 32,
       .H = 7,
       .W = 7,
       .O = 80,
       .pt = 1,
       .pl = 1,
       .pb = 1,
       .pr = 1,
       .x_signed = true,
       .xzp = -20});
  add({.C = 36,
       .H = 14,
       .W = 13,
       .O = 64,
       .sh = 2,
       .sw = 2,
       .pt = 1,
       .pl = 1,
       .pb = 1,
       .pr = 1,
       .xzp = 200,
       .out_signed = false});
  add({.dense = true, .N = 3, .C = 37, .O = 50, .x_signed = true, .xzp = 5});
  add({.dense = true, .N = 2, .C = 10, .O = 17, .xzp = 200, .out_signed = false, .dense_rows = 4});
  add({.dense = true, .N = 2, .C = 9, .O = 5, .x_signed = true, .xzp = -1, .fused = false});
  for (const QCase& c : cases) b.conv(c);
  const Graph g = parse_ok(b.text());
  check_identical(g, b.inputs);

  // The sums fuse with their requantize (no int32 buffer), except where they are outputs.
  auto p = lir::lower(CertifiedGraph::unrewritten(g));
  REQUIRE(p);
  const auto plan = lir::verify_plan(*p);  // placed by words, no two live buffers overlap
  INFO((plan ? std::string() : plan.error().message));
  CHECK(plan);
  int fused = 0;
  for (const lir::Instr& ins : p->instrs)
    if (ins.op == OpKind::QConv2d || ins.op == OpKind::QDense) fused += !ins.stages.empty();
  CHECK(fused == 16);
  for (const lir::Buffer& buf : p->buffers)
    if (buf.dtype == DType::U8 || buf.dtype == DType::I8)
      CHECK(buf.words() == (buf.elements + 3) / 4);
}

TEST_CASE("int8 sums at the int32 extremes and requantize's extreme product natively",
          "[codegen][native][quant]") {
  // 65792 terms: 255 * 128 * 65792 = 2^31 - 32768. uint8 255 against -128 with bias -32768
  // gives INT32_MIN; int8 -128 less the zero point 127 against -128, bias 32767, INT32_MAX.
  const int64_t K = 65792;
  std::string text =
      "# vfuse graph v1\ngraph(%a: Tensor[(1, 65792), uint8], %b: Tensor[(1, 65792), int8]) {\n";
  std::vector<int64_t> w(K, -128);
  text += fmt::format("  %w = constant(Tensor[(1, 65792), int8]) [{}]\n", fmt::join(w, ", "));
  text += "  %bmin = constant(Tensor[(1), int32]) [-32768]\n";
  text += "  %bmax = constant(Tensor[(1), int32]) [32767]\n";
  text += "  %m = constant(Tensor[(1), int32]) [-2147483648]\n";
  text += "  %lo = qdense(%a, %w, %bmin) : Tensor[(1, 1), int32]\n";
  text += "  %hi = qdense(%b, %w, %bmax, x_zero_point=127) : Tensor[(1, 1), int32]\n";
  text += "  %hi2 = qdense(%b, %w, %bmax, x_zero_point=127) : Tensor[(1, 1), int32]\n";
  text += "  %ylo = requantize(%lo, %m, axis=1, shift=62, zero_point=-5) : Tensor[(1, 1), int8]\n";
  text += "  %yhi = requantize(%hi2, %m, axis=1, shift=61, zero_point=0) : Tensor[(1, 1), int8]\n";
  text += "  return %lo, %hi, %ylo, %yhi\n}\n";
  const Graph g = parse_ok(text);
  std::map<std::string, Tensor> inputs;
  inputs.emplace("a",
                 Tensor::from_doubles(TensorType{DType::U8, {1, K}}, std::vector<double>(K, 255)));
  inputs.emplace("b",
                 Tensor::from_doubles(TensorType{DType::I8, {1, K}}, std::vector<double>(K, -128)));
  const auto ref = interpret(CertifiedGraph::unrewritten(g), Precision::F32, inputs);
  CHECK(ref[0].get(0) == INT32_MIN);
  CHECK(ref[1].get(0) == INT32_MAX);
  CHECK(ref[2].get(0) == -4);  // 2^62 / 2^62 - 5
  CHECK(ref[3].get(0) == -2);  // (-2^62 + 2^31) / 2^61 to nearest
  check_identical(g, inputs);
}

TEST_CASE("int8 convs with a fused requantize at ties, shift 0 and saturating products natively",
          "[codegen][native][quant]") {
  // Each conv's sums requantized in its epilogue (the pixel-lane kernel: 6x6 planes): by 2
  // (every odd sum a tie), shift 0 (most values saturate), the least multiplier with shift 62,
  // the greatest with shift 31, and to uint8.
  uint32_t seed = 12345;
  auto next = [&] { return seed = seed * 1103515245u + 12345u, static_cast<int>(seed >> 16); };
  std::vector<int> w(8 * 8 * 9), b(8);
  for (int& v : w) v = next() % 256 - 128;
  for (int& v : b) v = next() % 2001 - 1000;
  std::string text =
      "# vfuse graph v1\ngraph(%x: Tensor[(1, 8, 6, 6), int8]) {\n" +
      fmt::format("  %w = constant(Tensor[(8, 8, 3, 3), int8]) [{}]\n", fmt::join(w, ", ")) +
      fmt::format("  %b = constant(Tensor[(8), int32]) [{}]\n", fmt::join(b, ", "));
  struct Rq {
    const char* m;
    int shift, zp;
    const char* dtype;
  };
  const Rq rq[] = {{"[1]", 1, 3, "int8"},
                   {"[1]", 0, -5, "int8"},
                   {"[-2147483648]", 62, 0, "int8"},
                   {"[2147483647]", 31, 7, "int8"},
                   {"[3, 5, 7, 9, 11, 13, 15, 17]", 2, 100, "uint8"}};
  std::vector<std::string> outs;
  for (size_t k = 0; k < std::size(rq); ++k) {
    const bool u8 = std::string(rq[k].dtype) == "uint8";
    const int mc = std::string(rq[k].m).find(',') == std::string::npos ? 1 : 8;
    text += fmt::format("  %m{} = constant(Tensor[({}), int32]) {}\n", k, mc, rq[k].m);
    text += fmt::format(
        "  %a{} = qconv2d(%x, %w, %b, padding=[1, 1, 1, 1], x_zero_point={}) : "
        "Tensor[(1, 8, 6, 6), int32]\n",
        k, static_cast<int>(k) - 2);
    text += fmt::format(
        "  %y{0} = requantize(%a{0}, %m{0}, axis=1, shift={1}, zero_point={2}{3}) : "
        "Tensor[(1, 8, 6, 6), {4}]\n",
        k, rq[k].shift, rq[k].zp, u8 ? ", qmin=0, qmax=255, dtype=\"uint8\"" : "", rq[k].dtype);
    outs.push_back(fmt::format("%y{}", k));
  }
  text += fmt::format("  return {}\n}}\n", fmt::join(outs, ", "));
  const Graph g = parse_ok(text);
  std::vector<double> x(8 * 36);
  for (double& v : x) v = next() % 256 - 128;
  std::map<std::string, Tensor> inputs;
  inputs.emplace("x", Tensor::from_doubles(TensorType{DType::I8, {1, 8, 6, 6}}, x));
  // The cases are not vacuous: ties, clamped values at both ends.
  const auto ref = interpret(CertifiedGraph::unrewritten(g), Precision::F32, inputs);
  int64_t lo = 0, hi = 0;
  for (int64_t i = 0; i < ref[1].size(); ++i)
    lo += ref[1].get(i) == -128, hi += ref[1].get(i) == 127;
  CHECK(lo > 0);
  CHECK(hi > 0);
  check_identical(g, inputs);
}

TEST_CASE(
    "quantize, dequantize, requantize, integer maximum / minimum and int8 movement "
    "natively",
    "[codegen][native][quant]") {
  const Graph g = parse_ok(R"(# vfuse graph v1
graph(%x: Tensor[(2, 3, 4, 5), float32], %acc: Tensor[(2, 3, 4, 5), int32]) {
  %q = quantize(%x, scale=0.5, zero_point=-1, dtype="int8") : Tensor[(2, 3, 4, 5), int8]
  %u = quantize(%x, scale=0.5, zero_point=3, dtype="uint8") : Tensor[(2, 3, 4, 5), uint8]
  %d = dequantize(%q, scale=0.37, zero_point=-1) : Tensor[(2, 3, 4, 5), float32]
  %m = constant(Tensor[(1), int32]) [1]
  %mc = constant(Tensor[(3,), int32]) [1, 3, 1073741823]
  %r = requantize(%acc, %m, shift=1, zero_point=2) : Tensor[(2, 3, 4, 5), int8]
  %rc = requantize(%acc, %mc, shift=3, zero_point=0, qmin=0, qmax=255, dtype="uint8") : Tensor[(2, 3, 4, 5), uint8]
  %da = dequantize(%acc, scale=0.001) : Tensor[(2, 3, 4, 5), float32]
  %zero = constant(Tensor[(1), int8]) [-1]
  %six = constant(Tensor[(1), int8]) [11]
  %relu = maximum(%q, %zero) : Tensor[(2, 3, 4, 5), int8]
  %relu6 = minimum(%relu, %six) : Tensor[(2, 3, 4, 5), int8]
  %t = transpose(%u, perm=[0, 2, 3, 1]) : Tensor[(2, 4, 5, 3), uint8]
  %f = reshape(%t, shape=[2, 60]) : Tensor[(2, 60), uint8]
  %c = concat(%relu6, %q, axis=1) : Tensor[(2, 6, 4, 5), int8]
  return %q, %u, %d, %r, %rc, %da, %relu6, %f, %c
}
)");
  // x / 0.5 = k + 1/2 exactly for every element (ties to even), and far out of range.
  std::vector<float> x(120);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i) * 0.5f - 30.25f;
  x[0] = -1000.f;
  x[1] = 1000.f;
  x[2] = -0.f;
  // NaN gives the type's least value, infinities saturate (in the vector loop and its tail).
  x[100] = std::numeric_limits<float>::quiet_NaN();
  x[101] = std::numeric_limits<float>::infinity();
  x[102] = -std::numeric_limits<float>::infinity();
  x[103] = 3e38f;
  x[115] = std::numeric_limits<float>::quiet_NaN();
  std::vector<double> acc(120);
  for (size_t i = 0; i < acc.size(); ++i)
    acc[i] = static_cast<double>(static_cast<int64_t>(i) * 2 - 121);  // odd: ties at shift 1
  acc[3] = INT32_MIN;
  acc[4] = INT32_MAX;
  std::map<std::string, Tensor> inputs;
  inputs.emplace("x", Tensor::from_floats({2, 3, 4, 5}, x));
  inputs.emplace("acc", Tensor::from_doubles(TensorType{DType::I32, {2, 3, 4, 5}}, acc));
  const auto ref = interpret(CertifiedGraph::unrewritten(g), Precision::F32, inputs);
  CHECK(ref[0].get(4) == -57);  // -28.25 / 0.5 = -56.5: to -56 (even), then the zero point
  CHECK(ref[0].get(5) == -57);  // -27.75 / 0.5 = -55.5: to -56
  CHECK(ref[0].get(100) == -128);
  CHECK(ref[0].get(101) == 127);
  CHECK(ref[0].get(102) == -128);
  CHECK(ref[0].get(115) == -128);
  check_identical(g, inputs);
}

TEST_CASE("int8 convolutions with weights, bias and multipliers computed at run time natively",
          "[codegen][native][quant]") {
  // Not constants: packed by the emitted code into scratch before each call.
  const Graph g = parse_ok(R"(# vfuse graph v1
graph(%x: Tensor[(1, 6, 7, 7), int8], %w: Tensor[(20, 3, 3, 3), int8], %b: Tensor[(20), int32], %m: Tensor[(20), int32]) {
  %acc = qconv2d(%x, %w, %b, padding=[1, 1, 1, 1], groups=2, x_zero_point=-4) : Tensor[(1, 20, 7, 7), int32]
  %y = requantize(%acc, %m, shift=36, zero_point=7, dtype="int8") : Tensor[(1, 20, 7, 7), int8]
  return %y
}
)");
  SplitMix64 rng(5);
  auto tensor = [&](DType t, const Shape& s, int64_t lo, int64_t hi) {
    const std::vector<int64_t> v = random_ints(rng, num_elements(s), lo, hi);
    return Tensor::from_doubles(TensorType{t, s}, std::vector<double>(v.begin(), v.end()));
  };
  std::map<std::string, Tensor> inputs;
  inputs.emplace("x", tensor(DType::I8, {1, 6, 7, 7}, -128, 127));
  inputs.emplace("w", tensor(DType::I8, {20, 3, 3, 3}, -128, 127));
  inputs.emplace("b", tensor(DType::I32, {20}, -50000, 50000));
  inputs.emplace("m", tensor(DType::I32, {20}, int64_t{1} << 28, int64_t{1} << 30));
  check_identical(g, inputs);
}

TEST_CASE("int8 convolution split between two threads natively", "[codegen][native][quant]") {
  // Large enough (16 x 16 pixels x 64 x 32 x 9 MACs) for the kernel's OpenMP loop; the
  // second one (16 channel quads of 26 x 26 padded pixels) for the input packing's too.
  Builder b;
  b.conv({.C = 32, .H = 16, .W = 16, .O = 64, .pt = 1, .pl = 1, .pb = 1, .pr = 1,
          .x_signed = true, .xzp = 2});
  b.conv({.C = 64, .H = 24, .W = 24, .O = 24, .pt = 1, .pl = 1, .pb = 1, .pr = 1, .xzp = 9});
  const Graph g = parse_ok(b.text());
  const CertifiedGraph cg = CertifiedGraph::unrewritten(g);
  const std::vector<Tensor> ref = interpret(cg, Precision::F32, b.inputs);
  NativeOptions o;
  o.cache_dir = test::test_cache_dir();
  o.threads = 2;
  // Both threads on time, then the second starting each parallel loop 1 ms late (the first
  // takes items of its share: vfrt::Share).
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
}

TEST_CASE("qadd natively, random cases: bit-identical to the interpreter (kernel fuzz)",
          "[codegen][native][quant][fuzz]") {
  // Random residual adds: int8 / uint8 inputs and output, zero points anywhere in their
  // type, multipliers below 2^22 (what vfuse quantize chooses: the int32-lane kernel) and
  // up to 2^31 - 1 with shifts to 62 (the 64-bit path), negative multipliers, shift 0, ties
  // (multipliers 1 and shift 1: every odd sum a tie), raised and lowered clamps, sizes that
  // are not multiples of 16 and one above 2^16 (the chunks of elementwise_chunks), and the
  // extremes of both inputs in every case (random_ints puts them first).
  SplitMix64 rng(35);
  auto pick = [&](int64_t lo, int64_t hi) { return test::random_int(rng, lo, hi); };
  std::string params, body;
  std::vector<std::string> outs;
  std::map<std::string, Tensor> inputs;
  const Shape shapes[] = {{1, 3, 5, 7}, {2, 16}, {1, 8, 4, 4}, {17}, {1, 16, 64, 72}, {3, 1, 1, 1}};
  for (int k = 0; k < 36; ++k) {
    const Shape s = shapes[static_cast<size_t>(k) % std::size(shapes)];
    const bool as = pick(0, 1), bs = pick(0, 1), ys = pick(0, 1);
    const IntRange ar = as ? IntRange{-128, 127} : IntRange{0, 255};
    const IntRange br = bs ? IntRange{-128, 127} : IntRange{0, 255};
    const IntRange yr = ys ? IntRange{-128, 127} : IntRange{0, 255};
    const char* at = as ? "int8" : "uint8";
    const char* bt = bs ? "int8" : "uint8";
    const char* yt = ys ? "int8" : "uint8";
    int64_t ma, mb, shift;
    switch (k % 6) {
      case 0: ma = 1, mb = 1, shift = 1; break;                      // ties
      case 1: ma = pick(1, 40), mb = pick(-40, 40), shift = 0; break;  // no rounding
      case 2:  // 64-bit path
        ma = pick(int64_t{1} << 29, (int64_t{1} << 31) - 1), mb = pick(-(int64_t{1} << 31), 0);
        shift = pick(31, 62);
        break;
      default:  // what the quantizer writes: below 2^22, shift about 20
        ma = pick(int64_t{1} << 19, (int64_t{1} << 22) - 1);
        mb = pick(int64_t{1} << 18, (int64_t{1} << 22) - 1);
        if (k % 6 == 5) mb = -mb;
        shift = pick(18, 30);
    }
    const int64_t za = pick(ar.lo, ar.hi), zb = pick(br.lo, br.hi), z = pick(yr.lo, yr.hi);
    int64_t lo = yr.lo, hi = yr.hi;
    if (k % 4 == 3) lo = z;                        // a folded relu
    if (k % 8 == 7) hi = std::min(yr.hi, std::max(lo, z + 24));  // a folded relu6
    const std::string a = fmt::format("a{}", k), b = fmt::format("b{}", k);
    for (const auto& [name, t, r, ty] : {std::tuple{a, at, ar, as ? DType::I8 : DType::U8},
                                          std::tuple{b, bt, br, bs ? DType::I8 : DType::U8}}) {
      params += fmt::format("{}%{}: {}", params.empty() ? "" : ", ", name, type_text(s, t));
      const std::vector<int64_t> v = random_ints(rng, num_elements(s), r.lo, r.hi);
      inputs.emplace(name, Tensor::from_doubles(TensorType{ty, s},
                                                std::vector<double>(v.begin(), v.end())));
    }
    body += fmt::format("  %ma{} = constant(Tensor[(1), int32]) [{}]\n", k, ma);
    body += fmt::format("  %mb{} = constant(Tensor[(1), int32]) [{}]\n", k, mb);
    body += fmt::format(
        "  %y{0} = qadd(%{1}, %{2}, %ma{0}, %mb{0}, a_zero_point={3}, b_zero_point={4}, "
        "shift={5}, zero_point={6}, qmin={7}, qmax={8}, dtype=\"{9}\") : {10}\n",
        k, a, b, za, zb, shift, z, lo, hi, yt, type_text(s, yt));
    outs.push_back(fmt::format("%y{}", k));
  }
  const Graph g = parse_ok(fmt::format("# vfuse graph v1\ngraph({}) {{\n{}  return {}\n}}\n",
                                       params, body, fmt::join(outs, ", ")));
  // Not vacuous: the tie cases hit both roundings, and values clamp at both ends.
  const auto ref = interpret(CertifiedGraph::unrewritten(g), Precision::F32, inputs);
  int64_t clamped = 0;
  for (const Tensor& t : ref)
    for (int64_t i = 0; i < t.size(); ++i)
      clamped += t.get(i) == -128 || t.get(i) == 127 || t.get(i) == 255;
  CHECK(clamped > 0);
  check_identical(g, inputs);
}

TEST_CASE("qadd's formula on hand-computed values", "[codegen][native][quant]") {
  // (a - za) ma + (b - zb) mb rounded once by 2^shift, ties to even, then + z and clamped.
  const Graph g = parse_ok(R"(# vfuse graph v1
graph(%a: Tensor[(6), uint8], %b: Tensor[(6), int8]) {
  %ma = constant(Tensor[(1), int32]) [3]
  %mb = constant(Tensor[(1), int32]) [1]
  %y = qadd(%a, %b, %ma, %mb, a_zero_point=10, b_zero_point=-2, shift=2, zero_point=5, qmin=0, qmax=20, dtype="uint8") : Tensor[(6), uint8]
  return %y
}
)");
  std::map<std::string, Tensor> inputs;
  // p = 3 (a - 10) + (b + 2): 6 -> 1.5 -> 2; 2 -> 0.5 -> 0; 10 -> 2.5 -> 2; -9 -> -2.25 -> -2;
  // 3*245 + 127 + 2 = 864 -> 216 -> clamp 20; -30 - 126 = -156 -> -39 -> clamp 0.
  const std::vector<double> av = {12, 10, 12, 7, 255, 0}, bv = {-2, 0, 2, -2, 127, -128};
  inputs.emplace("a", Tensor::from_doubles(TensorType{DType::U8, {6}}, av));
  inputs.emplace("b", Tensor::from_doubles(TensorType{DType::I8, {6}}, bv));
  const auto ref = interpret(CertifiedGraph::unrewritten(g), Precision::F32, inputs);
  const double want[] = {2 + 5, 0 + 5, 2 + 5, -2 + 5, 20, 0};
  for (int i = 0; i < 6; ++i) CHECK(ref[0].get(i) == want[i]);
  check_identical(g, inputs);
}

}  // namespace
}  // namespace vf::codegen

namespace vf::codegen {
namespace {

TEST_CASE("integer max pools natively, random cases: bit-identical to the interpreter (kernel fuzz)",
          "[codegen][native][quant][fuzz]") {
  // Random max pools of int8 / uint8 tensors (vfrt::qmax_pool2d): windows 1 to 5 wide,
  // strides 1 to 3, padding on any side below the window (asymmetric too), dilation 2,
  // ceil_mode's last partial windows, thin planes of 1 to 3 rows, a batch of 2. Some int8
  // cases hold only negative values, so that padding read as 0 instead of below every tap
  // would show; the extremes are in every case (random_ints puts them first).
  SplitMix64 rng(351);
  auto pick = [&](int64_t lo, int64_t hi) { return test::random_int(rng, lo, hi); };
  Graph g;
  std::map<std::string, Tensor> inputs;
  int cases = 0;
  while (cases < 40) {
    const int64_t k = cases;
    const int64_t kh = pick(1, 5), kw = k % 5 == 4 ? kh : pick(1, 5);
    const int64_t sh = pick(1, 3), sw = pick(1, 3);
    const int64_t dh = k % 7 == 6 ? 2 : 1, dw = k % 7 == 5 ? 2 : 1;
    const int64_t pt = pick(0, kh - 1), pl = pick(0, kw - 1), pb = pick(0, kh - 1),
                  pr = pick(0, kw - 1);
    const int64_t H = k % 3 == 0 ? pick(1, 3) : pick(4, 40), W = pick(1, 40);
    const int64_t N = k % 9 == 8 ? 2 : 1, C = pick(1, 6);
    const bool ceil = k % 4 == 1;
    // Every window must have a tap in the input (an integer has no -inf; the emitter refuses
    // such a pool: the test below).
    auto nonempty = [](int64_t n, int64_t lo, int64_t hi, int64_t kk, int64_t st, int64_t d,
                       bool c) {
      const int64_t o = window_output_size(n, lo, hi, kk, st, d, c);
      if (o < 1) return false;
      for (int64_t i = 0; i < o; ++i) {
        bool any = false;
        for (int64_t t = 0; t < kk; ++t) any = any || (i * st - lo + t * d >= 0 && i * st - lo + t * d < n);
        if (!any) return false;
      }
      return true;
    };
    if (!nonempty(H, pt, pb, kh, sh, dh, ceil) || !nonempty(W, pl, pr, kw, sw, dw, ceil)) continue;
    const bool is_signed = k % 2 == 0;
    const bool negative = is_signed && k % 6 == 2;
    const DType dt = is_signed ? DType::I8 : DType::U8;
    const Shape s{N, C, H, W};
    const std::string name = fmt::format("x{}", k);
    const NodeId x = g.add_input(name, TensorType{dt, s});
    const std::vector<int64_t> v =
        random_ints(rng, num_elements(s), is_signed ? -128 : 0, negative ? -1 : is_signed ? 127 : 255);
    inputs.emplace(name, Tensor::from_doubles(TensorType{dt, s}, std::vector<double>(v.begin(), v.end())));
    Attrs a;
    a.set("pool_size", std::vector<int64_t>{kh, kw});
    a.set("strides", std::vector<int64_t>{sh, sw});
    a.set("padding", std::vector<int64_t>{pt, pl, pb, pr});
    a.set("dilation", std::vector<int64_t>{dh, dw});
    a.set("ceil_mode", int64_t{ceil});
    REQUIRE(normalize_attrs(OpKind::MaxPool2d, a));
    g.add_output(g.add_node(OpKind::MaxPool2d, fmt::format("y{}", k), {x}, std::move(a)));
    ++cases;
  }
  REQUIRE(infer_types(g));
  check_identical(g, inputs);
}

}  // namespace
}  // namespace vf::codegen

namespace vf::codegen {
namespace {

TEST_CASE("integer max pools natively: a window in the padding alone, or int32, is refused",
          "[codegen][native][quant]") {
  // Padding 3 above a 1-row input, window 2: the first two windows cover rows -3 .. -1,
  // all padding. Float reads -inf there; an integer pool has no such value.
  const Graph g = parse_ok(R"(# vfuse graph v1
graph(%x: Tensor[(1, 1, 1, 4), int8]) {
  %y = max_pool2d(%x, pool_size=[2, 1], padding=[3, 0, 0, 0]) : Tensor[(1, 1, 3, 4), int8]
  return %y
}
)");
  NativeOptions o;
  o.cache_dir = test::test_cache_dir();
  auto m = NativeModel::build(CertifiedGraph::unrewritten(g), o);
  REQUIRE(!m);
  CHECK_THAT(m.error().message, Catch::Contains("a max pool window with no tap in the input"));
  // The integer kernel is for bytes (quantized tensors): an int32 pool has none.
  const Graph g32 = parse_ok(R"(# vfuse graph v1
graph(%x: Tensor[(1, 1, 4, 4), int32]) {
  %y = max_pool2d(%x, pool_size=[2, 2], strides=[2, 2]) : Tensor[(1, 1, 2, 2), int32]
  return %y
}
)");
  auto m32 = NativeModel::build(CertifiedGraph::unrewritten(g32), o);
  REQUIRE(!m32);
  CHECK_THAT(m32.error().message, Catch::Contains("no kernel for max_pool2d on int32 tensors"));
}

}  // namespace
}  // namespace vf::codegen
