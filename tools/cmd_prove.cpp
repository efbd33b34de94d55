// vfuse prove: proves rule files offline, or (--check) checks their stored proofs by
// content hash and proves again only the stale ones.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <optional>
#include <thread>
#include <variant>

#include "cmd_common.h"
#include "commands.h"
#include "dsl/check.h"
#include "dsl/parser.h"
#include "pipeline/prove.h"
#include "support/json.h"
#include "verify/proof_store.h"
#include "verify/prove.h"
#include "verify/prove_rules.h"

namespace vf::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kCmd = "prove";

using verify::RuleJob;

void json_counterexample(JsonWriter& j, const verify::Counterexample& c) {
  j.begin_object().key("instance").value(c.instance).key("values").begin_object();
  for (const auto& [name, v] : c.values) j.key(name).value(v);
  j.end_object().key("violations").begin_array();
  for (const auto& v : c.violations) j.value(v);
  j.end_array().key("replay").value(c.replay).key("reproduced").value(c.reproduced).end_object();
}

void print_result(const RuleJob& job, const verify::RuleProof& p) {
  const bool ok = verify::as_expected(*job.rule, p.outcome);
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

/// The --check report: each rule expected to prove, current (checked by hash) or stale
/// and, unless --no-reprove, proved again.
int report_check(const pipeline::ProofReport& rep, const std::string& dir, bool json, bool wrote) {
  JsonWriter j;
  j.begin_object().key("rules").begin_array();
  for (const auto& s : rep.status) {
    const RuleJob& job = rep.jobs[s.job];
    const bool ok = pipeline::status_ok(job, s);
    const char* word = !s.stale ? "current" : ok ? "reproved" : "stale";
    if (json) {
      j.begin_object().key("name").value(job.rule->name).key("file").value(job.path);
      j.key("status").value(word).key("reason");
      if (s.stale)
        j.value(*s.stale);
      else
        j.null();
      j.key("verdict");
      if (s.reproved)
        j.value(verify::outcome_name(s.reproved->outcome));
      else
        j.null();
      j.end_object();
      continue;
    }
    if (!s.stale) {
      fmt::print("current  {:<40} {}\n", job.rule->name, job.path);
      continue;
    }
    fmt::print("stale    {:<40} {}: {}\n", job.rule->name, job.path, *s.stale);
    if (s.reproved) print_result(job, *s.reproved);
  }
  const pipeline::CheckTally& t = rep.check;
  if (json) {
    j.end_array().key("summary").begin_object().key("current").value(t.current);
    j.key("reproved").value(t.reproved).key("stale").value(t.stale).end_object();
    j.key("code_hash").value(verify::prover_code_hash()).key("ok").value(t.stale == 0).end_object();
    fmt::print("{}\n", j.str());
    return t.stale ? kExitFailure : kExitOk;
  }
  fmt::print(
      "{} stored proofs current (checked by hash), {} proved again, {} stale (in {}; "
      "prover code {})\n",
      t.current, t.reproved, t.stale, dir, verify::prover_code_hash());
  if (t.reproved && wrote) fmt::print("the records proved again were written to {}/\n", dir);
  if (t.stale) fmt::print("run 'vfuse prove' on these rule files to prove them again\n");
  return t.stale ? kExitFailure : kExitOk;
}

/// The command line's choices.
struct ProveArgs {
  pipeline::ProveOptions opts;
  bool json = false;
};

/// A positive integer option, or the usage error.
std::optional<std::string> positive_option(const ParsedArgs& args, const char* name,
                                           unsigned& out) {
  auto t = args.get(name);
  if (!t) return std::nullopt;
  auto v = parse_uint(fmt::format("--{}", name), *t);
  if (!v) return v.error().message;
  if (*v == 0) return fmt::format("--{} must be positive", name);
  out = static_cast<unsigned>(*v);
  return std::nullopt;
}

/// Reads the arguments; an exit status when they are wrong.
std::variant<ProveArgs, int> parse_prove_args(const ParsedArgs& args) {
  ProveArgs a;
  if (!args.positional.empty()) a.opts.paths = args.positional;
  a.opts.threads = std::max(1u, std::thread::hardware_concurrency());
  for (auto [name, out] : {std::pair<const char*, unsigned*>{"timeout", &a.opts.prover.timeout_ms},
                           {"jobs", &a.opts.threads}})
    if (auto err = positive_option(args, name, *out)) {
      print_error(kCmd, *err);
      return kExitUsage;
    }
  if (auto g = args.get("grid")) {
    if (*g == "deep")
      a.opts.prover.grid = verify::Grid::Deep;
    else if (*g != "default") {
      print_error(kCmd, fmt::format("--grid must be default or deep, not '{}'", *g));
      return kExitUsage;
    }
  }
  a.opts.proofs_dir = args.get("proofs").value_or("proofs");
  a.json = args.has("json");
  a.opts.check = args.has("check");
  a.opts.reprove = !args.has("no-reprove");
  a.opts.write = !args.has("no-write");
  a.opts.prover.keep_smt2 = a.opts.write;
  return a;
}

/// One rule's result as a JSON object.
void json_result(JsonWriter& j, const RuleJob& job, const verify::RuleProof& p) {
  j.begin_object().key("name").value(p.name).key("file").value(p.file);
  j.key("verdict").value(verify::outcome_name(p.outcome));
  j.key("expected").value(dsl::verdict_name(job.rule->expect));
  j.key("scope").value(p.scope).key("grid").value(p.grid).key("instances").value(p.instances);
  j.key("covered").value(p.covered).key("patterns").value(p.patterns);
  j.key("pattern_instances").value(p.pattern_instances).key("lemma").value(p.lemma);
  j.key("ms").value(std::round(p.ms * 10) / 10).key("reason");
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

/// Every result and the summary as one JSON object.
void print_json(const std::vector<RuleJob>& jobs, const std::vector<verify::RuleProof>& results,
                const pipeline::ProveTally& t, double wall) {
  JsonWriter j;
  j.begin_object().key("rules").begin_array();
  for (size_t k = 0; k < jobs.size(); ++k) json_result(j, jobs[k], results[k]);
  j.end_array().key("summary").begin_object().key("proved").value(t.proved);
  j.key("unbounded").value(t.unbounded).key("refuted").value(t.refuted);
  j.key("unknown").value(t.unknown).key("unexpected").value(t.unexpected);
  j.key("ms").value(std::round(wall * 10) / 10).end_object().end_object();
  fmt::print("{}\n", j.str());
}

/// Prints the results of proving every rule.
int report_proofs(const ProveArgs& a, const pipeline::ProofReport& rep) {
  const pipeline::ProveTally& t = rep.tally;
  if (a.json) {
    print_json(rep.jobs, rep.results, t, rep.wall_ms);
  } else {
    for (size_t k = 0; k < rep.jobs.size(); ++k) print_result(rep.jobs[k], rep.results[k]);
    fmt::print(
        "{} rules: {} proved ({} unbounded), {} refuted, {} unknown; {} in {:.1f} s wall, "
        "{} jobs{}\n",
        rep.jobs.size(), t.proved, t.unbounded, t.refuted, t.unknown,
        t.unexpected ? fmt::format("{} NOT AS EXPECTED", t.unexpected) : "all as expected",
        rep.wall_ms / 1000, std::min<size_t>(a.opts.threads, rep.jobs.size()),
        a.opts.write ? fmt::format("; proofs written to {}/", a.opts.proofs_dir) : "");
  }
  for (const auto& p : rep.results)
    if (!p.internal_error.empty()) fmt::print(stderr, "vfuse prove: {}\n", p.internal_error);
  return rep.ok() ? kExitOk : kExitFailure;
}

int prove(const ParsedArgs& args) {
  auto parsed_args = parse_prove_args(args);
  if (const int* status = std::get_if<int>(&parsed_args)) return *status;
  const ProveArgs& a = std::get<ProveArgs>(parsed_args);
  DiagnosticSink diags;
  auto rep = pipeline::prove(a.opts, diags);
  if (!rep) {
    diags.print(stderr);
    print_error(kCmd, rep.error().message);
    return kExitFailure;
  }
  if (a.opts.check) return report_check(*rep, a.opts.proofs_dir, a.json, a.opts.write);
  return report_proofs(a, *rep);
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
    "A stored proof is keyed by content: the rule's text, the prover's code (the\n"
    "semantics, the SMT encoding, the prover, the DSL, the operator table) and the\n"
    "solver's version. With --check, the rules whose record is current under all three\n"
    "are checked by hash and not proved; the stale ones are proved again (and, unless\n"
    "--no-write, their records rewritten). Fails unless every rule expected to prove ends\n"
    "current or proved again.",
    {{"json", 0, "", "print the results as JSON"},
     {"timeout", 0, "MS", "time limit per solver call in milliseconds (default 10000)"},
     {"jobs", 'j', "N", "rules proved in parallel (default: the number of cores)"},
     {"check", 0, "", "check the stored proofs by hash; prove again only the stale ones"},
     {"no-reprove", 0, "", "with --check: report stale records, prove nothing"},
     {"proofs", 0, "DIR", "where proofs are stored (default: proofs)"},
     {"grid", 0, "default|deep",
      "instance grid: deep adds every window with one axis exhaustive over input 1-5, "
      "kernel 1-3, stride 1-2, padding 0-2 per end, dilation 1-2 (slower; docs/proofs.md)"},
     {"no-write", 0, "", "do not write proof files"},
     help_option()},
    prove};

}  // namespace vf::cli
