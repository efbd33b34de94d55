#include "frontend/relay_parser.h"

#include "support/parse_number.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>

#include "frontend/relay_lexer.h"
#include "support/limits.h"

namespace vf::relay {
namespace {

constexpr std::string_view kVersion = "0.0.5";

Span span_of(const Token& t) { return Span{t.offset, t.length}; }
Span join(Span a, Span b) { return Span{a.offset, std::max(a.end(), b.end()) - a.offset}; }

// How a token is quoted in "got ..." messages.
std::string describe(const Token& t) {
  switch (t.kind) {
    case TokenKind::Eof: return "end of file";
    case TokenKind::LocalVar: return fmt::format("'%{}'", t.text);
    case TokenKind::GlobalVar: return fmt::format("'@{}'", t.text);
    case TokenKind::String: return fmt::format("string \"{}\"", t.text);
    case TokenKind::Int:
    case TokenKind::Float: return fmt::format("'{}{}'", t.text, t.suffix);
    default: return fmt::format("'{}'", t.text);
  }
}

// Counts the parser's recursion: expressions, types and attribute lists nest, and the
// parser, the importer and the syntax tree's destructor all recurse on that nesting.
class DepthGuard {
 public:
  explicit DepthGuard(int& depth) : depth_(depth) { ++depth_; }
  ~DepthGuard() { --depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
  bool too_deep() const { return depth_ > limits::kMaxNestingDepth; }

 private:
  int& depth_;
};

class Parser {
 public:
  // `eof_what` names the end of the input in messages: the file, or an annotation
  // comment being parsed on its own.
  Parser(const SourceFile& src, DiagnosticSink& diags, TokenStream ts,
         std::string_view eof_what = "end of file")
      : src_(src), diags_(diags), eof_reported_(ts.truncated), eof_what_(eof_what) {
    // Comments are kept aside, indexed by the token that follows them, because only a
    // `ty=` comment right after an expression means anything.
    std::vector<Token> pending;
    for (Token& t : ts.tokens) {
      if (t.kind == TokenKind::Comment) {
        pending.push_back(std::move(t));
        continue;
      }
      toks_.push_back(std::move(t));
      comments_before_.push_back(std::move(pending));
      pending.clear();
    }
    failed_ = ts.truncated;
  }

  ModuleAst parse_module() {
    ModuleAst m;
    parse_header(m);
    while (!at(TokenKind::Eof)) {
      if (at_ident("def")) {
        m.functions.push_back(parse_function());
        continue;
      }
      error_here(fmt::format("expected 'def', got {}", describe(peek())));
      advance();
      while (!at(TokenKind::Eof) && !at_ident("def")) advance();
    }
    m.complete = !failed_;
    return m;
  }

  /// Parses one type and requires that it is followed by end of input or a ','
  /// (annotation comments may carry more fields after the type).
  std::optional<TypeAst> parse_annotation_type() {
    auto t = parse_type();
    if (t && !at(TokenKind::Eof) && !at(TokenKind::Comma)) {
      error_here(fmt::format("expected end of type annotation, got {}", describe(peek())));
      return std::nullopt;
    }
    return t;
  }

  bool failed() const { return failed_; }

 private:
  // ---- token access -------------------------------------------------------------
  const Token& peek(size_t k = 0) const { return toks_[std::min(pos_ + k, toks_.size() - 1)]; }
  bool at(TokenKind k) const { return peek().kind == k; }
  bool at_ident(std::string_view s) const { return at(TokenKind::Ident) && peek().text == s; }
  const Token& advance() {
    const Token& t = peek();
    if (pos_ + 1 < toks_.size()) ++pos_;
    return t;
  }
  bool accept(TokenKind k) {
    if (!at(k)) return false;
    advance();
    return true;
  }
  const Token& previous() const { return toks_[pos_ == 0 ? 0 : pos_ - 1]; }

