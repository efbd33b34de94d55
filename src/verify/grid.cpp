#include "verify/grid.h"

#include "ir/op_attrs.h"
#include "ir/shape_inference.h"

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <mutex>
#include <numeric>
#include <string>

#include <fmt/format.h>

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
  // Grouped convolutions with more than one channel per group need 4 channels; a
  // depthwise conv with channel multiplier 2 needs O = 2 C.
  for (const Channels& ch : {Channels{4, 2, 2}, Channels{4, 4, 2}, Channels{2, 4, 2}})
    if ((!known_c || *known_c == ch.c) && (!known_o || *known_o == ch.o))
      if (std::find_if(out.begin(), out.end(), [&](const Channels& x) {
            return x.c == ch.c && x.o == ch.o && x.g == ch.g;
          }) == out.end())
        out.push_back(ch);
  return out;
}

namespace {

/// Whether the dimensions > 1 of `s` are pairwise distinct, and every dimension is > 1
/// except at the positions `ones_ok` allows.
bool distinct_dims(const std::array<int64_t, 4>& s, unsigned ones_ok = 0) {
  for (size_t a = 0; a < 4; ++a) {
    if (s[a] < 1) return false;
    if (s[a] == 1) {
      if (!((ones_ok >> a) & 1)) return false;
      continue;
    }
    for (size_t b = a + 1; b < 4; ++b)
      if (s[a] == s[b]) return false;
  }
  return true;
}

/// One family of distinguishing configurations: its kernel, stride, padding, dilation
/// and group choices.
struct Family {
  std::vector<int64_t> kernels, strides, pads, dilations;
  enum Groups { One, Depthwise, Two } groups = One;
  /// Output channels equal to the input channels (a rule may tie them, e.g. a residual
  /// read from the conv's own input): that equality is then allowed in w.
  bool same_channels = false;
};

}  // namespace

/// The search behind distinct_windows.
std::vector<DistinctWindow> search_distinct_windows(const WindowFixed& f);

std::vector<DistinctWindow> distinct_windows(const WindowFixed& f) {
  // Memoised: a search site asks with the same fixed parts for every combination of the
  // choices before it.
  static std::mutex mu;
  static std::map<std::string, std::vector<DistinctWindow>> memo;
  auto opt = [](const auto& v) {
    if (!v) return std::string("-");
    std::string t;
    for (int64_t x : *v) t += std::to_string(x) + ",";
    return t;
  };
  const std::string key = fmt::format("{}|{}|{}|{}|{}|{}|{}|{}", f.conv, opt(f.x), opt(f.w),
                                      f.groups ? std::to_string(*f.groups) : "-", opt(f.strides),
                                      opt(f.padding), opt(f.dilation), opt(f.pool_size));
  {
    std::lock_guard lock(mu);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
  }
  std::vector<DistinctWindow> found = search_distinct_windows(f);
  std::lock_guard lock(mu);
  memo.emplace(key, found);
  return found;
}

