// The export flow: a model written as standard ONNX (opset 13), its weights without data
// seeded as `vfuse run --seed N` seeds them, so that ONNX Runtime runs the same model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "support/result.h"

namespace vf::pipeline {

/// How to export.
struct ExportOptions {
  /// Seed of the values of weights without data (Relay parameters).
  uint64_t seed = 0;
};

/// What was written.
struct ExportResult {
  /// The weights given seeded values, and the graph's inputs (data inputs and weights) by
  /// name, in order.
  size_t seeded_weights = 0;
  std::vector<std::string> inputs;
};

/// Writes `g` (loaded from `model`, which the Error names) to the ONNX file `out`.
/// Errors: the weights need more memory than the machine has; an operator without an ONNX
/// form (nothing is written then).
Result<ExportResult> export_model(Graph g, const std::string& model, const std::string& out,
                                  const ExportOptions& opts = {});

}  // namespace vf::pipeline
