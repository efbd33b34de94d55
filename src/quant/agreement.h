// How closely a quantized graph follows its float32 reference, measured on inputs: top-1
// agreement (argmax of the last output) and the signal-to-quantization-noise ratio.
#pragma once

#include <cstddef>
#include <vector>

#include "ir/certified_graph.h"
#include "quant/calibrate.h"
#include "support/result.h"

namespace vf::quant {

/// Agreement over a set of inputs.
struct Agreement {
  size_t inputs = 0;
  /// Inputs whose last output has its largest element at the same index in both (the
  /// first index of the maximum; per row of the last axis when the output has several).
  size_t top1_same = 0;
  size_t top1_rows = 0;  ///< rows compared (inputs x rows of the last output)
  /// 10 log10(sum ref^2 / sum (ref - q)^2) over every element of every output; +inf when
  /// the outputs are equal.
  double snr_db = 0;
  double max_abs_difference = 0;
  double top1_rate() const { return top1_rows ? static_cast<double>(top1_same) / top1_rows : 1.0; }
};

/// Accumulates ref and q's outputs (same shapes, float) for one input into `a`, with the
/// sums of squares in `signal` and `noise` (snr_db is recomputed from them).
void accumulate(Agreement& a, double& signal, double& noise, const std::vector<Tensor>& ref,
                const std::vector<Tensor>& q);

/// Runs `reference` and `quantized` (the same inputs and outputs) on every input set
/// through `run` and compares their outputs.
Result<Agreement> measure_agreement(const CertifiedGraph& reference,
                                    const CertifiedGraph& quantized,
                                    const std::vector<InputSet>& inputs, const GraphRunner& run);

}  // namespace vf::quant
