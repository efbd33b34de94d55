// The rewrite driver on the real workloads: ResNet-18's SimplifyInference chains
// recognised and folded, bn_data left alone with a reason, MobileNet with raw and with
// simplified batch norms compiled to the same operators and outputs, the cache.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

#include "frontend/relay_import.h"
#include "interp/interpreter.h"
#include "ir/printer.h"
#include "ir/stats.h"
#include "rewrite/driver.h"
#include "rewrite_test_util.h"

namespace vf::rewrite {
namespace {

Graph load_bound(const std::string& name) {
  DiagnosticSink diags;
  auto g = import_relay_file(std::string(VF_SOURCE_DIR) + "/models/" + name, diags);
  INFO(diags.render());
  REQUIRE(g);
  return test::bound(std::move(*g), 0);
}

RewriteResult rewrite(const Graph& g, const std::string& cache = "") {
  RewriteOptions o;
  o.cache_dir = cache;
  auto r = Driver::run(g, test::repo_library(), o);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r);
  for (const RewriteAttempt& a : r->attempts) {
    INFO(a.rule << " at " << a.nodes.back() << ": " << a.reason);
    CHECK(a.applied == (a.outcome == CertOutcome::Proved));
    CHECK(a.outcome == CertOutcome::Proved);  // every rule of the library certifies here
  }
  return std::move(*r);
}

std::map<std::string, int> applied_by_rule(const RewriteResult& r) {
  std::map<std::string, int> n;
  for (const RewriteAttempt& a : r.attempts)
    if (a.applied) ++n[a.rule];
  return n;
}

TEST_CASE("driver: ResNet-18 (SimplifyInference) chains recognised and folded", "[rewrite][workload]") {
  const Graph g = load_bound("resnet18_imagenet_simplified.relay");
  const RewriteResult r = rewrite(g);
  const Graph& out = r.graph.graph();
  auto n = applied_by_rule(r);
  // 19 chains: 18 with gamma, bn_data without.
  CHECK(n["recognise_simplified_batch_norm_nchw"] == 18);
  CHECK(n["recognise_simplified_batch_norm_nchw_no_gamma"] == 1);
  // Every batch norm right after a conv2d (bn0 and each unit's bn2) is folded into it.
  CHECK(n["fold_bn_into_conv2d"] == 9);
  const auto ops = op_histogram(out);
  for (const char* op : {"add", "multiply", "divide", "sqrt", "negative", "expand_dims"})
    CHECK(ops.count(op) == 0);  // nothing of the chains is left
  // The batch norms left follow a max pool, a residual add (now in a fused_conv2d's
  // epilogue: BN(conv + r) does not fold into the conv's weights) or the input (bn_data).
  for (const Node& node : out.nodes())
    if (node.op == OpKind::BatchNorm) {
      const Node& in = out.node(node.inputs[0]);
      CHECK(in.op != OpKind::Conv2d);
      if (in.op == OpKind::FusedConv2d) CHECK(in.attrs.get_int("has_residual") == 1);
    }
  CHECK(ops.at("fused_conv2d") >= 17);
  // bn_data precedes a conv with padding 3: its shift cannot go into the conv's bias, and
  // the report says why.
  bool said = false;
  for (const NearMiss& m : r.near_misses)
    if (m.rule == "fold_bn_into_following_conv2d_unpadded" && m.root == "10")
      said = m.reason.find("padding=[3, 3, 3, 3]") != std::string::npos;
  CHECK(said);
  CHECK(static_cast<int64_t>(r.graph.log().size()) ==
        std::count_if(r.attempts.begin(), r.attempts.end(),
                      [](const RewriteAttempt& a) { return a.applied; }));
  CHECK_FALSE(r.graph.constant_errors().empty());
}

TEST_CASE("driver: MobileNet with raw and with simplified batch norms compiles to the same graph",
          "[rewrite][workload]") {
  const Graph raw = load_bound("mobilenet.relay");
  const Graph simplified = load_bound("mobilenet_simplified.relay");
  const RewriteResult a = rewrite(raw);
  const RewriteResult b = rewrite(simplified);
  CHECK(op_histogram(a.graph.graph()) == op_histogram(b.graph.graph()));
  CHECK(op_histogram(a.graph.graph()).at("fused_conv2d") == 27);
  RunOptions o;
  o.precision = Precision::F64;
  auto ya = run_graph(a.graph, o);
  auto yb = run_graph(b.graph, o);
  auto y0 = run_graph(CertifiedGraph::unrewritten(raw), o);
  REQUIRE(ya);
  REQUIRE(yb);
  REQUIRE(y0);
  const Tensor &ta = (*ya)[0], &tb = (*yb)[0], &t0 = (*y0)[0];
  double da = 0, db = 0;
  for (int64_t i = 0; i < t0.size(); ++i) {
    da = std::max(da, std::fabs(ta.get(i) - t0.get(i)));
    db = std::max(db, std::fabs(tb.get(i) - t0.get(i)));
  }
  CHECK(da < 1e-9);
  CHECK(db < 1e-6);  // the simplified file has epsilon 2e-5 as a float32 constant
}

TEST_CASE("driver: a recompile takes every certificate from the cache and gives the same graph",
          "[rewrite]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "vfuse_cache_test";
  fs::remove_all(dir);
  const Graph g = load_bound("resnet_shallow_simplified.relay");
  const RewriteResult cold = rewrite(g, dir.string());
  const RewriteResult warm = rewrite(g, dir.string());
  REQUIRE(cold.attempts.size() == warm.attempts.size());
  for (size_t i = 0; i < cold.attempts.size(); ++i) {
    CHECK_FALSE(cold.attempts[i].cached);
    CHECK(warm.attempts[i].cached);
    CHECK(warm.attempts[i].smt2 == cold.attempts[i].smt2);
  }
  CHECK(print_graph(warm.graph.graph()) == print_graph(cold.graph.graph()));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace vf::rewrite
