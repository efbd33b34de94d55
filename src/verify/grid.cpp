#include "verify/grid.h"

#include <algorithm>
#include <bit>

namespace vf::verify {

std::string_view grid_name(Grid g) { return g == Grid::Deep ? "deep" : "default"; }

const std::vector<std::pair<AxisConfig, AxisConfig>>& window_grid(Grid g) {
  static const auto make = [](Grid which) {
    std::vector<std::pair<AxisConfig, AxisConfig>> out;
    for (const auto& [h, w] : kWindows) out.emplace_back(kAxes[h], kAxes[w]);
    if (which == Grid::Deep) {
      constexpr AxisConfig unit = {1, 1, 1, 0, 0, 1};
      for (int64_t n = 1; n <= 5; ++n)
        for (int64_t k = 1; k <= 3; ++k)
          for (int64_t s = 1; s <= 2; ++s)
            for (int64_t pb = 0; pb <= 2; ++pb)
              for (int64_t pe = 0; pe <= 2; ++pe)
                for (int64_t d = 1; d <= 2; ++d) {
                  if (n + pb + pe < (k - 1) * d + 1) continue;  // no output
                  const AxisConfig a = {n, k, s, pb, pe, d};
                  out.emplace_back(a, unit);
                  out.emplace_back(unit, a);
                }
    }
    return out;
  };
  static const auto def = make(Grid::Default), deep = make(Grid::Deep);
  return g == Grid::Deep ? deep : def;
}

std::vector<Channels> channel_grid(std::optional<int64_t> known_c, std::optional<int64_t> known_o) {
  std::vector<Channels> out;
  std::vector<int64_t> cs = {1, 2, 3}, os = {1, 2, 3};
  if (known_c) cs = {*known_c};
  if (known_o) os = {*known_o};
  for (int64_t c : cs)
    for (int64_t o : os)
      for (int64_t g = 1; g <= std::min(c, o); ++g)
        if (c % g == 0 && o % g == 0) out.push_back({c, o, g});
  // Grouped convolutions with more than one channel per group need 4 channels.
  if (!known_c && !known_o) out.push_back({4, 2, 2}), out.push_back({4, 4, 2});
  if (known_c == 4 && !known_o) out.push_back({4, 2, 2}), out.push_back({4, 4, 2});
  return out;
}

const std::vector<DistinctWindow>& distinct_windows() {
  // Each checked in tests/unit/verify/instance_test.cpp: x [n, c, H, W], w [o, c/g, KH, KW]
  // and the output [n, o, OH, OW] (pools: [n, o, H, W] -> [n, o, OH, OW]) have pairwise
  // distinct dimensions > 1, but for a 1x1 kernel, depthwise's c/g = 1 and a 3x3 kernel.
  static const std::vector<DistinctWindow> grid = {
      {2, {3, 5, 1}, {4, 2, 1, 0, 0, 1}, {7, 4, 1, 0, 0, 1}},  // unpadded: y [2, 5, 3, 4]
      {2, {3, 5, 1}, {9, 4, 2, 1, 1, 1}, {7, 2, 1, 0, 1, 2}},  // stride 2, dilation 2: [2, 5, 4, 6]
      {2, {3, 5, 1}, {4, 1, 1, 0, 0, 1}, {6, 1, 1, 0, 0, 1}},  // 1x1: [2, 5, 4, 6]
      {2, {5, 5, 5}, {4, 2, 1, 0, 0, 1}, {7, 4, 1, 0, 0, 1}},  // depthwise: [2, 5, 3, 4]
      {2, {6, 4, 2}, {4, 2, 1, 0, 0, 1}, {9, 5, 1, 0, 0, 1}},  // 2 groups of 3: [2, 4, 3, 5]
      {2, {4, 5, 1}, {6, 3, 1, 1, 1, 1}, {7, 3, 1, 1, 1, 1}},  // 3x3 "same": [2, 5, 6, 7]
      {2, {4, 6, 1}, {9, 3, 2, 1, 1, 1}, {7, 3, 2, 1, 1, 1}},  // 3x3 stride 2: [2, 6, 5, 4]
  };
  return grid;
}

const std::vector<DenseSizes>& dense_grid() {
  static const std::vector<DenseSizes> grid = [] {
    std::vector<DenseSizes> g;
    // b == 0: x [n, k]; n == 0 marks the rank-3 x [2, 1, k] of the small grid.
    for (int64_t n : {1, 2, 0})
      for (int64_t k : {1, 2, 3})
        for (int64_t m : {1, 2, 3}) g.push_back({n == 0 ? 2 : 0, n == 0 ? 1 : n, k, m});
    g.push_back({0, 2, 3, 4});  // x [2, 3], w [4, 3], y [2, 4]
    g.push_back({5, 2, 3, 4});  // x [5, 2, 3], y [5, 2, 4]
    return g;
  }();
  return grid;
}

namespace {

/// The size the distinct data shapes give an axis, by its position counted from the last
/// axis: 5, 4, 3, 2 (so that equal sizes mean aligned axes).
int64_t distinct_size(size_t from_last) { return static_cast<int64_t>(5 - from_last); }

}  // namespace

/// Data shapes for a leaf with no other context: ranks 0 to kMaxRank, every dimension 1
/// or 2 (every broadcast pattern, equal sizes everywhere), and, for patterns with two or
/// more dimensions > 1, the same with distinct sizes.
const std::vector<Shape>& data_grid() {
  static const std::vector<Shape> grid = [] {
    std::vector<Shape> g;
    for (bool distinct : {false, true})
      for (size_t r = 0; r <= kMaxRank; ++r)
        for (unsigned bits = 0; bits < (1u << r); ++bits) {
          if (distinct && std::popcount(bits) < 2) continue;  // same as the first pass
          Shape s;
          for (size_t k = 0; k < r; ++k) {
            const bool big = (bits >> (r - 1 - k)) & 1;
            s.push_back(!big ? 1 : distinct ? distinct_size(r - 1 - k) : 2);
          }
          g.push_back(s);
        }
    return g;
  }();
  return grid;
}

/// Shapes a leaf operand of a broadcasting binary op may take next to an operand of
/// shape `s`: every rank up to kMaxRank and, along every axis aligned (from the last) with
/// an axis of `s` of size d > 1, d or 1; along an axis where `s` has 1 or no axis, 1 or 2
/// (the partner then broadcasts `s`).
std::vector<Shape> broadcast_partners(const Shape& s) {
  std::vector<Shape> out;
  const size_t r = s.size();
  for (size_t pr = 0; pr <= kMaxRank; ++pr)
    for (unsigned bits = 0; bits < (1u << pr); ++bits) {
      Shape p(pr);
      for (size_t k = 0; k < pr; ++k) {
        const bool big = (bits >> k) & 1;
        const size_t from_last = pr - 1 - k;
        const int64_t aligned = from_last < r ? s[r - 1 - from_last] : 1;
        p[k] = !big ? 1 : aligned > 1 ? aligned : 2;
      }
      out.push_back(std::move(p));
    }
  return out;
}

/// Values of an int / string attribute that the grid enumerates, by attribute name;
/// nullopt when the grid has none (the rule must then fix the attribute).
std::optional<std::vector<AttrValue>> attr_grid(std::string_view name, AttrKind kind) {
  auto ints = [](std::initializer_list<int64_t> v) {
    std::vector<AttrValue> out;
    for (int64_t x : v) out.emplace_back(x);
    return out;
  };
  if (kind == AttrKind::Int) {
    if (name == "axis") return ints({-1, 0, 1, 2, 3});
    if (name == "num_newaxis") return ints({1, 2});
    for (std::string_view flag :
         {"ceil_mode", "count_include_pad", "scale", "center", "trans_a", "trans_b", "has_bias",
          "has_scale", "has_shift", "has_residual", "index"})
      if (name == flag) return ints({0, 1});
    return std::nullopt;
  }
  if (kind == AttrKind::Str && name == "activation") {
    std::vector<AttrValue> out;
    for (const char* a :
         {"none", "relu", "leaky_relu", "clip", "sigmoid", "hard_sigmoid", "hard_swish"})
      out.emplace_back(std::string(a));
    return out;
  }
  return std::nullopt;
}

/// `pad`'s pads for a rank-r input: the last two axes padded by 0 or 1 at each end,
/// plus one negative (cropping) amount at each position of those axes.
std::vector<AttrValue> pads_grid(size_t r) {
  std::vector<AttrValue> out;
  const size_t first = r >= 2 ? r - 2 : 0;
  const size_t nsp = r - first;
  for (unsigned bits = 0; bits < (1u << (2 * nsp)); ++bits) {
    std::vector<int64_t> p(2 * r, 0);
    for (size_t k = 0; k < nsp; ++k) {
      p[first + k] = (bits >> (2 * k)) & 1;
      p[r + first + k] = (bits >> (2 * k + 1)) & 1;
    }
    out.emplace_back(p);
  }
  for (size_t k = 0; k < nsp; ++k)
    for (size_t end : {size_t{0}, r}) {
      std::vector<int64_t> p(2 * r, 0);
      p[end + first + k] = -1;
      out.emplace_back(p);
    }
  return out;
}

bool is_window_op(OpKind op) {
  return op == OpKind::Conv2d || op == OpKind::FusedConv2d || op == OpKind::MaxPool2d ||
         op == OpKind::AvgPool2d;
}

bool is_window_attr(OpKind op, std::string_view name) {
  if (!is_window_op(op)) return false;
  return name == "strides" || name == "padding" || name == "dilation" || name == "groups" ||
         name == "pool_size";
}

}  // namespace vf::verify
