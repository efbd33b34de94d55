// Running a model on the systolic target: every array layer within its bound of the
// interpreter, the bound independent of both results (a dropped term exceeds it), and the
// cpu target the interpreter itself.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>

#include "frontend/relay_import.h"
#include "interp/weights.h"
#include "support/rng.h"
#include "ir/certified_graph.h"
#include "ir/text_parser.h"
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

namespace vf::target {
namespace {

TEST_CASE("int8 array: exact sums of every tiling equal the plain triple loop",
          "[target][run][quant]") {
  SplitMix64 rng(11);
  for (const MatmulShape s : {MatmulShape{7, 40, 19}, MatmulShape{33, 5, 3}, MatmulShape{1, 300, 1}}) {
    std::vector<int64_t> a(static_cast<size_t>(s.m * s.k)), w(static_cast<size_t>(s.k * s.n));
    for (auto& v : a) v = static_cast<int64_t>(rng.next() % 511) - 255;  // x - zero point
    for (auto& v : w) v = static_cast<int64_t>(rng.next() % 256) - 128;
    for (SystolicConfig c : {SystolicConfig{4, 4, 4096, true}, SystolicConfig{16, 8, 2048, true}}) {
      const std::vector<int64_t> r = run_matmul_int(c, s, a, w);
      for (int64_t m = 0; m < s.m; ++m)
        for (int64_t n = 0; n < s.n; ++n) {
          int64_t ref = 0;
          for (int64_t k = 0; k < s.k; ++k)
            ref += a[static_cast<size_t>(m * s.k + k)] * w[static_cast<size_t>(k * s.n + n)];
          REQUIRE(r[static_cast<size_t>(m * s.n + n)] == ref);
        }
    }
  }
}

TEST_CASE("int8 array: a quantized graph's qconv2d run on the array, bit-identical",
          "[target][run][quant]") {
  SourceFile src("q.vfg", R"(# vfuse graph v1
graph(%x: Tensor[(1, 4, 5, 5), float32], %w: weight Tensor[(6, 2, 3, 3), int8]) {
  %b = constant(Tensor[(6), int32]) [100, -200, 3000, 0, 7, -7]
  %m = constant(Tensor[(6), int32]) [1073741824, 536870912, 1518500250, 1, 2, 3]
  %q = quantize(%x, scale=0.01, zero_point=128, dtype="uint8") : Tensor[(1, 4, 5, 5), uint8]
  %acc = qconv2d(%q, %w, %b, groups=2, padding=[1, 0, 1, 2], strides=[2, 1], x_zero_point=128) : Tensor[(1, 6, 3, 5), int32]
  %y = requantize(%acc, %m, shift=31, zero_point=3, qmin=0, qmax=255, dtype="uint8") : Tensor[(1, 6, 3, 5), uint8]
  %f = dequantize(%y, scale=0.1, zero_point=3) : Tensor[(1, 6, 3, 5), float32]
  return %f, %acc
}
)");
  DiagnosticSink diags;
  auto g = parse_graph(src, diags);
  INFO(diags.render());
  REQUIRE(g);
  for (NodeId id : std::vector<NodeId>(g->inputs()))
    if (g->node(id).weight) g->bind_input(id, generate_input(*g, id, 3));
  const CertifiedGraph cg = CertifiedGraph::unrewritten(std::move(*g));
  RunOptions o;
  o.seed = 4;
  auto ref = run_graph(cg, o);
  REQUIRE(ref);
  // A float32 array leaves the integer sums on the host; the int8 array runs them.
  auto f32 = parse_target("systolic:4x4");
  auto i8 = parse_target("systolic:4x4,dtype=int8");
  REQUIRE(f32);
  REQUIRE(i8);
  for (const Placement& p : place(cg.graph(), *f32).nodes)
    CHECK(p.device == Device::Host);
  auto run = run_on_target(cg, *i8, o);
  REQUIRE(run);
  REQUIRE(run->layers.size() == 1);
  CHECK(run->layers[0].accumulators == 6 * 3 * 5);
  CHECK(run->layers[0].max_abs == 0);
  CHECK(run->holds());
  for (size_t k = 0; k < ref->size(); ++k) CHECK((*ref)[k] == run->outputs[k]);
  CHECK(run->outputs[1].dtype() == DType::I32);
}

}  // namespace
}  // namespace vf::target

