// Calibration: the ranges of the values a quantized graph stores in integers, recorded by
// running the float32 graph on representative inputs (seeded or read from .npy files).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/certified_graph.h"
#include "ir/tensor.h"
#include "quant/params.h"
#include "quant/quantize_graph.h"
#include "support/result.h"

namespace vf::quant {

/// Inputs of a graph by name (its data inputs; weights are constants by now).
using InputSet = std::map<std::string, Tensor>;

/// Runs a graph on one input set and returns its outputs in order, as float32 tensors
/// (integer outputs keep their type). The interpreter is one (interpreter_runner); native
/// code can be another, which is why calibration and agreement take a runner.
using GraphRunner =
    std::function<Result<std::vector<Tensor>>(const CertifiedGraph&, const InputSet&)>;

/// The reference interpreter in float32 (run_graph).
GraphRunner interpreter_runner();

/// Input sets for the data inputs of `g` generated from seeds first_seed, first_seed + 1,
/// ... (generate_input: uniform in [-1, 1]), `count` of them.
std::vector<InputSet> seeded_inputs(const Graph& g, uint64_t first_seed, size_t count);

/// Input sets read from `dir`: either DIR/<input>.npy (one set), or subdirectories of DIR,
/// each holding DIR/SUB/<input>.npy (one set each, in name order). Every data input of `g`
/// must be present with its shape and float32 type; the Error names the file.
Result<std::vector<InputSet>> npy_inputs(const Graph& g, const std::string& dir);

/// How calibration turns the values seen into a range.
struct CalibrationOptions {
  /// When set (0 < p <= 100): the range is [min, max] clipped to +-(p-th percentile of
  /// |v|), over every value of every input set; else [min, max].
  std::optional<double> percentile;
  /// When set: each end of [min, max] is clipped by the factor in {1, 0.98, ..., 0.2}
  /// whose uint8 parameters (choose_activation) give the least mean squared error of the
  /// values quantized and dequantized (mse_range); excludes percentile.
  bool mse = false;
};

/// The range [a lo, b hi] of `r` (a, b in {1, 0.98, ..., 0.2}) whose parameters give the
/// least mean of (v - dequantize(quantize(v)))^2 over `values` (every value when there are
/// up to 2^16 of them, else 2^16 evenly spaced ones): b first with a = 1, then a with that
/// b, the largest factor on ties.
Range mse_range(Range r, const std::vector<float>& values, DType dtype = DType::U8);

/// Runs the prepared graph on every input set and returns the range of each of its
/// watched values. The graph run is `p.graph` with the watched values as extra outputs
/// (a copy; the prepared graph is unchanged), through `run`.
Result<std::map<NodeId, Range>> calibrate(const PreparedGraph& p,
                                          const std::vector<InputSet>& inputs,
                                          const CalibrationOptions& opts, const GraphRunner& run);

}  // namespace vf::quant
