// The interpreter's readings of a whole graph (plain IEEE arithmetic in run_graph, the
// drift bound): sem::walk_graph with the interpreter's leaves (given inputs, else seeded
// ones) and its freeing of dead buffers. A reading differs only in its domain and in how
// a leaf's tensor becomes domain values, so both are parameters. Internal to src/interp.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "interp/interpreter.h"
#include "interp/memory_need.h"
#include "interp/weights.h"
#include "semantics/walk_graph.h"

namespace vf::interp_detail {

/// Checks that every input given in `opts` names an input node of `g` and has its shape.
inline Result<void> check_given_inputs(const Graph& g, const RunOptions& opts) {
  for (const auto& [name, t] : opts.inputs) {
    NodeId id = g.find(name);
    if (!id.valid() || g.node(id).op != OpKind::Input)
      return Error{fmt::format("'{}' is not an input of the graph", name)};
    if (t.shape() != g.node(id).type.shape)
      return Error{fmt::format("input '{}' has shape {}, the graph expects {}", name,
                               shape_string(t.shape()), shape_string(g.node(id).type.shape))};
  }
  return {};
}

/// Refuses arithmetic on integer tensors: the interpreter's domains are floating point, and
/// integers mean wrapping arithmetic with division rounding toward zero (sem::WrapIntDomain,
/// which the ONNX importer evaluates shape computations with). Moving integers is exact.
inline Result<void> check_no_integer_arithmetic(const Graph& g) {
  for (const Node& n : g.nodes()) {
    if (n.op == OpKind::Input || n.op == OpKind::Constant || is_float(n.type.dtype)) continue;
    const OpClass c = op_info(n.op).cls;
    if (c != OpClass::View && c != OpClass::Movement)
      return Error{
          fmt::format("node '{}' ({}) computes on {} tensors; the interpreter computes "
                      "floating point only",
                      n.name, op_name(n.op), dtype_name(n.type.dtype))};
  }
  return {};
}

/// No node computed outside the semantics (evaluate_graph's default).
struct NoOverride {
  template <class V>
  bool operator()(const Node&, std::span<const sem::Operand<V>>, std::vector<V>&) const {
    return false;
  }
};

/// Runs `g` (verified by infer_types) over domain `d` and returns the values of its
/// outputs in order, row-major. Leaves become values through
/// `leaf(const Node&, const Tensor&) -> std::vector<sem::Val<D>>`, called with a constant's
/// data or an input's value (given in `opts`, else generated from the seed). `override`
/// may compute a node itself (returns true after filling its elements). Buffers are
/// released after their last use.
template <class D, class Leaf, class Override = NoOverride>
Result<std::vector<std::vector<sem::Val<D>>>> evaluate_graph(const Graph& g, const RunOptions& opts,
                                                             D& d, Leaf&& leaf,
                                                             Override&& override = {}) {
  using V = sem::Val<D>;
  if (auto r = check_given_inputs(g, opts); !r) return r.error();
  if (auto r = check_no_integer_arithmetic(g); !r) return r.error();
  // Refused before anything is allocated when the machine cannot hold the run.
  if (auto r = check_interpreter_memory(g, sizeof(V)); !r) return r.error();
  // Last use of each value, so buffers are released as soon as they are dead.
  std::vector<size_t> last_use(g.size(), 0);
  for (size_t i = 0; i < g.size(); ++i)
    for (NodeId in : g.nodes()[i].inputs) last_use[in.index] = i;
  for (NodeId o : g.outputs()) last_use[o.index] = g.size();

  std::vector<std::vector<V>> values(g.size());
  struct Hooks {
    const Graph& g;
    const RunOptions& opts;
    Leaf& leaf_value;
    Override& override_node;
    const std::vector<size_t>& last_use;
    std::vector<std::vector<V>>& values;
    bool evaluate(size_t, const Node& n, std::span<const sem::Operand<V>> ops,
                  sem::FloatAttrValues<V>, std::vector<V>& out) {
      return n.op != OpKind::Input && n.op != OpKind::Constant && override_node(n, ops, out);
    }
    Result<void> leaf(size_t i, const Node& n, std::vector<V>& out) {
      if (n.op == OpKind::Constant) {
        out = leaf_value(n, *n.data);
      } else if (auto it = opts.inputs.find(n.name); it != opts.inputs.end()) {
        out = leaf_value(n, it->second);
      } else {
        out = leaf_value(n, generate_input(g, g.id(i), opts.seed));
      }
      return {};
    }
    void after(size_t i, const Node& n) {
      for (NodeId in : n.inputs)
        if (last_use[in.index] == i) std::vector<V>().swap(values[in.index]);
    }
  } hooks{g, opts, leaf, override, last_use, values};
  if (auto r = sem::walk_graph(d, g, 0, g.size(), values, hooks); !r) return r.error();
  std::vector<std::vector<V>> outs;
  for (NodeId o : g.outputs()) outs.push_back(values[o.index]);  // a copy: outputs may repeat
  return outs;
}

}  // namespace vf::interp_detail
