// The check flow's parts (vfuse check; docs/check.md): each rewrite run alone on the
// original's activations (--per-rewrite), the whole-model drift reading, ONNX Runtime
// beside the exact value (--against onnxruntime), the input sets of --inputs, the
// deliberate changes of --mutate, the picture of --report. The numeric check itself is
// src/check/numeric_check.h.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "check/numeric_check.h"
#include "ir/certified_graph.h"
#include "ir/graph.h"
#include "pipeline/onnxruntime_peer.h"
#include "rewrite/certify.h"
#include "rewrite/match.h"
#include "support/result.h"

namespace vf::pipeline {

/// The largest |a[i] - b[i]| over two tensors of the same size: NaN against NaN agrees,
/// NaN against a number is infinitely far.
double max_abs_difference(const Tensor& a, const Tensor& b);

/// One applied rewrite, to be run on its own: the rule instance (source and target side
/// by side, folded constants as stored), fed with the activations the original model
/// computes at the match's non-constant inputs.
struct LocalCheck {
  std::string rule;
  std::string root;
  Graph graph;
  /// Instance input -> the model node whose value it gets.
  std::map<std::string, std::string> activations;
  /// Float attributes used as operands ($eps), as float64 scalars.
  std::map<std::string, Tensor> attributes;
  /// The certified error of each folded constant.
  std::map<std::string, Tensor> errors;
  double max_abs = 0;
  double bound = 0;
  bool ok = true;
};

/// The local check of one applied rewrite (an AppliedFn's arguments).
LocalCheck make_local(const rewrite::Match& m, const Graph& before, const rewrite::Certificate& c);

/// Runs every local check on the activations of one f64 run of the original model.
Result<void> run_locals(const Graph& original, uint64_t seed, std::vector<LocalCheck>& locals);

/// --per-rewrite: one output at one precision of the whole-model drift reading, over every
/// seed.
struct OutputCheck {
  std::string name;
  const char* precision = "";
  double max_abs = 0;
  double bound = 0;
  bool ok = true;
};

/// --per-rewrite: the drift reading of the original and the rewritten graph, in f64 and
/// f32, per output (a bound that is not finite does not gate: it says nothing).
Result<std::vector<OutputCheck>> drift_outputs(
    const CertifiedGraph& original, const CertifiedGraph& rewritten,
    const std::vector<std::map<std::string, Tensor>>& sets);

/// --against onnxruntime: ONNX Runtime on every input set, against the f64 run of the
/// original model.
struct PeerCheck {
  bool requested = false;
  double tolerance = 1e-4;
  std::string skipped;  ///< why it did not run (the peer is not installed)
  std::string error;    ///< why it could not compare (export, runner, outputs)
  std::string version;
  std::vector<OutputAgreement> outputs;  ///< max over input sets
  bool ok = true;
};

/// Runs ONNX Runtime on every input set of `model` (exported from `original`) against the
/// f64 run of the original; fills `pc` (skipped when the peer is not installed).
void run_peer_check(const std::string& model, const Graph& original,
                    const std::vector<std::map<std::string, Tensor>>& sets, PeerCheck& pc);

/// --inputs DIR: one input set of DIR's .npy files (one per data input of `g`, named as
/// `vfuse run --save-inputs` writes them), or, when DIR has none, one per subfolder in
/// name order.
Result<std::vector<std::map<std::string, Tensor>>> read_input_sets(const Graph& g,
                                                                   const std::string& dir);

/// --mutate KIND=NODE: a deliberate change to the compiled model (see check.cpp); the
/// Error says what is wrong with the spec.
Result<void> mutate(Graph& g, const std::string& spec);

/// --per-rewrite: each rewrite alone on the original's activations, and the drift bound.
struct PerRewrite {
  std::vector<LocalCheck> locals;
  std::vector<OutputCheck> drift;
  bool ok = true;
  double worst_ratio = 0;
};

/// Each rewrite alone on the original's activations, and the drift bound, over `sets`.
Result<void> run_per_rewrite(const Graph& original, const CertifiedGraph& rewritten,
                             const std::vector<std::map<std::string, Tensor>>& sets,
                             PerRewrite& pr);

/// The picture of --report (.svg or .html), written whole or not at all.
Result<void> write_report(const std::string& path, const check::NumericCheck& nc,
                          const std::string& model);

}  // namespace vf::pipeline
