#include "verify/precondition.h"

#include <variant>

namespace vf::verify {
namespace {

using dsl::ExprId;

std::optional<double> as_number(const AttrValue& v) {
  if (auto* i = std::get_if<int64_t>(&v)) return static_cast<double>(*i);
  if (auto* d = std::get_if<double>(&v)) return *d;
  return std::nullopt;
}

Tri tri(bool b) { return b ? Tri::True : Tri::False; }

}  // namespace

Tri tri_and(Tri a, Tri b) {
  if (a == Tri::False || b == Tri::False) return Tri::False;
  return a == Tri::True && b == Tri::True ? Tri::True : Tri::Unknown;
}

Tri tri_or(Tri a, Tri b) {
  if (a == Tri::True || b == Tri::True) return Tri::True;
  return a == Tri::False && b == Tri::False ? Tri::False : Tri::Unknown;
}

Tri tri_not(Tri a) { return a == Tri::Unknown ? a : tri(a == Tri::False); }

void comparison_sides(const dsl::Rule& rule, ExprId cond, std::vector<ExprId>& out) {
  const dsl::Expr& x = rule.expr(cond);
  if (auto* c = x.as<dsl::Compare>()) {
    out.push_back(c->lhs);
    out.push_back(c->rhs);
  } else if (auto* l = x.as<dsl::Logic>()) {
    comparison_sides(rule, l->lhs, out);
    comparison_sides(rule, l->rhs, out);
  } else if (auto* n = x.as<dsl::Not>()) {
    comparison_sides(rule, n->operand, out);
  }
}

void value_condition_sides(const dsl::Rule& rule, ExprId cond, std::vector<ExprId>& out) {
  const dsl::Expr& x = rule.expr(cond);
  if (auto* l = x.as<dsl::Logic>()) {
    value_condition_sides(rule, l->lhs, out);
    value_condition_sides(rule, l->rhs, out);
  } else if (auto* n = x.as<dsl::Not>()) {
    value_condition_sides(rule, n->operand, out);
  } else if (auto* b = x.as<dsl::BuiltinCall>()) {
    if (b->fn == dsl::Builtin::All || b->fn == dsl::Builtin::Any)
      for (ExprId a : b->args) comparison_sides(rule, a, out);
  }
}

std::optional<AttrValue> eval_scalar(const ShapeFacts& f, ExprId e) {
  const dsl::Expr& x = f.rule.expr(e);
  if (auto* i = x.as<dsl::IntLit>()) return i->value;
  if (auto* d = x.as<dsl::FloatLit>()) return d->value;
  if (auto* l = x.as<dsl::IntListLit>()) return l->values;
  if (auto* s = x.as<dsl::StrLit>()) return s->value;
  if (auto* a = x.as<dsl::AttrRef>()) return f.slot_values[a->var.index];
  const auto* b = x.as<dsl::BuiltinCall>();
  if (!b) return std::nullopt;
  auto shape_of = [&](ExprId arg) -> const Shape* {
    const auto* r = f.rule.expr(arg).as<dsl::TensorRef>();
    if (!r) return nullptr;
    const NodeId n = f.var_nodes[r->var.index];
    if (!n.valid()) return nullptr;
    return &f.graph.node(n).type.shape;
  };
  switch (b->fn) {
    case dsl::Builtin::Rank: {
      const Shape* s = shape_of(b->args[0]);
      if (!s) return std::nullopt;
      return static_cast<int64_t>(s->size());
    }
    case dsl::Builtin::Dim: {
      const Shape* s = shape_of(b->args[0]);
      auto i = eval_scalar(f, b->args[1]);
      if (!s || !i || !std::holds_alternative<int64_t>(*i)) return std::nullopt;
      int64_t k = std::get<int64_t>(*i);
      if (k < 0) k += static_cast<int64_t>(s->size());
      // A dimension the tensor does not have: -1, so that comparisons with sizes fail.
      if (k < 0 || k >= static_cast<int64_t>(s->size())) return int64_t{-1};
      return (*s)[static_cast<size_t>(k)];
    }
    case dsl::Builtin::Len: {
      auto v = eval_scalar(f, b->args[0]);
      if (!v) return std::nullopt;
      if (auto* l = std::get_if<std::vector<int64_t>>(&*v)) return static_cast<int64_t>(l->size());
      return std::nullopt;
    }
    case dsl::Builtin::Const:
    case dsl::Builtin::SingleUse:
    case dsl::Builtin::All:
    case dsl::Builtin::Any: return std::nullopt;
  }
  return std::nullopt;
}

bool compare_values(dsl::CmpOp op, const AttrValue& a, const AttrValue& b) {
  auto na = as_number(a), nb = as_number(b);
  if (na && nb) {
    switch (op) {
      case dsl::CmpOp::Eq: return *na == *nb;
      case dsl::CmpOp::Ne: return *na != *nb;
      case dsl::CmpOp::Lt: return *na < *nb;
      case dsl::CmpOp::Le: return *na <= *nb;
      case dsl::CmpOp::Gt: return *na > *nb;
      case dsl::CmpOp::Ge: return *na >= *nb;
    }
  }
  if (op == dsl::CmpOp::Eq) return a == b;
  if (op == dsl::CmpOp::Ne) return a != b;
  return false;
}

Tri eval_shape_condition(const ShapeFacts& f, ExprId cond) {
  const dsl::Expr& x = f.rule.expr(cond);
  if (auto* c = x.as<dsl::Compare>()) {
    auto a = eval_scalar(f, c->lhs), b = eval_scalar(f, c->rhs);
    if (!a || !b) return Tri::Unknown;
    return tri(compare_values(c->op, *a, *b));
  }
  if (auto* l = x.as<dsl::Logic>()) {
    const Tri a = eval_shape_condition(f, l->lhs), b = eval_shape_condition(f, l->rhs);
    return l->op == dsl::LogicOp::And ? tri_and(a, b) : tri_or(a, b);
  }
  if (auto* n = x.as<dsl::Not>()) return tri_not(eval_shape_condition(f, n->operand));
  if (auto* b = x.as<dsl::BuiltinCall>()) {
    if (b->fn == dsl::Builtin::Const || b->fn == dsl::Builtin::SingleUse) return Tri::True;
    return Tri::Unknown;  // all / any
  }
  return Tri::Unknown;
}

}  // namespace vf::verify
