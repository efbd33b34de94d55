// Lowering the real workloads, as imported and as compiled by the rewrite driver with the
// rule library: every plan verifies and shares memory; the small models (and the
// classifier) run on their planned arena with run_graph's outputs bit for bit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>

#include "../rewrite/rewrite_test_util.h"
#include "frontend/onnx_import.h"
#include "frontend/relay_import.h"
#include "lower_test_util.h"
#include "rewrite/driver.h"

namespace vf::lir {
namespace {

Graph load(const std::string& file) {
  const std::string path = std::string(VF_SOURCE_DIR) + "/models/" + file;
  DiagnosticSink diags;
  std::optional<Graph> g;
  if (file.ends_with(".onnx")) {
    OnnxImportOptions o;
    o.input_shapes["x"] = {1, 3, 48, 192};
    g = import_onnx_file(path, o, diags);
  } else {
    g = import_relay_file(path, diags);
  }
  INFO(diags.render());
  REQUIRE(g);
  return rewrite::test::bound(std::move(*g), 0);
}

CertifiedGraph compiled(const Graph& g) {
  auto r = rewrite::Driver::run(g, rewrite::test::repo_library(), {});
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r);
  REQUIRE_FALSE(r->graph.log().empty());
  return std::move(r->graph);
}

/// What docs/lowering.md reports for a program.
struct Figures {
  size_t instrs = 0, views = 0, in_place = 0;
  double arena_mb = 0, sum_mb = 0;
  double live_mb = 0;  ///< the most bytes live at one instruction: no plan needs less
};

Figures figures(const Program& p, const Graph& g) {
  Figures f;
  f.instrs = p.instrs.size();
  for (const Node& n : g.nodes()) f.views += is_view_op(n.op);
  for (const Instr& i : p.instrs) f.in_place += i.in_place;
  f.arena_mb = static_cast<double>(p.arena_elements) * 4 / (1 << 20);
  f.sum_mb = static_cast<double>(p.activation_elements) * 4 / (1 << 20);
  int64_t peak = 0;
  for (size_t i = 0; i < p.instrs.size(); ++i) {
    int64_t live = 0;
    for (const Buffer& b : p.buffers)
      if (b.kind == BufferKind::Activation && b.first_use <= static_cast<int32_t>(i) &&
          static_cast<int32_t>(i) <= b.last_use)
        live += b.elements;
    peak = std::max(peak, live);
  }
  CHECK(peak <= p.arena_elements);
  f.live_mb = static_cast<double>(peak) * 4 / (1 << 20);
  return f;
}

/// Lowers the model as imported and as compiled; `run`: also executes both programs.
std::pair<Figures, Figures> check_workload(const std::string& file, bool run) {
  INFO(file);
  const Graph g = load(file);
  const CertifiedGraph plain = CertifiedGraph::unrewritten(g);
  const CertifiedGraph comp = compiled(g);
  std::pair<Figures, Figures> out;
  for (const CertifiedGraph* cg : {&plain, &comp}) {
    INFO((cg == &plain ? "as imported" : "compiled"));
    const Program p = test::lower_and_check(*cg, 7, run);
    CHECK(p.arena_elements < p.activation_elements);
    CHECK(p.inputs.size() == 1);
    const Figures f = figures(p, cg->graph());
    // The imported graphs' batch-norm chains and activations run in place; the compiled
    // MobileNets have no elementwise instruction left (all in convolution epilogues).
    if (cg == &plain) CHECK(f.in_place > 0);
    (cg == &plain ? out.first : out.second) = f;
  }
  // Rewriting fuses: fewer instructions.
  CHECK(out.second.instrs < out.first.instrs);
  return out;
}

TEST_CASE("lower: the shallow Relay workloads run on their planned arenas", "[lower][workload]") {
  for (const char* m : {"resnet_shallow_simplified.relay", "mobilenet_shallow_simplified.relay"})
    check_workload(m, true);
}

TEST_CASE("lower: the PaddleOCR classifier runs on its planned arena", "[lower][workload]") {
  check_workload("ppocr_mobilenetv3_cls.onnx", true);
}

TEST_CASE("lower: ResNet-18 and MobileNet plans verify", "[lower][workload]") {
  for (const char* m : {"resnet18_imagenet_simplified.relay", "resnet18_cifar_simplified.relay",
                        "mobilenet.relay", "mobilenet_simplified.relay"})
    check_workload(m, false);
}

// The figures of docs/lowering.md: `vf_unit_tests "[.figures]"`.
TEST_CASE("lower: figures", "[.figures]") {
  auto row = [](const char* model, const char* form, const Figures& f) {
    std::printf("| %s | %s | %zu | %zu | %zu | %.2f | %.2f | %.2f |\n", model, form, f.instrs,
                f.views, f.in_place, f.arena_mb, f.live_mb, f.sum_mb);
  };
  std::printf(
      "| model | graph | instructions | views | in place | arena MB | peak live MB | sum MB |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  for (const char* m : {"resnet18_imagenet_simplified.relay", "ppocr_mobilenetv3_cls.onnx"}) {
    const auto [plain, comp] = check_workload(m, false);
    row(m, "as imported", plain);
    row(m, "compiled", comp);
  }
}

// The listing of compiled ResNet-18 ImageNet: `vf_unit_tests "[.listing]"`.
TEST_CASE("lower: listing", "[.listing]") {
  const Graph g = load("resnet18_imagenet_simplified.relay");
  const CertifiedGraph comp = compiled(g);
  const Program p = test::lower_and_check(comp, 7, false);
  std::printf("%s", to_string(p, comp.graph()).c_str());
}

}  // namespace
}  // namespace vf::lir
