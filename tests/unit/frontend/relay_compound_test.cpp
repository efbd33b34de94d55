// The Relay operators the importer expresses with several IR operators: their index
// arithmetic (relay_compound.h) against values worked out by hand from TVM's formulas, and
// the imported graphs run in the interpreter against the same operators written as loops.
#include "frontend/relay_compound.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <limits>
#include <string>
#include <vector>

#include "frontend/relay_import.h"
#include "interp/interpreter.h"
#include "ir/certified_graph.h"
#include "ir/stats.h"

namespace {

using vf::Shape;
using vf::relay::CoordMode;
using vf::relay::Rounding;
using Ints = std::vector<int64_t>;

Shape reshape_ok(const Shape& in, const Ints& spec, bool allow_zero = false) {
  auto r = vf::relay::reshape_shape(in, spec, allow_zero);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  return *r;
}

std::string reshape_error(const Shape& in, const Ints& spec) {
  auto r = vf::relay::reshape_shape(in, spec, false);
  REQUIRE_FALSE(r.ok());
  return r.error().message;
}

Ints nearest(int64_t in, int64_t out, CoordMode m, Rounding r) {
  auto idx = vf::relay::nearest_indices(in, out, m, r);
  INFO((idx ? std::string() : idx.error().message));
  REQUIRE(idx.ok());
  return *idx;
}

vf::Graph import_ok(const std::string& body) {
  vf::SourceFile src("inline.relay", "#[version = \"0.0.5\"]\n" + body);
  vf::DiagnosticSink diags;
  auto g = vf::import_relay(src, diags);
  INFO(diags.render());
  REQUIRE(g.has_value());
  return std::move(*g);
}

// Runs a graph in f64 with every input holding 0, 1, 2, ... (its element index plus
// `offset` times the input's position), so that a moved element says where it came from.
std::vector<std::vector<double>> run_iota(const vf::Graph& g) {
  vf::RunOptions o;
  o.precision = vf::Precision::F64;
  double offset = 0;
  for (vf::NodeId id : g.inputs()) {
    const vf::Node& n = g.node(id);
    vf::Tensor t(n.type);
    for (int64_t i = 0; i < t.size(); ++i) t.set(i, offset + static_cast<double>(i));
    o.inputs.emplace(n.name, std::move(t));
    offset += 1000;
  }
  auto r = vf::run_graph(vf::CertifiedGraph::unrewritten(g), o);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  std::vector<std::vector<double>> out;
  for (const vf::Tensor& t : *r) out.push_back(t.to_doubles());
  return out;
}

int64_t count(const vf::Graph& g, const std::string& op) {
  auto h = vf::op_histogram(g);
  auto it = h.find(op);
  return it == h.end() ? 0 : it->second;
}

}  // namespace

TEST_CASE("relay reshape: the special values 0, -1, -2, -3, -4 as TVM reads them",
          "[relay][compound]") {
  // The examples of TVM's reshape documentation.
  CHECK(reshape_ok({2, 3, 4}, {0, -1}) == Shape{2, 12});
  CHECK(reshape_ok({2, 3, 4}, {2, 0, 0}) == Shape{2, 3, 4});
  CHECK(reshape_ok({2, 3, 4}, {6, 1, -2}) == Shape{6, 1, 4});
  CHECK(reshape_ok({2, 3, 4}, {-1, -2}) == Shape{2, 3, 4});
  CHECK(reshape_ok({2, 3, 4}, {-1}) == Shape{24});
  CHECK(reshape_ok({2, 3, 4}, {-3, 4}) == Shape{6, 4});
  CHECK(reshape_ok({2, 3, 4, 5}, {-3, -3}) == Shape{6, 20});
  CHECK(reshape_ok({2, 3, 4}, {0, -3}) == Shape{2, 12});
  CHECK(reshape_ok({2, 3, 4}, {-3, -2}) == Shape{6, 4});
  CHECK(reshape_ok({2, 3, 4}, {-4, 1, 2, -2}) == Shape{1, 2, 3, 4});
  CHECK(reshape_ok({2, 3, 4}, {2, -4, -1, 3, -2}) == Shape{2, 1, 3, 4});
  CHECK(reshape_ok({6, 4}, {-4, 3, -1, 0}) == Shape{3, 2, 4});
  // allowzero: a 0 is a size, not a copy.
  CHECK(reshape_ok({2, 0, 4}, {0, 0}, true) == Shape{0, 0});
  CHECK(reshape_ok({2, 0, 4}, {0, 0, 0}) == Shape{2, 0, 4});

  CHECK(reshape_error({2, 3, 4}, {-1, -1}) == "more than one -1");
  CHECK(reshape_error({2, 3, 4}, {-4, -1, -1, -2}) == "-4 cannot be followed by two -1");
  CHECK(reshape_error({2, 3, 4}, {-4, 4, -1, -2}) == "-4 does not split the dimension evenly");
  CHECK(reshape_error({2, 3, 4}, {0, -4, 3}) == "-4 must be followed by two values");
  CHECK(reshape_error({2, 3, 4}, {0, 0, 0, 0}) ==
        "it refers to more input dimensions than there are");
  CHECK(reshape_error({2, 3, 4}, {-3, -3}) == "it refers to more input dimensions than there are");
  CHECK(reshape_error({2, 3, 4}, {-5}) == "-5 is not a valid entry");
  CHECK(reshape_error({2, 3, 4}, {5, -1}) == "the -1 dimension cannot be inferred");
  CHECK(reshape_error({2, 3, 4}, {0, 5}) == "(2, 5) has 10 elements, the input has 24");
}

