// vfrt/epilogue.h — the activations of vfrt.h and the epilogue that conv2d, dense and
// Winograd fuse into their stores (bias, scale, shift, residual, activation), scalar and on
// vectors, each exactly the semantics' float32 operations.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

// ---------------------------------------------------------------------------------------
// Activations, exactly as vfuse's scalar_ops.h (NaN passes through relu, leaky_relu,
// clip, hard_sigmoid as written there).

/// The activation of a fused epilogue (same order as vfuse's Activation).
enum class Act : int {
  None,
  Relu,
  LeakyRelu,
  Clip,
  Sigmoid,
  HardSigmoid,
  HardSwish,
  Silu,
  Mish,
  Gelu,
  GeluTanh
};

/// A fused epilogue: y = act(((acc + bias[c]) * scale[c] + shift[c]) + residual[i]),
/// each part present when its flag is set; alpha / beta are the activation's parameters
/// (leaky_relu alpha; clip min / max; hard_sigmoid alpha / beta; gelu's two constants, see
/// gelu_erf_s), rounded to float as the f32 interpreter rounds them.
struct Epi {
  bool bias = false, scale = false, shift = false, residual = false;
  Act act = Act::None;
  float alpha = 0, beta = 0;
};

/// The epilogue's operands (null when absent): per-channel bias / scale / shift, and the
/// residual, read at the output's own index.
struct EpiArgs {
  const float* bias = nullptr;
  const float* scale = nullptr;
  const float* shift = nullptr;
  const float* residual = nullptr;
};

inline float clip_s(float x, float lo, float hi) { return x < lo ? lo : (hi < x ? hi : x); }
inline float softplus_s(float x);

/// gelu, both forms, as scalar_ops.h: p, q are the divisor and multiplier of erf's argument
/// or the tanh form's scale and cubic coefficient, each the float32 rounding of the
/// attribute (as vfuse's float domain rounds a literal). The erf form reads the semantics'
/// erf (erf32.h), the tanh form the semantics' tanh (tanh32.h). The standalone gelu
/// (pointwise.h, Un::GeluErf / GeluTanh) and the fused epilogue both call these.
inline float gelu_erf_s(float x, float p, float q) {
  return 0.5f * x * (1.f + erf_s(x / p * q));
}
inline float gelu_tanh_s(float x, float p, float q) {
  return 0.5f * x * (1.f + tanh_s(p * (x + q * (x * x * x))));
}
/// gelu_erf_s lane by lane, the same operations (erf_v equals erf_s bit for bit).
inline vec gelu_erf_v(vec x, float p, float q) {
  return splat(0.5f) * x * (splat(1.f) + erf_v(x / splat(p) * splat(q)));
}
/// gelu_tanh_s lane by lane, the same operations (tanh_v equals tanh_s bit for bit).
inline vec gelu_tanh_v(vec x, float p, float q) {
  return splat(0.5f) * x * (splat(1.f) + tanh_v(splat(p) * (x + splat(q) * (x * x * x))));
}
/// gelu_erf_v and gelu_tanh_v out of line, for the fused epilogues: a GEMM or conv tile
/// unrolls its epilogue over every register of the tile, and erf's or tanh's two
/// polynomials inlined a few dozen times over spilled the accumulators and overflowed the
/// instruction cache (fused dense + gelu ran 1.3 ms slower than dense, then gelu). One call
/// per vector costs a few cycles against erf's hundred.
[[gnu::noinline]] inline vec gelu_erf_call(vec x, float p, float q) {
  return gelu_erf_v(x, p, q);
}
[[gnu::noinline]] inline vec gelu_tanh_call(vec x, float p, float q) {
  return gelu_tanh_v(x, p, q);
}

