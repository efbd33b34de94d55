// vfuse prove: proves rule files offline, or (--check) verifies that their stored
// proofs are current.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "cmd_common.h"
#include "commands.h"
#include "dsl/check.h"
#include "dsl/parser.h"
#include "support/json.h"
#include "verify/proof_store.h"
#include "verify/prove.h"

namespace vf::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kCmd = "prove";

/// The rule files named by the arguments: files as given, directories searched
/// recursively for *.rules (sorted). Errors name the missing path.
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

struct Job {
  const dsl::RuleFile* file;
  const dsl::Rule* rule;
  std::string path;
  std::string hash;
};

/// A verdict as the rule expects it.
bool as_expected(const dsl::Rule& r, verify::Outcome o) {
  return (r.expect == dsl::Verdict::Proved && o == verify::Outcome::Proved) ||
         (r.expect == dsl::Verdict::Refuted && o == verify::Outcome::Refuted);
}

void json_counterexample(JsonWriter& j, const verify::Counterexample& c) {
  j.begin_object().key("instance").value(c.instance).key("values").begin_object();
  for (const auto& [name, v] : c.values) j.key(name).value(v);
  j.end_object().key("violations").begin_array();
  for (const auto& v : c.violations) j.value(v);
  j.end_array().key("replay").value(c.replay).key("reproduced").value(c.reproduced).end_object();
}

int check_stored(const std::vector<Job>& jobs, const std::string& dir, bool json) {
  JsonWriter j;
  j.begin_object().key("rules").begin_array();
  int stale = 0, current = 0;
  for (const Job& job : jobs) {
    if (job.rule->expect != dsl::Verdict::Proved) continue;  // must-refute tests
    auto rec = verify::read_proof(dir, job.rule->name);
    std::optional<std::string> why;
    if (!rec)
      why = rec.error().message;
    else
      why = verify::stale_reason(*rec, job.hash);
    if (why)
      ++stale;
    else
      ++current;
    if (json) {
      j.begin_object().key("name").value(job.rule->name).key("file").value(job.path);
      j.key("status").value(why ? "stale" : "current").key("reason");
      if (why)
        j.value(*why);
      else
        j.null();
      j.end_object();
    } else if (why) {
      fmt::print("stale    {:<40} {}: {}\n", job.rule->name, job.path, *why);
    } else {
      fmt::print("current  {:<40} {}\n", job.rule->name, job.path);
    }
  }
  if (json) {
    j.end_array().key("summary").begin_object().key("current").value(current).key("stale").value(
        stale);
    j.end_object().key("ok").value(stale == 0).end_object();
    fmt::print("{}\n", j.str());
  } else {
    fmt::print("{} stored proofs current, {} stale or missing (in {})\n", current, stale, dir);
    if (stale) fmt::print("run 'vfuse prove' on these rule files to prove them again\n");
  }
  return stale ? kExitFailure : kExitOk;
}

void print_result(const Job& job, const verify::RuleProof& p) {
  const bool ok = as_expected(*job.rule, p.outcome);
  std::string scope = p.outcome == verify::Outcome::Proved
                          ? fmt::format("{}, {} instances", p.scope, p.instances)
                          : fmt::format("after {} instances", p.instances);
  fmt::print("{:<8} {:<40} {:<28} {:>8.0f} ms  {}{}\n", verify::outcome_name(p.outcome), p.name,
             scope, p.ms, job.path,
             ok ? (job.rule->expect == dsl::Verdict::Refuted ? "  (expected)" : "")
                : fmt::format("  (expected {})", dsl::verdict_name(job.rule->expect)));
  if (p.outcome == verify::Outcome::Unknown) fmt::print("  reason: {}\n", p.reason);
  if (const auto& c = p.counterexample) {
    fmt::print("  counterexample at {}\n", c->instance);
    constexpr size_t kShown = 12;
    for (size_t k = 0; k < c->values.size() && k < kShown; ++k)
      fmt::print("    {} = {}\n", c->values[k].first, c->values[k].second);
    if (c->values.size() > kShown)
      fmt::print("    ... ({} more values; --json lists all)\n", c->values.size() - kShown);
    for (const auto& v : c->violations) fmt::print("    {}\n", v);
    fmt::print("    replay: {}\n", c->replay);
  }
  if (!p.internal_error.empty()) fmt::print(stderr, "vfuse prove: {}\n", p.internal_error);
}

