// vfuse check: the original and the rewritten graph in the interpreter, side by side, on
// seeded inputs, each output's difference against the bound derived from the
// certificates (the drift reading of the semantics, interp/drift.h); then the rewritten
// graph as native code against the interpreter (native_check.h).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "cmd_common.h"
#include "commands.h"
#include "compile_model.h"
#include "interp/drift.h"
#include "interp/interpreter.h"
#include "interp/weights.h"
#include "native_check.h"
#include "native_engine.h"
#include "onnxruntime_peer.h"
#include "rewrite/certify.h"
#include "support/json.h"

namespace vf::cli {
namespace {

constexpr const char* kCmd = "check";

/// One applied rewrite, to be run on its own: the rule instance (source and target side
/// by side, folded constants as stored), fed with the activations the original model
/// computes at the match's non-constant inputs.
struct LocalCheck {
  std::string rule;
  std::string root;
  Graph graph;
  /// Instance input -> the model node whose value it gets.
  std::map<std::string, std::string> activations;
  /// Float attributes used as operands ($eps), as float64 scalars.
  std::map<std::string, Tensor> attributes;
  /// The certified error of each folded constant.
  std::map<std::string, Tensor> errors;
  double max_abs = 0;
  double bound = 0;
  bool ok = true;
};

LocalCheck make_local(const rewrite::Match& m, const Graph& before, const rewrite::Certificate& c) {
  const verify::Instance& inst = c.instance;
  const Graph& ig = inst.graph;
  LocalCheck lc;
  lc.rule = m.rule->name;
  lc.root = before.node(m.root).name;
  std::map<uint32_t, const rewrite::FoldedConstant*> folded;
  for (const auto& f : c.folded) folded[f.node.index] = &f;
  const std::map<uint32_t, uint32_t> slot_of = verify::slots_by_input(inst);
  std::vector<NodeId> map(ig.size());
  for (size_t i = 0; i < inst.target_end; ++i) {
    const Node& n = ig.nodes()[i];
    if (auto it = folded.find(static_cast<uint32_t>(i)); it != folded.end()) {
      map[i] = lc.graph.add_constant(n.name, it->second->value);
      lc.errors[n.name] = it->second->error;
    } else if (n.op == OpKind::Input) {
      map[i] = lc.graph.add_input(n.name, n.type);
      if (auto s = slot_of.find(static_cast<uint32_t>(i)); s != slot_of.end()) {
        lc.attributes[n.name] = Tensor::scalar(DType::F64, c.float_values[s->second]);
      } else {
        for (size_t v = 0; v < inst.var_inputs.size(); ++v)
          if (inst.var_inputs[v] == ig.id(i)) lc.activations[n.name] = before.node(m.vars[v]).name;
      }
    } else if (n.op == OpKind::Constant) {
      map[i] = lc.graph.add_constant(n.name, n.data);
    } else {
      std::vector<NodeId> ins;
      for (NodeId in : n.inputs) ins.push_back(map[in.index]);
      map[i] = lc.graph.add_node(n.op, n.name, std::move(ins),
                                 verify::attrs_with_values(inst, ig.id(i), c.float_values),
                                 n.type);
    }
  }
  lc.graph.add_output(map[inst.source_root.index]);
  lc.graph.add_output(map[inst.target_root.index]);
  return lc;
}

/// Runs every local check on the activations of one f64 run of the original model.
Result<void> run_locals(const Graph& original, uint64_t seed, std::vector<LocalCheck>& locals) {
  Graph probe = original;
  std::map<std::string, size_t> index;
  for (const LocalCheck& lc : locals)
    for (const auto& [in, node] : lc.activations)
      if (!index.count(node)) {
        const NodeId id = probe.find(node);
        if (!id.valid()) return Error{fmt::format("'{}' is not a node of the original model", node)};
        index[node] = probe.outputs().size();
        probe.add_output(id);
      }
  RunOptions ro;
  ro.precision = Precision::F64;
  ro.seed = seed;
  auto values = run_graph(CertifiedGraph::unrewritten(probe), ro);
  if (!values) return values.error();
  for (LocalCheck& lc : locals) {
    RunOptions lo;
    lo.precision = Precision::F64;
    lo.inputs = lc.attributes;
    for (const auto& [in, node] : lc.activations) lo.inputs[in] = (*values)[index[node]];
    auto r = run_with_drift(CertifiedGraph::unrewritten(lc.graph), lo, lc.errors);
    if (!r) return Error{fmt::format("{} at {}: {}", lc.rule, lc.root, r.error().message)};
    const DriftOutput &src = (*r)[0], &tgt = (*r)[1];
    for (int64_t i = 0; i < src.value.size(); ++i) {
      const double d = std::fabs(tgt.value.get(i) - src.value.get(i));
      const double bound = src.bound.get(i) + tgt.bound.get(i);
      lc.max_abs = std::max(lc.max_abs, d);
      lc.bound = std::max(lc.bound, bound);
      if (!(d <= bound)) lc.ok = false;
    }
  }
  return {};
}

/// One output at one precision, over every seed.
struct OutputCheck {
  std::string name;
  const char* precision = "";
  double max_abs = 0;
  double max_rel = 0;
  double bound = 0;
  /// The smallest bound - |difference| over elements (negative: exceeded).
  double margin = std::numeric_limits<double>::infinity();
  bool ok = true;
};

/// --against onnxruntime: ONNX Runtime on the inputs of every seed, against the f64 run of
/// the original model.
struct PeerCheck {
  bool requested = false;
  double tolerance = 1e-4;
  std::string skipped;  ///< why it did not run (the peer is not installed)
  std::string error;    ///< why it could not compare (export, runner, outputs)
  std::string version;
  std::vector<OutputAgreement> outputs;  ///< max over seeds
  bool ok = true;
};

/// Runs the peer for each seed on the original model's data inputs and compares its
/// outputs with `reference[seed]` (the f64 interpreter's).
void run_peer_check(const std::string& model, const Graph& original, uint64_t seeds,
                    const std::vector<std::vector<Tensor>>& reference, PeerCheck& pc) {
  if (auto loc = find_onnxruntime(); !loc) {
    pc.skipped = loc.error().message;
    return;
  }
  TempDir scratch("check");
  if (!scratch.ok()) {
    pc.error = "cannot create a temporary folder";
    pc.ok = false;
    return;
  }
  auto file = onnx_file_for(model, original, scratch.path());
  if (!file) {
    pc.error = fmt::format("export failed: {}", file.error().message);
    pc.ok = false;
    return;
  }
  for (uint64_t seed = 0; seed < seeds; ++seed) {
    std::map<std::string, Tensor> inputs;
    for (NodeId id : original.data_inputs())
      inputs.emplace(original.node(id).name, generate_input(original, id, seed));
    auto run = run_onnxruntime(*file, inputs, {1, "all", 0, 1});
    if (!run) {
      pc.error = run.error().message;
      pc.ok = false;
      return;
    }
    pc.version = run->version;
    auto a = compare_with_peer(original, reference[seed], *run);
    if (!a) {
      pc.error = a.error().message;
      pc.ok = false;
      return;
    }
    if (pc.outputs.empty()) pc.outputs = *a;
    for (size_t k = 0; k < a->size(); ++k)
      pc.outputs[k].max_abs = std::max(pc.outputs[k].max_abs, (*a)[k].max_abs);
  }
  for (const OutputAgreement& oa : pc.outputs) pc.ok = pc.ok && oa.max_abs <= pc.tolerance;
}

void print_native(const std::optional<NativeCheck>& nc, const std::string& error) {
  if (!nc) {
    fmt::print("native code: FAILED: {}\n", error);
    return;
  }
  const NativeLayerTally t = tally_layers(*nc);
  fmt::print("native code ({} thread{}{}), each of the {} operations alone on the interpreter's "
             "inputs:\n  {} of {} conv/dense within the reassociation bound (docs/codegen.md; "
             "largest difference / bound {:.3g}), {} of {} others bit-identical to f32\n",
             nc->threads, nc->threads == 1 ? "" : "s",
             nc->compile_ms > 0 ? fmt::format(", compiled in {:.0f} ms", nc->compile_ms) : "",
             nc->layers.size(), t.bounded_ok, t.bounded, t.worst_ratio, t.identical_ok,
             t.identical);
  for (const NativeLayerCheck& lc : nc->layers)
    if (!lc.ok)
      fmt::print("  EXCEEDED {} ({}): {} element{} {}, max abs {:.3e}\n", lc.node, lc.op,
                 lc.exceeded, lc.exceeded == 1 ? "" : "s",
                 lc.bounded ? "beyond the bound" : "not bit-identical", lc.max_abs);
  fmt::print("native code, the whole model, vs the original in f64 (tolerance {:.3g} of the "
             "largest |output|):\n",
             nc->tolerance);
  for (const NativeOutputCheck& oc : nc->outputs)
    fmt::print("  {:<12} max abs {:>12.3e}  of {:>10.3e}  {}\n", oc.name, oc.max_abs, oc.scale,
               oc.ok ? "ok" : "EXCEEDED");
}

int check(const ParsedArgs& args) {
  PeerCheck peer;
  if (auto a = args.get("against")) {
    if (*a != "onnxruntime")
      return print_error(kCmd, fmt::format("--against must be onnxruntime, got '{}'", *a)),
             kExitUsage;
    peer.requested = true;
  }
  if (auto t = args.get("tolerance")) {
    char* end = nullptr;
    peer.tolerance = std::strtod(t->c_str(), &end);
    if (t->empty() || *end != '\0' || !(peer.tolerance >= 0) || std::isinf(peer.tolerance))
      return print_error(kCmd,
                         fmt::format("--tolerance needs a non-negative number, got '{}'", *t)),
             kExitUsage;
  }
  const bool native = !args.has("no-native");
  const auto threads = native_threads(kCmd, args);
  if (!threads) return kExitUsage;
  double native_tolerance = 1e-4;
  if (auto t = args.get("native-tolerance")) {
    char* end = nullptr;
    native_tolerance = std::strtod(t->c_str(), &end);
    if (t->empty() || *end != '\0' || !(native_tolerance >= 0) || std::isinf(native_tolerance))
      return print_error(kCmd, fmt::format("--native-tolerance needs a non-negative number, "
                                           "got '{}'",
                                           *t)),
             kExitUsage;
  }
  if (!native && (args.has("threads") || args.has("native-tolerance")))
    return print_error(kCmd, "--threads and --native-tolerance exclude --no-native"), kExitUsage;
  const bool native_only = args.has("native-only");
  if (native_only && (!native || peer.requested))
    return print_error(kCmd, "--native-only excludes --no-native and --against"), kExitUsage;
  uint64_t seeds = 1;
  if (auto s = args.get("seeds")) {
    auto v = parse_uint("--seeds", *s);
    if (!v || *v == 0 || *v > 1000)
      return print_error(kCmd, "--seeds needs a number in 1..1000"), kExitUsage;
    seeds = *v;
  }
  int code = kExitOk;
  std::vector<LocalCheck> locals;
  auto c = compile_model(kCmd, args, !args.has("json"), code,
                         [&](const rewrite::Match& m, const Graph& g, const rewrite::Certificate& cert) {
                           if (!native_only) locals.push_back(make_local(m, g, cert));
                         });
  if (!c) return code;
  for (uint64_t seed = 0; seed < seeds; ++seed)
    if (auto r = run_locals(c->original, seed, locals); !r)
      return print_error(kCmd, r.error().message), kExitFailure;
  const CertifiedGraph original = CertifiedGraph::unrewritten(c->original);
  const CertifiedGraph& rewritten = c->result->graph;
  const Graph& g = original.graph();
  std::vector<OutputCheck> checks;
  std::vector<std::vector<Tensor>> reference;  // the f64 outputs of the original, per seed
  for (Precision p : {Precision::F64, Precision::F32}) {
    if (native_only) break;
    for (NodeId o : g.outputs())
      checks.push_back({g.node(o).name, p == Precision::F64 ? "f64" : "f32"});
    const size_t base = checks.size() - g.outputs().size();
    for (uint64_t seed = 0; seed < seeds; ++seed) {
      RunOptions ro;
      ro.precision = p;
      ro.seed = seed;
      auto a = run_with_drift(original, ro);
      if (!a) return print_error(kCmd, a.error().message), kExitFailure;
      auto b = run_with_drift(rewritten, ro);
      if (!b) return print_error(kCmd, b.error().message), kExitFailure;
      if (p == Precision::F64 && peer.requested) {
        reference.emplace_back();
        for (const DriftOutput& o : *a) reference.back().push_back(o.value);
      }
      for (size_t k = 0; k < a->size(); ++k) {
        OutputCheck& oc = checks[base + k];
        const Tensor &va = (*a)[k].value, &vb = (*b)[k].value;
        const Tensor &ba = (*a)[k].bound, &bb = (*b)[k].bound;
        double scale = 0;
        for (int64_t i = 0; i < va.size(); ++i) scale = std::max(scale, std::fabs(va.get(i)));
        for (int64_t i = 0; i < va.size(); ++i) {
          const double d = std::fabs(vb.get(i) - va.get(i));
          const double bound = ba.get(i) + bb.get(i);  // both runs against the exact value
          oc.max_abs = std::max(oc.max_abs, d);
          oc.max_rel = std::max(oc.max_rel, d / std::max(std::fabs(va.get(i)), 1e-12 * scale));
          oc.bound = std::max(oc.bound, bound);
          oc.margin = std::min(oc.margin, bound - d);
          if (!(d <= bound)) oc.ok = false;
        }
      }
    }
  }
  bool ok = true;
  for (const OutputCheck& oc : checks) ok = ok && oc.ok;
  bool locals_ok = true;
  double worst_ratio = 0;
  for (const LocalCheck& lc : locals) {
    locals_ok = locals_ok && lc.ok;
    if (lc.bound > 0) worst_ratio = std::max(worst_ratio, lc.max_abs / lc.bound);
  }
  ok = ok && locals_ok;
  const bool bounds_ok = ok;
  if (peer.requested) {
    run_peer_check(args.positional[0], c->original, seeds, reference, peer);
    ok = ok && peer.ok;
  }
  std::optional<NativeCheck> nc;
  std::string native_error;
  if (native) {
    if (auto r = check_native(rewritten, c->original, seeds, *threads, native_tolerance))
      nc = std::move(*r);
    else
      native_error = r.error().message;
    ok = ok && nc && nc->ok;
  }
  if (args.has("json")) {
    JsonWriter j;
    j.begin_object().key("model").value(args.positional[0]);
    j.key("seeds").value(static_cast<int64_t>(seeds));
    j.key("rewrites").value(static_cast<int64_t>(rewritten.log().size()));
    j.key("outputs").begin_array();
    for (const OutputCheck& oc : checks) {
      j.begin_object().key("name").value(oc.name).key("precision").value(oc.precision);
      j.key("max_abs").value(oc.max_abs).key("max_rel").value(oc.max_rel);
      j.key("bound").value(oc.bound).key("ok").value(oc.ok).end_object();
    }
    j.end_array().key("rewrite_checks").begin_array();
    for (const LocalCheck& lc : locals) {
      j.begin_object().key("rule").value(lc.rule).key("root").value(lc.root);
      j.key("max_abs").value(lc.max_abs).key("bound").value(lc.bound).key("ok").value(lc.ok);
      j.end_object();
    }
    j.end_array();
    if (peer.requested) {
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
    if (native) {
      j.key("native").begin_object();
      if (nc) {
        j.key("threads").value(nc->threads).key("compile_ms").value(nc->compile_ms);
        const NativeLayerTally t = tally_layers(*nc);
        j.key("layers").value(static_cast<int64_t>(nc->layers.size()));
        j.key("layers_within_bound").value(static_cast<int64_t>(t.bounded_ok));
        j.key("layers_bit_identical").value(static_cast<int64_t>(t.identical_ok));
        j.key("worst_ratio").value(t.worst_ratio).key("layer_failures").begin_array();
        for (const NativeLayerCheck& lc : nc->layers)
          if (!lc.ok) {
            j.begin_object().key("node").value(lc.node).key("op").value(lc.op);
            j.key("bounded").value(lc.bounded).key("max_abs").value(lc.max_abs);
            j.key("elements").value(lc.exceeded).end_object();
          }
        j.end_array().key("tolerance").value(nc->tolerance).key("outputs").begin_array();
        for (const NativeOutputCheck& oc : nc->outputs) {
          j.begin_object().key("name").value(oc.name).key("max_abs").value(oc.max_abs);
          j.key("max_abs_output").value(oc.scale).key("ok").value(oc.ok).end_object();
        }
        j.end_array().key("ok").value(nc->ok);
      } else {
        j.key("error").value(native_error).key("ok").value(false);
      }
      j.end_object();
    }
    j.key("ok").value(ok).end_object();
    fmt::print("{}\n", j.str());
  } else if (native_only) {
    fmt::print("{} rewrites, {} seed{}\n", rewritten.log().size(), seeds, seeds == 1 ? "" : "s");
    print_native(nc, native_error);
    fmt::print("{}\n", ok    ? "ok: the native code within its bound of the interpreter"
                       : !nc ? "FAILED: the native code could not be checked"
                             : "FAILED: the native code and the interpreter disagree");
  } else {
    fmt::print("{} rewrites, {} seed{}: original vs rewritten, bound from the certificates\n",
               rewritten.log().size(), seeds, seeds == 1 ? "" : "s");
    fmt::print("  {:<12} {:<4} {:>12} {:>12} {:>12}  {}\n", "output", "prec", "max abs",
               "max rel", "bound", "");
    for (const OutputCheck& oc : checks)
      fmt::print("  {:<12} {:<4} {:>12.3e} {:>12.3e} {:>12.3e}  {}\n", oc.name, oc.precision,
                 oc.max_abs, oc.max_rel, oc.bound, oc.ok ? "ok" : "EXCEEDED");
    fmt::print("each rewrite on its own, on the original model's activations (f64): {} of {} "
               "within their bounds, largest difference / bound {:.3g}\n",
               std::count_if(locals.begin(), locals.end(), [](const LocalCheck& l) { return l.ok; }),
               locals.size(), worst_ratio);
    for (const LocalCheck& lc : locals)
      if (!lc.ok)
        fmt::print("  EXCEEDED {} at {}: {:.3e} > {:.3e}\n", lc.rule, lc.root, lc.max_abs, lc.bound);
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
          fmt::print("  {:<12} max abs {:>12.3e}  {}\n", oa.name, oa.max_abs,
                     oa.max_abs <= peer.tolerance ? "ok" : "EXCEEDED");
      }
    }
    if (native) print_native(nc, native_error);
    fmt::print("{}\n", !bounds_ok ? "FAILED: a value moved farther than its certified bound"
                       : !peer.ok ? "FAILED: ONNX Runtime and the interpreter disagree"
                       : native && !nc ? "FAILED: the native code could not be checked"
                       : !ok      ? "FAILED: the native code and the interpreter disagree"
                       : native   ? "ok: every output and every rewrite within its certified bound, "
                                    "the native code within its bound of the interpreter"
                                  : "ok: every output and every rewrite within its certified bound");
  }
  return ok ? kExitOk : kExitFailure;
}

std::vector<OptionSpec> options() {
  std::vector<OptionSpec> o = {{"seeds", 0, "N", "number of seeded input sets (default 1)"}};
  for (auto& x : rewrite_options()) o.push_back(x);
  o.push_back({"against", 0, "onnxruntime",
               "also run ONNX Runtime (opt all, 1 thread) on the same inputs and compare its "
               "outputs with the original model's in f64"});
  o.push_back(
      {"tolerance", 0, "X", "with --against: largest absolute difference allowed (default 1e-4)"});
  o.push_back({"no-native", 0, "", "do not build and check the native code"});
  o.push_back({"native-only", 0, "",
               "check only the native code (not the rewritten graph against its certified "
               "bound, which takes minutes on deep models)"});
  o.push_back(native_threads_option());
  o.push_back({"native-tolerance", 0, "X",
               "largest |native - original in f64| over the largest |output| of the whole "
               "model (default 1e-4)"});
  o.push_back({"json", 0, "", "print the results as JSON"});
  o.push_back(help_option());
  return o;
}

}  // namespace

