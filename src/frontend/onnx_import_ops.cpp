// ONNX operators to IR nodes, one converter each (opsets 9 to 18). The IR's operators
// and their exact semantics are in ir/ops.def and semantics/; where ONNX and the IR
// differ, the converter adapts the ONNX node (1-D windows lifted to 2-D, Softmax before
// opset 13 flattened, Slice as split, Unsqueeze as reshape, Gather / Where / Pad edge and
// reflect as gathers of rows, Expand and Tile as concats, linear Resize as the Relay importer's
// bilinear blend), or reports it. The converters that move data by gathers and concats
// (Pad, Slice, Resize, Gather, Expand, Tile, Where) are in onnx_import_movement.cpp. The same converters build the scratch graphs that
// evaluate shape computations at import (onnx_import_fold.cpp).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

#include "frontend/onnx_importer.h"
#include "frontend/onnx_tensor.h"
#include "frontend/relay_compound.h"
#include "ir/op_plan.h"
#include "ir/shape_inference.h"
#include "support/limits.h"

namespace vf::onnx_io {

std::optional<Window> read_window(Importer& im, const onnx::NodeProto& n, const Shape& x,
                                  const std::vector<int64_t>& kernel) {
  using Ints = std::vector<int64_t>;
  const size_t sp = kernel.size();
  Window w{kernel, attr_ints(n, "strides", Ints(sp, 1)), attr_ints(n, "pads", Ints(2 * sp, 0)),
           attr_ints(n, "dilations", Ints(sp, 1))};
  if (w.strides.size() != sp || w.pads.size() != 2 * sp || w.dilations.size() != sp)
    return im.fail(n, fmt::format("strides, pads or dilations do not match the {}-D kernel", sp)),
           std::nullopt;
  const std::string auto_pad = attr_str(n, "auto_pad", "NOTSET");
  if (auto_pad == "VALID") {
    w.pads.assign(2 * sp, 0);
  } else if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
    for (size_t k = 0; k < sp; ++k) {
      const int64_t in = x[2 + k], s = w.strides[k];
      const int64_t out = (in + s - 1) / s;
      const int64_t total =
          std::max<int64_t>(0, (out - 1) * s + (kernel[k] - 1) * w.dilations[k] + 1 - in);
      const int64_t small = total / 2, big = total - small;
      w.pads[k] = auto_pad == "SAME_UPPER" ? small : big;
      w.pads[k + sp] = auto_pad == "SAME_UPPER" ? big : small;
    }
  } else if (auto_pad != "NOTSET" && !auto_pad.empty()) {
    return im.fail(n, fmt::format("unknown auto_pad '{}'", auto_pad)), std::nullopt;
  }
  return w;
}

bool bind_result(Importer& im, const onnx::NodeProto& n, std::optional<NodeId> y) {
  if (!y) return false;
  im.bind(n, 0, *y);
  return true;
}

