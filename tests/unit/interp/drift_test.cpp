// run_with_drift and DriftDomain: the values are bit-identical to run_graph's; each rule's
// bound matches its derivation on hand cases and holds against exact values sampled in
// the operands' error intervals (tight at the corners); on whole graphs the bound holds
// for perturbed constants (C vs C') and between f32 and f64 runs, also across a relu's
// decision boundary; data movement is exact; bad extra constant errors are reported.
#include "interp/drift.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "../semantics/op_case.h"
#include "frontend/relay_import.h"
#include "interp/interpreter.h"
#include "ir/shape_inference.h"
#include "semantics/scalar_ops.h"
#include "support/diagnostic.h"
#include "support/rng.h"

namespace vf {
namespace {

using test::attrs;
using test::i64;
using test::ints;

constexpr double kInf = std::numeric_limits<double>::infinity();

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

std::vector<DriftOutput> drift_ok(const Graph& g, const RunOptions& o,
                                  const std::map<std::string, Tensor>& extra = {}) {
  auto r = run_with_drift(CertifiedGraph::unrewritten(g), o, extra);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  return std::move(r).value();
}

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

/// Seeded values, uniform in [lo, hi), rounded to float32 unless `to_float` is false.
std::vector<double> seeded(const std::string& name, int64_t n, double lo, double hi,
                           bool to_float = true) {
  SplitMix64 rng(42, name);
  std::vector<double> v(static_cast<size_t>(n));
  for (double& x : v) x = to_float ? static_cast<float>(rng.uniform(lo, hi)) : rng.uniform(lo, hi);
  return v;
}

/// The constants of pipeline_net: name, shape, range.
struct ConstSpec {
  std::string name;
  Shape shape;
  double lo, hi;
};

const std::vector<ConstSpec>& pipeline_constants() {
  static const std::vector<ConstSpec> specs = {
      {"w1", {3, 2, 3, 3}, -0.5, 0.5}, {"b1", {3}, -0.2, 0.2},      {"gamma", {3}, 0.5, 1.5},
      {"beta", {3}, -0.2, 0.2},        {"mean", {3}, -0.2, 0.2},    {"var", {3}, 0.5, 1.5},
      {"c1", {1, 3, 1, 1}, 0.2, 0.5},  {"s1", {1, 3, 1, 1}, -2, 2}, {"b2", {1, 3, 1, 1}, -0.5, 0.5},
      {"w2", {4, 48}, -0.3, 0.3},      {"bias2", {4}, -0.1, 0.1},
  };
  return specs;
}

/// conv2d (padded, with bias) -> batch_norm -> relu -> max_pool -> z = p / sqrt(p*p + c1)
/// -> sigmoid(z * s1 + b2) -> dense -> softmax, all weights constants given by `values`
/// (float32). Outputs: relu, z, sigmoid, dense, softmax.
Graph pipeline_net(const std::map<std::string, std::vector<double>>& values) {
  Graph g;
  std::map<std::string, NodeId> c;
  for (const auto& s : pipeline_constants())
    c[s.name] = g.add_constant(
        s.name, Tensor::from_doubles(TensorType{DType::F32, s.shape}, values.at(s.name)));
  NodeId x = g.add_input("x", TensorType{DType::F32, {1, 2, 5, 5}});
  NodeId y = g.add_node(OpKind::Conv2d, "conv", {x, c["w1"], c["b1"]},
                        attrs({{"padding", ints({1, 1, 1, 1})}}));
  y = g.add_node(OpKind::BatchNorm, "bn", {y, c["gamma"], c["beta"], c["mean"], c["var"]}, {});
  NodeId relu = g.add_node(OpKind::Relu, "relu", {y}, {});
  NodeId p = g.add_node(OpKind::MaxPool2d, "pool", {relu}, attrs({{"pool_size", ints({2, 2})}}));
  NodeId sq = g.add_node(OpKind::Multiply, "sq", {p, p}, {});
  NodeId q =
      g.add_node(OpKind::Sqrt, "q", {g.add_node(OpKind::Add, "sq_c1", {sq, c["c1"]}, {})}, {});
  NodeId z = g.add_node(OpKind::Divide, "z", {p, q}, {});
  NodeId t = g.add_node(OpKind::Multiply, "zs", {z, c["s1"]}, {});
  t = g.add_node(OpKind::Add, "zsb", {t, c["b2"]}, {});
  NodeId sig = g.add_node(OpKind::Sigmoid, "sig", {t}, {});
  NodeId f = g.add_node(OpKind::BatchFlatten, "flat", {sig}, {});
  NodeId fc = g.add_node(OpKind::Dense, "fc", {f, c["w2"], c["bias2"]}, {});
  NodeId sm = g.add_node(OpKind::Softmax, "softmax", {fc}, {});
  for (NodeId o : {relu, z, sig, fc, sm}) g.add_output(o);
  return verified(std::move(g));
}

std::map<std::string, std::vector<double>> pipeline_values() {
  std::map<std::string, std::vector<double>> v;
  for (const auto& s : pipeline_constants())
    v[s.name] = seeded(s.name, num_elements(s.shape), s.lo, s.hi);
  return v;
}

Tensor pipeline_input() {
  return Tensor::from_doubles(TensorType{DType::F32, {1, 2, 5, 5}}, seeded("x", 50, -1, 1));
}

/// Worst ratio |a - b| / (bound_a + bound_b) over all elements of all outputs, after
/// checking that every element satisfies |a - b| <= bound_a + bound_b, and that the bounds
/// are finite unless `infinite_a` allows it for a's.
double check_within(const std::vector<DriftOutput>& a, const std::vector<DriftOutput>& b,
                    bool infinite_a = false) {
  REQUIRE(a.size() == b.size());
  double worst = 0;
  for (size_t k = 0; k < a.size(); ++k) {
    REQUIRE(a[k].value.shape() == b[k].value.shape());
    REQUIRE(a[k].bound.dtype() == DType::F64);
    REQUIRE(a[k].bound.shape() == a[k].value.shape());
    for (int64_t i = 0; i < a[k].value.size(); ++i) {
      const long double diff = std::abs(static_cast<long double>(a[k].value.get(i)) -
                                        static_cast<long double>(b[k].value.get(i)));
      const long double sum = static_cast<long double>(a[k].bound.get(i)) + b[k].bound.get(i);
      INFO("output " << k << " element " << i << ": " << a[k].value.get(i) << " vs "
                     << b[k].value.get(i) << ", bounds " << a[k].bound.get(i) << " + "
                     << b[k].bound.get(i));
      if (!infinite_a) REQUIRE(std::isfinite(a[k].bound.get(i)));
      REQUIRE(std::isfinite(b[k].bound.get(i)));
      REQUIRE(diff <= sum);
      if (sum > 0) worst = std::max(worst, static_cast<double>(diff / sum));
    }
  }
  return worst;
}

// ---- Values ---------------------------------------------------------------------------

TEST_CASE("run_with_drift: values are bit-identical to run_graph's", "[interp][drift]") {
  const Graph net = verified(small_net());
  const Graph pipe = pipeline_net(pipeline_values());
  for (Precision p : test::kPrecisions) {
    INFO(test::precision_name(p));
    RunOptions o;
    o.precision = p;
    o.seed = 9;
    auto plain = run_ok(net, o);
    auto drift = drift_ok(net, o);
    REQUIRE(drift.size() == plain.size());
    for (size_t k = 0; k < plain.size(); ++k) CHECK(drift[k].value == plain[k]);  // bytes too

    // Constants, an input given as f64 data (rounded on the way into an f32 run), and the
    // select-based and transcendental operators of the pipeline.
    RunOptions o2;
    o2.precision = p;
    o2.inputs.emplace("x", Tensor::from_doubles(TensorType{DType::F64, {1, 2, 5, 5}},
                                                seeded("x64", 50, -1, 1, false)));
    plain = run_ok(pipe, o2);
    drift = drift_ok(pipe, o2);
    REQUIRE(drift.size() == plain.size());
    for (size_t k = 0; k < plain.size(); ++k) CHECK(drift[k].value == plain[k]);
  }
}

// ---- The rules on hand cases ------------------------------------------------------------

TEST_CASE("DriftDomain: each rule gives its derived bound, tight at the extreme", "[drift]") {
  using D = DriftDomain<double>;
  D d;
  // Each case: the bound of the rule, and the largest |computed - exact| over the error
  // box (at a corner, by monotonicity), which the bound must cover and nearly equal.
  auto check = [](D::Value r, double expected_bound, double extreme) {
    INFO("bound " << r.err << ", expected " << expected_bound << ", extreme " << extreme);
    CHECK(r.err >= extreme);
    CHECK(r.err == Approx(expected_bound).epsilon(1e-12));
  };
  check(d.add({1, 0.25}, {2, 0.5}), 0.75, (1.25 + 2.5) - 3);
  check(d.sub({1, 0.25}, {2, 0.5}), 0.75, (1.25 - 1.5) - (1 - 2));
  // mul: |a| e_b + mag(b) e_a = 2 * 0.2 + 3.2 * 0.1.
  check(d.mul({2, 0.1}, {3, 0.2}), 0.72, 2.1 * 3.2 - 6);
  // div: e_a / mig(b) + |a| e_b / (|b| mig(b)) = 0.1 / 1.5 + 0.5 / 3; extreme 1.1 / 1.5.
  check(d.div({1, 0.1}, {2, 0.5}), 0.1 / 1.5 + 0.5 / 3, 1.1 / 1.5 - 0.5);
  check(d.div({1, 0}, {0.5, 0.4}), 8, 1 / 0.1 - 2);
  // sqrt: e / (sqrt(4) + sqrt(3.5)) = 2 - sqrt(3.5); at 0, sqrt(e).
  check(d.sqrt({4, 0.5}), 2 - std::sqrt(3.5), 2 - std::sqrt(3.5));
  check(d.sqrt({0, 1e-6}), 1e-3, 1e-3);
  check(d.sqrt({1e-8, 1e-6}), 1e-3, std::sqrt(1e-8 + 1e-6) - 1e-4);
  // exp: exp(a) expm1(e).
  check(d.exp({0, 0.1}), std::expm1(0.1), std::expm1(0.1));
  check(d.exp({-1, 0.5}), std::exp(-1) * std::expm1(0.5), std::exp(-0.5) - std::exp(-1));
  check(d.neg({3, 0.5}), 0.5, 0.5);
  CHECK(d.neg({3, 0.5}).v == -3);
}

TEST_CASE("DriftDomain: a divisor whose exact value may be 0 gives an infinite bound", "[drift]") {
  DriftDomain<double> d;
  CHECK(d.div({1, 0}, {0.5, 0.5}).err == kInf);
  CHECK(d.div({1, 0}, {0.5, 0.6}).err == kInf);
  CHECK(d.div({1, 0}, {-0.5, 0.6}).err == kInf);
  CHECK(std::isfinite(d.div({1, 0}, {-0.5, 0.4}).err));
  CHECK(d.div({1, 0}, {0, 0}).err == kInf);  // computed 1/0 = inf
  CHECK(d.sqrt({-1, 0}).err == kInf);        // computed NaN
  DriftDomain<float> f;
  CHECK(f.exp({100, 0}).err == kInf);  // overflows in float
  CHECK(f.mul({1e30f, 0}, {1e30f, 0}).err == kInf);
}

TEST_CASE("DriftDomain: rounding of the operation in T is covered", "[drift]") {
  DriftDomain<float> f;
  // 1 + 2^-30 rounds to 1 in float: the bound covers the lost 2^-30, and not by much more
  // than float's unit roundoff.
  auto s = f.add({1, 0}, {0x1p-30f, 0});
  CHECK(s.v == 1.0f);
  CHECK(s.err >= 0x1p-30);
  CHECK(s.err <= 0x1p-23);
  // A literal: 0.1 is not a float, 0.5 is; in a double run, every literal is exact.
  CHECK(f.lit(0.1).err >= std::abs(static_cast<double>(0.1f) - 0.1));
  CHECK(f.lit(0.1).err <= std::abs(static_cast<double>(0.1f) - 0.1) * (1 + 1e-12));
  CHECK(f.lit(0.5).err == 0);
  DriftDomain<double> d;
  CHECK(d.lit(0.1).err == 0);
  // (1 + 2^-30)^2 = 1 + 2^-29 + 2^-60 needs 61 bits: both precisions drop the 2^-60.
  auto mf = f.mul({1 + 0x1p-30f, 0}, {1 + 0x1p-30f, 0});
  CHECK(mf.v == 1 + 0x1p-29f);
  CHECK(mf.err >= 0x1p-60);
  CHECK(mf.err <= 0x1p-22);
  auto md = d.mul({1 + 0x1p-30, 0}, {1 + 0x1p-30, 0});
  CHECK(md.v == 1 + 0x1p-29);
  CHECK(md.err >= 0x1p-60);
  CHECK(md.err <= 0x1p-51);
}

TEST_CASE("DriftDomain: comparisons are certain only when the exact values agree", "[drift]") {
  DriftDomain<double> d;
  CHECK(d.lt({1, 0.1}, {1.3, 0.1}).certain);
  CHECK_FALSE(d.lt({1, 0.2}, {1.3, 0.2}).certain);
  CHECK_FALSE(d.le({1.3, 0.2}, {1, 0.2}).certain);
  CHECK(d.lt({1, 0}, {1, 0}).certain);  // no error: the exact values are the computed ones
  CHECK_FALSE(d.lt({1, 0}, {1, 1e-300}).certain);
  // relu at -5 +- 0.001 is surely 0: the bound is that of the literal 0.
  auto relu = [&](DriftDomain<double>::Value x) { return sem::relu(d, x); };
  CHECK(relu({-5, 1e-3}).v == 0);
  CHECK(relu({-5, 1e-3}).err == 0);
  CHECK(relu({5, 1e-3}).err == 1e-3);
  // relu at -1e-4 +- 2e-4: computed 0, exact up to 1e-4.
  CHECK(relu({-1e-4, 2e-4}).v == 0);
  CHECK(relu({-1e-4, 2e-4}).err >= 1e-4);
  // An uncertain select: max(e_chosen, |chosen - other| + e_other) = max(0.1, 0.3 + 0.05).
  auto s = d.select({true, false}, {1, 0.1}, {1.3, 0.05});
  CHECK(s.v == 1);
  CHECK(s.err == Approx(0.35).epsilon(1e-12));
  CHECK(d.select({true, true}, {1, 0.1}, {1.3, 0.05}).err == 0.1);
}

// ---- The rules against sampled exact values ----------------------------------------------

/// One operation of the domain and its exact counterpart on long doubles.
enum class Op { Add, Sub, Mul, Div, Sqrt, Exp, Neg, Relu, Max };

template <class T>
struct Sampler {
  SplitMix64 rng{2024};
  /// A computed operand: a T value of random sign and magnitude in [1e-3, 1e2).
  T value() {
    const double mag = std::pow(10.0, rng.uniform(-3, 2));
    return static_cast<T>(rng.uniform() < 0.5 ? -mag : mag);
  }
  /// An error for value v: none, tiny, moderate or large relative to |v|.
  double error(T v) {
    const double a = std::abs(static_cast<double>(v));
    switch (next_below(4)) {
      case 0: return 0;
      case 1: return a * 0x1p-40 * rng.uniform();
      case 2: return a * 1e-3 * rng.uniform();
      default: return a * 0.5 * rng.uniform();
    }
  }
  /// An exact value within e of v: a corner (half the time) or inside the interval.
  long double exact(T v, double e) {
    const double t = rng.uniform() < 0.5 ? (rng.uniform() < 0.5 ? -1.0 : 1.0) : rng.uniform(-1, 1);
    long double x = static_cast<long double>(v) + static_cast<long double>(e) * t;
    // The long double sum may round just outside the interval: step back in.
    while (std::abs(x - static_cast<long double>(v)) > static_cast<long double>(e))
      x = std::nextafter(x, static_cast<long double>(v));
    return x;
  }
  int next_below(int n) { return static_cast<int>(rng.uniform() * n); }
};

/// Samples `n` cases of `op`; checks |computed - exact| <= err whenever err is finite and
/// returns the worst ratio |computed - exact| / err among cases whose error is mostly
/// propagated (large operand errors), where the bound must be nearly tight.
template <class T>
double sample_rule(Op op, int n, int& finite) {
  DriftDomain<T> d;
  Sampler<T> s;
  using V = typename DriftDomain<T>::Value;
  double worst = 0;
  finite = 0;
  for (int i = 0; i < n; ++i) {
    T av = s.value(), bv = s.value();
    if (op == Op::Sqrt) av = std::abs(av);
    if (op == Op::Exp) av = static_cast<T>(s.rng.uniform(-20, 20));
    const V a{av, s.error(av)}, b{bv, s.error(bv)};
    long double A = s.exact(av, a.err), B = s.exact(bv, b.err);
    if (op == Op::Sqrt && A < 0) A = 0;  // the exact program is defined
    V r;
    long double Z = 0;
    switch (op) {
      case Op::Add: r = d.add(a, b), Z = A + B; break;
      case Op::Sub: r = d.sub(a, b), Z = A - B; break;
      case Op::Mul: r = d.mul(a, b), Z = A * B; break;
      case Op::Div: r = d.div(a, b), Z = A / B; break;
      case Op::Sqrt: r = d.sqrt(a), Z = std::sqrt(A); break;
      case Op::Exp: r = d.exp(a), Z = std::exp(A); break;
      case Op::Neg: r = d.neg(a), Z = -A; break;
      case Op::Relu: r = sem::relu(d, a), Z = std::max(A, 0.0L); break;
      case Op::Max: r = sem::maximum(d, a, b), Z = std::max(A, B); break;
    }
    if (!std::isfinite(r.err)) continue;
    ++finite;
    const long double dev = std::abs(static_cast<long double>(r.v) - Z);
    INFO("case " << i << ": a = " << a.v << " +- " << a.err << ", b = " << b.v << " +- " << b.err
                 << "; computed " << r.v << " +- " << r.err << ", exact "
                 << static_cast<double>(Z));
    REQUIRE(dev <= static_cast<long double>(r.err));
    if (a.err > 1e-3 * std::abs(static_cast<double>(a.v)) && r.err > 0)
      worst = std::max(worst, static_cast<double>(dev / r.err));
  }
  return worst;
}

TEMPLATE_TEST_CASE("DriftDomain: every rule covers exact values sampled in the error box",
                   "[drift]", float, double) {
  const int n = 20000;
  for (Op op :
       {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Sqrt, Op::Exp, Op::Neg, Op::Relu, Op::Max}) {
    INFO("op " << static_cast<int>(op));
    int finite = 0;
    const double worst = sample_rule<TestType>(op, n, finite);
    // Nearly every bound is finite (division by an interval around 0 is the exception),
    // and where operand errors dominate, some sampled corner comes close to the bound.
    CHECK(finite > n * 3 / 4);
    CHECK(worst > 0.5);
  }
}

// ---- Whole graphs -------------------------------------------------------------------------

TEST_CASE("run_with_drift: perturbed constants stay within bound(C') + bound(C)",
          "[interp][drift]") {
  // C' moves each constant element by up to rho (|c| + 0.05), at the corners of its error
  // interval half the time; the error given for C' is exactly |C' - C|, so the bound
  // has no slack from the errors themselves.
  const auto values = pipeline_values();
  for (double rho : {1e-3, 1e-6}) {
    std::map<std::string, std::vector<double>> moved;
    std::map<std::string, Tensor> errors;
    SplitMix64 rng(7, fmt::format("rho{}", rho));
    for (const auto& s : pipeline_constants()) {
      const auto& c = values.at(s.name);
      std::vector<double> cp(c.size()), e(c.size());
      for (size_t i = 0; i < c.size(); ++i) {
        const double t =
            rng.uniform() < 0.5 ? (rng.uniform() < 0.5 ? -1.0 : 1.0) : rng.uniform(-1, 1);
        cp[i] = static_cast<float>(c[i] + rho * (std::abs(c[i]) + 0.05) * t);
        e[i] = std::abs(cp[i] - c[i]);  // exact: two close floats
      }
      moved[s.name] = cp;
      errors.emplace(s.name, Tensor::from_doubles(TensorType{DType::F64, s.shape}, e));
    }
    const Graph g = pipeline_net(values), gp = pipeline_net(moved);
    for (Precision p : test::kPrecisions) {
      INFO(test::precision_name(p) << ", rho " << rho);
      RunOptions o;
      o.precision = p;
      o.inputs.emplace("x", pipeline_input());
      const auto base = drift_ok(g, o);
      const auto pert = drift_ok(gp, o, errors);
      const double worst = check_within(pert, base);
      // The perturbation moves the outputs by a visible part of the bound: the check above
      // is not vacuous.
      CHECK(worst > 0.1);
      // And relu has elements on both sides of 0 for the decision boundary to matter.
      const auto relu = base[0].value.to_doubles();
      CHECK(std::count(relu.begin(), relu.end(), 0.0) > 0);
      CHECK(std::count_if(relu.begin(), relu.end(), [](double v) { return v > 0; }) > 0);
    }
  }
}

TEST_CASE("run_with_drift: a relu input within its error of 0 still bounds the drift",
          "[interp][drift]") {
  // relu(x - c) * k: element 0 crosses 0 from C to C' (x - c = -1e-4 -> +1e-4), element 1
  // crosses the other way, element 2 is far below 0 (certain), element 3 unperturbed.
  auto net = [](const std::vector<double>& c) {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, {4}});
    NodeId cc = g.add_constant("c", Tensor::from_doubles(TensorType{DType::F32, {4}}, c));
    NodeId k = g.add_constant("k", Tensor::from_floats({4}, std::vector<float>{2, 2, 2, 2}));
    NodeId r =
        g.add_node(OpKind::Relu, "relu", {g.add_node(OpKind::Subtract, "d", {x, cc}, {})}, {});
    g.add_output(r);
    g.add_output(g.add_node(OpKind::Multiply, "out", {r, k}, {}));
    return verified(std::move(g));
  };
  auto f32 = [](double v) { return static_cast<double>(static_cast<float>(v)); };
  const std::vector<double> c = {f32(0.3 + 1e-4), f32(0.3 - 1e-4), f32(0.5), f32(0.2)};
  const std::vector<double> cp = {f32(0.3 - 1e-4), f32(0.3 + 1e-4), f32(0.5 + 1e-4), f32(0.2)};
  std::vector<double> e(4);
  for (size_t i = 0; i < 4; ++i) e[i] = std::abs(cp[i] - c[i]);
  std::map<std::string, Tensor> errors;
  errors.emplace("c", Tensor::from_doubles(TensorType{DType::F64, {4}}, e));
  for (Precision p : test::kPrecisions) {
    INFO(test::precision_name(p));
    RunOptions o;
    o.precision = p;
    o.inputs.emplace("x", Tensor::from_doubles(TensorType{DType::F64, {4}},
                                               std::vector<double>{0.3, 0.3, -0.5, 0.9}));
    const auto base = drift_ok(net(c), o);
    const auto pert = drift_ok(net(cp), o, errors);
    check_within(pert, base);
    const Tensor& rb = pert[0].bound;
    CHECK(base[0].value.get(0) == 0);
    CHECK(pert[0].value.get(0) > 0);
    CHECK(rb.get(0) >= 1e-4);  // uncertain: the exact relu may be 0 or 2e-4 above
    CHECK(pert[0].value.get(1) == 0);
    CHECK(rb.get(1) >= 1e-4);              // computed 0, exact up to 1e-4 above
    CHECK(rb.get(2) == 0);                 // surely negative: the literal 0, exactly
    CHECK(pert[1].bound.get(2) <= 1e-40);  // 0 * 2: only the subnormal allowance
  }
}

