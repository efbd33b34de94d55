#include "verify/prove.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <functional>
#include <memory>
#include <set>
#include <variant>

#include "ir/shape_inference.h"
#include "semantics/eval_node.h"
#include "smt/bv_domain.h"
#include "smt/encode_graph.h"
#include "smt/exact_rational.h"
#include "smt/float32_domain.h"
#include "smt/query.h"
#include "smt/real_domain.h"
#include "smt/solver.h"
#include "smt/sym_tensor.h"
#include "verify/instance.h"
#include "verify/pointwise.h"
#include "verify/precondition.h"
#include "verify/replay.h"

namespace vf::verify {
namespace {

using dsl::ExprId;
using smt::Expr;
using smt::SymTensor;

/// The encoding of one instance: every node's value, and the query.
struct Encoded {
  std::vector<SymTensor> values;
  /// The symbol of each float slot that is one (by slot index; invalid otherwise).
  std::vector<Expr> slot_symbols;
  smt::Query query;
};

/// Encodes conditions of a rule at an instance into one domain.
template <class D>
class ConditionEncoder {
 public:
  ConditionEncoder(D& d, const dsl::Rule& rule, const Instance& inst, const Encoded& enc)
      : d_(d),
        rule_(rule),
        inst_(inst),
        enc_(enc),
        facts_{rule, inst.graph, inst.var_nodes, inst.slot_values} {}

  /// The condition as a Bool term.
  Expr encode(ExprId cond) {
    smt::Context& ctx = d_.context();
    const dsl::Expr& x = rule_.expr(cond);
    if (auto* l = x.as<dsl::Logic>()) {
      const Expr a = encode(l->lhs), b = encode(l->rhs);
      return l->op == dsl::LogicOp::And ? (a && b) : (a || b);
    }
    if (auto* n = x.as<dsl::Not>()) return !encode(n->operand);
    if (auto* c = x.as<dsl::Compare>()) {
      auto a = eval_scalar(facts_, c->lhs), b = eval_scalar(facts_, c->rhs);
      if (a && b) return ctx.bool_val(compare_values(c->op, *a, *b));
      return compare(c->op, scalar(c->lhs), scalar(c->rhs));
    }
    const auto* b = x.as<dsl::BuiltinCall>();
    assert(b);
    if (b->fn != dsl::Builtin::All && b->fn != dsl::Builtin::Any) return ctx.bool_val(true);
    // Elementwise over the broadcast shape of the tensors the condition reads.
    std::vector<ExprId> sides;
    comparison_sides(rule_, b->args[0], sides);
    Shape shape;
    for (ExprId s : sides) {
      auto bs = broadcast_shapes(shape, tensor(s).shape);
      assert(bs && "precondition sides were type-checked");
      shape = *bs;
    }
    const bool all = b->fn == dsl::Builtin::All;
    Expr acc = ctx.bool_val(all);
    const int64_t n = num_elements(shape);
    std::vector<int64_t> idx(shape.size(), 0);
    for (int64_t flat = 0; flat < n; ++flat) {
      index_ = idx;
      shape_ = shape;
      const Expr e = encode_elem(b->args[0]);
      acc = all ? (acc && e) : (acc || e);
      for (size_t k = shape.size(); k-- > 0;) {
        if (++idx[k] < shape[k]) break;
        idx[k] = 0;
      }
    }
    return acc;
  }

 private:
  /// The value of a tensor side of a comparison inside all / any.
  SymTensor tensor(ExprId e) {
    const dsl::Expr& x = rule_.expr(e);
    if (auto* r = x.as<dsl::TensorRef>()) return enc_.values[inst_.var_nodes[r->var.index].index];
    if (x.as<dsl::OpCall>()) return enc_.values[inst_.expr_nodes[e.index].index];
    return SymTensor{Shape{}, {scalar(e)}};
  }

