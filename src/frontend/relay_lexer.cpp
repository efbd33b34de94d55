#include "frontend/relay_lexer.h"

#include <fmt/format.h>

#include <algorithm>

#include "support/limits.h"

namespace vf::relay {
namespace {

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }
// A byte as quoted in messages: itself if printable ASCII, else \xNN.
std::string shown(char c) {
  auto uc = static_cast<unsigned char>(c);
  return uc >= 0x20 && uc < 0x7f ? std::string(1, c) : fmt::format("\\x{:02x}", uc);
}

class Lexer {
 public:
  Lexer(const SourceFile& src, DiagnosticSink& diags, size_t begin, size_t end)
      : src_(src), text_(src.text()), diags_(diags), pos_(begin), end_(end) {}

  TokenStream run() {
    TokenStream out;
    while (true) {
      skip_space();
      if (pos_ >= end_) break;
      size_t start = pos_;
      if (out.tokens.size() >= limits::kMaxTokens) {
        // Bounds the token stream's memory; no Relay model comes near it.
        diags_.error(
            src_, start, 1,
            fmt::format("too many tokens: a Relay file may have at most {}", limits::kMaxTokens));
        out.truncated = true;
        break;
      }
      char c = text_[pos_];
      if (c == '/' && peek(1) == '*') {
        size_t close = text_.find("*/", pos_ + 2);
        if (close == std::string::npos || close + 2 > end_) {
          diags_.error(src_, start, 2, "unterminated comment");
          out.truncated = true;
          break;
        }
        push(out, TokenKind::Comment, start, close + 2, text_.substr(start + 2, close - start - 2));
        pos_ = close + 2;
      } else if (c == '/' && peek(1) == '/') {
        while (pos_ < end_ && text_[pos_] != '\n') ++pos_;
      } else if (c == '%' || c == '@') {
        ++pos_;
        while (pos_ < end_ && is_ident_char(text_[pos_])) ++pos_;
        if (pos_ == start + 1) {
          diags_.error(src_, start, 1, fmt::format("expected a name after '{}'", c));
          continue;
        }
        push(out, c == '%' ? TokenKind::LocalVar : TokenKind::GlobalVar, start, pos_,
             text_.substr(start + 1, pos_ - start - 1));
      } else if (is_ident_start(c)) {
        // Dotted names (`nn.conv2d`) are one token; `%x.0` never reaches here.
        while (pos_ < end_ &&
               (is_ident_char(text_[pos_]) ||
                (text_[pos_] == '.' && pos_ + 1 < end_ && is_ident_start(text_[pos_ + 1]))))
          ++pos_;
        push(out, TokenKind::Ident, start, pos_, text_.substr(start, pos_ - start));
      } else if (is_digit(c) || (c == '-' && is_digit(peek(1)))) {
        lex_number(out);
      } else if (c == '-' && peek(1) == '>') {
        pos_ += 2;
        push(out, TokenKind::Arrow, start, pos_, "->");
      } else if (c == '"') {
        size_t close = text_.find('"', pos_ + 1);
        size_t nl = text_.find('\n', pos_ + 1);
        if (close == std::string::npos || close >= end_ || nl < close) {
          diags_.error(src_, start, 1, "unterminated string");
          out.truncated = close == std::string::npos || close >= end_;
          if (!out.truncated) {
            pos_ = nl;
            continue;
          }
          break;
        }
        push(out, TokenKind::String, start, close + 1, text_.substr(start + 1, close - start - 1));
        pos_ = close + 1;
      } else {
        TokenKind k;
        switch (c) {
          case '(': k = TokenKind::LParen; break;
          case ')': k = TokenKind::RParen; break;
          case '[': k = TokenKind::LBracket; break;
          case ']': k = TokenKind::RBracket; break;
          case '{': k = TokenKind::LBrace; break;
          case '}': k = TokenKind::RBrace; break;
          case ',': k = TokenKind::Comma; break;
          case ';': k = TokenKind::Semicolon; break;
          case ':': k = TokenKind::Colon; break;
          case '=': k = TokenKind::Equal; break;
          case '.': k = TokenKind::Dot; break;
          case '#': k = TokenKind::Hash; break;
          default:
            diags_.error(src_, start, 1, fmt::format("unexpected character '{}'", shown(c)));
            ++pos_;
            continue;
        }
        ++pos_;
        push(out, k, start, pos_, std::string(1, c));
      }
    }
    Token eof;
    eof.kind = TokenKind::Eof;
    eof.offset = static_cast<uint32_t>(std::min(pos_, end_));
    out.tokens.push_back(eof);
    return out;
  }

