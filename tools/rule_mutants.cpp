// vf_rule_mutants: differential testing of the rule prover against the interpreter
// (issue 13). Every rule of the library is mutated automatically (verify/mutate.h); each
// mutant gets two independent verdicts, the prover's (verify::prove_rule on its grid) and
// the interpreter's on random instances of random sizes (verify/random_instance.h). A
// mutant the interpreter shows wrong and the prover calls proved is a failure of the
// prover: the campaign lists each with a concrete failing instance and exits 1.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cli_args.h"
#include "dsl/parser.h"
#include "dsl/printer.h"
#include "pipeline/prove.h"
#include "support/rng.h"
#include "verify/mutate.h"
#include "verify/prove.h"
#include "verify/random_instance.h"

namespace {

using namespace vf;
namespace fs = std::filesystem;

constexpr const char* kUsage =
    "usage: vf_rule_mutants [FILES|DIRS] [options]\n"
    "\n"
    "Mutates every rule of the given rule files (directories: every *.rules below them;\n"
    "default: rules/) and gives each mutant two independent verdicts: the prover's\n"
    "(vfuse prove's grid, --timeout per solver call) and the interpreter's on random\n"
    "instances of random sizes (--instances valid instances or --budget-ms per mutant).\n"
    "A mutant the interpreter shows wrong and the prover calls proved is a FAILURE: each\n"
    "is listed with a failing instance. Exit status 1 when there is one (or when the\n"
    "prover reports an internal error), 0 otherwise, 2 for a bad command line.\n";

const std::vector<cli::OptionSpec> kOptions = {
    {"seed", 0, "N", "seed of the mutant selection and of the random instances (default 1)"},
    {"per-rule", 0, "N", "mutants per rule, spread over the kinds of mutation (default 6; 0: all)"},
    {"limit", 0, "N", "at most N mutants in all, a seeded sample (default: no limit)"},
    {"timeout", 0, "MS", "prover: time limit per solver call (default 5000)"},
    {"prove-budget-ms", 0, "MS",
     "prover: wall time per mutant, then it is unknown (not proved; default 0: none)"},
    {"instances", 0, "N", "interpreter: valid random instances per mutant (default 200)"},
    {"budget-ms", 0, "MS", "interpreter: wall time per mutant (default 1000)"},
    {"jobs", 'j', "N", "mutants tested in parallel (default 1)"},
    {"table", 0, "FILE", "write the full report (summary, failures, table, mutant texts) here"},
    {"originals", 0, "", "test the rules themselves instead of their mutants"},
    {"controls", 0, "", "also test every original rule (it should be proved and agree)"},
    {"help", 'h', "", "show this help"},
};

/// The rule files named by the arguments (pipeline::rule_files); prints the error.
std::optional<std::vector<std::string>> rule_files(const std::vector<std::string>& args) {
  auto files = vf::pipeline::rule_files(args);
  if (!files) {
    fmt::print(stderr, "vf_rule_mutants: error: {}\n", files.error().message);
    return std::nullopt;
  }
  return std::move(*files);
}

/// One row of the campaign: a mutant (or an original rule) and its two verdicts.
struct Row {
  verify::Mutant mutant;
  bool original = false;
  verify::RuleProof proof;
  verify::RandomTestResult random;

