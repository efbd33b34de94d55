// Numeric domains the operator semantics is instantiated with.
//
// The semantics in ops.h is written once against this interface, so that the same
// definition is read three ways: FloatDomain<float> / FloatDomain<double> (the
// reference interpreter), and, inside src/smt/, Z3 reals (proofs) and Z3 bitvectors
// (integer and quantized operators). A domain object is passed by reference because
// symbolic domains are stateful (e.g. sqrt introduces r with r*r = v, r >= 0).
//
// Interface of a domain D:
//   D::Value, D::Bool               value and truth types
//   Value lit(double)               a constant (exact in symbolic domains)
//   Value add/sub/mul/div(a, b)     arithmetic (division by zero: IEEE here; a
//                                   precondition in the prover)
//   Value neg(a), sqrt(a), exp(a)   exp is uninterpreted in the real domain; in float it is
//                                   vfuse's exp_f32 (exp32.h), in double libm's exp
//   Value fn(Fn f, a)               log, tanh, erf (transcendental.h): uninterpreted in
//                                   the real domain, with true axioms only
//   Bool lt(a, b), le(a, b)         comparisons (false when either side is NaN)
//   Value select(Bool c, a, b)      c ? a : b, for every value-dependent choice
#pragma once

#include <cmath>
#include <concepts>
#include <type_traits>

#include "semantics/exp32.h"
#include "semantics/transcendental.h"

namespace vf::sem {

/// The semantics' exp in T: vfuse's exp_f32 in float (the kernels compute the same, bit for
/// bit), libm's exp in double (the f64 reference).
template <class T>
T exp_eval(T x) {
  if constexpr (std::is_same_v<T, float>)
    return vfexp::exp_f32(x);
  else
    return std::exp(x);
}

/// What the semantics requires of a numeric domain.
template <class D>
concept Domain = requires(D& d, typename D::Value v, typename D::Bool b, double x, Fn f) {
  { d.lit(x) } -> std::convertible_to<typename D::Value>;
  { d.add(v, v) } -> std::convertible_to<typename D::Value>;
  { d.sub(v, v) } -> std::convertible_to<typename D::Value>;
  { d.mul(v, v) } -> std::convertible_to<typename D::Value>;
  { d.div(v, v) } -> std::convertible_to<typename D::Value>;
  { d.neg(v) } -> std::convertible_to<typename D::Value>;
  { d.sqrt(v) } -> std::convertible_to<typename D::Value>;
  { d.exp(v) } -> std::convertible_to<typename D::Value>;
  { d.fn(f, v) } -> std::convertible_to<typename D::Value>;
  { d.lt(v, v) } -> std::convertible_to<typename D::Bool>;
  { d.le(v, v) } -> std::convertible_to<typename D::Bool>;
  { d.select(b, v, v) } -> std::convertible_to<typename D::Value>;
};

/// IEEE arithmetic in T (float: the f32 interpreter; double: the f64 reference).
/// Every operation rounds to T once, as the C++ expression would.
template <class T>
struct FloatDomain {
  using Value = T;
  using Bool = bool;
  Value lit(double x) const { return static_cast<T>(x); }
  Value add(Value a, Value b) const { return a + b; }
  Value sub(Value a, Value b) const { return a - b; }
  Value mul(Value a, Value b) const { return a * b; }
  Value div(Value a, Value b) const { return a / b; }
  Value neg(Value a) const { return -a; }
  Value sqrt(Value a) const { return std::sqrt(a); }
  Value exp(Value a) const { return exp_eval(a); }
  Value fn(Fn f, Value a) const { return fn_eval(f, a); }
  Bool lt(Value a, Value b) const { return a < b; }
  Bool le(Value a, Value b) const { return a <= b; }
  Value select(Bool c, Value a, Value b) const { return c ? a : b; }
};

static_assert(Domain<FloatDomain<float>>);
static_assert(Domain<FloatDomain<double>>);

}  // namespace vf::sem
