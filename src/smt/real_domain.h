// The proof reading of the semantics: Z3 reals. vf::sem::eval_node instantiated with
// RealDomain gives each output element as an exact real term of the inputs.
//
//   lit(x)        the exact rational value of the double x (no rounding anywhere)
//   add/sub/mul   exact
//   div(a, b)     a / b for a constant b; otherwise a * i, i a fresh inverse, one per
//                 divisor term up to Z3's simplification, with axioms b > 0 -> i > 0, b < 0 -> i <
//                 0 and definition b != 0 -> b * i = 1; obligation b != 0 either way
//   sqrt(v)       a fresh r, one per argument term up to simplification; axioms v >= 0 -> r >= 0
//   and
//                 v > 0 -> r > 0, definition v >= 0 -> r*r = v; obligation v >= 0
//   exp(x)        vf_exp(x), vf_exp an uninterpreted Real -> Real, axiom vf_exp(x) > 0
//   fn(f, x)      vf_log / vf_tanh / vf_erf (sem::Fn), uninterpreted Real -> Real, with
//                 axioms that hold of the real functions, so nothing false is provable:
//                 tanh, erf: -1 < f(x) < 1 and the sign of x (f(0) = 0); log: obligation
//                 x > 0, and log(x) < 0, = 0, > 0 as x < 1, = 1, > 1 (for x > 0)
//   lt, le        <, <=;  select: ite
// Definitions (r*r = v, b*i = 1) are kept apart from the weak axioms: many rewrites are
// polynomial identities in the fresh symbols and are proved without them, fast (see
// docs/smt.md; Solver's first stage). With the inverse, no real division by a variable is
// left in any term, so the queries are in QF_NRA without division.
// A literal that is not finite (max_pool2d's -inf seed, a pad value of -inf) has no real
// value: it becomes a fresh constant, the same one for every use of that literal, so a
// proof holds whatever value it takes (sound, and incomplete where the infinity matters).
#pragma once

#include <cstdint>
#include <iterator>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "semantics/domain.h"
#include "smt/conditions.h"
#include "smt/context.h"

namespace vf::smt {

/// Exact real arithmetic over a Context, recording side conditions as it goes.
class RealDomain {
 public:
  /// Values and truth values are both terms (of the value sort and Bool).
  using Value = Expr;
  using Bool = Expr;

  /// A domain whose terms live in `ctx`.
  explicit RealDomain(Context& ctx);

  /// The sem::Domain operations, encoded as the table at the top of this file says.
  Value lit(double x);
  Value add(Value a, Value b) { return a + b; }
  Value sub(Value a, Value b) { return a - b; }
  Value mul(Value a, Value b) { return a * b; }
  Value div(Value a, Value b);
  Value neg(Value a) { return -a; }
  Value sqrt(Value a);
  Value exp(Value a);
  Value fn(sem::Fn f, Value a);
  Bool lt(Value a, Value b) { return a < b; }
  Bool le(Value a, Value b) { return a <= b; }
  Value select(Bool c, Value a, Value b) { return ite(c, a, b); }

  /// The sort of this domain's values (for fresh variables).
  Sort value_sort() const { return Sort::real(); }
  /// The context the terms live in.
  Context& context() { return ctx_; }
  /// Side conditions recorded since construction or the last take_conditions().
  const Conditions& conditions() const { return cond_; }
  /// Moves the recorded conditions out (e.g. between a rule's source and target). Later
  /// uses of a square root already introduced reuse it and record its axioms, definition
  /// and obligation again, so each batch is complete on its own.
  Conditions take_conditions();

 private:
  /// The fresh symbol of `table` for `arg`: one per argument up to simplification.
  Expr canonical_symbol(std::unordered_map<uint32_t, Expr>& table, Expr arg, const char* prefix);
  /// Record an axiom / definition / obligation once per batch of conditions.
  void record_axiom(Expr axiom);
  void record_definition(Expr definition);
  void oblige(Expr holds, const char* what);

  Context& ctx_;
  Func exp_;
  Func fns_[std::size(sem::kAllFns)];  // by sem::Fn
  Conditions cond_;
  std::unordered_map<uint64_t, Expr> lits_;      // by the double's bits
  std::unordered_map<uint32_t, Expr> roots_;     // sqrt by argument term
  std::unordered_map<uint32_t, Expr> inverses_;  // 1/b by divisor term
  std::unordered_set<uint32_t> recorded_;        // terms already in cond_
};

static_assert(sem::Domain<RealDomain>);

}  // namespace vf::smt
