#include "dsl/printer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "ir/attrs.h"

namespace vf::dsl {
namespace {

// Binding strength: a child weaker than its context is parenthesized.
enum Prec : int { kOr = 1, kAnd = 2, kNot = 3, kCompare = 4, kPrimary = 5 };

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

class Printer {
 public:
  explicit Printer(const Rule& r) : r_(r) {}

  std::string expr(ExprId id, int context = kOr) const {
    const Expr& e = r_.expr(id);
    int prec = precedence(e);
    std::string s = std::visit(
        Overloaded{
            [](const TensorRef& v) { return fmt::format("%{}", v.name); },
            [](const AttrRef& v) { return fmt::format("${}", v.name); },
            [](const IntLit& v) { return fmt::format("{}", v.value); },
            [](const FloatLit& v) { return v.text; },
            [](const IntListLit& v) { return fmt::format("[{}]", fmt::join(v.values, ", ")); },
            [](const StrLit& v) { return attr_value_string(AttrValue{v.value}); },
            [&](const OpCall& c) {
              std::vector<std::string> args;
              for (ExprId op : c.operands) args.push_back(expr(op));
              for (const AttrArg& a : c.attrs)
                args.push_back(fmt::format("{}={}", a.name, expr(a.value)));
              return fmt::format("{}({})", op_name(c.op), fmt::join(args, ", "));
            },
            [&](const Compare& c) {
              return fmt::format("{} {} {}", expr(c.lhs, kPrimary), cmp_op_spelling(c.op),
                                 expr(c.rhs, kPrimary));
            },
            [&](const Logic& l) {
              int p = l.op == LogicOp::And ? kAnd : kOr;
              // Left-associative: the right operand needs parentheses at equal strength.
              return fmt::format("{} {} {}", expr(l.lhs, p), logic_op_spelling(l.op),
                                 expr(l.rhs, p + 1));
            },
            [&](const Not& n) {
              // `!a < b` parses as `!(a < b)`; the parentheses spare the reader the rule.
              return fmt::format("!{}", expr(n.operand, kPrimary));
            },
            [&](const BuiltinCall& b) {
              std::vector<std::string> args;
              for (ExprId a : b.args) args.push_back(expr(a));
              return fmt::format("{}({})", builtin_name(b.fn), fmt::join(args, ", "));
            },
        },
        e.node);
    return prec < context ? fmt::format("({})", s) : s;
  }

 private:
  static int precedence(const Expr& e) {
    if (auto* l = e.as<Logic>()) return l->op == LogicOp::And ? kAnd : kOr;
    if (e.as<Not>()) return kNot;
    if (e.as<Compare>()) return kCompare;
    return kPrimary;
  }

  const Rule& r_;
};

std::string binding(const Printer& p, const Rule& r, const Binding& b) {
  return fmt::format("%{} = {};", b.name, p.expr(b.value));
}

}  // namespace

std::string print_expr(const Rule& rule, ExprId id) { return Printer(rule).expr(id); }

std::string print_rule(const Rule& r) {
  Printer p(r);
  std::string out = fmt::format("rule {} {{\n", r.name);
  if (r.domain.kind != DomainKind::Real)
    out += fmt::format("  domain {};\n", domain_string(r.domain));
  out += "  source {\n";
  for (const Binding& b : r.source) out += "    " + binding(p, r, b) + "\n";
  out += "  }\n";
  // Preconditions and lets in their original interleaving.
  size_t i = 0, j = 0;
  while (i < r.preconditions.size() || j < r.lets.size()) {
    bool let = i == r.preconditions.size() ||
               (j < r.lets.size() && r.lets[j].span.offset < r.preconditions[i].span.offset);
    if (let)
      out += "  let " + binding(p, r, r.lets[j++]) + "\n";
    else
      out += fmt::format("  require {};\n", p.expr(r.preconditions[i++].cond));
  }
  out += "  target {\n";
  for (const Binding& b : r.target) out += "    " + binding(p, r, b) + "\n";
  out += "  }\n";
  if (r.expect != Verdict::Proved) out += fmt::format("  expect {};\n", verdict_name(r.expect));
  return out + "}\n";
}

std::string print_rule_file(const RuleFile& file) {
  std::string out;
  for (size_t i = 0; i < file.rules.size(); ++i) {
    if (i) out += "\n";
    out += print_rule(file.rules[i]);
  }
  return out;
}

}  // namespace vf::dsl
