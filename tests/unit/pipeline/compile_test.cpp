// The compile flow without the CLI: load, compile, the report and the output directory.
#include <catch2/catch.hpp>

#include <filesystem>

#include "pipeline/compile_write.h"
#include "pipeline/vfuse.h"
#include "support/json_reader.h"

namespace vf::pipeline {
namespace {

const std::string kClassifier = std::string(VF_SOURCE_DIR) + "/models/ppocr_mobilenetv3_cls.onnx";

/// The classifier compiled once for every test here (no certificate cache).
const CompiledModel& classifier() {
  static const CompiledModel c = [] {
    CompileOptions o;
    o.shapes = {"x=1x3x48x192"};
    o.cache_dir = "";
    DiagnosticSink diags;
    auto r = compile(kClassifier, o, diags);
    INFO(diags.render() << (r ? "" : r.error().message));
    REQUIRE(r);
    return std::move(*r);
  }();
  return c;
}

TEST_CASE("pipeline: compile folds the classifier's batch norms, each rewrite certified",
          "[pipeline]") {
  const CompiledModel& c = classifier();
  REQUIRE(c.result);
  CHECK(c.model == kClassifier);
  CHECK(c.shapes == std::vector<std::string>{"x=1x3x48x192"});
  int applied = 0;
  for (const auto& a : c.result->attempts) {
    applied += a.applied;
    if (a.applied) CHECK(a.outcome == rewrite::CertOutcome::Proved);
  }
  CHECK(applied >= 35);
  CHECK(c.result->graph.log().size() == static_cast<size_t>(applied));
  CHECK(c.rules_dir.find("rules") != std::string::npos);
}

TEST_CASE("pipeline: the report of a compile, and its output directory", "[pipeline]") {
  const CompiledModel& c = classifier();
  auto rec = compile_record(c, kClassifier);
  REQUIRE(rec);
  CHECK(rec->shapes == c.shapes);
  const auto dir = std::filesystem::temp_directory_path() / "vf_pipeline_compile_test";
  std::string report;
  auto w = write_dir_atomically(dir.string(), [&](const std::string& tmp) {
    return write_outputs(tmp, kClassifier, c, *rec, report);
  });
  INFO((w ? "" : w.error().message));
  REQUIRE(w);
  CHECK(std::filesystem::exists(dir / "model.vfg"));
  CHECK(std::filesystem::exists(dir / "report.json"));
  auto j = parse_json(report);
  REQUIRE(j);
  REQUIRE(j->find("rewrites"));
  CHECK(j->find("rewrites")->items.size() == c.result->attempts.size());
  // The output loads again, its hashes checked.
  DiagnosticSink diags;
  auto g = load(dir.string(), {}, diags);
  INFO(diags.render());
  CHECK(g);
  std::filesystem::remove_all(dir);
}

TEST_CASE("pipeline: errors are values with their diagnostics", "[pipeline]") {
  DiagnosticSink diags;
  auto missing = compile("no/such/model.onnx", {}, diags);
  REQUIRE(!missing);
  CHECK(missing.error().message == "1 error in 'no/such/model.onnx'");
  CHECK(diags.render().find("no/such/model.onnx") != std::string::npos);

  CompileOptions bad_shape;
  bad_shape.shapes = {"x=1x0"};
  auto s = compile(kClassifier, bad_shape, diags);
  REQUIRE(!s);
  CHECK(s.error().message.find("not a positive integer") != std::string::npos);

  CompileOptions bad_timeout;
  bad_timeout.timeout_ms = 0;
  DiagnosticSink d2;
  auto t = rewrite(classifier().original, bad_timeout, d2);
  REQUIRE(!t);
  CHECK(t.error().message.find("1..3600000") != std::string::npos);

  CompileOptions bad_rules;
  bad_rules.rules_dir = "no/such/rules";
  DiagnosticSink d3;
  auto r = rewrite(classifier().original, bad_rules, d3);
  CHECK(!r);
}

TEST_CASE("pipeline: progress reports every certification attempt", "[pipeline]") {
  // A small Relay model: compiled with the progress callback, counted.
  ModelOptions mo;
  auto m = vf::load(std::string(VF_SOURCE_DIR) + "/models/resnet_shallow_simplified.relay", mo);
  INFO((m ? "" : m.error().message));
  REQUIRE(m);
  size_t calls = 0, last = 0;
  CompileOptions o;
  o.cache_dir = "";
  o.progress = [&](size_t n, const rewrite::RewriteAttempt&) { ++calls, last = n; };
  auto c = vf::compile(*m, o);
  REQUIRE(c);
  CHECK(calls == c->result->attempts.size());
  CHECK(last == calls);
  CHECK(calls > 0);
}

TEST_CASE("pipeline: vf::load puts the diagnostics into the error", "[pipeline]") {
  const auto bad = std::filesystem::temp_directory_path() / "vf_pipeline_bad.relay";
  {
    std::FILE* f = std::fopen(bad.c_str(), "w");
    std::fputs("#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(1, 2), float32]) {\n  rellu(%x)\n}\n",
               f);
    std::fclose(f);
  }
  auto m = vf::load(bad.string());
  REQUIRE(!m);
  CHECK(m.error().message.find(bad.string() + ":3:") != std::string::npos);
  CHECK(m.error().message.find("error in") != std::string::npos);
  std::filesystem::remove(bad);
}

}  // namespace
}  // namespace vf::pipeline
