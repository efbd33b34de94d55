#include "rewrite/match.h"

#include <fmt/format.h>

#include <cmath>
#include <variant>

#include "ir/op_attrs.h"
#include "support/rng.h"
#include "verify/grid.h"
#include "verify/precondition.h"

namespace vf::rewrite {
namespace {

using dsl::ExprId;

/// The value of attribute `name` of a node, or its schema default.
std::optional<AttrValue> node_attr(const Node& n, const std::string& name) {
  if (const AttrValue* v = n.attrs.find(name)) return *v;
  for (const AttrSpec& sp : attr_specs(n.op))
    if (sp.name == name && !sp.required) return sp.default_value;
  return std::nullopt;
}

/// A literal attribute argument against a node's value: numbers compare as numbers.
bool literal_equals(const dsl::Expr& lit, const AttrValue& v) {
  auto num = [](const AttrValue& a) -> std::optional<double> {
    if (auto* i = std::get_if<int64_t>(&a)) return static_cast<double>(*i);
    if (auto* d = std::get_if<double>(&a)) return *d;
    return std::nullopt;
  };
  if (auto* i = lit.as<dsl::IntLit>()) return num(v) == static_cast<double>(i->value);
  if (auto* f = lit.as<dsl::FloatLit>()) return num(v) == f->value;
  if (auto* l = lit.as<dsl::IntListLit>()) {
    auto* w = std::get_if<std::vector<int64_t>>(&v);
    return w && *w == l->values;
  }
  if (auto* s = lit.as<dsl::StrLit>()) {
    auto* w = std::get_if<std::string>(&v);
    return w && *w == s->value;
  }
  return false;
}

/// A literal attribute argument as a value of the schema's kind, for messages.
AttrValue literal_of(const dsl::Expr& lit, AttrKind kind) {
  if (auto* i = lit.as<dsl::IntLit>())
    return kind == AttrKind::Float ? AttrValue(static_cast<double>(i->value)) : AttrValue(i->value);
  if (auto* f = lit.as<dsl::FloatLit>()) return f->value;
  if (auto* l = lit.as<dsl::IntListLit>()) return l->values;
  if (auto* s = lit.as<dsl::StrLit>()) return s->value;
  return int64_t{0};
}

/// One attempt: the bindings made so far.
struct State {
  std::vector<NodeId> vars;
  std::vector<std::optional<AttrValue>> slots;
  std::vector<NodeId> nodes;
  std::vector<NodeId> exprs;
};

class Attempt {
 public:
  Attempt(const dsl::Rule& rule, const verify::RuleSlots& slots, const Graph& g)
      : rule_(rule), slots_(slots), g_(g) {
    st_.vars.assign(rule.tensor_vars.size(), {});
    st_.slots.assign(slots.slots.size(), std::nullopt);
    st_.exprs.assign(rule.exprs.size(), {});
  }

  bool expr(ExprId e, NodeId n) {
    const dsl::Expr& x = rule_.expr(e);
    if (auto* r = x.as<dsl::TensorRef>()) return var(r->var, n);
    if (x.as<dsl::IntLit>() || x.as<dsl::FloatLit>()) {
      const Node& k = g_.node(n);
      if (k.op != OpKind::Constant || !k.type.shape.empty() || k.type.size() != 1) return false;
      const double want = x.as<dsl::IntLit>() ? static_cast<double>(x.as<dsl::IntLit>()->value)
                                              : x.as<dsl::FloatLit>()->value;
      // The model holds the literal's float32 rounding (as a rule instance does).
      return k.data->get(0) == static_cast<double>(static_cast<float>(want));
    }
    if (auto* a = x.as<dsl::AttrRef>()) {
      // A scalar constant of the model, its value bound to the attribute variable: a float
      // constant's for a float variable, an integer constant's for an int one (bv rules).
      const Node& k = g_.node(n);
      if (k.op != OpKind::Constant || !k.type.shape.empty() || k.type.size() != 1) return false;
      const double v = k.data->get(0);
      if (rule_.var(a->var).kind != AttrKind::Int)
        return is_float(k.type.dtype) && slot(a->var.index, AttrValue(v));
      // Integer tensors hold exact integers, well inside int64 (ops.def).
      if (!is_integer(k.type.dtype) || v != std::floor(v) || std::abs(v) >= 0x1p62) return false;
      return slot(a->var.index, AttrValue(static_cast<int64_t>(v)));
    }
    const auto* call = x.as<dsl::OpCall>();
    if (!call) return false;
    const Node& node = g_.node(n);
    if (node.op != call->op || node.inputs.size() != call->operands.size()) return false;
    for (const AttrSpec& sp : attr_specs(call->op)) {
      const auto value = node_attr(node, sp.name);
      if (!value) return false;
      if (const dsl::AttrArg* a = call->find_attr(sp.name)) {
        const dsl::Expr& v = rule_.expr(a->value);
        if (auto* ref = v.as<dsl::AttrRef>()) {
          if (!slot(ref->var.index, *value)) return false;
        } else if (!literal_equals(v, *value)) {
          // The pattern may still match in every other respect: remember why it does not,
          // for the report (a BN before a conv with padding is not folded: say so).
          if (mismatch_.empty())
            mismatch_ = fmt::format("{} '{}' has {}={}, the rule needs {}", op_name(node.op),
                                    node.name, sp.name, attr_value_string(*value),
                                    attr_value_string(literal_of(v, sp.kind)));
        }
        continue;
      }
      auto it = slots_.implicit.find({e.index, sp.name});
      if (it != slots_.implicit.end() && !slot(it->second, *value)) return false;
    }
    for (size_t k = 0; k < call->operands.size(); ++k)
      if (!expr(call->operands[k], node.inputs[k])) return false;
    if (st_.exprs[e.index].valid()) return st_.exprs[e.index] == n;
    st_.exprs[e.index] = n;
    st_.nodes.push_back(n);
    return true;
  }

