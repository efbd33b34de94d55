#include "dsl/lexer.h"

#include <fmt/format.h>

#include "support/limits.h"

namespace vf::dsl {
namespace {

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }

class Lexer {
 public:
  explicit Lexer(const SourceFile& src) : text_(src.text()) {}

  LexResult run() {
    while (true) {
      skip_space_and_comments();
      if (pos_ >= text_.size()) break;
      size_t start = pos_;
      if (out_.tokens.size() + out_.errors.size() >= limits::kMaxTokens) {
        // Bounds the lexer's memory; no rule file comes near it.
        error(start, 1,
              fmt::format("too many tokens: a rule file may have at most {}", limits::kMaxTokens));
        break;
      }
      char c = text_[pos_];
      if (c == '%' || c == '$') {
        ++pos_;
        while (pos_ < text_.size() && is_ident_char(text_[pos_])) ++pos_;
        if (pos_ == start + 1 || is_digit(text_[start + 1])) {
          error(start, std::max<size_t>(1, pos_ - start),
                fmt::format("expected a name like '{}x' after '{}'", c, c));
          continue;
        }
        push(c == '%' ? TokenKind::TensorVar : TokenKind::AttrVar, start,
             text_.substr(start + 1, pos_ - start - 1));
      } else if (is_ident_start(c)) {
        while (pos_ < text_.size() && is_ident_char(text_[pos_])) ++pos_;
        push(TokenKind::Ident, start, text_.substr(start, pos_ - start));
      } else if (is_digit(c) || (c == '-' && is_digit(peek(1)))) {
        lex_number();
      } else if (c == '"') {
        lex_string();
      } else {
        lex_punctuation(c);
      }
    }
    Token eof;
    eof.offset = static_cast<uint32_t>(text_.size());
    out_.tokens.push_back(eof);
    return std::move(out_);
  }

 private:
  char peek(size_t k) const { return pos_ + k < text_.size() ? text_[pos_ + k] : '\0'; }

  void skip_space_and_comments() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++pos_;
      } else if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        return;
      }
    }
  }

  void push(TokenKind k, size_t start, std::string text) {
    Token t;
    t.kind = k;
    t.offset = static_cast<uint32_t>(start);
    t.length = static_cast<uint32_t>(pos_ - start);
    t.text = std::move(text);
    out_.tokens.push_back(std::move(t));
  }

  // [-]digits[.digits][(e|E)[+-]digits]; a fraction or an exponent makes it a float.
  void lex_number() {
    size_t start = pos_;
    bool is_float = false;
    if (text_[pos_] == '-') ++pos_;
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    if (peek(0) == '.' && is_digit(peek(1))) {
      is_float = true;
      ++pos_;
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    }
    if (peek(0) == 'e' || peek(0) == 'E') {
      size_t k = (peek(1) == '+' || peek(1) == '-') ? 2 : 1;
      if (is_digit(peek(k))) {
        is_float = true;
        pos_ += k;
        while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
      }
    }
    if (pos_ < text_.size() && (is_ident_char(text_[pos_]) || text_[pos_] == '.')) {
      while (pos_ < text_.size() && (is_ident_char(text_[pos_]) || text_[pos_] == '.')) ++pos_;
      error(start, pos_ - start,
            fmt::format("malformed number '{}'", text_.substr(start, pos_ - start)));
      return;
    }
    push(is_float ? TokenKind::Float : TokenKind::Int, start, text_.substr(start, pos_ - start));
  }

  // "...", with \" and \\ as the only escapes; a string ends on its line.
  void lex_string() {
    size_t start = pos_++;
    std::string value;
    while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') {
      if (text_[pos_] == '\\' && (peek(1) == '"' || peek(1) == '\\')) ++pos_;
      value += text_[pos_++];
    }
    if (pos_ >= text_.size() || text_[pos_] != '"') {
      error(start, 1, "unterminated string");
      return;
    }
    ++pos_;
    push(TokenKind::String, start, std::move(value));
  }

  void lex_punctuation(char c) {
    size_t start = pos_;
    // `=`, `!`, `<`, `>` may be followed by `=`; `&` and `|` come only doubled.
    auto with_eq = [&](TokenKind k2, TokenKind k1) { return peek(1) == '=' ? k2 : k1; };
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
      case '=': k = with_eq(TokenKind::EqEq, TokenKind::Assign); break;
      case '!': k = with_eq(TokenKind::NotEq, TokenKind::Bang); break;
      case '<': k = with_eq(TokenKind::LessEq, TokenKind::Less); break;
      case '>': k = with_eq(TokenKind::GreaterEq, TokenKind::Greater); break;
      case '&':
      case '|':
        if (peek(1) == c) {
          k = c == '&' ? TokenKind::AndAnd : TokenKind::OrOr;
          break;
        }
        error(start, 1, fmt::format("unexpected character '{}' (did you mean '{}{}'?)", c, c, c));
        k = c == '&' ? TokenKind::AndAnd : TokenKind::OrOr;
        ++pos_;
        push(k, start, std::string(2, c));
        return;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
          error(start, 1, fmt::format("unexpected byte 0x{:02x}", static_cast<unsigned char>(c)));
        else
          error(start, 1, fmt::format("unexpected character '{}'", c));
        ++pos_;
        return;
    }
    bool doubled = k == TokenKind::EqEq || k == TokenKind::NotEq || k == TokenKind::LessEq ||
                   k == TokenKind::GreaterEq || k == TokenKind::AndAnd || k == TokenKind::OrOr;
    pos_ += doubled ? 2 : 1;
    push(k, start, text_.substr(start, pos_ - start));
  }

  void error(size_t offset, size_t length, std::string msg) {
    out_.errors.push_back(
        LexError{static_cast<uint32_t>(offset), static_cast<uint32_t>(length), std::move(msg)});
  }

  const std::string& text_;
  size_t pos_ = 0;
  LexResult out_;
};

}  // namespace

std::string_view token_kind_name(TokenKind k) {
  switch (k) {
    case TokenKind::Eof: return "end of file";
    case TokenKind::Ident: return "name";
    case TokenKind::TensorVar: return "tensor variable";
    case TokenKind::AttrVar: return "attribute variable";
    case TokenKind::Int: return "integer";
    case TokenKind::Float: return "float";
    case TokenKind::String: return "string";
    case TokenKind::LParen: return "'('";
    case TokenKind::RParen: return "')'";
    case TokenKind::LBracket: return "'['";
    case TokenKind::RBracket: return "']'";
    case TokenKind::LBrace: return "'{'";
    case TokenKind::RBrace: return "'}'";
    case TokenKind::Comma: return "','";
    case TokenKind::Semicolon: return "';'";
    case TokenKind::Assign: return "'='";
    case TokenKind::EqEq: return "'=='";
    case TokenKind::NotEq: return "'!='";
    case TokenKind::Less: return "'<'";
    case TokenKind::LessEq: return "'<='";
    case TokenKind::Greater: return "'>'";
    case TokenKind::GreaterEq: return "'>='";
    case TokenKind::AndAnd: return "'&&'";
    case TokenKind::OrOr: return "'||'";
    case TokenKind::Bang: return "'!'";
  }
  return "?";
}

LexResult lex_rules(const SourceFile& src) { return Lexer(src).run(); }

}  // namespace vf::dsl
