// Concrete N-bit two's complement integers: the executable reading of the bitvector
// semantics (smt/bv_domain.h), so that a counterexample of a `domain bv(N)` rule can be
// replayed on concrete values through the same sem::eval_node as everything else.
//
//   lit(x)        x rounded to nearest (ties to even), wrapped to N bits
//   add/sub/mul   wrap modulo 2^N;  neg: wraps at INT_MIN
//   div(a, b)     rounds toward zero, INT_MIN / -1 wraps to INT_MIN; b == 0 is undefined
//                 (an obligation in the prover): the result is 0 and `undefined` is set
//   lt, le        signed;  select: c ? a : b
//   sqrt, exp, fn undefined for integers: 0, and `undefined` is set
#pragma once

#include <cmath>
#include <cstdint>

#include "semantics/domain.h"

namespace vf::sem {

/// Signed integers of `width` bits (1..64), stored sign-extended in int64_t.
class WrapIntDomain {
 public:
  using Value = int64_t;
  using Bool = bool;

  explicit WrapIntDomain(unsigned width) : width_(width) {}

  Value lit(double x) {
    return wrap(static_cast<uint64_t>(static_cast<int64_t>(std::nearbyint(x))));
  }
  Value add(Value a, Value b) { return wrap(u(a) + u(b)); }
  Value sub(Value a, Value b) { return wrap(u(a) - u(b)); }
  Value mul(Value a, Value b) { return wrap(u(a) * u(b)); }
  Value div(Value a, Value b) {
    if (b == 0) {
      undefined = true;
      return 0;
    }
    if (b == -1) return neg(a);  // INT_MIN / -1 wraps
    return wrap(u(a / b));
  }
  Value neg(Value a) { return wrap(0 - u(a)); }
  Value sqrt(Value) {
    undefined = true;
    return 0;
  }
  Value exp(Value) {
    undefined = true;
    return 0;
  }
  Value fn(Fn, Value) {
    undefined = true;
    return 0;
  }
  Bool lt(Value a, Value b) const { return a < b; }
  Bool le(Value a, Value b) const { return a <= b; }
  Value select(Bool c, Value a, Value b) const { return c ? a : b; }

  /// Set by an operation the integers do not define (division by zero, sqrt, exp, fn).
  bool undefined = false;

 private:
  static uint64_t u(int64_t v) { return static_cast<uint64_t>(v); }
  /// The low `width_` bits of v, sign-extended.
  Value wrap(uint64_t v) const {
    if (width_ >= 64) return static_cast<int64_t>(v);
    const uint64_t mask = (uint64_t{1} << width_) - 1;
    v &= mask;
    if (v >> (width_ - 1)) v |= ~mask;
    return static_cast<int64_t>(v);
  }
  unsigned width_;
};

static_assert(Domain<WrapIntDomain>);

}  // namespace vf::sem
