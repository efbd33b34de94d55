#include "verify/distinguish.h"

#include <fmt/format.h>

#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

namespace vf::verify {
namespace {

/// A dimension of one value of the rule: (node name, axis).
struct Position {
  std::string node;
  size_t axis;
  bool operator<(const Position& o) const { return node != o.node ? node < o.node : axis < o.axis; }
};

/// The ranks of the leaves: instances with the same ranks are compared.
std::string rank_key(const Instance& inst) {
  std::string key;
  for (NodeId v : inst.var_inputs)
    key += v.valid() ? fmt::format("{},", inst.graph.node(v).type.rank()) : "-,";
  return key;
}

/// Every dimension of the source, lets and target of an instance, by position.
std::map<Position, int64_t> sizes(const Instance& inst) {
  std::map<Position, int64_t> out;
  for (size_t i = 0; i < inst.target_end; ++i) {
    const Node& n = inst.graph.nodes()[i];
    if (n.op == OpKind::Constant) continue;  // the rule's scalar literals
    for (size_t k = 0; k < n.type.shape.size(); ++k) out[{n.name, k}] = n.type.shape[k];
  }
  return out;
}

/// "%x: (1, 2, 3), %w: (2, 2)": the leaves of an instance, for messages.
std::string leaves(const Instance& inst) {
  std::string out;
  for (const NodeId v : inst.var_inputs)
    if (v.valid()) {
      const Node& n = inst.graph.node(v);
      out += fmt::format("{}%{}: {}", out.empty() ? "" : ", ", n.name, shape_string(n.type.shape));
    }
  return out;
}

/// Every dimension of the source, lets and target > 1 and pairwise distinct within each
/// tensor: distinguishing whatever the other instances are.
bool fully_distinct(const Instance& inst) {
  for (size_t i = 0; i < inst.target_end; ++i) {
    const Node& n = inst.graph.nodes()[i];
    if (n.op == OpKind::Constant) continue;
    const Shape& s = n.type.shape;
    for (size_t a = 0; a < s.size(); ++a) {
      if (s[a] == 1) return false;
      for (size_t b = a + 1; b < s.size(); ++b)
        if (s[a] == s[b]) return false;
    }
  }
  return true;
}

}  // namespace

std::string missing_distinguishing_instance(std::span<const Instance* const> instances) {
  std::map<std::string, std::vector<const Instance*>> by_ranks;
  for (const Instance* inst : instances) by_ranks[rank_key(*inst)].push_back(inst);
  for (const auto& [ranks, group] : by_ranks) {
    // Usually some instance is distinct through and through; only else are sizes the
    // rule pins to 1 or ties together worked out over the whole group.
    if (std::any_of(group.begin(), group.end(),
                    [](const Instance* i) { return fully_distinct(*i); }))
      continue;
    std::vector<std::map<Position, int64_t>> all;
    for (const Instance* inst : group) all.push_back(sizes(*inst));
    // Pinned to 1: 1 in every instance (or absent from some: not comparable).
    std::map<Position, bool> pinned;
    for (const auto& [p, v] : all.front()) {
      bool one = true;
      for (const auto& s : all) {
        auto it = s.find(p);
        one = one && (it == s.end() || it->second == 1);
      }
      pinned[p] = one;
    }
    std::map<std::pair<Position, Position>, bool> tied_memo;
    auto tied = [&](const Position& a, const Position& b) {
      auto [it, fresh] = tied_memo.emplace(std::pair{a, b}, true);
      if (!fresh) return it->second;
      for (const auto& s : all) {
        auto x = s.find(a), y = s.find(b);
        if (x != s.end() && y != s.end() && x->second != y->second) return it->second = false;
      }
      return true;
    };
    std::string closest;
    size_t fewest = SIZE_MAX;
    bool found = false;
    for (size_t k = 0; k < all.size() && !found; ++k) {
      std::vector<std::string> faults;
      for (const auto& [p, v] : all[k])
        if (v == 1 && !pinned[p]) faults.push_back(fmt::format("{}[{}] is 1", p.node, p.axis));
      for (auto a = all[k].begin(); a != all[k].end(); ++a)
        for (auto b = std::next(a); b != all[k].end(); ++b)
          if (a->first.node == b->first.node && a->second > 1 && a->second == b->second &&
              !tied(a->first, b->first))
            faults.push_back(fmt::format("{}[{}] == {}[{}]", a->first.node, a->first.axis,
                                         b->first.node, b->first.axis));
      if (faults.empty()) {
        found = true;
        break;
      }
      if (faults.size() < fewest) {
        fewest = faults.size();
        closest = fmt::format("{} ({})", leaves(*group[k]), fmt::join(faults, ", "));
      }
    }
    if (!found)
      return fmt::format(
          "no distinguishing instance: no instance with these ranks has every size that the "
          "rule does not fix above 1 and distinct within each tensor; closest: {}",
          closest);
  }
  return {};
}

}  // namespace vf::verify
