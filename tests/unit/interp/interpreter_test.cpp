// run_graph: determinism, seeded inputs, given inputs, precisions, outputs, and the
// errors it reports for bad inputs.
#include <catch2/catch.hpp>

#include <cmath>

#include "../semantics/op_case.h"
#include "interp/interpreter.h"
#include "interp/weights.h"
#include "ir/shape_inference.h"

namespace vf {
namespace {

using test::attrs;
using test::i64;
using test::ints;

/// conv -> batch_norm -> relu -> global pool -> dense, every value generated from the seed.
Graph small_net() {
  Graph g;
  NodeId x = g.add_input("data", TensorType{DType::F32, {2, 3, 6, 6}});
  NodeId w = g.add_input("conv_weight", TensorType{DType::F32, {4, 3, 3, 3}}, true);
  NodeId gamma = g.add_input("bn_gamma", TensorType{DType::F32, {4}}, true);
  NodeId beta = g.add_input("bn_beta", TensorType{DType::F32, {4}}, true);
  NodeId mean = g.add_input("bn_moving_mean", TensorType{DType::F32, {4}}, true);
  NodeId var = g.add_input("bn_moving_var", TensorType{DType::F32, {4}}, true);
  NodeId fw = g.add_input("fc_weight", TensorType{DType::F32, {5, 4}}, true);
  NodeId fb = g.add_input("fc_bias", TensorType{DType::F32, {5}}, true);
  NodeId y = g.add_node(OpKind::Conv2d, "conv", {x, w},
                        attrs({{"padding", ints({1, 1, 1, 1})}, {"strides", ints({2, 2})}}));
  y = g.add_node(OpKind::BatchNorm, "bn", {y, gamma, beta, mean, var}, {});
  y = g.add_node(OpKind::Relu, "relu", {y}, {});
  NodeId pooled = g.add_node(OpKind::GlobalAvgPool2d, "pool", {y}, {});
  y = g.add_node(OpKind::BatchFlatten, "flat", {pooled}, {});
  y = g.add_node(OpKind::Dense, "fc", {y, fw, fb}, {});
  g.add_output(y);
  g.add_output(pooled);
  return g;
}

Graph verified(Graph g) {
  auto r = infer_types(g);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  return g;
}

std::vector<Tensor> run_ok(const Graph& g, const RunOptions& o) {
  auto r = run_graph(CertifiedGraph::unrewritten(g), o);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  return std::move(r).value();
}

TEST_CASE("run_graph is deterministic: the same seed gives bit-identical outputs", "[interp]") {
  const Graph g = verified(small_net());
  for (Precision p : test::kPrecisions) {
    RunOptions o;
    o.precision = p;
    o.seed = 7;
    auto a = run_ok(g, o);
    auto b = run_ok(g, o);
    REQUIRE(a.size() == 2);
    CHECK(a[0].shape() == Shape{2, 5});
    CHECK(a[1].shape() == Shape{2, 4, 1, 1});
    CHECK(a[0] == b[0]);  // same type and same bytes
    CHECK(a[1] == b[1]);
    // Nothing degenerate: the outputs are finite and not all equal.
    bool finite = true;
    for (double v : a[0].to_doubles()) finite = finite && std::isfinite(v);
    CHECK(finite);
    CHECK(a[0].get(0) != a[0].get(1));
  }
}

TEST_CASE("run_graph: a different seed changes the generated inputs and outputs", "[interp]") {
  const Graph g = verified(small_net());
  RunOptions o1, o2;
  o1.seed = 1;
  o2.seed = 2;
  CHECK_FALSE(run_ok(g, o1)[0] == run_ok(g, o2)[0]);
  NodeId data = g.find("data");
  CHECK_FALSE(generate_input(g, data, 1) == generate_input(g, data, 2));
  CHECK(generate_input(g, data, 1) == generate_input(g, data, 1));
}

TEST_CASE("run_graph: f32 and f64 runs see the same generated inputs", "[interp]") {
  // An identity-like graph (negative twice) exposes the generated input itself: the
  // f64 run must reproduce the f32 values exactly, since generated values are floats.
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {3, 4}});
  NodeId y = g.add_node(OpKind::Negative, "n1", {x}, {});
  y = g.add_node(OpKind::Negative, "n2", {y}, {});
  g.add_output(y);
  g = verified(std::move(g));
  RunOptions o32, o64;
  o32.seed = o64.seed = 11;
  o64.precision = Precision::F64;
  Tensor a = run_ok(g, o32)[0], b = run_ok(g, o64)[0];
  CHECK(a.dtype() == DType::F32);
  CHECK(b.dtype() == DType::F64);
  CHECK(a.to_doubles() == b.to_doubles());
  CHECK(a.to_doubles() == generate_input(g, g.find("x"), 11).to_doubles());
}

