#include "verify/pointwise.h"

#include <algorithm>
#include <iterator>

#include "semantics/eval_node.h"

namespace vf::verify {
namespace {

/// The leaf elements a value reads, as sorted unique global ids.
using Reads = std::vector<uint32_t>;

Reads join(const Reads& a, const Reads& b) {
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
  Bool lt(const Value& a, const Value& b) const { return join(a, b); }
  Bool le(const Value& a, const Value& b) const { return join(a, b); }
  Value select(const Bool& c, const Value& a, const Value& b) const { return join(c, join(a, b)); }
};
static_assert(sem::Domain<ReadDomain>);

bool pointwise_op(OpKind op) {
  switch (op) {
    case OpKind::Input:
    case OpKind::Constant:
    case OpKind::BiasAdd:
    case OpKind::BatchNorm:
    case OpKind::Add:
    case OpKind::Subtract:
    case OpKind::Multiply:
    case OpKind::Divide:
    case OpKind::Minimum:
    case OpKind::Maximum:
    case OpKind::Negative:
    case OpKind::Sqrt:
    case OpKind::Rsqrt:
    case OpKind::Relu:
    case OpKind::LeakyRelu:
    case OpKind::Clip:
    case OpKind::Sigmoid:
    case OpKind::HardSigmoid:
    case OpKind::HardSwish:
    case OpKind::ExpandDims:
    case OpKind::Squeeze: return true;
    case OpKind::Conv2d:
    case OpKind::Dense:
    case OpKind::MatMul:
    case OpKind::Gemm:
    case OpKind::MaxPool2d:
    case OpKind::AvgPool2d:
    case OpKind::GlobalAvgPool2d:
    case OpKind::Pad:
    case OpKind::Reshape:
    case OpKind::Flatten:
    case OpKind::BatchFlatten:
    case OpKind::Transpose:
    case OpKind::Concat:
    case OpKind::Split:
    case OpKind::Softmax:
    case OpKind::Upsampling:
    case OpKind::FusedConv2d:
    case OpKind::FusedDense: return false;
  }
  return false;
}

bool reduction_op(OpKind op) {
  return op == OpKind::Conv2d || op == OpKind::FusedConv2d || op == OpKind::Dense ||
         op == OpKind::FusedDense;
}

/// The same reduction: conv with conv (window attributes equal), dense with dense.
bool same_reduction(const Node& a, const Node& b) {
  const bool ca = a.op == OpKind::Conv2d || a.op == OpKind::FusedConv2d;
  const bool cb = b.op == OpKind::Conv2d || b.op == OpKind::FusedConv2d;
  if (ca != cb) return false;
  if (a.inputs[0] != b.inputs[0] || a.inputs[1] != b.inputs[1]) return false;
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
  int groups = 0;
  for (size_t i = 0; i < inst.source_end; ++i) {
    const Node& r = g.nodes()[i];
    if (!reduction_op(r.op)) continue;
    for (size_t j = inst.source_end; j < inst.target_end; ++j)
      if (reduction_op(g.nodes()[j].op) && same_reduction(r, g.nodes()[j])) {
        if (group[i] < 0) group[i] = groups++;
        group[j] = group[i];
      }
  }
  // The x and w of shared reductions must be leaves read by nothing else.
  std::vector<bool> through_acc(g.size(), false);
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (group[i] >= 0) {
      for (int k : {0, 1}) {
        const NodeId in = n.inputs[static_cast<size_t>(k)];
        if (g.node(in).op != OpKind::Input) return out;
        through_acc[in.index] = true;
      }
    }
  }
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (reduction_op(n.op) && group[i] < 0) return out;
    if (!reduction_op(n.op) && !pointwise_op(n.op)) return out;
    for (size_t k = 0; k < n.inputs.size(); ++k)
      if (through_acc[n.inputs[k].index] && !(group[i] >= 0 && k < 2)) return out;
  }
  ReadDomain d;
  std::vector<std::vector<Reads>> values(g.size());
  std::vector<uint32_t> owner;  // global read id -> owning leaf (input node or accumulator)
  std::vector<std::vector<uint32_t>> acc_ids(static_cast<size_t>(groups));
  const uint32_t acc_owner_base = static_cast<uint32_t>(g.size());
  std::vector<sem::Operand<Reads>> operands;
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Input) {
      for (int64_t k = 0; k < n.type.size(); ++k) {
        values[i].push_back({static_cast<uint32_t>(owner.size())});
        owner.push_back(static_cast<uint32_t>(i));
      }
      continue;
    }
    if (n.op == OpKind::Constant) {
      values[i].assign(static_cast<size_t>(n.type.size()), Reads{});
      continue;
    }
    operands.clear();
    for (size_t k = 0; k < n.inputs.size(); ++k) {
      const NodeId in = n.inputs[k];
      if (group[i] >= 0 && k < 2) {  // x and w: read through the accumulator only
        operands.push_back({nullptr, &g.node(in).type.shape});
        continue;
      }
      operands.push_back({values[in.index].data(), &g.node(in).type.shape});
    }
    std::vector<std::vector<Reads>> empties;
    if (group[i] >= 0) {
      empties.emplace_back(static_cast<size_t>(g.node(n.inputs[0]).type.size()));
      empties.emplace_back(static_cast<size_t>(g.node(n.inputs[1]).type.size()));
      operands[0].data = empties[0].data();
      operands[1].data = empties[1].data();
    }
    sem::eval_node(d, n.op, n.attrs, std::span<const sem::Operand<Reads>>(operands), n.type.shape,
                   values[i]);
    if (group[i] >= 0) {
      auto& ids = acc_ids[static_cast<size_t>(group[i])];
      if (ids.empty())
        for (int64_t k = 0; k < n.type.size(); ++k) {
          ids.push_back(static_cast<uint32_t>(owner.size()));
          owner.push_back(acc_owner_base + static_cast<uint32_t>(group[i]));
        }
      for (size_t k = 0; k < values[i].size(); ++k) values[i][k] = join(values[i][k], {ids[k]});
    }
  }
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
  return out;
}

}  // namespace vf::verify
