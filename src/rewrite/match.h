// Matching a rule's source pattern on the dataflow graph of a model.
//
// The pattern is a tree of operator calls over the rule's source bindings (docs/rules.md);
// it is matched from the root binding down the graph's input edges, never by position in
// the model file (TVM puts a batch norm's constant-side ops many lines before its conv).
// A call matches a node of the same operator with as many inputs; a literal attribute
// must equal the node's (schema defaults included); `$v` binds the node's value and a
// second `$v` must see the same value; a tensor variable binds a node and a second use
// must see the very same node; a numeric literal operand matches a rank-0 constant
// holding that number; an attribute variable operand matches a rank-0 constant and binds
// its value (a float constant's in real / float32 rules, an integer constant's in bv
// rules). Then the rule's structural preconditions are checked on the graph: const(...)
// (the node is a constant), single_use(...) (one user, not an output), and the shape and
// attribute comparisons. Conditions on constant values (all / any) are left to the
// certificate, which proves them on the actual constants.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dsl/ast.h"
#include "ir/graph.h"
#include "verify/instance.h"

namespace vf::rewrite {

/// A rule's source matched at a node.
struct Match {
  const dsl::Rule* rule = nullptr;
  /// The rule's file (its text names preconditions in reports).
  const SourceFile* file = nullptr;
  NodeId root;
  /// The node of every source variable (inputs and bindings), by TensorVarId.
  std::vector<NodeId> vars;
  /// The value of every slot (verify::RuleSlots), by slot index.
  std::vector<AttrValue> slots;
  /// The operator nodes the source pattern covers, in pattern order, root last.
  std::vector<NodeId> nodes;
  /// The node each source operator call matched, by ExprId (invalid for others).
  std::vector<NodeId> exprs;
};

/// What a match is, for keys: the rule, every matched leaf's kind (constant or not) and
/// type, every attribute value with its kind, and with `with_data` a hash of each
/// constant's bytes. Equal keys (with data) mean the very same rule instance.
std::string match_key(const Match& m, const Graph& g, bool with_data);

/// "`require single_use(%y);` (rules/x.rules:12)": a precondition for messages.
std::string precondition_text(const SourceFile& file, const dsl::Precondition& p);

/// Number of users of every node of `g` (graph outputs count as users).
std::vector<uint32_t> count_users(const Graph& g);

/// Matches one rule; built once per rule.
class Matcher {
 public:
  /// A matcher for a checked rule of `file` (its text names failed preconditions).
  Matcher(const dsl::Rule& rule, std::shared_ptr<const SourceFile> file);

  /// The match rooted at `root`, or nullopt. When the pattern matches but a
  /// precondition is false, `why_not` (if given) says which, so that a report can show
  /// why a rule did not apply; it stays empty when the pattern itself does not match.
  std::optional<Match> match(const Graph& g, const std::vector<uint32_t>& users, NodeId root,
                             std::string* why_not = nullptr) const;

  const dsl::Rule& rule() const { return rule_; }
  const verify::RuleSlots& slots() const { return slots_; }

 private:
  const dsl::Rule& rule_;
  std::shared_ptr<const SourceFile> file_;
  verify::RuleSlots slots_;
};

}  // namespace vf::rewrite
