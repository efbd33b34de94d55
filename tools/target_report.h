// `--target` on `vfuse compile`: where each node of the compiled graph runs on a target
// (src/target), printed as a table: per contraction on the array its matmul, simulated
// cycles against the ideal and utilisation, bytes moved; the host's nodes by reason; the
// transfers between devices.
#pragma once

#include "ir/graph.h"
#include "target/target.h"

namespace vf::cli {

/// Prints the placement of `g` on `t` (stdout).
void print_target_report(const Graph& g, const target::Target& t);

}  // namespace vf::cli
