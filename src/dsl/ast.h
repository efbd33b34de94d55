// The syntax tree of the rule DSL (docs/rules.md). A RuleFile holds Rules; each Rule owns
// its expressions in an arena and refers to them by ExprId, so that a prover can walk
// them with one std::visit per node and cache per-node results in a vector indexed by
// id. Every node keeps its byte range in the rule file, so later stages (prover,
// rewriter, certificates) can point their diagnostics at the rule text.
//
// A RuleFile returned by parse_rules has been checked (dsl/check.h): every operator is
// an operator of ops.def with an arity and attributes that fit its schema, every
// variable reference is resolved to its TensorVar / AttrVar, and the invariants listed
// on Rule hold.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ir/attrs.h"
#include "ir/op.h"
#include "support/source_file.h"

namespace vf::dsl {

/// A byte range [offset, offset + length) in the rule file.
struct Span {
  uint32_t offset = 0;
  uint32_t length = 0;
  uint32_t end() const { return offset + length; }
};

/// Index of an expression in its Rule's arena.
struct ExprId {
  uint32_t index = UINT32_MAX;
  bool valid() const { return index != UINT32_MAX; }
  bool operator==(const ExprId&) const = default;
};

/// Index of a tensor variable in Rule::tensor_vars.
struct TensorVarId {
  uint32_t index = UINT32_MAX;
  bool valid() const { return index != UINT32_MAX; }
  bool operator==(const TensorVarId&) const = default;
};

/// Index of an attribute variable in Rule::attr_vars.
struct AttrVarId {
  uint32_t index = UINT32_MAX;
  bool valid() const { return index != UINT32_MAX; }
  bool operator==(const AttrVarId&) const = default;
};

// ---- expressions ---------------------------------------------------------------------

/// `%name`: a tensor variable. `var` is set by the checker.
struct TensorRef {
  std::string name;  ///< without the '%'
  TensorVarId var;
};

/// `$name`: an attribute variable (a scalar or a list). `var` is set by the checker.
struct AttrRef {
  std::string name;  ///< without the '$'
  AttrVarId var;
};

/// An integer literal: `3`, `-1`.
struct IntLit {
  int64_t value = 0;
};

/// A float literal: `1e-05`, `-3.0`. `text` is the spelling, so that a prover over the
/// reals can take the exact decimal value rather than the nearest double.
struct FloatLit {
  double value = 0;
  std::string text;
};

/// An integer list literal: `[1, 1]`.
struct IntListLit {
  std::vector<int64_t> values;
};

/// A string literal: `"relu"` (contents without quotes, escapes resolved).
struct StrLit {
  std::string value;
};

/// One `name=value` attribute of an operator call; the value is an AttrRef or a literal.
struct AttrArg {
  std::string name;
  Span name_span;
  ExprId value;
};

/// An IR operator applied to operands: `conv2d(%x, %w, strides=$s)`.
struct OpCall {
  OpKind op;
  Span name_span;  ///< the operator name
  std::vector<ExprId> operands;
  std::vector<AttrArg> attrs;  ///< in source order; names unique in a checked file
  /// The attribute named `name`, or nullptr when it is not mentioned.
  const AttrArg* find_attr(std::string_view name) const;
};

/// Comparison operators of conditions.
enum class CmpOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

/// `lhs OP rhs`. Outside all/any both sides are scalars, lists or strings (attribute
/// variables, literals, rank/dim/len); inside all/any a side may be a tensor, compared
/// elementwise.
struct Compare {
  CmpOp op;
  ExprId lhs;
  ExprId rhs;
};

/// Boolean connectives.
enum class LogicOp : uint8_t { And, Or };

/// `lhs && rhs`, `lhs || rhs`.
struct Logic {
  LogicOp op;
  ExprId lhs;
  ExprId rhs;
};

/// `!operand`.
struct Not {
  ExprId operand;
};

/// The built-in functions of conditions.
enum class Builtin : uint8_t {
  Const,      ///< const(%a, %b, ...): each is a constant of the graph
  SingleUse,  ///< single_use(%y): %y has exactly one user
  Rank,       ///< rank(%x): number of dimensions
  Dim,        ///< dim(%x, I): size of dimension I
  Len,        ///< len($list): length of a list attribute
  All,        ///< all(COND): COND holds for every element
  Any,        ///< any(COND): COND holds for some element
};

/// A call of a built-in function.
struct BuiltinCall {
  Builtin fn;
  Span name_span;
  std::vector<ExprId> args;
};

/// The payload of an expression node.
using ExprNode = std::variant<TensorRef, AttrRef, IntLit, FloatLit, IntListLit, StrLit, OpCall,
                              Compare, Logic, Not, BuiltinCall>;

/// An expression node with its source range (the whole expression).
struct Expr {
  Span span;
  ExprNode node;
  /// The payload if it is a T, else nullptr.
  template <class T>
  const T* as() const {
    return std::get_if<T>(&node);
  }
  template <class T>
  T* as() {
    return std::get_if<T>(&node);
  }
};

// ---- variables -----------------------------------------------------------------------

/// Where a tensor variable gets its value.
enum class VarOrigin : uint8_t {
  SourceInput,    ///< first use as an operand in the source: a pattern leaf
  SourceBinding,  ///< left side of a source binding: a matched node
  Let,            ///< `let %v = ...`: a constant computed at rewrite time
  TargetBinding,  ///< left side of a target binding other than the root: a new node
};

/// A tensor variable of a rule, filled by the checker.
struct TensorVar {
  std::string name;  ///< without the '%'
  Span span;         ///< where it is bound: first use (inputs) or the binding's left side
  VarOrigin origin = VarOrigin::SourceInput;
  bool is_const = false;  ///< listed in a top-level `require const(...)`, or a let
  ExprId value;           ///< the bound expression; invalid for SourceInput
};

/// An attribute variable of a rule, filled by the checker. Attribute variables are bound
/// by `name=$v` in the source; the kind is that of the attribute they are bound to. One
/// first bound as a source operand (`minimum(%y, $c)`) holds the value of a scalar
/// constant of the model, and its kind is the domain's number: an int in a bv(N) rule, a
/// float otherwise.
struct AttrVar {
  std::string name;  ///< without the '$'
  Span span;         ///< first binding in the source
  AttrKind kind = AttrKind::Int;
  bool from_operand = false;  ///< first bound as a source operand (a constant's value)
};

// ---- rules ---------------------------------------------------------------------------

/// What source ≡ target means; see docs/rules.md.
enum class DomainKind : uint8_t { Real, Bv, Float32 };

/// The `domain` clause; defaults to real.
struct Domain {
  DomainKind kind = DomainKind::Real;
  uint32_t width = 0;  ///< Bv only: bits, 1..64
  Span span;           ///< the domain after `domain`; empty when defaulted
};

/// The verdict a rule is expected to get from the prover.
enum class Verdict : uint8_t { Proved, Refuted };

/// `%v = EXPR;` in source or target, or `let %v = EXPR;`.
struct Binding {
  std::string name;  ///< without the '%'
  Span name_span;
  ExprId value;
  Span span;        ///< from the variable (or `let`) to the ';'
  TensorVarId var;  ///< set by the checker; the target's root gets the source root's
};

/// `require COND;`.
struct Precondition {
  ExprId cond;
  Span span;  ///< from `require` to the ';'
};

/// One rule. In a checked rule: `source` is non-empty and every source value is an
/// OpCall; the last source binding is the root; `target` is non-empty and its last
/// binding has the root's name (its value is an OpCall or a TensorRef); no other
/// target binding rebinds a source or let variable.
struct Rule {
  std::string name;
  Span name_span;
  Span span;  ///< from `rule` to the closing '}'
  Domain domain;
  std::vector<Binding> source;
  std::vector<Precondition> preconditions;  ///< in source order
  std::vector<Binding> lets;                ///< in source order
  std::vector<Binding> target;
  Verdict expect = Verdict::Proved;
  Span expect_span;  ///< the verdict word; empty when defaulted
  Span source_span;  ///< the `source` keyword; empty when there is no source clause
  Span target_span;  ///< the `target` keyword; empty when there is no target clause

