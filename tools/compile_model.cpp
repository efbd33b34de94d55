#include "compile_model.h"

#include <fmt/format.h>
#include <unistd.h>

#include "cmd_common.h"
#include "commands.h"

namespace vf::cli {
namespace {

void draw_progress(size_t n, const rewrite::RewriteAttempt& a) {
  const size_t width = 24, filled = n % (width + 1);
  fmt::print(stderr, "\r\033[Kcertifying [{:<{}}] {:>3} {} {}", std::string(filled, '#'), width, n,
             a.applied ? "applied" : "rejected", a.rule);
}

}  // namespace

std::optional<rewrite::RuleLibrary> load_library(const std::string& command,
                                                 const std::string& rules_dir,
                                                 const std::string& proofs_dir,
                                                 const std::vector<std::string>& disabled,
                                                 int& exit_code) {
  DiagnosticSink diags;
  auto lib = pipeline::load_library(rules_dir, proofs_dir, disabled, diags);
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

std::optional<pipeline::CompileOptions> compile_options(const std::string& command,
                                                        const ParsedArgs& args, bool progress) {
  pipeline::CompileOptions o;
  if (auto s = args.get("seed")) {
    auto v = parse_uint("--seed", *s);
    if (!v) return print_error(command, v.error().message), std::nullopt;
    o.seed = *v;
  }
  if (auto t = args.get("timeout")) {
    auto v = parse_uint("--timeout", *t);
    if (!v || *v == 0 || *v > 3'600'000)
      return print_error(command, "--timeout needs a number of milliseconds in 1..3600000"),
             std::nullopt;
    o.timeout_ms = static_cast<unsigned>(*v);
  }
  if (args.has("no-cache") && args.has("cache"))
    return print_error(command, "--cache and --no-cache exclude each other"), std::nullopt;
  if (args.has("no-cache"))
    o.cache_dir = "";
  else if (auto c = args.get("cache"))
    o.cache_dir = *c;
  if (auto it = args.options.find("shape"); it != args.options.end()) o.shapes = it->second;
  o.trust_unverified = args.has("trust-unverified");
  o.rules_dir = args.get("rules").value_or("rules");
  o.proofs_dir = args.get("proofs").value_or("proofs");
  if (auto it = args.options.find("disable"); it != args.options.end()) o.disabled = it->second;
  if (progress && isatty(STDERR_FILENO)) o.progress = draw_progress;
  return o;
}

std::optional<CompiledModel> compile_model(const std::string& command, const ParsedArgs& args,
                                           bool progress, int& exit_code,
                                           pipeline::AppliedFn on_applied) {
  uint64_t seed = 0;
  if (auto s = args.get("seed")) {
    auto v = parse_uint("--seed", *s);
    if (!v) return print_error(command, v.error().message), exit_code = kExitUsage, std::nullopt;
    seed = *v;
  }
  auto g = load_model_arg(command, args, exit_code);
  if (!g) return std::nullopt;
  if (auto r = pipeline::prepare(*g, seed); !r)
    return print_error(command, r.error().message), exit_code = kExitFailure, std::nullopt;
  auto c = rewrite_model(command, args, std::move(*g), progress, exit_code, std::move(on_applied));
  if (c) c->model = args.positional[0];
  return c;
}

std::optional<CompiledModel> rewrite_model(const std::string& command, const ParsedArgs& args,
                                           Graph g, bool progress, int& exit_code,
                                           pipeline::AppliedFn on_applied) {
  auto o = compile_options(command, args, progress);
  if (!o) return exit_code = kExitUsage, std::nullopt;
  o->on_applied = std::move(on_applied);
  DiagnosticSink diags;
  auto c = pipeline::rewrite(std::move(g), *o, diags);
  if (o->progress) fmt::print(stderr, "\r\033[K");
  if (!c) {
    diags.print(stderr);
    print_error(command, c.error().message);
    exit_code = kExitFailure;
    return std::nullopt;
  }
  return std::move(*c);
}

}  // namespace vf::cli
