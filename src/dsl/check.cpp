#include "dsl/check.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <unordered_map>

#include "dsl/spelling.h"

namespace vf::dsl {
namespace {

// What an expression denotes, as far as the checker needs to know.
enum class Sort : uint8_t {
  Tensor,   // a tensor variable or an operator call
  Scalar,   // a number: literal, scalar attribute variable, rank/dim/len
  List,     // an integer list: literal or list attribute variable
  Str,      // a string: literal or string attribute variable
  Bool,     // a condition
  Unknown,  // erroneous (already reported) or of unknown kind
};

// Where an expression is checked; decides which variables are visible and whether they
// must be constant.
enum class Ctx : uint8_t {
  Source,   // a source pattern: first uses bind
  Require,  // a precondition outside all/any
  AllAny,   // inside all(...) / any(...): constants only
  Let,      // a let's value: constants only
  Target,   // a target binding's value
};

std::string_view kind_phrase(AttrKind k) {
  switch (k) {
    case AttrKind::Int: return "an int";
    case AttrKind::Float: return "a float";
    case AttrKind::Ints: return "an int list";
    case AttrKind::Str: return "a string";
  }
  return "?";
}

std::string arity_message(const OpInfo& info, size_t got) {
  auto operands = [](int n) { return fmt::format("{} operand{}", n, n == 1 ? "" : "s"); };
  std::string takes;
  if (info.max_inputs < 0)
    takes = fmt::format("at least {}", operands(info.min_inputs));
  else if (info.min_inputs == info.max_inputs)
    takes = operands(info.min_inputs);
  else
    takes = fmt::format("{} to {} operands", info.min_inputs, info.max_inputs);
  return fmt::format("operator '{}' takes {}, got {}", info.name, takes, got);
}

class RuleChecker {
 public:
  RuleChecker(Rule& rule, const SourceFile& src, DiagnosticSink& diags,
              std::span<const ExprId> unknown_ops)
      : r_(rule), src_(src), diags_(diags), unknown_op_(rule.exprs.size(), false) {
    for (ExprId id : unknown_ops) unknown_op_[id.index] = true;
  }

  bool run() {
    size_t before = diags_.error_count();
    r_.tensor_vars.clear();
    r_.attr_vars.clear();
    check_domain();
    check_source();
    collect_later_names();
    mark_consts();
    check_preconditions_and_lets();
    check_target();
    return diags_.error_count() == before;
  }

 private:
  // ---- reporting -----------------------------------------------------------------
  void error(Span s, std::string msg) { diags_.error(src_, s.offset, s.length, std::move(msg)); }
  void note(Span s, std::string msg) { diags_.note(src_, s.offset, s.length, std::move(msg)); }
  void note_bound(TensorVarId v) {
    const TensorVar& tv = r_.var(v);
    note(tv.span, fmt::format("'%{}' bound here", tv.name));
  }

  TensorVarId add_tensor_var(std::string name, Span span, VarOrigin origin, ExprId value) {
    TensorVarId id{static_cast<uint32_t>(r_.tensor_vars.size())};
    r_.tensor_vars.push_back(TensorVar{name, span, origin, origin == VarOrigin::Let, value});
    tensor_scope_[std::move(name)] = id;
    return id;
  }

  // ---- domain ----------------------------------------------------------------------
  void check_domain() {
    // The parser rejects unknown domains and widths outside 1..64; a hand-built rule
    // gets the same check here.
    if (r_.domain.kind == DomainKind::Bv && (r_.domain.width < 1 || r_.domain.width > 64))
      error(r_.domain.span,
            fmt::format("bit width of 'bv' must be between 1 and 64, got {}", r_.domain.width));
  }

  // The kind of an attribute variable used as a source operand: the domain's number.
  AttrKind operand_attr_kind() const {
    return r_.domain.kind == DomainKind::Bv ? AttrKind::Int : AttrKind::Float;
  }

