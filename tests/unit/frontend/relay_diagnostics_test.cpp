// File-driven tests of the Relay importer's diagnostics: every tests/frontend/relay/X.relay
// is imported and the rendered diagnostics are compared with X.expected, byte for byte.
// An empty X.expected means the file must import cleanly. To regenerate the expected
// files after an intended change of wording, run with VF_UPDATE_EXPECTED=1 and review
// the diff.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "frontend/relay_import.h"

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A message that shows the first differing line and then both texts in full.
std::string describe_mismatch(const std::string& expected, const std::string& actual) {
  auto e = split_lines(expected), a = split_lines(actual);
  size_t i = 0;
  while (i < e.size() && i < a.size() && e[i] == a[i]) ++i;
  std::ostringstream out;
  out << "first difference at line " << i + 1 << ":\n"
      << "  expected: " << (i < e.size() ? "|" + e[i] + "|" : "<end>") << "\n"
      << "  actual:   " << (i < a.size() ? "|" + a[i] + "|" : "<end>") << "\n"
      << "---- expected ----\n"
      << expected << "---- actual ----\n"
      << actual << "----";
  return out.str();
}

}  // namespace

TEST_CASE("relay: malformed inputs give exactly the expected diagnostics", "[relay]") {
  const fs::path dir = fs::path(VF_SOURCE_DIR) / "tests" / "frontend" / "relay";
  std::vector<fs::path> cases;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".relay") cases.push_back(entry.path());
  std::sort(cases.begin(), cases.end());
  REQUIRE(cases.size() >= 8);
  const bool update = std::getenv("VF_UPDATE_EXPECTED") != nullptr;

  for (const fs::path& input : cases) {
    // The display name is relative to the repository, so the expected text is stable.
    const std::string display = "tests/frontend/relay/" + input.filename().string();
    SECTION(display) {
      vf::SourceFile src(display, read_file(input));
      vf::DiagnosticSink diags;
      auto graph = vf::import_relay(src, diags);
      const std::string actual = diags.render();
      fs::path expected_path = input;
      expected_path.replace_extension(".expected");
      if (update) std::ofstream(expected_path, std::ios::binary) << actual;
      INFO(display);
      REQUIRE(fs::exists(expected_path));
      const std::string expected = read_file(expected_path);
      INFO(describe_mismatch(expected, actual));
      CHECK(actual == expected);
      // Nothing half-built: a graph exactly when there is no error.
      CHECK(graph.has_value() == expected.empty());
      CHECK(diags.has_errors() == !expected.empty());
    }
  }
}