  // ---- errors --------------------------------------------------------------------
  // An error at the current token. At end of file, the caret goes just after the last
  // token (where the missing text belongs) and only the first such error is reported,
  // since every enclosing construct is unfinished too.
  void error_here(std::string msg) {
    failed_ = true;
    if (at(TokenKind::Eof)) {
      if (eof_reported_) return;
      eof_reported_ = true;
      size_t off = pos_ == 0 ? 0 : previous().end();
      diags_.error(src_, off, 1, fmt::format("unexpected {}: {}", eof_what_, msg));
      return;
    }
    diags_.error(src_, peek().offset, peek().length, std::move(msg));
  }
  void error_at(Span s, std::string msg) {
    failed_ = true;
    diags_.error(src_, s.offset, s.length, std::move(msg));
  }
  // Requires a token of kind `k`; `what` completes "expected X".
  bool expect(TokenKind k, std::string_view what) {
    if (accept(k)) return true;
    if (at(TokenKind::Eof))
      error_here(fmt::format("expected {}", what));
    else
      error_here(fmt::format("expected {}, got {}", what, describe(peek())));
    return false;
  }

  // Skips the rest of a malformed binding: through the next ';', or up to a '}' or
  // 'def' (which belong to the enclosing function or module).
  void recover_to_semicolon() {
    while (!at(TokenKind::Eof) && !at(TokenKind::RBrace) && !at_ident("def")) {
      if (advance().kind == TokenKind::Semicolon) return;
    }
  }

  // ---- module structure ----------------------------------------------------------
  void parse_header(ModuleAst& m) {
    if (!at(TokenKind::Hash)) {
      error_here(fmt::format("expected the version header '#[version = \"{}\"]'", kVersion));
      return;
    }
    advance();
    if (!expect(TokenKind::LBracket, "'[' after '#'")) return skip_header();
    if (!at_ident("version")) {
      error_here(fmt::format("expected 'version', got {}", describe(peek())));
      return skip_header();
    }
    advance();
    if (!expect(TokenKind::Equal, "'=' after 'version'")) return skip_header();
    if (!at(TokenKind::String)) {
      error_here(fmt::format("expected a version string, got {}", describe(peek())));
      return skip_header();
    }
    const Token& v = advance();
    m.version = v.text;
    if (v.text != kVersion)
      error_at(span_of(v), fmt::format("unsupported Relay text version \"{}\" (expected \"{}\")",
                                       v.text, kVersion));
    expect(TokenKind::RBracket, "']' to close the version header");
  }
  void skip_header() {
    while (!at(TokenKind::Eof) && !at_ident("def")) advance();
  }

  FunctionAst parse_function() {
    FunctionAst f;
    advance();  // def
    if (!at(TokenKind::GlobalVar)) {
      error_here(fmt::format("expected a function name like '@main', got {}", describe(peek())));
    } else {
      f.name = peek().text;
      f.name_span = span_of(advance());
    }
    if (expect(TokenKind::LParen, "'(' to open the parameter list")) parse_params(f);
    if (accept(TokenKind::Arrow)) f.ret_type = parse_type();
    if (!expect(TokenKind::LBrace, "'{' to open the function body")) {
      // Resynchronize on the body if it is there.
      while (!at(TokenKind::Eof) && !at(TokenKind::LBrace) && !at_ident("def")) advance();
      if (!accept(TokenKind::LBrace)) return f;
    }
    parse_body(f);
    return f;
  }

  void parse_params(FunctionAst& f) {
    if (accept(TokenKind::RParen)) return;
    while (true) {
      if (!at(TokenKind::LocalVar)) {
        error_here(
            fmt::format("expected a parameter like '%x: Tensor[...]', got {}", describe(peek())));
        break;
      }
      ParamAst p;
      p.name = peek().text;
      p.name_span = span_of(advance());
      if (accept(TokenKind::Colon)) {
        p.type = parse_type();
        if (!p.type) break;
      }
      f.params.push_back(std::move(p));
      if (accept(TokenKind::Comma)) continue;
      if (expect(TokenKind::RParen, "',' or ')' in the parameter list")) return;
      break;
    }
    // Malformed parameter list: skip to its ')' (or the body).
    while (!at(TokenKind::Eof) && !at(TokenKind::LBrace) && !at(TokenKind::RParen)) advance();
    accept(TokenKind::RParen);
  }

