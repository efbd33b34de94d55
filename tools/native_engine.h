// The native engine from the command line (run, bench, check): the options that choose
// it, and the line that describes a build.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli_args.h"
#include "pipeline/run.h"

namespace vf::cli {

/// --threads N: OpenMP threads of the emitted code (1..256, default 1).
OptionSpec native_threads_option(const char* also = "");

/// Reads --threads (1..256); prints a usage error and returns nullopt when it is bad.
std::optional<int> native_threads(const std::string& command, const ParsedArgs& args);

/// A one-line description of a built model: threads, arena, compile time or "cached".
std::string native_summary(const pipeline::NativeBuild& m, int threads);

}  // namespace vf::cli
