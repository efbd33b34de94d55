// The vfuse subcommands; each is defined in its own cmd_*.cpp.
#pragma once

#include "cli_args.h"

namespace vf::cli {

extern const Command kRunCommand;
extern const Command kInfoCommand;
extern const Command kDotCommand;
extern const Command kProveCommand;
extern const Command kCompileCommand;
extern const Command kCheckCommand;
extern const Command kExportCommand;
extern const Command kBenchCommand;
extern const Command kVerifyCommand;
extern const Command kQuantizeCommand;

/// Exit statuses shared by all subcommands.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  ///< the job ran and failed (bad model, failed check)
inline constexpr int kExitUsage = 2;    ///< bad command line

}  // namespace vf::cli
