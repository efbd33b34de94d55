// The lexer of the IR's text format: see text_lexer.h.
#include "ir/text_lexer.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <string>
#include <utility>

namespace vf::ir_text {
namespace {

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) { return is_ident_start(c) || is_digit(c) || c == '.'; }

}  // namespace

Token Lexer::next() {
  bool line_start = skip_space();
  Token t = lex();
  t.line_start = line_start;
  t.text = std::string_view(text_).substr(t.offset, t.length);
  return t;
}

// Skips blanks and comments; true if a newline (or the start of input) was crossed.
bool Lexer::skip_space() {
  bool newline = pos_ == 0;
  while (pos_ < text_.size()) {
    char c = text_[pos_];
    if (c == '\n') {
      newline = true;
      ++pos_;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      ++pos_;
    } else if (c == '#') {
      while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    } else {
      break;
    }
  }
  return newline;
}

Token Lexer::make(Tok kind, size_t start) { return Token{kind, start, pos_ - start, {}, {}, false}; }

Token Lexer::error(size_t start, size_t length, std::string msg) {
  diags_.error(src_, start, length, std::move(msg));
  Token t{Tok::Error, start, pos_ - start, {}, {}, false};
  return t;
}

Token Lexer::lex() {
  size_t start = pos_;
  if (pos_ >= text_.size()) return make(Tok::Eof, start);
  char c = text_[pos_];
  auto punct = [&](Tok k) {
    ++pos_;
    return make(k, start);
  };
  switch (c) {
    case '(': return punct(Tok::LParen);
    case ')': return punct(Tok::RParen);
    case '[': return punct(Tok::LBracket);
    case ']': return punct(Tok::RBracket);
    case '{': return punct(Tok::LBrace);
    case '}': return punct(Tok::RBrace);
    case ',': return punct(Tok::Comma);
    case '=': return punct(Tok::Equal);
    case ':': return punct(Tok::Colon);
    case '<': return punct(Tok::Less);
    case '>': return punct(Tok::Greater);
    default: break;
  }
  if (c == '%') {
    ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '"') {
      std::string value;
      if (!lex_string(value)) return make(Tok::Error, start);
      Token t = make(Tok::Value, start);
      t.value = std::move(value);
      return t;
    }
    while (pos_ < text_.size() && is_name_char(text_[pos_])) ++pos_;
    if (pos_ == start + 1) return error(start, 1, "expected a value name after '%'");
    Token t = make(Tok::Value, start);
    t.value = text_.substr(start + 1, pos_ - start - 1);
    return t;
  }
  if (c == '"') {
    std::string value;
    if (!lex_string(value)) return make(Tok::Error, start);
    Token t = make(Tok::String, start);
    t.value = std::move(value);
    return t;
  }
  if (is_ident_start(c)) {
    while (pos_ < text_.size() && is_name_char(text_[pos_])) ++pos_;
    return make(Tok::Ident, start);
  }
  if (is_digit(c) || c == '-') {
    ++pos_;
    if (c == '-' && pos_ < text_.size() && is_ident_start(text_[pos_])) {  // -inf, -nan
      while (pos_ < text_.size() && is_ident_start(text_[pos_])) ++pos_;
      return make(Tok::Number, start);
    }
    if (c == '-' && (pos_ >= text_.size() || !is_digit(text_[pos_])))
      return error(start, 1, "expected a number after '-'");
    bool hex = text_.compare(start, 2, "0x") == 0;
    while (pos_ < text_.size()) {
      char d = text_[pos_];
      char prev = text_[pos_ - 1];
      if (is_name_char(d) || (!hex && (d == '+' || d == '-') && (prev == 'e' || prev == 'E')))
        ++pos_;
      else
        break;
    }
    return make(Tok::Number, start);
  }
  ++pos_;
  auto uc = static_cast<unsigned char>(c);
  std::string shown = uc >= 0x20 && uc < 0x7f ? std::string(1, c) : fmt::format("\\x{:02x}", uc);
  return error(start, 1, fmt::format("unexpected character '{}'", shown));
}

// Lexes a quoted string at pos_ with C escapes (\" \\ \n \t \xHH); reports errors.
bool Lexer::lex_string(std::string& out) {
  size_t quote = pos_++;
  while (pos_ < text_.size() && text_[pos_] != '\n') {
    char c = text_[pos_];
    if (c == '"') {
      ++pos_;
      return true;
    }
    if (c != '\\') {
      out += c;
      ++pos_;
      continue;
    }
    size_t esc = pos_;
    if (pos_ + 1 >= text_.size()) break;
    char e = text_[pos_ + 1];
    pos_ += 2;
    switch (e) {
      case '"': out += '"'; continue;
      case '\\': out += '\\'; continue;
      case 'n': out += '\n'; continue;
      case 't': out += '\t'; continue;
      case 'x': {
        unsigned v = 0;
        auto r = std::from_chars(text_.data() + pos_,
                                 text_.data() + std::min(pos_ + 2, text_.size()), v, 16);
        if (r.ptr == text_.data() + pos_ + 2) {
          out += static_cast<char>(v);
          pos_ += 2;
          continue;
        }
        diags_.error(src_, esc, 2, "'\\x' must be followed by two hex digits");
        skip_to_quote();
        return false;
      }
      default:
        diags_.error(src_, esc, 2, fmt::format("unknown escape sequence '\\{}'", e));
        skip_to_quote();
        return false;
    }
  }
  diags_.error(src_, quote, 1, "unterminated string");
  return false;
}

void Lexer::skip_to_quote() {
  while (pos_ < text_.size() && text_[pos_] != '\n') {
    if (text_[pos_++] == '"') return;
  }
}

}  // namespace vf::ir_text
