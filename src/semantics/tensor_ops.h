// Semantics of the structured operators, written once over a numeric Domain as
// per-output-element formulas. A *Plan holds what depends only on shapes and
// attributes, computed once per node; the formula then gives one output element.
//
// Index conventions: activations NCHW, conv weights OIHW, dense weights [M, K];
// 2-D padding [top, left, bottom, right]. Exact meanings:
//   conv2d: out[n,o,h,w] = sum over c in o's group, kh, kw of
//           xpad[n, c, h*sh - pt + kh*dh, w*sw - pl + kw*dw] * W[o, c - g*Cin_g, kh, kw]
//           (+ bias[o]); xpad is 0 outside the input. Group g = o / Cout_g. The sum is
//           accumulated in the order kh, kw, c (c innermost), starting from 0.
//   conv2d_transpose (ONNX ConvTranspose; W is [C_in, C_out/groups, kH, kW]):
//           out[n,o,h,w] = sum over c in o's group, kh, kw with
//             h + pt - kh*dh = ih*sh and w + pl - kw*dw = iw*sw (exact division,
//             0 <= ih < H, 0 <= iw < W) of x[n, c, ih, iw] * W[c, o - g*Cout_g, kh, kw]
//           (+ bias[o], added after the sum). Group g = o / Cout_g; output_padding only
//           enlarges the output (its extra rows / columns get the taps that reach them).
//           The sum is accumulated in the order c, kh, kw (kw innermost), from 0.
//   dense:  out[..., m] = sum_k x[..., k] * W[m, k] (+ bias[m]), k ascending.
//   matmul: numpy matmul of rank >= 2 operands, batch dimensions broadcast.
//   gemm:   alpha * op(A) op(B) + beta * C, op = transpose when trans_a / trans_b.
//   max_pool2d: max over the window's taps inside the input (padding acts as -inf);
//           a window with no tap inside the input gives -inf.
//   avg_pool2d: sum of taps inside the input / divisor; divisor = taps inside the
//           padded input [-pad_begin, n + pad_end) when count_include_pad, else taps
//           inside the input.
//   global_avg_pool2d: mean over H and W (sum in row-major order, then one division).
//   im2col: out[n, oh, ow, (c KH + kh) KW + kw] = xpad[n, c, oh*sh - pt + kh*dh,
//           ow*sw - pl + kw*dw], xpad 0 outside the input (conv2d's taps, one per element).
//   pad: constant `value` outside the input. softmax: exp(x_i - m) / sum_j exp(x_j - m),
//   m the max along the axis. upsampling: nearest, in = min(n - 1, floor(out / scale))
//   (upsampling_source, ir/op_plan.h); resize_nearest reads explicit source rows/columns.
//   transpose: out[idx] = x[idx permuted back] (perm empty: axes reversed).
//   concat: the inputs one after the other along the axis. split: piece `index`, starting
//   at the sizes of the pieces before it summed.
//   batch_norm: (x - mean[c]) / sqrt(var[c] + eps) * gamma[c] + beta[c], c = idx[axis]
//           (bias_add and batch_norm count a negative axis from the end);
//           gamma is 1 when scale=0 and beta is 0 when center=0.
//   gather: out[p, j, q] = table[p, gather_row(ids[j], n), q] (ops.def: a negative id wraps
//           once, then clamps to [0, n - 1]). cast: the value itself. where: c != 0 ? a : b.
#pragma once

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>
#include <span>
#include <vector>

#include "ir/op_attrs.h"
#include "ir/op_plan.h"
#include "ir/shape.h"
#include "semantics/scalar_ops.h"

