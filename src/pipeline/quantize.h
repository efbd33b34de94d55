// The quantize flow (vfuse quantize; docs/quantize.md): post-training static int8
// quantization of a compiled model. Calibrates the ranges of the values the quantized
// graph stores in integers, rewrites the layers into quantize / qconv2d / qdense /
// requantize / dequantize, compiles that graph with the rules as well, and measures its
// agreement with the float32 graph. Writing it is compile_write's (with the
// "quantization" section of report.json below).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "pipeline/compile.h"
#include "pipeline/compile_output.h"
#include "quant/agreement.h"
#include "quant/calibrate.h"
#include "quant/quantize_graph.h"
#include "support/diagnostic.h"
#include "support/json.h"

namespace vf::pipeline {

/// Calibration inputs are generated from seeds 1.. N; comparison inputs from
/// kCompareSeed.., so that the two sets never share an input.
inline constexpr uint64_t kCompareSeed = 1'000'000;

/// The options of a quantize run, checked.
struct QuantizeOptions {
  /// The output directory (the CLI's -o; compile_write writes it).
  std::string out;
  uint64_t seeds = 8;
  std::optional<std::string> calibrate_dir;
  quant::CalibrationOptions calibration;
  uint64_t compare = 100;
  bool native_compare = true;  ///< --engine: the comparison runs native code (else the interpreter)
  /// Residual adds of two integer values as qadd (false: --float-adds, they stay float32).
  bool integer_adds = true;
};

/// What a quantize run measured besides the agreement.
struct RunFacts {
  size_t calibration_inputs = 0;
  size_t reference_rewrites = 0;  ///< certified rewrites of the float32 compile
  double calibrate_ms = 0, compare_ms = 0;
};

/// A quantized model: the layers quantized, the quantized graph compiled with the rules,
/// its agreement with the float32 reference (when measured), what the run measured.
struct Quantized {
  quant::QuantizedGraph graph;
  CompiledModel compiled;
  std::optional<quant::Agreement> agreement;
  RunFacts facts;
};

/// Quantizes `reference` (the float32 model compiled with the rules) per `o`; the quantized
/// graph is compiled with `compile` (its problems go to `diags`).
Result<Quantized> quantize(const CompiledModel& reference, const QuantizeOptions& o,
                           const CompileOptions& compile, DiagnosticSink& diags);

/// report.json's "quantization" section.
void quantization_json(JsonWriter& j, const QuantizeOptions& o, const RunFacts& f,
                       const quant::QuantizedGraph& q, const std::optional<quant::Agreement>& a);

/// The name of the quantizer's graph before the rules in a quantize output (with
/// quantized.weights): the original side of `vfuse verify --independent`'s regions there
/// (docs/independent.md, "Outputs of vfuse quantize").
inline constexpr const char* kQuantizedGraphFile = "quantized.vfg";

/// Writes the output of a quantize run into `dir` (a fresh directory): quantized.vfg /
/// quantized.weights (the quantizer's graph, before the rules), then compile_write's files
/// for the quantized graph compiled, with the "quantization" section; `report` gets
/// report.json's text.
Result<void> write_quantized(const std::string& dir, const std::string& model, const Quantized& q,
                             const QuantizeOptions& o, CompileRecord& record, std::string& report);

}  // namespace vf::pipeline