  std::string kind() const {
    return original ? "original" : std::string(verify::mutation_kind_name(mutant.kind));
  }
  std::string prover() const {
    std::string s(verify::outcome_name(proof.outcome));
    if (proof.outcome == verify::Outcome::Proved) s += " " + proof.scope;
    return s;
  }
  bool wrong() const { return random.failures > 0; }
  bool tested() const { return random.instances > 0; }
  std::string interpreter() const { return wrong() ? "wrong" : tested() ? "agrees" : "untested"; }
  bool failing() const { return wrong() && proof.outcome == verify::Outcome::Proved; }
};

std::string one_line(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  std::replace(s.begin(), s.end(), '|', '/');
  return s;
}

/// The failing instance of a row, as report lines.
std::string failure_text(const Row& r, const std::string& indent) {
  std::string s;
  const auto& f = *r.random.failure;
  s += fmt::format("{}instance: {}\n", indent, f.instance);
  for (const auto& [name, value] : f.values) s += fmt::format("{}  {} = {}\n", indent, name, value);
  s += fmt::format("{}{}\n", indent, f.what);
  return s;
}

std::string summary(const std::vector<Row>& rows) {
  std::map<std::string, std::map<std::string, int>> cross;
  int failing = 0, internal = 0, originals = 0;
  for (const Row& r : rows) {
    originals += r.original;
    cross[r.prover()][r.interpreter()]++;
    failing += r.failing();
    internal += !r.proof.internal_error.empty();
  }
  std::string s = fmt::format("{} mutants{} (prover rows x interpreter columns):\n",
                              rows.size() - static_cast<size_t>(originals),
                              originals ? fmt::format(" and {} original rules", originals) : "");
  s +=
      fmt::format("  {:<20} {:>7} {:>7} {:>9} {:>7}\n", "", "wrong", "agrees", "untested", "total");
  for (const auto& [p, cols] : cross) {
    int total = 0;
    for (const auto& [i, n] : cols) total += n;
    auto get = [&](const char* k) {
      auto it = cols.find(k);
      return it == cols.end() ? 0 : it->second;
    };
    s += fmt::format("  {:<20} {:>7} {:>7} {:>9} {:>7}\n", p, get("wrong"), get("agrees"),
                     get("untested"), total);
  }
  s += fmt::format("FAILING (interpreter wrong AND prover proved): {}\n", failing);
  if (internal) s += fmt::format("prover internal errors: {}\n", internal);
  return s;
}

std::string report(const std::vector<Row>& rows, const std::string& settings) {
  std::string s = "# Rule mutants: the prover against the interpreter\n\n";
  s += settings + "\n\n## Summary\n\n```\n" + summary(rows) + "```\n";
  s += "\n## Failing: interpreter wrong AND prover proved\n\n";
  for (const Row& r : rows) {
    if (!r.failing()) continue;
    s += fmt::format("### {}\n\n- rule `{}` ({}), {}: {}\n- prover: {}, {} instances\n",
                     r.mutant.rule.name, r.mutant.original, r.mutant.file, r.kind(),
                     r.mutant.change, r.prover(), r.proof.instances);
    s += fmt::format("- interpreter: {} of {} random instances differ; smallest:\n\n```\n",
                     r.random.failures, r.random.instances);
    s += failure_text(r, "") + "```\n\n```\n" + r.mutant.text + "```\n\n";
  }
  s += "\n## Prover refuted, interpreter never wrong\n\n";
  s += "Either the random sampling misses the case, or the prover is wrong.\n\n";
  for (const Row& r : rows) {
    if (r.proof.outcome != verify::Outcome::Refuted || r.wrong()) continue;
    s += fmt::format("- `{}` ({}: {}); interpreter {} ({} instances); prover: {}\n",
                     r.mutant.rule.name, r.kind(), one_line(r.mutant.change), r.interpreter(),
                     r.random.instances, one_line(r.proof.reason));
  }
  s += "\n## Prover unknown, interpreter found cases\n\n";
  s += "Not proved (fail closed), but random instances of the rule exist: where the reason is "
       "that no grid instance satisfies the preconditions, the grid misses shapes the rule "
       "accepts.\n\n";
  for (const Row& r : rows) {
    if (r.proof.outcome != verify::Outcome::Unknown || !r.tested()) continue;
    s += fmt::format("- `{}` ({}: {}); interpreter {} ({} instances); prover: {}\n",
                     r.mutant.rule.name, r.kind(), one_line(r.mutant.change), r.interpreter(),
                     r.random.instances, one_line(r.proof.reason));
  }
  s += "\n## Prover internal errors\n\n";
  for (const Row& r : rows)
    if (!r.proof.internal_error.empty())
      s += fmt::format("- `{}`: {}\n", r.mutant.rule.name, one_line(r.proof.internal_error));
  s += "\n## Every mutant\n\n";
  s += "| # | mutant | kind | mutation | prover | interpreter | instances (valid / shape draws) | "
       "ms (prover / interpreter) |\n|---|---|---|---|---|---|---|---|\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    std::string interp = r.interpreter();
    if (!r.tested() && !r.random.note.empty()) interp += ": " + one_line(r.random.note);
    s += fmt::format("| {} | {} | {} | `{}` | {} | {} | {} / {} | {:.0f} / {:.0f} |\n", i + 1,
                     r.mutant.rule.name, r.kind(), one_line(r.mutant.change), r.prover(), interp,
                     r.random.instances, r.random.attempts, r.proof.ms, r.random.ms);
  }
  s += "\n## Mutant texts\n\n```\n";
  for (const Row& r : rows) s += r.mutant.text + "\n";
  return s + "```\n";
}

