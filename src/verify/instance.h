// A rule at concrete shapes and attribute values: the bounded scope of a rule proof.
//
// The prover cannot quantify over shapes inside one SMT query (the semantics unrolls
// every element), so it proves a rule once per *instance*: every leaf tensor of the
// source pattern gets a small shape and every int / list / string attribute a value,
// drawn exhaustively from the grids documented in docs/proofs.md. Float attributes
// ($eps, clip bounds, leaky_relu's alpha, ...) are not enumerated: they stay symbols, so
// each instance holds for all of their real values. An instance whose source does not
// type-check, or whose shape / attribute preconditions are false, is not a case of the
// rule and is skipped; a source instance whose target does not type-check is a case the
// rule gets wrong and is kept (the prover reports it as refuted).
//
// An instance is one Graph holding the source, the lets and the target (which read the
// same leaf inputs), and the tensor expressions of the value preconditions; its outputs
// are the source root and the target root. The interpreter runs it as it is to replay a
// counterexample.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dsl/ast.h"
#include "ir/graph.h"
#include "verify/grid.h"

namespace vf::verify {

/// Where an attribute's value comes from: a rule's attribute variable ($s), or an
/// attribute the source leaves unmentioned, which matches any value and so is
/// quantified like a variable ("y.strides").
struct AttrSlot {
  std::string name;
  AttrKind kind = AttrKind::Int;
  bool implicit = false;
};

/// A float attribute of an instance node that is a symbol of the proof (its literal in
/// the node's Attrs is a placeholder).
struct SymbolicAttr {
  NodeId node;
  std::string attr;
  uint32_t slot = 0;
};

/// One instance of a rule; see the file comment.
struct Instance {
  Graph graph;
  /// Node index ranges: [0, source_end) leaves and source; [source_end, target_end)
  /// lets and target; [target_end, size) the preconditions' tensor expressions.
  size_t source_end = 0;
  size_t target_end = 0;
  NodeId source_root;
  NodeId target_root;
  /// The node of every tensor variable that has one (source, let and target variables),
  /// by TensorVarId.
  std::vector<NodeId> var_nodes;
  /// The graph input of each source input variable, by TensorVarId (invalid otherwise).
  std::vector<NodeId> var_inputs;
  /// The node of every tensor-valued expression that has one, by ExprId.
  std::vector<NodeId> expr_nodes;
  /// The value of every slot, by slot index; float slots are nullopt (symbolic).
  std::vector<std::optional<AttrValue>> slot_values;
  /// Float attributes that are symbols.
  std::vector<SymbolicAttr> symbolic_attrs;
  /// Float slots read as scalar operands (`add(%var, $eps)`): slot -> its input node.
  std::map<uint32_t, NodeId> slot_inputs;
  /// Constants made from float literals of the rule, by node index: their spelling
  /// ("0.16666666666666666"). The real domain takes the exact decimal; the node holds
  /// its float32 rounding, which is what the interpreter (and a model) has.
  std::map<uint32_t, std::string> literal_texts;
  /// "x: [1, 2, 3, 3], w: [2, 2, 3, 3]; $s = [1, 1], y.groups = 1".
  std::string description;
  /// Non-empty when the lets or the target do not type-check (or have another shape than
  /// the source) at this instance: the rule is wrong here; target_root is then the
  /// source root.
  std::string target_error;
  /// Number of elements of all nodes: instances are tried smallest first.
  int64_t size = 0;
};

/// Every instance of a rule in the bounded scope.
struct Enumeration {
  /// The slots of the rule: its attribute variables (same indices as Rule::attr_vars),
  /// then the implicit ones.
  std::vector<AttrSlot> slots;
  /// The instances, smallest first.
  std::vector<Instance> instances;
  /// Combinations of shapes and attributes tried, including those skipped.
  int64_t candidates = 0;
  /// Non-empty: the rule cannot be instantiated (e.g. a list attribute the grid does not
  /// cover); the prover reports the rule as unknown with this reason.
  std::string unsupported;
};

/// Which part of the grid an enumeration draws from.
enum class WindowSet {
  /// The grid: window ops get the grid's windows (grid.h: window_grid) with every channel
  /// and group count, data leaves the 1-or-2 shapes.
  Grid,
  /// The distinguishing instances only: window ops get the distinguishing configurations
  /// (grid.h: distinct_windows), data leaves the distinct shapes. They are larger: the
  /// prover tries them after the grid, until one is proved (docs/proofs.md).
  Distinguishing,
  /// Both.
  Both,
};

/// Instantiates a checked rule over the bounded grid (docs/proofs.md).
Enumeration enumerate_instances(const dsl::Rule& rule, Grid grid = Grid::Default,
                                WindowSet windows = WindowSet::Both);

/// The attribute slots of a rule (Enumeration::slots) and, for each source call and
/// attribute the call leaves unmentioned, its implicit slot: what a matcher fills in.
struct RuleSlots {
  std::vector<AttrSlot> slots;
  /// (ExprId of the call, attribute name) -> slot index.
  std::map<std::pair<uint32_t, std::string>, uint32_t> implicit;
};

/// The slot of each float attribute an instance reads as an operand (`add(%var, $eps)`),
/// by the index of its input node (the inverse of Instance::slot_inputs).
std::map<uint32_t, uint32_t> slots_by_input(const Instance& inst);

/// The attributes of node `n` of an instance with its symbolic float attributes set to
/// `float_values` (by slot): the node as a model with these values has it.
Attrs attrs_with_values(const Instance& inst, NodeId n, std::span<const double> float_values);

/// The slots of a checked rule.
RuleSlots rule_slots(const dsl::Rule& rule);

/// A rule at given leaf types and attribute values: a match in a model.
struct InstanceSpec {
  /// The type of every source input variable, by TensorVarId (nullopt for others).
  std::vector<std::optional<TensorType>> leaf_types;
  /// Data of the leaves that are constants of the model, by TensorVarId (null: the leaf
  /// is a graph input of the instance, a universally quantified tensor).
  std::vector<std::shared_ptr<const Tensor>> leaf_data;
  /// Every slot's value, by slot index. Float slots are not put into the graph: they
  /// stay symbols (Instance::symbolic_attrs, slot_inputs) for the caller to bind.
  std::vector<AttrValue> slot_values;
};

/// Whether the rule calls a quantized-inference operator (ops.def: Quant) anywhere: a
/// bitvector rule that does has integer-typed instances (int_operand_dtype), other rules
/// float32-typed ones.
bool calls_quant_op(const dsl::Rule& rule);

/// The instance of a checked rule at `spec`, built like the grid's instances. nullopt
/// (with the reason in `why_not`) when the source does not type-check at these shapes or
/// a shape / attribute precondition is false. An instance whose target does not
/// type-check is returned with Instance::target_error set.
std::optional<Instance> instantiate(const dsl::Rule& rule, const InstanceSpec& spec,
                                    std::string* why_not = nullptr);

}  // namespace vf::verify
