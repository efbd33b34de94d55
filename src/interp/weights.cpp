#include "interp/weights.h"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "interp/index_inputs.h"
#include "support/rng.h"

namespace vf {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// True when the input is used as a variance: batch_norm's 5th operand, or the operand
// of sqrt/rsqrt directly or through an add (SimplifyInference's sqrt(var + eps)).
bool used_as_variance(const Graph& g, NodeId id) {
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    for (size_t k = 0; k < n.inputs.size(); ++k) {
      if (n.inputs[k] != id) continue;
      if (n.op == OpKind::BatchNorm && k == 4) return true;
      if (n.op == OpKind::Sqrt || n.op == OpKind::Rsqrt) return true;
      if (n.op == OpKind::Add) {
        NodeId sum = g.id(i);
        for (const Node& m : g.nodes())
          for (NodeId in : m.inputs)
            if (in == sum && (m.op == OpKind::Sqrt || m.op == OpKind::Rsqrt)) return true;
      }
    }
  }
  return false;
}

}  // namespace

Tensor generate_input(const Graph& g, NodeId id, uint64_t seed) {
  const Node& n = g.node(id);
  if (is_integer(n.type.dtype) && !n.weight &&
      read_by_indexed_op(g, id)) {  // token ids, or a 0/1 mask
    const int64_t rows = index_rows(g, id).value_or(2);
    SplitMix64 rng(seed, n.name);
    Tensor t(n.type);
    for (int64_t i = 0; i < t.size(); ++i)
      t.set(i, std::min(std::floor(rng.uniform() * static_cast<double>(rows)),
                        static_cast<double>(rows - 1)));
    return t;
  }
  const Shape& s = n.type.shape;
  std::string_view name = n.name;
  double lo = -0.2, hi = 0.2;
  if (ends_with(name, "var") || ends_with(name, "variance") || used_as_variance(g, id)) {
    lo = 0.5, hi = 1.5;  // checked first: a variance must be positive whatever else it is
  } else if (!n.weight) {
    lo = -1, hi = 1;
  } else if (ends_with(name, "gamma") || s.empty()) {
    lo = 0.5, hi = 1.5;
  } else if (s.size() >= 2) {
    int64_t fan_in = 1;
    for (size_t k = 1; k < s.size(); ++k) fan_in *= s[k];
    double bound = std::sqrt(3.0 / static_cast<double>(std::max<int64_t>(fan_in, 1)));
    lo = -bound, hi = bound;
  }
  SplitMix64 rng(seed, name);
  Tensor t(n.type);
  const int64_t size = t.size();
  for (int64_t i = 0; i < size; ++i)
    t.set(i, static_cast<double>(static_cast<float>(rng.uniform(lo, hi))));
  return t;
}

}  // namespace vf
