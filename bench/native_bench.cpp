// Latency of vfuse's native engine on one model: import, bind the weights (seed 0),
// compile with the rule library (the certified rewrites) unless --no-rewrite, emit, build
// the shared object (cached), then time vf_run.
//
// build: part of the CMake build (target vf_native_bench, next to vf_codegen)
// usage: vf_native_bench MODEL [--shape NAME=AxBxC] [--runs N] [--threads T] [--no-rewrite]
//        [--per-op] [--roofline GFLOPS,GBS]
// MODEL: Relay text, ONNX, or vfuse IR (.vfg, e.g. a quantized graph: int8 / uint8 / int32
// inputs and outputs are passed with their own element size; the per-op bytes count them so).
// prints: one line per model: median / min latency in ms over N runs (after 3 warm-up
// runs), GFLOP/s from the graph's FLOPs (ir/stats.h, as `vfuse info`), the arena, the
// compile time. --per-op: also the median time of every instruction group (rebuilds with
// a timing hook; not the figure to report). --roofline GFLOPS,GBS (implies --per-op): per
// operator class, the time its instructions would take at the machine's peak FP32 rate
// GFLOPS (bench/fma_peak.cpp) or at its memory bandwidth GBS (bench/stream.cpp), whichever
// bounds each instruction, as a percentage of the time they took (100 % = on the roofline;
// bytes: every input and the output read or written once).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "codegen/native.h"
#include "frontend/onnx_import.h"
#include "frontend/relay_import.h"
#include "interp/weights.h"
#include "ir/shape_inference.h"
#include "ir/stats.h"
#include "ir/text_parser.h"
#include "rewrite/driver.h"
#include "rewrite/rule_library.h"

