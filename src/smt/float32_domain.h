// The bit-exact reading of the semantics: IEEE binary32 in Z3's floating-point theory,
// the same arithmetic as the interpreter's FloatDomain<float>, for rules that claim
// bit-exactness.
//
//   lit(x)        x rounded to float32 as static_cast<float> does (nearest, ties to even)
//   add/sub/mul/div, sqrt   fp.add ... fp.sqrt, rounding to nearest even; no obligations
//                 (IEEE defines x/0 and sqrt(-1))
//   neg           fp.neg (flips the sign, also of 0 and NaN)
//   exp           vf_exp32, an uninterpreted Float32 -> Float32
//   fn(f, x)      vf_log32, vf_tanh32, vf_erf32: uninterpreted Float32 -> Float32
//   lt, le        fp.lt, fp.leq: false when either side is NaN;  select: ite
// Equality in queries is SMT `=`: -0 and +0 differ, and all NaNs are one value, so a
// proof is bit-exact up to NaN payloads.
#pragma once

#include <iterator>

#include "semantics/domain.h"
#include "smt/conditions.h"
#include "smt/context.h"

namespace vf::smt {

/// IEEE binary32 arithmetic over a Context.
class Float32Domain {
 public:
  /// Values and truth values are both terms (of the value sort and Bool).
  using Value = Expr;
  using Bool = Expr;

  /// A domain whose terms live in `ctx`.
  explicit Float32Domain(Context& ctx);

  /// The sem::Domain operations, encoded as the table at the top of this file says.
  Value lit(double x) { return ctx_.fp32_val(static_cast<float>(x)); }
  Value add(Value a, Value b) { return a + b; }
  Value sub(Value a, Value b) { return a - b; }
  Value mul(Value a, Value b) { return a * b; }
  Value div(Value a, Value b) { return a / b; }
  Value neg(Value a) { return -a; }
  Value sqrt(Value a) { return fp_sqrt(a); }
  Value exp(Value a);
  Value fn(sem::Fn f, Value a);
  Bool lt(Value a, Value b) { return a < b; }
  Bool le(Value a, Value b) { return a <= b; }
  Value select(Bool c, Value a, Value b) { return ite(c, a, b); }

  /// The sort of this domain's values.
  Sort value_sort() const { return Sort::float32(); }
  /// The context the terms live in.
  Context& context() { return ctx_; }
  /// Always empty: IEEE arithmetic is total and every operation is encoded.
  const Conditions& conditions() const { return cond_; }
  /// Moves the (empty) conditions out, for symmetry with the other domains.
  Conditions take_conditions() { return std::move(cond_); }

 private:
  Context& ctx_;
  Func exp_;
  Func fns_[std::size(sem::kAllFns)];  // by sem::Fn
  Conditions cond_;
};

static_assert(sem::Domain<Float32Domain>);

}  // namespace vf::smt