TEST_CASE("relay split: sections from a count or from split points", "[relay][compound]") {
  using vf::relay::split_sizes;
  CHECK(*split_sizes(6, 3, {}) == Ints{2, 2, 2});
  CHECK(*split_sizes(6, 1, {}) == Ints{6});
  CHECK(*split_sizes(7, std::nullopt, {2, 4, 5}) == Ints{2, 2, 1, 2});
  CHECK(*split_sizes(7, std::nullopt, {}) == Ints{7});
  CHECK(split_sizes(6, 4, {}).error().message == "4 sections do not divide the axis of size 6");
  CHECK(split_sizes(6, 0, {}).error().message == "0 sections is not a positive count");
  CHECK_FALSE(split_sizes(6, std::nullopt, {3, 3}).ok());  // an empty section
  CHECK_FALSE(split_sizes(6, std::nullopt, {4, 2}).ok());
  CHECK_FALSE(split_sizes(6, std::nullopt, {6}).ok());
  CHECK_FALSE(split_sizes(6, std::nullopt, {0, 3}).ok());
}

TEST_CASE("relay strided_slice: canonical begin, stride and size per axis", "[relay][compound]") {
  using vf::relay::SliceAxis;
  auto plan = [](const Shape& in, const Ints& b, const Ints& e, const Ints& s, const Ints& axes,
                 bool size_mode = false) {
    auto r = vf::relay::strided_slice_axes(in, b, e, s, axes, size_mode);
    INFO((r ? std::string() : r.error().message));
    REQUIRE(r.ok());
    std::vector<Ints> out;
    for (const SliceAxis& a : *r) out.push_back({a.axis, a.begin, a.stride, a.size});
    return out;
  };
  // Whole axes are left out; missing strides are 1, missing ends the whole axis.
  CHECK(plan({2, 6, 7, 8}, {0, 1, 2}, {2, 5, 7}, {1}, {}) ==
        std::vector<Ints>{{1, 1, 1, 4}, {2, 2, 1, 5}});
  CHECK(plan({2, 6, 7, 8}, {1}, {2147483647}, {1}, {}) == std::vector<Ints>{{0, 1, 1, 1}});
  CHECK(plan({2, 6}, {0, 0}, {2, 6}, {}, {}).empty());
  // Larger strides: ceil(extent / stride) elements.
  CHECK(plan({2, 6, 7, 8}, {0, 0, 0, 1}, {2, 6, 7, 8}, {1, 2, 3, 2}, {}) ==
        std::vector<Ints>{{1, 0, 2, 3}, {2, 0, 3, 3}, {3, 1, 2, 4}});
  // Negative indices count from the end; a negative stride walks down to (excluding) end,
  // clamped at -1 (so that index 0 is included).
  CHECK(plan({2, 6, 7, 8}, {-1, 5}, {-8, 0}, {-2, -1}, {2, 3}) ==
        std::vector<Ints>{{2, 6, -2, 4}, {3, 5, -1, 5}});
  // slice_mode="size": end holds sizes (-1: to the end), strides are ignored.
  CHECK(plan({2, 6, 7, 8}, {1, -4}, {2, -1}, {3}, {1, 3}, true) ==
        std::vector<Ints>{{1, 1, 1, 2}, {3, 4, 1, 4}});
  // Ends past the axis are clamped.
  CHECK(plan({5}, {-100}, {100}, {2}, {}) == std::vector<Ints>{{0, 0, 2, 3}});

  auto error = [](const Shape& in, const Ints& b, const Ints& e, const Ints& s, const Ints& axes) {
    auto r = vf::relay::strided_slice_axes(in, b, e, s, axes, false);
    REQUIRE_FALSE(r.ok());
    return r.error().message;
  };
  CHECK(error({4, 4}, {0, 0}, {4, 4}, {1, 0}, {}) == "stride 0 on axis 1");
  CHECK(error({4, 4}, {3}, {1}, {1}, {}) ==
        "begin 3 and end 1 select nothing on axis 0 with stride 1");
  CHECK(error({4, 4}, {0, 0}, {4, 4}, {2}, {}) ==
        "one stride (2) for 2 sliced axes is ambiguous: give one per axis");
  CHECK(error({4, 4}, {0}, {4}, {1}, {2}) == "axis 2 is out of range for rank 2");
  CHECK(error({4, 4}, {0, 0}, {4, 4}, {1, 1}, {1, -1}) == "axis 1 is sliced twice");
  CHECK(error({4, 4}, {0, 0, 0}, {4, 4, 4}, {1}, {}) ==
        "begin, end and strides have 3, 3 and 1 entries, more than the rank 2");
}

