#include "pipeline/run.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>

#include "codegen/native.h"
#include "interp/index_inputs.h"
#include "interp/weights.h"
#include "ir/npy.h"
#include "pipeline/check.h"
#include "pipeline/lowering.h"

namespace vf::pipeline {
namespace {

namespace fs = std::filesystem;

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// `g` with its weights bound (given in `opts.run`, else generated from the seed) and,
/// when `opts.rewrite`, compiled with the rule library; `inputs` receives the data inputs,
/// `c` the compile.
Result<CertifiedGraph> compiled_for_run(const Graph& g, const RunModelOptions& opts,
                                        std::map<std::string, Tensor>& inputs,
                                        std::optional<CompiledModel>& c, DiagnosticSink& diags) {
  Graph bound = g;
  for (NodeId id : g.inputs()) {
    const Node& n = g.node(id);
    auto it = opts.run.inputs.find(n.name);
    Tensor t = it != opts.run.inputs.end() ? it->second : generate_input(g, id, opts.run.seed);
    if (n.weight)
      bound.bind_input(id, std::move(t));
    else
      inputs.emplace(n.name, std::move(t));
  }
  if (!opts.rewrite) return CertifiedGraph::unrewritten(bound);
  auto r = rewrite(std::move(bound), opts.compile, diags);
  if (!r) return r.error();
  c = std::move(*r);
  return c->result->graph;
}

/// The compiled model built as native code and run twice, the second run timed.
Result<RunReport> run_native(const Graph& g, const RunModelOptions& opts, DiagnosticSink& diags) {
  std::map<std::string, Tensor> inputs;
  std::optional<CompiledModel> c;
  auto cg = compiled_for_run(g, opts, inputs, c, diags);
  if (!cg) return cg.error();
  codegen::NativeOptions no;
  no.threads = opts.threads;
  auto m = codegen::NativeModel::build(*cg, no);
  if (!m) return Error{fmt::format("native code: {}", m.error().message)};
  RunReport rep;
  if (c) rep.rewrites = cg->log().size();
  rep.native = NativeBuild{m->arena_elements(), m->plan_elements(), m->activation_elements(),
                           m->compile_ms()};
  // Timed on the second run: the first one also starts the threads and touches the arena.
  auto outs = m->run(inputs);
  if (!outs) return outs.error();
  const auto t0 = std::chrono::steady_clock::now();
  outs = m->run(inputs);
  rep.ms = ms_since(t0);
  if (!outs) return outs.error();
  rep.outputs = std::move(*outs);
  return rep;
}

/// The compiled model lowered for the target and run there: the array's layers by its
/// model, each checked against the interpreter on the same operands, the outputs compared
/// with the interpreter's run of the compiled graph before lowering.
Result<RunReport> run_target(const Graph& g, const RunModelOptions& opts, DiagnosticSink& diags) {
  const target::Target& t = *opts.target;
  std::map<std::string, Tensor> inputs;
  std::optional<CompiledModel> c;
  auto cg = compiled_for_run(g, opts, inputs, c, diags);
  if (!cg) return cg.error();
  auto low = lower_for_target(*cg, t, data_dir(opts.compile.rules_dir),
                              data_dir(opts.compile.proofs_dir), diags);
  if (!low) return low.error();
  TargetReport tr;
  for (const auto& a : low->attempts) tr.lowerings += a.applied;
  RunOptions o = opts.run;
  o.precision = Precision::F32;
  o.inputs = std::move(inputs);
  const auto t0 = std::chrono::steady_clock::now();
  auto run = target::run_on_target(low->graph, t, o);
  RunReport rep;
  rep.ms = ms_since(t0);
  if (!run) return run.error();
  auto ref = run_graph(*cg, o);
  if (!ref) return ref.error();
  for (size_t i = 0; i < run->outputs.size(); ++i)
    tr.max_abs.push_back(max_abs_difference(run->outputs[i], (*ref)[i]));
  rep.rewrites = cg->log().size();
  rep.outputs = run->outputs;
  tr.run = std::move(*run);
  rep.target = std::move(tr);
  return rep;
}

}  // namespace

double checksum(const Tensor& t) {
  double s = 0;
  for (int64_t i = 0; i < t.size(); ++i) s += t.get(i);
  return s;
}

Result<RunReport> run_model(const Graph& g, const RunModelOptions& opts, DiagnosticSink& diags) {
  switch (opts.engine) {
    case RunEngine::Native:
      if (opts.threads < 1 || opts.threads > 256)
        return Error{"--threads needs a number in 1..256"};
      return run_native(g, opts, diags);
    case RunEngine::Target:
      if (!opts.target) return Error{"a target run needs a target"};
      return run_target(g, opts, diags);
    case RunEngine::Interpreter: {
      const CertifiedGraph model = CertifiedGraph::unrewritten(g);  // an imported model
      const auto t0 = std::chrono::steady_clock::now();
      auto outs = run_graph(model, opts.run);
      RunReport rep;
      rep.ms = ms_since(t0);
      if (!outs) return outs.error();
      rep.outputs = std::move(*outs);
      return rep;
    }
  }
  return Error{"unknown engine"};
}

Result<std::map<std::string, Tensor>> read_run_inputs(const std::string& dir, const Graph& g) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return Error{fmt::format("--inputs '{}' is not a directory", dir)};
  std::map<std::string, Tensor> inputs;
  for (NodeId id : g.inputs()) {
    const Node& n = g.node(id);
    const fs::path f = fs::path(dir) / npy_file_name(n.name);
    if (!fs::exists(f, ec)) {
      if (n.weight) continue;  // weights not given are generated from the seed
      return Error{fmt::format("missing input '{}': no file {}", n.name, f.string())};
    }
    auto t = read_npy(f.string());
    if (!t) return t.error();
    if (is_integer(n.type.dtype) && t->dtype() != n.type.dtype)
      return Error{fmt::format("{}: {}, the model's input '{}' is {}", f.string(),
                               dtype_name(t->dtype()), n.name, dtype_name(n.type.dtype))};
    inputs.emplace(n.name, std::move(*t));
  }
  if (auto r = check_index_inputs(g, inputs); !r) return r.error();
  return inputs;
}

Result<void> write_run_inputs(const std::string& dir, const Graph& g, const RunOptions& opts) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{fmt::format("cannot create '{}': {}", dir, ec.message())};
  for (NodeId id : g.data_inputs()) {
    const Node& n = g.node(id);
    auto it = opts.inputs.find(n.name);
    Tensor t = it != opts.inputs.end() ? it->second : generate_input(g, id, opts.seed);
    if (auto r = write_npy((fs::path(dir) / npy_file_name(n.name)).string(), t); !r) return r;
  }
  return {};
}

Result<void> write_run_outputs(const std::string& dir, const Graph& g,
                               const std::vector<Tensor>& outs) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{fmt::format("cannot create '{}': {}", dir, ec.message())};
  for (size_t i = 0; i < outs.size(); ++i) {
    const std::string f = (fs::path(dir) / npy_file_name(g.node(g.outputs()[i]).name)).string();
    if (auto r = write_npy(f, outs[i]); !r) return r;
  }
  return {};
}

}  // namespace vf::pipeline
