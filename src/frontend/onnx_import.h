// Importer for ONNX models (opsets 9 to 17) into the graph IR.
//
// Graph inputs that are not initializers become graph inputs; initializers and Constant
// nodes become constants. Symbolic dimensions (`dim_param`) are bound from
// ImportOptions::input_shapes; a missing binding is an error naming the input and its
// symbolic dimensions. Shape-computing subgraphs (Shape, Gather, Slice, Concat, Cast,
// Unsqueeze on integer tensors) are evaluated at import, so every tensor of the result is
// static. Identity, Dropout (inference) and float-to-float Cast are elided. Node names
// are the ONNX node's output name (unique in a graph). Unsupported operators are reported
// together, one diagnostic each with the node's name, before anything is returned.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "ir/graph.h"
#include "ir/shape.h"
#include "ir/tensor.h"
#include "support/diagnostic.h"
#include "support/result.h"

namespace vf {

struct OnnxImportOptions {
  /// Full static shapes of graph inputs by ONNX name (`--shape x=1x3x48x192`); needed for
  /// every input with a symbolic dimension, checked against the static dimensions.
  std::map<std::string, Shape> input_shapes;
  /// Graph inputs whose values are fixed at import, by ONNX name: they become constants
  /// like initializers (shape parameters such as Reshape's target or Clip's bounds that
  /// a model takes as inputs; the conformance tests feed them this way).
  std::map<std::string, Tensor> known_inputs;
};

/// Imports an ONNX ModelProto held in `bytes`; `display_name` names it in diagnostics.
/// On failure returns nullopt and `diags` holds every error.
std::optional<Graph> import_onnx(const std::string& bytes, const std::string& display_name,
                                 const OnnxImportOptions& opts, DiagnosticSink& diags);
/// Loads and imports a file; a missing or unreadable file is one diagnostic.
std::optional<Graph> import_onnx_file(const std::string& path, const OnnxImportOptions& opts,
                                      DiagnosticSink& diags);

/// Reads a serialized onnx.TensorProto (the `input_0.pb` files of the ONNX test data).
Result<Tensor> read_onnx_tensor_file(const std::string& path);

/// The distinct operators of an ONNX model file ("domain.Op" outside the default domain).
Result<std::vector<std::string>> onnx_operators_in_file(const std::string& path);

/// The names of a model file's graph inputs that are not initializers, in order.
Result<std::vector<std::string>> onnx_graph_input_names(const std::string& path);

/// The ONNX operators the importer maps to IR operators (sorted), for reports and the
/// conformance test; Shape, Gather, Range and ConstantOfShape are also read, but only in
/// shape computations evaluated at import.
const std::vector<std::string>& onnx_supported_ops();

}  // namespace vf
