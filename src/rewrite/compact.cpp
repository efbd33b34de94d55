#include "rewrite/compact.h"

#include <fmt/format.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/topological_sort.hpp>
#include <iterator>
#include <unordered_map>

#include "support/rng.h"

namespace vf::rewrite {

Result<bool> compact_graph(Graph& g, const std::map<std::string, Tensor>* keep_apart) {
  const size_t n = g.size();
  // Equal constants: the first of each (type, bytes) class stands for the others.
  std::vector<uint32_t> rep(n);
  std::unordered_map<uint64_t, std::vector<uint32_t>> by_hash;
  bool merged = false;
  for (uint32_t i = 0; i < n; ++i) {
    rep[i] = i;
    const Node& k = g.nodes()[i];
    if (k.op != OpKind::Constant || (keep_apart && keep_apart->count(k.name))) continue;
    // A cheap key (type and up to 64 sampled bytes); equal data is then compared in full.
    const auto& b = k.data->bytes();
    std::string sample = shape_string(k.type.shape);
    for (size_t j = 0; j < 64 && !b.empty(); ++j)
      sample += static_cast<char>(b[(j * 2654435761u) % b.size()]);
    const uint64_t h = hash_bytes(sample);
    auto& cands = by_hash[h];
    for (uint32_t c : cands)
      if (*g.nodes()[c].data == *k.data) {
        rep[i] = c;
        merged = true;
        break;
      }
    if (rep[i] == i) cands.push_back(i);
  }
  using Dag = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  Dag dag(n);
  for (uint32_t i = 0; i < n; ++i)
    for (NodeId in : g.nodes()[i].inputs) boost::add_edge(rep[in.index], i, dag);
  std::vector<Dag::vertex_descriptor> order;
  try {
    boost::topological_sort(dag, std::back_inserter(order));
  } catch (const boost::not_a_dag&) {
    return Error{"the rewritten graph has a cycle"};
  }
  std::reverse(order.begin(), order.end());
  // Live: read (transitively) by an output.
  std::vector<bool> live(n, false);
  for (NodeId o : g.outputs()) live[rep[o.index]] = true;
  for (auto it = order.rbegin(); it != order.rend(); ++it)
    if (live[*it])
      for (NodeId in : g.nodes()[*it].inputs) live[rep[in.index]] = true;

  Graph out;
  std::vector<NodeId> map(n);
  for (NodeId in : g.inputs()) {
    const Node& x = g.node(in);
    map[in.index] = out.add_input(x.name, x.type, x.weight);
  }
  bool dropped = false;
  for (auto v : order) {
    const Node& x = g.nodes()[v];
    if (x.op == OpKind::Input) continue;
    if (rep[v] != v) continue;
    if (!live[v]) {
      dropped = true;
      continue;
    }
    if (x.op == OpKind::Constant) {
      map[v] = out.add_constant(x.name, x.data);
      continue;
    }
    std::vector<NodeId> ins;
    for (NodeId in : x.inputs) ins.push_back(map[rep[in.index]]);
    map[v] = out.add_node(x.op, x.name, std::move(ins), x.attrs, x.type);
  }
  for (NodeId o : g.outputs()) out.add_output(map[rep[o.index]]);
  g = std::move(out);
  return dropped || merged;
}

}  // namespace vf::rewrite
