#include "rewrite/fold.h"

#include <fmt/format.h>

#include <cassert>
#include <cmath>
#include <limits>
#include <map>

#include "interp/interpreter.h"
#include "ir/certified_graph.h"
#include "ir/copy_nodes.h"
#include "rewrite/interval_domain.h"
#include "semantics/walk_graph.h"

namespace vf::rewrite {
namespace {

/// The instance's nodes that `roots` need, copied into a graph of their own: slot inputs
/// (float attributes used as operands) stay inputs, everything else is constants and
/// operators. `map` gives the copy of each instance node (invalid if not copied).
Graph constant_subgraph(const verify::Instance& inst, std::span<const NodeId> roots,
                        std::vector<NodeId>& map) {
  const Graph& g = inst.graph;
  std::vector<bool> need(g.size(), false);
  for (NodeId r : roots) need[r.index] = true;
  for (size_t i = g.size(); i-- > 0;)
    if (need[i])
      for (NodeId in : g.nodes()[i].inputs) need[in.index] = true;
  Graph out;
  map.assign(g.size(), {});
  struct Hooks {
    const std::vector<bool>& need;
    bool place(size_t i, const Node&) const { return !need[i]; }  // not read: skipped
  } hooks{need};
  const auto copied = copy_nodes(g, 0, g.size(), out, map, hooks);
  assert(copied);  // a needed node's inputs are needed
  (void)copied;
  for (NodeId r : roots) out.add_output(map[r.index]);
  return out;
}

/// Enclosures of the outputs of a constant graph (interval reading of the semantics).
/// A constant with an entry in `errors` (by data) enters as [x - e, x + e].
std::vector<std::vector<Interval>> enclose(const Graph& g, const std::vector<Interval>& inputs,
                                           const LeafErrors* errors) {
  IntervalDomain d;
  std::vector<std::vector<Interval>> values(g.size());
  struct Hooks {
    const std::vector<Interval>& inputs;
    const LeafErrors* errors;
    size_t next_input = 0;
    Result<void> leaf(size_t, const Node& n, std::vector<Interval>& out) {
      if (n.op == OpKind::Input) {
        out = {inputs[next_input++]};
        return {};
      }
      const std::vector<double> v = n.data->to_doubles();
      const Tensor* e = nullptr;
      if (errors)
        if (auto it = errors->find(n.data.get()); it != errors->end()) e = it->second;
      out.reserve(v.size());
      for (size_t i = 0; i < v.size(); ++i) {
        const double ei = e ? e->get(static_cast<int64_t>(i)) : 0.0;
        out.push_back(ei > 0 ? Interval{IntervalDomain::sub_down(v[i], ei),
                                        IntervalDomain::add_up(v[i], ei)}
                             : Interval{v[i], v[i]});
      }
      return {};
    }
  } hooks{inputs, errors};
  (void)sem::walk_graph(d, g, 0, g.size(), values, hooks);  // leaves cannot fail here
  std::vector<std::vector<Interval>> outs;
  for (NodeId o : g.outputs()) outs.push_back(values[o.index]);
  return outs;
}

/// Whether every value `g` computes is one of its float32 constants' elements, moved: no
/// operand inputs (float attributes), every constant float32, every operator a view or a
/// movement (ops.def: each output element is one input element) other than those that
/// also write a constant of their own (pad's value, a double attribute) or read run-time
/// integers. Such a fold is exact: the stored value is the exact one.
bool moves_only(const Graph& g) {
  if (!g.inputs().empty()) return false;
  for (const Node& n : g.nodes()) {
    if (n.op == OpKind::Constant) {
      if (n.data->dtype() != DType::F32) return false;
      continue;
    }
    const OpClass c = op_class(n.op);
    if (c != OpClass::View && c != OpClass::Movement) return false;
    if (n.op == OpKind::Pad || is_indexed_op(n.op) || n.op == OpKind::Im2col) return false;
  }
  return true;
}

}  // namespace

double f32_ulp(float v) {
  const float a = std::fabs(v);
  if (!std::isfinite(a)) return std::numeric_limits<double>::infinity();
  return static_cast<double>(std::nextafter(a, std::numeric_limits<float>::infinity())) - a;
}

std::vector<NodeId> fold_frontier(const verify::Instance& inst, std::vector<bool>* foldable_out) {
  const Graph& g = inst.graph;
  const auto slot_inputs = verify::slots_by_input(inst);
  std::vector<bool> foldable(g.size(), false);
  for (size_t i = 0; i < inst.target_end; ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Constant)
      foldable[i] = true;
    else if (n.op == OpKind::Input)
      foldable[i] = slot_inputs.count(static_cast<uint32_t>(i)) > 0;
    else {
      foldable[i] = true;
      for (NodeId in : n.inputs) foldable[i] = foldable[i] && foldable[in.index];
    }
  }
  std::vector<bool> frontier(g.size(), false);
  auto mark = [&](NodeId n) {
    if (foldable[n.index] && g.node(n).op != OpKind::Constant) frontier[n.index] = true;
  };
  for (size_t i = inst.source_end; i < inst.target_end; ++i) {
    const Node& n = g.nodes()[i];
    if (foldable[i]) continue;
    for (NodeId in : n.inputs)
      if (in.index >= inst.source_end || g.node(in).op == OpKind::Input) mark(in);
  }
  if (inst.target_root.index >= inst.source_end) mark(inst.target_root);
  std::vector<NodeId> out;
  for (size_t i = 0; i < g.size(); ++i)
    if (frontier[i]) out.push_back(g.id(i));
  if (foldable_out) *foldable_out = std::move(foldable);
  return out;
}