  // ---- source ----------------------------------------------------------------------
  void check_source() {
    if (r_.source.empty()) {
      if (r_.source_span.length == 0)
        error(r_.name_span, fmt::format("rule '{}' has no source", r_.name));
      else
        error(r_.source_span, fmt::format("the source of rule '{}' has no bindings", r_.name));
      return;
    }
    // Every source binding's name first, so that a use before the binding is told apart
    // from a pattern input.
    std::unordered_map<std::string, size_t> bound_at;
    std::vector<bool> duplicate(r_.source.size(), false);
    for (size_t i = 0; i < r_.source.size(); ++i) {
      const Binding& b = r_.source[i];
      auto [it, inserted] = bound_at.emplace(b.name, i);
      if (inserted) continue;
      duplicate[i] = true;
      error(b.name_span, fmt::format("tensor variable '%{}' is bound twice in the source", b.name));
      note(r_.source[it->second].name_span, fmt::format("'%{}' first bound here", b.name));
    }
    std::vector<bool> used(r_.source.size(), false);
    for (size_t i = 0; i < r_.source.size(); ++i) {
      Binding& b = r_.source[i];
      const Expr& e = r_.expr(b.value);
      if (!e.as<OpCall>()) {
        error(e.span, fmt::format("a source binding must be an operator call, as in "
                                  "'%{} = relu(%x);'",
                                  b.name));
      } else {
        check_source_expr(b.value, i, bound_at, used);
      }
      if (!duplicate[i])
        b.var = add_tensor_var(b.name, b.name_span, VarOrigin::SourceBinding, b.value);
    }
    // A pattern is a DAG with one root: every other binding must feed a later one.
    const std::string& root = r_.source_root().name;
    for (size_t i = 0; i + 1 < r_.source.size(); ++i) {
      if (used[i] || duplicate[i]) continue;
      const Binding& b = r_.source[i];
      error(b.name_span, fmt::format("source binding '%{}' is not used by a later source "
                                     "binding (the pattern must be connected to its root '%{}')",
                                     b.name, root));
    }
  }

  // An operand (or the value) of source binding `at`.
  void check_source_expr(ExprId id, size_t at,
                         const std::unordered_map<std::string, size_t>& bound_at,
                         std::vector<bool>& used) {
    Expr& e = r_.expr(id);
    if (auto* ref = e.as<TensorRef>()) {
      auto it = bound_at.find(ref->name);
      if (it != bound_at.end()) {
        size_t j = it->second;
        if (j >= at) {
          error(e.span, fmt::format("tensor variable '%{}' is used before its binding", ref->name));
          note(r_.source[j].name_span, fmt::format("'%{}' bound here", ref->name));
          return;
        }
        used[j] = true;
        ref->var = r_.source[j].var;
        return;
      }
      auto scoped = tensor_scope_.find(ref->name);
      ref->var = scoped != tensor_scope_.end()
                     ? scoped->second
                     : add_tensor_var(ref->name, e.span, VarOrigin::SourceInput, ExprId{});
      return;
    }
    if (e.as<OpCall>()) {
      check_call(id, Ctx::Source);
      for (ExprId op : r_.expr(id).as<OpCall>()->operands)
        check_source_expr(op, at, bound_at, used);
      return;
    }
    if (e.as<IntLit>() || e.as<FloatLit>()) return;
    if (auto* a = e.as<AttrRef>()) {
      // An attribute variable as an operand matches a scalar constant of the model and
      // binds the variable to its value (a batch or layer norm's epsilon, a clamp bound).
      // Its kind is the domain's number: a float in real and float32 rules, an int in
      // bv(N) rules, whose tensors hold integers (so it can be an int attribute, as
      // requantize's qmax, in the target).
      const AttrKind want = operand_attr_kind();
      auto it = attr_scope_.find(a->name);
      if (it == attr_scope_.end()) {
        AttrVarId vid{static_cast<uint32_t>(r_.attr_vars.size())};
        r_.attr_vars.push_back(AttrVar{a->name, e.span, want, true});
        attr_kind_known_.push_back(true);
        attr_scope_[a->name] = vid;
        a->var = vid;
        return;
      }
      a->var = it->second;
      if (r_.var(it->second).kind != want) {
        error(e.span, fmt::format("attribute variable '${}' holds {}; as an operand of a {} rule "
                                  "it is {} scalar",
                                  a->name, kind_phrase(r_.var(it->second).kind),
                                  domain_string(r_.domain), kind_phrase(want)));
        note(r_.var(it->second).span, fmt::format("'${}' bound here", a->name));
      }
      return;
    }
    error(e.span,
          "an operand must be a tensor variable, an operator call, a scalar literal or an "
          "attribute variable");
  }

