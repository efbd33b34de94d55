// vfuse bench: being written (issue 5).
#include "cmd_common.h"
#include "commands.h"

namespace vf::cli {
namespace {
int run(const ParsedArgs&) {
  print_error("bench", "not built yet");
  return kExitFailure;
}
}  // namespace
const Command kBenchCommand{"bench", "(being written)", "MODEL [options]", "", {help_option()}, run};
}  // namespace vf::cli