Result<std::vector<FoldedConstant>> fold_constants(
    const verify::Instance& inst, std::span<const double> float_values,
    const std::function<void(std::vector<FoldedConstant>&)>& tamper,
    const LeafErrors* leaf_errors) {
  const std::vector<NodeId> frontier = fold_frontier(inst, nullptr);
  std::vector<FoldedConstant> out;
  if (frontier.empty()) return out;
  std::vector<NodeId> map;
  const Graph sub = constant_subgraph(inst, frontier, map);
  const auto slot_inputs = verify::slots_by_input(inst);
  // Only moved float32 elements (a folded transpose or reshape of a weight): computed in
  // float32, which moves them exactly, with error 0 — unless a constant read carries an
  // error of an earlier fold, or the values are to be tampered with (the checks below
  // must then run).
  bool carried = false;  // some constant read carries an earlier fold's error
  if (leaf_errors)
    for (const Node& n : sub.nodes())
      carried = carried || (n.op == OpKind::Constant && leaf_errors->count(n.data.get()) > 0);
  if (!tamper && !carried && moves_only(sub)) {
    auto moved = run_graph(CertifiedGraph::unrewritten(sub), RunOptions{});
    if (!moved) return moved.error();
    for (size_t k = 0; k < frontier.size(); ++k) {
      FoldedConstant f;
      f.node = frontier[k];
      f.value = std::move((*moved)[k]);
      f.error = Tensor(TensorType{DType::F64, {0}});
      f.exact = true;
      out.push_back(std::move(f));
    }
    return out;
  }
  // Float attributes used as operands enter as exact doubles (a model's epsilon=1e-05
  // is the double 1e-05, as the interpreter's f64 reading has it).
  RunOptions ro;
  ro.precision = Precision::F64;
  std::vector<Interval> input_enclosures;
  for (NodeId in : sub.inputs()) {
    uint32_t inst_node = 0;
    for (size_t i = 0; i < map.size(); ++i)
      if (map[i] == in) inst_node = static_cast<uint32_t>(i);
    const double v = float_values[slot_inputs.at(inst_node)];
    ro.inputs[sub.node(in).name] = Tensor::scalar(DType::F64, v);
    input_enclosures.push_back({v, v});
  }
  auto values = run_graph(CertifiedGraph::unrewritten(sub), ro);
  if (!values) return values.error();
  for (size_t k = 0; k < frontier.size(); ++k) {
    FoldedConstant f;
    f.node = frontier[k];
    const Tensor& v = (*values)[k];
    f.value = Tensor(TensorType{DType::F32, v.shape()});
    const auto src = v.view<double>();
    auto dst = f.value.view_mut<float>();
    for (size_t i = 0; i < src.size(); ++i) dst[i] = static_cast<float>(src[i]);  // to nearest
    out.push_back(std::move(f));
  }
  if (tamper) tamper(out);
  const auto enclosures = enclose(sub, input_enclosures, nullptr);
  // With the errors of the constants read: what the certified error states. (The same
  // enclosure when no constant read carries an error.)
  const auto wide = carried ? enclose(sub, input_enclosures, leaf_errors) : enclosures;
  for (size_t k = 0; k < out.size(); ++k) {
    FoldedConstant& f = out[k];
    const std::string& name = inst.graph.node(f.node).name;
    f.error = Tensor(TensorType{DType::F64, f.value.shape()});
    const auto stored = f.value.view<float>();
    auto error = f.error.view_mut<double>();
    for (size_t i = 0; i < stored.size(); ++i) {
      const float s = stored[i];
      const Interval& e = enclosures[k][i];
      if (!std::isfinite(s) || !std::isfinite(e.lo) || !std::isfinite(e.hi))
        return Error{fmt::format("folded constant '{}' element {} is not finite", name, i)};
      // Distance from the stored value to the farthest point of the enclosure, rounded up
      // (0 for an exact fold: a point enclosure at the stored value).
      const double err = std::max(IntervalDomain::sub_up(s, e.lo), IntervalDomain::sub_up(e.hi, s));
      const double ulps = err / f32_ulp(s);
      const Interval& w = wide[k][i];
      error[i] = std::max(err, std::max(IntervalDomain::sub_up(s, w.lo), IntervalDomain::sub_up(w.hi, s)));
      if (!std::isfinite(error[i]))
        return Error{fmt::format("folded constant '{}' element {}: the errors of the constants it "
                                 "is computed from give no finite bound",
                                 name, i)};
      f.max_ulps = std::max(f.max_ulps, ulps);
      if (!(ulps <= kMaxFoldUlps))
        return Error{fmt::format(
            "folded constant '{}' element {} is {} but its exact value is in [{}, {}]: {:.3g} "
            "float32 ulps away, more than the {} allowed",
            name, i, s, e.lo, e.hi, ulps, kMaxFoldUlps)};
    }
  }
  return out;
}

}  // namespace vf::rewrite
