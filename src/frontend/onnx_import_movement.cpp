// ONNX converters that move data without arithmetic: Pad in edge / reflect mode, Slice,
// Resize / Upsample, Gather, Expand, Tile and Where, each realised as gathers of rows
// (resize_nearest as a movement), concats and reshapes. Kept apart from
// onnx_import_ops.cpp, which adds them to its table.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "frontend/onnx_importer.h"
#include "frontend/onnx_tensor.h"
#include "frontend/relay_compound.h"
#include "ir/op_plan.h"
#include "ir/shape_inference.h"
#include "support/limits.h"

namespace vf::onnx_io {
namespace {

using onnx::NodeProto;
using Ints = std::vector<int64_t>;

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
  // Indices computed at run time (token ids of an input): the gather operator (ops.def) on
  // a float32 table, any axis.
  if (const Value* ids = im.input(n, 1); !ids->known) {
    if (ids->type.dtype != DType::I64 && ids->type.dtype != DType::I32)
      return im.fail(n, fmt::format("indices computed at run time must be int64 or int32, got {}",
                                    dtype_name(ids->type.dtype)));
    if (im.input(n, 0)->type.dtype != DType::F32)
      return im.fail(n, fmt::format("a gather by run-time indices needs a float32 table, got {}",
                                    dtype_name(im.input(n, 0)->type.dtype)));
    Attrs a;
    a.set("axis", axis);
    return bind_result(
        im, n, im.add(n, OpKind::Gather, {im.node_of(n, 0), im.node_of(n, 1)}, std::move(a)));
  }
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

/// Where with a condition known at import: float branches by the where operator on the
/// condition as a 0 / 1 float constant; other branches broadcast to the result, then every
/// element taken from one of them by one flat gather (a movement: no arithmetic, so
/// infinities and NaNs pass unchanged).
bool where(Importer& im, const NodeProto& n) {
  const Value* c = im.input(n, 0);
  // A condition computed at run time: a Cast to BOOL of int64 / int32 / float32 data (an
  // attention mask; Importer::bind_nonzero) read by the where operator as `!= 0`.
  if (!c->known) {
    if (c->type.dtype != DType::Bool || !c->run_time())
      return im.fail(n, fmt::format("a condition computed at run time must be a Cast to bool of "
                                    "int64, int32 or float32 data, got {}",
                                    dtype_name(c->type.dtype)));
    for (int k : {1, 2})
      if (im.input(n, k)->type.dtype != DType::F32)
        return im.fail(n, fmt::format("a selection by a run-time condition needs float32 "
                                      "branches, input {} is {}",
                                      k, dtype_name(im.input(n, k)->type.dtype)));
    const int a = c->negated ? 2 : 1, b = c->negated ? 1 : 2;  // id == 0: swapped
    return bind_result(im, n,
                       im.add(n, OpKind::Where, {c->id, im.node_of(n, a), im.node_of(n, b)}, {}));
  }
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
  // Float branches (a causal mask over attention scores): the where operator with the
  // condition as a float32 constant of its own shape, 1 where true; its kernel reads the
  // three operands broadcast, where the gather below needs both branches materialised at
  // the result's shape and a table of every element's source. A condition all true or all
  // false is the branch itself.
  if (im.input(n, 1)->type.dtype == DType::F32 && im.input(n, 2)->type.dtype == DType::F32) {
    const bool all_x = std::all_of(cond->begin(), cond->end(), [](int64_t v) { return v != 0; });
    const bool all_y = std::all_of(cond->begin(), cond->end(), [](int64_t v) { return v == 0; });
    if (all_x || all_y) {
      return bind_result(im, n, broadcast_to(im, n, im.node_of(n, all_x ? 1 : 2), *out));
    }
    std::vector<float> cv(cond->size());
    for (size_t i = 0; i < cv.size(); ++i) cv[i] = (*cond)[i] != 0 ? 1.f : 0.f;
    const NodeId ct = im.constant(n, Tensor::from_floats(c->type.shape, cv));
    return bind_result(im, n, im.add(n, OpKind::Where, {ct, im.node_of(n, 1), im.node_of(n, 2)}, {}));
  }
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

}  // namespace

/// DepthToSpace (DCR: [N, b, b, C', H, W]; CRD: [N, C', b, b, H, W]) and SpaceToDepth
/// (the inverse of DCR): a reshape to 6-D, a transpose, a reshape back, as ONNX defines
/// them; every output element is one input element.
bool depth_space(Importer& im, const NodeProto& n, bool to_space) {
  const Shape xs = im.input(n, 0)->type.shape;
  if (xs.size() != 4) return im.fail(n, "the input must be 4-D [N, C, H, W]");
  const int64_t b = attr_int(n, "blocksize", 0);
  const int64_t N = xs[0], C = xs[1], H = xs[2], W = xs[3];
  if (b < 1) return im.fail(n, "blocksize must be at least 1");
  Shape six, out;
  Ints perm;
  if (to_space) {
    if (C % (b * b) != 0) return im.fail(n, "channels are not a multiple of blocksize^2");
    const int64_t c = C / (b * b);
    const bool crd = attr_str(n, "mode", "DCR") == "CRD";
    six = crd ? Shape{N, c, b, b, H, W} : Shape{N, b, b, c, H, W};
    perm = crd ? Ints{0, 1, 4, 2, 5, 3} : Ints{0, 3, 4, 1, 5, 2};
    out = {N, c, H * b, W * b};
  } else {
    if (H % b != 0 || W % b != 0) return im.fail(n, "height and width must divide by blocksize");
    six = {N, C, H / b, b, W / b, b};
    perm = {0, 3, 5, 1, 2, 4};
    out = {N, C * b * b, H / b, W / b};
  }
  auto r = im.reshape(n, im.node_of(n, 0), six);
  Attrs ta;
  ta.set("perm", perm);
  auto t = r ? im.add(n, OpKind::Transpose, {*r}, std::move(ta), false) : std::nullopt;
  if (!t) return false;
  Attrs a;
  a.set("shape", out);
  return bind_result(im, n, im.add(n, OpKind::Reshape, {*t}, std::move(a)));
}

/// Einsum of one or two operands (opset 12), as transposes, reshapes, reduce_sum and one
/// batched matmul: a label only one operand has and the output lacks is summed first; then
/// the operands are laid out as [batch, free, contracted] and [batch, contracted, free]
/// (batch: labels of both operands and the output; contracted: of both, not the output),
/// multiplied, and the product laid out as the output says. "..." stands for the same
/// leading dimensions in every operand; without "->" the output is "..." and the labels
/// used once, in alphabetical order. Not supported: a label twice in one operand
/// (diagonals), operands whose "..." or labels differ in size (broadcasting), three
/// operands or more.
bool einsum(Importer& im, const NodeProto& n) {
  std::string eq;
  for (char ch : attr_str(n, "equation")) if (ch != ' ') eq += ch;
  const size_t arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  std::vector<std::string> ops;
  for (size_t at = 0;;) {
    const size_t comma = lhs.find(',', at);
    ops.push_back(lhs.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  if (ops.size() != static_cast<size_t>(n.input_size()) || ops.size() > 2)
    return im.fail(n, fmt::format("equation '{}' has {} operands for {} inputs (1 or 2 supported)",
                                  eq, ops.size(), n.input_size()));
  // "..." becomes labels of its own ('0', '1', ...: not letters), the same in every operand.
  std::string dots;
  std::vector<std::string> labels;
  std::vector<Shape> shapes;
  for (size_t k = 0; k < ops.size(); ++k) {
    const Shape& sh = im.input(n, static_cast<int>(k))->type.shape;
    std::string l = ops[k];
    if (const size_t d = l.find("..."); d != std::string::npos) {
      const int64_t letters = static_cast<int64_t>(l.size()) - 3;
      if (letters > static_cast<int64_t>(sh.size()))
        return im.fail(n, fmt::format("operand {} has rank {}, fewer than its labels", k, sh.size()));
      std::string mine;
      for (int64_t i = 0; i < static_cast<int64_t>(sh.size()) - letters; ++i)
        mine += static_cast<char>('0' + i);
      if (k > 0 && mine != dots)
        return im.fail(n, "the operands' \"...\" differ in rank (broadcasting is not supported)");
      dots = mine;
      l = l.substr(0, d) + mine + l.substr(d + 3);
    }
    if (l.size() != sh.size())
      return im.fail(n, fmt::format("operand {} has rank {} but {} labels", k, sh.size(), l.size()));
    for (char c : l)
      if (std::count(l.begin(), l.end(), c) > 1)
        return im.fail(n, fmt::format("label '{}' twice in one operand is not supported", c));
    labels.push_back(l);
    shapes.push_back(sh);
  }
  std::map<char, int64_t> size;
  std::map<char, int> uses;
  for (size_t k = 0; k < labels.size(); ++k)
    for (size_t i = 0; i < labels[k].size(); ++i) {
      const char c = labels[k][i];
      ++uses[c];
      if (auto [it, fresh] = size.emplace(c, shapes[k][i]); !fresh && it->second != shapes[k][i])
        return im.fail(n, fmt::format("label '{}' has sizes {} and {} (broadcasting is not supported)",
                                      c, it->second, shapes[k][i]));
    }
  std::string out;
  if (arrow == std::string::npos) {
    out = dots;
    for (const auto& [c, u] : uses)
      if (u == 1 && !(c >= '0' && c <= '9')) out += c;
  } else {
    out = eq.substr(arrow + 2);
    if (const size_t d = out.find("..."); d != std::string::npos)
      out = out.substr(0, d) + dots + out.substr(d + 3);
  }
  for (char c : out)
    if (!size.count(c) || std::count(out.begin(), out.end(), c) > 1)
      return im.fail(n, fmt::format("output label '{}' is not an operand's, or repeated", c));
  auto in = [](const std::string& s, char c) { return s.find(c) != std::string::npos; };
  // x (labels l) laid out as `want` (a permutation of l): a transpose unless it is already;
  // `final`: the node's result.
  auto layout = [&](NodeId x, const std::string& l, const std::string& want,
                    bool final = false) -> std::optional<NodeId> {
    if (l == want) return x;
    Ints perm;
    for (char c : want) perm.push_back(static_cast<int64_t>(l.find(c)));
    Attrs a;
    a.set("perm", perm);
    return im.add(n, OpKind::Transpose, {x}, std::move(a), final);
  };
  auto sizes = [&](const std::string& l) {
    Shape sh;
    for (char c : l) sh.push_back(size.at(c));
    return sh;
  };
  // Every operand with the labels only it has (and the output lacks) summed out.
  std::vector<NodeId> xs;
  for (size_t k = 0; k < labels.size(); ++k) {
    NodeId x = im.node_of(n, static_cast<int>(k));
    std::string kept;
    Ints axes;
    for (size_t i = 0; i < labels[k].size(); ++i) {
      const char c = labels[k][i];
      const bool other = labels.size() == 2 && in(labels[1 - k], c);
      if (!in(out, c) && !other) axes.push_back(static_cast<int64_t>(i));
      else kept += c;
    }
    if (!axes.empty()) {
      Attrs a;
      a.set("axes", axes);
      a.set("keepdims", int64_t{0});
      auto r = im.add(n, OpKind::ReduceSum, {x}, std::move(a), false);
      if (!r) return false;
      x = *r;
    }
    labels[k] = kept;
    xs.push_back(x);
  }
  if (labels.size() == 1) {
    if (labels[0] == out && xs[0] == im.node_of(n, 0)) {  // "ij->ij": the operand itself
      im.alias(n, 0, 0);
      return true;
    }
    return bind_result(im, n, layout(xs[0], labels[0], out, true));
  }
  std::string batch, contract, fa, fb;
  for (char c : out)
    if (in(labels[0], c) && in(labels[1], c)) batch += c;
  for (char c : labels[0]) {
    if (in(labels[1], c) && !in(out, c)) contract += c;
    if (!in(labels[1], c)) fa += c;
  }
  for (char c : labels[1])
    if (!in(labels[0], c)) fb += c;
  auto prod = [&](const std::string& l) {
    int64_t p = 1;
    for (char c : l) p *= size.at(c);
    return p;
  };
  auto a = layout(xs[0], labels[0], batch + fa + contract);
  auto ar = a ? im.reshape(n, *a, {prod(batch), prod(fa), prod(contract)}) : std::nullopt;
  auto b = ar ? layout(xs[1], labels[1], batch + contract + fb) : std::nullopt;
  auto br = b ? im.reshape(n, *b, {prod(batch), prod(contract), prod(fb)}) : std::nullopt;
  auto m = br ? im.add(n, OpKind::MatMul, {*ar, *br}, {}, false) : std::nullopt;
  // The product as [batch, free of a, free of b]: the node's result when that is the
  // output's order, else laid out as the output says.
  const std::string got = batch + fa + fb;
  Attrs ra;
  ra.set("shape", sizes(got));
  auto mr = m ? im.add(n, OpKind::Reshape, {*m}, std::move(ra), got == out) : std::nullopt;
  return bind_result(im, n, mr ? layout(*mr, got, out, true) : std::nullopt);
}

void add_movement_converters(std::map<std::string, OpConverter>& t) {
  t["Pad"] = pad;
  t["Slice"] = slice;
  t["Resize"] = resize;
  t["Upsample"] = resize;
  t["Gather"] = gather;
  t["Expand"] = expand;
  t["Where"] = where;
  t["Tile"] = tile;
  t["DepthToSpace"] = [](Importer& im, const NodeProto& n) { return depth_space(im, n, true); };
  t["SpaceToDepth"] = [](Importer& im, const NodeProto& n) { return depth_space(im, n, false); };
  t["Einsum"] = einsum;
}

int64_t movement_converter_since(const std::string& op) {
  static const std::map<std::string, int64_t> since = {
      {"Pad", 2}, {"Resize", 10}, {"Upsample", 9}, {"Slice", 1},
      {"Expand", 8}, {"Tile", 6}, {"Where", 9}, {"DepthToSpace", 1}, {"SpaceToDepth", 1},
      {"Einsum", 12}};
  auto it = since.find(op);
  return it == since.end() ? 0 : it->second;
}

}  // namespace vf::onnx_io