TEST_CASE("relay resize: nearest indices per coordinate mode and rounding method",
          "[relay][compound]") {
  // Asymmetric with an integer factor divides integers (topi's int-div path).
  CHECK(nearest(5, 10, CoordMode::Asymmetric, Rounding::Round) ==
        Ints{0, 0, 1, 1, 2, 2, 3, 3, 4, 4});
  // half_pixel, floor: c = (x + 0.5) * 5/7 - 0.5 = -0.14, 0.57, 1.29, 2.00, 2.71, 3.43, 4.14.
  CHECK(nearest(5, 7, CoordMode::HalfPixel, Rounding::Floor) == Ints{0, 0, 1, 2, 2, 3, 4});
  // align_corners, round: c = x * 4/7 = 0, 0.57, 1.14, 1.71, 2.29, 2.86, 3.43, 4.
  CHECK(nearest(5, 8, CoordMode::AlignCorners, Rounding::Round) == Ints{0, 1, 1, 2, 2, 3, 3, 4});
  // A coordinate exactly between two pixels (asymmetric 3 -> 2: c = 0, 1.5) tells the
  // rounding methods apart: round (LLVM's, half away from zero) 2, prefer_floor 1,
  // prefer_ceil 2, floor 1, ceil 2.
  CHECK(nearest(3, 2, CoordMode::Asymmetric, Rounding::Round) == Ints{0, 2});
  CHECK(nearest(3, 2, CoordMode::Asymmetric, Rounding::RoundPreferFloor) == Ints{0, 1});
  CHECK(nearest(3, 2, CoordMode::Asymmetric, Rounding::RoundPreferCeil) == Ints{0, 2});
  CHECK(nearest(3, 2, CoordMode::Asymmetric, Rounding::Floor) == Ints{0, 1});
  CHECK(nearest(3, 2, CoordMode::Asymmetric, Rounding::Ceil) == Ints{0, 2});
  // tf_half_pixel_for_nn, ceil: c = (x + 0.5) * 5/3 = 0.83, 2.5, 4.17, clamped to 4.
  CHECK(nearest(5, 3, CoordMode::TfHalfPixelForNn, Rounding::Ceil) == Ints{1, 3, 4});
  // pytorch_half_pixel maps a single output to 0; half_pixel to the centre.
  CHECK(nearest(5, 1, CoordMode::PytorchHalfPixel, Rounding::Floor) == Ints{0});
  CHECK(nearest(5, 1, CoordMode::HalfPixel, Rounding::Floor) == Ints{2});
  // Downsampling by 2 (half_pixel, floor): c = 0.5, 2.5, 4.5.
  CHECK(nearest(6, 3, CoordMode::HalfPixel, Rounding::Floor) == Ints{0, 2, 4});
  CHECK_FALSE(vf::relay::nearest_indices(5, 1, CoordMode::AlignCorners, Rounding::Round).ok());
  CHECK_FALSE(vf::relay::nearest_indices(0, 3, CoordMode::HalfPixel, Rounding::Round).ok());

  // Defaults: "" is round for align_corners, floor otherwise.
  CHECK(vf::relay::parse_rounding("", CoordMode::AlignCorners) == Rounding::Round);
  CHECK(vf::relay::parse_rounding("", CoordMode::HalfPixel) == Rounding::Floor);
  CHECK_FALSE(vf::relay::parse_rounding("nearest", CoordMode::HalfPixel).has_value());
  CHECK_FALSE(vf::relay::parse_coord_mode("tf_crop_and_resize").has_value());
}

