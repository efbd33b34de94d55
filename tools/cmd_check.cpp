// vfuse check: the original and the rewritten graph in the interpreter, side by side, on
// seeded inputs, each output's difference against the bound derived from the
// certificates (the drift reading of the semantics, interp/drift.h).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "cmd_common.h"
#include "commands.h"
#include "compile_model.h"
#include "interp/drift.h"
#include "support/json.h"

namespace vf::cli {
namespace {

constexpr const char* kCmd = "check";

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

int check(const ParsedArgs& args) {
  uint64_t seeds = 1;
  if (auto s = args.get("seeds")) {
    auto v = parse_uint("--seeds", *s);
    if (!v || *v == 0 || *v > 1000)
      return print_error(kCmd, "--seeds needs a number in 1..1000"), kExitUsage;
    seeds = *v;
  }
  int code = kExitOk;
  auto c = compile_model(kCmd, args, !args.has("json"), code);
  if (!c) return code;
  const CertifiedGraph original = CertifiedGraph::unrewritten(c->original);
  const CertifiedGraph& rewritten = c->result->graph;
  const Graph& g = original.graph();
  std::vector<OutputCheck> checks;
  for (Precision p : {Precision::F64, Precision::F32}) {
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
    j.end_array().key("ok").value(ok).end_object();
    fmt::print("{}\n", j.str());
  } else {
    fmt::print("{} rewrites, {} seed{}: original vs rewritten, bound from the certificates\n",
               rewritten.log().size(), seeds, seeds == 1 ? "" : "s");
    fmt::print("  {:<12} {:<4} {:>12} {:>12} {:>12}  {}\n", "output", "prec", "max abs",
               "max rel", "bound", "");
    for (const OutputCheck& oc : checks)
      fmt::print("  {:<12} {:<4} {:>12.3e} {:>12.3e} {:>12.3e}  {}\n", oc.name, oc.precision,
                 oc.max_abs, oc.max_rel, oc.bound, oc.ok ? "ok" : "EXCEEDED");
    fmt::print("{}\n", ok ? "ok: every output within its certified bound"
                          : "FAILED: an output moved farther than its certified bound");
  }
  return ok ? kExitOk : kExitFailure;
}

std::vector<OptionSpec> options() {
  std::vector<OptionSpec> o = {{"seeds", 0, "N", "number of seeded input sets (default 1)"}};
  for (auto& x : rewrite_options()) o.push_back(x);
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
    "one is not (or the model cannot be compiled), 2 on a bad command line.",
    options(),
    check};

}  // namespace vf::cli