using ParsedFiles = std::vector<std::pair<std::string, dsl::RuleFile>>;

/// --NAME N (default `dflt`); nullopt after printing the error.
std::optional<uint64_t> number_option(const cli::ParsedArgs& parsed, const char* name,
                                      uint64_t dflt) {
  auto v = parsed.get(name);
  if (!v) return dflt;
  auto r = cli::parse_uint(fmt::format("--{}", name), *v);
  if (!r) {
    fmt::print(stderr, "vf_rule_mutants: error: {}\n", r.error().message);
    return std::nullopt;
  }
  return *r;
}

/// --originals / --controls: every rule itself, as a row.
std::vector<Row> original_rows(const ParsedFiles& files) {
  std::vector<Row> rows;
  for (const auto& [f, rf] : files)
    for (const dsl::Rule& r : rf.rules) {
      Row row;
      row.original = true;
      row.mutant.original = r.name;
      row.mutant.file = f;
      row.mutant.change = "(the rule itself)";
      row.mutant.text = dsl::print_rule(r);
      row.mutant.rule = r;
      rows.push_back(std::move(row));
    }
  return rows;
}

/// The mutants tested: `per_rule` of each rule, then (`limit` > 0) a seeded sample of
/// `limit` of them that keeps the rules' order.
std::vector<verify::Mutant> pick_mutants(const ParsedFiles& files, uint64_t per_rule, uint64_t seed,
                                         uint64_t limit) {
  std::vector<verify::Mutant> all;
  for (const auto& [f, rf] : files)
    for (const dsl::Rule& r : rf.rules) {
      auto ms = verify::all_mutants(r, f);
      std::move(ms.begin(), ms.end(), std::back_inserter(all));
    }
  const size_t candidates = all.size();
  std::vector<verify::Mutant> picked = verify::select_mutants(std::move(all), per_rule, seed);
  if (limit && picked.size() > limit) {
    std::vector<size_t> idx(picked.size());
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    SplitMix64 rng(seed, "limit");
    for (size_t i = idx.size(); i > 1; --i)
      std::swap(idx[i - 1], idx[static_cast<size_t>(rng.next() % i)]);
    idx.resize(limit);
    std::sort(idx.begin(), idx.end());
    std::vector<verify::Mutant> kept;
    for (size_t i : idx) kept.push_back(std::move(picked[i]));
    picked = std::move(kept);
  }
  fmt::print(stderr, "{} mutants that parse and check; testing {}\n", candidates, picked.size());
  return picked;
}

