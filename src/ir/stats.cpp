#include "ir/stats.h"

#include <algorithm>

#include "ir/op_attrs.h"

namespace vf {

std::map<std::string, int64_t> op_histogram(const Graph& g) {
  std::map<std::string, int64_t> h;
  for (const Node& n : g.nodes())
    if (n.op != OpKind::Input && n.op != OpKind::Constant) ++h[std::string(op_name(n.op))];
  return h;
}

namespace {

// In double: a huge (but valid) model's counts must not overflow int64 on the way
// (node_flops clamps the result). A product of some of one shape's dimensions is at most
// its element count, which limits::kMaxTensorElements keeps well inside int64.
double node_flops_real(const Graph& g, const Node& n) {
  const double out = static_cast<double>(n.type.size());
  auto in_shape = [&](size_t i) -> const Shape& { return g.node(n.inputs[i]).type.shape; };
  auto epilogue = [&] {
    if (n.op != OpKind::FusedConv2d && n.op != OpKind::FusedDense)
      return int64_t{n.inputs.size() > 2};
    EpilogueAttrs e = epilogue_attrs(n.attrs);
    return int64_t{e.has_bias + e.has_scale + e.has_shift + e.has_residual +
                   (e.activation != Activation::None)};
  };
  switch (n.op) {
    case OpKind::Input:
    case OpKind::Constant:
    case OpKind::Pad:
    case OpKind::Reshape:
    case OpKind::Flatten:
    case OpKind::BatchFlatten:
    case OpKind::ExpandDims:
    case OpKind::Squeeze:
    case OpKind::Transpose:
    case OpKind::Concat:
    case OpKind::Split:
    case OpKind::Upsampling:
    case OpKind::ResizeNearest:
    case OpKind::Im2col:
    case OpKind::Gather:
    case OpKind::Cast:
    case OpKind::Where: return 0;
    case OpKind::Conv2d:
    case OpKind::FusedConv2d: {
      const Shape& w = in_shape(1);
      return out * (2 * w[1] * w[2] * w[3] + epilogue());
    }
    case OpKind::Conv2dTranspose: {
      // Every input element meets every tap of its group's C_out/groups filters (taps
      // that land in the cropped padding are counted too).
      const Shape& w = in_shape(1);
      return static_cast<double>(num_elements(in_shape(0))) * 2 * w[1] * w[2] * w[3] +
             out * epilogue();
    }
    case OpKind::Dense:
    case OpKind::FusedDense: return out * (2 * in_shape(0).back() + epilogue());
    case OpKind::QConv2d: {  // integer operations: a subtract of the zero point, a multiply-add
      const Shape& w = in_shape(1);
      return out * (2 * w[1] * w[2] * w[3] + (n.inputs.size() > 2));
    }
    case OpKind::QDense: return out * (2 * in_shape(0).back() + (n.inputs.size() > 2));
    case OpKind::Quantize:
    case OpKind::Dequantize: return out * 3;
    case OpKind::Requantize: return out * 5;
    case OpKind::QAdd: return out * 9;  // two subtracts, two multiplies, add, round, zp, clamp
    case OpKind::MatMul: return out * 2 * in_shape(0).back();
    case OpKind::Gemm: {
      const Shape& a = in_shape(0);
      return out * (2 * (n.attrs.get_int("trans_a") ? a[0] : a[1]) + 2);
    }
    case OpKind::BatchNorm: return out * 4;
    case OpKind::BiasAdd:
    case OpKind::Add:
    case OpKind::Subtract:
    case OpKind::Multiply:
    case OpKind::Divide:
    case OpKind::Minimum:
    case OpKind::Maximum:
    case OpKind::Negative:
    case OpKind::Sqrt:
    case OpKind::Relu:
    case OpKind::LeakyRelu:
    case OpKind::Clip: return out;
    case OpKind::Rsqrt:
    case OpKind::HardSigmoid: return out * 2;
    case OpKind::Sigmoid:
    case OpKind::HardSwish:
    case OpKind::Exp:
    case OpKind::Log:
    case OpKind::Tanh:
    case OpKind::Erf: return out * 4;
    case OpKind::Softplus:
    case OpKind::Silu: return out * 6;
    case OpKind::Gelu:
    case OpKind::Mish: return out * 10;
    case OpKind::MaxPool2d:
    case OpKind::AvgPool2d: {
      const auto& k = n.attrs.get_ints("pool_size");
      return out * static_cast<double>(k[0]) * static_cast<double>(k[1]);
    }
    case OpKind::GlobalAvgPool2d: {
      const Shape& x = in_shape(0);
      return out * x[2] * x[3];
    }
    case OpKind::Softmax: return out * 5;
    case OpKind::ReduceMean:
    case OpKind::ReduceSum:
    case OpKind::ReduceMax: return static_cast<double>(num_elements(in_shape(0)));
    case OpKind::ReduceL2: return 2.0 * static_cast<double>(num_elements(in_shape(0)));
    case OpKind::LayerNorm: return out * 8;
    case OpKind::RmsNorm: return out * 5;
  }
  return 0;
}

constexpr double kMaxFlops = 9.2e18;  // below INT64_MAX, so the conversion is defined

}  // namespace

int64_t node_flops(const Graph& g, const Node& n) {
  return static_cast<int64_t>(std::min(node_flops_real(g, n), kMaxFlops));
}

int64_t graph_flops(const Graph& g) {
  double f = 0;
  for (const Node& n : g.nodes()) f += node_flops_real(g, n);
  return static_cast<int64_t>(std::min(f, kMaxFlops));
}

}  // namespace vf
