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
#include "compile_output.h"
#include "compile_write.h"
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

void histogram_json(JsonWriter& j, const Graph& g) {
  j.begin_object();
  for (const auto& [op, n] : op_histogram(g)) j.key(op).value(n);
  j.end_object();
}

}  // namespace

std::string report_json(const std::string& model, const CompiledModel& c,
                        const CompileRecord& record, const ReportSections& extra) {
  const rewrite::RewriteResult& r = *c.result;
  JsonWriter j;
  j.begin_object();
  j.key("model").value(model);
  j.key("seed").value(static_cast<int64_t>(c.seed));
  j.key("rules").value(c.rules_dir);
  j.key("rules_applicable").value(static_cast<int64_t>(c.library.size()));
  j.key("rules_excluded").begin_array();
  for (const auto& e : c.library.excluded)
    j.begin_object().key("rule").value(e.rule).key("reason").value(e.reason).end_object();
  j.end_array();
  j.key("ops_before");
  histogram_json(j, c.original);
  j.key("ops_after");
  histogram_json(j, r.graph.graph());
  j.key("flops_before").value(graph_flops(c.original));
  j.key("flops_after").value(graph_flops(r.graph.graph()));
  int64_t applied = 0, rejected = 0, cached = 0, by_definition = 0;
  j.key("rewrites").begin_array();
  for (const auto& a : r.attempts) {
    applied += a.applied;
    by_definition += a.applied && !a.definition.empty();
    rejected += !a.applied;
    cached += a.cached;
    j.begin_object();
    j.key("rule").value(a.rule).key("rule_hash").value(a.rule_hash);
    j.key("nodes").begin_array();
    for (const auto& n : a.nodes) j.value(n);
    j.end_array();
    j.key("certificate").value(
        a.smt2.empty() ? "" : (a.applied ? "certificates/" : "certificates/rejected/") + a.certificate);
    j.key("verdict").value(rewrite::certificate_verdict(a.outcome, a.definition));
    if (!a.definition.empty()) j.key("definition").value(a.definition);
    j.key("applied").value(a.applied).key("cached").value(a.cached);
    j.key("split").value(a.split).key("claims").value(a.claims);
    j.key("ms").value(a.ms).key("bound").value(a.bound);
    j.key("input_range").value(1.0).key("max_ulps").value(a.max_ulps);
    j.key("reason").value(a.reason);
    j.end_object();
  }
  j.end_array();
  j.key("not_applied").begin_array();
  for (const auto& n : r.near_misses)
    j.begin_object().key("rule").value(n.rule).key("root").value(n.root).key("reason").value(n.reason).end_object();
  j.end_array();
  j.key("summary").begin_object();
  j.key("applied").value(applied).key("rejected").value(rejected).key("cached").value(cached);
  // Applied rewrites by verdict: proved by the solver, or equal by definition.
  j.key("proved").value(applied - by_definition).key("by_definition").value(by_definition);
  j.key("certify_ms").value(r.certify_ms).key("total_ms").value(c.total_ms);
  j.end_object();
  write_compile_record(j, record);
  if (extra) extra(j);
  j.end_object();
  return j.str() + "\n";
}

Result<CompileRecord> compile_record(const ParsedArgs& args, const CompiledModel& c) {
  CompileRecord rec;
  rec.vfuse_version = kVfuseVersion;
  rec.certifier_version = rewrite::kCertifierVersion;
  if (auto it = args.options.find("shape"); it != args.options.end()) rec.shapes = it->second;
  rec.seed = c.seed;
  rec.disabled = c.disabled;
  rec.timeout_ms = c.timeout_ms;
  if (auto r = hash_model(args.positional[0], rec); !r) return r.error();
  if (auto r = hash_library(c.rules_dir, c.proofs_dir, c.library, rec); !r) return r.error();
  rec.log = c.result->graph.log();
  return rec;
}

