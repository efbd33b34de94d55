// The compile flow (pipeline/compile.h) from the command line: the rewrite options, their
// values turned into CompileOptions, failures printed the way every command prints them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli_args.h"
#include "ir/graph.h"
#include "pipeline/compile.h"

namespace vf::cli {

using pipeline::CompiledModel;
using pipeline::data_dir;

/// The options compile, check, run --engine native and bench accept for rewriting (and
/// --trust-unverified, for loading).
std::vector<OptionSpec> rewrite_options();

/// The CompileOptions of the rewrite options in `args` (with a progress bar on stderr when
/// `progress` and it is a terminal); prints a usage error and returns nullopt when a value
/// is bad.
std::optional<pipeline::CompileOptions> compile_options(const std::string& command,
                                                        const ParsedArgs& args, bool progress);

/// The rule library of `rules_dir` / `proofs_dir` without the `disabled` rules; prints
/// the diagnostics and sets `exit_code` on failure.
std::optional<rewrite::RuleLibrary> load_library(const std::string& command,
                                                 const std::string& rules_dir,
                                                 const std::string& proofs_dir,
                                                 const std::vector<std::string>& disabled,
                                                 int& exit_code);

/// Loads MODEL (the one positional argument) and rewrites it per the options; prints
/// diagnostics and sets `exit_code` on failure. `progress` draws a progress bar on
/// stderr when it is a terminal.
std::optional<CompiledModel> compile_model(const std::string& command, const ParsedArgs& args,
                                           bool progress, int& exit_code,
                                           pipeline::AppliedFn on_applied = {});

/// The rewriting half of compile_model, on a graph already loaded with its weights bound
/// (the options' --seed is recorded, not used to bind anything).
std::optional<CompiledModel> rewrite_model(const std::string& command, const ParsedArgs& args,
                                           Graph g, bool progress, int& exit_code,
                                           pipeline::AppliedFn on_applied = {});

}  // namespace vf::cli
