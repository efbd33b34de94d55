#include <catch2/catch.hpp>

#include "support/diagnostic.h"
#include "support/json.h"
#include "support/rng.h"
#include "support/source_file.h"

TEST_CASE("SourceFile maps offsets to line and column", "[support]") {
  vf::SourceFile f("x.txt", "ab\ncde\n\nf");
  CHECK(f.line_count() == 4);
  CHECK(f.loc(0).line == 1);
  CHECK(f.loc(4).line == 2);
  CHECK(f.loc(4).col == 2);
  CHECK(f.line(2) == "cde");
  CHECK(f.line(3).empty());
  CHECK(f.line(4) == "f");
  CHECK(f.line(5).empty());
}

TEST_CASE("SourceFile::load reports a missing file", "[support]") {
  auto r = vf::SourceFile::load("/nonexistent/dir/file.relay");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.find("/nonexistent/dir/file.relay: cannot open") == 0);
}

TEST_CASE("diagnostics render clang style with caret and keep every error", "[support]") {
  vf::SourceFile f("rules/fold.rules", "rule a\n  rewrite rellu(%x)\n");
  vf::DiagnosticSink d;
  d.error(f, 15, 5, "unknown operator 'rellu'");
  d.note(f, 0, 4, "in this rule");
  d.error("model.onnx", "truncated at byte 12");
  CHECK(d.error_count() == 2);
  CHECK(d.render() ==
        "rules/fold.rules:2:9: error: unknown operator 'rellu'\n"
        "  rewrite rellu(%x)\n"
        "        ^~~~~\n"
        "rules/fold.rules:1:1: note: in this rule\n"
        "rule a\n"
        "^~~~\n"
        "model.onnx: error: truncated at byte 12\n");
}

TEST_CASE("a caret never runs past the end of its line", "[support]") {
  vf::SourceFile f("f", "abc");
  vf::DiagnosticSink d;
  d.error(f, 2, 50, "x");
  CHECK(d.render() == "f:1:3: error: x\nabc\n  ^\n");
}

TEST_CASE("JsonWriter places commas and escapes", "[support]") {
  vf::JsonWriter j;
  j.begin_object()
      .key("a")
      .value(int64_t{1})
      .key("b")
      .begin_array()
      .value("x\"y")
      .value(2.5)
      .null()
      .end_array();
  j.key("c").value(true).key("d").value(std::nan("")).end_object();
  CHECK(j.str() == R"({"a":1,"b":["x\"y",2.5,null],"c":true,"d":null})");
}

TEST_CASE("SplitMix64 streams are keyed by seed and name", "[support]") {
  vf::SplitMix64 a(1, "conv_weight"), b(1, "conv_weight"), c(2, "conv_weight"), d(1, "conv_bias");
  uint64_t x = a.next();
  CHECK(x == b.next());
  CHECK(x != c.next());
  CHECK(x != d.next());
  vf::SplitMix64 u(9);
  for (int i = 0; i < 1000; ++i) {
    double v = u.uniform(-2, 3);
    REQUIRE(v >= -2);
    REQUIRE(v < 3);
  }
}
