#include "rewrite/rule_library.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "dsl/parser.h"
#include "verify/proof_store.h"

namespace vf::rewrite {
namespace {

/// The pipeline, in order. Each entry: the phase and the rule file it applies.
struct PhaseFile {
  const char* phase;
  const char* file;
};
constexpr PhaseFile kPhases[] = {
    // Layer / RMS norms written out, before their trailing per-channel multiply and add can
    // be read as a batch norm of a [tokens, channels] matrix by the file after.
    {"recognise", "normalization.rules"},
    // TVM SimplifyInference chains back to batch_norm, so the folds below see them.
    {"recognise", "simplify_inference.rules"},
    // Batch norms and per-channel affines folded into the conv2d / dense around them.
    {"fold", "batch_norm.rules"},
    {"fold", "conv_fusion.rules"},
    // Algebraic clean-ups (hard_swish, identities, scales through relu / max_pool2d).
    {"simplify", "algebra.rules"},
    // Files the pipeline does not name go here (phase "other").
    {"other", nullptr},
    // Activations, batch-norm affines and residual adds into fused_conv2d / fused_dense.
    {"fuse", "epilogue.rules"},
};

}  // namespace

size_t RuleLibrary::size() const {
  size_t n = 0;
  for (const Phase& p : phases) n += p.rules.size();
  return n;
}

Result<RuleLibrary> load_rule_library(const std::string& rules_dir, const std::string& proofs_dir,
                                      const std::vector<std::string>& disabled,
                                      DiagnosticSink& diags) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(rules_dir, ec))
    return Error{fmt::format("rules directory '{}' does not exist", rules_dir)};
  std::vector<std::string> paths;
  for (const auto& e : fs::directory_iterator(rules_dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".rules") paths.push_back(e.path().string());
  std::sort(paths.begin(), paths.end());
  if (paths.empty()) return Error{fmt::format("no .rules files in '{}'", rules_dir)};

  RuleLibrary lib;
  std::map<std::string, const dsl::RuleFile*> by_name;
  for (const std::string& p : paths) {
    auto rf = dsl::parse_rules_file(p, diags);
    if (!rf) continue;
    lib.files.push_back(std::make_unique<dsl::RuleFile>(std::move(*rf)));
    by_name[fs::path(p).filename().string()] = lib.files.back().get();
  }
  if (diags.error_count() > 0)
    return Error{fmt::format("{} error(s) in the rule files", diags.error_count())};
  std::set<std::string> off(disabled.begin(), disabled.end());
  std::set<std::string> known;
  for (const auto& f : lib.files)
    for (const dsl::Rule& r : f->rules) known.insert(r.name);
  for (const std::string& d : off)
    if (!known.count(d)) return Error{fmt::format("--disable: no rule named '{}' in '{}'", d, rules_dir)};

  auto add_file = [&](Phase& phase, const dsl::RuleFile& f) -> Result<void> {
    for (const dsl::Rule& r : f.rules) {
      if (off.count(r.name)) {
        lib.excluded.push_back({r.name, "disabled on the command line"});
        continue;
      }
      if (r.expect != dsl::Verdict::Proved) {
        lib.excluded.push_back({r.name, "the rule is expected to be refuted"});
        continue;
      }
      // Instance certificates are over the reals, or over 64-bit bitvectors for integer
      // rewrites (the width the interpreter computes integers in: ops.def).
      if (r.domain.kind == dsl::DomainKind::Float32 ||
          (r.domain.kind == dsl::DomainKind::Bv && r.domain.width != 64)) {
        lib.excluded.push_back(
            {r.name, fmt::format("domain {}: instance certificates are over the reals or over "
                                 "bv(64), the interpreter's integers",
                                 dsl::domain_string(r.domain))});
        continue;
      }
      const std::string hash = verify::rule_hash(*f.source, r);
      auto rec = verify::read_proof(proofs_dir, r.name);
      if (!rec) return Error{fmt::format("{}: {}", proofs_dir, rec.error().message)};
      if (auto why = verify::stale_reason(*rec, hash)) {
        lib.excluded.push_back({r.name, *why});
        continue;
      }
      phase.rules.push_back({&r, f.source, hash});
    }
    return {};
  };
  std::set<std::string> named;
  for (const PhaseFile& pf : kPhases)
    if (pf.file) named.insert(pf.file);
  for (const PhaseFile& pf : kPhases) {
    if (lib.phases.empty() || lib.phases.back().name != pf.phase) lib.phases.push_back({pf.phase, {}});
    Phase& phase = lib.phases.back();
    if (pf.file) {
      auto it = by_name.find(pf.file);
      if (it != by_name.end())
        if (auto r = add_file(phase, *it->second); !r) return r.error();
      continue;
    }
    for (const auto& [name, f] : by_name)
      if (!named.count(name))
        if (auto r = add_file(phase, *f); !r) return r.error();
  }
  std::erase_if(lib.phases, [](const Phase& p) { return p.rules.empty(); });
  return lib;
}

}  // namespace vf::rewrite
