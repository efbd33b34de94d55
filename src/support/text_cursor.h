// A position in a text, for the small hand-written parsers that read formats vfuse
// writes or meets in one line (its JSON proof records, .npy headers). Derive from it and
// use s_ / i_ directly; it supplies the whitespace skipping and single-character matching
// they all need.
#pragma once

#include <cstddef>
#include <string_view>

namespace vf {

/// The text being parsed and the byte offset reached.
class TextCursor {
 protected:
  explicit TextCursor(std::string_view s) : s_(s) {}

  /// Skips spaces, tabs, carriage returns and newlines.
  void skip_ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r'))
      ++i_;
  }
  /// Consumes `c` if it is next.
  bool eat(char c) {
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }

  std::string_view s_;
  size_t i_ = 0;
};

}  // namespace vf
