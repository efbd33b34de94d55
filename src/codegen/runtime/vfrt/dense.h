// vfrt/dense.h — dense / fused_dense and matmul over the GEMM of gemm.h (packed weights,
// the fused epilogue), and gemm (summed in k order, as the interpreter).
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

// ---------------------------------------------------------------------------------------
// dense / fused_dense: x [rows, K] . w[M, K]^T, epilogue per output column m.

/// A dense layer's shape.
struct Dense {
  int64_t rows, K, M;
};
/// Floats of w [M, K] packed (gemm.h's panels of NR output columns).
inline int64_t dense_packed_elements(const Dense& s) { return gemm_packed_elements(s.K, s.M); }

/// Packs w [M, K] as wp[panel][k][j] = w[panel * NR + j][k] (zero past M).
inline void pack_dense(const Dense& s, const float* w, float* out) {
  pack_panels(w, s.K, s.M, 1, s.K, out);
}

/// Whether a product of `work` multiply-adds is worth a parallel region (microseconds).
constexpr bool gemm_parallel(int64_t work) { return work > (int64_t{1} << 20); }

/// dense / fused_dense with weights from pack_dense: the GEMM (gemm.h) with the epilogue
/// per output column. `scratch`: gemm_scratch_elements(rows, K) floats.
template <Dense S, Epi E>
void dense(const float* x, const float* wp, float* y, float* scratch, const EpiArgs& a) {
  gemm_packed<E>(GemmArgs{x, S.K, wp, y, S.rows, S.K, S.M}, a, scratch,
                 gemm_parallel(S.rows * S.K * S.M));
}

// ---------------------------------------------------------------------------------------
// matmul: the GEMM, reassociated as dense.

/// numpy matmul: out [batch..., M, N]; a batch b of the output reads a at a_off[b] and b
/// at b_off[b] (broadcast batch offsets, computed by the emitter).
struct MatMul {
  int64_t batches, M, K, N;
};

/// Whether matmul reads both operands in place: A's rows are short (at most 2 KiB apart: a
/// tile's rows do not crowd one L1 set), so packing either would cost as much as the
/// product (attention's 128 x 64 . 64 x 128). B's last panel may be partial (ViT's 197
/// columns): its rows are read up to N. The same on every target (the emitter sizes the
/// scratch with its own build).
constexpr bool matmul_in_place(const MatMul& s) { return s.K <= 512; }

/// Floats of matmul's scratch: none in place; else the GEMM's, then one batch's B packed.
inline int64_t matmul_scratch_elements(const MatMul& s) {
  return matmul_in_place(s) ? 0 : gemm_scratch_elements(s.M, s.K) + gemm_packed_elements(s.K, s.N);
}

/// matmul whose batches all read one B, packed at emit time (pack_panels(b, K, N, N, 1)),
/// and whose A batches follow each other: one GEMM of batches * M rows (the transformer's
/// [B, S, K] x [K, N]). `scratch`: gemm_scratch_elements(batches * M, K).
template <MatMul S>
void matmul_packed(const float* a, const float* bp, float* y, float* scratch) {
  gemm_packed<Epi{}>(GemmArgs{a, S.K, bp, y, S.batches * S.M, S.K, S.N}, {}, scratch,
                     gemm_parallel(S.batches * S.M * S.K * S.N));
}

/// matmul of computed operands (attention's activation x activation products). In place
/// (matmul_in_place): the threads share (batch, row block, column block) items, whole
/// batches when there are enough of them. Otherwise per batch: B packed into the scratch,
/// then the GEMM. `scratch`: matmul_scratch_elements(S).
template <MatMul S>
void matmul(const float* a, const float* b, float* y, const int64_t* a_off, const int64_t* b_off,
            float* scratch) {
  auto args = [&](int64_t q) {
    return GemmArgs{a + a_off[q], S.K, b + b_off[q], y + q * S.M * S.N, S.M, S.K, S.N};
  };
  if constexpr (matmul_in_place(S)) {
    constexpr int64_t np = (S.N + NR - 1) / NR, want = 4 * VFRT_THREADS;
    constexpr int64_t per = (want + S.batches - 1) / std::max<int64_t>(S.batches, 1);
    const int64_t nt = detail::gemm_row_tiles(0, S.M);
    const int64_t ncb = std::max<int64_t>(1, std::min(np, per));
    const int64_t nrb = std::max<int64_t>(1, std::min(nt, (per + ncb - 1) / ncb));
    std::atomic<bool> bad{false};
    parallel_for(S.batches * nrb * ncb, S.M * S.K * S.N / (nrb * ncb),
                 gemm_parallel(S.batches * S.M * S.K * S.N), [&](int64_t it) {
                   const int64_t q = it / (nrb * ncb), rb = it / ncb % nrb, cb = it % ncb;
                   if (detail::gemm_block<Epi{}, GemmLayout{S.K, S.N}>(
                           args(q), {}, nullptr, 0, S.M, nt * rb / nrb, nt * (rb + 1) / nrb,
                           np * cb / ncb, np * (cb + 1) / ncb))
                     bad.store(true, std::memory_order_relaxed);
                 });
    if (!bad.load(std::memory_order_relaxed)) return;
    for (int64_t q = 0; q < S.batches; ++q) {
      const float* bq = b + b_off[q];
      detail::gemm_recompute_non_finite<Epi{}>(
          args(q), {}, [&](int64_t k, int64_t n) { return bq[k * S.N + n]; });
    }
  } else {
    float* const bp = scratch + gemm_scratch_elements(S.M, S.K);
    for (int64_t q = 0; q < S.batches; ++q) {
      if (q == 0 || b_off[q] != b_off[q - 1]) pack_panels(b + b_off[q], S.K, S.N, S.N, 1, bp);
      GemmArgs g = args(q);
      g.bp = bp;
      gemm_packed<Epi{}>(g, {}, scratch, gemm_parallel(S.M * S.K * S.N));
    }
  }
}