using namespace vf;

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: vf_native_bench MODEL [--shape NAME=AxBxC] [--runs N] [--threads T] "
               "[--no-rewrite] [--per-op] [--roofline GFLOPS,GBS]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string path = argv[1];
  int runs = 50, threads = 1;
  bool rewrite = true, per_op = false;
  double peak_gflops = 0, bandwidth_gbs = 0;
  OnnxImportOptions io;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc)
      runs = std::atoi(argv[++i]);
    else if (a == "--threads" && i + 1 < argc)
      threads = std::atoi(argv[++i]);
    else if (a == "--no-rewrite")
      rewrite = false;
    else if (a == "--per-op")
      per_op = true;
    else if (a == "--roofline" && i + 1 < argc) {
      per_op = true;
      if (std::sscanf(argv[++i], "%lf,%lf", &peak_gflops, &bandwidth_gbs) != 2 ||
          !(peak_gflops > 0) || !(bandwidth_gbs > 0))
        return usage();
    } else if (a == "--shape" && i + 1 < argc) {
      const std::string s = argv[++i];
      const size_t eq = s.find('=');
      if (eq == std::string::npos) return usage();
      Shape shape;
      for (size_t p = eq + 1; p < s.size();) {
        size_t x = s.find('x', p);
        if (x == std::string::npos) x = s.size();
        shape.push_back(std::atoll(s.substr(p, x - p).c_str()));
        p = x + 1;
      }
      io.input_shapes[s.substr(0, eq)] = shape;
    } else
      return usage();
  }
  DiagnosticSink diags;
  std::optional<Graph> g;
  if (path.ends_with(".vfg")) {
    auto src = SourceFile::load(path);
    if (!src) return std::fprintf(stderr, "%s\n", src.error().message.c_str()), 1;
    ParseOptions po;
    if (path.size() > 4) po.weights_path = path.substr(0, path.size() - 4) + ".weights";
    g = parse_graph(*src, diags, po);
  } else {
    g = path.ends_with(".onnx") ? import_onnx_file(path, io, diags)
                                : import_relay_file(path, diags);
  }
  if (!g) {
    diags.print(stderr);
    return 1;
  }
  if (!infer_types(*g)) return std::fprintf(stderr, "type error\n"), 1;
  for (NodeId id : std::vector<NodeId>(g->inputs()))
    if (g->node(id).weight) g->bind_input(id, generate_input(*g, id, 0));
  const double gflop = static_cast<double>(graph_flops(*g)) * 1e-9;

  std::optional<CertifiedGraph> cg;
  if (rewrite) {
    const char* src = std::getenv("VFUSE_SOURCE_DIR");
    const std::string root = src ? src : ".";
    auto lib = rewrite::load_rule_library(root + "/rules", root + "/proofs", {}, diags);
    if (!lib) {
      diags.print(stderr);
      return std::fprintf(stderr, "%s\n", lib.error().message.c_str()), 1;
    }
    rewrite::RewriteOptions ro;
    if (const char* h = std::getenv("HOME"))
      ro.cache_dir = std::string(h) + "/.cache/vfuse/certificates";
    auto r = rewrite::Driver::run(*g, *lib, ro);
    if (!r) return std::fprintf(stderr, "%s\n", r.error().message.c_str()), 1;
    cg.emplace(std::move(r->graph));
  } else {
    cg.emplace(CertifiedGraph::unrewritten(*g));
  }

  codegen::NativeOptions no;
  no.threads = threads;
  auto m = codegen::NativeModel::build(*cg, no);
  if (!m) return std::fprintf(stderr, "%s\n", m.error().message.c_str()), 1;

  // Inputs and outputs of their own types (float32, or the integers of a quantized graph),
  // each in whole floats so that the ABI's float pointers are aligned.
  std::vector<std::vector<float>> in, out;
  std::vector<const float*> ip;
  std::vector<float*> op;
  for (size_t k = 0; k < m->input_shapes().size(); ++k) {
    const Graph& gg = cg->graph();
    const Tensor t = generate_input(gg, gg.find(m->input_names()[k]), 0);
    in.emplace_back((t.bytes().size() + 3) / 4);
    std::memcpy(in.back().data(), t.bytes().data(), t.bytes().size());
    ip.push_back(in.back().data());
  }
  for (size_t k = 0; k < m->output_shapes().size(); ++k) {
    const size_t bytes = static_cast<size_t>(num_elements(m->output_shapes()[k])) *
                         dtype_size(m->output_dtypes()[k]);
    out.emplace_back((bytes + 3) / 4);
    op.push_back(out.back().data());
  }
  for (int i = 0; i < 3; ++i) m->run_raw(ip.data(), op.data());
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    m->run_raw(ip.data(), op.data());
    ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  const double med = ms[ms.size() / 2];
  fmt::print(
      "{} ({}): median {:.3f} ms, min {:.3f} ms over {} runs, {} thread(s); {:.3f} GFLOP -> "
      "{:.1f} GFLOP/s; arena {:.2f} MiB (plan {:.2f} MiB, all activations {:.2f} MiB); emit "
      "{:.0f} ms, compile {:.0f} ms{}\n",
      path, rewrite ? "compiled" : "unrewritten", med, ms.front(), runs, threads, gflop,
      gflop / med * 1e3, m->arena_elements() * 4.0 / (1 << 20),
      m->plan_elements() * 4.0 / (1 << 20), m->activation_elements() * 4.0 / (1 << 20),
      m->emit_ms(), m->compile_ms(), m->compile_ms() == 0 ? " (cached)" : "");
  if (per_op) {
    // A second build with a timer after every instruction: the median per instruction
    // over the runs (the sum of medians is close to, not equal to, the median above).
    no.profile = true;
    auto mp = codegen::NativeModel::build(*cg, no);
    if (!mp) return std::fprintf(stderr, "%s\n", mp.error().message.c_str()), 1;
    for (int i = 0; i < 3; ++i) mp->run_raw(ip.data(), op.data());
    std::vector<std::vector<double>> per;
    std::vector<std::string> labels;
    for (int i = 0; i < runs; ++i) {
      mp->reset_profile();
      mp->run_raw(ip.data(), op.data());
      const auto p = mp->profile();
      if (per.empty()) per.resize(p.size());
      for (size_t k = 0; k < p.size(); ++k) per[k].push_back(p[k].second);
      if (labels.empty())
        for (const auto& [l, t] : p) labels.push_back(l);
    }
    struct Roof {
      double ms = 0, ideal_ms = 0;
      int count = 0, compute_bound = 0;
    };
    std::map<std::string, Roof> roofs;
    double total = 0;
    std::vector<double> med(per.size());
    for (size_t k = 0; k < per.size(); ++k) {
      std::sort(per[k].begin(), per[k].end());
      med[k] = per[k][per[k].size() / 2];
      total += med[k];
    }
    fmt::print("per instruction (median ms of {} runs; sum {:.3f} ms):\n", runs, total);
    for (size_t k = 0; k < per.size(); ++k) {
      // The label is "op node ...": the node's FLOPs as `vfuse info` counts them.
      const std::string node =
          labels[k].substr(labels[k].find(' ') + 1,
                           labels[k].find(' ', labels[k].find(' ') + 1) - labels[k].find(' ') - 1);
      const NodeId id = cg->graph().find(node);
      const double f =
          id.valid() ? static_cast<double>(node_flops(cg->graph(), cg->graph().node(id))) : 0;
      double bytes = 0;
      if (id.valid()) {
        const Node& nd = cg->graph().node(id);
        auto size = [](const TensorType& t) {
          return static_cast<double>(num_elements(t.shape)) *
                 static_cast<double>(dtype_size(t.dtype));
        };
        bytes = size(nd.type);
        for (NodeId in : nd.inputs) bytes += size(cg->graph().node(in).type);
      }
      fmt::print("  {:7.3f} ms {:5.1f}% {:7.1f} GFLOP/s {:6.1f} GB/s  {}\n", med[k],
                 100 * med[k] / total, f > 0 ? f * 1e-6 / med[k] : 0.0, bytes * 1e-6 / med[k],
                 labels[k]);
      if (peak_gflops > 0) {
        const std::string op = labels[k].substr(0, labels[k].find(' '));
        Roof& r = roofs[op];
        r.ms += med[k];
        r.ideal_ms += std::max(f / (peak_gflops * 1e6), bytes / (bandwidth_gbs * 1e6));
        r.count += 1;
        r.compute_bound += f / (peak_gflops * 1e6) >= bytes / (bandwidth_gbs * 1e6);
      }
    }
    if (peak_gflops > 0) {
      fmt::print(
          "roofline per operator class (peak {:.0f} GFLOP/s, bandwidth {:.1f} GB/s, "
          "{} thread(s)):\n",
          peak_gflops, bandwidth_gbs, threads);
      for (const auto& [op, r] : roofs)
        fmt::print("  {:24} {:3} instr ({:3} compute-bound) {:8.3f} ms  {:5.1f}% of roofline\n", op,
                   r.count, r.compute_bound, r.ms, 100 * r.ideal_ms / r.ms);
    }
  }
  return 0;
}
