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
//   exp(x), log(x), tanh(x), erf(x)   the functions of domain.h / transcendental.h (exp in
//                        float: vfuse's exp32.h, the rest libm, in the interpreter;
//                        uninterpreted with true axioms over the reals;
//                        log(x): x = 0: -inf, x < 0: NaN; reals: obligation x > 0)
//   softplus(x)          = 0 < x ? x + log(1 + exp(-x)) : log(1 + exp(x))
//     (equal over the reals to ONNX Softplus log(exp(x) + 1); written so that exp never
//      overflows in float: its argument is <= 0 on either branch)
//   gelu(x)              = 0.5 * x * (1 + erf(x / d * m))               (approximate=none)
//   gelu(x; tanh)        = 0.5 * x * (1 + tanh(c * (x + k * x*x*x)))
//     (ONNX Gelu with d = 1.4142135623730951, m = 1, c = 0.7978845608028654, k = 0.044715 by
//      default: the doubles nearest sqrt(2) and sqrt(2/pi), exact decimals over the reals,
//      and in float32 the very values of sqrtf(2) and ONNX's constants. They are the
//      attributes erf_divisor, erf_multiplier, tanh_scale, tanh_cubic, so that GELU
//      written out by an exporter, with its own rounded constants, is gelu with those
//      constants; x / d * m rounds exactly as x / d when m = 1 and as x * m when d = 1)
//   silu(x)              = x * sigmoid(x)
//   mish(x)              = x * tanh(softplus(x))
//   add, subtract, multiply, divide: a+b, a-b, a*b, a/b, one IEEE rounding each
//   minimum(a, b)        = a < b ? a : b
//   maximum(a, b)        = b < a ? a : b
// Quantized inference (ops.def). The integer formulas are read in integer domains
// (WrapIntDomain(64), BvDomain(64)), where div rounds toward zero:
//   round_shift(p; n)    = p / 2^n rounded to the nearest integer, ties to even
//   requantize(acc; m, n, z, lo, hi) = clip(round_shift(acc * m; n) + z; lo, hi)
//   qadd(a, b; ma, mb, za, zb, n, z, lo, hi)
//                        = clip(round_shift((a - za) * ma + (b - zb) * mb; n) + z; lo, hi)
//                          (both inputs on the output's scale, one rounding of the sum;
//                          exact in 64 bits: |a - za| <= 255 and |m| < 2^31)
//   quantize(x; s, z, lo, hi) = clip(round(x / s) + z; lo, hi), in the float domain
//                          (x / s one rounding, then Fn::Round: ONNX QuantizeLinear);
//                          NaN gives lo (the dtype's least value)
//   dequantize(q; s, z)  = (q - z) * s
#pragma once

#include <cmath>
#include <cstdint>

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
Val<D> softplus(D& d, Val<D> x) {
  const Val<D> one = d.lit(1);
  return d.select(d.lt(d.lit(0), x), d.add(x, d.fn(Fn::Log, d.add(one, d.exp(d.neg(x))))),
                  d.fn(Fn::Log, d.add(one, d.exp(x))));
}

/// gelu; for the erf form p, q are the divisor and multiplier of erf's argument, for the
/// tanh form the scale and the cubic coefficient (ops.def's attributes).
template <class D>
Val<D> gelu(D& d, Val<D> x, bool tanh_form, Val<D> p, Val<D> q) {
  Val<D> g;
  if (tanh_form) {
    const Val<D> cube = d.mul(d.mul(x, x), x);
    g = d.fn(Fn::Tanh, d.mul(p, d.add(x, d.mul(q, cube))));
  } else {
    g = d.fn(Fn::Erf, d.mul(d.div(x, p), q));
  }
  return d.mul(d.mul(d.lit(0.5), x), d.add(d.lit(1), g));
}

template <class D>
Val<D> silu(D& d, Val<D> x) {
  return d.mul(x, sigmoid(d, x));
}

template <class D>
Val<D> mish(D& d, Val<D> x) {
  return d.mul(x, d.fn(Fn::Tanh, softplus(d, x)));
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

/// p / 2^n rounded to the nearest integer, ties to even, in an integer domain (0 <= n <= 62).
template <class D>
Val<D> round_shift(D& d, Val<D> p, int64_t n) {
  if (n == 0) return p;
  const Val<D> unit = d.lit(std::ldexp(1.0, static_cast<int>(n)));
  const Val<D> half = d.lit(std::ldexp(1.0, static_cast<int>(n - 1)));
  const Val<D> zero = d.lit(0), one = d.lit(1), two = d.lit(2);
  const Val<D> q = d.div(p, unit);            // toward zero
  const Val<D> r = d.sub(p, d.mul(q, unit));  // p's sign, |r| < 2^n
  const auto negative = d.lt(r, zero);
  const Val<D> ar = d.select(negative, d.neg(r), r);
  const Val<D> e = d.sub(q, d.mul(d.div(q, two), two));  // -1, 0 or 1: nonzero when q is odd
  const Val<D> odd = d.mul(e, e);
  // Away from zero when |r| > 2^(n-1), or on a tie when q is odd (so that the result is even).
  const Val<D> away = d.select(d.lt(half, ar), one, d.select(d.lt(ar, half), zero, odd));
  return d.add(q, d.select(negative, d.neg(away), away));
}

template <class D>
Val<D> requantize(D& d, Val<D> acc, Val<D> m, int64_t shift, Val<D> zero_point, Val<D> lo,
                  Val<D> hi) {
  return clip(d, d.add(round_shift(d, d.mul(acc, m), shift), zero_point), lo, hi);
}

/// The quantized residual add: requantize's rounding and clamp applied to the sum of the
/// two inputs, each less its zero point and times its own multiplier.
template <class D>
Val<D> qadd(D& d, Val<D> a, Val<D> b, Val<D> ma, Val<D> mb, Val<D> za, Val<D> zb, int64_t shift,
            Val<D> zero_point, Val<D> lo, Val<D> hi) {
  const Val<D> p = d.add(d.mul(d.sub(a, za), ma), d.mul(d.sub(b, zb), mb));
  return clip(d, d.add(round_shift(d, p, shift), zero_point), lo, hi);
}

template <class D>
Val<D> quantize(D& d, Val<D> x, Val<D> scale, Val<D> zero_point, Val<D> lo, Val<D> hi) {
  const Val<D> v = d.add(d.fn(Fn::Round, d.div(x, scale)), zero_point);
  // clip(v; lo, hi), written so that NaN (every comparison false) gives lo: an integer
  // tensor has no NaN. +-inf saturate like any large value.
  return d.select(d.le(lo, v), d.select(d.le(v, hi), v, hi), lo);
}

template <class D>
Val<D> dequantize(D& d, Val<D> q, Val<D> scale, Val<D> zero_point) {
  return d.mul(d.sub(q, zero_point), scale);
}

/// The activation of a fused epilogue, by the same definitions as the standalone ops.
/// alpha/beta: leaky_relu alpha; clip lo/hi; hard_sigmoid alpha/beta; gelu's two constants
/// (the erf form's divisor and multiplier, the tanh form's scale and cubic coefficient).
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
    case Activation::Silu: return silu(d, x);
    case Activation::Mish: return mish(d, x);
    case Activation::Gelu: return gelu(d, x, false, alpha, beta);
    case Activation::GeluTanh: return gelu(d, x, true, alpha, beta);
  }
  return x;
}

}  // namespace vf::sem
