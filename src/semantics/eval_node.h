// One node of the graph evaluated over a numeric Domain: the dispatch from the
// operator table to the formulas of scalar_ops.h and tensor_ops.h. The interpreter
// calls this with FloatDomain; the prover calls it with its symbolic domains, so both
// read the same definitions.
#pragma once

#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/attrs.h"
#include "ir/op.h"
#include "ir/op_attrs.h"
#include "semantics/operand.h"
#include "semantics/tensor_ops.h"

namespace vf::sem {

/// Calls f(flat, idx) for every index of `s` in row-major order and appends the
/// returned values to `out`.
template <class V, class F>
void emit_each(const Shape& s, std::vector<V>& out, F&& f) {
  const int64_t n = num_elements(s);
  std::vector<int64_t> idx(s.size(), 0);
  out.reserve(out.size() + static_cast<size_t>(n));
  for (int64_t flat = 0; flat < n; ++flat) {
    out.push_back(f(flat, idx.data()));
    for (size_t k = s.size(); k-- > 0;) {
      if (++idx[k] < s[k]) break;
      idx[k] = 0;
    }
  }
}

namespace detail {

/// Elementwise binary op with numpy broadcasting: out[i] = f(a[bcast(i)], b[bcast(i)]).
template <class V, class F>
void eval_broadcast(std::span<const Operand<V>> in, const Shape& out_shape, std::vector<V>& out,
                    F&& f) {
  const auto sa = broadcast_strides(*in[0].shape, out_shape.size());
  const auto sb = broadcast_strides(*in[1].shape, out_shape.size());
  const V* a = in[0].data;
  const V* b = in[1].data;
  emit_each(out_shape, out, [&](int64_t, const int64_t* idx) {
    return f(a[offset_of(idx, sa)], b[offset_of(idx, sb)]);
  });
}

}  // namespace detail

/// Values given to float attributes instead of their literal value in Attrs, by
/// attribute name: a prover passes symbols here to quantify over an attribute (a rule's
/// `epsilon=$eps`). Every float attribute of every operator is read through it, except
/// upsampling's scales, which index memory and must be literal.
template <class V>
using FloatAttrValues = std::span<const std::pair<std::string_view, V>>;

/// The value of float attribute `name`: its symbol in `fv` if it has one, else its
/// literal in `attrs`.
template <class D>
Val<D> float_attr(D& d, const Attrs& attrs, FloatAttrValues<Val<D>> fv, std::string_view name) {
  for (const auto& [n, v] : fv)
    if (n == name) return v;
  return d.lit(attrs.get_float(name));
}

/// Appends the elements of a conv2d / fused_conv2d / dense / fused_dense node given its
/// accumulators: `acc(flat, idx)` is the window sum (dot product) of output element
/// `flat` before bias, scale, shift, residual and activation. eval_node passes the true
/// sums; an instance certificate passes one symbol per accumulator, which covers every
/// value the sum can take (docs/certificates.md). The output channel is axis 1 of a
/// conv's NCHW output and the last axis of dense.
template <class D, class Acc>
void eval_reduction(D& d, OpKind op, const Attrs& attrs, std::span<const Operand<Val<D>>> in,
                    const Shape& out_shape, std::vector<Val<D>>& out,
                    FloatAttrValues<Val<D>> float_values, Acc&& acc) {
  using V = Val<D>;
  const bool fused = op == OpKind::FusedConv2d || op == OpKind::FusedDense;
  const bool conv = op == OpKind::Conv2d || op == OpKind::FusedConv2d;
  assert(conv || op == OpKind::Dense || op == OpKind::FusedDense);
  EpilogueAttrs e;
  if (fused)
    e = epilogue_attrs(attrs);
  else
    e.has_bias = in.size() == 3;
  std::vector<const V*> parts;
  for (size_t k = 2; k < in.size(); ++k) parts.push_back(in[k].data);
  const V act_alpha = fused ? float_attr(d, attrs, float_values, "act_alpha") : d.lit(0);
  const V act_beta = fused ? float_attr(d, attrs, float_values, "act_beta") : d.lit(0);
  const int64_t M = out_shape.back();
  emit_each(out_shape, out, [&](int64_t flat, const int64_t* idx) {
    const int64_t channel = conv ? idx[1] : flat % M;
    return epilogue_at(d, e, acc(flat, idx), std::span<const V* const>(parts), channel, flat,
                       act_alpha, act_beta);
  });
}

/// Appends the elements of a conv2d_transpose node given its sums: `acc(flat, idx)` is the
/// sum at output (n, o, h, w) = idx before the bias (conv2d_transpose_at), then + bias[o].
template <class D, class Acc>
void eval_conv2d_transpose(D& d, std::span<const Operand<Val<D>>> in, const Shape& out_shape,
                           std::vector<Val<D>>& out, Acc&& acc) {
  const Val<D>* bias = in.size() == 3 ? in[2].data : nullptr;
  emit_each(out_shape, out, [&](int64_t flat, const int64_t* idx) {
    const Val<D> a = acc(flat, idx);
    return bias ? d.add(a, bias[idx[1]]) : a;
  });
}

/// Appends the elements of a gemm node given its sums: `acc(flat, idx)` is
/// sum_k op(A)[i, k] op(B)[k, j] at output (i, j) = (idx[0], idx[1]); then alpha * acc +
/// beta * C (gemm_epilogue). eval_node passes gemm_sum_at; a target that computes the sums
/// elsewhere (the systolic array, src/target) passes its own.
template <class D, class Acc>
void eval_gemm(D& d, const Attrs& attrs, std::span<const Operand<Val<D>>> in,
               const Shape& out_shape, std::vector<Val<D>>& out,
               FloatAttrValues<Val<D>> float_values, Acc&& acc) {
  using V = Val<D>;
  const bool has_c = in.size() == 3;
  const GemmPlan p = gemm_plan(attrs, *in[0].shape, *in[1].shape, has_c ? in[2].shape : nullptr);
  auto symbolic = [&](std::string_view name) {
    for (const auto& [n, v] : float_values)
      if (n == name) return true;
    return false;
  };
  // Literal 1 factors are left out, as the interpreter always did; symbolic ones stay.
  const bool alpha_one = !symbolic("alpha") && attrs.get_float("alpha") == 1;
  const bool beta_one = !symbolic("beta") && attrs.get_float("beta") == 1;
  const V alpha = float_attr(d, attrs, float_values, "alpha");
  const V beta = float_attr(d, attrs, float_values, "beta");
  emit_each(out_shape, out, [&](int64_t flat, const int64_t* idx) {
    return gemm_epilogue(d, p, acc(flat, idx), has_c ? in[2].data : nullptr, idx,
                         alpha_one ? nullptr : &alpha, beta_one ? nullptr : &beta);
  });
}

namespace detail {

// The stages of eval_node, one operator family each: eval_node's switch stays the one place
// that names every operator, and each helper holds one family's index arithmetic. Every
// helper appends the node's elements to `out`, row-major, as eval_node does.

/// The node's input operands, by position.
template <class D>
using Inputs = std::span<const Operand<Val<D>>>;

// -- contractions: windows and dot products --

/// conv2d / fused_conv2d: the window sums, then the (fused) epilogue.
template <class D>
void eval_conv2d_node(D& d, OpKind op, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                      std::vector<Val<D>>& out, FloatAttrValues<Val<D>> float_values) {
  const ConvPlan p(conv2d_attrs(attrs), *in[0].shape, *in[1].shape);
  const Val<D>* x = in[0].data;
  const Val<D>* w = in[1].data;
  eval_reduction(d, op, attrs, in, out_shape, out, float_values,
                 [&](int64_t, const int64_t* idx) { return conv2d_at(d, p, x, w, idx); });
}

/// conv2d_transpose: the scattered sums, then the bias.
template <class D>
void eval_conv2d_transpose_node(D& d, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                                std::vector<Val<D>>& out) {
  const ConvTransposePlan p(conv2d_transpose_attrs(attrs), *in[0].shape, *in[1].shape);
  eval_conv2d_transpose(d, in, out_shape, out, [&](int64_t, const int64_t* idx) {
    return conv2d_transpose_at(d, p, in[0].data, in[1].data, idx);
  });
}

/// dense / fused_dense: the row-by-weight dot products, then the (fused) epilogue.
template <class D>
void eval_dense_node(D& d, OpKind op, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                     std::vector<Val<D>>& out, FloatAttrValues<Val<D>> float_values) {
  const int64_t K = in[0].shape->back();
  const int64_t M = out_shape.back();
  eval_reduction(d, op, attrs, in, out_shape, out, float_values,
                 [&](int64_t flat, const int64_t*) {
                   return dense_at(d, K, in[0].data, in[1].data, flat / M, flat % M);
                 });
}

/// matmul: batched matrix products with broadcast batch axes.
template <class D>
void eval_matmul_node(D& d, Inputs<D> in, const Shape& out_shape, std::vector<Val<D>>& out) {
  const MatMulPlan p = matmul_plan(*in[0].shape, *in[1].shape, out_shape);
  emit_each(out_shape, out, [&](int64_t, const int64_t* idx) {
    return matmul_at(d, p, in[0].data, in[1].data, idx, out_shape.size());
  });
}

/// gemm: the (transposed) products, then alpha and beta * C.
template <class D>
void eval_gemm_node(D& d, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                    std::vector<Val<D>>& out, FloatAttrValues<Val<D>> float_values) {
  const GemmPlan p =
      gemm_plan(attrs, *in[0].shape, *in[1].shape, in.size() == 3 ? in[2].shape : nullptr);
  eval_gemm(d, attrs, in, out_shape, out, float_values, [&](int64_t, const int64_t* idx) {
    return gemm_sum_at(d, p, in[0].data, in[1].data, idx);
  });
}

// -- per-channel operators --

/// bias_add: one bias per element of the channel axis.
template <class D>
void eval_bias_add_node(D& d, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                        std::vector<Val<D>>& out) {
  const size_t axis = axis_plan(out_shape, attrs.get_int("axis")).axis;
  emit_each(out_shape, out, [&](int64_t flat, const int64_t* idx) {
    return d.add(in[0].data[flat], in[1].data[idx[axis]]);
  });
}

/// batch_norm (inference): the per-channel statistics applied elementwise.
template <class D>
void eval_batch_norm_node(D& d, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                          std::vector<Val<D>>& out, FloatAttrValues<Val<D>> float_values) {
  using V = Val<D>;
  const size_t axis = axis_plan(out_shape, attrs.get_int("axis")).axis;
  const V eps = float_attr(d, attrs, float_values, "epsilon");
  const bool scale = attrs.get_int("scale") != 0, center = attrs.get_int("center") != 0;
  emit_each(out_shape, out, [&](int64_t flat, const int64_t* idx) {
    const int64_t c = idx[axis];
    return batch_norm_at(d, in[0].data[flat], in[1].data[c], in[2].data[c], in[3].data[c],
                         in[4].data[c], eps, scale, center);
  });
}

// -- quantized inference --

/// quantize / dequantize: an affine map, clamped to the integer range when quantizing.
template <class D, class Unary>
void eval_quantize_node(D& d, OpKind op, const Attrs& attrs, FloatAttrValues<Val<D>> float_values,
                        Unary&& unary) {
  using V = Val<D>;
  const QuantAttrs q = quant_attrs(attrs, op == OpKind::Quantize);
  const V scale = float_attr(d, attrs, float_values, "scale"),
          z = d.lit(static_cast<double>(q.zero_point));
  if (op == OpKind::Dequantize) return unary([&](V x) { return dequantize(d, x, scale, z); });
  const V lo = d.lit(static_cast<double>(q.qmin)), hi = d.lit(static_cast<double>(q.qmax));
  return unary([&](V x) { return quantize(d, x, scale, z, lo, hi); });
}

/// qconv2d / qdense: the integer window sums of the input less its zero point, plus bias.
template <class D>
void eval_quantized_contraction_node(D& d, OpKind op, const Attrs& attrs, Inputs<D> in,
                                     const Shape& out_shape, std::vector<Val<D>>& out) {
  using V = Val<D>;
  // The input less its zero point: padding, which reads the zero point, then adds 0.
  const V zx = d.lit(static_cast<double>(attrs.get_int("x_zero_point")));
  std::vector<V> xs;
  xs.reserve(static_cast<size_t>(num_elements(*in[0].shape)));
  for (int64_t i = 0; i < num_elements(*in[0].shape); ++i) xs.push_back(d.sub(in[0].data[i], zx));
  const V* bias = in.size() == 3 ? in[2].data : nullptr;
  if (op == OpKind::QConv2d) {
    const ConvPlan p(conv2d_attrs(attrs), *in[0].shape, *in[1].shape);
    emit_each(out_shape, out, [&](int64_t, const int64_t* idx) {
      const V acc = conv2d_at(d, p, xs.data(), in[1].data, idx);
      return bias ? d.add(acc, bias[idx[1]]) : acc;
    });
  } else {
    const int64_t K = in[0].shape->back();
    const int64_t M = out_shape.back();
    emit_each(out_shape, out, [&](int64_t flat, const int64_t*) {
      const V acc = dense_at(d, K, xs.data(), in[1].data, flat / M, flat % M);
      return bias ? d.add(acc, bias[flat % M]) : acc;
    });
  }
}

/// requantize: a fixed-point multiplier (per tensor or per channel), shift and clamp.
template <class D>
void eval_requantize_node(D& d, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                          std::vector<Val<D>>& out) {
  using V = Val<D>;
  const QuantAttrs q = quant_attrs(attrs, false);
  const size_t axis = axis_plan(out_shape, attrs.get_int("axis")).axis;
  const bool per_channel = (*in[1].shape)[0] != 1;
  const V z = d.lit(static_cast<double>(q.zero_point));
  const V lo = d.lit(static_cast<double>(q.qmin)), hi = d.lit(static_cast<double>(q.qmax));
  emit_each(out_shape, out, [&](int64_t flat, const int64_t* idx) {
    const V m = in[1].data[per_channel ? idx[axis] : 0];
    return requantize(d, in[0].data[flat], m, q.shift, z, lo, hi);
  });
}

/// qadd: a and b element for element (one shape), the two multipliers per tensor.
template <class D>
void eval_qadd_node(D& d, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                    std::vector<Val<D>>& out) {
  using V = Val<D>;
  const QuantAttrs q = quant_attrs(attrs, false);
  const V za = d.lit(static_cast<double>(attrs.get_int("a_zero_point")));
  const V zb = d.lit(static_cast<double>(attrs.get_int("b_zero_point")));
  const V z = d.lit(static_cast<double>(q.zero_point));
  const V lo = d.lit(static_cast<double>(q.qmin)), hi = d.lit(static_cast<double>(q.qmax));
  const V ma = in[2].data[0], mb = in[3].data[0];
  emit_each(out_shape, out, [&](int64_t flat, const int64_t*) {
    return qadd(d, in[0].data[flat], in[1].data[flat], ma, mb, za, zb, q.shift, z, lo, hi);
  });
}

// -- pooling --

/// max_pool2d / avg_pool2d: one window per output element.
template <class D>
void eval_pool2d_node(D& d, OpKind op, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                      std::vector<Val<D>>& out) {
  const PoolPlan p(pool2d_attrs(attrs), *in[0].shape);
  if (op == OpKind::MaxPool2d)
    emit_each(out_shape, out,
              [&](int64_t, const int64_t* idx) { return max_pool2d_at(d, p, in[0].data, idx); });
  else
    emit_each(out_shape, out,
              [&](int64_t, const int64_t* idx) { return avg_pool2d_at(d, p, in[0].data, idx); });
}

// -- data movement: elements copied, gathered or padded --

/// pad: the input inside, the padding value outside.
template <class D>
void eval_pad_node(D& d, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                   std::vector<Val<D>>& out, FloatAttrValues<Val<D>> float_values) {
  const Shape& xs = *in[0].shape;
  const auto begin = pad_begins(attrs, xs.size());
  const auto xst = row_major_strides(xs);
  const Val<D> value = float_attr(d, attrs, float_values, "value");
  emit_each(out_shape, out, [&](int64_t, const int64_t* idx) {
    return pad_at(xs, xst, begin, in[0].data, value, idx);
  });
}

/// transpose: the input read through permuted strides.
template <class D>
void eval_transpose_node(const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                         std::vector<Val<D>>& out) {
  const Shape& xs = *in[0].shape;
  const auto st = permuted_strides(xs, transpose_perm(attrs, xs.size()));
  emit_each(out_shape, out,
            [&](int64_t, const int64_t* idx) { return transpose_at(in[0].data, st, idx); });
}

/// concat: each output element from the input whose range of the axis holds it.
template <class D>
void eval_concat_node(const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                      std::vector<Val<D>>& out) {
  const size_t axis = axis_plan(out_shape, attrs.get_int("axis")).axis;
  std::vector<std::vector<int64_t>> st;
  for (const auto& o : in) st.push_back(row_major_strides(*o.shape));
  auto data = [&](size_t i) { return in[i].data; };
  auto shape = [&](size_t i) -> const Shape& { return *in[i].shape; };
  emit_each(out_shape, out, [&](int64_t, const int64_t* idx) {
    return concat_at<Val<D>>(data, shape, st, axis, out_shape.size(), idx);
  });
}

/// split: the node's own part of the input along the axis.
template <class D>
void eval_split_node(const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                     std::vector<Val<D>>& out) {
  const Shape& xs = *in[0].shape;
  const SplitPlan p = split_plan(attrs, xs.size());
  const auto xst = row_major_strides(xs);
  emit_each(out_shape, out, [&](int64_t, const int64_t* idx) {
    return split_at(p, in[0].data, xst, xs.size(), idx);
  });
}

/// im2col: the conv windows laid out as columns, zero in the padding.
template <class D>
void eval_im2col_node(D& d, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                      std::vector<Val<D>>& out) {
  const ConvPlan p(conv2d_attrs(attrs), *in[0].shape, *in[1].shape);
  const Val<D> zero = d.lit(0);
  emit_each(out_shape, out,
            [&](int64_t, const int64_t* idx) { return im2col_at(p, in[0].data, zero, idx); });
}

/// resize_nearest / upsampling: each output element from its nearest input element.
template <class D>
void eval_resize_nearest_node(OpKind op, const Attrs& attrs, Inputs<D> in,
                              const Shape& out_shape, std::vector<Val<D>>& out) {
  const Shape& xs = *in[0].shape;
  const NearestPlan p = nearest_plan(op, attrs, xs, out_shape);
  emit_each(out_shape, out, [&](int64_t, const int64_t* idx) {
    return resize_nearest_at(p, xs, in[0].data, idx);
  });
}

// -- run-time integer data: ids and masks --

/// gather: for every id, a row of the table (gather_at).
template <class D>
void eval_gather_node(D& d, const Attrs& attrs, Inputs<D> in, std::vector<Val<D>>& out) {
  const AxisPlan p = axis_plan(*in[0].shape, attrs.get_int("axis"));
  const int64_t m = num_elements(*in[1].shape);
  out.reserve(out.size() + static_cast<size_t>(p.outer * m * p.inner));
  for (int64_t o = 0; o < p.outer; ++o)
    for (int64_t j = 0; j < m; ++j)
      for (int64_t q = 0; q < p.inner; ++q)
        out.push_back(gather_at(d, in[0].data, in[1].data[j], p.len, o, q, p.inner));
}

/// where: the condition, then the branch it picks, all three broadcast.
template <class D>
void eval_where_node(D& d, Inputs<D> in, const Shape& out_shape, std::vector<Val<D>>& out) {
  const auto sc = broadcast_strides(*in[0].shape, out_shape.size());
  const auto sa = broadcast_strides(*in[1].shape, out_shape.size());
  const auto sb = broadcast_strides(*in[2].shape, out_shape.size());
  emit_each(out_shape, out, [&](int64_t, const int64_t* idx) {
    return where_at(d, in[0].data[offset_of(idx, sc)], in[1].data[offset_of(idx, sa)],
                    in[2].data[offset_of(idx, sb)]);
  });
}

// -- reductions and normalizations along axes --

/// softmax along one axis.
template <class D>
void eval_softmax_node(D& d, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                       std::vector<Val<D>>& out) {
  const AxisPlan p = axis_plan(out_shape, attrs.get_int("axis"));
  emit_each(out_shape, out, [&](int64_t flat, const int64_t* idx) {
    return softmax_at(d, in[0].data, flat, idx[p.axis], p.len, p.inner);
  });
}

/// reduce_mean / _sum / _max / _l2 over the reduced axes.
template <class D>
void eval_reduce_node(D& d, OpKind op, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                      std::vector<Val<D>>& out) {
  const ReducePlan p = reduce_plan(attrs, *in[0].shape);
  emit_each(out_shape, out, [&](int64_t flat, const int64_t*) {
    return reduce_at(d, op, p, in[0].data, flat);
  });
}

/// layer_norm / rms_norm over the trailing axes.
template <class D>
void eval_norm_node(D& d, OpKind op, const Attrs& attrs, Inputs<D> in, const Shape& out_shape,
                    std::vector<Val<D>>& out, FloatAttrValues<Val<D>> float_values) {
  using V = Val<D>;
  // Row by row (row-major order): the row's statistics once, then its elements.
  const AxisPlan p = norm_plan(out_shape, attrs.get_int("axis"));
  const V eps = float_attr(d, attrs, float_values, "epsilon");
  const bool center = op == OpKind::LayerNorm;
  out.reserve(out.size() + static_cast<size_t>(p.outer * p.len));
  for (int64_t r = 0; r < p.outer && p.len > 0; ++r) {
    const V* x = in[0].data + r * p.len;
    const NormRow<V> s = norm_row(d, x, p.len, eps, center);
    for (int64_t j = 0; j < p.len; ++j)
      out.push_back(norm_at(d, s, x[j], in[1].data[j], center ? &in[2].data[j] : nullptr));
  }
}

}  // namespace detail

/// Appends the elements of node `op(in...)` with attributes `attrs` and output shape
/// `out_shape` to `out`, row-major. `in` has the node's inputs in order; the node has
/// been verified by infer_types. Not for `input` / `constant`.
template <class D>
void eval_node(D& d, OpKind op, const Attrs& attrs, std::span<const Operand<Val<D>>> in,
               const Shape& out_shape, std::vector<Val<D>>& out,
               FloatAttrValues<Val<D>> float_values = {}) {
  using V = Val<D>;
  auto fattr = [&](std::string_view name) -> V { return float_attr(d, attrs, float_values, name); };
  auto unary = [&](auto&& f) {
    const V* x = in[0].data;
    emit_each(out_shape, out, [&](int64_t flat, const int64_t*) { return f(x[flat]); });
  };
  auto binary = [&](auto&& f) { detail::eval_broadcast(in, out_shape, out, f); };
  auto copy_same_order = [&] {  // reshape-like ops: the row-major order is unchanged
    unary([](V v) { return v; });
  };
  switch (op) {
    case OpKind::Input:
    case OpKind::Constant: assert(false && "graph leaves are not evaluated"); return;

    case OpKind::Conv2d:
    case OpKind::FusedConv2d:
      return detail::eval_conv2d_node(d, op, attrs, in, out_shape, out, float_values);
    case OpKind::Conv2dTranspose:
      return detail::eval_conv2d_transpose_node(d, attrs, in, out_shape, out);
    case OpKind::Dense:
    case OpKind::FusedDense:
      return detail::eval_dense_node(d, op, attrs, in, out_shape, out, float_values);
    case OpKind::MatMul: return detail::eval_matmul_node(d, in, out_shape, out);
    case OpKind::Gemm: return detail::eval_gemm_node(d, attrs, in, out_shape, out, float_values);
    case OpKind::BiasAdd: return detail::eval_bias_add_node(d, attrs, in, out_shape, out);
    case OpKind::BatchNorm:
      return detail::eval_batch_norm_node(d, attrs, in, out_shape, out, float_values);
    case OpKind::Add: return binary([&](V a, V b) { return d.add(a, b); });
    case OpKind::Subtract: return binary([&](V a, V b) { return d.sub(a, b); });
    case OpKind::Multiply: return binary([&](V a, V b) { return d.mul(a, b); });
    case OpKind::Divide: return binary([&](V a, V b) { return d.div(a, b); });
    case OpKind::Minimum: return binary([&](V a, V b) { return minimum(d, a, b); });
    case OpKind::Maximum: return binary([&](V a, V b) { return maximum(d, a, b); });
    case OpKind::Negative: return unary([&](V x) { return d.neg(x); });
    case OpKind::Sqrt: return unary([&](V x) { return d.sqrt(x); });
    case OpKind::Rsqrt: return unary([&](V x) { return rsqrt(d, x); });
    case OpKind::Relu: return unary([&](V x) { return relu(d, x); });
    case OpKind::LeakyRelu: {
      const V alpha = fattr("alpha");
      return unary([&](V x) { return leaky_relu(d, x, alpha); });
    }
    case OpKind::Clip: {
      const V lo = fattr("min"), hi = fattr("max");
      return unary([&](V x) { return clip(d, x, lo, hi); });
    }
    case OpKind::Sigmoid: return unary([&](V x) { return sigmoid(d, x); });
    case OpKind::HardSigmoid: {
      const V alpha = fattr("alpha"), beta = fattr("beta");
      return unary([&](V x) { return hard_sigmoid(d, x, alpha, beta); });
    }
    case OpKind::HardSwish: return unary([&](V x) { return hard_swish(d, x); });
    case OpKind::Exp: return unary([&](V x) { return d.exp(x); });
    case OpKind::Log: return unary([&](V x) { return d.fn(Fn::Log, x); });
    case OpKind::Tanh: return unary([&](V x) { return d.fn(Fn::Tanh, x); });
    case OpKind::Erf: return unary([&](V x) { return d.fn(Fn::Erf, x); });
    case OpKind::Softplus: return unary([&](V x) { return softplus(d, x); });
    case OpKind::Gelu: {
      const bool tanh_form = gelu_tanh(attrs);
      const auto names = gelu_constant_names(attrs);
      const V p = fattr(names[0]), q = fattr(names[1]);
      return unary([&](V x) { return gelu(d, x, tanh_form, p, q); });
    }
    case OpKind::Silu: return unary([&](V x) { return silu(d, x); });
    case OpKind::Mish: return unary([&](V x) { return mish(d, x); });
    case OpKind::Quantize:
    case OpKind::Dequantize:
      return detail::eval_quantize_node(d, op, attrs, float_values, unary);
    case OpKind::QConv2d:
    case OpKind::QDense:
      return detail::eval_quantized_contraction_node(d, op, attrs, in, out_shape, out);
    case OpKind::Requantize: return detail::eval_requantize_node(d, attrs, in, out_shape, out);
    case OpKind::QAdd: return detail::eval_qadd_node(d, attrs, in, out_shape, out);
    case OpKind::MaxPool2d:
    case OpKind::AvgPool2d: return detail::eval_pool2d_node(d, op, attrs, in, out_shape, out);
    case OpKind::GlobalAvgPool2d:
      emit_each(out_shape, out, [&](int64_t, const int64_t* idx) {
        return global_avg_pool2d_at(d, *in[0].shape, in[0].data, idx);
      });
      return;
    case OpKind::Pad: return detail::eval_pad_node(d, attrs, in, out_shape, out, float_values);
    case OpKind::Reshape:
    case OpKind::Flatten:
    case OpKind::BatchFlatten:
    case OpKind::ExpandDims:
    case OpKind::Squeeze: return copy_same_order();
    case OpKind::Transpose: return detail::eval_transpose_node<D>(attrs, in, out_shape, out);
    case OpKind::Concat: return detail::eval_concat_node<D>(attrs, in, out_shape, out);
    case OpKind::Split: return detail::eval_split_node<D>(attrs, in, out_shape, out);
    case OpKind::Softmax: return detail::eval_softmax_node(d, attrs, in, out_shape, out);
    case OpKind::ReduceMean:
    case OpKind::ReduceSum:
    case OpKind::ReduceMax:
    case OpKind::ReduceL2: return detail::eval_reduce_node(d, op, attrs, in, out_shape, out);
    case OpKind::LayerNorm:
    case OpKind::RmsNorm:
      return detail::eval_norm_node(d, op, attrs, in, out_shape, out, float_values);
    case OpKind::Im2col: return detail::eval_im2col_node(d, attrs, in, out_shape, out);
    case OpKind::ResizeNearest:
    case OpKind::Upsampling:
      return detail::eval_resize_nearest_node<D>(op, attrs, in, out_shape, out);
    case OpKind::Gather: return detail::eval_gather_node(d, attrs, in, out);
    case OpKind::Cast: return copy_same_order();
    case OpKind::Where: return detail::eval_where_node(d, in, out_shape, out);
  }
}

}  // namespace vf::sem