template <Act A>
inline float act_s(float x, float alpha, float beta) {
  if constexpr (A == Act::None) return x;
  if constexpr (A == Act::Relu) return x < 0.f ? 0.f : x;
  if constexpr (A == Act::LeakyRelu) return x < 0.f ? alpha * x : x;
  if constexpr (A == Act::Clip) return clip_s(x, alpha, beta);
  if constexpr (A == Act::Sigmoid) return 1.f / (1.f + exp_s(-x));
  if constexpr (A == Act::HardSigmoid) return clip_s(alpha * x + beta, 0.f, 1.f);
  if constexpr (A == Act::HardSwish) return x * clip_s(x + 3.f, 0.f, 6.f) / 6.f;
  if constexpr (A == Act::Silu) return x * (1.f / (1.f + exp_s(-x)));
  if constexpr (A == Act::Mish) return x * tanh_s(softplus_s(x));
  if constexpr (A == Act::Gelu) return gelu_erf_s(x, alpha, beta);
  if constexpr (A == Act::GeluTanh) return gelu_tanh_s(x, alpha, beta);
  return x;
}

inline vec clip_v(vec x, vec lo, vec hi) { return select(x < lo, lo, select(hi < x, hi, x)); }

template <Act A>
inline vec act_v(vec x, float alpha, float beta) {
  if constexpr (A == Act::None) return x;
  if constexpr (A == Act::Relu) return select(x < splat(0.f), splat(0.f), x);
  if constexpr (A == Act::LeakyRelu) return select(x < splat(0.f), splat(alpha) * x, x);
  if constexpr (A == Act::Clip) return clip_v(x, splat(alpha), splat(beta));
  if constexpr (A == Act::Sigmoid || A == Act::Silu) {
    const vec sg = splat(1.f) / (splat(1.f) + exp_v(-x));
    return A == Act::Sigmoid ? sg : x * sg;
  }
  if constexpr (A == Act::HardSigmoid)
    return clip_v(splat(alpha) * x + splat(beta), splat(0.f), splat(1.f));
  if constexpr (A == Act::HardSwish)
    return x * clip_v(x + splat(3.f), splat(0.f), splat(6.f)) / splat(6.f);
  if constexpr (A == Act::Mish) {
    vec sp;
    for (int i = 0; i < VL; ++i) sp[i] = softplus_s(x[i]);  // libm's logf lane by lane
    return x * tanh_v(sp);
  }
  if constexpr (A == Act::Gelu) return gelu_erf_call(x, alpha, beta);
  if constexpr (A == Act::GeluTanh) return gelu_tanh_call(x, alpha, beta);
  return x;
}

/// Whether an activation is costly enough (erf's or tanh's two polynomials) that a tile's
/// epilogue applies it after storing the tile, in a loop over the stored rows with the
/// function inline, rather than on the accumulators through gelu_*_call: the call clobbers
/// every vector register, so the tile's accumulators were spilled around each call.
constexpr bool act_deferred(Act a) { return a == Act::Gelu || a == Act::GeluTanh; }

/// act_v with erf's and tanh's gelu inline (act_deferred's loop; nothing else live).
template <Act A>
inline vec act_inline_v(vec x, float alpha, float beta) {
  if constexpr (A == Act::Gelu) return gelu_erf_v(x, alpha, beta);
  else if constexpr (A == Act::GeluTanh) return gelu_tanh_v(x, alpha, beta);
  else return act_v<A>(x, alpha, beta);
}

/// The per-channel part of the epilogue (bias, scale, shift) for channel c.
template <Epi E>
inline vec epi_channel(vec acc, const EpiArgs& a, int64_t c) {
  if constexpr (E.bias) acc = acc + splat(a.bias[c]);
  if constexpr (E.scale) acc = acc * splat(a.scale[c]);
  if constexpr (E.shift) acc = acc + splat(a.shift[c]);
  return acc;
}
template <Epi E>
inline float epi_channel_s(float acc, const EpiArgs& a, int64_t c) {
  if constexpr (E.bias) acc = acc + a.bias[c];
  if constexpr (E.scale) acc = acc * a.scale[c];
  if constexpr (E.shift) acc = acc + a.shift[c];
  return acc;
}

/// The whole epilogue on one float in the semantics' order: channel c's bias, scale and
/// shift, the residual at `flat`, the activation.
template <Epi E>
inline float epilogue_s(float acc, const EpiArgs& a, int64_t c, int64_t flat) {
  acc = epi_channel_s<E>(acc, a, c);
  if constexpr (E.residual) acc = acc + a.residual[flat];
  return act_s<E.act>(acc, E.alpha, E.beta);
}

}  // namespace vfrt
