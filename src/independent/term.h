// The checker's reading of the semantics (docs/independent.md, "Step 2"): each output
// element of a region, read through sem::eval_node in this domain, is a DAG of literals,
// leaves and the domain's operations, without simplification. A term built from literals
// alone is constant: hash-consed, with its value in double (a hint for choosing exact
// values of folded constants, never evidence).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "semantics/domain.h"

namespace vf::independent {

/// A term's operation; Leaf's kind is in Term::fn.
enum class TOp : uint8_t { Lit, Leaf, Add, Sub, Mul, Div, Neg, Sqrt, Exp, Fn, Lt, Le, Select };

/// What a leaf stands for: an element of a value the region reads (In), a paired
/// reduction's window sum (Acc), an element of a compiled constant the model does not have
/// (Folded), a scaled pair's ratio of weights for one output channel (Scale).
enum class LeafKind : uint8_t { In, Acc, Folded, Scale };

/// Whether `op` has one operand (a): the others read b too, Select c as well.
inline bool unary(TOp op) {
  return op == TOp::Neg || op == TOp::Sqrt || op == TOp::Exp || op == TOp::Fn;
}

/// One node of a term DAG (16 bytes: a region may hold 10^8). Leaf: a = the tensor (or
/// pair) number, b = the element. The value of a constant or a Folded leaf is kept
/// beside it (TermDomain::value).
struct Term {
  TOp op;
  uint8_t fn = 0;
  bool konst = false;
  uint32_t a = 0, b = 0, c = 0;
};
static_assert(sizeof(Term) == 16);

/// Expression trees over sem's Domain interface; values are term ids.
class TermDomain {
 public:
  using Value = uint32_t;
  using Bool = uint32_t;

  TermDomain();
  Value lit(double x);
  Value add(Value a, Value b) { return make(TOp::Add, a, b); }
  Value sub(Value a, Value b) { return make(TOp::Sub, a, b); }
  Value mul(Value a, Value b) { return make(TOp::Mul, a, b); }
  Value div(Value a, Value b) { return make(TOp::Div, a, b); }
  Value neg(Value a) { return make(TOp::Neg, a); }
  Value sqrt(Value a) { return make(TOp::Sqrt, a); }
  Value exp(Value a) { return make(TOp::Exp, a); }
  Value fn(sem::Fn f, Value a) { return make(TOp::Fn, a, 0, 0, static_cast<uint8_t>(f)); }
  Bool lt(Value a, Value b) { return make(TOp::Lt, a, b); }
  Bool le(Value a, Value b) { return make(TOp::Le, a, b); }
  Value select(Bool c, Value a, Value b) { return make(TOp::Select, c, a, b); }

  /// A new leaf (never shared): `v` is a Folded leaf's stored value.
  Value leaf(LeafKind k, uint32_t tensor, uint32_t element, double v = 0);
  /// `t` with its In leaves replaced by the literal 0 and its Acc leaves by `acc`.
  Value at_acc(Value t, double acc);

  /// The magnitude of constant term `t`: `t` with every literal by its absolute value,
  /// every difference a sum, every quotient the magnitudes' quotient, a square root as it
  /// is and any other operation's result by its absolute value (docs/independent.md).
  Value magnitude(Value t);

  /// Room for `n` terms (a region's estimate: no reallocation while walking).
  void reserve(size_t n) { terms_.reserve(n); }

  const Term& at(Value t) const { return terms_[t]; }
  /// A constant's value in double (a hint: term.h), a Folded leaf's stored value; 0 for
  /// any other term.
  double value(Value t) const {
    const auto it = values_.find(t);
    return it == values_.end() ? 0 : it->second;
  }
  size_t size() const { return terms_.size(); }

 private:
  Value make(TOp op, Value a, Value b = 0, Value c = 0, uint8_t fn = 0);
  Value substitute(Value t, double acc, std::unordered_map<Value, Value>& memo);
  Value abs(Value t) { return select(lt(t, lit(0)), neg(t), t); }
  /// A constant's key for hash-consing: its node and its value's bits.
  struct Key {
    Term t;
    double v;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const;
  };
  struct KeyEq {
    bool operator()(const Key& x, const Key& y) const;
  };
  Value add_konst(const Term& t, double v);
  std::vector<Term> terms_;
  std::unordered_map<Key, Value, KeyHash, KeyEq> konst_;
  std::unordered_map<Value, double> values_;  // constants and Folded leaves
  std::unordered_map<Value, Value> magnitude_;
};

static_assert(sem::Domain<TermDomain>);

}  // namespace vf::independent