TEST_CASE("relay resize: linear neighbours and weights", "[relay][compound]") {
  // half_pixel 2 -> 4: c = -0.25, 0.25, 0.75, 1.25.
  auto a = vf::relay::linear_axis(2, 4, CoordMode::HalfPixel);
  REQUIRE(a.ok());
  CHECK(a->lo == Ints{0, 0, 0, 1});
  CHECK(a->hi == Ints{0, 1, 1, 1});
  CHECK(a->t == std::vector<float>{0.75f, 0.25f, 0.75f, 0.25f});
  // align_corners 3 -> 5: c = 0, 0.5, 1, 1.5, 2.
  auto b = vf::relay::linear_axis(3, 5, CoordMode::AlignCorners);
  REQUIRE(b.ok());
  CHECK(b->lo == Ints{0, 0, 1, 1, 2});
  CHECK(b->hi == Ints{1, 1, 2, 2, 2});
  CHECK(b->t == std::vector<float>{0, 0.5f, 0, 0.5f, 0});
  CHECK(vf::relay::upsampled_size(5, 1.5) == 8);  // round(7.5)
  CHECK(vf::relay::upsampled_size(4, 2.5) == 10);
}

TEST_CASE("relay import: split sections and tuple projections carry the right elements",
          "[relay][compound]") {
  vf::Graph g = import_ok(R"(def @main(%x: Tensor[(2, 6), float32]) {
  %0 = split(%x, indices_or_sections=[1, 4], axis=1);
  %1 = (%0.2, (%x, %0.0));
  %2 = %1.1;
  %3 = split(%x, indices_or_sections=2);
  (%2.1, %0.2, %3.1, copy(%1.0))
})");
  // Only the sections used became nodes: %0.0, %0.2 and %3.1.
  CHECK(count(g, "split") == 3);
  CHECK(g.find("0.1") == vf::NodeId{});
  auto out = run_iota(g);
  REQUIRE(out.size() == 4);
  CHECK(out[0] == std::vector<double>{0, 6});                // x[:, 0:1]
  CHECK(out[1] == std::vector<double>{4, 5, 10, 11});        // x[:, 4:6]
  CHECK(out[2] == std::vector<double>{6, 7, 8, 9, 10, 11});  // x[1:2, :]
  CHECK(out[3] == out[1]);                                   // copy of the same section
}

TEST_CASE("relay import: strided_slice gathers the elements TVM selects", "[relay][compound]") {
  vf::Graph g = import_ok(R"(def @main(%x: Tensor[(2, 3, 7, 8), float32]) {
  %0 = strided_slice(%x, begin=[-1, 5], end=[-8, 0], strides=[-2, -1], axes=[2, 3]);
  %1 = strided_slice(%x, begin=[1, 0, 1], end=[2, 3, 7], strides=[1, 2, 3]);
  (%0, %1)
})");
  auto out = run_iota(g);
  auto at = [](int64_t n, int64_t c, int64_t h, int64_t w) {
    return static_cast<double>(((n * 3 + c) * 7 + h) * 8 + w);
  };
  std::vector<double> want0, want1;
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t c = 0; c < 3; ++c)
      for (int64_t h : {6, 4, 2, 0})
        for (int64_t w : {5, 4, 3, 2, 1}) want0.push_back(at(n, c, h, w));
  for (int64_t c : {0, 2})
    for (int64_t h : {1, 4})
      for (int64_t w = 0; w < 8; ++w) want1.push_back(at(1, c, h, w));
  CHECK(out[0] == want0);
  CHECK(out[1] == want1);
}