  void parse_body(FunctionAst& f) {
    size_t last = SIZE_MAX;
    while (true) {
      if (pos_ == last) advance();  // every round consumes a token, whatever went wrong
      last = pos_;
      if (at_ident("def")) {  // the next function: this one's '}' is missing
        error_here("expected '}' to close the function body before the next 'def'");
        return;
      }
      if (at(TokenKind::RBrace)) {
        if (!f.result) error_here("expected the function's result expression before '}'");
        advance();
        return;
      }
      if (at(TokenKind::Eof)) {
        error_here("expected '}' to close the function body");
        return;
      }
      bool is_let = at_ident("let") && peek(1).kind == TokenKind::LocalVar;
      if (is_let) advance();
      if (at(TokenKind::LocalVar) && peek(1).kind == TokenKind::Equal) {
        BindingAst b;
        b.name = peek().text;
        b.name_span = span_of(advance());
        advance();  // =
        b.value = parse_expr();
        if (b.value && !accept(TokenKind::Semicolon)) {
          if (at(TokenKind::Eof)) {
            error_here(fmt::format("expected ';' after the binding of '%{}'", b.name));
          } else {
            // Point just past the complete expression, where the ';' belongs; when the
            // next binding follows, the expression is kept and parsing goes on there.
            error_at(Span{previous().end(), 1},
                     fmt::format("expected ';' after the binding of '%{}'", b.name));
            if (!(at(TokenKind::LocalVar) && peek(1).kind == TokenKind::Equal) &&
                !at(TokenKind::RBrace))
              b.value.reset();
          }
        }
        if (!b.value) recover_to_semicolon();
        f.bindings.push_back(std::move(b));
        continue;
      }
      if (is_let) {
        error_here(fmt::format("expected '=' after 'let {}'", describe(peek())));
        recover_to_semicolon();
        continue;
      }
      // The result expression, which must be last.
      f.result = parse_expr();
      if (!f.result) {
        recover_to_semicolon();
        continue;
      }
      if (at(TokenKind::RBrace)) {
        advance();
        return;
      }
      error_here(fmt::format("expected '}}' after the function's result expression, got {}",
                             describe(peek())));
      f.result.reset();
      recover_to_semicolon();
    }
  }

  // ---- expressions ---------------------------------------------------------------
  // An error when the nesting is too deep (once, at the innermost level reached).
  bool check_depth(const DepthGuard& g) {
    if (!g.too_deep()) return true;
    error_here(
        fmt::format("nesting too deep: at most {} levels of parentheses, calls, lists "
                    "or types",
                    limits::kMaxNestingDepth));
    return false;
  }

  std::optional<ExprAst> parse_expr() {
    DepthGuard guard(depth_);
    if (!check_depth(guard)) return std::nullopt;
    auto e = parse_primary();
    if (!e) return std::nullopt;
    while (at(TokenKind::Dot) && peek(1).kind == TokenKind::Int) {
      Span dot = span_of(advance());
      const Token& idx = advance();
      ExprAst p;
      p.kind = ExprAst::Kind::Proj;
      p.name_span = join(dot, span_of(idx));
      p.span = join(e->span, span_of(idx));
      auto v = parse_int(idx);
      if (!v) return std::nullopt;
      p.int_value = *v;
      p.args.push_back(std::move(*e));
      e = std::move(p);
    }
    if (!take_annotation(*e)) return std::nullopt;
    return e;
  }

  std::optional<ExprAst> parse_primary() {
    ExprAst e;
    const Token& t = peek();
    e.span = span_of(t);
    switch (t.kind) {
      case TokenKind::LocalVar:
        e.kind = ExprAst::Kind::Var;
        e.name = t.text;
        e.name_span = span_of(t);
        advance();
        return e;
      case TokenKind::Int: {
        e.kind = ExprAst::Kind::Int;
        auto v = parse_int(t);
        if (!v) return std::nullopt;
        e.int_value = *v;
        e.suffix = t.suffix;
        advance();
        return e;
      }
      case TokenKind::Float: {
        e.kind = ExprAst::Kind::Float;
        auto v = parse_float(t);
        if (!v) return std::nullopt;
        e.float_value = *v;
        e.suffix = t.suffix;
        advance();
        return e;
      }
      case TokenKind::Ident:
        if (peek(1).kind == TokenKind::LParen) return parse_call();
        error_here(
            fmt::format("expected an expression, got {} (operators are called as "
                        "'{}(...)')",
                        describe(t), t.text));
        return std::nullopt;
      case TokenKind::LParen: {
        Span open = span_of(advance());
        std::vector<ExprAst> fields;
        bool trailing_comma = false;
        while (!at(TokenKind::RParen)) {
          auto f = parse_expr();
          if (!f) return std::nullopt;
          fields.push_back(std::move(*f));
          trailing_comma = accept(TokenKind::Comma);
          if (!trailing_comma) break;
        }
        if (!expect(TokenKind::RParen, "',' or ')' in the tuple")) return std::nullopt;
        Span all = join(open, span_of(previous()));
        if (fields.size() == 1 && !trailing_comma) {
          ExprAst inner = std::move(fields[0]);
          return inner;
        }
        e.kind = ExprAst::Kind::Tuple;
        e.span = all;
        e.args = std::move(fields);
        return e;
      }
      default:
        error_here(fmt::format("expected an expression, got {}", describe(t)));
        return std::nullopt;
    }
  }

