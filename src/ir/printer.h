// The IR text form: a readable listing of a graph that text_parser.h reads back to the
// same graph (same nodes in the same order, same names, attributes, types and constant
// bytes). A listing looks like
//
//   # vfuse graph v1
//   graph(%data: Tensor[(1, 3, 224, 224), float32], %w: weight Tensor[(64, 3, 7, 7), float32]) {
//     %eps = constant(Tensor[(), float32]) [1e-05]
//     %"conv/0" = conv2d(%data, %w, dilation=[1, 1], ...) : Tensor[(1, 64, 218, 218), float32]
//     return %"conv/0"
//   }
//
// Graph inputs that are model parameters (Node::weight) are marked `weight` before their
// type. Value names made only of [A-Za-z0-9_.] print bare after '%', others quoted with C
// escapes. Operands come before attributes; attributes print in Attrs order (sorted by
// name). Every op node states its type after ':'; the parser recomputes and checks it.
// Constant data prints in row-major order: integers in decimal, bools as true/false,
// floats as the shortest decimal that reads back to the same value (NaN as `nan`, or
// `nan(0x7fc00001)` with its bit pattern when it is not the default quiet NaN). Large
// constants can instead be elided (`<elided N values>`, which the parser rejects) or
// moved to a binary weights file (`external(offset, nbytes)`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ir/graph.h"
#include "support/result.h"

namespace vf {

/// How print_graph renders constants.
struct PrintOptions {
  /// Constants with more elements than this print as `<elided N values>` (a listing
  /// for people; it cannot be parsed back). Negative: never elide.
  int64_t elide_constants_over = -1;
  /// When set, every constant prints as `external(offset, nbytes)`, a byte range of this
  /// weights file; write_graph writes the file. Takes precedence over elision.
  std::string weights_path;
};

/// The text form of a graph.
std::string print_graph(const Graph& g, const PrintOptions& opts = {});

/// Writes the text form to `path` and, when opts.weights_path is set, the weights file
/// first. Each file is written to a temporary name and renamed, so a failure never
/// leaves a half-written file at either path.
Result<void> write_graph(const Graph& g, const std::string& path, const PrintOptions& opts = {});

/// Writes only the weights file that print_graph with `weights_path` refers to.
Result<void> write_weights(const Graph& g, const std::string& weights_path);

/// The bytes write_weights writes (vfuse verify compares a stored file with them).
std::string weights_bytes(const Graph& g);

/// `%name`, quoted (`%"a/b:0"`) unless the name is a plain identifier.
std::string value_ref(std::string_view name);

/// Magic bytes at the start of a weights file; constant data starts at kWeightsAlign.
inline constexpr std::string_view kWeightsMagic = "vfuse-weights-v1";
/// Alignment of every constant's data in a weights file, in bytes.
inline constexpr uint64_t kWeightsAlign = 64;

}  // namespace vf
