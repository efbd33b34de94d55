// vfrt/gemm.h — the float32 GEMM under dense / fused_dense and matmul: C = epilogue(A B)
// with register tiles of up to MR rows x GV vectors (A broadcast, B's row loaded), K cut
// into blocks of KC. B is packed into panels of NR columns, each stored as sub-panels of PS
// columns (at emit time for a constant), or read in place; A is packed once per GEMM (a
// chunk of rows at a time) tile by tile, or read in place when its rows are short. Threads
// share the packing, then the (row block, column block) items, through Share. Each element
// is one FMA chain over k in ascending order (a K block's partial sums wait in a buffer as
// exact floats), whatever the blocking, the operands' layout or the thread: a reassociated
// sum within docs/codegen.md's bound.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

/// Columns per packed panel, on every target: the emitter packs constant weights with the
/// compiler's build of this header, whose target may differ from the model's.
inline constexpr int NR = 32;
/// Columns per packed sub-panel: a panel is NR / PS sub-panels one after the other, each
/// [K][PS], so that a 16-column register tile (AVX2) reads B contiguously: read at 128-byte
/// strides, half of every [k][32] row, its K block filled every way of half of L1's sets
/// and the A tile evicted it (Zen 3, 128 x 768 x 3072: 75.8 -> 80.1 GFLOP/s). AVX-512's
/// 32-column tile reads two sub-panels, K PS floats apart.
inline constexpr int PS = 16;
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
static_assert(GV * VL <= PS ? PS % (GV * VL) == 0 : VL == PS);
/// k per block: a panel's KC rows (32 KiB) stay in L1 while every row tile of the block
/// passes over them.
inline constexpr int64_t KC = 256;

/// Floats of B [K, N] packed: whole panels of NR columns.
inline int64_t gemm_packed_elements(int64_t K, int64_t N) { return (N + NR - 1) / NR * NR * K; }

/// Where packed B holds element (k, n): bp[n / PS][k][n % PS] (panels of NR columns are
/// NR / PS consecutive sub-panels).
inline int64_t packed_index(int64_t K, int64_t k, int64_t n) {
  return ((n / PS) * K + k) * PS + n % PS;
}

/// Packs B, element (k, n) at b[k * sk + n * sn], at packed_index (zero past N, up to a
/// whole panel): dense's weight w [N, K] with (sk, sn) = (1, K), matmul's b [K, N] with
/// (N, 1).
inline void pack_panels(const float* b, int64_t K, int64_t N, int64_t sk, int64_t sn, float* bp) {
  const int64_t nq = (N + NR - 1) / NR * (NR / PS);
  for (int64_t q = 0; q < nq; ++q)
    for (int64_t k = 0; k < K; ++k) {
      float* o = bp + (q * K + k) * PS;
      if (sn == 1 && q * PS + PS <= N) {  // a row of matmul's B: 16 floats in place
        std::memcpy(o, b + k * sk + q * PS, sizeof(float) * PS);
        continue;
      }
      for (int j = 0; j < PS; ++j) {
        const int64_t n = q * PS + j;
        o[j] = n < N ? b[k * sk + n * sn] : 0.f;
      }
    }
}

/// A GEMM's operands: A's rows at a + i * lda (K floats each), B packed (pack_panels) or,
/// for gemm_in_place, B [K, N] itself; C [M, N] (row stride N; the residual too).
struct GemmArgs {
  const float* a;
  int64_t lda;
  const float* bp;
  float* c;
  int64_t M, K, N;
};

/// Where a GEMM reads its operands: A packed tile by tile (lda 0: gemm_pack_tile's
/// [k][row] streams) or in place, rows lda floats apart; B packed in sub-panels (ldb 0:
/// rows PS floats apart) or in place, rows ldb floats apart (a partial last sub-panel's
/// rows read only up to N).
struct GemmLayout {
  int64_t lda = 0, ldb = 0;
};

