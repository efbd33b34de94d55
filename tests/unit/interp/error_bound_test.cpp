// run_bounded and bound_node: values bit-identical to run_graph's (convs of every geometry
// included, whose window sums are visited row by row); the f32 and f64 runs of the same
// graph differ by at most the sum of their bounds at every node; the local bound, restarted
// at cut nodes, bounds each node against the graph evaluated exactly on the other run's
// values; a changed weight exceeds it (the bound can fail); bounded operators keep bounds
// finite; bound_node agrees with the whole-graph run.
#include "interp/error_bound.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "../semantics/op_case.h"
#include "frontend/relay_import.h"
#include "interp/interpreter.h"
#include "interp/weights.h"
#include "ir/shape_inference.h"
#include "support/diagnostic.h"

namespace vf {
namespace {

using test::attrs;
using test::ints;

Graph verified(Graph g) {
  auto r = infer_types(g);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  return g;
}

Graph relay_model(const std::string& file) {
  DiagnosticSink diags;
  auto g = import_relay_file(std::string(VF_SOURCE_DIR) + "/models/" + file, diags);
  REQUIRE(g.has_value());
  return std::move(*g);
}

/// Convs of awkward geometry: stride 2 with asymmetric padding, dilation 2, two groups,
/// a 1x5 kernel with stride (1, 3), then relu, max_pool, a sigmoid and a softmax.
Graph conv_zoo() {
  Graph g;
  NodeId x = g.add_input("data", TensorType{DType::F32, {2, 4, 11, 9}});
  auto w = [&](const char* name, Shape s) {
    return g.add_input(name, TensorType{DType::F32, std::move(s)}, true);
  };
  NodeId a = g.add_node(OpKind::Conv2d, "a", {x, w("wa", {6, 4, 3, 3})},
                        attrs({{"padding", ints({1, 0, 2, 1})}, {"strides", ints({2, 2})}}));
  NodeId b = g.add_node(
      OpKind::Conv2d, "b", {x, w("wb", {4, 2, 3, 3})},
      attrs(
          {{"dilation", ints({2, 2})}, {"padding", ints({2, 2, 2, 2})}, {"groups", test::i64(2)}}));
  NodeId c = g.add_node(OpKind::Conv2d, "c", {b, w("wc", {3, 4, 1, 5})},
                        attrs({{"strides", ints({1, 3})}, {"padding", ints({0, 2, 0, 2})}}));
  NodeId r = g.add_node(OpKind::Relu, "r", {c}, {});
  NodeId p = g.add_node(OpKind::MaxPool2d, "p", {r},
                        attrs({{"pool_size", ints({2, 2})}, {"strides", ints({2, 2})}}));
  NodeId s = g.add_node(OpKind::Sigmoid, "s", {a}, {});
  NodeId f = g.add_node(OpKind::BatchFlatten, "f", {p}, {});
  NodeId m = g.add_node(OpKind::Softmax, "m", {f}, {});
  g.add_output(s);
  g.add_output(m);
  g.add_output(p);
  return verified(std::move(g));
}

std::vector<BoundedTensor> bounded_ok(const Graph& g, const BoundedRunOptions& o) {
  auto r = run_bounded(CertifiedGraph::unrewritten(g), o);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  return std::move(r).value();
}

std::vector<bool> every_node(const Graph& g) {
  std::vector<bool> v(g.size(), false);
  for (size_t i = 0; i < g.size(); ++i)
    v[i] = g.nodes()[i].op != OpKind::Input && g.nodes()[i].op != OpKind::Constant;
  return v;
}

bool bit_identical(const Tensor& a, const Tensor& b) {
  return a.dtype() == b.dtype() && a.bytes() == b.bytes();
}

}  // namespace

TEST_CASE("run_bounded: values are bit-identical to run_graph's", "[interp][error_bound]") {
  for (const Graph& g : {conv_zoo(), relay_model("resnet_shallow_simplified.relay"),
                         relay_model("mobilenet_shallow_simplified.relay")}) {
    for (Precision p : {Precision::F32, Precision::F64}) {
      RunOptions ro;
      ro.precision = p;
      ro.seed = 3;
      auto plain = run_graph(CertifiedGraph::unrewritten(g), ro);
      REQUIRE(plain.ok());
      BoundedRunOptions bo;
      bo.run = ro;
      const auto b = bounded_ok(g, bo);
      for (size_t k = 0; k < g.outputs().size(); ++k)
        CHECK(bit_identical((*plain)[k], b[g.outputs()[k].index].value));
    }
  }
}

TEST_CASE("run_bounded: f32 and f64 differ by at most the sum of their bounds at every node",
          "[interp][error_bound]") {
  for (const Graph& g : {conv_zoo(), relay_model("resnet_shallow_simplified.relay"),
                         relay_model("mobilenet_shallow_simplified.relay")}) {
    BoundedRunOptions o32, o64;
    o32.keep = o64.keep = every_node(g);
    o64.run.precision = Precision::F64;
    const auto b32 = bounded_ok(g, o32), b64 = bounded_ok(g, o64);
    int64_t checked = 0, differing = 0;
    for (size_t i = 0; i < g.size(); ++i) {
      if (!o32.keep[i]) continue;
      for (int64_t e = 0; e < b32[i].value.size(); ++e) {
        const size_t k = static_cast<size_t>(e);
        const double d = std::fabs(b32[i].value.get(e) - b64[i].value.get(e));
        INFO(g.nodes()[i].name << " element " << e);
        REQUIRE(std::isfinite(b32[i].err[k]));
        REQUIRE(d <= b32[i].err[k] + b64[i].err[k]);
        REQUIRE(b64[i].err[k] <= b32[i].err[k]);
        ++checked;
        differing += d > 0;
      }
    }
    CHECK(differing > checked / 10);  // the f32 run does round: the test is not vacuous
  }
}

TEST_CASE(
    "run_bounded: local bounds restart at cuts and bound each node on the other run's "
    "values, a changed weight exceeds them",
    "[interp][error_bound]") {
  const Graph g = relay_model("resnet_shallow_simplified.relay");
  const std::vector<bool> all = every_node(g);
  BoundedRunOptions o32;
  o32.keep = o32.cut = all;
  const auto b32 = bounded_ok(g, o32);
  // The reference: every node of g in f64 on the f32 run's values of its operands.
  auto reference = [&](const std::vector<BoundedTensor>& engine) {
    BoundedRunOptions o;
    o.run.precision = Precision::F64;
    o.keep = all;
    o.err = false;
    for (size_t i = 0; i < g.size(); ++i)
      if (all[i]) o.overrides[static_cast<uint32_t>(i)] = &engine[i].value;
    return bounded_ok(g, o);
  };
  const auto ref = reference(b32);
  double worst = 0;
  for (size_t i = 0; i < g.size(); ++i) {
    if (!all[i]) continue;
    for (int64_t e = 0; e < b32[i].value.size(); ++e) {
      const size_t k = static_cast<size_t>(e);
      const double d = std::fabs(b32[i].value.get(e) - ref[i].value.get(e));
      INFO(g.nodes()[i].name << " element " << e);
      REQUIRE(d <= b32[i].local[k] + ref[i].local[k]);
      REQUIRE(b32[i].local[k] <= b32[i].err[k]);
      if (b32[i].local[k] > 0) worst = std::max(worst, d / b32[i].local[k]);
    }
  }
  CHECK(worst > 0.01);  // the local bound is not loose by orders of magnitude

  // The first conv's weight times 1 + 1e-3 in the engine's graph: the node's values now
  // differ from the original graph's on the same inputs by more than the local bound.
  Graph changed = g;
  size_t conv = 0;
  while (changed.nodes()[conv].op != OpKind::Conv2d) ++conv;
  const NodeId wid = changed.nodes()[conv].inputs[1];
  Tensor w = generate_input(g, wid, 0);
  for (float& x : w.view_mut<float>()) x = static_cast<float>(x * (1 + 1e-3));
  BoundedRunOptions oc = o32;
  oc.run.inputs.emplace(changed.node(wid).name, w);
  const auto bc = bounded_ok(changed, oc);
  const auto refc = reference(bc);
  int64_t exceeded = 0;
  for (int64_t e = 0; e < bc[conv].value.size(); ++e) {
    const size_t k = static_cast<size_t>(e);
    exceeded += std::fabs(bc[conv].value.get(e) - refc[conv].value.get(e)) >
                bc[conv].local[k] + refc[conv].local[k];
  }
  CHECK(exceeded > bc[conv].value.size() / 2);
}

TEST_CASE(
    "run_bounded: softmax and sigmoid keep the bound finite whatever their inputs' "
    "bounds",
    "[interp][error_bound]") {
  const Graph g = conv_zoo();
  // Every weight off by up to 1e30: the bounds before the bounded operators are huge or
  // infinite, after them at most 1.
  std::map<std::string, Tensor> errors;
  Graph c = g;
  for (size_t i = 0; i < c.size(); ++i) {
    Node& n = c.node_mut(c.id(i));
    if (n.op != OpKind::Input || !n.weight) continue;
    Tensor e(TensorType{DType::F64, n.type.shape});
    for (double& x : e.view_mut<double>()) x = 1e30;
    errors.emplace(n.name, std::move(e));
  }
  BoundedRunOptions o;
  for (NodeId id : g.inputs()) {
    const Node& n = g.node(id);
    if (!n.weight) continue;
    // Weights become constants so that they carry the errors.
    c.node_mut(id).op = OpKind::Constant;
    c.node_mut(id).data = std::make_shared<const Tensor>(generate_input(g, id, 0));
  }
  o.constant_errors = &errors;
  const auto b = bounded_ok(c, o);
  for (NodeId out : {c.outputs()[0], c.outputs()[1]})
    for (double e : b[out.index].err) {
      REQUIRE(std::isfinite(e));
      REQUIRE(e <= 1.0 + 1e-12);
    }
  bool huge = false;
  for (double e : b[c.outputs()[2].index].err) huge = huge || !(e < 1e20);
  CHECK(huge);
}

TEST_CASE("run_bounded: a gather by int64 token ids is exact", "[interp][error_bound]") {
  // An int64 id reads exactly as a double below 2^53: the gather's comparisons with its
  // rows are certain and it picks one row, exact as the table is. (With the ids given an
  // error, each id's comparison with its own row is uncertain and the bound took the
  // distance to the neighbouring rows, up to the table's range.)
  Graph g;
  std::vector<double> table(5 * 3);
  for (size_t i = 0; i < table.size(); ++i) table[i] = std::sin(static_cast<double>(i)) * 3;
  const NodeId t = g.add_constant("table", Tensor::from_doubles(TensorType{DType::F32, {5, 3}}, table));
  const NodeId ids = g.add_input("ids", TensorType{DType::I64, {1, 4}});
  g.add_output(g.add_node(OpKind::Gather, "emb", {t, ids}, attrs({{"axis", int64_t{0}}})));
  g = verified(std::move(g));
  BoundedRunOptions o;
  o.run.inputs.emplace("ids", Tensor::from_doubles(TensorType{DType::I64, {1, 4}},
                                                   std::vector<double>{0, 4, 2, 1}));
  const auto b = bounded_ok(g, o);
  const BoundedTensor& y = b[g.outputs()[0].index];
  REQUIRE(y.err.size() == 12);
  for (double e : y.err) CHECK(e == 0);
  CHECK(y.value.get(3) == static_cast<float>(table[12]));
}

TEST_CASE("run_bounded: constants' certified errors are carried through convolutions",
          "[interp][error_bound]") {
  // conv_zoo with its weights as constants known within e = 1e-4 |w| + 1e-7 (a folded
  // constant's certified error): the f32 run with the stored weights must be within its
  // bound of the f64 run with weights anywhere in that interval (here each at one end).
  const Graph g = conv_zoo();
  Graph stored = g, moved = g;
  std::map<std::string, Tensor> errors;
  uint32_t flip = 12345;
  for (NodeId id : g.inputs()) {
    const Node& n = g.node(id);
    if (!n.weight) continue;
    const Tensor w = generate_input(g, id, 0);
    Tensor e(TensorType{DType::F64, n.type.shape}), exact(TensorType{DType::F64, n.type.shape});
    for (int64_t i = 0; i < w.size(); ++i) {
      const double err = 1e-4 * std::fabs(w.get(i)) + 1e-7;
      e.set(i, err);
      flip = flip * 1103515245u + 12345u;
      exact.set(i, w.get(i) + ((flip >> 16) & 1 ? err : -err));
    }
    errors.emplace(n.name, std::move(e));
    for (auto [graph, data] : {std::pair{&stored, w}, std::pair{&moved, exact}}) {
      graph->node_mut(id).op = OpKind::Constant;
      graph->node_mut(id).data = std::make_shared<const Tensor>(data);
    }
  }
  BoundedRunOptions o32, o64, plain;
  o32.keep = o64.keep = plain.keep = every_node(g);
  o32.constant_errors = &errors;
  o64.run.precision = Precision::F64;
  const auto b32 = bounded_ok(stored, o32), b64 = bounded_ok(moved, o64);
  const auto without = bounded_ok(stored, plain);  // the same run, weights taken as exact
  int64_t needs_weight_error = 0;
  for (size_t i = 0; i < g.size(); ++i) {
    if (!o32.keep[i]) continue;
    for (int64_t e = 0; e < b32[i].value.size(); ++e) {
      const size_t k = static_cast<size_t>(e);
      const double d = std::fabs(b32[i].value.get(e) - b64[i].value.get(e));
      INFO(g.nodes()[i].name << " element " << e);
      REQUIRE(d <= b32[i].err[k] + b64[i].err[k]);
      needs_weight_error += d > without[i].err[k] + b64[i].err[k];
    }
  }
  CHECK(needs_weight_error > 0);  // the weights' errors are what the bound had to cover
}

TEST_CASE("bound_node: one node on given operands agrees with the whole-graph run",
          "[interp][error_bound]") {
  const Graph g = conv_zoo();
  BoundedRunOptions o;
  o.keep = every_node(g);
  for (NodeId id : g.inputs()) o.run.inputs.emplace(g.node(id).name, generate_input(g, id, 0));
  const auto b = bounded_ok(g, o);
  const NodeId c = g.find("c");
  std::vector<BoundedTensor> operands;
  for (NodeId in : g.node(c).inputs)
    operands.push_back(g.node(in).op == OpKind::Input
                           ? bounded_leaf(o.run.inputs.at(g.node(in).name), Precision::F32, nullptr)
                           : b[in.index]);
  std::vector<const BoundedTensor*> ptrs;
  for (const BoundedTensor& t : operands) ptrs.push_back(&t);
  auto one = bound_node(g, c, Precision::F32, ptrs);
  REQUIRE(one.ok());
  CHECK(bit_identical(one->value, b[c.index].value));
  CHECK(one->err == b[c.index].err);
  ptrs.pop_back();
  CHECK_FALSE(bound_node(g, c, Precision::F32, ptrs).ok());
}

TEST_CASE("bound_node: a layer norm's output stays bounded whatever its input's bound",
          "[interp][error_bound]") {
  // A row of N = 64 values with a bound of 10 each, far above the row's spread (about 0.3):
  // the variance's bound reaches 0 and the formula's bound is +inf; the exact output
  // G z + B still lies within (|g| + e_g) sqrt(N - 1) + e_b of b, since sum(z) = 0 and
  // sum(z^2) < N. Without epsilon (a constant row has no exact value) no cap: +inf.
  constexpr int64_t N = 64;
  for (const double eps : {1e-5, 0.0}) {
    Graph g;
    const NodeId x = g.add_input("x", TensorType{DType::F32, {2, N}});
    const NodeId gm = g.add_input("gamma", TensorType{DType::F32, {N}}, true);
    const NodeId bt = g.add_input("beta", TensorType{DType::F32, {N}}, true);
    const NodeId ln = g.add_node(OpKind::LayerNorm, "ln", {x, gm, bt},
                                 attrs({{"axis", test::i64(-1)}, {"epsilon", test::f64(eps)}}));
    g.add_output(ln);
    g = verified(std::move(g));
    std::vector<double> xv(2 * N), gv(N), bv(N);
    for (int64_t i = 0; i < 2 * N; ++i)
      xv[static_cast<size_t>(i)] = 0.01 * static_cast<double>((i * 37) % 97);
    for (int64_t j = 0; j < N; ++j) {
      gv[static_cast<size_t>(j)] = 0.5 + 0.01 * static_cast<double>(j);
      bv[static_cast<size_t>(j)] = -0.25 + 0.005 * static_cast<double>(j);
    }
    BoundedTensor bx = bounded_leaf(Tensor::from_doubles(TensorType{DType::F32, {2, N}}, xv),
                                    Precision::F32, nullptr);
    for (double& e : bx.err) e = 10;
    for (double& e : bx.local) e = 10;
    const BoundedTensor bg = bounded_leaf(Tensor::from_doubles(TensorType{DType::F32, {N}}, gv),
                                          Precision::F32, nullptr);
    const BoundedTensor bb = bounded_leaf(Tensor::from_doubles(TensorType{DType::F32, {N}}, bv),
                                          Precision::F32, nullptr);
    const std::vector<const BoundedTensor*> ops = {&bx, &bg, &bb};
    auto r = bound_node(g, ln, Precision::F32, ops);
    REQUIRE(r.ok());
    const std::vector<double> y = r->value.to_doubles();
    if (eps == 0) {
      CHECK_FALSE(std::isfinite(*std::max_element(r->err.begin(), r->err.end())));
      continue;
    }
    // Exact outputs of inputs within the bound: each element pushed +10 in turn (z_k near
    // sqrt(N - 1), the cap's case), the others -10 / +10 alternately.
    double worst_ratio = 0;
    for (int64_t k = 0; k < N; k += 9) {
      std::vector<double> xp(xv.begin(), xv.begin() + N);
      for (int64_t j = 0; j < N; ++j) xp[static_cast<size_t>(j)] += j == k ? 10.0 : 0.0;
      double mean = 0, var = 0;
      for (double v : xp) mean += v / N;
      for (double v : xp) var += (v - mean) * (v - mean) / N;
      for (int64_t j = 0; j < N; ++j) {
        const size_t i = static_cast<size_t>(j);
        const double exact =
            (xp[i] - mean) / std::sqrt(var + eps) * static_cast<double>(static_cast<float>(gv[i])) +
            static_cast<double>(static_cast<float>(bv[i]));
        INFO("element " << j << " pushed " << k);
        REQUIRE(std::isfinite(r->err[i]));
        CHECK(std::abs(exact - y[i]) <= r->err[i]);
        worst_ratio = std::max(worst_ratio, std::abs(exact - y[i]) / r->err[i]);
      }
    }
    // The cap is nearly attained: a bound half as large would be exceeded.
    CHECK(worst_ratio > 0.5);
  }
}

namespace {

/// A normalisation written out as exporters write it, y = x + c, d = y - mean(y),
/// z = d / sqrt(mean(d * d) + eps) (form 0; 1: d * rsqrt(...); 2: (1 / sqrt(...)) * d;
/// 3: y / sqrt(mean(d * d) + eps), not a normalisation), out = z * gamma + beta, over rows
/// of N. `c` is a constant (its certified error is the caller's).
Graph written_norm_graph(int64_t N, const std::vector<double>& c, double eps, int form) {
  Graph g;
  const NodeId x = g.add_input("x", TensorType{DType::F32, {2, N}});
  auto constant = [&](const char* name, Shape s, std::vector<double> v) {
    return g.add_constant(name, Tensor::from_doubles(TensorType{DType::F32, std::move(s)}, v));
  };
  std::vector<double> gv(static_cast<size_t>(N)), bv(static_cast<size_t>(N));
  for (int64_t j = 0; j < N; ++j) {
    gv[static_cast<size_t>(j)] = 0.5 + 0.01 * static_cast<double>(j);
    bv[static_cast<size_t>(j)] = -0.25 + 0.005 * static_cast<double>(j);
  }
  const Attrs last = attrs({{"axes", ints({-1})}});
  const NodeId y = g.add_node(OpKind::Add, "y", {x, constant("c", {N}, c)}, {});
  const NodeId mean = g.add_node(OpKind::ReduceMean, "mean", {y}, last);
  const NodeId d = g.add_node(OpKind::Subtract, "d", {y, mean}, {});
  const NodeId sq = g.add_node(OpKind::Multiply, "sq", {d, d}, {});
  // Forms 4 and 5: the mean as an exporter's sum over the count, divided by N or times 1 / N.
  NodeId var;
  if (form == 4 || form == 5) {
    const NodeId sum = g.add_node(OpKind::ReduceSum, "sum", {sq}, last);
    const double n = static_cast<double>(N);
    var = form == 4 ? g.add_node(OpKind::Divide, "var", {sum, constant("n", {}, {n})}, {})
                    : g.add_node(OpKind::Multiply, "var", {sum, constant("n", {}, {1 / n})}, {});
  } else {
    var = g.add_node(OpKind::ReduceMean, "var", {sq}, last);
  }
  const NodeId a = g.add_node(OpKind::Add, "a", {var, constant("eps", {1}, {eps})}, {});
  NodeId z;
  if (form == 1) {
    z = g.add_node(OpKind::Multiply, "z", {d, g.add_node(OpKind::Rsqrt, "s", {a}, {})}, {});
  } else {
    const NodeId s = g.add_node(OpKind::Sqrt, "s", {a}, {});
    if (form == 2)
      z = g.add_node(OpKind::Multiply, "z",
                     {g.add_node(OpKind::Divide, "r", {constant("one", {1}, {1.0}), s}, {}), d},
                     {});
    else
      z = g.add_node(OpKind::Divide, "z", {form == 3 ? y : d, s}, {});
  }
  const NodeId out =
      g.add_node(OpKind::Add, "out",
                 {g.add_node(OpKind::Multiply, "zg", {z, constant("gamma", {N}, gv)}, {}),
                  constant("beta", {N}, bv)},
                 {});
  g.add_output(out);
  return verified(std::move(g));
}

}  // namespace

TEST_CASE("run_bounded: a written-out normalisation's output stays bounded whatever its input's",
          "[interp][error_bound]") {
  // c is stored as 0 and certified within 10 of its exact value, far above the rows' spread
  // (about 0.3): the formula's bound is +inf (the variance's bound reaches 0). The exact z
  // still lies in (-sqrt(N), sqrt(N)) (error_bound.cpp, WrittenNorm): the output's bound
  // is finite, and covers the exact outputs with c's elements anywhere within 4 (here one
  // pushed to +10 in turn, z_k near sqrt(N - 1)). With [-1, 1] in place of sqrt(N)
  // (test_drop_norm_root) those outputs exceed it.
  constexpr int64_t N = 64;
  constexpr double E = 10;
  std::map<std::string, Tensor> errors;
  errors.emplace("c", Tensor::from_doubles(TensorType{DType::F64, {N}},
                                           std::vector<double>(static_cast<size_t>(N), E)));
  const std::vector<double> stored(static_cast<size_t>(N), 0.0);
  for (int form : {0, 1, 2, 4, 5}) {
    INFO("form " << form);
    const Graph g = written_norm_graph(N, stored, 1e-5, form);
    const Tensor x_in = generate_input(g, g.find("x"), 3);
    for (const bool drop : {false, true}) {
      BoundedRunOptions o32;
      o32.constant_errors = &errors;
      o32.test_drop_norm_root = drop;
      o32.run.inputs.emplace("x", x_in);
      const auto b32 = bounded_ok(g, o32);
      const BoundedTensor& y = b32[g.outputs()[0].index];
      int64_t exceeded = 0;
      for (int64_t k = 0; k < N; k += 7) {
        std::vector<double> moved = stored;
        moved[static_cast<size_t>(k)] = E;
        BoundedRunOptions o64;
        o64.run.precision = Precision::F64;
        o64.run.inputs.emplace("x", x_in);
        const auto b64 = bounded_ok(written_norm_graph(N, moved, 1e-5, form), o64);
        const BoundedTensor& x = b64[g.outputs()[0].index];
        for (int64_t e = 0; e < y.value.size(); ++e) {
          const size_t i = static_cast<size_t>(e);
          REQUIRE(std::isfinite(y.err[i]));
          const bool within = std::fabs(y.value.get(e) - x.value.get(e)) <= y.err[i] + x.err[i];
          if (!drop) {
            INFO("element " << e << " with c[" << k << "] moved");
            CHECK(within);
          }
          exceeded += !within;
        }
      }
      if (drop) CHECK(exceeded > 0);
    }
  }
  // No cap where the argument does not hold: eps = 0 (a constant row has no exact value),
  // and a numerator that is not the squared value (form 3).
  for (auto [eps, form] : {std::pair{0.0, 0}, std::pair{1e-5, 3}}) {
    INFO("eps " << eps << " form " << form);
    const Graph g = written_norm_graph(N, stored, eps, form);
    BoundedRunOptions o;
    o.constant_errors = &errors;
    const auto b = bounded_ok(g, o);
    const std::vector<double>& err = b[g.outputs()[0].index].err;
    CHECK_FALSE(std::isfinite(*std::max_element(err.begin(), err.end())));
  }
  // `local`, the region cut at the root: its exact z is d / (the computed root), which the
  // argument does not cover. The bound must hold against that (here computed in double from
  // the exact d, c[k] moved to +10), and it must exceed what the cap would have given
  // (|g| (sqrt(N) + |z|) + |b - y|) somewhere: the cap must not be taken there.
  const Graph g = written_norm_graph(N, stored, 1e-5, 0);
  const Tensor x_in = generate_input(g, g.find("x"), 3);
  BoundedRunOptions o;
  o.constant_errors = &errors;
  o.run.inputs.emplace("x", x_in);
  o.keep = every_node(g);
  o.cut.assign(g.size(), false);
  o.cut[g.find("s").index] = true;
  const auto b = bounded_ok(g, o);
  const BoundedTensor& y = b[g.outputs()[0].index];
  const Tensor& s32 = b[g.find("s").index].value;
  const Tensor& z32 = b[g.find("z").index].value;
  const std::vector<double> gv = g.node(g.find("gamma")).data->to_doubles();
  const std::vector<double> bv = g.node(g.find("beta")).data->to_doubles();
  int64_t beyond_cap = 0;
  for (int64_t k = 0; k < N; k += 7) {
    std::vector<double> moved = stored;
    moved[static_cast<size_t>(k)] = E;
    const Graph gm = written_norm_graph(N, moved, 1e-5, 0);
    BoundedRunOptions o64;
    o64.run.precision = Precision::F64;
    o64.run.inputs.emplace("x", x_in);
    o64.keep = every_node(gm);
    const auto b64 = bounded_ok(gm, o64);
    const Tensor& d64 = b64[gm.find("d").index].value;
    for (int64_t e = 0; e < y.value.size(); ++e) {
      const size_t i = static_cast<size_t>(e), j = static_cast<size_t>(e % N);
      const double exact = d64.get(e) / s32.get(e / N) * gv[j] + bv[j];
      const double d = std::fabs(y.value.get(e) - exact);
      INFO("element " << e << " with c[" << k << "] moved");
      CHECK(d <= y.local[i] * (1 + 1e-9));
      const double cap = std::fabs(gv[j]) * (std::sqrt(double(N)) + std::fabs(z32.get(e))) +
                         std::fabs(bv[j] - y.value.get(e));
      beyond_cap += d > cap;
    }
  }
  CHECK(beyond_cap > 0);
}

}  // namespace vf

