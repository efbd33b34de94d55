// A text file held in memory with its line table, so diagnostics can quote lines.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/result.h"

namespace vf {

/// 1-based line and column (columns count bytes).
struct SourceLoc {
  uint32_t line = 0;
  uint32_t col = 0;
};

/// A loaded text file (or an in-memory buffer with a display name).
class SourceFile {
 public:
  SourceFile(std::string name, std::string text);

  /// Reads a whole file; an Error names the path and the reason.
  static Result<SourceFile> load(const std::string& path);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  /// Line and column of a byte offset.
  SourceLoc loc(size_t offset) const;
  /// Text of a 1-based line without its newline.
  std::string_view line(uint32_t line) const;
  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }

 private:
  std::string name_;
  std::string text_;
  std::vector<size_t> line_starts_;
};

}  // namespace vf
