// vfrt/depthwise.h — the float32 depthwise conv2d (one input channel per group), which
// conv2d<S, E> runs when S.depthwise(): per channel, register tiles of several output rows
// whose taps are ordered so that each input vector is loaded once per tile.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

namespace detail {

/// Depthwise register tiles: accumulators (G output rows x NV vectors) and most vectors
/// of a row chunk.
inline constexpr int kDwAcc = VL == 16 ? 24 : 10;
inline constexpr int kDwNV = VL == 16 ? 4 : 2;

/// One multiply-add of a depthwise row tile: output row g of the tile += tap t's weight x
/// the vectors loaded last; `load`: load the vectors at `off` (from the tile's first wide
/// pixel) first.
struct DwStep {
  int64_t off = 0;
  int g = 0, t = 0;
  bool load = false;
};

/// The steps of a depthwise tile of G output rows: every (row, tap) pair, ordered by the
/// input address it reads, so that each distinct address is loaded once (rows of a stride-1
/// 5x5 tile share 4 of every 5 input rows: G + 4 row loads per column shift instead of 5 G).
template <Conv S, int G>
struct DwSteps {
  static constexpr int N = G * S.KH * S.KW;
  DwStep s[N];
};
template <Conv S, int G>
constexpr DwSteps<S, G> dw_steps() {
  constexpr int T = S.KH * S.KW;
  const Window w = S.window();
  DwSteps<S, G> d{};
  int64_t addr[G * T] = {};
  bool done[G * T] = {};
  for (int g = 0; g < G; ++g)
    for (int t = 0; t < T; ++t)
      addr[g * T + t] = int64_t{g} * w.Wq() + w.tap_offset(t / S.KW, t % S.KW);
  int n = 0;
  for (int i = 0; i < G * T; ++i) {  // addresses in increasing order, each once
    int best = -1;
    for (int j = 0; j < G * T; ++j)
      if (!done[j] && (best < 0 || addr[j] < addr[best])) best = j;
    for (int j = 0; j < G * T; ++j)
      if (!done[j] && addr[j] == addr[best]) {
        d.s[n] = DwStep{addr[j], j / T, j % T, j == best};
        done[j] = true;
        ++n;
      }
    if (n == G * T) break;
  }
  return d;
}

template <Conv S, int G>
inline constexpr DwSteps<S, G> kDwSteps = dw_steps<S, G>();

/// Step I of a depthwise tile (forced inline, as is dw_steps_run: the accumulators must
/// stay in registers).
template <Conv S, int G, int NV, int I>
__attribute__((always_inline)) inline void dw_step(const float* __restrict xr,
                                                   const float* __restrict wc, vec (&acc)[G][NV],
                                                   vec (&xv)[NV]) {
  constexpr DwStep f = kDwSteps<S, G>.s[I];
#if defined(__AVX512F__)
  // Loads and broadcasts that GCC may not fold, merge or hoist: it folds an input load
  // into every FMA that reads it (a split unaligned load each time), and keeps the 25
  // weights in registers across tiles, leaving too few for the accumulators.
  if constexpr (f.load)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) xv[v] = load_opaque(xr + f.off + v * VL);
  const vec wv = splat_opaque(wc[f.t]);
#else
  if constexpr (f.load)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) xv[v] = load(xr + f.off + v * VL);
  const vec wv = splat(wc[f.t]);
#endif
#pragma GCC unroll 4
  for (int v = 0; v < NV; ++v) acc[f.g][v] = fmadd(wv, xv[v], acc[f.g][v]);
}

template <Conv S, int G, int NV, int... I>
__attribute__((always_inline)) inline void dw_steps_run(const float* __restrict xr,
                                                        const float* __restrict wc,
                                                        vec (&acc)[G][NV],
                                                        std::integer_sequence<int, I...>) {
  vec xv[NV];
  (dw_step<S, G, NV, I>(xr, wc, acc, xv), ...);
}

/// acc[g][v] = the window sums of output rows g < G of a tile at xr (its first wide pixel in
/// the channel's planes), NV vectors of each row, weights wc[KH * KW].
template <Conv S, int G, int NV>
__attribute__((always_inline)) inline void dw_tile(const float* __restrict xr,
                                                   const float* __restrict wc, vec (&acc)[G][NV]) {
#pragma GCC unroll 8
  for (int g = 0; g < G; ++g)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) acc[g][v] = vec{};
  dw_steps_run<S, G, NV>(xr, wc, acc, std::make_integer_sequence<int, DwSteps<S, G>::N>{});
}

