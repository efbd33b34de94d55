// The bounded grid of a rule proof: the shapes and attribute values instances are built
// from (docs/proofs.md lists them). Changing any of it changes what a stored proof
// covers: bump kProverVersion (verify/proof_store.h) with it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "dsl/check.h"
#include "ir/attrs.h"
#include "ir/op.h"
#include "ir/shape.h"

namespace vf::verify {

/// One spatial axis of a window op: input size, kernel, stride, padding before and
/// after, dilation.
struct AxisConfig {
  int64_t size, k, s, pb, pe, d;
};

// 1x1; 3 "same"; 3 stride 2; asymmetric padding; 2 stride 2; dilation 2 with one-sided
// padding; padding 2 around a size 2 input (windows mostly padding); size 1; 1x1 with
// padding (border outputs see only padding).
inline constexpr AxisConfig kAxes[] = {{3, 1, 1, 0, 0, 1}, {3, 3, 1, 1, 1, 1}, {4, 3, 2, 1, 1, 1},
                                       {3, 2, 1, 0, 1, 1}, {4, 2, 2, 0, 0, 1}, {4, 2, 1, 1, 0, 2},
                                       {2, 3, 1, 2, 2, 1}, {1, 1, 1, 0, 0, 1}, {2, 1, 1, 1, 1, 1}};
/// Window configurations: (height axis, width axis) pairs of kAxes.
inline constexpr std::pair<int, int> kWindows[] = {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4},
                                                   {5, 5}, {6, 6}, {7, 7}, {8, 8}, {1, 3},
                                                   {3, 1}, {2, 0}, {0, 2}, {5, 6}, {6, 5}};

/// Convolution channels: input C, output O, groups G (G divides both).
struct Channels {
  int64_t c, o, g;
};

/// Highest rank of the grid's shapes. Rules are proved for ranks 0 to kMaxRank only: the
/// DSL rejects a rule whose preconditions need a higher rank, and the rewriter does not
/// apply a rule at a match with a higher-rank leaf (docs/proofs.md, "Ranks").
inline constexpr size_t kMaxRank = static_cast<size_t>(dsl::kMaxProvedRank);

/// A whole window-op configuration: batch, channels and the two axes.
struct DistinctWindow {
  int64_t n;
  Channels ch;
  AxisConfig h, w;
};

/// What a rule fixes of a window op before the grid chooses: shapes of x and w already
/// chosen, attribute values that are literals or already assigned.
struct WindowFixed {
  bool conv = true;
  std::optional<Shape> x, w;
  std::optional<int64_t> groups;
  std::optional<std::vector<int64_t>> strides, padding, dilation, pool_size;
};

/// Distinguishing configurations for a window op (docs/proofs.md, "Distinguishing
/// instances"): batch, channels, kernel and spatial sizes > 1 and pairwise distinct within
/// each of x, w and the output, found by a small search that respects what is fixed — one
/// per family (unpadded, padded, stride 2, dilation 2, 1x1, depthwise, two groups; pools:
/// unpadded, padded, stride 2), smallest first. A family the fixed parts rule out is left
/// out.
std::vector<DistinctWindow> distinct_windows(const WindowFixed& fixed);

/// Sizes of dense / matmul instances: x [n, k] (or [b, n, k] when b > 0), w [m, k].
struct DenseSizes {
  int64_t b, n, k, m;
};

/// The dense / matmul grid: n in 1..2, k and m in 1..3, rank 3 [2, 1, k], and two
/// configurations whose sizes are all distinct.
const std::vector<DenseSizes>& dense_grid();

/// Which grid: `Default` (the windows above), or `Deep`: also every window with one axis
/// drawn exhaustively from input 1–5, kernel 1–3, stride 1–2, padding 0–2 at each end and
/// dilation 1–2 (the other axis 1×1), for an offline check beyond the default grid.
enum class Grid { Default, Deep };

/// "default" / "deep".
std::string_view grid_name(Grid g);

/// The (height, width) window configurations of a grid, the default ones first.
const std::vector<std::pair<AxisConfig, AxisConfig>>& window_grid(Grid g);

/// (C, O, G) combinations: C and O in 1..3 (or the known ones) with every group count
/// dividing both, plus C = 4 with 2 groups (O 2 and 4) and C = 2, O = 4 with 2 groups (a
/// depthwise conv with channel multiplier 2).
std::vector<Channels> channel_grid(std::optional<int64_t> known_c, std::optional<int64_t> known_o);

/// Data shapes for a leaf with no other context, ranks 0 to kMaxRank: every dimension 1
/// or 2 (`distinct` false), or the patterns with at most one dimension 1 with distinct
/// sizes (7, 5, 3, 2 by position counted from the last axis), so that no two axes of a
/// tensor look alike (`distinct` true: the distinguishing instances' shapes).
const std::vector<Shape>& data_grid(bool distinct);

/// Shapes a leaf operand of a broadcasting binary op may take next to an operand of
/// shape `s`: every rank 0 to kMaxRank and, along every axis, each choice of "1 or that
/// size" that broadcasting allows (the size of `s`'s aligned axis; where `s` has 1 or no
/// axis, the distinct size of that position, which broadcasts the other way).
std::vector<Shape> broadcast_partners(const Shape& s);

/// Values of an int / string attribute the grid enumerates, by attribute name; nullopt
/// when the grid has none (the rule must then fix the attribute).
std::optional<std::vector<AttrValue>> attr_grid(std::string_view name, AttrKind kind);

/// Values of an int attribute variable read as a source operand (`minimum(%y, $c)` in a
/// bv rule): the value of a scalar constant, which no attribute's grid covers. Every
/// value of the quantized clamps' and zero points' grids, and values strictly below,
/// between and above them, so that a comparison with any of those attributes goes each
/// way at some instance.
const std::vector<int64_t>& int_operand_grid();

/// `pad`'s pads for a rank-r input.
std::vector<AttrValue> pads_grid(size_t r);

/// `transpose`'s perm for an input of shape `s`: every permutation of its axes.
std::vector<AttrValue> perm_grid(const Shape& s);

/// `reshape`'s target shapes for an input of shape `s`: the same shape, every axis merged
/// into one, each pair of neighbouring axes merged, the axes in reverse order, a unit axis
/// put first and last, the unit axes dropped, and the last axis split into its smallest
/// factor and the rest (those that differ from each other; each has s's element count).
std::vector<AttrValue> reshape_grid(const Shape& s);

/// conv2d, fused_conv2d, max_pool2d, avg_pool2d: their windows come from kWindows.
bool is_window_op(OpKind op);

/// An attribute a window configuration sets (strides, padding, dilation, groups,
/// pool_size) of a window op.
bool is_window_attr(OpKind op, std::string_view name);

}  // namespace vf::verify