TEST_CASE("run_graph: f64 keeps precision that f32 rounds away", "[interp]") {
  // x + 2^-30 - x: 2^-30 in f64, 0 in f32 (x = 1).
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {1}});
  NodeId e = g.add_input("e", TensorType{DType::F32, {1}});
  NodeId s = g.add_node(OpKind::Add, "s", {x, e}, {});
  g.add_output(g.add_node(OpKind::Subtract, "d", {s, x}, {}));
  g = verified(std::move(g));
  RunOptions o;
  o.inputs.emplace("x", Tensor::from_floats({1}, std::vector<float>{1.0f}));
  o.inputs.emplace("e", Tensor::from_floats({1}, std::vector<float>{0x1.0p-30f}));
  CHECK(run_ok(g, o)[0].get(0) == 0.0);
  o.precision = Precision::F64;
  CHECK(run_ok(g, o)[0].get(0) == 0x1.0p-30);
}

TEST_CASE("run_graph: given inputs override generated ones, others stay seeded", "[interp]") {
  Graph g;
  NodeId a = g.add_input("a", TensorType{DType::F32, {2}});
  NodeId b = g.add_input("b", TensorType{DType::F32, {2}});
  g.add_output(g.add_node(OpKind::Add, "sum", {a, b}, {}));
  g = verified(std::move(g));
  RunOptions o;
  o.seed = 3;
  o.inputs.emplace("a", Tensor::from_floats({2}, std::vector<float>{10, 20}));
  Tensor out = run_ok(g, o)[0];
  Tensor gb = generate_input(g, g.find("b"), 3);
  CHECK(out.get(0) == static_cast<float>(10 + gb.get(0)));
  CHECK(out.get(1) == static_cast<float>(20 + gb.get(1)));
}

TEST_CASE("run_graph returns outputs in order, including an input and a constant", "[interp]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {2}});
  NodeId k = g.add_constant("k", Tensor::from_floats({2}, std::vector<float>{0.5f, -4}));
  NodeId m = g.add_node(OpKind::Multiply, "m", {x, k}, {});
  g.add_output(k);
  g.add_output(m);
  g.add_output(x);
  g.add_output(m);
  g = verified(std::move(g));
  RunOptions o;
  o.precision = Precision::F64;
  o.inputs.emplace("x", Tensor::from_floats({2}, std::vector<float>{3, 5}));
  auto outs = run_ok(g, o);
  REQUIRE(outs.size() == 4);
  CHECK(outs[0].to_doubles() == std::vector<double>{0.5, -4});
  CHECK(outs[1].to_doubles() == std::vector<double>{1.5, -20});
  CHECK(outs[2].to_doubles() == std::vector<double>{3, 5});
  CHECK(outs[3].to_doubles() == std::vector<double>{1.5, -20});
}

TEST_CASE("run_graph: a value used by several nodes stays alive until its last use", "[interp]") {
  // x feeds n1 and, much later, the final add: freeing it early would corrupt the sum.
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {3}});
  NodeId y = g.add_node(OpKind::Negative, "n1", {x}, {});
  y = g.add_node(OpKind::Relu, "r", {y}, {});
  y = g.add_node(OpKind::Multiply, "sq", {y, y}, {});
  g.add_output(g.add_node(OpKind::Add, "out", {y, x}, {}));
  g = verified(std::move(g));
  RunOptions o;
  o.inputs.emplace("x", Tensor::from_floats({3}, std::vector<float>{-2, 0.5, 3}));
  // relu(-x)^2 + x: 4 - 2 = 2, 0 + 0.5, 0 + 3.
  CHECK(run_ok(g, o)[0].to_doubles() == std::vector<double>{2, 0.5, 3});
}

TEST_CASE("run_graph rejects an input of the wrong shape", "[interp]") {
  const Graph g = verified(small_net());
  RunOptions o;
  o.inputs.emplace("data", Tensor(TensorType{DType::F32, {2, 3, 6, 5}}));
  auto r = run_graph(CertifiedGraph::unrewritten(g), o);
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error().message, Catch::Contains("data") && Catch::Contains("(2, 3, 6, 5)") &&
                                    Catch::Contains("(2, 3, 6, 6)"));
}

TEST_CASE("run_graph rejects an unknown input name and a non-input node name", "[interp]") {
  const Graph g = verified(small_net());
  {
    RunOptions o;
    o.inputs.emplace("dta", Tensor(TensorType{DType::F32, {2, 3, 6, 6}}));
    auto r = run_graph(CertifiedGraph::unrewritten(g), o);
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.error().message, Catch::Contains("'dta'") && Catch::Contains("not an input"));
  }
  {
    RunOptions o;  // "relu" names a node, but not an input
    o.inputs.emplace("relu", Tensor(TensorType{DType::F32, {2, 4, 3, 3}}));
    o.precision = Precision::F64;
    auto r = run_graph(CertifiedGraph::unrewritten(g), o);
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.error().message, Catch::Contains("'relu'"));
  }
}

}  // namespace
}  // namespace vf
