// What ties a compile output directory (vfuse compile -o DIR) to its report.json: the
// SHA-256 of every file compile wrote into DIR, of the model it compiled, of the rule
// files and proof records it read and of the sources --emit wrote; the options that
// decide the result (seed, --shape, disabled rules, solver limit); the log of applied
// rewrites. `vfuse verify` (cmd_verify.cpp) checks all of it and redoes the compile;
// every command that loads a compiled model.vfg first checks the hashes of DIR's files
// (check_compile_output, called by the model loader).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ir/certified_graph.h"
#include "rewrite/rule_library.h"
#include "support/json.h"
#include "support/result.h"

namespace vf::pipeline {

/// The version `vfuse --version` prints, recorded in every report.
inline constexpr const char* kVfuseVersion = "0.1.0";

/// Files by path and SHA-256 (64 lowercase hex digits), sorted by path.
using FileHashes = std::map<std::string, std::string>;

/// A compile as report.json records it (the "options" and "hashes" sections, and the
/// applied entries of "rewrites").
struct CompileRecord {
  std::string vfuse_version;
  std::string certifier_version;
  /// The model file (absolute path) and its hash; for a .vfg model, its weights file too
  /// (empty path when it has none).
  std::string model;
  std::string model_sha256;
  std::string model_weights;
  std::string model_weights_sha256;
  /// The --shape values, the seed of the generated weights, the disabled rules, the
  /// solver's limit per call (a limit hit leaves a rewrite out).
  std::vector<std::string> shapes;
  uint64_t seed = 0;
  std::vector<std::string> disabled;
  unsigned timeout_ms = 0;
  /// The rule files read (by name in rules_dir) and the proof records of the rules that
  /// could apply (by name in proofs_dir); both directories absolute.
  std::string rules_dir;
  FileHashes rules;
  std::string proofs_dir;
  FileHashes proofs;
  /// Every file written into DIR (report.json excepted), by path relative to DIR.
  FileHashes output;
  /// The --emit directory (absolute; empty without --emit), the threads its code was
  /// emitted for, and its files by name.
  std::string emit_dir;
  int emit_threads = 1;
  FileHashes emitted;
  /// The applied rewrites in order (rule, rule_hash, nodes, certificate file name).
  std::vector<RewriteRecord> log;
  /// Whether the report has a "quantization" section: DIR holds the quantized graph
  /// `vfuse quantize` wrote, not a compile of the model (read, never written, here).
  bool quantized = false;
};

/// Every regular file under `dir`, recursively, by path relative to `dir` ('/'-separated),
/// except the relative path `skip`.
Result<FileHashes> hash_tree(const std::string& dir, const std::string& skip = "");

/// Fills `r.model` and its hashes from the model file at `path` (and, for a .vfg, the
/// .weights file beside it, which the loader reads with it).
Result<void> hash_model(const std::string& path, CompileRecord& r);

/// Fills `r.rules_dir`, `r.rules` (every *.rules file of `rules_dir`, as the library
/// loader reads them), `r.proofs_dir` and `r.proofs` (the proof record of every rule of
/// `lib`).
Result<void> hash_library(const std::string& rules_dir, const std::string& proofs_dir,
                          const rewrite::RuleLibrary& lib, CompileRecord& r);

/// Writes the record's sections into the report object `j` is writing: "vfuse_version",
/// "certifier", "options" and "hashes" (the log is the report's "rewrites").
void write_compile_record(JsonWriter& j, const CompileRecord& r);

/// Reads the record of the report.json at `path`; the Error says what is missing.
Result<CompileRecord> read_compile_record(const std::string& path);

/// Checks every file of `hashes` under `dir`: the Error names the first one that is
/// missing or does not match its hash.
Result<void> check_hashes(const std::string& dir, const FileHashes& hashes);

/// When the directory of `vfg_path` holds a report.json (a compile output), checks that
/// it lists `vfg_path` and that every file of DIR it lists matches its hash; Ok for a
/// .vfg without a report.json next to it (a plain model). The Error names the file.
Result<void> check_compile_output(const std::string& vfg_path);

}  // namespace vf::pipeline
