// Lowering a compiled graph for a hardware target (`--target` on compile, run and dot;
// docs/targets.md): the lowering rules applied and certified like every rewrite, the
// array's program, the lowering certificates and report.json's "target" section.
#pragma once

#include <string>

#include "ir/certified_graph.h"
#include "ir/graph.h"
#include "rewrite/driver.h"
#include "support/diagnostic.h"
#include "support/json.h"
#include "support/result.h"
#include "target/target.h"

namespace vf::pipeline {

/// `cg` lowered for target `t`: the rules of RULES_DIR/lowering whose source is rooted at
/// an operator `t` wants lowered (target::should_lower), applied and certified like every
/// rewrite (proofs from `proofs_dir`). The rule library's problems go to `diags`.
Result<rewrite::RewriteResult> lower_for_target(const CertifiedGraph& cg, const target::Target& t,
                                                const std::string& rules_dir,
                                                const std::string& proofs_dir,
                                                DiagnosticSink& diags);

/// Writes the systolic array's program for `g` on `t` to `path`: per array layer (and
/// group) a header, the tensors it receives from the host and returns to it, and the
/// instructions of target::compile_matmul (docs/targets.md).
Result<void> write_program(const Graph& g, const target::Target& t, const std::string& path);

/// Writes the certificate of every lowering attempt into DIR/target/certificates/ (the
/// applied ones) and DIR/target/certificates/rejected/, as compile writes its rewrites'.
Result<void> write_lowering_certificates(const std::string& dir,
                                         const std::vector<rewrite::RewriteAttempt>& lowered);

/// report.json's "target" section: the spec and every lowering attempt (rule, root,
/// verdict, applied, certificate, split, claims, ms, reason), and the certifying time.
void lowering_json(JsonWriter& j, const target::Target& t, const rewrite::RewriteResult& low);

}  // namespace vf::pipeline
