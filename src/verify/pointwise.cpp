#include "verify/pointwise.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <iterator>

#include "semantics/walk_graph.h"

namespace vf::verify {
namespace {

/// The leaf elements a value reads, as sorted unique global ids. Inline storage: a
/// pointwise instance reads a handful of elements per value, and every operation of every
/// element makes one (the analysis runs on every instance of every rule).
using Reads = boost::container::small_vector<uint32_t, 6>;

Reads join(const Reads& a, const Reads& b) {
  if (b.empty()) return a;
  if (a.empty()) return b;
  Reads out;
  out.reserve(a.size() + b.size());
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

/// sem::Domain whose values are the sets of leaf elements read.
struct ReadDomain {
  using Value = Reads;
  using Bool = Reads;
  Value lit(double) const { return {}; }
  Value add(const Value& a, const Value& b) const { return join(a, b); }
  Value sub(const Value& a, const Value& b) const { return join(a, b); }
  Value mul(const Value& a, const Value& b) const { return join(a, b); }
  Value div(const Value& a, const Value& b) const { return join(a, b); }
  Value neg(const Value& a) const { return a; }
  Value sqrt(const Value& a) const { return a; }
  Value exp(const Value& a) const { return a; }
  Value fn(sem::Fn, const Value& a) const { return a; }
  Bool lt(const Value& a, const Value& b) const { return join(a, b); }
  Bool le(const Value& a, const Value& b) const { return join(a, b); }
  Value select(const Bool& c, const Value& a, const Value& b) const { return join(c, join(a, b)); }
};
static_assert(sem::Domain<ReadDomain>);

bool reduction_op(OpKind op) { return op_class(op) == OpClass::Reduction; }

/// When `m` is multiply(w, e) or multiply(e, w) and `e`, broadcast to w's shape, varies
/// along axis 0 only (the output channel of OIHW and of dense's [M, K]): `e`; else an
/// invalid id. Then a reduction over m is e[o] times the reduction over w, exactly.
NodeId output_channel_scale(const Graph& g, NodeId m, NodeId w) {
  const Node& n = g.node(m);
  if (n.op != OpKind::Multiply) return {};
  NodeId e;
  if (n.inputs[0] == w)
    e = n.inputs[1];
  else if (n.inputs[1] == w)
    e = n.inputs[0];
  else
    return {};
  const Shape& ws = g.node(w).type.shape;
  const Shape& es = g.node(e).type.shape;
  if (es.size() > ws.size() || n.type.shape != ws) return {};
  for (size_t k = 0; k < es.size(); ++k) {
    const size_t axis = ws.size() - es.size() + k;
    if (axis > 0 && es[k] != 1) return {};
  }
  return e;
}

/// The same reduction: conv with conv (window attributes equal), dense with dense, over
/// the same x, and the same w or (target side) w scaled per output channel; `scale`
/// gets the scale's node then.
bool same_reduction(const Graph& g, const Node& a, const Node& b, NodeId& scale) {
  const bool ca = a.op == OpKind::Conv2d || a.op == OpKind::FusedConv2d;
  const bool cb = b.op == OpKind::Conv2d || b.op == OpKind::FusedConv2d;
  if (ca != cb) return false;
  scale = {};
  if (a.inputs[0] != b.inputs[0]) return false;
  if (a.inputs[1] != b.inputs[1]) {
    scale = output_channel_scale(g, b.inputs[1], a.inputs[1]);
    if (!scale.valid()) return false;
  }
  if (a.type.shape != b.type.shape) return false;
  if (!ca) return true;
  for (const char* k : {"strides", "padding", "dilation", "groups"})
    if (a.attrs.find(k) == nullptr || b.attrs.find(k) == nullptr ||
        *a.attrs.find(k) != *b.attrs.find(k))
      return false;
  return true;
}

}  // namespace

PointwiseCheck check_pointwise(const Instance& inst) {
  const Graph& g = inst.graph;
  PointwiseCheck out;
  // Pair every reduction with one of the other side over the same x and w.
  std::vector<int> group(g.size(), -1);
  std::vector<NodeId> scale(g.size());          // target reduction -> its per-channel scale
  std::vector<bool> scaled_w(g.size(), false);  // multiply(w, scale) nodes feeding one
  int groups = 0;
  for (size_t i = 0; i < inst.source_end; ++i) {
    const Node& r = g.nodes()[i];
    if (!reduction_op(r.op)) continue;
    for (size_t j = inst.source_end; j < inst.target_end; ++j) {
      NodeId e;
      if (!reduction_op(g.nodes()[j].op) || !same_reduction(g, r, g.nodes()[j], e)) continue;
      if (group[i] < 0) group[i] = groups++;
      group[j] = group[i];
      scale[j] = e;
      if (e.valid()) scaled_w[g.nodes()[j].inputs[1].index] = true;
    }
  }
  std::vector<int> users(g.size(), 0);
  for (const Node& n : g.nodes())
    for (NodeId in : n.inputs) ++users[in.index];
  // The x and w of shared reductions must be leaves read by nothing else (a scaled w
  // only by its one reduction).
  std::vector<bool> through_acc(g.size(), false);
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (group[i] < 0) continue;
    const NodeId x = n.inputs[0], w = n.inputs[1];
    if (g.node(x).op != OpKind::Input) return out;
    through_acc[x.index] = true;
    if (scale[i].valid()) {  // w is multiply(leaf, scale), read by this reduction only
      if (users[w.index] != 1) return out;
      const Node& m = g.node(w);
      const NodeId leaf = m.inputs[0] == scale[i] ? m.inputs[1] : m.inputs[0];
      if (g.node(leaf).op != OpKind::Input) return out;
      through_acc[leaf.index] = true;
      continue;
    }
    if (g.node(w).op != OpKind::Input) return out;
    through_acc[w.index] = true;
  }
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (reduction_op(n.op) && group[i] < 0) return out;
    if (!reduction_op(n.op) && !is_pointwise(n.op)) return out;
    for (size_t k = 0; k < n.inputs.size(); ++k) {
      if (!through_acc[n.inputs[k].index]) continue;
      if (group[i] >= 0 && k < 2) continue;
      // The leaf w of a scaled weight multiply(w, scale); the scale must not read it.
      if (scaled_w[i] && n.inputs[k] != n.inputs[1 - k]) {
        const NodeId other = n.inputs[1 - k];
        if (!through_acc[other.index]) continue;
      }
      return out;
    }
  }
  // Only what the roots read: the x and w behind an accumulator (a weight of a real
  // model can have millions of elements) are not evaluated.
  std::vector<bool> need(g.size(), false);
  need[inst.source_root.index] = need[inst.target_root.index] = true;
  for (size_t i = g.size(); i-- > 0;) {
    if (!need[i]) continue;
    if (scale[i].valid()) need[scale[i].index] = true;
    const Node& n = g.nodes()[i];
    for (size_t k = 0; k < n.inputs.size(); ++k)
      if (group[i] < 0 || k >= 2) need[n.inputs[k].index] = true;
  }
  ReadDomain d;
  std::vector<std::vector<Reads>> values(g.size());
  std::vector<uint32_t> owner;  // global read id -> owning leaf (input node or accumulator)
  std::vector<std::vector<uint32_t>> acc_ids(static_cast<size_t>(groups));
  const uint32_t acc_owner_base = static_cast<uint32_t>(g.size());
  struct Hooks {
    ReadDomain& d;
    const Graph& g;
    const std::vector<bool>& need;
    const std::vector<int>& group;
    const std::vector<NodeId>& scale;
    std::vector<std::vector<Reads>>& values;
    std::vector<uint32_t>& owner;
    std::vector<std::vector<uint32_t>>& acc_ids;
    uint32_t acc_owner_base;
    bool needed(size_t i) const { return need[i]; }
    Result<void> leaf(size_t i, const Node& n, std::vector<Reads>& out) {
      if (n.op == OpKind::Constant) {
        out.assign(static_cast<size_t>(n.type.size()), Reads{});
        return {};
      }
      for (int64_t k = 0; k < n.type.size(); ++k) {
        out.push_back({static_cast<uint32_t>(owner.size())});
        owner.push_back(static_cast<uint32_t>(i));
      }
      return {};
    }
    // A shared accumulator: the epilogue around an accumulator that reads nothing yet (x
    // and w are read through the accumulator only), then the accumulator's own ids.
    bool evaluate(size_t i, const Node& n, std::span<const sem::Operand<Reads>> operands,
                  sem::FloatAttrValues<Reads>, std::vector<Reads>& out) {
      if (group[i] < 0) return false;
      sem::eval_reduction(d, n.op, n.attrs, operands, n.type.shape, out, {},
                          [](int64_t, const int64_t*) { return Reads{}; });
      auto& ids = acc_ids[static_cast<size_t>(group[i])];
      if (ids.empty())
        for (int64_t k = 0; k < n.type.size(); ++k) {
          ids.push_back(static_cast<uint32_t>(owner.size()));
          owner.push_back(acc_owner_base + static_cast<uint32_t>(group[i]));
        }
      for (size_t k = 0; k < out.size(); ++k) out[k] = join(out[k], {ids[k]});
      if (scale[i].valid()) {
        // The accumulator times scale[o]: o is axis 1 of a conv's output, the last of dense.
        const Shape& ws = g.node(n.inputs[1]).type.shape;
        const Shape& es = g.node(scale[i]).type.shape;
        const auto st = sem::broadcast_strides(es, ws.size());
        const bool conv = n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d;
        const Shape& os = n.type.shape;
        const int64_t inner = conv ? os[2] * os[3] : 1;
        for (size_t k = 0; k < out.size(); ++k) {
          std::vector<int64_t> widx(ws.size(), 0);
          widx[0] = (static_cast<int64_t>(k) / inner) % ws[0];
          const auto off = static_cast<size_t>(sem::offset_of(widx.data(), st));
          out[k] = join(out[k], values[scale[i].index][off]);
        }
      }
      return true;
    }
  } hooks{d, g, need, group, scale, values, owner, acc_ids, acc_owner_base};
  (void)sem::walk_graph(d, g, 0, g.size(), values, hooks);  // leaves cannot fail here
  const auto& src = values[inst.source_root.index];
  const auto& tgt = values[inst.target_root.index];
  if (src.size() != tgt.size()) return out;
  for (size_t e = 0; e < src.size(); ++e) {
    const Reads all = join(src[e], tgt[e]);
    for (size_t k = 1; k < all.size(); ++k)
      if (owner[all[k]] == owner[all[k - 1]]) return out;
  }
  out.pointwise = true;
  out.shared_reductions = groups > 0;
  for (size_t i = 0; i < g.size(); ++i)
    if (group[i] >= 0)
      out.reductions.push_back({g.id(i), static_cast<uint32_t>(group[i]), scale[i]});
  return out;
}

}  // namespace vf::verify
