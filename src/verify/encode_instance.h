// A rule instance read in a symbolic domain: every node through the single semantics
// (smt::encode_range), the preconditions as Bool terms, and the equivalence query of
// source and target. Used by the offline prover (a grid instance, float attributes as
// symbols) and by instance certificates (a match in a model, float attributes at their
// values).
#pragma once

#include <cassert>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dsl/ast.h"
#include "ir/shape_inference.h"
#include "semantics/eval_node.h"
#include "smt/conditions.h"
#include "smt/encode_graph.h"
#include "smt/exact_rational.h"
#include "smt/query.h"
#include "smt/sym_tensor.h"
#include "verify/instance.h"
#include "verify/precondition.h"

namespace vf::verify {

using dsl::ExprId;
using smt::Expr;
using smt::SymTensor;

/// The encoding of one instance: every node's value, the preconditions, and the query.
struct Encoded {
  std::vector<SymTensor> values;
  /// The term of each float slot (by slot index; invalid for other slots): a symbol, or
  /// the slot's value when EncodeOptions gives one.
  std::vector<Expr> slot_symbols;
  /// Each precondition as a Bool, in rule order.
  std::vector<Expr> preconditions;
  /// The side conditions of the source (with the preconditions' expressions) and target.
  smt::Conditions source;
  smt::Conditions target;
  /// Source root == target root under the preconditions (smt::equivalence_query).
  smt::Query query;
};

/// How encode_instance reads an instance besides its graph.
struct EncodeOptions {
  /// Values of float slots (by slot index; shorter or nullopt: a symbol).
  std::vector<std::optional<double>> float_values;
  /// Nodes encoded by the caller instead of by sem::eval_node (smt::encode_range).
  const smt::NodeOverride* override = nullptr;
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
Encoded encode_instance(D& d, const dsl::Rule& rule, std::span<const AttrSlot> slots,
                        const Instance& inst, const EncodeOptions& opts = {}) {
  smt::Context& ctx = d.context();
  const Graph& g = inst.graph;
  Encoded enc;
  enc.values.resize(g.size());
  enc.slot_symbols.resize(slots.size());
  for (size_t s = 0; s < slots.size(); ++s) {
    if (slots[s].kind != AttrKind::Float || inst.slot_values[s]) continue;
    if (s < opts.float_values.size() && opts.float_values[s])
      enc.slot_symbols[s] = d.lit(*opts.float_values[s]);
    else
      enc.slot_symbols[s] = ctx.var("$" + slots[s].name, d.value_sort());
  }
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
    auto r =
        smt::encode_range(d, g, leaves, begin, end, enc.values, &node_floats, opts.override);
    assert(r && "instance graphs bind every input");
    (void)r;
    return d.take_conditions();
  };
  enc.source = encode(0, inst.source_end);
  enc.target = encode(inst.source_end, inst.target_end);
  enc.source.append(encode(inst.target_end, g.size()));  // assumed, like the source's

  ConditionEncoder<D> conds(d, rule, inst, enc);
  for (const dsl::Precondition& p : rule.preconditions)
    enc.preconditions.push_back(conds.encode(p.cond));
  const SymTensor& src = enc.values[inst.source_root.index];
  const SymTensor& tgt = enc.values[inst.target_root.index];
  enc.query = smt::equivalence_query(std::span<const SymTensor>(&src, 1),
                                     std::span<const SymTensor>(&tgt, 1), enc.preconditions,
                                     enc.source, enc.target);
  return enc;
}

/// The integer types of an integer rewrite in a bitvector domain (ops.def: a value outside
/// its tensor's type is an error, never a wrap): every non-constant leaf is assumed to hold
/// a value of its type, and every node only the target has is claimed to fit its own, so
/// that the rewritten graph fails nowhere the original did not. (The source's own nodes
/// are not assumed to fit: that would only strengthen the hypotheses, at the cost of every
/// claim reading every channel's formula.) The prover and the instance certificate both
/// add them, so that a counterexample is an input the interpreter takes.
template <class D>
void add_integer_ranges(D& d, const Instance& inst, Encoded& enc) {
  const Graph& g = inst.graph;
  std::vector<bool> source(g.size(), false);
  source[inst.source_root.index] = true;
  for (size_t i = g.size(); i-- > 0;)
    if (source[i])
      for (NodeId in : g.nodes()[i].inputs) source[in.index] = true;
  std::vector<bool> target(g.size(), false);
  target[inst.target_root.index] = true;
  for (size_t i = g.size(); i-- > 0;)
    if (target[i])
      for (NodeId in : g.nodes()[i].inputs) target[in.index] = true;
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    // (int64 is the bitvectors' own width: nothing to assume or claim.)
    if (!is_integer(n.type.dtype) || n.type.dtype == DType::I64 || n.op == OpKind::Constant ||
        i >= enc.values.size() || (n.op != OpKind::Input && (source[i] || !target[i])))
      continue;
    const IntRange r = int_range(n.type.dtype);
    const Expr lo = d.lit(static_cast<double>(r.lo)), hi = d.lit(static_cast<double>(r.hi));
    const auto& elems = enc.values[i].elems;
    for (size_t k = 0; k < elems.size(); ++k) {
      const Expr fits = d.le(lo, elems[k]) && d.le(elems[k], hi);
      if (n.op == OpKind::Input)
        enc.query.hypotheses.push_back(fits);
      else
        enc.query.claims.push_back(
            {fmt::format("'{}' element {} fits {}", n.name, k, dtype_name(n.type.dtype)),
             fits,
             {},
             {}});
    }
  }
}

}  // namespace vf::verify