namespace detail {

/// One register tile: R rows x the sub-panel's GV vectors (cols of them valid) over kc
/// steps of k, A at a (L.lda == 0: a[k * R + r], else a[r * L.lda + k]), B's rows at b
/// (ldb apart; vector v at b + v * vo), C's tile at c (rows ldc apart, its first column n,
/// the residual at the same offset `at` from ea.residual as from C). The sums start from the
/// partial sums at pc (rows pld apart) unless this is the first block, and go back there,
/// except in the last block, where they go through the epilogue into C. Returns whether it
/// stored a non-finite value (last block only). PB: B in place with fewer than GV VL valid columns
/// (the last sub-panel of an N that is not a multiple of NR), its rows read only up to
/// them (the next row, or the end of the buffer, follows).
template <int R, Epi E, GemmLayout L, bool PB = false>
__attribute__((always_inline)) inline bool gemm_tile(const float* __restrict a,
                                                     const float* __restrict b, int64_t vo,
                                                     float* c, int64_t ldc, float* pc, int64_t pld,
                                                     int64_t at, int64_t n, int cols,
                                                     int64_t kc, bool first, bool last,
                                                     const EpiArgs& ea) {
  constexpr int64_t ldb = L.ldb == 0 ? PS : L.ldb;
  vec acc[R][GV];
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
      for (int v = 0; v < GV; ++v) acc[r][v] = ld(pc + r * pld + v * VL, v);
  }
#pragma GCC unroll 4
  for (int64_t k = 0; k < kc; ++k) {
    vec bv[GV];
#pragma GCC unroll 4
    for (int v = 0; v < GV; ++v)
      bv[v] = PB ? ld(b + k * ldb + v * vo, v) : load(b + k * ldb + v * vo);
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r) {
      const vec av = splat(L.lda == 0 ? a[k * R + r] : a[r * L.lda + k]);
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
      float* o = (last ? c + r * ldc : pc + r * pld) + v * VL;
      vec y = acc[r][v];
      if (last) {
        const int64_t nv = n + v * VL;
        auto ldl = [&](const float* p) { return lanes == VL ? load(p) : load_partial(p, lanes); };
        if (any_non_finite(y)) y = infinite_to_nan(y);
        if constexpr (E.bias) y = y + ldl(ea.bias + nv);
        if constexpr (E.scale) y = y * ldl(ea.scale + nv);
        if constexpr (E.shift) y = y + ldl(ea.shift + nv);
        if constexpr (E.residual) y = y + ldl(ea.residual + at + r * ldc + v * VL);
        if constexpr (!act_deferred(E.act)) {
          y = act_v<E.act>(y, E.alpha, E.beta);
          bad |= any_non_finite(y);
        }
      }
      if (lanes == VL)
        store(o, y);
      else
        store_partial(o, y, lanes);
    }
  // A costly activation over the stored tile (in L1), the function inline: applied to the
  // accumulators it was a call per vector around which all of them were spilled.
  if constexpr (act_deferred(E.act))
    if (last) {
#pragma GCC unroll 1
      for (int r = 0; r < R; ++r)
#pragma GCC unroll 1
        for (int v = 0; v < GV; ++v) {
          const int lanes = std::min(VL, cols - v * VL);
          if (lanes <= 0) break;
          float* o = c + r * ldc + v * VL;
          const vec y = act_inline_v<E.act>(lanes == VL ? load(o) : load_partial(o, lanes),
                                            E.alpha, E.beta);
          bad |= any_non_finite(y);
          if (lanes == VL)
            store(o, y);
          else
            store_partial(o, y, lanes);
        }
    }
  return bad;
}

/// The row tiles of rows [r0, r1): balanced heights of at most MR (128 rows: 11 tiles of
/// 11 or 12, not 10 of 12 and one of 8).
inline int64_t gemm_row_tiles(int64_t r0, int64_t r1) { return (r1 - r0 + MR - 1) / MR; }
inline int64_t gemm_tile_row(int64_t r0, int64_t r1, int64_t t) {
  return r0 + (r1 - r0) * t / gemm_row_tiles(r0, r1);
}

