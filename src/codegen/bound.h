// How far a native kernel's output may be from the f64 interpreter's, per output element:
// the reassociation bound of docs/codegen.md ("How far native results may be from the
// interpreter") as library code, so tests and `vfuse check` evaluate the same formula.
#pragma once

#include <optional>
#include <vector>

#include "ir/graph.h"
#include "ir/tensor.h"
#include "support/result.h"

namespace vf::codegen {

/// Per output element, a bound on |native output - f64 interpreter output| for node `id`
/// of `g`, when both read the input values `inputs` (in the node's input order; float32
/// tensors exactly as the native code reads them; constants included).
/// For the conv2d / fused_conv2d / dense / fused_dense family (and whatever kernel the
/// emitter picks for them): the bound of docs/codegen.md, as an F64 tensor of the
/// output's shape. For every other operator: std::nullopt, meaning the native kernel is
/// bit-identical to the f32 interpreter (docs/codegen.md lists the one NaN max-pool
/// exception). Errors: `inputs` not matching the node's inputs in number or shape.
Result<std::optional<Tensor>> native_error_bound(const Graph& g, NodeId id,
                                                 const std::vector<Tensor>& inputs);

}  // namespace vf::codegen
