// The verify flow without the CLI: a compile output verifies; a changed byte is found.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "pipeline/compile_write.h"
#include "pipeline/verify.h"

namespace vf::pipeline {
namespace {

namespace fs = std::filesystem;

/// A compile of the shallow ResNet written into a fresh directory.
fs::path write_compile(const std::string& name) {
  const std::string model = std::string(VF_SOURCE_DIR) + "/models/resnet_shallow_simplified.relay";
  CompileOptions o;
  o.cache_dir = "";
  o.rules_dir = std::string(VF_SOURCE_DIR) + "/rules";
  o.proofs_dir = std::string(VF_SOURCE_DIR) + "/proofs";
  DiagnosticSink diags;
  auto c = compile(model, o, diags);
  REQUIRE(c);
  auto rec = compile_record(*c, model);
  REQUIRE(rec);
  const fs::path dir = fs::temp_directory_path() / name;
  std::string report;
  REQUIRE(write_dir_atomically(dir.string(), [&](const std::string& tmp) {
    return write_outputs(tmp, model, *c, *rec, report);
  }));
  return dir;
}

TEST_CASE("pipeline: verify re-derives a compile output and reports each check", "[pipeline]") {
  const fs::path dir = write_compile("vf_pipeline_verify_ok");
  std::vector<std::string> seen;
  VerifyOptions o;
  o.dir = dir.string();
  o.solvers = {};
  o.on_step = [&](const VerifyStep& s) { seen.push_back(s.name); };
  const VerifyReport r = verify(o);
  INFO(r.failed_step << ": " << r.failure);
  CHECK(r.ok);
  CHECK(!r.replayed);
  CHECK(r.failure.empty());
  REQUIRE(seen.size() == r.steps.size());
  CHECK(seen.front() == "report");
  CHECK(std::find(seen.begin(), seen.end(), "model.weights") != seen.end());
  CHECK(verify_json(r).find("\"ok\":true") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("pipeline: verify stops at a file changed after the compile", "[pipeline]") {
  const fs::path dir = write_compile("vf_pipeline_verify_bad");
  {
    std::fstream f(dir / "model.weights", std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(16);
    f.put('\x7f');
  }
  VerifyOptions o;
  o.dir = dir.string();
  o.solvers = {};
  const VerifyReport r = verify(o);
  CHECK(!r.ok);
  CHECK(r.failed_step == "model.weights");
  CHECK(r.failure.find("model.weights") != std::string::npos);
  CHECK(verify_json(r).find("\"ok\":false") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("pipeline: verify of a directory without a report says so", "[pipeline]") {
  VerifyOptions o;
  o.dir = (fs::temp_directory_path() / "vf_pipeline_no_such_dir").string();
  const VerifyReport r = verify(o);
  CHECK(!r.ok);
  CHECK(r.failed_step == "report");
}

}  // namespace
}  // namespace vf::pipeline
