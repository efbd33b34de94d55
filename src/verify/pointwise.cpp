#include "verify/pointwise.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <iterator>

#include "ir/op_attrs.h"
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

/// How a target reduction pairs with a source one: see SharedReduction.
struct Pairing {
  NodeId scale, input_scale, input_shift;
};

/// The operand of binary node `n` other than `x`, when one of them is `x` (and the
/// other is not); else an invalid id.
NodeId other_operand(const Node& n, NodeId x) {
  if (n.inputs.size() != 2 || n.inputs[0] == n.inputs[1]) return {};
  if (n.inputs[0] == x) return n.inputs[1];
  if (n.inputs[1] == x) return n.inputs[0];
  return {};
}

/// Whether `c`, broadcast against an NCHW tensor, varies along axis 1 (channels) only.
bool per_input_channel(const Graph& g, NodeId c) {
  const Shape& cs = g.node(c).type.shape;
  if (cs.size() > 4) return false;
  for (size_t k = 0; k < cs.size(); ++k)
    if (4 - cs.size() + k != 1 && cs[k] != 1) return false;
  return true;
}

/// Source conv `a` over a fold of the target conv `b`'s x (InputFolds): multiply(x, s)
/// with b's weight multiply(w, s), or add(x, t) with the same constant w, constant t.
/// s / t one value per input channel with groups 1, or one value with any groups.
bool input_fold(const Graph& g, const Node& a, const Node& b, const InputFolds& f, Pairing& p) {
  const Node& xa = g.node(a.inputs[0]);
  const NodeId x = b.inputs[0];
  if (xa.type.shape != g.node(x).type.shape || g.node(x).type.rank() != 4) return false;
  const NodeId c = other_operand(xa, x);
  if (!c.valid() || !per_input_channel(g, c)) return false;
  if (num_elements(g.node(c).type.shape) != 1 && conv2d_attrs(a.attrs).groups != 1) return false;
  if (xa.op == OpKind::Multiply) {
    const Node& wb = g.node(b.inputs[1]);
    if (wb.op != OpKind::Multiply || other_operand(wb, a.inputs[1]) != c ||
        wb.type.shape != g.node(a.inputs[1]).type.shape)
      return false;
    p.input_scale = c;
    return true;
  }
  if (xa.op == OpKind::Add) {
    if (a.inputs[1] != b.inputs[1] || !f.constant[c.index] || !f.constant[a.inputs[1].index])
      return false;
    for (int64_t q : conv2d_attrs(a.attrs).padding)
      if (q != 0) return false;  // a padded tap reads 0, not t
    p.input_shift = c;
    return true;
  }
  return false;
}

/// The same reduction: conv with conv (window attributes equal), dense with dense, over
/// the same x, and the same w or (target side) w scaled per output channel; with `folds`,
/// also a conv over an input-side fold (input_fold). `p` says which.
bool same_reduction(const Graph& g, const Node& a, const Node& b, const InputFolds* folds,
                    Pairing& p) {
  const bool ca = a.op == OpKind::Conv2d || a.op == OpKind::FusedConv2d;
  const bool cb = b.op == OpKind::Conv2d || b.op == OpKind::FusedConv2d;
  if (ca != cb) return false;
  p = {};
  if (a.inputs[0] != b.inputs[0]) {
    if (!folds || !ca || !input_fold(g, a, b, *folds, p)) return false;
  } else if (a.inputs[1] != b.inputs[1]) {
    p.scale = output_channel_scale(g, b.inputs[1], a.inputs[1]);
    if (!p.scale.valid()) return false;
  }
  if (a.type.shape != b.type.shape) return false;
  if (!ca) return true;
  for (const char* k : {"strides", "padding", "dilation", "groups"})
    if (a.attrs.find(k) == nullptr || b.attrs.find(k) == nullptr ||
        *a.attrs.find(k) != *b.attrs.find(k))
      return false;
  return true;
}


/// Every reduction of the instance paired with one of the other side over the same x and w
/// (same_reduction): a group per shared accumulator, by node.
struct ReductionPairs {
  std::vector<int> group;
  std::vector<NodeId> scale;        // target reduction -> its per-channel scale
  std::vector<bool> scaled_w;       // multiply(w, scale) nodes feeding one
  std::vector<NodeId> input_scale;  // reduction -> its input fold's scale
  std::vector<NodeId> input_shift;  // reduction -> its input fold's shift
  int groups = 0;
};

