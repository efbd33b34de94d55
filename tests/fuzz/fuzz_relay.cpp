// libFuzzer target: TVM Relay text through the lexer, the parser and the importer
// (src/frontend/relay_*). Any input must end in a graph or in diagnostics, within the
// limits of support/limits.h; a crash, a sanitizer report, a timeout or an allocation
// above libFuzzer's -malloc_limit_mb is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "frontend/relay_import.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  vf::SourceFile src("fuzz.relay", std::string(reinterpret_cast<const char*>(data), size));
  vf::DiagnosticSink diags;
  auto g = vf::import_relay(src, diags);
  // Rendering exercises the diagnostics' quoting of arbitrary bytes and long lines.
  if (!g) (void)diags.render();
  return 0;
}