const Command kCheckCommand{
    "check",
    "compare the original and the rewritten model against the certified bound",
    "MODEL [options]",
    "Compiles MODEL like 'vfuse compile' (in memory; the same options), then runs the\n"
    "original and the rewritten graph in the interpreter on inputs generated from seeds\n"
    "0..N-1, in float64 and in float32, and prints per output the largest absolute and\n"
    "relative difference and the bound: the drift reading of the semantics carries each\n"
    "folded constant's certified error and every operation's rounding through both runs\n"
    "(docs/certificates.md). Exit status 0 when every output is within its bound, 1 when\n"
    "one is not (or the model cannot be compiled), 2 on a bad command line.\n"
    "With --against onnxruntime, ONNX Runtime also runs the original model (an .onnx file\n"
    "as it is, any other model exported with its seeded weights) on each seed's inputs;\n"
    "every output must be within --tolerance of the f64 interpreter's. When ONNX Runtime\n"
    "is not installed (`make onnxruntime`) that comparison is skipped with a message.\n"
    "Unless --no-native, the rewritten model is also built as native code (a C++ compiler\n"
    "is needed) and checked against the interpreter twice: every operation alone on the\n"
    "f32 interpreter's inputs (conv2d and dense within the kernels' reassociation bound of\n"
    "the f64 interpreter, docs/codegen.md, everything else bit-identical to f32), and the\n"
    "whole model against the original in f64 within --native-tolerance of each output's\n"
    "largest value. A model the emitter or the compiler rejects fails the check.",
    options(),
    check};

}  // namespace vf::cli
