// Exporter of a graph to standard ONNX (opset 13, IR version 7), so that ONNX Runtime can
// run the very same model vfuse runs.
//
// Every constant (and every bound weight input) becomes an initializer; unbound inputs
// stay graph inputs with their static shapes. Operators the ONNX standard lacks are
// written as their standard decomposition: fused_conv2d / fused_dense as Conv / Gemm
// followed by Mul, Add and the activation, in epilogue_at's order; batch_norm with
// scale=0 or center=0 with unit gamma / zero beta initializers (on an axis other than 1,
// as its formula); hard_swish as x * Clip(x + 3, 0, 6) / 6 (our roundings; HardSwish is
// opset 14); rsqrt as Reciprocal(Sqrt); split as a Slice; upsampling as Resize (nearest,
// asymmetric, floor); conv2d_transpose as ConvTranspose (same layout). Names are kept:
// ONNX value names are the IR node names, and the helper values a decomposition needs
// are named "<node>/<step>". Every IR value's type is declared (value_info), so ONNX
// shape inference checks it.
//
// Quantized inference: quantize / dequantize as QuantizeLinear / DequantizeLinear,
// qconv2d (qdense without bias) with its requantize as its only reader as QLinearConv
// (QLinearMatMul) with x_scale = y_scale = 1 and w_scale = m / 2^shift, other qconv2d /
// qdense as ConvInteger / MatMulInteger and an int32 Add of the bias, other requantize as
// DequantizeLinear -> [Clip] -> QuantizeLinear, dequantize(q, 1) -> [subtract z[c]] ->
// multiply s[c] as one per-axis DequantizeLinear (docs/onnx.md, "Quantized models").
//
// Not expressible at opset 13, an Error naming the node: avg_pool2d with dilation, and a
// reshape whose target has a 0 where the input has not (ONNX reads it as "copy").
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/graph.h"
#include "support/result.h"

namespace vf {

/// Serializes `g` (types inferred) as an ONNX ModelProto.
Result<std::string> export_onnx(const Graph& g);
/// Writes export_onnx(g) to `path` atomically (nothing half-written on failure).
Result<void> export_onnx_file(const Graph& g, const std::string& path);
/// What a serialized ONNX model holds, read back (for tests and reports).
struct OnnxModelSummary {
  int64_t ir_version = 0;
  int64_t opset = 0;  ///< version of the default domain
  std::string producer;
  std::vector<std::pair<std::string, TensorType>> inputs, outputs;
  std::vector<std::pair<std::string, Tensor>> initializers;
  std::vector<std::string> node_ops;      ///< op_type of each node, in order
  std::vector<std::string> node_outputs;  ///< first output of each node
};
/// Reads the summary of a serialized model; an undecodable model or a tensor vfuse has
/// no dtype for is an Error.
Result<OnnxModelSummary> summarize_onnx_model(const std::string& bytes);
/// Runs onnx::checker::check_model and strict ONNX shape inference (types checked, an
/// inferred shape that differs from a declared one is an error) on a serialized model.
Result<void> check_onnx_model(const std::string& bytes);

}  // namespace vf
