// The pointwise math operators (exp, log, tanh, erf, softplus, gelu, silu, mish): values
// against known ones in both precisions, and the running error bound of `vfuse check`
// (interp/error_bound.h) holding against a long double evaluation of the same formulas.
#include <catch2/catch.hpp>

#include <cmath>
#include <span>
#include <vector>

#include "interp/error_bound.h"
#include "op_case.h"
#include "semantics/eval_node.h"
#include "support/rng.h"

namespace vf::test {
namespace {

/// gelu's tanh form as ONNX writes it, in long double.
long double gelu_tanh_ref(long double x) {
  const long double c = std::sqrt(2.0L / 3.141592653589793238462643383279502884L);
  return 0.5L * x * (1 + std::tanh(c * (x + 0.044715L * x * x * x)));
}

}  // namespace

TEST_CASE("exp, log, tanh, erf at known values", "[semantics][math]") {
  {
    OpCase c;
    NodeId x = c.input("x", {5}, {0, 1, -2, 10, kNaN});
    c.check(c.op(OpKind::Exp, {x}), {5},
            {1, 2.718281828459045, 0.1353352832366127, 22026.465794806718, kNaN});
  }
  {
    OpCase c;
    NodeId x = c.input("x", {5}, {1, 2.718281828459045, 0.5, 0, -1});
    c.check(c.op(OpKind::Log, {x}), {5}, {0, 1, -0.6931471805599453, -INFINITY, kNaN});
  }
  {
    OpCase c;
    NodeId x = c.input("x", {5}, {0, 0.5, -1, 30, kNaN});
    c.check(c.op(OpKind::Tanh, {x}), {5}, {0, 0.46211715726000974, -0.7615941559557649, 1, kNaN});
  }
  {
    OpCase c;
    NodeId x = c.input("x", {5}, {0, 0.5, -1, 6, kNaN});
    c.check(c.op(OpKind::Erf, {x}), {5}, {0, 0.5204998778130465, -0.8427007929497149, 1, kNaN});
  }
}

TEST_CASE("softplus: log(1 + exp(x)) without overflow on either side", "[semantics][math]") {
  OpCase c;
  NodeId x = c.input("x", {6}, {0, 1, -1, 200, -200, kNaN});
  // softplus(200) = 200 (exp(200) overflows float: the formula must not compute it).
  c.check(c.op(OpKind::Softplus, {x}), {6},
          {0.6931471805599453, 1.3132616875182228, 0.31326168751822286, 200, 0, kNaN});
}

TEST_CASE("gelu (erf and tanh forms), silu, mish", "[semantics][math]") {
  const std::vector<double> xs = {0, 1, -1, 2.5, -3};
  std::vector<double> erf_form, tanh_form, silu, mish;
  for (double v : xs) {
    erf_form.push_back(0.5 * v * (1 + std::erf(v / std::sqrt(2.0))));
    tanh_form.push_back(static_cast<double>(gelu_tanh_ref(v)));
    silu.push_back(v / (1 + std::exp(-v)));
    mish.push_back(v * std::tanh(std::log1p(std::exp(v))));
  }
  // Known values from the definitions: gelu(1) = 0.8413447460685429 (x Phi(x)).
  CHECK(erf_form[1] == Approx(0.8413447460685429).epsilon(1e-15));
  CHECK(mish[1] == Approx(0.8650983882673103).epsilon(1e-15));
  {
    OpCase c;
    c.check(c.op(OpKind::Gelu, {c.input("x", {5}, xs)}), {5}, erf_form);
  }
  {
    OpCase c;
    c.check(c.op(OpKind::Gelu, {c.input("x", {5}, xs)}, attrs({{"approximate", str("tanh")}})), {5},
            tanh_form);
  }
  {
    OpCase c;
    c.check(c.op(OpKind::Silu, {c.input("x", {5}, xs)}), {5}, silu);
  }
  {
    OpCase c;
    c.check(c.op(OpKind::Mish, {c.input("x", {5}, xs)}), {5}, mish);
  }
}

TEST_CASE("gelu rejects an unknown approximation", "[semantics][math]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {3}});
  g.add_output(g.add_node(OpKind::Gelu, "y", {x}, attrs({{"approximate", str("fast")}})));
  auto r = infer_types(g);
  REQUIRE(!r.ok());
  CHECK(r.error().message.find("approximate must be") != std::string::npos);
}

TEST_CASE("reductions over axes, with and without keepdims", "[semantics][math]") {
  // x[2, 3, 2] = 1 .. 12.
  auto run = [](OpKind k, std::vector<int64_t> axes, int64_t keep, const Shape& shape,
                const std::vector<double>& want) {
    OpCase c;
    NodeId x = c.input("x", {2, 3, 2}, iota(12));
    c.check(c.op(k, {x}, attrs({{"axes", ints(std::move(axes))}, {"keepdims", i64(keep)}})), shape,
            want);
  };
  run(OpKind::ReduceSum, {1}, 1, {2, 1, 2}, {9, 12, 27, 30});
  run(OpKind::ReduceSum, {-1, 0}, 0, {3}, {1 + 2 + 7 + 8, 3 + 4 + 9 + 10, 5 + 6 + 11 + 12});
  run(OpKind::ReduceMean, {}, 0, {}, {6.5});
  run(OpKind::ReduceMean, {2}, 1, {2, 3, 1}, {1.5, 3.5, 5.5, 7.5, 9.5, 11.5});
  run(OpKind::ReduceMax, {0, 2}, 0, {3}, {8, 10, 12});
  run(OpKind::ReduceL2, {1}, 0, {2, 2},
      {std::sqrt(1 + 9 + 25.0), std::sqrt(4 + 16 + 36.0), std::sqrt(49 + 81 + 121.0),
       std::sqrt(64 + 100 + 144.0)});
}

TEST_CASE("reduce_max passes over a later NaN as max_pool2d does, bad axes are rejected",
          "[semantics][math]") {
  {
    OpCase c;
    NodeId x = c.input("x", {2, 3}, {1, kNaN, 3, kNaN, 5, 2});
    c.check(c.op(OpKind::ReduceMax, {x}, attrs({{"axes", ints({1})}, {"keepdims", i64(0)}})), {2},
            {3, kNaN});
  }
  for (auto axes : {std::vector<int64_t>{3}, std::vector<int64_t>{1, -2}}) {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, {2, 3, 2}});
    g.add_output(g.add_node(OpKind::ReduceSum, "y", {x}, attrs({{"axes", ints(axes)}})));
    CHECK(!infer_types(g).ok());
  }
}

