#include "quant/params.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace vf::quant {

ActivationParams choose_activation(Range r, DType dtype) {
  const IntRange t = int_range(dtype);
  const double lo = std::min(r.lo, 0.0), hi = std::max(r.hi, 0.0);
  ActivationParams p;
  p.dtype = dtype;
  p.scale = static_cast<float>((hi - lo) / static_cast<double>(t.hi - t.lo));
  if (!(p.scale > 0) || !std::isfinite(p.scale)) {  // zero width (or below float32's range)
    p.scale = 1;
    p.zero_point = t.lo;
    return p;
  }
  const double z = static_cast<double>(t.lo) - std::nearbyint(lo / static_cast<double>(p.scale));
  p.zero_point = std::clamp(static_cast<int64_t>(z), t.lo, t.hi);
  return p;
}

int64_t quantize_value(const ActivationParams& p, double v) {
  const IntRange t = int_range(p.dtype);
  const float q = std::nearbyint(static_cast<float>(v) / p.scale);
  if (std::isnan(q)) return p.zero_point;
  const double shifted = static_cast<double>(q) + static_cast<double>(p.zero_point);
  return static_cast<int64_t>(
      std::clamp(shifted, static_cast<double>(t.lo), static_cast<double>(t.hi)));
}

WeightParams quantize_weights(const Tensor& w) {
  const int64_t channels = w.shape().empty() ? 1 : w.shape()[0];
  const int64_t per = channels == 0 ? 0 : w.size() / channels;
  std::vector<double> amax(static_cast<size_t>(channels), 0.0);
  for (int64_t c = 0; c < channels; ++c)
    for (int64_t i = 0; i < per; ++i)
      amax[static_cast<size_t>(c)] =
          std::max(amax[static_cast<size_t>(c)], std::abs(w.get(c * per + i)));
  WeightParams out;
  float smallest = 0;
  for (double a : amax) {
    const float s = static_cast<float>(a / 127.0);
    if (s > 0 && (smallest == 0 || s < smallest)) smallest = s;
  }
  if (smallest == 0) smallest = 1;
  for (double a : amax) {
    const float s = static_cast<float>(a / 127.0);
    out.scales.push_back(s > 0 ? s : smallest);
  }
  out.q = Tensor(TensorType{DType::I8, w.shape()});
  for (int64_t c = 0; c < channels; ++c) {
    const double s = out.scales[static_cast<size_t>(c)];
    for (int64_t i = 0; i < per; ++i) {
      const double q = std::nearbyint(w.get(c * per + i) / s);
      out.q.set(c * per + i, std::clamp(q, -127.0, 127.0));
    }
  }
  return out;
}

Tensor quantize_bias(std::span<const double> bias, float x_scale, std::span<const float> w_scales,
                     int64_t& saturated) {
  saturated = 0;
  Tensor t(TensorType{DType::I32, {static_cast<int64_t>(bias.size())}});
  constexpr double lo = std::numeric_limits<int32_t>::min(),
                   hi = std::numeric_limits<int32_t>::max();
  for (size_t c = 0; c < bias.size(); ++c) {
    const double q = std::nearbyint(bias[c] / (static_cast<double>(x_scale) * w_scales[c]));
    saturated += q < lo || q > hi;
    t.set(static_cast<int64_t>(c), std::clamp(q, lo, hi));
  }
  return t;
}

Result<Multipliers> choose_multipliers(std::span<const double> real, double limit) {
  const double kLimit = limit;
  for (double m : real)
    if (!(m >= 0) || !std::isfinite(m))
      return Error{fmt::format("requantize multiplier {} is not a finite non-negative number", m)};
  // round(M 2^n) grows with n: the first n from the top that keeps every m_c below 2^31.
  for (int64_t n = 62; n >= 0; --n) {
    bool fits = true;
    for (double m : real)
      fits = fits && std::nearbyint(std::ldexp(m, static_cast<int>(n))) < kLimit;
    if (!fits) continue;
    Multipliers out;
    out.shift = n;
    for (double m : real)
      out.m.push_back(static_cast<int32_t>(std::nearbyint(std::ldexp(m, static_cast<int>(n)))));
    return out;
  }
  return Error{fmt::format(
      "a multiplier is 2^{} or more: the output scale is too small for its inputs' scales",
      std::ilogb(limit))};
}

double abs_percentile(std::vector<float>& values, double p) {
  if (values.empty()) return 0;
  for (float& v : values) v = std::abs(v);
  // Nearest rank: the ceil(p/100 N)-th smallest (1-based).
  const auto n = static_cast<double>(values.size());
  size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * n));
  rank = std::clamp<size_t>(rank, 1, values.size());
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rank - 1),
                   values.end());
  return values[rank - 1];
}

}  // namespace vf::quant