/// Copies A's rows [i0, i0 + h) (one row tile), all K columns, to ap as ap[k * h + r]: the
/// tile's broadcasts one stream (rows of a long K are 4 KiB multiples apart, the same L1
/// sets). With AVX-512, 16 columns of the h <= 16 rows at a time, transposed in registers
/// (the scalar copy took 6 % of a 128 x 3072 x 768 product); with AVX2, 8 of h <= 8.
inline void gemm_pack_tile(const GemmArgs& g, int64_t i0, int64_t h, float* ap) {
#if defined(__AVX512F__)
  static_assert(MR <= 16);
  const __mmask16 rows = static_cast<__mmask16>((1u << h) - 1u);
  for (int64_t k = 0; k < g.K; k += 16) {
    const int n = static_cast<int>(std::min<int64_t>(16, g.K - k));
    const __mmask16 cols = static_cast<__mmask16>((1u << n) - 1u);
    __m512 r[16], t[16];
    for (int i = 0; i < 16; ++i)
      r[i] = i < h ? _mm512_maskz_loadu_ps(cols, g.a + (i0 + i) * g.lda + k) : _mm512_setzero_ps();
    // Rows pairwise interleaved, then by pairs: t[4 i + c] holds rows 4 i .. 4 i + 3 of
    // column 4 l + c in its 128-bit lane l; then a 4 x 4 transpose of those lanes.
    for (int i = 0; i < 8; ++i) {
      t[2 * i] = _mm512_unpacklo_ps(r[2 * i], r[2 * i + 1]);
      t[2 * i + 1] = _mm512_unpackhi_ps(r[2 * i], r[2 * i + 1]);
    }
    for (int i = 0; i < 4; ++i) {
      const __m512d a0 = _mm512_castps_pd(t[4 * i]), a1 = _mm512_castps_pd(t[4 * i + 1]);
      const __m512d a2 = _mm512_castps_pd(t[4 * i + 2]), a3 = _mm512_castps_pd(t[4 * i + 3]);
      r[4 * i] = _mm512_castpd_ps(_mm512_unpacklo_pd(a0, a2));
      r[4 * i + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(a0, a2));
      r[4 * i + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(a1, a3));
      r[4 * i + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(a1, a3));
    }
    for (int c = 0; c < 4; ++c) {
      const __m512 x0 = _mm512_shuffle_f32x4(r[c], r[4 + c], 0x88);
      const __m512 x1 = _mm512_shuffle_f32x4(r[c], r[4 + c], 0xdd);
      const __m512 y0 = _mm512_shuffle_f32x4(r[8 + c], r[12 + c], 0x88);
      const __m512 y1 = _mm512_shuffle_f32x4(r[8 + c], r[12 + c], 0xdd);
      t[c] = _mm512_shuffle_f32x4(x0, y0, 0x88);
      t[4 + c] = _mm512_shuffle_f32x4(x1, y1, 0x88);
      t[8 + c] = _mm512_shuffle_f32x4(x0, y0, 0xdd);
      t[12 + c] = _mm512_shuffle_f32x4(x1, y1, 0xdd);
    }
    for (int j = 0; j < n; ++j) _mm512_mask_storeu_ps(ap + (k + j) * h, rows, t[j]);
  }
#elif defined(__AVX2__)
  // 8 columns of the h <= 8 rows at a time, transposed in registers (8 x 8: pairs of rows
  // interleaved, then pairs of pairs, then the 128-bit halves); column j's h floats are
  // stored as a whole vector at ap + (k + j) h, each overwriting the previous one's tail,
  // which the next fills again; only within the tile's K h floats (the next tile's, packed
  // by another thread, or the end of the scratch follow), past which its h floats alone.
  // Zen 3, a 128 x 3072 A: 174 -> 118 us against the scalar copy (128 x 768: 36 -> 30).
  static_assert(MR <= 8);
  for (int64_t k = 0; k < g.K; k += 8) {
    const int n = static_cast<int>(std::min<int64_t>(8, g.K - k));
    __m256 r[8];
    for (int i = 0; i < 8; ++i) {
      const float* src = g.a + (i0 + i) * g.lda + k;
      r[i] = i >= h   ? _mm256_setzero_ps()
             : n == 8 ? _mm256_loadu_ps(src)
                      : (__m256)load_partial(src, n);
    }
    transpose8(r);
    for (int j = 0; j < n; ++j) {
      float* o = ap + (k + j) * h;
      if ((k + j) * h + 8 <= g.K * h)
        _mm256_storeu_ps(o, r[j]);
      else
        store_partial(o, (vec)r[j], static_cast<int>(h));
    }
  }
#else
  for (int64_t r = 0; r < h; ++r) {
    const float* ar = g.a + (i0 + r) * g.lda;
    for (int64_t k = 0; k < g.K; ++k) ap[k * h + r] = ar[k];
  }
#endif
}

