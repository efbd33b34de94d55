// The systolic array's two models against each other: the cycle-stepped simulator
// (every processing element every cycle) and the closed-form plan / fast values the
// target reports and runs with — same values bit for bit, same cycles — and the fast
// values against a double-precision matmul within the array's rounding bound.
#include <catch2/catch.hpp>

#include <cmath>

#include "../semantics/op_case.h"
#include "ir/shape_inference.h"
#include "support/rng.h"
#include "target/systolic.h"
#include "target/target.h"

namespace vf::target {
namespace {

std::vector<float> random_floats(SplitMix64& rng, int64_t n) {
  std::vector<float> v(static_cast<size_t>(n));
  for (float& x : v) x = static_cast<float>(rng.uniform(-1, 1));
  return v;
}

/// Runs [m, k] x [k, n] on the cycle-stepped simulator, one pipelined run of reduction
/// tiles per column tile, accumulating the tiles in the array's order; returns the values
/// and adds the cycles to `cycles` as the executor counts them (one activation block:
/// mb = m; the run's first weight load, kr cycles, before it).
std::vector<float> run_on_cycle_sim(const SystolicConfig& c, const MatmulShape& s,
                                    const std::vector<float>& a, const std::vector<float>& w,
                                    int64_t& cycles) {
  CycleSim sim(c);
  std::vector<float> out(static_cast<size_t>(s.m * s.n), 0.f);
  for (int64_t n0 = 0; n0 < s.n; n0 += c.cols) {
    const int64_t nc = std::min<int64_t>(c.cols, s.n - n0);
    std::vector<std::vector<float>> wts, ats;
    std::vector<SimTile> tiles;
    for (int64_t k0 = 0; k0 < s.k; k0 += c.rows) {
      const int64_t kr = std::min<int64_t>(c.rows, s.k - k0);
      std::vector<float> wt(static_cast<size_t>(kr * nc)), at(static_cast<size_t>(s.m * kr));
      for (int64_t k = 0; k < kr; ++k)
        for (int64_t j = 0; j < nc; ++j)
          wt[static_cast<size_t>(k * nc + j)] = w[static_cast<size_t>((k0 + k) * s.n + n0 + j)];
      for (int64_t i = 0; i < s.m; ++i)
        for (int64_t k = 0; k < kr; ++k)
          at[static_cast<size_t>(i * kr + k)] = a[static_cast<size_t>(i * s.k + k0 + k)];
      wts.push_back(std::move(wt));
      ats.push_back(std::move(at));
      tiles.push_back({{}, {}, kr, nc, s.m});
    }
    for (size_t t = 0; t < tiles.size(); ++t) {
      tiles[t].w = wts[t];
      tiles[t].a = ats[t];
    }
    std::vector<std::vector<float>> parts;
    cycles += tiles[0].kr + sim.stream_run(tiles, parts);
    for (size_t t = 0; t < tiles.size(); ++t)
      for (int64_t i = 0; i < s.m; ++i)
        for (int64_t j = 0; j < nc; ++j) {
          float& acc = out[static_cast<size_t>(i * s.n + n0 + j)];
          const float p = parts[t][static_cast<size_t>(i * nc + j)];
          acc = t == 0 ? p : acc + p;
        }
  }
  return out;
}

TEST_CASE("systolic: one tile drains mb + kr + nc - 2 cycles after its first row enters",
          "[target][systolic]") {
  SystolicConfig c;
  c.rows = 4;
  c.cols = 5;
  CycleSim sim(c);
  std::vector<float> w(12, 1.f), a(7 * 4, 1.f);
  std::vector<std::vector<float>> outs;
  CHECK(sim.stream_run({{w, std::span(a).first(7 * 3), 3, 4, 7}}, outs) == 7 + 3 + 4 - 2);
  for (float v : outs[0]) CHECK(v == 3.f);
  // Two tiles back to back: the second's rows follow the first's at once (its 3-row load
  // hidden behind 7 rows), so only one drain is paid.
  CHECK(sim.stream_run({{w, std::span(a).first(21), 3, 4, 7}, {w, std::span(a).first(21), 3, 4, 7}},
                       outs) == 14 + 3 + 4 - 2);
  // A one-row tile cannot hide a 3-row load: a stall of 2.
  CHECK(sim.stream_run({{w, std::span(a).first(3), 3, 4, 1}, {w, std::span(a).first(3), 3, 4, 1}},
                       outs) == 1 + 2 + 1 + 3 + 4 - 2);
}

TEST_CASE("systolic: the fast values and cycle count equal the cycle-stepped simulator's",
          "[target][systolic]") {
  SplitMix64 rng(7);
  for (const auto& [rows, cols] : {std::pair{4, 4}, {8, 4}, {3, 5}, {16, 16}}) {
    SystolicConfig c;
    c.rows = rows;
    c.cols = cols;
    c.spm_bytes = 1 << 30;  // one activation block
    for (const MatmulShape s :
         {MatmulShape{1, 1, 1}, {5, 3, 2}, {7, 9, 11}, {13, 40, 20}, {32, 17, 33}}) {
      const auto a = random_floats(rng, s.m * s.k), w = random_floats(rng, s.k * s.n);
      int64_t cycles = 0;
      const std::vector<float> ref = run_on_cycle_sim(c, s, a, w, cycles);
      const std::vector<float> fast = run_matmul(c, s, a, w);
      INFO(rows << "x" << cols << " array, " << s.m << "x" << s.k << "x" << s.n);
      REQUIRE(fast.size() == ref.size());
      for (size_t i = 0; i < ref.size(); ++i)
        REQUIRE(std::bit_cast<uint32_t>(fast[i]) == std::bit_cast<uint32_t>(ref[i]));
      const MatmulPlan p = plan_matmul(c, s);
      CHECK(p.cycles == cycles);
      CHECK(p.cycles >= p.ideal_cycles);
      CHECK(p.utilisation(c) <= 1.0);
    }
  }
}

TEST_CASE("systolic: values within the array's rounding bound of a double matmul",
          "[target][systolic]") {
  SplitMix64 rng(11);
  SystolicConfig c;
  const MatmulShape s{9, 300, 21};
  const auto a = random_floats(rng, s.m * s.k), w = random_floats(rng, s.k * s.n);
  const std::vector<float> y = run_matmul(c, s, a, w);
  // Every product and every sum rounds once: |error| <= (K + 1) u sum |a w| (u = 2^-24),
  // to first order, with K the additions on the longest path (kr - 1 in a tile plus the
  // tiles' accumulation).
  const double u = 0x1p-24;
  for (int64_t i = 0; i < s.m; ++i)
    for (int64_t j = 0; j < s.n; ++j) {
      double exact = 0, mag = 0;
      for (int64_t k = 0; k < s.k; ++k) {
        const double t =
            double{a[static_cast<size_t>(i * s.k + k)]} * w[static_cast<size_t>(k * s.n + j)];
        exact += t;
        mag += std::fabs(t);
      }
      const double bound = 1.01 * (c.rows + (s.k + c.rows - 1) / c.rows + 1) * u * mag;
      REQUIRE(std::fabs(y[static_cast<size_t>(i * s.n + j)] - exact) <= bound);
    }
}

TEST_CASE("systolic: a scratchpad splits the activation rows into blocks", "[target][systolic]") {
  SystolicConfig c;
  c.rows = c.cols = 16;
  c.spm_bytes = 64 * 1024;
  const MatmulShape s{3136, 576, 64};  // ResNet-18's 3x3 conv at 56x56, im2col
  const MatmulPlan p = plan_matmul(c, s);
  // (16 + 16) * 4 bytes a row, two 16x16 weight tiles: 496 rows fit 64 KiB.
  CHECK(p.mb == (64 * 1024 - 2 * 16 * 16 * 4) / ((16 + 16) * 4));
  CHECK(p.m_blocks == (3136 + p.mb - 1) / p.mb);
  CHECK(p.k_tiles == 36);
  CHECK(p.n_tiles == 4);
  CHECK(p.utilisation(c) > 0.9);
  CHECK(p.bytes_out == 3136 * 64 * 4);
}

TEST_CASE("target: specs parsed or refused with the reason", "[target]") {
  auto t = parse_target("systolic:32x8,spm=128");
  REQUIRE(t);
  REQUIRE(t->systolic);
  CHECK(t->systolic->rows == 32);
  CHECK(t->systolic->cols == 8);
  CHECK(t->systolic->spm_bytes == 128 * 1024);
  CHECK(parse_target("cpu"));
  CHECK_FALSE(parse_target("cpu")->systolic);
  for (const char* bad :
       {"gpu", "systolic:", "systolic:16", "systolic:0x16", "systolic:16x16x",
        "systolic:16x16,spm=", "systolic:16x16,spm=1,spm=2", "systolic:16x16,foo=1",
        "systolic:16x16,dtype=int4", "systolic:1024x1024,spm=1"}) {
    INFO(bad);
    CHECK_FALSE(parse_target(bad));
  }
}

TEST_CASE("target: contractions on the array, the rest and unfolded batch norms on the host",
          "[target]") {
  using test::attrs;
  using test::ints;
  Graph g;
  const NodeId x = g.add_input("x", {DType::F32, {1, 8, 6, 6}});
  const NodeId w = g.add_input("w", {DType::F32, {16, 8, 3, 3}}, true);
  const NodeId c =
      g.add_node(OpKind::Conv2d, "conv", {x, w}, attrs({{"padding", ints({1, 1, 1, 1})}}));
  const NodeId s = g.add_input("s", {DType::F32, {16}}, true);
  const NodeId bn = g.add_node(OpKind::BatchNorm, "bn", {c, s, s, s, s}, {});
  const NodeId r = g.add_node(OpKind::Relu, "relu", {bn}, {});
  g.add_output(r);
  REQUIRE(infer_types(g));
  const TargetPlan p = place(g, *parse_target("systolic:4x4"));
  REQUIRE(p.nodes.size() == 3);
  CHECK(p.nodes[0].device == Device::Array);
  REQUIRE(p.nodes[0].matmuls.size() == 1);
  CHECK(p.nodes[0].matmuls[0].shape.m == 36);
  CHECK(p.nodes[0].matmuls[0].shape.k == 72);
  CHECK(p.nodes[0].matmuls[0].shape.n == 16);
  CHECK(p.nodes[1].device == Device::Host);
  CHECK_THAT(p.nodes[1].why, Catch::Contains("vfrt::batch_norm"));
  // x to the array, the conv's output back to the host.
  CHECK(p.transfers == 2);
  REQUIRE(p.moves.size() == 2);
  CHECK(((p.moves[0].value == x && p.moves[0].to == Device::Array &&
          p.moves[1].value == c && p.moves[1].to == Device::Host) ||
         (p.moves[1].value == x && p.moves[1].to == Device::Array &&
          p.moves[0].value == c && p.moves[0].to == Device::Host)));
  CHECK(p.transfer_bytes == (8 * 36 + 16 * 36) * 4);
  // With a scale-shift unit the target wants the batch norm lowered; a per-channel
  // multiply / add of constants goes to the unit, a full-tensor one stays on the host.
  const Target ssu = *parse_target("systolic:4x4,ssu=1");
  CHECK(ssu.scale_shift_unit);
  CHECK(should_lower(ssu, OpKind::BatchNorm));
  CHECK_FALSE(should_lower(*parse_target("systolic:4x4"), OpKind::BatchNorm));
  CHECK(should_lower(*parse_target("systolic:4x4"), OpKind::FusedConv2d));
  CHECK_FALSE(should_lower(*parse_target("cpu"), OpKind::FusedConv2d));
  CHECK_FALSE(parse_target("systolic:4x4,ssu=2"));
  {
    Graph h;
    const NodeId hx = h.add_input("x", {DType::F32, {1, 3, 4, 4}});
    const NodeId a = h.add_constant("a", Tensor(TensorType{DType::F32, {3, 1, 1}}));
    const NodeId full = h.add_constant("full", Tensor(TensorType{DType::F32, {1, 3, 4, 4}}));
    const NodeId m = h.add_node(OpKind::Multiply, "scale", {hx, a}, {});
    const NodeId f = h.add_node(OpKind::Add, "full_add", {m, full}, {});
    h.add_output(f);
    REQUIRE(infer_types(h));
    const TargetPlan q = place(h, ssu);
    REQUIRE(q.nodes.size() == 2);
    CHECK(q.nodes[0].device == Device::ScaleShift);
    CHECK(q.nodes[1].device == Device::Host);
  }
  const TargetPlan cpu = place(g, *parse_target("cpu"));
  for (const Placement& q : cpu.nodes) CHECK(q.device == Device::Host);
  CHECK(cpu.transfers == 0);
}

}  // namespace
}  // namespace vf::target

