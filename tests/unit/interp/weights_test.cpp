// generate_input: values keyed by (seed, name), roles read from names and uses, ranges
// as documented in weights.h, every value a float32.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "../semantics/op_case.h"
#include "interp/weights.h"
#include "ir/shape_inference.h"

namespace vf {
namespace {

using test::attrs;
using test::f64;

std::pair<double, double> min_max(const Tensor& t) {
  auto v = t.to_doubles();
  auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return {*lo, *hi};
}

TEST_CASE("generate_input is keyed by name, not by graph or input order", "[interp]") {
  Graph g1;
  NodeId a1 = g1.add_input("a", TensorType{DType::F32, {2, 3}});
  NodeId b1 = g1.add_input("b", TensorType{DType::F32, {3}});
  g1.add_output(g1.add_node(OpKind::Add, "s", {a1, b1}, {}));

  Graph g2;  // other inputs first, other uses
  NodeId z2 = g2.add_input("z", TensorType{DType::F32, {5}});
  NodeId b2 = g2.add_input("b", TensorType{DType::F32, {3}});
  NodeId a2 = g2.add_input("a", TensorType{DType::F32, {2, 3}});
  g2.add_output(g2.add_node(OpKind::Relu, "r", {z2}, {}));
  g2.add_output(g2.add_node(OpKind::Multiply, "m", {a2, b2}, {}));

  for (uint64_t seed : {0ull, 42ull}) {
    CHECK(generate_input(g1, a1, seed) == generate_input(g2, a2, seed));
    CHECK(generate_input(g1, b1, seed) == generate_input(g2, b2, seed));
  }
  // Names, not shapes, pick the stream: "a" and a same-shaped "c" differ.
  Graph g3;
  NodeId c3 = g3.add_input("c", TensorType{DType::F32, {2, 3}});
  CHECK_FALSE(generate_input(g1, a1, 0) == generate_input(g3, c3, 0));
  // The seed matters.
  CHECK_FALSE(generate_input(g1, a1, 0) == generate_input(g1, a1, 1));
}

TEST_CASE("generate_input: variances are positive, by name and by use", "[interp]") {
  Graph g;
  const TensorType c64{DType::F32, {64}};
  NodeId x = g.add_input("data", TensorType{DType::F32, {1, 64, 2, 2}});
  NodeId named = g.add_input("stage1_bn_moving_var", c64, true);
  NodeId gamma = g.add_input("g", c64, true);
  NodeId beta = g.add_input("b", c64, true);
  NodeId mean = g.add_input("m", c64, true);
  NodeId used = g.add_input("v", c64, true);          // only its use says variance
  NodeId act_var = g.add_input("v_act", c64, false);  // fed at run time, still a variance
  NodeId simplified = g.add_input("s", c64, true);    // sqrt(add(s, eps)) as SimplifyInference
  NodeId eps = g.add_constant("eps", Tensor::scalar(DType::F32, 1e-5));
  NodeId y = g.add_node(OpKind::BatchNorm, "bn1", {x, gamma, beta, mean, used}, {});
  y = g.add_node(OpKind::BatchNorm, "bn2", {y, gamma, beta, mean, named}, {});
  y = g.add_node(OpKind::BatchNorm, "bn3", {y, gamma, beta, mean, act_var}, {});
  NodeId sum = g.add_node(OpKind::Add, "var_eps", {simplified, eps}, {});
  NodeId root = g.add_node(OpKind::Sqrt, "root", {sum}, {});
  g.add_output(y);
  g.add_output(root);
  auto r = infer_types(g);
  REQUIRE(r.ok());

  for (NodeId id : {named, used, act_var, simplified}) {
    INFO("input " << g.node(id).name);
    auto [lo, hi] = min_max(generate_input(g, id, 5));
    CHECK(lo >= 0.5);
    CHECK(hi <= 1.5);
  }
  // The same operand as a mean is not a variance: it gets negative values, so the
  // checks above could fail.
  auto [mlo, mhi] = min_max(generate_input(g, mean, 5));
  CHECK(mlo < 0);
  CHECK(mlo >= -0.2);
  CHECK(mhi <= 0.2);
  // And the whole graph runs to finite values.
  RunOptions o;
  o.seed = 5;
  auto out = run_graph(CertifiedGraph::unrewritten(g), o);
  REQUIRE(out.ok());
  for (double v : (*out)[0].to_doubles()) CHECK(std::isfinite(v));
  for (double v : (*out)[1].to_doubles()) CHECK(std::isfinite(v));
}

TEST_CASE("generate_input: ranges of activations, gammas, biases and weights", "[interp]") {
  Graph g;
  NodeId x = g.add_input("data", TensorType{DType::F32, {1, 3, 8, 8}});
  NodeId w = g.add_input("conv_weight", TensorType{DType::F32, {8, 3, 3, 3}}, true);
  NodeId gamma = g.add_input("bn_gamma", TensorType{DType::F32, {64}}, true);
  NodeId bias = g.add_input("fc_bias", TensorType{DType::F32, {64}}, true);
  g.add_output(g.add_node(OpKind::Conv2d, "conv", {x, w}, {}));
  g.add_output(gamma);
  g.add_output(bias);
  REQUIRE(infer_types(g).ok());

  auto [xlo, xhi] = min_max(generate_input(g, x, 9));
  CHECK(xlo >= -1);
  CHECK(xhi <= 1);
  CHECK(xlo < -0.5);  // 192 draws: spread over the range, not squeezed
  CHECK(xhi > 0.5);

  const double bound = std::sqrt(3.0 / 27.0);  // variance 1/fan_in, fan_in = 3*3*3
  auto [wlo, whi] = min_max(generate_input(g, w, 9));
  CHECK(wlo >= -bound);
  CHECK(whi <= bound);
  CHECK(std::max(-wlo, whi) > 0.3);

  auto [glo, ghi] = min_max(generate_input(g, gamma, 9));
  CHECK(glo >= 0.5);
  CHECK(ghi <= 1.5);

  auto [blo, bhi] = min_max(generate_input(g, bias, 9));
  CHECK(blo >= -0.2);
  CHECK(bhi <= 0.2);
  CHECK(blo < 0);
}

TEST_CASE("generate_input: every value is a float32, even for a float64 input", "[interp]") {
  Graph g;
  NodeId x = g.add_input("x64", TensorType{DType::F64, {100}});
  g.add_output(x);
  REQUIRE(infer_types(g).ok());
  Tensor t = generate_input(g, x, 1);
  REQUIRE(t.dtype() == DType::F64);
  for (double v : t.to_doubles()) CHECK(static_cast<double>(static_cast<float>(v)) == v);
}

}  // namespace
}  // namespace vf
