// ONNX Runtime as a side-by-side peer: runs an .onnx file in onnxruntime-node (installed
// by `make onnxruntime` into bench/onnxruntime) through bench/onnxruntime/run.js, on
// given input tensors, and reads back its outputs and timings. Used by `vfuse bench`
// (latency) and `vfuse check --against onnxruntime` (agreement).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "ir/tensor.h"
#include "support/result.h"

namespace vf::pipeline {

/// Where the peer is: the node executable, the folder whose node_modules holds
/// onnxruntime-node, and the runner script.
struct PeerLocation {
  std::string node;
  std::string ort_dir;
  std::string runner;
};

/// Finds the peer: onnxruntime-node under $VFUSE_ONNXRUNTIME_DIR/node_modules when that is
/// set, else under <source dir>/bench/onnxruntime/node_modules; `node` on PATH. The Error
/// starts with "ONNX Runtime is not installed (run `make onnxruntime`)" and says what is
/// missing.
Result<PeerLocation> find_onnxruntime();

/// How to run the peer.
struct PeerOptions {
  int threads = 1;          ///< intra-op threads (inter-op: 1, sequential execution)
  std::string opt = "all";  ///< graph optimization level: disabled, basic, extended, all
  int warmup = 1;           ///< untimed runs first
  int repeat = 1;           ///< timed runs
};

/// One run of the peer.
struct PeerRun {
  /// Outputs in the model's order, with their ONNX names.
  std::vector<std::string> output_names;
  std::vector<Tensor> outputs;
  double median_ms = 0;  ///< median of the timed runs (session.run only)
  double min_ms = 0;
  std::string version;  ///< onnxruntime-node's version
};

/// Runs `onnx_path` in ONNX Runtime on `inputs` (by ONNX input name): the inputs go to a
/// temporary folder as .npy files, node runs run.js there, the outputs come back as .npy.
/// Errors: the peer not installed (find_onnxruntime's message), the runner failing (its
/// stderr), outputs missing.
Result<PeerRun> run_onnxruntime(const std::string& onnx_path,
                                const std::map<std::string, Tensor>& inputs,
                                const PeerOptions& opts);

/// The .onnx file ONNX Runtime runs for the model `model_path`, whose graph (weights bound
/// to values) is `g`: the file itself when it is an .onnx file, else `g` exported
/// (vf::export_onnx_file) to `scratch_dir`/model.onnx. The Error is the exporter's.
Result<std::string> onnx_file_for(const std::string& model_path, const Graph& g,
                                  const std::string& scratch_dir);

/// How one output of ours agrees with the peer's.
struct OutputAgreement {
  std::string name;    ///< our output's name
  double max_abs = 0;  ///< largest |peer - ours| (infinity when a NaN differs)
};

/// Compares our outputs (in `g`'s output order) with the peer's, matched by name, or by
/// position when the names differ but the counts agree. Errors: outputs that cannot be
/// matched, shapes that differ.
Result<std::vector<OutputAgreement>> compare_with_peer(const Graph& g,
                                                       const std::vector<Tensor>& ours,
                                                       const PeerRun& peer);

/// A scratch folder removed with everything in it when the object goes away.
class TempDir {
 public:
  /// Creates <system temp>/vfuse-<prefix>-XXXXXX; check ok().
  explicit TempDir(const std::string& prefix);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  bool ok() const { return !path_.empty(); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace vf::pipeline