int prove(const ParsedArgs& args) {
  std::vector<std::string> inputs = args.positional;
  if (inputs.empty()) inputs.push_back("rules");
  auto files = rule_files(inputs);
  if (!files) {
    print_error(kCmd, files.error().message);
    return kExitFailure;
  }
  verify::ProveOptions opts;
  if (auto t = args.get("timeout")) {
    auto v = parse_uint("--timeout", *t);
    if (!v || *v == 0) {
      print_error(kCmd, v ? "--timeout must be positive" : v.error().message);
      return kExitUsage;
    }
    opts.timeout_ms = static_cast<unsigned>(*v);
  }
  unsigned jobs_n = std::max(1u, std::thread::hardware_concurrency());
  if (auto t = args.get("jobs")) {
    auto v = parse_uint("--jobs", *t);
    if (!v || *v == 0) {
      print_error(kCmd, v ? "--jobs must be positive" : v.error().message);
      return kExitUsage;
    }
    jobs_n = static_cast<unsigned>(*v);
  }
  if (auto g = args.get("grid")) {
    if (*g == "deep")
      opts.grid = verify::Grid::Deep;
    else if (*g != "default") {
      print_error(kCmd, fmt::format("--grid must be default or deep, not '{}'", *g));
      return kExitUsage;
    }
  }
  const std::string dir = args.get("proofs").value_or("proofs");
  const bool json = args.has("json");
  const bool write = !args.has("no-write") && !args.has("check");
  opts.keep_smt2 = write;

  // Parse every file; any error in any file stops before proving anything.
  DiagnosticSink diags;
  std::vector<dsl::RuleFile> parsed;
  std::vector<std::string> parsed_paths;
  for (const std::string& f : *files) {
    auto rf = dsl::parse_rules_file(f, diags);
    if (rf) {
      parsed.push_back(std::move(*rf));
      parsed_paths.push_back(f);
    }
  }
  std::vector<const dsl::RuleFile*> ptrs;
  for (const auto& rf : parsed) ptrs.push_back(&rf);
  if (!diags.has_errors()) dsl::check_unique_rule_names(ptrs, diags);
  if (diags.has_errors()) {
    diags.print(stderr);
    print_error(kCmd, fmt::format("{} error(s) in the rule files; nothing was proved",
                                  diags.error_count()));
    return kExitFailure;
  }
  std::vector<Job> jobs;
  for (size_t f = 0; f < parsed.size(); ++f)
    for (const dsl::Rule& r : parsed[f].rules)
      jobs.push_back({&parsed[f], &r, parsed_paths[f], verify::rule_hash(*parsed[f].source, r)});

  if (args.has("check")) return check_stored(jobs, dir, json);

  // Prove, rules in parallel (each with its own Z3 context).
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<verify::RuleProof> results(jobs.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t k; (k = next++) < jobs.size();)
      results[k] = verify::prove_rule(*jobs[k].rule, jobs[k].path, opts);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::min<size_t>(jobs_n, jobs.size()); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  const double wall =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

  int proved = 0, refuted = 0, unknown = 0, unbounded = 0, unexpected = 0, internal = 0;
  for (size_t k = 0; k < jobs.size(); ++k) {
    const auto& p = results[k];
    proved += p.outcome == verify::Outcome::Proved;
    refuted += p.outcome == verify::Outcome::Refuted;
    unknown += p.outcome == verify::Outcome::Unknown;
    unbounded += p.outcome == verify::Outcome::Proved && p.scope == "unbounded";
    unexpected += !as_expected(*jobs[k].rule, p.outcome);
    internal += !p.internal_error.empty();
    if (write && jobs[k].rule->expect == dsl::Verdict::Proved) {
      if (auto w = verify::write_proof(dir, p, jobs[k].hash); !w) {
        print_error(kCmd, w.error().message);
        return kExitFailure;
      }
    }
  }
  if (json) {
    JsonWriter j;
    j.begin_object().key("rules").begin_array();
    for (size_t k = 0; k < jobs.size(); ++k) {
      const auto& p = results[k];
      j.begin_object()
          .key("name")
          .value(p.name)
          .key("file")
          .value(p.file)
          .key("verdict")
          .value(verify::outcome_name(p.outcome))
          .key("expected")
          .value(dsl::verdict_name(jobs[k].rule->expect))
          .key("scope")
          .value(p.scope)
          .key("grid")
          .value(p.grid)
          .key("instances")
          .value(p.instances)
          .key("covered")
          .value(p.covered)
          .key("patterns")
          .value(p.patterns)
          .key("pattern_instances")
          .value(p.pattern_instances)
          .key("lemma")
          .value(p.lemma)
          .key("ms")
          .value(std::round(p.ms * 10) / 10)
          .key("reason");
      if (p.reason.empty())
        j.null();
      else
        j.value(p.reason);
      j.key("counterexample");
      if (p.counterexample)
        json_counterexample(j, *p.counterexample);
      else
        j.null();
      j.key("internal_error");
      if (p.internal_error.empty())
        j.null();
      else
        j.value(p.internal_error);
      j.end_object();
    }
    j.end_array()
        .key("summary")
        .begin_object()
        .key("proved")
        .value(proved)
        .key("unbounded")
        .value(unbounded)
        .key("refuted")
        .value(refuted)
        .key("unknown")
        .value(unknown)
        .key("unexpected")
        .value(unexpected)
        .key("ms")
        .value(std::round(wall * 10) / 10)
        .end_object()
        .end_object();
    fmt::print("{}\n", j.str());
  } else {
    for (size_t k = 0; k < jobs.size(); ++k) print_result(jobs[k], results[k]);
    fmt::print(
        "{} rules: {} proved ({} unbounded), {} refuted, {} unknown; {} in {:.1f} s wall, "
        "{} jobs{}\n",
        jobs.size(), proved, unbounded, refuted, unknown,
        unexpected ? fmt::format("{} NOT AS EXPECTED", unexpected) : "all as expected", wall / 1000,
        std::min<size_t>(jobs_n, jobs.size()),
        write ? fmt::format("; proofs written to {}/", dir) : "");
  }
  for (size_t k = 0; k < jobs.size(); ++k)
    if (!results[k].internal_error.empty())
      fmt::print(stderr, "vfuse prove: {}\n", results[k].internal_error);
  return unexpected || internal ? kExitFailure : kExitOk;
}

}  // namespace

