// Copying a range of one graph's nodes into another: how a rule instance (or a part of
// one) becomes a graph of its own, or nodes of the model it rewrites. Written once for the
// driver (the target spliced into the model), the folding of constants (the constant
// subgraph evaluated by intervals) and vfuse check's local checks (source and target as
// one graph); each says through hooks what differs.
#pragma once

#include <string>
#include <vector>

#include <fmt/format.h>

#include "ir/graph.h"
#include "support/result.h"

namespace vf {

/// Copies nodes [begin, end) of `from` into `to` in order and records in `map` (indexed
/// by `from`'s nodes, sized from.size()) the node each became; nodes already in `map`
/// (valid ids) may be read by the copies. An input becomes an input, a constant a
/// constant, any other node a node reading the mapped inputs. `hooks` may have:
///   bool place(size_t i, const Node& n)  true: the hook has placed node i itself (set
///                                        map[i], or left it invalid to skip the node)
///   std::string name(const Node& n)      the copy's name (default: the same name)
///   Attrs attrs(size_t i, const Node& n) the copy's attributes (default: the same)
/// Error: a node reads a node that has no copy ("node 'a' reads 'b', which has no node in
/// the model").
template <class Hooks>
Result<void> copy_nodes(const Graph& from, size_t begin, size_t end, Graph& to,
                        std::vector<NodeId>& map, Hooks& hooks) {
  for (size_t i = begin; i < end; ++i) {
    const Node& n = from.nodes()[i];
    if constexpr (requires { hooks.place(i, n); })
      if (hooks.place(i, n)) continue;
    std::string name;
    if constexpr (requires { hooks.name(n); })
      name = hooks.name(n);
    else
      name = n.name;
    if (n.op == OpKind::Input) {
      map[i] = to.add_input(std::move(name), n.type);
      continue;
    }
    if (n.op == OpKind::Constant) {
      map[i] = to.add_constant(std::move(name), n.data);
      continue;
    }
    std::vector<NodeId> ins;
    for (NodeId in : n.inputs) {
      if (!map[in.index].valid())
        return Error{fmt::format("node '{}' reads '{}', which has no node in the model", n.name,
                                 from.node(in).name)};
      ins.push_back(map[in.index]);
    }
    if constexpr (requires { hooks.attrs(i, n); })
      map[i] = to.add_node(n.op, std::move(name), std::move(ins), hooks.attrs(i, n), n.type);
    else
      map[i] = to.add_node(n.op, std::move(name), std::move(ins), n.attrs, n.type);
  }
  return {};
}

/// copy_nodes with no hooks: the nodes as they are.
inline Result<void> copy_nodes(const Graph& from, size_t begin, size_t end, Graph& to,
                               std::vector<NodeId>& map) {
  struct NoHooks {
  } none;
  return copy_nodes(from, begin, end, to, map, none);
}

}  // namespace vf