  /// A number-valued scalar: a literal, a float symbol, an int attribute, rank/dim/len.
  Expr scalar(ExprId e) {
    const dsl::Expr& x = rule_.expr(e);
    if (auto* a = x.as<dsl::AttrRef>(); a && enc_.slot_symbols[a->var.index].valid())
      return enc_.slot_symbols[a->var.index];
    auto v = eval_scalar(facts_, e);
    if (v) {
      if (auto* i = std::get_if<int64_t>(&*v)) return d_.lit(static_cast<double>(*i));
      if (auto* f = std::get_if<double>(&*v)) return d_.lit(*f);
    }
    assert(false && "a scalar side of a comparison was not a number");
    return d_.lit(0);
  }

  Expr encode_elem(ExprId e) {
    const dsl::Expr& x = rule_.expr(e);
    if (auto* l = x.as<dsl::Logic>()) {
      const Expr a = encode_elem(l->lhs), b = encode_elem(l->rhs);
      return l->op == dsl::LogicOp::And ? (a && b) : (a || b);
    }
    if (auto* n = x.as<dsl::Not>()) return !encode_elem(n->operand);
    const auto* c = x.as<dsl::Compare>();
    assert(c);
    return compare(c->op, element(c->lhs), element(c->rhs));
  }

  Expr element(ExprId e) {
    const SymTensor t = tensor(e);
    const auto st = sem::broadcast_strides(t.shape, shape_.size());
    return t.elems[static_cast<size_t>(sem::offset_of(index_.data(), st))];
  }

  Expr compare(dsl::CmpOp op, Expr a, Expr b) {
    switch (op) {
      case dsl::CmpOp::Lt: return d_.lt(a, b);
      case dsl::CmpOp::Le: return d_.le(a, b);
      case dsl::CmpOp::Gt: return d_.lt(b, a);
      case dsl::CmpOp::Ge: return d_.le(b, a);
      // Reals and bitvectors: SMT equality (the solver substitutes `x = c` facts);
      // float32: IEEE equality (-0 == +0, NaN equals nothing).
      case dsl::CmpOp::Eq:
        if (a.sort().kind != smt::SortKind::Float32) return smt::eq(a, b);
        return d_.le(a, b) && d_.le(b, a);
      case dsl::CmpOp::Ne:
        if (a.sort().kind != smt::SortKind::Float32) return smt::ne(a, b);
        return !(d_.le(a, b) && d_.le(b, a));
    }
    return d_.context().bool_val(false);
  }

