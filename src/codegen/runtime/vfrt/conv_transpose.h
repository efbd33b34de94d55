// vfrt/conv_transpose.h — conv2d_transpose, bit-identical to the interpreter's gather.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

// ---------------------------------------------------------------------------------------
// conv2d_transpose: the interpreter's gather, each output element's sum over c, kh, kw in
// that order, starting from +0, bias added after the sum (bit-identical to the interpreter).
//
// Sub-pixel phases: the output columns ow = rw + sw j of one phase rw (0 <= rw < sw) are
// reached by the same taps kw, those with sw | rw + pl - kw dw, and read the input columns
// iw = j + b(kw), b(kw) = (rw + pl - kw dw) / sw. So VL consecutive j of a phase are VL
// independent sums over the same taps in the same order, each tap one contiguous load of
// x: the columns whose every tap lies inside the input run as vectors, R output channels x
// NV vectors in registers (each lane's sum is the scalar sum, term by term); the border
// columns, where a lane would skip a tap, run the scalar gather. Rows: each output row
// reads the same kh for every column, so its list of (kh, ih) is computed once.

struct ConvT {
  int N, C, H, W, O, OH, OW, KH, KW, sh, sw, pt, pl, dh, dw, groups;
  bool bias;
};

namespace detail {
inline int64_t transpose_source(int64_t o, int64_t pad, int64_t k, int64_t dil, int64_t stride,
                                int64_t n) {
  const int64_t t = o + pad - k * dil;
  if (t < 0 || t % stride != 0) return -1;
  const int64_t i = t / stride;
  return i < n ? i : -1;
}

/// The taps of one output row (kh, ih) or one column phase (kw, b) of conv2d_transpose.
template <int Max>
struct ConvTTaps {
  int n = 0;
  int k[Max], off[Max];
};

/// R output channels o0.. of one row oh at phase column j, the scalar gather over the taps
/// of `rows` x `cols` (kh, then kw ascending, as the semantics) that fall inside the input.
template <ConvT S, int R>
void conv2d_transpose_border(const float* x, const float* w, const float* bias, float* y, int n,
                             int o0, int oh, int rw, int j, const ConvTTaps<S.KH>& rows,
                             const ConvTTaps<S.KW>& cols) {
  const int cin_g = S.C / S.groups, cout_g = S.O / S.groups;
  const int64_t hw = int64_t{S.H} * S.W, khw = int64_t{S.KH} * S.KW;
  const int g = o0 / cout_g, og0 = o0 % cout_g;
  float acc[R] = {};
  for (int ci = 0; ci < cin_g; ++ci) {
    const int64_t c = int64_t{g} * cin_g + ci;
    const float* xc = x + (int64_t{n} * S.C + c) * hw;
    const float* wc = w + (c * cout_g + og0) * khw;
    for (int a = 0; a < rows.n; ++a)
      for (int b = 0; b < cols.n; ++b) {
        const int iw = j + cols.off[b];
        if (iw < 0 || iw >= S.W) continue;
        const float xv = xc[int64_t{rows.off[a]} * S.W + iw];
        for (int r = 0; r < R; ++r)
          acc[r] = acc[r] + xv * wc[r * khw + rows.k[a] * S.KW + cols.k[b]];
      }
  }
  for (int r = 0; r < R; ++r) {
    if constexpr (S.bias) acc[r] = acc[r] + bias[o0 + r];
    y[((int64_t{n} * S.O + o0 + r) * S.OH + oh) * S.OW + rw + int64_t{S.sw} * j] = acc[r];
  }
}

/// R output channels o0.. of one row oh and phase rw, NV vectors of phase columns from j
/// (only the first `lanes` when Partial, NV = 1): every tap of `rows` x `cols` inside the
/// input for these columns.
template <ConvT S, int R, int NV, bool Partial>
void conv2d_transpose_tile(const float* x, const float* w, const float* bias, float* y, int n,
                           int o0, int oh, int rw, int j, int lanes, const ConvTTaps<S.KH>& rows,
                           const ConvTTaps<S.KW>& cols) {
  static_assert(!Partial || NV == 1);
  const int cin_g = S.C / S.groups, cout_g = S.O / S.groups;
  const int64_t hw = int64_t{S.H} * S.W, khw = int64_t{S.KH} * S.KW;
  const int g = o0 / cout_g, og0 = o0 % cout_g;
  vec acc[R][NV];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < NV; ++v) acc[r][v] = vec{};
  for (int ci = 0; ci < cin_g; ++ci) {
    const int64_t c = int64_t{g} * cin_g + ci;
    const float* xc = x + (int64_t{n} * S.C + c) * hw + j;
    const float* wc = w + (c * cout_g + og0) * khw;
    for (int a = 0; a < rows.n; ++a) {
      const float* xr = xc + int64_t{rows.off[a]} * S.W;
      const float* wr = wc + rows.k[a] * S.KW;
      for (int b = 0; b < cols.n; ++b) {
        vec xv[NV];
        for (int v = 0; v < NV; ++v)
          xv[v] = Partial ? load_partial(xr + cols.off[b], lanes) : load(xr + cols.off[b] + v * VL);
        for (int r = 0; r < R; ++r) {
          const vec wv = splat(wr[r * khw + cols.k[b]]);
          for (int v = 0; v < NV; ++v) acc[r][v] = acc[r][v] + xv[v] * wv;
        }
      }
    }
  }
  const int nl = Partial ? lanes : VL;
  for (int r = 0; r < R; ++r) {
    float* yo = y + ((int64_t{n} * S.O + o0 + r) * S.OH + oh) * S.OW + rw + int64_t{S.sw} * j;
    for (int v = 0; v < NV; ++v) {
      if constexpr (S.bias) acc[r][v] = acc[r][v] + splat(bias[o0 + r]);
      for (int l = 0; l < nl; ++l) yo[int64_t{S.sw} * (v * VL + l)] = acc[r][v][l];
    }
  }
}