TEST_CASE("layer_norm and rms_norm over the trailing axes", "[semantics][math]") {
  const std::vector<double> xs = {1, 2, 3, 4, -1, 0, 2, 7};
  const std::vector<double> gamma = {1, 2, 0.5, -1}, beta = {0, 1, -1, 0.5};
  std::vector<double> ln, rms;
  for (int r = 0; r < 2; ++r) {
    double mean = 0, var = 0, ms = 0;
    for (int j = 0; j < 4; ++j) mean += xs[4 * r + j] / 4;
    for (int j = 0; j < 4; ++j) {
      var += (xs[4 * r + j] - mean) * (xs[4 * r + j] - mean) / 4;
      ms += xs[4 * r + j] * xs[4 * r + j] / 4;
    }
    for (int j = 0; j < 4; ++j) {
      ln.push_back((xs[4 * r + j] - mean) / std::sqrt(var + 1e-3) * gamma[j] + beta[j]);
      rms.push_back(xs[4 * r + j] / std::sqrt(ms + 1e-3) * gamma[j]);
    }
  }
  {
    OpCase c;  // axis -1 of [2, 4]
    NodeId x = c.input("x", {2, 4}, xs);
    c.check(c.op(OpKind::LayerNorm, {x, c.constant("g", {4}, gamma), c.constant("b", {4}, beta)},
                 attrs({{"epsilon", f64(1e-3)}})),
            {2, 4}, ln);
  }
  {
    OpCase c;  // axis 1 of [2, 2, 2]: the same rows, gamma of the trailing shape
    NodeId x = c.input("x", {2, 2, 2}, xs);
    c.check(c.op(OpKind::LayerNorm, {x, c.constant("g", {2, 2}, gamma), c.constant("b", {4}, beta)},
                 attrs({{"axis", i64(1)}, {"epsilon", f64(1e-3)}})),
            {2, 2, 2}, ln);
  }
  {
    OpCase c;
    NodeId x = c.input("x", {2, 4}, xs);
    c.check(
        c.op(OpKind::RmsNorm, {x, c.constant("g", {4}, gamma)}, attrs({{"epsilon", f64(1e-3)}})),
        {2, 4}, rms);
  }
  Graph g;  // gamma of the wrong size
  NodeId x = g.add_input("x", TensorType{DType::F32, {2, 4}});
  NodeId bad = g.add_input("g", TensorType{DType::F32, {3}});
  g.add_output(g.add_node(OpKind::RmsNorm, "y", {x, bad}, {}));
  CHECK(!infer_types(g).ok());
}

