// Helpers for the file-driven tests: each case is an input file beside an .expected file
// holding the exact rendered output. VF_UPDATE_EXPECTED=1 regenerates the expected files
// (review the diff before committing).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace vf::test {

/// Whole file as bytes (empty if it cannot be read).
inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Files in `dir` with extension `ext` (e.g. ".relay"), sorted by name.
inline std::vector<std::filesystem::path> files_in(const std::filesystem::path& dir,
                                                   const std::string& ext) {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ext) out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

/// True when the run should rewrite the .expected files instead of comparing.
inline bool update_expected() { return std::getenv("VF_UPDATE_EXPECTED") != nullptr; }

/// A message that shows the first differing line and then both texts in full.
inline std::string describe_mismatch(const std::string& expected, const std::string& actual) {
  auto lines = [](const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  };
  auto e = lines(expected), a = lines(actual);
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

}  // namespace vf::test
