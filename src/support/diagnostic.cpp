#include "support/diagnostic.h"

#include <algorithm>

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

void DiagnosticSink::report(Severity sev, const SourceFile& src, size_t offset, size_t length,
                            std::string msg) {
  offset = std::min(offset, src.text().size());
  Diagnostic d;
  d.severity = sev;
  d.file = src.name();
  d.loc = src.loc(offset);
  d.source_line = std::string(src.line(d.loc.line));
  size_t room = d.source_line.size() >= d.loc.col ? d.source_line.size() - d.loc.col + 1 : 1;
  d.length = static_cast<uint32_t>(std::max<size_t>(1, std::min(length, room)));
  d.message = std::move(msg);
  if (sev == Severity::Error) ++errors_;
  diags_.push_back(std::move(d));
}

void DiagnosticSink::error(std::string where, std::string msg) {
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
    for (uint32_t i = 1; i < d.loc.col && i <= d.source_line.size(); ++i)
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
  return out;
}

void DiagnosticSink::print(std::FILE* out) const {
  std::string s = render();
  std::fputs(s.c_str(), out);
}

}  // namespace vf
