#include "pipeline/prove.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

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

/// verify::prove_rules with a cancellation point before each rule: every job proved into
/// `results`, `threads` rules at a time; false when `cancelled` asked to stop (the rules
/// started by then finish; `results` is incomplete).
bool prove_jobs(const std::vector<verify::RuleJob>& jobs, const verify::ProveOptions& opts,
                unsigned threads, const CancelFn& cancelled,
                std::vector<verify::RuleProof>& results) {
  results.assign(jobs.size(), {});
  verify::ProveOptions o = opts;
  o.cancelled = cancelled;  // a solver call under way is interrupted too
  std::atomic<size_t> next{0};
  std::atomic<bool> stopped{false};
  auto worker = [&] {
    for (size_t k; !stopped && (k = next++) < jobs.size();) {
      if (cancel_requested(cancelled)) {
        stopped = true;
        break;
      }
      results[k] = verify::prove_rule(*jobs[k].rule, jobs[k].path, o);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::min<size_t>(threads, jobs.size()); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return !stopped && !cancel_requested(cancelled);
}

/// `prove --check`: the stored records read by hash (verify::check_stored_proofs), the
/// stale ones proved again (cancellable, prove_jobs) and, with `write`, stored when they
/// get their expected verdict.
Result<void> check_stored(const ProveOptions& opts, ProofReport& rep) {
  auto status = verify::check_stored_proofs(rep.jobs, opts.proofs_dir, opts.prover, opts.threads,
                                            false, false);
  if (!status) return status.error();
  rep.status = std::move(*status);
  if (opts.reprove) {
    std::vector<verify::RuleJob> stale;
    for (const auto& s : rep.status)
      if (s.stale) stale.push_back(rep.jobs[s.job]);
    verify::ProveOptions o = opts.prover;
    o.keep_smt2 = opts.write;
    std::vector<verify::RuleProof> proofs;
    if (!prove_jobs(stale, o, opts.threads, opts.cancelled, proofs)) return Error{kInterrupted};
    size_t next = 0;
    for (auto& s : rep.status) {
      if (!s.stale) continue;
      verify::RuleProof& p = proofs[next++];
      const verify::RuleJob& job = rep.jobs[s.job];
      if (opts.write && verify::as_expected(*job.rule, p.outcome))
        if (auto w = verify::write_proof(opts.proofs_dir, p, job.hash); !w) return w.error();
      s.reproved = std::move(p);
    }
  }
  for (const auto& s : rep.status) {
    const bool ok = status_ok(rep.jobs[s.job], s);
    rep.check.current += !s.stale;
    rep.check.reproved += s.stale && ok;
    rep.check.stale += !ok;
  }
  return {};
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
    if (auto r = check_stored(opts, rep); !r) return r.error();
  } else {
    if (!prove_jobs(rep.jobs, opts.prover, opts.threads, opts.cancelled, rep.results))
      return Error{kInterrupted};
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
