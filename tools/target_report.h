// `--target` on `vfuse compile`: where each node of the compiled graph runs on a target
// (src/target), printed as a table: per contraction on the array its matmul, simulated
// cycles against the ideal and utilisation, bytes moved; the host's nodes by reason; the
// transfers between devices.
#pragma once

#include <optional>
#include <string>

#include "ir/graph.h"
#include "rewrite/driver.h"
#include "support/json.h"
#include "target/target.h"

namespace vf::cli {

/// `cg` lowered for target `t`: the rules of RULES_DIR/lowering whose source is rooted at
/// an operator `t` wants lowered (target::should_lower), applied and certified like every
/// rewrite (proofs from `proofs_dir`). nullopt after printing the error.
std::optional<rewrite::RewriteResult> lower_for_target(const std::string& command,
                                                       const CertifiedGraph& cg,
                                                       const target::Target& t,
                                                       const std::string& rules_dir,
                                                       const std::string& proofs_dir);

/// Writes the systolic array's program for `g` on `t` to `path`: per array layer (and
/// group) a header, the tensors it receives from the host and returns to it, and the
/// instructions of target::compile_matmul (docs/targets.md).
Result<void> write_program(const Graph& g, const target::Target& t, const std::string& path);

/// Prints the placement of `g` on `t` (stdout) and the lowering rewrites of `lowered`.
void print_target_report(const Graph& g, const target::Target& t,
                         const std::vector<rewrite::RewriteAttempt>& lowered);

/// Writes the certificate of every lowering attempt into DIR/target/certificates/ (the
/// applied ones) and DIR/target/certificates/rejected/, as compile writes its rewrites'.
Result<void> write_lowering_certificates(const std::string& dir,
                                         const std::vector<rewrite::RewriteAttempt>& lowered);

/// report.json's "target" section: the spec and every lowering attempt (rule, root,
/// verdict, applied, certificate, split, claims, ms, reason), and the certifying time.
void lowering_json(JsonWriter& j, const target::Target& t, const rewrite::RewriteResult& low);

/// One line: how many lowerings were certified, in how long, and where their
/// certificates are (`out_dir` empty: not written).
void print_lowering_summary(const rewrite::RewriteResult& low, const std::string& out_dir);

}  // namespace vf::cli
