// Running a model on the systolic target: every array layer within its bound of the
// interpreter, the bound independent of both results (a dropped term exceeds it), and the
// cpu target the interpreter itself.
#include <catch2/catch.hpp>

#include <cmath>

#include "frontend/relay_import.h"
#include "interp/weights.h"
#include "support/rng.h"
#include "target/run.h"

namespace vf::target {
namespace {

TEST_CASE("target run: a dot product's two orders within the bound, a dropped term not",
          "[target][run]") {
  SplitMix64 rng(5);
  SystolicConfig c;  // 16 x 16
  const int64_t K = 300;
  std::vector<float> a(K), w(K);
  for (int64_t k = 0; k < K; ++k) {
    a[static_cast<size_t>(k)] = static_cast<float>(rng.uniform(-1, 1));
    w[static_cast<size_t>(k)] = static_cast<float>(rng.uniform(-1, 1));
  }
  const float array = run_matmul(c, {1, K, 1}, a, w)[0];
  float interp = 0;
  double mag = 0;
  for (int64_t k = 0; k < K; ++k) {
    interp = interp + a[static_cast<size_t>(k)] * w[static_cast<size_t>(k)];
    mag += std::fabs(double{a[static_cast<size_t>(k)]} * w[static_cast<size_t>(k)]);
  }
  const int64_t k_tiles = (K + c.rows - 1) / c.rows;
  const double bound = accumulator_bound(K, c.rows, k_tiles, mag);
  CHECK(std::fabs(double{array} - interp) <= bound);
  CHECK(array != interp);  // the orders differ: the check is not comparing a value with itself
  // The array without its last term (a tiling that lost a row) is far outside.
  const float lost =
      run_matmul(c, {1, K - 1, 1}, std::span(a).first(K - 1), std::span(w).first(K - 1))[0];
  CHECK(std::fabs(double{lost} - interp) > bound);
}

TEST_CASE("target run: a ResNet on an 8x8 array within every layer's bound", "[target][run]") {
  DiagnosticSink diags;
  auto g = import_relay_file(std::string(VF_SOURCE_DIR) + "/models/resnet_shallow_simplified.relay",
                             diags);
  REQUIRE(g);
  for (NodeId id : std::vector<NodeId>(g->inputs()))
    if (g->node(id).weight) g->bind_input(id, generate_input(*g, id, 0));
  const CertifiedGraph cg = CertifiedGraph::unrewritten(*g);
  auto run = run_on_target(cg, *parse_target("systolic:8x8,spm=16"), {});
  REQUIRE(run);
  CHECK(run->holds());
  CHECK(run->layers.size() >= 10);
  for (const ArrayLayerCheck& l : run->layers) {
    INFO(l.node);
    CHECK(l.accumulators > 0);
    CHECK(l.worst_ratio <= 1);
  }
  auto cpu = run_on_target(cg, *parse_target("cpu"), {});
  auto ref = run_graph(cg, {});
  REQUIRE(cpu);
  REQUIRE(ref);
  CHECK(cpu->layers.empty());
  REQUIRE(cpu->outputs.size() == ref->size());
  for (size_t i = 0; i < ref->size(); ++i)
    for (int64_t k = 0; k < (*ref)[i].size(); ++k)
      CHECK(cpu->outputs[i].get(k) == (*ref)[i].get(k));
}

}  // namespace
}  // namespace vf::target
