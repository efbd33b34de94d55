// Command-line parsing for the vfuse subcommands: long options with values, short
// aliases, positional arguments; unknown options are errors.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "support/result.h"

namespace vf::cli {

/// One option a subcommand accepts.
struct OptionSpec {
  std::string name;     ///< long name without dashes, e.g. "seed"
  char short_name = 0;  ///< e.g. 'o', or 0
  std::string metavar;  ///< empty: a flag without value
  std::string help;
};

/// Parsed command line of a subcommand.
struct ParsedArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::vector<std::string>> options;
  bool has(const std::string& name) const { return options.count(name) > 0; }
  /// Last value given for an option.
  std::optional<std::string> get(const std::string& name) const;
};

/// A subcommand: name, one-line summary, usage, options and its handler.
struct Command {
  std::string name;
  std::string summary;
  std::string usage;  ///< e.g. "MODEL [options]"
  std::string description;
  std::vector<OptionSpec> options;
  int (*run)(const ParsedArgs&);
};

/// Parses args (after the subcommand name). "--help" is an ordinary flag here.
Result<ParsedArgs> parse_args(const std::vector<std::string>& args,
                              const std::vector<OptionSpec>& specs);

/// The --help text of a subcommand.
std::string command_help(const Command& c);

/// Parses an unsigned integer option value; the Error names the option (`option` with or
/// without its leading dashes).
Result<uint64_t> parse_uint(const std::string& option, const std::string& value);

}  // namespace vf::cli