std::vector<DistinctWindow> search_distinct_windows(const WindowFixed& f) {
  const std::vector<int64_t> ks = {2, 3, 4, 5};
  std::vector<Family> families;
  // Each axis is padded (symmetrically) or not on its own where the family allows both.
  if (f.conv) {
    families = {{ks, {1}, {0}, {1}},
                {ks, {1}, {0, 1}, {1}},
                {ks, {2}, {0, 1}, {1}},
                {{2, 3}, {1}, {0, 1}, {2}},
                {{1}, {1}, {0}, {1}},
                {ks, {1}, {0}, {1}, Family::Depthwise},
                {ks, {1}, {0, 1}, {1}, Family::Depthwise},
                {ks, {1}, {0, 1}, {1}, Family::Two},
                {ks, {1}, {0, 1}, {1}, Family::One, true},
                {{1}, {1}, {0}, {1}, Family::One, true}};
  } else {
    families = {{ks, {1}, {0}, {1}}, {ks, {1}, {0, 1}, {1}}, {ks, {2}, {0, 1}, {1}}};
  }
  auto pick = [](const std::optional<std::vector<int64_t>>& fixed, size_t a,
                 const std::vector<int64_t>& mine) -> std::vector<int64_t> {
    if (fixed && a < fixed->size()) return {(*fixed)[a]};
    return mine;
  };
  std::vector<DistinctWindow> out;
  for (const Family& fam : families) {
    std::optional<DistinctWindow> best;
    int64_t best_size = 0;
    // Per axis: (input size, kernel, stride, pad, dilation) and the output size.
    std::vector<std::pair<AxisConfig, int64_t>> axes[2];
    for (size_t a = 0; a < 2; ++a) {
      const std::vector<int64_t> sizes =
          f.x ? std::vector<int64_t>{(*f.x)[2 + a]} : std::vector<int64_t>{4, 5, 6, 7, 8};
      std::vector<int64_t> kk = fam.kernels;
      if (f.w) kk = {(*f.w)[2 + a]};
      if (!f.conv) kk = pick(f.pool_size, a, fam.kernels);
      for (int64_t size : sizes)
        for (int64_t k : kk)
          for (int64_t st : pick(f.strides, a, fam.strides))
            for (int64_t d : pick(f.dilation, a, fam.dilations)) {
              std::vector<std::pair<int64_t, int64_t>> pads;
              if (f.padding && f.padding->size() == 4)
                pads = {{(*f.padding)[a], (*f.padding)[2 + a]}};
              else
                for (int64_t p : fam.pads) pads.push_back({p, p});
              for (auto [pb, pe] : pads) {
                if (st < 1 || d < 1 || size + pb + pe < (k - 1) * d + 1) continue;
                const int64_t os = (size + pb + pe - (k - 1) * d - 1) / st + 1;
                axes[a].push_back({AxisConfig{size, k, st, pb, pe, d}, os});
              }
            }
    }
    const std::vector<int64_t> ns = f.x ? std::vector<int64_t>{(*f.x)[0]} : std::vector<int64_t>{2};
    const std::vector<int64_t> cs =
        f.x ? std::vector<int64_t>{(*f.x)[1]} : std::vector<int64_t>{3, 4, 6};
    const bool one_by_one = fam.kernels == std::vector<int64_t>{1};
    for (int64_t n : ns)
      for (int64_t c : cs)
        for (int64_t o = 2; o <= 8; ++o) {
          int64_t g = 1;
          if (fam.groups == Family::Depthwise) g = c;
          if (fam.groups == Family::Two) g = 2;
          if (f.groups) g = *f.groups;
          if (!f.conv) {
            if (o != 2) break;  // a pool keeps its channels: one pass
            o = c, g = 1;
          }
          if (g < 1 || c % g != 0 || o % g != 0) continue;
          if (fam.groups == Family::Depthwise && (g != c || o != c)) continue;
          if (fam.same_channels && o != c) continue;
          if (f.w && ((*f.w)[0] != o || (*f.w)[1] * g != c)) continue;
          unsigned ones = one_by_one ? 0b1100u : 0;
          if (fam.groups == Family::Depthwise) ones |= 0b10u;
          // w [o, c, KH, KW] with o == c: compare [o, KH, KW] only.
          auto w_ok = [&](const AxisConfig& h, const AxisConfig& w) {
            if (!fam.same_channels) return distinct_dims({o, c / g, h.k, w.k}, ones);
            return distinct_dims({o, 1, h.k, w.k}, ones | 0b10u);
          };
          for (const auto& [h, oh] : axes[0])
            for (const auto& [w, ow] : axes[1]) {
              if (!f.x && !distinct_dims({n, c, h.size, w.size})) continue;
              if (!distinct_dims({n, o, oh, ow})) continue;
              if (f.conv && !f.w && !w_ok(h, w)) continue;
              const int64_t size = n * c * h.size * w.size + n * o * oh * ow;
              if (!best || size < best_size)
                best = DistinctWindow{n, {c, o, g}, h, w}, best_size = size;
            }
          if (!f.conv) o = 8;  // done
        }
    if (best && std::find_if(out.begin(), out.end(), [&](const DistinctWindow& d) {
                  return d.n == best->n && d.ch.c == best->ch.c && d.ch.o == best->ch.o &&
                         d.ch.g == best->ch.g && d.h.size == best->h.size && d.h.k == best->h.k &&
                         d.h.s == best->h.s && d.h.pb == best->h.pb && d.h.pe == best->h.pe &&
                         d.h.d == best->h.d && d.w.size == best->w.size && d.w.k == best->w.k &&
                         d.w.s == best->w.s && d.w.pb == best->w.pb && d.w.pe == best->w.pe &&
                         d.w.d == best->w.d;
                }) == out.end())
      out.push_back(*best);
  }
  return out;
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
/// axis: 7, 5, 3, 2 (so that equal sizes mean aligned axes, and windows over the last two
/// axes have room for distinct output sizes).
int64_t distinct_size(size_t from_last) {
  static constexpr int64_t kSizes[] = {7, 5, 3, 2};
  return kSizes[from_last < 4 ? from_last : 3];
}

}  // namespace

namespace {

/// The data shapes of one kind: every dimension 1 or 2 (every broadcast pattern, equal
/// sizes everywhere), or distinct sizes by position (distinct_size) where at most one
/// dimension is 1 — enough for a distinguishing instance of a rule that pins at most one
/// axis to 1 (the symbolic patterns of patterns.h give pointwise rules the rest).
std::vector<Shape> make_data_grid(bool distinct) {
  std::vector<Shape> g;
  for (size_t r = 0; r <= kMaxRank; ++r)
    for (unsigned bits = 0; bits < (1u << r); ++bits) {
      if (distinct && (bits == 0 || std::popcount(bits) + 1 < static_cast<int>(r))) continue;
      Shape s;
      for (size_t k = 0; k < r; ++k) {
        const bool big = (bits >> (r - 1 - k)) & 1;
        s.push_back(!big ? 1 : distinct ? distinct_size(r - 1 - k) : 2);
      }
      g.push_back(s);
    }
  return g;
}

}  // namespace

