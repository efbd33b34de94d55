// The ONNX exporter: every operator of the IR (and both fused ops with every epilogue)
// written as standard ONNX that onnx::checker and strict ONNX shape inference accept, with
// the shapes vfuse infers; the ops each IR node becomes, in order; initializers holding
// the graph's constants; the six Relay workloads. Numerical agreement with ONNX Runtime
// is measured by hand (see the commit message) and by `vfuse check --against onnxruntime`.
//
// VF_ONNX_EXPORT_DUMP=DIR writes each small test graph to DIR/<case>.vfg (weights inline),
// for running the exported model in ONNX Runtime against `vfuse run`.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "frontend/onnx_export.h"
#include "frontend/relay_import.h"
#include "interp/weights.h"
#include "ir/printer.h"
#include "ir/shape_inference.h"
#include "semantics/op_case.h"

namespace vf {
namespace {

using test::attrs;
using test::f64;
using test::i64;
using test::ints;
using test::str;

/// A graph under construction: data inputs, weight inputs (bound to seeded values when
/// built, so that they become initializers) and operations.
class GraphBuilder {
 public:
  NodeId input(const std::string& name, Shape s) { return g_.add_input(name, {DType::F32, s}); }
  NodeId weight(const std::string& name, Shape s) {
    return g_.add_input(name, {DType::F32, s}, /*weight=*/true);
  }
  NodeId op(OpKind k, const std::string& name, std::vector<NodeId> in, Attrs a = {}) {
    REQUIRE(normalize_attrs(k, a).ok());
    return g_.add_node(k, name, std::move(in), std::move(a));
  }
  /// A constant (integer weights of the quantized operators).
  NodeId constant(const std::string& name, Tensor t) {
    TensorType type = t.type();
    NodeId id = g_.add_constant(name, std::move(t));
    g_.node_mut(id).type = type;
    return id;
  }
  void output(NodeId id) { g_.add_output(id); }
  /// The verified graph with every weight bound (as `vfuse export` does).
  Graph build(const std::string& dump_name) {
    auto r = infer_types(g_);
    INFO((r ? std::string() : r.error().message));
    REQUIRE(r.ok());
    std::vector<std::pair<NodeId, Tensor>> w;
    for (NodeId id : g_.inputs())
      if (g_.node(id).weight) w.emplace_back(id, generate_input(g_, id, 7));
    for (auto& [id, t] : w) g_.bind_input(id, std::move(t));
    if (const char* dir = std::getenv("VF_ONNX_EXPORT_DUMP")) {
      std::filesystem::create_directories(dir);
      REQUIRE(write_graph(g_, std::string(dir) + "/" + dump_name + ".vfg").ok());
    }
    return g_;
  }

