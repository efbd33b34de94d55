// Loads a model file of any supported format into a verified Graph.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "ir/graph.h"
#include "support/diagnostic.h"

namespace vf::pipeline {

/// What a model needs besides its file: static shapes for inputs with symbolic
/// dimensions (ONNX `dim_param`), by input name; whether to load a compile output whose
/// files do not match its report.
struct LoadOptions {
  std::map<std::string, Shape> input_shapes;
  bool trust_unverified = false;
};

/// Loads `path` by its format: TVM Relay text (`.relay`, or text starting with
/// `#[version`), ONNX (`.onnx`) or the vfuse IR text form (`.vfg`, or text starting with
/// `# vfuse graph`); a directory holding a model.vfg is that file (a compile output).
/// A .vfg with a report.json next to it is a compile output: unless
/// `opts.trust_unverified`, every file the report lists must match its hash first
/// (compile_output.h). Then verifies the graph with infer_types. Every problem goes to
/// `diags`. Shapes in `opts` are an error for formats whose inputs are all static.
std::optional<Graph> load_model(const std::string& path, DiagnosticSink& diags,
                                const LoadOptions& opts = {});

/// The file load_model reads for `path`: DIR/model.vfg when `path` is a directory,
/// else `path`.
std::string model_file(const std::string& path);

/// Parses one `--shape NAME=D0xD1x...` value into `opts`; the Error says what is wrong.
Result<void> parse_shape_binding(const std::string& value, LoadOptions& opts);

}  // namespace vf::pipeline
