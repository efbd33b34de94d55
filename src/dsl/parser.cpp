#include "dsl/parser.h"

#include "support/limits.h"
#include "support/parse_number.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "dsl/check.h"
#include "dsl/lexer.h"
#include "dsl/spelling.h"

namespace vf::dsl {
namespace {

Span span_of(const Token& t) { return Span{t.offset, t.length}; }
Span join(Span a, Span b) { return Span{a.offset, std::max(a.end(), b.end()) - a.offset}; }

// How a token is quoted in "got ..." messages.
std::string describe(const Token& t) {
  switch (t.kind) {
    case TokenKind::Eof: return "end of file";
    case TokenKind::TensorVar: return fmt::format("'%{}'", t.text);
    case TokenKind::AttrVar: return fmt::format("'${}'", t.text);
    case TokenKind::String: return fmt::format("string \"{}\"", t.text);
    default: return fmt::format("'{}'", t.text);
  }
}

// The clauses of a rule, in the order they must appear (require and let share a place).
enum class Clause : uint8_t { Domain, Source, RequireOrLet, Target, Expect };

std::string_view clause_keyword(Clause c) {
  switch (c) {
    case Clause::Domain: return "domain";
    case Clause::Source: return "source";
    case Clause::RequireOrLet: return "require' or 'let";
    case Clause::Target: return "target";
    case Clause::Expect: return "expect";
  }
  return "?";
}

const std::vector<std::string_view>& clause_keywords() {
  static const std::vector<std::string_view> kWords = {"domain", "source", "require",
                                                       "let",    "target", "expect"};
  return kWords;
}

// Operator and built-in names, for "did you mean" on an unknown call.
// Graph leaves are values, not operations: a rule names them with tensor variables.
bool is_callable(OpKind op) { return op != OpKind::Input && op != OpKind::Constant; }

const std::vector<std::string_view>& callable_names() {
  static const std::vector<std::string_view> kNames = [] {
    std::vector<std::string_view> v;
    for (size_t i = 0; i < kNumOps; ++i)
      if (is_callable(static_cast<OpKind>(i))) v.push_back(op_name(static_cast<OpKind>(i)));
    for (Builtin b : all_builtins()) v.push_back(builtin_name(b));
    return v;
  }();
  return kNames;
}

std::optional<CmpOp> cmp_op_of(TokenKind k) {
  switch (k) {
    case TokenKind::EqEq: return CmpOp::Eq;
    case TokenKind::NotEq: return CmpOp::Ne;
    case TokenKind::Less: return CmpOp::Lt;
    case TokenKind::LessEq: return CmpOp::Le;
    case TokenKind::Greater: return CmpOp::Gt;
    case TokenKind::GreaterEq: return CmpOp::Ge;
    default: return std::nullopt;
  }
}

constexpr int64_t kMaxBvWidth = 64;

// A diagnostic held back until the whole file is read, so that lexer, parser and checker
// diagnostics come out in file order.
struct Pending {
  Severity severity;
  size_t offset;
  size_t length;
  std::string message;
  size_t order = 0;  // position in file order; past the end for "unexpected end of file"
};

// Collects diagnostics of one file and emits them in file order: each error with the
// notes that follow it, ordered by the error's position (stably, so that errors at one
// place keep the order in which they were found).
class PendingDiagnostics {
 public:
  explicit PendingDiagnostics(const SourceFile& src) : src_(src) {
    line_starts_.push_back(0);
    for (size_t i = 0; i < src.text().size(); ++i)
      if (src.text()[i] == '\n') line_starts_.push_back(i + 1);
  }
  void error(size_t offset, size_t length, std::string msg) {
    items_.push_back(Pending{Severity::Error, offset, length, std::move(msg), offset});
  }
  // An error about the end of the input comes after everything that explains it.
  void error_at_end(size_t offset, std::string msg) {
    items_.push_back(Pending{Severity::Error, offset, 1, std::move(msg), SIZE_MAX});
  }
  void note(size_t offset, size_t length, std::string msg) {
    items_.push_back(Pending{Severity::Note, offset, length, std::move(msg), offset});
  }
  // Takes over the diagnostics of `sink`, which were reported against the same file.
  void take(const DiagnosticSink& sink) {
    for (const Diagnostic& d : sink.all()) {
      size_t offset = d.loc.line == 0 ? 0 : line_starts_[d.loc.line - 1] + d.loc.col - 1;
      items_.push_back(Pending{d.severity, offset, d.length, d.message, offset});
    }
  }
  void emit(DiagnosticSink& diags) {
    std::vector<std::vector<Pending>> groups;
    for (Pending& p : items_) {
      if (p.severity != Severity::Note || groups.empty()) groups.emplace_back();
      groups.back().push_back(std::move(p));
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const auto& a, const auto& b) { return a[0].order < b[0].order; });
    for (const auto& g : groups)
      for (const Pending& p : g) diags.report(p.severity, src_, p.offset, p.length, p.message);
    items_.clear();
  }

