#include "independent/tiling.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "ir/op.h"

namespace vf::independent {
namespace {

bool is_leaf(const Node& n) { return n.op == OpKind::Input || n.op == OpKind::Constant; }

/// Marks the constant-valued nodes of `g` (nodes are in topological order).
std::vector<bool> constant_valued(const Graph& g) {
  std::vector<bool> k(g.size(), false);
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Constant) k[i] = true;
    if (is_leaf(n) || n.inputs.empty()) continue;
    bool all = true;
    for (NodeId in : n.inputs) all = all && k[in.index];
    k[i] = all;
  }
  return k;
}

/// Assigns the named nodes of one side to their regions.
Result<void> assign(Side& s, const char* what, std::span<const Region> regions,
                    std::vector<std::string> Region::*names) {
  const Graph& g = *s.graph;
  s.konst = constant_valued(g);
  s.region.assign(g.size(), -1);
  for (size_t k = 0; k < regions.size(); ++k)
    for (const std::string& name : regions[k].*names) {
      const NodeId id = g.find(name);
      if (!id.valid())
        return Error{
            fmt::format("region {} lists '{}', which is no node of {}", k + 1, name, what)};
      if (is_leaf(g.node(id)))
        return Error{fmt::format("region {} lists '{}', a graph input or constant of {}", k + 1,
                                 name, what)};
      if (s.konst[id.index]) continue;  // a constant-valued operator: a value, not a member
      if (s.region[id.index] >= 0)
        return Error{fmt::format("'{}' of {} is in two regions ({} and {})", name, what,
                                 s.region[id.index] + 1, k + 1)};
      s.region[id.index] = static_cast<int>(k);
    }
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (is_leaf(n) || s.konst[i]) continue;
    if (s.region[i] < 0) return Error{fmt::format("'{}' of {} is in no region", n.name, what)};
  }
  return {};
}

/// The non-constant values each region of `s` reads from outside it, by name.
std::vector<std::set<std::string>> region_inputs(const Side& s, size_t regions) {
  std::vector<std::set<std::string>> in(regions);
  const Graph& g = *s.graph;
  for (size_t i = 0; i < g.size(); ++i) {
    if (s.region[i] < 0) continue;
    for (NodeId u : g.nodes()[i].inputs)
      if (!s.konst[u.index] && s.region[u.index] != s.region[i])
        in[static_cast<size_t>(s.region[i])].insert(g.node(u).name);
  }
  return in;
}

/// Kahn's order of the regions of `s` by the values they read; empty on a cycle.
std::vector<int> region_order(const Side& s, size_t regions) {
  std::vector<std::set<int>> after(regions);
  std::vector<int> pending(regions, 0);
  const Graph& g = *s.graph;
  for (size_t i = 0; i < g.size(); ++i)
    for (NodeId u : g.nodes()[i].inputs) {
      const int a = s.region[u.index], b = s.region[i];
      if (a >= 0 && b >= 0 && a != b && after[a].insert(b).second) ++pending[b];
    }
  std::vector<int> order;
  for (size_t k = 0; k < regions; ++k)
    if (pending[k] == 0) order.push_back(static_cast<int>(k));
  for (size_t j = 0; j < order.size(); ++j)
    for (int b : after[order[j]])
      if (--pending[b] == 0) order.push_back(b);
  if (order.size() != regions) order.clear();
  return order;
}

}  // namespace

std::string region_name(const Tiling& t, std::span<const Region> regions, int k) {
  auto ops = [&](const Side& s, const std::vector<std::string>& names) {
    std::string r;
    for (const std::string& n : names) {
      const NodeId id = s.graph->find(n);
      if (!id.valid() || s.region[id.index] != k) continue;
      r += fmt::format("{}{}", r.empty() ? "" : ", ", op_name(s.graph->node(id).op));
    }
    return r.empty() ? std::string("nothing") : r;
  };
  const Region& r = regions[static_cast<size_t>(k)];
  std::string root =
      r.original.empty() ? (r.compiled.empty() ? "" : r.compiled.back()) : r.original.back();
  return fmt::format("region {} ('{}': {} -> {})", k + 1, root, ops(t.original, r.original),
                     ops(t.compiled, r.compiled));
}

