#include "pipeline/compile_output.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "pipeline/model_loader.h"
#include "support/json_reader.h"
#include "support/sha256.h"

namespace vf::pipeline {
namespace {

namespace fs = std::filesystem;

void write_hashes(JsonWriter& j, const FileHashes& h) {
  j.begin_object();
  for (const auto& [path, sha] : h) j.key(path).value(sha);
  j.end_object();
}

void write_strings(JsonWriter& j, const std::vector<std::string>& v) {
  j.begin_array();
  for (const std::string& s : v) j.value(s);
  j.end_array();
}

/// Reads the parts of a report; every getter records the first thing missing.
class ReportReader {
 public:
  const JsonValue* get(const JsonValue* v, std::string_view key, JsonValue::Kind kind) {
    const JsonValue* x = v ? v->find(key) : nullptr;
    if (!x || x->kind != kind) {
      if (error_.empty()) error_ = fmt::format("no valid \"{}\"", key);
      return nullptr;
    }
    return x;
  }
  std::string string(const JsonValue* v, std::string_view key) {
    const JsonValue* x = get(v, key, JsonValue::Kind::String);
    return x ? x->string : "";
  }
  double number(const JsonValue* v, std::string_view key) {
    const JsonValue* x = get(v, key, JsonValue::Kind::Number);
    return x ? x->number : 0;
  }
  std::vector<std::string> strings(const JsonValue* v, std::string_view key) {
    std::vector<std::string> out;
    if (const JsonValue* x = get(v, key, JsonValue::Kind::Array))
      for (const JsonValue& e : x->items) {
        if (e.kind != JsonValue::Kind::String && error_.empty())
          error_ = fmt::format("\"{}\" holds a non-string", key);
        out.push_back(e.string);
      }
    return out;
  }
  FileHashes hashes(const JsonValue* v, std::string_view key) {
    FileHashes out;
    if (const JsonValue* x = get(v, key, JsonValue::Kind::Object))
      for (size_t i = 0; i < x->keys.size(); ++i) {
        const std::string& sha = x->items[i].string;
        const bool hex = sha.size() == 64 && std::all_of(sha.begin(), sha.end(), [](char c) {
                           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
                         });
        if (!hex && error_.empty())
          error_ = fmt::format("\"{}\": '{}' has no SHA-256", key, x->keys[i]);
        out[x->keys[i]] = sha;
      }
    return out;
  }
  const std::string& error() const { return error_; }

 private:
  std::string error_;
};

/// `p` inside `dir`, for messages ("out/model.weights").
std::string in_dir(const std::string& dir, const std::string& p) {
  return (fs::path(dir) / p).lexically_normal().string();
}

}  // namespace

Result<FileHashes> hash_tree(const std::string& dir, const std::string& skip) {
  FileHashes out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (!it->is_regular_file()) continue;
    const std::string rel = fs::relative(it->path(), dir).generic_string();
    if (rel == skip) continue;
    auto h = sha256_file(it->path().string());
    if (!h) return h.error();
    out[rel] = *h;
  }
  if (ec) return Error{fmt::format("{}: cannot list: {}", dir, ec.message())};
  return out;
}

Result<void> hash_model(const std::string& given, CompileRecord& r) {
  std::error_code ec;
  const std::string path = model_file(given);
  r.model = fs::absolute(path, ec).lexically_normal().string();
  auto h = sha256_file(path);
  if (!h) return h.error();
  r.model_sha256 = *h;
  r.model_weights.clear();
  r.model_weights_sha256.clear();
  const fs::path weights = fs::path(path).replace_extension(".weights");
  if (fs::path(path).extension() == ".vfg" && fs::exists(weights, ec)) {
    auto w = sha256_file(weights.string());
    if (!w) return w.error();
    r.model_weights = fs::absolute(weights, ec).lexically_normal().string();
    r.model_weights_sha256 = *w;
  }
  return {};
}

Result<void> hash_library(const std::string& rules_dir, const std::string& proofs_dir,
                          const rewrite::RuleLibrary& lib, CompileRecord& r) {
  std::error_code ec;
  r.rules_dir = fs::absolute(rules_dir, ec).lexically_normal().string();
  r.proofs_dir = fs::absolute(proofs_dir, ec).lexically_normal().string();
  r.rules.clear();
  r.proofs.clear();
  // The files load_rule_library parses: every regular *.rules file of the directory.
  for (const auto& e : fs::directory_iterator(rules_dir, ec)) {
    if (!e.is_regular_file() || e.path().extension() != ".rules") continue;
    auto h = sha256_file(e.path().string());
    if (!h) return h.error();
    r.rules[e.path().filename().string()] = *h;
  }
  if (ec) return Error{fmt::format("{}: cannot list: {}", rules_dir, ec.message())};
  for (const rewrite::Phase& p : lib.phases)
    for (const rewrite::LibraryRule& lr : p.rules) {
      const std::string name = lr.rule->name + ".json";
      auto h = sha256_file((fs::path(proofs_dir) / name).string());
      if (!h) return h.error();
      r.proofs[name] = *h;
    }
  return {};
}

