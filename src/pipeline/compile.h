// The compile flow: load a model, bind its weights to seeded values, load the rule
// library, rewrite with a certificate for every rewrite. What `vfuse compile`, `run
// --engine native`, `check`, `bench` and the Python package's InferenceSession share.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "pipeline/model_loader.h"
#include "rewrite/driver.h"
#include "rewrite/rule_library.h"
#include "support/cancel.h"
#include "support/diagnostic.h"
#include "support/result.h"

namespace vf::pipeline {

/// Called after every certification attempt with their count so far (a progress bar).
using ProgressFn = std::function<void(size_t, const rewrite::RewriteAttempt&)>;
/// Called after every applied rewrite, with the match, the graph before it and the
/// certificate.
using AppliedFn =
    std::function<void(const rewrite::Match&, const Graph&, const rewrite::Certificate&)>;

/// How a model is compiled (the options of `vfuse compile` that decide its result).
struct CompileOptions {
  /// Static shapes of ONNX inputs with symbolic dimensions, as `NAME=D0xD1x...`
  /// (report.json records them as given).
  std::vector<std::string> shapes;
  /// Load a compile output whose files do not match the hashes of its report.json.
  bool trust_unverified = false;
  /// The rule files and their stored proofs (data_dir resolves them).
  std::string rules_dir = "rules";
  std::string proofs_dir = "proofs";
  /// Rules not to apply.
  std::vector<std::string> disabled;
  /// Seed of the generated weights (Relay parameters).
  uint64_t seed = 0;
  /// Time limit per solver call (1..3600000 ms).
  unsigned timeout_ms = 10'000;
  /// Certificate cache: nullopt the default_cache_dir(), empty none.
  std::optional<std::string> cache_dir;
  ProgressFn progress;
  AppliedFn on_applied;
  /// Polled between certifications: when it asks to stop, the compile fails with the
  /// Error kInterrupted (support/cancel.h) and returns no model.
  CancelFn cancelled;
};

/// A compiled model.
struct CompiledModel {
  /// The model file as given (empty for a graph compiled from memory) and its --shape
  /// values: report.json records both.
  std::string model;
  std::vector<std::string> shapes;
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

/// $VFUSE_CACHE_DIR, else $XDG_CACHE_HOME/vfuse/certificates, else
/// $HOME/.cache/vfuse/certificates; empty when none is set.
std::string default_cache_dir();

/// Binds every weight input of `g` (Relay parameters) to its values generated from `seed`,
/// so that rewrites see constants.
void bind_weights(Graph& g, uint64_t seed);

/// The rule library of `rules_dir` / `proofs_dir` without the `disabled` rules; its
/// problems go to `diags`.
Result<rewrite::RuleLibrary> load_library(const std::string& rules_dir,
                                          const std::string& proofs_dir,
                                          const std::vector<std::string>& disabled,
                                          DiagnosticSink& diags);

/// The load options of `opts` (its shapes parsed); the Error says which value is bad.
Result<LoadOptions> load_options(const CompileOptions& opts);

/// Loads `path` (any format of load_model); the Error says how many problems `diags`
/// holds ("2 errors in 'm.onnx'").
Result<Graph> load(const std::string& path, const LoadOptions& opts, DiagnosticSink& diags);

/// Checks the memory the weights need and binds them (bind_weights with `seed`).
Result<void> prepare(Graph& g, uint64_t seed);

/// Rewrites `g` (its weights already bound; `opts.seed` is recorded, not used) with the
/// rule library of `opts`; the library's problems go to `diags`.
Result<CompiledModel> rewrite(Graph g, const CompileOptions& opts, DiagnosticSink& diags);

/// load + prepare + rewrite: the whole compile of the model at `path`.
Result<CompiledModel> compile(const std::string& path, const CompileOptions& opts,
                              DiagnosticSink& diags);

}  // namespace vf::pipeline
