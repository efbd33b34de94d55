#include "support/atomic_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fmt/format.h>

namespace vf {

Result<void> write_file_atomically(const std::string& path, std::string_view bytes) {
  std::string tmp = fmt::format("{}.tmp.{}", path, static_cast<long>(::getpid()));
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return Error{fmt::format("{}: cannot create file: {}", path, std::strerror(errno))};
  bool ok = bytes.empty() || std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  int err = errno;
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    std::remove(tmp.c_str());
    return Error{fmt::format("{}: write failed: {}", path, std::strerror(err))};
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    err = errno;
    std::remove(tmp.c_str());
    return Error{fmt::format("{}: cannot rename temporary file: {}", path, std::strerror(err))};
  }
  return {};
}

}  // namespace vf