 private:
  Graph g_;
};

/// Exports, checks with onnx::checker and strict shape inference, reads back.
OnnxModelSummary export_checked(const Graph& g) {
  auto bytes = export_onnx(g);
  INFO((bytes ? std::string() : bytes.error().message));
  REQUIRE(bytes.ok());
  auto check = check_onnx_model(*bytes);
  INFO((check ? std::string() : check.error().message));
  REQUIRE(check.ok());
  auto s = summarize_onnx_model(*bytes);
  REQUIRE(s.ok());
  CHECK(s->ir_version == 7);
  CHECK(s->opset == 13);
  CHECK(s->producer == "vfuse");
  return std::move(*s);
}

/// The op types of the nodes that produce `name` and the helper values "name/..." before
/// it, in order.
std::vector<std::string> ops_of(const OnnxModelSummary& s, const std::string& name) {
  std::vector<std::string> ops;
  for (size_t i = 0; i < s.node_ops.size(); ++i)
    if (s.node_outputs[i] == name || s.node_outputs[i].rfind(name + "/", 0) == 0)
      ops.push_back(s.node_ops[i]);
  return ops;
}

using Ops = std::vector<std::string>;

const Tensor* initializer(const OnnxModelSummary& s, const std::string& name) {
  for (const auto& [n, t] : s.initializers)
    if (n == name) return &t;
  return nullptr;
}

// One graph with every operator but the fused ones and conv2d_transpose (tested below), on
// shapes that exercise asymmetric padding, groups, dilation, ceil mode and non-default axes.
Graph all_ops_graph(std::set<OpKind>& used) {
  GraphBuilder b;
  auto op = [&](OpKind k, const std::string& name, std::vector<NodeId> in, Attrs a = {}) {
    used.insert(k);
    return b.op(k, name, std::move(in), std::move(a));
  };
  NodeId x = b.input("data", {1, 4, 8, 8});
  NodeId c1 =
      op(OpKind::Conv2d, "conv", {x, b.weight("conv_w", {8, 2, 3, 3}), b.weight("conv_b", {8})},
         attrs({{"padding", ints({1, 0, 2, 1})}, {"strides", ints({2, 1})}, {"groups", i64(2)}}));
  NodeId c2 = op(OpKind::Conv2d, "conv_dilated", {c1, b.weight("conv2_w", {8, 8, 2, 2})},
                 attrs({{"padding", ints({1, 1, 1, 1})}, {"dilation", ints({2, 2})}}));  // 1x8x5x7
  NodeId ba = op(OpKind::BiasAdd, "bias_add", {c2, b.weight("ba_bias", {8})});
  NodeId bn = op(OpKind::BatchNorm, "bn",
                 {ba, b.weight("bn_gamma", {8}), b.weight("bn_beta", {8}), b.weight("bn_mean", {8}),
                  b.weight("bn_var", {8})},
                 attrs({{"epsilon", f64(1e-3)}}));
  NodeId bn_plain = op(OpKind::BatchNorm, "bn_plain",
                       {bn, b.weight("bn2_gamma", {8}), b.weight("bn2_beta", {8}),
                        b.weight("bn2_mean", {8}), b.weight("bn2_var", {8})},
                       attrs({{"scale", i64(0)}, {"center", i64(0)}}));
  NodeId bn_last = op(OpKind::BatchNorm, "bn_last_axis",
                      {bn_plain, b.weight("bn3_gamma", {7}), b.weight("bn3_beta", {7}),
                       b.weight("bn3_mean", {7}), b.weight("bn3_var", {7})},
                      attrs({{"axis", i64(-1)}}));
  NodeId v = op(OpKind::BiasAdd, "bias_add_last", {bn_last, b.weight("ba2_bias", {7})},
                attrs({{"axis", i64(-1)}}));
  b.output(v);
  // Elementwise, all on 1x8x5x7.
  NodeId relu = op(OpKind::Relu, "relu", {v});
  NodeId leaky = op(OpKind::LeakyRelu, "leaky", {v}, attrs({{"alpha", f64(0.2)}}));
  NodeId clip = op(OpKind::Clip, "clip", {v}, attrs({{"min", f64(-0.5)}, {"max", f64(0.75)}}));
  NodeId sig = op(OpKind::Sigmoid, "sigmoid", {v});
  NodeId hsig = op(OpKind::HardSigmoid, "hard_sigmoid", {v},
                   attrs({{"alpha", f64(0.3)}, {"beta", f64(0.4)}}));
  NodeId hswish = op(OpKind::HardSwish, "hard_swish", {v});
  NodeId neg = op(OpKind::Negative, "neg", {relu});
  NodeId sq = op(OpKind::Multiply, "square", {v, v});
  NodeId pos = op(OpKind::Add, "positive", {sq, b.weight("one_var", {7})});  // > 0
  NodeId sqrt = op(OpKind::Sqrt, "sqrt", {pos});
  NodeId rsqrt = op(OpKind::Rsqrt, "rsqrt", {pos});
  NodeId sub = op(OpKind::Subtract, "sub", {leaky, clip});
  NodeId div = op(OpKind::Divide, "div", {hswish, sig});
  NodeId mn = op(OpKind::Minimum, "min", {sub, hsig});
  NodeId mx = op(OpKind::Maximum, "max", {div, neg});
  NodeId sum = op(OpKind::Add, "sum",
                  {op(OpKind::Add, "sum0", {mn, mx}), op(OpKind::Multiply, "prod", {sqrt, rsqrt})});
  b.output(sum);
  // Pointwise math, on 1x8x5x7.
  for (auto [k, name] : {std::pair{OpKind::Exp, "exp"},
                         {OpKind::Tanh, "tanh"},
                         {OpKind::Erf, "erf"},
                         {OpKind::Softplus, "softplus"},
                         {OpKind::Gelu, "gelu"},
                         {OpKind::Silu, "silu"},
                         {OpKind::Mish, "mish"}})
    b.output(op(k, name, {v}));
  b.output(op(OpKind::Log, "log", {pos}));
  b.output(op(OpKind::Gelu, "gelu_tanh", {v}, attrs({{"approximate", test::str("tanh")}})));
  // Reductions and normalisations, on 1x8x5x7.
  b.output(op(OpKind::ReduceSum, "reduce_sum", {v}, attrs({{"axes", ints({1, -1})}})));
  b.output(op(OpKind::ReduceMean, "reduce_mean", {v},
              attrs({{"axes", ints({2})}, {"keepdims", i64(0)}})));
  b.output(op(OpKind::ReduceMax, "reduce_max", {v}, attrs({{"keepdims", i64(0)}})));
  b.output(op(OpKind::ReduceL2, "reduce_l2", {v}, attrs({{"axes", ints({3})}})));
  b.output(op(OpKind::LayerNorm, "layer_norm",
              {v, b.weight("ln_gamma", {5, 7}), b.weight("ln_beta", {35})},
              attrs({{"axis", i64(2)}})));
  b.output(op(OpKind::RmsNorm, "rms_norm", {v, b.weight("rms_gamma", {7})}));
  // Pools on 1x8x7x7 (a border of 0.5 above and below).
  NodeId padded = op(OpKind::Pad, "pad", {sum},
                     attrs({{"pads", ints({0, 0, 1, 0, 0, 0, 1, 0})}, {"value", f64(0.5)}}));
  NodeId mp = op(OpKind::MaxPool2d, "max_pool", {padded},
                 attrs({{"pool_size", ints({3, 3})},
                        {"strides", ints({2, 2})},
                        {"padding", ints({1, 1, 1, 1})},
                        {"ceil_mode", i64(1)}}));  // 1x8x4x4
  // ceil_mode where vfuse drops a last window that starts in the end padding (ONNX 1.13
  // shape inference keeps it: 5 instead of 4).
  NodeId mp_drop = op(OpKind::MaxPool2d, "max_pool_drop", {padded},
                      attrs({{"pool_size", ints({2, 2})},
                             {"strides", ints({2, 2})},
                             {"padding", ints({1, 1, 1, 1})},
                             {"ceil_mode", i64(1)}}));
  NodeId mp_dil = op(OpKind::MaxPool2d, "max_pool_dilated", {padded},
                     attrs({{"pool_size", ints({2, 2})}, {"dilation", ints({2, 2})}}));
  NodeId ap = op(OpKind::AvgPool2d, "avg_pool", {padded},
                 attrs({{"pool_size", ints({3, 3})},
                        {"strides", ints({1, 2})},
                        {"padding", ints({1, 0, 2, 1})},
                        {"count_include_pad", i64(1)}}));  // 1x8x8x3
  NodeId ap_excl = op(OpKind::AvgPool2d, "avg_pool_excl", {padded},
                      attrs({{"pool_size", ints({2, 3})}, {"padding", ints({1, 1, 0, 1})}}));
  NodeId ap_drop = op(OpKind::AvgPool2d, "avg_pool_drop", {padded},
                      attrs({{"pool_size", ints({2, 2})},
                             {"strides", ints({2, 2})},
                             {"padding", ints({1, 1, 1, 1})},
                             {"ceil_mode", i64(1)},
                             {"count_include_pad", i64(1)}}));
  NodeId gap = op(OpKind::GlobalAvgPool2d, "gap", {padded});
  for (NodeId id : {mp, mp_drop, mp_dil, ap, ap_excl, ap_drop, gap}) b.output(id);
  // Data movement.
  NodeId up = op(OpKind::Upsampling, "upsampling", {mp},
                 attrs({{"scale_h", f64(2)}, {"scale_w", f64(1.5)}}));  // 1x8x8x6
  if (auto k = op_from_name("resize_nearest")) {  // newer operator tables only
    used.insert(*k);
    b.output(b.op(*k, "resize_nearest", {mp},
                  attrs({{"rows", ints({0, 0, 1, 3, 3})}, {"cols", ints({3, 2, 1, 0})}})));
  }
  NodeId flat = op(OpKind::Flatten, "flatten", {up}, attrs({{"axis", i64(2)}}));  // 8x48
  NodeId bflat = op(OpKind::BatchFlatten, "batch_flatten", {ap});                 // 1x192
  NodeId rs = op(OpKind::Reshape, "reshape", {bflat}, attrs({{"shape", ints({2, 4, 24})}}));
  NodeId ex = op(OpKind::ExpandDims, "expand_dims", {rs},
                 attrs({{"axis", i64(-2)}, {"num_newaxis", i64(2)}}));               // 2x4x1x1x24
  NodeId sqz = op(OpKind::Squeeze, "squeeze", {ex}, attrs({{"axes", ints({-3})}}));  // 2x4x1x24
  NodeId sqz_all = op(OpKind::Squeeze, "squeeze_all", {sqz});                        // 2x4x24
  NodeId tr = op(OpKind::Transpose, "transpose", {sqz_all}, attrs({{"perm", ints({1, 0, 2})}}));
  NodeId tr_rev = op(OpKind::Transpose, "transpose_rev", {tr});  // 24x2x4
  NodeId cat = op(OpKind::Concat, "concat", {tr_rev, tr_rev, b.weight("cat_w", {24, 2, 4})},
                  attrs({{"axis", i64(-2)}}));  // 24x6x4
  NodeId sp0 = op(OpKind::Split, "split0", {cat},
                  attrs({{"axis", i64(1)}, {"sizes", ints({1, 5})}, {"index", i64(0)}}));
  NodeId sp1 = op(OpKind::Split, "split1", {cat},
                  attrs({{"axis", i64(1)}, {"sizes", ints({1, 5})}, {"index", i64(1)}}));
  NodeId sm = op(OpKind::Softmax, "softmax", {sp1}, attrs({{"axis", i64(1)}}));  // 24x5x4
  NodeId sm_last = op(OpKind::Softmax, "softmax_last", {sp0});
  for (NodeId id : {flat, sm, sm_last}) b.output(id);
  // Linear algebra.
  NodeId gap_flat = op(OpKind::Reshape, "gap_flat", {gap}, attrs({{"shape", ints({1, 8})}}));
  NodeId d2 =
      op(OpKind::Dense, "dense", {gap_flat, b.weight("dense_w", {3, 8}), b.weight("dense_b", {3})});
  NodeId w3 = b.weight("dense3_w", {6, 4});                // shared by two rank-3 dense
  NodeId d3 = op(OpKind::Dense, "dense_rank3", {sm, w3});  // 24x5x6
  NodeId d3b = op(OpKind::Dense, "dense_rank3_bias", {sm, w3, b.weight("dense3_b", {6})});
  NodeId mm = op(OpKind::MatMul, "matmul", {d3, b.weight("mm_w", {6, 2})});  // 24x5x2
  NodeId gm =
      op(OpKind::Gemm, "gemm", {b.weight("gemm_a", {8, 3}), gap_flat, b.weight("gemm_c", {3, 1})},
         attrs({{"trans_a", i64(1)},
                {"trans_b", i64(1)},
                {"alpha", f64(0.5)},
                {"beta", f64(2)}}));  // 3x1
  for (NodeId id : {d2, d3b, mm, gm}) b.output(id);
  // Run-time integer data (here constants, so that `data` stays the only input): rows of a
  // table by ids along axis 1, a mask cast to float and selecting by where.
  const std::vector<double> id_values{0, 2, -1, 1, 1, 0}, mask_values{1, 0, 5};
  NodeId ids = b.constant("ids", Tensor::from_doubles({DType::I64, {2, 3}}, id_values));
  b.output(op(OpKind::Gather, "gather", {b.weight("table", {2, 3, 4}), ids},
              attrs({{"axis", i64(1)}})));  // 2x2x3x4
  NodeId mask = b.constant("mask", Tensor::from_doubles({DType::I32, {3}}, mask_values));
  NodeId maskf = op(OpKind::Cast, "cast", {mask});
  b.output(op(OpKind::Where, "where", {mask, maskf, b.weight("where_b", {2, 1})}));  // 2x3
  // Quantized inference: a qconv2d whose only reader is its requantize (one QLinearConv,
  // then a clamp narrower than int8), a qconv2d read twice (ConvInteger) with a per-tensor
  // requantize of its own, a qdense with a per-channel requantize on the last axis.
  auto ints_of = [](DType t, Shape s, int64_t seed) {
    Tensor x(TensorType{t, s});
    for (int64_t i = 0; i < x.size(); ++i) x.set(i, static_cast<double>((i * 37 + seed) % 61 - 30));
    return x;
  };
  auto multipliers = [](std::vector<double> m) {
    return Tensor::from_doubles({DType::I32, {static_cast<int64_t>(m.size())}}, m);
  };
  NodeId q = op(OpKind::Quantize, "q", {v},
                attrs({{"scale", f64(0.05)}, {"zero_point", i64(3)}, {"dtype", str("uint8")}}));
  NodeId qw = b.constant("qconv_w", ints_of(DType::I8, {4, 8, 3, 3}, 1));
  NodeId qacc =
      op(OpKind::QConv2d, "qacc", {q, qw, b.constant("qconv_b", ints_of(DType::I32, {4}, 5))},
         attrs({{"padding", ints({1, 1, 1, 1})}, {"x_zero_point", i64(3)}}));
  NodeId qy = op(OpKind::Requantize, "qy",
                 {qacc, b.constant("qconv_m", multipliers({1 << 20, 3 << 18, 12345, 1 << 22}))},
                 attrs({{"shift", i64(30)}, {"zero_point", i64(-2)}, {"qmin", i64(-2)}}));
  b.output(
      op(OpKind::Dequantize, "qf", {qy}, attrs({{"scale", f64(0.1)}, {"zero_point", i64(-2)}})));
  NodeId qacc2 = op(OpKind::QConv2d, "qacc2", {q, qw}, attrs({{"x_zero_point", i64(3)}}));
  NodeId qy2 = op(OpKind::Requantize, "qy2", {qacc2, b.constant("qconv2_m", multipliers({77}))},
                  attrs({{"shift", i64(12)},
                         {"zero_point", i64(10)},
                         {"qmin", i64(10)},
                         {"qmax", i64(255)},
                         {"dtype", str("uint8")}}));
  b.output(
      op(OpKind::Dequantize, "qf2", {qy2}, attrs({{"scale", f64(0.25)}, {"zero_point", i64(10)}})));
  b.output(op(OpKind::Dequantize, "qacc2_f", {qacc2}, attrs({{"scale", f64(0.001)}})));
  NodeId qd_in = op(OpKind::Quantize, "qd_in", {gap_flat}, attrs({{"scale", f64(0.02)}}));
  NodeId qd = op(OpKind::QDense, "qd",
                 {qd_in, b.constant("qd_w", ints_of(DType::I8, {3, 8}, 2)),
                  b.constant("qd_b", ints_of(DType::I32, {3}, 9))});
  NodeId qdy = op(OpKind::Requantize, "qdy", {qd, b.constant("qd_m", multipliers({5, 6, 7}))},
                  attrs({{"axis", i64(-1)}, {"shift", i64(4)}}));
  b.output(op(OpKind::Dequantize, "qdf", {qdy}, attrs({{"scale", f64(0.5)}})));
  // A quantized residual add of qy to itself, per-tensor multipliers, a folded relu.
  NodeId qa = op(OpKind::QAdd, "qa",
                 {qy, qy, b.constant("qa_ma", multipliers({1 << 20})),
                  b.constant("qa_mb", multipliers({3 << 19}))},
                 attrs({{"a_zero_point", i64(-2)},
                        {"b_zero_point", i64(-2)},
                        {"shift", i64(21)},
                        {"zero_point", i64(1)},
                        {"qmin", i64(1)}}));
  b.output(op(OpKind::Dequantize, "qaf", {qa}, attrs({{"scale", f64(0.2)}, {"zero_point", i64(1)}})));
  return b.build("all_ops");
}

TEST_CASE("every operator exports to ONNX that the checker and strict shape inference accept",
          "[onnx_export]") {
  std::set<OpKind> used;
  const Graph g = all_ops_graph(used);
  for (size_t k = 0; k < kNumOps; ++k) {
    const OpKind op = static_cast<OpKind>(k);
    if (op == OpKind::Input || op == OpKind::Constant || op == OpKind::FusedConv2d ||
        op == OpKind::FusedDense || op_name(op) == "conv2d_transpose")
      continue;
    if (op == OpKind::Im2col) continue;  // refused (a target's lowering): the test below
    INFO("operator " << op_name(op) << " is missing from the test graph");
    CHECK(used.count(op) == 1);
  }
  const OnnxModelSummary s = export_checked(g);

  // Interface: the data input stays an input with its shape; outputs keep names and shapes.
  REQUIRE(s.inputs.size() == 1);
  CHECK(s.inputs[0].first == "data");
  CHECK(s.inputs[0].second == TensorType{DType::F32, {1, 4, 8, 8}});
  REQUIRE(s.outputs.size() == g.outputs().size());
  for (size_t i = 0; i < s.outputs.size(); ++i) {
    CHECK(s.outputs[i].first == g.node(g.outputs()[i]).name);
    CHECK(s.outputs[i].second == g.node(g.outputs()[i]).type);
  }
  // Weights are initializers holding the bound values, stored once.
  const Tensor* w = initializer(s, "conv_w");
  REQUIRE(w != nullptr);
  CHECK(*w == *g.node(g.find("conv_w")).data);
  std::set<std::string> names;
  for (const auto& [n, t] : s.initializers) CHECK(names.insert(n).second);
  // A bias broadcast along axis 1 is stored reshaped only (the flat copy unused).
  CHECK(initializer(s, "ba_bias") == nullptr);
  REQUIRE(initializer(s, "ba_bias/bcast") != nullptr);
  CHECK(initializer(s, "ba_bias/bcast")->shape() == Shape{8, 1, 1});
  CHECK(initializer(s, "ba2_bias") != nullptr);  // the last axis needs no reshape
  // The shared rank-3 dense weight is transposed once.
  REQUIRE(initializer(s, "dense3_w/T") != nullptr);
  CHECK(initializer(s, "dense3_w/T")->shape() == Shape{4, 6});
  CHECK(initializer(s, "dense3_w/T_1") == nullptr);

  CHECK(ops_of(s, "conv") == Ops{"Conv"});
  CHECK(ops_of(s, "bias_add") == Ops{"Add"});
  CHECK(ops_of(s, "bn") == Ops{"BatchNormalization"});
  CHECK(ops_of(s, "bn_plain") == Ops{"BatchNormalization"});
  CHECK(initializer(s, "bn_plain/unit_gamma")->to_doubles() == std::vector<double>(8, 1.0));
  CHECK(initializer(s, "bn_plain/zero_beta")->to_doubles() == std::vector<double>(8, 0.0));
  CHECK(ops_of(s, "bn_last_axis") == Ops{"Add", "Sqrt", "Sub", "Div", "Mul", "Add"});
  CHECK(ops_of(s, "clip") == Ops{"Clip"});
  CHECK(ops_of(s, "hard_swish") == Ops{"Add", "Clip", "Mul", "Div"});
  CHECK(ops_of(s, "rsqrt") == Ops{"Sqrt", "Reciprocal"});
  CHECK(ops_of(s, "neg") == Ops{"Neg"});
  CHECK(ops_of(s, "min") == Ops{"Min"});
  CHECK(ops_of(s, "max") == Ops{"Max"});
  CHECK(ops_of(s, "max_pool") == Ops{"MaxPool"});
  CHECK(ops_of(s, "max_pool_drop") == Ops{"MaxPool", "Slice"});
  CHECK(ops_of(s, "avg_pool_drop") == Ops{"AveragePool", "Slice"});
  CHECK(ops_of(s, "gap") == Ops{"GlobalAveragePool"});
  CHECK(ops_of(s, "pad") == Ops{"Pad"});
  CHECK(ops_of(s, "upsampling") == Ops{"Resize"});
  if (op_from_name("resize_nearest")) CHECK(ops_of(s, "resize_nearest") == Ops{"Gather", "Gather"});
  CHECK(ops_of(s, "batch_flatten") == Ops{"Flatten"});
  CHECK(ops_of(s, "expand_dims") == Ops{"Unsqueeze"});
  CHECK(initializer(s, "expand_dims/axes")->to_doubles() == std::vector<double>{2, 3});
  CHECK(ops_of(s, "squeeze_all") == Ops{"Squeeze"});
  CHECK(ops_of(s, "split1") == Ops{"Slice"});
  CHECK(initializer(s, "split1/starts")->to_doubles() == std::vector<double>{1});
  CHECK(initializer(s, "split1/ends")->to_doubles() == std::vector<double>{6});
  CHECK(ops_of(s, "dense") == Ops{"Gemm"});
  CHECK(ops_of(s, "dense_rank3_bias") == Ops{"MatMul", "Add"});
  CHECK(ops_of(s, "gemm") == Ops{"Gemm"});
  CHECK(ops_of(s, "exp") == Ops{"Exp"});
  CHECK(ops_of(s, "log") == Ops{"Log"});
  CHECK(ops_of(s, "softplus") == Ops{"Softplus"});
  CHECK(ops_of(s, "silu") == Ops{"Sigmoid", "Mul"});
  CHECK(ops_of(s, "mish") == Ops{"Softplus", "Tanh", "Mul"});
  CHECK(ops_of(s, "gelu") == Ops{"Div", "Erf", "Mul", "Add", "Mul"});
  CHECK(ops_of(s, "reduce_sum") == Ops{"ReduceSum"});
  CHECK(initializer(s, "reduce_sum/axes")->to_doubles() == std::vector<double>{1, 3});
  CHECK(ops_of(s, "reduce_max") == Ops{"ReduceMax"});
  CHECK(ops_of(s, "layer_norm") == Ops{"ReduceMean", "Sub", "Mul", "ReduceMean", "Add", "Sqrt",
                                       "Div", "Mul", "Reshape", "Add"});
  CHECK(ops_of(s, "q") == Ops{"QuantizeLinear"});
  CHECK(ops_of(s, "qacc").empty());  // inside qy's QLinearConv
  CHECK(ops_of(s, "qy") == Ops{"QLinearConv", "DequantizeLinear", "Clip", "QuantizeLinear"});
  REQUIRE(initializer(s, "qy/w_scale") != nullptr);
  CHECK(initializer(s, "qy/w_scale")->to_doubles() ==
        std::vector<double>{0x1p-10, 0x3p-12, 12345 * 0x1p-30, 0x1p-8});
  CHECK(ops_of(s, "qf") == Ops{"DequantizeLinear"});
  CHECK(ops_of(s, "qacc2") == Ops{"ConvInteger"});
  CHECK(ops_of(s, "qy2") == Ops{"DequantizeLinear", "Clip", "QuantizeLinear"});
  CHECK(ops_of(s, "qd") == Ops{"MatMulInteger", "Add"});
  CHECK(ops_of(s, "qdy") == Ops{"DequantizeLinear", "QuantizeLinear"});
  CHECK(ops_of(s, "rms_norm") == Ops{"Mul", "ReduceMean", "Add", "Sqrt", "Div", "Mul"});
  CHECK(ops_of(s, "gelu_tanh") ==
        Ops{"Mul", "Mul", "Mul", "Add", "Mul", "Tanh", "Mul", "Add", "Mul"});
}

TEST_CASE("conv2d_transpose exports as ConvTranspose", "[onnx_export]") {
  auto k = op_from_name("conv2d_transpose");
  if (!k) return;  // not in this build's operator table
  GraphBuilder b;
  NodeId x = b.input("x", {1, 4, 5, 6});
  NodeId y = b.op(*k, "deconv", {x, b.weight("w", {4, 3, 3, 2}), b.weight("b", {6})},
                  attrs({{"strides", ints({2, 3})},
                         {"padding", ints({1, 0, 0, 1})},
                         {"groups", i64(2)},
                         {"output_padding", ints({1, 2})}}));
  b.output(y);
  const OnnxModelSummary s = export_checked(b.build("conv2d_transpose"));
  CHECK(ops_of(s, "deconv") == Ops{"ConvTranspose"});
}

/// One activation of an epilogue: its attributes and the ONNX ops it becomes.
struct Act {
  std::string name;
  double alpha = 0, beta = 0;
  Ops ops;
};

TEST_CASE("fused_conv2d and fused_dense: Conv / Gemm, then the epilogue in order",
          "[onnx_export]") {
  const std::vector<Act> acts = {{"none", 0, 0, {}},
                                 {"relu", 0, 0, {"Relu"}},
                                 {"leaky_relu", 0.1, 0, {"LeakyRelu"}},
                                 {"clip", -0.5, 0.5, {"Clip"}},
                                 {"sigmoid", 0, 0, {"Sigmoid"}},
                                 {"hard_sigmoid", 0.2, 0.5, {"HardSigmoid"}},
                                 {"hard_swish", 0, 0, {"Add", "Clip", "Mul", "Div"}}};
  GraphBuilder b;
  NodeId x = b.input("x", {2, 4, 6, 6});
  NodeId cw = b.weight("cw", {6, 2, 3, 3});
  NodeId cbias = b.weight("cbias", {6}), cscale = b.weight("cscale", {6}),
         cshift = b.weight("cshift", {6});
  NodeId res = b.input("res", {2, 6, 3, 6});
  NodeId h = b.input("h", {2, 5, 8});  // rank 3: MatMul
  NodeId h2 = b.input("h2", {5, 8});   // rank 2: Gemm
  NodeId dw = b.weight("dw", {3, 8});
  NodeId dbias = b.weight("dbias", {3}), dscale = b.weight("dscale", {3}),
         dshift = b.weight("dshift", {3});
  NodeId dres = b.input("dres", {2, 5, 3}), dres2 = b.input("dres2", {5, 3});
  std::vector<std::pair<std::string, Ops>> expect;
  int case_no = 0;
  for (const Act& a : acts)
    for (int flags = 0; flags < 16; flags += (a.name == "hard_swish" || a.name == "none") ? 1 : 5) {
      const bool bias = flags & 1, scale = flags & 2, shift = flags & 4, residual = flags & 8;
      Attrs e = attrs({{"has_bias", i64(bias)},
                       {"has_scale", i64(scale)},
                       {"has_shift", i64(shift)},
                       {"has_residual", i64(residual)},
                       {"activation", str(a.name)},
                       {"act_alpha", f64(a.alpha)},
                       {"act_beta", f64(a.beta)}});
      Ops tail;
      if (scale) tail.push_back("Mul");
      if (shift) tail.push_back("Add");
      if (residual) tail.push_back("Add");
      tail.insert(tail.end(), a.ops.begin(), a.ops.end());

      std::vector<NodeId> cin{x, cw};
      for (auto [on, id] :
           {std::pair{bias, cbias}, {scale, cscale}, {shift, cshift}, {residual, res}})
        if (on) cin.push_back(id);
      Attrs ce = e;
      ce.set("strides", ints({2, 1}));
      ce.set("padding", ints({1, 1, 0, 1}));
      ce.set("groups", i64(2));
      const std::string cname = fmt::format("fc{}", case_no);
      b.output(b.op(OpKind::FusedConv2d, cname, cin, ce));
      Ops conv{"Conv"};
      conv.insert(conv.end(), tail.begin(), tail.end());
      expect.emplace_back(cname, conv);

      for (bool rank3 : {true, false}) {
        std::vector<NodeId> din{rank3 ? h : h2, dw};
        for (auto [on, id] : {std::pair{bias, dbias},
                              {scale, dscale},
                              {shift, dshift},
                              {residual, rank3 ? dres : dres2}})
          if (on) din.push_back(id);
        const std::string dname = fmt::format("fd{}{}", case_no, rank3 ? "_r3" : "");
        b.output(b.op(OpKind::FusedDense, dname, din, e));
        Ops dense = rank3 ? Ops{"MatMul"} : Ops{"Gemm"};
        if (rank3 && bias) dense.push_back("Add");
        dense.insert(dense.end(), tail.begin(), tail.end());
        expect.emplace_back(dname, dense);
      }
      ++case_no;
    }
  const OnnxModelSummary s = export_checked(b.build("fused"));
  for (const auto& [name, ops] : expect) {
    INFO(name);
    CHECK(ops_of(s, name) == ops);
  }
  // Per-channel vectors of a conv broadcast along axis 1; a dense's along the last axis.
  REQUIRE(initializer(s, "cscale/bcast") != nullptr);
  CHECK(initializer(s, "cscale/bcast")->shape() == Shape{6, 1, 1});
  CHECK(initializer(s, "dscale") != nullptr);
}

TEST_CASE("the Relay workloads export to checked ONNX with their seeded weights",
          "[onnx_export][workloads]") {
  for (const char* name :
       {"resnet_shallow_simplified", "mobilenet_shallow_simplified", "mobilenet",
        "mobilenet_simplified", "resnet18_cifar_simplified", "resnet18_imagenet_simplified"}) {
    INFO(name);
    DiagnosticSink diags;
    auto g = import_relay_file(std::string(VF_SOURCE_DIR) + "/models/" + name + ".relay", diags);
    REQUIRE(g.has_value());
    REQUIRE(infer_types(*g).ok());
    std::vector<std::pair<NodeId, Tensor>> w;
    for (NodeId id : g->inputs())
      if (g->node(id).weight) w.emplace_back(id, generate_input(*g, id, 0));
    const size_t num_weights = w.size();
    for (auto& [id, t] : w) g->bind_input(id, std::move(t));
    const OnnxModelSummary s = export_checked(*g);
    REQUIRE(s.inputs.size() == 1);
    CHECK(s.inputs[0].first == g->node(g->data_inputs()[0]).name);
    CHECK(s.inputs[0].second == g->node(g->data_inputs()[0]).type);
    CHECK(s.initializers.size() >= num_weights / 2);  // vectors may be stored reshaped
    REQUIRE(s.outputs.size() == 1);
    CHECK(s.outputs[0].second == g->node(g->outputs()[0]).type);
  }
}

TEST_CASE("check_onnx_model rejects a declared shape that ONNX infers differently",
          "[onnx_export]") {
  Graph g;
  NodeId x = g.add_input("x", {DType::F32, {1, 2, 5, 5}});
  NodeId p = g.add_node(OpKind::MaxPool2d, "pool", {x},
                        attrs({{"pool_size", ints({2, 2})}, {"strides", ints({2, 2})}}));
  g.add_output(g.add_node(OpKind::Relu, "y", {p}, {}));
  REQUIRE(normalize_attrs(OpKind::MaxPool2d, g.node_mut(p).attrs).ok());
  REQUIRE(infer_types(g).ok());
  REQUIRE(check_onnx_model(*export_onnx(g)).ok());
  g.node_mut(p).type.shape = {1, 2, 3, 3};  // what ceil_mode would give
  auto r = check_onnx_model(*export_onnx(g));
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error().message, Catch::Contains("pool"));
  CHECK_FALSE(check_onnx_model("not a model").ok());
}

TEST_CASE("export errors name the node, nothing is written", "[onnx_export]") {
  GraphBuilder b;
  NodeId x = b.input("x", {1, 2, 6, 6});
  b.output(b.op(OpKind::AvgPool2d, "dilated_avg", {x},
                attrs({{"pool_size", ints({2, 2})}, {"dilation", ints({2, 2})}})));
  const Graph g = b.build("error");
  auto r = export_onnx(g);
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error().message,
             Catch::Contains("node 'dilated_avg' (avg_pool2d)") && Catch::Contains("dilation"));
  const std::string path =
      (std::filesystem::temp_directory_path() / "vf_onnx_export_error_test.onnx").string();
  std::filesystem::remove(path);
  CHECK_FALSE(export_onnx_file(g, path).ok());
  CHECK_FALSE(std::filesystem::exists(path));
}

