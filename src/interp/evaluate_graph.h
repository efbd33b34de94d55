// The interpreter's node loop, written once for every reading of the semantics it runs:
// plain IEEE arithmetic (run_graph) and the drift bound (run_with_drift). A reading
// differs only in its domain and in how a leaf's tensor becomes domain values, so both
// are parameters; the order of evaluation, the choice of input values and the freeing
// of dead buffers are the same by construction. Internal to src/interp.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "interp/interpreter.h"
#include "interp/memory_need.h"
#include "interp/weights.h"
#include "semantics/eval_node.h"

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

/// Runs `g` (verified by infer_types) over domain `d` and returns the values of its
/// outputs in order, row-major. Leaves become values through
/// `leaf(const Node&, const Tensor&) -> std::vector<sem::Val<D>>`, called with a constant's
/// data or an input's value (given in `opts`, else generated from the seed). Buffers are
/// released after their last use.
template <class D, class Leaf>
Result<std::vector<std::vector<sem::Val<D>>>> evaluate_graph(const Graph& g, const RunOptions& opts,
                                                             D& d, Leaf&& leaf) {
  using V = sem::Val<D>;
  if (auto r = check_given_inputs(g, opts); !r) return r.error();
  // Refused before anything is allocated when the machine cannot hold the run.
  if (auto r = check_interpreter_memory(g, sizeof(V)); !r) return r.error();
  // Last use of each value, so buffers are released as soon as they are dead.
  std::vector<size_t> last_use(g.size(), 0);
  for (size_t i = 0; i < g.size(); ++i)
    for (NodeId in : g.nodes()[i].inputs) last_use[in.index] = i;
  for (NodeId o : g.outputs()) last_use[o.index] = g.size();

  std::vector<std::vector<V>> values(g.size());
  std::vector<sem::Operand<V>> operands;
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Input) {
      auto it = opts.inputs.find(n.name);
      values[i] = it != opts.inputs.end() ? leaf(n, it->second)
                                          : leaf(n, generate_input(g, g.id(i), opts.seed));
    } else if (n.op == OpKind::Constant) {
      values[i] = leaf(n, *n.data);
    } else {
      operands.clear();
      for (NodeId in : n.inputs)
        operands.push_back({values[in.index].data(), &g.node(in).type.shape});
      std::vector<V> out;
      sem::eval_node(d, n.op, n.attrs, std::span<const sem::Operand<V>>(operands), n.type.shape,
                     out);
      values[i] = std::move(out);
    }
    for (NodeId in : n.inputs)
      if (last_use[in.index] == i) std::vector<V>().swap(values[in.index]);
  }
  std::vector<std::vector<V>> outs;
  for (NodeId o : g.outputs()) outs.push_back(values[o.index]);  // a copy: outputs may repeat
  return outs;
}

}  // namespace vf::interp_detail