namespace vf::sem {

// Broadcast strides are part of an operator's plan (ir/op_plan.h), read by the emitter too.
using vf::broadcast_strides;
using vf::offset_of;

/// Shape-dependent constants of a 2-D convolution.
struct ConvPlan {
  Conv2dAttrs a;
  int64_t C, H, W, O, KH, KW, cin_g, cout_g;
  ConvPlan(const Conv2dAttrs& attrs, const Shape& x, const Shape& w)
      : a(attrs),
        C(x[1]),
        H(x[2]),
        W(x[3]),
        O(w[0]),
        KH(w[2]),
        KW(w[3]),
        cin_g(w[1]),
        cout_g(w[0] / attrs.groups) {}
};

/// The taps of one output position (oh, ow) of batch item b in group g that read inside
/// the input, in conv2d_at's order (row by row): calls `tap(x0, t)` with x0 the flat NCHW
/// index of the tap's input element in the group's first channel and t = kh KW + kw; the
/// caller adds the terms of the group's input channels ci (innermost, in order), input
/// element x0 + ci H W times weight element t + ci KH KW of the output channel's row.
/// For callers that form many output channels' sums at once (one per vector lane).
template <class F>
void conv2d_position_taps(const ConvPlan& p, int64_t b, int64_t g, int64_t oh, int64_t ow,
                          F&& tap) {
  const int64_t xg = (b * p.C + g * p.cin_g) * p.H * p.W;  // channel 0 of the group
  for (int64_t kh = 0; kh < p.KH; ++kh) {
    const int64_t ih = oh * p.a.strides[0] - p.a.padding[0] + kh * p.a.dilation[0];
    if (ih < 0 || ih >= p.H) continue;  // padded tap: contributes 0
    for (int64_t kw = 0; kw < p.KW; ++kw) {
      const int64_t iw = ow * p.a.strides[1] - p.a.padding[1] + kw * p.a.dilation[1];
      if (iw < 0 || iw >= p.W) continue;
      tap(xg + ih * p.W + iw, kh * p.KW + kw);
    }
  }
}

/// conv2d without bias at output index (n, o, h, w).
template <class D>
Val<D> conv2d_at(D& d, const ConvPlan& p, const Val<D>* x, const Val<D>* w, const int64_t* idx) {
  const int64_t n = idx[0], o = idx[1], oh = idx[2], ow = idx[3];
  const int64_t hw = p.H * p.W, khw = p.KH * p.KW;
  const Val<D>* wo = w + o * p.cin_g * khw;
  Val<D> acc = d.lit(0);
  // Taps outermost so that the border test runs once per tap, not once per channel.
  conv2d_position_taps(p, n, o / p.cout_g, oh, ow, [&](int64_t x0, int64_t t) {
    for (int64_t ci = 0; ci < p.cin_g; ++ci)
      acc = d.add(acc, d.mul(x[x0 + ci * hw], wo[t + ci * khw]));
  });
  return acc;
}

/// Shape-dependent constants of a 2-D transposed convolution (weight IOHW).
struct ConvTransposePlan {
  Conv2dTransposeAttrs a;
  int64_t C, H, W, KH, KW, cin_g, cout_g;
  ConvTransposePlan(const Conv2dTransposeAttrs& attrs, const Shape& x, const Shape& w)
      : a(attrs),
        C(x[1]),
        H(x[2]),
        W(x[3]),
        KH(w[2]),
        KW(w[3]),
        cin_g(x[1] / attrs.groups),
        cout_g(w[1]) {}
};

namespace detail {
/// The input position a transposed-conv tap reads for output position `o`: the i with
/// o + pad - k*dil = i*stride, or -1 when there is none in [0, n).
inline int64_t transpose_source(int64_t o, int64_t pad, int64_t k, int64_t dil, int64_t stride,
                                int64_t n) {
  const int64_t t = o + pad - k * dil;
  if (t < 0 || t % stride != 0) return -1;
  const int64_t i = t / stride;
  return i < n ? i : -1;
}
}  // namespace detail

/// conv2d_transpose without bias at output index (n, o, h, w), as a gather: each output
/// element sums the input elements whose scatter lands on it.
template <class D>
Val<D> conv2d_transpose_at(D& d, const ConvTransposePlan& p, const Val<D>* x, const Val<D>* w,
                           const int64_t* idx) {
  const int64_t n = idx[0], o = idx[1], oh = idx[2], ow = idx[3];
  const int64_t g = o / p.cout_g, og = o % p.cout_g;
  const int64_t hw = p.H * p.W, khw = p.KH * p.KW;
  Val<D> acc = d.lit(0);
  for (int64_t ci = 0; ci < p.cin_g; ++ci) {
    const int64_t c = g * p.cin_g + ci;
    const Val<D>* xc = x + (n * p.C + c) * hw;
    const Val<D>* wc = w + (c * p.cout_g + og) * khw;
    for (int64_t kh = 0; kh < p.KH; ++kh) {
      const int64_t ih =
          detail::transpose_source(oh, p.a.padding[0], kh, p.a.dilation[0], p.a.strides[0], p.H);
      if (ih < 0) continue;
      for (int64_t kw = 0; kw < p.KW; ++kw) {
        const int64_t iw =
            detail::transpose_source(ow, p.a.padding[1], kw, p.a.dilation[1], p.a.strides[1], p.W);
        if (iw < 0) continue;
        acc = d.add(acc, d.mul(xc[ih * p.W + iw], wc[kh * p.KW + kw]));
      }
    }
  }
  return acc;
}

/// dense without bias: row `row` of x[..., K] against weight row m.
template <class D>
Val<D> dense_at(D& d, int64_t K, const Val<D>* x, const Val<D>* w, int64_t row, int64_t m) {
  Val<D> acc = d.lit(0);
  const Val<D>* xr = x + row * K;
  const Val<D>* wr = w + m * K;
  for (int64_t k = 0; k < K; ++k) acc = d.add(acc, d.mul(xr[k], wr[k]));
  return acc;
}

/// Shape-dependent constants of a 2-D pooling window.
struct PoolPlan {
  Pool2dAttrs a;
  int64_t C, H, W;
  PoolPlan(const Pool2dAttrs& attrs, const Shape& x) : a(attrs), C(x[1]), H(x[2]), W(x[3]) {}
};

template <class D>
Val<D> max_pool2d_at(D& d, const PoolPlan& p, const Val<D>* x, const int64_t* idx) {
  const Val<D>* xc = x + (idx[0] * p.C + idx[1]) * p.H * p.W;
  std::optional<Val<D>> best;
  for (int64_t kh = 0; kh < p.a.pool_size[0]; ++kh) {
    const int64_t ih = idx[2] * p.a.strides[0] - p.a.padding[0] + kh * p.a.dilation[0];
    if (ih < 0 || ih >= p.H) continue;
    for (int64_t kw = 0; kw < p.a.pool_size[1]; ++kw) {
      const int64_t iw = idx[3] * p.a.strides[1] - p.a.padding[1] + kw * p.a.dilation[1];
      if (iw < 0 || iw >= p.W) continue;
      const Val<D> v = xc[ih * p.W + iw];
      best = best ? maximum(d, v, *best) : v;
    }
  }
  // A window with no tap in the input: -inf (a float; integer pools never have one:
  // vfrt::pool_windows_nonempty).
  return best ? *best : d.lit(-std::numeric_limits<double>::infinity());
}

template <class D>
Val<D> avg_pool2d_at(D& d, const PoolPlan& p, const Val<D>* x, const int64_t* idx) {
  const Val<D>* xc = x + (idx[0] * p.C + idx[1]) * p.H * p.W;
  Val<D> sum = d.lit(0);
  int64_t inside = 0, padded = 0;
  for (int64_t kh = 0; kh < p.a.pool_size[0]; ++kh) {
    const int64_t ih = idx[2] * p.a.strides[0] - p.a.padding[0] + kh * p.a.dilation[0];
    const bool h_in = ih >= 0 && ih < p.H;
    const bool h_pad = ih >= -p.a.padding[0] && ih < p.H + p.a.padding[2];
    for (int64_t kw = 0; kw < p.a.pool_size[1]; ++kw) {
      const int64_t iw = idx[3] * p.a.strides[1] - p.a.padding[1] + kw * p.a.dilation[1];
      const bool w_in = iw >= 0 && iw < p.W;
      const bool w_pad = iw >= -p.a.padding[1] && iw < p.W + p.a.padding[3];
      if (h_pad && w_pad) ++padded;
      if (h_in && w_in) {
        sum = d.add(sum, xc[ih * p.W + iw]);
        ++inside;
      }
    }
  }
  const int64_t divisor = p.a.count_include_pad ? padded : inside;
  return d.div(sum, d.lit(static_cast<double>(std::max<int64_t>(divisor, 1))));
}

template <class D>
Val<D> global_avg_pool2d_at(D& d, const Shape& xs, const Val<D>* x, const int64_t* idx) {
  const int64_t hw = xs[2] * xs[3];
  const Val<D>* xc = x + (idx[0] * xs[1] + idx[1]) * hw;
  Val<D> sum = d.lit(0);
  for (int64_t i = 0; i < hw; ++i) sum = d.add(sum, xc[i]);
  return d.div(sum, d.lit(static_cast<double>(hw)));
}

template <class D>
Val<D> batch_norm_at(D& d, Val<D> x, Val<D> gamma, Val<D> beta, Val<D> mean, Val<D> var, Val<D> eps,
                     bool scale, bool center) {
  Val<D> y = d.div(d.sub(x, mean), d.sqrt(d.add(var, eps)));
  if (scale) y = d.mul(y, gamma);
  if (center) y = d.add(y, beta);
  return y;
}

/// softmax along an axis, for the element at `flat` whose index along the axis is `i`.
template <class D>
Val<D> softmax_at(D& d, const Val<D>* x, int64_t flat, int64_t i, int64_t len, int64_t stride) {
  const int64_t base = flat - i * stride;
  Val<D> m = x[base];
  for (int64_t j = 1; j < len; ++j) m = maximum(d, x[base + j * stride], m);
  Val<D> sum = d.lit(0);
  for (int64_t j = 0; j < len; ++j) sum = d.add(sum, d.exp(d.sub(x[base + j * stride], m)));
  return d.div(d.exp(d.sub(x[flat], m)), sum);
}

/// reduce_* at output element o (ReducePlan): the reduced elements combined in row-major
/// order from the first one: their sum (reduce_sum; reduce_mean then divides it by the
/// count), the sum of their squares (reduce_l2, then its square root), their maximum as
/// max_pool2d takes it (maximum(v, acc): a NaN first element is the result, later NaNs are
/// passed over). Over an empty axis: 0 (sum, l2), 0 / 0 = NaN (mean), -inf (max).
template <class D>
Val<D> reduce_at(D& d, OpKind op, const ReducePlan& p, const Val<D>* x, int64_t o) {
  const bool l2 = op == OpKind::ReduceL2, max = op == OpKind::ReduceMax;
  const Val<D>* r = x + p.base[static_cast<size_t>(o)];
  auto term = [&](int64_t k) {
    const Val<D> v = r[p.inner[static_cast<size_t>(k)]];
    return l2 ? d.mul(v, v) : v;
  };
  Val<D> acc = p.count == 0 ? d.lit(max ? -INFINITY : 0.0) : term(0);
  for (int64_t k = 1; k < p.count; ++k) acc = max ? maximum(d, term(k), acc) : d.add(acc, term(k));
  if (op == OpKind::ReduceMean) acc = d.div(acc, d.lit(static_cast<double>(p.count)));
  if (l2) acc = d.sqrt(acc);
  return acc;
}

/// What every element of one row of layer_norm / rms_norm reads: the row's mean (0 for
/// rms_norm) and its denominator sqrt(mean((x - mean)^2) + epsilon).
template <class V>
struct NormRow {
  V mean;
  V denom;
};

/// The statistics of row x[0 .. len), len >= 1, summed in order from x[0]: layer_norm
/// (`center`) mean = sum(x) / len, denom = sqrt(sum((x - mean)^2) / len + eps) (the
/// biased variance, as ONNX and Relay); rms_norm denom = sqrt(sum(x^2) / len + eps).
template <class D>
NormRow<Val<D>> norm_row(D& d, const Val<D>* x, int64_t len, Val<D> eps, bool center) {
  const Val<D> n = d.lit(static_cast<double>(len));
  Val<D> mean = d.lit(0);
  if (center) {
    Val<D> s = x[0];
    for (int64_t k = 1; k < len; ++k) s = d.add(s, x[k]);
    mean = d.div(s, n);
  }
  Val<D> ss = d.lit(0);
  for (int64_t k = 0; k < len; ++k) {
    const Val<D> dv = center ? d.sub(x[k], mean) : x[k];
    const Val<D> sq = d.mul(dv, dv);
    ss = k == 0 ? sq : d.add(ss, sq);
  }
  return {mean, d.sqrt(d.add(d.div(ss, n), eps))};
}

/// One element of a normalised row: layer_norm (x - mean) / denom * gamma + beta;
/// rms_norm (beta null) x / denom * gamma.
template <class D>
Val<D> norm_at(D& d, const NormRow<Val<D>>& r, Val<D> x, Val<D> gamma, const Val<D>* beta) {
  const Val<D> y = d.mul(d.div(beta ? d.sub(x, r.mean) : x, r.denom), gamma);
  return beta ? d.add(y, *beta) : y;
}

/// The epilogue of a fused op on an accumulator for channel c at output offset `flat`:
/// act(((acc + bias[c]) * scale[c] + shift[c]) + residual[flat]); act_alpha / act_beta
/// are the activation's parameters (e.act_alpha / e.act_beta, or symbols in a proof).
template <class D>
Val<D> epilogue_at(D& d, const EpilogueAttrs& e, Val<D> acc, std::span<const Val<D>* const> parts,
                   int64_t c, int64_t flat, Val<D> act_alpha, Val<D> act_beta) {
  size_t k = 0;
  if (e.has_bias) acc = d.add(acc, parts[k++][c]);
  if (e.has_scale) acc = d.mul(acc, parts[k++][c]);
  if (e.has_shift) acc = d.add(acc, parts[k++][c]);
  if (e.has_residual) acc = d.add(acc, parts[k++][flat]);
  return activation(d, e.activation, acc, act_alpha, act_beta);
}

/// matmul at output index idx of rank r: sum_k a[b, i, k] * b[b, k, j], k ascending from 0,
/// b the batch index broadcast into each operand (MatMulPlan).
template <class D>
Val<D> matmul_at(D& d, const MatMulPlan& p, const Val<D>* a, const Val<D>* b, const int64_t* idx,
                 size_t r) {
  const Val<D>* ar = a + offset_of(idx, p.a_batch) + idx[r - 2] * p.K;
  const Val<D>* bc = b + offset_of(idx, p.b_batch) + idx[r - 1];
  Val<D> acc = d.lit(0);
  for (int64_t k = 0; k < p.K; ++k) acc = d.add(acc, d.mul(ar[k], bc[k * p.N]));
  return acc;
}

/// gemm's sum at output (i, j) = (idx[0], idx[1]): sum_k op(A)[i, k] op(B)[k, j], k
/// ascending from 0.
template <class D>
Val<D> gemm_sum_at(D& d, const GemmPlan& p, const Val<D>* a, const Val<D>* b, const int64_t* idx) {
  const int64_t i = idx[0], j = idx[1];
  Val<D> acc = d.lit(0);
  for (int64_t k = 0; k < p.K; ++k) {
    const Val<D> av = a[p.trans_a ? k * p.lda + i : i * p.lda + k];
    const Val<D> bv = b[p.trans_b ? j * p.ldb + k : k * p.ldb + j];
    acc = d.add(acc, d.mul(av, bv));
  }
  return acc;
}

/// gemm's epilogue on its sum `acc` at output idx: alpha * acc + beta * C. A null `alpha` /
/// `beta` is a literal 1, left out of the formula (the interpreter never multiplied by
/// it); `c` is null when the node has no C.
template <class D>
Val<D> gemm_epilogue(D& d, const GemmPlan& p, Val<D> acc, const Val<D>* c, const int64_t* idx,
                     const Val<D>* alpha, const Val<D>* beta) {
  if (alpha) acc = d.mul(*alpha, acc);
  if (c) {
    const Val<D> cv = c[offset_of(idx, p.c_strides)];
    acc = d.add(acc, beta ? d.mul(*beta, cv) : cv);
  }
  return acc;
}

/// pad at output index idx: x at idx - begin when that lies inside x (shape xs, row-major
/// strides xst), else `value`.
template <class V>
V pad_at(const Shape& xs, const std::vector<int64_t>& xst, const std::vector<int64_t>& begin,
         const V* x, const V& value, const int64_t* idx) {
  int64_t off = 0;
  for (size_t k = 0; k < xs.size(); ++k) {
    const int64_t i = idx[k] - begin[k];
    if (i < 0 || i >= xs[k]) return value;
    off += i * xst[k];
  }
  return x[off];
}

/// transpose (and any pure re-indexing) at output index idx: x read through the input
/// strides in output order (permuted_strides).
template <class V>
V transpose_at(const V* x, const std::vector<int64_t>& strides, const int64_t* idx) {
  return x[offset_of(idx, strides)];
}

/// concat at output index idx of rank r: the input whose range along `axis` holds
/// idx[axis], at that index minus the sizes of the inputs before it. `data(i)`, `shape(i)`
/// and `strides[i]` describe input i.
template <class V, class Data, class ShapeOf>
V concat_at(Data&& data, ShapeOf&& shape, const std::vector<std::vector<int64_t>>& strides,
            size_t axis, size_t r, const int64_t* idx) {
  int64_t a = idx[axis];
  size_t i = 0;
  while (a >= shape(i)[axis]) a -= shape(i++)[axis];
  int64_t off = 0;
  for (size_t k = 0; k < r; ++k) off += (k == axis ? a : idx[k]) * strides[i][k];
  return data(i)[off];
}

/// split at output index idx: x (row-major strides xst, rank r) at idx shifted by the
/// piece's start along its axis.
template <class V>
V split_at(const SplitPlan& p, const V* x, const std::vector<int64_t>& xst, size_t r,
           const int64_t* idx) {
  int64_t off = 0;
  for (size_t k = 0; k < r; ++k) off += (idx[k] + (k == p.axis ? p.start : 0)) * xst[k];
  return x[off];
}

/// im2col at output index (n, oh, ow, k), k = (c KH + kh) KW + kw, for conv2d plan p
/// (groups 1): x[n, c, oh sh - pt + kh dh, ow sw - pl + kw dw] (conv2d's tap), `zero`
/// where that lies outside the input.
template <class V>
V im2col_at(const ConvPlan& p, const V* x, const V& zero, const int64_t* idx) {
  const int64_t khw = p.KH * p.KW;
  const int64_t k = idx[3], c = k / khw, kh = k % khw / p.KW, kw = k % p.KW;
  const int64_t ih = idx[1] * p.a.strides[0] - p.a.padding[0] + kh * p.a.dilation[0];
  const int64_t iw = idx[2] * p.a.strides[1] - p.a.padding[1] + kw * p.a.dilation[1];
  if (ih < 0 || ih >= p.H || iw < 0 || iw >= p.W) return zero;
  return x[((idx[0] * p.C + c) * p.H + ih) * p.W + iw];
}

/// upsampling / resize_nearest at output index (n, c, i, j) of NCHW input shape xs:
/// x[n, c, rows[i], cols[j]].
template <class V>
V resize_nearest_at(const NearestPlan& p, const Shape& xs, const V* x, const int64_t* idx) {
  return x[((idx[0] * xs[1] + idx[1]) * xs[2] + p.rows[static_cast<size_t>(idx[2])]) * xs[3] +
           p.cols[static_cast<size_t>(idx[3])]];
}

/// The value of `v` when domain `d` knows it to be exactly that integer (a domain opts in
/// with `std::optional<int64_t> exact_integer(Value)`; FloatDomain knows every value), else
/// nullopt: gather then picks its row by comparisons, with the same meaning.
template <class D>
std::optional<int64_t> known_integer(const D& d, const Val<D>& v) {
  if constexpr (std::is_arithmetic_v<Val<D>>) {
    (void)d;
    // Beyond the int64 range (or NaN) the id is outside any table: the clamp's ends.
    if (!(v == v)) return std::nullopt;
    if (v >= static_cast<Val<D>>(9.2e18)) return std::numeric_limits<int64_t>::max();
    if (v <= static_cast<Val<D>>(-9.2e18)) return std::numeric_limits<int64_t>::min();
    const double f = std::floor(static_cast<double>(v));
    if (f != static_cast<double>(v)) return std::nullopt;
    return static_cast<int64_t>(f);
  } else if constexpr (requires { d.exact_integer(v); }) {
    return d.exact_integer(v);
  } else {
    return std::nullopt;
  }
}

/// gather: the row of `table` ([outer, n, inner] around the axis) id `id` reads, for
/// output element (o, _, q): table[(o n + gather_row(id, n)) inner + q]. Picked directly
/// when the domain knows the id (known_integer), else by the comparisons
/// row = select(r < 1, 0, select(r < 2, 1, ... n - 1)), r = select(id < 0, id + n, id),
/// which is gather_row over the integers (and the reading of a non-integer id).
template <class D>
Val<D> gather_at(D& d, const Val<D>* table, const Val<D>& id, int64_t n, int64_t o, int64_t q,
                 int64_t inner) {
  auto at = [&](int64_t row) { return table[(o * n + row) * inner + q]; };
  if (auto k = known_integer(d, id)) return at(gather_row(*k, n));
  using V = Val<D>;
  const V r = d.select(d.lt(id, d.lit(0)), d.add(id, d.lit(static_cast<double>(n))), id);
  V out = at(n - 1);
  for (int64_t row = n - 1; row-- > 0;)
    out = d.select(d.lt(r, d.lit(static_cast<double>(row + 1))), at(row), out);
  return out;
}

/// where: c != 0 ? a : b, read as (c < 0 or 0 < c): a NaN condition picks b (conditions
/// are integers in every model vfuse imports).
template <class D>
Val<D> where_at(D& d, const Val<D>& c, const Val<D>& a, const Val<D>& b) {
  const Val<D> zero = d.lit(0);
  return d.select(d.lt(c, zero), a, d.select(d.lt(zero, c), a, b));
}

}  // namespace vf::sem
