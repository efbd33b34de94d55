// `vfuse check`'s numeric half as a library: a compiled model run by an engine (the
// interpreter or the native code) on given inputs, every value with a rigorous per-input
// error bound (the running error analysis of interp/error_bound.h), checked two ways:
//
//   - End to end, per output element and per layer: |engine - original model in f64| <=
//     the engine's bound against the exact real value of the original model + the f64
//     run's own bound; and |engine - original model in f32| <= the two f32 bounds.
//   - Locally, per layer: each node of the compiled graph that the original model also has
//     (a "named point": the rewrite driver gives a new root the replaced root's name) is
//     compared with the original model's region that computes it, both fed the engine's own
//     values at the named points before it; the bound is the two regions' own rounding
//     (and the folded constants' certified errors). This is the check that names a layer:
//     a changed weight or a kernel that computes something else exceeds it where it is.
//
// The native engine carries the bound through its kernels: the model is built with every
// node's value as an output, and each node's bound is the interpreter's bound of the node
// on the native operands in f64 plus the kernel's reassociation bound
// (codegen::native_error_bound) for conv2d / dense / matmul, or the f32 interpreter's bound for
// every other operator, whose kernel must then be bit-identical to it. The deployed build
// (the model's outputs only) must give the same outputs bit for bit.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ir/certified_graph.h"
#include "ir/graph.h"
#include "ir/tensor.h"
#include "support/cancel.h"
#include "support/result.h"

