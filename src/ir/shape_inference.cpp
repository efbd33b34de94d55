#include "ir/shape_inference.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "ir/op_attrs.h"
#include "ir/op_plan.h"

namespace vf {

std::optional<Shape> broadcast_shapes(const Shape& a, const Shape& b) {
  size_t r = std::max(a.size(), b.size());
  Shape out(r);
  for (size_t i = 0; i < r; ++i) {
    int64_t da = i < r - a.size() ? 1 : a[i - (r - a.size())];
    int64_t db = i < r - b.size() ? 1 : b[i - (r - b.size())];
    if (da != db && da != 1 && db != 1) return std::nullopt;
    out[i] = da == 1 ? db : da;
  }
  return out;
}

int64_t window_output_size(int64_t n, int64_t lo, int64_t hi, int64_t k, int64_t s, int64_t d,
                           bool ceil_mode) {
  int64_t span = n + lo + hi - d * (k - 1) - 1;
  if (span < 0) return 0;
  int64_t out = (ceil_mode ? (span + s - 1) / s : span / s) + 1;
  // A window that would start in the end padding is dropped (PyTorch / ONNX rule).
  if (ceil_mode && (out - 1) * s >= n + lo) --out;
  return out;
}

namespace {

Error err(std::string msg) { return Error{std::move(msg)}; }

std::string shp(const Shape& s) { return shape_string(s); }

/// The type of input i of node n.
const TensorType& input_type(const Graph& g, const Node& n, int i) {
  return g.node(n.inputs[static_cast<size_t>(i)]).type;
}

Result<TensorType> infer_conv(const Graph& g, const Node& n, const Conv2dAttrs& c) {
  const TensorType& x = g.node(n.inputs[0]).type;
  const TensorType& w = g.node(n.inputs[1]).type;
  if (x.rank() != 4) return err(fmt::format("input must be NCHW (rank 4), got {}", shp(x.shape)));
  if (w.rank() != 4) return err(fmt::format("weight must be OIHW (rank 4), got {}", shp(w.shape)));
  if (c.groups < 1) return err(fmt::format("groups must be >= 1, got {}", c.groups));
  for (int64_t v : c.strides)
    if (v < 1) return err("strides must be >= 1");
  for (int64_t v : c.dilation)
    if (v < 1) return err("dilation must be >= 1");
  for (int64_t v : c.padding)
    if (v < 0) return err("padding must be >= 0");
  int64_t cin = x.shape[1], cout = w.shape[0];
  if (cin % c.groups != 0 || cout % c.groups != 0)
    return err(fmt::format("groups={} must divide input channels {} and output channels {}",
                           c.groups, cin, cout));
  if (w.shape[1] * c.groups != cin)
    return err(
        fmt::format("weight {} expects {} input channels per group, but input has {} "
                    "channels and groups={}",
                    shp(w.shape), w.shape[1], cin, c.groups));
  int64_t oh = window_output_size(x.shape[2], c.padding[0], c.padding[2], w.shape[2], c.strides[0],
                                  c.dilation[0], false);
  int64_t ow = window_output_size(x.shape[3], c.padding[1], c.padding[3], w.shape[3], c.strides[1],
                                  c.dilation[1], false);
  if (oh < 1 || ow < 1) return err("kernel larger than padded input");
  return TensorType{x.dtype, {x.shape[0], cout, oh, ow}};
}

// ONNX ConvTranspose: each output size is (n - 1) * s - pad_begin - pad_end + d * (k - 1)
// + output_padding + 1.
Result<TensorType> infer_conv_transpose(const Graph& g, const Node& n,
                                        const Conv2dTransposeAttrs& c) {
  const TensorType& x = g.node(n.inputs[0]).type;
  const TensorType& w = g.node(n.inputs[1]).type;
  if (x.rank() != 4) return err(fmt::format("input must be NCHW (rank 4), got {}", shp(x.shape)));
  if (w.rank() != 4)
    return err(
        fmt::format("weight must be [C_in, C_out/groups, kH, kW] (rank 4), got {}", shp(w.shape)));
  if (c.groups < 1) return err(fmt::format("groups must be >= 1, got {}", c.groups));
  for (int64_t v : c.strides)
    if (v < 1) return err("strides must be >= 1");
  for (int64_t v : c.dilation)
    if (v < 1) return err("dilation must be >= 1");
  for (int64_t v : c.padding)
    if (v < 0) return err("padding must be >= 0");
  for (int i = 0; i < 2; ++i) {
    const int64_t op = c.output_padding[static_cast<size_t>(i)];
    const int64_t s = c.strides[static_cast<size_t>(i)], d = c.dilation[static_cast<size_t>(i)];
    if (op < 0) return err("output_padding must be >= 0");
    if (op >= s && op >= d)  // ONNX: smaller than the stride or the dilation
      return err(
          fmt::format("output_padding {} must be smaller than stride {} or dilation {}", op, s, d));
  }
  for (size_t k = 1; k < 4; ++k)
    if (w.shape[k] < 1) return err(fmt::format("weight {} has an empty dimension", shp(w.shape)));
  const int64_t cin = x.shape[1];
  if (cin % c.groups != 0)
    return err(fmt::format("groups={} must divide input channels {}", c.groups, cin));
  if (w.shape[0] != cin)
    return err(fmt::format("weight {} expects {} input channels, but input has {} channels",
                           shp(w.shape), w.shape[0], cin));
  const int64_t cout = w.shape[1] * c.groups;
  int64_t out[2];
  for (size_t i = 0; i < 2; ++i)
    out[i] = (x.shape[2 + i] - 1) * c.strides[i] - c.padding[i] - c.padding[i + 2] +
             c.dilation[i] * (w.shape[2 + i] - 1) + c.output_padding[i] + 1;
  if (out[0] < 1 || out[1] < 1)
    return err(fmt::format("output size {}x{} is not positive: padding exceeds the output", out[0],
                           out[1]));
  return TensorType{x.dtype, {x.shape[0], cout, out[0], out[1]}};
}

Result<TensorType> infer_dense(const Graph& g, const Node& n) {
  const TensorType& x = g.node(n.inputs[0]).type;
  const TensorType& w = g.node(n.inputs[1]).type;
  if (x.rank() < 1 || w.rank() != 2)
    return err(fmt::format("dense needs x[..., K] and w[M, K], got {} and {}", shp(x.shape),
                           shp(w.shape)));
  if (x.shape.back() != w.shape[1])
    return err(
        fmt::format("dense reduction sizes differ: x {} vs w {}", shp(x.shape), shp(w.shape)));
  Shape out = x.shape;
  out.back() = w.shape[0];
  return TensorType{x.dtype, out};
}

// Checks an optional per-channel vector input (bias, scale, shift) of length `c`.
Result<void> check_channel_vector(const Graph& g, NodeId id, int64_t c, std::string_view what) {
  const TensorType& t = g.node(id).type;
  if (t.rank() != 1 || t.shape[0] != c)
    return err(fmt::format("{} must have shape ({}), got {}", what, c, shp(t.shape)));
  return {};
}

Result<TensorType> infer_fused(const Graph& g, const Node& n, Result<TensorType> base) {
  if (!base) return base;
  EpilogueAttrs e = epilogue_attrs(n.attrs);
  if (!parse_activation(n.attrs.get_str("activation")))
    return err(fmt::format("unknown activation '{}'", n.attrs.get_str("activation")));
  if (static_cast<int>(n.inputs.size()) != e.num_inputs())
    return err(
        fmt::format("epilogue flags need {} inputs, node has {}", e.num_inputs(), n.inputs.size()));
  int64_t c = n.op == OpKind::FusedConv2d ? base->shape[1] : base->shape.back();
  size_t k = 2;
  if (e.has_bias)
    if (auto r = check_channel_vector(g, n.inputs[k++], c, "bias"); !r) return r.error();
  if (e.has_scale)
    if (auto r = check_channel_vector(g, n.inputs[k++], c, "scale"); !r) return r.error();
  if (e.has_shift)
    if (auto r = check_channel_vector(g, n.inputs[k++], c, "shift"); !r) return r.error();
  if (e.has_residual) {
    const TensorType& r = g.node(n.inputs[k++]).type;
    if (r.shape != base->shape)
      return err(fmt::format("residual shape {} differs from output shape {}", shp(r.shape),
                             shp(base->shape)));
  }
  return base;
}

Result<void> check_list_len(const Attrs& a, std::string_view name, size_t len);

// Run-time integer data read into float32 (ops.def's Indexed operators): each operator's
// input types, then its output type.
Result<TensorType> infer_indexed(const Graph& g, const Node& n) {
  auto in = [&](size_t i) -> const TensorType& { return g.node(n.inputs[i]).type; };
  auto index_type = [&](size_t i, std::string_view what) -> Result<void> {
    const DType t = in(i).dtype;
    if (t == DType::I32 || t == DType::I64 || t == DType::F32) return {};
    return err(fmt::format("{} (input {}) must be int32, int64 or float32, got {}", what, i,
                           dtype_name(t)));
  };
  auto float_type = [&](size_t i, std::string_view what) -> Result<void> {
    if (in(i).dtype == DType::F32) return {};
    return err(fmt::format("{} (input {}) must be float32, got {}", what, i,
                           dtype_name(in(i).dtype)));
  };
  switch (n.op) {
    case OpKind::Gather: {
      if (auto r = float_type(0, "the table"); !r) return r.error();
      if (in(1).dtype != DType::I32 && in(1).dtype != DType::I64)
        return err(fmt::format("the ids (input 1) must be int32 or int64, got {}",
                               dtype_name(in(1).dtype)));
      const Shape& t = in(0).shape;
      const int64_t r = static_cast<int64_t>(t.size());
      const int64_t axis = norm_axis(n.attrs.get_int("axis"), r);
      if (r < 1 || axis < 0 || axis >= r)
        return err(fmt::format("axis {} out of range for a table of rank {}",
                               n.attrs.get_int("axis"), r));
      if (t[static_cast<size_t>(axis)] < 1)
        return err(fmt::format("the table has no rows along axis {}", axis));
      Shape out(t.begin(), t.begin() + axis);
      out.insert(out.end(), in(1).shape.begin(), in(1).shape.end());
      out.insert(out.end(), t.begin() + axis + 1, t.end());
      return TensorType{DType::F32, out};
    }
    case OpKind::Cast:
      if (auto r = index_type(0, "the source"); !r) return r.error();
      return TensorType{DType::F32, in(0).shape};
    case OpKind::Where: {
      if (auto r = index_type(0, "the condition"); !r) return r.error();
      for (size_t i : {size_t{1}, size_t{2}})
        if (auto r = float_type(i, i == 1 ? "the true branch" : "the false branch"); !r)
          return r.error();
      auto ab = broadcast_shapes(in(1).shape, in(2).shape);
      auto b = ab ? broadcast_shapes(in(0).shape, *ab) : std::nullopt;
      if (!b)
        return err(fmt::format("shapes {}, {} and {} do not broadcast", shp(in(0).shape),
                               shp(in(1).shape), shp(in(2).shape)));
      return TensorType{DType::F32, *b};
    }
    default: return err("not an operator of run-time integer data");
  }
}


// Quantized inference (ops.def): each operator's input types, then its output type.
Result<TensorType> infer_quant(const Graph& g, const Node& n) {
  auto in = [&](size_t i) -> const TensorType& { return g.node(n.inputs[i]).type; };
  auto need = [&](size_t i, std::initializer_list<DType> ok, std::string_view what) -> Result<void> {
    for (DType t : ok)
      if (in(i).dtype == t) return {};
    std::string names;
    for (DType t : ok) names += fmt::format("{}{}", names.empty() ? "" : " or ", dtype_name(t));
    return err(fmt::format("{} (input {}) must be {}, got {}", what, i, names,
                           dtype_name(in(i).dtype)));
  };
  const Attrs& a = n.attrs;
  const bool has_dtype =
      n.op == OpKind::Quantize || n.op == OpKind::Requantize || n.op == OpKind::QAdd;
  std::optional<DType> qt;
  if (has_dtype) {
    qt = parse_dtype(a.get_str("dtype"));
    if (qt != DType::I8 && qt != DType::U8)
      return err(fmt::format("dtype must be \"int8\" or \"uint8\", got \"{}\"", a.get_str("dtype")));
  }
  const QuantAttrs q = quant_attrs(a, n.op == OpKind::Quantize);
  if (n.op == OpKind::Quantize || n.op == OpKind::Dequantize) {
    if (!(q.scale > 0) || !std::isfinite(q.scale))
      return err(fmt::format("scale must be positive and finite, got {}", q.scale));
  }
  if (qt) {
    const IntRange r = int_range(*qt);
    if (q.zero_point < r.lo || q.zero_point > r.hi)
      return err(fmt::format("zero_point {} is outside {}'s range [{}, {}]", q.zero_point,
                             dtype_name(*qt), r.lo, r.hi));
    if (q.qmin < r.lo || q.qmax > r.hi || q.qmin > q.qmax)
      return err(fmt::format("clamp [{}, {}] must be an interval within {}'s range [{}, {}]",
                             q.qmin, q.qmax, dtype_name(*qt), r.lo, r.hi));
  }
  switch (n.op) {
    case OpKind::Quantize:
      if (auto r = need(0, {DType::F32, DType::F64}, "x"); !r) return r.error();
      return TensorType{*qt, in(0).shape};
    case OpKind::Dequantize:
      if (auto r = need(0, {DType::I8, DType::U8, DType::I32}, "q"); !r) return r.error();
      if (in(0).dtype != DType::I32) {
        const IntRange r = int_range(in(0).dtype);
        if (q.zero_point < r.lo || q.zero_point > r.hi)
          return err(fmt::format("zero_point {} is outside {}'s range", q.zero_point,
                                 dtype_name(in(0).dtype)));
      } else if (q.zero_point != 0) {
        return err("an int32 tensor is dequantized with zero_point 0");
      }
      return TensorType{DType::F32, in(0).shape};
    case OpKind::QConv2d:
    case OpKind::QDense: {
      if (auto r = need(0, {DType::I8, DType::U8}, "x"); !r) return r.error();
      if (auto r = need(1, {DType::I8}, "weight"); !r) return r.error();
      const IntRange xr = int_range(in(0).dtype);
      const int64_t zx = a.get_int("x_zero_point");
      if (zx < xr.lo || zx > xr.hi)
        return err(fmt::format("x_zero_point {} is outside {}'s range", zx,
                               dtype_name(in(0).dtype)));
      Result<TensorType> t = err("");
      if (n.op == OpKind::QConv2d) {
        for (auto [name, len] : {std::pair{"strides", 2}, {"padding", 4}, {"dilation", 2}})
          if (auto r = check_list_len(a, name, static_cast<size_t>(len)); !r) return r.error();
        t = infer_conv(g, n, conv2d_attrs(a));
      } else {
        t = infer_dense(g, n);
      }
      if (!t) return t;
      if (n.inputs.size() == 3) {
        if (auto r = need(2, {DType::I32}, "bias"); !r) return r.error();
        const int64_t c = n.op == OpKind::QConv2d ? t->shape[1] : t->shape.back();
        if (auto r = check_channel_vector(g, n.inputs[2], c, "bias"); !r) return r.error();
      }
      return TensorType{DType::I32, t->shape};
    }
    case OpKind::Requantize: {
      if (auto r = need(0, {DType::I32}, "acc"); !r) return r.error();
      if (auto r = need(1, {DType::I32}, "multiplier"); !r) return r.error();
      const int64_t axis = norm_axis(a.get_int("axis"), in(0).rank());
      if (axis < 0 || axis >= in(0).rank())
        return err(fmt::format("axis {} out of range for rank {}", a.get_int("axis"), in(0).rank()));
      if (in(1).rank() != 1 ||
          (in(1).shape[0] != 1 && in(1).shape[0] != in(0).shape[static_cast<size_t>(axis)]))
        return err(fmt::format("multiplier must have shape (1) or ({}), got {}",
                               in(0).shape[static_cast<size_t>(axis)], shp(in(1).shape)));
      if (q.shift < 0 || q.shift > 62)
        return err(fmt::format("shift must be in [0, 62], got {}", q.shift));
      return TensorType{*qt, in(0).shape};
    }
    case OpKind::QAdd: {
      for (size_t k = 0; k < 2; ++k) {
        const char* what = k == 0 ? "a" : "b";
        if (auto r = need(k, {DType::I8, DType::U8}, what); !r) return r.error();
        const IntRange xr = int_range(in(k).dtype);
        const std::string zname = fmt::format("{}_zero_point", what);
        const int64_t zk = a.get_int(zname);
        if (zk < xr.lo || zk > xr.hi)
          return err(fmt::format("{} {} is outside {}'s range", zname, zk,
                                 dtype_name(in(k).dtype)));
      }
      if (in(0).shape != in(1).shape)
        return err(fmt::format("a and b must have one shape, got {} and {}", shp(in(0).shape),
                               shp(in(1).shape)));
      for (size_t k = 2; k < 4; ++k) {
        const char* what = k == 2 ? "a's multiplier" : "b's multiplier";
        if (auto r = need(k, {DType::I32}, what); !r) return r.error();
        if (in(k).rank() != 1 || in(k).shape[0] != 1)
          return err(fmt::format("{} must have shape (1), got {}", what, shp(in(k).shape)));
      }
      if (q.shift < 0 || q.shift > 62)
        return err(fmt::format("shift must be in [0, 62], got {}", q.shift));
      return TensorType{*qt, in(0).shape};
    }
    default: return err("not a quantized-inference operator");
  }
}

Result<TensorType> infer_pool(const Graph& g, const Node& n) {
  const TensorType& x = g.node(n.inputs[0]).type;
  if (x.rank() != 4) return err(fmt::format("input must be NCHW (rank 4), got {}", shp(x.shape)));
  Pool2dAttrs p = pool2d_attrs(n.attrs);
  if (n.attrs.get_ints("pool_size").size() != 2) return err("pool_size must have 2 entries");
  for (int i = 0; i < 2; ++i)
    if (p.pool_size[i] < 1 || p.strides[i] < 1 || p.dilation[i] < 1)
      return err("pool_size, strides and dilation must be >= 1");
  for (int64_t v : p.padding)
    if (v < 0) return err("padding must be >= 0");
  int64_t oh = window_output_size(x.shape[2], p.padding[0], p.padding[2], p.pool_size[0],
                                  p.strides[0], p.dilation[0], p.ceil_mode);
  int64_t ow = window_output_size(x.shape[3], p.padding[1], p.padding[3], p.pool_size[1],
                                  p.strides[1], p.dilation[1], p.ceil_mode);
  if (oh < 1 || ow < 1) return err("window larger than padded input");
  return TensorType{x.dtype, {x.shape[0], x.shape[1], oh, ow}};
}

Result<void> check_list_len(const Attrs& a, std::string_view name, size_t len);

/// Output type of an Im2col node: conv2d's checks with groups 1 (w: the window's weight,
/// read for its shape), [N, OH, OW, C KH KW].
Result<TensorType> infer_im2col(const Graph& g, const Node& n) {
  for (auto [name, len] : {std::pair{"strides", 2}, {"padding", 4}, {"dilation", 2}})
    if (auto r = check_list_len(n.attrs, name, static_cast<size_t>(len)); !r) return r.error();
  auto t = infer_conv(g, n, conv2d_attrs(n.attrs));
  if (!t) return t;
  const Shape& w = g.node(n.inputs[1]).type.shape;
  return TensorType{t->dtype, {t->shape[0], t->shape[2], t->shape[3], w[1] * w[2] * w[3]}};
}

Result<void> check_list_len(const Attrs& a, std::string_view name, size_t len) {
  if (a.get_ints(name).size() != len)
    return err(fmt::format("attribute '{}' must have {} entries, got {}", name, len,
                           a.get_ints(name).size()));
  return {};
}

/// Output type of a MatMul node (see infer_node_type).
Result<TensorType> infer_matmul(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Shape& x = in(0).shape;
  const Shape& y = in(1).shape;
  if (x.size() < 2 || y.size() < 2)
    return err(fmt::format("matmul needs rank >= 2 operands, got {} and {}", shp(x), shp(y)));
  if (x.back() != y[y.size() - 2])
    return err(fmt::format("matmul inner sizes differ: {} and {}", shp(x), shp(y)));
  Shape bx(x.begin(), x.end() - 2), by(y.begin(), y.end() - 2);
  auto b = broadcast_shapes(bx, by);
  if (!b)
    return err(fmt::format("matmul batch dimensions do not broadcast: {} and {}", shp(x), shp(y)));
  b->push_back(x[x.size() - 2]);
  b->push_back(y.back());
  return TensorType{in(0).dtype, *b};
}

/// Output type of a Gemm node (see infer_node_type).
Result<TensorType> infer_gemm(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  const int nin = static_cast<int>(n.inputs.size());
  const Shape& x = in(0).shape;
  const Shape& y = in(1).shape;
  if (x.size() != 2 || y.size() != 2)
    return err(fmt::format("gemm needs rank-2 operands, got {} and {}", shp(x), shp(y)));
  bool ta = a.get_int("trans_a") != 0, tb = a.get_int("trans_b") != 0;
  int64_t m = ta ? x[1] : x[0], k = ta ? x[0] : x[1];
  int64_t k2 = tb ? y[1] : y[0], nn = tb ? y[0] : y[1];
  if (k != k2) return err(fmt::format("gemm inner sizes differ: {} and {}", k, k2));
  Shape out{m, nn};
  if (nin == 3) {
    auto b = broadcast_shapes(out, in(2).shape);
    if (!b || *b != out)
      return err(fmt::format("gemm C {} does not broadcast to {}", shp(in(2).shape), shp(out)));
  }
  return TensorType{in(0).dtype, out};
}

/// Output type of a BiasAdd node (see infer_node_type).
Result<TensorType> infer_bias_add(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  int64_t axis = norm_axis(a.get_int("axis"), in(0).rank());  // Relay writes axis=-1
  if (axis < 0 || axis >= in(0).rank())
    return err(fmt::format("axis {} out of range for rank {}", a.get_int("axis"), in(0).rank()));
  if (auto r = check_channel_vector(g, n.inputs[1], in(0).shape[static_cast<size_t>(axis)], "bias");
      !r)
    return r.error();
  return in(0);
}

/// Output type of a BatchNorm node (see infer_node_type).
Result<TensorType> infer_batch_norm(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  int64_t axis = norm_axis(a.get_int("axis"), in(0).rank());
  if (axis < 0 || axis >= in(0).rank())
    return err(fmt::format("axis {} out of range for rank {}", a.get_int("axis"), in(0).rank()));
  int64_t c = in(0).shape[static_cast<size_t>(axis)];
  const char* names[] = {"gamma", "beta", "mean", "var"};
  for (int i = 1; i < 5; ++i)
    if (auto r = check_channel_vector(g, n.inputs[static_cast<size_t>(i)], c, names[i - 1]); !r)
      return r.error();
  if (!(a.get_float("epsilon") >= 0)) return err("epsilon must be >= 0");
  return in(0);
}

/// Output type of a Pad node (see infer_node_type).
Result<TensorType> infer_pad(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  const auto& pads = a.get_ints("pads");
  size_t r = static_cast<size_t>(in(0).rank());
  if (pads.size() != 2 * r)
    return err(
        fmt::format("pads must have {} entries (begins then ends), got {}", 2 * r, pads.size()));
  Shape out = in(0).shape;
  for (size_t i = 0; i < r; ++i) {
    if (pads[i] < 0 || pads[i + r] < 0) return err("negative pads are not supported");
    out[i] += pads[i] + pads[i + r];
  }
  return TensorType{in(0).dtype, out};
}

/// Output type of a Reshape node (see infer_node_type).
Result<TensorType> infer_reshape(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  const auto& s = a.get_ints("shape");
  for (int64_t d : s)
    if (d < 0)
      return err(fmt::format("reshape target {} must be fully resolved", fmt::join(s, "x")));
  if (num_elements(s) != in(0).size())
    return err(fmt::format("cannot reshape {} ({} elements) to ({}) ({} elements)",
                           shp(in(0).shape), in(0).size(), fmt::join(s, ", "), num_elements(s)));
  return TensorType{in(0).dtype, s};
}

/// Output type of a Flatten node (see infer_node_type).
Result<TensorType> infer_flatten(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  int64_t axis = norm_axis(a.get_int("axis"), in(0).rank());
  if (axis < 0 || axis > in(0).rank())
    return err(fmt::format("axis {} out of range for rank {}", a.get_int("axis"), in(0).rank()));
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < in(0).rank(); ++i)
    (i < axis ? outer : inner) *= in(0).shape[static_cast<size_t>(i)];
  return TensorType{in(0).dtype, {outer, inner}};
}

/// Output type of a ExpandDims node (see infer_node_type).
Result<TensorType> infer_expand_dims(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  int64_t r = in(0).rank();
  int64_t axis = norm_axis(a.get_int("axis"), r + 1);
  int64_t k = a.get_int("num_newaxis");
  if (axis < 0 || axis > r)
    return err(fmt::format("axis {} out of range for rank {}", a.get_int("axis"), r));
  if (k < 0) return err("num_newaxis must be >= 0");
  Shape out = in(0).shape;
  out.insert(out.begin() + axis, static_cast<size_t>(k), 1);
  return TensorType{in(0).dtype, out};
}

/// Output type of a Squeeze node (see infer_node_type).
Result<TensorType> infer_squeeze(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  const auto& axes = a.get_ints("axes");
  int64_t r = in(0).rank();
  std::set<int64_t> drop;
  for (int64_t ax : axes) {
    int64_t x = norm_axis(ax, r);
    if (x < 0 || x >= r) return err(fmt::format("axis {} out of range for rank {}", ax, r));
    if (in(0).shape[static_cast<size_t>(x)] != 1)
      return err(fmt::format("cannot squeeze axis {} of size {}", ax,
                             in(0).shape[static_cast<size_t>(x)]));
    drop.insert(x);
  }
  Shape out;
  for (int64_t i = 0; i < r; ++i) {
    int64_t d = in(0).shape[static_cast<size_t>(i)];
    if (axes.empty() ? d == 1 : drop.count(i) > 0) continue;
    out.push_back(d);
  }
  return TensorType{in(0).dtype, out};
}

/// Output type of a Transpose node (see infer_node_type).
Result<TensorType> infer_transpose(const Graph& g, const Node& n) {
  const Attrs& a = n.attrs;
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  int64_t r = in(0).rank();
  const auto perm = transpose_perm(a, static_cast<size_t>(r));
  Shape out(static_cast<size_t>(r));
  if (static_cast<int64_t>(perm.size()) != r) return err("perm length differs from rank");
  std::vector<bool> seen(static_cast<size_t>(r), false);
  for (int64_t i = 0; i < r; ++i) {
    int64_t p = perm[static_cast<size_t>(i)];
    if (p < 0 || p >= r || seen[static_cast<size_t>(p)])
      return err(fmt::format("perm [{}] is not a permutation", fmt::join(perm, ", ")));
    seen[static_cast<size_t>(p)] = true;
    out[static_cast<size_t>(i)] = in(0).shape[static_cast<size_t>(p)];
  }
  return TensorType{in(0).dtype, out};
}

/// Output type of a Concat node (see infer_node_type).
Result<TensorType> infer_concat(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  const int nin = static_cast<int>(n.inputs.size());
  int64_t r = in(0).rank();
  int64_t axis = norm_axis(a.get_int("axis"), r);
  if (axis < 0 || axis >= r)
    return err(fmt::format("axis {} out of range for rank {}", a.get_int("axis"), r));
  Shape out = in(0).shape;
  for (int i = 1; i < nin; ++i) {
    const Shape& s = in(i).shape;
    if (static_cast<int64_t>(s.size()) != r)
      return err(fmt::format("input {} has rank {}, expected {}", i, s.size(), r));
    for (int64_t d = 0; d < r; ++d)
      if (d != axis && s[static_cast<size_t>(d)] != out[static_cast<size_t>(d)])
        return err(fmt::format("input {} shape {} differs from {} outside axis {}", i, shp(s),
                               shp(in(0).shape), axis));
    out[static_cast<size_t>(axis)] += s[static_cast<size_t>(axis)];
  }
  return TensorType{in(0).dtype, out};
}

/// Output type of a Split node (see infer_node_type).
Result<TensorType> infer_reduce(const Graph& g, const Node& n) {
  const TensorType& x = input_type(g, n, 0);
  const int64_t r = x.rank();
  std::set<int64_t> seen;
  for (int64_t ax : n.attrs.get_ints("axes")) {
    const int64_t k = norm_axis(ax, r);
    if (k < 0 || k >= r) return err(fmt::format("axis {} out of range for rank {}", ax, r));
    if (!seen.insert(k).second) return err(fmt::format("axis {} given twice", ax));
  }
  const int64_t keep = n.attrs.get_int("keepdims");
  if (keep != 0 && keep != 1) return err(fmt::format("keepdims must be 0 or 1, got {}", keep));
  return TensorType{x.dtype, reduce_plan(n.attrs, x.shape).out};
}

Result<TensorType> infer_norm(const Graph& g, const Node& n) {
  const TensorType& x = input_type(g, n, 0);
  const int64_t r = x.rank(), axis = norm_axis(n.attrs.get_int("axis"), r);
  if (axis < 0 || axis >= r)
    return err(fmt::format("axis {} out of range for rank {}", n.attrs.get_int("axis"), r));
  // gamma (and beta) hold one value per element of the normalised trailing axes: their
  // shape, or one dimension of that size.
  const Shape trailing(x.shape.begin() + axis, x.shape.end());
  const int64_t len = num_elements(trailing);
  for (size_t k = 1; k < n.inputs.size(); ++k) {
    const TensorType& p = input_type(g, n, static_cast<int>(k));
    if (p.shape != trailing && !(p.rank() == 1 && p.shape[0] == len))
      return err(fmt::format("{} has shape {}, expected the normalised axes' shape {}",
                             k == 1 ? "gamma" : "beta", shp(p.shape), shp(trailing)));
  }
  return x;
}

Result<TensorType> infer_split(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  int64_t r = in(0).rank();
  int64_t axis = norm_axis(a.get_int("axis"), r);
  if (axis < 0 || axis >= r)
    return err(fmt::format("axis {} out of range for rank {}", a.get_int("axis"), r));
  const auto& sizes = a.get_ints("sizes");
  int64_t total = 0;
  for (int64_t s : sizes) {
    if (s < 0) return err("split sizes must be >= 0");
    total += s;
  }
  if (total != in(0).shape[static_cast<size_t>(axis)])
    return err(fmt::format("split sizes sum to {}, axis has {}", total,
                           in(0).shape[static_cast<size_t>(axis)]));
  int64_t idx = a.get_int("index");
  if (idx < 0 || idx >= static_cast<int64_t>(sizes.size()))
    return err(fmt::format("split index {} out of range (0..{})", idx, sizes.size()));
  const SplitPlan p = split_plan(a, static_cast<size_t>(r));
  Shape out = in(0).shape;
  out[p.axis] = p.size;
  return TensorType{in(0).dtype, out};
}

/// Output type of a ResizeNearest node (see infer_node_type).
Result<TensorType> infer_resize_nearest(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  if (in(0).rank() != 4) return err(fmt::format("input must be NCHW, got {}", shp(in(0).shape)));
  Shape out = in(0).shape;
  for (auto [name, axis] : {std::pair{"rows", 2}, {"cols", 3}}) {
    const auto& idx = a.get_ints(name);
    if (idx.empty()) return err(fmt::format("{} must not be empty", name));
    for (int64_t i : idx)
      if (i < 0 || i >= out[static_cast<size_t>(axis)])
        return err(fmt::format("{} index {} out of range for size {}", name, i,
                               out[static_cast<size_t>(axis)]));
    out[static_cast<size_t>(axis)] = static_cast<int64_t>(idx.size());
  }
  return TensorType{in(0).dtype, out};
}

/// Output type of a Upsampling node (see infer_node_type).
Result<TensorType> infer_upsampling(const Graph& g, const Node& n) {
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  const Attrs& a = n.attrs;
  if (in(0).rank() != 4) return err(fmt::format("input must be NCHW, got {}", shp(in(0).shape)));
  double sh = a.get_float("scale_h"), sw = a.get_float("scale_w");
  if (!(sh > 0) || !(sw > 0)) return err("scales must be > 0");
  Shape out = in(0).shape;
  out[2] = upsampling_size(out[2], sh);
  out[3] = upsampling_size(out[3], sw);
  return TensorType{in(0).dtype, out};
}

}  // namespace