const std::vector<Shape>& data_grid(bool distinct) {
  static const std::vector<Shape> grids[2] = {make_data_grid(false), make_data_grid(true)};
  return grids[distinct ? 1 : 0];
}

/// Shapes a leaf operand of a broadcasting binary op may take next to an operand of
/// shape `s`: every rank up to kMaxRank and, along every axis aligned (from the last) with
/// an axis of `s` of size d > 1, d or 1; along an axis where `s` has 1 or no axis, 1 or the
/// distinct size of that position (the partner then broadcasts `s`).
std::vector<Shape> broadcast_partners(const Shape& s) {
  std::vector<Shape> out;
  const size_t r = s.size();
  for (size_t pr = 0; pr <= kMaxRank; ++pr)
    for (unsigned bits = 0; bits < (1u << pr); ++bits) {
      Shape p(pr);
      std::vector<int64_t> taken(s.begin(), s.end());
      for (size_t k = pr; k-- > 0;) {
        const bool big = (bits >> k) & 1;
        const size_t from_last = pr - 1 - k;
        const int64_t aligned = from_last < r ? s[r - 1 - from_last] : 1;
        if (!big || aligned > 1) {
          p[k] = !big ? 1 : aligned;
          continue;
        }
        // A new size: the position's, unless `s` or this partner has it already.
        int64_t v = distinct_size(from_last);
        for (int64_t alt : {2, 3, 5, 7, 11, 13, 17, 19})
          if (std::find(taken.begin(), taken.end(), v) != taken.end()) v = alt;
        p[k] = v;
        taken.push_back(v);
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
    // Quantized inference (ops.def): a shift of 0 (no rounding) and one with rounding and
    // ties; zero points and clamps at both ends of int8 and uint8 and inside.
    if (name == "shift") return ints({0, 13});
    if (name == "zero_point" || name == "x_zero_point" || name == "a_zero_point" ||
        name == "b_zero_point")
      return ints({-128, 0, 5, 255});
    if (name == "qmin") return ints({-128, 0, 5});
    if (name == "qmax") return ints({5, 127, 255});
    for (std::string_view flag :
         {"ceil_mode", "count_include_pad", "scale", "center", "trans_a", "trans_b", "has_bias",
          "has_scale", "has_shift", "has_residual", "index"})
      if (name == flag) return ints({0, 1});
    return std::nullopt;
  }
  if (kind == AttrKind::Str && name == "dtype") {
    std::vector<AttrValue> out;
    for (const char* t : {"int8", "uint8"}) out.emplace_back(std::string(t));
    return out;
  }
  if (kind == AttrKind::Str && name == "activation") {
    std::vector<AttrValue> out;
    for (Activation a : all_activations()) out.emplace_back(std::string(activation_name(a)));
    return out;
  }
  return std::nullopt;
}

const std::vector<int64_t>& int_operand_grid() {
  // Against qmin {-128, 0, 5} and qmax {5, 127, 255} (attr_grid): -1 below 0, 0 and 5 equal
  // to a qmin (5 to a qmax too), 6 just above 5, 127 equal to a qmax and inside (5, 255),
  // 200 inside (127, 255). So c < qmin, c = qmin, qmin < c < qmax, c = qmax and c > qmax
  // all occur, each at more than one clamp.
  static const std::vector<int64_t> grid = {-1, 0, 5, 6, 127, 200};
  return grid;
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

std::vector<AttrValue> perm_grid(const Shape& s) {
  std::vector<int64_t> p(s.size());
  std::iota(p.begin(), p.end(), 0);
  std::vector<AttrValue> out;
  do out.emplace_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return out;
}

std::vector<AttrValue> reshape_grid(const Shape& s) {
  std::vector<Shape> targets = {s, Shape{num_elements(s)}};
  for (size_t k = 0; k + 1 < s.size(); ++k) {
    Shape m(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(k));
    m.push_back(s[k] * s[k + 1]);
    m.insert(m.end(), s.begin() + static_cast<std::ptrdiff_t>(k) + 2, s.end());
    targets.push_back(std::move(m));
  }
  targets.emplace_back(s.rbegin(), s.rend());
  Shape first = {1}, last = s, squeezed;
  first.insert(first.end(), s.begin(), s.end());
  last.push_back(1);
  for (int64_t d : s)
    if (d != 1) squeezed.push_back(d);
  targets.push_back(std::move(first));
  targets.push_back(std::move(last));
  targets.push_back(std::move(squeezed));
  if (!s.empty())
    for (int64_t f = 2; f < s.back(); ++f)
      if (s.back() % f == 0) {
        Shape split(s.begin(), s.end() - 1);
        split.push_back(f);
        split.push_back(s.back() / f);
        targets.push_back(std::move(split));
        break;
      }
  std::vector<AttrValue> out;
  for (const Shape& t : targets) {
    if (t.size() > kMaxRank) continue;
    AttrValue v(std::vector<int64_t>(t.begin(), t.end()));
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(std::move(v));
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
