#include "cmd_common.h"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "commands.h"
#include "pipeline/model_loader.h"

namespace vf::cli {

void print_error(const std::string& command, const std::string& msg) {
  fmt::print(stderr, "vfuse {}: error: {}\n", command, msg);
}

std::optional<Graph> load_model_arg(const std::string& command, const ParsedArgs& args,
                                    int& exit_code) {
  if (args.positional.size() != 1) {
    print_error(command,
                args.positional.empty()
                    ? "missing MODEL argument"
                    : fmt::format("expected one MODEL, got {} arguments", args.positional.size()));
    fmt::print(stderr, "Run 'vfuse {} --help' for usage.\n", command);
    exit_code = kExitUsage;
    return std::nullopt;
  }
  LoadOptions opts;
  if (auto it = args.options.find("shape"); it != args.options.end())
    for (const std::string& v : it->second)
      if (auto r = parse_shape_binding(v, opts); !r) {
        print_error(command, r.error().message);
        exit_code = kExitUsage;
        return std::nullopt;
      }
  opts.trust_unverified = args.has("trust-unverified");
  return load_model_path(command, args.positional[0], opts, exit_code);
}

std::optional<Graph> load_model_path(const std::string& command, const std::string& path,
                                     const LoadOptions& opts, int& exit_code) {
  DiagnosticSink diags;
  auto g = load_model(path, diags, opts);
  if (!g) {
    diags.print(stderr);
    fmt::print(stderr, "vfuse {}: {} error{} in '{}'\n", command, diags.error_count(),
               diags.error_count() == 1 ? "" : "s", path);
    exit_code = kExitFailure;
  }
  return g;
}

}  // namespace vf::cli
