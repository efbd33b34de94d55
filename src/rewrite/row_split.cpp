#include "rewrite/row_split.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <variant>
#include <span>
#include <unordered_map>

#include "verify/term_renaming.h"

namespace vf::rewrite {
namespace {

/// The float slots of `inst` (an epsilon, a clip bound) with the match's values: the
/// attributes that read one set to it, the scalar operands that are one made constants of
/// it. The renaming check compares terms, and a slot is then a literal, the same one in
/// the view and in the rows it is compared with.
void bind_float_slots(verify::Instance& inst, const Match& m) {
  auto value = [&](uint32_t slot) {
    const double* v = slot < m.slots.size() ? std::get_if<double>(&m.slots[slot]) : nullptr;
    return v ? *v : std::numeric_limits<double>::quiet_NaN();
  };
  for (const verify::SymbolicAttr& a : inst.symbolic_attrs)
    inst.graph.node_mut(a.node).attrs.set(a.attr, value(a.slot));
  inst.symbolic_attrs.clear();
  for (const auto& [slot, node] : inst.slot_inputs) {
    Node& n = inst.graph.node_mut(node);
    n.op = OpKind::Constant;
    n.data = std::make_shared<const Tensor>(
        Tensor::from_doubles(n.type, std::vector<double>(static_cast<size_t>(n.type.size()),
                                                         value(slot))));
  }
  inst.slot_inputs.clear();
}

/// The rule at match `m` with the non-constant leaves at `shapes` (where set) and the
/// model's constants with their data.
/// The constants listed in `symbolic` (by TensorVarId) are symbols instead.
std::optional<verify::Instance> instance_at(const Match& m, const Graph& g,
                                            const std::vector<std::optional<Shape>>& shapes,
                                            std::string& why,
                                            const std::vector<bool>* symbolic = nullptr) {
  const dsl::Rule& rule = *m.rule;
  verify::InstanceSpec spec;
  spec.leaf_types.assign(rule.tensor_vars.size(), std::nullopt);
  spec.leaf_data.assign(rule.tensor_vars.size(), nullptr);
  for (size_t v = 0; v < rule.tensor_vars.size(); ++v) {
    if (rule.tensor_vars[v].origin != dsl::VarOrigin::SourceInput || !m.vars[v].valid()) continue;
    const Node& n = g.node(m.vars[v]);
    spec.leaf_types[v] = TensorType{n.type.dtype, shapes[v] ? *shapes[v] : n.type.shape};
    if (n.op == OpKind::Constant && !(symbolic && (*symbolic)[v])) spec.leaf_data[v] = n.data;
  }
  spec.slot_values = m.slots;
  auto inst = verify::instantiate(rule, spec, &why);
  if (inst && !inst->target_error.empty()) {
    why = "the target cannot be built: " + inst->target_error;
    return std::nullopt;
  }
  if (inst) bind_float_slots(*inst, m);
  return inst;
}

/// The leaves of the match that are no constants of the model (by TensorVarId).
std::vector<size_t> free_leaves(const Match& m, const Graph& g) {
  std::vector<size_t> out;
  const dsl::Rule& rule = *m.rule;
  for (size_t v = 0; v < rule.tensor_vars.size(); ++v)
    if (rule.tensor_vars[v].origin == dsl::VarOrigin::SourceInput && m.vars[v].valid() &&
        g.node(m.vars[v]).op != OpKind::Constant)
      out.push_back(v);
  return out;
}

/// Every free leaf's actual shape with its axes before the last `row_axes` set by `lead`
/// (the view: 1; the probe: min(actual, 2)); nullopt when no leaf has a leading axis > 1.
std::optional<std::vector<std::optional<Shape>>> leading_axes(
    const Match& m, const Graph& g, const std::vector<size_t>& leaves, int64_t row_axes,
    int64_t (*lead)(int64_t)) {
  std::vector<std::optional<Shape>> shapes(m.rule->tensor_vars.size());
  bool rows = false;
  for (size_t v : leaves) {
    Shape s = g.node(m.vars[v]).type.shape;
    const int64_t lead_axes = static_cast<int64_t>(s.size()) - row_axes;
    for (int64_t a = 0; a < lead_axes; ++a) {
      rows = rows || s[static_cast<size_t>(a)] > 1;
      s[static_cast<size_t>(a)] = lead(s[static_cast<size_t>(a)]);
    }
    shapes[v] = std::move(s);
  }
  if (!rows) return std::nullopt;
  return shapes;
}

/// Checks that every row of `check` (consecutive runs of the view's output size) claims
/// what the view claims, renamed; fills the counts of `rv`, or says why not.
bool rows_are_renamings(const verify::Instance& view, const verify::Instance& check, RowView& rv,
                        std::string& why) {
  verify::TermDomain d;
  auto tv = verify::instance_terms(d, view, &why);
  if (!tv) return false;
  auto tc = verify::instance_terms(d, check, &why);
  if (!tc) return false;
  const size_t inner = tv->source.size();
  if (inner == 0 || tv->target.size() != inner || tc->source.size() != tc->target.size() ||
      tc->source.size() % inner != 0) {
    why = "the rows do not divide the output evenly";
    return false;
  }
  const size_t rows = tc->source.size() / inner;
  if (rows < 2) {
    why = "one row only";
    return false;
  }
  std::unordered_map<uint32_t, uint32_t> renaming;
  const std::span<const uint32_t> cs(tc->source), ct(tc->target);
  for (size_t r = 0; r < rows; ++r)
    if (!verify::same_claims_up_to_renaming(d, tv->source, tv->target, cs.subspan(r * inner, inner),
                                            ct.subspan(r * inner, inner), renaming)) {
      why = fmt::format("row {} of {} does not claim what the view claims with its leaves renamed",
                        r, rows);
      return false;
    }
  rv.rows_checked = static_cast<int64_t>(rows);
  rv.checked_elements = static_cast<int64_t>(tc->source.size());
  rv.term_nodes = static_cast<int64_t>(d.size());
  return true;
}

/// The row view keeping the last `row_axes` axes of every free leaf whole.
std::optional<RowView> try_row_axes(const Match& m, const Graph& g, const std::vector<size_t>& leaves,
                                    int64_t row_axes, std::string& why) {
  auto view_shapes = leading_axes(m, g, leaves, row_axes, [](int64_t) -> int64_t { return 1; });
  if (!view_shapes) {
    why = "no leaf has more than one row";
    return std::nullopt;
  }
  auto view = instance_at(m, g, *view_shapes, why);
  if (!view) return std::nullopt;
  std::string ignored;
  auto actual = instance_at(m, g, std::vector<std::optional<Shape>>(view_shapes->size()), ignored);
  if (!actual) {
    why = "the match does not instantiate: " + ignored;
    return std::nullopt;
  }
  RowView rv;
  rv.row_axes = row_axes;
  rv.shapes = *view_shapes;
  const int64_t actual_elements = actual->graph.node(actual->source_root).type.size();
  rv.rows = actual_elements / std::max<int64_t>(view->graph.node(view->source_root).type.size(), 1);
  auto probe_shapes = leading_axes(m, g, leaves, row_axes,
                                   [](int64_t n) -> int64_t { return std::min<int64_t>(n, 2); });
  if (!probe_shapes) return std::nullopt;
  auto probe = instance_at(m, g, *probe_shapes, why);
  if (!probe) return std::nullopt;
  if (!rows_are_renamings(*view, *probe, rv, why)) return std::nullopt;
  // The actual instance too when its terms fit: then no row rests on the probe stance.
  const int64_t estimate = rv.term_nodes / std::max<int64_t>(rv.rows_checked, 1) * rv.rows;
  if (rv.rows > rv.rows_checked && estimate <= kRowCheckActualTerms) {
    RowView full = rv;
    if (!rows_are_renamings(*view, *actual, full, why)) return std::nullopt;
    full.checked_actual = true;
    rv = std::move(full);
  } else if (rv.rows == rv.rows_checked) {
    rv.checked_actual = true;  // the probe is the actual instance
  }
  for (size_t v : leaves) {
    if (!rv.description.empty()) rv.description += ", ";
    rv.description += fmt::format("%{}: {}", m.rule->tensor_vars[v].name, shape_string(*rv.shapes[v]));
  }
  return rv;
}

/// Whether the rule's source computes a dense, a matmul or a gemm.
bool has_contraction(const dsl::Rule& rule) {
  for (const dsl::Binding& b : rule.source)
    if (const auto* c = rule.expr(b.value).as<dsl::OpCall>())
      if (c->op == OpKind::Dense || c->op == OpKind::FusedDense || c->op == OpKind::MatMul ||
          c->op == OpKind::Gemm)
        return true;
  return false;
}

/// Adds the tensor variables that expression `e` reads (inside `all` / `any` when `in_all`)
/// to `out`.
void value_condition_vars(const dsl::Rule& rule, dsl::ExprId e, bool in_all,
                          std::vector<size_t>& out) {
  const dsl::Expr& x = rule.expr(e);
  if (const auto* r = x.as<dsl::TensorRef>()) {
    if (in_all) out.push_back(r->var.index);
  } else if (const auto* c = x.as<dsl::OpCall>()) {
    for (dsl::ExprId o : c->operands) value_condition_vars(rule, o, in_all, out);
  } else if (const auto* c = x.as<dsl::Compare>()) {
    value_condition_vars(rule, c->lhs, in_all, out);
    value_condition_vars(rule, c->rhs, in_all, out);
  } else if (const auto* l = x.as<dsl::Logic>()) {
    value_condition_vars(rule, l->lhs, in_all, out);
    value_condition_vars(rule, l->rhs, in_all, out);
  } else if (const auto* n = x.as<dsl::Not>()) {
    value_condition_vars(rule, n->operand, in_all, out);
  } else if (const auto* b = x.as<dsl::BuiltinCall>()) {
    const bool values = b->fn == dsl::Builtin::All || b->fn == dsl::Builtin::Any;
    for (dsl::ExprId a : b->args) value_condition_vars(rule, a, in_all || values, out);
  }
}

/// The leaf elements (tensor variable -> per axis the largest index + 1, and whether some
/// index is not 0-based) that the claim (s == t) reads, in instance `inst`.
std::optional<std::vector<std::optional<Shape>>> read_box(const verify::TermDomain& d,
                                                          const verify::Instance& inst,
                                                          uint32_t s, uint32_t t) {
  std::vector<std::optional<Shape>> box(inst.var_inputs.size());
  std::vector<uint32_t> stack = {s, t};
  while (!stack.empty()) {
    const uint32_t v = stack.back();
    stack.pop_back();
    const auto& n = d.node(v);
    using K = verify::TermDomain::Kind;
    switch (n.kind) {
      case K::Leaf: {
        if (n.a >= inst.var_inputs.size() || !inst.var_inputs[n.a].valid()) return std::nullopt;
        const Shape& shape = inst.graph.node(inst.var_inputs[n.a]).type.shape;
        auto& b = box[n.a];
        if (!b) b = Shape(shape.size(), 0);
        int64_t flat = n.b;
        for (size_t a = shape.size(); a-- > 0;) {
          const int64_t i = flat % shape[a];
          flat /= shape[a];
          (*b)[a] = std::max((*b)[a], i + 1);
        }
        break;
      }
      case K::Lit: break;
      case K::Neg:
      case K::Sqrt:
      case K::Exp:
      case K::Fn: stack.push_back(n.a); break;
      case K::Select: stack.insert(stack.end(), {n.a, n.b, n.c}); break;
      default: stack.insert(stack.end(), {n.a, n.b}); break;
    }
  }
  return box;
}

}  // namespace

std::optional<CellView> find_cell_view(const Match& m, const Graph& g, std::string& why) {
  const dsl::Rule& rule = *m.rule;
  if (!has_contraction(rule)) {
    why = "the source has no dense, matmul or gemm";
    return std::nullopt;
  }
  CellView cv;
  const size_t nv = rule.tensor_vars.size();
  cv.symbolic.assign(nv, false);
  std::vector<size_t> leaves;
  for (size_t v = 0; v < nv; ++v) {
    if (rule.tensor_vars[v].origin != dsl::VarOrigin::SourceInput || !m.vars[v].valid()) continue;
    const Node& n = g.node(m.vars[v]);
    if (n.op == OpKind::Constant && n.type.size() <= 1) continue;  // a scalar keeps its value
    cv.symbolic[v] = n.op == OpKind::Constant;
    leaves.push_back(v);
  }
  std::vector<size_t> in_all;
  for (const dsl::Precondition& p : rule.preconditions) value_condition_vars(rule, p.cond, false, in_all);
  for (size_t v : in_all)
    if (v < nv && cv.symbolic[v]) {
      why = fmt::format("a precondition reads the values of %{}", rule.tensor_vars[v].name);
      return std::nullopt;
    }
  auto shapes_by = [&](auto size) {
    std::vector<std::optional<Shape>> out(nv);
    for (size_t v : leaves) {
      Shape s = g.node(m.vars[v]).type.shape;
      for (size_t a = 0; a < s.size(); ++a) s[a] = size(v, a, s[a]);
      out[v] = std::move(s);
    }
    return out;
  };
  // Which axes one output element reads whole: its read box in the instance with every
  // axis at min(actual, 2).
  verify::TermDomain tiny_d;
  auto tiny = instance_at(m, g, shapes_by([](size_t, size_t, int64_t n) { return std::min<int64_t>(n, 2); }),
                          why, &cv.symbolic);
  if (!tiny) return std::nullopt;
  auto tiny_terms = verify::instance_terms(tiny_d, *tiny, &why);
  if (!tiny_terms) return std::nullopt;
  if (tiny_terms->source.size() < 2) {
    why = "one output element";
    return std::nullopt;
  }
  auto box = read_box(tiny_d, *tiny, tiny_terms->source[0], tiny_terms->target[0]);
  if (!box) {
    why = "an output element reads a leaf that is no variable of the rule";
    return std::nullopt;
  }
  auto whole = [&](size_t v, size_t a) {
    return (*box)[v] && (*box)[v]->size() > a && (*(*box)[v])[a] > 1;
  };
  cv.shapes = shapes_by([&](size_t v, size_t a, int64_t n) -> int64_t { return whole(v, a) ? n : 1; });
  auto cell = instance_at(m, g, cv.shapes, why, &cv.symbolic);
  if (!cell) return std::nullopt;
  verify::TermDomain d;
  auto cell_terms = verify::instance_terms(d, *cell, &why);
  if (!cell_terms) return std::nullopt;
  if (cell_terms->source.size() != 1 || cell_terms->target.size() != 1) {
    why = fmt::format("the cell has {} output elements, not 1", cell_terms->source.size());
    return std::nullopt;
  }
  // Every output element of `inst` claims the cell's claim renamed.
  auto check = [&](const verify::Instance& inst) -> bool {
    auto t = verify::instance_terms(d, inst, &why);
    if (!t) return false;
    std::unordered_map<uint32_t, uint32_t> renaming;
    for (size_t j = 0; j < t->source.size(); ++j)
      if (!verify::same_up_to_renaming(d, cell_terms->source[0], cell_terms->target[0],
                                       t->source[j], t->target[j], renaming)) {
        why = fmt::format("output element {} of {} does not claim what the cell claims with its "
                          "leaves renamed",
                          j, t->source.size());
        return false;
      }
    cv.cells_checked = static_cast<int64_t>(t->source.size());
    cv.term_nodes = static_cast<int64_t>(d.size());
    return true;
  };
  auto probe = instance_at(
      m, g, shapes_by([&](size_t v, size_t a, int64_t n) { return whole(v, a) ? n : std::min<int64_t>(n, 2); }),
      why, &cv.symbolic);
  if (!probe || !check(*probe)) return std::nullopt;
  std::string ignored;
  auto actual = instance_at(m, g, std::vector<std::optional<Shape>>(nv), ignored, &cv.symbolic);
  if (!actual) {
    why = "the match does not instantiate: " + ignored;
    return std::nullopt;
  }
  cv.cells = actual->graph.node(actual->source_root).type.size();
  const int64_t estimate = cv.term_nodes / std::max<int64_t>(cv.cells_checked, 1) * cv.cells;
  if (cv.cells == cv.cells_checked) {
    cv.checked_actual = true;
  } else if (estimate <= kRowCheckActualTerms) {
    if (!check(*actual)) return std::nullopt;
    cv.checked_actual = true;
  }
  for (size_t v : leaves) {
    if (!cv.description.empty()) cv.description += ", ";
    cv.description += fmt::format("%{}: {}{}", rule.tensor_vars[v].name, shape_string(*cv.shapes[v]),
                                  cv.symbolic[v] ? " (symbols)" : "");
  }
  return cv;
}

std::string cell_view_comment(const CellView& v) {
  const std::string checked =
      v.checked_actual
          ? fmt::format("every output element of the actual instance ({})", v.cells_checked)
          : fmt::format("every output element of the probe, the instance with every axis the "
                        "cell cuts at min(actual, 2) ({} elements; the actual instance has {})",
                        v.cells_checked, v.cells);
  return fmt::format(
      "; cells: the claim below is one output element's (each leaf cut to what that element "
      "reads: {}), with the model's constants of rank >= 1 as symbols, so it holds for all "
      "their values and for the model's; {} claims it with its leaf elements renamed, checked "
      "in C++ (verify::same_up_to_renaming on the terms of src/semantics read in "
      "verify::TermDomain, {} term nodes): a valid formula stays valid under a renaming of its "
      "variables (docs/certificates.md, Splitting: cells)\n",
      v.description, checked, v.term_nodes);
}

std::optional<ElementView> find_element_view(const dsl::Rule& rule, const verify::Instance& actual,
                                             std::string& why) {
  const Graph& g = actual.graph;
  for (size_t i = 0; i < actual.target_end; ++i) {
    const OpKind op = g.nodes()[i].op;
    const OpClass c = op_class(op);
    if (!is_pointwise(op) && c != OpClass::View && c != OpClass::Movement) {
      why = fmt::format("{} is neither pointwise nor a movement", op_name(op));
      return std::nullopt;
    }
  }
  // A precondition may read constants only: the claim below assumes nothing of the data.
  // They read the values of the tensors inside all / any (verify::ConditionEncoder), and
  // their own expressions (the instance's nodes after the target's).
  std::vector<bool> read(g.size(), false);
  for (size_t i = actual.target_end; i < g.size(); ++i) read[i] = true;
  std::vector<size_t> vars;
  for (const dsl::Precondition& p : rule.preconditions) value_condition_vars(rule, p.cond, false, vars);
  for (size_t v : vars)
    if (actual.var_nodes[v].valid()) read[actual.var_nodes[v].index] = true;
  const auto slots = verify::slots_by_input(actual);
  for (size_t i = g.size(); i-- > 0;) {
    if (!read[i]) continue;
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Input && !slots.count(static_cast<uint32_t>(i))) {
      why = "a precondition reads the data";
      return std::nullopt;
    }
    for (NodeId in : n.inputs) read[in.index] = true;
  }
  // Every operator reads one element of each operand, so an element's terms are about one
  // node per node of the instance (a leaf, a literal, an operation; an operator's formula
  // may add a few): an estimate before they are built.
  const int64_t elements = g.node(actual.source_root).type.size();
  const int64_t estimate = elements * static_cast<int64_t>(actual.target_end);
  if (estimate > kElementViewTerms) {
    why = fmt::format("its terms (up to {} nodes) exceed the limit of {}", estimate,
                      kElementViewTerms);
    return std::nullopt;
  }
  ElementView ev;
  ev.precondition_nodes = read;
  ev.terms = std::make_shared<verify::TermDomain>();
  auto t = verify::instance_terms(*ev.terms, actual, &why);
  if (!t) return std::nullopt;
  if (t->source.empty() || t->source.size() != t->target.size()) {
    why = "the source and the target have different numbers of elements";
    return std::nullopt;
  }
  std::unordered_map<uint32_t, uint32_t> renaming;
  for (size_t e = 1; e < t->source.size(); ++e)
    if (!verify::same_up_to_renaming(*ev.terms, t->source[0], t->target[0], t->source[e],
                                     t->target[e], renaming)) {
      why = fmt::format("element {} of {} does not claim what element 0 claims with its leaves "
                        "renamed",
                        e, t->source.size());
      return std::nullopt;
    }
  ev.source = t->source[0];
  ev.target = t->target[0];
  ev.elements = static_cast<int64_t>(t->source.size());
  ev.term_nodes = static_cast<int64_t>(ev.terms->size());
  return ev;
}

