// Index arithmetic of the Relay operators that the IR expresses with several of its own
// operators (split, strided_slice, image.resize2d, nn.upsampling, reshape's special
// values), computed exactly as TVM computes it (relay's type relations, topi's
// resize.py and strided_slice.h) so that the imported graph means what TVM would run.
// Pure functions of shapes and attributes; the importer turns their errors into
// located diagnostics.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ir/attrs.h"
#include "ir/graph.h"
#include "ir/shape.h"
#include "support/result.h"

namespace vf::relay {

/// Longest index list the importer builds for one operator (split sections, the rows or
/// columns of a gather, a resize's weights along one axis): 16 M entries (128 MiB), far
/// above real models, so that a huge size in a file is an error, not an allocation.
inline constexpr int64_t kMaxIndexList = int64_t{1} << 24;

/// Relay's reshape `newshape` resolved against an input shape: 0 copies an input
/// dimension (unless allowzero), -1 is inferred, -2 copies the remaining dimensions, -3
/// merges the next two, -4 splits the next one into the two values that follow (one may be
/// -1). The error says why the spec does not fit.
Result<Shape> reshape_shape(const Shape& in, const std::vector<int64_t>& newshape, bool allow_zero);

/// The section sizes of `split` along a dimension of size `dim`: `sections` equal parts
/// (which must divide `dim`), or the sections between the ascending split points
/// `indices` (each in (previous, dim)).
Result<std::vector<int64_t>> split_sizes(int64_t dim, std::optional<int64_t> sections,
                                         const std::vector<int64_t>& indices);

/// One sliced axis of `strided_slice`: the output takes input indices
/// begin, begin + stride, ... (`size` of them) along `axis`.
struct SliceAxis {
  int64_t axis = 0;
  int64_t begin = 0;
  int64_t stride = 1;
  int64_t size = 0;
};

/// `strided_slice` on a static shape, canonicalized as topi does (negative indices count
/// from the end, then clamped; missing begin/end/strides take the whole axis). Axes that
/// keep their whole extent in order are left out. `axes` empty means begin[i] is axis i;
/// `size_mode` is slice_mode="size" (end holds sizes, strides are ignored).
Result<std::vector<SliceAxis>> strided_slice_axes(const Shape& in,
                                                  const std::vector<int64_t>& begin,
                                                  const std::vector<int64_t>& end,
                                                  const std::vector<int64_t>& strides,
                                                  const std::vector<int64_t>& axes, bool size_mode);

/// topi's coordinate_transformation_mode (tf_crop_and_resize extrapolates outside the
/// image, which no IR operator does, so it is not here).
enum class CoordMode : uint8_t {
  HalfPixel,
  AlignCorners,
  Asymmetric,
  PytorchHalfPixel,
  TfHalfPixelForNn
};
/// The mode named `s`, if it is one of the above.
std::optional<CoordMode> parse_coord_mode(std::string_view s);

/// topi's rounding_method for nearest-neighbour resizing.
enum class Rounding : uint8_t { Round, Floor, Ceil, RoundPreferFloor, RoundPreferCeil };
/// The method named `s`; "" is topi's default for `mode` (round for align_corners,
/// floor otherwise).
std::optional<Rounding> parse_rounding(std::string_view s, CoordMode mode);

/// The source index (clamped to [0, in)) of each of `out` output positions along one
/// axis of a nearest-neighbour resize from `in` positions, as topi's _resize_2d picks it:
/// the coordinate in float32, then the rounding (floor and ceil with topi's 1e-5 nudge), or
/// integer division when mode is asymmetric and out/in an integer factor.
Result<std::vector<int64_t>> nearest_indices(int64_t in, int64_t out, CoordMode mode,
                                             Rounding rounding);

/// Linear interpolation along one axis: out[i] = x[lo[i]] * (1 - t[i]) + x[hi[i]] * t[i],
/// with lo, hi clamped to [0, in) and t the float32 fraction, as topi's _lerp computes it.
struct LinearAxis {
  std::vector<int64_t> lo, hi;
  std::vector<float> t;
};
/// The interpolation of `out` positions from `in` along one axis. `onnx_scale` (output
/// positions per input position) is ONNX Resize's given scale: its coordinate divides by it
/// (topi multiplies by in / out), and align_corners maps onto the unrounded length
/// in * scale (position 0 when it is at most 1).
Result<LinearAxis> linear_axis(int64_t in, int64_t out, CoordMode mode,
                               std::optional<double> onnx_scale = std::nullopt);

/// A bilinear resize of NCHW `x` built from IR operators, shared by the Relay and ONNX
/// importers: topi's lerp of lerps, out = (A (1 - tx) + B tx) (1 - ty) + (C (1 - tx) + D tx) ty,
/// with A..D resize_nearest gathers of the four neighbours and the weights float32
/// constants [1, 1, 1, W'] and [1, 1, H', 1]. Nodes are made by the caller's
///   add(OpKind, std::vector<NodeId>, Attrs, std::string_view what, bool last)
///     -> std::optional<NodeId>      (what: a b c d, top_lo top_hi top, bottom_..., resize_...)
///   constant(Shape, std::vector<float>, std::string_view what) -> NodeId   (wx0 wx1 wy0 wy1)
template <class Add, class Constant>
std::optional<NodeId> build_bilinear(NodeId x, const LinearAxis& ly, const LinearAxis& lx,
                                     Add&& add, Constant&& constant) {
  const auto out_h = static_cast<int64_t>(ly.t.size()), out_w = static_cast<int64_t>(lx.t.size());
  // Weights: 1 - t and t, in float32 as topi's _lerp computes them.
  auto weights = [&](const LinearAxis& a, const Shape& shape, const char* w0, const char* w1) {
    std::vector<float> lo, hi;
    for (float t : a.t) {
      lo.push_back(1.0f - t);
      hi.push_back(t);
    }
    return std::pair{constant(shape, lo, w0), constant(shape, hi, w1)};
  };
  auto [wx0, wx1] = weights(lx, {1, 1, 1, out_w}, "wx0", "wx1");
  auto [wy0, wy1] = weights(ly, {1, 1, out_h, 1}, "wy0", "wy1");
  auto gather = [&](const std::vector<int64_t>& rows, const std::vector<int64_t>& cols,
                    std::string_view what) {
    Attrs a;
    a.set("rows", rows);
    a.set("cols", cols);
    return add(OpKind::ResizeNearest, std::vector<NodeId>{x}, std::move(a), what, false);
  };
  auto lerp = [&](std::optional<NodeId> a, std::optional<NodeId> b, NodeId w0, NodeId w1,
                  const std::string& what, bool last) -> std::optional<NodeId> {
    if (!a || !b) return std::nullopt;
    auto p = add(OpKind::Multiply, std::vector<NodeId>{*a, w0}, Attrs{}, what + "_lo", false);
    if (!p) return std::nullopt;
    auto q = add(OpKind::Multiply, std::vector<NodeId>{*b, w1}, Attrs{}, what + "_hi", false);
    if (!q) return std::nullopt;
    return add(OpKind::Add, std::vector<NodeId>{*p, *q}, Attrs{}, what, last);
  };
  auto top = lerp(gather(ly.lo, lx.lo, "a"), gather(ly.lo, lx.hi, "b"), wx0, wx1, "top", false);
  auto bottom =
      lerp(gather(ly.hi, lx.lo, "c"), gather(ly.hi, lx.hi, "d"), wx0, wx1, "bottom", false);
  return lerp(top, bottom, wy0, wy1, "resize", true);
}

/// The output size of nn.upsampling along an axis: round(size * scale), in float32.
int64_t upsampled_size(int64_t size, double scale);

}  // namespace vf::relay
