// SHA-256 (FIPS 180-4), for the hashes that tie a compile's output files to its report
// (docs/certificates.md, "Files") and the stored proofs to the code that made them
// (docs/proofs.md). The digest comes from OpenSSL's libcrypto (EVP), which picks the CPU's
// SHA extensions itself: the hashes that stand between a compile and its certificates
// should not rest on home-made cryptography. libcrypto stays behind this header.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "support/result.h"

namespace vf {

/// A running SHA-256: update() with the bytes in order, then hex() once.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  /// Appends `n` bytes at `data`.
  void update(const void* data, size_t n);
  void update(std::string_view bytes) { update(bytes.data(), bytes.size()); }
  /// The digest of everything appended, as 64 lowercase hex digits. Finishes the hash:
  /// call it once.
  std::string hex();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// The SHA-256 of `bytes`, 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

/// The SHA-256 of the file at `path` (read in blocks); the Error names the file.
Result<std::string> sha256_file(const std::string& path);

}  // namespace vf
