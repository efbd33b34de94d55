#include "verify/mutate.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "dsl/parser.h"
#include "dsl/printer.h"
#include "ir/op_attrs.h"
#include "support/diagnostic.h"
#include "support/rng.h"

namespace vf::verify {
namespace {

using dsl::ExprId;
using dsl::OpCall;
using dsl::Rule;

/// A change to a copy of the rule; `focus` is the expression whose text shows the change
/// (invalid: `what` says it).
struct Edit {
  MutationKind kind;
  std::string where;
  ExprId focus;
  std::string what;
  std::function<void(Rule&)> apply;
};

/// Where an expression sits, which decides the mutations it gets.
enum class Ctx { Source, Condition, Let, Target };

/// A float literal's spelling that the lexer reads back as a float.
std::string float_text(double v) {
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

bool is_flag(std::string_view name) {
  return name.rfind("has_", 0) == 0 || name.rfind("trans_", 0) == 0 || name == "scale" ||
         name == "center" || name == "ceil_mode" || name == "count_include_pad";
}

std::optional<OpKind> sibling(OpKind op) {
  switch (op) {
    case OpKind::Add: return OpKind::Subtract;
    case OpKind::Subtract: return OpKind::Add;
    case OpKind::Multiply: return OpKind::Divide;
    case OpKind::Divide: return OpKind::Multiply;
    case OpKind::Minimum: return OpKind::Maximum;
    case OpKind::Maximum: return OpKind::Minimum;
    case OpKind::Relu: return OpKind::LeakyRelu;
    case OpKind::LeakyRelu: return OpKind::Relu;
    case OpKind::MaxPool2d: return OpKind::AvgPool2d;
    case OpKind::AvgPool2d: return OpKind::MaxPool2d;
    case OpKind::Sigmoid: return OpKind::HardSigmoid;
    case OpKind::HardSigmoid: return OpKind::Sigmoid;
    case OpKind::HardSwish: return OpKind::HardSigmoid;
    case OpKind::Sqrt: return OpKind::Rsqrt;
    case OpKind::Rsqrt: return OpKind::Sqrt;
    default: return std::nullopt;
  }
}

bool is_elementwise_unary(OpKind op) { return op_class(op) == OpClass::Unary; }

bool commutative(OpKind op) {
  return op == OpKind::Add || op == OpKind::Multiply || op == OpKind::Minimum ||
         op == OpKind::Maximum;
}

class Mutator {
 public:
  explicit Mutator(const Rule& rule) : rule_(rule) {
    // Tensor variables whose shape the preconditions talk about (dim / rank arguments).
    for (const dsl::Expr& x : rule_.exprs)
      if (auto* b = x.as<dsl::BuiltinCall>();
          b && (b->fn == dsl::Builtin::Dim || b->fn == dsl::Builtin::Rank))
        if (auto* r = rule_.expr(b->args[0]).as<dsl::TensorRef>()) shape_vars_.insert(r->name);
  }

  std::vector<Edit> edits() {
    for (const dsl::Binding& b : rule_.source) visit(b.value, Ctx::Source, "source %" + b.name);
    for (size_t i = 0; i < rule_.preconditions.size(); ++i) {
      const dsl::Precondition& p = rule_.preconditions[i];
      visit(p.cond, Ctx::Condition, "require");
      if (!only_graph_facts(p.cond))
        out_.push_back({MutationKind::DropCondition,
                        "require",
                        {},
                        fmt::format("dropped `{}`", dsl::print_expr(rule_, p.cond)),
                        [i](Rule& r) {
                          r.preconditions.erase(r.preconditions.begin() +
                                                static_cast<std::ptrdiff_t>(i));
                        }});
    }
    for (const dsl::Binding& b : rule_.lets) visit(b.value, Ctx::Let, "let %" + b.name);
    for (const dsl::Binding& b : rule_.target) visit(b.value, Ctx::Target, "target %" + b.name);
    return std::move(out_);
  }

 private:
  /// const(...) and single_use(...) only: facts about the graph, not about the values.
  bool only_graph_facts(ExprId e) const {
    const dsl::Expr& x = rule_.expr(e);
    if (auto* l = x.as<dsl::Logic>()) return only_graph_facts(l->lhs) && only_graph_facts(l->rhs);
    if (auto* b = x.as<dsl::BuiltinCall>())
      return b->fn == dsl::Builtin::Const || b->fn == dsl::Builtin::SingleUse;
    return false;
  }

  void add(MutationKind k, const std::string& where, ExprId focus, std::function<void(Rule&)> f) {
    out_.push_back({k, where, focus, "", std::move(f)});
  }

  void set_node(MutationKind k, const std::string& where, ExprId focus, ExprId target,
                dsl::ExprNode node) {
    add(k, where, focus, [target, node](Rule& r) { r.expr(target).node = node; });
  }

  void visit(ExprId e, Ctx ctx, const std::string& where) {
    const dsl::Expr& x = rule_.expr(e);
    if (auto* c = x.as<OpCall>()) return visit_call(e, *c, ctx, where);
    if (auto* c = x.as<dsl::Compare>()) return visit_compare(e, *c, where);
    if (auto* l = x.as<dsl::Logic>()) {
      if (l->op == dsl::LogicOp::And) {
        const ExprId lhs = l->lhs, rhs = l->rhs;
        add(MutationKind::DropCondition, where, e,
            [e, lhs](Rule& r) { r.expr(e).node = r.expr(lhs).node; });
        add(MutationKind::DropCondition, where, e,
            [e, rhs](Rule& r) { r.expr(e).node = r.expr(rhs).node; });
      }
      visit(l->lhs, ctx, where);
      visit(l->rhs, ctx, where);
      return;
    }
    if (auto* n = x.as<dsl::Not>()) return visit(n->operand, ctx, where);
    if (auto* b = x.as<dsl::BuiltinCall>()) {
      if (b->fn == dsl::Builtin::Dim && b->args.size() == 2)
        if (auto* i = rule_.expr(b->args[1]).as<dsl::IntLit>())
          for (int64_t v : {i->value + 1, i->value - 1})
            if (v >= 0) set_node(MutationKind::Axis, where, e, b->args[1], dsl::IntLit{v});
      if (b->fn == dsl::Builtin::All || b->fn == dsl::Builtin::Any)
        for (ExprId a : b->args) visit(a, ctx, where);
    }
  }

  void visit_compare(ExprId e, const dsl::Compare& c, const std::string& where) {
    static const dsl::CmpOp flipped[] = {dsl::CmpOp::Ne, dsl::CmpOp::Eq, dsl::CmpOp::Le,
                                         dsl::CmpOp::Lt, dsl::CmpOp::Ge, dsl::CmpOp::Gt};
    dsl::Compare f = c;
    f.op = flipped[static_cast<int>(c.op)];
    set_node(MutationKind::Comparison, where, e, e, f);
    for (const auto& [side, other] : {std::pair{c.lhs, c.rhs}, std::pair{c.rhs, c.lhs}}) {
      const auto* b = rule_.expr(side).as<dsl::BuiltinCall>();
      if (!b) continue;
      const auto* lit = rule_.expr(other).as<dsl::IntLit>();
      if (b->fn == dsl::Builtin::Rank && lit) {
        for (int64_t v : {lit->value + 1, lit->value - 1})
          if (v >= 0) set_node(MutationKind::Shape, where, e, other, dsl::IntLit{v});
      }
      if (b->fn == dsl::Builtin::Dim && lit && lit->value == 1) {
        // The constant's expected size 1 becomes another tensor's size along axis 0 or 1.
        const auto* own = rule_.expr(b->args[0]).as<dsl::TensorRef>();
        for (const std::string& u : shape_vars_) {
          if (own && own->name == u) continue;
          for (int64_t j : {0, 1}) {
            add(MutationKind::Shape, where, e, [other, u, j](Rule& r) {
              const ExprId ref = r.add({}, dsl::TensorRef{u, {}});
              const ExprId idx = r.add({}, dsl::IntLit{j});
              r.expr(other).node = dsl::BuiltinCall{dsl::Builtin::Dim, {}, {ref, idx}};
            });
          }
        }
      }
      const auto* ob = rule_.expr(other).as<dsl::BuiltinCall>();
      if (b->fn == dsl::Builtin::Dim && ob && ob->fn == dsl::Builtin::Dim && side == c.rhs)
        set_node(MutationKind::Shape, where, e, side, dsl::IntLit{1});
    }
    visit(c.lhs, Ctx::Condition, where);
    visit(c.rhs, Ctx::Condition, where);
  }

  void visit_call(ExprId e, const OpCall& c, Ctx ctx, const std::string& where) {
    const auto& specs = attr_specs(c.op);
    for (size_t ai = 0; ai < c.attrs.size(); ++ai) attr_edits(e, c, ai, specs, ctx, where);
    // Literal and attribute-variable operands.
    for (ExprId o : c.operands) {
      const dsl::Expr& ox = rule_.expr(o);
      if (auto* i = ox.as<dsl::IntLit>()) {
        for (int64_t v : {i->value + 1, i->value - 1})
          set_node(MutationKind::Literal, where, e, o, dsl::IntLit{v});
      } else if (auto* f = ox.as<dsl::FloatLit>()) {
        const double v = f->value == 0 ? 1e-05 : f->value * 2;
        set_node(MutationKind::Literal, where, e, o, dsl::FloatLit{v, float_text(v)});
      } else if (ox.as<dsl::AttrRef>() && (ctx == Ctx::Let || ctx == Ctx::Target)) {
        set_node(MutationKind::Literal, where, e, o, dsl::FloatLit{0.001, "0.001"});
      }
    }
    // Operands of a non-commutative operator swapped.
    if (!commutative(c.op))
      for (size_t i = 0; i + 1 < c.operands.size(); ++i) {
        if (dsl::print_expr(rule_, c.operands[i]) == dsl::print_expr(rule_, c.operands[i + 1]))
          continue;
        add(MutationKind::SwapOperands, where, e, [e, i](Rule& r) {
          auto& ops = r.expr(e).as<OpCall>()->operands;
          std::swap(ops[i], ops[i + 1]);
        });
      }
    // A sibling operator, keeping the attributes it has.
    if (auto s = sibling(c.op)) {
      const OpKind to = *s;
      add(MutationKind::SiblingOp, where, e, [e, to](Rule& r) {
        auto* call = r.expr(e).as<OpCall>();
        call->op = to;
        std::erase_if(call->attrs, [&](const dsl::AttrArg& a) {
          for (const AttrSpec& sp : attr_specs(to))
            if (sp.name == a.name) return false;
          return true;
        });
      });
    }
    // An elementwise unary operator dropped (a source root must stay a call: the checker
    // rejects that mutant).
    if (c.operands.size() == 1 && is_elementwise_unary(c.op)) {
      const ExprId inner = c.operands[0];
      add(MutationKind::DropOp, where, e,
          [e, inner](Rule& r) { r.expr(e).node = r.expr(inner).node; });
    }
    // expand_dims / squeeze dropped, or moved to the other operand of a binary operator.
    if (c.op == OpKind::ExpandDims || c.op == OpKind::Squeeze) {
      const ExprId inner = c.operands[0];
      add(MutationKind::ExpandSqueeze, where, e,
          [e, inner](Rule& r) { r.expr(e).node = r.expr(inner).node; });
    }
    if (c.operands.size() == 2)
      for (size_t j = 0; j < 2; ++j) {
        const auto* w = rule_.expr(c.operands[j]).as<OpCall>();
        const auto* other = rule_.expr(c.operands[1 - j]).as<OpCall>();
        if (!w || (w->op != OpKind::ExpandDims && w->op != OpKind::Squeeze)) continue;
        if (other && (other->op == OpKind::ExpandDims || other->op == OpKind::Squeeze)) continue;
        add(MutationKind::ExpandSqueeze, where, e, [e, j](Rule& r) {
          const OpCall call = *r.expr(e).as<OpCall>();
          OpCall wrapped = *r.expr(call.operands[j]).as<OpCall>();
          const ExprId inner = wrapped.operands[0];
          wrapped.operands[0] = call.operands[1 - j];
          const ExprId moved = r.add({}, wrapped);
          auto& ops = r.expr(e).as<OpCall>()->operands;
          ops[j] = inner;
          ops[1 - j] = moved;
        });
      }
    for (ExprId o : c.operands) visit(o, ctx, where);
  }

  void attr_edits(ExprId e, const OpCall& c, size_t ai, const std::vector<AttrSpec>& specs, Ctx ctx,
                  const std::string& where) {
    const dsl::AttrArg& a = c.attrs[ai];
    const ExprId v = a.value;
    const dsl::Expr& vx = rule_.expr(v);
    AttrKind kind = AttrKind::Int;
    for (const AttrSpec& sp : specs)
      if (sp.name == a.name) kind = sp.kind;
    const std::string& n = a.name;
    if (auto* i = vx.as<dsl::IntLit>(); i && kind == AttrKind::Int) {
      std::vector<int64_t> vals;
      MutationKind k = MutationKind::AttrFlag;
      if (n == "axis") {
        k = MutationKind::Axis;
        vals = {i->value + 1, i->value - 1, 0, -1};
      } else if (n == "num_newaxis") {
        k = MutationKind::ExpandSqueeze;
        vals = {i->value + 1, i->value - 1};
      } else if (is_flag(n)) {
        vals = {i->value == 0 ? 1 : 0};
      } else if (n == "groups") {
        vals = {i->value == 1 ? 2 : 1};
      } else {
        vals = {i->value + 1};
      }
      std::set<int64_t> seen = {i->value};
      for (int64_t nv : vals)
        if (nv >= (n == "axis" ? -8 : 0) && seen.insert(nv).second)
          set_node(k, where, e, v, dsl::IntLit{nv});
      return;
    }
    if (auto* l = vx.as<dsl::IntListLit>()) {
      const auto& vals = l->values;
      if (n == "axes") {
        for (size_t i = 0; i < vals.size(); ++i) {
          for (int64_t d : {1, -1}) {
            auto nv = vals;
            nv[i] += d;
            if (nv[i] >= 0) set_node(MutationKind::Axis, where, e, v, dsl::IntListLit{nv});
          }
          if (vals.size() > 1) {
            auto nv = vals;
            nv.erase(nv.begin() + static_cast<std::ptrdiff_t>(i));
            set_node(MutationKind::Axis, where, e, v, dsl::IntListLit{nv});
          }
        }
      } else if (n == "perm") {
        for (size_t i = 0; i < vals.size(); ++i)
          for (size_t j = i + 1; j < vals.size(); ++j) {
            auto nv = vals;
            std::swap(nv[i], nv[j]);
            set_node(MutationKind::Axis, where, e, v, dsl::IntListLit{nv});
          }
      } else {
        // padding, strides, dilation, pool_size, pads, ...: one entry up or down.
        const int64_t lo = n == "padding" || n == "pads" ? 0 : 1;
        for (size_t i = 0; i < vals.size(); ++i)
          for (int64_t d : {1, -1}) {
            auto nv = vals;
            nv[i] += d;
            if (nv[i] >= lo) set_node(MutationKind::AttrList, where, e, v, dsl::IntListLit{nv});
          }
      }
      return;
    }
    if (auto* s = vx.as<dsl::StrLit>(); s && n == "activation") {
      for (Activation a : all_activations())
        if (const std::string act(activation_name(a)); s->value != act)
          set_node(MutationKind::Activation, where, e, v, dsl::StrLit{act});
      return;
    }
    if (kind == AttrKind::Float) {
      std::optional<double> cur;
      if (auto* i = vx.as<dsl::IntLit>()) cur = static_cast<double>(i->value);
      if (auto* f = vx.as<dsl::FloatLit>()) cur = f->value;
      if (cur) {
        for (double nv : {*cur == 0 ? 1e-05 : *cur * 2, *cur + 1})
          set_node(MutationKind::Literal, where, e, v, dsl::FloatLit{nv, float_text(nv)});
      } else if (vx.as<dsl::AttrRef>() && (ctx == Ctx::Let || ctx == Ctx::Target)) {
        set_node(MutationKind::Literal, where, e, v, dsl::FloatLit{0.001, "0.001"});
      }
    }
  }

  const Rule& rule_;
  std::set<std::string> shape_vars_;
  std::vector<Edit> out_;
};

/// The text of a rule after its first line (which names it).
std::string body(const std::string& text) { return text.substr(text.find('\n') + 1); }

}  // namespace

std::string_view mutation_kind_name(MutationKind k) {
  switch (k) {
    case MutationKind::Axis: return "axis";
    case MutationKind::Shape: return "shape";
    case MutationKind::DropCondition: return "drop-condition";
    case MutationKind::ExpandSqueeze: return "expand/squeeze";
    case MutationKind::Literal: return "literal";
    case MutationKind::Comparison: return "comparison";
    case MutationKind::SwapOperands: return "swap-operands";
    case MutationKind::Activation: return "activation";
    case MutationKind::AttrList: return "attr-list";
    case MutationKind::AttrFlag: return "attr-flag";
    case MutationKind::SiblingOp: return "sibling-op";
    case MutationKind::DropOp: return "drop-op";
  }
  return "?";
}

std::vector<Mutant> all_mutants(const dsl::Rule& rule, const std::string& file) {
  std::vector<Mutant> out;
  std::set<std::string> seen = {body(dsl::print_rule(rule))};
  const std::vector<Edit> edits = Mutator(rule).edits();
  for (size_t k = 0; k < edits.size(); ++k) {
    const Edit& ed = edits[k];
    Rule m = rule;
    ed.apply(m);
    m.name = fmt::format("{}__m{}", rule.name, k);
    std::string text = dsl::print_rule(m);
    if (!seen.insert(body(text)).second) continue;  // a no-op or a repeat
    SourceFile src(m.name + ".rules", text);
    DiagnosticSink diags;
    auto rf = dsl::parse_rules(src, diags);
    if (!rf || rf->rules.size() != 1) continue;  // does not check (e.g. an arity broken)
    Mutant mu;
    mu.original = rule.name;
    mu.file = file;
    mu.kind = ed.kind;
    mu.change = ed.focus.valid()
                    ? fmt::format("{}: {} -> {}", ed.where, dsl::print_expr(rule, ed.focus),
                                  dsl::print_expr(m, ed.focus))
                    : fmt::format("{}: {}", ed.where, ed.what);
    mu.text = std::move(text);
    mu.rule = std::move(rf->rules[0]);
    out.push_back(std::move(mu));
  }
  return out;
}

std::vector<Mutant> select_mutants(std::vector<Mutant> candidates, size_t per_rule, uint64_t seed) {
  // Group by rule (keeping the rules' order), then by kind.
  std::vector<std::string> order;
  std::map<std::string, std::map<MutationKind, std::vector<size_t>>> by_rule;
  for (size_t i = 0; i < candidates.size(); ++i) {
    auto [it, fresh] = by_rule.try_emplace(candidates[i].original);
    if (fresh) order.push_back(candidates[i].original);
    it->second[candidates[i].kind].push_back(i);
  }
  std::vector<Mutant> out;
  for (const std::string& name : order) {
    SplitMix64 rng(seed, name);
    auto shuffle = [&](auto& v) {
      for (size_t i = v.size(); i > 1; --i)
        std::swap(v[i - 1], v[static_cast<size_t>(rng.next() % i)]);
    };
    std::vector<std::vector<size_t>> queues;
    for (auto& [kind, idx] : by_rule[name]) {
      shuffle(idx);
      queues.push_back(idx);
    }
    shuffle(queues);
    std::vector<size_t> picked;
    for (size_t round = 0; per_rule == 0 || picked.size() < per_rule; ++round) {
      bool any = false;
      for (auto& q : queues) {
        if (round >= q.size() || (per_rule && picked.size() >= per_rule)) continue;
        picked.push_back(q[round]);
        any = true;
      }
      if (!any) break;
    }
    std::sort(picked.begin(), picked.end());
    for (size_t i : picked) out.push_back(std::move(candidates[i]));
  }
  return out;
}

}  // namespace vf::verify
