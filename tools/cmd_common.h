// Helpers shared by subcommands: loading the single MODEL argument, reporting errors.
#pragma once

#include <optional>
#include <string>

#include "cli_args.h"
#include "ir/graph.h"
#include "pipeline/compile.h"
#include "pipeline/model_loader.h"

namespace vf::cli {

// The flows the commands call (src/pipeline/).
using namespace vf::pipeline;

/// The --help option every command accepts.
inline OptionSpec help_option() { return {"help", 'h', "", "show this help"}; }
/// The --shape option of every command that loads a model (ONNX symbolic dimensions).
inline OptionSpec shape_option() {
  return {"shape", 0, "NAME=D0xD1x...",
          "static shape of an ONNX input with symbolic dimensions (repeatable)"};
}

/// The --trust-unverified option of every command that loads a model: load a compile
/// output whose files do not match the hashes in its report.json.
inline OptionSpec trust_unverified_option() {
  return {"trust-unverified", 0, "",
          "load a compile output (DIR or DIR/model.vfg) even when its files do not match the "
          "hashes in DIR/report.json"};
}

/// Checks that exactly one positional MODEL was given and loads it (with its --shape and
/// --trust-unverified options); on failure prints the diagnostics (or the usage error)
/// and sets `exit_code`.
std::optional<Graph> load_model_arg(const std::string& command, const ParsedArgs& args,
                                    int& exit_code);

/// Loads the model at `path` (model_loader.h); on failure prints the diagnostics and sets
/// `exit_code`.
std::optional<Graph> load_model_path(const std::string& command, const std::string& path,
                                     const LoadOptions& opts, int& exit_code);

/// Prints the rewrites applied and rejected and the operator counts before and after
/// (cmd_compile.cpp).
void print_summary(const std::string& out_dir, const pipeline::CompiledModel& c);

/// Prints "vfuse CMD: error: MSG" to stderr.
void print_error(const std::string& command, const std::string& msg);

}  // namespace vf::cli
