#include "dsl/spelling.h"

#include <algorithm>

#include <fmt/format.h>

namespace vf::dsl {

size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment distance, rows i-2, i-1 and i.
  std::vector<size_t> prev2(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        cur[j] = std::min(cur[j], prev2[j - 2] + 1);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[b.size()];
}

std::optional<std::string> closest_name(std::string_view name,
                                        const std::vector<std::string_view>& candidates) {
  std::optional<std::string> best;
  size_t best_d = 3;
  for (std::string_view c : candidates) {
    size_t d = edit_distance(name, c);
    if (d < best_d && d < name.size()) {
      best_d = d;
      best = std::string(c);
    }
  }
  return best;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates) {
  auto best = closest_name(name, candidates);
  return best ? fmt::format("; did you mean '{}'?", *best) : std::string();
}

}  // namespace vf::dsl
