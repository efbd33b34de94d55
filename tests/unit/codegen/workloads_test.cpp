// End to end: the six Relay workloads (weights from seed 0) and the PaddleOCR classifier,
// each unrewritten and compiled by the rewrite driver, run natively and compared with the
// f64 interpreter on the unrewritten graph. Tolerance: 1e-4 * max |y| per output
// (docs/codegen.md: the per-layer bound compounds through depth and is not evaluated end
// to end; the rewritten graph's certified drift is far below this).
#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <vector>

#include "../rewrite/rewrite_test_util.h"
#include "codegen_test_util.h"
#include "frontend/onnx_import.h"
#include "frontend/relay_import.h"
#include "interp/weights.h"
#include "rewrite/driver.h"

namespace vf::codegen {
namespace {

Graph load(const std::string& file) {
  const std::string path = std::string(VF_SOURCE_DIR) + "/models/" + file;
  DiagnosticSink diags;
  if (file.ends_with(".onnx")) {
    OnnxImportOptions io;
    io.input_shapes["x"] = {1, 3, 48, 192};
    auto g = import_onnx_file(path, io, diags);
    INFO(diags.render());
    REQUIRE(g);
    return std::move(*g);
  }
  auto g = import_relay_file(path, diags);
  INFO(diags.render());
  REQUIRE(g);
  return rewrite::test::bound(std::move(*g), 0);
}

void check_close(const std::vector<Tensor>& got, const std::vector<Tensor>& want,
                 const char* what) {
  INFO(what);
  REQUIRE(got.size() == want.size());
  for (size_t k = 0; k < got.size(); ++k) {
    const auto a = got[k].to_doubles(), b = want[k].to_doubles();
    REQUIRE(a.size() == b.size());
    double scale = 0, worst = 0;
    for (double v : b) scale = std::max(scale, std::fabs(v));
    for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
    INFO("output " << k << ": max |native - interp_f64| = " << worst << ", max |y| = " << scale);
    CHECK(std::isfinite(worst));
    CHECK(worst <= 1e-4 * scale);
    CHECK(scale > 0);
  }
}

void workloads_agree(const std::vector<const char*>& models) {
  for (const char* file : models) {
    DYNAMIC_SECTION(file) {
      const Graph g = load(file);
      std::map<std::string, Tensor> inputs;
      for (NodeId id : g.data_inputs()) inputs.emplace(g.node(id).name, generate_input(g, id, 0));
      const CertifiedGraph original = CertifiedGraph::unrewritten(g);
      const auto want = test::interpret(original, Precision::F64, inputs);

      NativeModel plain = test::build_native(original);
      check_close(test::run_native(plain, inputs), want, "unrewritten");

      auto r = rewrite::Driver::run(g, rewrite::test::repo_library(), {});
      REQUIRE(r);
      CHECK(!r->graph.log().empty());
      NativeModel compiled = test::build_native(r->graph);
      const auto got = test::run_native(compiled, inputs);
      check_close(got, want, "compiled");
      // A second run on the same arena gives the same outputs (no state kept between runs).
      const auto again = test::run_native(compiled, inputs);
      for (size_t k = 0; k < got.size(); ++k) CHECK(again[k] == got[k]);
    }
  }
}

// make test: the small workloads and the classifier (the large ones run natively in
// make test too, through `vfuse check` on every workload: the check_* tests).
TEST_CASE("codegen: every workload natively, unrewritten and compiled, agrees with the interpreter",
          "[codegen][native][workload]") {
  workloads_agree({"resnet_shallow_simplified.relay", "mobilenet_shallow_simplified.relay",
                   "ppocr_mobilenetv3_cls.onnx"});
}

TEST_CASE("codegen: the large workloads natively, unrewritten and compiled, agree",
          "[codegen][native][workload][campaign]") {
  workloads_agree({"mobilenet.relay", "mobilenet_simplified.relay",
                   "resnet18_cifar_simplified.relay", "resnet18_imagenet_simplified.relay"});
}

TEST_CASE("codegen: the native engine checks its inputs", "[codegen][native]") {
  const Graph g = load("resnet_shallow_simplified.relay");
  NativeModel m = test::build_native(CertifiedGraph::unrewritten(g));
  REQUIRE(m.input_names().size() == 1);
  const std::string name = m.input_names()[0];
  auto missing = m.run({});
  REQUIRE(!missing);
  CHECK(missing.error().message.find("missing input") != std::string::npos);
  auto wrong = m.run({{name, Tensor(TensorType{DType::F32, {1, 2}})}});
  REQUIRE(!wrong);
  CHECK(wrong.error().message.find("has shape") != std::string::npos);
  Tensor ok(TensorType{DType::F32, m.input_shapes()[0]});
  auto extra = m.run({{name, ok}, {"nope", ok}});
  REQUIRE(!extra);
  CHECK(extra.error().message.find("not an input") != std::string::npos);
  CHECK(m.run({{name, ok}}).ok());
}

TEST_CASE("codegen: the runtime header is precompiled once per flags, beside no model",
          "[codegen][native]") {
  // Two builds with one thread count share one precompiled vfrt.h; another thread count
  // (another VFRT_THREADS) gets its own. Each model's directory holds model.cpp and
  // model.so only: its vfrt.h comes from the header directory (-I), where GCC finds the
  // .gch first.
  namespace fs = std::filesystem;
  const fs::path cache = fs::temp_directory_path() / fmt::format("vfuse-pch-test-{}", getpid());
  fs::remove_all(cache);
  const CertifiedGraph g = CertifiedGraph::unrewritten(load("resnet_shallow_simplified.relay"));
  std::map<std::string, Tensor> inputs;
  for (NodeId id : g.graph().data_inputs())
    inputs.emplace(g.graph().node(id).name, generate_input(g.graph(), id, 0));
  std::vector<Tensor> first;
  for (int threads : {1, 2}) {
    NativeOptions o;
    o.cache_dir = cache.string();
    o.threads = threads;
    auto m = NativeModel::build(g, o);
    INFO((m ? std::string() : m.error().message));
    REQUIRE(m);
    const auto got = test::run_native(*m, inputs);
    if (first.empty()) first = got;
    for (size_t k = 0; k < got.size(); ++k) CHECK(got[k] == first[k]);
  }
  int headers = 0, models = 0;
  for (const auto& e : fs::directory_iterator(cache)) {
    const std::string name = e.path().filename().string();
    if (name.starts_with("header-")) {
      ++headers;
      CHECK(fs::exists(e.path() / "vfrt.h"));
      INFO(name);
      CHECK(fs::exists(e.path() / "vfrt.h.gch"));  // the system compiler is GCC (Debian)
    } else {
      ++models;
      CHECK(fs::exists(e.path() / "model.so"));
      CHECK(!fs::exists(e.path() / "vfrt.h"));
    }
  }
  CHECK(headers == 2);
  CHECK(models == 2);
  fs::remove_all(cache);
}

}  // namespace
}  // namespace vf::codegen
