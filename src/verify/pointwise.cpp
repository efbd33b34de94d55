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

}  // namespace

bool is_pointwise_instance(const Instance& inst) {
  const Graph& g = inst.graph;
  for (const Node& n : g.nodes())
    if (!pointwise_op(n.op)) return false;
  ReadDomain d;
  std::vector<std::vector<Reads>> values(g.size());
  std::vector<uint32_t> owner;  // global read id -> input node index
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
    for (NodeId in : n.inputs)
      operands.push_back({values[in.index].data(), &g.node(in).type.shape});
    sem::eval_node(d, n.op, n.attrs, std::span<const sem::Operand<Reads>>(operands), n.type.shape,
                   values[i]);
  }
  const auto& src = values[inst.source_root.index];
  const auto& tgt = values[inst.target_root.index];
  if (src.size() != tgt.size()) return false;
  for (size_t e = 0; e < src.size(); ++e) {
    const Reads all = join(src[e], tgt[e]);
    for (size_t k = 1; k < all.size(); ++k)
      if (owner[all[k]] == owner[all[k - 1]]) return false;
  }
  return true;
}

}  // namespace vf::verify
