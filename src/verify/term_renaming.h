// The terms an instance computes, read through the single semantics in a domain whose
// values are expression trees (TermDomain), and the test that two output elements'
// claims are the same formula up to a renaming of the leaf elements.
//
// Used by the window-class split of instance certificates (docs/certificates.md,
// "Splitting: window classes"): a claim `source[e] == target[e]` proved for all values of
// its leaves at one element r holds at every element e whose claim is r's with every leaf
// element of r replaced by a leaf element of e of the same tensor (a substitution of
// variables by variables keeps a valid formula valid). Whether that is so is computed here
// from the terms the semantics builds, never assumed from the operators' names.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/graph.h"
#include "semantics/domain.h"
#include "semantics/eval_node.h"
#include "verify/instance.h"

namespace vf::verify {

/// A domain whose values are nodes of an expression tree, appended to one arena (no
/// sharing, no simplification: a term is exactly what the formula computed).
class TermDomain {
 public:
  using Value = uint32_t;
  using Bool = uint32_t;

  /// Kinds of term nodes.
  enum class Kind : uint8_t { Leaf, Lit, Add, Sub, Mul, Div, Neg, Sqrt, Exp, Fn, Lt, Le, Select };

  /// One node: a leaf (a = tensor, b = flat index), a literal (a = index into lits), or an
  /// operation on a, b, c.
  struct Node {
    Kind kind;
    uint8_t fn = 0;
    uint32_t a = 0, b = 0, c = 0;
  };

  Value leaf(uint32_t tensor, uint32_t index) { return push({Kind::Leaf, 0, tensor, index, 0}); }
  Value lit(double x) {
    lits_.push_back(x);
    return push({Kind::Lit, 0, static_cast<uint32_t>(lits_.size() - 1), 0, 0});
  }
  Value add(Value a, Value b) { return push({Kind::Add, 0, a, b, 0}); }
  Value sub(Value a, Value b) { return push({Kind::Sub, 0, a, b, 0}); }
  Value mul(Value a, Value b) { return push({Kind::Mul, 0, a, b, 0}); }
  Value div(Value a, Value b) { return push({Kind::Div, 0, a, b, 0}); }
  Value neg(Value a) { return push({Kind::Neg, 0, a, 0, 0}); }
  Value sqrt(Value a) { return push({Kind::Sqrt, 0, a, 0, 0}); }
  Value exp(Value a) { return push({Kind::Exp, 0, a, 0, 0}); }
  Value fn(sem::Fn f, Value a) { return push({Kind::Fn, static_cast<uint8_t>(f), a, 0, 0}); }
  Bool lt(Value a, Value b) { return push({Kind::Lt, 0, a, b, 0}); }
  Bool le(Value a, Value b) { return push({Kind::Le, 0, a, b, 0}); }
  Value select(Bool c, Value a, Value b) { return push({Kind::Select, 0, c, a, b}); }

  const Node& node(Value v) const { return nodes_[v]; }
  double lit_value(const Node& n) const { return lits_[n.a]; }
  size_t size() const { return nodes_.size(); }

 private:
  Value push(Node n) {
    nodes_.push_back(n);
    return static_cast<Value>(nodes_.size() - 1);
  }
  std::vector<Node> nodes_;
  std::vector<double> lits_;
};

static_assert(sem::Domain<TermDomain>);

/// The terms of an instance: every node's elements, the source root's and the target
/// root's in particular. Leaves of graph inputs are TermDomain leaves whose tensor is the
/// rule's tensor variable (Instance::var_inputs), so that the leaves of two instances of
/// one rule compare by variable; constants are literals of their data. nullopt (with the
/// reason) when the instance has a leaf that is no tensor variable of the rule, or a float
/// attribute that is a symbol (not covered).
struct InstanceTerms {
  std::vector<uint32_t> source;
  std::vector<uint32_t> target;
};
std::optional<InstanceTerms> instance_terms(TermDomain& d, const Instance& inst, std::string* why);

/// Whether the claim (s1 == t1) is the claim (s0 == t0) with every leaf of the latter
/// replaced by a leaf of the same tensor (one replacement per leaf, the same in both
/// sides), every literal and operation equal. `renaming` (leaf of the first claim -> leaf
/// of the second) is scratch space, reset here.
bool same_up_to_renaming(const TermDomain& d, uint32_t s0, uint32_t t0, uint32_t s1, uint32_t t1,
                         std::unordered_map<uint32_t, uint32_t>& renaming);

/// Whether the conjunction of the claims (s1[k] == t1[k]), k = 0..n-1, is the conjunction
/// of (s0[k] == t0[k]) with ONE renaming of leaves applied to all of them (each leaf of the
/// first claims replaced by one leaf of the same tensor, every literal and operation
/// equal). Subterms shared between the claims are walked once (a pair of terms already
/// matched is not matched again), so a row of claims that all read one mean costs the
/// row's terms, not their product. `renaming` is reset here.
bool same_claims_up_to_renaming(const TermDomain& d, std::span<const uint32_t> s0,
                                std::span<const uint32_t> t0, std::span<const uint32_t> s1,
                                std::span<const uint32_t> t1,
                                std::unordered_map<uint32_t, uint32_t>& renaming);

}  // namespace vf::verify
