// The graph IR: a dataflow graph of single-output nodes. Graph inputs (parameters) and
// constants are nodes too (ops `input` and `constant`), so every value is a NodeId.
// Nodes are stored in a topological order: a node's inputs come before it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/attrs.h"
#include "ir/op.h"
#include "ir/tensor.h"

namespace vf {

/// Index of a node in its graph.
struct NodeId {
  uint32_t index = UINT32_MAX;
  bool valid() const { return index != UINT32_MAX; }
  bool operator==(const NodeId&) const = default;
  auto operator<=>(const NodeId&) const = default;
};

/// One operation producing one value.
struct Node {
  OpKind op;
  std::string name;  ///< name in the source model (for reports); unique in a graph
  std::vector<NodeId> inputs;
  Attrs attrs;
  TensorType type;                     ///< type of the produced value
  std::shared_ptr<const Tensor> data;  ///< constants only
  bool weight = false;                 ///< inputs only: a model parameter, not an activation
};

/// A model: nodes in topological order, graph inputs, outputs.
class Graph {
 public:
  /// Adds a graph input of a given type; `weight` marks a model parameter (Relay's
  /// weights are inputs of @main) as opposed to an activation such as the image.
  NodeId add_input(std::string name, TensorType type, bool weight = false);
  /// Adds a constant holding `data`.
  NodeId add_constant(std::string name, Tensor data);
  /// Adds a constant sharing `data` (a model's weight seen by a rule instance).
  NodeId add_constant(std::string name, std::shared_ptr<const Tensor> data);
  /// Adds an operation; `type` is usually filled by infer_types afterwards.
  NodeId add_node(OpKind op, std::string name, std::vector<NodeId> inputs, Attrs attrs,
                  TensorType type = {});
  /// Turns graph input `id` into a constant holding `data` (of the input's type): a
  /// model's weights bound to values.
  void bind_input(NodeId id, Tensor data);
  /// Marks a value as a graph output (in order).
  void add_output(NodeId id) { outputs_.push_back(id); }
  /// Every output that is `from` becomes `to` (a rewrite replaced the value).
  void replace_output(NodeId from, NodeId to) {
    for (NodeId& o : outputs_)
      if (o == from) o = to;
  }

  const Node& node(NodeId id) const { return nodes_[id.index]; }
  Node& node_mut(NodeId id) { return nodes_[id.index]; }
  size_t size() const { return nodes_.size(); }
  NodeId id(size_t i) const { return NodeId{static_cast<uint32_t>(i)}; }
  const std::vector<Node>& nodes() const { return nodes_; }
  const std::vector<NodeId>& inputs() const { return inputs_; }
  const std::vector<NodeId>& outputs() const { return outputs_; }
  /// Finds a node by name; invalid id if none.
  NodeId find(std::string_view name) const;

  /// Graph inputs that are activations (not weights), in order.
  std::vector<NodeId> data_inputs() const;
  /// Number of parameters: elements of all constants and weight inputs.
  int64_t parameter_count() const;

 private:
  std::vector<Node> nodes_;
  std::vector<NodeId> inputs_;
  std::vector<NodeId> outputs_;
};

/// The operands of a commutative binary operator (ops.def: add, multiply) in the order
/// the rules are written in: a constant or weight operand second when the other is
/// neither (`multiply(%x, %gamma)`, whichever order the model wrote), so that one pattern
/// matches both. The value is the same bit for bit. The importers call it.
void order_commutative_operands(const Graph& g, OpKind op, std::vector<NodeId>& inputs);

}  // namespace vf
