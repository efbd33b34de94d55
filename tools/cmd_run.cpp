// vfuse run: a model in the reference interpreter, or compiled (certified rewrites) and
// run as native code or on a target. The flow is pipeline/run.h; here the options and the
// report.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cmd_common.h"
#include "commands.h"
#include "compile_model.h"
#include "interp/memory_need.h"
#include "native_engine.h"
#include "pipeline/run.h"
#include "support/json.h"

namespace vf::cli {
namespace {

/// run's engine and options, checked before the model is read.
struct RunSettings {
  RunModelOptions opts;
  bool native() const { return opts.engine == RunEngine::Native; }
};

/// The engine, target, seed and precision of `args`, each option checked against the
/// engine it needs; nullopt after printing a usage error.
std::optional<RunSettings> run_settings(const ParsedArgs& args) {
  const std::string cmd = "run";
  RunSettings s;
  if (auto spec = args.get("target")) {
    auto t = target::parse_target(*spec);
    if (!t) return print_error(cmd, t.error().message), std::nullopt;
    if (args.has("engine"))
      return print_error(cmd, "--target runs its own engine (no --engine)"), std::nullopt;
    s.opts.engine = RunEngine::Target;
    s.opts.target = std::move(*t);
  }
  if (auto e = args.get("engine")) {
    if (*e == "native")
      s.opts.engine = RunEngine::Native;
    else if (*e != "interp")
      return print_error(cmd, fmt::format("--engine must be interp or native, got '{}'", *e)),
             std::nullopt;
  }
  auto threads = native_threads(cmd, args);
  if (!threads) return std::nullopt;
  s.opts.threads = *threads;
  if (s.opts.engine == RunEngine::Interpreter)
    for (const char* o :
         {"threads", "no-rewrite", "rules", "proofs", "disable", "timeout", "cache", "no-cache"})
      if (args.has(o))
        return print_error(cmd, fmt::format("--{} needs --engine native or --target", o)),
               std::nullopt;
  if (s.opts.target)
    for (const char* o : {"threads", "precision", "json"})
      if (args.has(o))
        return print_error(cmd, fmt::format("--{} does not go with --target", o)), std::nullopt;
  if (auto seed = args.get("seed")) {
    auto v = parse_uint("seed", *seed);
    if (!v) return print_error(cmd, v.error().message), std::nullopt;
    s.opts.run.seed = *v;
  }
  if (auto p = args.get("precision")) {
    if (*p == "f32")
      s.opts.run.precision = Precision::F32;
    else if (*p == "f64")
      s.opts.run.precision = Precision::F64;
    else
      return print_error(cmd, fmt::format("--precision must be f32 or f64, got '{}'", *p)),
             std::nullopt;
    if (s.native() && s.opts.run.precision != Precision::F32)
      return print_error(
                 cmd, "the native engine computes in f32 (--precision f64 needs --engine interp)"),
             std::nullopt;
  }
  s.opts.rewrite = !args.has("no-rewrite");
  return s;
}

/// The --json report: the outputs' shapes, checksums and first values, and the time.
void print_run_json(const ParsedArgs& args, const Graph& g, const RunSettings& s,
                    const RunReport& rep) {
  const char* prec = s.opts.run.precision == Precision::F32 ? "f32" : "f64";
  JsonWriter j;
  j.begin_object().key("model").value(args.positional[0]).key("precision").value(prec);
  j.key("engine").value(s.native() ? "native" : "interp");
  if (s.native()) j.key("threads").value(s.opts.threads);
  j.key("seed").value(static_cast<int64_t>(s.opts.run.seed)).key("outputs").begin_array();
  for (size_t i = 0; i < rep.outputs.size(); ++i) {
    const Tensor& t = rep.outputs[i];
    j.begin_object().key("name").value(g.node(g.outputs()[i]).name).key("shape").begin_array();
    for (int64_t d : t.shape()) j.value(d);
    j.end_array().key("checksum").value(checksum(t)).key("first").begin_array();
    for (int64_t k = 0; k < std::min<int64_t>(8, t.size()); ++k) j.value(t.get(k));
    j.end_array().end_object();
  }
  j.end_array().key("ms").value(rep.ms).end_object();
  fmt::print("{}\n", j.str());
}

/// The report as text: a line per output, then the time.
void print_run_text(const ParsedArgs& args, const Graph& g, const RunSettings& s,
                    const RunReport& rep) {
  const char* prec = s.opts.run.precision == Precision::F32 ? "f32" : "f64";
  fmt::print("model {}  ({}, seed {}, {})\n", args.positional[0], prec, s.opts.run.seed,
             s.native() ? "native code" : "interpreter");
  if (s.native())
    fmt::print("{}{}\n",
               rep.rewrites ? fmt::format("{} certified rewrites; ", *rep.rewrites)
                            : std::string("not rewritten; "),
               native_summary(*rep.native, s.opts.threads));
  for (size_t i = 0; i < rep.outputs.size(); ++i) {
    const Tensor& t = rep.outputs[i];
    std::vector<std::string> first;
    for (int64_t k = 0; k < std::min<int64_t>(5, t.size()); ++k)
      first.push_back(fmt::format("{:.6g}", t.get(k)));
    fmt::print("output {:<10} shape {:<14} checksum {:<14.8g} first [{}{}]\n",
               g.node(g.outputs()[i]).name, shape_string(t.shape()), checksum(t),
               fmt::join(first, ", "), t.size() > 5 ? ", ..." : "");
  }
  fmt::print("time {:.1f} ms\n", rep.ms);
}

/// The layers of a target run on device `d`: the array's against their bound, the vector
/// unit's reductions bit for bit.
void print_target_layers(const target::TargetRun& run, target::Device d) {
  const bool array = d == target::Device::Array;
  for (const target::ArrayLayerCheck& l : run.layers)
    if (l.device == d && array)
      fmt::print("  {:<24} {:>12} {:>12.3g} {:>12.3g}{}\n", l.node, l.accumulators, l.max_abs,
                 l.worst_ratio, l.worst_ratio <= 1 ? "" : "  EXCEEDED");
    else if (l.device == d)
      fmt::print("  {:<24} {:>12} {:>12.3g}{}\n", l.node, l.accumulators, l.max_abs,
                 l.worst_ratio <= 1 ? "" : "  DIFFERS");
}

/// The report of a run on a target: each array layer and vector unit reduction against
/// the interpreter, the outputs, the time; the exit status says whether every layer held.
int print_target_run(const ParsedArgs& args, const Graph& g, const RunSettings& s,
                     const RunReport& rep) {
  const target::Target& t = *s.opts.target;
  const TargetReport& tr = *rep.target;
  fmt::print(
      "model {}  (f32, seed {}, target {}; {} certified rewrites, {} certified "
      "lowerings)\n",
      args.positional[0], s.opts.run.seed, t.spec, *rep.rewrites, tr.lowerings);
  const auto on = [&](target::Device d) {
    int64_t k = 0;
    for (const target::ArrayLayerCheck& l : tr.run.layers) k += l.device == d;
    return k;
  };
  if (on(target::Device::Array) > 0) {
    fmt::print(
        "array layers against the interpreter on the same operands (bound: the two "
        "orders of summation, docs/targets.md):\n");
    fmt::print("  {:<24} {:>12} {:>12} {:>12}\n", "node", "accumulators", "max abs", "worst/bound");
    print_target_layers(tr.run, target::Device::Array);
  }
  if (t.vector_lanes > 0) {
    fmt::print(
        "vector unit ({} lanes): {} nodes; its last-axis reductions against the interpreter "
        "on the same operands, bit for bit:\n",
        t.vector_lanes, tr.run.vector_nodes);
    if (on(target::Device::Vector) == 0)
      fmt::print("  (none: only elementwise primitives, one IEEE operation per element)\n");
    else
      fmt::print("  {:<24} {:>12} {:>12}\n", "node", "results", "max abs");
    print_target_layers(tr.run, target::Device::Vector);
  }
  for (size_t i = 0; i < rep.outputs.size(); ++i) {
    const Tensor& a = rep.outputs[i];
    fmt::print(
        "output {:<10} shape {:<14} checksum {:<14.8g} max abs vs the interpreter (before "
        "lowering) {:.3g}\n",
        g.node(g.outputs()[i]).name, shape_string(a.shape()), checksum(a), tr.max_abs[i]);
  }
  fmt::print("time {:.1f} ms\n", rep.ms);
  if (!rep.holds()) {
    print_error("run",
                "an array layer differs from the interpreter by more than its bound, or a "
                "vector unit reduction differs from it");
    return kExitFailure;
  }
  fmt::print("ok: every array layer within its bound{}\n",
             t.vector_lanes > 0 ? ", every vector unit reduction equal to the interpreter's" : "");
  return kExitOk;
}

/// The inputs of --inputs and --save-inputs; false after printing an error.
bool prepare_inputs(const ParsedArgs& args, const Graph& g, RunOptions& opts) {
  const std::string cmd = "run";
  // Before any input is read or generated: a model too large for the machine says so.
  if (auto r = check_interpreter_memory(g, bytes_per_value(opts.precision)); !r)
    return print_error(cmd, r.error().message), false;
  if (auto dir = args.get("inputs")) {
    auto in = read_run_inputs(*dir, g);
    if (!in) return print_error(cmd, in.error().message), false;
    opts.inputs = std::move(*in);
  }
  if (auto dir = args.get("save-inputs"))
    if (auto r = write_run_inputs(*dir, g, opts); !r)
      return print_error(cmd, r.error().message), false;
  return true;
}

int run(const ParsedArgs& args) {
  const std::string cmd = "run";
  // Usage errors before the model is read.
  auto s = run_settings(args);
  if (!s) return kExitUsage;
  int code = kExitOk;
  auto g = load_model_arg(cmd, args, code);
  if (!g) return code;
  if (!prepare_inputs(args, *g, s->opts.run)) return kExitFailure;
  if (s->opts.engine != RunEngine::Interpreter && s->opts.rewrite) {
    auto co = compile_options(cmd, args, true);
    if (!co) return kExitUsage;
    s->opts.compile = std::move(*co);
  } else {
    s->opts.compile.rules_dir = args.get("rules").value_or("rules");
    s->opts.compile.proofs_dir = args.get("proofs").value_or("proofs");
  }
  DiagnosticSink diags;
  auto rep = run_model(*g, s->opts, diags);
  if (s->opts.compile.progress) fmt::print(stderr, "\r\033[K");
  if (!rep) return diags.print(stderr), print_error(cmd, rep.error().message), kExitFailure;
  // A target run whose checks failed writes no outputs (its exit status says so).
  if (auto dir = args.get("save-outputs"); dir && rep->holds())
    if (auto r = write_run_outputs(*dir, *g, rep->outputs); !r)
      return print_error(cmd, r.error().message), kExitFailure;
  if (s->opts.target) return print_target_run(args, *g, *s, *rep);
  if (args.has("json"))
    print_run_json(args, *g, *s, *rep);
  else
    print_run_text(args, *g, *s, *rep);
  return kExitOk;
}

std::vector<OptionSpec> run_options() {
  std::vector<OptionSpec> o = {
      {"engine", 0, "interp|native", "the reference interpreter (default) or native code"},
      {"seed", 0, "N", "seed for generated inputs and weights (default 0)"},
      {"inputs", 0, "DIR", "read inputs from DIR/<input>.npy (weights not found there are seeded)"},
      {"precision", 0, "f32|f64", "arithmetic precision of the interpreter (default f32)"},
      {"save-outputs", 0, "DIR", "write outputs to DIR/<output>.npy"},
      {"save-inputs", 0, "DIR", "write the (given or generated) data inputs to DIR/<input>.npy"},
      {"json", 0, "",
       "print {\"model\",\"engine\",\"outputs\":[{\"name\",\"shape\",\"checksum\",\"first\"}],"
       "\"ms\"}"},
      native_threads_option(" (with --engine native)"),
      {"no-rewrite", 0, "", "with --engine native: build the model as imported, no rewrites"},
      {"target", 0, "T",
       "run the compiled model on target T (systolic:RxC[,spm=KiB][,ssu=0|1][,dtype=f32|int8]"
       "[,im2col=0|1][,vpu=L]: the array's layers by its model, each checked against the "
       "interpreter within its bound; with vpu=L the composites lowered to a vector unit's "
       "primitives, its reductions checked bit for bit; docs/targets.md)"}};
  for (auto& x : rewrite_options())
    if (x.name != "seed") o.push_back(x);
  o.push_back(help_option());
  return o;
}

}  // namespace

const Command kRunCommand{
    "run",
    "run a model in the reference interpreter, as native code or on a target",
    "MODEL [options]",
    "Runs MODEL in the reference interpreter and prints each output's shape, checksum (sum\n"
    "of elements) and first values, and the time. Inputs without data (Relay weights) get\n"
    "values generated from the seed and the input's name.\n"
    "With --engine native the model is compiled like 'vfuse compile' (certified rewrites\n"
    "with the rule library; --no-rewrite runs it as imported), emitted as C++, built by\n"
    "the system compiler (-O3 -march=native; cached in $VFUSE_CACHE_DIR/native or\n"
    "~/.cache/vfuse/native) and run twice; the time is the second run's. Native results are\n"
    "within the bound of docs/codegen.md of the interpreter's (`vfuse check` checks it).\n"
    "With --target T the compiled model is lowered for T by certified rules and run by the\n"
    "target's model, each array layer checked against the interpreter on the same operands\n"
    "within its bound; the exit status is 1 when one is not (docs/targets.md).",
    run_options(),
    run};

}  // namespace vf::cli
