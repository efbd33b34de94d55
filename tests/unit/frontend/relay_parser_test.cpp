// The Relay lexer and parser: tokens and AST nodes carry exact byte ranges, `ty=`
// annotations are read from comments, and syntax errors are all reported.
#include "frontend/relay_parser.h"

#include <catch2/catch.hpp>
#include <string>

#include "frontend/relay_lexer.h"

namespace {

using vf::relay::ExprAst;
using vf::relay::TokenKind;

std::string text_of(const vf::SourceFile& src, vf::relay::Span s) {
  return src.text().substr(s.offset, s.length);
}

}  // namespace

TEST_CASE("relay: lexer splits literals, names and projections", "[relay]") {
  vf::SourceFile src("t.relay", "%89.0 nn.conv2d 2e-05f -1 1i64 \"NCHW\" -> /* c */ @main");
  vf::DiagnosticSink diags;
  auto ts = vf::relay::lex_relay(src, diags);
  REQUIRE_FALSE(diags.has_errors());
  const auto& t = ts.tokens;
  REQUIRE(t.size() == 12);
  CHECK(t[0].kind == TokenKind::LocalVar);
  CHECK(t[0].text == "89");
  CHECK(t[1].kind == TokenKind::Dot);
  CHECK(t[2].kind == TokenKind::Int);
  CHECK(t[3].kind == TokenKind::Ident);
  CHECK(t[3].text == "nn.conv2d");
  CHECK(t[4].kind == TokenKind::Float);
  CHECK(t[4].text == "2e-05");
  CHECK(t[4].suffix == "f");
  CHECK(t[4].offset == 16);
  CHECK(t[4].length == 6);
  CHECK(t[5].kind == TokenKind::Int);
  CHECK(t[5].text == "-1");
  CHECK(t[6].suffix == "i64");
  CHECK(t[7].kind == TokenKind::String);
  CHECK(t[7].text == "NCHW");
  CHECK(t[8].kind == TokenKind::Arrow);
  CHECK(t[9].kind == TokenKind::Comment);
  CHECK(t[9].text == " c ");
  CHECK(t[10].kind == TokenKind::GlobalVar);
  CHECK(t[11].kind == TokenKind::Eof);
}

TEST_CASE("relay: lexer reports bad characters and keeps going", "[relay]") {
  vf::SourceFile src("t.relay", "%a $ %b 1q");
  vf::DiagnosticSink diags;
  auto ts = vf::relay::lex_relay(src, diags);
  REQUIRE(diags.error_count() == 2);
  CHECK(diags.all()[0].message == "unexpected character '$'");
  CHECK(diags.all()[1].message == "unknown numeric literal suffix 'q'");
  CHECK(ts.tokens.size() == 4);  // %a %b 1 eof
}

TEST_CASE("relay: parser keeps spans and reads ty= annotations", "[relay]") {
  vf::SourceFile src("t.relay", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 16), float32]) -> Tensor[(1, 16), float32] {
  %0 = add(%x, 1f /* ty=float32 */, axis=[1, -2], name="a b") /* ty=Tensor[(1, 16), float32] */;
  %1 = (%0, %x);
  %1.0
})");
  vf::DiagnosticSink diags;
  auto m = vf::relay::parse_relay(src, diags);
  INFO(diags.render());
  REQUIRE_FALSE(diags.has_errors());
  REQUIRE(m.complete);
  CHECK(m.version == "0.0.5");
  REQUIRE(m.functions.size() == 1);
  const auto& f = m.functions[0];
  CHECK(f.name == "main");
  REQUIRE(f.params.size() == 1);
  CHECK(f.params[0].name == "x");
  CHECK(f.params[0].type->shape == std::vector<int64_t>{1, 16});
  CHECK(text_of(src, f.params[0].type->span) == "Tensor[(1, 16), float32]");
  REQUIRE(f.ret_type);
  REQUIRE(f.bindings.size() == 2);

  const ExprAst& call = *f.bindings[0].value;
  CHECK(call.kind == ExprAst::Kind::Call);
  CHECK(call.name == "add");
  CHECK(text_of(src, call.name_span) == "add");
  REQUIRE(call.args.size() == 2);
  CHECK(call.args[1].kind == ExprAst::Kind::Float);
  CHECK(call.args[1].float_value == 1.0);
  REQUIRE(call.args[1].annotation);
  CHECK(call.args[1].annotation->shape.empty());
  CHECK(text_of(src, call.args[1].annotation->span) == "float32");
  REQUIRE(call.attrs.size() == 2);
  CHECK(call.attrs[0].name == "axis");
  REQUIRE(call.attrs[0].value.items.size() == 2);
  CHECK(call.attrs[0].value.items[1].int_value == -2);
  CHECK(call.attrs[1].value.str_value == "a b");
  REQUIRE(call.annotation);
  CHECK(text_of(src, call.annotation->span) == "Tensor[(1, 16), float32]");

  CHECK(f.bindings[1].value->kind == ExprAst::Kind::Tuple);
  REQUIRE(f.result);
  CHECK(f.result->kind == ExprAst::Kind::Proj);
  CHECK(f.result->int_value == 0);
  CHECK(text_of(src, f.result->name_span) == ".0");
  CHECK(text_of(src, f.result->span) == "%1.0");
}

TEST_CASE("relay: parser reports each malformed binding and recovers", "[relay]") {
  vf::SourceFile src("t.relay", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(2), float32]) {
  %0 = add(%x,, %x);
  %1 = negative(%x);
  %2 = sqrt(%x /* ty=Tensor[(2), float32 */);
  %1
})");
  vf::DiagnosticSink diags;
  auto m = vf::relay::parse_relay(src, diags);
  CHECK_FALSE(m.complete);
  REQUIRE(diags.error_count() == 2);
  CHECK(diags.all()[0].loc.line == 3);
  CHECK(diags.all()[0].message == "expected an expression, got ','");
  CHECK(diags.all()[1].loc.line == 5);
  CHECK(diags.all()[1].message ==
        "unexpected end of type annotation: expected ']' to close the tensor type");
  REQUIRE(m.functions.size() == 1);
  const auto& f = m.functions[0];
  REQUIRE(f.bindings.size() == 3);
  CHECK_FALSE(f.bindings[0].value);  // malformed, but still a name (no follow-up errors)
  CHECK(f.bindings[1].value);
  CHECK_FALSE(f.bindings[2].value);
  CHECK(f.result);
}
