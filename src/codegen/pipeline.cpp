#include "codegen/pipeline.h"

#include "lower/lir.h"
#include "lower/memory_plan.h"

namespace vf::codegen {

Result<EmittedModel> lower_and_emit(const CertifiedGraph& g, const EmitOptions& opts) {
  auto program = lir::lower_graph(g);  // lower
  if (!program) return program.error();
  lir::plan_memory(*program);              // plan memory
  return emit_program(g, *program, opts);  // emit
}

Result<EmittedModel> emit_cpp(const CertifiedGraph& g, const EmitOptions& opts) {
  return lower_and_emit(g, opts);
}

}  // namespace vf::codegen
