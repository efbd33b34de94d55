// vfuse run: a model in the reference interpreter, or compiled (certified rewrites) and
// run as native code.
#include <chrono>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cmd_common.h"
#include "commands.h"
#include "compile_model.h"
#include "interp/index_inputs.h"
#include "interp/interpreter.h"
#include "interp/memory_need.h"
#include "interp/weights.h"
#include "ir/npy.h"
#include "native_engine.h"
#include "pipeline/check.h"
#include "support/json.h"
#include "target/run.h"
#include "target_report.h"

namespace vf::cli {
namespace {

double checksum(const Tensor& t) {
  double s = 0;
  for (int64_t i = 0; i < t.size(); ++i) s += t.get(i);
  return s;
}

/// The model compiled with the rule library (or as imported, --no-rewrite), built as
/// native code and run twice (the second run timed) on the inputs of `opts`: weights
/// given there are bound, the others generated from the seed, as the interpreter does.
/// `g` with its weights bound (given in `opts`, else generated from the seed) and, unless
/// --no-rewrite, compiled with the rule library; `inputs` receives the data inputs.
std::optional<CertifiedGraph> compiled_for_run(const ParsedArgs& args, const Graph& g,
                                               const RunOptions& opts,
                                               std::map<std::string, Tensor>& inputs,
                                               std::optional<CompiledModel>& c, int& code) {
  Graph bound = g;
  for (NodeId id : g.inputs()) {
    const Node& n = g.node(id);
    auto it = opts.inputs.find(n.name);
    Tensor t = it != opts.inputs.end() ? it->second : generate_input(g, id, opts.seed);
    if (n.weight)
      bound.bind_input(id, std::move(t));
    else
      inputs.emplace(n.name, std::move(t));
  }
  if (!args.has("no-rewrite")) {
    c = rewrite_model("run", args, std::move(bound), true, code);
    if (!c) return std::nullopt;
    return c->result->graph;
  }
  return CertifiedGraph::unrewritten(bound);
}

Result<std::vector<Tensor>> run_native(const ParsedArgs& args, const Graph& g,
                                       const RunOptions& opts, int threads, double& ms,
                                       std::string& summary, int& code) {
  const std::string cmd = "run";
  std::map<std::string, Tensor> inputs;
  std::optional<CompiledModel> c;
  auto compiled = compiled_for_run(args, g, opts, inputs, c, code);
  if (!compiled) return Error{""};
  const CertifiedGraph& cg = *compiled;
  auto m = build_native(cmd, cg, threads, code);
  if (!m) return Error{""};
  summary = fmt::format("{}{}", c ? fmt::format("{} certified rewrites; ", cg.log().size())
                                  : std::string("not rewritten; "),
                        native_summary(*m, threads));
  // Timed on the second run: the first one also starts the threads and touches the arena.
  auto outs = m->run(inputs);
  if (!outs) return print_error(cmd, outs.error().message), code = kExitFailure, outs;
  auto t0 = std::chrono::steady_clock::now();
  outs = m->run(inputs);
  ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!outs) print_error(cmd, outs.error().message), code = kExitFailure;
  return outs;
}

/// The model compiled (as for native code) and run on target `t`: the array's layers by its
/// model, each checked against the interpreter on the same operands, the outputs compared
/// with the interpreter's run of the same compiled graph. Prints the report; the exit
/// status says whether every layer held.
int run_target(const ParsedArgs& args, const Graph& g, const RunOptions& opts,
               const target::Target& t) {
  int code = kExitOk;
  std::map<std::string, Tensor> inputs;
  std::optional<CompiledModel> c;
  auto cg = compiled_for_run(args, g, opts, inputs, c, code);
  if (!cg) return code;
  auto low = lower_for_target("run", *cg, t, data_dir(args.get("rules").value_or("rules")),
                              data_dir(args.get("proofs").value_or("proofs")));
  if (!low) return kExitFailure;
  int64_t lowered = 0;
  for (const auto& a : low->attempts) lowered += a.applied;
  RunOptions o = opts;
  o.precision = Precision::F32;
  o.inputs = inputs;
  const auto t0 = std::chrono::steady_clock::now();
  auto run = target::run_on_target(low->graph, t, o);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!run) return print_error("run", run.error().message), kExitFailure;
  auto ref = run_graph(*cg, o);
  if (!ref) return print_error("run", ref.error().message), kExitFailure;
  fmt::print(
      "model {}  (f32, seed {}, target {}; {} certified rewrites, {} certified "
      "lowerings)\n",
      args.positional[0], opts.seed, t.spec, cg->log().size(), lowered);
  const auto on = [&](target::Device d) {
    int64_t k = 0;
    for (const target::ArrayLayerCheck& l : run->layers) k += l.device == d;
    return k;
  };
  if (on(target::Device::Array) > 0) {
    fmt::print(
        "array layers against the interpreter on the same operands (bound: the two "
        "orders of summation, docs/targets.md):\n");
    fmt::print("  {:<24} {:>12} {:>12} {:>12}\n", "node", "accumulators", "max abs", "worst/bound");
    for (const target::ArrayLayerCheck& l : run->layers)
      if (l.device == target::Device::Array)
        fmt::print("  {:<24} {:>12} {:>12.3g} {:>12.3g}{}\n", l.node, l.accumulators, l.max_abs,
                   l.worst_ratio, l.worst_ratio <= 1 ? "" : "  EXCEEDED");
  }
  if (t.vector_lanes > 0) {
    fmt::print(
        "vector unit ({} lanes): {} nodes; its last-axis reductions against the interpreter "
        "on the same operands, bit for bit:\n",
        t.vector_lanes, run->vector_nodes);
    if (on(target::Device::Vector) == 0)
      fmt::print("  (none: only elementwise primitives, one IEEE operation per element)\n");
    else
      fmt::print("  {:<24} {:>12} {:>12}\n", "node", "results", "max abs");
    for (const target::ArrayLayerCheck& l : run->layers)
      if (l.device == target::Device::Vector)
        fmt::print("  {:<24} {:>12} {:>12.3g}{}\n", l.node, l.accumulators, l.max_abs,
                   l.worst_ratio <= 1 ? "" : "  DIFFERS");
  }
  for (size_t i = 0; i < run->outputs.size(); ++i) {
    const Tensor& a = run->outputs[i];
    const Tensor& b = (*ref)[i];
    const double diff = max_abs_difference(a, b);
    fmt::print(
        "output {:<10} shape {:<14} checksum {:<14.8g} max abs vs the interpreter (before "
        "lowering) {:.3g}\n",
        g.node(g.outputs()[i]).name, shape_string(a.shape()), checksum(a), diff);
  }
  fmt::print("time {:.1f} ms\n", ms);
  if (!run->holds()) {
    print_error("run",
                "an array layer differs from the interpreter by more than its bound, or a "
                "vector unit reduction differs from it");
    return kExitFailure;
  }
  fmt::print("ok: every array layer within its bound{}\n",
             t.vector_lanes > 0 ? ", every vector unit reduction equal to the interpreter's" : "");
  return kExitOk;
}

