// SHA-256 (FIPS 180-4), for the hashes that tie a compile's output files to its report
// (docs/certificates.md, "Files"). A small streaming implementation, no dependency; on
// x86-64 CPUs with the SHA extensions the blocks go through them (about 8x faster: a
// ResNet-18 compile output is 62 MB, hashed by every command that loads it).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "support/result.h"

namespace vf {

/// A running SHA-256: update() with the bytes in order, then hex() once.
class Sha256 {
 public:
  /// `use_cpu_sha`: use the CPU's SHA instructions when it has them (the tests compare
  /// both ways).
  explicit Sha256(bool use_cpu_sha = true);
  /// Appends `n` bytes at `data`.
  void update(const void* data, size_t n);
  void update(std::string_view bytes) { update(bytes.data(), bytes.size()); }
  /// The digest of everything appended, as 64 lowercase hex digits. Finishes the hash:
  /// call it once.
  std::string hex();

 private:
  /// Hashes `n` whole 64-byte blocks at `p` into h_.
  void blocks(const uint8_t* p, size_t n);

  std::array<uint32_t, 8> h_;
  std::array<uint8_t, 64> buf_{};
  size_t used_ = 0;      // bytes in buf_
  uint64_t length_ = 0;  // bytes appended so far
  bool cpu_sha_ = false;
};

/// The SHA-256 of `bytes`, 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

/// The SHA-256 of the file at `path` (read in blocks); the Error names the file.
Result<std::string> sha256_file(const std::string& path);

}  // namespace vf
