// The interval reading's directed rounding (rewrite/interval_domain.h): exact operations on
// exact values stay points, inexact ones enclose the exact value within one rounding; and
// through it the drift bound of a certificate (rewrite/bound_domain.h): 0 for a rewrite
// that folds nothing or folds exactly, small and positive for a rounded fold.
#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>
#include <map>

#include "frontend/onnx_import.h"
#include "interp/interpreter.h"
#include "rewrite/bound_domain.h"
#include "rewrite/certify.h"
#include "rewrite/match.h"
#include "rewrite/driver.h"
#include "rewrite/interval_domain.h"
#include "rewrite_test_util.h"
#include "semantics/scalar_ops.h"
#include "support/rng.h"

namespace vf::rewrite {
namespace {

using I = IntervalDomain;
using Quad = __float128;  // exact for sums of close doubles and for products of two doubles

bool point(const Interval& v, double x) { return v.lo == x && v.hi == x; }

TEST_CASE("interval domain: exact operations on exact values stay exact", "[rewrite][interval]") {
  I d;
  CHECK(point(d.add(d.lit(0), d.lit(0)), 0));  // was [-denorm_min, denorm_min]
  CHECK(point(d.add(d.lit(1), d.lit(2)), 3));
  CHECK(point(d.sub(d.lit(0.75), d.lit(0.75)), 0));
  CHECK(point(d.mul(d.lit(0.5), d.lit(-3)), -1.5));
  CHECK(point(d.mul(d.lit(0), d.lit(-7)), 0));
  CHECK(point(d.div(d.lit(1), d.lit(4)), 0.25));
  CHECK(point(d.div(d.lit(0), d.lit(3)), 0));
  CHECK(point(d.sqrt(d.lit(2.25)), 1.5));
  CHECK(point(d.exp(d.lit(0)), 1));
  CHECK(point(d.neg(d.lit(2)), -2));
  // The semantics' formulas on exact values: relu, clip, hard_swish of representable
  // inputs whose every step is exact.
  CHECK(point(sem::relu(d, d.lit(-2)), 0));
  CHECK(point(sem::hard_swish(d, d.lit(3)), 3));  // 3 * 6 / 6
  CHECK(point(sem::clip_const(d, d.lit(7), 0.0, 6.0), 6));
  // Directed single operations.
  CHECK(I::add_up(1, 0x1p-60) == std::nextafter(1.0, 2.0));
  CHECK(I::add_down(1, 0x1p-60) == 1);
  CHECK(I::mul_up(0x1p-600, 0x1p-600) == DBL_TRUE_MIN);  // underflow: one step out
  CHECK(I::mul_down(0x1p-600, 0x1p-600) == -DBL_TRUE_MIN);
  CHECK(I::add_up(DBL_MAX, DBL_MAX) == HUGE_VAL);  // overflow
  CHECK(I::add_down(DBL_MAX, DBL_MAX) == DBL_MAX);
  CHECK(I::up(0) == DBL_TRUE_MIN);  // a rounded result of unknown exactness: one step out
}

TEST_CASE("interval domain: inexact operations enclose the exact value within one rounding",
          "[rewrite][interval]") {
  I d;
  SplitMix64 rng(2024);
  int exact = 0, inexact = 0;
  for (int i = 0; i < 20000; ++i) {
    // Operands within 2^±20 of each other, so that sums are exact in binary128.
    const double a = rng.uniform(-4, 4) * std::ldexp(1.0, static_cast<int>(rng.next() % 40) - 20);
    const double b = rng.uniform(-4, 4) * std::ldexp(1.0, static_cast<int>(rng.next() % 40) - 20);
    // Every tenth pair is a pair of short (exactly combinable) values.
    const double x = i % 10 == 0 ? std::round(a * 64) / 64 : a;
    const double y = i % 10 == 0 ? std::round(b * 64) / 64 : b;
    const Quad qs = static_cast<Quad>(x) + y, qd = static_cast<Quad>(x) - y,
               qp = static_cast<Quad>(x) * y;
    const Interval s = d.add(d.lit(x), d.lit(y)), t = d.sub(d.lit(x), d.lit(y)),
                   p = d.mul(d.lit(x), d.lit(y));
    for (auto [v, q] : {std::pair{s, qs}, std::pair{t, qd}, std::pair{p, qp}}) {
      INFO("x " << x << " y " << y);
      REQUIRE(static_cast<Quad>(v.lo) <= q);
      REQUIRE(q <= static_cast<Quad>(v.hi));
      // Tight: a point exactly when the result is a double, else one ulp wide.
      if (static_cast<Quad>(static_cast<double>(q)) == q) {
        CHECK(v.lo == v.hi);
        ++exact;
      } else {
        CHECK(v.hi == std::nextafter(v.lo, HUGE_VAL));
        ++inexact;
      }
    }
    if (y != 0) {  // the quotient: lo * y <= x <= hi * y (for y > 0; reversed below 0)
      const Interval q = d.div(d.lit(x), d.lit(y));
      const Quad l = static_cast<Quad>(q.lo) * y, h = static_cast<Quad>(q.hi) * y;
      INFO("x " << x << " y " << y);
      CHECK((y > 0 ? l <= x && x <= h : h <= x && x <= l));
      CHECK((q.lo == q.hi) == (static_cast<Quad>(x / y) * y == x));
    }
    if (x > 0) {
      const Interval r = d.sqrt(d.lit(x));
      const Quad l = static_cast<Quad>(r.lo) * r.lo, h = static_cast<Quad>(r.hi) * r.hi;
      CHECK(l <= x);
      CHECK(x <= h);
    }
  }
  CHECK(exact > 1000);  // both kinds occur
  CHECK(inexact > 10000);
}

TEST_CASE("drift domain: exact values keep error 0 through the activations",
          "[rewrite][interval]") {
  RangeDriftDomain d;
  const RangeDrift x{-4, 4, 0};  // a non-constant input: any value in [-4, 4], exact
  for (const RangeDrift& y :
       {sem::relu(d, d.add(x, d.lit(0.25))), sem::hard_swish(d, x),
        sem::hard_sigmoid(d, x, d.lit(0.2), d.lit(0.5)), sem::leaky_relu(d, x, d.lit(0.1)),
        sem::clip_const(d, d.mul(x, d.lit(3)), -1.0, 1.0), sem::sigmoid(d, x)}) {
    CHECK(y.err == 0);
  }
  // A rounded constant (error 2^-30) makes relu's comparison ambiguous near 0: the bound
  // then covers the other branch, and it is positive.
  const RangeDrift c{0.5 - 0x1p-30, 0.5 + 0x1p-30, 0x1p-30};
  const RangeDrift y = sem::relu(d, d.mul(x, c));
  CHECK(y.err > 0);
  CHECK(y.err >= 4 * 0x1p-30);
}

TEST_CASE("drift bound: exact rewrites of the classifier report 0, rounded folds a small bound",
          "[rewrite][interval][workload]") {
  OnnxImportOptions io;
  io.input_shapes["x"] = {1, 3, 48, 192};
  DiagnosticSink diags;
  auto g = import_onnx_file(std::string(VF_SOURCE_DIR) + "/models/ppocr_mobilenetv3_cls.onnx", io,
                            diags);
  INFO(diags.render());
  REQUIRE(g);
  auto r = Driver::run(*g, test::repo_library(), {});
  REQUIRE(r);
  std::map<std::string, int> zero, positive;
  for (const RewriteAttempt& a : r->attempts) {
    if (!a.applied) continue;
    INFO(a.rule << " at " << a.nodes.back() << ": bound " << a.bound);
    const bool folds_rounded = a.rule.rfind("fold_bn", 0) == 0;
    if (folds_rounded) {
      CHECK(a.bound > 0);
      CHECK(a.bound < 1e-5);
      ++positive[a.rule];
    } else {
      // Fusions (nothing folded), the hard-swish recognition (nothing folded) and
      // matmul + add -> dense (a transpose: an exact fold).
      CHECK(a.bound == 0);
      ++zero[a.rule];
    }
  }
  // Before the directed rounding: fuse_conv2d_bias_relu 4.8-68, fuse_conv2d_bias_hard_swish
  // up to 1680, the others a few denormals.
  CHECK(zero["fuse_conv2d_bias_relu"] == 15);
  CHECK(zero["fuse_conv2d_bias_hard_swish"] == 18);
  CHECK(zero["fuse_conv2d_bias_hard_sigmoid"] == 9);
  CHECK(zero["recognise_hard_swish"] == 18);
  CHECK(zero["matmul_add_to_dense"] == 1);
  CHECK(positive["fold_bn_into_conv2d"] + positive["fold_bn_into_depthwise_conv2d"] == 35);
}

/// The library rule `name` matched at `root` of `g`, certified; fails the test unless proved.
Certificate certify_library_rule(const Graph& g, const std::string& name, NodeId root) {
  const LibraryRule& lr = test::library_rule(name);
  Matcher matcher(*lr.rule, lr.file);
  std::string why;
  auto m = matcher.match(g, count_users(g), root, &why);
  INFO(why);
  REQUIRE(m);
  Certifier certifier({});
  Certificate cert = certifier.certify(*m, g);
  INFO(cert.reason);
  REQUIRE(cert.outcome == CertOutcome::Proved);
  return cert;
}

TEST_CASE("drift bound: a rewrite certified on one cell is bounded over every output channel",
          "[rewrite][interval]") {
  // dense(x, w, b) / 3 at 128 x 256 -> 512: too large to certify whole, so one output
  // element (a cell) is encoded. Channel 0's weights are a millionth of the others': a
  // bound read on the cell's shapes would see only channel 0's folded weights (it did,
  // 1.3e-12, against 1.6e-6 for the largest channel).
  using vf::test::attrs;
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {128, 256}});
  std::vector<float> wv(512 * 256);
  SplitMix64 rng(7);
  for (size_t i = 0; i < wv.size(); ++i)
    wv[i] = static_cast<float>(rng.uniform(-1, 1) * (i < 256 ? 1e-6 : 1.0));  // channel 0
  NodeId w = g.add_constant("w", Tensor::from_floats({512, 256}, wv));
  NodeId b = g.add_input("b", TensorType{DType::F32, {512}}, true);
  NodeId y = g.add_node(OpKind::Dense, "dense", {x, w, b}, {});
  NodeId c = g.add_constant("c", Tensor::scalar(DType::F32, 3.0));
  NodeId out = g.add_node(OpKind::Divide, "scale", {y, c}, {});
  g.add_output(out);
  g = test::bound(std::move(g));
  const Certificate cert = certify_library_rule(g, "divide_into_dense", out);
  CHECK(cert.split.rfind("cells", 0) == 0);
  // Independently: with every input in [-1, 1] the folded weights' errors of channel o
  // can add up, so the bound is at least max_o sum_k dw[o, k].
  const FoldedConstant* fw = nullptr;
  for (const FoldedConstant& f : cert.folded)
    if (f.value.shape() == Shape{512, 256}) fw = &f;
  REQUIRE(fw);
  const auto e = fw->error.view<double>();
  double widest = 0, first = 0;
  for (int64_t o = 0; o < 512; ++o) {
    double s = 0;
    for (int64_t k = 0; k < 256; ++k) s += e[static_cast<size_t>(o * 256 + k)];
    widest = std::max(widest, s);
    if (o == 0) first = s;
  }
  CHECK(widest > 1e4 * first);
  CHECK(cert.bound >= widest);
  CHECK(cert.bound < 4 * widest);
}

