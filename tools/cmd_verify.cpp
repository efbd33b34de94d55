// vfuse verify: checks that a compile output directory is what `vfuse compile` makes of
// its model, and that its certificates hold, without trusting any file of the directory
// except report.json's record of what was compiled (docs/certificates.md, "Files"). It
// re-imports the model, re-applies every recorded rewrite at its recorded nodes through
// the rewrite driver (each certified again), compares the result with model.vfg and
// model.weights byte for byte and each certificate with the re-derived one, checks every
// hash of the report, and re-solves every certificate with the z3 / cvc5 command-line
// solvers. It stops at the first thing that does not hold and says what and where.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "cmd_common.h"
#include "commands.h"
#include "pipeline/verify.h"

namespace vf::cli {
namespace {

namespace fs = std::filesystem;
constexpr const char* kCmd = "verify";

int verify(const ParsedArgs& args) {
  pipeline::VerifyOptions o;
  if (args.positional.size() != 1) {
    print_error(kCmd, args.positional.empty() ? "missing DIR (a directory vfuse compile -o wrote)"
                                              : fmt::format("expected one DIR, got {} arguments",
                                                            args.positional.size()));
    fmt::print(stderr, "Run 'vfuse verify --help' for usage.\n");
    return kExitUsage;
  }
  fs::path dir = fs::path(args.positional[0]).lexically_normal();
  if (dir.filename() == "model.vfg") dir = dir.parent_path();  // DIR/model.vfg stands for DIR
  o.dir = dir.empty() ? "." : dir.string();
  if (o.dir.size() > 1 && o.dir.back() == '/') o.dir.pop_back();
  const std::string replay = args.get("replay").value_or("z3");
  if (replay == "both")
    o.solvers = {"z3", "cvc5"};
  else if (replay == "z3" || replay == "cvc5")
    o.solvers = {replay};
  else if (replay == "none")
    o.solvers.clear();
  else
    return print_error(kCmd,
                       fmt::format("--replay must be z3, cvc5, both or none, got '{}'", replay)),
           kExitUsage;
  if (auto t = args.get("solver-timeout")) {
    auto v = parse_uint("--solver-timeout", *t);
    if (!v || *v == 0 || *v > 86400)
      return print_error(kCmd, "--solver-timeout needs a number of seconds in 1..86400"),
             kExitUsage;
    o.solver_seconds = static_cast<unsigned>(*v);
  }
  o.jobs = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
  if (auto j = args.get("jobs")) {
    auto v = parse_uint("--jobs", *j);
    if (!v || *v == 0 || *v > 64)
      return print_error(kCmd, "--jobs needs a number in 1..64"), kExitUsage;
    o.jobs = static_cast<int>(*v);
  }
  o.model = args.get("model").value_or("");
  const bool json = args.has("json");
  std::error_code ec;
  if (!fs::is_directory(o.dir, ec))
    return print_error(kCmd, fmt::format("'{}' is not a directory", o.dir)), kExitFailure;
  if (!json) {
    fmt::print("verifying {}/\n", o.dir);
    o.on_step = [](const pipeline::VerifyStep& s) {
      fmt::print("  {:<14} {} ({:.0f} ms)\n", s.name, s.detail, s.ms);
      std::fflush(stdout);
    };
  }
  const bool independent = args.has("independent");
  if (independent && args.has("regions"))
    o.on_region = [](const std::string& line) {
      fmt::print("    {}\n", line);
      std::fflush(stdout);
    };
  const pipeline::VerifyReport r =
      independent ? pipeline::verify_independent(std::move(o)) : pipeline::verify(std::move(o));
  std::fputs(r.diagnostics.c_str(), stderr);
  for (const std::string& m : r.messages) fmt::print(stderr, "vfuse {}: {}\n", kCmd, m);
  if (json)
    fmt::print("{}\n", pipeline::verify_json(r));
  else if (r.ok && independent)
    fmt::print("ok: {} computes what {} computes, region by region (independent checker, "
               "{:.1f} s)\n",
               r.dir, r.model, r.ms / 1000);
  else if (r.ok)
    fmt::print(
        "ok: {} is what vfuse compile makes of {}{} ({:.1f} s)\n", r.dir, r.model,
        r.replayed ? ", and its certificates hold" : " (certificates not re-solved: --replay none)",
        r.ms / 1000);
  else
    fmt::print("FAILED: {}: {}\n", r.failed_step, r.failure);
  return r.ok ? kExitOk : kExitFailure;
}

}  // namespace

const Command kVerifyCommand{
    "verify",
    "check a compile output against its model, rules, certificates and hashes",
    "DIR [--model ORIGINAL] [--replay z3|cvc5|both|none] [options]",
    "Checks that DIR (written by 'vfuse compile -o DIR'; DIR/model.vfg stands for DIR) is\n"
    "what vfuse compile makes of its model, trusting only what report.json records of the\n"
    "compile (the model's path and hash, the seed, --shape values, disabled rules, rule and\n"
    "proof directories): the model (--model, else the recorded path) and every rule file\n"
    "and proof record must match their recorded SHA-256; the model is imported again, its\n"
    "weights generated from the seed, and every recorded rewrite is applied again through\n"
    "the rewrite driver at its recorded nodes, in order, each certified again; the result\n"
    "must equal model.vfg and model.weights byte for byte, and each certificate file the\n"
    "certificate derived again (up to the solver's internal names); every file of DIR must\n"
    "be listed in report.json with a matching SHA-256 (and the --emit directory's, whose\n"
    "model.cpp and model.weights are emitted again and compared); every certificate is\n"
    "re-solved by the z3 and/or cvc5 command-line solver (in the background, from the start)\n"
    "and every check-sat must answer unsat. Stops at the first thing that does not hold and\n"
    "says what and where (file, constant, line, rewrite number). Exit status 0 when\n"
    "everything holds, 1 at the first mismatch, 2 on a bad command line.\n"
    "With --independent, instead: translation validation by the independent checker\n"
    "(docs/independent.md), which shares with the compiler only the importer, the .vfg\n"
    "reader, the semantics, the SMT encoder and the solver: the regions report.json records\n"
    "must tile the model and model.vfg, and each region's equivalence is proved over the\n"
    "reals with the constants as stored (folded ones within 2^-20 of exact values).",
    {{"model", 0, "ORIGINAL",
      "the model that was compiled (default: the path report.json records)"},
     {"replay", 0, "z3|cvc5|both|none",
      "command-line solvers that re-solve the certificates (default z3)"},
     {"solver-timeout", 0, "S", "time limit per certificate and solver, seconds (default 120)"},
     {"jobs", 0, "N", "solver processes at a time (default: the number of cores)"},
     {"independent", 0, "",
      "translation validation by the independent checker instead (docs/independent.md)"},
     {"regions", 0, "", "with --independent: print each region as it is checked"},
     {"json", 0, "",
      "print {\"dir\",\"ok\",\"steps\":[{\"check\",\"ok\",\"detail\"|\"error\",\"ms\"}],...}"},
     help_option()},
    verify};

}  // namespace vf::cli