  std::optional<ExprAst> parse_call() {
    ExprAst e;
    e.kind = ExprAst::Kind::Call;
    const Token& name = advance();
    e.name = name.text;
    e.name_span = span_of(name);
    advance();  // (
    if (!accept(TokenKind::RParen)) {
      while (true) {
        if (at(TokenKind::Ident) && peek(1).kind == TokenKind::Equal) {
          AttrAst a;
          a.name = peek().text;
          a.name_span = span_of(advance());
          advance();  // =
          auto v = parse_attr_value();
          if (!v) return std::nullopt;
          a.value = std::move(*v);
          e.attrs.push_back(std::move(a));
        } else {
          auto arg = parse_expr();
          if (!arg) return std::nullopt;
          e.args.push_back(std::move(*arg));
        }
        if (accept(TokenKind::Comma)) continue;
        if (!expect(TokenKind::RParen, fmt::format("',' or ')' in the arguments of '{}'", e.name)))
          return std::nullopt;
        break;
      }
    }
    e.span = join(e.name_span, span_of(previous()));
    return e;
  }

  std::optional<AttrValueAst> parse_attr_value() {
    DepthGuard guard(depth_);
    if (!check_depth(guard)) return std::nullopt;
    AttrValueAst v;
    const Token& t = peek();
    v.span = span_of(t);
    switch (t.kind) {
      case TokenKind::Int: {
        auto i = parse_int(t);
        if (!i) return std::nullopt;
        v.kind = AttrValueAst::Kind::Int;
        v.int_value = *i;
        advance();
        return v;
      }
      case TokenKind::Float: {
        auto d = parse_float(t);
        if (!d) return std::nullopt;
        v.kind = AttrValueAst::Kind::Float;
        v.float_value = *d;
        advance();
        return v;
      }
      case TokenKind::String:
        v.kind = AttrValueAst::Kind::Str;
        v.str_value = t.text;
        advance();
        return v;
      case TokenKind::Ident:
        if (t.text == "True" || t.text == "False") {
          v.kind = AttrValueAst::Kind::Bool;
          v.bool_value = t.text == "True";
          advance();
          return v;
        }
        if (t.text == "None") {
          v.kind = AttrValueAst::Kind::None;
          advance();
          return v;
        }
        break;
      case TokenKind::LBracket:
      case TokenKind::LParen: {
        TokenKind close = t.kind == TokenKind::LBracket ? TokenKind::RBracket : TokenKind::RParen;
        advance();
        v.kind = AttrValueAst::Kind::List;
        while (!at(close)) {
          auto item = parse_attr_value();
          if (!item) return std::nullopt;
          v.items.push_back(std::move(*item));
          if (!accept(TokenKind::Comma)) break;
        }
        if (!expect(close, close == TokenKind::RBracket ? "',' or ']' in the list"
                                                        : "',' or ')' in the list"))
          return std::nullopt;
        v.span = join(v.span, span_of(previous()));
        return v;
      }
      default: break;
    }
    error_here(fmt::format("expected an attribute value, got {}", describe(t)));
    return std::nullopt;
  }

