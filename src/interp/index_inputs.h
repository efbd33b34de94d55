// Integer graph inputs (token ids, attention masks): what range their values have in a
// model, for seeded inputs and for checking given ones.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "ir/graph.h"
#include "ir/tensor.h"
#include "support/result.h"

namespace vf {

/// The rows of the smallest table integer input `id` indexes: n of every gather reading
/// it as ids (directly or through views), the least of them; nullopt when no gather does.
std::optional<int64_t> index_rows(const Graph& g, NodeId id);

/// Whether a gather, cast or where (ops.def's Indexed operators) reads input `id`, directly
/// or through views: run-time integer data (ids, a mask), not quantized activations.
bool read_by_indexed_op(const Graph& g, NodeId id);

/// Checks the integer inputs given in `inputs`: an id read by a gather lies in [-n, n)
/// (ops.def: a negative id wraps once; index_rows). ONNX Runtime refuses other ids and
/// gather would clamp them, so `vfuse run / check / bench` refuse them with the input, the
/// element and the range. Float inputs and inputs `g` does not have are not looked at.
Result<void> check_index_inputs(const Graph& g, const std::map<std::string, Tensor>& inputs);

}  // namespace vf
