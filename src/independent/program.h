// Step 3 of vfuse verify --independent (docs/independent.md, "The lowered program"): a
// lowered program and its memory plan (lir::Program, read as data: this library does not
// link src/lower) checked against the graph it claims to compute, by a simulation over
// abstract memory with liveness computed here.
#pragma once

#include <cstdint>
#include <string>

#include "ir/graph.h"
#include "lower/lir.h"
#include "support/result.h"

namespace vf::independent {

/// What a checked program holds.
struct ProgramSummary {
  size_t instructions = 0, buffers = 0, in_place = 0, stages = 0;
  int64_t arena_words = 0;
};

/// Checks program `p` against `g`, the graph it was lowered from (docs/independent.md,
/// "Step 3", checks 1 to 4); the Error names the instruction, the buffers and the values.
Result<ProgramSummary> check_program(const Graph& g, const lir::Program& p);

}  // namespace vf::independent