TEST_CASE("relay import: resize and upsampling values", "[relay][compound]") {
  vf::Graph g = import_ok(R"(def @main(%x: Tensor[(1, 1, 2, 2), float32]) {
  %0 = image.resize2d(%x, size=[3, 3], roi=[0f, 0f, 0f, 0f], coordinate_transformation_mode="align_corners");
  %1 = nn.upsampling(%x, scale_h=2f, scale_w=2f, method="bilinear");
  %2 = image.resize2d(%x, size=[4, 4], method="nearest_neighbor", coordinate_transformation_mode="asymmetric");
  %3 = image.resize2d(%x, size=[3, 1], method="nearest_neighbor", coordinate_transformation_mode="half_pixel", rounding_method="floor");
  %4 = layout_transform(%x, src_layout="NCHW", dst_layout="NHWC");
  %5 = image.resize2d(%4, size=[3, 3], layout="NHWC", coordinate_transformation_mode="align_corners");
  (%0, %1, %2, %3, %5)
})");
  // x = [[0, 1], [2, 3]]. Bilinear with aligned corners interpolates between them.
  auto out = run_iota(g);
  CHECK(out[0] == std::vector<double>{0, 0.5, 1, 1, 1.5, 2, 2, 2.5, 3});
  // nn.upsampling's bilinear is asymmetric: c = 0, 0.5, 1, 1.5, the last clamped.
  CHECK(out[1] == std::vector<double>{0, 0.5, 1, 1, 1, 1.5, 2, 2, 2, 2.5, 3, 3, 2, 2.5, 3, 3});
  // An integer nearest upsampling is the IR's upsampling.
  CHECK(count(g, "upsampling") == 1);
  CHECK(out[2] == std::vector<double>{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3});
  // rows: c = -1/6, 0.5, 7/6 -> 0, 0, 1; cols: c = 0.5 -> 0.
  CHECK(out[3] == std::vector<double>{0, 0, 2});
  // NHWC: the same values with the single channel last.
  CHECK(out[4] == out[0]);
}

TEST_CASE("relay import: batch_matmul and layout_transform", "[relay][compound]") {
  vf::Graph g =
      import_ok(R"(def @main(%a: Tensor[(2, 2, 3), float32], %b: Tensor[(2, 4, 3), float32]) {
  %0 = nn.batch_matmul(%a, %b);
  %1 = nn.batch_matmul(%b, %b, transpose_a=True, transpose_b=False);
  %2 = layout_transform(%b, src_layout="NCW", dst_layout="WNC");
  (%0, %1, %2)
})");
  auto out = run_iota(g);
  // a[i] = i, b[i] = 1000 + i (run_iota's offsets).
  auto a = [](int64_t n, int64_t i, int64_t k) { return static_cast<double>((n * 2 + i) * 3 + k); };
  auto b = [](int64_t n, int64_t j, int64_t k) {
    return 1000.0 + static_cast<double>((n * 4 + j) * 3 + k);
  };
  std::vector<double> want0, want1, want2;
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t j = 0; j < 4; ++j) {
        double s = 0;
        for (int64_t k = 0; k < 3; ++k) s += a(n, i, k) * b(n, j, k);
        want0.push_back(s);
      }
  for (int64_t n = 0; n < 2; ++n)  // b[n]^T b[n]
    for (int64_t i = 0; i < 3; ++i)
      for (int64_t j = 0; j < 3; ++j) {
        double s = 0;
        for (int64_t k = 0; k < 4; ++k) s += b(n, k, i) * b(n, k, j);
        want1.push_back(s);
      }
  for (int64_t w = 0; w < 3; ++w)
    for (int64_t n = 0; n < 2; ++n)
      for (int64_t c = 0; c < 4; ++c) want2.push_back(b(n, c, w));
  CHECK(out[0] == want0);
  CHECK(out[1] == want1);
  CHECK(out[2] == want2);
}

