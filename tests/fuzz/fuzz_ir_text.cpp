// libFuzzer target: the IR text parser (src/ir/text_parser.cpp), which also checks
// attributes and recomputes every node's type. No weights file: `external(...)` data is an
// error the parser must report like any other.
#include <cstddef>
#include <cstdint>
#include <string>

#include "ir/text_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  vf::SourceFile src("fuzz.vfg", std::string(reinterpret_cast<const char*>(data), size));
  vf::DiagnosticSink diags;
  auto g = vf::parse_graph(src, diags);
  if (!g) (void)diags.render();
  return 0;
}
