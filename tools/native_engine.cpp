#include "native_engine.h"

#include <fmt/format.h>

#include "cmd_common.h"
#include "commands.h"

namespace vf::cli {

OptionSpec native_threads_option(const char* also) {
  return {"threads", 0, "N", fmt::format("threads of the native code (OpenMP; default 1){}", also)};
}

std::optional<int> native_threads(const std::string& command, const ParsedArgs& args) {
  auto s = args.get("threads");
  if (!s) return 1;
  auto v = parse_uint("--threads", *s);
  if (!v || *v < 1 || *v > 256) {
    print_error(command, "--threads needs a number in 1..256");
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

std::string native_summary(const pipeline::NativeBuild& m, int threads) {
  const double mib = 4.0 / (1 << 20);
  return fmt::format(
      "native code, {} thread{}: arena {:.2f} MiB (activations planned in {:.2f} MiB, {:.2f} "
      "MiB unshared), {}",
      threads, threads == 1 ? "" : "s", m.arena_elements * mib, m.plan_elements * mib,
      m.activation_elements * mib,
      m.compile_ms > 0 ? fmt::format("compiled in {:.0f} ms", m.compile_ms)
                       : std::string("from the cache"));
}

}  // namespace vf::cli
