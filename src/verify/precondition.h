// The concrete part of a rule's preconditions at one instance: shapes (rank, dim),
// list lengths and int / list / string attribute conditions are known once shapes and
// attributes are chosen; conditions on float attributes and on tensor values (all /
// any) are not, and are left to the solver. const(...) and single_use(...) are facts
// about the matched graph that the rewriter checks; they do not change what source and
// target compute, so they hold in every instance.
#pragma once

#include <optional>
#include <vector>

#include "dsl/ast.h"
#include "ir/graph.h"

namespace vf::verify {

/// The tensor sides of the comparisons inside every all(...) / any(...) of `cond`
/// (lhs, rhs, in source order): what the preconditions compute on constants.
void value_condition_sides(const dsl::Rule& rule, dsl::ExprId cond, std::vector<dsl::ExprId>& out);

/// The sides of the comparisons of a condition under `&&`, `||` and `!` (the argument of
/// one all / any), in source order.
void comparison_sides(const dsl::Rule& rule, dsl::ExprId cond, std::vector<dsl::ExprId>& out);

/// Three-valued truth: decided, or depends on values the solver quantifies over.
enum class Tri { False, True, Unknown };

/// Kleene's three-valued connectives.
Tri tri_and(Tri a, Tri b);
Tri tri_or(Tri a, Tri b);
Tri tri_not(Tri a);

/// What an instance knows when its preconditions are evaluated.
struct ShapeFacts {
  const dsl::Rule& rule;
  const Graph& graph;
  /// The node of each tensor variable (invalid: not built).
  const std::vector<NodeId>& var_nodes;
  /// The value of each attribute slot (nullopt: a float symbol).
  const std::vector<std::optional<AttrValue>>& slot_values;
};

/// The value of a scalar, list or string expression of a condition (a literal, an
/// attribute variable, rank / dim / len); nullopt when it is symbolic (a float
/// attribute) or not a scalar. Ints are returned as int64_t.
std::optional<AttrValue> eval_scalar(const ShapeFacts& f, dsl::ExprId e);

/// `a OP b` on two concrete values: ints and floats compare as numbers, lists and
/// strings by equality only (ordering them is false).
bool compare_values(dsl::CmpOp op, const AttrValue& a, const AttrValue& b);

/// The truth of a condition, Unknown where it depends on tensor values or float
/// attributes.
Tri eval_shape_condition(const ShapeFacts& f, dsl::ExprId cond);

}  // namespace vf::verify