namespace {

using onnx::NodeProto;
using Ints = std::vector<int64_t>;

/// 1-D windows (Conv, pools on [N, C, L]) run as 2-D ones on [N, C, 1, L]: the lifted
/// attribute vector puts `h` in front of each per-dimension group of `v`.
Ints lift(const Ints& v, int64_t h, size_t groups) {
  if (v.empty()) return v;
  Ints out;
  const size_t per = v.size() / groups;
  for (size_t g = 0; g < groups; ++g) {
    out.push_back(h);
    out.insert(out.end(), v.begin() + static_cast<long>(g * per),
               v.begin() + static_cast<long>((g + 1) * per));
  }
  return out;
}

/// The value of input k reshaped to [N, C, 1, L] when it is a 1-D window operand.
std::optional<NodeId> lifted_input(Importer& im, const NodeProto& n, int k, bool one_d) {
  NodeId id = im.node_of(n, k);
  if (!one_d) return id;
  Shape s = im.graph().node(id).type.shape;
  s.insert(s.begin() + 2, 1);
  return im.reshape(n, id, s);
}

/// Binds output 0 to `y`, squeezed back to rank 3 when the node was lifted from 1-D (a
/// squeeze of the unit axis, pointwise: an activation after it moves before it by a rule
/// certified element by element, and meets the conv's epilogue).
bool bind_window_result(Importer& im, const NodeProto& n, std::optional<NodeId> y, bool one_d) {
  if (!y) return false;
  if (one_d) {
    Attrs a;
    a.set("axes", Ints{2});
    y = im.add(n, OpKind::Squeeze, {*y}, std::move(a));
    if (!y) return false;
  }
  im.bind(n, 0, *y);
  return true;
}

/// Rank of input 0, checked to be 3 or 4 for a windowed operator.
std::optional<int64_t> window_rank(Importer& im, const NodeProto& n) {
  const int64_t r = im.input(n, 0)->type.rank();
  if (r != 3 && r != 4)
    return im.fail(n, fmt::format("only 1-D and 2-D {} is supported; the input has rank {}",
                                  n.op_type(), r)),
           std::nullopt;
  return r;
}

bool conv(Importer& im, const NodeProto& n) {
  auto r = window_rank(im, n);
  if (!r) return false;
  const bool one_d = *r == 3;
  const Value* w = im.input(n, 1);
  if (!w || w->type.rank() != *r) return im.fail(n, "the weight must have the input's rank");
  Ints kernel(w->type.shape.begin() + 2, w->type.shape.end());
  if (auto ks = attr_ints(n, "kernel_shape"); !ks.empty() && ks != kernel)
    return im.fail(n, fmt::format("kernel_shape [{}] differs from the weight's [{}]",
                                  fmt::join(ks, ", "), fmt::join(kernel, ", ")));
  auto win = read_window(im, n, im.input(n, 0)->type.shape, kernel);
  if (!win) return false;
  Attrs a;
  a.set("strides", one_d ? lift(win->strides, 1, 1) : win->strides);
  a.set("padding", one_d ? lift(win->pads, 0, 2) : win->pads);
  a.set("dilation", one_d ? lift(win->dilations, 1, 1) : win->dilations);
  a.set("groups", attr_int(n, "group", 1));
  std::vector<NodeId> ins;
  for (int k = 0; k < 2; ++k) {
    auto id = lifted_input(im, n, k, one_d);
    if (!id) return false;
    ins.push_back(*id);
  }
  if (im.input(n, 2)) ins.push_back(im.node_of(n, 2));
  return bind_window_result(im, n, im.add(n, OpKind::Conv2d, ins, std::move(a), !one_d), one_d);
}

/// ConvTranspose: pads given, or derived from output_shape / auto_pad by the spec's
/// total_padding formula; an output_shape larger than the pads allow adds end padding
/// (ONNX's output_padding).
bool conv_transpose(Importer& im, const NodeProto& n) {
  auto r = window_rank(im, n);
  if (!r) return false;
  const bool one_d = *r == 3;
  const Value* w = im.input(n, 1);
  if (!w || w->type.rank() != *r) return im.fail(n, "the weight must have the input's rank");
  const Shape& xs = im.input(n, 0)->type.shape;
  Ints kernel(w->type.shape.begin() + 2, w->type.shape.end());
  if (auto ks = attr_ints(n, "kernel_shape"); !ks.empty() && ks != kernel)
    return im.fail(n, fmt::format("kernel_shape [{}] differs from the weight's [{}]",
                                  fmt::join(ks, ", "), fmt::join(kernel, ", ")));
  const size_t sp = kernel.size();
  Ints strides = attr_ints(n, "strides", Ints(sp, 1)), dil = attr_ints(n, "dilations", Ints(sp, 1));
  Ints pads = attr_ints(n, "pads", Ints(2 * sp, 0)),
       outpad = attr_ints(n, "output_padding", Ints(sp, 0));
  if (strides.size() != sp || dil.size() != sp || pads.size() != 2 * sp || outpad.size() != sp)
    return im.fail(n, "strides, pads, dilations or output_padding do not match the kernel");
  const std::string auto_pad = attr_str(n, "auto_pad", "NOTSET");
  Ints out_shape = attr_ints(n, "output_shape");
  if (out_shape.size() == sp + 2) out_shape.erase(out_shape.begin(), out_shape.begin() + 2);
  if (out_shape.empty() && (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER"))
    for (size_t k = 0; k < sp; ++k) out_shape.push_back(xs[2 + k] * strides[k]);
  if (auto_pad == "VALID") pads.assign(2 * sp, 0);
  if (!out_shape.empty()) {
    if (out_shape.size() != sp) return im.fail(n, "output_shape must give the spatial sizes");
    for (size_t k = 0; k < sp; ++k) {
      const int64_t total =
          strides[k] * (xs[2 + k] - 1) + outpad[k] + (kernel[k] - 1) * dil[k] + 1 - out_shape[k];
      if (total < 0) {
        pads[k] = pads[k + sp] = 0;
        outpad[k] += -total;
        continue;
      }
      const int64_t half = total / 2;
      pads[k] = auto_pad == "SAME_UPPER" ? half : total - half;
      pads[k + sp] = total - pads[k];
    }
  }
  Attrs a;
  a.set("strides", one_d ? lift(strides, 1, 1) : strides);
  a.set("padding", one_d ? lift(pads, 0, 2) : pads);
  a.set("dilation", one_d ? lift(dil, 1, 1) : dil);
  a.set("output_padding", one_d ? lift(outpad, 0, 1) : outpad);
  a.set("groups", attr_int(n, "group", 1));
  std::vector<NodeId> ins;
  for (int k = 0; k < 2; ++k) {
    auto id = lifted_input(im, n, k, one_d);
    if (!id) return false;
    ins.push_back(*id);
  }
  if (im.input(n, 2)) ins.push_back(im.node_of(n, 2));
  return bind_window_result(im, n, im.add(n, OpKind::Conv2dTranspose, ins, std::move(a), !one_d),
                            one_d);
}

bool pool(Importer& im, const NodeProto& n, OpKind op) {
  auto r = window_rank(im, n);
  if (!r) return false;
  const bool one_d = *r == 3;
  if (im.output_used(n, 1)) return im.fail(n, "the Indices output is not supported");
  if (attr_int(n, "storage_order", 0) != 0) return im.fail(n, "storage_order=1 is not supported");
  Ints kernel = attr_ints(n, "kernel_shape");
  if (kernel.size() != static_cast<size_t>(*r - 2))
    return im.fail(n, "kernel_shape must give one size per spatial dimension");
  auto win = read_window(im, n, im.input(n, 0)->type.shape, kernel);
  if (!win) return false;
  Attrs a;
  a.set("pool_size", one_d ? lift(kernel, 1, 1) : kernel);
  a.set("strides", one_d ? lift(win->strides, 1, 1) : win->strides);
  a.set("padding", one_d ? lift(win->pads, 0, 2) : win->pads);
  a.set("dilation", one_d ? lift(win->dilations, 1, 1) : win->dilations);
  a.set("ceil_mode", attr_int(n, "ceil_mode", 0));
  if (op == OpKind::AvgPool2d) a.set("count_include_pad", attr_int(n, "count_include_pad", 0));
  auto x = lifted_input(im, n, 0, one_d);
  if (!x) return false;
  return bind_window_result(im, n, im.add(n, op, {*x}, std::move(a), !one_d), one_d);
}

bool global_avg_pool(Importer& im, const NodeProto& n) {
  auto r = window_rank(im, n);
  if (!r) return false;
  auto x = lifted_input(im, n, 0, *r == 3);
  if (!x) return false;
  return bind_window_result(im, n, im.add(n, OpKind::GlobalAvgPool2d, {*x}, {}, *r == 4), *r == 3);
}

bool batch_norm(Importer& im, const NodeProto& n) {
  if (attr_int(n, "training_mode", 0) != 0)
    return im.fail(n, "training_mode=1 is not supported (inference only)");
  for (int k = 1; k < n.output_size(); ++k)
    if (im.output_used(n, k))
      return im.fail(n, "the running statistics outputs are training-only; not supported");
  if (im.input(n, 0)->type.rank() < 2) return im.fail(n, "the input needs rank >= 2");
  Attrs a;
  a.set("epsilon", attr_float(n, "epsilon", 1e-5));
  a.set("axis", int64_t{1});
  std::vector<NodeId> ins;
  for (int k = 0; k < 5; ++k) ins.push_back(im.node_of(n, k));
  return bind_result(im, n, im.add(n, OpKind::BatchNorm, ins, std::move(a)));
}

bool gemm(Importer& im, const NodeProto& n) {
  Attrs a;
  a.set("alpha", attr_float(n, "alpha", 1.0));
  a.set("beta", attr_float(n, "beta", 1.0));
  a.set("trans_a", attr_int(n, "transA", 0));
  a.set("trans_b", attr_int(n, "transB", 0));
  std::vector<NodeId> ins{im.node_of(n, 0), im.node_of(n, 1)};
  if (im.input(n, 2)) ins.push_back(im.node_of(n, 2));
  return bind_result(im, n, im.add(n, OpKind::Gemm, ins, std::move(a)));
}

bool matmul(Importer& im, const NodeProto& n) {
  // numpy semantics: a 1-D left operand is a row, a 1-D right one a column; the added
  // dimension is removed from the result.
  NodeId a = im.node_of(n, 0), b = im.node_of(n, 1);
  Shape sa = im.graph().node(a).type.shape, sb = im.graph().node(b).type.shape;
  const bool va = sa.size() == 1, vb = sb.size() == 1;
  if (va) {
    auto r = im.reshape(n, a, {1, sa[0]});
    if (!r) return false;
    a = *r;
  }
  if (vb) {
    auto r = im.reshape(n, b, {sb[0], 1});
    if (!r) return false;
    b = *r;
  }
  auto y = im.add(n, OpKind::MatMul, {a, b}, {}, !va && !vb);
  if (!y) return false;
  if (va || vb) {
    Shape s = im.graph().node(*y).type.shape;
    if (vb) s.pop_back();
    if (va) s.erase(s.end() - (vb ? 1 : 2));
    Attrs at;
    at.set("shape", s);
    y = im.add(n, OpKind::Reshape, {*y}, std::move(at));
    if (!y) return false;
  }
  im.bind(n, 0, *y);
  return true;
}

bool simple(Importer& im, const NodeProto& n, OpKind op, Attrs a = {}) {
  std::vector<NodeId> ins;
  for (int k = 0; k < n.input_size(); ++k) ins.push_back(im.node_of(n, k));
  return bind_result(im, n, im.add(n, op, ins, std::move(a)));
}

/// Min / Max: variadic in ONNX, a chain of binary IR nodes here.
bool min_max(Importer& im, const NodeProto& n, OpKind op) {
  NodeId acc = im.node_of(n, 0);
  if (n.input_size() == 1) {
    im.alias(n, 0, 0);
    return true;
  }
  for (int k = 1; k < n.input_size(); ++k) {
    auto y = im.add(n, op, {acc, im.node_of(n, k)}, {}, k + 1 == n.input_size());
    if (!y) return false;
    acc = *y;
  }
  im.bind(n, 0, acc);
  return true;
}

bool clip(Importer& im, const NodeProto& n) {
  // Absent bounds are float32's lowest / max, as the ONNX spec defines them.
  double lo = std::numeric_limits<float>::lowest(), hi = std::numeric_limits<float>::max();
  if (im.opset() < 11) {
    lo = attr_float(n, "min", lo);
    hi = attr_float(n, "max", hi);
  } else {
    for (int k : {1, 2}) {
      if (!im.input(n, k)) continue;
      auto v = im.known_floats(n, k, k == 1 ? "min" : "max");
      if (!v) return false;
      if (v->size() != 1) return im.fail(n, "min and max must be scalars");
      (k == 1 ? lo : hi) = (*v)[0];
    }
  }
  Attrs a;
  a.set("min", lo);
  a.set("max", hi);
  return bind_result(im, n, im.add(n, OpKind::Clip, {im.node_of(n, 0)}, std::move(a)));
}

bool reshape_op(Importer& im, const NodeProto& n) {
  auto target = im.known_ints(n, 1, "the shape");
  if (!target) return false;
  const Shape in = im.input(n, 0)->type.shape;
  auto s = reshape_target(in, *target, attr_int(n, "allowzero", 0) != 0);
  if (!s)
    return im.fail(
        n, fmt::format("cannot reshape {} to [{}]", shape_string(in), fmt::join(*target, ", ")));
  Attrs a;
  a.set("shape", *s);
  return bind_result(im, n, im.add(n, OpKind::Reshape, {im.node_of(n, 0)}, std::move(a)));
}

bool squeeze_like(Importer& im, const NodeProto& n, bool squeeze) {
  Ints axes = attr_ints(n, "axes");
  if (im.opset() >= 13 && im.input(n, 1)) {
    auto v = im.known_ints(n, 1, "axes");
    if (!v) return false;
    axes = *v;
  }
  const Shape in = im.input(n, 0)->type.shape;
  Attrs a;
  a.set("shape", squeeze ? squeezed(in, axes) : unsqueezed(in, axes));
  return bind_result(im, n, im.add(n, OpKind::Reshape, {im.node_of(n, 0)}, std::move(a)));
}

bool softmax(Importer& im, const NodeProto& n) {
  const int64_t r = im.input(n, 0)->type.rank();
  int64_t axis = attr_int(n, "axis", im.opset() < 13 ? 1 : -1);
  if (axis < 0) axis += r;
  if (axis < 0 || axis >= std::max<int64_t>(r, 1)) return im.fail(n, "axis out of range");
  Attrs a;
  a.set("axis", axis);
  if (im.opset() >= 13 || axis == r - 1) return simple(im, n, OpKind::Softmax, std::move(a));
  // Before opset 13 Softmax normalizes over all dimensions from `axis` on: the input
  // flattened to 2-D at `axis`, softmax over its second dimension, reshaped back.
  const Shape in = im.input(n, 0)->type.shape;
  int64_t outer = 1, inner = 1;
  for (int64_t k = 0; k < r; ++k) (k < axis ? outer : inner) *= in[static_cast<size_t>(k)];
  auto flat = im.reshape(n, im.node_of(n, 0), {outer, inner});
  if (!flat) return false;
  Attrs sa;
  sa.set("axis", int64_t{1});
  auto s = im.add(n, OpKind::Softmax, {*flat}, std::move(sa), false);
  if (!s) return false;
  Attrs ra;
  ra.set("shape", in);
  return bind_result(im, n, im.add(n, OpKind::Reshape, {*s}, std::move(ra)));
}

bool split(Importer& im, const NodeProto& n) {
  const Shape in = im.input(n, 0)->type.shape;
  const int64_t r = static_cast<int64_t>(in.size());
  int64_t axis = attr_int(n, "axis", 0);
  if (axis < 0) axis += r;
  if (axis < 0 || axis >= r) return im.fail(n, "axis out of range");
  Ints sizes = attr_ints(n, "split");
  if (im.opset() >= 13 && im.input(n, 1)) {
    auto v = im.known_ints(n, 1, "split");
    if (!v) return false;
    sizes = *v;
  }
  const int64_t dim = in[static_cast<size_t>(axis)], parts = n.output_size();
  const int64_t num_outputs = attr_int(n, "num_outputs", 0);  // opset 18
  if (sizes.empty() && num_outputs != 0) {
    if (num_outputs != parts)
      return im.fail(n, fmt::format("num_outputs is {} for {} outputs", num_outputs, parts));
    // Chunks of ceil(dim / parts), the last one smaller when dim does not divide.
    const int64_t chunk = (dim + parts - 1) / parts;
    if (chunk * (parts - 1) >= dim && parts > 1)
      return im.fail(
          n, fmt::format("cannot split {} into {} non-empty chunks of {}", dim, parts, chunk));
    sizes.assign(static_cast<size_t>(parts), chunk);
    sizes.back() = dim - chunk * (parts - 1);
  } else if (sizes.empty()) {
    if (dim % parts != 0)
      return im.fail(n, fmt::format("cannot split {} into {} equal parts", dim, parts));
    sizes.assign(static_cast<size_t>(parts), dim / parts);
  }
  if (static_cast<int64_t>(sizes.size()) != parts)
    return im.fail(n, fmt::format("{} sizes for {} outputs", sizes.size(), parts));
  for (int k = 0; k < n.output_size(); ++k) {
    if (n.output(k).empty()) continue;
    Attrs a;
    a.set("axis", axis);
    a.set("sizes", sizes);
    a.set("index", int64_t{k});
    NodeProto named = n;  // names the IR node after this output
    named.set_output(0, n.output(k));
    auto y = im.add(named, OpKind::Split, {im.node_of(n, 0)}, std::move(a));
    if (!y) return false;
    im.bind(n, k, *y);
  }
  return true;
}

bool dropout(Importer& im, const NodeProto& n) {
  if (im.output_used(n, 1)) return im.fail(n, "the mask output is not supported");
  if (im.opset() >= 12 && im.input(n, 2)) {
    auto t = im.known_ints(n, 2, "training_mode");
    if (!t) return false;
    if (!t->empty() && (*t)[0] != 0) return im.fail(n, "training_mode=true is not supported");
  }
  im.alias(n, 0, 0);
  return true;
}

// Cast of a value computed at run time: float32 to float32 is the value itself; int32 /
// int64 run-time data (token ids, a mask) to float32 is a cast node (ops.def), to its own
// type the value itself; to BOOL (an int or float mask for Where) the same node, read by
// where as `!= 0` (ops.def's where), so the boolean is never a tensor of the graph.
bool cast(Importer& im, const NodeProto& n) {
  const auto to = static_cast<int32_t>(attr_int(n, "to", onnx::TensorProto::FLOAT));
  const DType from = im.input(n, 0)->type.dtype;
  const bool run_time_data = from == DType::I64 || from == DType::I32;
  if (to == onnx::TensorProto::FLOAT && from == DType::F32) return im.alias(n, 0, 0), true;
  if (to == onnx::TensorProto::FLOAT && run_time_data)
    return bind_result(im, n, im.add(n, OpKind::Cast, {im.node_of(n, 0)}, {}));
  if (run_time_data && dtype_from_onnx(to) == from) return im.alias(n, 0, 0), true;
  if (to == onnx::TensorProto::BOOL && (run_time_data || from == DType::F32)) {
    im.bind_nonzero(n, 0, im.node_of(n, 0));
    return true;
  }
  const Value* b = im.input(n, 0);
  if (from == DType::Bool && b->run_time()) {
    if (to == onnx::TensorProto::BOOL) return im.alias(n, 0, 0), true;
    if (to == onnx::TensorProto::FLOAT) return bind_result(im, n, im.bool_as_float(n, *b));
  }
  return im.fail(n, fmt::format("cast of a value computed at run time from {} to {} is not "
                                "supported (float32 to float32; int64 / int32 to float32, to "
                                "their own type, or to bool for Where)",
                                dtype_name(from), onnx_dtype_name(to)));
}

bool constant(Importer& im, const NodeProto& n) {
  for (const auto& a : n.attribute()) {
    if (a.name() == "value") {
      auto t = tensor_from_proto(a.t());
      if (!t) return im.fail(n, t.error().message);
      im.bind_known(n, 0, std::move(*t));
      return true;
    }
    if (a.name() == "value_float") {
      im.bind_known(n, 0, Tensor::scalar(DType::F32, a.f()));
      return true;
    }
    if (a.name() == "value_int") {
      im.bind_known(n, 0, Tensor::scalar(DType::I64, static_cast<double>(a.i())));
      return true;
    }
    if (a.name() == "value_floats" || a.name() == "value_ints") {
      const bool f = a.name() == "value_floats";
      std::vector<double> v;
      if (f)
        for (float x : a.floats()) v.push_back(x);
      else
        for (int64_t x : a.ints()) v.push_back(static_cast<double>(x));
      const int64_t len = static_cast<int64_t>(v.size());
      im.bind_known(n, 0, Tensor::from_doubles({f ? DType::F32 : DType::I64, {len}}, v));
      return true;
    }
  }
  return im.fail(n, "only value, value_float(s) and value_int(s) constants are supported");
}

bool known_only(Importer& im, const NodeProto& n) {
  return im.fail(n,
                 "supported only on values known when the model is imported (shape "
                 "computations), not on values computed at run time");
}

/// Not of a run-time boolean (a mask's Cast to bool, or Equal with 0): the same data,
/// negated (Value::negated). Known values are folded before this is reached.
bool not_op(Importer& im, const NodeProto& n) {
  const Value* b = im.input(n, 0);
  if (!b || !b->run_time() || b->type.dtype != DType::Bool) return known_only(im, n);
  im.bind_nonzero(n, 0, b->id, !b->negated);
  return true;
}

/// Equal of a run-time value with zeros known at import (DistilBERT's `mask == 0`): the
/// run-time value's `== 0`, a negated boolean; with a run-time boolean, its Not. Other
/// comparisons of run-time values are not supported.
bool equal_op(Importer& im, const NodeProto& n) {
  for (int side : {0, 1}) {
    const Value* v = im.input(n, side);
    const Value* z = im.input(n, 1 - side);
    if (!v || !v->run_time() || !z || !z->known) continue;
    const std::vector<double> zs = z->known->to_doubles();
    const bool zeros = std::all_of(zs.begin(), zs.end(), [](double d) { return d == 0; });
    auto out = broadcast_shapes(v->type.shape, z->type.shape);
    if (!zeros || !out || *out != v->type.shape) break;
    const DType dt = v->type.dtype;
    if (dt == DType::Bool) {
      im.bind_nonzero(n, 0, v->id, !v->negated);
      return true;
    }
    if (dt == DType::I64 || dt == DType::I32 || dt == DType::F32) {
      im.bind_nonzero(n, 0, v->id, true);
      return true;
    }
  }
  return known_only(im, n);
}

constexpr const char* kImportTimeOnly[] = {
    "Shape",       "Range",   "ConstantOfShape", "Equal", "Less",
    "LessOrEqual", "Greater", "GreaterOrEqual",  "Not",   "And",
    "Or",          "Xor",     "Floor",           "Ceil",  "Round",
    "Trilu"};

using Converter = std::function<bool(Importer&, const NodeProto&)>;

const std::map<std::string, Converter>& converters() {
  static const std::map<std::string, Converter> table = [] {
    std::map<std::string, Converter> t;
    auto op = [](OpKind k) {
      return [k](Importer& im, const NodeProto& n) { return simple(im, n, k); };
    };
    t["Conv"] = conv;
    t["ConvTranspose"] = conv_transpose;
    t["BatchNormalization"] = batch_norm;
    t["Gemm"] = gemm;
    t["MatMul"] = matmul;
    t["Add"] = op(OpKind::Add);
    t["Sub"] = op(OpKind::Subtract);
    t["Mul"] = op(OpKind::Multiply);
    t["Div"] = op(OpKind::Divide);
    t["Min"] = [](Importer& im, const NodeProto& n) { return min_max(im, n, OpKind::Minimum); };
    t["Max"] = [](Importer& im, const NodeProto& n) { return min_max(im, n, OpKind::Maximum); };
    t["Neg"] = op(OpKind::Negative);
    t["Reciprocal"] = [](Importer& im, const NodeProto& n) {  // 1 / x, as the exporter writes rsqrt
      const NodeId one = im.constant(n, Tensor::scalar(im.input(n, 0)->type.dtype, 1.0));
      auto y = im.add(n, OpKind::Divide, {one, im.node_of(n, 0)}, {});
      if (!y) return false;
      im.bind(n, 0, *y);
      return true;
    };
    t["Sqrt"] = op(OpKind::Sqrt);
    t["Relu"] = op(OpKind::Relu);
    t["Sigmoid"] = op(OpKind::Sigmoid);
    t["HardSwish"] = op(OpKind::HardSwish);
    t["LeakyRelu"] = [](Importer& im, const NodeProto& n) {
      Attrs a;
      a.set("alpha", attr_float(n, "alpha", 0.01));
      return simple(im, n, OpKind::LeakyRelu, std::move(a));
    };
    t["HardSigmoid"] = [](Importer& im, const NodeProto& n) {
      Attrs a;
      a.set("alpha", attr_float(n, "alpha", 0.2));
      a.set("beta", attr_float(n, "beta", 0.5));
      return simple(im, n, OpKind::HardSigmoid, std::move(a));
    };
    t["Clip"] = clip;
    t["MaxPool"] = [](Importer& im, const NodeProto& n) { return pool(im, n, OpKind::MaxPool2d); };
    t["AveragePool"] = [](Importer& im, const NodeProto& n) {
      return pool(im, n, OpKind::AvgPool2d);
    };
    t["GlobalAveragePool"] = global_avg_pool;
    t["Reshape"] = reshape_op;
    t["Flatten"] = [](Importer& im, const NodeProto& n) {
      int64_t axis = attr_int(n, "axis", 1);
      if (axis < 0) axis += im.input(n, 0)->type.rank();
      Attrs a;
      a.set("axis", axis);
      return simple(im, n, OpKind::Flatten, std::move(a));
    };
    t["Transpose"] = [](Importer& im, const NodeProto& n) {
      Attrs a;
      a.set("perm", attr_ints(n, "perm"));
      return simple(im, n, OpKind::Transpose, std::move(a));
    };
    t["Concat"] = [](Importer& im, const NodeProto& n) {
      Attrs a;
      a.set("axis", attr_int(n, "axis", 0));
      return simple(im, n, OpKind::Concat, std::move(a));
    };
    t["Split"] = split;
    t["Softmax"] = softmax;
    t["Squeeze"] = [](Importer& im, const NodeProto& n) { return squeeze_like(im, n, true); };
    t["Unsqueeze"] = [](Importer& im, const NodeProto& n) { return squeeze_like(im, n, false); };
    t["Identity"] = [](Importer& im, const NodeProto& n) {
      im.alias(n, 0, 0);
      return true;
    };
    t["Dropout"] = dropout;
    t["Cast"] = cast;
    t["Constant"] = constant;
    for (const char* k : kImportTimeOnly) t[k] = known_only;
    t["Not"] = not_op;
    t["Equal"] = equal_op;
    add_math_converters(t);
    add_quant_converters(t);
    add_movement_converters(t);
    return t;
  }();
  return table;
}

}  // namespace

bool convert_node(Importer& im, const NodeProto& n) {
  const auto& t = converters();
  auto it = t.find(n.op_type());
  assert(it != t.end());
  return it->second(im, n);
}

const std::vector<std::string>& converter_ops() {
  static const std::vector<std::string> ops = [] {
    std::vector<std::string> v;
    for (const auto& [name, f] : converters()) v.push_back(name);
    return v;  // sorted: the map's order
  }();
  return ops;
}

bool import_time_only(const std::string& op) {
  for (const char* k : kImportTimeOnly)
    if (op == k) return true;
  return false;
}

int64_t converter_since(const std::string& op) {
  static const std::map<std::string, int64_t> since = {{"BatchNormalization", 7},
                                                       {"Gemm", 7},
                                                       {"Add", 7},
                                                       {"Sub", 7},
                                                       {"Mul", 7},
                                                       {"Div", 7},
                                                       {"Relu", 6},
                                                       {"LeakyRelu", 6},
                                                       {"Clip", 6},
                                                       {"HardSigmoid", 6},
                                                       {"Sigmoid", 6},
                                                       {"HardSwish", 14},
                                                       {"AveragePool", 7},
                                                       {"Reshape", 5},
                                                       {"Concat", 4},
                                                       {"Split", 2},
                                                       {"Dropout", 7},
                                                       {"Cast", 6},
                                                       {"Range", 11},
                                                       {"ConstantOfShape", 9},
                                                       {"Min", 8},
                                                       {"Max", 8},
                                                       {"Neg", 6},
                                                       {"Reciprocal", 6},
                                                       {"Sqrt", 6},
                                                       {"Equal", 7},
                                                       {"Less", 7},
                                                       {"Greater", 7},
                                                       {"LessOrEqual", 12},
                                                       {"GreaterOrEqual", 12},
                                                       {"And", 7},
                                                       {"Or", 7},
                                                       {"Xor", 7},
                                                       {"Trilu", 14},
                                                       {"Floor", 6},
                                                       {"Ceil", 6},
                                                       {"Round", 11}};
  if (const int64_t s = math_converter_since(op)) return s;
  if (const int64_t s = quant_converter_since(op)) return s;
  if (const int64_t s = movement_converter_since(op)) return s;
  auto it = since.find(op);
  return it == since.end() ? 1 : it->second;
}

}  // namespace vf::onnx_io