Result<void> write_outputs(const std::string& dir, const std::string& model, const CompiledModel& c,
                           CompileRecord& record, std::string& report,
                           const ReportSections& extra) {
  const Graph& g = c.result->graph.graph();
  std::error_code ec;
  fs::create_directories(fs::path(dir) / "certificates" / "rejected", ec);
  if (ec) return Error{fmt::format("cannot create '{}': {}", dir, ec.message())};
  PrintOptions po;
  po.weights_path = (fs::path(dir) / "model.weights").string();
  if (auto r = write_graph(g, (fs::path(dir) / "model.vfg").string(), po); !r) return r;
  DotOptions dopts;
  if (auto r = write_dot(g, (fs::path(dir) / "model.dot").string(), dopts); !r) return r;
  for (const auto& a : c.result->attempts) {
    if (a.smt2.empty()) continue;
    const fs::path p = fs::path(dir) / "certificates" / (a.applied ? "" : "rejected") / a.certificate;
    if (auto r = write_file_atomically(p.string(), a.smt2); !r) return r;
  }
  auto hashes = hash_tree(dir, "report.json");
  if (!hashes) return hashes.error();
  record.output = std::move(*hashes);
  report = report_json(model, c, record, extra);
  return write_file_atomically((fs::path(dir) / "report.json").string(), report);
}

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

std::string clean_dir(const std::string& p) {
  fs::path c = fs::path(p).lexically_normal();
  if (!c.has_filename() && c.has_parent_path() && c != c.root_path()) c = c.parent_path();
  return c.string();
}

Result<void> write_dir_atomically(const std::string& out,
                                  const std::function<Result<void>(const std::string&)>& fill) {
  const std::string dir = clean_dir(out);
  const std::string tmp = fmt::format("{}.tmp{}", dir, getpid());
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    return Error{fmt::format("'{}' exists and is not a directory", dir)};
  fs::remove_all(tmp, ec);
  if (auto r = fill(tmp); !r) {
    fs::remove_all(tmp, ec);
    return r;
  }
  const std::string old = fmt::format("{}.old{}", dir, getpid());
  if (fs::exists(dir, ec)) fs::rename(dir, old, ec);
  fs::rename(tmp, dir, ec);
  if (ec) {
    fs::remove_all(tmp, ec);
    return Error{fmt::format("cannot create '{}': {}", dir, ec.message())};
  }
  fs::remove_all(old, ec);
  return {};
}

namespace {

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
    // The back end: lower -> plan memory -> emit (codegen/pipeline.h).
    auto m = codegen::lower_and_emit(c->result->graph, codegen::EmitOptions{*threads});
    if (!m) return print_error(kCmd, fmt::format("native code: {}", m.error().message)), kExitFailure;
    emitted = std::move(*m);
  }
  auto record = compile_record(args, *c);
  if (!record) return print_error(kCmd, record.error().message), kExitFailure;
  // The emitted sources first, so that report.json records their hashes.
  if (emit) {
    if (auto r = write_dir_atomically(
            *emit, [&](const std::string& tmp) { return codegen::emit_standalone(*emitted, tmp); });
        !r)
      return print_error(kCmd, r.error().message), kExitFailure;
    auto hashes = hash_tree(clean_dir(*emit));
    if (!hashes) return print_error(kCmd, hashes.error().message), kExitFailure;
    std::error_code ec;
    record->emit_dir = fs::absolute(clean_dir(*emit), ec).lexically_normal().string();
    record->emit_threads = *threads;
    record->emitted = std::move(*hashes);
  }
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
    if (emit) {
      const double mib = 4.0 / (1 << 20);
      fmt::print("emitted {}/ (model.cpp, vfrt.h, model.weights, main.cpp, Makefile, README.txt): "
                 "arena {:.2f} MiB, weights {:.2f} MiB; build it with make -C {}\n",
                 clean_dir(*emit), emitted->arena_elements * mib,
                 static_cast<double>(emitted->weights.size()) * mib, clean_dir(*emit));
    }
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
