// The rule DSL parser: the shape of the syntax tree, byte ranges on its nodes, operator
// resolution from ops.def, precedence, and syntax errors all reported with no RuleFile.
#include "dsl/parser.h"

#include <catch2/catch.hpp>
#include <string>

#include "dsl/printer.h"

namespace {

using namespace vf::dsl;

std::string text_of(const vf::SourceFile& src, Span s) {
  return src.text().substr(s.offset, s.length);
}

constexpr const char* kFold = R"(# comment
rule fold_bn {
  domain bv(8);
  source {
    %y   = conv2d(%x, %w, strides=$s, padding=[0, 0, 0, 0]);
    %out = batch_norm(%y, %g, %b, %m, %v, epsilon=1e-05, axis=1);
  }
  require const(%w, %g, %v) && single_use(%y);
  require $s == [1, 1] || !(rank(%x) < 4);
  let %a = divide(%g, sqrt(add(%v, 0.5)));
  require all(%a > 0);
  target {
    %out = conv2d(%x, multiply(%w, %a), strides=$s);
  }
  expect refuted;
}
)";

}  // namespace

TEST_CASE("dsl parser: a rule's clauses and nodes", "[dsl]") {
  vf::SourceFile src("fold.rules", kFold);
  vf::DiagnosticSink diags;
  auto file = parse_rules(src, diags);
  INFO(diags.render());
  REQUIRE(file.has_value());
  REQUIRE(file->rules.size() == 1);
  const Rule& r = file->rules[0];
  CHECK(r.name == "fold_bn");
  CHECK(text_of(src, r.name_span) == "fold_bn");
  CHECK(text_of(src, r.span).rfind("rule fold_bn {", 0) == 0);
  CHECK(text_of(src, r.span).back() == '}');
  CHECK(r.domain.kind == DomainKind::Bv);
  CHECK(r.domain.width == 8);
  CHECK(text_of(src, r.domain.span) == "bv(8)");
  CHECK(r.expect == Verdict::Refuted);
  CHECK(text_of(src, r.expect_span) == "refuted");

  REQUIRE(r.source.size() == 2);
  const Binding& y = r.source[0];
  CHECK(y.name == "y");
  CHECK(text_of(src, y.span) == "%y   = conv2d(%x, %w, strides=$s, padding=[0, 0, 0, 0]);");
  const OpCall* conv = r.expr(y.value).as<OpCall>();
  REQUIRE(conv != nullptr);
  CHECK(conv->op == vf::OpKind::Conv2d);
  CHECK(text_of(src, conv->name_span) == "conv2d");
  REQUIRE(conv->operands.size() == 2);
  CHECK(r.expr(conv->operands[0]).as<TensorRef>()->name == "x");
  REQUIRE(conv->attrs.size() == 2);
  CHECK(conv->attrs[0].name == "strides");
  CHECK(r.expr(conv->attrs[0].value).as<AttrRef>()->name == "s");
  CHECK(r.expr(conv->attrs[1].value).as<IntListLit>()->values == std::vector<int64_t>{0, 0, 0, 0});
  CHECK(conv->find_attr("padding") == &conv->attrs[1]);
  CHECK(conv->find_attr("groups") == nullptr);

  const OpCall* bn = r.expr(r.source_root().value).as<OpCall>();
  REQUIRE(bn != nullptr);
  CHECK(bn->op == vf::OpKind::BatchNorm);
  const FloatLit* eps = r.expr(bn->find_attr("epsilon")->value).as<FloatLit>();
  REQUIRE(eps != nullptr);
  CHECK(eps->text == "1e-05");
  CHECK(eps->value == 1e-05);

  // `&&` binds tighter than `||`; `!` applies to the parenthesized comparison.
  REQUIRE(r.preconditions.size() == 3);
  const Logic* conj = r.expr(r.preconditions[0].cond).as<Logic>();
  REQUIRE(conj != nullptr);
  CHECK(conj->op == LogicOp::And);
  CHECK(r.expr(conj->lhs).as<BuiltinCall>()->fn == Builtin::Const);
  CHECK(r.expr(conj->lhs).as<BuiltinCall>()->args.size() == 3);
  const Logic* disj = r.expr(r.preconditions[1].cond).as<Logic>();
  REQUIRE(disj != nullptr);
  CHECK(disj->op == LogicOp::Or);
  const Not* neg = r.expr(disj->rhs).as<Not>();
  REQUIRE(neg != nullptr);
  CHECK(r.expr(neg->operand).as<Compare>()->op == CmpOp::Lt);
  CHECK(text_of(src, r.expr(disj->rhs).span) == "!(rank(%x) < 4)");

  REQUIRE(r.lets.size() == 1);
  CHECK(r.lets[0].name == "a");
  CHECK(print_expr(r, r.lets[0].value) == "divide(%g, sqrt(add(%v, 0.5)))");
  REQUIRE(r.target.size() == 1);
  CHECK(print_expr(r, r.target_root().value) == "conv2d(%x, multiply(%w, %a), strides=$s)");
  CHECK(print_expr(r, r.preconditions[1].cond) == "$s == [1, 1] || !(rank(%x) < 4)");

  // The file keeps its source, for later stages' diagnostics.
  REQUIRE(file->source != nullptr);
  CHECK(file->source->name() == "fold.rules");
  CHECK(file->find("fold_bn") == &file->rules[0]);
  CHECK(file->find("nope") == nullptr);
}

