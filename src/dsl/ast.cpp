#include "dsl/ast.h"

#include <fmt/format.h>

namespace vf::dsl {

const AttrArg* OpCall::find_attr(std::string_view name) const {
  for (const AttrArg& a : attrs)
    if (a.name == name) return &a;
  return nullptr;
}

ExprId Rule::add(Span span, ExprNode node) {
  exprs.push_back(Expr{span, std::move(node)});
  return ExprId{static_cast<uint32_t>(exprs.size() - 1)};
}

TensorVarId Rule::find_tensor_var(std::string_view name) const {
  for (size_t i = 0; i < tensor_vars.size(); ++i)
    if (tensor_vars[i].name == name) return TensorVarId{static_cast<uint32_t>(i)};
  return {};
}

AttrVarId Rule::find_attr_var(std::string_view name) const {
  for (size_t i = 0; i < attr_vars.size(); ++i)
    if (attr_vars[i].name == name) return AttrVarId{static_cast<uint32_t>(i)};
  return {};
}

const Rule* RuleFile::find(std::string_view name) const {
  for (const Rule& r : rules)
    if (r.name == name) return &r;
  return nullptr;
}

std::string_view cmp_op_spelling(CmpOp op) {
  switch (op) {
    case CmpOp::Eq: return "==";
    case CmpOp::Ne: return "!=";
    case CmpOp::Lt: return "<";
    case CmpOp::Le: return "<=";
    case CmpOp::Gt: return ">";
    case CmpOp::Ge: return ">=";
  }
  return "?";
}

std::string_view logic_op_spelling(LogicOp op) {
  switch (op) {
    case LogicOp::And: return "&&";
    case LogicOp::Or: return "||";
  }
  return "?";
}

std::string_view builtin_name(Builtin fn) {
  switch (fn) {
    case Builtin::Const: return "const";
    case Builtin::SingleUse: return "single_use";
    case Builtin::Rank: return "rank";
    case Builtin::Dim: return "dim";
    case Builtin::Len: return "len";
    case Builtin::All: return "all";
    case Builtin::Any: return "any";
  }
  return "?";
}

const std::vector<Builtin>& all_builtins() {
  static const std::vector<Builtin> kAll = {Builtin::Const, Builtin::SingleUse, Builtin::Rank,
                                            Builtin::Dim,   Builtin::Len,       Builtin::All,
                                            Builtin::Any};
  return kAll;
}

std::optional<Builtin> builtin_from_name(std::string_view name) {
  for (Builtin fn : all_builtins())
    if (builtin_name(fn) == name) return fn;
  return std::nullopt;
}

std::string domain_string(const Domain& d) {
  switch (d.kind) {
    case DomainKind::Real: return "real";
    case DomainKind::Bv: return fmt::format("bv({})", d.width);
    case DomainKind::Float32: return "float32";
  }
  return "?";
}

std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Proved: return "proved";
    case Verdict::Refuted: return "refuted";
  }
  return "?";
}

}  // namespace vf::dsl
