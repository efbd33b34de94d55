// vfuse bench: the reference interpreter and ONNX Runtime, side by side, on the same model
// and the same seeded inputs: median latency of each and how far their outputs differ.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>
#include <vector>

#include "cmd_common.h"
#include "commands.h"
#include "interp/interpreter.h"
#include "interp/weights.h"
#include "onnxruntime_peer.h"
#include "support/json.h"

namespace vf::cli {
namespace {

constexpr const char* kCmd = "bench";

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

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

int bench(const ParsedArgs& args) {
  auto threads = count_option(args, "threads", 1, 1, 256);
  auto repeat = count_option(args, "repeat", 10, 1, 100000);
  auto warmup = count_option(args, "warmup", 1, 0, 100000);
  if (!threads || !repeat || !warmup) return kExitUsage;
  uint64_t seed = 0;
  if (auto s = args.get("seed")) {
    auto v = parse_uint("--seed", *s);
    if (!v) return print_error(kCmd, v.error().message), kExitUsage;
    seed = *v;
  }
  int code = kExitOk;
  auto g = load_model_arg(kCmd, args, code);
  if (!g) return code;
  const std::string& model = args.positional[0];

  // Weights without data get their seeded values (all drawn from the unmodified graph, as
  // `vfuse export` does), bound as constants so that the exported model carries them;
  // data inputs are generated as `vfuse run` does.
  std::vector<std::pair<NodeId, Tensor>> weights;
  for (NodeId id : g->inputs())
    if (g->node(id).weight) weights.emplace_back(id, generate_input(*g, id, seed));
  for (auto& [id, t] : weights) g->bind_input(id, std::move(t));
  RunOptions ro;
  ro.seed = seed;
  for (NodeId id : g->data_inputs())
    ro.inputs.emplace(g->node(id).name, generate_input(*g, id, seed));

  const CertifiedGraph cg = CertifiedGraph::unrewritten(*g);
  std::vector<double> times;
  Result<std::vector<Tensor>> ours = std::vector<Tensor>{};
  for (int i = 0; i < *warmup + *repeat; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    ours = run_graph(cg, ro);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (!ours) return print_error(kCmd, ours.error().message), kExitFailure;
    if (i >= *warmup) times.push_back(ms);
  }
  const double interp_ms = median(times);

  // ONNX Runtime: the original file, or the bound graph exported.
  std::optional<PeerRun> peer;
  std::string peer_note;
  std::vector<OutputAgreement> agreement;
  TempDir scratch("bench");
  if (!scratch.ok()) return print_error(kCmd, "cannot create a temporary folder"), kExitFailure;
  if (auto loc = find_onnxruntime(); !loc) {
    peer_note = loc.error().message;
  } else if (auto file = onnx_file_for(model, *g, scratch.path()); !file) {
    peer_note = fmt::format("export failed: {}", file.error().message);
  } else if (auto r = run_onnxruntime(*file, ro.inputs, {*threads, "all", *warmup, *repeat}); !r) {
    peer_note = r.error().message;
  } else {
    peer = std::move(*r);
    if (auto a = compare_with_peer(*g, *ours, *peer); a)
      agreement = std::move(*a);
    else
      peer_note = fmt::format("outputs not compared: {}", a.error().message);
  }
  double max_abs = -1;
  for (const OutputAgreement& a : agreement) max_abs = std::max(max_abs, a.max_abs);

  if (args.has("json")) {
    JsonWriter j;
    j.begin_object().key("model").value(model);
    j.key("threads").value(*threads).key("repeat").value(*repeat).key("warmup").value(*warmup);
    j.key("seed").value(static_cast<int64_t>(seed));
    j.key("interp_ms").value(interp_ms).key("interp_threads").value(1);
    j.key("interp_precision").value("f32");
    j.key("onnxruntime_ms");
    peer ? j.value(peer->median_ms) : j.null();
    j.key("onnxruntime_opt").value("all").key("onnxruntime_version");
    peer ? j.value(peer->version) : j.null();
    j.key("onnxruntime_note");
    peer_note.empty() ? j.null() : j.value(peer_note);
    j.key("interp_over_onnxruntime");
    peer && peer->median_ms > 0 ? j.value(interp_ms / peer->median_ms) : j.null();
    j.key("max_abs_diff");
    max_abs >= 0 ? j.value(max_abs) : j.null();
    j.end_object();
    fmt::print("{}\n", j.str());
    return kExitOk;
  }
  fmt::print("model {}  (seed {}, median of {} runs after {} warm-up)\n", model, seed, *repeat,
             *warmup);
  fmt::print("  {:<34} {:>7} {:>12}\n", "engine", "threads", "median ms");
  fmt::print("  {:<34} {:>7} {:>12.3f}\n", "vfuse interpreter (f32)", 1, interp_ms);
  if (peer)
    fmt::print("  {:<34} {:>7} {:>12.3f}\n", fmt::format("onnxruntime {} (opt all)", peer->version),
               *threads, peer->median_ms);
  else
    fmt::print("  {:<34} {:>7} {:>12}\n", "onnxruntime (opt all)", *threads, "not run");
  if (peer && peer->median_ms > 0)
    fmt::print("interpreter / onnxruntime: {:.1f}x\n", interp_ms / peer->median_ms);
  if (max_abs >= 0) fmt::print("outputs agree to a max abs difference of {:.3g}\n", max_abs);
  if (!peer_note.empty()) fmt::print("onnxruntime: {}{}\n", peer ? "" : "not run: ", peer_note);
  return kExitOk;
}

std::vector<OptionSpec> options() {
  return {
      {"threads", 0, "N", "ONNX Runtime's intra-op threads (default 1; the interpreter has one)"},
      {"repeat", 0, "R", "timed runs of each engine (default 10)"},
      {"warmup", 0, "W", "untimed runs first (default 1)"},
      {"seed", 0, "N", "seed for generated inputs and weights (default 0)"},
      {"json", 0, "", "print {\"model\",\"threads\",\"interp_ms\",\"onnxruntime_ms\",...}"},
      shape_option(),
      help_option()};
}

}  // namespace

const Command kBenchCommand{
    "bench",
    "median latency of the interpreter and of ONNX Runtime on one model",
    "MODEL [options]",
    "Runs MODEL in the reference interpreter (float32, one thread) and in ONNX Runtime\n"
    "(all graph optimizations, --threads intra-op threads) on the same seeded inputs, and\n"
    "prints each one's median latency and the largest difference between their outputs.\n"
    "ONNX Runtime gets an .onnx MODEL as it is, any other model with its weights bound to\n"
    "the seeded values and exported to ONNX. It comes from npm: run `make onnxruntime`\n"
    "(or set VFUSE_ONNXRUNTIME_DIR to a folder whose node_modules holds onnxruntime-node);\n"
    "without it the interpreter is measured alone and onnxruntime_ms is null.",
    options(),
    bench};

}  // namespace vf::cli