namespace vf::check {

/// What to check.
struct CheckOptions {
  /// One map per run (data inputs by name; inputs not given are generated from `seed`).
  std::vector<std::map<std::string, Tensor>> inputs;
  /// The seed of run k's missing inputs is k.
  bool interpreter = true;
  bool native = true;
  int threads = 1;  ///< native threads
  /// The Jacobian bound (interp/jacobian_bound.h) on the interpreter's outputs and the
  /// reference runs' outputs: output elements with a backward pass per output (largest
  /// first; <= 0: every element), 0 passes when `jacobian` is false.
  bool jacobian = true;
  int64_t jacobian_rows = 8;
  /// Unless forced, the rows are cut (NumericCheck::jacobian_note says so) to what this
  /// many multiply-adds allow, (rows + 2) passes over both graphs' sums (conv2d, dense,
  /// matmul, gemm), and the Jacobian bound is skipped when not one row fits. 1.5e10: 2 rows
  /// of ResNet-18 ImageNet, within 3 times the check's time and memory without it.
  bool jacobian_forced = false;
  double jacobian_budget = 1.5e10;
  int jacobian_threads = 1;
  /// The probabilistic bound's lambda (JacobianOutput::probabilistic).
  double lambda = 5;
  /// Polled before each input set: when it asks to stop, check_numerics returns the Error
  /// kInterrupted (support/cancel.h).
  CancelFn cancelled;
};

/// Per-element comparison figures, worst over runs.
struct Comparison {
  double max_abs = 0;  ///< the largest |engine - reference|
  double bound = 0;    ///< the largest bound
  /// The smallest bound / |difference| over the elements that differ (how far from
  /// failing the tightest element is; inf when nothing differs).
  double min_ratio = 0;
  /// The median of bound / |difference| over the elements that differ.
  double median_ratio = 0;
  int64_t exceeded = 0;  ///< elements whose difference exceeds the bound
  /// Elements whose bound is not finite (an overflow, a divisor whose exact value may be
  /// 0): nothing is known there, so the check fails closed.
  int64_t unbounded = 0;
  bool ok() const { return exceeded == 0 && unbounded == 0; }
};

/// One output of the model. Each comparison's bound is the engine's bound plus the
/// reference run's (the triangle inequality through the exact value).
struct OutputBound {
  std::string name;
  /// Against the exact value of the original (via its f64 run), with the tightest rigorous
  /// bound per element: the smaller of the Jacobian bound (where a pass ran) and the
  /// running bound, for the engine and for the reference alike. The verdict.
  Comparison exact;
  Comparison f32;  ///< against the original model run in f32 by the interpreter, likewise
  Comparison exact_running, f32_running;  ///< the running bounds alone
  /// Only the elements with a backward pass: the tightest bound (`jacobian`) and the
  /// probabilistic bound (engine) + the rigorous (reference). The probabilistic one is an
  /// estimate holding with probability `confidence` under its model: never a verdict.
  Comparison jacobian, probabilistic;
  double confidence = 0;
  int64_t jacobian_rows = 0;         ///< elements with a pass (the engine's)
  std::string jacobian_unavailable;  ///< why no pass ran, when none did
};

/// One named point of the compiled graph.
struct LayerBound {
  std::string node;
  std::string op;
  Comparison end_to_end;  ///< engine vs the original in f64, the propagated bound
  /// Engine vs the original region on the engine's inputs. The native engine runs the
  /// interpreter's graph, so when the interpreter is checked too its layers get only the
  /// kernel check (below) and this stays empty.
  Comparison local;
  /// The largest bound over the largest bound of the named points it reads (1 when it
  /// reads none): how much this layer multiplies the bound.
  double growth = 1;
  /// Native: the kernel against the interpreter on the same operands (within
  /// native_error_bound for conv/dense/matmul, bit-identical otherwise); elements that are not.
  int64_t kernel_exceeded = 0;
  bool kernel_bounded = false;
};

/// One engine.
struct EngineCheck {
  std::string engine;  ///< "interpreter" or "native"
  std::vector<OutputBound> outputs;
  std::vector<LayerBound> layers;  ///< the named points, in the compiled graph's order
  /// Native: the deployed build's outputs are bit-identical to the bounded build's.
  bool deployed_identical = true;
  /// Whether `local` was checked for every layer (see LayerBound::local).
  bool layers_checked = true;
  double compile_ms = 0;  ///< native: compiling both builds (0: both from the cache)
  double ms = 0;          ///< wall time of the engine's runs and bounds
  /// Empty when ok; else the first layer (in graph order) whose measured error exceeds
  /// its bound, with which check, or the output that does.
  std::string first_failure;
  bool ok = true;
};

/// Every engine, and the reference runs.
struct NumericCheck {
  std::vector<EngineCheck> engines;
  double reference_ms = 0;  ///< the original model's bounded f64 and f32 runs
  /// A quantized graph (integer values: quantize's rounding is a step, which no error bound
  /// crosses): every engine is compared bit for bit instead, bounds 0 (check_numerics).
  bool exact = false;
  /// Why the Jacobian bound was not computed (empty when it was, or was not asked for).
  std::string jacobian_note;
  /// Largest bound / max difference over outputs where finite (for the summary).
  bool ok = true;
};

/// Runs the check of `compiled` (rewritten from `original`, whose weights are constants;
/// `constant_errors`: the certified error of each folded constant, by name) for every
/// input set. The compiled graph is taken as given, not trusted: it is what the check
/// tests. Errors: a run that fails, a native model the emitter or the compiler rejects
/// (the check then fails closed).
/// A graph with integer values (quantized inference) is checked exactly (NumericCheck::
/// exact): the native code must give every value of the compiled graph bit for bit as the
/// f32 interpreter does (each node in graph order; the first that differs is the kernel at
/// fault, its operands being identical), and the interpreter's run of the compiled graph
/// must give the original's outputs bit for bit.
Result<NumericCheck> check_numerics(const Graph& compiled,
                                    const std::map<std::string, Tensor>& constant_errors,
                                    const Graph& original, const CheckOptions& opts);

/// The names of the named points: non-leaf nodes of `compiled` whose name is a non-leaf
/// node of `original`, as pairs (compiled node, original node).
std::vector<std::pair<NodeId, NodeId>> named_points(const Graph& compiled, const Graph& original);

}  // namespace vf::check
