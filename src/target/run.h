// Running a model on a target (issue 18): the nodes placed on the systolic array computed
// by the array's model (systolic.h: im2col, tiles, its order of additions), their
// epilogues and every other node by the interpreter, in float32. Each array layer is
// checked against the interpreter on the same operands: every accumulator within the
// bound of the two orders of summation, derived from the magnitudes alone (not from either
// result), so a wrong tiling or a lost term fails it. On an int8 array (dtype=int8) a
// quantized graph's qconv2d / qdense run there with exact int32 sums, checked bit for bit.
#pragma once

#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "semantics/tensor_ops.h"
#include "target/target.h"

namespace vf::target {

/// One array layer's (or vector unit reduction's) agreement with the interpreter on the
/// same operands.
struct ArrayLayerCheck {
  std::string node;
  int64_t accumulators = 0;
  double max_abs = 0;      ///< max |array - interpreter| over its accumulators
  double worst_ratio = 0;  ///< max |array - interpreter| / bound (<= 1 when it holds)
  Device device = Device::Array;  ///< Vector: a reduction, compared bit for bit
};

/// A run on a target: the outputs (float32) and each array layer's check.
struct TargetRun {
  std::vector<Tensor> outputs;
  std::vector<ArrayLayerCheck> layers;
  int64_t vector_nodes = 0;  ///< nodes run on the vector unit (its reductions in `layers`)
  /// Every layer within its bound.
  bool holds() const;
};

/// The bound on |array - interpreter| for one accumulator of `terms` products whose
/// absolute values sum to `magnitude`, the array's tiles `rows` high and `k_tiles` of
/// them, then `host_adds` additions on the host (a conv2d_transpose's col2im adds its
/// taps' dot products): (gamma(rows + k_tiles - 1 + host_adds) + gamma(terms)) magnitude,
/// gamma(n) = n u / (1 - n u), u = 2^-24 (a tile's dot product, the tiles' accumulation,
/// the host's additions; the interpreter's running sum), plus 2^-149 per rounding for
/// underflow; computed rounding upward.
double accumulator_bound(int64_t terms, int64_t rows, int64_t k_tiles, double magnitude,
                         int64_t host_adds = 0);

/// Adds one accumulator's comparison to `check`: |array - interp| against `bound` (NaN on
/// one side only fails it).
void check_accumulator(ArrayLayerCheck& check, float array, float interp, double bound);

/// Group g of a conv2d_transpose as an array matmul [B H W, cin_g] x [cin_g, cout_g KH KW]:
/// `a` row (b, ih, iw) holds the input pixel's channels of the group, `wt` row ci the
/// weights w[g cin_g + ci, :, :, :] in (o, kh, kw) order; a and wt sized for it.
void conv_transpose_operands(const sem::ConvTransposePlan& p, int64_t g, const float* x,
                             const float* w, std::vector<float>& a, std::vector<float>& wt);

/// The host's col2im of a conv2d_transpose with output shape `y`: `cols[g]` (the array's
/// product of group g, conv_transpose_operands) scatter-added onto the output, column
/// (o, kh, kw) of input pixel (b, ih, iw) onto (b, g cout_g + o, ih sh - pt + kh dh,
/// iw sw - pl + kw dw) when inside it, in a fixed order rounded to float32; every sum
/// (before the bias) checked into `check` against the interpreter's
/// (sem::conv2d_transpose_at on x, w) within accumulator_bound with the taps as host adds.
/// Returns the sums by flat output index.
std::vector<float> col2im_check(const SystolicConfig& c, const sem::ConvTransposePlan& p,
                                const Shape& y, const float* x, const float* w,
                                const std::vector<std::vector<float>>& cols,
                                ArrayLayerCheck& check);

/// A last-axis reduce_sum / reduce_mean of `rows` rows of `len` elements (x row-major) on
/// a vector unit of `lanes` lanes: row s L + l on lane l at step s, its elements added
/// serially from the first, each addition rounded to float32, then divided by len for
/// reduce_mean — the semantics' order (sem::reduce_at), so equal to it bit for bit.
std::vector<float> vector_reduce_last(int lanes, OpKind op, const float* x, int64_t rows,
                                      int64_t len);

/// Adds the bit-for-bit comparison of a vector unit's results with the interpreter's to
/// `check` (NaN equals NaN; any other difference makes worst_ratio infinite: the bound
/// is 0).
void check_exact(ArrayLayerCheck& check, std::span<const float> unit,
                 std::span<const float> interp);

/// Runs `g` on `t` (the interpreter alone for `cpu`) with the inputs and seed of `opts`
/// (float32; opts.precision is ignored).
Result<TargetRun> run_on_target(const CertifiedGraph& g, const Target& t, const RunOptions& opts);

}  // namespace vf::target
