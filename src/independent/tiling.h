// The first check of vfuse verify --independent (docs/independent.md): the regions that
// report.json records tile both graphs, and the values that cross from one region to
// another are the same values, by name, on both sides. Nothing here is taken from the
// compile: the record is a claim that this file checks against the two graphs.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "support/result.h"

namespace vf::independent {

/// A group of operator nodes of the model (`original`) and of the compiled graph
/// (`compiled`) claimed to compute the same values (report.json's "regions").
struct Region {
  std::vector<std::string> original;
  std::vector<std::string> compiled;
};

/// One graph's side of a tiling.
struct Side {
  const Graph* graph = nullptr;
  /// Per node: constant-valued (a constant, or an operator over constant-valued nodes
  /// only). Such nodes are values a region reads, not members of a region.
  std::vector<bool> konst;
  /// Per node: the region that holds it; -1 for graph inputs and constant-valued nodes.
  std::vector<int> region;
};

/// A checked tiling: both sides, and per region the names of the non-constant values it
/// reads from outside (`inputs`) and of the values it must reproduce (`outputs`: read by
/// another region or a graph output). Each such name is a node of both graphs, in the
/// same region on both sides (or a graph input of both), of the same type.
struct Tiling {
  Side original, compiled;
  std::vector<std::vector<std::string>> inputs, outputs;
  /// Regions in an order where each reads only values of earlier regions.
  std::vector<int> order;
};

/// Checks that `regions` tile `original` and `compiled` (docs/independent.md, "Step 1",
/// checks 1 to 4); the Error names the region or node.
Result<Tiling> check_tiling(const Graph& original, const Graph& compiled,
                            std::span<const Region> regions);

/// "region 7 ('21': conv2d, multiply, add, relu -> fused_conv2d)", for messages.
std::string region_name(const Tiling& t, std::span<const Region> regions, int k);

}  // namespace vf::independent
