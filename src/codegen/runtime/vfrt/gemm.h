// vfrt/gemm.h — the float32 GEMM under dense / fused_dense and matmul: C = epilogue(A B)
// with B packed into panels of NR columns, register tiles of up to MR rows x NR columns
// (A broadcast, B's panel row loaded), K cut into blocks of KC, and threads sharing the
// (row block, column block) items through Share. Each element is one FMA chain over k in
// ascending order (a block's partial sums wait in C as exact floats), whatever the blocking
// or the thread: a reassociated sum within docs/codegen.md's bound.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

/// Columns per packed panel, on every target: the emitter packs constant weights with the
/// compiler's build of this header, whose target may differ from the model's.
inline constexpr int NR = 32;
/// Vectors per register-tile row, and rows per register tile at most (two vectors per row
/// and one broadcast: 2 MR + 3 registers of the 32 zmm / 16 ymm or xmm).
inline constexpr int GV = 2;
#if defined(__AVX512F__)
inline constexpr int MR = 12;
#else
inline constexpr int MR = 6;
#endif
/// Sub-panels of GV vectors per panel (1 with AVX-512, 2 with AVX2, 4 without).
inline constexpr int kSubPanels = NR / (GV * VL);
static_assert(kSubPanels * GV * VL == NR);
/// k per block: a panel's KC rows (16 KiB) stay in L1 while every row tile of the block
/// passes over them.
inline constexpr int64_t KC = 256;

/// Floats of B [K, N] packed: whole panels of NR columns.
inline int64_t gemm_packed_elements(int64_t K, int64_t N) { return (N + NR - 1) / NR * NR * K; }

/// Packs B, element (k, n) at b[k * sk + n * sn], as bp[n / NR][k][n % NR] (zero past N):
/// dense's weight w [N, K] with (sk, sn) = (1, K), matmul's b [K, N] with (N, 1).
inline void pack_panels(const float* b, int64_t K, int64_t N, int64_t sk, int64_t sn, float* bp) {
  const int64_t np = (N + NR - 1) / NR;
  for (int64_t p = 0; p < np; ++p)
    for (int64_t k = 0; k < K; ++k) {
      float* o = bp + (p * K + k) * NR;
      if (sn == 1 && p * NR + NR <= N) {  // a row of matmul's B: 32 floats in place
        std::memcpy(o, b + k * sk + p * NR, sizeof(float) * NR);
        continue;
      }
      for (int j = 0; j < NR; ++j) {
        const int64_t n = p * NR + j;
        o[j] = n < N ? b[k * sk + n * sn] : 0.f;
      }
    }
}

/// A GEMM's operands: A's rows at a + i * lda (K floats each), B packed (pack_panels), C
/// [M, N] (row stride N; the residual too).
struct GemmArgs {
  const float* a;
  int64_t lda;
  const float* bp;
  float* c;
  int64_t M, K, N;
};