Result<TensorType> infer_node_type(const Graph& g, const Node& n) {
  const OpInfo& info = op_info(n.op);
  int nin = static_cast<int>(n.inputs.size());
  if (nin < info.min_inputs || (info.max_inputs >= 0 && nin > info.max_inputs)) {
    if (info.min_inputs == info.max_inputs)
      return err(fmt::format("'{}' takes {} inputs, got {}", info.name, info.min_inputs, nin));
    return err(fmt::format(
        "'{}' takes {} to {} inputs, got {}", info.name, info.min_inputs,
        info.max_inputs < 0 ? std::string("any") : fmt::format("{}", info.max_inputs), nin));
  }
  auto in = [&](int i) -> const TensorType& { return input_type(g, n, i); };
  if (is_quant_op(n.op)) return infer_quant(g, n);  // types its own inputs
  if (is_indexed_op(n.op)) return infer_indexed(g, n);  // likewise
  for (int i = 0; i < nin; ++i)
    if (!is_float(in(i).dtype) && !takes_int_inputs(n.op))
      return err(fmt::format("input {} has type {}; '{}' needs floating-point inputs", i,
                             dtype_name(in(i).dtype), info.name));
  for (int i = 1; i < nin; ++i)
    if (in(i).dtype != in(0).dtype)  // (reshape's shape is an attribute, not an input)
      return err(fmt::format("input {} is {} but input 0 is {}", i, dtype_name(in(i).dtype),
                             dtype_name(in(0).dtype)));
  const Attrs& a = n.attrs;

  switch (n.op) {
    case OpKind::Input:
    case OpKind::Constant: return n.type;

    case OpKind::Conv2d:
    case OpKind::FusedConv2d: {
      for (auto [name, len] : {std::pair{"strides", 2}, {"padding", 4}, {"dilation", 2}})
        if (auto r = check_list_len(a, name, static_cast<size_t>(len)); !r) return r.error();
      auto t = infer_conv(g, n, conv2d_attrs(a));
      if (t && n.op == OpKind::Conv2d && nin == 3)
        if (auto r = check_channel_vector(g, n.inputs[2], t->shape[1], "bias"); !r)
          return r.error();
      return n.op == OpKind::FusedConv2d ? infer_fused(g, n, std::move(t)) : t;
    }
    case OpKind::Conv2dTranspose: {
      for (auto [name, len] :
           {std::pair{"strides", 2}, {"padding", 4}, {"dilation", 2}, {"output_padding", 2}})
        if (auto r = check_list_len(a, name, static_cast<size_t>(len)); !r) return r.error();
      auto t = infer_conv_transpose(g, n, conv2d_transpose_attrs(a));
      if (t && nin == 3)
        if (auto r = check_channel_vector(g, n.inputs[2], t->shape[1], "bias"); !r)
          return r.error();
      return t;
    }
    case OpKind::Dense:
    case OpKind::FusedDense: {
      auto t = infer_dense(g, n);
      if (t && n.op == OpKind::Dense && nin == 3)
        if (auto r = check_channel_vector(g, n.inputs[2], t->shape.back(), "bias"); !r)
          return r.error();
      return n.op == OpKind::FusedDense ? infer_fused(g, n, std::move(t)) : t;
    }
    case OpKind::MatMul: return infer_matmul(g, n);
    case OpKind::Gemm: return infer_gemm(g, n);
    case OpKind::BiasAdd: return infer_bias_add(g, n);
    case OpKind::BatchNorm: return infer_batch_norm(g, n);
    case OpKind::Add:
    case OpKind::Subtract:
    case OpKind::Multiply:
    case OpKind::Divide:
    case OpKind::Minimum:
    case OpKind::Maximum: {
      auto b = broadcast_shapes(in(0).shape, in(1).shape);
      if (!b)
        return err(
            fmt::format("shapes {} and {} do not broadcast", shp(in(0).shape), shp(in(1).shape)));
      return TensorType{in(0).dtype, *b};
    }
    case OpKind::Negative:
    case OpKind::Sqrt:
    case OpKind::Rsqrt:
    case OpKind::Relu:
    case OpKind::LeakyRelu:
    case OpKind::Sigmoid:
    case OpKind::HardSigmoid:
    case OpKind::HardSwish:
    case OpKind::Exp:
    case OpKind::Log:
    case OpKind::Tanh:
    case OpKind::Erf:
    case OpKind::Softplus:
    case OpKind::Silu:
    case OpKind::Mish: return in(0);
    case OpKind::Gelu:
      if (a.get_str("approximate") != "none" && a.get_str("approximate") != "tanh")
        return err(fmt::format("approximate must be \"none\" or \"tanh\", got \"{}\"",
                               a.get_str("approximate")));
      return in(0);
    case OpKind::Clip:
      if (a.get_float("min") > a.get_float("max"))
        return err(fmt::format("clip min {} > max {}", a.get_float("min"), a.get_float("max")));
      return in(0);
    case OpKind::MaxPool2d:
    case OpKind::AvgPool2d:
      for (auto [name, len] : {std::pair{"strides", 2}, {"padding", 4}, {"dilation", 2}})
        if (auto r = check_list_len(a, name, static_cast<size_t>(len)); !r) return r.error();
      return infer_pool(g, n);
    case OpKind::GlobalAvgPool2d:
      if (in(0).rank() != 4)
        return err(fmt::format("input must be NCHW, got {}", shp(in(0).shape)));
      return TensorType{in(0).dtype, {in(0).shape[0], in(0).shape[1], 1, 1}};
    case OpKind::Pad: return infer_pad(g, n);
    case OpKind::Reshape: return infer_reshape(g, n);
    case OpKind::Flatten: return infer_flatten(g, n);
    case OpKind::BatchFlatten: {
      if (in(0).rank() < 1) return err("batch_flatten needs rank >= 1");
      return TensorType{in(0).dtype,
                        {in(0).shape[0], in(0).size() / std::max<int64_t>(1, in(0).shape[0])}};
    }
    case OpKind::ExpandDims: return infer_expand_dims(g, n);
    case OpKind::Squeeze: return infer_squeeze(g, n);
    case OpKind::Transpose: return infer_transpose(g, n);
    case OpKind::Concat: return infer_concat(g, n);
    case OpKind::Split: return infer_split(g, n);
    case OpKind::Softmax: {
      int64_t axis = norm_axis(a.get_int("axis"), in(0).rank());
      if (axis < 0 || axis >= in(0).rank())
        return err(
            fmt::format("axis {} out of range for rank {}", a.get_int("axis"), in(0).rank()));
      return in(0);
    }
    case OpKind::ReduceMean:
    case OpKind::ReduceSum:
    case OpKind::ReduceMax:
    case OpKind::ReduceL2: return infer_reduce(g, n);
    case OpKind::LayerNorm:
    case OpKind::RmsNorm: return infer_norm(g, n);
    case OpKind::ResizeNearest: return infer_resize_nearest(g, n);
    case OpKind::Im2col: return infer_im2col(g, n);
    case OpKind::Upsampling: return infer_upsampling(g, n);
    case OpKind::Quantize:
    case OpKind::Dequantize:
    case OpKind::QConv2d:
    case OpKind::QDense:
    case OpKind::Requantize:
    case OpKind::QAdd: return infer_quant(g, n);
    case OpKind::Gather:
    case OpKind::Cast:
    case OpKind::Where: return infer_indexed(g, n);
  }
  return err("unknown operator");
}

