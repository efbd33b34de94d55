// Tokens of the rule DSL (docs/rules.md, "Lexical structure"). Every token carries its
// byte range in the source, so that the parser can point diagnostics at it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/source_file.h"

namespace vf::dsl {

/// Kinds of rule DSL tokens.
enum class TokenKind : uint8_t {
  Eof,
  Ident,      ///< keyword, operator, built-in, attribute or verdict name
  TensorVar,  ///< `%name`; text is the name without the sigil
  AttrVar,    ///< `$name`; text is the name without the sigil
  Int,        ///< `3`, `-1`; text is the spelling
  Float,      ///< `0.5`, `1e-05`, `-3.0`; text is the spelling
  String,     ///< `"relu"`; text is the contents with escapes resolved
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Semicolon,
  Assign,     ///< `=`
  EqEq,       ///< `==`
  NotEq,      ///< `!=`
  Less,       ///< `<`
  LessEq,     ///< `<=`
  Greater,    ///< `>`
  GreaterEq,  ///< `>=`
  AndAnd,     ///< `&&`
  OrOr,       ///< `||`
  Bang,       ///< `!`
};

/// A human-readable spelling of a token kind, for "expected ..." messages.
std::string_view token_kind_name(TokenKind k);

/// One token with its byte range [offset, offset + length) in the source file.
struct Token {
  TokenKind kind = TokenKind::Eof;
  uint32_t offset = 0;
  uint32_t length = 0;
  std::string text;
  uint32_t end() const { return offset + length; }
};

/// A lexical error at a byte range of the source.
struct LexError {
  uint32_t offset = 0;
  uint32_t length = 1;
  std::string message;
};

/// Tokens (always ending with Eof) and the lexical errors met on the way, which the
/// parser reports in file order among its own.
struct LexResult {
  std::vector<Token> tokens;
  std::vector<LexError> errors;
};

/// Splits a rule file into tokens. `#` comments and white space are dropped; bad
/// characters and unterminated strings are recorded as errors and skipped (a single '&'
/// or '|' is taken as '&&' or '||' after the error, to spare follow-on errors).
LexResult lex_rules(const SourceFile& src);

}  // namespace vf::dsl