  // ---- operator calls (all contexts) -----------------------------------------------
  void check_call(ExprId id, Ctx ctx) {
    OpCall& c = *r_.expr(id).as<OpCall>();
    bool known = !unknown_op_[id.index];
    const OpInfo& info = op_info(c.op);
    if (known) {
      size_t n = c.operands.size();
      if (n < static_cast<size_t>(info.min_inputs) ||
          (info.max_inputs >= 0 && n > static_cast<size_t>(info.max_inputs)))
        error(c.name_span, arity_message(info, n));
    }
    const std::vector<AttrSpec>* specs = known ? &attr_specs(c.op) : nullptr;
    for (size_t k = 0; k < c.attrs.size(); ++k) {
      AttrArg& a = c.attrs[k];
      bool repeated = false;
      for (size_t j = 0; j < k && !repeated; ++j) {
        if (c.attrs[j].name != a.name) continue;
        repeated = true;
        error(a.name_span, fmt::format("attribute '{}' is given twice", a.name));
        note(c.attrs[j].name_span, fmt::format("'{}' first given here", a.name));
      }
      const AttrSpec* spec = nullptr;
      if (specs) {
        for (const AttrSpec& s : *specs)
          if (s.name == a.name) spec = &s;
        if (!spec) report_unknown_attr(a, info, *specs);
      }
      if (!repeated) check_attr_value(a, spec, info, ctx);
    }
    // An attribute that is not mentioned matches anything in the source; elsewhere it
    // takes the default, which a required attribute does not have.
    if (specs && ctx != Ctx::Source) {
      for (const AttrSpec& s : *specs)
        if (s.required && !c.find_attr(s.name))
          error(c.name_span, fmt::format("operator '{}' needs attribute '{}' here (it has no "
                                         "default)",
                                         info.name, s.name));
    }
  }

  void report_unknown_attr(const AttrArg& a, const OpInfo& info,
                           const std::vector<AttrSpec>& specs) {
    std::vector<std::string_view> names;
    for (const AttrSpec& s : specs) names.push_back(s.name);
    std::string hint = did_you_mean(a.name, names);
    if (hint.empty()) {
      if (names.empty()) {
        hint = fmt::format(" ('{}' has no attributes)", info.name);
      } else {
        hint = " (expected one of: ";
        for (size_t i = 0; i < names.size(); ++i)
          hint += fmt::format("{}{}", i ? ", " : "", names[i]);
        hint += ")";
      }
    }
    error(a.name_span,
          fmt::format("unknown attribute '{}' for operator '{}'{}", a.name, info.name, hint));
  }

  void check_attr_value(AttrArg& a, const AttrSpec* spec, const OpInfo& info, Ctx ctx) {
    Expr& v = r_.expr(a.value);
    std::optional<AttrKind> lit;
    if (v.as<IntLit>()) lit = AttrKind::Int;
    if (v.as<FloatLit>()) lit = AttrKind::Float;
    if (v.as<IntListLit>()) lit = AttrKind::Ints;
    if (v.as<StrLit>()) lit = AttrKind::Str;
    if (lit) {
      // An int is accepted where a float is expected, as in normalize_attrs.
      bool fits =
          !spec || *lit == spec->kind || (*lit == AttrKind::Int && spec->kind == AttrKind::Float);
      if (!fits)
        error(v.span, fmt::format("attribute '{}' of '{}' expects {}, got {}", a.name, info.name,
                                  kind_phrase(spec->kind), kind_phrase(*lit)));
      return;
    }
    auto* ref = v.as<AttrRef>();
    if (!ref) {
      error(v.span, fmt::format("the value of attribute '{}' must be an attribute variable or a "
                                "literal",
                                a.name));
      return;
    }
    auto it = attr_scope_.find(ref->name);
    if (it == attr_scope_.end()) {
      if (ctx != Ctx::Source) {
        error(v.span,
              fmt::format("attribute variable '${}' is not bound by the source", ref->name));
        return;
      }
      // First use in the source: binds the variable, with the kind of the attribute.
      AttrVarId id{static_cast<uint32_t>(r_.attr_vars.size())};
      r_.attr_vars.push_back(AttrVar{ref->name, v.span, spec ? spec->kind : AttrKind::Int});
      attr_kind_known_.push_back(spec != nullptr);
      attr_scope_[ref->name] = id;
      ref->var = id;
      return;
    }
    ref->var = it->second;
    const AttrVar& var = r_.var(it->second);
    if (spec && attr_kind_known_[it->second.index] && var.kind != spec->kind) {
      error(v.span, fmt::format("attribute variable '${}' holds {}, but attribute '{}' of '{}' "
                                "expects {}",
                                ref->name, kind_phrase(var.kind), a.name, info.name,
                                kind_phrase(spec->kind)));
      if (var.from_operand)
        note(var.span, fmt::format("'${}' bound here, as an operand: the value of a scalar "
                                   "constant, {} in a {} rule{}",
                                   ref->name, kind_phrase(var.kind), domain_string(r_.domain),
                                   var.kind == AttrKind::Int ? "" : " (an int in a bv(N) rule)"));
      else
        note(var.span, fmt::format("'${}' bound here", ref->name));
    }
  }