TEST_CASE("fold: a weight transpose is moved exactly, without an error tensor",
          "[rewrite][interval]") {
  // matmul(x, w) + b -> dense(x, transpose(w), b): the fold only moves float32 elements.
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {128, 256}});
  std::vector<float> wv(256 * 512);
  SplitMix64 rng(11);
  for (float& v : wv) v = static_cast<float>(rng.uniform(-1, 1));
  NodeId w = g.add_constant("w", Tensor::from_floats({256, 512}, wv));
  NodeId b = g.add_input("b", TensorType{DType::F32, {512}}, true);
  NodeId y = g.add_node(OpKind::MatMul, "mm", {x, w}, {});
  NodeId out = g.add_node(OpKind::Add, "out", {y, b}, {});
  g.add_output(out);
  g = test::bound(std::move(g));
  const Certificate cert = certify_library_rule(g, "matmul_add_to_dense", out);
  REQUIRE(cert.folded.size() == 1);
  const FoldedConstant& f = cert.folded[0];
  CHECK(f.exact);
  CHECK(f.error.size() == 0);
  CHECK(f.max_ulps == 0);
  CHECK(cert.bound == 0);
  REQUIRE(f.value.shape() == Shape{512, 256});
  const auto t = f.value.view<float>();
  bool moved = true;
  for (int64_t o = 0; o < 512; ++o)
    for (int64_t k = 0; k < 256; ++k)
      moved = moved && t[static_cast<size_t>(o * 256 + k)] == wv[static_cast<size_t>(k * 512 + o)];
  CHECK(moved);
}

}  // namespace
}  // namespace vf::rewrite
