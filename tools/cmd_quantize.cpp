// vfuse quantize: post-training static int8 quantization of a compiled model (issue 19,
// docs/quantize.md). Compiles MODEL in float32 (the rules: batch norms folded, fusions),
// calibrates the ranges of the values the quantized graph stores in integers, rewrites
// the layers into quantize / qconv2d / qdense / requantize / dequantize, compiles that
// graph with the rules as well and writes it as compile writes its output, with a
// "quantization" section in report.json and the agreement with the float32 graph.
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>

#include "cmd_common.h"
#include "commands.h"
#include "compile_model.h"
#include "pipeline/compile_write.h"
#include "native_engine.h"
#include "quant/agreement.h"
#include "quant/calibrate.h"
#include "quant/quantize_graph.h"
#include "support/parse_number.h"

namespace vf::cli {
namespace {

constexpr const char* kCmd = "quantize";
/// Calibration inputs are generated from seeds 1.. N; comparison inputs from
/// kCompareSeed.., so that the two sets never share an input.
constexpr uint64_t kCompareSeed = 1'000'000;

/// The options of a quantize run, checked.
struct QuantizeOptions {
  std::string out;
  uint64_t seeds = 8;
  std::optional<std::string> calibrate_dir;
  quant::CalibrationOptions calibration;
  uint64_t compare = 100;
  bool native_compare = true;  ///< --engine: the comparison runs native code (else the interpreter)
};

std::optional<QuantizeOptions> read_options(const ParsedArgs& args) {
  QuantizeOptions o;
  auto usage = [](const std::string& msg) {
    print_error(kCmd, msg);
    fmt::print(stderr, "Run 'vfuse quantize --help' for usage.\n");
    return std::nullopt;
  };
  if (auto out = args.get("output"))
    o.out = *out;
  else
    return usage("missing -o DIR (the output directory)");
  if (args.has("seeds") && args.has("calibrate"))
    return usage("--seeds and --calibrate exclude each other (seeded inputs or inputs from DIR)");
  if (auto s = args.get("seeds")) {
    auto v = parse_uint("--seeds", *s);
    if (!v || *v == 0 || *v > 100'000)
      return usage("--seeds needs a number of inputs in 1..100000");
    o.seeds = *v;
  }
  o.calibrate_dir = args.get("calibrate");
  if (auto p = args.get("percentile")) {
    auto v = parse_double_exact(*p);
    if (!v || !(*v > 0 && *v <= 100))
      return usage(fmt::format("--percentile needs a number in (0, 100], got '{}'", *p));
    o.calibration.percentile = *v;
  }
  if (auto k = args.get("compare")) {
    auto v = parse_uint("--compare", *k);
    if (!v || *v > 100'000) return usage("--compare needs a number of inputs in 0..100000");
    o.compare = *v;
  }
  if (auto e = args.get("engine")) {
    if (*e != "native" && *e != "interpreter")
      return usage(fmt::format("--engine needs native or interpreter, got '{}'", *e));
    o.native_compare = *e == "native";
  }
  return o;
}

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

/// What a quantize run measured besides the agreement.
struct RunFacts {
  size_t calibration_inputs = 0;
  size_t reference_rewrites = 0;  ///< certified rewrites of the float32 compile
  double calibrate_ms = 0, compare_ms = 0;
};

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// report.json's "quantization" section.
void quantization_json(JsonWriter& j, const QuantizeOptions& o, const RunFacts& f,
                       const quant::QuantizedGraph& q, const std::optional<quant::Agreement>& a) {
  const size_t calibration_inputs = f.calibration_inputs;
  j.key("quantization").begin_object();
  j.key("reference_rewrites").value(static_cast<int64_t>(f.reference_rewrites));
  j.key("activations").value("uint8, asymmetric per tensor");
  j.key("weights").value("int8, symmetric per output channel");
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

int quantize(const ParsedArgs& args) {
  auto o = read_options(args);
  if (!o) return kExitUsage;
  int code = kExitOk;
  // The float32 reference: the model compiled with the rules.
  auto f32 = compile_model(kCmd, args, true, code);
  if (!f32) return code;
  const CertifiedGraph& reference = f32->result->graph;
  auto prepared = quant::prepare_graph(reference.graph());
  if (!prepared) return print_error(kCmd, prepared.error().message), kExitFailure;
  if (prepared->layers.empty())
    return print_error(kCmd,
                       "the compiled model has no conv2d or dense layer with constant "
                       "weights to quantize"),
           kExitFailure;
  std::vector<quant::InputSet> calib;
  if (o->calibrate_dir) {
    auto r = quant::npy_inputs(prepared->graph, *o->calibrate_dir);
    if (!r) return print_error(kCmd, "--calibrate: " + r.error().message), kExitFailure;
    calib = std::move(*r);
  } else {
    calib = quant::seeded_inputs(prepared->graph, 1, o->seeds);
  }
  const quant::GraphRunner run = quant::interpreter_runner();
  RunFacts facts;
  facts.calibration_inputs = calib.size();
  facts.reference_rewrites = reference.log().size();
  auto t0 = std::chrono::steady_clock::now();
  auto ranges = quant::calibrate(*prepared, calib, o->calibration, run);
  if (!ranges) return print_error(kCmd, "calibration: " + ranges.error().message), kExitFailure;
  facts.calibrate_ms = ms_since(t0);
  auto q = quant::quantize_graph(*prepared, *ranges);
  if (!q) return print_error(kCmd, q.error().message), kExitFailure;
  // The quantized graph is a model of its own: compiled with the rules like any other.
  auto qc = rewrite_model(kCmd, args, q->graph, true, code);
  if (!qc) return code;
  std::optional<quant::Agreement> agreement;
  if (o->compare > 0) {
    t0 = std::chrono::steady_clock::now();
    auto a =
        quant::measure_agreement(reference, qc->result->graph,
                                 quant::seeded_inputs(reference.graph(), kCompareSeed, o->compare),
                                 o->native_compare ? native_runner() : run);
    if (!a) return print_error(kCmd, "comparison: " + a.error().message), kExitFailure;
    agreement = *a;
    facts.compare_ms = ms_since(t0);
  }
  auto record = compile_record(*qc, args.positional[0]);
  if (!record) return print_error(kCmd, record.error().message), kExitFailure;
  std::string report;
  auto extra = [&](JsonWriter& j) { quantization_json(j, *o, facts, *q, agreement); };
  if (auto r = write_dir_atomically(o->out,
                                    [&](const std::string& tmp) {
                                      return write_outputs(tmp, args.positional[0], *qc, *record,
                                                           report, extra);
                                    });
      !r)
    return print_error(kCmd, r.error().message), kExitFailure;
  fmt::print("float32 reference: MODEL compiled with {} certified rewrites\n",
             facts.reference_rewrites);
  fmt::print("the quantized graph compiled: ");
  print_summary(clean_dir(o->out), *qc);
  fmt::print(
      "quantized {} layers (uint8 activations, int8 weights per channel), calibrated on {} "
      "{}{} in {:.0f} ms\n",
      q->layers.size(), calib.size(),
      o->calibrate_dir ? "inputs from " + *o->calibrate_dir : std::string("seeded inputs"),
      o->calibration.percentile ? fmt::format(", ranges clipped at the {}th percentile of |x|",
                                              *o->calibration.percentile)
                                : std::string(", min/max ranges"),
      facts.calibrate_ms);
  if (agreement)
    fmt::print(
        "agreement with float32 on {} seeded inputs: top-1 {}/{} ({:.1f} %), SNR {:.2f} dB, "
        "max |difference| {:.4g} ({}, {:.0f} ms)\n",
        agreement->inputs, agreement->top1_same, agreement->top1_rows, 100 * agreement->top1_rate(),
        agreement->snr_db, agreement->max_abs_difference,
        o->native_compare ? "native code" : "interpreter", facts.compare_ms);
  return kExitOk;
}

std::vector<OptionSpec> options() {
  std::vector<OptionSpec> o = {
      {"output", 'o', "DIR", "output directory (replaced if it exists)"},
      {"seeds", 0, "N", "calibrate on N seeded inputs (seeds 1..N, uniform in [-1, 1]; default 8)"},
      {"calibrate", 0, "DIR",
       "calibrate on inputs read from DIR/<input>.npy, or DIR/*/<input>.npy (one set per "
       "subdirectory)"},
      {"percentile", 0, "P",
       "clip each range to the P-th percentile of |x| (0 < P <= 100, e.g. 99.99) instead of "
       "min/max"},
      {"compare", 0, "K",
       "compare with the float32 model on K seeded inputs (seeds 1000000..; default 100, 0 "
       "skips)"},
      {"engine", 0, "E",
       "what runs the comparison: native (default: both graphs' native code, one thread; "
       "the quantized one bit-identical to the interpreter, the float32 one within its "
       "bound) or interpreter"}};
  for (auto& x : rewrite_options()) o.push_back(x);
  o.push_back(help_option());
  return o;
}

}  // namespace

const Command kQuantizeCommand{
    "quantize",
    "int8 post-training quantization: calibrate, quantize, compile, compare with float32",
    "MODEL -o DIR [--seeds N | --calibrate DIR] [--percentile P] [--compare K] [--engine E] "
    "[options]",
    "Compiles MODEL in float32 with the rule library (as vfuse compile: batch norms folded,\n"
    "fusions), runs it on calibration inputs (--seeds N, or .npy files with --calibrate)\n"
    "recording the range of every value a quantized layer reads or writes, and rewrites\n"
    "each conv2d / dense (fused or not) with constant weights into qconv2d / qdense (uint8\n"
    "activations, asymmetric per tensor; int8 weights, symmetric per output channel;\n"
    "int32 bias) and requantize (an int32 multiplier per channel and one shift), relu and\n"
    "clip as integer maximum / minimum nodes. Everything else stays float32 between\n"
    "dequantize and quantize; the graph's inputs and outputs stay float32. The quantized\n"
    "graph is then compiled with the rules like any model and written as compile writes\n"
    "(DIR/model.vfg, model.weights, model.dot, certificates/, report.json), report.json\n"
    "with a \"quantization\" section: per layer the ranges, scales, zero points,\n"
    "multipliers and shift, and the agreement with float32 (top-1 agreement of the last\n"
    "output's argmax and SNR in dB on --compare inputs). Quantization approximates the\n"
    "model: the agreement is measured, not proved; the certificates cover the rewrites of\n"
    "the quantized graph. See docs/quantize.md. Exit status 0 when the model was\n"
    "quantized, 1 when it could not be read, calibrated or written, 2 on a bad command line.",
    options(),
    quantize};

}  // namespace vf::cli
