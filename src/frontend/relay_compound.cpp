#include "frontend/relay_compound.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "support/limits.h"

namespace vf::relay {
namespace {

constexpr int64_t kMaxRange = std::numeric_limits<int64_t>::max();

// topi's CanonicalizeIndex: negative indices count from the end, then the index is
// clamped to [0, extent] (stride > 0) or [-1, extent - 1] (stride < 0).
int64_t canonical_index(int64_t index, int64_t extent, int64_t stride) {
  int64_t lo = stride < 0 ? -1 : 0;
  int64_t hi = stride < 0 ? extent - 1 : extent;
  if (index < 0) index += extent;  // a negative index plus a positive extent cannot overflow
  return std::clamp(index, lo, hi);
}

// topi's get_inx, in float32 as topi computes it (TVM's "float" is float32).
// `onnx_scale` (output per input position), when given, is ONNX Resize's: its coordinate
// divides by the given scale, and align_corners divides by in * scale - 1 (0 when that
// length is at most 1).
float source_coord(int64_t x, int64_t in, int64_t out, CoordMode mode,
                   std::optional<double> onnx_scale = std::nullopt) {
  const float scale = onnx_scale ? static_cast<float>(1.0 / *onnx_scale)
                                 : static_cast<float>(in) / static_cast<float>(out);
  const float xf = static_cast<float>(x);
  switch (mode) {
    case CoordMode::HalfPixel: return (xf + 0.5f) * scale - 0.5f;
    case CoordMode::AlignCorners:
      // ONNX's resized length is in * scale, unrounded (its reference implementation).
      if (onnx_scale) {
        const double len = static_cast<double>(in) * *onnx_scale;
        return len <= 1 ? 0.0f : static_cast<float>(static_cast<double>(in - 1) / (len - 1)) * xf;
      }
      return static_cast<float>(in - 1) / static_cast<float>(out - 1) * xf;
    case CoordMode::Asymmetric: return scale * xf;
    case CoordMode::PytorchHalfPixel: return out > 1 ? (xf + 0.5f) * scale - 0.5f : 0.0f;
    case CoordMode::TfHalfPixelForNn: return (xf + 0.5f) * scale;
  }
  return 0;
}

Result<void> check_sizes(int64_t in, int64_t out, CoordMode mode, bool onnx = false) {
  if (in <= 0 || out <= 0) return Error{fmt::format("cannot resize {} positions to {}", in, out)};
  if (out > kMaxIndexList)
    return Error{fmt::format("an output size of {} is above the importer's limit of {}", out,
                             kMaxIndexList)};
  // topi divides by out - 1: TVM itself computes NaN coordinates there.
  if (mode == CoordMode::AlignCorners && out == 1 && !onnx)
    return Error{"align_corners to an output size of 1 divides by zero in TVM's resize"};
  return {};
}

}  // namespace

Result<Shape> reshape_shape(const Shape& in, const std::vector<int64_t>& spec, bool allow_zero) {
  Shape out;
  size_t src = 0;
  std::optional<size_t> infer_at;
  auto in_dim = [&](size_t i) -> Result<int64_t> {
    if (i < in.size()) return in[i];
    return Error{"it refers to more input dimensions than there are"};
  };
  for (size_t i = 0; i < spec.size(); ++i) {
    int64_t v = spec[i];
    if (v > 0 || (v == 0 && allow_zero)) {
      out.push_back(v);
      ++src;
    } else if (v == 0) {
      auto d = in_dim(src++);
      if (!d) return d.error();
      out.push_back(*d);
    } else if (v == -1) {
      if (infer_at) return Error{"more than one -1"};
      infer_at = out.size();
      out.push_back(1);
      ++src;
    } else if (v == -2) {
      while (src < in.size()) out.push_back(in[src++]);
    } else if (v == -3) {
      auto a = in_dim(src), b = in_dim(src + 1);
      if (!a) return a.error();
      if (!b) return b.error();
      out.push_back(*a * *b);
      src += 2;
    } else if (v == -4) {
      if (i + 2 >= spec.size()) return Error{"-4 must be followed by two values"};
      auto d = in_dim(src++);
      if (!d) return d.error();
      int64_t d1 = spec[i + 1], d2 = spec[i + 2];
      i += 2;
      if (d1 == -1 && d2 == -1) return Error{"-4 cannot be followed by two -1"};
      if (d1 == -1 && d2 > 0) d1 = *d / d2;
      if (d2 == -1 && d1 > 0) d2 = *d / d1;
      if (d1 <= 0 || d2 <= 0 || *d % d1 != 0 || *d / d1 != d2)
        return Error{"-4 does not split the dimension evenly"};
      out.push_back(d1);
      out.push_back(d2);
    } else {
      return Error{fmt::format("{} is not a valid entry", v)};
    }
  }
  // Sizes come from the file: products are checked before they could overflow.
  const std::optional<int64_t> total = limits::checked_num_elements(in);
  if (!total) return Error{"the input has too many elements"};
  std::optional<int64_t> n = limits::checked_num_elements(out);
  if (infer_at && n) {
    if (*n == 0 || *total % *n != 0) return Error{"the -1 dimension cannot be inferred"};
    out[*infer_at] = *total / *n;
    n = limits::checked_num_elements(out);
  }
  if (!n) return Error{fmt::format("{} has too many elements", shape_string(out))};
  if (*n != *total)
    return Error{
        fmt::format("{} has {} elements, the input has {}", shape_string(out), *n, *total)};
  return out;
}

Result<std::vector<int64_t>> split_sizes(int64_t dim, std::optional<int64_t> sections,
                                         const std::vector<int64_t>& indices) {
  std::vector<int64_t> sizes;
  if (sections) {
    if (*sections <= 0) return Error{fmt::format("{} sections is not a positive count", *sections)};
    if (*sections > kMaxIndexList)
      return Error{fmt::format("{} sections are above the importer's limit of {}", *sections,
                               kMaxIndexList)};
    if (dim % *sections != 0)
      return Error{fmt::format("{} sections do not divide the axis of size {}", *sections, dim)};
    sizes.assign(static_cast<size_t>(*sections), dim / *sections);
    return sizes;
  }
  int64_t begin = 0;
  for (int64_t i : indices) {
    if (i <= begin || i >= dim)
      return Error{fmt::format("split points must ascend strictly within (0, {}), got [{}]", dim,
                               fmt::join(indices, ", "))};
    sizes.push_back(i - begin);
    begin = i;
  }
  sizes.push_back(dim - begin);
  return sizes;
}

Result<std::vector<SliceAxis>> strided_slice_axes(
    const Shape& in, const std::vector<int64_t>& begin_in, const std::vector<int64_t>& end_in,
    const std::vector<int64_t>& strides_in, const std::vector<int64_t>& axes_in, bool size_mode) {
  const int64_t rank = static_cast<int64_t>(in.size());
  std::vector<int64_t> axes = axes_in, begin = begin_in, end = end_in, strides = strides_in;
  if (!axes.empty()) {
    if (begin.size() != axes.size() || end.size() != axes.size() ||
        (!size_mode && strides.size() != axes.size() && !(strides.size() == 1 && strides[0] == 1)))
      return Error{
          fmt::format("begin, end and strides must have one entry per axis ({}), got {}, "
                      "{} and {}",
                      axes.size(), begin.size(), end.size(), strides.size())};
    for (int64_t& a : axes) {
      if (a < -rank || a >= rank)
        return Error{fmt::format("axis {} is out of range for rank {}", a, rank)};
      if (a < 0) a += rank;
    }
    for (size_t i = 0; i < axes.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (axes[i] == axes[j]) return Error{fmt::format("axis {} is sliced twice", axes[i])};
  } else {
    if (begin.size() > in.size() || end.size() > in.size() || strides.size() > in.size())
      return Error{
          fmt::format("begin, end and strides have {}, {} and {} entries, more than the "
                      "rank {}",
                      begin.size(), end.size(), strides.size(), rank)};
    // topi fills missing strides with 1; a single stride other than 1 could also mean
    // one for every axis, so it is not guessed at.
    if (!size_mode && strides.size() == 1 && strides[0] != 1 && begin.size() > 1)
      return Error{fmt::format("one stride ({}) for {} sliced axes is ambiguous: give one per axis",
                               strides[0], begin.size())};
    for (int64_t i = 0; i < rank; ++i) axes.push_back(i);
  }
  if (size_mode) strides.clear();  // topi ignores them
  strides.resize(axes.size(), 1);
  for (size_t i = begin.size(); i < axes.size(); ++i)
    begin.push_back(strides[i] > 0 ? 0 : kMaxRange);
  for (size_t i = end.size(); i < axes.size(); ++i) end.push_back(strides[i] < 0 ? 0 : kMaxRange);

  std::vector<SliceAxis> out;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t dim = in[static_cast<size_t>(axes[i])];
    const int64_t s = strides[i];
    if (s == 0) return Error{fmt::format("stride 0 on axis {}", axes[i])};
    int64_t e = end[i];
    if (size_mode && i < end_in.size())
      e = e < 0 ? kMaxRange
                : (begin[i] > kMaxRange - e ? kMaxRange : begin[i] + e);  // end holds a size
    const int64_t b = canonical_index(begin[i], dim, s);
    e = canonical_index(e, dim, s);
    if (s < 0 ? e > b : b > e)
      return Error{fmt::format("begin {} and end {} select nothing on axis {} with stride {}",
                               begin[i], end[i], axes[i], s)};
    if (s == std::numeric_limits<int64_t>::min())
      return Error{fmt::format("stride {} on axis {}", s, axes[i])};
    // ceil(|e - b| / |s|), without the overflow of |e - b| + |s| - 1 for a huge stride.
    const int64_t extent = std::abs(e - b);
    const int64_t n = extent == 0 ? 0 : (extent - 1) / std::abs(s) + 1;
    if (n == 0)
      return Error{fmt::format("begin {} and end {} select nothing on axis {} of size {}", begin[i],
                               end[i], axes[i], dim)};
    if (s == 1 && b == 0 && n == dim) continue;  // the whole axis, in order
    // Another stride gathers n rows of [outer, 1, dim, inner] (slice_axis in the importer).
    const auto after = std::span(in).subspan(static_cast<size_t>(axes[i]) + 1);
    const std::optional<int64_t> inner = limits::checked_num_elements(after);
    if (s != 1 && (n > kMaxIndexList || !inner || *inner > kMaxIndexList))
      return Error{
          fmt::format("a stride of {} on axis {} of {} gathers more rows or columns "
                      "than the importer's limit of {}",
                      s, axes[i], shape_string(in), kMaxIndexList)};
    out.push_back(SliceAxis{axes[i], b, s, n});
  }
  return out;
}

std::optional<CoordMode> parse_coord_mode(std::string_view s) {
  if (s == "half_pixel") return CoordMode::HalfPixel;
  if (s == "align_corners") return CoordMode::AlignCorners;
  if (s == "asymmetric") return CoordMode::Asymmetric;
  if (s == "pytorch_half_pixel") return CoordMode::PytorchHalfPixel;
  if (s == "tf_half_pixel_for_nn") return CoordMode::TfHalfPixelForNn;
  return std::nullopt;
}

std::optional<Rounding> parse_rounding(std::string_view s, CoordMode mode) {
  if (s.empty()) return mode == CoordMode::AlignCorners ? Rounding::Round : Rounding::Floor;
  if (s == "round") return Rounding::Round;
  if (s == "floor") return Rounding::Floor;
  if (s == "ceil") return Rounding::Ceil;
  if (s == "round_prefer_floor") return Rounding::RoundPreferFloor;
  if (s == "round_prefer_ceil") return Rounding::RoundPreferCeil;
  return std::nullopt;
}

Result<std::vector<int64_t>> nearest_indices(int64_t in, int64_t out, CoordMode mode,
                                             Rounding rounding) {
  if (auto r = check_sizes(in, out, mode); !r) return r.error();
  std::vector<int64_t> idx(static_cast<size_t>(out));
  // topi's can_convert_multiply_to_intdiv: an integer upsampling factor in asymmetric
  // mode divides integers, whatever the rounding method.
  const double factor = static_cast<double>(out) / static_cast<double>(in);
  const bool int_div = mode == CoordMode::Asymmetric && std::fmod(factor, 1.0) == 0 &&
                       factor <= 1 / (1e-5 * static_cast<double>(in) + 1e-5);
  const float eps = 1e-5f;
  for (int64_t x = 0; x < out; ++x) {
    int64_t i = 0;
    if (int_div) {
      i = x / (out / in);
    } else {
      const float c = source_coord(x, in, out, mode);
      float r = 0;
      switch (rounding) {
        case Rounding::Round: r = std::round(c); break;  // LLVM's round: halves away from 0
        case Rounding::Floor: r = std::floor(c + eps); break;
        case Rounding::Ceil: r = std::ceil(c - eps); break;
        case Rounding::RoundPreferFloor: r = std::ceil(c - 0.5f); break;
        case Rounding::RoundPreferCeil: r = std::floor(c + 0.5f); break;
      }
      i = static_cast<int64_t>(r);
    }
    idx[static_cast<size_t>(x)] = std::clamp<int64_t>(i, 0, in - 1);
  }
  return idx;
}

Result<LinearAxis> linear_axis(int64_t in, int64_t out, CoordMode mode,
                               std::optional<double> onnx_scale) {
  if (auto r = check_sizes(in, out, mode, onnx_scale.has_value()); !r) return r.error();
  if (onnx_scale && !(*onnx_scale > 0))
    return Error{fmt::format("scale {} is not > 0", *onnx_scale)};
  LinearAxis a;
  for (int64_t x = 0; x < out; ++x) {
    const float c = source_coord(x, in, out, mode, onnx_scale);
    const float f = std::floor(c);
    const auto lo = static_cast<int64_t>(f);
    a.lo.push_back(std::clamp<int64_t>(lo, 0, in - 1));
    a.hi.push_back(std::clamp<int64_t>(lo + 1, 0, in - 1));
    a.t.push_back(c - f);
  }
  return a;
}

int64_t upsampled_size(int64_t size, double scale) {
  const double v = std::round(static_cast<double>(size) * scale);
  // Beyond any index list; nearest_indices and linear_axis reject it with the limit.
  return v < 0x1p62 ? static_cast<int64_t>(v) : int64_t{1} << 62;
}

}  // namespace vf::relay
