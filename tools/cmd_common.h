// Helpers shared by subcommands: loading the single MODEL argument, reporting errors.
#pragma once

#include <optional>
#include <string>

#include "cli_args.h"
#include "ir/graph.h"

namespace vf::cli {

/// The --help option every command accepts.
inline OptionSpec help_option() { return {"help", 'h', "", "show this help"}; }
/// The --shape option of every command that loads a model (ONNX symbolic dimensions).
inline OptionSpec shape_option() {
  return {"shape", 0, "NAME=D0xD1x...",
          "static shape of an ONNX input with symbolic dimensions (repeatable)"};
}

/// Checks that exactly one positional MODEL was given and loads it; on failure prints
/// the diagnostics (or the usage error) and sets `exit_code`.
std::optional<Graph> load_model_arg(const std::string& command, const ParsedArgs& args,
                                    int& exit_code);

/// Prints "vfuse CMD: error: MSG" to stderr.
void print_error(const std::string& command, const std::string& msg);

}  // namespace vf::cli
