#include "support/diagnostic.h"

#include <algorithm>

#include "support/limits.h"

namespace vf {
namespace {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "?";
}

}  // namespace

// Lines longer than this are quoted as a window around the column.
constexpr size_t kQuotedLineBytes = 240;

bool DiagnosticSink::full() {
  if (errors_ < limits::kMaxReportedErrors) return false;
  ++errors_;
  ++omitted_;
  return true;
}

void DiagnosticSink::report(Severity sev, const SourceFile& src, size_t offset, size_t length,
                            std::string msg) {
  if (sev == Severity::Error ? full() : errors_ >= limits::kMaxReportedErrors) return;
  offset = std::min(offset, src.text().size());
  Diagnostic d;
  d.severity = sev;
  d.file = src.name();
  d.loc = src.loc(offset);
  std::string_view line = src.line(d.loc.line);
  if (line.size() > kQuotedLineBytes) {
    size_t from = d.loc.col > kQuotedLineBytes / 2 ? d.loc.col - 1 - kQuotedLineBytes / 2 : 0;
    d.quoted_from = static_cast<uint32_t>(std::min(from, line.size()));
    line = line.substr(d.quoted_from, kQuotedLineBytes);
  }
  d.source_line = std::string(line);
  size_t col = d.loc.col - d.quoted_from;
  size_t room = d.source_line.size() >= col ? d.source_line.size() - col + 1 : 1;
  d.length = static_cast<uint32_t>(std::max<size_t>(1, std::min(length, room)));
  d.message = std::move(msg);
  if (sev == Severity::Error) ++errors_;
  diags_.push_back(std::move(d));
}

void DiagnosticSink::error(std::string where, std::string msg) {
  if (full()) return;
  Diagnostic d;
  d.file = std::move(where);
  d.message = std::move(msg);
  ++errors_;
  diags_.push_back(std::move(d));
}

std::string render(const Diagnostic& d) {
  std::string out;
  if (!d.file.empty()) {
    out += d.file;
    if (d.loc.line > 0) out += fmt::format(":{}:{}", d.loc.line, d.loc.col);
    out += ": ";
  }
  out += fmt::format("{}: {}\n", severity_name(d.severity), d.message);
  if (d.loc.line > 0 && !d.source_line.empty()) {
    out += d.source_line + "\n";
    std::string caret;
    for (uint32_t i = 1; i + d.quoted_from < d.loc.col && i <= d.source_line.size(); ++i)
      caret += d.source_line[i - 1] == '\t' ? '\t' : ' ';
    caret += '^';
    if (d.length > 1) caret += std::string(d.length - 1, '~');
    out += caret + "\n";
  }
  return out;
}

std::string DiagnosticSink::render() const {
  std::string out;
  for (const auto& d : diags_) out += vf::render(d);
  if (omitted_ > 0)
    out += fmt::format("{} more error{} not shown (at most {} are reported)\n", omitted_,
                       omitted_ == 1 ? "" : "s", limits::kMaxReportedErrors);
  return out;
}

void DiagnosticSink::print(std::FILE* out) const {
  std::string s = render();
  std::fputs(s.c_str(), out);
}

}  // namespace vf