TEST_CASE("math operators: the running error bound holds against a long double evaluation",
          "[semantics][math][error_bound]") {
  // A chain through every operator, run in f32 by run_bounded; the reference evaluates
  // the same semantics in long double on the same (exact) inputs, node by node.
  Graph g;
  const Shape s{4, 50};
  NodeId x = g.add_input("x", TensorType{DType::F32, s});
  std::vector<NodeId> outs;
  auto node = [&](OpKind k, NodeId in, Attrs a = {}) {
    NodeId y = g.add_node(k, fmt::format("{}_{}", op_name(k), g.size()), {in}, std::move(a));
    outs.push_back(y);
    return y;
  };
  NodeId a = node(OpKind::Gelu, x);
  NodeId b = node(OpKind::Tanh, a);
  NodeId c = node(OpKind::Softplus, node(OpKind::Mish, b));
  NodeId d = node(OpKind::Log, c);  // softplus > 0
  NodeId e = node(OpKind::Erf, node(OpKind::Silu, d));
  node(OpKind::Exp, node(OpKind::Gelu, e, attrs({{"approximate", str("tanh")}})));
  node(OpKind::Exp, x);
  node(OpKind::Softplus, x);
  // Reductions and normalisations: their sums in the interpreter's order.
  NodeId gamma = g.add_input("gamma", TensorType{DType::F32, {50}});
  NodeId beta = g.add_input("beta", TensorType{DType::F32, {50}});
  auto norm = [&](OpKind k, std::vector<NodeId> in) {
    NodeId y = g.add_node(k, fmt::format("{}_{}", op_name(k), g.size()), std::move(in),
                          attrs({{"epsilon", f64(1e-5)}}));
    outs.push_back(y);
    return y;
  };
  norm(OpKind::LayerNorm, {e, gamma, beta});
  norm(OpKind::RmsNorm, {x, gamma});
  std::vector<NodeId> reduced;
  for (OpKind k : {OpKind::ReduceMean, OpKind::ReduceSum, OpKind::ReduceMax, OpKind::ReduceL2})
    for (auto axes : {std::vector<int64_t>{1}, std::vector<int64_t>{0}, std::vector<int64_t>{}})
      reduced.push_back(g.add_node(k, fmt::format("{}_{}", op_name(k), g.size()), {b},
                                   attrs({{"axes", ints(axes)}})));
  for (NodeId o : outs) g.add_output(o);
  for (NodeId o : reduced) g.add_output(o);
  REQUIRE(infer_types(g).ok());

  SplitMix64 rng(7);
  auto random = [&](const Shape& shape, double lo, double hi) {
    std::vector<float> v(static_cast<size_t>(num_elements(shape)));
    for (float& f : v) f = static_cast<float>(rng.uniform(lo, hi));
    return Tensor::from_floats(shape, v);
  };
  const Tensor in = random(s, -6, 6);
  BoundedRunOptions o;
  o.run.inputs.emplace("x", in);
  o.run.inputs.emplace("gamma", random({50}, -2, 2));
  o.run.inputs.emplace("beta", random({50}, -1, 1));
  auto r = run_bounded(CertifiedGraph::unrewritten(g), o);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());

  // The long double reference of every node.
  sem::FloatDomain<long double> ld;
  std::vector<std::vector<long double>> ref(g.size());
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Input) {
      const Tensor& t = o.run.inputs.at(n.name);
      for (int64_t k = 0; k < t.size(); ++k) ref[i].push_back(static_cast<float>(t.get(k)));
      continue;
    }
    std::vector<sem::Operand<long double>> ops;
    for (NodeId in : n.inputs) ops.push_back({ref[in.index].data(), &g.node(in).type.shape});
    sem::eval_node(ld, n.op, n.attrs, std::span<const sem::Operand<long double>>(ops), n.type.shape,
                   ref[i]);
  }
  int64_t checked = 0, rounded = 0;
  for (NodeId o : g.outputs()) {
    const BoundedTensor& b = (*r)[o.index];
    for (int64_t k = 0; k < b.value.size(); ++k) {
      const double v = b.value.get(k);
      const long double want = ref[o.index][static_cast<size_t>(k)];
      const double err = b.err[static_cast<size_t>(k)];
      INFO(g.node(o).name << " element " << k << ": " << v << " vs " << static_cast<double>(want)
                          << " bound " << err);
      REQUIRE(std::isfinite(v));
      // The long double reference is itself within ~1e-18 relative of exact.
      REQUIRE(std::fabs(static_cast<long double>(v) - want) <= err + 1e-15L * std::fabs(want));
      REQUIRE(err < 1e-3 * (1 + std::fabs(v)));  // not vacuous
      ++checked;
      rounded += static_cast<long double>(v) != want;
    }
  }
  CHECK(checked == 13 * 200 + 4 * (4 + 50 + 1));
  CHECK(rounded > checked / 2);
}

}  // namespace vf::test
