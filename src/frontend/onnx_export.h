// Exporter of a graph to standard ONNX (opset 13), so that ONNX Runtime can run the very
// same model vfuse runs.
//
// Every constant (and every bound weight input) becomes an initializer; unbound inputs
// stay graph inputs with their static shapes. Operators the ONNX standard lacks are
// written as their standard decomposition: fused_conv2d / fused_dense as Conv / Gemm
// followed by Mul, Add and the activation; batch_norm with scale=0 or center=0 with unit
// gamma / zero beta initializers. Names are kept: ONNX value names are the IR node names.
#pragma once

#include <string>

#include "ir/graph.h"
#include "support/result.h"

namespace vf {

/// Serializes `g` (types inferred) as an ONNX ModelProto.
Result<std::string> export_onnx(const Graph& g);
/// Writes export_onnx(g) to `path` atomically (nothing half-written on failure).
Result<void> export_onnx_file(const Graph& g, const std::string& path);

}  // namespace vf
