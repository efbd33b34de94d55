// The run flow (vfuse run): a model in the reference interpreter, or compiled with
// certified rewrites and run as native code, or lowered to a hardware target and run by
// its model with every array layer checked against the interpreter on the same operands
// (target/run.h). Also the inputs of a run: read from .npy files, seeded, written back.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "ir/graph.h"
#include "pipeline/compile.h"
#include "support/diagnostic.h"
#include "support/result.h"
#include "target/run.h"
#include "target/target.h"

namespace vf::pipeline {

/// Which engine runs a model.
enum class RunEngine { Interpreter, Native, Target };

/// How `run_model` runs a model.
struct RunModelOptions {
  RunEngine engine = RunEngine::Interpreter;
  /// Seed, precision (the interpreter's; native code and targets compute in f32) and the
  /// inputs given (weights among them are bound; the others are generated from the seed).
  RunOptions run;
  /// OpenMP threads of the native code (1..256).
  int threads = 1;
  /// Native and Target: compile with the rule library of `compile` (false: as imported).
  bool rewrite = true;
  /// The rewrite options (Native and Target); its seed is recorded, not used.
  CompileOptions compile;
  /// The target of RunEngine::Target.
  std::optional<target::Target> target;
};

/// The native build of a run: its arena and plan sizes (float elements), compile time
/// (0: from the native cache).
struct NativeBuild {
  int64_t arena_elements = 0, plan_elements = 0, activation_elements = 0;
  double compile_ms = 0;
};

/// A target run (RunEngine::Target): the lowering, each array layer's check, and each
/// output against the interpreter's run of the compiled graph before lowering.
struct TargetReport {
  int64_t lowerings = 0;
  target::TargetRun run;
  std::vector<double> max_abs;  ///< per output, |target - interpreter|
};

/// What a run computed.
struct RunReport {
  std::vector<Tensor> outputs;
  /// Interpreter: the run; native: the second run (the first starts the threads and
  /// touches the arena); target: the run on the target.
  double ms = 0;
  /// Certified rewrites applied (nullopt: not rewritten, or the interpreter).
  std::optional<size_t> rewrites;
  std::optional<NativeBuild> native;
  std::optional<TargetReport> target;
  /// Every array layer within its bound and every vector unit reduction equal to the
  /// interpreter's (true when there is no target).
  bool holds() const { return !target || target->run.holds(); }
};

/// Runs `g` (loaded, its weights not yet bound) per `opts`; rewrite and rule library
/// problems go to `diags`. The Error is the message to print after them.
Result<RunReport> run_model(const Graph& g, const RunModelOptions& opts, DiagnosticSink& diags);

/// The sum of a tensor's elements (run's checksum).
double checksum(const Tensor& t);

/// --inputs DIR: every input's DIR/<input>.npy (a weight's may be missing: it is then
/// generated from the seed); integer inputs must have the model's dtype, index inputs
/// their range (interp/index_inputs.h).
Result<std::map<std::string, Tensor>> read_run_inputs(const std::string& dir, const Graph& g);

/// --save-inputs DIR: every data input of `g` (given in `opts`, else generated from its
/// seed) as DIR/<input>.npy.
Result<void> write_run_inputs(const std::string& dir, const Graph& g, const RunOptions& opts);

/// --save-outputs DIR: every output of `g` as DIR/<output>.npy.
Result<void> write_run_outputs(const std::string& dir, const Graph& g,
                               const std::vector<Tensor>& outs);

}  // namespace vf::pipeline