/// run's engine and options, checked before the model is read.
struct RunSettings {
  RunOptions opts;
  bool native = false;
  std::optional<target::Target> tgt;
  std::optional<int> threads;
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
    s.tgt = std::move(*t);
  }
  if (auto e = args.get("engine")) {
    if (*e == "native")
      s.native = true;
    else if (*e != "interp")
      return print_error(cmd, fmt::format("--engine must be interp or native, got '{}'", *e)),
             std::nullopt;
  }
  s.threads = native_threads(cmd, args);
  if (!s.threads) return std::nullopt;
  if (!s.native && !s.tgt)
    for (const char* o : {"threads", "no-rewrite", "rules", "proofs", "disable", "timeout",
                          "cache", "no-cache"})
      if (args.has(o))
        return print_error(cmd, fmt::format("--{} needs --engine native or --target", o)),
               std::nullopt;
  if (s.tgt)
    for (const char* o : {"threads", "precision", "json", "save-outputs"})
      if (args.has(o))
        return print_error(cmd, fmt::format("--{} does not go with --target", o)), std::nullopt;
  if (auto seed = args.get("seed")) {
    auto v = parse_uint("seed", *seed);
    if (!v) return print_error(cmd, v.error().message), std::nullopt;
    s.opts.seed = *v;
  }
  if (auto p = args.get("precision")) {
    if (*p == "f32")
      s.opts.precision = Precision::F32;
    else if (*p == "f64")
      s.opts.precision = Precision::F64;
    else
      return print_error(cmd, fmt::format("--precision must be f32 or f64, got '{}'", *p)),
             std::nullopt;
    if (s.native && s.opts.precision != Precision::F32)
      return print_error(cmd, "the native engine computes in f32 (--precision f64 needs --engine interp)"),
             std::nullopt;
  }
  return s;
}