std::optional<DType> int_operand_dtype(OpKind op, size_t k) {
  switch (op) {
    case OpKind::QConv2d:
    case OpKind::QDense: return k < 2 ? DType::I8 : DType::I32;
    case OpKind::Requantize: return DType::I32;
    case OpKind::QAdd: return k < 2 ? DType::I8 : DType::I32;
    case OpKind::Dequantize: return DType::I8;
    default: return std::nullopt;
  }
}

Result<void> infer_types(Graph& g) {
  std::string errors;
  std::set<std::string_view> names;
  auto fail = [&](const Node& n, const std::string& msg) {
    errors +=
        fmt::format("{}node '{}' ({}): {}", errors.empty() ? "" : "\n", n.name, op_name(n.op), msg);
  };
  std::vector<bool> ok(g.size(), true);
  for (size_t i = 0; i < g.size(); ++i) {
    Node& n = g.node_mut(g.id(i));
    if (!names.insert(n.name).second) fail(n, "duplicate node name");
    bool inputs_ok = true;
    for (NodeId in : n.inputs) {
      if (!in.valid() || in.index >= i) {
        fail(n, "input does not precede its user");
        inputs_ok = false;
      } else if (!ok[in.index]) {
        inputs_ok = false;  // already reported upstream
      }
    }
    if (n.op == OpKind::Constant && (!n.data || n.data->type() != n.type))
      fail(n, "constant without matching data");
    if (!inputs_ok) {
      ok[i] = false;
      continue;
    }
    if (auto r = normalize_attrs(n.op, n.attrs); !r) {
      fail(n, r.error().message);
      ok[i] = false;
      continue;
    }
    auto t = infer_node_type(g, n);
    if (!t) {
      fail(n, t.error().message);
      ok[i] = false;
      continue;
    }
    n.type = *t;
  }
  for (NodeId o : g.outputs())
    if (!o.valid() || o.index >= g.size())
      errors += fmt::format("{}graph output refers to no node", errors.empty() ? "" : "\n");
  if (g.outputs().empty())
    errors += fmt::format("{}graph has no outputs", errors.empty() ? "" : "\n");
  if (!errors.empty()) return Error{errors};
  return {};
}

}  // namespace vf
