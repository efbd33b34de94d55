// The bitvector reading of the semantics: wrapping signed arithmetic at 8 bits, literals
// rounded to integers, and sqrt/exp reported as unsupported (Unknown, never Proved).
#include <catch2/catch.hpp>

#include <cstdint>

#include "smt/bv_domain.h"
#include "smt_test_util.h"

namespace vf::smt {
namespace {

using test::encode;
using test::verified;

constexpr unsigned kBits = 8;

/// The refinement query of two one-output graphs in `d`.
template <class D>
Query graphs_query(D& d, const Graph& src, const Graph& dst) {
  const auto lhs = encode(d, src, input_vars(d, src));
  Conditions lc = d.take_conditions();
  const auto rhs = encode(d, dst, input_vars(d, dst));
  Conditions rc = d.take_conditions();
  return equivalence_query(lhs, rhs, {}, lc, rc);
}

/// A graph whose output is its input x of shape {2}.
Graph identity() {
  Graph g;
  g.add_output(g.add_input("x", TensorType{DType::F32, {2}}));
  return verified(std::move(g));
}

TEST_CASE("BvDomain: (x + y) - y == x at 8 bits, wrapping included", "[smt]") {
  Graph src;
  NodeId x = src.add_input("x", TensorType{DType::F32, {2}});
  NodeId y = src.add_input("y", TensorType{DType::F32, {2}});
  src.add_output(
      src.add_node(OpKind::Subtract, "sub", {src.add_node(OpKind::Add, "add", {x, y}, {}), y}, {}));
  src = verified(std::move(src));
  Context ctx;
  BvDomain d(ctx, kBits);
  Solver s(ctx);
  const Verdict v = test::timed_check(s, graphs_query(d, src, identity()), "bv (x+y)-y");
  INFO(describe(v));
  CHECK(is_proved(v));
}

TEST_CASE("BvDomain: x * 2 / 2 == x is refuted at 8 bits by an overflow", "[smt]") {
  Graph src;
  NodeId x = src.add_input("x", TensorType{DType::F32, {2}});
  NodeId two = src.add_constant("two", Tensor::scalar(DType::F32, 2));
  src.add_output(src.add_node(OpKind::Divide, "div",
                              {src.add_node(OpKind::Multiply, "mul", {x, two}, {}), two}, {}));
  src = verified(std::move(src));
  Context ctx;
  BvDomain d(ctx, kBits);
  Solver s(ctx);
  const Verdict v = test::timed_check(s, graphs_query(d, src, identity()), "bv x*2/2");
  INFO(describe(v));
  REQUIRE(is_refuted(v));
  // Replay in 8-bit C++ arithmetic: the model's x really breaks the identity.
  const Refuted& r = std::get<Refuted>(v);
  REQUIRE(!r.violations.empty());
  const std::string& what = r.violations[0].what;
  const std::string name = what == "output 0 element [0]" ? "x[0]" : "x[1]";
  const ModelValue* xv = r.model.find(name);
  REQUIRE(xv);
  const auto x8 = static_cast<int8_t>(xv->approx);
  CHECK((x8 >= 64 || x8 < -64));
  CHECK(static_cast<int8_t>(static_cast<int8_t>(x8 * 2) / 2) != x8);
  REQUIRE(r.violations[0].rhs);
  CHECK(r.violations[0].rhs->exact == std::to_string(x8));
}

TEST_CASE("BvDomain literals round to the nearest integer and wrap", "[smt]") {
  Context ctx;
  BvDomain d(ctx, kBits);
  CHECK(identical(d.lit(2.5), ctx.bv_val(2, kBits)));  // ties to even
  CHECK(identical(d.lit(3.5), ctx.bv_val(4, kBits)));
  CHECK(identical(d.lit(-1.2), ctx.bv_val(-1, kBits)));
  CHECK(identical(d.lit(300), ctx.bv_val(44, kBits)));  // 300 mod 256
  CHECK(identical(d.lit(-1), ctx.bv_val(255, kBits)));
  CHECK(d.conditions().unsupported.empty());
  d.lit(1e30);
  REQUIRE(d.conditions().unsupported.size() == 1);
  // Signed comparison: -1 < 1.
  Solver s(ctx);
  CHECK(is_proved(s.check_valid(d.lt(d.lit(-1), d.lit(1)))));
  // Division rounds toward zero and records its obligation.
  const Expr x = ctx.var("x", Sort::bitvec(kBits));
  CHECK(is_proved(s.check_valid(eq(d.div(d.lit(-7), d.lit(2)), d.lit(-3)))));
  d.div(x, x);
  CHECK(d.conditions().obligations.size() == 2);  // 2 != 0, x != 0
}

TEST_CASE("BvDomain: sqrt is unsupported, so the verdict is Unknown", "[smt]") {
  Graph src;
  NodeId x = src.add_input("x", TensorType{DType::F32, {2}});
  src.add_output(src.add_node(OpKind::Sqrt, "sqrt", {x}, {}));
  src = verified(std::move(src));
  Context ctx;
  BvDomain d(ctx, kBits);
  Solver s(ctx);
  // Even a query whose two sides are the same program is not Proved.
  const Verdict v = s.check(graphs_query(d, src, src));
  INFO(describe(v));
  REQUIRE(is_unknown(v));
  CHECK(std::get<Unknown>(v).reason.find("sqrt in the 8-bit bitvector domain") !=
        std::string::npos);
}

}  // namespace
}  // namespace vf::smt
