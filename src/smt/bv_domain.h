// The integer reading of the semantics: Z3 bitvectors of a fixed width N, signed two's
// complement, for integer and quantized operators and for bounded checks.
//
//   lit(x)        x rounded to the nearest integer (ties to even), then taken modulo 2^N;
//                 a value outside int64 or not finite is unsupported
//   add/sub/mul   wrap modulo 2^N;  neg: two's complement negation (wraps at INT_MIN)
//   div(a, b)     bvsdiv, rounding toward zero (INT_MIN / -1 wraps to INT_MIN);
//                 obligation b != 0
//   lt, le        signed;  select: ite
//   sqrt, exp, fn unsupported: recorded in conditions().unsupported, and a fresh value is
//                 returned so that encoding can go on; a query with them is Unknown
#pragma once

#include <string_view>
#include <unordered_set>

#include "semantics/domain.h"
#include "smt/conditions.h"
#include "smt/context.h"

namespace vf::smt {

/// Signed N-bit bitvector arithmetic over a Context.
class BvDomain {
 public:
  /// Values and truth values are both terms (of the value sort and Bool).
  using Value = Expr;
  using Bool = Expr;

  /// Bitvectors of `width` bits, 1 <= width <= 64.
  BvDomain(Context& ctx, unsigned width);

  /// The sem::Domain operations, encoded as the table at the top of this file says.
  Value lit(double x);
  Value add(Value a, Value b) { return a + b; }
  Value sub(Value a, Value b) { return a - b; }
  Value mul(Value a, Value b) { return a * b; }
  Value div(Value a, Value b);
  Value neg(Value a) { return -a; }
  Value sqrt(Value) { return unsupported("sqrt"); }
  Value exp(Value) { return unsupported("exp"); }
  Value fn(sem::Fn f, Value) { return unsupported(sem::fn_name(f)); }
  Bool lt(Value a, Value b) { return a < b; }
  Bool le(Value a, Value b) { return a <= b; }
  Value select(Bool c, Value a, Value b) { return ite(c, a, b); }

  /// The sort of this domain's values.
  Sort value_sort() const { return Sort::bitvec(width_); }
  /// The context the terms live in.
  Context& context() { return ctx_; }
  /// Side conditions recorded since construction or the last take_conditions().
  const Conditions& conditions() const { return cond_; }
  /// Moves the recorded conditions out.
  Conditions take_conditions();

 private:
  Value unsupported(std::string_view what);

  Context& ctx_;
  unsigned width_;
  Conditions cond_;
  std::unordered_set<uint32_t> obliged_;
};

static_assert(sem::Domain<BvDomain>);

}  // namespace vf::smt