  // ---- preconditions and lets --------------------------------------------------------
  // Names bound later than the preconditions, for precise "not bound" messages.
  void collect_later_names() {
    for (size_t i = 0; i < r_.lets.size(); ++i) let_index_.emplace(r_.lets[i].name, i);
    for (size_t i = 0; i < r_.target.size(); ++i) target_index_.emplace(r_.target[i].name, i);
  }

  // Variables listed in a `require const(...)` at the top level of a precondition
  // (possibly under '&&') are constants; under '||' or '!' they would not be.
  void mark_consts() {
    for (const Precondition& p : r_.preconditions) mark_consts_in(p.cond);
  }
  void mark_consts_in(ExprId id) {
    const Expr& e = r_.expr(id);
    if (auto* l = e.as<Logic>(); l && l->op == LogicOp::And) {
      mark_consts_in(l->lhs);
      mark_consts_in(l->rhs);
      return;
    }
    auto* b = e.as<BuiltinCall>();
    if (!b || b->fn != Builtin::Const) return;
    for (ExprId arg : b->args) {
      auto* ref = r_.expr(arg).as<TensorRef>();
      if (!ref) continue;
      auto it = tensor_scope_.find(ref->name);
      if (it != tensor_scope_.end()) r_.tensor_vars[it->second.index].is_const = true;
    }
  }

  void check_preconditions_and_lets() {
    // Preconditions and lets interleave; a let is visible from its binding on.
    size_t p = 0, l = 0;
    while (p < r_.preconditions.size() || l < r_.lets.size()) {
      bool take_let =
          p == r_.preconditions.size() ||
          (l < r_.lets.size() && r_.lets[l].span.offset < r_.preconditions[p].span.offset);
      if (take_let) {
        check_let(l++);
      } else {
        check_cond(r_.preconditions[p++].cond, /*top=*/true, /*in_all=*/nullptr);
      }
    }
  }

  void check_let(size_t i) {
    Binding& b = r_.lets[i];
    reader_ = fmt::format("let '%{}'", b.name);
    Sort s = check_value(b.value, Ctx::Let);
    if (s == Sort::Bool)
      error(r_.expr(b.value).span, "a let binds a tensor expression, not a condition");
    else if (s == Sort::List || s == Sort::Str)
      error(r_.expr(b.value).span, "a let binds a tensor expression, not a list or a string");
    auto it = tensor_scope_.find(b.name);
    if (it != tensor_scope_.end()) {
      error(b.name_span, fmt::format("tensor variable '%{}' is already bound", b.name));
      note_bound(it->second);
      return;
    }
    b.var = add_tensor_var(b.name, b.name_span, VarOrigin::Let, b.value);
  }

  // `rank(%x) OP k` that only a rank above kMaxProvedRank satisfies: the prover could
  // not instantiate the rule, so it is rejected here with the reason.
  void check_rank_bound(const Compare& c, Span at) {
    auto rank_call = [&](ExprId id) {
      auto* b = r_.expr(id).as<BuiltinCall>();
      return b && b->fn == Builtin::Rank;
    };
    auto literal = [&](ExprId id) -> std::optional<int64_t> {
      if (auto* i = r_.expr(id).as<IntLit>()) return i->value;
      return std::nullopt;
    };
    CmpOp op = c.op;
    std::optional<int64_t> k;
    if (rank_call(c.lhs)) {
      k = literal(c.rhs);
    } else if (rank_call(c.rhs)) {
      k = literal(c.lhs);
      switch (op) {  // k OP rank(%x) is rank(%x) OP' k
        case CmpOp::Lt: op = CmpOp::Gt; break;
        case CmpOp::Le: op = CmpOp::Ge; break;
        case CmpOp::Gt: op = CmpOp::Lt; break;
        case CmpOp::Ge: op = CmpOp::Le; break;
        default: break;
      }
    }
    if (!k) return;
    const bool needs_more = (op == CmpOp::Eq && *k > kMaxProvedRank) ||
                            (op == CmpOp::Gt && *k >= kMaxProvedRank) ||
                            (op == CmpOp::Ge && *k > kMaxProvedRank);
    if (needs_more)
      error(at, fmt::format("this needs a rank above {}; rules are proved for ranks 0 to {} "
                            "(docs/proofs.md)",
                            kMaxProvedRank, kMaxProvedRank));
  }

