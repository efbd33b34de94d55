// A main() for the fuzz targets when libFuzzer is not used (VF_FUZZ off, or no clang):
// feeds every file named on the command line, and every file under every directory
// named, to LLVMFuzzerTestOneInput once, so that `make test` exercises the same entry
// points over the corpus and the regression files with the normal compiler.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool run_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", p.c_str());
    return false;
  }
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  size_t files = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path arg(argv[i]);
    if (arg.native().starts_with("-")) continue;  // libFuzzer flags, for the same command line
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      std::vector<std::filesystem::path> found;
      for (const auto& e : std::filesystem::recursive_directory_iterator(arg, ec))
        if (e.is_regular_file()) found.push_back(e.path());
      std::sort(found.begin(), found.end());
      for (const auto& f : found) ok &= run_file(f), ++files;
    } else {
      ok &= run_file(arg);
      ++files;
    }
  }
  std::printf("%s: ran %zu inputs\n", argv[0], files);
  return ok && files > 0 ? 0 : 1;
}
