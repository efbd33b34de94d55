#include "verify/term_renaming.h"

#include <fmt/format.h>

#include <bit>
#include <unordered_set>
#include <utility>

#include "semantics/walk_graph.h"

namespace vf::verify {

std::optional<InstanceTerms> instance_terms(TermDomain& d, const Instance& inst, std::string* why) {
  const Graph& g = inst.graph;
  if (!inst.symbolic_attrs.empty() || !inst.slot_inputs.empty()) {
    if (why) *why = "a float attribute of the instance is a symbol";
    return std::nullopt;
  }
  std::vector<int64_t> var_of(g.size(), -1);
  for (size_t k = 0; k < inst.var_inputs.size(); ++k)
    if (inst.var_inputs[k].valid()) var_of[inst.var_inputs[k].index] = static_cast<int64_t>(k);
  struct Hooks {
    TermDomain& d;
    const std::vector<int64_t>& var_of;
    size_t end;
    bool needed(size_t i) const { return i < end; }
    Result<void> leaf(size_t i, const Node& n, std::vector<uint32_t>& out) {
      if (n.op == OpKind::Constant) {
        for (double x : n.data->to_doubles()) out.push_back(d.lit(x));
        return {};
      }
      if (var_of[i] < 0) return Error{fmt::format("input '{}' is no tensor variable", n.name)};
      const int64_t size = n.type.size();
      out.reserve(static_cast<size_t>(size));
      for (int64_t k = 0; k < size; ++k)
        out.push_back(d.leaf(static_cast<uint32_t>(var_of[i]), static_cast<uint32_t>(k)));
      return {};
    }
  } hooks{d, var_of, inst.target_end};
  std::vector<std::vector<uint32_t>> values(g.size());
  if (auto r = sem::walk_graph(d, g, 0, inst.target_end, values, hooks); !r) {
    if (why) *why = r.error().message;
    return std::nullopt;
  }
  return InstanceTerms{std::move(values[inst.source_root.index]),
                       std::move(values[inst.target_root.index])};
}

namespace {

/// Matches the term pairs on `todo` (and everything below them) under `renaming`; pairs in
/// `seen` (when given) are matched already and skipped.
bool match_terms(const TermDomain& d, std::vector<std::pair<uint32_t, uint32_t>>& todo,
                 std::unordered_map<uint32_t, uint32_t>& renaming,
                 std::unordered_set<uint64_t>* seen) {
  using Kind = TermDomain::Kind;
  while (!todo.empty()) {
    const auto [a, b] = todo.back();
    todo.pop_back();
    if (seen && !seen->insert((static_cast<uint64_t>(a) << 32) | b).second) continue;
    const TermDomain::Node& x = d.node(a);
    const TermDomain::Node& y = d.node(b);
    if (x.kind != y.kind || x.fn != y.fn) return false;
    switch (x.kind) {
      case Kind::Leaf: {
        if (x.a != y.a) return false;  // another tensor
        auto [it, fresh] = renaming.emplace(a, b);
        if (!fresh && it->second != b) return false;  // one leaf, two replacements
        break;
      }
      case Kind::Lit:
        if (std::bit_cast<uint64_t>(d.lit_value(x)) != std::bit_cast<uint64_t>(d.lit_value(y)))
          return false;
        break;
      case Kind::Select: todo.emplace_back(x.c, y.c); [[fallthrough]];
      case Kind::Add:
      case Kind::Sub:
      case Kind::Mul:
      case Kind::Div:
      case Kind::Lt:
      case Kind::Le: todo.emplace_back(x.b, y.b); [[fallthrough]];
      case Kind::Neg:
      case Kind::Sqrt:
      case Kind::Exp:
      case Kind::Fn: todo.emplace_back(x.a, y.a); break;
    }
  }
  return true;
}

}  // namespace

bool same_up_to_renaming(const TermDomain& d, uint32_t s0, uint32_t t0, uint32_t s1, uint32_t t1,
                         std::unordered_map<uint32_t, uint32_t>& renaming) {
  renaming.clear();
  std::vector<std::pair<uint32_t, uint32_t>> todo{{s0, s1}, {t0, t1}};
  return match_terms(d, todo, renaming, nullptr);
}

bool same_claims_up_to_renaming(const TermDomain& d, std::span<const uint32_t> s0,
                                std::span<const uint32_t> t0, std::span<const uint32_t> s1,
                                std::span<const uint32_t> t1,
                                std::unordered_map<uint32_t, uint32_t>& renaming) {
  renaming.clear();
  if (s0.size() != s1.size() || t0.size() != t1.size() || s0.size() != t0.size()) return false;
  std::unordered_set<uint64_t> seen;
  std::vector<std::pair<uint32_t, uint32_t>> todo;
  for (size_t k = 0; k < s0.size(); ++k) {
    todo.emplace_back(s0[k], s1[k]);
    todo.emplace_back(t0[k], t1[k]);
    if (!match_terms(d, todo, renaming, &seen)) return false;
  }
  return true;
}

}  // namespace vf::verify
