// SHA-256 against the FIPS 180-4 example vectors (and NIST's one-million-'a' message),
// fed whole and in uneven pieces, and on a file against sha256sum's answer.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <string>

#include "support/sha256.h"

namespace {

std::string in_pieces(const std::string& s, size_t piece) {
  vf::Sha256 h;
  for (size_t i = 0; i < s.size(); i += piece) h.update(std::string_view(s).substr(i, piece));
  return h.hex();
}

}  // namespace

TEST_CASE("sha256: FIPS 180-4 vectors", "[support]") {
  CHECK(vf::sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(vf::sha256_hex("abc") ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const std::string two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  CHECK(vf::sha256_hex(two_blocks) ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  const std::string four =
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnop"
      "jklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
  CHECK(vf::sha256_hex(four) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  const std::string million(1'000'000, 'a');
  CHECK(vf::sha256_hex(million) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // Block boundaries crossed at every offset: pieces of 1, 7, 63, 64 and 65 bytes.
  for (size_t piece : {1, 7, 63, 64, 65}) {
    INFO("piece " << piece);
    CHECK(in_pieces(two_blocks, piece) == vf::sha256_hex(two_blocks));
    CHECK(in_pieces(four, piece) == vf::sha256_hex(four));
  }
  // Lengths around the padding boundary (55, 56, 64 bytes) differ from each other.
  CHECK(vf::sha256_hex(std::string(55, 'x')) != vf::sha256_hex(std::string(56, 'x')));
}

TEST_CASE("sha256: varied bytes, whole and in pieces", "[support]") {
  // libcrypto's streaming interface fed in uneven pieces gives the one-shot digest, at
  // lengths 0-300 (every padding case) and on 1 MB of varied bytes.
  std::string data;
  for (int i = 0; i < (1 << 20); ++i) data += static_cast<char>((i * 2654435761u) >> 13);
  for (size_t n = 0; n <= 300; ++n) {
    INFO("length " << n);
    CHECK(in_pieces(data.substr(0, n), 13) == vf::sha256_hex(data.substr(0, n)));
  }
  CHECK(in_pieces(data, 4096) == in_pieces(data, 1000));
  CHECK(in_pieces(data, 1000) == vf::sha256_hex(data));
}

TEST_CASE("sha256: a file, as sha256sum hashes it", "[support]") {
  // A model of the repository, hashed by the sha256sum command too.
  const std::string path = std::string(VF_SOURCE_DIR) + "/models/resnet_shallow_simplified.relay";
  auto h = vf::sha256_file(path);
  REQUIRE(h.ok());
  CHECK(h->size() == 64);
  std::FILE* p = popen(("sha256sum '" + path + "' 2>/dev/null").c_str(), "r");
  REQUIRE(p);
  char buf[65] = {};
  const size_t n = std::fread(buf, 1, 64, p);
  pclose(p);
  REQUIRE(n == 64);  // coreutils' sha256sum
  CHECK(std::string(buf, 64) == *h);
  auto missing = vf::sha256_file("/nonexistent/file");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message.find("/nonexistent/file: cannot open") == 0);
}
