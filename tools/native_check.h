// `vfuse check`'s native half: the rewritten model built as native code and compared
// with the interpreter in two ways.
//   - Layer by layer: every operation of the rewritten graph runs natively on its own,
//     on the inputs the f32 interpreter computed for it, in one model with one output per
//     operation. A conv2d / dense (fused or not) must be within codegen::native_error_bound
//     of the f64 interpreter per element (the kernels' reassociation and FMAs,
//     docs/codegen.md); every other operation must be bit-identical to the f32
//     interpreter. This is a proof-backed check of every kernel instance of the model.
//   - End to end: the whole model natively against the original model in the f64
//     interpreter, within a relative tolerance of each output's largest value (the
//     per-layer bound compounds with depth, so this part is a tolerance, not a bound).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/certified_graph.h"
#include "ir/graph.h"
#include "support/result.h"

namespace vf::cli {

/// One operation of the model, run natively on its own, worst over seeds.
struct NativeLayerCheck {
  std::string node;
  std::string op;
  bool bounded = false;    ///< conv/dense: checked against the bound; else bit-identity
  double max_abs = 0;      ///< the largest |native - reference|
  double worst_ratio = 0;  ///< bounded: the largest |native - f64| / bound
  int64_t exceeded = 0;    ///< elements out of bound (bounded) or not bit-identical
  bool ok = true;
};

/// One output of the whole model natively, worst over seeds.
struct NativeOutputCheck {
  std::string name;
  double max_abs = 0;
  double scale = 0;  ///< the largest |output| of the f64 reference
  bool ok = true;
};

struct NativeCheck {
  int threads = 1;
  double compile_ms = 0;  ///< both builds (0 when both came from the cache)
  double tolerance = 1e-4;
  std::vector<NativeLayerCheck> layers;
  std::vector<NativeOutputCheck> outputs;
  bool ok = true;
};

/// The layer checks counted: how many were checked against the bound (and passed), how
/// many for bit-identity (and passed), and the largest |native - f64| / bound.
struct NativeLayerTally {
  size_t bounded = 0, bounded_ok = 0, identical = 0, identical_ok = 0;
  double worst_ratio = 0;
};
NativeLayerTally tally_layers(const NativeCheck& nc);

/// Runs both comparisons of `rewritten` (compiled from `original`, weights bound) on the
/// inputs of seeds 0..seeds-1. Errors: a model the emitter or the compiler rejects, a run
/// that fails (the check then fails closed).
Result<NativeCheck> check_native(const CertifiedGraph& rewritten, const Graph& original,
                                 uint64_t seeds, int threads, double tolerance);

}  // namespace vf::cli