/// Rows of partial sums gemm_block keeps between K blocks: the row tiles of a block of
/// 64 KiB of A per K block (gemm_packed's row blocks when K is cut).
inline constexpr int64_t kPartRows = (65536 / KC + MR - 1) / MR * MR;

/// A block of C: row tiles [t0, t1) of rows [r0, r1) (gemm_tile_row) x panels [p0, p1),
/// over all of K in blocks of KC. A: L.lda == 0, packed by gemm_pack_tile at ap + (i0 -
/// r0) * K for the tile from row i0; else in place at g.a. B: packed at g.bp, or in place.
/// Panels outermost: a sub-panel's K blocks one after the other over the tiles (B's K
/// block in L1 while the tiles pass over it), the partial sums between them in a buffer of
/// kPartRows x GV VL floats rather than in C, whose rows may be a multiple of 4 KiB apart
/// (N = 1024, 3072, 4096: every row of a tile in the same L1 sets, and a tile's loads of C
/// waiting on the previous tile's stores; 128 x 768 x 3072 +5 %). Tiles beyond the
/// buffer's rows go in groups.
template <Epi E, GemmLayout L>
inline bool gemm_block(const GemmArgs& g, const EpiArgs& ea, const float* ap, int64_t r0,
                       int64_t r1, int64_t t0, int64_t t1, int64_t p0, int64_t p1) {
  constexpr int64_t PW = GV * VL;
  alignas(64) float part[kPartRows * PW];
  bool bad = false;
  for (int64_t g0 = t0; g0 < t1;) {
    // The tiles [g0, g1) whose rows fit the buffer (all of them when K is one block).
    int64_t g1 = g0 + 1;
    while (g1 < t1 && (g.K <= KC || gemm_tile_row(r0, r1, g1 + 1) -
                                            gemm_tile_row(r0, r1, g0) <= kPartRows))
      ++g1;
    const int64_t prow = gemm_tile_row(r0, r1, g0);
    for (int64_t p = p0; p < p1; ++p)
      for (int s = 0; s < kSubPanels; ++s) {
        const int64_t n0 = p * NR + s * GV * VL;
        if (n0 >= g.N) break;
        const int cols = static_cast<int>(std::min<int64_t>(GV * VL, g.N - n0));
        for (int64_t k0 = 0; k0 < g.K || k0 == 0; k0 += KC) {
          const int64_t kc = std::min<int64_t>(KC, g.K - k0);
          const bool first = k0 == 0, last = k0 + KC >= g.K;
          // Packed: the tile's first column's sub-panel (its vectors within it, or with
          // AVX-512 one per sub-panel, K PS floats apart).
          const float* b = L.ldb == 0 ? g.bp + packed_index(g.K, k0, n0) : g.bp + k0 * L.ldb + n0;
          const int64_t vo = L.ldb != 0 || GV * VL <= PS ? VL : g.K * PS;
          // B's next K block for this sub-panel (its next, or the next sub-panel's or
          // panel's first: the tile's chunks of PS columns, kn rows each) is prefetched a
          // share per tile while this one's tiles run: the first tile over a block would
          // otherwise wait for B from L3 or memory (128 x 768 x 3072 +5 %).
          int64_t pn = -1, sn = 0, kst = 0, kn = 0;
          if (L.ldb == 0) {
            if (k0 + KC < g.K)
              pn = p, sn = s, kst = k0 + KC, kn = std::min<int64_t>(KC, g.K - k0 - KC);
            else if (s + 1 < kSubPanels)
              pn = p, sn = s + 1, kn = std::min<int64_t>(KC, g.K);
            else if (p + 1 < p1)
              pn = p + 1, kn = std::min<int64_t>(KC, g.K);
          }
          static_assert(GV * VL <= 2 * PS);  // one chunk, or two K PS floats apart
          constexpr int64_t chunks = GV * VL > PS ? 2 : 1;
          const int64_t chunk_lines = kn * PS / 16, lines = chunk_lines * chunks;
          const float* nb = pn < 0 ? g.bp : g.bp + packed_index(g.K, kst, pn * NR + sn * GV * VL);
          for (int64_t t = g0; t < g1; ++t) {
            for (int64_t l = lines * (t - g0) / (g1 - g0); l < lines * (t - g0 + 1) / (g1 - g0);
                 ++l)
              __builtin_prefetch(l < chunk_lines ? nb + l * 16
                                                 : nb + g.K * PS + (l - chunk_lines) * 16,
                                 0, 3);
            const int64_t i0 = gemm_tile_row(r0, r1, t);
            const int h = static_cast<int>(gemm_tile_row(r0, r1, t + 1) - i0);
            const float* a =
                L.lda == 0 ? ap + (i0 - r0) * g.K + k0 * h : g.a + i0 * L.lda + k0;
            float* c = g.c + i0 * g.N + n0;
            float* pc = part + (i0 - prow) * PW;
            switch (h) {
#define VF_GEMM_CASE(R)                                                                       \
  case R:                                                                                     \
    if constexpr (R <= MR) {                                                                  \
      if (L.ldb != 0 && cols < GV * VL)                                                       \
        bad |= gemm_tile<R, E, L, L.ldb != 0>(a, b, vo, c, g.N, pc, PW, i0 * g.N + n0, n0,    \
                                              cols, kc, first, last, ea);                     \
      else                                                                                    \
        bad |= gemm_tile<R, E, L>(a, b, vo, c, g.N, pc, PW, i0 * g.N + n0, n0, cols, kc,      \
                                  first, last, ea);                                           \
    }                                                                                         \
    break;
              VF_GEMM_CASE(1) VF_GEMM_CASE(2) VF_GEMM_CASE(3) VF_GEMM_CASE(4) VF_GEMM_CASE(5)
              VF_GEMM_CASE(6) VF_GEMM_CASE(7) VF_GEMM_CASE(8) VF_GEMM_CASE(9) VF_GEMM_CASE(10)
              VF_GEMM_CASE(11) VF_GEMM_CASE(12) VF_GEMM_CASE(13) VF_GEMM_CASE(14)
#undef VF_GEMM_CASE
              default: break;
            }
          }
          if (g.K == 0) break;
        }
      }
    g0 = g1;
  }
  return bad;
}

