// fused_conv2d / fused_dense: the epilogue act(((acc + bias) * scale + shift) + residual)
// checked two ways: bit for bit against the composition of the standalone operators in
// the same graph (same roundings in the same order, so equality is exact), and against
// hand values for chosen elements.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "op_case.h"

namespace vf {
namespace {

using test::attrs;
using test::f64;
using test::i64;
using test::ints;
using test::OpCase;
using test::str;

/// One activation of the epilogue and its standalone operator.
struct Act {
  std::string name;  ///< epilogue spelling
  double alpha = 0, beta = 0;
  OpKind op = OpKind::Relu;
  Attrs op_attrs;
};

std::vector<Act> activations() {
  return {
      {"none", 0, 0, OpKind::Relu, {}},  // op unused
      {"relu", 0, 0, OpKind::Relu, {}},
      {"leaky_relu", 0.1, 0, OpKind::LeakyRelu, attrs({{"alpha", f64(0.1)}})},
      {"clip", -0.5, 0.5, OpKind::Clip, attrs({{"min", f64(-0.5)}, {"max", f64(0.5)}})},
      {"hard_swish", 0, 0, OpKind::HardSwish, {}},
      {"hard_sigmoid", 0.2, 0.5, OpKind::HardSigmoid,
       attrs({{"alpha", f64(0.2)}, {"beta", f64(0.5)}})},
      {"sigmoid", 0, 0, OpKind::Sigmoid, {}},
  };
}

Attrs epilogue(const Act& a, bool bias, bool scale, bool shift, bool residual) {
  return attrs({{"has_bias", i64(bias)},
                {"has_scale", i64(scale)},
                {"has_shift", i64(shift)},
                {"has_residual", i64(residual)},
                {"activation", str(a.name)},
                {"act_alpha", f64(a.alpha)},
                {"act_beta", f64(a.beta)}});
}

bool bit_identical(const Tensor& a, const Tensor& b) {
  return a.type() == b.type() && a.bytes() == b.bytes();
}

// Conv inputs: x (1,2,3,3), w (2,2,2,2), padding [1,0,0,1] -> out (1,2,3,3).
const std::vector<double> kConvX = {1, 2, 0,  -1, 3, 1, 2, -2, 1,    // c0
                                    0, 1, -1, 2,  0, 1, 1, 1,  -3};  // c1
const std::vector<double> kConvW = {1,  0, 0, -1, 0.5, 0.5, -1, 1,   // o0: ci0, ci1
                                    -1, 2, 1, 0,  1,   1,   1,  1};  // o1: ci0, ci1
const std::vector<double> kConvBias = {0.5, -1};
const std::vector<double> kConvScale = {2, 3};
const std::vector<double> kConvShift = {1, 0.25};
const std::vector<double> kConvResidual = {0.5,  -0.5, 0.25, 1,   0,     -1,    0.75, 0.25, 2,
                                           -2.5, 0.5,  0,    1.5, -0.25, 0.125, 0,    1,    -1};

TEST_CASE("fused_conv2d equals conv2d + bias_add + multiply + add + add + activation",
          "[semantics]") {
  const Attrs geometry = attrs({{"padding", ints({1, 0, 0, 1})}});
  // Which epilogue parts are present: all, and a few partial combinations (the inputs
  // then shift down, which the fused op must follow).
  struct Parts {
    bool bias, scale, shift, residual;
  };
  const Parts combos[] = {{true, true, true, true},
                          {true, false, false, false},
                          {false, true, false, true},
                          {false, false, true, false},
                          {false, false, false, false}};
  for (const Act& act : activations()) {
    for (const Parts& parts : combos) {
      INFO("activation " << act.name << " bias " << parts.bias << " scale " << parts.scale
                         << " shift " << parts.shift << " residual " << parts.residual);
      OpCase c;
      NodeId x = c.input("x", {1, 2, 3, 3}, kConvX);
      NodeId w = c.input("w", {2, 2, 2, 2}, kConvW);
      NodeId bias = c.input("bias", {2}, kConvBias);
      NodeId scale = c.input("scale", {2}, kConvScale);
      NodeId shift = c.input("shift", {2}, kConvShift);
      NodeId res = c.input("res", {1, 2, 3, 3}, kConvResidual);

      std::vector<NodeId> fused_in = {x, w};
      if (parts.bias) fused_in.push_back(bias);
      if (parts.scale) fused_in.push_back(scale);
      if (parts.shift) fused_in.push_back(shift);
      if (parts.residual) fused_in.push_back(res);
      Attrs fa = epilogue(act, parts.bias, parts.scale, parts.shift, parts.residual);
      for (const auto& [k, v] : geometry.entries()) fa.set(k, v);
      NodeId fused = c.op(OpKind::FusedConv2d, fused_in, fa);

      const Attrs per_channel = attrs({{"axis", i64(1)}, {"num_newaxis", i64(2)}});
      NodeId y = c.op(OpKind::Conv2d, {x, w}, geometry);
      if (parts.bias) y = c.op(OpKind::BiasAdd, {y, bias});
      if (parts.scale)
        y = c.op(OpKind::Multiply, {y, c.op(OpKind::ExpandDims, {scale}, per_channel)});
      if (parts.shift) y = c.op(OpKind::Add, {y, c.op(OpKind::ExpandDims, {shift}, per_channel)});
      if (parts.residual) y = c.op(OpKind::Add, {y, res});
      if (act.name != "none") y = c.op(act.op, {y}, act.op_attrs);

      c.output(fused);
      c.output(y);
      for (Precision p : test::kPrecisions) {
        INFO("precision " << test::precision_name(p));
        auto outs = c.run(p);
        REQUIRE(outs[0].shape() == Shape{1, 2, 3, 3});
        CHECK(bit_identical(outs[0], outs[1]));
      }
    }
  }
}

TEST_CASE("fused_conv2d with a full epilogue: hand values", "[semantics]") {
  // Element (0,0,2,1): rows 1,2 and cols 1,2 of both channels.
  //   o0/ci0 [[1,0],[0,-1]] . [[3,1],[-2,1]] = 3 - 1 = 2
  //   o0/ci1 [[.5,.5],[-1,1]] . [[0,1],[1,-3]] = .5 - 1 - 3 = -3.5      -> acc = -1.5
  //   (-1.5 + 0.5) * 2 + 1 + res[7] = 0.25                               -> -0.75
  // Element (0,1,0,0): row -1 is padding, row 0 cols 0,1.
  //   o1/ci0 row [1,0] . [1,2] = 1;  o1/ci1 row [1,1] . [0,1] = 1        -> acc = 2
  //   (2 - 1) * 3 + 0.25 + res[9] = -2.5                                 -> 0.75
  // Activations of (-0.75, 0.75):
  //   none (-0.75, 0.75); relu (0, 0.75); leaky_relu 0.1 (-0.075, 0.75);
  //   clip [-0.5, 0.5] (-0.5, 0.5); hard_swish: -0.75 * 2.25 / 6 = -0.28125,
  //   0.75 * 3.75 / 6 = 0.46875; hard_sigmoid 0.2x+0.5: (0.35, 0.65).
  const std::pair<std::string, std::pair<double, double>> expected[] = {
      {"none", {-0.75, 0.75}},
      {"relu", {0, 0.75}},
      {"leaky_relu", {-0.075, 0.75}},
      {"clip", {-0.5, 0.5}},
      {"hard_swish", {-0.28125, 0.46875}},
      {"hard_sigmoid", {0.35, 0.65}},
  };
  for (const auto& [name, values] : expected) {
    INFO("activation " << name);
    Act act;
    for (const Act& a : activations())
      if (a.name == name) act = a;
    OpCase c;
    NodeId x = c.input("x", {1, 2, 3, 3}, kConvX);
    NodeId w = c.input("w", {2, 2, 2, 2}, kConvW);
    NodeId bias = c.input("bias", {2}, kConvBias);
    NodeId scale = c.input("scale", {2}, kConvScale);
    NodeId shift = c.input("shift", {2}, kConvShift);
    NodeId res = c.input("res", {1, 2, 3, 3}, kConvResidual);
    Attrs fa = epilogue(act, true, true, true, true);
    fa.set("padding", std::vector<int64_t>{1, 0, 0, 1});
    c.output(c.op(OpKind::FusedConv2d, {x, w, bias, scale, shift, res}, fa));
    for (Precision p : test::kPrecisions) {
      INFO("precision " << test::precision_name(p));
      Tensor y = c.run(p)[0];
      const double tol = test::tolerance(p);
      REQUIRE(y.shape() == Shape{1, 2, 3, 3});
      CHECK(y.get(0 * 9 + 2 * 3 + 1) == Approx(values.first).epsilon(tol).margin(tol));
      CHECK(y.get(1 * 9 + 0 * 3 + 0) == Approx(values.second).epsilon(tol).margin(tol));
    }
  }
}

TEST_CASE("fused_conv2d honours groups and stride like conv2d", "[semantics]") {
  // Depthwise 2-channel, 1x1 weights [2, -1], stride 2, bias [1, 1], relu:
  //   x c0 = [[1,2],[3,4]] -> stride 2 keeps x[0][0] = 1 -> relu(2*1 + 1) = 3
  //   x c1 = [[5,6],[7,8]] -> keeps 5 -> relu(-5 + 1) = 0
  OpCase c;
  NodeId x = c.input("x", {1, 2, 2, 2}, test::iota(8));
  NodeId w = c.input("w", {2, 1, 1, 1}, {2, -1});
  NodeId b = c.input("b", {2}, {1, 1});
  Attrs fa = epilogue(activations()[1], true, false, false, false);
  fa.set("groups", int64_t{2});
  fa.set("strides", std::vector<int64_t>{2, 2});
  c.check(c.op(OpKind::FusedConv2d, {x, w, b}, fa), {1, 2, 1, 1}, {3, 0});
}

// Dense inputs: x (2,3), W (2,3); acc = [[-2, 8.5], [-2, 19]].
const std::vector<double> kDenseX = {1, 2, 3, 4, 5, 6};
const std::vector<double> kDenseW = {1, 0, -1, 0.5, 1, 2};

TEST_CASE("fused_dense equals dense + bias_add + multiply + add + add + activation",
          "[semantics]") {
  for (const Act& act : activations()) {
    INFO("activation " << act.name);
    OpCase c;
    NodeId x = c.input("x", {2, 3}, kDenseX);
    NodeId w = c.input("w", {2, 3}, kDenseW);
    NodeId bias = c.input("bias", {2}, {1, -0.5});
    NodeId scale = c.input("scale", {2}, {0.5, 2});
    NodeId shift = c.input("shift", {2}, {-1, 0.25});
    NodeId res = c.input("res", {2, 2}, {0.5, -1, 2, 0});
    NodeId fused = c.op(OpKind::FusedDense, {x, w, bias, scale, shift, res},
                        epilogue(act, true, true, true, true));
    NodeId y = c.op(OpKind::Dense, {x, w});
    y = c.op(OpKind::BiasAdd, {y, bias});
    y = c.op(OpKind::Multiply, {y, scale});
    y = c.op(OpKind::Add, {y, shift});
    y = c.op(OpKind::Add, {y, res});
    if (act.name != "none") y = c.op(act.op, {y}, act.op_attrs);
    c.output(fused);
    c.output(y);
    for (Precision p : test::kPrecisions) {
      INFO("precision " << test::precision_name(p));
      auto outs = c.run(p);
      CHECK(bit_identical(outs[0], outs[1]));
    }
  }
}

TEST_CASE("fused_dense with a full epilogue: hand values", "[semantics]") {
  // bias [1,-.5], scale [.5,2], shift [-1,.25], residual [[.5,-1],[2,0]]:
  //   (0,0): (-2+1)*.5 - 1 + .5 = -1        (0,1): (8.5-.5)*2 + .25 - 1 = 15.25
  //   (1,0): (-2+1)*.5 - 1 + 2 = 0.5        (1,1): (19-.5)*2 + .25 + 0 = 37.25
  // relu -> [0, 15.25, .5, 37.25]; clip [0,6] -> [0, 6, .5, 6];
  // leaky_relu .1 -> [-.1, ...]; hard_swish -> [-1*2/6, 15.25, .5*3.5/6, 37.25].
  struct Expect {
    Act act;
    std::vector<double> values;
  };
  const Expect cases[] = {
      {{"none", 0, 0, OpKind::Relu, {}}, {-1, 15.25, 0.5, 37.25}},
      {{"relu", 0, 0, OpKind::Relu, {}}, {0, 15.25, 0.5, 37.25}},
      {{"clip", 0, 6, OpKind::Clip, {}}, {0, 6, 0.5, 6}},
      {{"leaky_relu", 0.1, 0, OpKind::LeakyRelu, {}}, {-0.1, 15.25, 0.5, 37.25}},
      {{"hard_swish", 0, 0, OpKind::HardSwish, {}}, {-1.0 / 3, 15.25, 1.75 / 6, 37.25}},
  };
  for (const Expect& e : cases) {
    INFO("activation " << e.act.name);
    OpCase c;
    NodeId x = c.input("x", {2, 3}, kDenseX);
    NodeId w = c.input("w", {2, 3}, kDenseW);
    NodeId bias = c.input("bias", {2}, {1, -0.5});
    NodeId scale = c.input("scale", {2}, {0.5, 2});
    NodeId shift = c.input("shift", {2}, {-1, 0.25});
    NodeId res = c.input("res", {2, 2}, {0.5, -1, 2, 0});
    c.check(c.op(OpKind::FusedDense, {x, w, bias, scale, shift, res},
                 epilogue(e.act, true, true, true, true)),
            {2, 2}, e.values);
  }
}

TEST_CASE("fused_dense with only a shift and a residual", "[semantics]") {
  // acc [[-2,8.5],[-2,19]] + shift [-1,.25] + residual [[.5,-1],[2,0]], no activation.
  OpCase c;
  NodeId x = c.input("x", {2, 3}, kDenseX);
  NodeId w = c.input("w", {2, 3}, kDenseW);
  NodeId shift = c.input("shift", {2}, {-1, 0.25});
  NodeId res = c.input("res", {2, 2}, {0.5, -1, 2, 0});
  c.check(c.op(OpKind::FusedDense, {x, w, shift, res},
               epilogue(activations()[0], false, false, true, true)),
          {2, 2}, {-2.5, 7.75, -1, 19.25});
}

}  // namespace
}  // namespace vf
