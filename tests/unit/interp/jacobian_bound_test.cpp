// jacobian_bound: the f32 run of real models is within the Jacobian bound of the f64 run
// (whose own running bound covers the rest of the way to the exact value), tighter than the
// running bound at the outputs; and each part of the argument can fail: without the second
// branch of an uncertain relu, or with the derivatives taken at the boxes' midpoints (a
// first-order estimate without its remainder), a constructed case exceeds the bound.
#include "interp/jacobian_bound.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "../semantics/op_case.h"
#include "frontend/relay_import.h"
#include "interp/enclosure.h"
#include "interp/error_bound.h"
#include "interp/interpreter.h"
#include "ir/shape_inference.h"
#include "support/diagnostic.h"

namespace vf {
namespace {

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

std::vector<BoundedTensor> bounded_ok(const Graph& g, const BoundedRunOptions& o) {
  auto r = run_bounded(CertifiedGraph::unrewritten(g), o);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  return std::move(r).value();
}

/// Runs g in f32 (every node cut: the sources) and in f64 (boxes), and returns the
/// Jacobian bound of the f32 run (source set 0) with the runs.
struct Runs {
  std::vector<BoundedTensor> b32, b64;
  std::vector<JacobianOutput> jac;
};

Runs jacobian_of(const Graph& g, const RunOptions& ro, const JacobianOptions& jo,
                 bool f64_boxes = true) {
  Runs r;
  BoundedRunOptions o32, o64;
  o32.run = o64.run = ro;
  o64.run.precision = Precision::F64;
  o32.keep.assign(g.size(), true);
  o32.cut = o64.keep = o32.keep;
  o64.local = false;
  r.b32 = bounded_ok(g, o32);
  r.b64 = bounded_ok(g, o64);
  std::vector<const std::vector<BoundedTensor>*> boxes;
  if (f64_boxes) boxes.push_back(&r.b64);
  auto jac = jacobian_bound(g, jacobian_nodes(g, {&r.b32}, boxes), jo);
  INFO((jac ? std::string() : jac.error().message));
  REQUIRE(jac.ok());
  r.jac = std::move(*jac);
  return r;
}

/// t = x + y and z = x2 - y2 both round to 1 in f32 (exactly 1 + 3 2^-26 and 1 - 3 2^-27),
/// so b = (t - z) - 2^-24 is -2^-24 computed and +2^-27 exact: relu(b) is 0 computed and
/// 2^-27 exact, and out = relu(b) * 2^40 is off by 2^13. The relu's comparison is within
/// the error of its threshold: only its second branch covers that.
Graph relu_across_zero() {
  Graph g;
  auto in = [&](const char* name) { return g.add_input(name, TensorType{DType::F32, {1}}); };
  auto k = [&](const char* name, float v) {
    Tensor t(TensorType{DType::F32, {1}});
    t.view_mut<float>()[0] = v;
    return g.add_constant(name, std::move(t));
  };
  NodeId t = g.add_node(OpKind::Add, "t", {in("x"), in("y")}, {});
  NodeId z = g.add_node(OpKind::Subtract, "z", {in("x2"), in("y2")}, {});
  NodeId a = g.add_node(OpKind::Subtract, "a", {t, z}, {});
  NodeId b = g.add_node(OpKind::Subtract, "b", {a, k("c", 0x1p-24f)}, {});
  NodeId r = g.add_node(OpKind::Relu, "r", {b}, {});
  NodeId out = g.add_node(OpKind::Multiply, "out", {r, k("big", 0x1p40f)}, {});
  g.add_output(out);
  g.add_output(g.add_node(OpKind::Multiply, "square", {a, a}, {}));
  return verified(std::move(g));
}

RunOptions relu_inputs() {
  RunOptions ro;
  auto one = [](float v) {
    Tensor t(TensorType{DType::F32, {1}});
    t.view_mut<float>()[0] = v;
    return t;
  };
  ro.inputs.emplace("x", one(1));
  ro.inputs.emplace("y", one(3 * 0x1p-26f));
  ro.inputs.emplace("x2", one(1));
  ro.inputs.emplace("y2", one(3 * 0x1p-27f));
  return ro;
}

/// Uniform doubles in [-0.5, 0.5) from a fixed seed (xorshift64).
struct Uniform {
  uint64_t state;
  double operator()() {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return static_cast<double>(state >> 11) * 0x1p-53 - 0.5;
  }
};

/// The double-double enclosure of `exact`'s values and `g`'s f32 run with every node kept
/// and cut (the sources), on seed `seed`'s inputs.
struct Enclosed {
  std::vector<BoundedTensor> enc, b32;
};
Enclosed enclosed(const Graph& exact, const Graph& g, uint64_t seed) {
  RunOptions ro;
  ro.seed = seed;
  auto enc = run_enclosure(exact, ro);
  INFO((enc ? std::string() : enc.error().message));
  REQUIRE(enc.ok());
  BoundedRunOptions o32;
  o32.run = ro;
  o32.keep.assign(g.size(), true);
  o32.cut = o32.keep;
  return {std::move(*enc), bounded_ok(g, o32)};
}

}  // namespace

TEST_CASE(
    "jacobian_bound: the f32 run is within it of the exact value, and it is tighter "
    "than the running bound",
    "[interp][jacobian]") {
  for (const char* file :
       {"resnet_shallow_simplified.relay", "mobilenet_shallow_simplified.relay"}) {
    const Graph g = relay_model(file);
    for (uint64_t seed : {0, 1}) {
      RunOptions ro;
      ro.seed = seed;
      JacobianOptions jo;
      jo.rows = 24;
      const Runs r = jacobian_of(g, ro, jo);
      int64_t checked = 0, tighter = 0;
      for (size_t k = 0; k < g.outputs().size(); ++k) {
        const size_t o = g.outputs()[k].index;
        const JacobianOutput& j = r.jac[k];
        INFO(file << " seed " << seed << " output " << k << ": " << j.unavailable);
        REQUIRE(j.unavailable.empty());
        CHECK(j.rows == std::min<int64_t>(24, r.b32[o].value.size()));
        for (int64_t e = 0; e < r.b32[o].value.size(); ++e) {
          const size_t i = static_cast<size_t>(e);
          const double bound = j.bound[0][i];
          if (!std::isfinite(bound)) continue;
          const double d = std::fabs(r.b32[o].value.get(e) - r.b64[o].value.get(e));
          INFO("element " << e << ": |f32 - f64| " << d << ", bound " << bound << " + "
                          << r.b64[o].err[i] << ", running " << r.b32[o].err[i]);
          REQUIRE(d <= bound + r.b64[o].err[i]);
          CHECK(j.probabilistic[0][i] <= bound);
          ++checked;
          tighter += bound < r.b32[o].err[i] / 4;
        }
      }
      CHECK(checked > 0);
      CHECK(tighter > checked / 2);
    }
  }
}

TEST_CASE("jacobian_bound: an uncertain relu needs its second branch", "[interp][jacobian]") {
  const Graph g = relu_across_zero();
  const RunOptions ro = relu_inputs();
  JacobianOptions jo;
  jo.rows = 0;
  const Runs r = jacobian_of(g, ro, jo);
  const double d = std::fabs(r.b32[g.outputs()[0].index].value.get(0) -
                             r.b64[g.outputs()[0].index].value.get(0));
  REQUIRE(d == 0x1p13);  // the construction does what its comment says
  CHECK(d <= r.jac[0].bound[0][0]);
  jo.test_drop_uncertain_branch = true;
  const Runs dropped = jacobian_of(g, ro, jo);
  CHECK(d > dropped.jac[0].bound[0][0]);
}

TEST_CASE("jacobian_bound: derivatives enclosed over the box, not taken at its midpoint",
          "[interp][jacobian]") {
  // square = a * a with a = 0 computed and 9 2^-27 exact: with the running box alone
  // (symmetric about 0) the derivative at the midpoint is 0, and the first-order estimate
  // misses (9 2^-27)^2.
  const Graph g = relu_across_zero();
  const RunOptions ro = relu_inputs();
  JacobianOptions jo;
  jo.rows = 0;
  const Runs r = jacobian_of(g, ro, jo, false);
  const size_t sq = g.outputs()[1].index;
  const double d = std::fabs(r.b32[sq].value.get(0) - r.b64[sq].value.get(0));
  REQUIRE(d == 81 * 0x1p-54);
  CHECK(d <= r.jac[1].bound[0][0]);
  jo.test_drop_slope_radius = true;
  const Runs dropped = jacobian_of(g, ro, jo, false);
  CHECK(d > dropped.jac[1].bound[0][0]);
}

TEST_CASE("jacobian_bound: a select that may jump makes the bound unavailable",
          "[interp][jacobian]") {
  // where(c, x, y) with c = b computed within the error of 0: the bound refuses.
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {1}});
  NodeId y = g.add_input("y", TensorType{DType::F32, {1}});
  NodeId s = g.add_node(OpKind::Add, "s", {x, y}, {});
  NodeId c = g.add_node(OpKind::Subtract, "c", {s, x}, {});
  NodeId w = g.add_node(OpKind::Where, "w", {c, x, y}, {});
  g.add_output(w);
  g = verified(std::move(g));
  RunOptions ro;
  Tensor one(TensorType{DType::F32, {1}}), tiny(TensorType{DType::F32, {1}});
  one.view_mut<float>()[0] = 1;
  tiny.view_mut<float>()[0] = 0x1p-30f;
  ro.inputs.emplace("x", one);
  ro.inputs.emplace("y", tiny);
  JacobianOptions jo;
  const Runs r = jacobian_of(g, ro, jo);
  CHECK(!r.jac[0].unavailable.empty());
  CHECK(std::isinf(r.jac[0].bound[0][0]));
}

}  // namespace vf