  D& d_;
  const dsl::Rule& rule_;
  const Instance& inst_;
  const Encoded& enc_;
  ShapeFacts facts_;
  std::vector<int64_t> index_;
  Shape shape_;
};

/// Encodes an instance in domain D: leaves and float attributes as variables, every node
/// through sem::eval_node; the source's side conditions are assumed, the target's
/// proved; the preconditions are hypotheses.
template <class D>
Encoded encode_instance(D& d, const dsl::Rule& rule, const Enumeration& en, const Instance& inst) {
  smt::Context& ctx = d.context();
  const Graph& g = inst.graph;
  Encoded enc;
  enc.values.resize(g.size());
  enc.slot_symbols.resize(en.slots.size());
  for (size_t s = 0; s < en.slots.size(); ++s)
    if (en.slots[s].kind == AttrKind::Float && !inst.slot_values[s])
      enc.slot_symbols[s] = ctx.var("$" + en.slots[s].name, d.value_sort());
  smt::NodeFloatAttrs node_floats(g.size());
  for (const SymbolicAttr& a : inst.symbolic_attrs)
    node_floats[a.node.index].emplace_back(a.attr, enc.slot_symbols[a.slot]);
  // Leaves: tensors of variables; float attributes used as operands: their symbols;
  // literal operands of the rule in the real domain: their exact decimal.
  smt::Bindings leaves;
  for (const auto& [slot, node] : inst.slot_inputs)
    leaves[g.node(node).name] = SymTensor{Shape{}, {enc.slot_symbols[slot]}};
  for (NodeId id : g.inputs()) {
    const Node& n = g.node(id);
    if (!leaves.count(n.name))
      leaves[n.name] = smt::var_tensor(ctx, n.name, n.type.shape, d.value_sort());
  }
  if (d.value_sort() == smt::Sort::real())
    for (const auto& [node, text] : inst.literal_texts)
      if (auto q = smt::decimal_rational(text))
        leaves[g.nodes()[node].name] = SymTensor{Shape{}, {ctx.real_val(q->to_string())}};

  // Source, then lets and target, then the preconditions' expressions: the side
  // conditions of each range taken apart.
  auto encode = [&](size_t begin, size_t end) {
    auto r = smt::encode_range(d, g, leaves, begin, end, enc.values, &node_floats);
    assert(r && "instance graphs bind every input");
    (void)r;
    return d.take_conditions();
  };
  smt::Conditions source = encode(0, inst.source_end);
  const smt::Conditions target = encode(inst.source_end, inst.target_end);
  source.append(encode(inst.target_end, g.size()));  // assumed, like the source's

  std::vector<Expr> assumptions;
  ConditionEncoder<D> conds(d, rule, inst, enc);
  for (const dsl::Precondition& p : rule.preconditions) assumptions.push_back(conds.encode(p.cond));
  const SymTensor& src = enc.values[inst.source_root.index];
  const SymTensor& tgt = enc.values[inst.target_root.index];
  enc.query =
      smt::equivalence_query(std::span<const SymTensor>(&src, 1),
                             std::span<const SymTensor>(&tgt, 1), assumptions, source, target);
  return enc;
}

std::string describe_violation(const smt::Violation& v) {
  if (v.lhs && v.rhs)
    return fmt::format("{}: source {}, target {}", v.what, v.lhs->exact, v.rhs->exact);
  return v.what;
}

/// The source input variables an expression reads, through lets.
void leaves_read(const dsl::Rule& rule, ExprId e, std::set<uint32_t>& out) {
  const dsl::Expr& x = rule.expr(e);
  if (auto* r = x.as<dsl::TensorRef>()) {
    const dsl::TensorVar& v = rule.var(r->var);
    if (v.origin == dsl::VarOrigin::Let && v.value.valid())
      leaves_read(rule, v.value, out);
    else
      out.insert(r->var.index);
  } else if (auto* c = x.as<dsl::OpCall>()) {
    for (ExprId o : c->operands) leaves_read(rule, o, out);
  } else if (auto* c = x.as<dsl::Compare>()) {
    leaves_read(rule, c->lhs, out);
    leaves_read(rule, c->rhs, out);
  } else if (auto* l = x.as<dsl::Logic>()) {
    leaves_read(rule, l->lhs, out);
    leaves_read(rule, l->rhs, out);
  } else if (auto* n = x.as<dsl::Not>()) {
    leaves_read(rule, n->operand, out);
  }
}

/// True when, at this instance, what the one-element instance assumes of its leaf
/// elements holds of the elements a larger instance reads: no `any`; `all` only outside
/// `!` and `||`, and each `all` reads at most one tensor of rank > 0 (besides scalars),
/// so that it constrains every element of it, the one read included.
bool preconditions_monotone(const dsl::Rule& rule, const Instance& inst) {
  std::function<bool(ExprId, bool)> ok = [&](ExprId e, bool positive) {
    const dsl::Expr& x = rule.expr(e);
    if (auto* l = x.as<dsl::Logic>())
      return ok(l->lhs, positive && l->op == dsl::LogicOp::And) &&
             ok(l->rhs, positive && l->op == dsl::LogicOp::And);
    if (auto* n = x.as<dsl::Not>()) return ok(n->operand, false);
    if (auto* b = x.as<dsl::BuiltinCall>()) {
      if (b->fn == dsl::Builtin::Any) return false;
      if (b->fn == dsl::Builtin::All) {
        std::set<uint32_t> leaves;
        leaves_read(rule, b->args[0], leaves);
        int tensors = 0;
        for (uint32_t v : leaves) {
          const NodeId n = v < inst.var_inputs.size() ? inst.var_inputs[v] : NodeId{};
          tensors += !n.valid() || inst.graph.node(n).type.rank() > 0;
        }
        return positive && tensors <= 1;
      }
    }
    return true;
  };
  for (const dsl::Precondition& p : rule.preconditions)
    if (!ok(p.cond, true)) return false;
  return true;
}

/// Every leaf of the instance has only dimensions of size 1.
bool all_ones(const Instance& inst) {
  for (NodeId v : inst.var_inputs)
    if (v.valid() && inst.graph.node(v).type.size() != 1) return false;
  return true;
}

/// The ranks of the leaves and the attribute values: what an all-ones instance must
/// share with a larger one to cover it.
std::string pointwise_key(const Instance& inst) {
  std::string key;
  for (NodeId v : inst.var_inputs)
    key += v.valid() ? fmt::format("{},", inst.graph.node(v).type.rank()) : "-,";
  for (const auto& s : inst.slot_values) key += s ? attr_value_string(*s) + ";" : "~;";
  return key;
}

}  // namespace

std::string_view outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Proved: return "proved";
    case Outcome::Refuted: return "refuted";
    case Outcome::Unknown: return "unknown";
  }
  return "unknown";
}