namespace vf::target {
namespace {

TEST_CASE("systolic program: the executor refuses what the array cannot do", "[target][systolic]") {
  SystolicConfig c;
  c.rows = c.cols = 4;
  c.spm_bytes = 1024;
  const MatmulShape s{8, 8, 4};
  std::vector<float> a(64, 1.f), w(32, 1.f);
  const std::vector<SysInstr> good = compile_matmul(c, s);
  auto ok = execute(c, s, good, a, w);
  REQUIRE(ok);
  for (float v : ok->out) CHECK(v == 8.f);
  CHECK(ok->spm_peak <= c.spm_bytes);
  CHECK_THAT(program_text(good), Catch::StartsWith("LW k0=0 kr=4 n0=0 nc=4\nLA m0=0 mb="));
  auto refused = [&](std::vector<SysInstr> p, const char* why) {
    auto r = execute(c, s, p, a, w);
    REQUIRE_FALSE(r);
    CHECK_THAT(r.error().message, Catch::Contains(why));
  };
  // Each a small change of the good program.
  std::vector<SysInstr> p = good;
  p.erase(p.begin());  // the first LW
  refused(p, "weight tile is not loaded");
  p = good;
  p[1].k0 = 4;  // the first LA loads the wrong reduction rows
  refused(p, "activation block is not loaded");
  p = good;
  p.pop_back();  // the last SA
  refused(p, "not stored");
  p = good;
  p[2].accumulate = true;  // the first MM adds to nothing
  refused(p, "not live");
  p = good;
  p[5].accumulate = false;  // the second MM restarts the live accumulators
  refused(p, "over live ones");
  // The program blocked for a 1 KiB scratchpad (one block of 8 rows), run with less.
  SystolicConfig small = c;
  small.spm_bytes = 256;  // the program's blocks need 384 bytes
  auto over = execute(small, s, good, a, w);
  REQUIRE_FALSE(over);
  CHECK_THAT(over.error().message, Catch::Contains("the scratchpad needs"));
}

}  // namespace
}  // namespace vf::target
