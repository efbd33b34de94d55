#include "support/source_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "support/limits.h"

namespace vf {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

Result<SourceFile> SourceFile::load(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return Error{fmt::format("{}: is a directory", path)};
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return Error{fmt::format("{}: cannot open: {}", path, std::strerror(errno))};
  // Checked before reading: diagnostics keep 32-bit offsets, and a text parser needs
  // several times the file's size.
  auto size = static_cast<std::streamoff>(in.tellg());
  if (size > 0 && static_cast<uint64_t>(size) > limits::kMaxFileBytes)
    return Error{fmt::format("{}: the file has {} bytes, more than the limit of {}", path, size,
                             limits::format_bytes(limits::kMaxFileBytes))};
  in.seekg(0);
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return Error{fmt::format("{}: read error", path)};
  return SourceFile(path, ss.str());
}

SourceLoc SourceFile::loc(size_t offset) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  size_t line = static_cast<size_t>(it - line_starts_.begin());  // 1-based
  size_t start = line_starts_[line - 1];
  return {static_cast<uint32_t>(line), static_cast<uint32_t>(offset - start + 1)};
}

std::string_view SourceFile::line(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  size_t start = line_starts_[line - 1];
  size_t end = line < line_starts_.size() ? line_starts_[line] - 1 : text_.size();
  std::string_view v(text_.data() + start, end - start);
  if (!v.empty() && v.back() == '\r') v.remove_suffix(1);
  return v;
}

}  // namespace vf