TEST_CASE("export_onnx_file writes export_onnx's bytes, unbound inputs stay inputs",
          "[onnx_export]") {
  Graph g;
  NodeId x = g.add_input("x", {DType::F32, {2, 3}});
  NodeId w = g.add_input("w", {DType::F32, {3}}, /*weight=*/true);  // not bound: an input
  NodeId k = g.add_constant("k", Tensor::from_floats({3}, std::vector<float>{1, -2, 0.5f}));
  NodeId y = g.add_node(OpKind::Add, "y:0", {x, w}, {});
  g.add_output(g.add_node(OpKind::Multiply, "out", {y, k}, {}));
  g.add_output(k);  // a constant output is an initializer
  REQUIRE(infer_types(g).ok());
  const OnnxModelSummary s = export_checked(g);
  REQUIRE(s.inputs.size() == 2);
  CHECK(s.inputs[1].first == "w");
  CHECK(s.inputs[1].second == TensorType{DType::F32, {3}});
  CHECK(s.node_outputs == std::vector<std::string>{"y:0", "out"});
  REQUIRE(s.outputs.size() == 2);
  CHECK(s.outputs[1].first == "k");
  REQUIRE(initializer(s, "k") != nullptr);
  CHECK(initializer(s, "k")->to_doubles() == std::vector<double>{1, -2, 0.5});

  const auto dir = std::filesystem::temp_directory_path() / "vf_onnx_export_test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "m.onnx").string();
  REQUIRE(export_onnx_file(g, path).ok());
  std::ifstream f(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  CHECK(bytes == *export_onnx(g));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace vf

namespace vf {
namespace {

TEST_CASE("im2col (a target's lowering) is refused with the reason", "[onnx_export]") {
  GraphBuilder b;
  NodeId x = b.input("x", {1, 2, 6, 6});
  NodeId w = b.weight("w", {3, 2, 3, 3});
  b.output(b.op(OpKind::Im2col, "cols", {x, w}, {}));
  const Graph g = b.build("im2col");
  auto r = export_onnx(g);
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error().message, Catch::Contains("node 'cols' (im2col)") &&
                                    Catch::Contains("im2col has no ONNX operator"));
}

}  // namespace
}  // namespace vf
