// vfrt/conv_small.h — conv2d_small, the float32 conv2d of small planes (at most 64 output
// pixels), with the output channels in the vector lanes where a plane would fill too few.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

// ---------------------------------------------------------------------------------------
// Small planes (vfuse's codegen/conv_algorithm.h decides which layers: one group, at most
// 64 output pixels): output channels in the vector lanes, a register tile of CV vectors of
// channels x PX pixels, each step loading CV weight vectors and broadcasting PX input
// values. Weights packed as [block of 16 channels][c][kh * KW + kw][16] (zero past O).
// The input channels are taken in chunks whose weights stay in cache; between chunks the
// partial sums wait in memory (exact floats, so the chunking changes no rounding).

/// Output channels of a packed block of the small-plane kernel (every target).
inline constexpr int SB = 16;

inline int64_t conv2d_small_packed_elements(const Conv& s) {
  return int64_t{(s.O + SB - 1) / SB} * SB * s.C * s.taps();
}

/// Packs OIHW weights for conv2d_small<s>: wp[ob][c][t][k] = w[ob * SB + k][c][t].
inline void pack_conv2d_small(const Conv& s, const float* w, float* out) {
  const int T = s.taps(), nb = (s.O + SB - 1) / SB;
  int64_t k = 0;
  for (int b = 0; b < nb; ++b)
    for (int c = 0; c < s.C; ++c)
      for (int t = 0; t < T; ++t)
        for (int r = 0; r < SB; ++r, ++k) {
          const int o = b * SB + r;
          out[k] = o < s.O ? w[(int64_t{o} * s.C + c) * T + t] : 0.f;
        }
}

namespace detail {

/// Channel vectors and most pixels of a small-plane register tile (CV x PX accumulators).
inline constexpr int SCV = VL == 16 ? 2 : 1;
inline constexpr int SPX = VL == 16 ? 12 : 6;

/// The wide-grid index of every output pixel of S (oh * Wq + ow).
template <Conv S, int NP>
constexpr Offsets<NP> small_pixels() {
  Offsets<NP> o{};
  const int Wq = S.packs_input() ? S.window().Wq() : S.W;
  for (int p = 0; p < NP; ++p) o.v[p] = int64_t{p / S.OW} * Wq + p % S.OW;
  return o;
}

/// One step of a lanes register tile (small_tile, wino_lanes_tile): acc[v][q] += w[v] x
/// the broadcast x[idx[q0 + q]] for its NP pixels or tiles.
template <int NP, int N>
__attribute__((always_inline)) inline void lanes_step(const vec (&w)[SCV], const float* x,
                                                      const Offsets<N>& idx, int q0,
                                                      vec (&acc)[SCV][NP]) {
#pragma GCC unroll 12
  for (int q = 0; q < NP; ++q) {
    const vec xb = splat(x[idx.v[q0 + q]]);
#pragma GCC unroll 2
    for (int v = 0; v < SCV; ++v) acc[v][q] = fmadd(w[v], xb, acc[v][q]);
  }
}

/// acc (in memory, [CV][NP] vectors) += the sums over channels c0 .. c1 and taps of the
/// pixels q0 .. q0 + NP, for the CV channel vectors from channel `ch0`.
template <Conv S, int NP>
inline void small_tile(const float* __restrict xq, const float* __restrict wp, int64_t xcs, int ch0,
                       int q0, int c0, int c1, vec* __restrict accm) {
  constexpr int T = S.KH * S.KW;
  constexpr Offsets<T> off = tap_offsets<S>();
  constexpr Offsets<S.OH* S.OW> pix = small_pixels<S, S.OH * S.OW>();
  vec acc[SCV][NP];
#pragma GCC unroll 2
  for (int v = 0; v < SCV; ++v)
#pragma GCC unroll 12
    for (int q = 0; q < NP; ++q) acc[v][q] = accm[v * NP + q];
  const float* wv[SCV];
#pragma GCC unroll 2
  for (int v = 0; v < SCV; ++v) {
    const int ch = ch0 + v * VL;
    wv[v] = wp + int64_t{ch / SB} * S.C * T * SB + ch % SB;
  }
  for (int c = c0; c < c1; ++c) {
    const float* xc = xq + c * xcs;
#pragma GCC unroll 9
    for (int t = 0; t < T; ++t) {
      vec w[SCV];
#pragma GCC unroll 2
      for (int v = 0; v < SCV; ++v) w[v] = load(wv[v] + (int64_t{c} * T + t) * SB);
      lanes_step<NP>(w, xc + off.v[t], pix, q0, acc);
    }
  }
#pragma GCC unroll 2
  for (int v = 0; v < SCV; ++v)
#pragma GCC unroll 12
    for (int q = 0; q < NP; ++q) accm[v * NP + q] = acc[v][q];
}

/// The epilogue's per-channel part on a vector of output channels ch .. ch + lanes (the
/// lanes past them are not read), then, without a residual, the activation; `nf` notes a
/// non-finite result.
template <Epi E>
inline vec lanes_epilogue(vec yv, const EpiArgs& a, int ch, int lanes, bool& nf) {
  auto ld = [&](const float* p) { return lanes == VL ? load(p) : load_partial(p, lanes); };
  if (any_non_finite(yv)) yv = infinite_to_nan(yv);
  if constexpr (E.bias) yv = yv + ld(a.bias + ch);
  if constexpr (E.scale) yv = yv * ld(a.scale + ch);
  if constexpr (E.shift) yv = yv + ld(a.shift + ch);
  if constexpr (!E.residual) yv = act_v<E.act>(yv, E.alpha, E.beta);
  nf |= any_non_finite(yv);
  return yv;
}

/// Stores tb[p][k] (the NP pixels of a plane x CB channels from ch0, rv of them valid) into
/// sample n's NCHW output, adding the residual and applying the activation when there is a
/// residual; `nf` notes a non-finite result.
template <Conv S, Epi E, int NP, int CB>
inline void lanes_store(const float (*tb)[CB], float* y, const EpiArgs& a, int n, int ch0, int rv,
                        bool& nf) {
  for (int k = 0; k < rv; ++k) {
    const int64_t at = (int64_t{n} * S.O + ch0 + k) * NP;
    float* yc = y + at;
    if constexpr (E.residual) {
      const float* rc = a.residual + at;
      for (int p = 0; p < NP; ++p) {
        yc[p] = act_s<E.act>(tb[p][k] + rc[p], E.alpha, E.beta);
        nf |= !std::isfinite(yc[p]);
      }
    } else {
      for (int p = 0; p < NP; ++p) yc[p] = tb[p][k];
    }
  }
}

}  // namespace detail

