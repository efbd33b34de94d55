// The static memory plan of a lowered program: a lifetime per activation buffer, read
// off the instruction list, and an offset per activation buffer in one arena, so that
// buffers whose lifetimes overlap never share an address.
#pragma once

#include <cstdint>

#include "lower/lir.h"
#include "support/result.h"

namespace vf::lir {

/// Arena offsets are multiples of this many 4-byte words (64 bytes: one cache line, one
/// AVX-512 vector). A buffer occupies Buffer::words() words: its dtype's size, so that an
/// int8 activation takes a quarter of a float32 one.
inline constexpr int64_t kArenaAlignment = 16;

/// Sets every Activation buffer's lifetime from `p.instrs`: `first_use` is the index of
/// the first instruction that writes it, `last_use` the last instruction that reads or
/// writes it (a view's readers read the viewed buffer; an in-place chain is one buffer).
/// Other buffers get -1 for both.
void compute_lifetimes(Program& p);

/// Computes lifetimes, then places the Activation buffers in one arena by interval
/// colouring (greedy by decreasing size, each at the lowest aligned offset that is free
/// over its lifetime) and sets `arena_elements` and `activation_elements`.
void plan_memory(Program& p);

/// Checks a planned program: lifetimes are what the instructions say (no activation read
/// before it is written), offsets are aligned and inside the arena, no two Activation
/// buffers with overlapping lifetimes overlap in memory, no instruction writes a buffer it
/// reads unless it is in place, the totals are right. The error names the first
/// violation.
Result<void> verify_plan(const Program& p);

}  // namespace vf::lir
