// `--target` on `vfuse compile`: where each node of the compiled graph runs on a target
// (src/target), printed as a table: per contraction on the array its matmul, simulated
// cycles against the ideal and utilisation, bytes moved; the host's nodes by reason; the
// transfers between devices. The lowering itself is pipeline/lowering.h.
#pragma once

#include <optional>
#include <string>

#include "ir/graph.h"
#include "pipeline/lowering.h"
#include "rewrite/driver.h"
#include "target/target.h"

namespace vf::cli {

/// pipeline::lower_for_target; nullopt after printing the diagnostics and the error.
std::optional<rewrite::RewriteResult> lower_for_target(const std::string& command,
                                                       const CertifiedGraph& cg,
                                                       const target::Target& t,
                                                       const std::string& rules_dir,
                                                       const std::string& proofs_dir);

/// Prints the placement of `g` on `t` (stdout) and the lowering rewrites of `lowered`.
void print_target_report(const Graph& g, const target::Target& t,
                         const std::vector<rewrite::RewriteAttempt>& lowered);

/// One line: how many lowerings were certified, in how long, and where their
/// certificates are (`out_dir` empty: not written).
void print_lowering_summary(const rewrite::RewriteResult& low, const std::string& out_dir);

}  // namespace vf::cli
