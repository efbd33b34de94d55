// The random draws shared by the random instances' shapes (random_instance.cpp) and their
// values (random_test.cpp): one definition, so that both read the generator alike.
#pragma once

#include <cstdint>
#include <vector>

#include "support/rng.h"

namespace vf::verify::detail {

/// Uniform integer in [lo, hi].
inline int64_t uniform_int(SplitMix64& rng, int64_t lo, int64_t hi) {
  return lo + static_cast<int64_t>(rng.next() % static_cast<uint64_t>(hi - lo + 1));
}

/// True with probability p.
inline bool chance(SplitMix64& rng, double p) { return rng.uniform() < p; }

/// A uniformly chosen element of a non-empty vector.
template <class T>
const T& pick(SplitMix64& rng, const std::vector<T>& v) {
  return v[static_cast<size_t>(rng.next() % v.size())];
}

}  // namespace vf::verify::detail