namespace vf::target {
namespace {

/// A graph read from a file under the source tree, its weights bound from seed 1.
CertifiedGraph graph_file(const std::string& rel) {
  auto src = SourceFile::load(std::string(VF_SOURCE_DIR) + "/" + rel);
  REQUIRE(src);
  DiagnosticSink diags;
  auto g = parse_graph(*src, diags);
  INFO(diags.render());
  REQUIRE(g);
  for (NodeId id : std::vector<NodeId>(g->inputs()))
    if (g->node(id).weight) g->bind_input(id, generate_input(*g, id, 1));
  return CertifiedGraph::unrewritten(std::move(*g));
}

TEST_CASE("target run: matmul (batched, broadcast) and gemm (each layout) on the array",
          "[target][run]") {
  const CertifiedGraph cg = graph_file("tests/target/matmul_gemm.vfg");
  const Graph& g = cg.graph();
  auto t = parse_target("systolic:4x4");
  REQUIRE(t);
  std::map<std::string, const Placement*> by_name;
  const TargetPlan plan = place(g, *t);
  for (const Placement& p : plan.nodes) by_name[g.node(p.node).name] = &p;
  for (const char* name : {"mm", "mb", "g1", "g2", "g3"}) {
    INFO(name);
    REQUIRE(by_name.count(name));
    CHECK(by_name[name]->device == Device::Array);
  }
  // One matmul per batch slice, each M x K x N of the slice; gemm's K from op(A).
  REQUIRE(by_name["mm"]->matmuls.size() == 2);
  CHECK(by_name["mm"]->matmuls[0].shape.m == 6);
  CHECK(by_name["mm"]->matmuls[0].shape.k == 40);
  CHECK(by_name["mm"]->matmuls[0].shape.n == 24);
  REQUIRE(by_name["g3"]->matmuls.size() == 1);
  CHECK(by_name["g3"]->matmuls[0].shape.m == 18);
  CHECK(by_name["g3"]->matmuls[0].shape.k == 12);
  CHECK(by_name["g3"]->matmuls[0].shape.n == 24);
  CHECK(by_name["mm"]->macs == 2 * 6 * 40 * 24);
  // alpha and beta C are the host's step; a plain gemm has none.
  CHECK(by_name["g1"]->host_step.empty());
  CHECK(by_name["g2"]->host_step == "gemm epilogue alpha * acc + beta * C");
  CHECK(by_name["g3"]->host_step == "gemm epilogue alpha * acc");
  CHECK(by_name["mm"]->cycles > 0);

  RunOptions o;
  o.seed = 2;
  auto run = run_on_target(cg, *t, o);
  auto ref = run_graph(cg, o);
  REQUIRE(run);
  REQUIRE(ref);
  REQUIRE(run->layers.size() == 5);
  const std::map<std::string, int64_t> sums = {
      {"mm", 2 * 6 * 24}, {"mb", 2 * 6 * 9}, {"g1", 12 * 30}, {"g2", 12 * 18}, {"g3", 18 * 24}};
  for (const ArrayLayerCheck& l : run->layers) {
    INFO(l.node);
    CHECK(l.accumulators == sums.at(l.node));
    CHECK(l.worst_ratio <= 1);
  }
  CHECK(run->holds());
  // The array's order differs from the interpreter's (so the check compares two
  // computations), within a few ulps of the outputs' size.
  bool differs = false;
  for (size_t i = 0; i < ref->size(); ++i)
    for (int64_t k = 0; k < (*ref)[i].size(); ++k) {
      const double a = run->outputs[i].get(k), b = (*ref)[i].get(k);
      differs |= a != b;
      CHECK(std::fabs(a - b) <= 1e-4 * (1 + std::fabs(b)));
    }
  CHECK(differs);
}

TEST_CASE("target run: conv2d_transpose as array columns and the host's col2im", "[target][run]") {
  const CertifiedGraph cg = graph_file("tests/ir/roundtrip/conv_transpose.vfg");
  auto t = parse_target("systolic:4x4");
  REQUIRE(t);
  for (const Placement& p : place(cg.graph(), *t).nodes) {
    INFO(cg.graph().node(p.node).name);
    CHECK(p.device == Device::Array);
    CHECK(p.host_step.find("col2im scatter-add") != std::string::npos);
  }
  RunOptions o;
  o.seed = 3;
  auto run = run_on_target(cg, *t, o);
  auto ref = run_graph(cg, o);
  REQUIRE(run);
  REQUIRE(ref);
  REQUIRE(run->layers.size() == 2);
  CHECK(run->layers[0].accumulators == 6 * 7 * 4);
  CHECK(run->layers[1].accumulators == 2 * 9 * 5);
  CHECK(run->holds());
  for (int64_t k = 0; k < (*ref)[0].size(); ++k)
    CHECK(std::fabs(run->outputs[0].get(k) - (*ref)[0].get(k)) <= 1e-4);
}

TEST_CASE("target run: col2im's check fails a wrong column order and a lost term",
          "[target][run]") {
  // groups 2, stride 2 x 1, dilation 1 x 2, asymmetric padding: x [1, 4, 3, 3], w [4, 3, 3, 2].
  SplitMix64 rng(9);
  const Shape xs{1, 4, 3, 3}, ws{4, 3, 3, 2};
  std::vector<float> x(36), w(72);
  for (float& v : x) v = static_cast<float>(rng.uniform(-1, 1));
  for (float& v : w) v = static_cast<float>(rng.uniform(-1, 1));
  Conv2dTransposeAttrs at;
  at.groups = 2;
  at.strides = {2, 1};
  at.dilation = {1, 2};
  at.padding = {1, 0, 0, 1};
  at.output_padding = {1, 0};
  const sem::ConvTransposePlan p(at, xs, ws);
  const Shape y{1, 6, 7, 4};
  SystolicConfig c{2, 2, 4096, false};
  const MatmulShape s{9, 2, 3 * 3 * 2};
  auto columns = [&](bool wrong_order) {
    std::vector<std::vector<float>> cols;
    std::vector<float> a(static_cast<size_t>(s.m * s.k)), wt(static_cast<size_t>(s.k * s.n));
    for (int64_t g = 0; g < 2; ++g) {
      conv_transpose_operands(p, g, x.data(), w.data(), a, wt);
      if (wrong_order) {  // columns (kh, kw, o) read as (o, kh, kw)
        std::vector<float> r = wt;
        for (int64_t ci = 0; ci < s.k; ++ci)
          for (int64_t o = 0; o < 3; ++o)
            for (int64_t t = 0; t < 6; ++t)
              r[static_cast<size_t>(ci * 18 + o * 6 + t)] =
                  wt[static_cast<size_t>(ci * 18 + t * 3 + o)];
        wt = r;
      }
      cols.push_back(run_matmul(c, s, a, wt));
    }
    return cols;
  };
  ArrayLayerCheck ok;
  col2im_check(c, p, y, x.data(), w.data(), columns(false), ok);
  CHECK(ok.accumulators == 6 * 7 * 4);
  CHECK(ok.worst_ratio <= 1);
  ArrayLayerCheck wrong;
  col2im_check(c, p, y, x.data(), w.data(), columns(true), wrong);
  CHECK(wrong.worst_ratio > 1);
  auto lost = columns(false);
  lost[1][4 * 18 + 0] = 0;  // input pixel (1, 1)'s tap (0, 0) of channel 0, output (1, 1)
  ArrayLayerCheck dropped;
  col2im_check(c, p, y, x.data(), w.data(), lost, dropped);
  CHECK(dropped.worst_ratio > 1);
}

}  // namespace
}  // namespace vf::target
