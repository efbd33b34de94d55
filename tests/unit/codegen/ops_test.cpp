// Every operator other than conv2d / dense / matmul natively vs the f32 interpreter. These
// kernels round exactly as the interpreter does (same operations in the same order: sums of
// gemm, pools, global_avg_pool2d and softmax in the interpreter's order, no FMA),
// so the outputs must be bit-identical. All cases are outputs of one graph (one compile).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "../semantics/op_case.h"
#include "codegen/emit.h"
#include "codegen_test_util.h"
#include "lower/lir.h"

namespace vf::codegen {
namespace {

using vf::test::attrs;
using vf::test::f64;
using vf::test::i64;
using vf::test::ints;

class OpsGraph {
 public:
  NodeId input(const Shape& s, double lo = -2, double hi = 2) {
    const std::string n = fmt::format("in{}", inputs_.size());
    inputs_[n] = test::random_tensor(rng_, s, lo, hi);
    return g_.add_input(n, TensorType{DType::F32, s});
  }
  NodeId constant(const Shape& s, double lo = -1, double hi = 1) {
    return g_.add_constant(fmt::format("c{}", g_.size()), test::random_tensor(rng_, s, lo, hi));
  }
  NodeId op(OpKind k, std::vector<NodeId> in, Attrs a = {}) {
    return g_.add_node(k, fmt::format("{}_{}", op_name(k), g_.size()), std::move(in), std::move(a));
  }
  void out(NodeId id, std::string what) {
    g_.add_output(id);
    what_.push_back(std::move(what));
  }
  Graph g_;
  std::map<std::string, Tensor> inputs_;
  std::vector<std::string> what_;
  SplitMix64 rng_{99};
};

Attrs pool(std::vector<int64_t> size, std::vector<int64_t> strides, std::vector<int64_t> pad,
           std::vector<int64_t> dil = {1, 1}, int64_t ceil = 0, int64_t include = -1) {
  Attrs a = attrs({{"pool_size", ints(std::move(size))},
                   {"strides", ints(std::move(strides))},
                   {"padding", ints(std::move(pad))},
                   {"dilation", ints(std::move(dil))},
                   {"ceil_mode", i64(ceil)}});
  if (include >= 0) a.set("count_include_pad", i64(include));
  return a;
}

TEST_CASE("codegen: every other operator bit-identical to the f32 interpreter",
          "[codegen][native]") {
  OpsGraph t;
  // Elementwise binary with broadcasting, unary, chains (in place in the lowering).
  const OpKind bins[] = {OpKind::Add,    OpKind::Subtract, OpKind::Multiply,
                         OpKind::Divide, OpKind::Minimum,  OpKind::Maximum};
  const std::vector<std::pair<Shape, Shape>> shapes = {{{2, 3, 4, 5}, {2, 3, 4, 5}},
                                                       {{2, 3, 4, 5}, {3, 1, 1}},
                                                       {{2, 3, 4, 5}, {}},
                                                       {{4, 1, 5}, {1, 3, 1}},
                                                       {{1, 3, 1, 7}, {2, 1, 6, 1}}};
  for (OpKind k : bins)
    for (const auto& [a, b] : shapes)
      t.out(t.op(k, {t.input(a), t.input(b, 0.5, 2)}),
            fmt::format("{} {} {}", op_name(k), shape_string(a), shape_string(b)));
  {
    NodeId x = t.input({2, 8, 5, 5});
    NodeId s = t.op(OpKind::Add, {x, t.constant({8, 1, 1})});
    s = t.op(OpKind::Relu, {s});
    s = t.op(OpKind::Multiply, {s, s});
    t.out(t.op(OpKind::Sqrt, {s}), "chain add relu multiply sqrt");
  }
  {
    // Fused pointwise chains (one instruction each: lower_test checks the fusion), each
    // stage rounding as the operator alone: a scalar, per-channel constants, a
    // squeeze-excite gate [N, C, 1, 1], full operands, the running value as the second
    // operand; rows of 25 (no multiple of a vector); special values in the data.
    NodeId x = t.input({2, 8, 5, 5}, -8, 8);
    auto& xv = t.inputs_.at(t.g_.node(x).name);
    const float inf = std::numeric_limits<float>::infinity();
    const float specials[] = {std::nanf(""), inf, -inf, -0.f, 0x1p-140f, -3.f, 3.f, 6e37f};
    for (size_t k = 0; k < 8; ++k) xv.view_mut<float>()[k * 37] = specials[k];
    NodeId gate = t.op(OpKind::Sigmoid, {t.input({2, 8, 1, 1}, -3, 3)});
    NodeId v = t.op(OpKind::Multiply, {x, t.constant({}, 0.5, 2)});
    v = t.op(OpKind::Add, {v, t.constant({8, 1, 1})});
    v = t.op(OpKind::HardSwish, {v});
    v = t.op(OpKind::Multiply, {v, gate});
    v = t.op(OpKind::Subtract, {t.constant({8, 1, 1}), v});
    v = t.op(OpKind::Clip, {v}, attrs({{"min", f64(-1)}, {"max", f64(1.5)}}));
    v = t.op(OpKind::Maximum, {t.input({2, 8, 5, 5}), v});
    v = t.op(OpKind::Divide, {v, t.constant({1, 1, 1, 1}, 0.5, 2)});
    v = t.op(OpKind::HardSigmoid, {v}, attrs({{"alpha", f64(0.3)}, {"beta", f64(0.4)}}));
    v = t.op(OpKind::Minimum, {v, t.constant({2, 8, 5, 5})});
    t.out(v, "fused chain: scalar, channel, gate, full; value second");
    // The gate as the first operand, then sigmoid, silu, leaky_relu, gelu.
    NodeId y = t.op(OpKind::Multiply,
                    {t.op(OpKind::Sigmoid, {t.input({1, 3, 1, 1})}), t.input({1, 3, 7, 3}, -4, 4)});
    y = t.op(OpKind::Silu, {t.op(OpKind::Sigmoid, {y})});
    y = t.op(OpKind::LeakyRelu, {y}, attrs({{"alpha", f64(0.1)}}));
    t.out(t.op(OpKind::Gelu, {y}), "fused chain: gate first, activations");
    // 30 stages: several kernel calls, in place after the first.
    NodeId z = t.input({3, 4, 7, 9});
    for (int k = 0; k < 30; ++k)
      z = k % 3 == 0   ? t.op(OpKind::Multiply, {z, t.constant({}, 0.5, 1.5)})
          : k % 3 == 1 ? t.op(OpKind::Add, {z, t.constant({4, 1, 1})})
                       : t.op(OpKind::Tanh, {z});
    t.out(z, "fused chain of 30 stages");
    // Large enough for two threads (per-channel rows of 4096).
    NodeId w = t.op(OpKind::Multiply, {t.input({1, 16, 64, 64}), t.constant({16, 1, 1})});
    w = t.op(OpKind::Add, {w, t.constant({1})});
    t.out(t.op(OpKind::HardSwish, {w}), "fused chain over 2^16 elements");
  }
  const std::vector<std::pair<OpKind, Attrs>> unaries = {
      {OpKind::Negative, {}},
      {OpKind::Sqrt, {}},
      {OpKind::Rsqrt, {}},
      {OpKind::Relu, {}},
      {OpKind::LeakyRelu, attrs({{"alpha", f64(0.1)}})},
      {OpKind::Clip, attrs({{"min", f64(-0.5)}, {"max", f64(1.5)}})},
      {OpKind::Sigmoid, {}},
      {OpKind::HardSigmoid, attrs({{"alpha", f64(0.2)}, {"beta", f64(0.5)}})},
      {OpKind::HardSwish, {}},
      {OpKind::Exp, {}},
      {OpKind::Log, {}},
      {OpKind::Tanh, {}},
      {OpKind::Erf, {}},
      {OpKind::Softplus, {}},
      {OpKind::Gelu, {}},
      {OpKind::Gelu, attrs({{"approximate", vf::test::str("tanh")}})},
      {OpKind::Silu, {}},
      {OpKind::Mish, {}}};
  for (const auto& [k, a] : unaries)
    t.out(t.op(k, {t.input({3, 37}, -5, 5)}, a), std::string(op_name(k)));
  // The pointwise math far out (exp overflows, softplus's branches, tanh / erf saturate),
  // and log of positive values.
  for (OpKind k : {OpKind::Exp, OpKind::Softplus, OpKind::Tanh, OpKind::Erf, OpKind::Mish,
                   OpKind::Silu, OpKind::Gelu})
    t.out(t.op(k, {t.input({2, 41}, -120, 120)}), fmt::format("{} wide", op_name(k)));
  t.out(t.op(OpKind::Log, {t.input({2, 41}, 1e-6, 50)}), "log positive");
  // Reductions: trailing axes (no index tables), inner and several axes, keepdims, all.
  for (OpKind k : {OpKind::ReduceSum, OpKind::ReduceMean, OpKind::ReduceMax, OpKind::ReduceL2})
    for (const auto& [axes, keep] : std::vector<std::pair<std::vector<int64_t>, int64_t>>{
             {{-1}, 1}, {{1}, 0}, {{0, 2}, 1}, {{}, 0}, {{2, 3}, 0}})
      t.out(
          t.op(k, {t.input({3, 4, 5, 6})}, attrs({{"axes", ints(axes)}, {"keepdims", i64(keep)}})),
          fmt::format("{} axes {} keepdims {}", op_name(k), axes.size(), keep));
  // Reductions and global_avg_pool2d over enough outputs for the vector (across adjacent
  // outputs) and interleaved (trailing axes, channels) paths and their remainders, with
  // NaN, infinities and signed zeros (the first element starts the sum; maximum keeps a
  // first NaN and passes over later ones).
  {
    auto special_input = [&](const Shape& shape) {
      NodeId in = t.input(shape);
      auto v = t.inputs_.at(t.g_.node(in).name).view_mut<float>();
      const float specials[] = {std::nanf(""), std::numeric_limits<float>::infinity(),
                                -std::numeric_limits<float>::infinity(), -0.f, 0.f};
      for (size_t k = 0; k < v.size(); k += 7) v[k] = specials[(k / 7) % 5];
      for (size_t k = 0; k < v.size(); k += 36) v[k] = -0.f;
      return in;
    };
    for (OpKind k : {OpKind::ReduceSum, OpKind::ReduceMean, OpKind::ReduceMax, OpKind::ReduceL2})
      for (const auto& axes : std::vector<std::vector<int64_t>>{{1}, {0}, {2, 3}, {-1}})
        t.out(t.op(k, {special_input({2, 8, 4, 9})},
                   attrs({{"axes", ints(axes)}, {"keepdims", i64(0)}})),
              fmt::format("{} axes {} (special values)", op_name(k), fmt::join(axes, ",")));
    NodeId gx = special_input({2, 20, 5, 7});
    {
      // Channel 17 all -0: the sum from +0 is +0.
      auto v = t.inputs_.at(t.g_.node(gx).name).view_mut<float>();
      std::fill(v.begin() + 17 * 35, v.begin() + 18 * 35, -0.f);
    }
    t.out(t.op(OpKind::GlobalAvgPool2d, {gx}), "global_avg_pool2d 40 channels (special values)");
    t.out(t.op(OpKind::GlobalAvgPool2d, {t.input({1, 48, 3, 3})}), "global_avg_pool2d 48");
  }
  // Normalisations over the last axis and over the last two.
  t.out(t.op(OpKind::LayerNorm, {t.input({2, 7, 24}), t.constant({24}), t.constant({24})}),
        "layer_norm");
  t.out(t.op(OpKind::LayerNorm, {t.input({2, 3, 4, 5}), t.constant({4, 5}), t.constant({20})},
             attrs({{"axis", i64(2)}, {"epsilon", f64(1e-3)}})),
        "layer_norm axis 2");
  t.out(t.op(OpKind::RmsNorm, {t.input({5, 33}), t.constant({33})}), "rms_norm");
  // Enough rows for full blocks of rows and a partial one, rows longer than a tile with a
  // tail, wide value ranges (the order of each row's sums shows).
  t.out(t.op(OpKind::LayerNorm,
             {t.input({3, 20, 37}, -1e4, 1e4), t.constant({37}), t.constant({37})}),
        "layer_norm 60 rows");
  t.out(t.op(OpKind::RmsNorm, {t.input({40, 16}, -1e3, 1e3), t.constant({16})}),
        "rms_norm 40 rows");
  // Normalisation.
  t.out(t.op(OpKind::BiasAdd, {t.input({2, 5, 3, 4}), t.constant({5})}), "bias_add");
  t.out(t.op(OpKind::BiasAdd, {t.input({2, 5, 3, 4}), t.constant({4})}, attrs({{"axis", i64(-1)}})),
        "bias_add axis -1");
  t.out(t.op(OpKind::BatchNorm,
             {t.input({2, 6, 3, 3}), t.constant({6}), t.constant({6}), t.constant({6}),
              t.constant({6}, 0.5, 1.5)},
             attrs({{"epsilon", f64(1e-3)}})),
        "batch_norm");
  t.out(t.op(OpKind::BatchNorm,
             {t.input({2, 6, 3}), t.constant({6}), t.constant({6}), t.constant({6}),
              t.constant({6}, 0.5, 1.5)},
             attrs({{"scale", i64(0)}, {"center", i64(0)}})),
        "batch_norm no scale, no center");
  {  // Large enough (>= 2^16 elements) for two threads to split them.
    NodeId b =
        t.op(OpKind::BatchNorm, {t.input({1, 16, 64, 65}), t.constant({16}), t.constant({16}),
                                 t.constant({16}), t.constant({16}, 0.5, 1.5)});
    t.out(t.op(OpKind::Relu, {b}), "batch_norm relu, large");
  }
  // Pools.
  t.out(t.op(OpKind::MaxPool2d, {t.input({1, 4, 17, 19})}, pool({3, 3}, {2, 2}, {1, 1, 1, 1})),
        "max_pool 3x3 s2 p1");
  t.out(t.op(OpKind::MaxPool2d, {t.input({2, 3, 9, 10})},
             pool({2, 3}, {2, 1}, {0, 1, 2, 0}, {2, 1}, 1)),
        "max_pool dilated, asymmetric, ceil");
  t.out(t.op(OpKind::MaxPool2d, {t.input({1, 2, 4, 4})},
             pool({2, 2}, {3, 3}, {0, 0, 2, 2}, {1, 1}, 1)),
        "max_pool windows entirely in the padding");
  for (int64_t include : {0, 1})
    t.out(t.op(OpKind::AvgPool2d, {t.input({1, 5, 13, 11})},
               pool({3, 2}, {2, 2}, {1, 0, 2, 1}, {1, 1}, 1, include)),
          fmt::format("avg_pool count_include_pad={}", include));
  t.out(t.op(OpKind::AvgPool2d, {t.input({2, 3, 8, 8})}, pool({2, 2}, {2, 2}, {0, 0, 0, 0})),
        "avg_pool 2x2");
  // Pools read in place (no padding, no dilation, column stride 1 or 2): vectors and the
  // lane-by-lane tail of each row.
  t.out(t.op(OpKind::MaxPool2d, {t.input({1, 5, 6, 81})}, pool({2, 2}, {2, 2}, {0, 0, 0, 0})),
        "max_pool 2x2 s2 in place");
  t.out(t.op(OpKind::MaxPool2d, {t.input({2, 3, 9, 70})}, pool({3, 3}, {2, 1}, {0, 0, 0, 0})),
        "max_pool 3x3 s2,1 in place");
  t.out(t.op(OpKind::AvgPool2d, {t.input({1, 4, 7, 75})}, pool({3, 3}, {1, 2}, {0, 0, 0, 0})),
        "avg_pool 3x3 s1,2 in place");
  t.out(t.op(OpKind::MaxPool2d, {t.input({1, 3, 7, 71})},
             pool({2, 2}, {2, 2}, {0, 0, 0, 0}, {1, 1}, 1)),
        "max_pool 2x2 s2 ceil_mode, odd sides (the last windows pass the input's end)");
  t.out(t.op(OpKind::MaxPool2d, {t.input({1, 3, 10, 100})}, pool({3, 3}, {2, 2}, {1, 1, 1, 1})),
        "max_pool 3x3 s2 p1 in place, rows of 100");
  t.out(t.op(OpKind::MaxPool2d, {t.input({1, 2, 9, 70})}, pool({3, 3}, {1, 1}, {1, 2, 1, 1})),
        "max_pool 3x3 s1 padding 1, 2, 1, 1 in place");
  t.out(t.op(OpKind::MaxPool2d, {t.input({1, 2, 4, 40})}, pool({2, 2}, {2, 2}, {0, 0, 2, 2})),
        "max_pool 2x2 s2, last row's windows entirely in the padding");
  t.out(t.op(OpKind::GlobalAvgPool2d, {t.input({2, 7, 6, 9})}), "global_avg_pool2d");
  // Pools of >= 2^15 outputs (two threads split their rows).
  t.out(t.op(OpKind::MaxPool2d, {t.input({1, 8, 129, 128})}, pool({3, 3}, {2, 2}, {1, 1, 1, 1})),
        "max_pool 3x3 s2 p1, large");
  t.out(t.op(OpKind::MaxPool2d, {t.input({1, 16, 128, 130})}, pool({2, 2}, {2, 2}, {0, 0, 0, 0})),
        "max_pool 2x2 s2 in place, large");
  t.out(t.op(OpKind::AvgPool2d, {t.input({2, 4, 67, 66})},
             pool({3, 2}, {1, 1}, {1, 0, 1, 1}, {1, 1}, 0, 1)),
        "avg_pool count_include_pad, large");
  // Data movement.
  t.out(t.op(OpKind::Pad, {t.input({2, 3, 4})},
             attrs({{"pads", ints({0, 1, 2, 1, 0, 3})}, {"value", f64(0.5)}})),
        "pad");
  t.out(t.op(OpKind::Transpose, {t.input({2, 3, 4, 5})}, attrs({{"perm", ints({0, 2, 3, 1})}})),
        "transpose");
  t.out(t.op(OpKind::Transpose, {t.input({3, 4, 5})}), "transpose reversed");
  // The last two axes swapped, both >= 16 (16 x 16 tiles in registers, edges one by one).
  t.out(t.op(OpKind::Transpose, {t.input({2, 3, 37, 50})}, attrs({{"perm", ints({0, 1, 3, 2})}})),
        "transpose of the last two axes, 37 x 50");
  t.out(t.op(OpKind::Transpose, {t.input({64, 32})}), "transpose 64 x 32");
  t.out(t.op(OpKind::Transpose, {t.input({2, 17, 3, 40})}, attrs({{"perm", ints({0, 2, 3, 1})}})),
        "transpose to the last axis from the second, 17 x 40");
  t.out(t.op(OpKind::Concat, {t.input({2, 3, 4}), t.input({2, 1, 4}), t.input({2, 5, 4})},
             attrs({{"axis", i64(1)}})),
        "concat axis 1");
  t.out(t.op(OpKind::Concat, {t.input({2, 3}), t.input({2, 4})}, attrs({{"axis", i64(-1)}})),
        "concat axis -1");
  {
    NodeId x = t.input({2, 9, 3});
    for (int64_t k = 0; k < 3; ++k)
      t.out(t.op(OpKind::Split, {x},
                 attrs({{"axis", i64(1)}, {"sizes", ints({2, 3, 4})}, {"index", i64(k)}})),
            fmt::format("split {}", k));
  }
  for (int64_t axis : {-1, 1, 0})
    t.out(t.op(OpKind::Softmax, {t.input({3, 4, 5}, -4, 4)}, attrs({{"axis", i64(axis)}})),
          fmt::format("softmax axis {}", axis));
  t.out(t.op(OpKind::Upsampling, {t.input({1, 2, 3, 5})},
             attrs({{"scale_h", f64(2)}, {"scale_w", f64(1.5)}})),
        "upsampling");
  t.out(t.op(OpKind::ResizeNearest, {t.input({1, 2, 3, 4})},
             attrs({{"rows", ints({0, 0, 2, 1, 2})}, {"cols", ints({3, 2, 1})}})),
        "resize_nearest");
  {
    NodeId x = t.input({2, 3, 4});
    NodeId r = t.op(OpKind::Reshape, {x}, attrs({{"shape", ints({6, 4})}}));
    t.out(t.op(OpKind::Relu, {r}), "relu of a reshape");
    t.out(t.op(OpKind::Flatten, {t.input({2, 3, 2})}), "flatten of an input (a copy)");
  }
  // Linear algebra other than dense.
  t.out(t.op(OpKind::Gemm, {t.input({4, 6}), t.input({6, 5}), t.input({5})}), "gemm");
  t.out(
      t.op(
          OpKind::Gemm, {t.input({6, 4}), t.input({5, 6}), t.input({4, 1})},
          attrs({{"alpha", f64(0.5)}, {"beta", f64(2)}, {"trans_a", i64(1)}, {"trans_b", i64(1)}})),
      "gemm transposed, alpha, beta");
  {
    Attrs a = attrs({{"strides", ints({2, 1})},
                     {"padding", ints({1, 0, 0, 1})},
                     {"dilation", ints({1, 2})},
                     {"groups", i64(2)},
                     {"output_padding", ints({1, 0})}});
    t.out(t.op(OpKind::Conv2dTranspose,
               {t.input({1, 4, 5, 6}), t.constant({4, 3, 3, 2}), t.constant({6})}, a),
          "conv2d_transpose");
  }
  // Rows wide enough for the kernel's vector columns (several vectors of one phase, at
  // AVX-512's 16 lanes too) beside its scalar border columns: the decoder shapes (stride 2
  // kernel 2; stride 2 kernel 4 padding 1), stride 3 with output_padding and groups,
  // dilation, and output channel counts that leave a remainder of the 4-channel tile.
  struct Wide {
    Shape x;
    int64_t O, K, s, p, d, g, op;
    bool bias;
  };
  for (const Wide& c : {Wide{{1, 5, 3, 70}, 9, 2, 2, 0, 1, 1, 0, true},
                        Wide{{2, 6, 4, 41}, 7, 4, 2, 1, 1, 1, 0, false},
                        Wide{{1, 4, 3, 53}, 6, 3, 3, 1, 1, 2, 1, true},
                        Wide{{1, 3, 2, 47}, 5, 3, 2, 2, 2, 1, 1, false}}) {
    const int64_t C = c.x[1], Og = c.O / c.g;
    std::vector<NodeId> in{t.input(c.x), t.constant({C, Og, c.K, c.K})};
    if (c.bias) in.push_back(t.constant({c.O}));
    t.out(t.op(OpKind::Conv2dTranspose, std::move(in),
               attrs({{"strides", ints({c.s, c.s})},
                      {"padding", ints({c.p, c.p, c.p, c.p})},
                      {"dilation", ints({c.d, c.d})},
                      {"groups", i64(c.g)},
                      {"output_padding", ints({c.op, c.op})}})),
          fmt::format("conv2d_transpose x {} O {} k {} s {} p {} d {} g {} op {}", c.x[3], c.O, c.K,
                      c.s, c.p, c.d, c.g, c.op));
  }

  REQUIRE(infer_types(t.g_).ok());
  const CertifiedGraph cg = CertifiedGraph::unrewritten(t.g_);
  const auto want = test::interpret(cg, Precision::F32, t.inputs_);
  NativeModel m = test::build_native(cg);
  const auto got = test::run_native(m, t.inputs_);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO(t.what_[i]);
    REQUIRE(got[i].shape() == want[i].shape());
    const auto a = got[i].view<float>(), b = want[i].view<float>();
    int differ = 0;
    for (size_t j = 0; j < a.size(); ++j)
      if (std::memcmp(&a[j], &b[j], sizeof(float)) != 0 &&
          !(std::isnan(a[j]) && std::isnan(b[j]))) {
        if (differ++ < 3)
          UNSCOPED_INFO("element " << j << ": native " << a[j] << " interp " << b[j]);
      }
    CHECK(differ == 0);
  }
  // Two OpenMP threads split the large elementwise ops: the same values.
  NativeOptions o;
  o.cache_dir = test::test_cache_dir();
  o.threads = 2;
  auto m2 = NativeModel::build(cg, o);
  INFO((m2 ? std::string() : m2.error().message));
  REQUIRE(m2);
  const auto got2 = test::run_native(*m2, t.inputs_);
  for (size_t i = 0; i < got.size(); ++i) {
    INFO(t.what_[i]);
    CHECK(got2[i] == got[i]);
  }
}

TEST_CASE("codegen: the emitted source and the standalone build", "[codegen][native]") {
  OpsGraph t;
  NodeId x = t.input({1, 3, 9, 9});  // 81 output pixels: the direct kernel
  Attrs a = attrs({{"padding", ints({1, 1, 1, 1})},
                   {"has_bias", i64(1)},
                   {"activation", vf::test::str("relu")}});
  NodeId y = t.op(OpKind::FusedConv2d, {x, t.constant({4, 3, 3, 3}), t.constant({4})}, a);
  t.out(t.op(OpKind::GlobalAvgPool2d, {y}), "pooled");
  REQUIRE(infer_types(t.g_).ok());
  auto em = emit_cpp(CertifiedGraph::unrewritten(t.g_));
  INFO((em ? std::string() : em.error().message));
  REQUIRE(em);
  CHECK(em->source.find("extern \"C\" int vf_abi_version() { return 1; }") != std::string::npos);
  CHECK(
      em->source.find("vfrt::conv2d<vfrt::Conv{1, 3, 9, 9, 4, 9, 9, 3, 3, 1, 1, 1, 1, 1, 1, 1}") !=
      std::string::npos);
  CHECK(em->input_names == std::vector<std::string>{"in0"});
  CHECK(em->output_shapes == std::vector<Shape>{{1, 4, 1, 1}});
  // Packed weights: one block of 8 channels (4 real, 4 zero) x 3 channels x 9 taps, then
  // the bias, each entry aligned to 16 floats.
  CHECK(em->weights.size() >= 8 * 27 + 4);
  CHECK(em->arena_elements >= em->plan_elements);

  const std::string dir =
      (std::filesystem::temp_directory_path() / "vfuse-test-standalone").string();
  std::filesystem::remove_all(dir);
  REQUIRE(emit_standalone(*em, dir).ok());
  for (const char* f :
       {"model.cpp", "vfrt.h", "model.weights", "main.cpp", "Makefile", "README.txt"})
    CHECK(std::filesystem::exists(std::filesystem::path(dir) / f));
  CHECK(std::filesystem::file_size(std::filesystem::path(dir) / "model.weights") ==
        em->weights.size() * sizeof(float));
}

}  // namespace
}  // namespace vf::codegen