 private:
  const SourceFile& src_;
  std::vector<size_t> line_starts_;
  std::vector<Pending> items_;
};

// A rule as parsed, with what the checker needs to know about how parsing went.
struct ParsedRule {
  Rule rule;
  bool syntax_ok = true;            // no syntax error inside the rule
  std::vector<ExprId> unknown_ops;  // calls of unknown operators (reported)
};

class Parser {
 public:
  Parser(const SourceFile& src, PendingDiagnostics& diags, std::vector<Token> toks, bool check)
      : src_(src), diags_(diags), toks_(std::move(toks)), check_(check) {}

  std::vector<Rule> parse_file() {
    std::vector<Rule> rules;
    while (!at(TokenKind::Eof)) {
      if (at_rule_start()) {
        ParsedRule pr = parse_rule();
        if (check_ && !pr.rule.name.empty()) {
          for (const Rule& earlier : rules) {
            if (earlier.name != pr.rule.name) continue;
            diags_.error(pr.rule.name_span.offset, pr.rule.name_span.length,
                         fmt::format("duplicate rule '{}'", pr.rule.name));
            diags_.note(earlier.name_span.offset, earlier.name_span.length,
                        fmt::format("rule '{}' first defined here", earlier.name));
            break;
          }
        }
        if (check_ && pr.syntax_ok) {
          DiagnosticSink sink;
          check_rule(pr.rule, src_, sink, pr.unknown_ops);
          diags_.take(sink);
        }
        rules.push_back(std::move(pr.rule));
        continue;
      }
      error_here(fmt::format("expected 'rule', got {}", describe(peek())));
      advance();
      while (!at(TokenKind::Eof) && !at_rule_start()) advance();
    }
    return rules;
  }