  State& state() { return st_; }
  /// The first literal attribute that differed from the node's ("" when none did).
  const std::string& mismatch() const { return mismatch_; }

 private:
  bool var(dsl::TensorVarId v, NodeId n) {
    if (st_.vars[v.index].valid()) return st_.vars[v.index] == n;
    st_.vars[v.index] = n;
    const dsl::TensorVar& tv = rule_.var(v);
    if (tv.origin == dsl::VarOrigin::SourceBinding) return expr(tv.value, n);
    return tv.origin == dsl::VarOrigin::SourceInput;
  }

  bool slot(uint32_t s, const AttrValue& v) {
    if (st_.slots[s]) return *st_.slots[s] == v;
    st_.slots[s] = v;
    return true;
  }

  const dsl::Rule& rule_;
  const verify::RuleSlots& slots_;
  const Graph& g_;
  State st_;
  std::string mismatch_;
};

/// The truth of a precondition on the matched graph; Unknown for value conditions.
verify::Tri eval_condition(const dsl::Rule& rule, const verify::ShapeFacts& f,
                           const std::vector<uint32_t>& users, const Graph& g, ExprId e) {
  using verify::Tri;
  const dsl::Expr& x = rule.expr(e);
  if (auto* l = x.as<dsl::Logic>()) {
    const Tri a = eval_condition(rule, f, users, g, l->lhs);
    const Tri b = eval_condition(rule, f, users, g, l->rhs);
    return l->op == dsl::LogicOp::And ? verify::tri_and(a, b) : verify::tri_or(a, b);
  }
  if (auto* n = x.as<dsl::Not>())
    return verify::tri_not(eval_condition(rule, f, users, g, n->operand));
  if (auto* b = x.as<dsl::BuiltinCall>()) {
    if (b->fn == dsl::Builtin::Const || b->fn == dsl::Builtin::SingleUse) {
      for (ExprId a : b->args) {
        const auto* r = rule.expr(a).as<dsl::TensorRef>();
        const NodeId n = r ? f.var_nodes[r->var.index] : NodeId{};
        if (!n.valid()) return Tri::False;
        const bool ok =
            b->fn == dsl::Builtin::Const ? g.node(n).op == OpKind::Constant : users[n.index] == 1;
        if (!ok) return Tri::False;
      }
      return Tri::True;
    }
  }
  return verify::eval_shape_condition(f, e);
}

}  // namespace

std::string match_key(const Match& m, const Graph& g, bool with_data) {
  std::string key = m.rule->name;
  for (NodeId v : m.vars) {
    if (!v.valid()) {
      key += "|-";
      continue;
    }
    const Node& n = g.node(v);
    const bool constant = n.op == OpKind::Constant;
    key += fmt::format("|{}{}", constant ? "c" : "x", shape_string(n.type.shape));
    if (constant && with_data) {
      const auto& b = n.data->bytes();
      key += fmt::format(":{:016x}", hash_bytes(std::string_view(
                                         reinterpret_cast<const char*>(b.data()), b.size())));
    }
  }
  for (const AttrValue& a : m.slots) key += fmt::format("|{}/{}", attr_value_string(a), a.index());
  return key;
}

std::string precondition_text(const SourceFile& file, const dsl::Precondition& p) {
  const SourceLoc at = file.loc(p.span.offset);
  return fmt::format("`{}` ({}:{})", file.text().substr(p.span.offset, p.span.length), file.name(),
                     at.line);
}

std::vector<uint32_t> count_users(const Graph& g) {
  std::vector<uint32_t> users(g.size(), 0);
  for (const Node& n : g.nodes())
    for (NodeId in : n.inputs) ++users[in.index];
  for (NodeId o : g.outputs()) ++users[o.index];
  return users;
}

Matcher::Matcher(const dsl::Rule& rule, std::shared_ptr<const SourceFile> file)
    : rule_(rule), file_(std::move(file)), slots_(verify::rule_slots(rule)) {}

std::optional<Match> Matcher::match(const Graph& g, const std::vector<uint32_t>& users, NodeId root,
                                    std::string* why_not) const {
  Attempt a(rule_, slots_, g);
  if (!a.expr(rule_.source_root().value, root)) return std::nullopt;
  if (!a.mismatch().empty()) {
    if (why_not) *why_not = a.mismatch();
    return std::nullopt;
  }
  State& st = a.state();
  st.vars[rule_.source_root().var.index] = root;
  // Every variable a later stage reads is bound: a checked rule's source mentions them.
  Match m;
  m.rule = &rule_;
  m.file = file_.get();
  m.root = root;
  for (size_t s = 0; s < st.slots.size(); ++s) {
    if (!st.slots[s]) {
      if (why_not) *why_not = fmt::format("attribute slot '{}' is not bound", slots_.slots[s].name);
      return std::nullopt;
    }
    m.slots.push_back(*st.slots[s]);
  }
  // Constness is declared on the variables (top-level const(...)).
  for (size_t v = 0; v < rule_.tensor_vars.size(); ++v) {
    const dsl::TensorVar& tv = rule_.tensor_vars[v];
    if (tv.is_const && tv.origin == dsl::VarOrigin::SourceInput && st.vars[v].valid() &&
        g.node(st.vars[v]).op != OpKind::Constant) {
      if (why_not)
        *why_not = fmt::format("'%{}' ({}) is not a constant", tv.name, g.node(st.vars[v]).name);
      return std::nullopt;
    }
  }
  // A rule's proof is about its domain's numbers: a real or float32 rule says nothing of
  // integer tensors (exact integers, with their own rounding and saturation: ops.def), a
  // bitvector rule nothing of floats. Every leaf the pattern binds and every node it covers
  // must hold numbers of the rule's domain.
  const bool bitvector = rule_.domain.kind == dsl::DomainKind::Bv;
  auto of_domain = [&](NodeId id) {
    const DType t = g.node(id).type.dtype;
    return bitvector ? is_integer(t) : is_float(t);
  };
  for (size_t v = 0; v < rule_.tensor_vars.size(); ++v)
    if (st.vars[v].valid() && !of_domain(st.vars[v])) {
      if (why_not)
        *why_not =
            fmt::format("'%{}' ({}) is {}; the rule is proved over {}", rule_.tensor_vars[v].name,
                        g.node(st.vars[v]).name, dtype_name(g.node(st.vars[v]).type.dtype),
                        dsl::domain_string(rule_.domain));
      return std::nullopt;
    }
  for (NodeId id : st.nodes)
    if (id.valid() && !of_domain(id)) {
      if (why_not)
        *why_not = fmt::format("'{}' is {}; the rule is proved over {}", g.node(id).name,
                               dtype_name(g.node(id).type.dtype), dsl::domain_string(rule_.domain));
      return std::nullopt;
    }
  // The rule's proof covers ranks 0 to kMaxRank (its certificate would still be sound at
  // a higher rank, but the rule's claim is not).
  for (size_t v = 0; v < rule_.tensor_vars.size(); ++v)
    if (st.vars[v].valid() && g.node(st.vars[v]).type.rank() > verify::kMaxRank) {
      if (why_not)
        *why_not = fmt::format("'%{}' ({}) has rank {}; the rule is proved for ranks 0 to {}",
                               rule_.tensor_vars[v].name, g.node(st.vars[v]).name,
                               g.node(st.vars[v]).type.rank(), verify::kMaxRank);
      return std::nullopt;
    }
  std::vector<std::optional<AttrValue>> slot_values(st.slots.begin(), st.slots.end());
  const verify::ShapeFacts facts{rule_, g, st.vars, slot_values};
  for (const dsl::Precondition& p : rule_.preconditions) {
    if (eval_condition(rule_, facts, users, g, p.cond) == verify::Tri::False) {
      if (why_not) *why_not = precondition_text(*file_, p) + " is false";
      return std::nullopt;
    }
  }
  m.vars = std::move(st.vars);
  m.nodes = std::move(st.nodes);
  m.exprs = std::move(st.exprs);
  return m;
}

}  // namespace vf::rewrite