Result<Tiling> check_tiling(const Graph& original, const Graph& compiled,
                            std::span<const Region> regions) {
  Tiling t;
  t.original.graph = &original;
  t.compiled.graph = &compiled;
  if (auto r = assign(t.original, "the model", regions, &Region::original); !r) return r.error();
  if (auto r = assign(t.compiled, "model.vfg", regions, &Region::compiled); !r) return r.error();

  // Graph inputs: the same names and types.
  auto input_set = [](const Graph& g) {
    std::map<std::string, TensorType> m;
    for (NodeId id : g.inputs()) m.emplace(g.node(id).name, g.node(id).type);
    return m;
  };
  const auto oi = input_set(original), ci = input_set(compiled);
  for (const auto& [name, type] : oi)
    if (auto it = ci.find(name); it == ci.end() || !(it->second == type))
      return Error{fmt::format(
          "the model's input '{}' is not an input of model.vfg of the same type", name)};
  if (oi.size() != ci.size()) return Error{"model.vfg has inputs the model does not have"};

  // A value named on both sides: the same region (or a graph input of both), the same type.
  auto same_value = [&](const std::string& name, int k) -> Result<void> {
    const NodeId a = original.find(name), b = compiled.find(name);
    if (!a.valid() || !b.valid())
      return Error{fmt::format("'{}', read by {}, is not a node of both graphs", name,
                               region_name(t, regions, k))};
    const Node &na = original.node(a), &nb = compiled.node(b);
    const bool ia = na.op == OpKind::Input, ib = nb.op == OpKind::Input;
    if (ia != ib || t.original.region[a.index] != t.compiled.region[b.index] ||
        t.original.konst[a.index] || t.compiled.konst[b.index])
      return Error{fmt::format(
          "'{}', read by {}, is produced by different regions in the model and in model.vfg", name,
          region_name(t, regions, k))};
    if (!(na.type == nb.type))
      return Error{fmt::format("'{}' has type {} in the model and {} in model.vfg", name,
                               shape_string(na.type.shape), shape_string(nb.type.shape))};
    return {};
  };

  // Outputs: the same names, in order, produced by the same regions.
  if (original.outputs().size() != compiled.outputs().size())
    return Error{fmt::format("the model has {} outputs, model.vfg {}", original.outputs().size(),
                             compiled.outputs().size())};
  t.outputs.assign(regions.size(), {});
  t.inputs.assign(regions.size(), {});
  for (size_t k = 0; k < original.outputs().size(); ++k) {
    const Node& a = original.node(original.outputs()[k]);
    const Node& b = compiled.node(compiled.outputs()[k]);
    if (a.name != b.name)
      return Error{
          fmt::format("output {} is '{}' in the model and '{}' in model.vfg", k, a.name, b.name)};
    const int r = t.original.region[original.outputs()[k].index];
    if (r < 0) return Error{fmt::format("output '{}' is constant: not covered", a.name)};
    if (auto s = same_value(a.name, r); !s) return s.error();
    t.outputs[static_cast<size_t>(r)].push_back(a.name);
  }

  // Values crossing regions: the same set of names on both sides, each the same value.
  const auto oin = region_inputs(t.original, regions.size());
  const auto cin = region_inputs(t.compiled, regions.size());
  for (size_t k = 0; k < regions.size(); ++k) {
    const int kk = static_cast<int>(k);
    if (oin[k] != cin[k]) {
      std::string only;
      for (const auto& n : oin[k])
        if (!cin[k].count(n)) only = fmt::format("'{}' only in the model", n);
      for (const auto& n : cin[k])
        if (!oin[k].count(n)) only = fmt::format("'{}' only in model.vfg", n);
      return Error{fmt::format("{} reads other values in the model and in model.vfg ({})",
                               region_name(t, regions, kk), only)};
    }
    for (const std::string& n : oin[k]) {
      if (auto s = same_value(n, kk); !s) return s.error();
      t.inputs[k].push_back(n);
      const NodeId a = original.find(n);
      const int from = t.original.region[a.index];
      if (from >= 0) {
        auto& outs = t.outputs[static_cast<size_t>(from)];
        if (std::find(outs.begin(), outs.end(), n) == outs.end()) outs.push_back(n);
      }
    }
  }
  t.order = region_order(t.original, regions.size());
  if (t.order.empty() || region_order(t.compiled, regions.size()).empty())
    return Error{"the regions read each other in a cycle: no order to check them in"};
  return t;
}

}  // namespace vf::independent