/// conv2d / fused_conv2d on small planes (one group): `wp` from pack_conv2d_small,
/// `scratch` holds conv2d_scratch_elements(S) floats (the padded input copy).
template <Conv S, Epi E>
void conv2d_small(const float* x, const float* wp, float* y, float* scratch, const EpiArgs& a) {
  static_assert(S.groups == 1 && S.OH * S.OW <= 64);
  constexpr Window win = S.window();
  constexpr int64_t xcs = S.packs_input() ? win.channel_stride() : int64_t{S.H} * S.W;
  constexpr int T = S.KH * S.KW;
  constexpr int NPIX = S.OH * S.OW;
  constexpr int CB = detail::SCV * VL;      // channels of a tile
  constexpr int nct = (S.O + CB - 1) / CB;  // channel tiles
  constexpr int ntiles = (NPIX + detail::SPX - 1) / detail::SPX;
  constexpr int PX = (NPIX + ntiles - 1) / ntiles;   // pixels of a tile (balanced)
  constexpr int LAST = NPIX - (ntiles - 1) * PX;     // of the last one
  constexpr int KC = std::max(1, 24576 / (CB * T));  // input channels per chunk (96 KiB)
  std::atomic<bool> bad{false};
  for (int n = 0; n < S.N; ++n) {
    const float* xq = x + int64_t{n} * S.C * S.H * S.W;
    if constexpr (S.packs_input()) {
      pack_planes(xq, scratch, S.C, win, 0.f);
      xq = scratch;
    }
    auto tile = [&](int ct) {
      const int ch0 = ct * CB;
      vec accm[ntiles][detail::SCV * PX];
      for (int i = 0; i < ntiles; ++i)
        for (int k = 0; k < detail::SCV * PX; ++k) accm[i][k] = vec{};
      for (int c0 = 0; c0 < S.C; c0 += KC) {
        const int c1 = std::min(S.C, c0 + KC);
        for (int i = 0; i + 1 < ntiles; ++i)
          detail::small_tile<S, PX>(xq, wp, xcs, ch0, i * PX, c0, c1, accm[i]);
        detail::small_tile<S, LAST>(xq, wp, xcs, ch0, (ntiles - 1) * PX, c0, c1, accm[ntiles - 1]);
      }
      // The epilogue's per-channel part and (without a residual) the activation on the
      // vectors, then the transpose into the NCHW output.
      alignas(64) float tb[NPIX][CB];
      bool nf = false;
      for (int i = 0; i < ntiles; ++i) {
        const int np = i + 1 < ntiles ? PX : LAST;
        for (int v = 0; v < detail::SCV; ++v) {
          const int ch = ch0 + v * VL;
          const int lanes = std::max(0, std::min(VL, S.O - ch));
          if (lanes == 0) continue;
          for (int q = 0; q < np; ++q) {
            const vec acc = i + 1 < ntiles ? accm[i][v * PX + q] : accm[i][v * LAST + q];
            store(&tb[i * PX + q][v * VL], detail::lanes_epilogue<E>(acc, a, ch, lanes, nf));
          }
        }
      }
      detail::lanes_store<S, E, NPIX, CB>(tb, y, a, n, ch0, std::min(CB, S.O - ch0), nf);
      if (nf) bad.store(true, std::memory_order_relaxed);
    };
    constexpr bool par = int64_t{S.O} * S.C * T * NPIX > (int64_t{1} << 20);
    parallel_for(nct, int64_t{CB} * S.C * T * NPIX, par,
                 [&](int64_t ct) { tile(static_cast<int>(ct)); });
  }
  if (bad.load(std::memory_order_relaxed))  // wp[block of SB][c][tap][k] (pack_conv2d_small)
    detail::conv2d_fix_non_finite<S, E>(
        x,
        [wp](int o, int c, int t) {
          return wp[((int64_t{o / SB} * S.C + c) * S.taps() + t) * SB + o % SB];
        },
        y, a);
}

}  // namespace vfrt
