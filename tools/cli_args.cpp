#include "cli_args.h"

#include <charconv>
#include <string_view>

#include <fmt/format.h>

namespace vf::cli {

std::optional<std::string> ParsedArgs::get(const std::string& name) const {
  auto it = options.find(name);
  if (it == options.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

Result<ParsedArgs> parse_args(const std::vector<std::string>& args,
                              const std::vector<OptionSpec>& specs) {
  ParsedArgs out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      for (++i; i < args.size(); ++i) out.positional.push_back(args[i]);
      break;
    }
    if (a.size() < 2 || a[0] != '-') {
      out.positional.push_back(a);
      continue;
    }
    const OptionSpec* spec = nullptr;
    std::optional<std::string> inline_value;
    if (a[1] == '-') {
      std::string name = a.substr(2);
      if (auto eq = name.find('='); eq != std::string::npos) {
        inline_value = name.substr(eq + 1);
        name = name.substr(0, eq);
      }
      for (const auto& s : specs)
        if (s.name == name) spec = &s;
    } else if (a.size() == 2) {
      for (const auto& s : specs)
        if (s.short_name == a[1]) spec = &s;
    }
    if (!spec) return Error{fmt::format("unknown option '{}'", a)};
    if (spec->metavar.empty()) {
      if (inline_value) return Error{fmt::format("option '--{}' takes no value", spec->name)};
      out.options[spec->name].push_back("");
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= args.size())
        return Error{fmt::format("option '{}' needs a value ({})", a, spec->metavar)};
      inline_value = args[++i];
    }
    out.options[spec->name].push_back(*inline_value);
  }
  return out;
}

std::string command_help(const Command& c) {
  std::string s = fmt::format("usage: vfuse {} {}\n\n{}\n", c.name, c.usage, c.description);
  if (!c.options.empty()) s += "\noptions:\n";
  for (const auto& o : c.options) {
    std::string left = o.short_name ? fmt::format("-{}, --{}", o.short_name, o.name)
                                    : fmt::format("    --{}", o.name);
    if (!o.metavar.empty()) left += " " + o.metavar;
    s += fmt::format("  {:<28} {}\n", left, o.help);
  }
  return s;
}

Result<uint64_t> parse_uint(const std::string& option, const std::string& value) {
  uint64_t v = 0;
  auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || p != value.data() + value.size()) {
    // Callers name the option with or without its dashes: "--seeds" or "seed".
    const size_t at = option.find_first_not_of('-');
    const std::string_view name =
        at == std::string::npos ? std::string_view(option) : std::string_view(option).substr(at);
    return Error{
        fmt::format("option '--{}' needs a non-negative integer, got '{}'", name, value)};
  }
  return v;
}

}  // namespace vf::cli
