// vfuse compile: rewrite a model with the proved rule library, a certificate for every
// rewrite, and write the optimised graph, the certificates and a report; with --emit,
// the rewritten model as a standalone C++ build as well.
#include <fmt/format.h>

#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <filesystem>
#include <unistd.h>

#include "cmd_common.h"
#include "codegen/emit.h"
#include "codegen/pipeline.h"
#include "commands.h"
#include "compile_model.h"
#include "pipeline/compile_output.h"
#include "pipeline/compile_write.h"
#include "ir/dot.h"
#include "ir/printer.h"
#include "ir/stats.h"
#include "native_engine.h"
#include "support/atomic_file.h"
#include "support/json.h"
#include "target_report.h"

namespace vf::cli {
namespace {

namespace fs = std::filesystem;
constexpr const char* kCmd = "compile";

}  // namespace

void print_summary(const std::string& out_dir, const CompiledModel& c) {
  const rewrite::RewriteResult& r = *c.result;
  std::map<std::string, int> applied_by_rule;
  int rejected = 0, cached = 0, by_definition = 0;
  for (const auto& a : r.attempts) {
    if (a.applied) ++applied_by_rule[a.rule];
    else ++rejected;
    cached += a.cached;
    by_definition += a.applied && !a.definition.empty();
  }
  fmt::print(
      "rewrites applied: {} ({} certificates from the cache), rejected: {}; {} proved by the "
      "solver, {} by definition\n",
      r.graph.log().size(), cached, rejected, r.graph.log().size() - by_definition, by_definition);
  for (const auto& [rule, n] : applied_by_rule) fmt::print("  {:>4}  {}\n", n, rule);
  for (const auto& a : r.attempts)
    if (!a.applied)
      fmt::print("  not applied: {} at {}: {} ({})\n", a.rule, a.nodes.empty() ? "" : a.nodes.back(),
                 rewrite::cert_outcome_name(a.outcome), a.reason);
  const auto before = op_histogram(c.original), after = op_histogram(r.graph.graph());
  std::set<std::string> ops;
  for (const auto& [k, v] : before) ops.insert(k);
  for (const auto& [k, v] : after) ops.insert(k);
  fmt::print("operators          before   after\n");
  for (const std::string& op : ops) {
    auto b = before.count(op) ? before.at(op) : 0, a = after.count(op) ? after.at(op) : 0;
    fmt::print("  {:<16} {:>6}  {:>6}\n", op, b, a);
  }
  fmt::print("certifying: {:.0f} ms, total {:.0f} ms", r.certify_ms, c.total_ms);
  if (out_dir.empty())
    fmt::print("\n");
  else
    fmt::print("; wrote {}/ (model.vfg, model.dot, certificates/, report.json)\n", out_dir);
}

namespace {

/// The line that says what --emit wrote.
void print_emitted(const std::string& dir, const codegen::EmittedModel& m) {
  const double mib = 4.0 / (1 << 20);
  fmt::print("emitted {}/ (model.cpp, vfrt.h, model.weights, main.cpp, Makefile, README.txt): "
             "arena {:.2f} MiB, weights {:.2f} MiB; build it with make -C {}\n",
             dir, m.arena_elements * mib, static_cast<double>(m.weights.size()) * mib, dir);
}

int compile(const ParsedArgs& args) {
  auto out = args.get("output");
  auto emit = args.get("emit");
  if (!out && !emit) {
    print_error(kCmd, "missing -o DIR (the output directory) or --emit DIR");
    fmt::print(stderr, "Run 'vfuse compile --help' for usage.\n");
    return kExitUsage;
  }
  const auto threads = native_threads(kCmd, args);
  if (!threads) return kExitUsage;
  if (args.has("threads") && !emit)
    return print_error(kCmd, "--threads needs --emit"), kExitUsage;
  if (out && emit && clean_dir(*out) == clean_dir(*emit))
    return print_error(kCmd, "-o and --emit need different directories"), kExitUsage;
  std::optional<target::Target> tgt;
  if (args.has("program") && !args.has("target"))
    return print_error(kCmd, "--program needs --target"), kExitUsage;
  if (auto spec = args.get("target")) {
    auto t = target::parse_target(*spec);
    if (!t) return print_error(kCmd, t.error().message), kExitUsage;
    tgt = std::move(*t);
  }
  int code = kExitOk;
  auto c = compile_model(kCmd, args, true, code);
  if (!c) return code;
  // The emitted code first: an operator the kernels do not cover fails before anything
  // is written.
  std::optional<codegen::EmittedModel> emitted;
  if (emit) {
    auto m = emit_model(*c, *threads);
    if (!m) return print_error(kCmd, m.error().message), kExitFailure;
    emitted = std::move(*m);
  }
  auto record = compile_record(*c, args.positional[0]);
  if (!record) return print_error(kCmd, record.error().message), kExitFailure;
  // The emitted sources first, so that report.json records their hashes.
  if (emit)
    if (auto r = write_emitted(*emitted, *emit, *threads, *record); !r)
      return print_error(kCmd, r.error().message), kExitFailure;
  // The target's lowerings before the output is written: their certificates go into it
  // (target/certificates/), hashed with the rest.
  std::optional<rewrite::RewriteResult> low;
  if (tgt) {
    low = lower_for_target(kCmd, c->result->graph, *tgt, c->rules_dir, c->proofs_dir);
    if (!low) return kExitFailure;
  }
  std::string report;
  ReportSections extra;
  if (low) extra = [&](JsonWriter& j) { lowering_json(j, *tgt, *low); };
  if (out)
    if (auto r = write_dir_atomically(
            *out,
            [&](const std::string& tmp) -> Result<void> {
              if (low)
                if (auto w = write_lowering_certificates(tmp, low->attempts); !w) return w;
              return write_outputs(tmp, args.positional[0], *c, *record, report, extra);
            });
        !r)
      return print_error(kCmd, r.error().message), kExitFailure;
  if (args.has("json")) {
    fmt::print("{}", out ? report : report_json(args.positional[0], *c, *record, extra));
  } else {
    print_summary(out ? clean_dir(*out) : "", *c);
    if (emit) print_emitted(clean_dir(*emit), *emitted);
    if (tgt) {
      print_target_report(low->graph.graph(), *tgt, low->attempts);
      print_lowering_summary(*low, out ? clean_dir(*out) : "");
      if (auto prog = args.get("program")) {
        if (auto r = write_program(low->graph.graph(), *tgt, *prog); !r)
          return print_error(kCmd, r.error().message), kExitFailure;
        fmt::print("wrote the array's program to {}\n", *prog);
      }
    }
  }
  return kExitOk;
}

std::vector<OptionSpec> options() {
  std::vector<OptionSpec> o = {
      {"output", 'o', "DIR", "output directory (replaced if it exists)"},
      {"emit", 0, "DIR",
       "also write the rewritten model as standalone C++ (model.cpp, vfrt.h, model.weights, "
       "main.cpp, Makefile) to DIR (replaced if it exists)"},
      native_threads_option(" (with --emit; its Makefile then builds with -fopenmp)")};
  for (auto& x : rewrite_options()) o.push_back(x);
  o.push_back({"json", 0, "", "print report.json instead of the summary"});
  o.push_back(
      {"target", 0, "T",
       "also print where each node would run on target T: cpu (the default) or "
       "systolic:RxC[,spm=KiB][,ssu=0|1][,dtype=f32|int8][,im2col=0|1][,vpu=L] (a "
       "weight-stationary array: contractions with simulated cycles, utilisation and bytes; "
       "vpu=L a vector unit of L lanes for elementwise primitives and last-axis reductions, "
       "the composites lowered to them; the rest on the host; docs/targets.md); with -o, the "
       "certificates of the target's lowerings go to DIR/target/certificates/; with --json, "
       "a \"target\" object (devices, lowerings, cycles, transfers)"});
  o.push_back({"program", 0, "FILE",
               "with --target systolic:...: write the array's program (per layer: transfers, "
               "LW / LA / MM / SA instructions, VEC lines for the vector unit) to FILE"});
  o.push_back(help_option());
  return o;
}

}  // namespace

const Command kCompileCommand{
    "compile",
    "rewrite a model with the proved rules, a Z3 certificate for every rewrite",
    "MODEL -o DIR [--emit DIR2] [options]",
    "Applies the rule library (rules/, each rule with a current proof in proofs/) to MODEL\n"
    "on its dataflow graph, phase by phase to a fixed point (docs/certificates.md), with\n"
    "the weights generated from --seed. Every match is certified before it is applied: a\n"
    "Z3 query on the match's actual shapes and constants proves that the rewritten\n"
    "subgraph equals the original over the reals, and every folded float32 constant is\n"
    "checked within 1 ulp of its exact value. A refuted, unknown or timed-out certificate\n"
    "leaves the match unrewritten (the report says why). Writes DIR/model.vfg (+\n"
    "model.weights), DIR/model.dot, DIR/certificates/*.smt2 (replayable by z3 and cvc5;\n"
    "unsat for every check-sat) and DIR/report.json. --emit DIR2 writes the rewritten\n"
    "model as C++ over the kernel library (docs/codegen.md) with its weights and a small\n"
    "main: `make -C DIR2` builds it without vfuse, `DIR2/model [input.npy...] [--bench N]`\n"
    "runs it (from DIR2, where model.weights is). report.json records the SHA-256 of the\n"
    "model, the rule files and proof records read, every file written (DIR2's too) and the\n"
    "options that decide the result: `vfuse verify DIR` redoes and checks the compile, and\n"
    "commands that load DIR/model.vfg refuse it when a file no longer matches its hash.\n"
    "Exit status 0 when the model compiled, 1 when it could not be read or written, 2 on a\n"
    "bad command line.",
    options(),
    compile};

}  // namespace vf::cli