 private:
  // ---- token access --------------------------------------------------------------
  const Token& peek(size_t k = 0) const { return toks_[std::min(pos_ + k, toks_.size() - 1)]; }
  bool at(TokenKind k) const { return peek().kind == k; }
  bool at_ident(std::string_view s) const { return at(TokenKind::Ident) && peek().text == s; }
  // `rule NAME` starts a rule wherever it appears (recovery stops there too).
  bool at_rule_start() const { return at_ident("rule"); }
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
  // A syntax error at the current token: the rule being parsed is not checked further.
  // At end of file the caret goes just after the last token, and only the first such
  // error is reported, since every enclosing construct is unfinished too.
  void error_here(std::string msg) {
    if (rule_) rule_->syntax_ok = false;
    if (at(TokenKind::Eof)) {
      if (eof_reported_) return;
      eof_reported_ = true;
      size_t off = pos_ == 0 ? 0 : previous().end();
      // "expected X, got end of file" says the same thing twice.
      constexpr std::string_view kGotEof = ", got end of file";
      if (msg.size() >= kGotEof.size() && msg.ends_with(kGotEof))
        msg.resize(msg.size() - kGotEof.size());
      diags_.error_at_end(off, fmt::format("unexpected end of file: {}", msg));
      return;
    }
    diags_.error(peek().offset, peek().length, std::move(msg));
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
  // An error about a well-formed construct (an unknown name, a bad number): the rule's
  // structure is intact, so the checker still runs on it.
  void error_at(Span s, std::string msg) { diags_.error(s.offset, s.length, std::move(msg)); }

  // Skips the rest of a malformed statement: through the next ';' or the '}' of a block
  // opened inside it, or up to a '}' that closes an enclosing block or the next `rule`.
  void recover() {
    int depth = 0;
    while (!at(TokenKind::Eof) && !at_rule_start()) {
      if (at(TokenKind::RBrace)) {
        if (depth == 0) return;
        advance();
        if (--depth == 0) return;
        continue;
      }
      TokenKind k = advance().kind;
      if (k == TokenKind::LBrace) ++depth;
      if (k == TokenKind::Semicolon && depth == 0) return;
    }
  }

  // Requires the ';' that ends a statement. A missing one is reported just after the
  // statement; when the next statement evidently starts there, parsing goes on.
  bool expect_semicolon(std::string_view after) {
    if (accept(TokenKind::Semicolon)) return true;
    std::string msg = fmt::format("expected ';' after {}", after);
    if (at(TokenKind::Eof)) {
      error_here(msg);
      return false;
    }
    bool next_starts = at(TokenKind::RBrace) || at_rule_start() ||
                       (at(TokenKind::TensorVar) && peek(1).kind == TokenKind::Assign) ||
                       (at(TokenKind::Ident) && peek(1).kind != TokenKind::LParen &&
                        std::find(clause_keywords().begin(), clause_keywords().end(),
                                  peek().text) != clause_keywords().end());
    if (rule_) rule_->syntax_ok = false;
    diags_.error(previous().end(), 1, std::move(msg));
    if (!next_starts) recover();
    return false;
  }

  // ---- rules -----------------------------------------------------------------------
  ParsedRule parse_rule() {
    ParsedRule pr;
    rule_ = &pr;
    Rule& r = pr.rule;
    const Token& kw = advance();  // rule
    r.span = span_of(kw);
    if (at(TokenKind::Ident)) {
      r.name = peek().text;
      r.name_span = span_of(advance());
    } else {
      error_here(fmt::format("expected a rule name after 'rule', got {}", describe(peek())));
    }
    if (!accept(TokenKind::LBrace)) {
      if (pr.syntax_ok) expect(TokenKind::LBrace, "'{' to open the rule");
      while (!at(TokenKind::Eof) && !at_rule_start() && !at(TokenKind::LBrace)) advance();
      if (!accept(TokenKind::LBrace)) {
        rule_ = nullptr;
        return pr;
      }
    }
    parse_rule_body(pr);
    r.span = join(r.span, span_of(previous()));
    rule_ = nullptr;
    return pr;
  }

  void parse_rule_body(ParsedRule& pr) {
    Rule& r = pr.rule;
    std::optional<Clause> last;  // the latest clause seen, for order errors
    Span seen[5] = {};           // keyword of the first clause of each kind
    bool have[5] = {};
    auto enter = [&](Clause c, Span kw, bool unique) {
      size_t i = static_cast<size_t>(c);
      if (unique && have[i]) {
        error_at(kw, fmt::format("duplicate '{}' clause", clause_keyword(c)));
        diags_.note(seen[i].offset, seen[i].length,
                    fmt::format("first '{}' clause here", clause_keyword(c)));
        return false;
      }
      if (last && *last > c)
        error_at(kw, fmt::format("'{}' must come before '{}' (clauses go in the order domain, "
                                 "source, require/let, target, expect)",
                                 peek().text, clause_keyword(*last)));
      if (!have[i]) seen[i] = kw;
      have[i] = true;
      if (!last || *last < c) last = c;
      return true;
    };
    while (true) {
      if (accept(TokenKind::RBrace)) return;
      if (at(TokenKind::Eof) || at_rule_start()) {
        if (at(TokenKind::Eof)) {
          error_here(fmt::format("expected '}}' to close rule '{}'", r.name));
        } else {
          pr.syntax_ok = false;
          diags_.error(previous().end(), 1,
                       fmt::format("expected '}}' to close rule '{}'", r.name));
        }
        return;
      }
      const Token& t = peek();
      Span kw = span_of(t);
      if (t.kind == TokenKind::Ident && t.text == "domain") {
        bool keep = enter(Clause::Domain, kw, true);
        advance();
        Domain d = parse_domain();
        if (keep) r.domain = d;
      } else if (t.kind == TokenKind::Ident && (t.text == "source" || t.text == "target")) {
        bool is_source = t.text == "source";
        bool keep = enter(is_source ? Clause::Source : Clause::Target, kw, true);
        advance();
        std::vector<Binding> block = parse_block(is_source ? "source" : "target");
        if (!keep) continue;
        (is_source ? r.source_span : r.target_span) = kw;
        (is_source ? r.source : r.target) = std::move(block);
      } else if (t.kind == TokenKind::Ident && t.text == "require") {
        enter(Clause::RequireOrLet, kw, false);
        advance();
        ExprId cond = parse_cond();
        if (!cond.valid()) {
          recover();
          continue;
        }
        expect_semicolon("the precondition");
        r.preconditions.push_back(Precondition{cond, join(kw, span_of(previous()))});
      } else if (t.kind == TokenKind::Ident && t.text == "let") {
        enter(Clause::RequireOrLet, kw, false);
        advance();
        auto b = parse_binding("let", kw);
        if (b) r.lets.push_back(std::move(*b));
      } else if (t.kind == TokenKind::Ident && t.text == "expect") {
        bool keep = enter(Clause::Expect, kw, true);
        advance();
        parse_expect(keep);
      } else {
        if (t.kind == TokenKind::Ident && peek(1).kind != TokenKind::LParen)
          error_here(fmt::format("unknown clause '{}'{}", t.text,
                                 did_you_mean(t.text, clause_keywords())));
        else if (t.kind == TokenKind::TensorVar && peek(1).kind == TokenKind::Assign)
          error_here(
              fmt::format("binding of '%{}' outside a 'source' or 'target' block (a "
                          "constant is written 'let %{} = ...;')",
                          t.text, t.text));
        else
          error_here(
              fmt::format("expected a clause ('domain', 'source', 'require', 'let', "
                          "'target', 'expect') or '}}', got {}",
                          describe(t)));
        recover();
      }
    }
  }

  Domain parse_domain() {
    Domain d;
    const Token& t = peek();
    d.span = span_of(t);
    if (t.kind != TokenKind::Ident) {
      error_here(
          fmt::format("expected a domain ('real', 'bv(N)' or 'float32'), got {}", describe(t)));
      recover();
      return Domain{};
    }
    advance();
    if (t.text == "real") {
      d.kind = DomainKind::Real;
    } else if (t.text == "float32") {
      d.kind = DomainKind::Float32;
    } else if (t.text == "bv") {
      d.kind = DomainKind::Bv;
      d.width = 1;
      if (!expect(TokenKind::LParen, "'(' and a bit width after 'bv'")) {
        recover();
        return Domain{};
      }
      if (!at(TokenKind::Int)) {
        expect(TokenKind::Int, "a bit width");
        recover();
        return Domain{};
      }
      const Token& w = advance();
      auto v = parse_int(w);
      if (v && (*v < 1 || *v > kMaxBvWidth))
        error_at(span_of(w), fmt::format("bit width of 'bv' must be between 1 and {}, got {}",
                                         kMaxBvWidth, *v));
      else if (v)
        d.width = static_cast<uint32_t>(*v);
      if (!expect(TokenKind::RParen, "')' after the bit width")) {
        recover();
        return Domain{};
      }
      d.span = join(d.span, span_of(previous()));
    } else {
      error_at(span_of(t),
               fmt::format("unknown domain '{}' (expected 'real', 'bv(N)' or 'float32'){}", t.text,
                           did_you_mean(t.text, {"real", "float32", "bv"})));
    }
    expect_semicolon("the domain");
    return d;
  }

  void parse_expect(bool keep) {
    const Token& t = peek();
    if (t.kind != TokenKind::Ident) {
      error_here(fmt::format("expected a verdict ('proved' or 'refuted'), got {}", describe(t)));
      recover();
      return;
    }
    advance();
    if (t.text == "proved" || t.text == "refuted") {
      if (keep) {
        rule_->rule.expect = t.text == "proved" ? Verdict::Proved : Verdict::Refuted;
        rule_->rule.expect_span = span_of(t);
      }
    } else {
      error_at(span_of(t), fmt::format("unknown verdict '{}' (expected 'proved' or 'refuted'){}",
                                       t.text, did_you_mean(t.text, {"proved", "refuted"})));
    }
    expect_semicolon("the expected verdict");
  }

  // `{ BINDING... }` after `source` or `target`.
  std::vector<Binding> parse_block(std::string_view what) {
    std::vector<Binding> out;
    if (!accept(TokenKind::LBrace)) {
      expect(TokenKind::LBrace, fmt::format("'{{' after '{}'", what));
      // Without the '{', go on only if bindings evidently follow.
      if (!(at(TokenKind::TensorVar) && peek(1).kind == TokenKind::Assign)) {
        recover();
        return out;
      }
    }
    while (true) {
      if (accept(TokenKind::RBrace)) return out;
      if (at(TokenKind::Eof) || at_rule_start()) {
        expect(TokenKind::RBrace, fmt::format("'}}' to close the {} block", what));
        return out;
      }
      if (!at(TokenKind::TensorVar)) {
        error_here(fmt::format("expected a binding like '%y = op(...);' in the {} block, got {}",
                               what, describe(peek())));
        recover();
        continue;
      }
      auto b = parse_binding(what, span_of(peek()));
      if (b) out.push_back(std::move(*b));
    }
  }

  // `%v = EXPR;` (the `let` keyword, if any, is already consumed; `start` is where the
  // statement begins).
  std::optional<Binding> parse_binding(std::string_view what, Span start) {
    Binding b;
    if (!at(TokenKind::TensorVar)) {
      error_here(
          fmt::format("expected a tensor variable after '{}', got {}", what, describe(peek())));
      recover();
      return std::nullopt;
    }
    b.name = peek().text;
    b.name_span = span_of(advance());
    if (!expect(TokenKind::Assign, fmt::format("'=' after '%{}'", b.name))) {
      recover();
      return std::nullopt;
    }
    b.value = parse_cond();
    if (!b.value.valid()) {
      recover();
      return std::nullopt;
    }
    expect_semicolon(fmt::format("the binding of '%{}'", b.name));
    b.span = join(start, span_of(previous()));
    return b;
  }

  // ---- expressions ---------------------------------------------------------------
  // cond := and ('||' and)* ; and := unary ('&&' unary)* ; unary := '!' unary | cmp ;
  // cmp := primary (CMP primary)? . Calls take conditions as operands; the checker
  // says where which kind of expression is allowed.
  ExprId parse_cond() {
    ExprId lhs = parse_and();
    while (lhs.valid() && at(TokenKind::OrOr)) {
      advance();
      ExprId rhs = parse_and();
      if (!rhs.valid()) return {};
      lhs = add(join(span(lhs), span(rhs)), Logic{LogicOp::Or, lhs, rhs});
    }
    return lhs;
  }
  ExprId parse_and() {
    ExprId lhs = parse_unary();
    while (lhs.valid() && at(TokenKind::AndAnd)) {
      advance();
      ExprId rhs = parse_unary();
      if (!rhs.valid()) return {};
      lhs = add(join(span(lhs), span(rhs)), Logic{LogicOp::And, lhs, rhs});
    }
    return lhs;
  }
  // Every cycle of the expression grammar passes through parse_unary or parse_primary,
  // so their depth bounds the recursion of the parser and of the checker after it.
  bool enter() {
    if (++depth_ <= limits::kMaxNestingDepth) return true;
    error_here(
        fmt::format("expression nests too deep: at most {} levels of calls, "
                    "parentheses and '!'",
                    limits::kMaxNestingDepth));
    return false;
  }

  ExprId parse_unary() {
    if (!at(TokenKind::Bang)) return parse_unary_at_depth();  // parse_primary counts it
    bool ok = enter();
    ExprId e = ok ? parse_unary_at_depth() : ExprId{};
    --depth_;
    return e;
  }
  ExprId parse_unary_at_depth() {
    if (at(TokenKind::Bang)) {
      Span bang = span_of(advance());
      ExprId e = parse_unary();
      if (!e.valid()) return {};
      return add(join(bang, span(e)), Not{e});
    }
    ExprId lhs = parse_primary();
    if (!lhs.valid()) return {};
    if (at(TokenKind::Assign)) {
      error_here("expected '==' to compare, got '='");
      return {};
    }
    if (auto op = cmp_op_of(peek().kind)) {
      advance();
      ExprId rhs = parse_primary();
      if (!rhs.valid()) return {};
      return add(join(span(lhs), span(rhs)), Compare{*op, lhs, rhs});
    }
    return lhs;
  }

  ExprId parse_primary() {
    bool ok = enter();
    ExprId e = ok ? parse_primary_at_depth() : ExprId{};
    --depth_;
    return e;
  }
  ExprId parse_primary_at_depth() {
    const Token& t = peek();
    Span s = span_of(t);
    switch (t.kind) {
      case TokenKind::TensorVar: advance(); return add(s, TensorRef{t.text, {}});
      case TokenKind::AttrVar: advance(); return add(s, AttrRef{t.text, {}});
      case TokenKind::Int: {
        advance();
        return add(s, IntLit{parse_int(t).value_or(0)});
      }
      case TokenKind::Float: {
        advance();
        return add(s, FloatLit{parse_float(t).value_or(0), t.text});
      }
      case TokenKind::String: advance(); return add(s, StrLit{t.text});
      case TokenKind::LBracket: return parse_list();
      case TokenKind::LParen: {
        advance();
        ExprId inner = parse_cond();
        if (!inner.valid()) return {};
        if (!expect(TokenKind::RParen, "')'")) return {};
        // The parentheses belong to the expression's range.
        rule_->rule.expr(inner).span = join(s, span_of(previous()));
        return inner;
      }
      case TokenKind::Ident:
        if (peek(1).kind == TokenKind::LParen) return parse_call();
        if (op_from_name(t.text))
          error_here(
              fmt::format("expected an expression, got {} (operators are called as "
                          "'{}(...)')",
                          describe(t), t.text));
        else
          error_here(fmt::format("expected an expression, got {}", describe(t)));
        return {};
      default: error_here(fmt::format("expected an expression, got {}", describe(t))); return {};
    }
  }

  ExprId parse_list() {
    Span open = span_of(advance());
    IntListLit list;
    while (!at(TokenKind::RBracket)) {
      if (!at(TokenKind::Int)) {
        error_here(fmt::format("expected an integer in the list, got {}", describe(peek())));
        return {};
      }
      list.values.push_back(parse_int(advance()).value_or(0));
      if (!accept(TokenKind::Comma)) break;
    }
    if (!expect(TokenKind::RBracket, "',' or ']' in the list")) return {};
    return add(join(open, span_of(previous())), std::move(list));
  }

  // NAME '(' (ARG | NAME '=' VALUE) (',' ...)* ')'
  ExprId parse_call() {
    const Token& name = advance();
    Span name_span = span_of(name);
    std::string fn = name.text;
    advance();  // (
    std::vector<ExprId> operands;
    std::vector<AttrArg> attrs;
    if (!accept(TokenKind::RParen)) {
      while (true) {
        if (at(TokenKind::Ident) && peek(1).kind == TokenKind::Assign) {
          AttrArg a;
          a.name = peek().text;
          a.name_span = span_of(advance());
          advance();  // =
          a.value = parse_primary();
          if (!a.value.valid()) return {};
          attrs.push_back(std::move(a));
        } else {
          if (!attrs.empty()) {
            error_here(fmt::format("operands of '{}' must come before its attributes", fn));
            return {};
          }
          ExprId arg = parse_cond();
          if (!arg.valid()) return {};
          operands.push_back(arg);
        }
        if (accept(TokenKind::Comma)) continue;
        if (!expect(TokenKind::RParen, fmt::format("',' or ')' in the arguments of '{}'", fn)))
          return {};
        break;
      }
    }
    Span whole = join(name_span, span_of(previous()));
    if (auto b = builtin_from_name(fn)) {
      if (!attrs.empty())
        error_at(attrs.front().name_span,
                 fmt::format("built-in '{}' takes no attributes", builtin_name(*b)));
      return add(whole, BuiltinCall{*b, name_span, std::move(operands)});
    }
    auto op = op_from_name(fn);
    if (op && !is_callable(*op)) {
      error_at(name_span, fmt::format("'{}' is a graph leaf, not an operator a rule can call; "
                                      "match it with a tensor variable such as '%x'",
                                      fn));
      op.reset();
    } else if (!op) {
      error_at(name_span,
               fmt::format("unknown operator '{}'{}", fn, did_you_mean(fn, callable_names())));
    }
    ExprId id = add(whole, OpCall{op.value_or(OpKind::Input), name_span, std::move(operands),
                                  std::move(attrs)});
    if (!op) rule_->unknown_ops.push_back(id);
    return id;
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

  ExprId add(Span s, ExprNode node) { return rule_->rule.add(s, std::move(node)); }
  Span span(ExprId id) const { return rule_->rule.expr(id).span; }

  const SourceFile& src_;
  PendingDiagnostics& diags_;
  std::vector<Token> toks_;
  bool check_;
  size_t pos_ = 0;
  int depth_ = 0;  // nesting of parse_unary / parse_primary
  bool eof_reported_ = false;
  ParsedRule* rule_ = nullptr;  // the rule being parsed
};

std::optional<RuleFile> parse(const SourceFile& src, DiagnosticSink& diags, bool check) {
  size_t before = diags.error_count();
  LexResult lexed = lex_rules(src);
  PendingDiagnostics pending(src);
  for (LexError& e : lexed.errors) pending.error(e.offset, e.length, std::move(e.message));
  Parser p(src, pending, std::move(lexed.tokens), check);
  std::vector<Rule> rules = p.parse_file();
  pending.emit(diags);
  if (diags.error_count() > before) return std::nullopt;
  RuleFile file;
  file.source = std::make_shared<const SourceFile>(src);
  file.rules = std::move(rules);
  return file;
}

}  // namespace

std::optional<RuleFile> parse_rules(const SourceFile& src, DiagnosticSink& diags) {
  return parse(src, diags, /*check=*/true);
}

std::optional<RuleFile> parse_rules_unchecked(const SourceFile& src, DiagnosticSink& diags) {
  return parse(src, diags, /*check=*/false);
}

std::optional<RuleFile> parse_rules_file(const std::string& path, DiagnosticSink& diags) {
  auto src = SourceFile::load(path);
  if (!src) {
    // The loader's message starts with the path; the diagnostic names it already.
    std::string msg = src.error().message;
    if (msg.rfind(path + ": ", 0) == 0) msg.erase(0, path.size() + 2);
    diags.error(path, std::move(msg));
    return std::nullopt;
  }
  return parse_rules(*src, diags);
}

}  // namespace vf::dsl
