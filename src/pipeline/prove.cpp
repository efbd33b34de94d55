#include "pipeline/prove.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "dsl/check.h"
#include "dsl/parser.h"
#include "verify/proof_store.h"

namespace vf::pipeline {
namespace {

namespace fs = std::filesystem;

ProveTally tally(const std::vector<verify::RuleJob>& jobs,
                 const std::vector<verify::RuleProof>& results) {
  ProveTally t;
  for (size_t k = 0; k < jobs.size(); ++k) {
    const auto& p = results[k];
    t.proved += p.outcome == verify::Outcome::Proved;
    t.refuted += p.outcome == verify::Outcome::Refuted;
    t.unknown += p.outcome == verify::Outcome::Unknown;
    t.unbounded += p.outcome == verify::Outcome::Proved && p.scope == "unbounded";
    t.unexpected += !verify::as_expected(*jobs[k].rule, p.outcome);
    t.internal += !p.internal_error.empty();
  }
  return t;
}

}  // namespace

Result<std::vector<std::string>> rule_files(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const std::string& a : args) {
    std::error_code ec;
    if (fs::is_directory(a, ec)) {
      std::vector<std::string> found;
      for (const auto& e : fs::recursive_directory_iterator(a, ec))
        if (e.is_regular_file() && e.path().extension() == ".rules")
          found.push_back(e.path().string());
      if (ec) return Error{fmt::format("cannot read directory '{}': {}", a, ec.message())};
      std::sort(found.begin(), found.end());
      if (found.empty()) return Error{fmt::format("no .rules files in '{}'", a)};
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(a, ec)) {
      out.push_back(a);
    } else {
      return Error{fmt::format("'{}': no such file or directory", a)};
    }
  }
  return out;
}

bool status_ok(const verify::RuleJob& job, const verify::StoredProofStatus& s) {
  return !s.stale || (s.reproved && verify::as_expected(*job.rule, s.reproved->outcome));
}

bool ProofReport::ok() const {
  if (!status.empty() || results.empty()) return check.stale == 0;
  return tally.unexpected == 0 && tally.internal == 0;
}

Result<ProofReport> prove(const ProveOptions& opts, DiagnosticSink& diags) {
  ProofReport rep;
  auto files = rule_files(opts.paths);
  if (!files) return files.error();
  rep.paths = std::move(*files);
  // Every file parsed and checked; any error in any file stops before anything is proved.
  std::vector<std::string> parsed_paths;
  for (const std::string& f : rep.paths) {
    auto rf = dsl::parse_rules_file(f, diags);
    if (rf) rep.files.push_back(std::move(*rf)), parsed_paths.push_back(f);
  }
  std::vector<const dsl::RuleFile*> ptrs;
  for (const auto& rf : rep.files) ptrs.push_back(&rf);
  if (!diags.has_errors()) dsl::check_unique_rule_names(ptrs, diags);
  if (diags.has_errors())
    return Error{
        fmt::format("{} error(s) in the rule files; nothing was proved", diags.error_count())};
  for (size_t f = 0; f < rep.files.size(); ++f)
    for (const dsl::Rule& r : rep.files[f].rules)
      rep.jobs.push_back({&r, parsed_paths[f], verify::rule_hash(*rep.files[f].source, r)});
  const auto t0 = std::chrono::steady_clock::now();
  if (opts.check) {
    auto status = verify::check_stored_proofs(rep.jobs, opts.proofs_dir, opts.prover, opts.threads,
                                              opts.reprove, opts.write);
    if (!status) return status.error();
    rep.status = std::move(*status);
    for (const auto& s : rep.status) {
      const bool ok = status_ok(rep.jobs[s.job], s);
      rep.check.current += !s.stale;
      rep.check.reproved += s.stale && ok;
      rep.check.stale += !ok;
    }
  } else {
    rep.results = verify::prove_rules(rep.jobs, opts.prover, opts.threads);
    rep.wall_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    for (size_t k = 0; k < rep.jobs.size() && opts.write; ++k)
      if (rep.jobs[k].rule->expect == dsl::Verdict::Proved)
        if (auto w = verify::write_proof(opts.proofs_dir, rep.results[k], rep.jobs[k].hash); !w)
          return w.error();
    rep.tally = tally(rep.jobs, rep.results);
    return rep;
  }
  rep.wall_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return rep;
}

}  // namespace vf::pipeline
