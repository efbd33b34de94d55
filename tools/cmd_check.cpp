// vfuse check: the compiled model run by the interpreter and by the native code on seeded
// (or given) inputs, every output and every layer against a rigorous per-input error bound
// (src/check/numeric_check.h); --per-rewrite adds the drift reading (interp/drift.h): each
// rewrite alone on the original's f64 activations, and the whole-model drift bound.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "check/numeric_check.h"
#include "check/report_svg.h"
#include "cmd_common.h"
#include "commands.h"
#include "compile_model.h"
#include "interp/drift.h"
#include "interp/index_inputs.h"
#include "interp/interpreter.h"
#include "interp/weights.h"
#include "ir/npy.h"
#include "native_engine.h"
#include "pipeline/check.h"
#include "rewrite/certify.h"
#include "support/json.h"

namespace vf::cli {
namespace {

constexpr const char* kCmd = "check";

std::string ratio_text(double r) {
  return std::isinf(r) ? std::string("-") : fmt::format("{:.3g}", r);
}

void json_comparison(JsonWriter& j, const char* key, const check::Comparison& c) {
  j.key(key).begin_object().key("max_abs").value(c.max_abs).key("bound").value(c.bound);
  j.key("ratio").value(c.max_abs > 0 ? c.bound / c.max_abs : 0.0);
  j.key("min_ratio").value(std::isinf(c.min_ratio) ? 0.0 : c.min_ratio);
  j.key("median_ratio").value(c.median_ratio).key("exceeded").value(c.exceeded);
  j.key("unbounded").value(c.unbounded);
  j.key("ok").value(c.ok()).end_object();
}

/// The layers where the bound grows most (at most `count`), largest growth first.
std::vector<const check::LayerBound*> top_growth(const check::EngineCheck& ec, size_t count) {
  std::vector<const check::LayerBound*> v;
  for (const check::LayerBound& lb : ec.layers) v.push_back(&lb);
  std::stable_sort(v.begin(), v.end(), [](auto* a, auto* b) { return a->growth > b->growth; });
  if (v.size() > count) v.resize(count);
  return v;
}

void print_engine(const check::EngineCheck& ec, int threads, const PeerCheck& peer) {
  std::string head =
      ec.engine == "native"
          ? fmt::format("native code ({} thread{}{})", threads, threads == 1 ? "" : "s",
                        ec.compile_ms > 0 ? fmt::format(", compiled in {:.0f} ms", ec.compile_ms)
                                          : ", from the cache")
          : std::string("interpreter (f32)");
  fmt::print("{}, checked in {:.2f} s:\n", head, ec.ms / 1000);
  fmt::print("  {:<14} {:<6} {:>10} {:>10} {:>9} {:>9}  {}\n", "output", "vs", "max abs", "bound",
             "ratio", "median", "");
  for (size_t k = 0; k < ec.outputs.size(); ++k) {
    const check::OutputBound& ob = ec.outputs[k];
    for (auto [what, c] : {std::pair{"exact", &ob.exact}, std::pair{"f32", &ob.f32}})
      fmt::print("  {:<14} {:<6} {:>10.3e} {:>10.3e} {:>9} {:>9}  {}\n", ob.name, what, c->max_abs,
                 c->bound, ratio_text(c->max_abs > 0 ? c->bound / c->max_abs : INFINITY),
                 ratio_text(c->median_ratio > 0 ? c->median_ratio : INFINITY),
                 c->unbounded > 0 ? "NO FINITE BOUND"
                 : c->ok()        ? "ok"
                                  : "EXCEEDED");
    // The running bound alone, and the elements with a backward pass: the tightest rigorous
    // bound there and the probabilistic estimate (never a verdict).
    auto row = [&](const char* what, const check::Comparison& c, std::string note) {
      fmt::print("  {:<14} {:<6} {:>10.3e} {:>10.3e} {:>9} {:>9}  {}\n", "", what, c.max_abs,
                 c.bound, ratio_text(c.max_abs > 0 ? c.bound / c.max_abs : INFINITY),
                 ratio_text(c.median_ratio > 0 ? c.median_ratio : INFINITY), note);
    };
    row("runng", ob.exact_running, "(the running bound alone, vs f64)");
    if (ob.jacobian_rows > 0) {
      row("jacob", ob.jacobian,
          fmt::format("({} element{} with a backward pass, vs f64)", ob.jacobian_rows,
                      ob.jacobian_rows == 1 ? "" : "s"));
      row("prob", ob.probabilistic,
          fmt::format("(PROBABILISTIC, confidence {:.6g}: an estimate, not a bound)",
                      ob.confidence));
      if (ob.probabilistic.exceeded > 0)
        fmt::print(
            "  {:<14} {} element{} beyond the probabilistic estimate: unlikely from rounding "
            "alone (probability below {:.2g} under its model)\n",
            "", ob.probabilistic.exceeded, ob.probabilistic.exceeded == 1 ? "" : "s",
            1 - ob.confidence);
    } else if (!ob.jacobian_unavailable.empty()) {
      fmt::print("  {:<14} no Jacobian bound: {}\n", "", ob.jacobian_unavailable);
    }
    if (peer.requested && peer.skipped.empty() && peer.error.empty() && k < peer.outputs.size())
      fmt::print(
          "  {:<14} {:<6} {:>10.3e} {:>10} {:>9} {:>9}  (ONNX Runtime vs the original in "
          "f64)\n",
          ob.name, "ort", peer.outputs[k].max_abs, "", "", "");
  }
  size_t local_ok = 0, e2e_ok = 0, kernels = 0, kernels_ok = 0;
  double worst_local = 0;
  for (const check::LayerBound& lb : ec.layers) {
    local_ok += lb.local.ok();
    e2e_ok += lb.end_to_end.ok();
    if (lb.local.bound > 0) worst_local = std::max(worst_local, lb.local.max_abs / lb.local.bound);
    if (ec.engine == "native") {
      ++kernels;
      kernels_ok += lb.kernel_exceeded == 0;
    }
  }
  if (ec.layers_checked)
    fmt::print(
        "  {} layers: each on its own inputs against the original's layer, {} of {} within "
        "its bound (largest measured / bound {:.3g}); end to end, {} of {}\n",
        ec.layers.size(), local_ok, ec.layers.size(), worst_local, e2e_ok, ec.layers.size());
  else
    fmt::print(
        "  {} layers: end to end, {} of {} within the bound (each layer of this graph "
        "against the original's: the interpreter's check above)\n",
        ec.layers.size(), e2e_ok, ec.layers.size());
  if (ec.engine == "native")
    fmt::print(
        "  kernels against the interpreter on the same operands: {} of {} within their "
        "bound or bit-identical; the deployed build {}\n",
        kernels_ok, kernels,
        ec.deployed_identical ? "bit-identical to the bounded one" : "DIFFERS");
  fmt::print("  where the bound grows most:\n  {:<24} {:<14} {:>8} {:>10} {:>10} {:>10} {:>10}\n",
             "layer", "op", "growth", "bound", "measured", "layer bnd", "layer meas");
  for (const check::LayerBound* lb : top_growth(ec, 10))
    fmt::print("  {:<24} {:<14} {:>8.3g} {:>10.3e} {:>10.3e} {:>10} {:>10}\n", lb->node, lb->op,
               lb->growth, lb->end_to_end.bound, lb->end_to_end.max_abs,
               ec.layers_checked ? fmt::format("{:.3e}", lb->local.bound) : "-",
               ec.layers_checked ? fmt::format("{:.3e}", lb->local.max_abs) : "-");
  if (!ec.ok) fmt::print("  FAILED at {}\n", ec.first_failure);
}

Result<double> parse_tolerance(const std::string& flag, const std::string& t) {
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (t.empty() || *end != '\0' || !(v >= 0) || std::isinf(v))
    return Error{fmt::format("{} needs a non-negative number, got '{}'", flag, t)};
  return v;
}

/// The command line's settings, checked; usage errors are printed (nullopt).
struct CheckSettings {
  PeerCheck peer;
  bool native = true, native_only = false, per_rewrite = false;
  int threads = 1;
  uint64_t seeds = 1;
  std::string report;  ///< --report FILE (.html or .svg), or empty
  int64_t jacobian_rows = 8;  ///< --jacobian-rows (0: no Jacobian bound, -1: every element)
};

std::optional<CheckSettings> parse_settings(const ParsedArgs& args) {
  CheckSettings st;
  if (auto a = args.get("against")) {
    if (*a != "onnxruntime")
      return print_error(kCmd, fmt::format("--against must be onnxruntime, got '{}'", *a)),
             std::nullopt;
    st.peer.requested = true;
  }
  if (auto t = args.get("tolerance")) {
    auto v = parse_tolerance("--tolerance", *t);
    if (!v) return print_error(kCmd, v.error().message), std::nullopt;
    st.peer.tolerance = *v;
  }
  st.native = !args.has("no-native");
  const auto threads = native_threads(kCmd, args);
  if (!threads) return std::nullopt;
  st.threads = *threads;
  if (!st.native && args.has("threads"))
    return print_error(kCmd, "--threads excludes --no-native"), std::nullopt;
  st.native_only = args.has("native-only");
  st.per_rewrite = args.has("per-rewrite");
  if (st.native_only && (!st.native || st.peer.requested || st.per_rewrite))
    return print_error(kCmd, "--native-only excludes --no-native, --against and --per-rewrite"),
           std::nullopt;
  if (auto s = args.get("seeds")) {
    auto v = parse_uint("--seeds", *s);
    if (!v || *v == 0 || *v > 1000)
      return print_error(kCmd, "--seeds needs a number in 1..1000"), std::nullopt;
    st.seeds = *v;
  }
  if (auto r = args.get("jacobian-rows")) {
    if (*r == "all") {
      st.jacobian_rows = -1;
    } else {
      auto v = parse_uint("--jacobian-rows", *r);
      if (!v || *v > 1000000)
        return print_error(kCmd, "--jacobian-rows needs a number in 0..1000000 or 'all'"),
               std::nullopt;
      st.jacobian_rows = static_cast<int64_t>(*v);
    }
  }
  if (args.has("seeds") && args.has("inputs"))
    return print_error(kCmd, "--seeds and --inputs exclude each other"), std::nullopt;
  if (auto r = args.get("report")) {
    st.report = *r;
    const std::string ext = std::filesystem::path(st.report).extension().string();
    if (ext != ".html" && ext != ".svg")
      return print_error(kCmd,
                         fmt::format("--report needs a .html or .svg file, got '{}'", st.report)),
             std::nullopt;
  }
  return st;
}

/// One output of an engine in --json: its figures against every bound.
void json_output(JsonWriter& j, const check::OutputBound& ob) {
  j.begin_object().key("name").value(ob.name);
  j.key("max_abs").value(ob.exact.max_abs).key("bound").value(ob.exact.bound);
  j.key("ratio").value(ob.exact.max_abs > 0 ? ob.exact.bound / ob.exact.max_abs : 0.0);
  j.key("ok").value(ob.exact.ok() && ob.f32.ok());
  j.key("bound_running").value(ob.exact_running.bound);
  if (ob.jacobian_rows > 0)
    j.key("bound_probabilistic").value(ob.probabilistic.bound);
  else
    j.key("bound_probabilistic").null();
  j.key("confidence").value(ob.confidence);
  json_comparison(j, "exact", ob.exact);
  json_comparison(j, "f32", ob.f32);
  json_comparison(j, "exact_running", ob.exact_running);
  json_comparison(j, "f32_running", ob.f32_running);
  j.key("jacobian_rows").value(ob.jacobian_rows);
  if (!ob.jacobian_unavailable.empty())
    j.key("jacobian_unavailable").value(ob.jacobian_unavailable);
  json_comparison(j, "jacobian", ob.jacobian);
  json_comparison(j, "probabilistic", ob.probabilistic);
  j.end_object();
}

/// One layer of an engine in --json.
void json_layer(JsonWriter& j, const check::LayerBound& lb, bool native) {
  j.begin_object().key("node").value(lb.node).key("op").value(lb.op);
  j.key("growth").value(lb.growth);
  // Layers have no backward pass (one per layer element would be needed): their
  // tightest bound is the running one, and no probabilistic estimate is made.
  j.key("bound").value(lb.end_to_end.bound).key("bound_running").value(lb.end_to_end.bound);
  j.key("bound_probabilistic").null().key("confidence").null();
  json_comparison(j, "end_to_end", lb.end_to_end);
  json_comparison(j, "local", lb.local);
  if (native)
    j.key("kernel_exceeded")
        .value(lb.kernel_exceeded)
        .key("kernel_bounded")
        .value(lb.kernel_bounded);
  j.end_object();
}

/// One engine in --json: its outputs and layers, its verdict.
void json_engine(JsonWriter& j, const check::EngineCheck& ec, int threads) {
  j.begin_object().key("engine").value(ec.engine).key("ms").value(ec.ms);
  if (ec.engine == "native") {
    j.key("threads").value(threads).key("compile_ms").value(ec.compile_ms);
    j.key("deployed_identical").value(ec.deployed_identical);
  }
  j.key("outputs").begin_array();
  for (const check::OutputBound& ob : ec.outputs) json_output(j, ob);
  j.end_array().key("layers").begin_array();
  for (const check::LayerBound& lb : ec.layers) json_layer(j, lb, ec.engine == "native");
  j.end_array();
  if (!ec.ok) j.key("first_failure").value(ec.first_failure);
  j.key("ok").value(ec.ok).end_object();
}

/// --per-rewrite in --json: the drift reading per output, each rewrite alone.
void json_per_rewrite(JsonWriter& j, const PerRewrite& pr) {
  j.key("per_rewrite").begin_object().key("outputs").begin_array();
  for (const OutputCheck& oc : pr.drift) {
    j.begin_object().key("name").value(oc.name).key("precision").value(oc.precision);
    j.key("max_abs").value(oc.max_abs);
    if (std::isfinite(oc.bound))
      j.key("bound").value(oc.bound);
    else
      j.key("bound").null();
    j.key("ok").value(oc.ok).end_object();
  }
  j.end_array().key("rewrite_checks").begin_array();
  for (const LocalCheck& lc : pr.locals) {
    j.begin_object().key("rule").value(lc.rule).key("root").value(lc.root);
    j.key("max_abs").value(lc.max_abs).key("bound").value(lc.bound).key("ok").value(lc.ok);
    j.end_object();
  }
  j.end_array().end_object();
}

/// --against onnxruntime in --json.
void json_peer(JsonWriter& j, const PeerCheck& peer) {
  j.key("onnxruntime").begin_object();
  if (!peer.skipped.empty()) {
    j.key("skipped").value(peer.skipped);
  } else {
    j.key("version").value(peer.version).key("opt").value("all").key("threads").value(1);
    j.key("tolerance").value(peer.tolerance).key("outputs").begin_array();
    for (const OutputAgreement& oa : peer.outputs)
      j.begin_object().key("name").value(oa.name).key("max_abs").value(oa.max_abs).end_object();
    j.end_array();
    if (!peer.error.empty()) j.key("error").value(peer.error);
    j.key("ok").value(peer.ok);
  }
  j.end_object();
}

void print_json(const std::string& model, size_t runs, size_t rewrites,
                const check::NumericCheck& nc, const CheckSettings& st, const PerRewrite& pr,
                bool ok) {
  JsonWriter j;
  j.begin_object().key("model").value(model);
  j.key("runs").value(static_cast<int64_t>(runs));
  j.key("rewrites").value(static_cast<int64_t>(rewrites));
  j.key("reference_ms").value(nc.reference_ms);
  if (!nc.jacobian_note.empty()) j.key("jacobian_note").value(nc.jacobian_note);
  j.key("engines").begin_array();
  for (const check::EngineCheck& ec : nc.engines) json_engine(j, ec, st.threads);
  j.end_array();
  if (st.per_rewrite) json_per_rewrite(j, pr);
  if (st.peer.requested) json_peer(j, st.peer);
  j.key("ok").value(ok).end_object();
  fmt::print("{}\n", j.str());
}

void print_text(size_t runs, size_t rewrites, const check::NumericCheck& nc,
                const CheckSettings& st, const PerRewrite& pr) {
  if (nc.exact)
    fmt::print(
        "{} rewrites, {} input set{}; a quantized model: no error bound crosses quantize's "
        "rounding, so every value is compared bit for bit (bound 0) with the f32 interpreter's "
        "(native: each node of the compiled graph; interpreter: the original's outputs)\n",
        rewrites, runs, runs == 1 ? "" : "s");
  else
    fmt::print(
        "{} rewrites, {} input set{}; every value bounded against the exact output of the "
        "original model (running error analysis and, on the interpreter's outputs, the "
        "Jacobian bound: docs/check.md); reference runs {:.2f} s\n",
        rewrites, runs, runs == 1 ? "" : "s", nc.reference_ms / 1000);
  if (!nc.jacobian_note.empty()) fmt::print("{}\n", nc.jacobian_note);
  const PeerCheck& peer = st.peer;
  for (const check::EngineCheck& ec : nc.engines) print_engine(ec, st.threads, peer);
  if (st.per_rewrite) {
    const auto& locals = pr.locals;
    fmt::print(
        "per rewrite (drift reading): each rewrite on its own, on the original model's "
        "activations (f64): {} of {} within their bounds, largest difference / bound {:.3g}\n",
        std::count_if(locals.begin(), locals.end(), [](const LocalCheck& l) { return l.ok; }),
        locals.size(), pr.worst_ratio);
    for (const LocalCheck& lc : locals)
      if (!lc.ok)
        fmt::print("  EXCEEDED {} at {}: {:.3e} > {:.3e}\n", lc.rule, lc.root, lc.max_abs,
                   lc.bound);
    fmt::print("  whole model, original vs rewritten, worst case of the drift reading:\n");
    for (const OutputCheck& oc : pr.drift)
      fmt::print("  {:<14} {:<4} max abs {:>10.3e}  {}\n", oc.name, oc.precision, oc.max_abs,
                 std::isfinite(oc.bound)
                     ? fmt::format("bound {:.3e}  {}", oc.bound, oc.ok ? "ok" : "EXCEEDED")
                     : std::string("no finite drift bound"));
  }
  if (peer.requested) {
    if (!peer.skipped.empty()) {
      fmt::print("onnxruntime: skipped: {}\n", peer.skipped);
    } else if (!peer.error.empty()) {
      fmt::print("onnxruntime: FAILED: {}\n", peer.error);
    } else {
      fmt::print(
          "onnxruntime {} (opt all, 1 thread) vs the original in f64, tolerance {:.3g} "
          "absolute:\n",
          peer.version, peer.tolerance);
      for (const OutputAgreement& oa : peer.outputs)
        fmt::print("  {:<14} max abs {:>12.3e}  {}\n", oa.name, oa.max_abs,
                   oa.max_abs <= peer.tolerance ? "ok" : "EXCEEDED");
    }
  }
  if (!st.report.empty()) fmt::print("wrote {}\n", st.report);
  std::string failed;
  for (const check::EngineCheck& ec : nc.engines)
    if (!ec.ok && failed.empty()) failed = fmt::format("{}: {}", ec.engine, ec.first_failure);
  fmt::print("{}\n", !failed.empty() ? "FAILED: " + failed
                     : !pr.ok ? std::string("FAILED: a rewrite moved farther than its drift bound")
                     : !peer.ok ? std::string("FAILED: ONNX Runtime and the interpreter disagree")
                                : std::string("ok: every output and every layer within its bound"));
}

int check(const ParsedArgs& args) {
  auto settings = parse_settings(args);
  if (!settings) return kExitUsage;
  CheckSettings& st = *settings;
  int code = kExitOk;
  PerRewrite pr;
  auto c =
      compile_model(kCmd, args, !args.has("json"), code,
                    [&](const rewrite::Match& m, const Graph& g, const rewrite::Certificate& cert) {
                      if (st.per_rewrite) pr.locals.push_back(make_local(m, g, cert));
                    });
  if (!c) return code;
  const CertifiedGraph& rewritten = c->result->graph;

  std::vector<std::map<std::string, Tensor>> sets(st.seeds);
  if (auto dir = args.get("inputs")) {
    auto s = read_input_sets(c->original, *dir);
    if (!s) return print_error(kCmd, s.error().message), kExitFailure;
    sets = std::move(*s);
  }

  Graph checked = rewritten.graph();
  for (const std::string& m :
       args.has("mutate") ? args.options.at("mutate") : std::vector<std::string>{})
    if (auto r = mutate(checked, m); !r) return print_error(kCmd, r.error().message), kExitUsage;

  check::CheckOptions co;
  co.inputs = sets;
  co.interpreter = !st.native_only;
  co.native = st.native;
  co.threads = st.threads;
  co.jacobian = st.jacobian_rows != 0;
  co.jacobian_rows = st.jacobian_rows;
  co.jacobian_forced = args.has("jacobian-rows");
  auto nc = check::check_numerics(checked, rewritten.constant_errors(), c->original, co);
  if (!nc) return print_error(kCmd, nc.error().message), kExitFailure;
  bool ok = nc->ok;
  if (st.per_rewrite) {
    if (auto r = run_per_rewrite(c->original, rewritten, sets, pr); !r)
      return print_error(kCmd, r.error().message), kExitFailure;
    ok = ok && pr.ok;
  }
  if (st.peer.requested) {
    run_peer_check(args.positional[0], c->original, sets, st.peer);
    ok = ok && st.peer.ok;
  }
  if (!st.report.empty())
    if (auto r = write_report(st.report, *nc, args.positional[0]); !r)
      return print_error(kCmd, r.error().message), kExitFailure;
  if (args.has("json"))
    print_json(args.positional[0], sets.size(), rewritten.log().size(), *nc, st, pr, ok);
  else
    print_text(sets.size(), rewritten.log().size(), *nc, st, pr);
  return ok ? kExitOk : kExitFailure;
}

std::vector<OptionSpec> options() {
  std::vector<OptionSpec> o = {
      {"seeds", 0, "N", "number of seeded input sets (default 1)"},
      {"inputs", 0, "DIR",
       "input sets from .npy files (one per data input, as run --save-inputs writes them) in "
       "DIR, or in each subfolder of DIR"}};
  for (auto& x : rewrite_options()) o.push_back(x);
  o.push_back({"against", 0, "onnxruntime",
               "also run ONNX Runtime (opt all, 1 thread) on the same inputs and compare its "
               "outputs with the original model's in f64"});
  o.push_back(
      {"tolerance", 0, "X", "with --against: largest absolute difference allowed (default 1e-4)"});
  o.push_back({"no-native", 0, "", "do not build and check the native code"});
  o.push_back({"native-only", 0, "", "check only the native code, not the interpreter"});
  o.push_back(native_threads_option());
  o.push_back({"per-rewrite", 0, "",
               "also the drift reading: each rewrite alone on the original's f64 activations, "
               "and the whole-model drift bound (slow: minutes on deep models)"});
  o.push_back({"report", 0, "FILE",
               "write the per-layer measured error and bound on a log scale (.svg, or .html "
               "with the layer tables)"});
  o.push_back({"mutate", 0, "KIND=NODE",
               "change the compiled model before checking it, to see the check fail: weight "
               "(node NODE's weight times 1 + 1e-3; weight:REL times 1 + REL), weight-element "
               "(its largest element only; also :REL), swap-bias (two channels' biases "
               "exchanged); repeatable"});
  o.push_back({"jacobian-rows", 0, "N",
               "output elements per output with a backward pass for the Jacobian bound, "
               "largest first (default 8, fewer on a large model: the note says; 'all'; 0: "
               "running bound only)"});
  o.push_back({"json", 0, "", "print the results as JSON"});
  o.push_back(help_option());
  return o;
}

}  // namespace

const Command kCheckCommand{
    "check",
    "run the compiled model against a rigorous per-input error bound",
    "MODEL [options]",
    "Compiles MODEL like 'vfuse compile' (in memory; the same options), then runs the\n"
    "compiled model in the interpreter and as native code on inputs generated from seeds\n"
    "0..N-1 (or read with --inputs) and bounds every value it computes: a running error\n"
    "analysis along the actual execution (each operation's rounding from its operands, in\n"
    "the interpreter's order or within the kernels' derived bounds, folded constants with\n"
    "their certified errors) gives, per element, how far the value can be from the exact\n"
    "real-number value of the original model (docs/check.md). On the interpreter's outputs\n"
    "a backward pass through the model's Jacobian (--jacobian-rows elements per output)\n"
    "gives a tighter rigorous bound where the model is not too deep, beside a probabilistic\n"
    "estimate labelled as such; the tighter rigorous bound decides. Per output it prints the\n"
    "largest difference from the original model run in f64 and in f32, the bound, and\n"
    "their ratio; per layer, the layer alone on the engine's own inputs against the\n"
    "original model's layer, and the 10 layers where the bound grows most. A check that\n"
    "fails names the first layer whose measured error exceeds its bound.\n"
    "Exit status 0 when every value is within its bound, 1 when one is not (or the model\n"
    "cannot be compiled or built), 2 on a bad command line.\n"
    "With --against onnxruntime, ONNX Runtime also runs the original model (an .onnx file\n"
    "as it is, any other model exported with its seeded weights) on each input set; every\n"
    "output must be within --tolerance of the f64 interpreter's. When ONNX Runtime is not\n"
    "installed (`make onnxruntime`) that comparison is skipped with a message.",
    options(),
    check};

}  // namespace vf::cli