RuleProof prove_rule(const dsl::Rule& rule, const std::string& file, const ProveOptions& opts) {
  const auto t0 = std::chrono::steady_clock::now();
  RuleProof out;
  out.name = rule.name;
  out.file = file;
  auto finish = [&] {
    out.ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  out.grid = std::string(grid_name(opts.grid));
  const Enumeration en = enumerate_instances(rule, opts.grid);
  if (!en.unsupported.empty()) {
    out.outcome = Outcome::Unknown;
    out.reason = en.unsupported;
    out.scope = "bounded";
    return finish();
  }
  if (en.instances.empty()) {
    out.outcome = Outcome::Unknown;
    out.reason = fmt::format(
        "no instance in the grid satisfies the rule's shape and attribute preconditions "
        "({} combinations tried): nothing was proved",
        en.candidates);
    out.scope = "bounded";
    return finish();
  }
  bool pointwise = true;
  smt::SolverOptions sopts;
  sopts.timeout_ms = opts.timeout_ms;
  sopts.split_claims = true;
  // Pointwise instances proved at all-ones shapes, by leaf ranks and attributes: a
  // larger pointwise instance with the same key is covered by it (docs/proofs.md).
  bool monotone = true;  // preconditions_monotone at every instance
  std::set<std::string> proved_ones;
  auto rule_ctx = std::make_unique<smt::Context>();
  bool smt2_full = false;
  for (const Instance& inst : en.instances) {
    if (!inst.target_error.empty()) {
      out.outcome = Outcome::Refuted;
      out.reason = fmt::format("at {}: {}", inst.description, inst.target_error);
      Counterexample cx;
      cx.instance = inst.description;
      cx.violations.push_back(inst.target_error);
      cx.replay = "not replayed: the target cannot be built at this instance";
      cx.reproduced = true;
      out.counterexample = std::move(cx);
      out.scope = "bounded";
      return finish();
    }
    const PointwiseCheck check = check_pointwise(inst);
    const bool pw = check.pointwise && !check.shared_reductions;
    pointwise = pointwise && check.pointwise;
    const std::string key = pointwise_key(inst);
    const bool may_cover = preconditions_monotone(rule, inst);
    monotone = monotone && may_cover;
    if (pw && may_cover && !all_ones(inst) && proved_ones.count(key)) {
      ++out.instances;
      ++out.covered;
      continue;
    }
    // One Z3 context per rule, not per instance: creating one costs more than a small
    // instance's whole proof. Each query still goes to a fresh solver.
    smt::Context& ctx = *rule_ctx;
    Encoded enc;
    switch (rule.domain.kind) {
      case dsl::DomainKind::Real: {
        smt::RealDomain d(ctx);
        enc = encode_instance(d, rule, en, inst);
        break;
      }
      case dsl::DomainKind::Bv: {
        smt::BvDomain d(ctx, rule.domain.width);
        enc = encode_instance(d, rule, en, inst);
        break;
      }
      case dsl::DomainKind::Float32: {
        smt::Float32Domain d(ctx);
        enc = encode_instance(d, rule, en, inst);
        break;
      }
    }
    smt::Solver solver(ctx, sopts);
    const smt::Verdict v = solver.check(enc.query);
    if (opts.keep_smt2 && !smt2_full && !smt::is_unknown(v)) {
      // As proved: one check-sat per claim, the exact definitions of square roots and
      // inverses only when the proof needed them; logic ALL (see SmtlibOptions).
      smt::Solver::SmtlibOptions so;
      so.split_claims = true;
      so.logic_all = true;
      so.definitions = !smt::is_proved(v) || solver.used_definitions();
      std::string text = solver.to_smtlib(enc.query, so);
      if (out.smt2.size() + text.size() <= opts.smt2_budget || out.smt2.empty()) {
        if (!out.smt2.empty()) out.smt2 += "(reset)\n";
        out.smt2 += fmt::format("; instance {}: {}\n", out.instances + 1, inst.description);
        out.smt2 += text;
        ++out.smt2_instances;
      } else {
        smt2_full = true;  // instances only grow from here
      }
    }
    ++out.instances;
    if (pw && all_ones(inst) && is_proved(v)) proved_ones.insert(key);
    if (auto* u = std::get_if<smt::Unknown>(&v)) {
      out.outcome = Outcome::Unknown;
      out.reason = fmt::format("at {}: {}", inst.description, u->reason);
      out.scope = "bounded";
      return finish();
    }
    if (auto* r = std::get_if<smt::Refuted>(&v)) {
      out.outcome = Outcome::Refuted;
      Counterexample cx;
      cx.instance = inst.description;
      // The context is shared by the rule's instances: show this instance's variables.
      std::set<std::string> mine;
      for (NodeId id : inst.graph.inputs()) {
        const Node& n = inst.graph.node(id);
        for (int64_t k = 0; k < n.type.size(); ++k)
          mine.insert(smt::element_name(n.name, n.type.shape, k));
      }
      for (const auto& sym : enc.slot_symbols)
        if (sym.valid()) mine.insert(*ctx.symbol_name(sym));
      for (const auto& [name, val] : r->model.values)
        if (mine.count(name)) cx.values.emplace_back(name, val.exact);
      for (const smt::Violation& x : r->violations) cx.violations.push_back(describe_violation(x));
      const ReplayResult rp = replay_counterexample(rule.domain, en, inst, r->model);
      cx.replay = rp.text;
      cx.reproduced = rp.reproduced;
      if (!rp.reproduced)
        out.internal_error = fmt::format(
            "internal error: the interpreter does not reproduce the counterexample at {} "
            "({}); the prover or the interpreter is wrong",
            inst.description, rp.text);
      out.reason = fmt::format("at {}: {}", inst.description,
                               cx.violations.empty() ? "a claim is false" : cx.violations[0]);
      out.counterexample = std::move(cx);
      out.scope = "bounded";
      return finish();
    }
  }
  out.outcome = Outcome::Proved;
  // All sizes: every instance pointwise (with shared accumulators) and preconditions
  // that a one-element view inherits (docs/proofs.md).
  out.scope = pointwise && monotone ? "unbounded" : "bounded";
  return finish();
}

}  // namespace vf::verify
