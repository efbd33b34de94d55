// The numbers of a quantized layer, chosen from float ranges and weights: an activation's
// scale and zero point (asymmetric, per tensor), a weight's scales (symmetric, per output
// channel), a bias in int32, and requantize's integer multipliers with one shift.
// Everything here is arithmetic on scalars and tensors; the graph rewrite is in
// quantize_graph.h.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ir/dtype.h"
#include "ir/tensor.h"
#include "support/result.h"

namespace vf::quant {

/// A float interval [lo, hi] a value was seen in (lo <= hi).
struct Range {
  double lo = 0, hi = 0;
};

/// How an activation is stored: real = (q - zero_point) * scale, q in dtype's range.
struct ActivationParams {
  float scale = 1;
  int64_t zero_point = 0;
  DType dtype = DType::U8;
};

/// Asymmetric per-tensor parameters for values in `r` stored as `dtype` (U8 or I8): the
/// range is first widened to contain 0 (so that 0, a conv's padding and relu's floor, is
/// exact), then scale = float32((hi - lo) / (qmax - qmin)) and zero_point = qmin -
/// round_even(lo / scale) clamped to the type (0 for an all-positive range in U8, qmax for
/// an all-negative one). A zero-width range (every value 0) gets scale 1 and zero_point
/// qmin, which holds 0 exactly.
ActivationParams choose_activation(Range r, DType dtype = DType::U8);

/// q(v): clamp(round_even(float32(v) / scale) + zero_point) in the params' type, the
/// quantize operator's formula (src/semantics/scalar_ops.h) in float32.
int64_t quantize_value(const ActivationParams& p, double v);

/// Symmetric per-output-channel int8 weights: channel c (axis 0 of `w`, conv OIHW or
/// dense [M, K]) gets scale_c = float32(max|w_c| / 127) and q = round_even(w / scale_c)
/// within [-127, 127]. An all-zero channel gets the smallest scale of the other channels
/// (1 when every channel is zero), so its bias keeps the others' resolution.
struct WeightParams {
  std::vector<float> scales;
  Tensor q;  ///< int8, `w`'s shape
};
WeightParams quantize_weights(const Tensor& w);

/// Bias in int32 with scale s_x * s_w[c]: round_even(b_c / (s_x s_w[c])), clamped to int32;
/// `saturated` counts the clamped channels.
Tensor quantize_bias(std::span<const double> bias, float x_scale, std::span<const float> w_scales,
                     int64_t& saturated);

/// requantize's integers for real multipliers M_c >= 0: one shift n, the largest in
/// [0, 62] for which every m_c = round(M_c 2^n) is below `limit` (2^31: int32), and those
/// m_c. The Error says when no shift works (some M_c >= limit) or an M_c is negative or
/// not finite. qadd's two multipliers use limit 2^22 (kAddMultiplierLimit).
struct Multipliers {
  std::vector<int32_t> m;
  int64_t shift = 0;
};
Result<Multipliers> choose_multipliers(std::span<const double> real, double limit = 2147483648.0);

/// The bound on qadd's multipliers: with both below 2^22, 255 (m_a + m_b) < 2^31, so the
/// native kernel's int32 lanes hold the exact sum (vfrt/qadd.h) and 22 bits of each real
/// multiplier s_in / s_out are kept (a relative error below 2^-22, far under the output's
/// own rounding of 1/255 of its range).
inline constexpr double kAddMultiplierLimit = 4194304.0;  // 2^22

/// p-th percentile (0 < p <= 100) of |v| over `values`, by the nearest-rank method (the
/// smallest |v| with at least p % of the values at or below it); 0 for no values.
/// Reorders `values`.
double abs_percentile(std::vector<float>& values, double p);

}  // namespace vf::quant
