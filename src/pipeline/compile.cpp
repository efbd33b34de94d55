#include "pipeline/compile.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "interp/memory_need.h"
#include "interp/weights.h"

namespace vf::pipeline {

std::string data_dir(const std::string& name) {
  std::error_code ec;
  if (std::filesystem::is_directory(name, ec)) return name;
  const std::string src = std::string(VFUSE_SOURCE_DIR) + "/" + name;
  if (std::filesystem::is_directory(src, ec)) return src;
  return name;
}

std::string default_cache_dir() {
  if (const char* d = std::getenv("VFUSE_CACHE_DIR")) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME")) return std::string(x) + "/vfuse/certificates";
  if (const char* h = std::getenv("HOME")) return std::string(h) + "/.cache/vfuse/certificates";
  return "";
}

void bind_weights(Graph& g, uint64_t seed) {
  for (NodeId id : std::vector<NodeId>(g.inputs()))
    if (g.node(id).weight) g.bind_input(id, generate_input(g, id, seed));
}

Result<rewrite::RuleLibrary> load_library(const std::string& rules_dir,
                                          const std::string& proofs_dir,
                                          const std::vector<std::string>& disabled,
                                          DiagnosticSink& diags) {
  auto lib = rewrite::load_rule_library(rules_dir, proofs_dir, disabled, diags);
  if (!lib) return lib.error();
  return std::move(*lib);
}

Result<LoadOptions> load_options(const CompileOptions& opts) {
  LoadOptions lo;
  for (const std::string& v : opts.shapes)
    if (auto r = parse_shape_binding(v, lo); !r) return r.error();
  lo.trust_unverified = opts.trust_unverified;
  return lo;
}

Result<Graph> load(const std::string& path, const LoadOptions& opts, DiagnosticSink& diags) {
  auto g = load_model(path, diags, opts);
  if (!g)
    return Error{fmt::format("{} error{} in '{}'", diags.error_count(),
                             diags.error_count() == 1 ? "" : "s", path)};
  return std::move(*g);
}

Result<void> prepare(Graph& g, uint64_t seed) {
  if (auto r = check_weight_memory(g, "binding the model's weights"); !r) return r;
  // Weights are parameters of @main in Relay: bind them, so rewrites see constants.
  bind_weights(g, seed);
  return {};
}

Result<CompiledModel> rewrite(Graph g, const CompileOptions& opts, DiagnosticSink& diags) {
  const auto t0 = std::chrono::steady_clock::now();
  if (opts.timeout_ms == 0 || opts.timeout_ms > 3'600'000)
    return Error{"the solver's time limit needs a number of milliseconds in 1..3600000"};
  CompiledModel out;
  out.seed = opts.seed;
  out.shapes = opts.shapes;
  rewrite::RewriteOptions ro;
  ro.certify.timeout_ms = opts.timeout_ms;
  out.timeout_ms = ro.certify.timeout_ms;
  ro.cache_dir = opts.cache_dir.value_or(default_cache_dir());
  out.original = g;

  out.rules_dir = data_dir(opts.rules_dir);
  out.proofs_dir = data_dir(opts.proofs_dir);
  out.disabled = opts.disabled;
  auto lib = load_library(out.rules_dir, out.proofs_dir, out.disabled, diags);
  if (!lib) return lib.error();
  out.library = std::move(*lib);
  ro.on_applied = opts.on_applied;
  ro.progress = opts.progress;
  ro.cancelled = opts.cancelled;
  auto r = rewrite::Driver::run(std::move(g), out.library, ro);
  if (!r && r.error().message == kInterrupted) return r.error();
  if (!r) return Error{"internal error in the rewriter: " + r.error().message};
  out.result = std::move(*r);
  out.total_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

Result<CompiledModel> compile(const std::string& path, const CompileOptions& opts,
                              DiagnosticSink& diags) {
  auto lo = load_options(opts);
  if (!lo) return lo.error();
  auto g = load(path, *lo, diags);
  if (!g) return g.error();
  if (auto r = prepare(*g, opts.seed); !r) return r.error();
  auto c = rewrite(std::move(*g), opts, diags);
  if (c) c->model = path;
  return c;
}

}  // namespace vf::pipeline
