// support/limits.h: element counts checked before they overflow, byte figures for
// messages, the memory check, and the diagnostics' bounded memory on a file of garbage.
#include <catch2/catch.hpp>

#include <string>

#include "support/diagnostic.h"
#include "support/limits.h"

namespace vf {
namespace {

TEST_CASE("limits: element counts are checked before each multiplication", "[support][limits]") {
  using limits::checked_num_elements;
  CHECK(checked_num_elements(std::vector<int64_t>{}) == 1);
  CHECK(checked_num_elements(std::vector<int64_t>{2, 3, 4}) == 24);
  CHECK(checked_num_elements(std::vector<int64_t>{100000, 100000, 100000, 3}) ==
        int64_t{3'000'000'000'000'000});
  // 1e9^3 * 3 overflows int64; 2^28 * 2^28 is exactly the limit, one more is refused.
  CHECK(!checked_num_elements(std::vector<int64_t>{1000000000, 1000000000, 1000000000, 3}));
  CHECK(checked_num_elements(std::vector<int64_t>{int64_t{1} << 28, int64_t{1} << 28}) ==
        limits::kMaxTensorElements);
  CHECK(!checked_num_elements(std::vector<int64_t>{(int64_t{1} << 28) + 1, int64_t{1} << 28}));
  CHECK(!checked_num_elements(std::vector<int64_t>{2, -3}));
  // A zero dimension empties the tensor, but a dimension past the limit is still refused.
  CHECK(checked_num_elements(std::vector<int64_t>{0, 5}) == 0);
  CHECK(!checked_num_elements(std::vector<int64_t>{0, int64_t{1} << 60}));
}

TEST_CASE("limits: byte figures and the memory check", "[support][limits]") {
  CHECK(limits::format_bytes(512) == "512 B");
  CHECK(limits::format_bytes(1536) == "1.5 KiB");
  CHECK(limits::format_bytes(uint64_t{36} << 50) == "36.0 PiB");
  CHECK(limits::sat_mul(uint64_t{1} << 40, uint64_t{1} << 40) == UINT64_MAX);
  CHECK(limits::sat_add(UINT64_MAX - 1, 2) == UINT64_MAX);
  uint64_t have = limits::available_memory_bytes();
  REQUIRE(have > 0);
  CHECK(limits::check_memory(have / 2, "a small job"));
  auto r = limits::check_memory(uint64_t{3} << 60, "running the model");
  REQUIRE(!r);
  CHECK(r.error().message.starts_with("running the model needs 3.0 EiB of memory (" +
                                      std::to_string(uint64_t{3} << 60) + " bytes)"));
  CHECK(r.error().message.ends_with(", this machine has " + limits::format_bytes(have)));
}

TEST_CASE("diagnostics: errors past the limit are counted, not kept", "[support][limits]") {
  SourceFile f("junk.relay", std::string(1000, '!'));
  DiagnosticSink d;
  for (size_t i = 0; i < 1000; ++i) d.error(f, i, 1, "unexpected character '!'");
  d.note(f, 0, 1, "a note after the limit is dropped with its error");
  CHECK(d.error_count() == 1000);
  CHECK(d.all().size() == limits::kMaxReportedErrors);
  std::string out = d.render();
  CHECK(out.ends_with("900 more errors not shown (at most 100 are reported)\n"));
  CHECK(out.find("note:") == std::string::npos);
}

TEST_CASE("diagnostics: a long line is quoted as a window around the column", "[support][limits]") {
  std::string line(100000, 'a');
  line[50000] = '?';
  SourceFile f("one_line.relay", line);
  DiagnosticSink d;
  d.error(f, 50000, 1, "unexpected character '?'");
  REQUIRE(d.all().size() == 1);
  const Diagnostic& diag = d.all()[0];
  CHECK(diag.loc.col == 50001);
  CHECK(diag.source_line.size() == 240);
  // The caret still points at the '?', now inside the window.
  std::string out = d.render();
  size_t quote = out.find('\n') + 1;
  size_t caret = out.find('\n', quote) + 1;
  std::string quoted = out.substr(quote, out.find('\n', quote) - quote);
  std::string marks = out.substr(caret, out.find('\n', caret) - caret);
  REQUIRE(marks.size() <= quoted.size());
  CHECK(quoted[marks.size() - 1] == '?');
  CHECK(marks.back() == '^');
}

}  // namespace
}  // namespace vf
