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

/// Checks program `p` against `g` (the graph it was lowered from): the buffers' kinds,
/// sizes and types; every instruction's operator, operands and shapes its node's (a chain
/// stage's its own node's); every operand read from the buffer that holds its value when
/// the instruction runs; no value overwritten (in the arena: any overlapping words) before
/// its last reader, or before the end for a graph output; in place only for elementwise
/// instructions over a value that dies there; the graph outputs in their buffers at the
/// end. The Error names the instruction, the buffers and the values.
Result<ProgramSummary> check_program(const Graph& g, const lir::Program& p);

}  // namespace vf::independent