/// Pairs the source reductions with target ones (the accumulators that may be shared);
/// false when a source reduction over an input fold would pair twice.
bool pair_reductions(const Instance& inst, const InputFolds* folds, ReductionPairs& rp) {
  const Graph& g = inst.graph;
  rp.group.assign(g.size(), -1);
  rp.scale.assign(g.size(), NodeId{});
  rp.scaled_w.assign(g.size(), false);
  rp.input_scale.assign(g.size(), NodeId{});
  rp.input_shift.assign(g.size(), NodeId{});
  for (size_t i = 0; i < inst.source_end; ++i) {
    const Node& r = g.nodes()[i];
    if (!reduction_op(r.op)) continue;
    for (size_t j = inst.source_end; j < inst.target_end; ++j) {
      Pairing p;
      if (!reduction_op(g.nodes()[j].op) || !same_reduction(g, r, g.nodes()[j], folds, p)) continue;
      // A source reduction over an input fold pairs with one target reduction only.
      if ((p.input_scale.valid() || p.input_shift.valid()) && rp.group[i] >= 0) return false;
      if ((rp.input_scale[i].valid() || rp.input_shift[i].valid())) return false;
      if (rp.group[i] < 0) rp.group[i] = rp.groups++;
      rp.group[j] = rp.group[i];
      rp.scale[j] = p.scale;
      if (p.scale.valid()) rp.scaled_w[g.nodes()[j].inputs[1].index] = true;
      rp.input_scale[i] = rp.input_scale[j] = p.input_scale;
      rp.input_shift[i] = p.input_shift;
    }
  }
  return true;
}

/// With an input shift, the values computed from the model's constants alone (the
/// constants, and lets such as b + sum w t) are constants: they read no element of a
/// leaf that varies, and their elements are the actual ones in the view (constants keep
/// their shapes), read by the same broadcasting alignment as a constant's.
std::vector<bool> constant_valued_nodes(const Graph& g, const InputFolds* folds,
                                        const ReductionPairs& rp) {
  std::vector<bool> constant_valued(g.size(), false);
  if (folds && std::any_of(rp.input_shift.begin(), rp.input_shift.end(),
                           [](NodeId t) { return t.valid(); }))
    for (size_t i = 0; i < g.size(); ++i) {
      const Node& n = g.nodes()[i];
      constant_valued[i] =
          n.inputs.empty()
              ? folds->constant[i] || n.op == OpKind::Constant
              : rp.group[i] < 0 &&
                    std::all_of(n.inputs.begin(), n.inputs.end(),
                                [&](NodeId in) { return constant_valued[in.index]; });
    }
  return constant_valued;
}

/// The leaves read through the shared accumulators, and the input folds' nodes.
struct AccumulatorReads {
  std::vector<bool> through_acc;
  std::vector<bool> fold_node;  // an input fold's multiply / add, a folded w
};

/// The x and w of shared reductions must be leaves read by nothing else (a scaled w only by
/// its one reduction): marks them; false when one is not.
bool mark_accumulator_leaves(const Instance& inst, const ReductionPairs& rp,
                             AccumulatorReads& acc) {
  const Graph& g = inst.graph;
  std::vector<int> users(g.size(), 0);
  for (const Node& n : g.nodes())
    for (NodeId in : n.inputs) ++users[in.index];
  acc.through_acc.assign(g.size(), false);
  acc.fold_node.assign(g.size(), false);
  // The leaf `x` of an input fold `f` = multiply / add(x, c), read by its reduction only.
  auto fold_leaf = [&](NodeId f, NodeId c) {
    const Node& m = g.node(f);
    const NodeId leaf = m.inputs[0] == c ? m.inputs[1] : m.inputs[0];
    if (users[f.index] != 1 || g.node(leaf).op != OpKind::Input) return false;
    acc.fold_node[f.index] = acc.through_acc[leaf.index] = true;
    return true;
  };
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (rp.group[i] < 0) continue;
    const NodeId x = n.inputs[0], w = n.inputs[1];
    const bool source = i < inst.source_end;
    if (source && (rp.input_scale[i].valid() || rp.input_shift[i].valid())) {
      const NodeId c = rp.input_scale[i].valid() ? rp.input_scale[i] : rp.input_shift[i];
      if (g.node(c).op != OpKind::Input || !fold_leaf(x, c)) return false;
      if (rp.input_scale[i].valid()) acc.through_acc[c.index] = true;  // read through the sums only
    } else {
      if (g.node(x).op != OpKind::Input) return false;
      acc.through_acc[x.index] = true;
    }
    if (!source && rp.input_scale[i].valid()) {  // w is multiply(leaf, s), this sum's only
      if (!fold_leaf(w, rp.input_scale[i])) return false;
      continue;
    }
    if (rp.scale[i].valid()) {  // w is multiply(leaf, scale), read by this reduction only
      if (users[w.index] != 1) return false;
      const Node& m = g.node(w);
      const NodeId leaf = m.inputs[0] == rp.scale[i] ? m.inputs[1] : m.inputs[0];
      if (g.node(leaf).op != OpKind::Input) return false;
      acc.through_acc[leaf.index] = true;
      continue;
    }
    if (g.node(w).op != OpKind::Input) return false;
    acc.through_acc[w.index] = true;
  }
  return true;
}

