// The prove, export and check flows without the CLI.
#include <catch2/catch.hpp>

#include <filesystem>

#include "pipeline/bench.h"
#include "pipeline/check.h"
#include "pipeline/compile.h"
#include "pipeline/export.h"
#include "pipeline/prove.h"
#include "pipeline/quantize.h"

namespace vf::pipeline {
namespace {

namespace fs = std::filesystem;
const std::string kSrc = VF_SOURCE_DIR;

TEST_CASE("pipeline: prove refutes must-refute rules, each with a counterexample", "[pipeline]") {
  ProveOptions o;
  o.paths = {kSrc + "/tests/rules/unsound/activations.rules"};
  o.write = false;
  o.threads = 2;
  DiagnosticSink diags;
  auto r = prove(o, diags);
  INFO(diags.render() << (r ? "" : r.error().message));
  REQUIRE(r);
  CHECK(r->ok());
  REQUIRE(!r->results.empty());
  CHECK(r->tally.refuted == static_cast<int>(r->results.size()));
  for (const auto& p : r->results) CHECK(p.counterexample);
}

TEST_CASE("pipeline: prove --check reads the stored records by hash", "[pipeline]") {
  ProveOptions o;
  o.paths = {kSrc + "/rules"};
  o.proofs_dir = kSrc + "/proofs";
  o.check = true;
  o.reprove = false;
  o.write = false;
  DiagnosticSink diags;
  auto r = prove(o, diags);
  REQUIRE(r);
  CHECK(r->ok());
  CHECK(r->check.current > 100);
  CHECK(r->results.empty());
}

TEST_CASE("pipeline: prove reports every error of a malformed rule file", "[pipeline]") {
  ProveOptions o;
  o.paths = {kSrc + "/tests/dsl/errors/arity.rules"};
  DiagnosticSink diags;
  auto r = prove(o, diags);
  REQUIRE(!r);
  CHECK(r.error().message.find("nothing was proved") != std::string::npos);
  CHECK(diags.render().find("arity.rules:4:12: error") != std::string::npos);
  o.paths = {"no/such/rules"};
  auto m = prove(o, diags);
  REQUIRE(!m);
  CHECK(m.error().message == "'no/such/rules': no such file or directory");
}

TEST_CASE("pipeline: export writes a Relay model as ONNX with seeded weights", "[pipeline]") {
  DiagnosticSink diags;
  auto g = load(kSrc + "/models/resnet_shallow_simplified.relay", {}, diags);
  REQUIRE(g);
  const fs::path out = fs::temp_directory_path() / "vf_pipeline_export.onnx";
  auto r = export_model(*g, "shallow", out.string(), {});
  INFO((r ? "" : r.error().message));
  REQUIRE(r);
  CHECK(r->seeded_weights > 0);
  CHECK(r->inputs.size() == 1);  // the data input; the weights are initializers now
  CHECK(fs::file_size(out) > 0);
  DiagnosticSink d2;
  CHECK(load(out.string(), {}, d2));
  fs::remove(out);
}

TEST_CASE("pipeline: the check flow's parts on the shallow ResNet", "[pipeline]") {
  CompileOptions o;
  o.cache_dir = "";
  PerRewrite pr;
  o.on_applied = [&](const rewrite::Match& m, const Graph& g, const rewrite::Certificate& c) {
    pr.locals.push_back(make_local(m, g, c));
  };
  DiagnosticSink diags;
  auto c = compile(kSrc + "/models/resnet_shallow_simplified.relay", o, diags);
  REQUIRE(c);
  REQUIRE(!pr.locals.empty());
  std::vector<std::map<std::string, Tensor>> sets(2);
  auto r = run_per_rewrite(c->original, c->result->graph, sets, pr);
  INFO((r ? "" : r.error().message));
  REQUIRE(r);
  CHECK(pr.ok);
  for (const LocalCheck& lc : pr.locals) CHECK(lc.max_abs <= lc.bound);
  CHECK(!pr.drift.empty());

  Graph g = c->result->graph.graph();
  CHECK(!mutate(g, "weight=no_such_node"));
  CHECK(!read_input_sets(c->original, "no/such/dir"));
  CHECK(max_abs_difference(Tensor::from_floats({2}, std::vector<float>{1, 2}),
                           Tensor::from_floats({2}, std::vector<float>{1, 2.5f})) == 0.5);
}

}  // namespace
}  // namespace vf::pipeline

namespace vf::pipeline {
namespace {

TEST_CASE("pipeline: quantize the shallow ResNet, compiled and compared", "[pipeline]") {
  CompileOptions co;
  co.cache_dir = "";
  DiagnosticSink diags;
  auto f32 =
      compile(std::string(VF_SOURCE_DIR) + "/models/resnet_shallow_simplified.relay", co, diags);
  REQUIRE(f32);
  QuantizeOptions o;
  o.seeds = 2;
  o.compare = 2;
  o.native_compare = false;
  auto q = quantize(*f32, o, co, diags);
  INFO(diags.render() << (q ? "" : q.error().message));
  REQUIRE(q);
  CHECK(!q->graph.layers.empty());
  CHECK(q->facts.calibration_inputs == 2);
  REQUIRE(q->agreement);
  CHECK(q->agreement->inputs == 2);
  JsonWriter j;
  j.begin_object();
  quantization_json(j, o, q->facts, q->graph, q->agreement);
  j.end_object();
  CHECK(j.str().find("\"top1_agreement\"") != std::string::npos);
}

}  // namespace
}  // namespace vf::pipeline

namespace vf::pipeline {
namespace {

TEST_CASE("pipeline: bench times the interpreter and the native code on the same inputs",
          "[pipeline][native]") {
  DiagnosticSink diags;
  auto g = load(std::string(VF_SOURCE_DIR) + "/models/resnet_shallow_simplified.relay", {}, diags);
  REQUIRE(g);
  const RunOptions ro = bind_seeded_inputs(*g, 0);
  const CertifiedGraph cg = CertifiedGraph::unrewritten(*g);
  BenchSettings s;
  s.repeat = 1, s.warmup = 0;
  Result<std::vector<Tensor>> ours = std::vector<Tensor>{};
  auto ms = time_interpreter(cg, ro, s, ours);
  REQUIRE(ms);
  REQUIRE(ours);
  CHECK(*ms > 0);
  auto nb = bench_native(cg, -1, ro, *ours, s);
  INFO((nb ? "" : nb.error().message));
  REQUIRE(nb);
  CHECK(nb->ms > 0);
  CHECK(nb->max_abs >= 0);
  CHECK(nb->max_abs < 1e-3);
  CHECK(median({3, 1, 2}) == 2);
  CHECK(median({4, 1, 2, 3}) == 2.5);
}

}  // namespace
}  // namespace vf::pipeline
