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
}  // namespace detail

/// T: any element type (the movement ops of int8 tensors too).
template <Strided S, class T>
void strided_copy(const T* x, T* y) {
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
