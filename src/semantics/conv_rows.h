// conv2d's window sums for a whole output at once, each formed exactly as conv2d_at forms
// it (the same terms in the same order: taps row by row, input channels innermost, from
// lit(0), padded taps skipped), so every domain gets the same values as from conv2d_at.
// Only the order in which output elements are visited differs: one output row at a time,
// its columns innermost, so that a tap reads a contiguous run of the input instead of one
// element per input-channel plane (for domains whose values are larger than a float the
// plane-strided order of conv2d_at made nearly every read a cache miss). The bounded runs'
// vector loops form sixteen output channels' sums at once per position instead, through
// conv2d_position_taps (tensor_ops.h), conv2d_at's own visit of the taps.
#pragma once

#include <algorithm>
#include <vector>

#include "semantics/tensor_ops.h"

namespace vf::sem {

/// Visits conv2d's taps in the order conv2d_window_sums adds them. For each output row
/// and each tap that reads inside the input, and each input channel of the group
/// (innermost), calls `tap(row, x0, wi, lo, hi, sw)`: output elements row + ow for ow in
/// [lo, hi) add the product of weight element wi and input element x0 + ow * sw (flat
/// NCHW / OIHW indices; x0 + lo * sw >= 0). Callers that keep a value's parts in
/// separate arrays (the running error bound) use it to form the same sums in the same
/// order without a domain.
template <class F>
void conv2d_window_rows(const ConvPlan& p, const Shape& out_shape, F&& tap) {
  const int64_t N = out_shape[0], O = out_shape[1], OH = out_shape[2], OW = out_shape[3];
  const int64_t hw = p.H * p.W, khw = p.KH * p.KW;
  const int64_t sh = p.a.strides[0], sw = p.a.strides[1];
  for (int64_t b = 0; b < N; ++b)
    for (int64_t o = 0; o < O; ++o) {
      const int64_t g = o / p.cout_g;
      const int64_t xg = (b * p.C + g * p.cin_g) * hw;  // channel 0 of o's group
      const int64_t wo = o * p.cin_g * khw;
      for (int64_t oh = 0; oh < OH; ++oh) {
        const int64_t row = ((b * O + o) * OH + oh) * OW;
        for (int64_t kh = 0; kh < p.KH; ++kh) {
          const int64_t ih = oh * sh - p.a.padding[0] + kh * p.a.dilation[0];
          if (ih < 0 || ih >= p.H) continue;  // padded tap: contributes 0
          for (int64_t kw = 0; kw < p.KW; ++kw) {
            // The columns whose tap kw reads inside the input: iw = ow sw + off in [0, W).
            const int64_t off = kw * p.a.dilation[1] - p.a.padding[1];
            const int64_t lo = off >= 0 ? 0 : (-off + sw - 1) / sw;
            const int64_t hi = std::min(OW, p.W - off > 0 ? (p.W - off - 1) / sw + 1 : 0);
            if (lo >= hi) continue;
            const int64_t wt = wo + kh * p.KW + kw;
            for (int64_t ci = 0; ci < p.cin_g; ++ci)
              tap(row, xg + ci * hw + ih * p.W + off, wt + ci * khw, lo, hi, sw);
          }
        }
      }
    }
}

/// Output channels the vector loops over conv2d form at once, one per lane (the running
/// error bound's and the kernel bound's).
inline constexpr int64_t kConvLanes = 16;

/// The blocks of kConvLanes output channels within each group: calls f(g, o0, lanes),
/// `lanes` <= kConvLanes the block's real channels from o0.
template <class F>
void conv2d_lane_blocks(const ConvPlan& p, F&& f) {
  for (int64_t g = 0; g < p.a.groups; ++g)
    for (int64_t o0 = g * p.cout_g; o0 < (g + 1) * p.cout_g; o0 += kConvLanes)
      f(g, o0, std::min(kConvLanes, (g + 1) * p.cout_g - o0));
}

/// The weights of a block lane innermost: calls put(dst, src) for each of its real
/// channels j, input channel ci and tap t, with dst = (t cin_g + ci) kConvLanes + j (the
/// vector loops' index) and src the OIHW index of that weight.
template <class F>
void conv2d_lane_weights(const ConvPlan& p, int64_t o0, int64_t lanes, F&& put) {
  const int64_t khw = p.KH * p.KW;
  for (int64_t j = 0; j < lanes; ++j)
    for (int64_t ci = 0; ci < p.cin_g; ++ci)
      for (int64_t t = 0; t < khw; ++t)
        put(static_cast<size_t>((t * p.cin_g + ci) * kConvLanes + j),
            static_cast<size_t>(((o0 + j) * p.cin_g + ci) * khw + t));
}

/// conv2d_position_taps as two lists (input offsets x0s, taps ts; KH KW entries each
/// suffice): the count. The vector loops read the lists, so that their arithmetic stays
/// out of a lambda, which target clones do not clone.
inline size_t conv2d_position_tap_list(const ConvPlan& p, int64_t b, int64_t g, int64_t oh,
                                       int64_t ow, int64_t* x0s, int64_t* ts) {
  size_t n = 0;
  conv2d_position_taps(p, b, g, oh, ow,
                       [&](int64_t x0, int64_t t) { x0s[n] = x0, ts[n] = t, ++n; });
  return n;
}

/// The sums of every element of the NCHW output `out_shape`, row-major.
template <class D>
std::vector<Val<D>> conv2d_window_sums(D& d, const ConvPlan& p, const Val<D>* x, const Val<D>* w,
                                       const Shape& out_shape) {
  std::vector<Val<D>> acc(static_cast<size_t>(num_elements(out_shape)), d.lit(0));
  conv2d_window_rows(p, out_shape,
                     [&](int64_t row, int64_t x0, int64_t wi, int64_t lo, int64_t hi, int64_t sw) {
                       Val<D>* r = acc.data() + row;
                       const Val<D> wv = w[wi];
                       for (int64_t ow = lo; ow < hi; ++ow)
                         r[ow] = d.add(r[ow], d.mul(x[x0 + ow * sw], wv));
                     });
  return acc;
}

}  // namespace vf::sem