const Command kProveCommand{
    "prove",
    "prove rewrite rules with Z3, or check that their stored proofs are current",
    "[FILES|DIRS] [options]",
    "Proves every rule of the given rule files (directories: every *.rules below them;\n"
    "default: rules/) over its domain — the reals, N-bit integers or IEEE float32 — for\n"
    "all values, on every instance of the bounded shape/attribute grid (docs/proofs.md);\n"
    "pointwise rules are proved for all sizes ('unbounded'). A refuted rule gets a\n"
    "smallest counterexample, replayed through the interpreter. Writes\n"
    "PROOFS/<rule>.json and PROOFS/<rule>.smt2 for every rule that is expected to\n"
    "prove. Exit status 0 when every rule gets its expected verdict ('expect refuted'\n"
    "marks must-refute tests), 1 otherwise or on a malformed rule file.\n"
    "With --check nothing is proved: fails unless every rule expected to prove has a\n"
    "stored proof for its current text whose verdict is 'proved'.",
    {{"json", 0, "", "print the results as JSON"},
     {"timeout", 0, "MS", "time limit per solver call in milliseconds (default 10000)"},
     {"jobs", 'j', "N", "rules proved in parallel (default: the number of cores)"},
     {"check", 0, "", "only check that the stored proofs are current and proved"},
     {"proofs", 0, "DIR", "where proofs are stored (default: proofs)"},
     {"grid", 0, "default|deep",
      "instance grid: deep adds every window with one axis exhaustive over input 1-5, "
      "kernel 1-3, stride 1-2, padding 0-2 per end, dilation 1-2 (slower; docs/proofs.md)"},
     {"no-write", 0, "", "do not write proof files"},
     help_option()},
    prove};

}  // namespace vf::cli