void write_compile_record(JsonWriter& j, const CompileRecord& r) {
  j.key("vfuse_version").value(r.vfuse_version);
  j.key("certifier").value(r.certifier_version);
  j.key("options").begin_object();
  j.key("shape");
  write_strings(j, r.shapes);
  j.key("seed").value(static_cast<int64_t>(r.seed));
  j.key("disable");
  write_strings(j, r.disabled);
  j.key("timeout_ms").value(static_cast<int64_t>(r.timeout_ms));
  j.end_object();
  j.key("hashes").begin_object();
  j.key("algorithm").value("sha256");
  j.key("model").begin_object().key("path").value(r.model).key("sha256").value(r.model_sha256);
  if (!r.model_weights.empty())
    j.key("weights").value(r.model_weights).key("weights_sha256").value(r.model_weights_sha256);
  j.end_object();
  j.key("rules").begin_object().key("dir").value(r.rules_dir).key("files");
  write_hashes(j, r.rules);
  j.end_object();
  j.key("proofs").begin_object().key("dir").value(r.proofs_dir).key("files");
  write_hashes(j, r.proofs);
  j.end_object();
  j.key("output");
  write_hashes(j, r.output);
  if (!r.emit_dir.empty()) {
    j.key("emitted").begin_object().key("dir").value(r.emit_dir);
    j.key("threads").value(r.emit_threads).key("files");
    write_hashes(j, r.emitted);
    j.end_object();
  }
  j.end_object();
}

Result<CompileRecord> read_compile_record(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return Error{fmt::format("{}: cannot open", path)};
  std::stringstream ss;
  ss << f.rdbuf();
  auto doc = parse_json(ss.str());
  if (!doc) return Error{fmt::format("{}: {}", path, doc.error().message)};
  const JsonValue* root = &*doc;
  if (!root->find("hashes"))
    return Error{
        fmt::format("{}: no \"hashes\" (written by a vfuse without 'vfuse verify'?): "
                    "compile the model again",
                    path)};
  ReportReader rd;
  CompileRecord r;
  r.quantized = root->find("quantization") != nullptr;
  r.vfuse_version = rd.string(root, "vfuse_version");
  r.certifier_version = rd.string(root, "certifier");
  const JsonValue* options = rd.get(root, "options", JsonValue::Kind::Object);
  r.shapes = rd.strings(options, "shape");
  const double seed = rd.number(options, "seed");
  r.seed = seed >= 0 ? static_cast<uint64_t>(seed) : 0;
  r.disabled = rd.strings(options, "disable");
  r.timeout_ms = static_cast<unsigned>(rd.number(options, "timeout_ms"));
  const JsonValue* hashes = rd.get(root, "hashes", JsonValue::Kind::Object);
  if (rd.string(hashes, "algorithm") != "sha256" && rd.error().empty())
    return Error{fmt::format("{}: hashes are not sha256", path)};
  const JsonValue* model = rd.get(hashes, "model", JsonValue::Kind::Object);
  r.model = rd.string(model, "path");
  r.model_sha256 = rd.string(model, "sha256");
  if (model && model->find("weights")) {
    r.model_weights = rd.string(model, "weights");
    r.model_weights_sha256 = rd.string(model, "weights_sha256");
  }
  const JsonValue* rules = rd.get(hashes, "rules", JsonValue::Kind::Object);
  r.rules_dir = rd.string(rules, "dir");
  r.rules = rd.hashes(rules, "files");
  const JsonValue* proofs = rd.get(hashes, "proofs", JsonValue::Kind::Object);
  r.proofs_dir = rd.string(proofs, "dir");
  r.proofs = rd.hashes(proofs, "files");
  r.output = rd.hashes(hashes, "output");
  if (const JsonValue* emitted = hashes ? hashes->find("emitted") : nullptr) {
    r.emit_dir = rd.string(emitted, "dir");
    r.emit_threads = static_cast<int>(rd.number(emitted, "threads"));
    r.emitted = rd.hashes(emitted, "files");
  }
  if (const JsonValue* rewrites = rd.get(root, "rewrites", JsonValue::Kind::Array))
    for (const JsonValue& a : rewrites->items) {
      const JsonValue* applied = rd.get(&a, "applied", JsonValue::Kind::Bool);
      if (!applied || !applied->boolean) continue;
      RewriteRecord rec;
      rec.rule = rd.string(&a, "rule");
      rec.rule_hash = rd.string(&a, "rule_hash");
      rec.nodes = rd.strings(&a, "nodes");
      rec.certificate = rd.string(&a, "certificate");
      // The report names it relative to DIR, the log relative to certificates/.
      const std::string_view dir = "certificates/";
      if (rec.certificate.rfind(dir, 0) == 0) rec.certificate.erase(0, dir.size());
      r.log.push_back(std::move(rec));
    }
  if (!rd.error().empty()) return Error{fmt::format("{}: {}", path, rd.error())};
  return r;
}

Result<void> check_hashes(const std::string& dir, const FileHashes& hashes) {
  for (const auto& [rel, want] : hashes) {
    const std::string p = in_dir(dir, rel);
    auto got = sha256_file(p);
    if (!got) return Error{fmt::format("{} is missing or unreadable", p)};
    if (*got != want)
      return Error{
          fmt::format("{} was changed after vfuse compile wrote it (SHA-256 {}..., the "
                      "report records {}...)",
                      p, got->substr(0, 16), want.substr(0, 16))};
  }
  return {};
}

Result<void> check_compile_output(const std::string& vfg_path) {
  fs::path dir = fs::path(vfg_path).parent_path();
  if (dir.empty()) dir = ".";
  const std::string report = (dir / "report.json").string();
  std::error_code ec;
  if (!fs::exists(report, ec)) return {};
  auto r = read_compile_record(report);
  if (!r) return r.error();
  const std::string name = fs::path(vfg_path).filename().string();
  if (!r->output.count(name))
    return Error{fmt::format("{} is not one of the files {} lists", vfg_path, report)};
  if (auto c = check_hashes(dir.string(), r->output); !c)
    return Error{fmt::format("refusing a compile output that does not match {}: {}", report,
                             c.error().message)};
  return {};
}

}  // namespace vf::pipeline
