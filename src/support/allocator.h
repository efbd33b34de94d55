// The process's allocator settings for compiling large models.
#pragma once

namespace vf {

/// Keeps freed memory in the process for the next allocation: glibc's malloc otherwise
/// maps every block past its (adaptive) threshold fresh and returns it on free, so each
/// weight-sized temporary of a compile (a tensor read, folded, copied, written) is zeroed
/// page by page by the kernel again. On a GPT-2-small-sized decoder that was a third of
/// the compile's CPU time (6.8 s -> 4.9 s); the peak resident size grows by about 5 %.
/// Call once at the start of a program, before other threads exist. Does nothing where
/// the allocator is not glibc's.
void keep_freed_memory();

}  // namespace vf
