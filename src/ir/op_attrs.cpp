#include "ir/op_attrs.h"

#include "ir/dtype.h"

namespace vf {

std::string_view activation_name(Activation a) {
  switch (a) {
    case Activation::None: return "none";
    case Activation::Relu: return "relu";
    case Activation::LeakyRelu: return "leaky_relu";
    case Activation::Clip: return "clip";
    case Activation::Sigmoid: return "sigmoid";
    case Activation::HardSigmoid: return "hard_sigmoid";
    case Activation::HardSwish: return "hard_swish";
    case Activation::Silu: return "silu";
    case Activation::Mish: return "mish";
    case Activation::Gelu: return "gelu";
    case Activation::GeluTanh: return "gelu_tanh";
  }
  return "?";
}

std::span<const Activation> all_activations() {
  static constexpr Activation kAll[] = {
      Activation::None,      Activation::Relu,    Activation::LeakyRelu,
      Activation::Clip,      Activation::Sigmoid, Activation::HardSigmoid,
      Activation::HardSwish, Activation::Silu,    Activation::Mish,
      Activation::Gelu,      Activation::GeluTanh};
  return kAll;
}

std::optional<Activation> parse_activation(std::string_view s) {
  for (Activation a : all_activations())
    if (activation_name(a) == s) return a;
  return std::nullopt;
}

namespace {
template <size_t N>
std::array<int64_t, N> fixed(const std::vector<int64_t>& v, int64_t fill) {
  std::array<int64_t, N> out;
  out.fill(fill);
  for (size_t i = 0; i < N && i < v.size(); ++i) out[i] = v[i];
  return out;
}
}  // namespace

Conv2dAttrs conv2d_attrs(const Attrs& a) {
  Conv2dAttrs c;
  c.strides = fixed<2>(a.get_ints("strides"), 1);
  c.padding = fixed<4>(a.get_ints("padding"), 0);
  c.dilation = fixed<2>(a.get_ints("dilation"), 1);
  c.groups = a.has("groups") ? a.get_int("groups") : 1;  // im2col: groups 1
  return c;
}

Conv2dTransposeAttrs conv2d_transpose_attrs(const Attrs& a) {
  Conv2dTransposeAttrs c;
  static_cast<Conv2dAttrs&>(c) = conv2d_attrs(a);
  c.output_padding = fixed<2>(a.get_ints("output_padding"), 0);
  return c;
}

Pool2dAttrs pool2d_attrs(const Attrs& a) {
  Pool2dAttrs p;
  p.pool_size = fixed<2>(a.get_ints("pool_size"), 1);
  p.strides = fixed<2>(a.get_ints("strides"), 1);
  p.padding = fixed<4>(a.get_ints("padding"), 0);
  p.dilation = fixed<2>(a.get_ints("dilation"), 1);
  p.ceil_mode = a.get_int("ceil_mode") != 0;
  if (a.has("count_include_pad")) p.count_include_pad = a.get_int("count_include_pad") != 0;
  return p;
}

EpilogueAttrs epilogue_attrs(const Attrs& a) {
  EpilogueAttrs e;
  e.has_bias = a.get_int("has_bias") != 0;
  e.has_scale = a.get_int("has_scale") != 0;
  e.has_shift = a.get_int("has_shift") != 0;
  e.has_residual = a.get_int("has_residual") != 0;
  e.activation = parse_activation(a.get_str("activation")).value_or(Activation::None);
  e.act_alpha = a.get_float("act_alpha");
  e.act_beta = a.get_float("act_beta");
  return e;
}

QuantAttrs quant_attrs(const Attrs& a, bool quantize) {
  QuantAttrs q;
  if (a.has("scale")) q.scale = a.get_float("scale");
  if (a.has("zero_point")) q.zero_point = a.get_int("zero_point");
  if (a.has("shift")) q.shift = a.get_int("shift");
  if (a.has("dtype")) q.dtype = a.get_str("dtype");
  if (quantize) {
    const IntRange r = int_range(parse_dtype(q.dtype).value_or(DType::I8));
    q.qmin = r.lo;
    q.qmax = r.hi;
  } else {
    if (a.has("qmin")) q.qmin = a.get_int("qmin");
    if (a.has("qmax")) q.qmax = a.get_int("qmax");
  }
  return q;
}

}  // namespace vf
