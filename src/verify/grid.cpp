#include "verify/grid.h"

#include <algorithm>

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

/// Data shapes for a leaf with no other context: ranks 0 to 4, every dimension 1 or 2
/// (every broadcast pattern; see docs/proofs.md for why that covers all sizes of
/// pointwise rules).
const std::vector<Shape>& data_grid() {
  static const std::vector<Shape> grid = [] {
    std::vector<Shape> g;
    for (size_t r = 0; r <= 4; ++r)
      for (unsigned bits = 0; bits < (1u << r); ++bits) {
        Shape s;
        for (size_t k = 0; k < r; ++k) s.push_back(((bits >> (r - 1 - k)) & 1) ? 2 : 1);
        g.push_back(s);
      }
    return g;
  }();
  return grid;
}

/// Shapes a leaf operand of a broadcasting binary op may take next to an operand of
/// shape `s`: the same, a scalar, [1], per channel (Relay's [C, 1, 1] and [1, C, 1, 1]),
/// along the last axis (NHWC), all ones.
std::vector<Shape> broadcast_partners(const Shape& s) {
  std::vector<Shape> out = {s, Shape{}, Shape{1}};
  const size_t r = s.size();
  if (r >= 2) {
    Shape a = {s[1]}, b = {1, s[1]};
    for (size_t k = 2; k < r; ++k) a.push_back(1), b.push_back(1);
    out.push_back(a);
    out.push_back(b);
  }
  if (r >= 1) out.push_back(Shape{s[r - 1]}), out.push_back(Shape(r, 1));
  // Higher ranks that `s` broadcasts into (x of a Relay `x * expand_dims(scale)`): leading
  // dimensions 1 or 2, each dimension 1 of `s` also 2.
  for (size_t big = r + 1; big <= 4; ++big) {
    const size_t lead = big - r;
    for (unsigned bits = 0; bits < (1u << big); ++bits) {
      Shape x(big);
      bool ok = true;
      for (size_t k = 0; k < big; ++k) {
        const bool two = (bits >> k) & 1;
        if (k < lead) {
          x[k] = two ? 2 : 1;
        } else {
          const int64_t d = s[k - lead];
          if (d != 1 && !two)
            x[k] = d;
          else if (d == 1)
            x[k] = two ? 2 : 1;
          else
            ok = false;  // one spelling per shape
        }
      }
      if (ok) out.push_back(x);
    }
  }
  std::vector<Shape> unique;
  for (auto& x : out)
    if (std::find(unique.begin(), unique.end(), x) == unique.end()) unique.push_back(x);
  return unique;
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
