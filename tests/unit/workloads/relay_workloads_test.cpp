// The real workloads end to end: import, verify, run; and the first cross-check of the
// importer and the semantics, MobileNet with raw batch norms vs. the same model after
// TVM's SimplifyInference.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "frontend/relay_import.h"
#include "interp/interpreter.h"
#include "ir/shape_inference.h"
#include "ir/stats.h"

namespace {

vf::Graph load(const std::string& name) {
  vf::DiagnosticSink diags;
  auto g = vf::import_relay_file(std::string(VF_SOURCE_DIR) + "/models/" + name, diags);
  INFO(diags.render());
  REQUIRE(g.has_value());
  REQUIRE(vf::infer_types(*g).ok());
  return std::move(*g);
}

std::vector<vf::Tensor> run(const vf::Graph& g, vf::Precision p, uint64_t seed) {
  vf::RunOptions o;
  o.precision = p;
  o.seed = seed;
  auto r = vf::run_graph(vf::CertifiedGraph::unrewritten(g), o);
  REQUIRE(r.ok());
  return std::move(*r);
}

double max_rel_diff(const vf::Tensor& a, const vf::Tensor& b) {
  REQUIRE(a.shape() == b.shape());
  double scale = 0, diff = 0;
  for (int64_t i = 0; i < a.size(); ++i) {
    scale = std::max(scale, std::abs(b.get(i)));
    diff = std::max(diff, std::abs(a.get(i) - b.get(i)));
  }
  return diff / std::max(scale, 1e-30);
}

// max_i |a_i - b_i| / |b_i|: the strictest reading of "relative".
double max_elementwise_rel_diff(const vf::Tensor& a, const vf::Tensor& b) {
  REQUIRE(a.shape() == b.shape());
  double worst = 0;
  for (int64_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::abs(a.get(i) - b.get(i)) / std::max(std::abs(b.get(i)), 1e-300));
  return worst;
}

}  // namespace

TEST_CASE("mobilenet raw batch_norm and SimplifyInference agree", "[workloads]") {
  vf::Graph raw = load("mobilenet.relay");
  vf::Graph simp = load("mobilenet_simplified.relay");
  CHECK(vf::op_histogram(raw).at("batch_norm") == 27);
  CHECK(vf::op_histogram(simp).count("batch_norm") == 0);
  for (uint64_t seed : {0u, 1u}) {
    auto a = run(raw, vf::Precision::F32, seed);
    auto b = run(simp, vf::Precision::F32, seed);
    REQUIRE(a.size() == 1);
    REQUIRE(b.size() == 1);
    double rel = max_rel_diff(a[0], b[0]);  // max |a - b| / max |b|
    INFO("seed " << seed << " max relative difference " << rel);
    CHECK(rel < 1e-5);
    // The check is meaningful only if the outputs are not trivially equal (e.g. all 0).
    double sum = 0;
    for (int64_t i = 0; i < a[0].size(); ++i) sum += a[0].get(i);
    CHECK(sum == Approx(1.0).epsilon(1e-4));  // softmax output
  }
  // In f64 the two forms agree element by element far below f32 rounding: the
  // remaining f32 difference is rounding order, not semantics.
  auto a = run(raw, vf::Precision::F64, 0);
  auto b = run(simp, vf::Precision::F64, 0);
  double rel = max_elementwise_rel_diff(a[0], b[0]);
  INFO("f64 max elementwise relative difference " << rel);
  CHECK(rel < 1e-8);
}

TEST_CASE("resnet shallow runs in f32 and f64 and they agree", "[workloads]") {
  vf::Graph g = load("resnet_shallow_simplified.relay");
  auto a = run(g, vf::Precision::F32, 7);
  auto b = run(g, vf::Precision::F64, 7);
  REQUIRE(a[0].dtype() == vf::DType::F32);
  REQUIRE(b[0].dtype() == vf::DType::F64);
  CHECK(max_rel_diff(a[0], b[0]) < 1e-4);
  CHECK(max_rel_diff(a[0], b[0]) > 0);  // f32 really rounds differently from f64
  // Seeded weights keep the softmax unsaturated, so output comparisons mean something.
  for (int64_t i = 0; i < b[0].size(); ++i) {
    CHECK(b[0].get(i) < 0.9);
    CHECK(b[0].get(i) > 1e-4);
  }
}

TEST_CASE("every bundled Relay workload imports and verifies", "[workloads]") {
  struct Case {
    const char* file;
    vf::Shape out;
  };
  for (const Case& c :
       {Case{"resnet18_imagenet_simplified.relay", {1, 1000}},
        Case{"resnet18_cifar_simplified.relay", {8, 32}}, Case{"mobilenet.relay", {1, 1000}},
        Case{"mobilenet_simplified.relay", {1, 1000}},
        Case{"resnet_shallow_simplified.relay", {1, 10}},
        Case{"mobilenet_shallow_simplified.relay", {1, 10}}}) {
    INFO(c.file);
    vf::Graph g = load(c.file);
    REQUIRE(g.outputs().size() == 1);
    CHECK(g.node(g.outputs()[0]).type.shape == c.out);
    CHECK(g.data_inputs().size() == 1);
  }
}
