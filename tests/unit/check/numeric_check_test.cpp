// check_numerics: the Jacobian bound's cost estimate counts every sum the passes go
// through, gemm included (an exported model's Linear at opset 17 is a Gemm: uncounted, the
// estimate said 0 and the passes ran on BERT-256 for 10 minutes and 8.5 GB).
#include "check/numeric_check.h"

#include <catch2/catch.hpp>

#include "ir/shape_inference.h"

namespace vf {
namespace {

/// y = x [4, 8] times a constant [8, 6] by gemm (trans_a: x given as [8, 4]).
Graph gemm_graph(bool trans_a) {
  Graph g;
  const NodeId x = g.add_input("x", TensorType{DType::F32, trans_a ? Shape{8, 4} : Shape{4, 8}});
  std::vector<double> w(48);
  for (size_t i = 0; i < w.size(); ++i) w[i] = 0.01 * static_cast<double>(i % 7) - 0.03;
  const NodeId c = g.add_constant("w", Tensor::from_doubles(TensorType{DType::F32, {8, 6}}, w));
  Attrs a;
  a.set("trans_a", int64_t{trans_a ? 1 : 0});
  g.add_output(g.add_node(OpKind::Gemm, "y", {x, c}, a));
  REQUIRE(infer_types(g).ok());
  return g;
}

}  // namespace

TEST_CASE("check_numerics: the Jacobian bound's cost counts gemm's multiply-adds", "[check]") {
  // Per graph 4 x 6 outputs of 8 terms = 192; both graphs, (1 + 2) passes: 1152.
  for (const bool trans_a : {false, true}) {
    const Graph g = gemm_graph(trans_a);
    for (const auto& [budget, skipped] : {std::pair{1000.0, true}, std::pair{1200.0, false}}) {
      INFO("trans_a " << trans_a << " budget " << budget);
      check::CheckOptions o;
      o.inputs.resize(1);
      o.native = false;
      o.jacobian_rows = 1;
      o.jacobian_budget = budget;
      auto r = check::check_numerics(g, {}, g, o);
      REQUIRE(r.ok());
      CHECK(r->jacobian_note.empty() == !skipped);
      CHECK(r->ok);
    }
    // 8 rows asked, 1 fits (3 x 384 <= 1200 < 4 x 384): cut to 1, and said.
    check::CheckOptions o;
    o.inputs.resize(1);
    o.native = false;
    o.jacobian_budget = 1200;
    auto r = check::check_numerics(g, {}, g, o);
    REQUIRE(r.ok());
    CHECK(r->jacobian_note.find("ran on the 1 largest element") != std::string::npos);
    REQUIRE(!r->engines.empty());
    CHECK(r->engines[0].outputs[0].jacobian_rows == 1);
  }
}

}  // namespace vf