  // A condition (anything else is reported). `top`: at the top level
  // of a precondition (under '&&' only); `in_all`: the enclosing all/any, if any.
  void check_cond(ExprId id, bool top, const BuiltinCall* in_all) {
    Expr& e = r_.expr(id);
    Ctx ctx = in_all ? Ctx::AllAny : Ctx::Require;
    if (auto* l = e.as<Logic>()) {
      check_cond(l->lhs, top && l->op == LogicOp::And, in_all);
      check_cond(l->rhs, top && l->op == LogicOp::And, in_all);
      return;
    }
    if (auto* n = e.as<Not>()) {
      check_cond(n->operand, false, in_all);
      return;
    }
    if (auto* c = e.as<Compare>()) {
      Sort a = check_value(c->lhs, ctx);
      Sort b = check_value(c->rhs, ctx);
      if ((a == Sort::Tensor || b == Sort::Tensor) && !in_all)
        error(e.span, "a comparison of tensors must be inside all(...) or any(...)");
      else if (a == Sort::Bool || b == Sort::Bool)
        error(e.span, "cannot compare conditions (use '&&', '||' and '!')");
      else
        check_rank_bound(*c, e.span);
      return;
    }
    if (auto* b = e.as<BuiltinCall>()) {
      switch (b->fn) {
        case Builtin::Const:
        case Builtin::SingleUse: {
          std::string_view fn = builtin_name(b->fn);
          if (in_all) {
            error(b->name_span, fmt::format("{}(...) cannot be used inside {}(...)", fn,
                                            builtin_name(in_all->fn)));
          } else if (b->fn == Builtin::Const && !top) {
            error(b->name_span,
                  "const(...) must be a precondition of its own or joined by "
                  "'&&' (not under '||' or '!')");
          }
          if (b->args.empty())
            error(e.span, fmt::format("{}(...) needs at least one tensor variable", fn));
          for (ExprId arg : b->args) check_source_var_arg(arg, fn);
          return;
        }
        case Builtin::All:
        case Builtin::Any: {
          std::string_view fn = builtin_name(b->fn);
          if (in_all) {
            error(b->name_span,
                  fmt::format("{}(...) cannot be nested in {}(...)", fn, builtin_name(in_all->fn)));
            return;
          }
          if (b->args.size() != 1) {
            error(e.span,
                  fmt::format("{}(...) takes one condition, got {} arguments", fn, b->args.size()));
            return;
          }
          reader_ = fmt::format("{}(...)", fn);
          check_cond(b->args[0], false, b);
          return;
        }
        case Builtin::Rank:
        case Builtin::Dim:
        case Builtin::Len: break;
      }
    }
    Sort s = check_value(id, ctx);
    if (s != Sort::Unknown)
      error(e.span,
            "expected a condition (a comparison, '&&', '||', '!', const, single_use, "
            "all or any)");
  }

  // An argument of const/single_use: a tensor variable of the source.
  void check_source_var_arg(ExprId arg, std::string_view fn) {
    Expr& e = r_.expr(arg);
    auto* ref = e.as<TensorRef>();
    if (!ref) {
      error(e.span, fmt::format("{}(...) takes tensor variables of the source", fn));
      return;
    }
    TensorVarId v = resolve(*ref, e.span, Ctx::Require);
    if (!v.valid()) return;
    VarOrigin o = r_.var(v).origin;
    if (o != VarOrigin::SourceInput && o != VarOrigin::SourceBinding) {
      error(e.span, fmt::format("{}(...) takes tensor variables of the source; '%{}' is a let", fn,
                                ref->name));
      note_bound(v);
    }
  }