namespace vf {

TEST_CASE("run_enclosure: holds the f64 run within the two bounds, and is tighter",
          "[interp][jacobian]") {
  for (const char* file :
       {"resnet_shallow_simplified.relay", "mobilenet_shallow_simplified.relay"}) {
    const Graph g = relay_model(file);
    RunOptions ro;
    ro.seed = 2;
    auto enc = run_enclosure(g, ro);
    INFO((enc ? std::string() : enc.error().message));
    REQUIRE(enc.ok());
    BoundedRunOptions o64;
    o64.run = ro;
    o64.run.precision = Precision::F64;
    o64.keep.assign(g.size(), true);
    o64.local = false;
    const auto b64 = bounded_ok(g, o64);
    double sum_enc = 0, sum_64 = 0;
    for (size_t i = 0; i < g.size(); ++i)
      for (int64_t e = 0; e < b64[i].value.size(); ++e) {
        const size_t k = static_cast<size_t>(e);
        INFO(g.nodes()[i].name << " element " << e);
        REQUIRE(std::fabs(b64[i].value.get(e) - (*enc)[i].value.get(e)) <=
                b64[i].err[k] + (*enc)[i].err[k]);
        sum_enc += (*enc)[i].err[k];
        sum_64 += b64[i].err[k];
      }
    // Early nodes are as tight in both (the double-double's low part rounds into the bound),
    // the deep ones far tighter in double-double.
    CHECK(sum_enc < sum_64 / 10);
  }
}

}  // namespace vf

