// ONNX operators to IR nodes, one converter each (opsets 9 to 18). The IR's operators
// and their exact semantics are in ir/ops.def and semantics/; where ONNX and the IR
// differ, the converter adapts the ONNX node (1-D windows lifted to 2-D, Softmax before
// opset 13 flattened, Slice as split, Unsqueeze as reshape, Gather / Where / Pad edge and
// reflect as gathers of rows, Expand and Tile as concats, linear Resize as the Relay importer's
// bilinear blend), or reports it. The same converters build the scratch graphs that
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

/// Binds output 0 to `y`, reshaped back to rank 3 when the node was lifted from 1-D.
bool bind_window_result(Importer& im, const NodeProto& n, std::optional<NodeId> y, bool one_d) {
  if (!y) return false;
  if (one_d) {
    Shape s = im.graph().node(*y).type.shape;
    s.erase(s.begin() + 2);
    Attrs a;
    a.set("shape", s);
    y = im.add(n, OpKind::Reshape, {*y}, std::move(a));
    if (!y) return false;
  }
  im.bind(n, 0, *y);
  return true;
}

/// Binds output 0 of `n` to `y`; false when the node was not added (already reported).
bool bind_result(Importer& im, const NodeProto& n, std::optional<NodeId> y) {
  if (!y) return false;
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

/// The rows of axis `axis` of `x` picked by `rows` (source index of each output row): x seen
/// as [outer, 1, len, inner] and gathered by one resize_nearest (a movement), as the Relay
/// importer gathers strided slices.
std::optional<NodeId> gather_rows(Importer& im, const NodeProto& n, NodeId x, size_t axis,
                                  const Ints& rows, bool final_node,
                                  std::optional<Shape> result_shape = std::nullopt) {
  const Shape xs = im.graph().node(x).type.shape;
  int64_t outer = 1, inner = 1;
  for (size_t k = 0; k < xs.size(); ++k)
    if (k != axis) (k < axis ? outer : inner) *= xs[k];
  if (rows.empty() || outer == 0 || inner == 0)
    return im.fail(n, "the result has no elements"), std::nullopt;
  if (inner > limits::kMaxFoldElements ||
      static_cast<int64_t>(rows.size()) > limits::kMaxFoldElements)
    return im.fail(n, fmt::format("a gather of {} rows of {} elements is above the importer's "
                                  "limit of {} indices",
                                  rows.size(), inner, limits::kMaxFoldElements)),
           std::nullopt;
  Shape out = xs;
  out[axis] = static_cast<int64_t>(rows.size());
  if (result_shape) out = *result_shape;  // the same elements in another shape
  auto x4 = im.reshape(n, x, {outer, 1, xs[axis], inner});
  if (!x4) return std::nullopt;
  Ints cols;
  for (int64_t j = 0; j < inner; ++j) cols.push_back(j);
  Attrs a;
  a.set("rows", rows);
  a.set("cols", cols);
  auto g = im.add(n, OpKind::ResizeNearest, {*x4}, std::move(a),
                  final_node && out == Shape{outer, 1, static_cast<int64_t>(rows.size()), inner});
  if (!g) return std::nullopt;
  if (im.graph().node(*g).type.shape == out) return g;
  Attrs ra;
  ra.set("shape", out);
  return im.add(n, OpKind::Reshape, {*g}, std::move(ra), final_node);
}

/// Pad in `edge` or `reflect` mode: every output element is one input element, so each
/// padded axis is one gather of rows (the clamped or mirrored source index).
bool pad_gather(Importer& im, const NodeProto& n, const std::string& mode, const Ints& pads) {
  NodeId x = im.node_of(n, 0);
  const Shape xs = im.graph().node(x).type.shape;
  const size_t r = xs.size();
  // The source index of every output position along each axis.
  std::vector<Ints> src(r);
  size_t last = r;
  for (size_t k = 0; k < r; ++k) {
    const int64_t b = pads[k], e = pads[k + r], len = xs[k];
    if (b == 0 && e == 0) continue;
    last = k;
    if (len == 0) return im.fail(n, fmt::format("axis {} is empty: nothing to pad from", k));
    if (mode == "reflect" && len > 1 && (b >= len || e >= len))
      return im.fail(n, fmt::format("reflect pads {} and {} on axis {} of size {}: each must be "
                                    "smaller than the size",
                                    b, e, k, len));
    if (b + len + e > limits::kMaxFoldElements)
      return im.fail(n, fmt::format("axis {} padded to {} positions, above the importer's limit "
                                    "of {}",
                                    k, b + len + e, limits::kMaxFoldElements));
    for (int64_t i = -b; i < len + e; ++i) {
      int64_t j = i;
      if (mode == "edge" || len == 1) {
        j = std::clamp<int64_t>(i, 0, len - 1);
      } else {  // reflect, the edge not repeated: -1 -> 1, len -> len - 2
        if (j < 0) j = -j;
        if (j >= len) j = 2 * (len - 1) - j;
      }
      src[k].push_back(j);
    }
  }
  if (last == r) {
    im.alias(n, 0, 0);
    return true;
  }
  // NCHW padded on H and W only (the common case): one resize_nearest with both maps.
  if (r == 4 && src[0].empty() && src[1].empty()) {
    auto iota = [](int64_t len) {
      Ints v;
      for (int64_t i = 0; i < len; ++i) v.push_back(i);
      return v;
    };
    Attrs a;
    a.set("rows", src[2].empty() ? iota(xs[2]) : src[2]);
    a.set("cols", src[3].empty() ? iota(xs[3]) : src[3]);
    return bind_result(im, n, im.add(n, OpKind::ResizeNearest, {x}, std::move(a)));
  }
  for (size_t k = 0; k <= last; ++k) {
    if (src[k].empty()) continue;
    auto y = gather_rows(im, n, x, k, src[k], k == last);
    if (!y) return false;
    x = *y;
  }
  im.bind(n, 0, x);
  return true;
}

/// An opset-18 `axes` list of a rank-`r` tensor as positions (negative entries counted
/// from the end), each axis at most once; nullopt after reporting the first entry out of
/// range or repeated.
std::optional<std::vector<size_t>> distinct_axes(Importer& im, const NodeProto& n, const Ints& axes,
                                                 int64_t r) {
  std::vector<size_t> out;
  std::vector<bool> seen(static_cast<size_t>(r), false);
  for (int64_t e : axes) {
    const int64_t a = norm_axis(e, r);
    if (a < 0 || a >= r || seen[static_cast<size_t>(a)])
      return im.fail(n, fmt::format("axes entry {} is out of range or repeated", e)), std::nullopt;
    seen[static_cast<size_t>(a)] = true;
    out.push_back(static_cast<size_t>(a));
  }
  return out;
}

bool pad(Importer& im, const NodeProto& n) {
  const std::string mode = attr_str(n, "mode", "constant");
  if (mode != "constant" && mode != "edge" && mode != "reflect")
    return im.fail(n, fmt::format("unknown mode '{}' (constant, edge or reflect)", mode));
  Ints pads;
  double value = 0;
  if (im.opset() < 11) {
    pads = attr_ints(n, "pads");
    value = attr_float(n, "value", 0);
  } else {
    auto p = im.known_ints(n, 1, "pads");
    if (!p) return false;
    pads = *p;
    if (im.input(n, 3)) {  // opset 18: pads for these axes only (begins, then ends)
      auto ax = im.known_ints(n, 3, "axes");
      if (!ax) return false;
      const auto r = static_cast<int64_t>(im.input(n, 0)->type.rank());
      if (pads.size() != 2 * ax->size())
        return im.fail(n, fmt::format("pads has {} entries for {} axes", pads.size(), ax->size()));
      const auto axes = distinct_axes(im, n, *ax, r);
      if (!axes) return false;
      Ints full(static_cast<size_t>(2 * r), 0);
      for (size_t k = 0; k < axes->size(); ++k) {
        full[(*axes)[k]] = pads[k];
        full[(*axes)[k] + static_cast<size_t>(r)] = pads[k + axes->size()];
      }
      pads = std::move(full);
    }
    if (im.input(n, 2)) {
      auto v = im.known_floats(n, 2, "constant_value");
      if (!v) return false;
      if (v->size() != 1) return im.fail(n, "constant_value must be a scalar");
      value = (*v)[0];
    }
  }
  const auto rank = static_cast<size_t>(im.input(n, 0)->type.rank());
  if (pads.size() != 2 * rank)
    return im.fail(n, fmt::format("pads has {} entries; the input of rank {} needs {}", pads.size(),
                                  rank, 2 * rank));
  for (int64_t p : pads)
    if (p < 0) return im.fail(n, "negative pads (cropping) are not supported");
  if (mode != "constant") return pad_gather(im, n, mode, pads);
  Attrs a;
  a.set("pads", pads);
  a.set("value", value);
  return bind_result(im, n, im.add(n, OpKind::Pad, {im.node_of(n, 0)}, std::move(a)));
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

/// Slice: per sliced axis, one split when the step is 1, else one gather of the rows
/// start, start + step, ... (ONNX's clamping, negative steps walking backwards).
bool slice(Importer& im, const NodeProto& n) {
  Ints starts, ends, axes, steps;
  if (im.opset() < 10) {
    starts = attr_ints(n, "starts");
    ends = attr_ints(n, "ends");
    axes = attr_ints(n, "axes");
  } else {
    auto s = im.known_ints(n, 1, "starts");
    auto e = im.known_ints(n, 2, "ends");
    if (!s || !e) return false;
    starts = *s;
    ends = *e;
    if (im.input(n, 3)) {
      auto v = im.known_ints(n, 3, "axes");
      if (!v) return false;
      axes = *v;
    }
    if (im.input(n, 4)) {
      auto v = im.known_ints(n, 4, "steps");
      if (!v) return false;
      steps = *v;
    }
  }
  if (axes.empty())
    for (size_t k = 0; k < starts.size(); ++k) axes.push_back(static_cast<int64_t>(k));
  if (steps.empty()) steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() || steps.size() != starts.size())
    return im.fail(n, fmt::format("{} starts, {} ends, {} axes and {} steps: they must match",
                                  starts.size(), ends.size(), axes.size(), steps.size()));
  NodeId x = im.node_of(n, 0);
  const Shape xs = im.graph().node(x).type.shape;
  const int64_t r = static_cast<int64_t>(xs.size());
  // Per sliced axis: its start and step (1: a split) or its rows (another step).
  struct Cut {
    int64_t axis = 0, begin = 0, end = 0;
    Ints rows;  ///< empty for step 1
  };
  std::vector<Cut> cuts;
  bool nchw_hw = r == 4;
  for (size_t k = 0; k < axes.size(); ++k) {
    const int64_t a = axes[k] < 0 ? axes[k] + r : axes[k];
    if (a < 0 || a >= r) return im.fail(n, fmt::format("axis {} out of range", axes[k]));
    for (const Cut& c : cuts)
      if (c.axis == a) return im.fail(n, fmt::format("axis {} sliced twice", a));
    const int64_t dim = xs[static_cast<size_t>(a)], st = steps[k];
    if (st == 0) return im.fail(n, fmt::format("step 0 on axis {}", a));
    int64_t b = starts[k] < 0 ? starts[k] + dim : starts[k];
    int64_t e = ends[k] < 0 ? ends[k] + dim : ends[k];
    Cut c{a, 0, 0, {}};
    if (st == 1) {
      c.begin = std::clamp<int64_t>(b, 0, dim);
      c.end = std::clamp<int64_t>(e, c.begin, dim);
    } else {
      // ceil(|e - b| / |step|) rows, counted without overflow for any step.
      int64_t count = 0;
      if (st > 0) {
        b = std::clamp<int64_t>(b, 0, dim);
        e = std::clamp<int64_t>(e, 0, dim);
        count = e > b ? (e - b - 1) / st + 1 : 0;
      } else {
        b = std::clamp<int64_t>(b, 0, dim - 1);
        e = std::clamp<int64_t>(e, -1, dim - 1);
        const uint64_t back = st == std::numeric_limits<int64_t>::min()
                                  ? uint64_t{1} << 63
                                  : static_cast<uint64_t>(-st);
        count = b > e ? static_cast<int64_t>(static_cast<uint64_t>(b - e - 1) / back) + 1 : 0;
      }
      if (count == 0) return im.fail(n, fmt::format("the slice of axis {} is empty", a));
      if (count > limits::kMaxFoldElements)
        return im.fail(n, fmt::format("the slice of axis {} takes {} rows, above the importer's "
                                      "limit of {}",
                                      a, count, limits::kMaxFoldElements));
      for (int64_t j = 0; j < count; ++j) c.rows.push_back(b + j * st);
    }
    nchw_hw = nchw_hw && a >= 2;
    cuts.push_back(std::move(c));
  }
  // NCHW cut on H and W only, with a step other than 1 (a YOLO focus stem): one
  // resize_nearest with both maps.
  bool any_step = false;
  for (const Cut& c : cuts) any_step = any_step || !c.rows.empty();
  if (nchw_hw && any_step) {
    std::vector<Ints> maps(2);
    for (size_t k = 0; k < 2; ++k)
      for (int64_t i = 0; i < xs[k + 2]; ++i) maps[k].push_back(i);
    for (const Cut& c : cuts) {
      Ints& m = maps[static_cast<size_t>(c.axis - 2)];
      if (!c.rows.empty()) {
        m = c.rows;
      } else if (c.end > c.begin) {
        m = Ints(m.begin() + c.begin, m.begin() + c.end);
      } else {
        return im.fail(n, fmt::format("the slice of axis {} is empty", c.axis));
      }
    }
    Attrs at;
    at.set("rows", maps[0]);
    at.set("cols", maps[1]);
    return bind_result(im, n, im.add(n, OpKind::ResizeNearest, {x}, std::move(at)));
  }
  for (size_t k = 0; k < cuts.size(); ++k) {
    const Cut& c = cuts[k];
    const bool last = k + 1 == cuts.size();
    std::optional<NodeId> y;
    if (c.rows.empty()) {
      const int64_t dim = xs[static_cast<size_t>(c.axis)];
      Attrs at;
      at.set("axis", c.axis);
      at.set("sizes", Ints{c.begin, c.end - c.begin, dim - c.end});
      at.set("index", int64_t{1});
      y = im.add(n, OpKind::Split, {x}, std::move(at), last);
    } else {
      y = gather_rows(im, n, x, static_cast<size_t>(c.axis), c.rows, last);
    }
    if (!y) return false;
    x = *y;
  }
  im.bind(n, 0, x);
  return true;
}

/// Resize / Upsample in linear mode on H and W: the Relay importer's bilinear resize
/// (relay::build_bilinear, the coordinates of relay::linear_axis with ONNX's scales).
bool resize_linear(Importer& im, const NodeProto& n, const Shape& in, const Shape& out,
                   const std::vector<double>& scales, const std::string& ctm, bool from_sizes) {
  const auto mode = relay::parse_coord_mode(ctm);
  if (!mode)
    return im.fail(n, fmt::format("coordinate_transformation_mode '{}' is not supported in "
                                  "linear mode",
                                  ctm));
  std::vector<relay::LinearAxis> axes;
  for (size_t k = 2; k < 4; ++k) {
    // With sizes the scale is out / in (the spec), computed here as the spec does.
    const double s =
        from_sizes ? static_cast<double>(out[k]) / static_cast<double>(in[k]) : scales[k];
    auto a = relay::linear_axis(in[k], out[k], *mode, s);
    if (!a) return im.fail(n, fmt::format("axis {}: {}", k, a.error().message));
    axes.push_back(std::move(*a));
  }
  NodeId x = im.node_of(n, 0);
  return bind_result(
      im, n,
      relay::build_bilinear(
          x, axes[0], axes[1],
          [&](OpKind op, std::vector<NodeId> ins, Attrs a, std::string_view, bool last) {
            return im.add(n, op, std::move(ins), std::move(a), last);
          },
          [&](Shape shape, const std::vector<float>& v, std::string_view) {
            return im.constant(n, Tensor::from_floats(std::move(shape), v));
          }));
}

/// Resize / Upsample in nearest mode on H and W: the ONNX coordinate mapping is evaluated
/// for every output row and column of the static shape; the IR's upsampling when it is
/// floor(o / s) with an integer s, else resize_nearest with the source indices.
bool resize(Importer& im, const NodeProto& n) {
  const std::string mode = attr_str(n, "mode", "nearest");
  if (mode != "nearest" && mode != "linear")
    return im.fail(n,
                   fmt::format("mode '{}' is not supported (only 'nearest' and 'linear')", mode));
  const Shape in = im.input(n, 0)->type.shape;
  if (in.size() != 4) return im.fail(n, "only 4-D (NCHW) inputs are supported");
  std::vector<double> scales;
  Ints sizes;
  const int scales_input = im.opset() < 11 || n.op_type() == "Upsample" ? 1 : 2;
  if (im.input(n, 3)) {
    auto v = im.known_ints(n, 3, "sizes");
    if (!v) return false;
    sizes = *v;
  }
  if (sizes.empty() && scales.empty()) {
    auto v = im.known_floats(n, scales_input, "scales");
    if (!v) return false;
    scales = *v;
  }
  // Opset 18: scales / sizes may name only some axes (the others keep scale 1).
  const Ints axes = attr_ints(n, "axes");
  std::vector<bool> listed(4, axes.empty());
  if (!axes.empty()) {
    const size_t given = sizes.empty() ? scales.size() : sizes.size();
    if (given != axes.size())
      return im.fail(n, fmt::format("{} {} for {} axes", given, sizes.empty() ? "scales" : "sizes",
                                    axes.size()));
    const auto positions = distinct_axes(im, n, axes, 4);
    if (!positions) return false;
    std::vector<double> full_scales(4, 1.0);
    Ints full_sizes(in);
    for (size_t k = 0; k < positions->size(); ++k) {
      const size_t a = (*positions)[k];
      listed[a] = true;
      if (sizes.empty())
        full_scales[a] = scales[k];
      else
        full_sizes[a] = sizes[k];
    }
    if (sizes.empty())
      scales = std::move(full_scales);
    else
      sizes = std::move(full_sizes);
  }
  Shape out = in;
  if (!sizes.empty()) {
    if (sizes.size() != 4) return im.fail(n, "sizes must have 4 entries");
    out = sizes;
    scales.clear();
    for (size_t k = 0; k < 4; ++k)
      scales.push_back(static_cast<double>(out[k]) / static_cast<double>(in[k]));
    // Opset 18: one scale for every axis, the output rounded from it (as the spec's
    // reference computes it: round half to even).
    const std::string policy = attr_str(n, "keep_aspect_ratio_policy", "stretch");
    if (policy == "not_larger" || policy == "not_smaller") {
      double common = policy == "not_larger" ? INFINITY : 0;
      for (size_t k = 0; k < 4; ++k)
        if (listed[k])
          common =
              policy == "not_larger" ? std::min(common, scales[k]) : std::max(common, scales[k]);
      for (size_t k = 0; k < 4; ++k)
        if (listed[k]) {
          scales[k] = common;
          out[k] = static_cast<int64_t>(std::nearbyint(common * static_cast<double>(in[k])));
        }
    } else if (policy != "stretch") {
      return im.fail(n, fmt::format("keep_aspect_ratio_policy '{}' is not one of stretch, "
                                    "not_larger, not_smaller",
                                    policy));
    }
  } else {
    if (scales.size() != 4) return im.fail(n, "scales must have 4 entries");
    for (size_t k = 0; k < 4; ++k) {  // saturated: a huge or NaN scale is refused below
      const double v = std::floor(static_cast<double>(in[k]) * scales[k]);
      out[k] = v >= 0x1p62 ? int64_t{1} << 62 : v >= 0 ? static_cast<int64_t>(v) : 0;
    }
  }
  if (out[0] != in[0] || out[1] != in[1]) return im.fail(n, "only H and W may be resized");
  for (size_t k = 2; k < 4; ++k)
    if (!(in[k] >= 1 && out[k] >= 1 && out[k] <= limits::kMaxFoldElements))
      return im.fail(n, fmt::format("axis {} resized from {} to {} positions; the importer "
                                    "takes 1 to {}",
                                    k, in[k], out[k], limits::kMaxFoldElements));
  if (attr_int(n, "antialias", 0) != 0 && mode == "linear" && (out[2] < in[2] || out[3] < in[3]))
    return im.fail(n, "antialias (a filter when downscaling, opset 18) is not supported");
  const std::string ctm =
      attr_str(n, "coordinate_transformation_mode", im.opset() < 11 ? "asymmetric" : "half_pixel");
  if (mode == "linear") return resize_linear(im, n, in, out, scales, ctm, !sizes.empty());
  const std::string nearest =
      attr_str(n, "nearest_mode", im.opset() < 11 ? "floor" : "round_prefer_floor");
  // The source index of every output row and column, by the spec's formulas.
  std::vector<Ints> index(2);
  bool integer_upsampling = true;
  for (size_t k = 2; k < 4; ++k) {
    const double s = scales[k], len_in = static_cast<double>(in[k]);
    if (!(s > 0) || out[k] < 1)
      return im.fail(n, fmt::format("scale {} on axis {} gives no output", s, k));
    integer_upsampling = integer_upsampling && s >= 1 && std::floor(s) == s;
    for (int64_t o = 0; o < out[k]; ++o) {
      const double x = static_cast<double>(o);
      double src = 0;
      if (ctm == "half_pixel" || (ctm == "pytorch_half_pixel" && out[k] > 1))
        src = (x + 0.5) / s - 0.5;
      else if (ctm == "pytorch_half_pixel")
        src = 0;
      else if (ctm == "asymmetric")
        src = x / s;
      else if (ctm == "tf_half_pixel_for_nn")
        src = (x + 0.5) / s;
      else if (ctm == "align_corners")
        src = out[k] == 1 ? 0 : x * (len_in - 1) / static_cast<double>(out[k] - 1);
      else
        return im.fail(n, fmt::format("coordinate_transformation_mode '{}' is not supported", ctm));
      double idx;
      const double frac = src - std::floor(src);
      if (nearest == "floor")
        idx = std::floor(src);
      else if (nearest == "ceil")
        idx = std::ceil(src);
      else if (nearest == "round_prefer_floor")
        idx = frac == 0.5 ? std::floor(src) : std::round(src);
      else if (nearest == "round_prefer_ceil")
        idx = frac == 0.5 ? std::ceil(src) : std::round(src);
      else
        return im.fail(n, fmt::format("nearest_mode '{}' is not supported", nearest));
      const int64_t i = static_cast<int64_t>(std::clamp(idx, 0.0, len_in - 1));
      index[k - 2].push_back(i);
      if (integer_upsampling && i != upsampling_source(o, s, in[k])) integer_upsampling = false;
    }
  }
  // Integer upsampling with the floor(o / s) mapping is the IR's upsampling (which the
  // rules know); anything else is an explicit gather of rows and columns.
  Attrs a;
  OpKind op = OpKind::Upsampling;
  if (integer_upsampling) {
    a.set("scale_h", scales[2]);
    a.set("scale_w", scales[3]);
  } else {
    op = OpKind::ResizeNearest;
    a.set("rows", index[0]);
    a.set("cols", index[1]);
  }
  return bind_result(im, n, im.add(n, op, {im.node_of(n, 0)}, std::move(a)));
}

/// Every element of `out_shape` read from flat position `src[i]` of `x`: one gather of
/// rows of x flattened, reshaped to out_shape.
std::optional<NodeId> gather_flat(Importer& im, const NodeProto& n, NodeId x, const Ints& src,
                                  const Shape& out_shape) {
  auto flat = im.reshape(n, x, {num_elements(im.graph().node(x).type.shape)});
  if (!flat) return std::nullopt;
  return gather_rows(im, n, *flat, 0, src, true, out_shape);
}

/// x broadcast to `out` (numpy's rules, `out` already the broadcast shape): the rank raised
/// by a reshape, then each size-1 axis that grows repeated by a concat of copies.
std::optional<NodeId> broadcast_to(Importer& im, const NodeProto& n, NodeId x, const Shape& out) {
  Shape s = im.graph().node(x).type.shape;
  s.insert(s.begin(), out.size() - s.size(), 1);
  auto y = im.reshape(n, x, s);
  for (size_t k = 0; y && k < out.size(); ++k) {
    if (s[k] == out[k]) continue;
    if (s[k] != 1)
      return im.fail(n,
                     fmt::format("cannot broadcast {} to {}", shape_string(s), shape_string(out))),
             std::nullopt;
    if (out[k] > limits::kMaxFoldElements)
      return im.fail(n, fmt::format("broadcasting axis {} to {} copies is above the importer's "
                                    "limit of {}",
                                    k, out[k], limits::kMaxFoldElements)),
             std::nullopt;
    Attrs a;
    a.set("axis", static_cast<int64_t>(k));
    y = im.add(n, OpKind::Concat, std::vector<NodeId>(static_cast<size_t>(out[k]), *y),
               std::move(a), false);
  }
  return y;
}

/// Gather with indices known at import: the rows along `axis` picked by one gather of rows
/// (a movement), reshaped to ONNX's result shape (the indices' shape in place of the axis).
bool gather(Importer& im, const NodeProto& n) {
  const Shape xs = im.input(n, 0)->type.shape;
  const int64_t r = static_cast<int64_t>(xs.size());
  const int64_t axis =
      attr_int(n, "axis", 0) < 0 ? attr_int(n, "axis", 0) + r : attr_int(n, "axis", 0);
  if (axis < 0 || axis >= r)
    return im.fail(n, fmt::format("axis {} out of range for rank {}", attr_int(n, "axis", 0), r));
  auto idx = im.known_ints(n, 1, "indices");
  if (!idx) return false;
  const int64_t len = xs[static_cast<size_t>(axis)];
  for (int64_t& i : *idx) {
    if (i < -len || i >= len)
      return im.fail(n, fmt::format("index {} out of range for axis {} of size {}", i, axis, len));
    if (i < 0) i += len;
  }
  const Shape& is = im.input(n, 1)->type.shape;
  Shape out(xs.begin(), xs.begin() + axis);
  out.insert(out.end(), is.begin(), is.end());
  out.insert(out.end(), xs.begin() + axis + 1, xs.end());
  return bind_result(
      im, n, gather_rows(im, n, im.node_of(n, 0), static_cast<size_t>(axis), *idx, true, out));
}

/// Expand: numpy broadcasting of x and the known shape (either may be larger).
bool expand(Importer& im, const NodeProto& n) {
  auto target = im.known_ints(n, 1, "shape");
  if (!target) return false;
  const Shape xs = im.input(n, 0)->type.shape;
  for (int64_t d : *target)
    if (d < 0) return im.fail(n, fmt::format("negative dimension {} in the shape", d));
  auto out = broadcast_shapes(xs, *target);
  if (!out)
    return im.fail(n, fmt::format("shape [{}] does not broadcast with the input's {}",
                                  fmt::join(*target, ", "), shape_string(xs)));
  const auto count = limits::checked_num_elements(*out);
  if (!count)
    return im.fail(n, fmt::format("the result {} has more than {} elements", shape_string(*out),
                                  limits::kMaxTensorElements));
  if (*count == 0) return im.fail(n, "the result has no elements");
  return bind_result(im, n, broadcast_to(im, n, im.node_of(n, 0), *out));
}

/// Tile with repeats known at import: each repeated axis a concat of copies (exact).
bool tile(Importer& im, const NodeProto& n) {
  auto reps = im.known_ints(n, 1, "repeats");
  if (!reps) return false;
  NodeId x = im.node_of(n, 0);
  const Shape xs = im.graph().node(x).type.shape;
  if (reps->size() != xs.size())
    return im.fail(n, fmt::format("{} repeats for an input of rank {}", reps->size(), xs.size()));
  size_t last = xs.size();
  for (size_t k = 0; k < xs.size(); ++k) {
    const int64_t rep = (*reps)[k];
    if (rep < 1 || rep > limits::kMaxFoldElements)
      return im.fail(n, fmt::format("repeat {} on axis {}; the importer takes 1 to {}", rep, k,
                                    limits::kMaxFoldElements));
    if (rep > 1) last = k;
  }
  if (last == xs.size()) {
    im.alias(n, 0, 0);
    return true;
  }
  for (size_t k = 0; k <= last; ++k) {
    const auto rep = static_cast<size_t>((*reps)[k]);
    if (rep == 1) continue;
    Attrs a;
    a.set("axis", static_cast<int64_t>(k));
    auto y = im.add(n, OpKind::Concat, std::vector<NodeId>(rep, x), std::move(a), k == last);
    if (!y) return false;
    x = *y;
  }
  im.bind(n, 0, x);
  return true;
}

/// Where with a condition known at import: x and y broadcast to the result, then every
/// element taken from one of them by one flat gather (a movement: no arithmetic, so
/// infinities and NaNs pass unchanged).
bool where(Importer& im, const NodeProto& n) {
  const Value* c = im.input(n, 0);
  auto cond = im.known_ints(n, 0, "the condition");
  if (!cond) return false;
  const Shape xs = im.input(n, 1)->type.shape, ys = im.input(n, 2)->type.shape;
  auto xy = broadcast_shapes(xs, ys);
  auto out = xy ? broadcast_shapes(c->type.shape, *xy) : std::nullopt;
  if (!out)
    return im.fail(n, fmt::format("shapes {}, {} and {} do not broadcast",
                                  shape_string(c->type.shape), shape_string(xs), shape_string(ys)));
  const int64_t total = limits::checked_num_elements(*out).value_or(limits::kMaxTensorElements);
  if (total == 0) return im.fail(n, "the result has no elements");
  if (total > limits::kMaxFoldElements)
    return im.fail(n, fmt::format("the result {} has more than {} elements, the importer's limit "
                                  "of a selection by a known condition",
                                  shape_string(*out), limits::kMaxFoldElements));
  auto bx = broadcast_to(im, n, im.node_of(n, 1), *out);
  if (!bx) return false;
  auto by = broadcast_to(im, n, im.node_of(n, 2), *out);
  if (!by) return false;
  const auto cst = broadcast_strides(c->type.shape, out->size());
  Ints src;
  bool any_x = false, any_y = false;
  std::vector<int64_t> idx(out->size(), 0);
  for (int64_t i = 0; i < total; ++i) {
    const bool take_x = (*cond)[static_cast<size_t>(offset_of(idx.data(), cst))] != 0;
    (take_x ? any_x : any_y) = true;
    src.push_back(take_x ? i : total + i);
    for (size_t k = out->size(); k-- > 0;) {
      if (++idx[k] < (*out)[k]) break;
      idx[k] = 0;
    }
  }
  if (!any_y) return bind_result(im, n, bx);  // the condition is all true
  if (!any_x) return bind_result(im, n, by);
  Attrs a;
  a.set("axis", int64_t{0});
  auto both = im.add(n, OpKind::Concat, {*bx, *by}, std::move(a), false);
  if (!both) return false;
  return bind_result(im, n, gather_flat(im, n, *both, src, *out));
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

bool cast(Importer& im, const NodeProto& n) {
  const auto to = static_cast<int32_t>(attr_int(n, "to", onnx::TensorProto::FLOAT));
  if (to != onnx::TensorProto::FLOAT || im.input(n, 0)->type.dtype != DType::F32)
    return im.fail(n, fmt::format("cast of a value computed at run time from {} to {} is not "
                                  "supported (only float32 to float32)",
                                  dtype_name(im.input(n, 0)->type.dtype), onnx_dtype_name(to)));
  im.alias(n, 0, 0);
  return true;
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

constexpr const char* kImportTimeOnly[] = {
    "Shape", "Range", "ConstantOfShape", "Equal", "Less", "Greater", "Not",
    "And",   "Or",    "Floor",           "Ceil",  "Round"};

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
    t["Pad"] = pad;
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
    t["Slice"] = slice;
    t["Softmax"] = softmax;
    t["Squeeze"] = [](Importer& im, const NodeProto& n) { return squeeze_like(im, n, true); };
    t["Unsqueeze"] = [](Importer& im, const NodeProto& n) { return squeeze_like(im, n, false); };
    t["Resize"] = resize;
    t["Upsample"] = resize;
    t["Identity"] = [](Importer& im, const NodeProto& n) {
      im.alias(n, 0, 0);
      return true;
    };
    t["Dropout"] = dropout;
    t["Gather"] = gather;
    t["Expand"] = expand;
    t["Where"] = where;
    t["Tile"] = tile;
    t["Cast"] = cast;
    t["Constant"] = constant;
    for (const char* k : kImportTimeOnly) t[k] = known_only;
    add_math_converters(t);
    add_quant_converters(t);
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
                                                       {"Pad", 2},
                                                       {"Reshape", 5},
                                                       {"Concat", 4},
                                                       {"Split", 2},
                                                       {"Resize", 10},
                                                       {"Upsample", 9},
                                                       {"Dropout", 7},
                                                       {"Cast", 6},
                                                       {"Range", 11},
                                                       {"ConstantOfShape", 9},
                                                       {"Min", 8},
                                                       {"Max", 8},
                                                       {"Neg", 6},
                                                       {"Reciprocal", 6},
                                                       {"Sqrt", 6},
                                                       {"Slice", 1},
                                                       {"Expand", 8},
                                                       {"Tile", 6},
                                                       {"Where", 9},
                                                       {"Equal", 7},
                                                       {"Less", 7},
                                                       {"Greater", 7},
                                                       {"And", 7},
                                                       {"Or", 7},
                                                       {"Floor", 6},
                                                       {"Ceil", 6},
                                                       {"Round", 11}};
  if (const int64_t s = math_converter_since(op)) return s;
  if (const int64_t s = quant_converter_since(op)) return s;
  auto it = since.find(op);
  return it == since.end() ? 1 : it->second;
}

}  // namespace vf::onnx_io