/// Recomputes every non-finite element of C in the semantics' order (the sum over k from
/// +0 with one rounding per operation, then the epilogue); B's element (k, n) is b(k, n).
template <Epi E, class B>
void gemm_recompute_non_finite(const GemmArgs& g, const EpiArgs& ea, B&& b) {
  for (int64_t i = 0; i < g.M; ++i)
    for (int64_t n = 0; n < g.N; ++n) {
      float& v = g.c[i * g.N + n];
      if (std::isfinite(v)) continue;
      float acc = 0.f;
      for (int64_t k = 0; k < g.K; ++k) acc = acc + g.a[i * g.lda + k] * b(k, n);
      v = epilogue_s<E>(acc, ea, n, i * g.N + n);
    }
}

/// A's rows per packed chunk: all of them when they fit kGemmAChunk floats.
inline constexpr int64_t kGemmAChunk = int64_t{1} << 20;
inline constexpr int64_t gemm_chunk_rows(int64_t M, int64_t K) {
  return M * K <= kGemmAChunk ? M : std::max<int64_t>(16, kGemmAChunk / std::max<int64_t>(K, 1));
}

}  // namespace detail

/// Floats of gemm_packed's scratch for an M x K A (the packed chunk of rows; the same on
/// every target).
inline constexpr int64_t gemm_scratch_elements(int64_t M, int64_t K) {
  return std::min(M, detail::gemm_chunk_rows(M, K)) * K;
}

