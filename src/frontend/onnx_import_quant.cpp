// ONNX quantized operators to IR nodes: QuantizeLinear, DequantizeLinear (the QDQ format),
// QLinearConv, QLinearMatMul, ConvInteger and MatMulInteger. The exact mapping, in both
// directions, is documented in docs/onnx.md ("Quantized models"):
//
// - QuantizeLinear (per-tensor scale, uint8 / int8 zero point) is `quantize`: x / scale in
//   float32, rounded half to even, plus the zero point, saturated: ONNX's formula exactly.
//   A per-axis scale (a 1-D scale of more than one element) is an error: vfuse's quantize
//   has one scale.
// - DequantizeLinear (int8 / uint8 / int32) per tensor is `dequantize`: (q - z) * scale in
//   float32, exactly. Per axis (a weight quantized per output channel) it is `dequantize`
//   with scale 1 (the exact conversion to float32), a subtraction of the zero points when
//   one is not 0 (exact: small integers), and a multiplication by the float32 scales
//   broadcast along the axis: ONNX's (q - z[c]) * scale[c], one rounding, exactly.
// - QLinearConv / QLinearMatMul are `qconv2d` / `qdense` (exact integer sums) followed by
//   `requantize` with the multiplier M[c] = x_scale * w_scale[c] / y_scale computed in
//   float32 as ONNX Runtime computes it, written as m[c] / 2^shift with one shift for all
//   channels (a float32 is a 24-bit integer times a power of two). requantize rounds
//   acc * M[c] once, exactly; ONNX Runtime rounds float32(float32(acc) * M[c]): the two
//   differ only where that float32 rounding moves a value across a rounding boundary (or
//   onto a tie), and for |acc| > 2^24. When the channels' multipliers span so many binades
//   that no shift gives int32 multipliers for all, the requantization is imported as ONNX
//   computes it instead: dequantize(acc, scale 1), a float32 multiplication by M, and
//   quantize(scale 1, y's zero point): ONNX's formula exactly, never an approximation.
// - ConvInteger / MatMulInteger are qconv2d / qdense.
// A weight zero point other than 0 is an error (vfuse's integer contractions subtract the
// input's zero point only), as are scales or zero points not known at import and a zero
// point whose type differs from its tensor's.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "frontend/onnx_importer.h"
#include "frontend/onnx_tensor.h"