namespace vf {

namespace {

/// x [3, 4096] -> dense 4096 -> 8, then matmul with y [8, 5], gemm with z (trans_b) and a
/// broadcast C, sigmoid.
Graph dot_products() {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {3, 4096}});
  NodeId w = g.add_input("w", TensorType{DType::F32, {8, 4096}});
  NodeId y = g.add_input("y", TensorType{DType::F32, {8, 5}});
  NodeId z = g.add_input("z", TensorType{DType::F32, {6, 5}});
  NodeId c = g.add_input("c", TensorType{DType::F32, {6}});
  NodeId d = g.add_node(OpKind::Dense, "d", {x, w}, {});
  NodeId m = g.add_node(OpKind::MatMul, "m", {d, y}, {});
  NodeId s = g.add_node(
      OpKind::Gemm, "s", {m, z, c},
      test::attrs({{"trans_b", test::i64(1)}, {"alpha", test::f64(0.5)}, {"beta", test::f64(2)}}));
  g.add_output(g.add_node(OpKind::Sigmoid, "out", {s}, {}));
  return verified(std::move(g));
}

}  // namespace

TEST_CASE("run_bounded: quadrature runs keep the values and give each node's roundings in "
          "quadrature",
          "[interp][error_bound]") {
  for (const Graph& g : {dot_products(), conv_zoo(), relay_model("resnet_shallow_simplified.relay")}) {
    RunOptions ro;
    ro.seed = 5;
    auto plain = run_graph(CertifiedGraph::unrewritten(g), ro);
    REQUIRE(plain.ok());
    BoundedRunOptions bo;
    bo.run = ro;
    bo.keep.assign(g.size(), true);
    bo.cut = bo.keep;
    const auto rig = bounded_ok(g, bo);
    bo.quadrature = true;
    bo.err = false;
    const auto quad = bounded_ok(g, bo);
    for (size_t k = 0; k < g.outputs().size(); ++k)
      CHECK(bit_identical((*plain)[k], quad[g.outputs()[k].index].value));
    double sum_rig = 0, sum_quad = 0;
    for (size_t i = 0; i < g.size(); ++i) {
      REQUIRE(rig[i].local.size() == quad[i].local.size());
      for (size_t e = 0; e < rig[i].local.size(); ++e) {
        INFO(g.nodes()[i].name << " element " << e);
        // hypot(p, r) <= p + r and sqrt(sum r^2) <= sum r: never above the bound (the
        // inflations differ by a few ulps).
        REQUIRE(quad[i].local[e] <= rig[i].local[e] * (1 + 0x1p-40));
        sum_rig += rig[i].local[e];
        sum_quad += quad[i].local[e];
      }
      if (g.nodes()[i].name == "d") {  // 4096 terms: about sqrt(4096) / 2 below the bound
        for (size_t e = 0; e < rig[i].local.size(); ++e)
          CHECK(quad[i].local[e] * 10 < rig[i].local[e]);
      }
    }
    CHECK(sum_quad < sum_rig);
  }
  // Only with every node cut and `local` alone.
  const Graph g = dot_products();
  BoundedRunOptions bo;
  bo.quadrature = true;
  CHECK(!run_bounded(CertifiedGraph::unrewritten(g), bo).ok());  // err is on
  bo.err = false;
  CHECK(!run_bounded(CertifiedGraph::unrewritten(g), bo).ok());  // nothing cut
  bo.cut.assign(g.size(), true);
  CHECK(run_bounded(CertifiedGraph::unrewritten(g), bo).ok());
}

}  // namespace vf

