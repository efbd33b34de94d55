// The lexer of the IR's text format (text_parser.h): tokens produced on demand, so that a
// listing with millions of inline constant values never holds more than one token at a
// time. Lexical errors are reported to the sink as they are found.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "support/diagnostic.h"
#include "support/source_file.h"

namespace vf::ir_text {

/// The kinds of token.
enum class Tok {
  Eof,
  Error,  // a lexical error, already reported
  Ident,
  Value,   // %name or %"name"; `value` holds the decoded name
  Number,  // -?[0-9]..., also -inf / -nan
  String,  // "..."; `value` holds the decoded text
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Equal,
  Colon,
  Less,
  Greater,
};

/// One token: its kind, where it is and how it is spelled.
struct Token {
  Tok kind = Tok::Eof;
  size_t offset = 0;
  size_t length = 0;
  std::string_view text;    // raw spelling
  std::string value;        // decoded name or string
  bool line_start = false;  // first token on its line
};

/// The tokens of one source file, one at a time.
class Lexer {
 public:
  Lexer(const SourceFile& src, DiagnosticSink& diags)
      : src_(src), text_(src.text()), diags_(diags) {}

  /// The next token; Eof at the end, Error after reporting a lexical error.
  Token next();

 private:
  // Skips blanks and comments; true if a newline (or the start of input) was crossed.
  bool skip_space();
  Token make(Tok kind, size_t start);
  Token error(size_t start, size_t length, std::string msg);
  Token lex();

  // Lexes a quoted string at pos_ with C escapes (\" \\ \n \t \xHH); reports errors.
  bool lex_string(std::string& out);
  void skip_to_quote();

  const SourceFile& src_;
  const std::string& text_;
  DiagnosticSink& diags_;
  size_t pos_ = 0;
};

}  // namespace vf::ir_text
