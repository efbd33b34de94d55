// Rule mutants: small, automatic changes to a checked rule, each of the kind that makes a
// rewrite subtly wrong — an axis swapped, a constant's expected shape or rank changed, a
// precondition weakened, an expand_dims / squeeze dropped or moved, an epsilon or another
// literal changed, a comparison flipped, two operands of a non-commutative operator swapped,
// an activation or a literal attribute list changed, an operator replaced by a sibling or
// a unary one dropped.
// Mutants are made on the syntax tree, printed (dsl/printer.h) and parsed and checked again
// (dsl/parser.h), so every mutant is a rule the prover and the rewriter would accept, with
// a text that can be shown. A mutant may happen to be equivalent to its original (or still
// right): a mutation campaign asks whether the prover and the interpreter agree on it, not
// whether it is wrong.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/ast.h"

namespace vf::verify {

/// What a mutation changes.
enum class MutationKind : uint8_t {
  Axis,           ///< axis=, axes=[..], perm=, dim(%c, I)
  Shape,          ///< rank(%c) == 3 -> 4, dim(..) == 1 -> dim(..) == dim(%w, 0), ...
  DropCondition,  ///< a conjunct or a whole precondition removed
  ExpandSqueeze,  ///< expand_dims / squeeze dropped or moved, num_newaxis changed
  Literal,        ///< an epsilon, float or integer literal changed
  Comparison,     ///< < vs <=, > vs >=, == vs !=
  SwapOperands,   ///< two operands of a non-commutative operator swapped
  Activation,     ///< an activation string changed
  AttrList,       ///< a literal padding / strides / dilation / pool_size / pads entry changed
  AttrFlag,       ///< an integer attribute literal (groups, scale, center, has_*, ...) changed
  SiblingOp,      ///< add/subtract, multiply/divide, relu/leaky_relu, max/avg pool, ...
  DropOp,         ///< an elementwise unary operator dropped: relu(E) -> E
};

/// "axis", "shape", "drop-condition", ...
std::string_view mutation_kind_name(MutationKind k);

/// One mutant of a rule.
struct Mutant {
  /// The rule it was made from, and that rule's file.
  std::string original;
  std::string file;
  MutationKind kind = MutationKind::Axis;
  /// What changed: "let %w2: expand_dims(%a, axis=1, num_newaxis=3) -> expand_dims(%a,
  /// axis=2, num_newaxis=3)".
  std::string change;
  /// The mutant rule, printed; its name is `<original>__m<N>`.
  std::string text;
  /// The mutant, parsed and checked from `text`.
  dsl::Rule rule;
};

/// Every distinct mutant of a checked rule that parses and checks and differs from the
/// rule, in a fixed order (N in the names counts the candidates, valid or not).
std::vector<Mutant> all_mutants(const dsl::Rule& rule, const std::string& file);

/// A seeded selection from `all_mutants` of several rules: at most `per_rule` mutants of
/// each rule (0: all), taken round-robin over the kinds of mutation the rule has, in a
/// shuffled order. Keeps the input's rule order.
std::vector<Mutant> select_mutants(std::vector<Mutant> candidates, size_t per_rule, uint64_t seed);

}  // namespace vf::verify