TEST_CASE("run_with_drift: without constant errors an f64 bound is rounding only",
          "[interp][drift]") {
  const Graph g = verified(small_net());
  RunOptions o;
  o.precision = Precision::F64;
  o.seed = 4;
  const auto out = drift_ok(g, o);
  for (const auto& d : out) {
    double scale = 0;
    for (double v : d.value.to_doubles()) scale = std::max(scale, std::abs(v));
    REQUIRE(scale > 0);
    for (double b : d.bound.to_doubles()) {
      CHECK(b > 0);  // every element went through a rounded operation
      CHECK(b < 1e-10 * scale);
    }
  }
}

TEST_CASE("run_with_drift: f32 and f64 runs differ by at most the sum of their bounds",
          "[interp][drift]") {
  // Both compute the same exact program (generated inputs are floats, so both read them
  // exactly): |v32 - v64| <= b32 + b64.
  RunOptions o32, o64;
  o32.seed = o64.seed = 5;
  o64.precision = Precision::F64;
  for (const Graph& g : {verified(small_net()), pipeline_net(pipeline_values())}) {
    const double worst = check_within(drift_ok(g, o32), drift_ok(g, o64));
    CHECK(worst > 1e-3);  // the f32 rounding is seen: the bound is not vacuously loose
  }
  // The shallow workloads, every node an output. The bound is a worst case without
  // cancellation, so it grows with each conv by about the sum of |weights| of an output
  // (~10 here); deep in the f32 run it exceeds the values, and the final softmax then
  // divides by a sum that may be 0 as far as the bound knows: +inf, which is sound.
  for (const char* model :
       {"resnet_shallow_simplified.relay", "mobilenet_shallow_simplified.relay"}) {
    INFO(model);
    DiagnosticSink diags;
    auto g = import_relay_file(std::string(VF_SOURCE_DIR) + "/models/" + model, diags);
    INFO(diags.render());
    REQUIRE(g.has_value());
    REQUIRE(infer_types(*g).ok());
    for (size_t i = 0; i < g->size(); ++i)
      if (g->nodes()[i].op != OpKind::Input && g->nodes()[i].op != OpKind::Constant)
        g->add_output(g->id(i));
    o32.seed = o64.seed = 1;
    const auto b32 = drift_ok(*g, o32), b64 = drift_ok(*g, o64);
    const double worst = check_within(b32, b64, /*infinite_a=*/true);
    CHECK(worst > 1e-3);
  }
}

