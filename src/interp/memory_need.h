// How much memory a run of a graph needs, computed from its types before anything is
// allocated, so that a model too large for the machine is refused with the figure
// instead of failing inside an allocation (std::bad_alloc, or the OOM killer).
#pragma once

#include <cstdint>
#include <string_view>

#include "interp/interpreter.h"
#include "ir/graph.h"
#include "support/result.h"

namespace vf {

/// Bytes of one value of the interpreter at `p` (float or double).
inline uint64_t bytes_per_value(Precision p) { return p == Precision::F32 ? 4 : 8; }

/// The interpreter's peak memory for running `g` (verified by infer_types) with
/// `value_bytes` bytes per element, following its evaluation order exactly: values live
/// from their node to their last use, an input also holds the tensor it is read from while
/// it is converted, and the outputs are copied at the end. Saturates at UINT64_MAX (a
/// shape whose element count overflows counts as UINT64_MAX bytes).
uint64_t interpreter_peak_bytes(const Graph& g, uint64_t value_bytes);

/// An Error naming both figures when running `g` in the interpreter with `value_bytes`
/// per element needs more memory than this machine has (limits::check_memory).
Result<void> check_interpreter_memory(const Graph& g, uint64_t value_bytes);

/// An Error naming both figures when the tensors of `g`'s weights (the inputs flagged
/// `weight`, which `bind_weights` and `vfuse export` generate from the seed) need more memory
/// than this machine has; `what` says what would hold them ("binding the model's weights").
Result<void> check_weight_memory(const Graph& g, std::string_view what);

}  // namespace vf
