// The run flow without the CLI: the interpreter, a target run with its array layers checked
// against the interpreter, the lowering for a target, and the inputs of a run.
#include <catch2/catch.hpp>

#include <filesystem>

#include "interp/weights.h"
#include "ir/npy.h"
#include "pipeline/check.h"
#include "pipeline/compile.h"
#include "pipeline/lowering.h"
#include "pipeline/run.h"

namespace vf::pipeline {
namespace {

namespace fs = std::filesystem;
const std::string kSrc = VF_SOURCE_DIR;

Graph load_model(const std::string& rel) {
  DiagnosticSink diags;
  auto g = load(kSrc + "/" + rel, {}, diags);
  INFO(diags.render() << (g ? "" : g.error().message));
  REQUIRE(g);
  return std::move(*g);
}

RunModelOptions target_options(const std::string& spec) {
  RunModelOptions o;
  o.engine = RunEngine::Target;
  auto t = target::parse_target(spec);
  REQUIRE(t);
  o.target = std::move(*t);
  o.compile.rules_dir = kSrc + "/rules";
  o.compile.proofs_dir = kSrc + "/proofs";
  o.compile.cache_dir = "";
  return o;
}

TEST_CASE("pipeline: run in the interpreter is run_graph on the seeded inputs", "[pipeline]") {
  const Graph g = load_model("tests/target/matmul_gemm.vfg");
  RunModelOptions o;
  o.run.seed = 3;
  DiagnosticSink diags;
  auto rep = run_model(g, o, diags);
  REQUIRE(rep);
  CHECK(rep->holds());
  CHECK(!rep->native);
  CHECK(!rep->rewrites);
  auto ref = run_graph(CertifiedGraph::unrewritten(g), o.run);
  REQUIRE(ref);
  REQUIRE(rep->outputs.size() == 2);
  for (size_t i = 0; i < ref->size(); ++i) CHECK(rep->outputs[i] == (*ref)[i]);
}

TEST_CASE("pipeline: run on a systolic target checks every array layer", "[pipeline]") {
  const Graph g = load_model("tests/target/matmul_gemm.vfg");
  DiagnosticSink diags;
  auto rep = run_model(g, target_options("systolic:4x4"), diags);
  INFO(diags.render() << (rep ? "" : rep.error().message));
  REQUIRE(rep);
  REQUIRE(rep->target);
  CHECK(rep->holds());
  std::vector<std::string> array;
  for (const target::ArrayLayerCheck& l : rep->target->run.layers)
    if (l.device == target::Device::Array) {
      array.push_back(l.node);
      CHECK(l.worst_ratio <= 1);
    }
  CHECK(array == std::vector<std::string>{"mm", "mb", "g1", "g2", "g3"});
  REQUIRE(rep->target->max_abs.size() == 2);
  for (double d : rep->target->max_abs) CHECK(d < 1e-3);
  REQUIRE(rep->rewrites);
}

TEST_CASE("pipeline: a target run lowers conv2d to im2col + dense, certified", "[pipeline]") {
  const Graph g = load_model("tests/target/im2col_conv.vfg");
  RunModelOptions o = target_options("systolic:4x4,im2col=1");
  DiagnosticSink diags;
  auto rep = run_model(g, o, diags);
  INFO(diags.render() << (rep ? "" : rep.error().message));
  REQUIRE(rep);
  CHECK(rep->target->lowerings == 1);
  CHECK(rep->holds());

  // The lowering alone, as compile --target and dot --target call it.
  Graph bound = g;
  bind_weights(bound, 0);
  auto low = lower_for_target(CertifiedGraph::unrewritten(bound), *o.target, o.compile.rules_dir,
                              o.compile.proofs_dir, diags);
  REQUIRE(low);
  int applied = 0;
  for (const auto& a : low->attempts) applied += a.applied;
  CHECK(applied == 1);
  JsonWriter j;
  j.begin_object();
  lowering_json(j, *o.target, *low);
  j.end_object();
  CHECK(j.str().find("\"lowerings_certified\":1") != std::string::npos);
  CHECK(!write_program(low->graph.graph(), *target::parse_target("cpu"), "unused.txt"));
}

TEST_CASE("pipeline: a run's inputs written, read back and checked", "[pipeline]") {
  const Graph g = load_model("tests/target/matmul_gemm.vfg");
  const fs::path dir = fs::temp_directory_path() / "vf_pipeline_run_inputs";
  fs::remove_all(dir);
  RunOptions ro;
  ro.seed = 7;
  REQUIRE(write_run_inputs(dir.string(), g, ro));
  // The data inputs only: the weights are generated from the seed when not given.
  CHECK(fs::exists(dir / "x.npy"));
  CHECK(fs::exists(dir / "w.npy"));
  CHECK(fs::exists(dir / "a.npy"));
  CHECK(!fs::exists(dir / "e.npy"));
  auto in = read_run_inputs(dir.string(), g);
  REQUIRE(in);
  CHECK(in->size() == 3);
  CHECK(in->at("x") == generate_input(g, g.data_inputs()[0], 7));
  fs::remove(dir / "a.npy");
  auto missing = read_run_inputs(dir.string(), g);
  REQUIRE(!missing);
  CHECK(missing.error().message.find("missing input 'a'") == 0);
  CHECK(!read_run_inputs("no/such/dir", g));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace vf::pipeline