/// Proves and randomly tests every row, `jobs` at a time, a progress line per row.
void run_rows(std::vector<Row>& rows, const verify::ProveOptions& popts,
              const verify::RandomTestOptions& ropts, uint64_t jobs) {
  std::atomic<size_t> next{0};
  std::mutex print_mu;
  size_t done = 0;
  auto worker = [&] {
    for (size_t i = next++; i < rows.size(); i = next++) {
      Row& r = rows[i];
      r.proof = verify::prove_rule(r.mutant.rule, r.mutant.file, popts);
      r.random = verify::test_rule_randomly(r.mutant.rule, ropts);
      std::lock_guard<std::mutex> lock(print_mu);
      ++done;
      fmt::print(stderr, "[{}/{}] {:<60} {:<18} {:<8} {:>4} instances{}\n", done, rows.size(),
                 r.mutant.rule.name, r.prover(), r.interpreter(), r.random.instances,
                 r.failing() ? "  FAILING" : "");
    }
  };
  std::vector<std::thread> threads;
  for (uint64_t j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
}

/// Prints every failing row and every internal error; whether there was one.
bool print_failures(const std::vector<Row>& rows) {
  int failing = 0;
  for (const Row& r : rows) {
    if (!r.failing()) continue;
    ++failing;
    fmt::print("FAILING {} ({}): {}\n  prover: {}, {} instances\n{}", r.mutant.rule.name, r.kind(),
               r.mutant.change, r.prover(), r.proof.instances, failure_text(r, "  "));
  }
  bool internal = false;
  for (const Row& r : rows)
    if (!r.proof.internal_error.empty()) {
      internal = true;
      fmt::print("INTERNAL ERROR {}: {}\n", r.mutant.rule.name, r.proof.internal_error);
    }
  return failing || internal;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto parsed = cli::parse_args(args, kOptions);
  if (!parsed) {
    fmt::print(stderr, "vf_rule_mutants: error: {}\n{}", parsed.error().message, kUsage);
    return 2;
  }
  if (parsed->has("help")) {
    fmt::print("{}\noptions:\n", kUsage);
    for (const auto& o : kOptions) fmt::print("  --{:<12} {:<5} {}\n", o.name, o.metavar, o.help);
    return 0;
  }
  auto number = [&](const char* name, uint64_t dflt) { return number_option(*parsed, name, dflt); };
  const auto seed = number("seed", 1), per_rule = number("per-rule", 6), limit = number("limit", 0),
             timeout = number("timeout", 5000), instances = number("instances", 200),
             budget = number("budget-ms", 1000), jobs = number("jobs", 1),
             prove_budget = number("prove-budget-ms", 0);
  if (!seed || !per_rule || !limit || !timeout || !instances || !budget || !jobs ||
      !prove_budget)
    return 2;
  if (*jobs < 1 || *instances < 1 || *timeout < 1) {
    fmt::print(stderr, "vf_rule_mutants: error: --jobs, --instances and --timeout must be >= 1\n");
    return 2;
  }
  std::vector<std::string> inputs = parsed->positional;
  if (inputs.empty()) inputs.push_back("rules");
  auto files = rule_files(inputs);
  if (!files) return 1;

  // Parse every file first: a malformed one stops the campaign before anything runs.
  std::vector<std::pair<std::string, dsl::RuleFile>> parsed_files;
  DiagnosticSink diags;
  for (const std::string& f : *files)
    if (auto rf = dsl::parse_rules_file(f, diags)) parsed_files.emplace_back(f, std::move(*rf));
  if (diags.has_errors()) {
    diags.print(stderr);
    return 1;
  }

  std::vector<Row> rows;
  if (parsed->has("originals") || parsed->has("controls")) rows = original_rows(parsed_files);
  if (!parsed->has("originals"))
    for (auto& m : pick_mutants(parsed_files, *per_rule, *seed, *limit)) {
      Row row;
      row.mutant = std::move(m);
      rows.push_back(std::move(row));
    }

  verify::ProveOptions popts;
  popts.timeout_ms = static_cast<unsigned>(*timeout);
  popts.keep_smt2 = false;
  popts.budget_ms = static_cast<unsigned>(
      std::min<uint64_t>(*prove_budget, std::numeric_limits<unsigned>::max()));
  verify::RandomTestOptions ropts;
  ropts.seed = *seed;
  ropts.max_instances = static_cast<int64_t>(*instances);
  ropts.budget_ms = static_cast<double>(*budget);

  run_rows(rows, popts, ropts, *jobs);

  const std::string settings = fmt::format(
      "Settings: seed {}, {} mutants per rule{}, prover timeout {} ms per solver call{} (grid "
      "default), interpreter {} valid random instances or {} ms per mutant.",
      *seed, *per_rule, *limit ? fmt::format(", a sample of {}", *limit) : "", *timeout,
      *prove_budget ? fmt::format(" and {} ms per mutant", *prove_budget) : "", *instances,
      *budget);
  fmt::print("{}\n{}", settings, summary(rows));
  const bool failing = print_failures(rows);
  if (auto t = parsed->get("table")) {
    std::ofstream out(*t);
    out << report(rows, settings);
    if (!out) {
      fmt::print(stderr, "vf_rule_mutants: error: cannot write '{}'\n", *t);
      return 1;
    }
    fmt::print("report written to {}\n", *t);
  }
  return failing ? 1 : 0;
}
