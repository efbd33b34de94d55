// vfuse bench: the reference interpreter, the native code (the model compiled with
// certified rewrites) and ONNX Runtime, side by side, on the same model and the same
// seeded inputs: median latency of each and how far their outputs differ.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>
#include <vector>

#include "cmd_common.h"
#include "commands.h"
#include "compile_model.h"
#include "interp/interpreter.h"
#include "interp/memory_need.h"
#include "interp/weights.h"
#include "ir/stats.h"
#include "native_engine.h"
#include "pipeline/bench.h"
#include "pipeline/check.h"
#include "pipeline/onnxruntime_peer.h"
#include "support/json.h"

namespace vf::cli {
namespace {

constexpr const char* kCmd = "bench";

/// Parses a count option in [lo, hi]; prints a usage error and returns nullopt otherwise.
std::optional<int> count_option(const ParsedArgs& args, const char* name, int dflt, int lo,
                                int hi) {
  auto s = args.get(name);
  if (!s) return dflt;
  auto v = parse_uint(fmt::format("--{}", name), *s);
  if (!v || *v < static_cast<uint64_t>(lo) || *v > static_cast<uint64_t>(hi)) {
    print_error(kCmd, fmt::format("--{} needs a number in {}..{}", name, lo, hi));
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

/// The counts and the seed of `args`; nullopt after printing a usage error.
std::optional<BenchSettings> bench_settings(const ParsedArgs& args) {
  auto threads = count_option(args, "threads", 1, 1, 256);
  auto repeat = count_option(args, "repeat", 10, 1, 100000);
  auto warmup = count_option(args, "warmup", 1, 0, 100000);
  if (!threads || !repeat || !warmup) return std::nullopt;
  BenchSettings s{*threads, *repeat, *warmup, 0};
  if (auto v = args.get("seed")) {
    auto seed = parse_uint("--seed", *v);
    if (!seed) return print_error(kCmd, seed.error().message), std::nullopt;
    s.seed = *seed;
  }
  return s;
}

/// The --json report: one object.
void print_bench_json(const std::string& model, const BenchSettings& s, double interp_ms,
                      const std::optional<NativeBench>& nb, const PeerBench& pb) {
  const std::optional<PeerRun>& peer = pb.peer;
  JsonWriter j;
  j.begin_object().key("model").value(model);
  j.key("threads").value(s.threads).key("repeat").value(s.repeat).key("warmup").value(s.warmup);
  j.key("seed").value(static_cast<int64_t>(s.seed));
  j.key("interp_ms").value(interp_ms).key("interp_threads").value(1);
  j.key("interp_precision").value("f32");
  j.key("onnxruntime_ms");
  peer ? j.value(peer->median_ms) : j.null();
  j.key("onnxruntime_opt").value("all").key("onnxruntime_version");
  peer ? j.value(peer->version) : j.null();
  j.key("onnxruntime_note");
  pb.note.empty() ? j.null() : j.value(pb.note);
  j.key("interp_over_onnxruntime");
  peer && peer->median_ms > 0 ? j.value(interp_ms / peer->median_ms) : j.null();
  j.key("max_abs_diff");
  pb.max_abs >= 0 ? j.value(pb.max_abs) : j.null();
  if (nb) {
    j.key("native_ms").value(nb->ms).key("native_threads").value(s.threads);
    j.key("native_over_onnxruntime");
    peer && peer->median_ms > 0 ? j.value(nb->ms / peer->median_ms) : j.null();
    j.key("native_rewrites");
    nb->rewrites >= 0 ? j.value(nb->rewrites) : j.null();
    j.key("native_gflops").value(nb->flops / (nb->ms * 1e6)).key("flops").value(nb->flops);
    j.key("native_compile_ms").value(nb->compile_ms);
    j.key("native_arena_bytes").value(nb->arena).key("native_plan_bytes").value(nb->plan);
    j.key("activation_bytes").value(nb->activations);
    j.key("native_max_abs_diff").value(nb->max_abs);
  } else {
    j.key("native_ms").null();
  }
  j.end_object();
  fmt::print("{}\n", j.str());
}

/// The report as a table of engines, then the ratios and the agreement.
void print_bench_table(const std::string& model, const BenchSettings& s, double interp_ms,
                       const std::optional<NativeBench>& nb, const PeerBench& pb) {
  const std::optional<PeerRun>& peer = pb.peer;
  fmt::print("model {}  (seed {}, median of {} runs after {} warm-up)\n", model, s.seed, s.repeat,
             s.warmup);
  fmt::print("  {:<34} {:>7} {:>12}\n", "engine", "threads", "median ms");
  fmt::print("  {:<34} {:>7} {:>12.3f}\n", "vfuse interpreter (f32)", 1, interp_ms);
  if (nb)
    fmt::print("  {:<34} {:>7} {:>12.3f}\n",
               nb->rewrites >= 0 ? fmt::format("vfuse native ({} rewrites)", nb->rewrites)
                                 : std::string("vfuse native (not rewritten)"),
               s.threads, nb->ms);
  if (peer)
    fmt::print("  {:<34} {:>7} {:>12.3f}\n", fmt::format("onnxruntime {} (opt all)", peer->version),
               s.threads, peer->median_ms);
  else
    fmt::print("  {:<34} {:>7} {:>12}\n", "onnxruntime (opt all)", s.threads, "not run");
  if (peer && peer->median_ms > 0)
    fmt::print("interpreter / onnxruntime: {:.1f}x\n", interp_ms / peer->median_ms);
  if (nb) {
    if (peer && peer->median_ms > 0)
      fmt::print("native / onnxruntime: {:.2f}x\n", nb->ms / peer->median_ms);
    fmt::print(
        "native: {:.1f} GFLOP/s, arena {:.2f} MiB (all activations {:.2f} MiB), {}; "
        "outputs within {:.3g} of the interpreter's\n",
        nb->flops / (nb->ms * 1e6), nb->arena / 1048576.0, nb->activations / 1048576.0,
        nb->compile_ms > 0 ? fmt::format("compiled in {:.0f} ms", nb->compile_ms)
                           : std::string("from the cache"),
        nb->max_abs);
  }
  if (pb.max_abs >= 0) fmt::print("outputs agree to a max abs difference of {:.3g}\n", pb.max_abs);
  if (!pb.note.empty()) fmt::print("onnxruntime: {}{}\n", peer ? "" : "not run: ", pb.note);
}

int bench(const ParsedArgs& args) {
  // Usage errors before the model is read.
  const auto s = bench_settings(args);
  if (!s) return kExitUsage;
  int code = kExitOk;
  auto g = load_model_arg(kCmd, args, code);
  if (!g) return code;
  const std::string& model = args.positional[0];
  // Before the weights and inputs are generated: a model too large for the machine says so.
  if (auto r = check_interpreter_memory(*g, bytes_per_value(Precision::F32)); !r)
    return print_error(kCmd, r.error().message), kExitFailure;
  const RunOptions ro = bind_seeded_inputs(*g, s->seed);

  // The interpreter first: its outputs are what the other engines are compared with.
  const CertifiedGraph cg = CertifiedGraph::unrewritten(*g);
  Result<std::vector<Tensor>> ours = std::vector<Tensor>{};
  const auto interp_ms = time_interpreter(cg, ro, *s, ours);
  if (!interp_ms) return print_error(kCmd, interp_ms.error().message), kExitFailure;
  std::optional<NativeBench> nb;
  if (!args.has("no-native")) {
    std::optional<CompiledModel> c;
    if (!args.has("no-rewrite")) {
      c = rewrite_model(kCmd, args, *g, false, code);
      if (!c) return code;
    }
    auto b =
        bench_native(c ? c->result->graph : cg,
                     c ? static_cast<int64_t>(c->result->graph.log().size()) : -1, ro, *ours, *s);
    if (!b) return print_error(kCmd, b.error().message), kExitFailure;
    nb = *b;
  }
  // ONNX Runtime: the original file, or the bound graph exported.
  TempDir scratch("bench");
  if (!scratch.ok()) return print_error(kCmd, "cannot create a temporary folder"), kExitFailure;
  const PeerBench pb = bench_onnxruntime(model, *g, *ours, ro, *s, scratch);

  if (args.has("json"))
    print_bench_json(model, *s, *interp_ms, nb, pb);
  else
    print_bench_table(model, *s, *interp_ms, nb, pb);
  return kExitOk;
}

std::vector<OptionSpec> options() {
  std::vector<OptionSpec> o = {
      {"threads", 0, "N",
       "threads of ONNX Runtime (intra-op) and of the native code (default 1; the interpreter "
       "has one)"},
      {"repeat", 0, "R",
       "timed runs of the interpreter and ONNX Runtime, 10 R of the native "
       "code (default 10)"},
      {"warmup", 0, "W", "untimed runs first (default 1; 10 W for the native code)"},
      {"seed", 0, "N", "seed for generated inputs and weights (default 0)"},
      {"json", 0, "",
       "print {\"model\",\"threads\",\"interp_ms\",\"native_ms\",\"onnxruntime_ms\",...}"},
      {"no-native", 0, "", "do not build and time the native code"},
      {"no-rewrite", 0, "", "time the native code of the model as imported, no rewrites"}};
  for (auto& x : rewrite_options())
    if (x.name != "seed") o.push_back(x);
  o.push_back(help_option());
  return o;
}

}  // namespace

const Command kBenchCommand{
    "bench",
    "median latency of the interpreter, the native code and ONNX Runtime on one model",
    "MODEL [options]",
    "Runs MODEL in the reference interpreter (float32, one thread), as native code (the\n"
    "model compiled like 'vfuse compile' with the rule library, emitted and built with\n"
    "-O3 -march=native, --threads OpenMP threads; timed on preallocated buffers) and in\n"
    "ONNX Runtime (all graph optimizations, --threads intra-op threads) on the same\n"
    "seeded inputs, and prints each one's median latency, the native code's GFLOP/s and\n"
    "arena, and the largest differences between their outputs.\n"
    "ONNX Runtime gets an .onnx MODEL as it is, any other model with its weights bound to\n"
    "the seeded values and exported to ONNX. It comes from npm: run `make onnxruntime`\n"
    "(or set VFUSE_ONNXRUNTIME_DIR to a folder whose node_modules holds onnxruntime-node);\n"
    "without it the interpreter is measured alone and onnxruntime_ms is null.",
    options(),
    bench};

}  // namespace vf::cli
