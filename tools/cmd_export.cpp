// vfuse export: being written (issue 5).
#include "cmd_common.h"
#include "commands.h"

namespace vf::cli {
namespace {
int run(const ParsedArgs&) {
  print_error("export", "not built yet");
  return kExitFailure;
}
}  // namespace
const Command kExportCommand{"export", "(being written)", "MODEL [options]", "", {help_option()}, run};
}  // namespace vf::cli
