// A cache of proved instance certificates, so that compiling the same model again does
// not ask the solver again. An entry is keyed by the rule proof's hash and a hash of the
// instance (every leaf's type and constant bytes, every attribute value, the certifier's
// version): the same key means the very same query. Only proved certificates are stored
// (a refuted or unknown one is asked again next time); the entry keeps the SMT-LIB2
// text, so a cached certificate can still be replayed. The cache is trusted like the
// solver: a forged entry is a forged proof (docs/certificates.md).
#pragma once

#include <optional>
#include <string>

#include "rewrite/match.h"
#include "support/result.h"

namespace vf::rewrite {

/// Bumped whenever the certificate queries change what they prove.
inline constexpr const char* kCertifierVersion = "vfuse-certify-4";

/// A stored certificate.
struct CachedCertificate {
  std::string split;
  int64_t claims = 0;
  double ms = 0;
  std::string smt2;
};

/// "fnv1a64:..." of the rule hash, the match's instance and kCertifierVersion.
std::string certificate_key(const std::string& rule_hash, const Match& m, const Graph& g);

/// Certificates under a directory, one <key>.json + <key>.smt2 pair each.
class CertificateCache {
 public:
  /// A cache in `dir` (created on the first store); an empty dir disables the cache.
  explicit CertificateCache(std::string dir) : dir_(std::move(dir)) {}
  bool enabled() const { return !dir_.empty(); }
  /// The entry for `key`, or nullopt (absent, unreadable or malformed entries are misses).
  std::optional<CachedCertificate> find(const std::string& key) const;
  /// Stores an entry (atomically); an Error says why it could not be written.
  Result<void> store(const std::string& key, const CachedCertificate& c) const;

 private:
  std::string dir_;
};

}  // namespace vf::rewrite