  // ---- types ---------------------------------------------------------------------
 public:
  std::optional<TypeAst> parse_type() {
    DepthGuard guard(depth_);
    if (!check_depth(guard)) return std::nullopt;
    TypeAst ty;
    const Token& t = peek();
    ty.span = span_of(t);
    if (t.kind == TokenKind::LParen) {
      advance();
      ty.kind = TypeAst::Kind::Tuple;
      while (!at(TokenKind::RParen)) {
        auto f = parse_type();
        if (!f) return std::nullopt;
        ty.fields.push_back(std::move(*f));
        if (!accept(TokenKind::Comma)) break;
      }
      if (!expect(TokenKind::RParen, "',' or ')' in the tuple type")) return std::nullopt;
      ty.span = join(ty.span, span_of(previous()));
      return ty;
    }
    if (t.kind != TokenKind::Ident) {
      error_here(fmt::format("expected a type, got {}", describe(t)));
      return std::nullopt;
    }
    if (t.text != "Tensor") {  // a scalar type: a bare dtype
      ty.dtype = t.text;
      ty.dtype_span = span_of(t);
      advance();
      return ty;
    }
    advance();
    if (!expect(TokenKind::LBracket, "'[' after 'Tensor'")) return std::nullopt;
    if (!expect(TokenKind::LParen, "'(' to open the tensor shape")) return std::nullopt;
    bool too_big = false;
    while (!at(TokenKind::RParen)) {
      if (!at(TokenKind::Int)) {
        if (at(TokenKind::Ident) && peek().text == "Any")
          error_here("dynamic dimensions ('Any') are not supported");
        else
          error_here(fmt::format("expected a dimension, got {}", describe(peek())));
        return std::nullopt;
      }
      auto d = parse_int(peek());
      if (!d) return std::nullopt;
      if (*d < 0) {
        error_here(fmt::format("negative dimension {} in a tensor type", *d));
        return std::nullopt;
      }
      ty.shape.push_back(*d);
      // Reported once per type, which is still parsed to its end (the module is then
      // incomplete, so nothing is imported).
      if (!too_big && static_cast<int64_t>(ty.shape.size()) > limits::kMaxRank) {
        too_big = true;
        error_here(fmt::format("tensor type has more than {} dimensions", limits::kMaxRank));
      } else if (!too_big && !limits::checked_num_elements(ty.shape)) {
        too_big = true;
        error_here(fmt::format("tensor type has more than 2^56 = {} elements",
                               limits::kMaxTensorElements));
      }
      advance();
      if (!accept(TokenKind::Comma)) break;
    }
    if (!expect(TokenKind::RParen, "',' or ')' in the tensor shape")) return std::nullopt;
    if (!expect(TokenKind::Comma, "',' and an element type after the tensor shape"))
      return std::nullopt;
    if (!at(TokenKind::Ident)) {
      error_here(fmt::format("expected an element type like 'float32', got {}", describe(peek())));
      return std::nullopt;
    }
    ty.dtype = peek().text;
    ty.dtype_span = span_of(advance());
    if (!expect(TokenKind::RBracket, "']' to close the tensor type") || too_big)
      return std::nullopt;
    ty.span = join(ty.span, span_of(previous()));
    return ty;
  }

 private:
  // Reads a `ty=` annotation from the comments right after an expression.
  bool take_annotation(ExprAst& e) {
    for (const Token& c : comments_before_[pos_]) {
      size_t i = c.text.find_first_not_of(" \t\r\n");
      if (i == std::string::npos || c.text.compare(i, 3, "ty=") != 0) continue;
      size_t begin = c.offset + 2 + i + 3;
      size_t end = c.end() - 2;
      TokenStream ts = lex_relay(src_, diags_, begin, end);
      Parser sub(src_, diags_, std::move(ts), "end of type annotation");
      auto ty = sub.parse_annotation_type();
      if (!ty) {
        failed_ = true;
        return false;
      }
      e.annotation = std::move(ty);
    }
    return true;
  }

  // ---- literals ------------------------------------------------------------------
  std::optional<int64_t> parse_int(const Token& t) {
    auto v = parse_int_exact(t.text);
    if (!v) error_at(span_of(t), fmt::format("integer literal '{}' is out of range", t.text));
    return v;
  }
  std::optional<double> parse_float(const Token& t) {
    auto v = parse_double_exact(t.text);
    if (!v) error_at(span_of(t), fmt::format("float literal '{}' is out of range", t.text));
    return v;
  }

  const SourceFile& src_;
  DiagnosticSink& diags_;
  std::vector<Token> toks_;
  std::vector<std::vector<Token>> comments_before_;
  size_t pos_ = 0;
  int depth_ = 0;
  bool failed_ = false;
  bool eof_reported_ = false;
  std::string_view eof_what_;
};

}  // namespace

ModuleAst parse_relay(const SourceFile& src, DiagnosticSink& diags) {
  size_t before = diags.error_count();
  TokenStream ts = lex_relay(src, diags);
  Parser p(src, diags, std::move(ts));
  ModuleAst m = p.parse_module();
  if (diags.error_count() > before) m.complete = false;
  return m;
}

}  // namespace vf::relay
