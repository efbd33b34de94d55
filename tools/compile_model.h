// The part of `vfuse compile` that `vfuse check` shares: load a model, bind its weights
// to seeded values, load the rule library, rewrite with certificates.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli_args.h"
#include "ir/graph.h"
#include "rewrite/driver.h"
#include "rewrite/rule_library.h"

namespace vf::cli {

/// The options compile and check accept for rewriting (see compile_options()).
std::vector<OptionSpec> rewrite_options();

/// A compiled model.
struct CompiledModel {
  /// The model as imported, with its weights bound to the seeded values.
  Graph original;
  rewrite::RuleLibrary library;
  std::optional<rewrite::RewriteResult> result;
  std::string rules_dir;
  uint64_t seed = 0;
  double total_ms = 0;
};

/// Loads MODEL (the one positional argument) and rewrites it per the options; prints
/// diagnostics and sets `exit_code` on failure. `progress` draws a progress bar on
/// stderr when it is a terminal.
std::optional<CompiledModel> compile_model(
    const std::string& command, const ParsedArgs& args, bool progress, int& exit_code,
    std::function<void(const rewrite::Match&, const Graph&, const rewrite::Certificate&)>
        on_applied = {});

/// The rewriting half of compile_model, on a graph already loaded with its weights bound
/// (the options' --seed is recorded, not used to bind anything).
std::optional<CompiledModel> rewrite_model(
    const std::string& command, const ParsedArgs& args, Graph g, bool progress, int& exit_code,
    std::function<void(const rewrite::Match&, const Graph&, const rewrite::Certificate&)>
        on_applied = {});

}  // namespace vf::cli
