#include "rewrite/certificate_cache.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/atomic_file.h"
#include "support/json.h"
#include "support/json_reader.h"
#include "support/rng.h"

namespace vf::rewrite {
namespace {

std::string file_name(const std::string& key) {
  std::string s = key;
  for (char& c : s)
    if (c == ':') c = '-';
  return s;
}

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::string certificate_key(const std::string& rule_hash, const Match& m, const Graph& g) {
  return fmt::format("fnv1a64:{:016x}", fnv1a64(fmt::format("{}|{}|{}", kCertifierVersion,
                                                            rule_hash, match_key(m, g, true))));
}

std::optional<CachedCertificate> CertificateCache::find(const std::string& key) const {
  if (!enabled()) return std::nullopt;
  const std::string base = dir_ + "/" + file_name(key);
  auto json = read_text(base + ".json");
  auto smt2 = read_text(base + ".smt2");
  if (!json || !smt2) return std::nullopt;
  auto rec = parse_json_record(*json);
  if (!rec) return std::nullopt;
  const std::string* k = json_string(*rec, "key");
  const std::string* verdict = json_string(*rec, "verdict");
  const std::string* split = json_string(*rec, "split");
  const double* claims = json_number(*rec, "claims");
  const double* ms = json_number(*rec, "ms");
  if (!k || *k != key || !verdict || *verdict != "proved" || !split || !claims || !ms)
    return std::nullopt;
  return CachedCertificate{*split, static_cast<int64_t>(*claims), *ms, std::move(*smt2)};
}

Result<void> CertificateCache::store(const std::string& key, const CachedCertificate& c) const {
  if (!enabled()) return {};
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec) return Error{fmt::format("cannot create '{}': {}", dir_, ec.message())};
  const std::string base = dir_ + "/" + file_name(key);
  JsonWriter w;
  w.begin_object();
  w.key("key").value(key);
  w.key("verdict").value("proved");
  w.key("certifier").value(kCertifierVersion);
  w.key("split").value(c.split);
  w.key("claims").value(c.claims);
  w.key("ms").value(c.ms);
  w.end_object();
  // The query first: an entry whose .json exists always has its .smt2.
  if (auto r = write_file_atomically(base + ".smt2", c.smt2); !r) return r;
  return write_file_atomically(base + ".json", w.str() + "\n");
}

}  // namespace vf::rewrite