/// C = epilogue(A B) (epilogue per column n: bias[n], scale[n], shift[n], then residual at
/// C's own index, the activation); a non-finite result is recomputed in the semantics' order
/// (the sum over k from +0 with one rounding per operation, then the epilogue). `par`: share
/// the work among VFRT_THREADS threads; `scratch`: gemm_scratch_elements(M, K).
template <Epi E>
void gemm_packed(const GemmArgs& g, const EpiArgs& ea, float* scratch, bool par) {
  const int64_t np = (g.N + NR - 1) / NR;
  const int64_t kc_max = std::max<int64_t>(1, std::min<int64_t>(g.K, KC));
  const int64_t chunk = detail::gemm_chunk_rows(g.M, g.K);
  std::atomic<bool> bad{false};
  // A chunk of rows at a time: its row tiles packed (the threads share them), then the
  // items: blocks of row tiles (a K block of their A within 256 KiB, in L2: ViT's 197 rows
  // are one block, so B streams once) x blocks of panels (at least 4 items per thread when
  // the shape allows).
  for (int64_t c0 = 0; c0 < g.M || c0 == 0; c0 += chunk) {
    const int64_t c1 = std::min(g.M, c0 + chunk);
    const int64_t nt = detail::gemm_row_tiles(c0, c1);
    const int64_t tb = std::max<int64_t>(1, (65536 / kc_max + MR - 1) / MR);
    const int64_t nrb = (nt + tb - 1) / tb;
    const int64_t want = 4 * VFRT_THREADS;
    const int64_t ppb =
        std::max<int64_t>(1, std::min<int64_t>(8, np * nrb / std::max<int64_t>(want, 1)));
    const int64_t ncb = (np + ppb - 1) / ppb;
    Share packs(nt, share_grain(MR * g.K));
    Share items(nrb * ncb, share_grain(tb * MR * ppb * NR * g.K));
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp parallel num_threads(VFRT_THREADS) if (par)
#endif
    {
      packs.run([&](int64_t t) {
        const int64_t i0 = detail::gemm_tile_row(c0, c1, t);
        detail::gemm_pack_tile(g, i0, detail::gemm_tile_row(c0, c1, t + 1) - i0,
                               scratch + (i0 - c0) * g.K);
      });
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp barrier
#endif
      items.run([&](int64_t it) {
        const int64_t rb = it / ncb, cb = it % ncb;
        const int64_t t0 = nt * rb / nrb, t1 = nt * (rb + 1) / nrb;
        const int64_t p0 = cb * ppb, p1 = std::min(np, p0 + ppb);
        if (detail::gemm_block<E, GemmLayout{}>(g, ea, scratch, c0, c1, t0, t1, p0, p1))
          bad.store(true, std::memory_order_relaxed);
      });
    }
    (void)par;
    if (c1 >= g.M) break;
  }
  if (!bad.load(std::memory_order_relaxed)) return;
  detail::gemm_recompute_non_finite<E>(
      g, ea, [&](int64_t k, int64_t n) { return g.bp[packed_index(g.K, k, n)]; });
}

}  // namespace vfrt
