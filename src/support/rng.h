// Deterministic pseudo-random numbers keyed by names, so that generated weights depend
// on (seed, parameter name) and not on the order parameters appear in a file.
#pragma once

#include <cstdint>
#include <string_view>

namespace vf {

/// FNV-1a 64-bit hash of a string.
uint64_t fnv1a64(std::string_view s);

/// A fast 64-bit hash of bytes, eight at a time (for keys over large tensors, such as a
/// certificate's constants; not stable across vfuse versions, not cryptographic).
uint64_t hash_bytes(std::string_view s);

/// SplitMix64: small, fast, statistically good enough for test data.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  /// Stream keyed by a seed and a name.
  SplitMix64(uint64_t seed, std::string_view name);
  uint64_t next();
  /// Uniform double in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  /// Uniform double in [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

 private:
  uint64_t state_;
};

}  // namespace vf
