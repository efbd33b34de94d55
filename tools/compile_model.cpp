#include "compile_model.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "cmd_common.h"
#include "commands.h"
#include "interp/memory_need.h"
#include "interp/weights.h"

namespace vf::cli {

std::string data_dir(const std::string& name) {
  std::error_code ec;
  if (std::filesystem::is_directory(name, ec)) return name;
  const std::string src = std::string(VFUSE_SOURCE_DIR) + "/" + name;
  if (std::filesystem::is_directory(src, ec)) return src;
  return name;
}

namespace {

/// $VFUSE_CACHE_DIR, else $XDG_CACHE_HOME/vfuse/certificates, else
/// $HOME/.cache/vfuse/certificates; empty when none is set.
std::string default_cache_dir() {
  if (const char* d = std::getenv("VFUSE_CACHE_DIR")) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME")) return std::string(x) + "/vfuse/certificates";
  if (const char* h = std::getenv("HOME")) return std::string(h) + "/.cache/vfuse/certificates";
  return "";
}

void draw_progress(size_t n, const rewrite::RewriteAttempt& a) {
  const size_t width = 24, filled = n % (width + 1);
  fmt::print(stderr, "\r\033[Kcertifying [{:<{}}] {:>3} {} {}", std::string(filled, '#'), width, n,
             a.applied ? "applied" : "rejected", a.rule);
}

}  // namespace

void bind_weights(Graph& g, uint64_t seed) {
  for (NodeId id : std::vector<NodeId>(g.inputs()))
    if (g.node(id).weight) g.bind_input(id, generate_input(g, id, seed));
}

std::optional<rewrite::RuleLibrary> load_library(const std::string& command,
                                                 const std::string& rules_dir,
                                                 const std::string& proofs_dir,
                                                 const std::vector<std::string>& disabled,
                                                 int& exit_code) {
  DiagnosticSink diags;
  auto lib = rewrite::load_rule_library(rules_dir, proofs_dir, disabled, diags);
  if (!lib) {
    diags.print(stderr);
    print_error(command, lib.error().message);
    exit_code = kExitFailure;
    return std::nullopt;
  }
  return std::move(*lib);
}

std::vector<OptionSpec> rewrite_options() {
  return {shape_option(),
          {"rules", 0, "DIR", "rule files to apply (default: rules)"},
          {"proofs", 0, "DIR", "stored rule proofs (default: proofs)"},
          {"disable", 0, "RULE", "do not apply RULE (repeatable)"},
          {"seed", 0, "N", "seed of the generated weights (default 0)"},
          {"timeout", 0, "MS", "time limit per solver call in milliseconds (default 10000)"},
          {"cache", 0, "DIR",
           "certificate cache (default: $VFUSE_CACHE_DIR or ~/.cache/vfuse/certificates)"},
          {"no-cache", 0, "", "certify every rewrite again, ignoring and not filling the cache"},
          trust_unverified_option()};
}

std::optional<CompiledModel> compile_model(
    const std::string& command, const ParsedArgs& args, bool progress, int& exit_code,
    std::function<void(const rewrite::Match&, const Graph&, const rewrite::Certificate&)>
        on_applied) {
  uint64_t seed = 0;
  if (auto s = args.get("seed")) {
    auto v = parse_uint("--seed", *s);
    if (!v) return print_error(command, v.error().message), exit_code = kExitUsage, std::nullopt;
    seed = *v;
  }
  auto g = load_model_arg(command, args, exit_code);
  if (!g) return std::nullopt;
  if (auto r = check_weight_memory(*g, "binding the model's weights"); !r)
    return print_error(command, r.error().message), exit_code = kExitFailure, std::nullopt;
  // Weights are parameters of @main in Relay: bind them, so rewrites see constants.
  bind_weights(*g, seed);
  return rewrite_model(command, args, std::move(*g), progress, exit_code, std::move(on_applied));
}

std::optional<CompiledModel> rewrite_model(
    const std::string& command, const ParsedArgs& args, Graph g, bool progress, int& exit_code,
    std::function<void(const rewrite::Match&, const Graph&, const rewrite::Certificate&)>
        on_applied) {
  const auto t0 = std::chrono::steady_clock::now();
  CompiledModel out;
  rewrite::RewriteOptions ro;
  if (auto s = args.get("seed")) {
    auto v = parse_uint("--seed", *s);
    if (!v) return print_error(command, v.error().message), exit_code = kExitUsage, std::nullopt;
    out.seed = *v;
  }
  if (auto t = args.get("timeout")) {
    auto v = parse_uint("--timeout", *t);
    if (!v || *v == 0 || *v > 3'600'000)
      return print_error(command, "--timeout needs a number of milliseconds in 1..3600000"),
             exit_code = kExitUsage, std::nullopt;
    ro.certify.timeout_ms = static_cast<unsigned>(*v);
  }
  out.timeout_ms = ro.certify.timeout_ms;
  if (args.has("no-cache") && args.has("cache"))
    return print_error(command, "--cache and --no-cache exclude each other"),
           exit_code = kExitUsage, std::nullopt;
  ro.cache_dir = args.has("no-cache") ? "" : args.get("cache").value_or(default_cache_dir());
  out.original = g;

  out.rules_dir = data_dir(args.get("rules").value_or("rules"));
  out.proofs_dir = data_dir(args.get("proofs").value_or("proofs"));
  if (auto it = args.options.find("disable"); it != args.options.end()) out.disabled = it->second;
  auto lib = load_library(command, out.rules_dir, out.proofs_dir, out.disabled, exit_code);
  if (!lib) return std::nullopt;
  out.library = std::move(*lib);
  ro.on_applied = std::move(on_applied);
  const bool tty = progress && isatty(STDERR_FILENO);
  if (tty) ro.progress = draw_progress;
  auto r = rewrite::Driver::run(std::move(g), out.library, ro);
  if (tty) fmt::print(stderr, "\r\033[K");
  if (!r) {
    print_error(command, "internal error in the rewriter: " + r.error().message);
    exit_code = kExitFailure;
    return std::nullopt;
  }
  out.result = std::move(*r);
  out.total_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace vf::cli
