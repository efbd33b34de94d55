// The native engine: a certified graph emitted (emit.h), compiled by the system C++
// compiler into a shared object, loaded, and run.
//
//   auto m = NativeModel::build(certified_graph, {});   // emit, compile (cached), dlopen
//   auto outs = m->run({{"data", tensor}});              // float32, shapes checked
//
// The shared object is cached in `cache_dir/<key>/model.so`, key = hash of the source,
// the weights and the compiler command, so a model compiles once per machine and flags.
// A NativeModel owns the loaded library, the weights blob and one 64-byte aligned arena;
// run() is not reentrant (one arena), a copy shares neither.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "codegen/emit.h"
#include "ir/certified_graph.h"
#include "ir/tensor.h"
#include "support/result.h"

namespace vf::codegen {

/// How to build.
struct NativeOptions {
  /// Where compiled models are cached; empty: $VFUSE_CACHE_DIR/native, else
  /// ~/.cache/vfuse/native.
  std::string cache_dir;
  /// The compiler; empty: $CXX, else `c++`.
  std::string compiler;
  /// -march=native (off: the portable baseline of the compiler's default target).
  bool march_native = true;
  /// Threads: > 1 compiles with -fopenmp (the emitted loops then use that many threads) and
  /// sets GOMP_SPINCOUNT=3000 in the process unless it or OMP_WAIT_POLICY is set (before
  /// loading libgomp): workers spin briefly, then sleep.
  int threads = 1;
  /// Extra compiler flags (appended).
  std::vector<std::string> extra_flags;
  /// Time every instruction (EmitOptions::profile; read with NativeModel::profile).
  bool profile = false;
};

/// A compiled, loaded model.
class NativeModel {
 public:
  /// Emits `g`, compiles it (or finds it in the cache) and loads it. Errors: the
  /// emitter's, the compiler's diagnostics, a library that does not load or has another
  /// ABI version.
  static Result<NativeModel> build(const CertifiedGraph& g, const NativeOptions& opts = {});

  /// Runs the model on its data inputs, by name (every input required, of the graph's type
  /// and shape); returns the outputs in graph order (of the graph's types: float32, or
  /// int8 / uint8 / int32 in quantized graphs).
  Result<std::vector<Tensor>> run(const std::map<std::string, Tensor>& inputs);
  /// Runs on raw buffers (inputs / outputs in the model's order, of input_shapes() /
  /// output_shapes() elements): no checks, no allocation, for benchmarks.
  void run_raw(const float* const* inputs, float* const* outputs);

  const std::vector<std::string>& input_names() const { return model_.input_names; }
  const std::vector<Shape>& input_shapes() const { return model_.input_shapes; }
  const std::vector<std::string>& output_names() const { return model_.output_names; }
  const std::vector<Shape>& output_shapes() const { return model_.output_shapes; }
  const std::vector<DType>& input_dtypes() const { return model_.input_dtypes; }
  const std::vector<DType>& output_dtypes() const { return model_.output_dtypes; }
  /// Floats of the arena (activations of the memory plan + kernel scratch).
  int64_t arena_elements() const { return model_.arena_elements; }
  /// The memory plan's peak and the sum of all activations (floats).
  int64_t plan_elements() const { return model_.plan_elements; }
  int64_t activation_elements() const { return model_.activation_elements; }
  /// Milliseconds the compiler took (0 when the library came from the cache).
  double compile_ms() const { return compile_ms_; }
  /// Milliseconds of emitting (lowering included).
  double emit_ms() const { return emit_ms_; }
  /// Per instruction of a model built with NativeOptions::profile: its label and the
  /// milliseconds it took, summed over the runs since the last reset_profile(); empty
  /// without profiling.
  std::vector<std::pair<std::string, double>> profile() const;
  void reset_profile();
  /// The shared object loaded.
  const std::string& library_path() const { return so_path_; }

 private:
  struct Library;
  NativeModel() = default;
  EmittedModel model_;
  std::shared_ptr<Library> lib_;
  std::shared_ptr<float> arena_;
  std::shared_ptr<float> weights_;
  double compile_ms_ = 0, emit_ms_ = 0;
  std::string so_path_;
};

}  // namespace vf::codegen
