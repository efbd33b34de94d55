// Rules for verify tests, parsed from text.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "dsl/parser.h"

namespace vf::verify::test {

/// Parses and checks `text`; fails the test (printing the diagnostics) on an error.
inline dsl::RuleFile rules(const std::string& text) {
  SourceFile src("test.rules", text);
  DiagnosticSink diags;
  auto rf = dsl::parse_rules(src, diags);
  INFO(diags.render());
  REQUIRE(rf);
  return std::move(*rf);
}

}  // namespace vf::verify::test