  std::vector<Expr> exprs;  ///< the arena of every expression of the rule
  std::vector<TensorVar> tensor_vars;
  std::vector<AttrVar> attr_vars;

  const Expr& expr(ExprId id) const { return exprs[id.index]; }
  Expr& expr(ExprId id) { return exprs[id.index]; }
  const TensorVar& var(TensorVarId id) const { return tensor_vars[id.index]; }
  const AttrVar& var(AttrVarId id) const { return attr_vars[id.index]; }
  /// Adds an expression to the arena.
  ExprId add(Span span, ExprNode node);
  /// The source binding that is replaced (the last one); the rule must have a source.
  const Binding& source_root() const { return source.back(); }
  /// The target binding that replaces it (the last one); the rule must have a target.
  const Binding& target_root() const { return target.back(); }
  /// The tensor variable named `name` (without '%'); invalid id when there is none.
  TensorVarId find_tensor_var(std::string_view name) const;
  /// The attribute variable named `name` (without '$'); invalid id when there is none.
  AttrVarId find_attr_var(std::string_view name) const;
};

/// The rules of one file, with the file they came from (for diagnostics of later stages).
struct RuleFile {
  std::shared_ptr<const SourceFile> source;
  std::vector<Rule> rules;
  /// The rule named `name`, or nullptr.
  const Rule* find(std::string_view name) const;
};

/// Spelling of a comparison: "==", "!=", "<", "<=", ">", ">=".
std::string_view cmp_op_spelling(CmpOp op);
/// Spelling of a connective: "&&", "||".
std::string_view logic_op_spelling(LogicOp op);
/// Name of a built-in function ("single_use").
std::string_view builtin_name(Builtin fn);
/// Looks a built-in function up by name.
std::optional<Builtin> builtin_from_name(std::string_view name);
/// Every built-in function, in declaration order.
const std::vector<Builtin>& all_builtins();
/// Text of a domain: "real", "bv(8)", "float32".
std::string domain_string(const Domain& d);
/// Name of a verdict: "proved", "refuted".
std::string_view verdict_name(Verdict v);

}  // namespace vf::dsl
