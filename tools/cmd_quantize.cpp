// vfuse quantize: post-training static int8 quantization of a compiled model (issue 19,
// docs/quantize.md). Compiles MODEL in float32 (the rules: batch norms folded, fusions),
// calibrates the ranges of the values the quantized graph stores in integers, rewrites
// the layers into quantize / qconv2d / qdense / requantize / dequantize, compiles that
// graph with the rules as well and writes it as compile writes its output, with a
// "quantization" section in report.json and the agreement with the float32 graph.
#include <fmt/format.h>

#include <algorithm>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>

#include "cmd_common.h"
#include "commands.h"
#include "compile_model.h"
#include "native_engine.h"
#include "pipeline/compile_write.h"
#include "pipeline/quantize.h"
#include "support/parse_number.h"

namespace vf::cli {
namespace {

constexpr const char* kCmd = "quantize";
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
  if (args.has("mse")) {
    if (args.has("percentile"))
      return usage("--mse and --percentile exclude each other (two ways to choose a range)");
    o.calibration.mse = true;
  }
  if (auto k = args.get("compare")) {
    auto v = parse_uint("--compare", *k);
    if (!v || *v > 100'000) return usage("--compare needs a number of inputs in 0..100000");
    o.compare = *v;
  }
  o.integer_adds = !args.has("float-adds");
  if (auto e = args.get("engine")) {
    if (*e != "native" && *e != "interpreter")
      return usage(fmt::format("--engine needs native or interpreter, got '{}'", *e));
    o.native_compare = *e == "native";
  }
  return o;
}

int quantize(const ParsedArgs& args) {
  auto o = read_options(args);
  if (!o) return kExitUsage;
  int code = kExitOk;
  // The float32 reference: the model compiled with the rules.
  auto f32 = compile_model(kCmd, args, true, code);
  if (!f32) return code;
  auto copts = compile_options(kCmd, args, true);
  if (!copts) return kExitUsage;
  DiagnosticSink diags;
  auto quantized = pipeline::quantize(*f32, *o, *copts, diags);
  if (copts->progress) fmt::print(stderr, "\r\033[K");
  if (!quantized) {
    diags.print(stderr);
    return print_error(kCmd, quantized.error().message), kExitFailure;
  }
  const quant::QuantizedGraph* q = &quantized->graph;
  const CompiledModel* qc = &quantized->compiled;
  const RunFacts& facts = quantized->facts;
  const std::optional<quant::Agreement>& agreement = quantized->agreement;
  auto record = compile_record(*qc, args.positional[0]);
  if (!record) return print_error(kCmd, record.error().message), kExitFailure;
  std::string report;
  if (auto r = write_dir_atomically(o->out,
                                    [&](const std::string& tmp) {
                                      return write_quantized(tmp, args.positional[0], *quantized,
                                                             *o, *record, report);
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
      q->layers.size(), facts.calibration_inputs,
      o->calibrate_dir ? "inputs from " + *o->calibrate_dir : std::string("seeded inputs"),
      o->calibration.percentile ? fmt::format(", ranges clipped at the {}th percentile of |x|",
                                              *o->calibration.percentile)
      : o->calibration.mse      ? std::string(", ranges by the least mean squared error")
                                : std::string(", min/max ranges"),
      facts.calibrate_ms);
  {
    const auto boundaries = quant::float_boundaries(q->graph);
    const auto quantizes =
        std::count_if(boundaries.begin(), boundaries.end(),
                      [](const quant::Boundary& b) { return b.op == "quantize"; });
    fmt::print(
        "{} residual adds as qadd; {} quantize and {} dequantize nodes left (report.json: "
        "quantization.boundaries says why each)\n",
        q->adds.size(), quantizes, static_cast<long>(boundaries.size()) - quantizes);
  }
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
      {"mse", 0, "",
       "clip each end of a range (min, max) by the factor in {1, 0.98, ..., 0.2} whose "
       "uint8 parameters give the least mean squared error over the calibration values"},
      {"compare", 0, "K",
       "compare with the float32 model on K seeded inputs (seeds 1000000..; default 100, 0 "
       "skips)"},
      {"engine", 0, "E",
       "what runs the comparison: native (default: both graphs' native code, one thread; "
       "the quantized one bit-identical to the interpreter, the float32 one within its "
       "bound) or interpreter"},
      {"float-adds", 0, "",
       "keep residual adds (and their relu / clip) in float32 between dequantize and "
       "quantize, as before issue 35, instead of qadd"}};
  for (auto& x : rewrite_options()) o.push_back(x);
  o.push_back(help_option());
  return o;
}

}  // namespace

const Command kQuantizeCommand{
    "quantize",
    "int8 post-training quantization: calibrate, quantize, compile, compare with float32",
    "MODEL -o DIR [--seeds N | --calibrate DIR] [--percentile P | --mse] [--compare K] "
    "[--engine E] "
    "[options]",
    "Compiles MODEL in float32 with the rule library (as vfuse compile: batch norms folded,\n"
    "fusions), runs it on calibration inputs (--seeds N, or .npy files with --calibrate)\n"
    "recording the range of every value a quantized layer reads or writes, and rewrites\n"
    "each conv2d / dense (fused or not) with constant weights into qconv2d / qdense (uint8\n"
    "activations, asymmetric per tensor; int8 weights, symmetric per output channel;\n"
    "int32 bias) and requantize (an int32 multiplier per channel and one shift), relu and\n"
    "clip as integer maximum / minimum nodes, and each add of two such integer values\n"
    "(a residual add) into qadd, its relu / clip likewise. A global average pool or a batch\n"
    "norm of such a value becomes a depthwise layer; max pools and reshapes of it, and\n"
    "concats of such values on one scale, stay integer. Everything else stays float32\n"
    "between dequantize and quantize; the graph's inputs and outputs stay float32. The\n"
    "quantized graph is then compiled with the rules like any model and written as compile\n"
    "writes (DIR/model.vfg, model.weights, model.dot, certificates/, report.json), report.json\n"
    "with a \"quantization\" section: per layer the ranges, scales, zero points,\n"
    "multipliers and shift, and the agreement with float32 (top-1 agreement of the last\n"
    "output's argmax and SNR in dB on --compare inputs). Quantization approximates the\n"
    "model: the agreement is measured, not proved; the certificates cover the rewrites of\n"
    "the quantized graph. See docs/quantize.md. Exit status 0 when the model was\n"
    "quantized, 1 when it could not be read, calibrated or written, 2 on a bad command line.",
    options(),
    quantize};

}  // namespace vf::cli
