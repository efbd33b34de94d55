// A whole graph read in a symbolic domain: sem::eval_node per node, in the graph's
// (topological) order, exactly as the interpreter runs it with FloatDomain. This is how a
// rule's source and target, and a matched subgraph of a model, get their meaning.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/graph.h"
#include "semantics/walk_graph.h"
#include "smt/sym_tensor.h"
#include "support/result.h"

namespace vf::smt {

/// Symbolic values of graph leaves (inputs and constants), by node name.
using Bindings = std::map<std::string, SymTensor, std::less<>>;

/// Symbolic values of float attributes, per node index (sem::FloatAttrValues): a rule's
/// `epsilon=$eps` quantified over.
using NodeFloatAttrs = std::vector<std::vector<std::pair<std::string_view, Expr>>>;

/// A caller's encoding of a node in place of sem::eval_node: given the node's index, its
/// operands (none for a leaf) and the values of the nodes before it, fills the node's
/// value and returns true, or returns false to leave the node to the default (a leaf's
/// binding or data, sem::eval_node). A caller may also skip nodes it does not need. An instance
/// certificate encodes a shared conv / dense accumulator as one symbol per element this way
/// (docs/certificates.md).
using NodeOverride = std::function<bool(size_t node, std::span<const sem::Operand<Expr>> operands,
                                        sem::FloatAttrValues<Expr> float_values,
                                        std::span<const SymTensor> earlier, SymTensor& out)>;

/// A SymTensor as a value store of sem::walk_graph: its elements, read as an operand.
inline const Expr* operand_data(const SymTensor& t) { return t.elems.data(); }
/// A SymTensor as a value store of sem::walk_graph: a node's value of shape `s`, to fill.
inline std::vector<Expr>& output_elements(SymTensor& t, const Shape& s) {
  t.shape = s;
  return t.elems;
}

/// Encodes the nodes [begin, end) of `g` (which must have passed infer_types) into
/// `values` (sized g.size(), nodes before `begin` already encoded): `leaves` gives each
/// graph input's value, and may override a constant's (e.g. a folded constant as its
/// exact defining term); other constants are their data as literals; `floats`, when
/// given, the symbols of float attributes. Encoding in ranges lets a caller take the
/// domain's side conditions of each range apart (a rule's source, target, preconditions).
/// `override`, when given, may encode some nodes itself.
/// Errors: an input without a binding, a binding of the wrong shape.
template <class D>
Result<void> encode_range(D& d, const Graph& g, const Bindings& leaves, size_t begin, size_t end,
                          std::vector<SymTensor>& values, const NodeFloatAttrs* floats = nullptr,
                          const NodeOverride* override = nullptr) {
  struct Hooks {
    D& d;
    const Bindings& leaves;
    const NodeFloatAttrs* floats;
    const NodeOverride* override;
    std::vector<SymTensor>& values;
    sem::FloatAttrValues<Expr> float_values(size_t i) const {
      if (!floats) return {};
      return sem::FloatAttrValues<Expr>((*floats)[i].data(), (*floats)[i].size());
    }
    bool evaluate(size_t i, const Node&, std::span<const sem::Operand<Expr>> operands,
                  sem::FloatAttrValues<Expr> fv, SymTensor& out) const {
      return override &&
             (*override)(i, operands, fv, std::span<const SymTensor>(values.data(), i), out);
    }
    Result<void> leaf(size_t, const Node& n, SymTensor& out) const {
      auto it = leaves.find(n.name);
      if (it == leaves.end()) {
        if (n.op == OpKind::Input)
          return Error{fmt::format("input '{}' has no symbolic value", n.name)};
        out = lit_tensor(d, *n.data);
        return {};
      }
      if (it->second.shape != n.type.shape ||
          static_cast<int64_t>(it->second.elems.size()) != n.type.size())
        return Error{fmt::format("'{}' is bound to a tensor of shape {}, the graph has {}", n.name,
                                 shape_string(it->second.shape), shape_string(n.type.shape))};
      out = it->second;
      return {};
    }
  } hooks{d, leaves, floats, override, values};
  return sem::walk_graph(d, g, begin, end, values, hooks);
}

/// The value of every node of `g`, indexed by node; see encode_range.
template <class D>
Result<std::vector<SymTensor>> encode_nodes(D& d, const Graph& g, const Bindings& leaves) {
  std::vector<SymTensor> values(g.size());
  if (auto r = encode_range(d, g, leaves, 0, g.size(), values); !r) return r.error();
  return values;
}

/// The graph's outputs, in order; see encode_nodes.
template <class D>
Result<std::vector<SymTensor>> encode_graph(D& d, const Graph& g, const Bindings& leaves) {
  auto values = encode_nodes(d, g, leaves);
  if (!values) return values.error();
  std::vector<SymTensor> outs;
  for (NodeId o : g.outputs()) outs.push_back((*values)[o.index]);
  return outs;
}

/// Fresh variables of the domain's sort for every graph input, named after the input
/// ("x[0,1]"); constants are left to encode_graph's default (their data).
template <class D>
Bindings input_vars(D& d, const Graph& g) {
  Bindings b;
  for (NodeId id : g.inputs()) {
    const Node& n = g.node(id);
    b[n.name] = var_tensor(d.context(), n.name, n.type.shape, d.value_sort());
  }
  return b;
}

}  // namespace vf::smt