/// R output channels o0.. of one row and phase: the columns [0, cols_n) of the phase, the
/// interior [jlo, jhi) as vectors (the last one partial), the rest scalar.
template <ConvT S, int R>
void conv2d_transpose_phase(const float* x, const float* w, const float* bias, float* y, int n,
                            int o0, int oh, int rw, int cols_n, int jlo, int jhi,
                            const ConvTTaps<S.KH>& rows, const ConvTTaps<S.KW>& cols) {
  int j = 0;
  for (; j < jlo; ++j) conv2d_transpose_border<S, R>(x, w, bias, y, n, o0, oh, rw, j, rows, cols);
  for (; j + 2 * VL <= jhi; j += 2 * VL)
    conv2d_transpose_tile<S, R, 2, false>(x, w, bias, y, n, o0, oh, rw, j, 0, rows, cols);
  for (; j + VL <= jhi; j += VL)
    conv2d_transpose_tile<S, R, 1, false>(x, w, bias, y, n, o0, oh, rw, j, 0, rows, cols);
  if (j < jhi) {
    conv2d_transpose_tile<S, R, 1, true>(x, w, bias, y, n, o0, oh, rw, j, jhi - j, rows, cols);
    j = jhi;
  }
  for (; j < cols_n; ++j)
    conv2d_transpose_border<S, R>(x, w, bias, y, n, o0, oh, rw, j, rows, cols);
}
}  // namespace detail

template <ConvT S>
void conv2d_transpose(const float* x, const float* w, const float* bias, float* y) {
  constexpr int R = 4;
  const int cout_g = S.O / S.groups;
  constexpr int64_t work = int64_t{S.O} * S.OH * S.OW * (S.C / S.groups) * S.KH * S.KW;
  for (int n = 0; n < S.N; ++n) {
    // Threads share the output rows: each element is one thread's sum, in the same order.
    parallel_for(S.OH, work / S.OH, work > (1 << 20), [&](int64_t ohl) {
      const int oh = static_cast<int>(ohl);
      detail::ConvTTaps<S.KH> rows;
      for (int kh = 0; kh < S.KH; ++kh) {
        const int64_t ih = detail::transpose_source(oh, S.pt, kh, S.dh, S.sh, S.H);
        if (ih >= 0) rows.k[rows.n] = kh, rows.off[rows.n++] = static_cast<int>(ih);
      }
      for (int rw = 0; rw < S.sw && rw < S.OW; ++rw) {
        detail::ConvTTaps<S.KW> cols;
        const int cols_n = (S.OW - rw + S.sw - 1) / S.sw;
        int jlo = 0, jhi = cols_n;
        for (int kw = 0; kw < S.KW; ++kw) {
          const int t = rw + S.pl - kw * S.dw;
          if (t % S.sw != 0) continue;  // exact division (t may be negative)
          const int b = t / S.sw;
          cols.k[cols.n] = kw, cols.off[cols.n++] = b;
          jlo = std::max(jlo, -b), jhi = std::min(jhi, S.W - b);
        }
        jlo = std::min(jlo, cols_n), jhi = std::max(jhi, jlo);
        for (int g = 0; g < S.groups; ++g) {
          int o = g * cout_g;
          for (; o + R <= (g + 1) * cout_g; o += R)
            detail::conv2d_transpose_phase<S, R>(x, w, bias, y, n, o, oh, rw, cols_n, jlo, jhi,
                                                 rows, cols);
          for (; o + 2 <= (g + 1) * cout_g; o += 2)
            detail::conv2d_transpose_phase<S, 2>(x, w, bias, y, n, o, oh, rw, cols_n, jlo, jhi,
                                                 rows, cols);
          for (; o < (g + 1) * cout_g; ++o)
            detail::conv2d_transpose_phase<S, 1>(x, w, bias, y, n, o, oh, rw, cols_n, jlo, jhi,
                                                 rows, cols);
        }
      }
    });
  }
}

}  // namespace vfrt
