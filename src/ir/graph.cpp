#include "ir/graph.h"

#include <algorithm>
#include <cassert>

namespace vf {

NodeId Graph::add_input(std::string name, TensorType type, bool weight) {
  NodeId id{static_cast<uint32_t>(nodes_.size())};
  nodes_.push_back(Node{OpKind::Input, std::move(name), {}, {}, std::move(type), nullptr, weight});
  inputs_.push_back(id);
  return id;
}

NodeId Graph::add_constant(std::string name, Tensor data) {
  NodeId id{static_cast<uint32_t>(nodes_.size())};
  TensorType t = data.type();
  nodes_.push_back(Node{OpKind::Constant,
                        std::move(name),
                        {},
                        {},
                        std::move(t),
                        std::make_shared<const Tensor>(std::move(data)),
                        false});
  return id;
}

NodeId Graph::add_constant(std::string name, std::shared_ptr<const Tensor> data) {
  NodeId id{static_cast<uint32_t>(nodes_.size())};
  TensorType t = data->type();
  nodes_.push_back(
      Node{OpKind::Constant, std::move(name), {}, {}, std::move(t), std::move(data), false});
  return id;
}

NodeId Graph::add_node(OpKind op, std::string name, std::vector<NodeId> inputs, Attrs attrs,
                       TensorType type) {
  NodeId id{static_cast<uint32_t>(nodes_.size())};
  nodes_.push_back(Node{op, std::move(name), std::move(inputs), std::move(attrs), std::move(type),
                        nullptr, false});
  return id;
}

void Graph::bind_input(NodeId id, Tensor data) {
  Node& n = nodes_[id.index];
  assert(n.op == OpKind::Input && data.type() == n.type);
  n.op = OpKind::Constant;
  n.weight = false;
  n.data = std::make_shared<const Tensor>(std::move(data));
  inputs_.erase(std::find(inputs_.begin(), inputs_.end(), id));
}

void order_commutative_operands(const Graph& g, OpKind op, std::vector<NodeId>& inputs) {
  if (!is_commutative(op) || inputs.size() != 2) return;
  auto fixed = [&](NodeId n) {
    const Node& k = g.node(n);
    return k.op == OpKind::Constant || (k.op == OpKind::Input && k.weight);
  };
  if (fixed(inputs[0]) && !fixed(inputs[1])) std::swap(inputs[0], inputs[1]);
}

NodeId Graph::find(std::string_view name) const {
  for (size_t i = 0; i < nodes_.size(); ++i)
    if (nodes_[i].name == name) return id(i);
  return {};
}

std::vector<NodeId> Graph::data_inputs() const {
  std::vector<NodeId> out;
  for (NodeId id : inputs_)
    if (!node(id).weight) out.push_back(id);
  return out;
}

int64_t Graph::parameter_count() const {
  int64_t n = 0;
  for (const Node& nd : nodes_)
    if (nd.op == OpKind::Constant || (nd.op == OpKind::Input && nd.weight)) n += nd.type.size();
  return n;
}

}  // namespace vf