namespace detail {

/// One register tile: rows [i0, i0 + R) x the sub-panel's GV vectors at column n0 (cols of
/// them valid), over k in [k0, k0 + kc), A's rows packed as ap[k][r]. The sums start from
/// C's partial sums unless this is the first block; in the last they go through the
/// epilogue. Returns whether it stored a non-finite value (last block only).
template <int R, Epi E>
__attribute__((always_inline)) inline bool gemm_tile(const GemmArgs& g, const EpiArgs& ea,
                                                     const float* __restrict ap, int64_t i0,
                                                     int64_t n0, int cols, int64_t k0, int64_t kc,
                                                     bool first, bool last) {
  vec acc[R][GV];
  float* c = g.c + i0 * g.N + n0;
  auto ld = [&](const float* p, int v) {
    const int lanes = std::min(VL, cols - v * VL);
    return lanes >= VL ? load(p) : lanes > 0 ? load_partial(p, lanes) : vec{};
  };
  if (first) {
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
      for (int v = 0; v < GV; ++v) acc[r][v] = vec{};
  } else {
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
      for (int v = 0; v < GV; ++v) acc[r][v] = ld(c + r * g.N + v * VL, v);
  }
  // B's panel rows: NR floats apart; this sub-panel starts n0 % NR into them.
  const float* __restrict b = g.bp + ((n0 / NR) * g.K + k0) * NR + n0 % NR;
#pragma GCC unroll 4
  for (int64_t k = 0; k < kc; ++k) {
    vec bv[GV];
#pragma GCC unroll 4
    for (int v = 0; v < GV; ++v) bv[v] = load(b + k * NR + v * VL);
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r) {
      const vec av = splat(ap[k * R + r]);
#pragma GCC unroll 4
      for (int v = 0; v < GV; ++v) acc[r][v] = fmadd(av, bv[v], acc[r][v]);
    }
  }
  bool bad = false;
#pragma GCC unroll 16
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
    for (int v = 0; v < GV; ++v) {
      const int lanes = std::min(VL, cols - v * VL);
      if (lanes <= 0) continue;
      float* o = c + r * g.N + v * VL;
      vec y = acc[r][v];
      if (last) {
        const int64_t n = n0 + v * VL;
        auto ldl = [&](const float* p) { return lanes == VL ? load(p) : load_partial(p, lanes); };
        if (any_non_finite(y)) y = infinite_to_nan(y);
        if constexpr (E.bias) y = y + ldl(ea.bias + n);
        if constexpr (E.scale) y = y * ldl(ea.scale + n);
        if constexpr (E.shift) y = y + ldl(ea.shift + n);
        if constexpr (E.residual) y = y + ldl(ea.residual + (i0 + r) * g.N + n);
        y = act_v<E.act>(y, E.alpha, E.beta);
        bad |= any_non_finite(y);
      }
      if (lanes == VL)
        store(o, y);
      else
        store_partial(o, y, lanes);
    }
  return bad;
}

/// The row tiles of rows [r0, r1): balanced heights of at most MR.
inline int64_t gemm_row_tiles(int64_t r0, int64_t r1) { return (r1 - r0 + MR - 1) / MR; }
inline int64_t gemm_tile_row(int64_t r0, int64_t r1, int64_t t) {
  return r0 + (r1 - r0) * t / gemm_row_tiles(r0, r1);
}

/// Copies A's rows [r0, r1) x columns [k0, k0 + kc) tile by tile (gemm_tile_row) as
/// ap[(i0 - r0) * kc + k * h + r] for the tile of h rows from i0: each tile's broadcasts one
/// stream (rows of a long K are 4 KiB multiples apart, the same L1 sets).
inline void gemm_pack_a(const GemmArgs& g, int64_t r0, int64_t r1, int64_t k0, int64_t kc,
                        float* ap) {
  const int64_t nt = gemm_row_tiles(r0, r1);
  for (int64_t t = 0; t < nt; ++t) {
    const int64_t i0 = gemm_tile_row(r0, r1, t), h = gemm_tile_row(r0, r1, t + 1) - i0;
    float* o = ap + (i0 - r0) * kc;
    for (int64_t r = 0; r < h; ++r) {
      const float* ar = g.a + (i0 + r) * g.lda + k0;
      for (int64_t k = 0; k < kc; ++k) o[k * h + r] = ar[k];
    }
  }
}

/// Row tiles of rows [r0, r1) x one column sub-panel (A packed by gemm_pack_a).
template <Epi E>
inline bool gemm_tile_rows(const GemmArgs& g, const EpiArgs& ea, const float* ap, int64_t r0,
                           int64_t r1, int64_t n0, int cols, int64_t k0, int64_t kc, bool first,
                           bool last) {
  const int64_t nt = gemm_row_tiles(r0, r1);
  bool bad = false;
  for (int64_t t = 0; t < nt; ++t) {
    const int64_t i0 = gemm_tile_row(r0, r1, t);
    const int h = static_cast<int>(gemm_tile_row(r0, r1, t + 1) - i0);
    const float* at = ap + (i0 - r0) * kc;
    switch (h) {
#define VF_GEMM_CASE(R)                                                          \
  case R:                                                                        \
    if constexpr (R <= MR)                                                       \
      bad |= gemm_tile<R, E>(g, ea, at, i0, n0, cols, k0, kc, first, last);      \
    break;
      VF_GEMM_CASE(1) VF_GEMM_CASE(2) VF_GEMM_CASE(3) VF_GEMM_CASE(4) VF_GEMM_CASE(5)
      VF_GEMM_CASE(6) VF_GEMM_CASE(7) VF_GEMM_CASE(8) VF_GEMM_CASE(9) VF_GEMM_CASE(10)
      VF_GEMM_CASE(11) VF_GEMM_CASE(12) VF_GEMM_CASE(13) VF_GEMM_CASE(14)
#undef VF_GEMM_CASE
      default: break;
    }
  }
  return bad;
}

}  // namespace detail

