// vfrt/conv.h — what the float32 conv2d kernels share: the layer's shape (Conv), the packed
// weights and scratch sizes the emitter asks for, and the recomputation of non-finite
// results in the semantics' order.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

// ---------------------------------------------------------------------------------------
// conv2d / fused_conv2d

/// R: output channels of a register tile (and of a packed weight block).
inline constexpr int R = 8;
#if defined(__AVX512F__)
inline constexpr int NVMAX = 3;  // 8 x 3 zmm accumulators, 3 pixel vectors, 1 broadcast
#else
inline constexpr int NVMAX = 1;  // 8 accumulators: fits 16 ymm / xmm registers
#endif

/// A conv2d layer's shape: x [N, C, H, W], w [O, C / groups, KH, KW] (OIHW), y [N, O, OH,
/// OW]; strides, top / left padding, dilation (bottom / right padding is implied by OH /
/// OW: taps outside the input read 0).
struct Conv {
  int N, C, H, W, O, OH, OW, KH, KW, sh, sw, pt, pl, dh, dw, groups;
  constexpr int cin_g() const { return C / groups; }
  constexpr int cout_g() const { return O / groups; }
  constexpr int taps() const { return KH * KW; }
  /// Depthwise: one input channel per group and one output channel per input channel.
  constexpr bool depthwise() const { return groups == C && O == C && groups > 1; }
  constexpr Window window() const { return Window{H, W, OH, OW, KH, KW, sh, sw, pt, pl, dh, dw}; }
  /// The input is read in place only by unpadded 1x1 stride-1 convs.
  constexpr bool packs_input() const {
    return !(KH == 1 && KW == 1 && sh == 1 && sw == 1 && pt == 0 && pl == 0 && OH == H && OW == W);
  }
  /// Output-channel blocks of R per group.
  constexpr int blocks() const { return (cout_g() + R - 1) / R; }
};

/// Floats of the packed weights of `s` (see pack_conv2d).
inline int64_t conv2d_packed_elements(const Conv& s) {
  if (s.depthwise()) return int64_t{s.O} * s.taps();
  return int64_t{s.groups} * s.blocks() * R * s.cin_g() * s.taps();
}

/// Packs OIHW weights for conv2d<s>: depthwise, as they are ([C][KH*KW]); otherwise
/// wp[g][block][c][kh * KW + kw][r] = w[g * cout_g + block * R + r][c][kh][kw], zero for
/// channels past cout_g. Called by vfuse at emit time (the result is in the weights
/// file) and by the emitted code for weights that are not constants.
inline void pack_conv2d(const Conv& s, const float* w, float* out) {
  if (s.depthwise()) {
    std::memcpy(out, w, sizeof(float) * static_cast<size_t>(conv2d_packed_elements(s)));
    return;
  }
  const int T = s.taps(), Ci = s.cin_g(), Co = s.cout_g();
  int64_t k = 0;
  for (int g = 0; g < s.groups; ++g)
    for (int b = 0; b < s.blocks(); ++b)
      for (int c = 0; c < Ci; ++c)
        for (int t = 0; t < T; ++t)
          for (int r = 0; r < R; ++r, ++k) {
            const int o = b * R + r;
            out[k] = o < Co ? w[(int64_t{g * Co + o} * Ci + c) * T + t] : 0.f;
          }
}

// ---------------------------------------------------------------------------------------
// Non-finite results of the reassociated kernels. conv2d / dense sum in another order
// than the semantics (and Winograd sums other terms); on finite data the difference is
// the rounding docs/codegen.md bounds. A NaN or an infinity is not a rounding: a padded tap
// multiplies an infinite weight by 0, Winograd's transforms subtract two infinities or
// overflow where the sum itself does not. So every kernel notes when it stored a non-finite
// value, and then recomputes each non-finite element of its output in the semantics'
// order (the interpreter's float32 arithmetic, bit for bit), reading the weights from
// their packing through `w(o, c, tap)`. An infinite sum is made NaN before the epilogue:
// an activation would map it to a number (clip, relu, the sigmoids), and an infinity of
// the kernel's own (an overflow in Winograd's transforms or in its order of summation)
// must not reach the output that way; NaN passes every epilogue operation and activation
// (scalar_ops.h), so the element is recomputed.

namespace detail {

/// conv2d output element (n, o, oh, ow) as vfuse's semantics computes it in float32: the
/// window sum over taps (kh, kw) inside the input, channels innermost, from +0; then the
/// epilogue.
template <Conv S, Epi E, class W>
float conv2d_reference(const float* x, W w, const EpiArgs& a, int n, int o, int oh, int ow) {
  const int g = o / S.cout_g();
  const float* xg = x + (int64_t{n} * S.C + int64_t{g} * S.cin_g()) * S.H * S.W;
  float acc = 0.f;
  for (int kh = 0; kh < S.KH; ++kh) {
    const int ih = oh * S.sh - S.pt + kh * S.dh;
    if (ih < 0 || ih >= S.H) continue;
    for (int kw = 0; kw < S.KW; ++kw) {
      const int iw = ow * S.sw - S.pl + kw * S.dw;
      if (iw < 0 || iw >= S.W) continue;
      for (int ci = 0; ci < S.cin_g(); ++ci)
        acc = acc + xg[(int64_t{ci} * S.H + ih) * S.W + iw] * w(o, ci, kh * S.KW + kw);
    }
  }
  return epilogue_s<E>(acc, a, o, ((int64_t{n} * S.O + o) * S.OH + oh) * S.OW + ow);
}

/// Recomputes every non-finite element of conv2d<S, E>'s output y.
template <Conv S, Epi E, class W>
void conv2d_fix_non_finite(const float* x, W w, float* y, const EpiArgs& a) {
  for (int n = 0; n < S.N; ++n)
    for (int o = 0; o < S.O; ++o)
      for (int oh = 0; oh < S.OH; ++oh)
        for (int ow = 0; ow < S.OW; ++ow) {
          float& v = y[((int64_t{n} * S.O + o) * S.OH + oh) * S.OW + ow];
          if (!std::isfinite(v)) v = conv2d_reference<S, E>(x, w, a, n, o, oh, ow);
        }
}

}  // namespace detail

/// Scratch floats conv2d<s> needs (the padded input copy; depthwise: one channel's per
/// thread) with `threads` threads and vector length `vl` (an emitter that does not know
/// the target passes kMaxVL: enough for every build).
inline int64_t conv2d_scratch_elements(const Conv& s, int threads = VFRT_THREADS, int vl = VL) {
  const Window w = s.window();
  if (s.depthwise()) return (w.channel_stride() + w.slack(vl)) * threads;
  if (!s.packs_input()) return 0;
  return s.C * w.channel_stride() + w.slack(vl);
}

namespace detail {

/// N offsets computed at compile time (a kernel's taps, pixels or tiles).
template <int N>
struct Offsets {
  int64_t v[N];
};

}  // namespace detail

}  // namespace vfrt