/// --inputs DIR: every input's DIR/<input>.npy into `opts` (a weight's may be missing).
/// False after printing an error.
bool read_input_files(const std::string& dir, const Graph& g, RunOptions& opts) {
  const std::string cmd = "run";
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    return print_error(cmd, fmt::format("--inputs '{}' is not a directory", dir)), false;
  for (NodeId id : g.inputs()) {
    const Node& n = g.node(id);
    std::filesystem::path f = std::filesystem::path(dir) / npy_file_name(n.name);
    if (!std::filesystem::exists(f, ec)) {
      if (n.weight) continue;  // weights not given are generated from the seed
      return print_error(cmd, fmt::format("missing input '{}': no file {}", n.name, f.string())),
             false;
    }
    auto t = read_npy(f.string());
    if (!t) return print_error(cmd, t.error().message), false;
    if (is_integer(n.type.dtype) && t->dtype() != n.type.dtype)
      return print_error(cmd,
                         fmt::format("{}: {}, the model's input '{}' is {}", f.string(),
                                     dtype_name(t->dtype()), n.name, dtype_name(n.type.dtype))),
             false;
    opts.inputs.emplace(n.name, std::move(*t));
  }
  if (auto r = check_index_inputs(g, opts.inputs); !r)
    return print_error(cmd, r.error().message), false;
  return true;
}

/// --save-inputs DIR: every data input (given or generated from the seed) as
/// DIR/<input>.npy. False after printing an error.
bool save_input_files(const std::string& dir, const Graph& g, const RunOptions& opts) {
  const std::string cmd = "run";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return print_error(cmd, fmt::format("cannot create '{}': {}", dir, ec.message())), false;
  for (NodeId id : g.data_inputs()) {
    const Node& n = g.node(id);
    auto it = opts.inputs.find(n.name);
    Tensor t = it != opts.inputs.end() ? it->second : generate_input(g, id, opts.seed);
    std::string f = (std::filesystem::path(dir) / npy_file_name(n.name)).string();
    if (auto r = write_npy(f, t); !r) return print_error(cmd, r.error().message), false;
  }
  return true;
}

/// --save-outputs DIR: every output as DIR/<output>.npy. False after printing an error.
bool save_output_files(const std::string& dir, const Graph& g, const std::vector<Tensor>& outs) {
  const std::string cmd = "run";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return print_error(cmd, fmt::format("cannot create '{}': {}", dir, ec.message())), false;
  for (size_t i = 0; i < outs.size(); ++i) {
    std::string f =
        (std::filesystem::path(dir) / npy_file_name(g.node(g.outputs()[i]).name)).string();
    if (auto r = write_npy(f, outs[i]); !r) return print_error(cmd, r.error().message), false;
  }
  return true;
}

/// The --json report: the outputs' shapes, checksums and first values, and the time.
void print_run_json(const ParsedArgs& args, const Graph& g, const RunSettings& s,
                    const std::vector<Tensor>& outs, double ms) {
  const char* prec = s.opts.precision == Precision::F32 ? "f32" : "f64";
  JsonWriter j;
  j.begin_object().key("model").value(args.positional[0]).key("precision").value(prec);
  j.key("engine").value(s.native ? "native" : "interp");
  if (s.native) j.key("threads").value(*s.threads);
  j.key("seed").value(static_cast<int64_t>(s.opts.seed)).key("outputs").begin_array();
  for (size_t i = 0; i < outs.size(); ++i) {
    const Tensor& t = outs[i];
    j.begin_object().key("name").value(g.node(g.outputs()[i]).name).key("shape").begin_array();
    for (int64_t d : t.shape()) j.value(d);
    j.end_array().key("checksum").value(checksum(t)).key("first").begin_array();
    for (int64_t k = 0; k < std::min<int64_t>(8, t.size()); ++k) j.value(t.get(k));
    j.end_array().end_object();
  }
  j.end_array().key("ms").value(ms).end_object();
  fmt::print("{}\n", j.str());
}