namespace vf {

TEST_CASE("run_enclosure and jacobian_bound: matmul with broadcast batches, softmax, layer_norm",
          "[interp][jacobian]") {
  // sigmoid(x) [2, 3, 5, 4] @ tanh(y) [3, 4, 6] (both operands with adjoints) -> softmax
  // over the last axis -> layer_norm -> @ w.
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {2, 3, 5, 4}});
  NodeId y = g.add_input("y", TensorType{DType::F32, {3, 4, 6}});
  NodeId xs = g.add_node(OpKind::Sigmoid, "xs", {x}, {});
  NodeId yt = g.add_node(OpKind::Tanh, "yt", {y}, {});
  NodeId m = g.add_node(OpKind::MatMul, "m", {xs, yt}, {});
  NodeId s = g.add_node(OpKind::Softmax, "s", {m}, test::attrs({{"axis", test::i64(-1)}}));
  NodeId gamma = g.add_input("gamma", TensorType{DType::F32, {6}}, true);
  NodeId beta = g.add_input("beta", TensorType{DType::F32, {6}}, true);
  NodeId ln = g.add_node(OpKind::LayerNorm, "ln", {s, gamma, beta}, {});
  NodeId w = g.add_input("w", TensorType{DType::F32, {6, 3}});
  g.add_output(g.add_node(OpKind::MatMul, "out", {ln, w}, {}));
  g = verified(std::move(g));
  for (uint64_t seed : {0, 1, 2}) {
    RunOptions ro;
    ro.seed = seed;
    auto enc = run_enclosure(g, ro);
    INFO((enc ? std::string() : enc.error().message));
    REQUIRE(enc.ok());
    JacobianOptions jo;
    jo.rows = 0;
    const Runs r = jacobian_of(g, ro, jo);
    const size_t o = g.outputs()[0].index;
    REQUIRE(r.jac[0].unavailable.empty());
    for (size_t i = 0; i < g.size(); ++i)
      for (int64_t e = 0; e < r.b64[i].value.size(); ++e) {
        const size_t k = static_cast<size_t>(e);
        INFO(g.nodes()[i].name << " element " << e);
        REQUIRE(std::fabs(r.b64[i].value.get(e) - (*enc)[i].value.get(e)) <=
                r.b64[i].err[k] + (*enc)[i].err[k]);
      }
    for (int64_t e = 0; e < r.b32[o].value.size(); ++e) {
      const size_t k = static_cast<size_t>(e);
      const double d = std::fabs(r.b32[o].value.get(e) - (*enc)[o].value.get(e));
      INFO("element " << e);
      REQUIRE(d <= r.jac[0].bound[0][k] + (*enc)[o].err[k]);
    }
  }
}

}  // namespace vf