  // Resolves a tensor variable used outside the source. Reports unbound variables and
  // reads of non-constants in lets and all/any; returns an invalid id after an error.
  TensorVarId resolve(TensorRef& ref, Span at, Ctx ctx) {
    auto it = tensor_scope_.find(ref.name);
    if (it == tensor_scope_.end()) {
      report_unbound(ref.name, at, ctx);
      return {};
    }
    TensorVarId v = it->second;
    ref.var = v;
    if (ctx == Ctx::Target && !r_.source.empty() && v == r_.source_root().var) {
      error(at, fmt::format("the target cannot use the root '%{}' that it replaces", ref.name));
      return {};
    }
    if ((ctx == Ctx::Let || ctx == Ctx::AllAny) && !r_.var(v).is_const) {
      error(at, fmt::format("{} reads '%{}', which is not constant (it is not listed in a "
                            "'require const(...)')",
                            reader_, ref.name));
      note_bound(v);
      return {};
    }
    return v;
  }

  void report_unbound(const std::string& name, Span at, Ctx ctx) {
    if (ctx == Ctx::Target) {
      auto t = target_index_.find(name);
      if (t != target_index_.end() && t->second >= current_target_) {
        error(at, fmt::format("tensor variable '%{}' is used before its binding", name));
        note(r_.target[t->second].name_span, fmt::format("'%{}' bound here", name));
        return;
      }
      error(at,
            fmt::format("the target uses '%{}', which the source and the lets do not bind", name));
      return;
    }
    // A let that is not in scope yet is bound later (or by the let being checked).
    auto l = let_index_.find(name);
    if (l != let_index_.end()) {
      error(at, fmt::format("tensor variable '%{}' is used before its binding", name));
      note(r_.lets[l->second].name_span, fmt::format("'%{}' bound here", name));
      return;
    }
    if (target_index_.count(name)) {
      error(at, fmt::format("tensor variable '%{}' is bound only in the target", name));
      note(r_.target[target_index_.at(name)].name_span, fmt::format("'%{}' bound here", name));
      return;
    }
    error(at, fmt::format("tensor variable '%{}' is not bound by the source or a let", name));
  }

  // A value (not a condition) outside the source.
  Sort check_value(ExprId id, Ctx ctx) {
    Expr& e = r_.expr(id);
    if (auto* ref = e.as<TensorRef>()) {
      resolve(*ref, e.span, ctx);
      return Sort::Tensor;
    }
    if (auto* a = e.as<AttrRef>()) {
      auto it = attr_scope_.find(a->name);
      if (it == attr_scope_.end()) {
        error(e.span, fmt::format("attribute variable '${}' is not bound by the source", a->name));
        return Sort::Unknown;
      }
      a->var = it->second;
      if (!attr_kind_known_[it->second.index]) return Sort::Unknown;
      switch (r_.var(it->second).kind) {
        case AttrKind::Int:
        case AttrKind::Float: return Sort::Scalar;
        case AttrKind::Ints: return Sort::List;
        case AttrKind::Str: return Sort::Str;
      }
      return Sort::Unknown;
    }
    if (e.as<IntLit>() || e.as<FloatLit>()) return Sort::Scalar;
    if (e.as<IntListLit>()) return Sort::List;
    if (e.as<StrLit>()) return Sort::Str;
    if (e.as<OpCall>()) {
      check_call(id, ctx);
      for (ExprId op : r_.expr(id).as<OpCall>()->operands) check_operand(op, ctx);
      // An unknown operator is reported already; what it yields is unknown.
      return unknown_op_[id.index] ? Sort::Unknown : Sort::Tensor;
    }
    if (e.as<Compare>() || e.as<Logic>() || e.as<Not>()) {
      error(e.span, "expected a value, got a condition");
      return Sort::Unknown;
    }
    auto& b = *e.as<BuiltinCall>();
    std::string_view fn = builtin_name(b.fn);
    switch (b.fn) {
      case Builtin::Const:
      case Builtin::SingleUse:
      case Builtin::All:
      case Builtin::Any:
        error(e.span, fmt::format("expected a value, got the condition {}(...)", fn));
        return Sort::Unknown;
      case Builtin::Rank:
      case Builtin::Dim:
      case Builtin::Len: break;
    }
    if (ctx == Ctx::Let || ctx == Ctx::Target) {
      error(b.name_span, fmt::format("{}(...) can only be used in a precondition", fn));
      return Sort::Unknown;
    }
    size_t want = b.fn == Builtin::Dim ? 2 : 1;
    if (b.args.size() != want) {
      error(e.span, fmt::format("{}(...) takes {} argument{}, got {}", fn, want,
                                want == 1 ? "" : "s", b.args.size()));
      return Sort::Unknown;
    }
    if (b.fn == Builtin::Len) {
      Expr& arg = r_.expr(b.args[0]);
      if (!arg.as<AttrRef>()) {
        error(arg.span, "len(...) takes a list attribute variable like '$padding'");
        return Sort::Unknown;
      }
      Sort s = check_value(b.args[0], ctx);
      if (s != Sort::List && s != Sort::Unknown)
        error(arg.span, fmt::format("len(...) takes a list attribute variable; '${}' is not a "
                                    "list",
                                    arg.as<AttrRef>()->name));
      return Sort::Scalar;
    }
    // rank(%x), dim(%x, I): shapes are known when a rule matches, so any tensor
    // variable of the source or a let will do, constant or not.
    Expr& t = r_.expr(b.args[0]);
    if (auto* ref = t.as<TensorRef>())
      resolve(*ref, t.span, ctx == Ctx::AllAny ? Ctx::Require : ctx);
    else
      error(t.span, fmt::format("{}(...) takes a tensor variable", fn));
    if (b.fn == Builtin::Dim) {
      Expr& i = r_.expr(b.args[1]);
      if (auto* lit = i.as<IntLit>()) {
        // A negative index counts from the last dimension (-1 is the last), as axes do.
        if (lit->value < -kMaxProvedRank)
          error(i.span, fmt::format("dimension {} needs a rank above {}; rules are proved for "
                                    "ranks 0 to {} (docs/proofs.md)",
                                    lit->value, kMaxProvedRank, kMaxProvedRank));
        if (lit->value >= kMaxProvedRank)
          error(i.span, fmt::format("dimension {} needs a rank above {}; rules are proved for "
                                    "ranks 0 to {} (docs/proofs.md)",
                                    lit->value, kMaxProvedRank, kMaxProvedRank));
      } else if (i.as<AttrRef>()) {
        if (check_value(b.args[1], ctx) != Sort::Scalar)
          error(i.span, "dimension index must be an int attribute variable or literal");
      } else {
        error(i.span, "dimension index must be an integer literal or an attribute variable");
      }
    }
    return Sort::Scalar;
  }

