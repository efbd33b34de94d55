#include "pipeline/bench.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <utility>

#include "codegen/native.h"
#include "interp/weights.h"
#include "ir/stats.h"
#include "pipeline/check.h"

namespace vf::pipeline {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/// Weights without data get their seeded values (all drawn from the unmodified graph, as
/// `vfuse export` does), bound as constants so that the exported model carries them;
/// data inputs are generated as `vfuse run` does.
RunOptions bind_seeded_inputs(Graph& g, uint64_t seed) {
  std::vector<std::pair<NodeId, Tensor>> weights;
  for (NodeId id : g.inputs())
    if (g.node(id).weight) weights.emplace_back(id, generate_input(g, id, seed));
  for (auto& [id, t] : weights) g.bind_input(id, std::move(t));
  RunOptions ro;
  ro.seed = seed;
  for (NodeId id : g.data_inputs()) ro.inputs.emplace(g.node(id).name, generate_input(g, id, seed));
  return ro;
}

Result<double> time_interpreter(const CertifiedGraph& cg, const RunOptions& ro,
                                const BenchSettings& s, Result<std::vector<Tensor>>& ours) {
  std::vector<double> times;
  for (int i = 0; i < s.warmup + s.repeat; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    ours = run_graph(cg, ro);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (!ours) return ours.error();
    if (i >= s.warmup) times.push_back(ms);
  }
  return median(times);
}

Result<NativeBench> bench_native(const CertifiedGraph& ncg, int64_t rewrites, const RunOptions& ro,
                                 const std::vector<Tensor>& ours, const BenchSettings& s) {
  NativeBench b;
  b.rewrites = rewrites;
  b.flops = static_cast<double>(graph_flops(ncg.graph()));
  codegen::NativeOptions no;
  no.threads = s.threads;
  auto m = codegen::NativeModel::build(ncg, no);
  if (!m) return Error{fmt::format("native code: {}", m.error().message)};
  b.compile_ms = m->compile_ms();
  b.arena = m->arena_elements() * 4;
  b.plan = m->plan_elements() * 4;
  b.activations = m->activation_elements() * 4;
  auto outs = m->run(ro.inputs);
  if (!outs) return outs.error();
  for (size_t k = 0; k < outs->size(); ++k)
    b.max_abs = std::max(b.max_abs, max_abs_difference((*outs)[k], ours[k]));
  std::vector<const float*> in_ptrs;
  for (const std::string& name : m->input_names())
    in_ptrs.push_back(ro.inputs.at(name).view<float>().data());
  std::vector<float*> out_ptrs;
  for (Tensor& t : *outs) out_ptrs.push_back(t.view_mut<float>().data());
  std::vector<double> nt;
  const int n_runs = s.repeat * 10;  // native runs are cheap: more of them, steadier median
  for (int i = 0; i < s.warmup * 10 + n_runs; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    m->run_raw(in_ptrs.data(), out_ptrs.data());
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (i >= s.warmup * 10) nt.push_back(ms);
  }
  b.ms = median(nt);
  return b;
}

PeerBench bench_onnxruntime(const std::string& model, const Graph& g,
                            const std::vector<Tensor>& ours, const RunOptions& ro,
                            const BenchSettings& s, const TempDir& scratch) {
  PeerBench pb;
  if (auto loc = find_onnxruntime(); !loc) {
    pb.note = loc.error().message;
  } else if (auto file = onnx_file_for(model, g, scratch.path()); !file) {
    pb.note = fmt::format("export failed: {}", file.error().message);
  } else if (auto r = run_onnxruntime(*file, ro.inputs, {s.threads, "all", s.warmup, s.repeat});
             !r) {
    pb.note = r.error().message;
  } else {
    pb.peer = std::move(*r);
    if (auto a = compare_with_peer(g, ours, *pb.peer); a)
      pb.agreement = std::move(*a);
    else
      pb.note = fmt::format("outputs not compared: {}", a.error().message);
  }
  for (const OutputAgreement& a : pb.agreement) pb.max_abs = std::max(pb.max_abs, a.max_abs);
  return pb;
}

}  // namespace vf::pipeline
