// Elementwise operator semantics, written once over a numeric Domain (domain.h).
//
// Exact meaning of each operator. NaN: a comparison with NaN is false, so relu,
// leaky_relu, clip and hard_sigmoid pass a NaN input through unchanged when written as
// below, and minimum/maximum return their second operand when either is NaN.
// Infinities follow IEEE in the float domains; the real domain has none.
//   negative(x)          = -x
//   sqrt(x)              = sqrt(x)             (x < 0: NaN; reals: r*r = x, r >= 0)
//   rsqrt(x)             = 1 / sqrt(x)
//   relu(x)              = x < 0 ? 0 : x
//   leaky_relu(x; a)     = x < 0 ? a*x : x
//   clip(x; lo, hi)      = x < lo ? lo : (hi < x ? hi : x)
//   sigmoid(x)           = 1 / (1 + exp(-x))
//   hard_sigmoid(x; a,b) = clip(a*x + b; 0, 1)                       (ONNX HardSigmoid)
//   hard_swish(x)        = x * clip(x + 3; 0, 6) / 6
//     (equal over the reals to ONNX HardSwish x*max(0, min(1, x/6 + 1/2)); written
//      with exact constants so that the real-domain reading has no rounded 1/6)
//   add, subtract, multiply, divide: a+b, a-b, a*b, a/b, one IEEE rounding each
//   minimum(a, b)        = a < b ? a : b
//   maximum(a, b)        = b < a ? a : b
#pragma once

#include "ir/op_attrs.h"
#include "semantics/domain.h"

namespace vf::sem {

template <class D>
using Val = typename D::Value;

template <class D>
Val<D> relu(D& d, Val<D> x) {
  return d.select(d.lt(x, d.lit(0)), d.lit(0), x);
}

template <class D>
Val<D> leaky_relu(D& d, Val<D> x, Val<D> alpha) {
  return d.select(d.lt(x, d.lit(0)), d.mul(alpha, x), x);
}

template <class D>
Val<D> clip(D& d, Val<D> x, Val<D> lo, Val<D> hi) {
  return d.select(d.lt(x, lo), lo, d.select(d.lt(hi, x), hi, x));
}

/// clip with constant bounds (a separate name: with D::Value = double an overload
/// would be ambiguous with the one above).
template <class D>
Val<D> clip_const(D& d, Val<D> x, double lo, double hi) {
  return clip(d, x, d.lit(lo), d.lit(hi));
}

template <class D>
Val<D> sigmoid(D& d, Val<D> x) {
  return d.div(d.lit(1), d.add(d.lit(1), d.exp(d.neg(x))));
}

template <class D>
Val<D> hard_sigmoid(D& d, Val<D> x, Val<D> alpha, Val<D> beta) {
  return clip_const(d, d.add(d.mul(alpha, x), beta), 0.0, 1.0);
}

template <class D>
Val<D> hard_swish(D& d, Val<D> x) {
  return d.div(d.mul(x, clip_const(d, d.add(x, d.lit(3)), 0.0, 6.0)), d.lit(6));
}

template <class D>
Val<D> rsqrt(D& d, Val<D> x) {
  return d.div(d.lit(1), d.sqrt(x));
}

template <class D>
Val<D> minimum(D& d, Val<D> a, Val<D> b) {
  return d.select(d.lt(a, b), a, b);
}

template <class D>
Val<D> maximum(D& d, Val<D> a, Val<D> b) {
  return d.select(d.lt(b, a), a, b);
}

/// The activation of a fused epilogue, by the same definitions as the standalone ops.
/// alpha/beta: leaky_relu alpha; clip lo/hi; hard_sigmoid alpha/beta.
template <class D>
Val<D> activation(D& d, Activation a, Val<D> x, Val<D> alpha, Val<D> beta) {
  switch (a) {
    case Activation::None: return x;
    case Activation::Relu: return relu(d, x);
    case Activation::LeakyRelu: return leaky_relu(d, x, alpha);
    case Activation::Clip: return clip(d, x, alpha, beta);
    case Activation::Sigmoid: return sigmoid(d, x);
    case Activation::HardSigmoid: return hard_sigmoid(d, x, alpha, beta);
    case Activation::HardSwish: return hard_swish(d, x);
  }
  return x;
}

}  // namespace vf::sem