/// Every other node is pointwise and reads no leaf that an accumulator reads (but for a
/// scaled weight's own multiply): the premise of taking the accumulators as leaves.
bool only_pointwise_elsewhere(const Graph& g, const ReductionPairs& rp,
                              const AccumulatorReads& acc,
                              const std::vector<bool>& constant_valued) {
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (reduction_op(n.op) && rp.group[i] < 0) return false;
    if (acc.fold_node[i] || constant_valued[i]) continue;  // through an accumulator; constants
    if (!reduction_op(n.op) && !is_pointwise(n.op)) return false;
    for (size_t k = 0; k < n.inputs.size(); ++k) {
      if (!acc.through_acc[n.inputs[k].index]) continue;
      if (rp.group[i] >= 0 && k < 2) continue;
      // The leaf w of a scaled weight multiply(w, scale); the scale must not read it.
      if (rp.scaled_w[i] && n.inputs[k] != n.inputs[1 - k]) {
        const NodeId other = n.inputs[1 - k];
        if (!acc.through_acc[other.index]) continue;
      }
      return false;
    }
  }
  return true;
}

/// Only what the roots read: the x and w behind an accumulator (a weight of a real model
/// can have millions of elements) are not evaluated.
std::vector<bool> nodes_the_roots_read(const Instance& inst, const ReductionPairs& rp) {
  const Graph& g = inst.graph;
  std::vector<bool> need(g.size(), false);
  need[inst.source_root.index] = need[inst.target_root.index] = true;
  for (size_t i = g.size(); i-- > 0;) {
    if (!need[i]) continue;
    if (rp.scale[i].valid()) need[rp.scale[i].index] = true;
    const Node& n = g.nodes()[i];
    for (size_t k = 0; k < n.inputs.size(); ++k)
      if (rp.group[i] < 0 || k >= 2) need[n.inputs[k].index] = true;
  }
  return need;
}

/// The leaf elements every node's elements read, and who owns each read id.
struct ElementReads {
  std::vector<std::vector<Reads>> values;
  std::vector<uint32_t> owner;  // global read id -> owning leaf (input node or accumulator)
};

/// Runs the instance in ReadDomain, every shared accumulator one more leaf.
ElementReads trace_reads(const Graph& g, const ReductionPairs& rp,
                         const std::vector<bool>& constant_valued, const std::vector<bool>& need) {
  ReadDomain d;
  ElementReads r;
  std::vector<std::vector<Reads>>& values = r.values;
  values.resize(g.size());
  std::vector<uint32_t>& owner = r.owner;
  std::vector<std::vector<uint32_t>> acc_ids(static_cast<size_t>(rp.groups));
  const uint32_t acc_owner_base = static_cast<uint32_t>(g.size());
  struct Hooks {
    ReadDomain& d;
    const Graph& g;
    const std::vector<bool>& need;
    const std::vector<int>& group;
    const std::vector<NodeId>& scale;
    const std::vector<bool>& constant_valued;
    std::vector<std::vector<Reads>>& values;
    std::vector<uint32_t>& owner;
    std::vector<std::vector<uint32_t>>& acc_ids;
    uint32_t acc_owner_base;
    bool needed(size_t i) const { return need[i]; }
    Result<void> leaf(size_t i, const Node& n, std::vector<Reads>& out) {
      if (n.op == OpKind::Constant || constant_valued[i]) {
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
      if (constant_valued[i]) {
        out.assign(static_cast<size_t>(n.type.size()), Reads{});
        return true;
      }
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
  } hooks{d, g, need, rp.group, rp.scale, constant_valued, values, owner, acc_ids, acc_owner_base};
  (void)sem::walk_graph(d, g, 0, g.size(), values, hooks);  // leaves cannot fail here
  return r;
}

/// Every output element of source and target together reads each leaf (and each shared
/// accumulator) at no more than one element.
bool reads_each_leaf_once(const Instance& inst, const ElementReads& r) {
  const auto& src = r.values[inst.source_root.index];
  const auto& tgt = r.values[inst.target_root.index];
  if (src.size() != tgt.size()) return false;
  for (size_t e = 0; e < src.size(); ++e) {
    const Reads all = join(src[e], tgt[e]);
    for (size_t k = 1; k < all.size(); ++k)
      if (r.owner[all[k]] == r.owner[all[k - 1]]) return false;
  }
  return true;
}

}  // namespace

PointwiseCheck check_pointwise(const Instance& inst, const InputFolds* folds) {
  const Graph& g = inst.graph;
  PointwiseCheck out;
  ReductionPairs rp;
  if (!pair_reductions(inst, folds, rp)) return out;
  const std::vector<bool> constant_valued = constant_valued_nodes(g, folds, rp);
  AccumulatorReads acc;
  if (!mark_accumulator_leaves(inst, rp, acc)) return out;
  if (!only_pointwise_elsewhere(g, rp, acc, constant_valued)) return out;
  const std::vector<bool> need = nodes_the_roots_read(inst, rp);
  const ElementReads reads = trace_reads(g, rp, constant_valued, need);
  if (!reads_each_leaf_once(inst, reads)) return out;
  out.pointwise = true;
  out.shared_reductions = rp.groups > 0;
  for (size_t i = 0; i < g.size(); ++i)
    if (rp.group[i] >= 0)
      out.reductions.push_back({g.id(i), static_cast<uint32_t>(rp.group[i]), rp.scale[i],
                                rp.input_scale[i], rp.input_shift[i]});
  return out;
}

}  // namespace vf::verify