TEST_CASE("dsl parser: defaults and nested calls", "[dsl]") {
  vf::SourceFile src("t.rules",
                     "rule r { source { %o = relu(add(%x, -3.0)); } target { %o = %x; } }");
  vf::DiagnosticSink diags;
  auto file = parse_rules(src, diags);
  REQUIRE(file.has_value());
  const Rule& r = file->rules[0];
  CHECK(r.domain.kind == DomainKind::Real);
  CHECK(r.domain.span.length == 0);
  CHECK(r.expect == Verdict::Proved);
  CHECK(r.expect_span.length == 0);
  const OpCall* relu = r.expr(r.source_root().value).as<OpCall>();
  const OpCall* add = r.expr(relu->operands[0]).as<OpCall>();
  REQUIRE(add != nullptr);
  CHECK(r.expr(add->operands[1]).as<FloatLit>()->value == -3.0);
  CHECK(text_of(src, r.expr(relu->operands[0]).span) == "add(%x, -3.0)");
  CHECK(r.expr(r.target_root().value).as<TensorRef>() != nullptr);
}

TEST_CASE("dsl parser: every syntax error is reported and nothing is returned", "[dsl]") {
  vf::SourceFile src("t.rules",
                     "rule a { source { %o = relu(%x) } target { %o = %x; } }\n"
                     "junk\n"
                     "rule b { source { %o = relu(,); } target { %o = %x; } }\n"
                     "rule c { source { %o = relu(%x); } target { %o = %x; } }\n");
  vf::DiagnosticSink diags;
  auto file = parse_rules(src, diags);
  CHECK_FALSE(file.has_value());
  REQUIRE(diags.error_count() == 3);
  CHECK(diags.all()[0].message == "expected ';' after the binding of '%o'");
  CHECK(diags.all()[0].loc.line == 1);
  CHECK(diags.all()[1].message == "expected 'rule', got 'junk'");
  CHECK(diags.all()[2].message == "expected an expression, got ','");
  CHECK(diags.all()[2].loc.line == 3);
}

TEST_CASE("dsl parser: unchecked parsing leaves variables unresolved", "[dsl]") {
  vf::SourceFile src("t.rules", "rule r { source { %o = relu(%x); } target { %o = %nope; } }");
  vf::DiagnosticSink diags;
  auto file = parse_rules_unchecked(src, diags);
  REQUIRE(file.has_value());
  CHECK(diags.all().empty());
  CHECK(file->rules[0].tensor_vars.empty());
}

TEST_CASE("dsl parser: an unreadable file is an error", "[dsl]") {
  vf::DiagnosticSink diags;
  auto file = parse_rules_file("/nonexistent/x.rules", diags);
  CHECK_FALSE(file.has_value());
  REQUIRE(diags.error_count() == 1);
  CHECK(diags.all()[0].file == "/nonexistent/x.rules");
  CHECK(diags.all()[0].message.rfind("cannot open", 0) == 0);
}

TEST_CASE("dsl parser: the rule files of the repository parse from disk", "[dsl]") {
  vf::DiagnosticSink diags;
  auto file =
      parse_rules_file(std::string(VF_SOURCE_DIR) + "/tests/dsl/ok/activations.rules", diags);
  INFO(diags.render());
  REQUIRE(file.has_value());
  CHECK(file->find("recognise_hard_swish") != nullptr);
}
