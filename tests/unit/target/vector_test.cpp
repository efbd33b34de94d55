// The vector unit beside the systolic array (vpu=L, docs/targets.md): its spec, which nodes
// it runs and their cycles, which composites the target wants lowered, and its last-axis
// reductions equal to the semantics' bit for bit (a reduction in another order is not).
#include <catch2/catch.hpp>

#include <cmath>

#include "../semantics/op_case.h"
#include "ir/op_plan.h"
#include "ir/shape_inference.h"
#include "semantics/domain.h"
#include "semantics/tensor_ops.h"
#include "support/rng.h"
#include "target/run.h"
#include "target/target.h"

namespace vf::target {
namespace {

TEST_CASE("vector unit: vpu=L parsed or refused with the reason", "[target][vector]") {
  auto t = parse_target("systolic:16x16,vpu=16");
  REQUIRE(t);
  CHECK(t->vector_lanes == 16);
  CHECK(parse_target("systolic:16x16")->vector_lanes == 0);
  CHECK(parse_target("systolic:16x16,vpu=0")->vector_lanes == 0);
  for (const char* bad : {"systolic:16x16,vpu=", "systolic:16x16,vpu=-1", "systolic:16x16,vpu=4097",
                          "systolic:16x16,vpu=x"}) {
    INFO(bad);
    auto r = parse_target(bad);
    REQUIRE_FALSE(r);
    CHECK_THAT(r.error().message, Catch::Contains("vpu="));
  }
}

TEST_CASE("vector unit: the composites it runs as primitives are wanted lowered",
          "[target][vector]") {
  const Target v = *parse_target("systolic:8x8,vpu=8");
  const Target plain = *parse_target("systolic:8x8");
  for (OpKind op : {OpKind::LayerNorm, OpKind::RmsNorm, OpKind::HardSwish, OpKind::HardSigmoid,
                    OpKind::Rsqrt, OpKind::LeakyRelu, OpKind::ReduceL2, OpKind::BatchNorm}) {
    INFO(op_name(op));
    CHECK(should_lower(v, op));
    CHECK_FALSE(should_lower(*parse_target("cpu"), op));
  }
  for (OpKind op : {OpKind::LayerNorm, OpKind::HardSwish, OpKind::BatchNorm})
    CHECK_FALSE(should_lower(plain, op));
  // Not compositions of its primitives (exp, tanh, erf): not lowered.
  for (OpKind op : {OpKind::Sigmoid, OpKind::Gelu, OpKind::Softmax, OpKind::Silu})
    CHECK_FALSE(should_lower(v, op));
  CHECK(vector_op(OpKind::Add) == VectorOp::Elementwise);
  CHECK(vector_op(OpKind::ReduceMean) == VectorOp::ReduceLast);
  CHECK(vector_op(OpKind::Exp) == VectorOp::None);
  CHECK(vector_op(OpKind::ReduceMax) == VectorOp::None);
}

TEST_CASE("vector unit: placement, cycles and transfers", "[target][vector]") {
  using test::attrs;
  using test::ints;
  Graph g;
  const NodeId x = g.add_input("x", {DType::F32, {1, 5, 40}});
  const NodeId w = g.add_input("w", {DType::F32, {24, 40}}, true);
  const NodeId d = g.add_node(OpKind::Dense, "dense", {x, w}, {});  // array
  const NodeId r = g.add_node(OpKind::Relu, "relu", {d}, {});       // vector
  const NodeId m = g.add_node(OpKind::ReduceMean, "mean", {r},      // vector
                              attrs({{"axes", ints({-1})}, {"keepdims", int64_t{1}}}));
  const NodeId s = g.add_node(OpKind::Subtract, "sub", {r, m}, {});  // vector
  const NodeId m1 = g.add_node(OpKind::ReduceSum, "sum1", {s},       // host
                               attrs({{"axes", ints({1})}, {"keepdims", int64_t{1}}}));
  const NodeId e = g.add_node(OpKind::Exp, "exp", {m1}, {});  // host
  g.add_output(s);
  g.add_output(e);
  REQUIRE(infer_types(g));
  const TargetPlan p = place(g, *parse_target("systolic:8x8,vpu=16"));
  REQUIRE(p.nodes.size() == 6);
  CHECK(p.nodes[0].device == Device::Array);
  CHECK(p.nodes[1].device == Device::Vector);
  CHECK(p.nodes[1].cycles == (5 * 24 + 15) / 16);  // ceil(120 / 16) = 8
  CHECK(p.nodes[2].device == Device::Vector);
  // 5 rows on 16 lanes: one step of 23 additions and a division.
  CHECK(p.nodes[2].cycles == 24);
  CHECK_THAT(p.nodes[2].why, Catch::Contains("last axis"));
  CHECK(p.nodes[3].device == Device::Vector);
  CHECK(p.nodes[4].device == Device::Host);
  CHECK_THAT(p.nodes[4].why, Catch::Contains("not over the last axis"));
  CHECK(p.nodes[5].device == Device::Host);
  CHECK_THAT(p.nodes[5].why, Catch::Contains("neither the array"));
  // The vector unit shares the array's side: x in, sub to the host (read by sum1 and an
  // output: one move), nothing between the array and the unit.
  CHECK(p.transfers == 2);
  CHECK(p.transfer_bytes == (5 * 40 + 5 * 24) * 4);
  // Rows beyond the lanes take more steps: 5 rows on 2 lanes, 3 steps.
  const TargetPlan q = place(g, *parse_target("systolic:8x8,vpu=2"));
  CHECK(q.nodes[2].cycles == 3 * 24);
  // Without the unit everything but the dense is on the host.
  const TargetPlan h = place(g, *parse_target("systolic:8x8"));
  for (size_t k = 1; k < h.nodes.size(); ++k) CHECK(h.nodes[k].device == Device::Host);
}

TEST_CASE("vector unit: its reductions equal the semantics' bit for bit, a tree's do not",
          "[target][vector]") {
  SplitMix64 rng(11);
  const int64_t rows = 37, len = 300;
  std::vector<float> x(static_cast<size_t>(rows * len));
  for (float& v : x) v = static_cast<float>(rng.uniform(-1, 1) * 1000);
  for (OpKind op : {OpKind::ReduceSum, OpKind::ReduceMean}) {
    INFO(op_name(op));
    Attrs a;
    a.set("axes", std::vector<int64_t>{-1});
    a.set("keepdims", int64_t{0});
    const ReducePlan plan = reduce_plan(a, Shape{rows, len});
    sem::FloatDomain<float> d;
    std::vector<float> ref(static_cast<size_t>(rows));
    for (int64_t r = 0; r < rows; ++r)
      ref[static_cast<size_t>(r)] = sem::reduce_at(d, op, plan, x.data(), r);
    for (int lanes : {1, 4, 16, 64}) {
      ArrayLayerCheck ok;
      check_exact(ok, vector_reduce_last(lanes, op, x.data(), rows, len), ref);
      CHECK(ok.accumulators == rows);
      CHECK(ok.worst_ratio == 0);
    }
    // A log-depth tree (pairs, then pairs of pairs) sums the same terms in another order:
    // the exact check fails it, so it can tell the unit's order from another.
    std::vector<float> tree(static_cast<size_t>(rows));
    for (int64_t r = 0; r < rows; ++r) {
      std::vector<float> level(x.begin() + r * len, x.begin() + (r + 1) * len);
      while (level.size() > 1) {
        std::vector<float> next;
        for (size_t k = 0; k + 1 < level.size(); k += 2) next.push_back(level[k] + level[k + 1]);
        if (level.size() % 2) next.push_back(level.back());
        level = std::move(next);
      }
      tree[static_cast<size_t>(r)] =
          op == OpKind::ReduceMean ? level[0] / static_cast<float>(len) : level[0];
    }
    ArrayLayerCheck bad;
    check_exact(bad, tree, ref);
    CHECK(bad.worst_ratio == INFINITY);
    CHECK(bad.max_abs > 0);
  }
}

}  // namespace
}  // namespace vf::target