std::string element_view_comment(const ElementView& v) {
  return fmt::format(
      "; elements: the claim below is output element 0's, encoded from the terms of "
      "src/semantics read in verify::TermDomain at the actual shapes, each leaf element a "
      "symbol, so it holds for all their values; every output element of the actual instance "
      "({}) claims it with its leaf elements renamed, checked in C++ "
      "(verify::same_up_to_renaming, {} term nodes): a valid formula stays valid under a "
      "renaming of its variables (docs/certificates.md, Splitting: elements)\n",
      v.elements, v.term_nodes);
}

std::optional<RowView> find_row_view(const Match& m, const Graph& g, std::string& why) {
  const std::vector<size_t> leaves = free_leaves(m, g);
  if (leaves.empty()) {
    why = "no leaf varies";
    return std::nullopt;
  }
  size_t max_rank = 0;
  for (size_t v : leaves) max_rank = std::max(max_rank, static_cast<size_t>(g.node(m.vars[v]).type.rank()));
  // The fewest trailing axes a row can keep whole: the most rows, the smallest claim.
  std::string first_why;
  for (int64_t row_axes = 1; row_axes < static_cast<int64_t>(max_rank); ++row_axes) {
    std::string reason;
    if (auto rv = try_row_axes(m, g, leaves, row_axes, reason)) return rv;
    if (first_why.empty()) first_why = fmt::format("with the last {} axis whole: {}", row_axes, reason);
  }
  why = first_why.empty() ? "the leaves have one axis" : first_why;
  return std::nullopt;
}

std::string row_view_comment(const RowView& v) {
  const std::string checked =
      v.checked_actual
          ? fmt::format("every row of the actual instance ({} rows, {} output elements)",
                        v.rows_checked, v.checked_elements)
          : fmt::format("every row of the probe, the instance with every leading axis at "
                        "min(actual, 2) ({} rows, {} output elements; the actual instance has "
                        "{} rows)",
                        v.rows_checked, v.checked_elements, v.rows);
  return fmt::format(
      "; rows: the claims below are one row's (the last {} axes of each leaf whole, the leading "
      "ones at 1: {}), over the model's actual constants; {} claims what that row claims with "
      "its leaf elements renamed, one renaming per row, checked in C++ "
      "(verify::same_claims_up_to_renaming on the terms of src/semantics read in "
      "verify::TermDomain, {} term nodes): a valid formula stays valid under a renaming of its "
      "variables (docs/certificates.md, Splitting: rows)\n",
      v.row_axes, v.description, checked, v.term_nodes);
}

}  // namespace vf::rewrite
