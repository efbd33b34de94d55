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

/// The options compile, check, run --engine native and bench accept for rewriting (and
/// --trust-unverified, for loading).
std::vector<OptionSpec> rewrite_options();

/// A compiled model.
struct CompiledModel {
  /// The model as imported, with its weights bound to the seeded values.
  Graph original;
  rewrite::RuleLibrary library;
  std::optional<rewrite::RewriteResult> result;
  /// What the result depends on besides the model (report.json records it): the rule
  /// and proof directories as resolved, the seed, the disabled rules, the solver limit.
  std::string rules_dir;
  std::string proofs_dir;
  uint64_t seed = 0;
  std::vector<std::string> disabled;
  unsigned timeout_ms = 0;
  double total_ms = 0;
};

/// `name` in the working directory, else in the source tree vfuse was built from (so
/// that an installed or out-of-tree binary finds the bundled rules and proofs).
std::string data_dir(const std::string& name);

/// Binds every weight input of `g` (Relay parameters) to its values generated from `seed`,
/// so that rewrites see constants.
void bind_weights(Graph& g, uint64_t seed);

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
