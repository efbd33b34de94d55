#include "pipeline/check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include "check/report_svg.h"
#include "interp/drift.h"
#include "interp/index_inputs.h"
#include "interp/interpreter.h"
#include "interp/weights.h"
#include "ir/npy.h"

namespace vf::pipeline {

double max_abs_difference(const Tensor& a, const Tensor& b) {
  double m = 0;
  for (int64_t i = 0; i < a.size(); ++i) {
    const double x = a.get(i), y = b.get(i);
    if (std::isnan(x) && std::isnan(y)) continue;
    const double d = std::fabs(x - y);
    m = std::max(m, std::isnan(d) ? std::numeric_limits<double>::infinity() : d);
  }
  return m;
}

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
      if (!it->second->exact) lc.errors[n.name] = it->second->error;
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
                                 verify::attrs_with_values(inst, ig.id(i), c.float_values), n.type);
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
        if (!id.valid())
          return Error{fmt::format("'{}' is not a node of the original model", node)};
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

/// --per-rewrite: the drift reading of the original and the rewritten graph, in f64 and
/// f32, per output (a bound that is not finite does not gate: it says nothing).
Result<std::vector<OutputCheck>> drift_outputs(
    const CertifiedGraph& original, const CertifiedGraph& rewritten,
    const std::vector<std::map<std::string, Tensor>>& sets) {
  std::vector<OutputCheck> checks;
  const Graph& g = original.graph();
  for (Precision p : {Precision::F64, Precision::F32}) {
    for (NodeId o : g.outputs())
      checks.push_back({g.node(o).name, p == Precision::F64 ? "f64" : "f32"});
    const size_t base = checks.size() - g.outputs().size();
    for (size_t run = 0; run < sets.size(); ++run) {
      RunOptions ro;
      ro.precision = p;
      ro.seed = run;
      ro.inputs = sets[run];
      auto a = run_with_drift(original, ro);
      if (!a) return a.error();
      auto b = run_with_drift(rewritten, ro);
      if (!b) return b.error();
      for (size_t k = 0; k < a->size(); ++k) {
        OutputCheck& oc = checks[base + k];
        const Tensor &va = (*a)[k].value, &vb = (*b)[k].value;
        const Tensor &ba = (*a)[k].bound, &bb = (*b)[k].bound;
        for (int64_t i = 0; i < va.size(); ++i) {
          const double d = std::fabs(vb.get(i) - va.get(i));
          const double bound = ba.get(i) + bb.get(i);  // both runs against the exact value
          oc.max_abs = std::max(oc.max_abs, d);
          oc.bound = std::max(oc.bound, bound);
          if (!(d <= bound)) oc.ok = false;
        }
      }
    }
  }
  return checks;
}

void run_peer_check(const std::string& model, const Graph& original,
                    const std::vector<std::map<std::string, Tensor>>& sets, PeerCheck& pc) {
  if (auto loc = find_onnxruntime(); !loc) {
    pc.skipped = loc.error().message;
    return;
  }
  auto fail = [&](std::string why) {
    pc.error = std::move(why);
    pc.ok = false;
  };
  TempDir scratch("check");
  if (!scratch.ok()) return fail("cannot create a temporary folder");
  auto file = onnx_file_for(model, original, scratch.path());
  if (!file) return fail(fmt::format("export failed: {}", file.error().message));
  const CertifiedGraph cg = CertifiedGraph::unrewritten(original);
  for (size_t run = 0; run < sets.size(); ++run) {
    std::map<std::string, Tensor> inputs = sets[run];
    for (NodeId id : original.data_inputs())
      inputs.emplace(original.node(id).name, generate_input(original, id, run));
    RunOptions f64;
    f64.precision = Precision::F64;
    f64.inputs = inputs;
    auto reference = run_graph(cg, f64);
    if (!reference) return fail(reference.error().message);
    auto peer = run_onnxruntime(*file, inputs, {1, "all", 0, 1});
    if (!peer) return fail(peer.error().message);
    pc.version = peer->version;
    auto a = compare_with_peer(original, *reference, *peer);
    if (!a) return fail(a.error().message);
    if (pc.outputs.empty()) pc.outputs = *a;
    for (size_t k = 0; k < a->size(); ++k)
      pc.outputs[k].max_abs = std::max(pc.outputs[k].max_abs, (*a)[k].max_abs);
  }
  for (const OutputAgreement& oa : pc.outputs) pc.ok = pc.ok && oa.max_abs <= pc.tolerance;
}

/// --inputs DIR: one input set of DIR's .npy files (one per data input of `g`, named as
/// `vfuse run --save-inputs` writes them), or, when DIR has none, one per subfolder in
/// name order.
Result<std::vector<std::map<std::string, Tensor>>> read_input_sets(const Graph& g,
                                                                   const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return Error{fmt::format("--inputs '{}' is not a directory", dir)};
  auto read_set = [&](const fs::path& d) -> Result<std::map<std::string, Tensor>> {
    std::map<std::string, Tensor> set;
    for (NodeId id : g.data_inputs()) {
      const Node& n = g.node(id);
      const fs::path f = d / npy_file_name(n.name);
      if (!fs::exists(f, ec))
        return Error{fmt::format("missing input '{}': no file {}", n.name, f.string())};
      auto t = read_npy(f.string());
      if (!t) return t.error();
      if (t->type() != n.type)
        return Error{fmt::format("{}: {} {}, the model's input '{}' is {} {}", f.string(),
                                 dtype_name(t->dtype()), shape_string(t->shape()), n.name,
                                 dtype_name(n.type.dtype), shape_string(n.type.shape))};
      set.emplace(n.name, std::move(*t));
    }
    if (auto r = check_index_inputs(g, set); !r) return r.error();
    return set;
  };
  bool has_npy = false;
  std::vector<fs::path> subdirs;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.is_regular_file(ec) && e.path().extension() == ".npy") has_npy = true;
    if (e.is_directory(ec)) subdirs.push_back(e.path());
  }
  std::vector<std::map<std::string, Tensor>> sets;
  if (has_npy || subdirs.empty()) {
    auto s = read_set(dir);
    if (!s) return s.error();
    sets.push_back(std::move(*s));
    return sets;
  }
  std::sort(subdirs.begin(), subdirs.end());
  for (const fs::path& d : subdirs) {
    auto s = read_set(d);
    if (!s) return s.error();
    sets.push_back(std::move(*s));
  }
  return sets;
}