  // An operand of an operator call outside the source: a tensor or a scalar.
  void check_operand(ExprId id, Ctx ctx) {
    Sort s = check_value(id, ctx);
    const Expr& e = r_.expr(id);
    if (s == Sort::List || s == Sort::Str)
      error(e.span, "an operand must be a tensor variable, an operator call or a scalar");
  }

  // ---- target ----------------------------------------------------------------------
  void check_target() {
    if (r_.target.empty()) {
      if (r_.target_span.length == 0)
        error(r_.name_span, fmt::format("rule '{}' has no target", r_.name));
      else
        error(r_.target_span, fmt::format("the target of rule '{}' has no bindings", r_.name));
      return;
    }
    // Without a source, every target variable would be "unbound": say nothing more.
    if (r_.source.empty()) return;
    const Binding* root = &r_.source_root();
    std::vector<bool> skip(r_.target.size(), false);
    for (size_t i = 0; i < r_.target.size(); ++i) {
      const Binding& b = r_.target[i];
      auto first = target_index_.find(b.name);
      if (first != target_index_.end() && first->second != i) {
        skip[i] = true;
        error(b.name_span,
              fmt::format("tensor variable '%{}' is bound twice in the target", b.name));
        note(r_.target[first->second].name_span, fmt::format("'%{}' first bound here", b.name));
      }
    }
    std::vector<bool> used(r_.target.size(), false);
    for (size_t i = 0; i < r_.target.size(); ++i) {
      Binding& b = r_.target[i];
      bool last = i + 1 == r_.target.size();
      current_target_ = i;
      const Expr& v = r_.expr(b.value);
      if (!v.as<OpCall>() && !v.as<TensorRef>()) {
        error(v.span, "a target binding must be an operator call or a tensor variable");
      } else {
        check_value(b.value, Ctx::Target);
        mark_target_uses(b.value, used);
      }
      if (skip[i]) continue;
      if (last && b.name != root->name) {
        // Reported once, at the earlier binding of the root, when there is one.
        auto earlier = target_index_.find(root->name);
        if (earlier != target_index_.end() && earlier->second < i) continue;
        error(b.name_span, fmt::format("the target's last binding must bind the source's root "
                                       "'%{}'",
                                       root->name));
        note(root->name_span, fmt::format("root '%{}' bound here", root->name));
        continue;
      }
      if (!last && b.name == root->name) {
        error(b.name_span, fmt::format("the root '%{}' must be bound by the target's last "
                                       "binding",
                                       root->name));
        continue;
      }
      if (last) {
        b.var = root->var;
        continue;
      }
      auto it = tensor_scope_.find(b.name);
      if (it != tensor_scope_.end()) {
        error(b.name_span,
              fmt::format("target binding '%{}' rebinds a variable of the {}", b.name,
                          r_.var(it->second).origin == VarOrigin::Let ? "lets" : "source"));
        note_bound(it->second);
        skip[i] = true;
        continue;
      }
      b.var = add_tensor_var(b.name, b.name_span, VarOrigin::TargetBinding, b.value);
    }
    for (size_t i = 0; i + 1 < r_.target.size(); ++i) {
      if (used[i] || skip[i]) continue;
      const Binding& b = r_.target[i];
      if (b.name == root->name) continue;
      error(b.name_span,
            fmt::format("target binding '%{}' is not used by a later target binding", b.name));
    }
  }