 private:
  char peek(size_t k) const { return pos_ + k < end_ ? text_[pos_ + k] : '\0'; }

  void skip_space() {
    while (pos_ < end_ && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' ||
                           text_[pos_] == '\r'))
      ++pos_;
  }

  void push(TokenStream& out, TokenKind k, size_t start, size_t stop, std::string text,
            std::string suffix = {}) {
    Token t;
    t.kind = k;
    t.offset = static_cast<uint32_t>(start);
    t.length = static_cast<uint32_t>(stop - start);
    t.text = std::move(text);
    t.suffix = std::move(suffix);
    out.tokens.push_back(std::move(t));
  }

  // [-]digits[.digits][e[+-]digits][suffix]; a suffix `f...` makes it a float.
  void lex_number(TokenStream& out) {
    size_t start = pos_;
    bool is_float = false;
    if (text_[pos_] == '-') ++pos_;
    while (pos_ < end_ && is_digit(text_[pos_])) ++pos_;
    if (pos_ < end_ && text_[pos_] == '.' && is_digit(peek(1))) {
      is_float = true;
      ++pos_;
      while (pos_ < end_ && is_digit(text_[pos_])) ++pos_;
    }
    if (pos_ < end_ && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      size_t k = 1;
      if (peek(1) == '+' || peek(1) == '-') k = 2;
      if (is_digit(peek(k))) {
        is_float = true;
        pos_ += k;
        while (pos_ < end_ && is_digit(text_[pos_])) ++pos_;
      }
    }
    size_t num_end = pos_;
    while (pos_ < end_ && is_ident_char(text_[pos_])) ++pos_;
    std::string suffix = text_.substr(num_end, pos_ - num_end);
    if (!suffix.empty() && suffix[0] == 'f') is_float = true;
    if (!suffix.empty() && suffix != "f" && suffix != "f32" && suffix != "f64" && suffix != "i32" &&
        suffix != "i64") {
      diags_.error(src_, num_end, suffix.size(),
                   fmt::format("unknown numeric literal suffix '{}'", suffix));
      suffix.clear();
    }
    push(out, is_float ? TokenKind::Float : TokenKind::Int, start, pos_,
         text_.substr(start, num_end - start), std::move(suffix));
  }

  const SourceFile& src_;
  const std::string& text_;
  DiagnosticSink& diags_;
  size_t pos_;
  size_t end_;
};

}  // namespace

std::string_view token_kind_name(TokenKind k) {
  switch (k) {
    case TokenKind::Eof: return "end of file";
    case TokenKind::Ident: return "identifier";
    case TokenKind::LocalVar: return "variable";
    case TokenKind::GlobalVar: return "global name";
    case TokenKind::Int: return "integer";
    case TokenKind::Float: return "float";
    case TokenKind::String: return "string";
    case TokenKind::Comment: return "comment";
    case TokenKind::LParen: return "'('";
    case TokenKind::RParen: return "')'";
    case TokenKind::LBracket: return "'['";
    case TokenKind::RBracket: return "']'";
    case TokenKind::LBrace: return "'{'";
    case TokenKind::RBrace: return "'}'";
    case TokenKind::Comma: return "','";
    case TokenKind::Semicolon: return "';'";
    case TokenKind::Colon: return "':'";
    case TokenKind::Equal: return "'='";
    case TokenKind::Arrow: return "'->'";
    case TokenKind::Dot: return "'.'";
    case TokenKind::Hash: return "'#'";
  }
  return "?";
}

TokenStream lex_relay(const SourceFile& src, DiagnosticSink& diags, size_t begin, size_t end) {
  end = std::min(end, src.text().size());
  return Lexer(src, diags, begin, end).run();
}

}  // namespace vf::relay
