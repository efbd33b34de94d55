#include "verify/patterns.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <variant>

#include "ir/shape_inference.h"
#include "verify/grid.h"
#include "verify/pointwise.h"
#include "verify/precondition.h"
#include "verify/symbolic_pattern.h"

namespace vf::verify {
namespace {

using detail::Dim;
using detail::SymShape;
using detail::SymState;

bool is_conv(OpKind op) { return op == OpKind::Conv2d || op == OpKind::FusedConv2d; }

/// Which slots are window attributes (strides, padding, dilation, pool_size of a window
/// op): the pattern argument does not look at them. `groups` is not one: it decides
/// whether the output channels can be 1.
std::vector<bool> window_slots(const dsl::Rule& rule) {
  const RuleSlots rs = rule_slots(rule);
  std::vector<bool> out(rs.slots.size(), false);
  for (uint32_t e = 0; e < rule.exprs.size(); ++e) {
    const auto* call = rule.expr(dsl::ExprId{e}).as<dsl::OpCall>();
    if (!call) continue;
    for (const dsl::AttrArg& a : call->attrs)
      if (auto* r = rule.expr(a.value).as<dsl::AttrRef>())
        if (is_window_attr(call->op, a.name) && a.name != "groups") out[r->var.index] = true;
  }
  for (const auto& [key, slot] : rs.implicit) {
    const auto* call = rule.expr(dsl::ExprId{key.first}).as<dsl::OpCall>();
    if (call && is_window_attr(call->op, key.second) && key.second != "groups") out[slot] = true;
  }
  return out;
}

/// The unit pattern of node shapes: per node of [0, end) in `names` order, per axis, 1
/// or not, skipping positions marked don't-care.
std::string unit_key(const std::vector<std::string>& names, const std::vector<Shape>& shapes,
                     const std::vector<std::vector<char>>& dontcare) {
  std::string key;
  key.reserve(names.size() * 6);
  for (size_t i = 0; i < names.size(); ++i) {
    key += static_cast<char>('0' + shapes[i].size());
    for (size_t k = 0; k < shapes[i].size(); ++k)
      key += k < dontcare[i].size() && dontcare[i][k] ? '*' : shapes[i][k] == 1 ? '1' : 'n';
    key += ';';
  }
  return key;
}

/// unit_key of an instance's nodes, or empty when its nodes are not named as `names`.
std::string unit_key(const std::vector<std::string>& names, const Instance& m,
                     const std::vector<std::vector<char>>& dontcare) {
  if (m.target_end != names.size()) return {};
  std::string key;
  key.reserve(names.size() * 6);
  for (size_t i = 0; i < names.size(); ++i) {
    const Node& n = m.graph.nodes()[i];
    if (n.name != names[i]) return {};
    const Shape& s = n.type.shape;
    key += static_cast<char>('0' + s.size());
    for (size_t k = 0; k < s.size(); ++k)
      key += k < dontcare[i].size() && dontcare[i][k] ? '*' : s[k] == 1 ? '1' : 'n';
    key += ';';
  }
  return key;
}

/// The positions (node, axis) that only a shared accumulator's sum reads: a conv's x
/// and w along C, H, W / C/g, KH, KW; a dense's x along K and w along K. They are not
/// pattern positions: the read analysis takes the accumulator as the leaf.
std::set<std::pair<size_t, size_t>> summed_positions(const Instance& t) {
  std::set<std::pair<size_t, size_t>> out;
  const Graph& g = t.graph;
  for (const SharedReduction& r : check_pointwise(t).reductions) {
    const Node& n = g.node(r.node);
    const bool conv = is_conv(n.op);
    std::vector<NodeId> ws = {n.inputs[1]};
    const Node& w = g.node(n.inputs[1]);
    if (w.op == OpKind::Multiply) ws.insert(ws.end(), w.inputs.begin(), w.inputs.end());
    const size_t xr = g.node(n.inputs[0]).type.rank();
    if (conv)
      for (size_t k = 1; k < 4; ++k) out.insert({n.inputs[0].index, k});
    else if (xr > 0)
      out.insert({n.inputs[0].index, xr - 1});
    for (NodeId wi : ws) {
      if (g.node(wi).type.rank() != (conv ? 4u : 2u)) continue;  // the scale e
      for (size_t k = 1; k < (conv ? 4u : 2u); ++k) out.insert({wi.index, k});
    }
  }
  return out;
}

/// A pattern made concrete from grid instance `m`: sizes per class, the summed sizes
/// and the window from `m`; nullopt when `m` cannot carry it.
std::optional<InstanceSpec> realisation(const dsl::Rule& rule, const Instance& t,
                                        const SymState& st, const Instance& m,
                                        const std::set<std::pair<size_t, size_t>>& summed,
                                        std::map<int, int64_t>& value) {
  InstanceSpec spec;
  spec.leaf_types.assign(rule.tensor_vars.size(), std::nullopt);
  spec.leaf_data.assign(rule.tensor_vars.size(), nullptr);
  for (const auto& v : m.slot_values) spec.slot_values.push_back(v.value_or(AttrValue(0.0)));
  for (size_t v = 0; v < rule.tensor_vars.size(); ++v) {
    const NodeId leaf = t.var_inputs[v];
    if (!leaf.valid()) continue;
    const Shape& theirs = m.graph.node(m.var_inputs[v]).type.shape;
    const SymShape& sym = st.shape[leaf.index];
    Shape s;
    for (size_t k = 0; k < sym.size(); ++k) {
      const int c = sym[k] == 0 ? 0 : st.find(sym[k]);
      if (c == 0) {
        s.push_back(1);
      } else if (auto it = value.find(c); it != value.end()) {
        s.push_back(it->second);
      } else {  // summed only: the grid instance's size
        if (k >= theirs.size() || !summed.count({leaf.index, k})) return std::nullopt;
        s.push_back(theirs[k]);
      }
    }
    spec.leaf_types[v] = TensorType{DType::F32, s};
  }
  // A conv's input height and width give the pattern's output sizes through `m`'s window.
  auto leaf_var = [&](NodeId n) -> std::optional<size_t> {
    for (size_t v = 0; v < t.var_inputs.size(); ++v)
      if (t.var_inputs[v] == n && spec.leaf_types[v]) return v;
    return std::nullopt;
  };
  for (size_t i = 0; i < t.target_end; ++i) {
    const Node& n = t.graph.nodes()[i];
    if (!is_conv(n.op) || st.shape[i].size() != 4) continue;  // not a conv, or one not built
    const auto xv = leaf_var(n.inputs[0]), wv = leaf_var(n.inputs[1]);
    if (!xv || !wv) continue;  // the target's conv over a scaled weight: as the source's
    const Node& mn = m.graph.nodes()[i];
    const auto& strides = mn.attrs.get_ints("strides");
    const auto& pad = mn.attrs.get_ints("padding");
    const auto& dil = mn.attrs.get_ints("dilation");
    const Shape& w = spec.leaf_types[*wv]->shape;
    Shape& x = spec.leaf_types[*xv]->shape;
    for (size_t a = 0; a < 2; ++a) {
      const Dim d = st.shape[i][2 + a];
      const int64_t want = d == 0 ? 1 : value.at(st.find(d));
      const int64_t k = w[2 + a], s = strides[a], dl = dil[a], pb = pad[a], pe = pad[2 + a];
      const int64_t size = (want - 1) * s + (k - 1) * dl + 1 - pb - pe;
      if (size < 1 || window_output_size(size, pb, pe, k, s, dl, false) != want)
        return std::nullopt;
      x[2 + a] = size;
    }
    const int64_t groups = mn.attrs.get_int("groups");
    if (x[1] % groups != 0 || w[0] % groups != 0 || x[1] / groups != w[1]) return std::nullopt;
  }
  return spec;
}

}  // namespace

PatternCheck realise_patterns(const dsl::Rule& rule, const Enumeration& en,
                              const CancelFn& cancelled) {
  PatternCheck out;
  const std::vector<bool> window_slot = window_slots(rule);
  // Group the grid's instances by their non-window attribute values.
  std::map<std::string, std::vector<const Instance*>> groups;
  for (const Instance& inst : en.instances) {
    if (!inst.target_error.empty()) continue;
    std::string key;
    for (size_t s = 0; s < inst.slot_values.size(); ++s)
      key += s < window_slot.size() && window_slot[s] ? "w;"
             : inst.slot_values[s] ? attr_value_string(*inst.slot_values[s]) + ";"
                                   : "~;";
    groups[key].push_back(&inst);
  }
  for (const auto& [gkey, members] : groups) {
    const Instance& t = *members.front();
    const size_t end = t.target_end;
    std::vector<std::string> names;
    for (size_t i = 0; i < end; ++i) names.push_back(t.graph.nodes()[i].name);
    const auto summed = summed_positions(t);
    std::vector<std::vector<char>> dc(end);
    for (size_t i = 0; i < end; ++i)
      for (size_t k = 0; k < t.graph.nodes()[i].type.rank() + kMaxRank; ++k)
        dc[i].push_back(summed.count({i, k}) > 0);
    std::vector<SymState> states;
    if (std::string why =
            detail::enumerate_symbolic_patterns(rule, t, window_slot, states, cancelled);
        !why.empty()) {
      out.failure = why;
      return out;
    }
    // The unit patterns the grid realises already (every grid instance is read-checked
    // and proved by the prover).
    std::set<std::string> realised;
    for (const Instance* m : members)
      if (std::string key = unit_key(names, *m, dc); !key.empty()) realised.insert(std::move(key));
    // A pattern made concrete: sizes per class (its pinned value, else 2, 3, 4, ...
    // avoiding excluded values); a class only the accumulators' sums read takes a grid
    // instance's size instead.
    auto realise = [&](const SymState& st, const std::string& key) -> std::optional<Instance> {
      std::map<int, bool> free;
      for (size_t i = 0; i < end; ++i)
        for (size_t k = 0; k < st.shape[i].size(); ++k) {
          const Dim d = st.shape[i][k];
          if (d == 0) continue;
          const int c = st.find(d);
          const bool summed_here = summed.count({i, k}) > 0;
          auto it = free.find(c);
          free[c] = it == free.end() ? summed_here : it->second && summed_here;
        }
      std::map<int, int64_t> value;
      std::set<int64_t> used;
      for (const auto& [c, f] : free)
        if (!f && st.pin[c]) value[c] = st.pin[c], used.insert(st.pin[c]);
      int64_t next = 2;
      for (size_t i = 0; i < end; ++i)
        for (Dim d : st.shape[i]) {
          const int c = d == 0 ? 0 : st.find(d);
          if (c == 0 || value.count(c) || free[c]) continue;
          int64_t v = next;
          while (used.count(v) || st.forbid[c].count(v) || v % st.multiple[c] != 0) ++v;
          value[c] = v;
          used.insert(v);
          if (v == next) ++next;
        }
      for (const Instance* m : members) {
        auto spec = realisation(rule, t, st, *m, summed, value);
        if (!spec) continue;
        auto inst = instantiate(rule, *spec);
        if (!inst) continue;
        // A case of the rule whose target cannot be built (or has another shape): the
        // rule is wrong there, whatever pattern was predicted.
        if (!inst->target_error.empty()) return inst;
        // Real shape inference must give the predicted unit pattern.
        if (inst->target_end != end || unit_key(names, *inst, dc) != key) continue;
        return inst;
      }
      return std::nullopt;
    };
    auto key_of = [&](const SymState& st) {
      std::vector<Shape> units;  // the state's unit pattern, as shapes of 1 and 2
      for (size_t i = 0; i < end; ++i) {
        Shape sh;
        for (Dim d : st.shape[i]) sh.push_back(d == 0 ? 1 : 2);
        units.push_back(sh);
      }
      return unit_key(names, units, dc);
    };
    std::set<std::string> seen;
    // Per combination of leaf ranks: the state with the most dimensions > 1.
    std::map<std::string, std::pair<size_t, const SymState*>> widest;
    for (const SymState& st : states) {
      if (cancel_requested(cancelled)) {
        out.failure = kInterrupted;
        return out;
      }
      const std::string key = key_of(st);
      std::string ranks;
      size_t big = 0;
      for (NodeId v : t.var_inputs)
        if (v.valid()) ranks += std::to_string(st.shape[v.index].size()) + ",";
      for (size_t i = 0; i < end; ++i)
        for (Dim d : st.shape[i]) big += d != 0;
      auto& wst = widest[ranks];
      if (!wst.second || big > wst.first) wst = {big, &st};
      if (!seen.insert(key).second) continue;
      ++out.patterns;
      if (realised.count(key)) continue;
      auto inst = realise(st, key);
      if (!inst) {  // the lemma fails; the other patterns are still tried
        if (out.failure.empty())
          out.failure = fmt::format("a pattern the rule admits could not be realised ({})", key);
        continue;
      }
      out.representatives.push_back(std::move(*inst));
      realised.insert(key);
    }
    // Distinguishing instances (distinguish.h): the widest pattern of every combination
    // of ranks with distinct sizes per class, whatever the grid has.
    for (const auto& [ranks, w] : widest)
      if (auto inst = realise(*w.second, key_of(*w.second)))
        out.representatives.push_back(std::move(*inst));
  }
  return out;
}

}  // namespace vf::verify