/// Depthwise conv2d: per channel, the padded phase planes in scratch, then tiles of G output
/// rows x NV vectors (dw_tile: each input vector loaded once per tile, taps innermost), the
/// epilogue in registers. Rows and row chunks are balanced over the tiles.
template <Conv S, Epi E>
void conv2d_depthwise(const float* x, const float* w, float* y, float* scratch, const EpiArgs& a) {
  std::atomic<bool> bad{false};
  constexpr Window win = S.window();
  constexpr int T = S.KH * S.KW;
  constexpr int Wq = win.Wq();
  constexpr int nvecs = (S.OW + VL - 1) / VL;
  constexpr int nchunks = (nvecs + kDwNV - 1) / kDwNV;
  constexpr int NV = (nvecs + nchunks - 1) / nchunks;  // vectors of a row chunk
  constexpr int GMAX = std::max(1, kDwAcc / NV);
  constexpr int ngroups = (S.OH + GMAX - 1) / GMAX;
  constexpr int G = (S.OH + ngroups - 1) / ngroups;  // rows of a tile
  constexpr int GL = S.OH - (ngroups - 1) * G;       // of the last one
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  constexpr int64_t per_thread = win.channel_stride() + win.slack();
  // Each thread's planes: the padding and the slack zeroed once, then per channel only the
  // input's places written (a 2-row plane with 2 rows of padding each side was 3 times the
  // input, and its fills cost more than the copy). Items: the (sample, channel) planes.
  Share share(int64_t{S.N} * S.C, share_grain(ohw * T));
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp parallel num_threads(VFRT_THREADS) if (S.N * S.C * ohw * T > (1 << 18))
#endif
  {
    float* const xq = scratch + per_thread * thread_num();
    std::fill(xq, xq + per_thread, 0.f);
    share.run([&](int64_t nc) {
      const int c = static_cast<int>(nc % S.C);
      pack_planes(x + nc * S.H * S.W, xq, 1, win, 0.f, false, false);
      const float* wc = w + int64_t{c} * T;
      float* yc = y + nc * ohw;
      const float* rc = E.residual ? a.residual + nc * ohw : nullptr;
      // Output rows oh0 .. oh0 + GG, columns ow .. ow + NV VL (the last chunk's vectors read
      // up to NV VL past OW: into the next row or the slack).
      auto tile = [&]<int GG>(int oh0, int ow) {
        vec acc[GG][NV];
        dw_tile<S, GG, NV>(xq + int64_t{oh0} * Wq + ow, wc, acc);
        const int len = std::min(NV * VL, S.OW - ow);
#pragma GCC unroll 8
        for (int g = 0; g < GG; ++g)
#pragma GCC unroll 4
          for (int v = 0; v < NV; ++v) {
            if (v * VL >= len) break;
            const int lanes = std::min(VL, len - v * VL);
            const int64_t o = int64_t{oh0 + g} * S.OW + ow + v * VL;
            vec yv = acc[g][v];
            if (any_non_finite(yv)) yv = infinite_to_nan(yv);
            yv = epi_channel<E>(yv, a, c);
            if constexpr (E.residual)
              yv = yv + (lanes == VL ? load(rc + o) : load_partial(rc + o, lanes));
            yv = act_v<E.act>(yv, E.alpha, E.beta);
            if (any_non_finite(yv)) bad.store(true, std::memory_order_relaxed);
            if (lanes == VL)
              store(yc + o, yv);
            else
              store_partial(yc + o, yv, lanes);
          }
      };
      for (int gi = 0; gi < ngroups; ++gi)
        for (int ow = 0; ow < S.OW; ow += NV * VL) {
          if (gi + 1 < ngroups)
            tile.template operator()<G>(gi * G, ow);
          else
            tile.template operator()<GL>(gi * G, ow);
        }
    });
  }
  if (bad.load(std::memory_order_relaxed))  // weights as they are: [C][KH * KW]
    conv2d_fix_non_finite<S, E>(
        x, [w](int o, int, int t) { return w[int64_t{o} * S.taps() + t]; }, y, a);
}

}  // namespace detail

}  // namespace vfrt
