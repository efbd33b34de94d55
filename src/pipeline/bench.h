// The bench flow (vfuse bench): the reference interpreter, the native code (the model
// compiled with certified rewrites) and ONNX Runtime, side by side, on the same model and
// the same seeded inputs: median latency of each and how far their outputs differ.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "ir/certified_graph.h"
#include "pipeline/onnxruntime_peer.h"
#include "support/result.h"

namespace vf::pipeline {

/// bench's counts and seed.
struct BenchSettings {
  int threads = 1, repeat = 10, warmup = 1;
  uint64_t seed = 0;
};

/// The native code's time, build and agreement with the interpreter.
struct NativeBench {
  double ms = 0, compile_ms = 0, max_abs = -1, flops = 0;
  int64_t rewrites = -1, arena = 0, plan = 0, activations = 0;
};

/// ONNX Runtime's run, or why there is none, and its outputs' agreement with ours.
struct PeerBench {
  std::optional<PeerRun> peer;
  std::string note;
  std::vector<OutputAgreement> agreement;
  double max_abs = -1;  ///< over the outputs compared; -1 when none were
};

/// The median of `v` (the mean of the middle two for an even count).
double median(std::vector<double> v);

/// Weights without data get their seeded values (all drawn from the unmodified graph, as
/// `vfuse export` does), bound as constants so that the exported model carries them;
/// data inputs are generated as `vfuse run` does.
RunOptions bind_seeded_inputs(Graph& g, uint64_t seed);

/// The interpreter's median time; its outputs (the reference of the other engines) in
/// `ours`; the Error of a failed run.
Result<double> time_interpreter(const CertifiedGraph& cg, const RunOptions& ro,
                                const BenchSettings& s, Result<std::vector<Tensor>>& ours);

/// The native code of `ncg` (rewritten with `rewrites` certified rewrites, -1: as imported)
/// emitted, compiled and timed on raw buffers, its outputs against `ours`.
Result<NativeBench> bench_native(const CertifiedGraph& ncg, int64_t rewrites, const RunOptions& ro,
                                 const std::vector<Tensor>& ours, const BenchSettings& s);

/// ONNX Runtime on the original file, or the bound graph exported into `scratch`.
PeerBench bench_onnxruntime(const std::string& model, const Graph& g,
                            const std::vector<Tensor>& ours, const RunOptions& ro,
                            const BenchSettings& s, const TempDir& scratch);

}  // namespace vf::pipeline