/// The report as text: a line per output, then the time.
void print_run_text(const ParsedArgs& args, const Graph& g, const RunSettings& s,
                    const std::string& summary, const std::vector<Tensor>& outs, double ms) {
  const char* prec = s.opts.precision == Precision::F32 ? "f32" : "f64";
  fmt::print("model {}  ({}, seed {}, {})\n", args.positional[0], prec, s.opts.seed,
             s.native ? "native code" : "interpreter");
  if (s.native) fmt::print("{}\n", summary);
  for (size_t i = 0; i < outs.size(); ++i) {
    const Tensor& t = outs[i];
    std::vector<std::string> first;
    for (int64_t k = 0; k < std::min<int64_t>(5, t.size()); ++k)
      first.push_back(fmt::format("{:.6g}", t.get(k)));
    fmt::print("output {:<10} shape {:<14} checksum {:<14.8g} first [{}{}]\n",
               g.node(g.outputs()[i]).name, shape_string(t.shape()), checksum(t),
               fmt::join(first, ", "), t.size() > 5 ? ", ..." : "");
  }
  fmt::print("time {:.1f} ms\n", ms);
}

int run(const ParsedArgs& args) {
  const std::string cmd = "run";
  // Usage errors before the model is read.
  auto s = run_settings(args);
  if (!s) return kExitUsage;
  RunOptions& opts = s->opts;
  int code = kExitOk;
  auto g = load_model_arg(cmd, args, code);
  if (!g) return code;
  // Before any input is read or generated: a model too large for the machine says so.
  if (auto r = check_interpreter_memory(*g, bytes_per_value(opts.precision)); !r)
    return print_error(cmd, r.error().message), kExitFailure;
  if (auto dir = args.get("inputs"); dir && !read_input_files(*dir, *g, opts)) return kExitFailure;
  if (auto dir = args.get("save-inputs"); dir && !save_input_files(*dir, *g, opts))
    return kExitFailure;

  if (s->tgt) return run_target(args, *g, opts, *s->tgt);
  double ms = 0;
  std::string summary;
  Result<std::vector<Tensor>> outs = std::vector<Tensor>{};
  if (s->native) {
    outs = run_native(args, *g, opts, *s->threads, ms, summary, code);
    if (!outs) return code;
  } else {
    const CertifiedGraph model = CertifiedGraph::unrewritten(*g);  // an imported model
    auto t0 = std::chrono::steady_clock::now();
    outs = run_graph(model, opts);
    ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (!outs) return print_error(cmd, outs.error().message), kExitFailure;
  }
  if (auto dir = args.get("save-outputs"); dir && !save_output_files(*dir, *g, *outs))
    return kExitFailure;
  if (args.has("json"))
    print_run_json(args, *g, *s, *outs, ms);
  else
    print_run_text(args, *g, *s, summary, *outs, ms);
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
    "run a model in the reference interpreter or as native code",
    "MODEL [options]",
    "Runs MODEL in the reference interpreter and prints each output's shape, checksum (sum\n"
    "of elements) and first values, and the time. Inputs without data (Relay weights) get\n"
    "values generated from the seed and the input's name.\n"
    "With --engine native the model is compiled like 'vfuse compile' (certified rewrites\n"
    "with the rule library; --no-rewrite runs it as imported), emitted as C++, built by\n"
    "the system compiler (-O3 -march=native; cached in $VFUSE_CACHE_DIR/native or\n"
    "~/.cache/vfuse/native) and run twice; the time is the second run's. Native results are\n"
    "within the bound of docs/codegen.md of the interpreter's (`vfuse check` checks it).",
    run_options(),
    run};

}  // namespace vf::cli
