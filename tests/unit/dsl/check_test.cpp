// Semantic checks of rules: variable resolution into the rule's tables, constness, and
// checks run separately from parsing or across files.
#include "dsl/check.h"

#include <catch2/catch.hpp>
#include <string>

#include "dsl/parser.h"

namespace {

using namespace vf::dsl;

std::optional<RuleFile> parse(const std::string& name, const std::string& text,
                              vf::DiagnosticSink& diags) {
  return parse_rules(vf::SourceFile(name, text), diags);
}

}  // namespace

TEST_CASE("dsl check: variables are resolved with their origin and constness", "[dsl]") {
  vf::DiagnosticSink diags;
  auto file = parse("t.rules", R"(rule scale_relu {
  source {
    %m   = multiply(%x, %s);
    %out = leaky_relu(%m, alpha=$a);
  }
  require const(%s);
  require all(%s > 0) && $a >= 0;
  let %s2 = multiply(%s, $a);
  target {
    %r   = leaky_relu(%x, alpha=$a);
    %out = multiply(%r, %s);
  }
})",
                    diags);
  INFO(diags.render());
  REQUIRE(file.has_value());
  const Rule& r = file->rules[0];
  REQUIRE(r.tensor_vars.size() == 6);  // x, s, m, out, s2, r
  auto var = [&](const char* n) -> const TensorVar& { return r.var(r.find_tensor_var(n)); };
  CHECK(var("x").origin == VarOrigin::SourceInput);
  CHECK_FALSE(var("x").is_const);
  CHECK(var("s").origin == VarOrigin::SourceInput);
  CHECK(var("s").is_const);
  CHECK(var("m").origin == VarOrigin::SourceBinding);
  CHECK(var("m").value == r.source[0].value);
  CHECK(var("out").origin == VarOrigin::SourceBinding);
  CHECK(var("s2").origin == VarOrigin::Let);
  CHECK(var("s2").is_const);
  CHECK(var("r").origin == VarOrigin::TargetBinding);
  CHECK_FALSE(r.find_tensor_var("nope").valid());

  REQUIRE(r.attr_vars.size() == 1);
  CHECK(r.attr_vars[0].name == "a");
  CHECK(r.attr_vars[0].kind == vf::AttrKind::Float);

  // References point at the variables; the target's root is the source's root.
  const OpCall* mul = r.expr(r.source[0].value).as<OpCall>();
  CHECK(r.expr(mul->operands[0]).as<TensorRef>()->var == r.find_tensor_var("x"));
  CHECK(r.source[0].var == r.find_tensor_var("m"));
  CHECK(r.target_root().var == r.source_root().var);
  const OpCall* tmul = r.expr(r.target_root().value).as<OpCall>();
  CHECK(r.expr(tmul->operands[0]).as<TensorRef>()->var == r.find_tensor_var("r"));
  const OpCall* lrelu = r.expr(r.source_root().value).as<OpCall>();
  CHECK(r.expr(lrelu->attrs[0].value).as<AttrRef>()->var == r.find_attr_var("a"));
}

TEST_CASE("dsl check: a second use of a source input is the same variable", "[dsl]") {
  vf::DiagnosticSink diags;
  auto file = parse(
      "t.rules", "rule r { source { %o = add(%x, %x); } target { %o = multiply(%x, 2); } }", diags);
  REQUIRE(file.has_value());
  const Rule& r = file->rules[0];
  REQUIRE(r.tensor_vars.size() == 2);
  const OpCall* add = r.expr(r.source_root().value).as<OpCall>();
  CHECK(r.expr(add->operands[0]).as<TensorRef>()->var ==
        r.expr(add->operands[1]).as<TensorRef>()->var);
}

TEST_CASE("dsl check: check_rule_file after an unchecked parse", "[dsl]") {
  vf::SourceFile src("t.rules",
                     "rule r { source { %o = relu(%x); } target { %o = %y; } }\n"
                     "rule r { source { %o = relu(%x); } target { %o = %x; } }\n");
  vf::DiagnosticSink diags;
  auto file = parse_rules_unchecked(src, diags);
  REQUIRE(file.has_value());
  CHECK_FALSE(check_rule_file(*file, diags));
  REQUIRE(diags.error_count() == 2);
  CHECK(diags.all()[0].message ==
        "the target uses '%y', which the source and the lets do not bind");
  CHECK(diags.all()[1].message == "duplicate rule 'r'");
  CHECK(diags.all()[2].severity == vf::Severity::Note);
}

TEST_CASE("dsl check: rule names are unique across files", "[dsl]") {
  const std::string rule = "rule same { source { %o = relu(%x); } target { %o = %x; } }\n";
  vf::DiagnosticSink diags;
  auto a = parse("a.rules", rule, diags);
  auto b = parse("b.rules", "\n" + rule, diags);
  REQUIRE(a.has_value());
  REQUIRE(b.has_value());
  const RuleFile* files[] = {&*a, &*b};
  CHECK_FALSE(check_unique_rule_names(files, diags));
  CHECK(diags.render() ==
        "b.rules:2:6: error: duplicate rule 'same'\n"
        "rule same { source { %o = relu(%x); } target { %o = %x; } }\n"
        "     ^~~~\n"
        "a.rules:1:6: note: rule 'same' first defined here\n"
        "rule same { source { %o = relu(%x); } target { %o = %x; } }\n"
        "     ^~~~\n");
}