namespace vf::onnx_io {
namespace {

using onnx::NodeProto;
using Ints = std::vector<int64_t>;

/// A quantization parameter pair known at import: the scales (float32 values) and zero
/// points with their type.
struct QParams {
  std::vector<double> scale;
  Ints zero_point;  ///< as many as scale (0s when the input is absent)
  DType zp_type;
};

/// Reads the scale (input k) and the zero point (input k + 1, optional: `dflt` 0s).
std::optional<QParams> read_qparams(Importer& im, const NodeProto& n, int k, const char* what,
                                    DType dflt) {
  const Value* s = im.input(n, k);
  if (!s || !s->known)
    return im.fail(n, fmt::format("{}_scale (input {}) must be known when the model is imported",
                                  what, k)),
           std::nullopt;
  QParams q{s->known->to_doubles(), {}, dflt};
  if (s->type.rank() > 1)
    return im.fail(n, fmt::format("{}_scale (input {}) must be a scalar or 1-D, got shape {}", what,
                                  k, shape_string(s->type.shape))),
           std::nullopt;
  for (double v : q.scale)
    if (!(v > 0) || !std::isfinite(v))
      return im.fail(n, fmt::format("{}_scale must be positive and finite, got {}", what, v)),
             std::nullopt;
  const Value* z = im.input(n, k + 1);
  if (!z) {
    q.zero_point.assign(q.scale.size(), 0);
    return q;
  }
  if (!z->known)
    return im.fail(n,
                   fmt::format("{}_zero_point (input {}) must be known when the model is imported",
                               what, k + 1)),
           std::nullopt;
  q.zp_type = z->type.dtype;
  for (int64_t i = 0; i < z->known->size(); ++i) q.zero_point.push_back(int_at(*z->known, i));
  if (q.zero_point.size() != q.scale.size())
    return im.fail(n, fmt::format("{}_zero_point has {} elements, {}_scale {}", what,
                                  q.zero_point.size(), what, q.scale.size())),
           std::nullopt;
  return q;
}

/// A per-tensor pair, or an error naming the node (vfuse's activations have one scale).
bool per_tensor(Importer& im, const NodeProto& n, const QParams& q, const char* what) {
  if (q.scale.size() == 1) return true;
  return im.fail(n, fmt::format("per-axis quantization of {} ({} scales) is not supported: "
                                "vfuse quantizes activations per tensor",
                                what, q.scale.size()));
}

bool check_zp_type(Importer& im, const NodeProto& n, const QParams& q, DType t, const char* what) {
  if (q.zp_type == t) return true;
  return im.fail(n, fmt::format("{}_zero_point is {} but {} is {}", what, dtype_name(q.zp_type),
                                what, dtype_name(t)));
}

bool eight_bit(DType t) { return t == DType::I8 || t == DType::U8; }

/// QuantizeLinear(x, y_scale, y_zero_point): quantize.
bool quantize_linear(Importer& im, const NodeProto& n) {
  auto q = read_qparams(im, n, 1, "y", DType::U8);
  if (!q) return false;
  if (!per_tensor(im, n, *q, "QuantizeLinear's output")) return false;
  if (!eight_bit(q->zp_type))
    return im.fail(n, fmt::format("y_zero_point is {}; vfuse quantizes to int8 or uint8",
                                  dtype_name(q->zp_type)));
  Attrs a;
  a.set("scale", q->scale[0]);
  a.set("zero_point", q->zero_point[0]);
  a.set("dtype", std::string(q->zp_type == DType::I8 ? "int8" : "uint8"));
  auto y = im.add(n, OpKind::Quantize, {im.node_of(n, 0)}, std::move(a));
  if (!y) return false;
  im.bind(n, 0, *y);
  return true;
}

/// A float32 vector [C] shaped to broadcast along `axis` of a rank-`rank` tensor.
NodeId channel_constant(Importer& im, const NodeProto& n, const std::vector<double>& v,
                        int64_t axis, int64_t rank) {
  Shape s{static_cast<int64_t>(v.size())};
  s.insert(s.end(), static_cast<size_t>(rank - 1 - axis), 1);
  std::vector<float> f(v.begin(), v.end());
  return im.constant(n, Tensor::from_floats(s, f));
}

/// DequantizeLinear(x, x_scale, x_zero_point): dequantize, per tensor or per axis.
bool dequantize_linear(Importer& im, const NodeProto& n) {
  const TensorType& xt = im.input(n, 0)->type;
  if (!eight_bit(xt.dtype) && xt.dtype != DType::I32)
    return im.fail(
        n, fmt::format("x is {}; vfuse dequantizes int8, uint8 or int32", dtype_name(xt.dtype)));
  auto q = read_qparams(im, n, 1, "x", xt.dtype);
  if (!q || !check_zp_type(im, n, *q, xt.dtype, "x")) return false;
  const NodeId x = im.node_of(n, 0);
  if (q->scale.size() == 1) {
    Attrs a;
    a.set("scale", q->scale[0]);
    a.set("zero_point", q->zero_point[0]);
    auto y = im.add(n, OpKind::Dequantize, {x}, std::move(a));
    if (!y) return false;
    im.bind(n, 0, *y);
    return true;
  }
  // Per axis: (float(q) - z[c]) * scale[c], ONNX's one rounding.
  int64_t axis = attr_int(n, "axis", 1);
  if (axis < 0) axis += xt.rank();
  if (axis < 0 || axis >= xt.rank())
    return im.fail(
        n, fmt::format("axis {} is out of range for rank {}", attr_int(n, "axis", 1), xt.rank()));
  if (static_cast<int64_t>(q->scale.size()) != xt.shape[static_cast<size_t>(axis)])
    return im.fail(n, fmt::format("x_scale has {} elements, axis {} has size {}", q->scale.size(),
                                  axis, xt.shape[static_cast<size_t>(axis)]));
  Attrs a;
  a.set("scale", 1.0);
  auto f = im.add(n, OpKind::Dequantize, {x}, std::move(a), false);
  if (!f) return false;
  NodeId v = *f;
  if (std::any_of(q->zero_point.begin(), q->zero_point.end(), [](int64_t z) { return z != 0; })) {
    std::vector<double> z(q->zero_point.begin(), q->zero_point.end());
    auto c =
        im.add(n, OpKind::Subtract, {v, channel_constant(im, n, z, axis, xt.rank())}, {}, false);
    if (!c) return false;
    v = *c;
  }
  auto y = im.add(n, OpKind::Multiply, {v, channel_constant(im, n, q->scale, axis, xt.rank())}, {});
  if (!y) return false;
  im.bind(n, 0, *y);
  return true;
}

/// The weight zero point (input k, optional) must be 0: vfuse's integer contractions
/// subtract the input's zero point only.
bool zero_weight_zp(Importer& im, const NodeProto& n, int k, const char* what) {
  const Value* z = im.input(n, k);
  if (!z) return true;
  if (!z->known)
    return im.fail(n,
                   fmt::format("{} (input {}) must be known when the model is imported", what, k));
  for (int64_t i = 0; i < z->known->size(); ++i)
    if (int_at(*z->known, i) != 0)
      return im.fail(n, fmt::format("{} is {} at element {}; vfuse's integer weights have zero "
                                    "point 0",
                                    what, int_at(*z->known, i), i));
  return true;
}

/// qconv2d(x, w[, bias]) of a Conv-like node (QLinearConv: x 0, w 3, B 8; ConvInteger:
/// x 0, w 1).
std::optional<NodeId> qconv(Importer& im, const NodeProto& n, int w_input, int bias_input,
                            int64_t x_zero_point, bool final_node) {
  const TensorType& xt = im.input(n, 0)->type;
  const Value* w = im.input(n, w_input);
  if (xt.rank() != 4 || w->type.rank() != 4)
    return im.fail(n, "only 2-D quantized convolutions (rank-4 input and weight) are supported"),
           std::nullopt;
  if (w->type.dtype != DType::I8)
    return im.fail(n, fmt::format("the weight is {}; vfuse's qconv2d takes int8 weights",
                                  dtype_name(w->type.dtype))),
           std::nullopt;
  Ints kernel(w->type.shape.begin() + 2, w->type.shape.end());
  if (auto ks = attr_ints(n, "kernel_shape"); !ks.empty() && ks != kernel)
    return im.fail(n, "kernel_shape differs from the weight's"), std::nullopt;
  auto win = read_window(im, n, xt.shape, kernel);
  if (!win) return std::nullopt;
  Attrs a;
  a.set("strides", win->strides);
  a.set("padding", win->pads);
  a.set("dilation", win->dilations);
  a.set("groups", attr_int(n, "group", 1));
  a.set("x_zero_point", x_zero_point);
  std::vector<NodeId> ins{im.node_of(n, 0), im.node_of(n, w_input)};
  if (bias_input >= 0 && im.input(n, bias_input)) ins.push_back(im.node_of(n, bias_input));
  return im.add(n, OpKind::QConv2d, std::move(ins), std::move(a), final_node);
}

/// qdense(a, b^T) of a MatMul-like node: b [K, N] int8, known (transposed to [N, K]).
std::optional<NodeId> qdense(Importer& im, const NodeProto& n, int b_input, int64_t x_zero_point,
                             bool final_node) {
  const Value* b = im.input(n, b_input);
  if (b->type.dtype != DType::I8)
    return im.fail(n, fmt::format("b is {}; vfuse's qdense takes int8 weights",
                                  dtype_name(b->type.dtype))),
           std::nullopt;
  if (!b->known || b->type.rank() != 2)
    return im.fail(n, "b must be a matrix [K, N] known when the model is imported"), std::nullopt;
  if (im.input(n, 0)->type.rank() < 2)
    return im.fail(n, "a must have rank 2 or more"), std::nullopt;
  const int64_t k = b->type.shape[0], m = b->type.shape[1];
  Tensor wt(TensorType{DType::I8, {m, k}});
  for (int64_t i = 0; i < k; ++i)
    for (int64_t j = 0; j < m; ++j) wt.set(j * k + i, b->known->get(i * m + j));
  Attrs a;
  a.set("x_zero_point", x_zero_point);
  return im.add(n, OpKind::QDense, {im.node_of(n, 0), im.constant(n, std::move(wt))}, std::move(a),
                final_node);
}

/// m[c] / 2^shift == M[c] exactly for every channel, with one shift in [0, 62] and every
/// m[c] in [1, 2^31); nullopt when no shift serves all channels.
struct Multiplier {
  Ints m;
  int64_t shift = 0;
};
std::optional<Multiplier> exact_multiplier(const std::vector<float>& M) {
  // Each M = sig * 2^-s with sig odd (the fewest bits), s possibly negative.
  std::vector<std::pair<int64_t, int64_t>> parts;
  int64_t shift = 0;
  for (float v : M) {
    if (!(v > 0) || !std::isfinite(v)) return std::nullopt;
    int e = 0;
    const double frac = std::frexp(static_cast<double>(v), &e);  // v = frac * 2^e, frac in [0.5, 1)
    int64_t sig = static_cast<int64_t>(std::ldexp(frac, 24));    // exact: 24 bits
    int64_t s = 24 - e;
    while (sig % 2 == 0) sig /= 2, --s;
    parts.emplace_back(sig, s);
    shift = std::max(shift, s);
  }
  if (shift > 62) return std::nullopt;
  Multiplier r;
  r.shift = shift;
  for (auto [sig, s] : parts) {
    if (shift - s >= 31) return std::nullopt;
    const int64_t m = sig << (shift - s);
    if (m >= (int64_t{1} << 31)) return std::nullopt;
    r.m.push_back(m);
  }
  return r;
}

/// The requantization of `acc` (int32) to y's type: requantize with the exact multiplier,
/// or ONNX's own float32 formula when no single shift represents every channel. `axis`:
/// the channel axis of acc for a per-channel M.
bool requantization(Importer& im, const NodeProto& n, NodeId acc, const std::vector<float>& M,
                    int64_t axis, int64_t y_zero_point, DType y_type) {
  const int64_t rank = im.graph().node(acc).type.rank();
  const IntRange r = int_range(y_type);
  const std::string dtype = y_type == DType::I8 ? "int8" : "uint8";
  std::optional<NodeId> y;
  if (auto mult = exact_multiplier(M)) {
    Tensor mt(TensorType{DType::I32, {static_cast<int64_t>(mult->m.size())}});
    for (size_t c = 0; c < mult->m.size(); ++c)
      mt.set(static_cast<int64_t>(c), static_cast<double>(mult->m[c]));
    Attrs a;
    a.set("axis", axis);
    a.set("shift", mult->shift);
    a.set("zero_point", y_zero_point);
    a.set("qmin", r.lo);
    a.set("qmax", r.hi);
    a.set("dtype", dtype);
    y = im.add(n, OpKind::Requantize, {acc, im.constant(n, std::move(mt))}, std::move(a));
  } else {
    Attrs one;
    one.set("scale", 1.0);
    auto f = im.add(n, OpKind::Dequantize, {acc}, std::move(one), false);
    if (!f) return false;
    const std::vector<double> md(M.begin(), M.end());
    const NodeId mc = M.size() == 1 ? im.constant(n, Tensor::scalar(DType::F32, md[0]))
                                    : channel_constant(im, n, md, axis, rank);
    auto scaled = im.add(n, OpKind::Multiply, {*f, mc}, {}, false);
    if (!scaled) return false;
    Attrs a;
    a.set("scale", 1.0);
    a.set("zero_point", y_zero_point);
    a.set("dtype", dtype);
    y = im.add(n, OpKind::Quantize, {*scaled}, std::move(a));
  }
  if (!y) return false;
  im.bind(n, 0, *y);
  return true;
}

/// M[c] = x_scale * w_scale[c] / y_scale in float32, in ONNX Runtime's order.
std::vector<float> real_multipliers(double x_scale, const std::vector<double>& w_scale,
                                    double y_scale) {
  std::vector<float> M;
  for (double w : w_scale)
    M.push_back(static_cast<float>(x_scale) * static_cast<float>(w) / static_cast<float>(y_scale));
  return M;
}

/// QLinearConv(x, x_scale, x_zp, w, w_scale, w_zp, y_scale, y_zp, B): qconv2d, requantize.
bool qlinear_conv(Importer& im, const NodeProto& n) {
  const DType xt = im.input(n, 0)->type.dtype;
  if (!eight_bit(xt))
    return im.fail(n, fmt::format("x is {}; int8 or uint8 expected", dtype_name(xt)));
  auto xq = read_qparams(im, n, 1, "x", xt);
  if (!xq || !per_tensor(im, n, *xq, "x") || !check_zp_type(im, n, *xq, xt, "x")) return false;
  auto wq = read_qparams(im, n, 4, "w", DType::I8);
  if (!wq || !zero_weight_zp(im, n, 5, "w_zero_point")) return false;
  auto yq = read_qparams(im, n, 6, "y", DType::U8);
  if (!yq || !per_tensor(im, n, *yq, "y")) return false;
  if (!eight_bit(yq->zp_type))
    return im.fail(
        n, fmt::format("y_zero_point is {}; int8 or uint8 expected", dtype_name(yq->zp_type)));
  const int64_t channels = im.input(n, 3)->type.rank() > 0 ? im.input(n, 3)->type.shape[0] : 0;
  if (wq->scale.size() != 1 && static_cast<int64_t>(wq->scale.size()) != channels)
    return im.fail(n, fmt::format("w_scale has {} elements for {} output channels",
                                  wq->scale.size(), channels));
  auto acc = qconv(im, n, 3, 8, xq->zero_point[0], false);
  if (!acc) return false;
  return requantization(im, n, *acc, real_multipliers(xq->scale[0], wq->scale, yq->scale[0]), 1,
                        yq->zero_point[0], yq->zp_type);
}

/// QLinearMatMul(a, a_scale, a_zp, b, b_scale, b_zp, y_scale, y_zp): qdense, requantize
/// (b_scale per tensor or per column of b).
bool qlinear_matmul(Importer& im, const NodeProto& n) {
  const DType at = im.input(n, 0)->type.dtype;
  if (!eight_bit(at))
    return im.fail(n, fmt::format("a is {}; int8 or uint8 expected", dtype_name(at)));
  auto aq = read_qparams(im, n, 1, "a", at);
  if (!aq || !per_tensor(im, n, *aq, "a") || !check_zp_type(im, n, *aq, at, "a")) return false;
  auto bq = read_qparams(im, n, 4, "b", DType::I8);
  if (!bq || !zero_weight_zp(im, n, 5, "b_zero_point")) return false;
  auto yq = read_qparams(im, n, 6, "y", DType::U8);
  if (!yq || !per_tensor(im, n, *yq, "y")) return false;
  if (!eight_bit(yq->zp_type))
    return im.fail(
        n, fmt::format("y_zero_point is {}; int8 or uint8 expected", dtype_name(yq->zp_type)));
  const Value* b = im.input(n, 3);
  const int64_t cols = b->type.rank() == 2 ? b->type.shape[1] : 0;
  if (bq->scale.size() != 1 && static_cast<int64_t>(bq->scale.size()) != cols)
    return im.fail(n,
                   fmt::format("b_scale has {} elements for {} columns", bq->scale.size(), cols));
  auto acc = qdense(im, n, 3, aq->zero_point[0], false);
  if (!acc) return false;
  return requantization(im, n, *acc, real_multipliers(aq->scale[0], bq->scale, yq->scale[0]), -1,
                        yq->zero_point[0], yq->zp_type);
}

/// The input zero point of ConvInteger / MatMulInteger (input 2, optional, x's type).
std::optional<int64_t> integer_input_zp(Importer& im, const NodeProto& n) {
  const Value* z = im.input(n, 2);
  if (!z) return 0;
  if (!z->known)
    return im.fail(n, "the input's zero point (input 2) must be known when the model is imported"),
           std::nullopt;
  if (z->type.dtype != im.input(n, 0)->type.dtype)
    return im.fail(n,
                   fmt::format("the input's zero point is {} but the input is {}",
                               dtype_name(z->type.dtype), dtype_name(im.input(n, 0)->type.dtype))),
           std::nullopt;
  if (z->known->size() != 1)
    return im.fail(n, "per-axis input zero points are not supported"), std::nullopt;
  return int_at(*z->known, 0);
}

bool conv_integer(Importer& im, const NodeProto& n) {
  auto zp = integer_input_zp(im, n);
  if (!zp || !zero_weight_zp(im, n, 3, "w_zero_point")) return false;
  auto y = qconv(im, n, 1, -1, *zp, true);
  if (!y) return false;
  im.bind(n, 0, *y);
  return true;
}

bool matmul_integer(Importer& im, const NodeProto& n) {
  auto zp = integer_input_zp(im, n);
  if (!zp || !zero_weight_zp(im, n, 3, "b_zero_point")) return false;
  auto y = qdense(im, n, 1, *zp, true);
  if (!y) return false;
  im.bind(n, 0, *y);
  return true;
}

const std::map<std::string, int64_t>& since() {
  // QuantizeLinear / DequantizeLinear 10 (per tensor; 13 added per-axis scales).
  static const std::map<std::string, int64_t> s = {{"QuantizeLinear", 10}, {"DequantizeLinear", 10},
                                                   {"QLinearConv", 10},    {"QLinearMatMul", 10},
                                                   {"ConvInteger", 10},    {"MatMulInteger", 10}};
  return s;
}

}  // namespace

void add_quant_converters(std::map<std::string, OpConverter>& t) {
  t["QuantizeLinear"] = quantize_linear;
  t["DequantizeLinear"] = dequantize_linear;
  t["QLinearConv"] = qlinear_conv;
  t["QLinearMatMul"] = qlinear_matmul;
  t["ConvInteger"] = conv_integer;
  t["MatMulInteger"] = matmul_integer;
}

int64_t quant_converter_since(const std::string& op) {
  auto it = since().find(op);
  return it == since().end() ? 0 : it->second;
}

bool quant_onnx_op(const std::string& op) { return since().count(op) != 0; }

}  // namespace vf::onnx_io
