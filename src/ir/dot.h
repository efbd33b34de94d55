// Graphviz DOT rendering of a graph, for looking at models and at what a rewrite did.
// Each op node is a box labelled with its name, operator and output shape; graph inputs
// are ellipses, constants small grey boxes (or hidden), outputs double octagons; each
// edge is labelled with the shape of the value it carries.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/graph.h"
#include "support/result.h"

namespace vf {

/// What graph_to_dot draws.
struct DotOptions {
  /// Draw constants and their edges; when false they are left out, and each op's label
  /// counts the constant operands it has.
  bool show_constants = true;
  /// Per operator node (by index): a fill colour and a line added to its label (a
  /// target's device, say); empty entries and nodes past the end keep the defaults.
  std::vector<std::pair<std::string, std::string>> node_marks;
};

/// The graph in DOT syntax (`digraph vfuse { ... }`).
std::string graph_to_dot(const Graph& g, const DotOptions& opts = {});

/// Writes graph_to_dot to `path` through a temporary file and a rename.
Result<void> write_dot(const Graph& g, const std::string& path, const DotOptions& opts = {});

}  // namespace vf
