// The native engine from the command line (run, bench, check): the options that choose
// it, and one call that builds a certified graph into a loaded NativeModel, reporting
// failures the way every command does.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli_args.h"
#include "codegen/native.h"
#include "ir/certified_graph.h"

namespace vf::cli {

/// --threads N: OpenMP threads of the emitted code (1..256, default 1).
OptionSpec native_threads_option(const char* also = "");

/// Reads --threads (1..256); prints a usage error and returns nullopt when it is bad.
std::optional<int> native_threads(const std::string& command, const ParsedArgs& args);

/// Emits, compiles (or finds in the cache, $VFUSE_CACHE_DIR/native) and loads `g`; on
/// failure prints the emitter's or the compiler's message and sets `exit_code`.
std::optional<codegen::NativeModel> build_native(const std::string& command,
                                                 const CertifiedGraph& g, int threads,
                                                 int& exit_code);

/// A one-line description of a built model: threads, arena, compile time or "cached".
std::string native_summary(const codegen::NativeModel& m, int threads);

}  // namespace vf::cli
