// Whole-graph statistics for reports: operator histogram and arithmetic cost.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "ir/graph.h"

namespace vf {

/// Count of each operator among the graph's op nodes (inputs and constants excluded).
std::map<std::string, int64_t> op_histogram(const Graph& g);

/// Floating-point operations of one node: 2 per multiply-accumulate for conv2d,
/// conv2d_transpose, dense, matmul and gemm (plus their epilogues), one per output element and operation for
/// elementwise ops, one per window tap for pools, zero for data movement.
int64_t node_flops(const Graph& g, const Node& n);

/// Sum of node_flops over the graph.
int64_t graph_flops(const Graph& g);

}  // namespace vf
