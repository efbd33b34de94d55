// Loads a model file of any supported format into a verified Graph.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "ir/graph.h"
#include "support/diagnostic.h"

namespace vf::cli {

/// What a model needs besides its file: static shapes for inputs with symbolic
/// dimensions (ONNX `dim_param`), by input name.
struct LoadOptions {
  std::map<std::string, Shape> input_shapes;
};

/// Loads `path` by its format: TVM Relay text (`.relay`, or text starting with
/// `#[version`), ONNX (`.onnx`) or the vfuse IR text form (`.vfg`, or text starting with
/// `# vfuse graph`); then verifies it with infer_types. Every problem goes to `diags`.
/// Shapes in `opts` are an error for formats whose inputs are all static.
std::optional<Graph> load_model(const std::string& path, DiagnosticSink& diags,
                                const LoadOptions& opts = {});

/// Parses one `--shape NAME=D0xD1x...` value into `opts`; the Error says what is wrong.
Result<void> parse_shape_binding(const std::string& value, LoadOptions& opts);

}  // namespace vf::cli
