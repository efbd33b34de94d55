// vfuse verify --independent: translation validation of a compile (docs/independent.md).
// The regions report.json claims must tile the model and the compiled graph as stored
// (tiling.h); each is then proved, over the reals, to compute the model's values, each
// compiled constant the model does not have within kFoldedRelative of an exact value.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "independent/tiling.h"

namespace vf::independent {

/// How far a folded constant may be from the exact value t it stands for: 2^-20 times
/// the magnitude of t (TermDomain::magnitude), eight float32 roundings of values as large
/// as those t is computed from (docs/independent.md, "The bound 2^-20").
inline constexpr double kFoldedRelative = 0x1p-20;

/// Limits.
struct CheckOptions {
  /// Solver time limit per region query, milliseconds.
  unsigned timeout_ms = 30'000;
  /// Term nodes one region may build (16 bytes each, about 27 with the class keys'
  /// bookkeeping: an unpaired reduction past this is not expanded; docs/independent.md).
  size_t max_terms = 128'000'000;
  /// Called after each region with its line of the report.
  std::function<void(const std::string&)> on_region;
};

/// What one region came to.
struct RegionOutcome {
  std::string name;  ///< region_name()
  bool ok = false;
  /// How it was proved ("identical", "N classes, M folded elements, ...") or why not.
  std::string detail;
  double ms = 0;
};

/// The verdict.
struct CheckReport {
  bool ok = false;
  /// The first thing that did not hold (a tiling error or a region's failure).
  std::string failure;
  std::vector<RegionOutcome> regions;
  size_t identical = 0, proved = 0;
  /// Output elements covered, equivalence classes proved, folded constant elements
  /// related to exact values.
  int64_t elements = 0, classes = 0, folded = 0;
};

/// Checks `compiled` against `original` region by region, stopping at the first region
/// that is not proved.
CheckReport check_translation(const Graph& original, const Graph& compiled,
                              std::span<const Region> regions, const CheckOptions& o = {});

}  // namespace vf::independent
