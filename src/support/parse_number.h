// Whole-string number parsing shared by the text front ends (Relay, IR text, rules).
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace vf {

/// The integer spelled by all of `s`; nullopt if `s` is not one or is out of range.
inline std::optional<int64_t> parse_int_exact(std::string_view s) {
  int64_t v = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

/// The double nearest to the decimal spelled by all of `s`; nullopt if not one or out of range.
inline std::optional<double> parse_double_exact(std::string_view s) {
  double v = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace vf
