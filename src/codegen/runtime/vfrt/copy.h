// vfrt/copy.h — data movement: strided copies (transpose, split, the pieces of concat,
// slices), pad, and the nearest-neighbour gather of resize.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

// ---------------------------------------------------------------------------------------
// Data movement

/// A strided copy: y (row-major, dims) [idx] = x[sum idx[k] * sx[k]] (transpose, split,
/// the pieces of concat, slices).
struct Strided {
  int rank;
  int64_t dims[MAXR];
  int64_t sx[MAXR];  ///< strides of x per y dimension
  int64_t sy[MAXR];  ///< strides of y per dimension (y may be a slab of a larger tensor)
};

namespace detail {
template <Strided S, int D, class T>
inline void strided_rec(const T* x, T* y) {
  if constexpr (D == S.rank - 1) {
    constexpr int64_t sx = S.sx[D], sy = S.sy[D];
    for (int64_t i = 0; i < S.dims[D]; ++i) y[i * sy] = x[i * sx];
  } else {
    for (int64_t i = 0; i < S.dims[D]; ++i) strided_rec<S, D + 1>(x + i * S.sx[D], y + i * S.sy[D]);
  }
}

/// y[i ldy + j] = x[j ldx + i], i < a, j < b (a 2-D transpose): with AVX-512 or AVX2 and
/// 4-byte elements, VL x VL tiles loaded as VL rows of x, transposed in registers and stored
/// as VL rows of y; the edges element by element.
template <class T>
inline void transpose2d(const T* x, int64_t ldx, T* y, int64_t ldy, int64_t a, int64_t b) {
  int64_t at = 0, bt = 0;
#if defined(__AVX512F__) || defined(__AVX2__)
  if constexpr (sizeof(T) == 4) {
    at = a / VL * VL, bt = b / VL * VL;
    for (int64_t i0 = 0; i0 < at; i0 += VL)
      for (int64_t j0 = 0; j0 < bt; j0 += VL) {
        vec r[VL];
        for (int l = 0; l < VL; ++l)
          r[l] = load(reinterpret_cast<const float*>(x + (j0 + l) * ldx + i0));
        transpose_vl(r);
        for (int l = 0; l < VL; ++l) store(reinterpret_cast<float*>(y + (i0 + l) * ldy + j0), r[l]);
      }
  }
#endif
  for (int64_t i = 0; i < a; ++i)
    for (int64_t j = i < at ? bt : 0; j < b; ++j) y[i * ldy + j] = x[j * ldx + i];
}

template <Strided S, int D, class T>
inline void strided_transpose_rec(const T* x, T* y) {
  constexpr int R = S.rank;
  if constexpr (D == R - 2)
    transpose2d(x, S.sx[R - 1], y, S.sy[R - 2], S.dims[R - 2], S.dims[R - 1]);
  else
    for (int64_t i = 0; i < S.dims[D]; ++i)
      strided_transpose_rec<S, D + 1>(x + i * S.sx[D], y + i * S.sy[D]);
}
}  // namespace detail

/// T: any element type (the movement ops of int8 tensors too). When the last two axes are
/// a transpose (y's last contiguous, x's next-to-last contiguous, x's last not: the heads'
/// K^T of attention, a conv's output as tokens) and both are at least 16 long, they go by
/// detail::transpose2d; else element by element in y's order.
template <Strided S, class T>
void strided_copy(const T* x, T* y) {
  constexpr int R = S.rank;
  if constexpr (R >= 2 && S.sx[R - 2] == 1 && S.sy[R - 1] == 1 && S.sx[R - 1] != 1 &&
                S.dims[R - 2] >= 16 && S.dims[R - 1] >= 16)
    detail::strided_transpose_rec<S, 0>(x, y);
  else
    detail::strided_rec<S, 0>(x, y);
}

/// pad: y [dims] = x at idx - pads_begin, `value` outside; rank <= 6.
struct Pad {
  int rank;
  int64_t xdims[MAXR];
  int64_t ydims[MAXR];
  int64_t begin[MAXR];
};

namespace detail {
template <Pad S, int D, class T>
inline void pad_rec(const T* x, T* y, T value, bool inside) {
  int64_t xin = 1, yin = 1;
  for (int k = D + 1; k < S.rank; ++k) {
    xin *= S.xdims[k];
    yin *= S.ydims[k];
  }
  for (int64_t i = 0; i < S.ydims[D]; ++i) {
    const int64_t xi = i - S.begin[D];
    const bool in = inside && xi >= 0 && xi < S.xdims[D];
    if constexpr (D == S.rank - 1)
      y[i] = in ? x[xi] : value;
    else
      pad_rec<S, D + 1>(in ? x + xi * xin : x, y + i * yin, value, in);
  }
}
}  // namespace detail

template <Pad S, class T>
void pad(const T* x, T* y, T value) {
  if constexpr (S.rank == 0)
    y[0] = x[0];
  else
    detail::pad_rec<S, 0>(x, y, value, true);
}

/// Nearest-neighbour gather of NCHW planes: y[nc][i][j] = x[nc][rows[i]][cols[j]].
template <class T>
inline void gather_nearest(const T* x, T* y, int64_t nc, int64_t H, int64_t W, int64_t OH,
                           int64_t OW, const int64_t* rows, const int64_t* cols) {
  for (int64_t p = 0; p < nc; ++p)
    for (int64_t i = 0; i < OH; ++i) {
      const T* xr = x + (p * H + rows[i]) * W;
      T* yr = y + (p * OH + i) * OW;
      for (int64_t j = 0; j < OW; ++j) yr[j] = xr[cols[j]];
    }
}

}  // namespace vfrt
