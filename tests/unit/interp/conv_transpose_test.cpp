// conv2d_transpose (ONNX ConvTranspose) run by the interpreter, in f32 and f64: the ONNX
// specification's example by hand, then strides with output_padding, pads, dilation and
// groups with bias against a naive scatter written here, on seeded random data.
#include <catch2/catch.hpp>

#include <array>
#include <optional>
#include <vector>

#include "../semantics/op_case.h"
#include "support/rng.h"

namespace vf {
namespace {

using test::attrs;
using test::i64;
using test::ints;
using test::OpCase;

/// Geometry of one case, as the attributes spell it.
struct Geometry {
  std::array<int64_t, 2> strides{1, 1};
  std::array<int64_t, 4> pads{0, 0, 0, 0};  // top, left, bottom, right
  std::array<int64_t, 2> dilation{1, 1};
  int64_t groups = 1;
  std::array<int64_t, 2> output_padding{0, 0};
};

Attrs geometry_attrs(const Geometry& g) {
  return attrs({{"strides", ints({g.strides[0], g.strides[1]})},
                {"padding", ints({g.pads[0], g.pads[1], g.pads[2], g.pads[3]})},
                {"dilation", ints({g.dilation[0], g.dilation[1]})},
                {"groups", i64(g.groups)},
                {"output_padding", ints({g.output_padding[0], g.output_padding[1]})}});
}

/// Values k/4 for k uniform in [-8, 8]: every product and every sum of these cases is
/// exact in float32, so the scatter's summation order cannot differ from the gather's.
std::vector<double> dyadic(SplitMix64& rng, int64_t n) {
  std::vector<double> v(static_cast<size_t>(n));
  for (double& e : v) e = static_cast<double>(static_cast<int64_t>(rng.next() % 17) - 8) / 4;
  return v;
}

/// The transposed convolution as ONNX describes it, a scatter: every input element
/// times every tap of its group's filters is added at output position
/// (ih*s - pad_begin + k*d) when that lies inside the output. x NCHW, w [C, O/g, kH, kW].
std::vector<double> scatter(const std::vector<double>& x, const Shape& xs,
                            const std::vector<double>& w, const Shape& ws,
                            const std::optional<std::vector<double>>& bias, const Geometry& g,
                            const Shape& out_shape) {
  const int64_t N = xs[0], C = xs[1], H = xs[2], W = xs[3];
  const int64_t cout_g = ws[1], KH = ws[2], KW = ws[3];
  const int64_t O = out_shape[1], OH = out_shape[2], OW = out_shape[3];
  const int64_t cin_g = C / g.groups;
  std::vector<double> out(static_cast<size_t>(N * O * OH * OW), 0.0);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t ih = 0; ih < H; ++ih)
        for (int64_t iw = 0; iw < W; ++iw) {
          const double xv = x[static_cast<size_t>(((n * C + c) * H + ih) * W + iw)];
          for (int64_t j = 0; j < cout_g; ++j)
            for (int64_t kh = 0; kh < KH; ++kh)
              for (int64_t kw = 0; kw < KW; ++kw) {
                const int64_t oh = ih * g.strides[0] - g.pads[0] + kh * g.dilation[0];
                const int64_t ow = iw * g.strides[1] - g.pads[1] + kw * g.dilation[1];
                if (oh < 0 || oh >= OH || ow < 0 || ow >= OW) continue;
                const int64_t o = (c / cin_g) * cout_g + j;
                const double wv = w[static_cast<size_t>(((c * cout_g + j) * KH + kh) * KW + kw)];
                out[static_cast<size_t>(((n * O + o) * OH + oh) * OW + ow)] += xv * wv;
              }
        }
  if (bias)
    for (size_t i = 0; i < out.size(); ++i)
      out[i] += (*bias)[(i / static_cast<size_t>(OH * OW)) % static_cast<size_t>(O)];
  return out;
}

/// Runs conv2d_transpose on random x, w (and bias) through the interpreter and checks
/// the output shape (given, from the ONNX formula) and every element against `scatter`.
void check_against_scatter(const Shape& xs, const Shape& ws, bool with_bias, const Geometry& g,
                           const Shape& expected_shape, uint64_t seed) {
  SplitMix64 rng(seed);
  const std::vector<double> x = dyadic(rng, num_elements(xs));
  const std::vector<double> w = dyadic(rng, num_elements(ws));
  std::optional<std::vector<double>> bias;
  if (with_bias) bias = dyadic(rng, ws[1] * g.groups);
  OpCase c;
  std::vector<NodeId> ins{c.input("x", xs, x), c.input("w", ws, w)};
  if (bias) ins.push_back(c.input("b", {ws[1] * g.groups}, *bias));
  NodeId y = c.op(OpKind::Conv2dTranspose, ins, geometry_attrs(g));
  c.check(y, expected_shape, scatter(x, xs, w, ws, bias, g, expected_shape));
}

TEST_CASE("conv2d_transpose: the ONNX specification example", "[interp][conv_transpose]") {
  // x = 0..8 as 3x3, W = ones [1, 2, 3, 3]: each output sums the inputs whose 3x3
  // scatter covers it; both output channels are equal.
  OpCase c;
  NodeId x = c.input("x", {1, 1, 3, 3}, test::iota(9, 0));
  NodeId w = c.input("w", {1, 2, 3, 3}, std::vector<double>(18, 1.0));
  const std::vector<double> plane = {0,  1,  3, 3,  2,  3,  8,  15, 12, 7,  9,  21, 36,
                                     27, 15, 9, 20, 33, 24, 13, 6,  13, 21, 15, 8};
  std::vector<double> expected = plane;
  expected.insert(expected.end(), plane.begin(), plane.end());
  c.check(c.op(OpKind::Conv2dTranspose, {x, w}), {1, 2, 5, 5}, expected);
}

TEST_CASE("conv2d_transpose: a 1x1 kernel with stride 2 spreads the input",
          "[interp][conv_transpose]") {
  // Output (2-1)*2 + 1 = 3 per side plus output_padding 1 on W: inputs land at even
  // positions scaled by w = 3; odd rows / columns and the extra column are 0.
  OpCase c;
  NodeId x = c.input("x", {1, 1, 2, 2}, {1, 2, 3, 4});
  NodeId w = c.input("w", {1, 1, 1, 1}, {3});
  NodeId y = c.op(OpKind::Conv2dTranspose, {x, w},
                  attrs({{"strides", ints({2, 2})}, {"output_padding", ints({0, 1})}}));
  c.check(y, {1, 1, 3, 4}, {3, 0, 6, 0, 0, 0, 0, 0, 9, 0, 12, 0});
}

TEST_CASE("conv2d_transpose matches a naive scatter on random data", "[interp][conv_transpose]") {
  SECTION("strides 3x2 with output_padding 1x1, batch 2") {
    // H: (3-1)*3 + 2 + 1 + 1 = 10; W: (4-1)*2 + 2 + 1 + 1 = 10.
    Geometry g;
    g.strides = {3, 2};
    g.output_padding = {1, 1};
    check_against_scatter({2, 2, 3, 4}, {2, 3, 3, 3}, false, g, {2, 3, 10, 10}, 1);
  }
  SECTION("pads [1, 2, 2, 0] with stride 2") {
    // H: (4-1)*2 - 3 + 2 + 1 = 6; W: (3-1)*2 - 2 + 1 + 1 = 4.
    Geometry g;
    g.strides = {2, 2};
    g.pads = {1, 2, 2, 0};
    check_against_scatter({1, 3, 4, 3}, {3, 2, 3, 2}, false, g, {1, 2, 6, 4}, 2);
  }
  SECTION("dilation 2, output_padding 1 below the dilation at stride 1") {
    // H: 3 + 2*2 + 1 + 1 = 9; W: 3 + 2*2 + 0 + 1 = 8.
    Geometry g;
    g.dilation = {2, 2};
    g.output_padding = {1, 0};
    check_against_scatter({1, 2, 4, 4}, {2, 2, 3, 3}, false, g, {1, 2, 9, 8}, 3);
  }
  SECTION("groups 2 with bias, stride 2") {
    // C_out = 3 * 2; H = W: (3-1)*2 + 1 + 1 = 6.
    Geometry g;
    g.strides = {2, 2};
    g.groups = 2;
    check_against_scatter({2, 4, 3, 3}, {4, 3, 2, 2}, true, g, {2, 6, 6, 6}, 4);
  }
  SECTION("everything at once: groups 3, stride (2, 3), pads, dilation (1, 2), bias") {
    // H: (5-1)*2 - 1 - 0 + 1*2 + 1 + 1 = 11; W: (3-1)*3 - 2 - 1 + 2*1 + 2 + 1 = 8.
    Geometry g;
    g.strides = {2, 3};
    g.pads = {1, 2, 0, 1};
    g.dilation = {1, 2};
    g.groups = 3;
    g.output_padding = {1, 2};
    check_against_scatter({1, 6, 5, 3}, {6, 2, 3, 2}, true, g, {1, 6, 11, 8}, 5);
  }
}

}  // namespace
}  // namespace vf