// ---------------------------------------------------------------------------------------
// conv2d of a patch embedding (kernel = stride, no padding: ViT's 16x16 / 16) as a GEMM of
// the patches: one row per output position, its K = KH KW C inputs in conv2d_at's order
// (taps outer, channels inner), times the weight in the same order, packed at emit time.

/// Floats of conv2d_patches' scratch: the patches, the GEMM's own, the product [P, O].
inline int64_t conv2d_patches_scratch_elements(const Conv& s) {
  const int64_t P = int64_t{s.OH} * s.OW, K = int64_t{s.C} * s.KH * s.KW;
  return P * K + gemm_scratch_elements(P, K) + P * s.O;
}

/// Packs an OIHW weight as the patches' B: row o's taps outer, channels inner (tmp: O K
/// floats), then pack_panels.
inline void pack_conv2d_patches(const Conv& s, const float* w, float* tmp, float* wp) {
  const int64_t K = int64_t{s.C} * s.KH * s.KW, khw = int64_t{s.KH} * s.KW;
  for (int64_t o = 0; o < s.O; ++o)
    for (int64_t t = 0; t < khw; ++t)
      for (int64_t c = 0; c < s.C; ++c) tmp[o * K + t * s.C + c] = w[(o * s.C + c) * khw + t];
  pack_panels(tmp, K, s.O, 1, K, wp);
}

/// y = conv2d(x, w) for a patch embedding (S.KH = S.sh, S.KW = S.sw, no padding, one
/// group), its epilogue per output channel (no residual): each element one FMA chain over
/// its K products, as the direct kernel's, within the same bound. `wp`:
/// pack_conv2d_patches; `scratch`: conv2d_patches_scratch_elements(S).
template <Conv S, Epi E>
void conv2d_patches(const float* x, const float* wp, float* y, float* scratch, const EpiArgs& ea) {
  static_assert(!E.residual);
  constexpr int64_t P = int64_t{S.OH} * S.OW, K = int64_t{S.C} * S.KH * S.KW;
  float* const a = scratch;
  float* const gs = a + P * K;
  float* const c = gs + gemm_scratch_elements(P, K);
  const bool par = gemm_parallel(P * K * S.O);
  for (int64_t n = 0; n < S.N; ++n) {
    const float* xn = x + n * S.C * S.H * S.W;
    parallel_for(P, K, par, [&](int64_t p) {
      const int64_t oh = p / S.OW, ow = p % S.OW;
      float* ar = a + p * K;
      for (int64_t i = 0; i < S.KH; ++i)
        for (int64_t j = 0; j < S.KW; ++j) {
          const float* xi = xn + (oh * S.sh + i) * S.W + ow * S.sw + j;
          for (int64_t ch = 0; ch < S.C; ++ch) *ar++ = xi[ch * S.H * S.W];
        }
    });
    gemm_packed<E>(GemmArgs{a, K, wp, c, P, K, S.O}, ea, gs, par);
    float* yn = y + n * S.O * P;
    parallel_for(S.O, P, par, [&](int64_t o) {
      for (int64_t p = 0; p < P; ++p) yn[o * P + p] = c[p * S.O + o];
    });
  }
}

// ---------------------------------------------------------------------------------------
// gemm: sums in k order, one rounding per operation, as the interpreter.

/// gemm: alpha * op(A) op(B) + beta * C; C broadcast by strides (sc0, sc1).
struct Gemm {
  int64_t M, N, K, lda, ldb;
  bool ta, tb, has_c, alpha_one, beta_one;
  float alpha, beta;
  int64_t sc0, sc1;
};

template <Gemm S>
void gemm(const float* a, const float* b, const float* c, float* y) {
  for (int64_t i = 0; i < S.M; ++i)
    for (int64_t j = 0; j < S.N; ++j) {
      float acc = 0.f;
      for (int64_t k = 0; k < S.K; ++k) {
        const float av = a[S.ta ? k * S.lda + i : i * S.lda + k];
        const float bv = b[S.tb ? j * S.ldb + k : k * S.ldb + j];
        acc = acc + av * bv;
      }
      if constexpr (!S.alpha_one) acc = S.alpha * acc;
      if constexpr (S.has_c) {
        const float cv = c[i * S.sc0 + j * S.sc1];
        acc = acc + (S.beta_one ? cv : S.beta * cv);
      }
      y[i * S.N + j] = acc;
    }
}

}  // namespace vfrt
