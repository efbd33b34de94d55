// libFuzzer target: the rule DSL (src/dsl/): lexer, parser and the semantic checks that
// parse_rules runs on every rule that parsed.
#include <cstddef>
#include <cstdint>
#include <string>

#include "dsl/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  vf::SourceFile src("fuzz.rules", std::string(reinterpret_cast<const char*>(data), size));
  vf::DiagnosticSink diags;
  auto rules = vf::dsl::parse_rules(src, diags);
  if (!rules) (void)diags.render();
  return 0;
}