  // Marks the target bindings an expression reads.
  void mark_target_uses(ExprId id, std::vector<bool>& used) {
    const Expr& e = r_.expr(id);
    if (auto* ref = e.as<TensorRef>()) {
      if (!ref->var.valid() || r_.var(ref->var).origin != VarOrigin::TargetBinding) return;
      for (size_t i = 0; i < r_.target.size(); ++i)
        if (r_.target[i].var == ref->var) used[i] = true;
      return;
    }
    if (auto* c = e.as<OpCall>())
      for (ExprId op : c->operands) mark_target_uses(op, used);
  }

  Rule& r_;
  const SourceFile& src_;
  DiagnosticSink& diags_;
  std::vector<bool> unknown_op_;       // by expression index: operator name not resolved
  std::vector<bool> attr_kind_known_;  // by attribute variable: bound to a known attribute
  std::unordered_map<std::string, TensorVarId> tensor_scope_;
  std::unordered_map<std::string, AttrVarId> attr_scope_;
  std::unordered_map<std::string, size_t> let_index_;     // name -> first let binding it
  std::unordered_map<std::string, size_t> target_index_;  // name -> first target binding
  size_t current_target_ = 0;
  std::string reader_;  // "let '%a'" or "all(...)": what reads constants, for messages
};

}  // namespace

bool check_rule(Rule& rule, const SourceFile& src, DiagnosticSink& diags,
                std::span<const ExprId> unknown_ops) {
  return RuleChecker(rule, src, diags, unknown_ops).run();
}

bool check_rule_file(RuleFile& file, DiagnosticSink& diags) {
  size_t before = diags.error_count();
  const SourceFile& src = *file.source;
  for (size_t i = 0; i < file.rules.size(); ++i) {
    Rule& r = file.rules[i];
    for (size_t j = 0; j < i; ++j) {
      if (file.rules[j].name != r.name) continue;
      diags.error(src, r.name_span.offset, r.name_span.length,
                  fmt::format("duplicate rule '{}'", r.name));
      diags.note(src, file.rules[j].name_span.offset, file.rules[j].name_span.length,
                 fmt::format("rule '{}' first defined here", r.name));
      break;
    }
    check_rule(r, src, diags);
  }
  return diags.error_count() == before;
}

bool check_unique_rule_names(std::span<const RuleFile* const> files, DiagnosticSink& diags) {
  size_t before = diags.error_count();
  struct First {
    const SourceFile* src;
    Span span;
  };
  std::unordered_map<std::string, First> first;
  for (const RuleFile* f : files) {
    for (const Rule& r : f->rules) {
      auto [it, inserted] = first.emplace(r.name, First{f->source.get(), r.name_span});
      if (inserted) continue;
      diags.error(*f->source, r.name_span.offset, r.name_span.length,
                  fmt::format("duplicate rule '{}'", r.name));
      diags.note(*it->second.src, it->second.span.offset, it->second.span.length,
                 fmt::format("rule '{}' first defined here", r.name));
    }
  }
  return diags.error_count() == before;
}

}  // namespace vf::dsl
