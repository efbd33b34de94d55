// vfuse: the command-line driver. Dispatches to the subcommands in commands.h.
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "commands.h"
#include "pipeline/compile_output.h"
#include "support/allocator.h"

namespace {

using vf::cli::Command;

const Command* const kCommands[] = {&vf::cli::kRunCommand,     &vf::cli::kInfoCommand,
                                    &vf::cli::kDotCommand,     &vf::cli::kProveCommand,
                                    &vf::cli::kCompileCommand, &vf::cli::kQuantizeCommand,
                                    &vf::cli::kVerifyCommand,  &vf::cli::kCheckCommand,
                                    &vf::cli::kExportCommand,  &vf::cli::kBenchCommand};

void print_main_help(std::FILE* out) {
  fmt::print(out,
             "usage: vfuse <command> [options]\n\n"
             "vfuse compiles neural-network inference graphs (TVM Relay text, ONNX, vfuse IR) with\n"
             "rewrites that are proved with Z3, and runs them in a reference interpreter.\n\n"
             "commands:\n");
  for (const Command* c : kCommands) fmt::print(out, "  {:<8} {}\n", c->name, c->summary);
  fmt::print(out, "\nRun 'vfuse <command> --help' for a command's options.\n");
}

}  // namespace

int main(int argc, char** argv) {
  vf::keep_freed_memory();
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    print_main_help(stderr);
    return vf::cli::kExitUsage;
  }
  if (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
    if (args.size() > 1)
      for (const Command* c : kCommands)
        if (c->name == args[1]) {
          fmt::print("{}", vf::cli::command_help(*c));
          return vf::cli::kExitOk;
        }
    print_main_help(stdout);
    return vf::cli::kExitOk;
  }
  if (args[0] == "--version") {
    fmt::print("vfuse {}\n", vf::pipeline::kVfuseVersion);
    return vf::cli::kExitOk;
  }
  for (const Command* c : kCommands) {
    if (c->name != args[0]) continue;
    std::vector<std::string> rest(args.begin() + 1, args.end());
    auto parsed = vf::cli::parse_args(rest, c->options);
    if (!parsed) {
      fmt::print(stderr, "vfuse {}: error: {}\nRun 'vfuse {} --help' for usage.\n", c->name,
                 parsed.error().message, c->name);
      return vf::cli::kExitUsage;
    }
    if (parsed->has("help")) {
      fmt::print("{}", vf::cli::command_help(*c));
      return vf::cli::kExitOk;
    }
    return c->run(*parsed);
  }
  fmt::print(stderr, "vfuse: error: unknown command '{}'\n\n", args[0]);
  print_main_help(stderr);
  return vf::cli::kExitUsage;
}
