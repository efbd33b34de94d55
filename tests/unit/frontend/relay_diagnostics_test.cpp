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
#include "golden_files.h"

namespace {

namespace fs = std::filesystem;
using namespace vf::test;

}  // namespace

TEST_CASE("relay: malformed inputs give exactly the expected diagnostics", "[relay]") {
  const fs::path dir = fs::path(VF_SOURCE_DIR) / "tests" / "frontend" / "relay";
  std::vector<fs::path> cases = files_in(dir, ".relay");
  REQUIRE(cases.size() >= 8);
  const bool update = update_expected();

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