/// --mutate KIND=NODE: a deliberate change to the compiled model (not to the original, not
/// to the certificates), to show that the check catches it and where. KIND: `weight`
/// scales node NODE's weight (input 1) by 1 + REL (`weight:REL`, default 1e-3); `weight-element` only its element of
/// largest magnitude; `swap-bias` exchanges the bias (input 2) of its first two channels
/// whose biases differ. The weight or bias must be a constant.
Result<void> mutate(Graph& g, const std::string& spec) {
  const size_t eq = spec.find('=');
  if (eq == std::string::npos)
    return Error{fmt::format("--mutate needs KIND=NODE, got '{}'", spec)};
  std::string kind = spec.substr(0, eq);
  const std::string node = spec.substr(eq + 1);
  double rel = 1e-3;  // weight[:REL], weight-element[:REL]: the relative change
  if (const size_t colon = kind.find(':'); colon != std::string::npos) {
    char* end = nullptr;
    const std::string r = kind.substr(colon + 1);
    rel = std::strtod(r.c_str(), &end);
    kind = kind.substr(0, colon);
    if (r.empty() || *end != '\0' || !std::isfinite(rel) || rel == 0 || kind == "swap-bias")
      return Error{fmt::format("--mutate: '{}' needs weight:REL or weight-element:REL with a "
                               "nonzero relative change REL",
                               spec)};
  }
  if (kind != "weight" && kind != "weight-element" && kind != "swap-bias")
    return Error{
        fmt::format("--mutate: KIND must be weight, weight-element or swap-bias, got '{}'", kind)};
  const NodeId id = g.find(node);
  if (!id.valid()) return Error{fmt::format("--mutate: no node '{}' in the compiled model", node)};
  const size_t input = kind == "swap-bias" ? 2 : 1;
  const Node& n = g.node(id);
  if (n.inputs.size() <= input || g.node(n.inputs[input]).op != OpKind::Constant ||
      g.node(n.inputs[input]).data->dtype() != DType::F32)
    return Error{fmt::format("--mutate: node '{}' has no float32 constant {} (input {})", node,
                             input == 1 ? "weight" : "bias", input)};
  Node& c = g.node_mut(n.inputs[input]);
  Tensor t = *c.data;
  auto v = t.view_mut<float>();
  if (kind == "weight") {
    for (float& x : v) x = static_cast<float>(x * (1 + rel));
  } else if (kind == "weight-element") {
    size_t k = 0;
    for (size_t i = 0; i < v.size(); ++i)
      if (std::fabs(v[i]) > std::fabs(v[k])) k = i;
    v[k] = static_cast<float>(v[k] * (1 + rel));
  } else {
    size_t k = 1;
    while (k < v.size() && v[k] == v[0]) ++k;
    if (k == v.size())
      return Error{fmt::format("--mutate: the biases of '{}' are all equal", node)};
    std::swap(v[0], v[k]);
  }
  c.data = std::make_shared<const Tensor>(std::move(t));
  return {};
}

Result<void> run_per_rewrite(const Graph& original, const CertifiedGraph& rewritten,
                             const std::vector<std::map<std::string, Tensor>>& sets,
                             PerRewrite& pr) {
  for (size_t run = 0; run < sets.size(); ++run)
    if (auto r = run_locals(original, run, pr.locals); !r) return r.error();
  auto d = drift_outputs(CertifiedGraph::unrewritten(original), rewritten, sets);
  if (!d) return d.error();
  pr.drift = std::move(*d);
  for (const LocalCheck& lc : pr.locals) {
    pr.ok = pr.ok && lc.ok;
    if (lc.bound > 0) pr.worst_ratio = std::max(pr.worst_ratio, lc.max_abs / lc.bound);
  }
  for (const OutputCheck& oc : pr.drift) pr.ok = pr.ok && oc.ok;
  return {};
}

/// The picture of --report, written whole or not at all.
Result<void> write_report(const std::string& path, const check::NumericCheck& nc,
                          const std::string& model) {
  const std::string text = std::filesystem::path(path).extension() == ".svg"
                               ? check::report_svg(nc, model)
                               : check::report_html(nc, model);
  const std::string tmp = path + ".tmp";
  std::ofstream f(tmp, std::ios::binary);
  f << text;
  f.close();
  std::error_code ec;
  if (!f || (std::filesystem::rename(tmp, path, ec), ec)) {
    std::filesystem::remove(tmp, ec);
    return Error{fmt::format("cannot write '{}'", path)};
  }
  return {};
}

}  // namespace vf::pipeline
