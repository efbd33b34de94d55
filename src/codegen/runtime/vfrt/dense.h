// vfrt/dense.h — dense / fused_dense (packed weights, the fused epilogue), and matmul and
// gemm (summed in k order, as the interpreter).
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
/// Output columns per packed block.
inline constexpr int DB = 16;

inline int64_t dense_packed_elements(const Dense& s) { return (s.M + DB - 1) / DB * DB * s.K; }

/// Packs w [M, K] as wp[block][k][j] = w[block * DB + j][k] (zero past M).
inline void pack_dense(const Dense& s, const float* w, float* out) {
  const int64_t nb = (s.M + DB - 1) / DB;
  for (int64_t b = 0; b < nb; ++b)
    for (int64_t k = 0; k < s.K; ++k)
      for (int j = 0; j < DB; ++j) {
        const int64_t m = b * DB + j;
        out[(b * s.K + k) * DB + j] = m < s.M ? w[m * s.K + k] : 0.f;
      }
}

namespace detail {

template <Dense S, Epi E, int RB>
inline bool dense_rows(const float* x, const float* wp, float* y, int64_t r0, const EpiArgs& a) {
  constexpr int NB = DB / VL;  // vectors per block
  constexpr int64_t nb = (S.M + DB - 1) / DB;
  bool bad = false;
  for (int64_t b = 0; b < nb; ++b) {
    vec acc[RB][NB] = {};
    const float* wb = wp + b * S.K * DB;
    for (int64_t k = 0; k < S.K; ++k) {
#pragma GCC unroll 4
      for (int v = 0; v < NB; ++v) {
        const vec wv = load(wb + k * DB + v * VL);
#pragma GCC unroll 4
        for (int r = 0; r < RB; ++r) acc[r][v] = fmadd(splat(x[(r0 + r) * S.K + k]), wv, acc[r][v]);
      }
    }
    for (int r = 0; r < RB; ++r)
      for (int v = 0; v < NB; ++v) {
        const int64_t m0 = b * DB + v * VL;
        if (m0 >= S.M) break;
        const int lanes = static_cast<int>(std::min<int64_t>(VL, S.M - m0));
        auto ld = [&](const float* p) { return lanes == VL ? load(p) : load_partial(p, lanes); };
        vec yv = acc[r][v];
        if (any_non_finite(yv)) yv = infinite_to_nan(yv);
        if constexpr (E.bias) yv = yv + ld(a.bias + m0);
        if constexpr (E.scale) yv = yv * ld(a.scale + m0);
        if constexpr (E.shift) yv = yv + ld(a.shift + m0);
        const int64_t o = (r0 + r) * S.M + m0;
        if constexpr (E.residual) yv = yv + ld(a.residual + o);
        yv = act_v<E.act>(yv, E.alpha, E.beta);
        bad |= any_non_finite(yv);
        if (lanes == VL)
          store(y + o, yv);
        else
          store_partial(y + o, yv, lanes);
      }
  }
  return bad;
}

}  // namespace detail

/// dense / fused_dense with weights from pack_dense.
template <Dense S, Epi E>
void dense(const float* x, const float* wp, float* y, const EpiArgs& a) {
  constexpr int RB = 4;
  int64_t r = 0;
  bool bad = false;
  for (; r + RB <= S.rows; r += RB) bad |= detail::dense_rows<S, E, RB>(x, wp, y, r, a);
  switch (S.rows - r) {
    case 3: bad |= detail::dense_rows<S, E, 3>(x, wp, y, r, a); break;
    case 2: bad |= detail::dense_rows<S, E, 2>(x, wp, y, r, a); break;
    case 1: bad |= detail::dense_rows<S, E, 1>(x, wp, y, r, a); break;
    default: break;
  }
  if (!bad) return;
  // A non-finite element again in the semantics' order: the sum over k from +0, then the
  // epilogue (wp[block][k][j], pack_dense).
  for (int64_t i = 0; i < S.rows; ++i)
    for (int64_t m = 0; m < S.M; ++m) {
      float& v = y[i * S.M + m];
      if (std::isfinite(v)) continue;
      float acc = 0.f;
      for (int64_t k = 0; k < S.K; ++k)
        acc = acc + x[i * S.K + k] * wp[((m / DB) * S.K + k) * DB + m % DB];
      v = epilogue_s<E>(acc, a, m, i * S.M + m);
    }
}

// ---------------------------------------------------------------------------------------
// matmul and gemm: sums in k order, one rounding per operation, as the interpreter.

/// numpy matmul: out [batch..., M, N]; a batch b of the output reads a at a_off[b] and b
/// at b_off[b] (broadcast batch offsets, computed by the emitter).
struct MatMul {
  int64_t batches, M, K, N;
};

template <MatMul S>
void matmul(const float* a, const float* b, float* y, const int64_t* a_off, const int64_t* b_off) {
  float acc[S.N > 0 ? S.N : 1];
  for (int64_t q = 0; q < S.batches; ++q) {
    const float* aq = a + a_off[q];
    const float* bq = b + b_off[q];
    for (int64_t i = 0; i < S.M; ++i) {
      for (int64_t j = 0; j < S.N; ++j) acc[j] = 0.f;
      for (int64_t k = 0; k < S.K; ++k) {
        const float av = aq[i * S.K + k];
        const float* br = bq + k * S.N;
        for (int64_t j = 0; j < S.N; ++j) acc[j] = acc[j] + av * br[j];
      }
      std::memcpy(y + (q * S.M + i) * S.N, acc, sizeof(float) * static_cast<size_t>(S.N));
    }
  }
}

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
