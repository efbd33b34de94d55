// The one graph-evaluation walk: nodes in the graph's (topological) order, leaves bound by
// the caller, every other node through sem::eval_node. Every reading of a whole graph (the
// interpreter, the SMT encoders, counterexample replay, the read analysis of the pointwise
// lemma, the interval enclosures of folded constants, the certificate's drift bound) is
// this walk with its own domain and its own hooks, so the order of evaluation and the way
// operands reach eval_node are the same for all of them by construction.
#pragma once

#include <span>
#include <vector>

#include "ir/graph.h"
#include "semantics/eval_node.h"
#include "support/result.h"

namespace vf::sem {

/// The elements of a stored value, for reading as an operand. A store other than
/// std::vector (smt::SymTensor) provides its own overload, found by argument-dependent lookup.
template <class V>
const V* operand_data(const std::vector<V>& s) {
  return s.data();
}

/// The elements of node value `s` to fill, for a node of shape `shape` (a store that keeps
/// its shape sets it here).
template <class V>
std::vector<V>& output_elements(std::vector<V>& s, const Shape&) {
  return s;
}

/// Walks nodes [begin, end) of `g` (verified by infer_types) in order over domain `d`,
/// filling `values` (one store per node, indexed by node; nodes before `begin` already
/// filled). `hooks` decides what differs between readings; each member is optional
/// except `leaf`:
///   bool needed(size_t i)              false: node i is skipped (left as it is)
///   bool evaluate(size_t i, const Node&, std::span<const Operand<V>> operands,
///                 FloatAttrValues<V> fv, Store& out)
///                                      true: the hook has filled node i itself (any node,
///                                      leaf or not; a leaf gets no operands)
///   Result<void> leaf(size_t i, const Node&, Store& out)
///                                      an input's or a constant's value
///   FloatAttrValues<V> float_values(size_t i)
///                                      symbols for node i's float attributes
///   void after(size_t i, const Node&)  called once node i is filled
/// An error of `leaf` stops the walk and is returned.
template <class D, class Store, class Hooks>
Result<void> walk_graph(D& d, const Graph& g, size_t begin, size_t end, std::vector<Store>& values,
                        Hooks& hooks) {
  using V = Val<D>;
  std::vector<Operand<V>> operands;
  for (size_t i = begin; i < end; ++i) {
    if constexpr (requires { hooks.needed(i); })
      if (!hooks.needed(i)) continue;
    const Node& n = g.nodes()[i];
    const bool leaf = n.op == OpKind::Input || n.op == OpKind::Constant;
    operands.clear();
    if (!leaf)
      for (NodeId in : n.inputs)
        operands.push_back({operand_data(values[in.index]), &g.node(in).type.shape});
    const std::span<const Operand<V>> ops(operands);
    FloatAttrValues<V> fv;
    if constexpr (requires { hooks.float_values(i); }) fv = hooks.float_values(i);
    bool done = false;
    if constexpr (requires { hooks.evaluate(i, n, ops, fv, values[i]); })
      done = hooks.evaluate(i, n, ops, fv, values[i]);
    if (!done) {
      if (leaf) {
        if (auto r = hooks.leaf(i, n, values[i]); !r) return r.error();
      } else {
        eval_node(d, n.op, n.attrs, ops, n.type.shape, output_elements(values[i], n.type.shape),
                  fv);
      }
    }
    if constexpr (requires { hooks.after(i, n); }) hooks.after(i, n);
  }
  return {};
}

}  // namespace vf::sem
