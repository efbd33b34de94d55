// Diagnostics for user input (rule files, model files, command lines): every error in
// a file is collected, then printed clang-style with the source line and a caret.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "support/source_file.h"

namespace vf {

enum class Severity { Error, Warning, Note };

/// One message about a place in an input.
struct Diagnostic {
  Severity severity = Severity::Error;
  std::string file;     ///< path or display name; may be empty
  SourceLoc loc;        ///< line 0 means "no line" (e.g. a binary file or a node name)
  uint32_t length = 1;  ///< characters to underline
  std::string message;
  std::string source_line;   ///< the quoted line, empty if none; a window of a long line
  uint32_t quoted_from = 0;  ///< byte of the line where source_line starts (long lines)
};

/// Collects diagnostics; the first channel of STYLE.md's three.
class DiagnosticSink {
 public:
  /// Reports at a byte range of a source file.
  void report(Severity sev, const SourceFile& src, size_t offset, size_t length, std::string msg);
  /// Reports an error at a byte range of a source file.
  void error(const SourceFile& src, size_t offset, size_t length, std::string msg) {
    report(Severity::Error, src, offset, length, std::move(msg));
  }
  void note(const SourceFile& src, size_t offset, size_t length, std::string msg) {
    report(Severity::Note, src, offset, length, std::move(msg));
  }
  /// Reports an error about a place that has no line (a node name, a byte offset).
  void error(std::string where, std::string msg);

  /// Errors past limits::kMaxReportedErrors are counted, not kept: render() ends with
  /// how many were left out, so a file of garbage costs bounded memory.
  bool has_errors() const { return errors_ > 0; }
  size_t error_count() const { return errors_; }
  const std::vector<Diagnostic>& all() const { return diags_; }
  /// Renders every diagnostic in order, clang style.
  std::string render() const;
  void print(std::FILE* out = stderr) const;

 private:
  bool full();  // true (and the message counted) once kMaxReportedErrors are kept

  std::vector<Diagnostic> diags_;
  size_t errors_ = 0;
  size_t omitted_ = 0;
};

/// Renders one diagnostic: "file:line:col: error: msg\n<line>\n<caret>\n".
std::string render(const Diagnostic& d);

}  // namespace vf
