// The quantizer's rewrite (src/quant/quantize_graph.h) on small fused graphs: which nodes
// it writes, that consecutive layers pass uint8 without a float round trip, that the
// split of residual epilogues keeps the float32 values, and that the quantized graph
// follows the float one (calibrated and compared on disjoint seeded inputs).
#include <catch2/catch.hpp>

#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <string>

#include "interp/interpreter.h"
#include "ir/npy.h"
#include "ir/op_attrs.h"
#include "ir/shape_inference.h"
#include "quant/agreement.h"
#include "quant/calibrate.h"
#include "quant/quantize_graph.h"
#include "support/rng.h"

namespace vf::quant {
namespace {

Tensor random_tensor(Shape shape, double lo, double hi, uint64_t seed) {
  Tensor t(TensorType{DType::F32, std::move(shape)});
  SplitMix64 rng(seed);
  for (int64_t i = 0; i < t.size(); ++i) t.set(i, static_cast<float>(rng.uniform(lo, hi)));
  return t;
}

Attrs attrs_of(OpKind op, std::initializer_list<std::pair<const char*, AttrValue>> a) {
  Attrs out;
  for (const auto& [k, v] : a) out.set(k, v);
  auto r = normalize_attrs(op, out);
  REQUIRE(r);
  return out;
}

/// x [1, 3, 8, 8] -> conv 3x3 pad 1 (+bias, scale, shift, relu) -> conv 3x3 pad 1 (+bias,
/// residual = the first conv's output, relu) -> conv 3x3 pad 1 (clip 0..6) -> global pool ->
/// flatten -> dense (+bias) -> out; without `head`, the third conv is the output.
Graph small_net(bool head = true) {
  Graph g;
  const NodeId x = g.add_input("x", TensorType{DType::F32, {1, 3, 8, 8}});
  const NodeId w1 = g.add_constant("w1", random_tensor({4, 3, 3, 3}, -0.5, 0.5, 1));
  const NodeId b1 = g.add_constant("b1", random_tensor({4}, -0.2, 0.2, 2));
  const NodeId s1 = g.add_constant("s1", random_tensor({4}, 0.5, 1.5, 3));
  const NodeId t1 = g.add_constant("t1", random_tensor({4}, -0.2, 0.2, 4));
  const NodeId c1 =
      g.add_node(OpKind::FusedConv2d, "c1", {x, w1, b1, s1, t1},
                 attrs_of(OpKind::FusedConv2d, {{"padding", std::vector<int64_t>{1, 1, 1, 1}},
                                                {"has_bias", int64_t{1}},
                                                {"has_scale", int64_t{1}},
                                                {"has_shift", int64_t{1}},
                                                {"activation", std::string("relu")}}));
  const NodeId w2 = g.add_constant("w2", random_tensor({4, 4, 3, 3}, -0.3, 0.3, 5));
  const NodeId b2 = g.add_constant("b2", random_tensor({4}, -0.2, 0.2, 6));
  const NodeId c2 =
      g.add_node(OpKind::FusedConv2d, "c2", {c1, w2, b2, c1},
                 attrs_of(OpKind::FusedConv2d, {{"padding", std::vector<int64_t>{1, 1, 1, 1}},
                                                {"has_bias", int64_t{1}},
                                                {"has_residual", int64_t{1}},
                                                {"activation", std::string("relu")}}));
  const NodeId w3 = g.add_constant("w3", random_tensor({4, 4, 3, 3}, -0.3, 0.3, 7));
  const NodeId c3 =
      g.add_node(OpKind::FusedConv2d, "c3", {c2, w3},
                 attrs_of(OpKind::FusedConv2d, {{"padding", std::vector<int64_t>{1, 1, 1, 1}},
                                                {"activation", std::string("clip")},
                                                {"act_alpha", 0.0},
                                                {"act_beta", 6.0}}));
  if (!head) {
    g.add_output(c3);
    REQUIRE(infer_types(g));
    return g;
  }
  const NodeId p = g.add_node(OpKind::GlobalAvgPool2d, "pool", {c3}, {});
  const NodeId f = g.add_node(OpKind::BatchFlatten, "flat", {p}, {});
  const NodeId w4 = g.add_constant("w4", random_tensor({10, 4}, -1, 1, 8));
  const NodeId b4 = g.add_constant("b4", random_tensor({10}, -0.1, 0.1, 9));
  const NodeId d = g.add_node(OpKind::FusedDense, "fc", {f, w4, b4},
                              attrs_of(OpKind::FusedDense, {{"has_bias", int64_t{1}}}));
  g.add_output(d);
  auto r = infer_types(g);
  INFO((r ? "" : r.error().message));
  REQUIRE(r);
  return g;
}

std::map<std::string, int> histogram(const Graph& g) {
  std::map<std::string, int> h;
  for (const Node& n : g.nodes()) ++h[std::string(op_name(n.op))];
  return h;
}

/// p calibrated on 8 seeded inputs (min / max) and quantized (uint8 unless `dtype`).
QuantizedGraph quantized(const PreparedGraph& p, DType dtype = DType::U8) {
  auto ranges = calibrate(p, seeded_inputs(p.graph, 1, 8), {}, interpreter_runner());
  REQUIRE(ranges);
  auto q = quantize_graph(p, *ranges, dtype);
  INFO((q ? "" : q.error().message));
  REQUIRE(q);
  return std::move(*q);
}

/// The agreement of quantized graph qg with g on 20 seeded inputs calibration did not see,
/// and a negative control: requantize node `requantize` off by one bit of shift (its output
/// halved) must fail the SNR threshold. Measured on small_net: SNR 38.2 dB, top-1 20 of 20;
/// the thresholds leave margin for other seeds.
void check_agreement(const Graph& g, const Graph& qg, const std::string& requantize) {
  const GraphRunner run = interpreter_runner();
  const CertifiedGraph ref = CertifiedGraph::unrewritten(g);
  auto a = measure_agreement(ref, CertifiedGraph::unrewritten(qg), seeded_inputs(g, 1000, 20), run);
  REQUIRE(a);
  INFO("SNR " << a->snr_db << " dB, top-1 " << a->top1_same << "/" << a->top1_rows);
  CHECK(a->inputs == 20);
  CHECK(a->snr_db > 25);
  CHECK(a->top1_same >= 17);
  Graph broken = qg;
  Node& rq = broken.node_mut(broken.find(requantize));
  rq.attrs.set("shift", rq.attrs.get_int("shift") + 1);
  auto b = measure_agreement(ref, CertifiedGraph::unrewritten(std::move(broken)),
                             seeded_inputs(g, 1000, 20), run);
  REQUIRE(b);
  INFO("broken: SNR " << b->snr_db << " dB");
  CHECK(b->snr_db < 15);
}

TEST_CASE("prepare_graph splits residual epilogues into the same float32 operations", "[quant]") {
  const Graph g = small_net(false);
  auto p = prepare_graph(g);
  REQUIRE(p);
  CHECK(p->layers.size() == 3);
  const auto h = histogram(p->graph);
  CHECK(h.at("add") == 1);   // c2's residual
  CHECK(h.at("relu") == 1);  // c2's relu, after the add
  const Node& c2 = p->graph.node(p->graph.find("c2"));
  CHECK(epilogue_attrs(c2.attrs).has_residual == false);
  CHECK(epilogue_attrs(c2.attrs).activation == Activation::None);
  CHECK(p->moved_out.at(p->graph.find("c2")) == "add, relu");
  CHECK(p->moved_out.size() == 1);
  // c1 keeps its relu (an integer maximum later); c3 its clip.
  CHECK(epilogue_attrs(p->graph.node(p->graph.find("c1")).attrs).activation == Activation::Relu);
  // Bit for bit the compiled graph's outputs.
  for (uint64_t seed : {1, 2}) {
    RunOptions o;
    o.seed = seed;
    auto a = run_graph(CertifiedGraph::unrewritten(g), o);
    auto b = run_graph(CertifiedGraph::unrewritten(p->graph), o);
    REQUIRE(a);
    REQUIRE(b);
    CHECK((*a)[0] == (*b)[0]);
  }
  // Watched: x, c1 (also c2's input), c2's pre-residual value, c2_relu (c3's input), c3.
  std::vector<std::string> names;
  for (NodeId v : p->watched) names.push_back(p->graph.node(v).name);
  CHECK(names == std::vector<std::string>{"x", "c1", "c2", "c2_relu", "c3"});
}

TEST_CASE("prepare_graph writes a global average pool of an integer value as a depthwise layer",
          "[quant]") {
  // The pool reads c3, a layer's output: it becomes fused_conv2d with groups 4, an 8 x 8
  // kernel of 1/64 and a zero bias (then quantized like any layer); flat passes it on.
  const Graph g = small_net();
  auto p = prepare_graph(g);
  REQUIRE(p);
  CHECK(p->layers.size() == 5);
  const Node& pool = p->graph.node(p->graph.find("pool"));
  REQUIRE(pool.op == OpKind::FusedConv2d);
  CHECK(pool.attrs.get_int("groups") == 4);
  const Tensor& w = *p->graph.node(pool.inputs[1]).data;
  CHECK(w.shape() == Shape{4, 1, 8, 8});
  for (int64_t i = 0; i < w.size(); ++i) CHECK(w.get(i) == 1.0f / 64);
  CHECK(epilogue_attrs(pool.attrs).has_bias);
  // The same values up to the last bits: the sum in another order.
  for (uint64_t seed : {1, 2}) {
    RunOptions o;
    o.seed = seed;
    auto a = run_graph(CertifiedGraph::unrewritten(g), o);
    auto b = run_graph(CertifiedGraph::unrewritten(p->graph), o);
    REQUIRE(a);
    REQUIRE(b);
    for (int64_t i = 0; i < (*a)[0].size(); ++i)
      CHECK(std::abs((*a)[0].get(i) - (*b)[0].get(i)) <= 1e-5 * (1 + std::abs((*a)[0].get(i))));
  }
  std::vector<std::string> names;
  for (NodeId v : p->watched) names.push_back(p->graph.node(v).name);
  CHECK(names == std::vector<std::string>{"x", "c1", "c2", "c2_relu", "c3", "pool", "flat", "fc"});
}

TEST_CASE("quantize_graph writes integer layers and follows the float32 graph", "[quant]") {
  const Graph g = small_net();
  auto p = prepare_graph(g);
  REQUIRE(p);
  const QuantizedGraph q = quantized(*p);
  const Graph& qg = q.graph;
  const auto h = histogram(qg);
  CHECK(h.at("qconv2d") == 4);  // c1, c2, c3 and the pool
  CHECK(h.at("qdense") == 1);
  CHECK(h.at("requantize") == 5);
  CHECK(h.at("maximum") == 3);  // c1's relu, the residual add's relu, c3's clip floor
  CHECK(h.at("minimum") == 1);  // c3's clip ceiling
  CHECK(h.count("fused_conv2d") == 0);
  CHECK(h.count("fused_dense") == 0);
  CHECK(h.count("add") == 0);
  CHECK(h.count("relu") == 0);
  // The residual add of c2 and c1 (both uint8) is a qadd, its relu an integer maximum; the
  // pool a depthwise layer, flat an integer batch_flatten: x quantized, fc (the output)
  // dequantized, nothing else.
  CHECK(h.at("qadd") == 1);
  CHECK(h.at("quantize") == 1);
  CHECK(h.at("dequantize") == 1);
  CHECK(h.count("global_avg_pool2d") == 0);
  CHECK(qg.node(qg.find("fc_acc")).inputs.size() == 3);
  CHECK(qg.node(qg.node(qg.find("fc_acc")).inputs[0]).op == OpKind::BatchFlatten);
  CHECK(qg.node(qg.node(qg.find("fc_acc")).inputs[0]).type.dtype == DType::U8);
  const Node& c2acc = qg.node(qg.find("c2_acc"));
  CHECK(qg.node(c2acc.inputs[0]).op == OpKind::Maximum);
  CHECK(qg.node(c2acc.inputs[0]).type.dtype == DType::U8);
  const Node& c3acc = qg.node(qg.find("c3_acc"));
  const Node& relu = qg.node(c3acc.inputs[0]);
  CHECK(relu.op == OpKind::Maximum);
  CHECK(qg.node(relu.inputs[0]).op == OpKind::QAdd);
  REQUIRE(q.adds.size() == 1);
  CHECK(q.adds[0].activation == "relu");
  CHECK(q.adds[0].a == "c2");
  CHECK(q.adds[0].b == "c1");
  CHECK(q.adds[0].shift > 0);
  for (int32_t m : q.adds[0].multipliers) {
    CHECK(m > 0);
    CHECK(m < (1 << 22));  // the native kernel's int32 lanes (kAddMultiplierLimit)
  }
  // Every quantize / dequantize left, with its reason.
  const auto boundaries = float_boundaries(qg);
  REQUIRE(boundaries.size() == 2);
  CHECK(boundaries[0].op == "quantize");
  CHECK(boundaries[0].reason == "graph input 'x' is float32");
  for (const Boundary& b : boundaries) {
    INFO(b.name << ": " << b.reason);
    CHECK(!b.reason.empty());
    if (b.name == "fc") CHECK(b.reason == "read in float32 by the graph's output");
  }
  // Inputs and outputs stay float32.
  CHECK(qg.node(qg.inputs()[0]).type.dtype == DType::F32);
  CHECK(qg.node(qg.outputs()[0]).type.dtype == DType::F32);
  CHECK(qg.node(qg.outputs()[0]).name == "fc");
  // relu's floor is the output's zero point; clip's bounds are q(0) and q(6).
  for (const LayerReport& l : q.layers) {
    CHECK(l.y.dtype == DType::U8);
    CHECK(l.x.scale > 0);
    CHECK(l.shift > 0);
    for (int32_t m : l.multipliers) CHECK(m > 0);
    CHECK(l.bias_saturated == 0);
  }
  CHECK(q.layers[0].x_range.lo < 0);                   // x in [-1, 1]
  CHECK(q.layers[1].x.zero_point == 0);                // c1 after relu: all non-negative
  CHECK(q.layers[1].x.scale == q.layers[0].y.scale);  // one value, one set of parameters

  // Agreement on inputs the calibration did not see; the first layer off by a bit of shift
  // fails it.
  check_agreement(g, qg, "c1_requantize");
}

/// A pre-activation (ResNet v2) block: x -> batch_norm (of the float input) -> conv 3x3
/// (relu) -> max pool 3x3 s2 p1 -> batch_norm -> relu -> conv 3x3 -> + max pool ->
/// batch_norm -> global pool -> flatten -> dense.
Graph preactivation_net() {
  Graph g;
  int seed = 100;
  auto constant = [&](const char* name, Shape s, double lo, double hi) {
    return g.add_constant(name, random_tensor(std::move(s), lo, hi, seed++));
  };
  auto bn = [&](const char* name, NodeId x, int64_t c) {
    const std::string n(name);
    return g.add_node(OpKind::BatchNorm, n,
                      {x, constant((n + "_g").c_str(), {c}, 0.5, 1.5),
                       constant((n + "_b").c_str(), {c}, -0.3, 0.3),
                       constant((n + "_m").c_str(), {c}, -0.2, 0.2),
                       constant((n + "_v").c_str(), {c}, 0.5, 2)},
                      attrs_of(OpKind::BatchNorm, {}));
  };
  const Attrs pad1 = attrs_of(OpKind::FusedConv2d, {{"padding", std::vector<int64_t>{1, 1, 1, 1}},
                                                    {"activation", std::string("relu")}});
  const NodeId x = g.add_input("x", TensorType{DType::F32, {1, 3, 16, 16}});
  const NodeId bn0 = bn("bn0", x, 3);
  const NodeId c1 =
      g.add_node(OpKind::FusedConv2d, "c1", {bn0, constant("w1", {8, 3, 3, 3}, -0.5, 0.5)}, pad1);
  const NodeId mp = g.add_node(
      OpKind::MaxPool2d, "mp", {c1},
      attrs_of(OpKind::MaxPool2d, {{"pool_size", std::vector<int64_t>{3, 3}},
                                   {"strides", std::vector<int64_t>{2, 2}},
                                   {"padding", std::vector<int64_t>{1, 1, 1, 1}}}));
  const NodeId r = g.add_node(OpKind::Relu, "r", {bn("bn1", mp, 8)}, {});
  Attrs plain = pad1;
  plain.set("activation", std::string("none"));
  const NodeId c2 =
      g.add_node(OpKind::FusedConv2d, "c2", {r, constant("w2", {8, 8, 3, 3}, -0.3, 0.3)}, plain);
  const NodeId res = g.add_node(OpKind::Add, "res", {c2, mp}, {});
  const NodeId pool = g.add_node(OpKind::GlobalAvgPool2d, "pool", {bn("bn2", res, 8)}, {});
  const NodeId f = g.add_node(OpKind::BatchFlatten, "flat", {pool}, {});
  g.add_output(g.add_node(OpKind::Dense, "fc", {f, constant("w3", {10, 8}, -1, 1)}, {}));
  auto t = infer_types(g);
  INFO((t ? "" : t.error().message));
  REQUIRE(t);
  return g;
}

TEST_CASE("quantize_graph keeps max pools, batch norms and global pools of integers in integers",
          "[quant]") {
  const Graph g = preactivation_net();
  auto p = prepare_graph(g);
  REQUIRE(p);
  // bn1 (with its relu), bn2 and the pool read integer values: depthwise layers. bn0 reads
  // the float input and stays.
  const Node& bn1 = p->graph.node(p->graph.find("bn1"));
  REQUIRE(bn1.op == OpKind::FusedConv2d);
  CHECK(epilogue_attrs(bn1.attrs).activation == Activation::Relu);
  CHECK(!p->graph.find("r").valid());  // folded into bn1's epilogue
  CHECK(p->graph.node(p->graph.find("bn2")).op == OpKind::FusedConv2d);
  CHECK(p->graph.node(p->graph.find("pool")).op == OpKind::FusedConv2d);
  CHECK(p->graph.node(p->graph.find("bn0")).op == OpKind::BatchNorm);
  const QuantizedGraph q = quantized(*p);
  const Graph& qg = q.graph;
  const auto h = histogram(qg);
  CHECK(h.at("qconv2d") == 5);  // c1, bn1, c2, bn2, pool
  CHECK(h.at("qdense") == 1);
  CHECK(h.at("qadd") == 1);     // c2 + the max pool's integers
  CHECK(h.at("max_pool2d") == 1);
  CHECK(h.at("batch_norm") == 1);
  CHECK(h.count("global_avg_pool2d") == 0);
  CHECK(h.at("quantize") == 1);    // after bn0
  CHECK(h.at("dequantize") == 1);  // fc, the output
  const Node& pool_int = qg.node(qg.find("mp_int"));
  CHECK(pool_int.op == OpKind::MaxPool2d);
  CHECK(pool_int.type.dtype == DType::U8);
  const auto boundaries = float_boundaries(qg);
  REQUIRE(boundaries.size() == 2);
  CHECK(boundaries[0].reason == "reads the float32 result of batch_norm 'bn0'");
  // The max pool's integers keep c1's parameters (the qadd reads them as its b).
  REQUIRE(q.adds.size() == 1);
  CHECK(q.adds[0].b == "mp");
  CHECK(q.adds[0].pb.scale == q.layers[0].y.scale);
  CHECK(q.adds[0].pb.zero_point == q.layers[0].y.zero_point);
  // Agreement on held-apart inputs; the batch norm's requantize off by a bit of shift fails
  // it.
  check_agreement(g, qg, "bn1_requantize");
}

/// x -> conv (relu) "c1" [1, 4, 8, 8] -> concat with a constant `pad` of 4 channels (the
/// channel padding of face detectors) -> conv "c2"; and concat(c1, conv "c3" of x) -> conv
/// "c4": two branches whose ranges differ.
Graph padded_net(float pad) {
  Graph g;
  const NodeId x = g.add_input("x", TensorType{DType::F32, {1, 3, 8, 8}});
  const Attrs relu = attrs_of(OpKind::FusedConv2d, {{"padding", std::vector<int64_t>{1, 1, 1, 1}},
                                                    {"activation", std::string("relu")}});
  const NodeId c1 = g.add_node(OpKind::FusedConv2d, "c1",
                               {x, g.add_constant("w1", random_tensor({4, 3, 3, 3}, -0.5, 0.5, 1))},
                               relu);
  Tensor zeros(TensorType{DType::F32, {1, 4, 8, 8}});
  for (int64_t i = 0; i < zeros.size(); ++i) zeros.set(i, pad);
  const NodeId cat = g.add_node(OpKind::Concat, "cat", {c1, g.add_constant("pad", std::move(zeros))},
                                attrs_of(OpKind::Concat, {{"axis", int64_t{1}}}));
  g.add_output(g.add_node(OpKind::FusedConv2d, "c2",
                          {cat, g.add_constant("w2", random_tensor({4, 8, 3, 3}, -0.5, 0.5, 2))},
                          relu));
  const NodeId c3 = g.add_node(OpKind::FusedConv2d, "c3",
                               {x, g.add_constant("w3", random_tensor({4, 3, 3, 3}, -2, 2, 3))},
                               relu);
  const NodeId cat2 = g.add_node(OpKind::Concat, "cat2", {c1, c3},
                                 attrs_of(OpKind::Concat, {{"axis", int64_t{1}}}));
  g.add_output(g.add_node(OpKind::FusedConv2d, "c4",
                          {cat2, g.add_constant("w4", random_tensor({4, 8, 3, 3}, -0.5, 0.5, 4))},
                          relu));
  REQUIRE(infer_types(g));
  return g;
}

TEST_CASE("quantize_graph concatenates integers that share their parameters", "[quant]") {
  const GraphRunner run = interpreter_runner();
  {
    // Padding by zeros: on the integers, the zeros as the zero point. The branches' concat
    // (c1 and c3 have different ranges, so different scales) stays float32.
    const Graph g = padded_net(0);
    auto p = prepare_graph(g);
    REQUIRE(p);
    const QuantizedGraph q = quantized(*p);
    const Graph& qg = q.graph;
    const Node& cat = qg.node(qg.find("cat_int"));
    REQUIRE(cat.op == OpKind::Concat);
    CHECK(cat.type.dtype == DType::U8);
    const Tensor& pad = *qg.node(cat.inputs[1]).data;
    CHECK(pad.dtype() == DType::U8);
    const int64_t z = q.layers[0].y.zero_point;
    for (int64_t i = 0; i < pad.size(); ++i) CHECK(pad.get(i) == static_cast<double>(z));
    CHECK(qg.node(qg.find("cat2")).type.dtype == DType::F32);  // float32, between the two
    const auto boundaries = float_boundaries(qg);
    for (const Boundary& b : boundaries) INFO(b.name << ": " << b.reason);
    // x's quantize, c1 and c3 dequantized for cat2, cat2's quantize, c2 and c4 dequantized.
    CHECK(boundaries.size() == 6);
    auto a = measure_agreement(CertifiedGraph::unrewritten(g), CertifiedGraph::unrewritten(qg),
                               seeded_inputs(g, 1000, 20), run);
    REQUIRE(a);
    INFO("SNR " << a->snr_db << " dB");
    CHECK(a->snr_db > 25);
  }
  {
    // A padding value that is no integer's exactly: float32.
    const Graph g = padded_net(0.3f);
    auto p = prepare_graph(g);
    REQUIRE(p);
    const QuantizedGraph q = quantized(*p);
    CHECK(!q.graph.find("cat_int").valid());
    CHECK(q.graph.node(q.graph.find("cat")).type.dtype == DType::F32);
  }
}

TEST_CASE("quantize_graph with int8 activations", "[quant]") {
  const Graph g = small_net();
  auto p = prepare_graph(g);
  REQUIRE(p);
  const GraphRunner run = interpreter_runner();
  const QuantizedGraph q = quantized(*p, DType::I8);
  for (const Node& n : q.graph.nodes())
    if (n.op == OpKind::Quantize || n.op == OpKind::Requantize || n.op == OpKind::Maximum ||
        n.op == OpKind::Minimum)
      CHECK(n.type.dtype == DType::I8);
  // After relu the range starts at 0: int8's zero point is its least value.
  CHECK(q.layers[1].x.zero_point == -128);
  auto a = measure_agreement(CertifiedGraph::unrewritten(g), CertifiedGraph::unrewritten(q.graph),
                             seeded_inputs(g, 1000, 20), run);
  REQUIRE(a);
  INFO("SNR " << a->snr_db << " dB");
  CHECK(a->snr_db > 25);  // the same 256 levels as uint8
}

TEST_CASE("percentile calibration narrows ranges, never widens them", "[quant]") {
  const Graph g = small_net();
  auto p = prepare_graph(g);
  REQUIRE(p);
  const auto inputs = seeded_inputs(p->graph, 1, 4);
  auto full = calibrate(*p, inputs, {}, interpreter_runner());
  CalibrationOptions o;
  o.percentile = 90;
  auto clipped = calibrate(*p, inputs, o, interpreter_runner());
  REQUIRE(full);
  REQUIRE(clipped);
  bool narrower = false;
  for (const auto& [v, r] : *full) {
    const Range c = clipped->at(v);
    CHECK(c.lo >= r.lo);
    CHECK(c.hi <= r.hi);
    narrower = narrower || c.hi < r.hi || c.lo > r.lo;
  }
  CHECK(narrower);
}

TEST_CASE("calibration reads .npy input sets and names a wrong file", "[quant]") {
  namespace fs = std::filesystem;
  const Graph g = small_net();
  auto r = npy_inputs(g, "/nonexistent/dir");
  REQUIRE(!r);
  CHECK(r.error().message.find("not a directory") != std::string::npos);

  const fs::path dir = fs::temp_directory_path() / fmt::format("vf_quant_npy_{}", getpid());
  fs::remove_all(dir);
  // One set in DIR itself.
  fs::create_directories(dir / "one");
  const Tensor x = random_tensor({1, 3, 8, 8}, -1, 1, 42);
  REQUIRE(write_npy((dir / "one" / "x.npy").string(), x));
  auto one = npy_inputs(g, (dir / "one").string());
  REQUIRE(one);
  REQUIRE(one->size() == 1);
  CHECK((*one)[0].at("x") == x);
  // One set per subdirectory, in name order; a wrong shape names its file.
  fs::create_directories(dir / "sets" / "b");
  fs::create_directories(dir / "sets" / "a");
  const Tensor y = random_tensor({1, 3, 8, 8}, -1, 1, 43);
  REQUIRE(write_npy((dir / "sets" / "a" / "x.npy").string(), x));
  REQUIRE(write_npy((dir / "sets" / "b" / "x.npy").string(), y));
  auto two = npy_inputs(g, (dir / "sets").string());
  REQUIRE(two);
  REQUIRE(two->size() == 2);
  CHECK((*two)[0].at("x") == x);
  CHECK((*two)[1].at("x") == y);
  REQUIRE(
      write_npy((dir / "sets" / "b" / "x.npy").string(), random_tensor({1, 3, 4, 4}, -1, 1, 44)));
  auto bad = npy_inputs(g, (dir / "sets").string());
  REQUIRE(!bad);
  CHECK(bad.error().message.find("b/x.npy: input 'x' is float32 (1, 3, 4, 4), the model expects "
                                 "float32 (1, 3, 8, 8)") != std::string::npos);
  fs::remove(dir / "sets" / "b" / "x.npy");
  auto missing = npy_inputs(g, (dir / "sets").string());
  REQUIRE(!missing);
  CHECK(missing.error().message.find("missing input 'x'") != std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace vf::quant
