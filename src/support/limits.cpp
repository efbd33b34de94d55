#include "support/limits.h"

#include <unistd.h>

#include <fmt/format.h>

#include <fstream>
#include <string>

namespace vf::limits {

std::optional<int64_t> checked_num_elements(std::span<const int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) return std::nullopt;
    if (d != 0 && n > kMaxTensorElements / d) return std::nullopt;
    n *= d;
  }
  // A zero dimension makes the product 0 even after a huge one: that is still a valid,
  // empty tensor, but every dimension must be representable on its own.
  for (int64_t d : shape)
    if (d > kMaxTensorElements) return std::nullopt;
  return n;
}

uint64_t available_memory_bytes() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page = sysconf(_SC_PAGESIZE);
  uint64_t phys = pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * page : 0;
  // cgroup v2 (a container's limit), then v1; "max" or a huge figure means no limit.
  for (const char* f :
       {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    std::ifstream in(f);
    std::string s;
    if (!(in >> s) || s.empty() || s[0] < '0' || s[0] > '9') continue;
    uint64_t lim = std::stoull(s);
    if (lim > 0 && (phys == 0 || lim < phys)) phys = lim;
    break;
  }
  return phys;
}

std::string format_bytes(uint64_t bytes) {
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes < 1024) return fmt::format("{} B", bytes);
  double v = static_cast<double>(bytes) / 1024;
  size_t u = 0;
  while (v >= 1024 && u + 1 < std::size(kUnits)) {
    v /= 1024;
    ++u;
  }
  return fmt::format("{:.1f} {}", v, kUnits[u]);
}

Result<void> check_memory(uint64_t needed, std::string_view what) {
  uint64_t have = available_memory_bytes();
  if (have == 0 || needed <= have) return {};
  std::string need = needed == UINT64_MAX ? "more than 16 EiB" : format_bytes(needed);
  return Error{fmt::format("{} needs {} of memory ({} bytes), this machine has {}", what, need,
                           needed == UINT64_MAX ? std::string("> 2^64") : fmt::to_string(needed),
                           format_bytes(have))};
}

}  // namespace vf::limits
