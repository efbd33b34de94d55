// Typed views of the attributes of the operators that have structured attributes, read
// from a normalized Attrs (see normalize_attrs). One place that knows attribute names.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "ir/attrs.h"

namespace vf {

/// conv2d / fused_conv2d geometry. Padding order: top, left, bottom, right.
struct Conv2dAttrs {
  std::array<int64_t, 2> strides{1, 1};
  std::array<int64_t, 4> padding{0, 0, 0, 0};
  std::array<int64_t, 2> dilation{1, 1};
  int64_t groups = 1;
};

/// conv2d_transpose geometry: conv2d's fields, read as ONNX ConvTranspose reads them, plus
/// output_padding, the rows / columns added at the bottom / right of the output.
struct Conv2dTransposeAttrs : Conv2dAttrs {
  std::array<int64_t, 2> output_padding{0, 0};
};

/// max_pool2d / avg_pool2d geometry.
struct Pool2dAttrs {
  std::array<int64_t, 2> pool_size{1, 1};
  std::array<int64_t, 2> strides{1, 1};
  std::array<int64_t, 4> padding{0, 0, 0, 0};
  std::array<int64_t, 2> dilation{1, 1};
  bool ceil_mode = false;
  bool count_include_pad = false;
};

/// Activation applied last in a fused op's epilogue.
enum class Activation : uint8_t {
  None,
  Relu,
  LeakyRelu,
  Clip,
  Sigmoid,
  HardSigmoid,
  HardSwish,
  Silu,
  Mish,
  Gelu,
  GeluTanh
};

/// Every activation, in the enum's order.
std::span<const Activation> all_activations();
std::string_view activation_name(Activation a);
std::optional<Activation> parse_activation(std::string_view s);

/// Epilogue of fused_conv2d / fused_dense:
/// y = act(((acc + bias[c]) * scale[c] + shift[c]) + residual), each part optional.
/// act_alpha/act_beta: leaky_relu alpha; clip min/max; hard_sigmoid alpha/beta; gelu (the
/// erf form) erf_divisor / erf_multiplier; gelu_tanh tanh_scale / tanh_cubic (ops.def).
struct EpilogueAttrs {
  bool has_bias = false;
  bool has_scale = false;
  bool has_shift = false;
  bool has_residual = false;
  Activation activation = Activation::None;
  double act_alpha = 0;
  double act_beta = 0;
  /// Number of inputs the fused node has: 2 + one per present part.
  int num_inputs() const { return 2 + has_bias + has_scale + has_shift + has_residual; }
};

/// quantize / dequantize / requantize: the integer type, its zero point and (quantize,
/// dequantize) the scale, or (requantize) the shift and the clamp. qmin / qmax are the
/// dtype's range for quantize; requantize's may be narrower (a folded relu / relu6).
struct QuantAttrs {
  double scale = 1;
  int64_t zero_point = 0;
  int64_t shift = 0;
  int64_t qmin = -128, qmax = 127;
  std::string_view dtype = "int8";
};

/// Reads the quantization attributes of a quantize / dequantize / requantize node (which
/// have them; the others keep the defaults). quantize's clamp is its dtype's range.
QuantAttrs quant_attrs(const Attrs& a, bool quantize);

/// Reads the conv geometry; list lengths are checked by shape inference.
Conv2dAttrs conv2d_attrs(const Attrs& a);
/// Reads conv2d_transpose's geometry; list lengths are checked by shape inference.
Conv2dTransposeAttrs conv2d_transpose_attrs(const Attrs& a);
Pool2dAttrs pool2d_attrs(const Attrs& a);
/// Reads the epilogue; an unknown activation name is reported by epilogue_valid.
EpilogueAttrs epilogue_attrs(const Attrs& a);

}  // namespace vf
