// The back end as named steps, in the order they run: lower (lir::lower_graph: buffers,
// views, in-place elementwise ops) -> plan memory (lir::plan_memory: offsets in one arena)
// -> emit (emit_program: C++ over vfrt.h). The front half of the compiler, import ->
// rewrite, is src/pipeline/compile.h (load, prepare, rewrite: rewrite::Driver::run).
#pragma once

#include "codegen/emit.h"
#include "ir/certified_graph.h"
#include "support/result.h"

namespace vf::codegen {

/// Lowers `g`, plans the program's memory and emits it. Errors: those of lir::lower_graph
/// and emit_program.
Result<EmittedModel> lower_and_emit(const CertifiedGraph& g, const EmitOptions& opts = {});

}  // namespace vf::codegen