TEST_CASE("run_with_drift: data movement and exact inputs give a zero bound", "[interp][drift]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {2, 3, 4}});
  NodeId t = g.add_node(OpKind::Transpose, "t", {x}, attrs({{"perm", ints({2, 0, 1})}}));
  NodeId r = g.add_node(OpKind::Reshape, "r", {t}, attrs({{"shape", ints({4, 6})}}));
  NodeId c = g.add_node(OpKind::Concat, "c", {r, r}, attrs({{"axis", i64(0)}}));
  NodeId p = g.add_node(OpKind::Pad, "p", {c}, attrs({{"pads", ints({1, 0, 0, 2})}}));
  g.add_output(g.add_node(OpKind::Negative, "n", {p}, {}));
  g = verified(std::move(g));
  for (Precision pr : test::kPrecisions) {
    RunOptions o;
    o.precision = pr;
    o.seed = 2;
    const auto out = drift_ok(g, o);
    for (double b : out[0].bound.to_doubles()) CHECK(b == 0);
  }
  // An f64 input in an f32 run is rounded on the way in; that is in the bound.
  Graph h;
  h.add_output(
      h.add_node(OpKind::Negative, "n", {h.add_input("x", TensorType{DType::F32, {1}})}, {}));
  h = verified(std::move(h));
  RunOptions o;
  o.inputs.emplace("x",
                   Tensor::from_doubles(TensorType{DType::F64, {1}}, std::vector<double>{0.1}));
  const auto out = drift_ok(h, o);
  const double conv = std::abs(static_cast<double>(0.1f) - 0.1);
  CHECK(out[0].bound.get(0) >= conv);
  CHECK(out[0].bound.get(0) <= conv * (1 + 1e-12));
}

