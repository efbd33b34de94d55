// Loads a model file of any supported format into a verified Graph.
#pragma once

#include <optional>
#include <string>

#include "ir/graph.h"
#include "support/diagnostic.h"

namespace vf::cli {

/// Loads `path` by its format: TVM Relay text (`.relay`, or text starting with
/// `#[version`) or the vfuse IR text form (`.vfg`, or text starting with
/// `# vfuse graph`); then verifies it with infer_types. Every problem goes to `diags`.
std::optional<Graph> load_model(const std::string& path, DiagnosticSink& diags);

}  // namespace vf::cli
