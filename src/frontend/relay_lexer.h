// Tokens of TVM Relay text (version 0.0.5). Every token carries its byte range in the
// source, so that the parser and the importer can point diagnostics at it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/diagnostic.h"
#include "support/source_file.h"

namespace vf::relay {

/// Kinds of Relay tokens.
enum class TokenKind : uint8_t {
  Eof,
  Ident,      ///< keyword, type name or operator name; may be dotted: `nn.conv2d`
  LocalVar,   ///< `%name`; text is the name without the sigil
  GlobalVar,  ///< `@name`; text is the name without the sigil
  Int,        ///< `3`, `-1`, `1i64`
  Float,      ///< `1f`, `2e-05f`, `0.5`, `1f64`
  String,     ///< `"NCHW"`; text is the contents without quotes
  Comment,    ///< `/* ... */`; text is the contents between the delimiters
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Semicolon,
  Colon,
  Equal,
  Arrow,
  Dot,
  Hash,
};

/// A human-readable spelling of a token kind, for "expected ..." messages.
std::string_view token_kind_name(TokenKind k);

/// One token with its byte range [offset, offset + length) in the source file.
struct Token {
  TokenKind kind = TokenKind::Eof;
  uint32_t offset = 0;
  uint32_t length = 0;
  std::string text;    ///< identifier/variable name, literal spelling, or comment body
  std::string suffix;  ///< type suffix of a numeric literal: "f", "f64", "i64", or empty
  uint32_t end() const { return offset + length; }
};

/// Result of lexing: the tokens (always ending with Eof) and whether the input ended
/// inside a comment or string (the lexer has already reported that).
struct TokenStream {
  std::vector<Token> tokens;
  bool truncated = false;
};

/// Splits `src.text()[begin, end)` into tokens; byte offsets are absolute within `src`,
/// so a comment's body can be re-lexed in place. Bad characters are reported and skipped.
TokenStream lex_relay(const SourceFile& src, DiagnosticSink& diags, size_t begin = 0,
                      size_t end = std::string::npos);

}  // namespace vf::relay
