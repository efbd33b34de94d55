// The IEEE float32 reading of the semantics: bit-exact up to NaN payloads, so x + 0 is
// not x (-0 + 0 = +0), while x * 1 is.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "interp/interpreter.h"
#include "smt/float32_domain.h"
#include "smt_test_util.h"

namespace vf::smt {
namespace {

using test::encode;
using test::verified;

/// x op c against x, for a scalar x and a float32 constant c.
Query identity_query(Float32Domain& d, OpKind op, double c, Graph* src_out = nullptr) {
  Graph src, dst;
  NodeId x = src.add_input("x", TensorType{DType::F32, {}});
  NodeId k = src.add_constant("c", Tensor::scalar(DType::F32, c));
  src.add_output(src.add_node(op, "op", {x, k}, {}));
  dst.add_output(dst.add_input("x", TensorType{DType::F32, {}}));
  src = verified(std::move(src));
  dst = verified(std::move(dst));
  const auto lhs = encode(d, src, input_vars(d, src));
  const auto rhs = encode(d, dst, input_vars(d, dst));
  if (src_out) *src_out = src;
  return equivalence_query(lhs, rhs, {}, d.take_conditions(), {});
}

TEST_CASE("Float32Domain: x + 0 == x is refuted by -0, and the interpreter agrees", "[smt]") {
  Context ctx;
  Float32Domain d(ctx);
  Solver s(ctx);
  Graph src;
  const Verdict v = test::timed_check(s, identity_query(d, OpKind::Add, 0.0, &src), "f32 x+0");
  INFO(describe(v));
  REQUIRE(is_refuted(v));
  const Refuted& r = std::get<Refuted>(v);
  const ModelValue* x = r.model.find("x");
  REQUIRE(x);
  CHECK(x->exact == "#x80000000");
  CHECK(std::signbit(x->approx));
  REQUIRE(r.violations.size() == 1);
  CHECK(r.violations[0].lhs->exact == "#x00000000");

  RunOptions opts;  // f32, as the rule claims bit-exactness there
  opts.inputs.emplace("x", Tensor::scalar(DType::F32, x->approx));
  auto out = run_graph(CertifiedGraph::unrewritten(src), opts);
  REQUIRE(out.ok());
  const double y = (*out)[0].get(0);
  CHECK(y == 0);
  CHECK_FALSE(std::signbit(y));  // +0: not the input's -0
}

TEST_CASE("Float32Domain: x * 1 == x is proved, NaN and -0 included", "[smt]") {
  Context ctx;
  Float32Domain d(ctx);
  Solver s(ctx);
  const Verdict v = test::timed_check(s, identity_query(d, OpKind::Multiply, 1.0), "f32 x*1");
  INFO(describe(v));
  CHECK(is_proved(v));
  // ... but x * 0 == x is not.
  CHECK(is_refuted(s.check(identity_query(d, OpKind::Multiply, 0.0))));
}

TEST_CASE("Float32Domain: literals round like float, comparisons are false on NaN", "[smt]") {
  Context ctx;
  Float32Domain d(ctx);
  Solver s(ctx);
  CHECK(identical(d.lit(0.1), ctx.fp32_val(0.1f)));
  CHECK_FALSE(identical(d.lit(-0.0), d.lit(0.0)));
  const Expr nan = d.lit(std::numeric_limits<double>::quiet_NaN());
  const Expr x = ctx.var("x", Sort::float32());
  CHECK(is_proved(s.check_valid(!d.lt(nan, x) && !d.le(x, nan))));
  // relu passes NaN through (x < 0 is false): relu(NaN) is NaN, and SMT `=` says so.
  CHECK(is_proved(s.check_valid(eq(d.select(d.lt(nan, d.lit(0)), d.lit(0), nan), nan))));
  // -0 < +0 is false in IEEE; they are still different values.
  CHECK(is_proved(s.check_valid(!d.lt(d.lit(-0.0), d.lit(0.0)))));
  CHECK(is_proved(s.check_valid(ne(d.lit(-0.0), d.lit(0.0)))));
}

}  // namespace
}  // namespace vf::smt