namespace vf {

TEST_CASE("refine_boxes: narrowed boxes still hold the computed and the exact values",
          "[interp][jacobian]") {
  for (const char* file :
       {"resnet_shallow_simplified.relay", "mobilenet_shallow_simplified.relay"}) {
    const Graph g = relay_model(file);
    RunOptions ro;
    ro.seed = 1;
    BoundedRunOptions o32;
    o32.run = ro;
    o32.keep.assign(g.size(), true);
    o32.cut = o32.keep;
    const auto b32 = bounded_ok(g, o32);
    auto enc = run_enclosure(g, ro);
    REQUIRE(enc.ok());
    // Only every third node's box from the enclosure; the rest from the f32 run, refined.
    std::vector<BoundedTensor> some(g.size());
    std::vector<bool> trusted(g.size(), false);
    for (size_t i = 0; i < g.size(); i += 3) some[i] = (*enc)[i], trusted[i] = true;
    std::vector<JacobianNode> nodes = jacobian_nodes(g, {&b32}, {&some});
    std::vector<double> before(g.size(), 0.0), after(g.size(), 0.0);
    for (size_t i = 0; i < g.size(); ++i)
      for (size_t e = 0; e < nodes[i].lo.size(); ++e) before[i] += nodes[i].hi[e] - nodes[i].lo[e];
    refine_boxes(g, nodes, trusted);
    double narrowed = 0;
    for (size_t i = 0; i < g.size(); ++i) {
      for (size_t e = 0; e < nodes[i].lo.size(); ++e) {
        after[i] += nodes[i].hi[e] - nodes[i].lo[e];
        const double v = b32[i].value.get(static_cast<int64_t>(e));
        const double x = (*enc)[i].value.get(static_cast<int64_t>(e)), ex = (*enc)[i].err[e];
        INFO(file << " " << g.nodes()[i].name << " element " << e);
        REQUIRE(nodes[i].lo[e] <= v);
        REQUIRE(v <= nodes[i].hi[e]);
        REQUIRE(nodes[i].lo[e] <= x + ex);  // the exact value lies in [x - ex, x + ex]
        REQUIRE(x - ex <= nodes[i].hi[e]);
      }
      if (after[i] < before[i] / 2) ++narrowed;
    }
    CHECK(narrowed > 0);
  }
}

}  // namespace vf

