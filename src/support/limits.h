// Resource limits on user input, written once. Every reader of a model, rule or tensor
// file checks its input against these before it allocates or recurses, so that a hostile
// or corrupt file ends in a diagnostic (exit 1) in bounded time and memory, never in a
// signal. The figures are far above what real models need (a ResNet-152 in Relay text is
// about 50,000 tokens, nests 3 deep and has 1,000 nodes) and far below what would exhaust
// the machine. docs/limits.md explains each one.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "support/result.h"

namespace vf::limits {

/// Largest model, rule or tensor file read (ONNX's protobuf has its own 2 GiB limit too).
inline constexpr uint64_t kMaxFileBytes = uint64_t{2} << 30;
/// Most tokens in a Relay or rule file: each costs ~100 bytes in the token stream.
inline constexpr uint64_t kMaxTokens = uint64_t{1} << 21;
/// Deepest nesting of expressions, types and lists: every parser recurses on it, and so do
/// the passes over its syntax tree, each with a few hundred bytes of stack per level.
inline constexpr int kMaxNestingDepth = 256;
/// Most nodes in one graph (statements, bindings, ONNX nodes).
inline constexpr uint64_t kMaxNodes = uint64_t{1} << 22;
/// Highest tensor rank.
inline constexpr int64_t kMaxRank = 64;
/// Most elements of one tensor: a product of dimensions above it is refused before it
/// overflows, and any such tensor times 8 bytes still fits an int64.
inline constexpr int64_t kMaxTensorElements = int64_t{1} << 56;
/// Most elements of one value the ONNX importer computes at import (a shape computation,
/// a constant moved): it is held as int64 or double, 8 bytes per element.
inline constexpr int64_t kMaxFoldElements = int64_t{1} << 24;
/// Errors kept per input; the rest are counted and summarised in one line.
inline constexpr uint64_t kMaxReportedErrors = 100;

/// The number of elements of `shape`, or nullopt when a dimension is negative or the
/// product exceeds kMaxTensorElements (checked before each multiplication).
std::optional<int64_t> checked_num_elements(std::span<const int64_t> shape);

/// Physical memory of this machine in bytes, lowered to the cgroup's memory limit when
/// one is set; 0 when unknown.
uint64_t available_memory_bytes();

/// "12.0 GiB", "512 B": a byte count for messages.
std::string format_bytes(uint64_t bytes);

/// An Error when `needed` bytes exceed what this machine has, naming both figures and
/// `what` needs them ("running the model in the interpreter (float32)"). Ok when the
/// machine's memory is unknown.
Result<void> check_memory(uint64_t needed, std::string_view what);

/// Saturating a + b and a * b, for byte totals that may exceed uint64.
inline uint64_t sat_add(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }
inline uint64_t sat_mul(uint64_t a, uint64_t b) {
  return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

}  // namespace vf::limits
