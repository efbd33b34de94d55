// File-driven tests of the rule DSL front end. Every tests/dsl/ok/*.rules must parse and
// check cleanly (and print back to text that parses to the same rules); every
// tests/dsl/errors/X.rules must give exactly the diagnostics in X.expected and no
// RuleFile. To regenerate the expected files after an intended change of wording, run
// with VF_UPDATE_EXPECTED=1 and review the diff.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dsl/check.h"
#include "dsl/parser.h"
#include "dsl/printer.h"
#include "golden_files.h"

namespace {

namespace fs = std::filesystem;
using namespace vf::test;

const fs::path kDslDir = fs::path(VF_SOURCE_DIR) / "tests" / "dsl";

}  // namespace

TEST_CASE("dsl: every rule file in tests/dsl/ok parses and checks cleanly", "[dsl]") {
  auto cases = files_in(kDslDir / "ok", ".rules");
  REQUIRE(cases.size() >= 4);
  size_t rules = 0;
  std::vector<vf::dsl::RuleFile> files;
  for (const fs::path& input : cases) {
    const std::string display = "tests/dsl/ok/" + input.filename().string();
    INFO(display);
    vf::SourceFile src(display, read_file(input));
    vf::DiagnosticSink diags;
    auto file = vf::dsl::parse_rules(src, diags);
    INFO(diags.render());
    REQUIRE(file.has_value());
    CHECK(diags.all().empty());
    CHECK_FALSE(file->rules.empty());
    rules += file->rules.size();

    // Printing and parsing again gives the same text: the printer and the parser agree
    // on every construct the ok files use.
    std::string printed = vf::dsl::print_rule_file(*file);
    vf::SourceFile again(display + " (printed)", printed);
    vf::DiagnosticSink diags2;
    auto reparsed = vf::dsl::parse_rules(again, diags2);
    INFO(printed);
    INFO(diags2.render());
    REQUIRE(reparsed.has_value());
    CHECK(vf::dsl::print_rule_file(*reparsed) == printed);
    files.push_back(std::move(*file));
  }
  CHECK(rules >= 8);

  // Rule names are unique across the whole directory, as in one `vfuse prove` run.
  std::vector<const vf::dsl::RuleFile*> all;
  for (const auto& f : files) all.push_back(&f);
  vf::DiagnosticSink diags;
  CHECK(vf::dsl::check_unique_rule_names(all, diags));
  CHECK(diags.all().empty());
}

TEST_CASE("dsl: malformed rule files give exactly the expected diagnostics", "[dsl]") {
  auto cases = files_in(kDslDir / "errors", ".rules");
  REQUIRE(cases.size() >= 12);
  const bool update = update_expected();
  for (const fs::path& input : cases) {
    // The display name is relative to the repository, so the expected text is stable.
    const std::string display = "tests/dsl/errors/" + input.filename().string();
    SECTION(display) {
      vf::SourceFile src(display, read_file(input));
      vf::DiagnosticSink diags;
      auto file = vf::dsl::parse_rules(src, diags);
      const std::string actual = diags.render();
      fs::path expected_path = input;
      expected_path.replace_extension(".expected");
      if (update) std::ofstream(expected_path, std::ios::binary) << actual;
      INFO(display);
      REQUIRE(fs::exists(expected_path));
      const std::string expected = read_file(expected_path);
      INFO(describe_mismatch(expected, actual));
      CHECK(actual == expected);
      // Every case is an error case, and nothing half-built comes back.
      CHECK_FALSE(expected.empty());
      CHECK(diags.has_errors());
      CHECK_FALSE(file.has_value());
    }
  }
}

TEST_CASE("dsl: the rules in docs/rules.md parse and check", "[dsl]") {
  // Keeps the reference honest: every fenced block that starts with `rule` is a rule file.
  const std::string doc = read_file(fs::path(VF_SOURCE_DIR) / "docs" / "rules.md");
  size_t blocks = 0;
  for (size_t at = doc.find("```\n"); at != std::string::npos;) {
    size_t begin = at + 4;
    size_t end = doc.find("```\n", begin);
    if (end == std::string::npos) break;
    std::string block = doc.substr(begin, end - begin);
    at = doc.find("```\n", end + 4);
    if (block.find("rule ") != 0 && block.find("\nrule ") == std::string::npos) continue;
    if (block.find("rule NAME") != std::string::npos) continue;  // the grammar sketch
    ++blocks;
    vf::SourceFile src("docs/rules.md", block);
    vf::DiagnosticSink diags;
    auto file = vf::dsl::parse_rules(src, diags);
    INFO(block);
    INFO(diags.render());
    CHECK(file.has_value());
  }
  CHECK(blocks >= 1);
}
