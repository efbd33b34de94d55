// Operator plans: what an operator's attributes mean for given input shapes, written once.
// A plan is everything about a node that depends only on its attributes and its inputs'
// shapes (a normalised axis, a permutation, the start of a split piece, the source rows
// of a nearest-neighbour resize, broadcast strides, ...). Shape inference builds the
// output type from it; the interpreter and the prover (semantics/eval_node.h), the
// emitter, the ONNX exporter and importer read the same plan, so that an attribute's
// meaning cannot differ between them. The per-element formulas that use the plans are in
// semantics/tensor_ops.h; the conv and pool plans, which only the formulas and the kernels
// read, are there too (ConvPlan, PoolPlan).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "ir/attrs.h"
#include "ir/op.h"
#include "ir/shape.h"

namespace vf {

/// An axis attribute as a position: counted from the end when negative (Relay and ONNX
/// write `axis=-1`). Not range-checked: shape inference rejects what falls outside.
int64_t norm_axis(int64_t axis, int64_t rank);

/// Numpy broadcast strides of an input aligned to an output of rank `out_rank`: the
/// input's row-major strides, right-aligned, 0 along broadcast (size-1 or missing)
/// dimensions.
std::vector<int64_t> broadcast_strides(const Shape& in, size_t out_rank);

/// Offset of a multi-index under the given strides (one stride per index).
inline int64_t offset_of(const int64_t* idx, const std::vector<int64_t>& strides) {
  int64_t o = 0;
  for (size_t k = 0; k < strides.size(); ++k) o += idx[k] * strides[k];
  return o;
}

/// One axis of a shape and the products of the dimensions before and after it: the
/// `outer x len x inner` view bias_add, batch_norm, softmax, concat and split work in.
struct AxisPlan {
  size_t axis = 0;
  int64_t outer = 1;  ///< product of the dimensions before the axis
  int64_t len = 1;    ///< the axis' size
  int64_t inner = 1;  ///< product of the dimensions after the axis (its stride)
};
/// The plan of axis attribute `axis` (normalised) over shape `s`, which must contain it.
AxisPlan axis_plan(const Shape& s, int64_t axis);

/// The axes of a rank-`rank` tensor reversed: transpose's default permutation (Relay, ONNX).
std::vector<int64_t> reversed_axes(size_t rank);
/// transpose: output axis k is input axis perm[k]; an empty `perm` attribute reverses
/// the axes.
std::vector<int64_t> transpose_perm(const Attrs& a, size_t rank);
/// The input strides read in output order: out[idx] = x[offset_of(idx, strides)].
std::vector<int64_t> permuted_strides(const Shape& xs, const std::vector<int64_t>& perm);

/// split: piece `index` of the input along `axis` starts at `start` and has `size`
/// elements along it (the sizes of the pieces before it summed).
struct SplitPlan {
  size_t axis = 0;
  int64_t start = 0;
  int64_t size = 0;
};
/// The plan of a split node with input rank `rank`; attributes checked by shape inference.
SplitPlan split_plan(const Attrs& a, size_t rank);

/// upsampling's source index along one axis: nearest, in = min(n_in - 1, floor(o / scale)).
int64_t upsampling_source(int64_t o, double scale, int64_t n_in);
/// upsampling's output size along one axis: trunc(n * scale).
int64_t upsampling_size(int64_t n, double scale);

/// Nearest-neighbour resize of NCHW (upsampling, resize_nearest) as source index maps:
/// out[n, c, i, j] = x[n, c, rows[i], cols[j]].
struct NearestPlan {
  std::vector<int64_t> rows, cols;
};
/// The maps of an upsampling or resize_nearest node with input shape `xs` and output
/// shape `ys`.
NearestPlan nearest_plan(OpKind op, const Attrs& a, const Shape& xs, const Shape& ys);

/// matmul of rank >= 2 operands, batch dimensions broadcast: out[b..., i, j] =
/// sum_k a[b..., i, k] * b[b..., k, j]. The batch strides are in elements of each
/// operand (a whole matrix per step), aligned to the output's batch dimensions.
struct MatMulPlan {
  int64_t M = 0, K = 0, N = 0;
  int64_t batches = 1;                    ///< product of the output's batch dimensions
  std::vector<int64_t> a_batch, b_batch;  ///< per output batch dimension
};
/// The plan of matmul(a, b) with output shape `out`.
MatMulPlan matmul_plan(const Shape& a, const Shape& b, const Shape& out);

/// gemm: out[i, j] = alpha * sum_k op(A)[i, k] op(B)[k, j] + beta * C[bcast(i, j)].
struct GemmPlan {
  bool trans_a = false, trans_b = false;
  int64_t M = 0, N = 0, K = 0;
  int64_t lda = 0, ldb = 0;  ///< row lengths of A and B as stored
  bool has_c = false;
  std::vector<int64_t> c_strides{0, 0};  ///< C broadcast to [M, N]
};
/// The plan of a gemm node with operands of shapes `a`, `b` and (when `c`) C.
GemmPlan gemm_plan(const Attrs& attrs, const Shape& a, const Shape& b, const Shape* c);

/// A reduction's axes normalised (non-negative) and sorted; every axis when `axes` is empty.
/// Range and repeats are checked by shape inference.
std::vector<size_t> reduce_axes(const Attrs& a, size_t rank);

/// reduce_*: output element o (row-major over `out`) reduces the input elements at offsets
/// base[o] + inner[k], k = 0 .. count - 1, which run over the reduced axes in row-major
/// order (the order the formula sums them in).
struct ReducePlan {
  std::vector<size_t> axes;    ///< reduce_axes
  Shape out;                   ///< the output shape (with or without the kept size-1 axes)
  int64_t count = 1;           ///< elements reduced into each output (0 for an empty axis)
  std::vector<int64_t> base;   ///< per output element, its first input offset
  std::vector<int64_t> inner;  ///< per reduced element, its offset from base
};
/// The plan of a reduce_* node with input shape `in`.
ReducePlan reduce_plan(const Attrs& a, const Shape& in);

/// layer_norm / rms_norm: the input as `outer` rows of `len` elements (the trailing axes
/// from `axis`, normalised into AxisPlan::axis), each row normalised on its own; inner = 1.
AxisPlan norm_plan(const Shape& s, int64_t axis);

/// gelu: whether the tanh approximation is meant (approximate="tanh"); "none" is the erf
/// form. Other values are rejected by shape inference.
bool gelu_tanh(const Attrs& a);
/// gelu: the names of its form's two constants, (erf_divisor, erf_multiplier) for the erf
/// form, (tanh_scale, tanh_cubic) for the tanh form (scalar_ops.h's p and q).
std::array<const char*, 2> gelu_constant_names(const Attrs& a);
/// gelu: the values of gelu_constant_names(a).
std::array<double, 2> gelu_constants(const Attrs& a);

/// gather: the row id `id` reads in a table of n rows (ops.def): a negative id wraps once
/// (id + n), then the result is clamped to [0, n - 1]. n >= 1.
inline int64_t gather_row(int64_t id, int64_t n) {
  const int64_t r = id < 0 ? (id < -n ? -1 : id + n) : id;  // no overflow for any int64
  return r < 0 ? 0 : (r >= n ? n - 1 : r);
}

/// pad: the padding before each axis (the first half of `pads`).
std::vector<int64_t> pad_begins(const Attrs& a, size_t rank);

}  // namespace vf
