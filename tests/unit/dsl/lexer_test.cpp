// The rule DSL lexer: token kinds, spellings and exact byte ranges; lexical errors are
// recorded with their place and lexing goes on.
#include "dsl/lexer.h"

#include <catch2/catch.hpp>

namespace {

using vf::dsl::TokenKind;

}  // namespace

TEST_CASE("dsl lexer: variables, literals, operators and comments", "[dsl]") {
  vf::SourceFile src("t.rules",
                     "rule r { %x_1 $eps 3 -1 1e-05 -3.0 \"re\\\"lu\" [1, 1] # comment\n"
                     "== != <= >= < > && || ! = ; }");
  auto lexed = vf::dsl::lex_rules(src);
  REQUIRE(lexed.errors.empty());
  const auto& t = lexed.tokens;
  std::vector<TokenKind> kinds;
  for (const auto& tok : t) kinds.push_back(tok.kind);
  std::vector<TokenKind> want = {
      TokenKind::Ident,   TokenKind::Ident,     TokenKind::LBrace,    TokenKind::TensorVar,
      TokenKind::AttrVar, TokenKind::Int,       TokenKind::Int,       TokenKind::Float,
      TokenKind::Float,   TokenKind::String,    TokenKind::LBracket,  TokenKind::Int,
      TokenKind::Comma,   TokenKind::Int,       TokenKind::RBracket,  TokenKind::EqEq,
      TokenKind::NotEq,   TokenKind::LessEq,    TokenKind::GreaterEq, TokenKind::Less,
      TokenKind::Greater, TokenKind::AndAnd,    TokenKind::OrOr,      TokenKind::Bang,
      TokenKind::Assign,  TokenKind::Semicolon, TokenKind::RBrace,    TokenKind::Eof};
  CHECK(kinds == want);
  CHECK(t[3].text == "x_1");
  CHECK(t[3].offset == 9);
  CHECK(t[3].length == 4);  // the sigil is part of the range, not of the text
  CHECK(t[4].text == "eps");
  CHECK(t[6].text == "-1");
  CHECK(t[7].text == "1e-05");
  CHECK(t[8].text == "-3.0");
  CHECK(t[9].text == "re\"lu");
  CHECK(t.back().offset == src.text().size());
}

TEST_CASE("dsl lexer: bad characters are recorded and skipped", "[dsl]") {
  vf::SourceFile src("t.rules", "%a @ % 12x & \"open\n%b");
  auto lexed = vf::dsl::lex_rules(src);
  REQUIRE(lexed.errors.size() == 5);
  CHECK(lexed.errors[0].message == "unexpected character '@'");
  CHECK(lexed.errors[0].offset == 3);
  CHECK(lexed.errors[1].message == "expected a name like '%x' after '%'");
  CHECK(lexed.errors[2].message == "malformed number '12x'");
  CHECK(lexed.errors[2].length == 3);
  CHECK(lexed.errors[3].message == "unexpected character '&' (did you mean '&&'?)");
  CHECK(lexed.errors[4].message == "unterminated string");
  // Lexing goes on after each error; a lone '&' is taken as '&&'.
  const auto& t = lexed.tokens;
  REQUIRE(t.size() == 4);
  CHECK(t[0].text == "a");
  CHECK(t[1].kind == TokenKind::AndAnd);
  CHECK(t[2].kind == TokenKind::TensorVar);
  CHECK(t[2].text == "b");
}