namespace vf {

TEST_CASE("run_bounded: a softmax over a masked row (-3.4e38) keeps a small bound",
          "[interp][error_bound]") {
  // scores + mask, the mask's -3.4e38 (torch.finfo(float32).min, as exported causal
  // masks are): the masked entry's own rounding bound is ~1e31, and exp(x) expm1(e) is then
  // 0 * inf; exp(x + e) bounds it by ~0, so the softmax's bound stays that of its other
  // entries instead of its range.
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {1, 4}});
  NodeId mask = g.add_constant(
      "mask", Tensor::from_floats({1, 4}, std::vector<float>{0, 0, -3.4e38f, 0}));
  NodeId s = g.add_node(OpKind::Add, "s", {x, mask}, {});
  g.add_output(g.add_node(OpKind::Softmax, "p", {s}, test::attrs({{"axis", test::i64(-1)}})));
  g = verified(std::move(g));
  for (Precision p : {Precision::F32, Precision::F64}) {
    BoundedRunOptions bo;
    bo.run.precision = p;
    bo.run.seed = 1;
    const auto b = bounded_ok(g, bo);
    const BoundedTensor& out = b[g.outputs()[0].index];
    for (size_t e = 0; e < out.err.size(); ++e) {
      INFO("element " << e << " value " << out.value.get(static_cast<int64_t>(e)));
      CHECK(out.err[e] < 1e-5);
    }
  }
}

}  // namespace vf