namespace vf {

TEST_CASE("jacobian_bound: point adjoints keep a deep chain's bound where interval adjoints "
          "lose it",
          "[interp][jacobian]") {
  // 32 dense layers of width 48 with relus, random signs: |W|^T grows a radius by ~4 per
  // layer where W^T keeps the adjoint ~1. With double-double boxes (tight), the point
  // adjoints' bound is the sources' sum and holds; the interval adjoints' radius (the
  // midpoints' own rounding, carried by |W|^T) outgrows it by orders of magnitude.
  constexpr int64_t kW = 48, kDepth = 32;
  Graph g;
  NodeId y = g.add_input("x", TensorType{DType::F32, {1, kW}});
  Uniform next{0x9e3779b97f4a7c15ull};
  for (int64_t l = 0; l < kDepth; ++l) {
    std::vector<double> w(static_cast<size_t>(kW * kW)), b(static_cast<size_t>(kW));
    for (double& v : w) v = next() * 0.7;  // E w^2 = 1/24: with half the relus on, scale kept
    for (double& v : b) v = next() * 0.1;
    NodeId wc = g.add_constant(fmt::format("w{}", l),
                               Tensor::from_doubles(TensorType{DType::F32, {kW, kW}}, w));
    NodeId bc = g.add_constant(fmt::format("b{}", l),
                               Tensor::from_doubles(TensorType{DType::F32, {kW}}, b));
    y = g.add_node(OpKind::Dense, fmt::format("fc{}", l), {y, wc, bc}, {});
    if (l + 1 < kDepth) y = g.add_node(OpKind::Relu, fmt::format("r{}", l), {y}, {});
  }
  g.add_output(y);
  g = verified(std::move(g));
  const auto [enc, b32] = enclosed(g, g, 3);
  const auto nodes = jacobian_nodes(g, {&b32}, {&enc});
  JacobianOptions jo;
  jo.rows = 0;
  auto point = jacobian_bound(g, nodes, jo);
  jo.interval = true;
  auto interval = jacobian_bound(g, nodes, jo);
  REQUIRE(point.ok());
  REQUIRE(interval.ok());
  const size_t o = g.outputs()[0].index;
  int64_t tighter = 0;
  for (int64_t e = 0; e < kW; ++e) {
    const size_t k = static_cast<size_t>(e);
    const double d = std::fabs(b32[o].value.get(e) - enc[o].value.get(e));
    const double pb = (*point)[0].bound[0][k], ib = (*interval)[0].bound[0][k];
    INFO("element " << e << ": |f32 - exact| <= " << d << ", point " << pb << ", interval "
                    << ib << ", running " << b32[o].err[k]);
    REQUIRE(d <= pb + enc[o].err[k]);
    REQUIRE(pb < 1e-3);  // ~1e-4 here: the running bound is ~1e20, the interval ~0.5
    tighter += pb * 100 < ib;
  }
  CHECK(tighter == kW);
}

}  // namespace vf

namespace vf {

TEST_CASE("jacobian_bound: a constant's certified error is a source of its own",
          "[interp][jacobian]") {
  // The stored first-layer weights differ from the exact ones by ~1e-3 relative (a fold's
  // certified error, made large): the exact program (the graph with the exact weights,
  // enclosed in double-double) is within the bound of the stored graph's f32 run when the
  // constant is a source (its error weighed by its gradient), and not without it.
  Uniform next{0x2545f4914f6cdd1dull};
  std::vector<float> w1(8 * 64), w_stored(8 * 64), err(8 * 64), w2(4 * 8);
  for (size_t k = 0; k < w1.size(); ++k) {
    w1[k] = static_cast<float>(next() * 0.5);
    w_stored[k] = w1[k] * (1 + (next() > 0 ? 1e-3f : -1e-3f));
    err[k] = static_cast<float>(std::abs(static_cast<double>(w_stored[k]) - w1[k]) * (1 + 1e-6));
  }
  for (float& v : w2) v = static_cast<float>(next());
  auto build = [&](const std::vector<float>& first) {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, {1, 64}});
    NodeId a = g.add_node(OpKind::Dense, "fc1",
                          {x, g.add_constant("w1", Tensor::from_floats({8, 64}, first))}, {});
    NodeId r = g.add_node(OpKind::Relu, "r", {a}, {});
    g.add_output(g.add_node(OpKind::Dense, "fc2",
                            {r, g.add_constant("w2", Tensor::from_floats({4, 8}, w2))}, {}));
    return verified(std::move(g));
  };
  const Graph exact = build(w1), stored = build(w_stored);
  const auto [enc, b32] = enclosed(exact, stored, 4);
  const std::map<std::string, Tensor> errors{{"w1", Tensor::from_floats({8, 64}, err)}};
  JacobianOptions jo;
  jo.rows = 0;
  auto with = jacobian_bound(stored, jacobian_nodes(stored, {&b32}, {&enc}, {}, &errors), jo);
  auto without = jacobian_bound(stored, jacobian_nodes(stored, {&b32}, {&enc}), jo);
  REQUIRE(with.ok());
  REQUIRE(without.ok());
  const size_t o = stored.outputs()[0].index;
  int64_t missed = 0;
  for (int64_t e = 0; e < 4; ++e) {
    const size_t k = static_cast<size_t>(e);
    const double d = std::fabs(b32[o].value.get(e) - enc[o].value.get(e));
    INFO("element " << e << ": " << d << " against " << (*with)[0].bound[0][k] << " / "
                    << (*without)[0].bound[0][k]);
    REQUIRE(d <= (*with)[0].bound[0][k] + enc[o].err[k]);
    missed += d > (*without)[0].bound[0][k] + enc[o].err[k];
  }
  CHECK(missed > 0);
}

}  // namespace vf
