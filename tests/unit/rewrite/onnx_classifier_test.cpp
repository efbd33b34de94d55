// The ONNX classifier through the rewriter: every BatchNormalization folded (as ONNX
// Runtime's basic level does) and every decomposed hard-swish recognised (which ONNX
// Runtime does not do), with the compiled graph computing the same outputs.
#include <catch2/catch.hpp>

#include <cmath>

#include "frontend/onnx_export.h"
#include "frontend/onnx_import.h"
#include "interp/interpreter.h"
#include "ir/stats.h"
#include "rewrite/driver.h"
#include "rewrite_test_util.h"

namespace vf::rewrite {
namespace {

TEST_CASE("driver: the PaddleOCR classifier (ONNX) with all 35 batch norms folded",
          "[rewrite][onnx][workload]") {
  OnnxImportOptions io;
  io.input_shapes["x"] = {1, 3, 48, 192};
  DiagnosticSink diags;
  auto g = import_onnx_file(std::string(VF_SOURCE_DIR) + "/models/ppocr_mobilenetv3_cls.onnx",
                            io, diags);
  INFO(diags.render());
  REQUIRE(g);
  auto r = Driver::run(*g, test::repo_library(), {});
  REQUIRE(r);
  std::map<std::string, int> applied;
  for (const RewriteAttempt& a : r->attempts) {
    INFO(a.rule << ": " << a.reason);
    CHECK(a.outcome == CertOutcome::Proved);
    if (a.applied) ++applied[a.rule];
  }
  CHECK(applied["fold_bn_into_conv2d"] + applied["fold_bn_into_depthwise_conv2d"] == 35);
  CHECK(applied["recognise_hard_swish"] == 18);
  auto ops = op_histogram(r->graph.graph());
  CHECK(ops.count("batch_norm") == 0);
  CHECK(ops.count("divide") == 0);
  CHECK(ops.count("clip") == 0);

  RunOptions o;
  o.precision = Precision::F64;
  auto before = run_graph(CertifiedGraph::unrewritten(*g), o);
  auto after = run_graph(r->graph, o);
  REQUIRE(before);
  REQUIRE(after);
  const auto a = (*before)[0].to_doubles(), b = (*after)[0].to_doubles();
  REQUIRE(a.size() == b.size());
  // Folded weights are stored as float32 (within 1 ulp of their exact value): 1.3e-8 here.
  for (size_t i = 0; i < a.size(); ++i) CHECK(std::fabs(a[i] - b[i]) < 1e-6);

  // The compiled graph exported (fused convolutions written as Conv and their epilogue
  // ops) and imported again computes what the compiled graph computes.
  auto bytes = export_onnx(r->graph.graph());
  INFO((bytes ? std::string() : bytes.error().message));
  REQUIRE(bytes);
  DiagnosticSink d2;
  auto back = import_onnx(*bytes, "compiled.onnx", {}, d2);
  INFO(d2.render());
  REQUIRE(back);
  auto again = run_graph(CertifiedGraph::unrewritten(*back), o);
  REQUIRE(again);
  const auto c = (*again)[0].to_doubles();
  REQUIRE(c.size() == b.size());
  for (size_t i = 0; i < c.size(); ++i) CHECK(std::fabs(c[i] - b[i]) < 1e-12);
}

}  // namespace
}  // namespace vf::rewrite
