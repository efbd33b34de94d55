// The clean-up after a rewrite: the rewriter appends a target's nodes at the end of the
// graph and points the replaced root's users at them, which leaves the graph out of
// topological order and the replaced nodes dead.
#pragma once

#include <map>
#include <string>

#include "ir/graph.h"
#include "support/result.h"

namespace vf::rewrite {

/// Puts the nodes of `g` back in a topological order (Boost.Graph's topological sort; a
/// cycle is an Error and leaves `g` unchanged), drops the nodes no output reads (graph
/// inputs stay, in order), and merges constants with equal type and data into the
/// first — except constants named in `keep_apart` (folded constants with a certified
/// error: merged into an exact constant, their error would be lost). Returns whether
/// anything was dropped or merged.
Result<bool> compact_graph(Graph& g,
                           const std::map<std::string, Tensor>* keep_apart = nullptr);

}  // namespace vf::rewrite
