#include "verify/prove_rules.h"

#include <fmt/format.h>

#include <atomic>
#include <thread>

#include "verify/proof_store.h"

namespace vf::verify {

std::vector<RuleProof> prove_rules(const std::vector<RuleJob>& jobs, const ProveOptions& opts,
                                   unsigned threads) {
  std::vector<RuleProof> results(jobs.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t k; (k = next++) < jobs.size();)
      results[k] = prove_rule(*jobs[k].rule, jobs[k].path, opts);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::min<size_t>(threads, jobs.size()); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return results;
}

bool as_expected(const dsl::Rule& r, Outcome o) {
  return (r.expect == dsl::Verdict::Proved && o == Outcome::Proved) ||
         (r.expect == dsl::Verdict::Refuted && o == Outcome::Refuted);
}

Result<std::vector<StoredProofStatus>> check_stored_proofs(const std::vector<RuleJob>& jobs,
                                                           const std::string& dir,
                                                           const ProveOptions& opts,
                                                           unsigned threads, bool reprove,
                                                           bool write) {
  std::vector<StoredProofStatus> out;
  std::vector<RuleJob> stale_jobs;
  for (size_t k = 0; k < jobs.size(); ++k) {
    if (jobs[k].rule->expect != dsl::Verdict::Proved) continue;  // must-refute tests
    auto rec = read_proof(dir, jobs[k].rule->name);
    StoredProofStatus s{k, rec ? stale_reason(*rec, jobs[k].hash) : rec.error().message, {}};
    if (s.stale) stale_jobs.push_back(jobs[k]);
    out.push_back(std::move(s));
  }
  if (!reprove || stale_jobs.empty()) return out;
  ProveOptions o = opts;
  o.keep_smt2 = write;
  std::vector<RuleProof> proofs = prove_rules(stale_jobs, o, threads);
  size_t next = 0;
  for (StoredProofStatus& s : out) {
    if (!s.stale) continue;
    const RuleJob& job = stale_jobs[next];
    RuleProof& p = proofs[next++];
    if (write && as_expected(*job.rule, p.outcome))
      if (auto w = write_proof(dir, p, job.hash); !w) return w.error();
    s.reproved = std::move(p);
  }
  return out;
}

}  // namespace vf::verify
