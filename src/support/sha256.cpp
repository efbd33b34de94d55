#include "support/sha256.h"

#include <openssl/evp.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fmt/format.h>

namespace vf {

struct Sha256::State {
  EVP_MD_CTX* ctx = nullptr;
};

namespace {

/// libcrypto failing to start or feed a SHA-256 digest is a broken installation, not an
/// input error: nothing downstream may use a hash that was not computed.
[[noreturn]] void digest_failed(const char* what) {
  std::fprintf(stderr, "vfuse: libcrypto's SHA-256 failed in %s\n", what);
  std::abort();
}

}  // namespace

Sha256::Sha256() : state_(std::make_unique<State>()) {
  state_->ctx = EVP_MD_CTX_new();
  if (!state_->ctx || EVP_DigestInit_ex(state_->ctx, EVP_sha256(), nullptr) != 1)
    digest_failed("EVP_DigestInit_ex");
}

Sha256::~Sha256() { EVP_MD_CTX_free(state_->ctx); }

void Sha256::update(const void* data, size_t n) {
  if (n && EVP_DigestUpdate(state_->ctx, data, n) != 1) digest_failed("EVP_DigestUpdate");
}

std::string Sha256::hex() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_DigestFinal_ex(state_->ctx, digest, &len) != 1 || len != 32)
    digest_failed("EVP_DigestFinal_ex");
  std::string out;
  out.reserve(64);
  for (unsigned int i = 0; i < len; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

std::string sha256_hex(std::string_view bytes) {
  Sha256 s;
  s.update(bytes);
  return s.hex();
}

Result<std::string> sha256_file(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return Error{fmt::format("{}: cannot open: {}", path, std::strerror(errno))};
  Sha256 s;
  std::vector<char> buf(1 << 16);
  size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) s.update(buf.data(), n);
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (failed) return Error{fmt::format("{}: read failed: {}", path, std::strerror(err))};
  return s.hex();
}

}  // namespace vf
