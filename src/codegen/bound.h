// How far a native kernel's output may be from the f64 interpreter's, per output element:
// the bound of docs/codegen.md ("How far native results may be from the interpreter") as
// library code, so tests and `vfuse check` evaluate the same formula.
#pragma once

#include <optional>
#include <vector>

#include "ir/graph.h"
#include "ir/tensor.h"
#include "support/result.h"

namespace vf::codegen {

/// Per output element, a bound b on native_distance(native output, f64 interpreter output)
/// for node `id` of `g`, when both read the input values `inputs` (in the node's input
/// order; float32 tensors exactly as the native code reads them; constants included).
/// For the conv2d / fused_conv2d / dense / fused_dense family and matmul (and whatever kernel
/// the emitter picks for them): an F64 tensor of the output's shape. b is finite unless a
/// float32 evaluation of the element could overflow or give NaN where the reference does
/// not; b = 0 where the result is a non-finite value in every evaluation (the reference's
/// NaN or infinity). The f32 interpreter's result is within b too for the direct,
/// small-plane, dense and matmul kernels (another summation order of the same terms). For every
/// other operator: std::nullopt, meaning the native kernel is bit-identical to the f32
/// interpreter. Errors: `inputs` not matching the node's inputs in number or shape.
Result<std::optional<Tensor>> native_error_bound(const Graph& g, NodeId id,
                                                 const std::vector<Tensor>& inputs);

/// The distance the bound measures: |y - r| when both are finite, 0 when both are NaN or
/// both the same infinity, +inf otherwise (a NaN or an infinity where the other is not).
double native_distance(double y, double r);

}  // namespace vf::codegen