TEST_CASE("relay compound: index lists above the limit are errors, not allocations",
          "[relay][compound]") {
  using vf::relay::kMaxIndexList;
  const int64_t big = kMaxIndexList * 2;
  CHECK(vf::relay::split_sizes(big, big, {}).error().message ==
        fmt::format("{} sections are above the importer's limit of {}", big, kMaxIndexList));
  CHECK(
      vf::relay::nearest_indices(2, big, CoordMode::Asymmetric, Rounding::Floor).error().message ==
      fmt::format("an output size of {} is above the importer's limit of {}", big, kMaxIndexList));
  CHECK_FALSE(vf::relay::linear_axis(2, big, CoordMode::HalfPixel).ok());
  // A strided slice gathers its rows and the columns after its axis.
  CHECK_FALSE(vf::relay::strided_slice_axes({1, 2 * big}, {0}, {2 * big}, {2}, {1}, false).ok());
  CHECK_FALSE(vf::relay::strided_slice_axes({4, big}, {0}, {4}, {2}, {0}, false).ok());
  CHECK(vf::relay::strided_slice_axes({4, big}, {1}, {3}, {1}, {0}, false).ok());  // a split
  CHECK(vf::relay::strided_slice_axes({big, 2}, {0}, {10}, {2}, {0}, false).ok());
}

TEST_CASE("relay compound: extreme sizes and strides from a file are errors, not overflows",
          "[relay][compound]") {
  const int64_t max = std::numeric_limits<int64_t>::max();
  const int64_t min = std::numeric_limits<int64_t>::min();
  // reshape: products of the file's sizes are checked before they overflow.
  CHECK(reshape_error({2, 3, 4}, {int64_t{1} << 40, int64_t{1} << 40}) ==
        "(1099511627776, 1099511627776) has too many elements");
  CHECK(reshape_error({4, 6}, {-4, int64_t{1} << 62, 4, 0}) ==
        "-4 does not split the dimension evenly");
  CHECK(reshape_error({2, 3, 4}, {max, -1}) == "(9223372036854775807, 1) has too many elements");
  // strided_slice: the largest and smallest strides and indices.
  auto plan = [](const Ints& b, const Ints& e, const Ints& s) {
    return vf::relay::strided_slice_axes({10}, b, e, s, {}, false);
  };
  auto one = plan({3}, {max}, {max});
  REQUIRE(one.ok());
  REQUIRE(one->size() == 1);
  CHECK((*one)[0].begin == 3);
  CHECK((*one)[0].size == 1);
  auto down = plan({max}, {min}, {min + 1});
  REQUIRE(down.ok());
  CHECK((*down)[0].begin == 9);
  CHECK((*down)[0].size == 1);
  CHECK(plan({9}, {-100}, {min}).error().message == fmt::format("stride {} on axis 0", min));
  CHECK(vf::relay::strided_slice_axes({10}, {max}, {max}, {1}, {}, true).ok() == false);
  // upsampling: a huge size times a huge scale saturates, and the resize rejects it.
  const int64_t huge = vf::relay::upsampled_size(int64_t{1} << 56, 1e6);
  CHECK(huge == int64_t{1} << 62);
  CHECK_FALSE(vf::relay::nearest_indices(4, huge, CoordMode::Asymmetric, Rounding::Floor).ok());
}

TEST_CASE("relay import: NHWC operators in a row share one transpose to NCHW",
          "[relay][compound]") {
  const std::string head =
      R"(def @main(%x: Tensor[(1, 4, 4, 2), float32], %w: Tensor[(3, 3, 2, 3), float32]) {
  %0 = nn.max_pool2d(%x, pool_size=[2, 2], strides=[1, 1], layout="NHWC");
  %1 = nn.conv2d(%0, %w, padding=[1, 1, 1, 1], data_layout="NHWC", kernel_layout="HWIO");
)";
  // The pool's result goes back to NHWC only if something reads it as NHWC.
  vf::Graph alone = import_ok(head + "  %1\n}");
  vf::Graph both = import_ok(head + "  (%1, %0)\n}");
  // x to NCHW, the weight to OIHW, the conv's result to NHWC; and the pool's when used.
  CHECK(count(alone, "transpose") == 3);
  CHECK(count(both, "transpose") == 4);
  CHECK(alone.find("0") == vf::NodeId{});
  CHECK(alone.size() + 1 == both.size());
  auto a = run_iota(alone);
  auto b = run_iota(both);
  CHECK(a[0] == b[0]);
  // The pool by hand, NHWC: max over a 2x2 window of x[0, h, w, c] = (h * 4 + w) * 2 + c.
  std::vector<double> pool;
  for (int64_t h = 0; h < 3; ++h)
    for (int64_t w = 0; w < 3; ++w)
      for (int64_t c = 0; c < 2; ++c)
        pool.push_back(static_cast<double>(((h + 1) * 4 + w + 1) * 2 + c));
  CHECK(b[1] == pool);
}
