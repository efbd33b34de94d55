// A rule applies only to numbers of its domain: a rule proved over the reals never
// rewrites integer tensors (whose arithmetic is exact integers with their own rounding
// and saturation, ops.def), and a bitvector rule never rewrites floats.
#include <catch2/catch.hpp>

#include "rewrite/match.h"
#include "rewrite_test_util.h"

namespace vf::rewrite {
namespace {

/// minimum(maximum(x, 0), 6) with x of the given type: relu6 written out.
Graph relu6_written_out(DType t) {
  Graph g;
  NodeId x = g.add_input("x", TensorType{t, {2, 3}});
  NodeId zero = g.add_constant("zero", Tensor::scalar(t, 0));
  NodeId six = g.add_constant("six", Tensor::scalar(t, 6));
  NodeId m = g.add_node(OpKind::Maximum, "m", {x, zero}, {});
  NodeId out = g.add_node(OpKind::Minimum, "out", {m, six}, {});
  g.add_output(out);
  return test::bound(std::move(g));
}

TEST_CASE("match: a rule over the reals does not rewrite integer tensors", "[rewrite][quant]") {
  const LibraryRule& lr = test::library_rule("recognise_relu6_max_then_min");
  Matcher m(*lr.rule, lr.file);
  const Graph f = relu6_written_out(DType::F32);
  CHECK(m.match(f, count_users(f), f.find("out")));
  // In int8, maximum / minimum are exact and clip does not exist: the real-domain proof says
  // nothing about these nodes.
  const Graph i = relu6_written_out(DType::I8);
  std::string why;
  CHECK_FALSE(m.match(i, count_users(i), i.find("out"), &why));
  CHECK_THAT(why, Catch::Contains("is int8; the rule is proved over real"));
}

/// maximum(requantize(acc, m), z) with acc of the given type and z the zero point.
Graph relu_after_requantize() {
  Graph g;
  NodeId acc = g.add_input("acc", TensorType{DType::I32, {1, 2, 2, 2}});
  NodeId mult = g.add_constant(
      "m", Tensor::from_doubles(TensorType{DType::I32, {2}}, std::vector<double>{1 << 30, 3}));
  NodeId z = g.add_constant("z", Tensor::scalar(DType::I8, -5));
  Attrs ra;
  ra.set("shift", int64_t{31});
  ra.set("zero_point", int64_t{-5});
  NodeId y = g.add_node(OpKind::Requantize, "y", {acc, mult}, std::move(ra));
  NodeId out = g.add_node(OpKind::Maximum, "out", {y, z}, {});
  g.add_output(out);
  return test::bound(std::move(g));
}

TEST_CASE("match: a bitvector rule rewrites integer tensors and not floats", "[rewrite][quant]") {
  const LibraryRule& lr = test::library_rule("requantize_relu_into_clamp");
  Matcher m(*lr.rule, lr.file);
  const Graph g = relu_after_requantize();
  std::string why;
  CHECK(m.match(g, count_users(g), g.find("out"), &why));
  INFO(why);
  // A bitvector rule whose pattern a float graph has: it does not match the floats.
  auto src = std::make_shared<SourceFile>("inline.rules", R"(
rule max_of_max_bv64 {
  domain bv(64);
  source {
    %m   = maximum(%x, 0);
    %out = maximum(%m, 0);
  }
  target {
    %out = maximum(%x, 0);
  }
}
)");
  DiagnosticSink diags;
  auto rf = dsl::parse_rules(*src, diags);
  INFO(diags.render());
  REQUIRE(rf);
  Matcher mb(rf->rules[0], src);
  Graph f;
  NodeId x = f.add_input("x", TensorType{DType::F32, {3}});
  NodeId zero = f.add_constant("zero", Tensor::scalar(DType::F32, 0));
  NodeId a = f.add_node(OpKind::Maximum, "a", {x, zero}, {});
  NodeId b = f.add_node(OpKind::Maximum, "b", {a, zero}, {});
  f.add_output(b);
  f = test::bound(std::move(f));
  CHECK_FALSE(mb.match(f, count_users(f), f.find("b"), &why));
  CHECK_THAT(why, Catch::Contains("is float32; the rule is proved over bv(64)"));
}

/// minimum(requantize(acc, m, qmin), c) with c a rank-0 constant of type `ct` holding `c`:
/// a relu6's upper bound as vfuse quantize writes it.
Graph min_after_requantize(DType ct, double c, int64_t qmin = -128) {
  Graph g;
  NodeId acc = g.add_input("acc", TensorType{DType::I32, {1, 2, 2, 2}});
  NodeId mult = g.add_constant(
      "m", Tensor::from_doubles(TensorType{DType::I32, {2}}, std::vector<double>{1 << 30, 3}));
  NodeId six = g.add_constant("six", Tensor::scalar(ct, c));
  Attrs ra;
  ra.set("shift", int64_t{31});
  ra.set("zero_point", int64_t{-5});
  ra.set("qmin", qmin);
  NodeId y = g.add_node(OpKind::Requantize, "y", {acc, mult}, std::move(ra));
  NodeId out = g.add_node(OpKind::Minimum, "out", {y, six}, {});
  g.add_output(out);
  return test::bound(std::move(g));
}

TEST_CASE("match: an int attribute variable operand binds an integer constant's value",
          "[rewrite][quant]") {
  const LibraryRule& lr = test::library_rule("requantize_min_into_clamp");
  Matcher m(*lr.rule, lr.file);
  const dsl::AttrVarId c = lr.rule->find_attr_var("c");
  REQUIRE(c.valid());
  CHECK(lr.rule->var(c).kind == AttrKind::Int);
  CHECK(lr.rule->var(c).from_operand);
  std::string why;
  const Graph g = min_after_requantize(DType::I8, 100);
  auto hit = m.match(g, count_users(g), g.find("out"), &why);
  INFO(why);
  REQUIRE(hit);
  // The constant's value, as an int: what the target's qmax=$c becomes.
  CHECK(hit->slots[c.index] == AttrValue(int64_t{100}));
  // The precondition $c <= $hi is checked on the value (qmax is int8's 127 here).
  const Graph above = min_after_requantize(DType::I8, 127);
  CHECK(m.match(above, count_users(above), above.find("out")));
  const Graph low = min_after_requantize(DType::I8, -128);
  CHECK(m.match(low, count_users(low), low.find("out")));
  // Below the clamp's low end: the pattern matches, the precondition $lo <= $c does not.
  const Graph below = min_after_requantize(DType::I8, -3, 0);
  why.clear();
  CHECK_FALSE(m.match(below, count_users(below), below.find("out"), &why));
  CHECK_THAT(why, Catch::Contains("$lo <= $c"));
}

}  // namespace
}  // namespace vf::rewrite