TEST_CASE("run_with_drift: extra constant errors must name a constant and fit it",
          "[interp][drift]") {
  const Graph g = pipeline_net(pipeline_values());
  RunOptions o;
  o.inputs.emplace("x", pipeline_input());
  auto err = [&](const std::string& name, Tensor t) {
    std::map<std::string, Tensor> extra;
    extra.emplace(name, std::move(t));
    auto r = run_with_drift(CertifiedGraph::unrewritten(g), o, extra);
    REQUIRE_FALSE(r.ok());
    return r.error().message;
  };
  const TensorType b1{DType::F64, {3}};
  CHECK_THAT(err("nope", Tensor(b1)),
             Catch::Contains("'nope'") && Catch::Contains("not a constant"));
  CHECK_THAT(err("x", Tensor(TensorType{DType::F64, {1, 2, 5, 5}})),
             Catch::Contains("'x'") && Catch::Contains("not a constant"));
  CHECK_THAT(err("b1", Tensor(TensorType{DType::F64, {4}})),
             Catch::Contains("'b1'") && Catch::Contains("(3)"));
  CHECK_THAT(err("b1", Tensor(TensorType{DType::F32, {3}})), Catch::Contains("float64"));
  CHECK_THAT(err("b1", Tensor::from_doubles(b1, std::vector<double>{0, -1e-9, 0})),
             Catch::Contains("negative"));
  // The errors run_graph reports come through too.
  RunOptions bad;
  bad.inputs.emplace("y", pipeline_input());
  auto r = run_with_drift(CertifiedGraph::unrewritten(g), bad);
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error().message, Catch::Contains("'y'") && Catch::Contains("not an input"));
}

}  // namespace
}  // namespace vf
