// End to end: the six Relay workloads (weights from seed 0) and the PaddleOCR classifier,
// each unrewritten and compiled by the rewrite driver, run natively and compared with the
// f64 interpreter on the unrewritten graph. Tolerance: 1e-4 * max |y| per output
// (docs/codegen.md: the per-layer bound compounds through depth and is not evaluated end
// to end; the rewritten graph's certified drift is far below this).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>

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

TEST_CASE("codegen: every workload natively, unrewritten and compiled, agrees with the interpreter",
          "[codegen][native][workload]") {
  const char* models[] = {"resnet_shallow_simplified.relay",
                          "mobilenet_shallow_simplified.relay",
                          "mobilenet.relay",
                          "mobilenet_simplified.relay",
                          "resnet18_cifar_simplified.relay",
                          "resnet18_imagenet_simplified.relay",
                          "ppocr_mobilenetv3_cls.onnx"};
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

}  // namespace
}  // namespace vf::codegen
