#include "pipeline/quantize.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>

#include "codegen/native.h"
#include "ir/printer.h"
#include "pipeline/compile_write.h"

namespace vf::pipeline {
namespace {

/// A runner of native code (one thread): each graph compiled once (vfuse's cache), on first
/// use. The quantized graph's native code is bit-identical to the interpreter, the float32
/// graph's within its bound of it (docs/codegen.md): the comparison is then of the code
/// that is deployed, in a fraction of the interpreter's time.
quant::GraphRunner native_runner() {
  auto models = std::make_shared<std::map<const CertifiedGraph*, codegen::NativeModel>>();
  return [models](const CertifiedGraph& g,
                  const quant::InputSet& inputs) -> Result<std::vector<Tensor>> {
    auto it = models->find(&g);
    if (it == models->end()) {
      auto m = codegen::NativeModel::build(g, codegen::NativeOptions{});
      if (!m) return Error{"native code: " + m.error().message};
      it = models->emplace(&g, std::move(*m)).first;
    }
    return it->second.run(inputs);
  };
}

void range_json(JsonWriter& j, const char* key, const quant::ActivationParams& p,
                const quant::Range& r) {
  j.key(key).begin_object();
  j.key("dtype").value(dtype_name(p.dtype));
  j.key("scale").value(static_cast<double>(p.scale)).key("zero_point").value(p.zero_point);
  j.key("range").begin_array().value(r.lo).value(r.hi).end_array();
  j.end_object();
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

Result<Quantized> quantize(const CompiledModel& f32, const QuantizeOptions& o,
                           const CompileOptions& compile, DiagnosticSink& diags) {
  const CertifiedGraph& reference = f32.result->graph;
  auto prepared = quant::prepare_graph(reference.graph());
  if (!prepared) return prepared.error();
  if (prepared->layers.empty())
    return Error{
        "the compiled model has no conv2d or dense layer with constant weights to quantize"};
  std::vector<quant::InputSet> calib;
  if (o.calibrate_dir) {
    auto r = quant::npy_inputs(prepared->graph, *o.calibrate_dir);
    if (!r) return Error{"--calibrate: " + r.error().message};
    calib = std::move(*r);
  } else {
    calib = quant::seeded_inputs(prepared->graph, 1, o.seeds);
  }
  const quant::GraphRunner run = quant::interpreter_runner();
  RunFacts facts;
  facts.calibration_inputs = calib.size();
  facts.reference_rewrites = reference.log().size();
  auto t0 = std::chrono::steady_clock::now();
  auto ranges = quant::calibrate(*prepared, calib, o.calibration, run);
  if (!ranges) return Error{"calibration: " + ranges.error().message};
  facts.calibrate_ms = ms_since(t0);
  if (!o.integer_adds) prepared->integer_adds.clear();
  auto q = quant::quantize_graph(*prepared, *ranges);
  if (!q) return q.error();
  // The quantized graph is a model of its own: compiled with the rules like any other.
  auto qc = rewrite(q->graph, compile, diags);
  if (!qc) return qc.error();
  std::optional<quant::Agreement> agreement;
  if (o.compare > 0) {
    t0 = std::chrono::steady_clock::now();
    auto a =
        quant::measure_agreement(reference, qc->result->graph,
                                 quant::seeded_inputs(reference.graph(), kCompareSeed, o.compare),
                                 o.native_compare ? native_runner() : run);
    if (!a) return Error{"comparison: " + a.error().message};
    agreement = *a;
    facts.compare_ms = ms_since(t0);
  }
  return Quantized{std::move(*q), std::move(*qc), agreement, facts};
}

void quantization_json(JsonWriter& j, const QuantizeOptions& o, const RunFacts& f,
                       const quant::QuantizedGraph& q, const std::optional<quant::Agreement>& a) {
  const size_t calibration_inputs = f.calibration_inputs;
  j.key("quantization").begin_object();
  j.key("reference_rewrites").value(static_cast<int64_t>(f.reference_rewrites));
  j.key("activations").value("uint8, asymmetric per tensor");
  j.key("weights").value("int8, symmetric per output channel");
  j.key("residual_adds").value(o.integer_adds ? "qadd" : "float32 (--float-adds)");
  j.key("calibration").begin_object();
  j.key("inputs").value(static_cast<int64_t>(calibration_inputs));
  if (o.calibrate_dir)
    j.key("dir").value(*o.calibrate_dir);
  else
    j.key("seeds").begin_array().value(int64_t{1}).value(static_cast<int64_t>(o.seeds)).end_array();
  j.key("percentile");
  if (o.calibration.percentile)
    j.value(*o.calibration.percentile);
  else
    j.null();
  j.key("method").value(o.calibration.percentile ? "percentile"
                        : o.calibration.mse       ? "mse"
                                                  : "minmax");
  j.key("ms").value(f.calibrate_ms);
  j.end_object();
  j.key("layers").begin_array();
  for (const auto& l : q.layers) {
    j.begin_object();
    j.key("name").value(l.name).key("op").value(l.op).key("activation").value(l.activation);
    j.key("float_after").value(l.float_after);
    j.key("input").value(l.input);
    range_json(j, "x", l.x, l.x_range);
    range_json(j, "y", l.y, l.y_range);
    j.key("w_scales").begin_array();
    for (float s : l.w_scales) j.value(static_cast<double>(s));
    j.end_array();
    j.key("multipliers").begin_array();
    for (int32_t m : l.multipliers) j.value(static_cast<int64_t>(m));
    j.end_array();
    j.key("shift").value(l.shift).key("bias_saturated").value(l.bias_saturated);
    j.end_object();
  }
  j.end_array();
  j.key("adds").begin_array();
  for (const auto& ad : q.adds) {
    j.begin_object();
    j.key("name").value(ad.name).key("activation").value(ad.activation);
    j.key("a").value(ad.a).key("b").value(ad.b);
    range_json(j, "y", ad.y, ad.y_range);
    j.key("a_scale").value(static_cast<double>(ad.pa.scale));
    j.key("a_zero_point").value(ad.pa.zero_point);
    j.key("b_scale").value(static_cast<double>(ad.pb.scale));
    j.key("b_zero_point").value(ad.pb.zero_point);
    j.key("multipliers").begin_array();
    for (int32_t m : ad.multipliers) j.value(static_cast<int64_t>(m));
    j.end_array();
    j.key("shift").value(ad.shift);
    j.end_object();
  }
  j.end_array();
  {
    const auto boundaries = quant::float_boundaries(q.graph);
    int64_t quantizes = 0;
    for (const auto& b : boundaries) quantizes += b.op == "quantize";
    j.key("boundaries").begin_object();
    j.key("quantize").value(quantizes);
    j.key("dequantize").value(static_cast<int64_t>(boundaries.size()) - quantizes);
    j.key("nodes").begin_array();
    for (const auto& b : boundaries) {
      j.begin_object();
      j.key("name").value(b.name).key("op").value(b.op).key("reason").value(b.reason);
      j.end_object();
    }
    j.end_array();
    j.end_object();
  }
  j.key("agreement");
  if (a) {
    j.begin_object();
    j.key("inputs").value(static_cast<int64_t>(a->inputs));
    j.key("seeds").begin_array().value(static_cast<int64_t>(kCompareSeed));
    j.value(static_cast<int64_t>(kCompareSeed + a->inputs - 1)).end_array();
    j.key("top1_agreement").value(a->top1_rate());
    j.key("top1_same").value(static_cast<int64_t>(a->top1_same));
    j.key("top1_rows").value(static_cast<int64_t>(a->top1_rows));
    j.key("snr_db").value(a->snr_db);  // null when the outputs are equal (infinite)
    j.key("max_abs_difference").value(a->max_abs_difference);
    j.key("ms").value(f.compare_ms);
    j.key("engine").value(o.native_compare ? "native" : "interpreter");
    j.end_object();
  } else {
    j.null();
  }
  j.end_object();
}

Result<void> write_quantized(const std::string& dir, const std::string& model, const Quantized& q,
                             const QuantizeOptions& o, CompileRecord& record, std::string& report) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{fmt::format("cannot create '{}': {}", dir, ec.message())};
  PrintOptions po;
  po.weights_path = (fs::path(dir) / "quantized.weights").string();
  if (auto r = write_graph(q.graph.graph, (fs::path(dir) / kQuantizedGraphFile).string(), po); !r)
    return r;
  return write_outputs(dir, model, q.compiled, record, report, [&](JsonWriter& j) {
    quantization_json(j, o, q.facts, q.graph, q.agreement);
  });
}

}  // namespace vf::pipeline