/// Floats of A's packed row block (gemm_pack_a), per thread.
inline constexpr int64_t kGemmABlock = 32768;
inline constexpr int64_t gemm_scratch_elements(int threads) {
  return int64_t{threads} * kGemmABlock;
}

/// C = epilogue(A B) (epilogue per column n: bias[n], scale[n], shift[n], then residual at
/// C's own index, the activation); a non-finite result is recomputed in the semantics' order
/// (the sum over k from +0 with one rounding per operation, then the epilogue). `par`: share
/// the items among VFRT_THREADS threads; `scratch`: gemm_scratch_elements(VFRT_THREADS).
template <Epi E>
void gemm_packed(const GemmArgs& g, const EpiArgs& ea, float* scratch, bool par) {
  // Items: blocks of rows (A's rows of a K block within 128 KiB, in L2) x blocks of
  // panels (at least 4 items per thread when the shape allows).
  const int64_t np = (g.N + NR - 1) / NR;
  const int64_t kc_max = std::min<int64_t>(g.K, KC);
  const int64_t mc = std::max<int64_t>(1, kGemmABlock / std::max<int64_t>(kc_max, 1));
  const int64_t nrb = (g.M + mc - 1) / mc;
  const int64_t want = 4 * VFRT_THREADS;
  const int64_t ppb =
      std::max<int64_t>(1, std::min<int64_t>(8, np * nrb / std::max<int64_t>(want, 1)));
  const int64_t ncb = (np + ppb - 1) / ppb;
  std::atomic<bool> bad{false};
  auto item = [&](int64_t it) {
    const int64_t rb = it / ncb, cb = it % ncb;
    const int64_t r0 = g.M * rb / nrb, r1 = g.M * (rb + 1) / nrb;
    const int64_t p0 = cb * ppb, p1 = std::min(np, p0 + ppb);
    bool nf = false;
    float* const ap = scratch + kGemmABlock * thread_num();
    for (int64_t k0 = 0; k0 < g.K || k0 == 0; k0 += KC) {
      const int64_t kc = std::min<int64_t>(KC, g.K - k0);
      const bool first = k0 == 0, last = k0 + KC >= g.K;
      detail::gemm_pack_a(g, r0, r1, k0, kc, ap);
      for (int64_t p = p0; p < p1; ++p)
        for (int s = 0; s < kSubPanels; ++s) {
          const int64_t n0 = p * NR + s * GV * VL;
          if (n0 >= g.N) break;
          const int cols = static_cast<int>(std::min<int64_t>(GV * VL, g.N - n0));
          nf |= detail::gemm_tile_rows<E>(g, ea, ap, r0, r1, n0, cols, k0, kc, first, last);
        }
      if (g.K == 0) break;
    }
    if (nf) bad.store(true, std::memory_order_relaxed);
  };
  parallel_for(nrb * ncb, (g.M / nrb) * ppb * NR * g.K, par, item);
  if (!bad.load(std::memory_order_relaxed)) return;
  for (int64_t i = 0; i < g.M; ++i)
    for (int64_t n = 0; n < g.N; ++n) {
      float& v = g.c[i * g.N + n];
      if (std::isfinite(v)) continue;
      float acc = 0.f;
      for (int64_t k = 0; k < g.K; ++k)
        acc = acc + g.a[i * g.lda + k] * g.bp[((n / NR) * g.K + k) * NR + n % NR];
      v = epilogue_s<E>(acc, ea, n, i * g.N + n);
    }
}

}  // namespace vfrt
