#include "pipeline/session.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <mutex>

#include "codegen/native.h"
#include "interp/interpreter.h"
#include "pipeline/compile.h"
#include "pipeline/lowering.h"
#include "target/run.h"

namespace vf {

struct Session::State {
  CertifiedGraph graph;
  SessionOptions opts;
  std::vector<TensorInfo> inputs, outputs;
  /// Native models not running now; `pool_mutex` guards it, `build_mutex` serialises
  /// builds (NativeModel::build sets the environment and writes the cache).
  std::mutex pool_mutex, build_mutex;
  std::vector<std::unique_ptr<codegen::NativeModel>> idle;
  /// Engine::Target: the target and the graph lowered for it.
  std::optional<target::Target> target;
  std::optional<CertifiedGraph> lowered;
  size_t lowerings = 0;

  State(CertifiedGraph g, SessionOptions o) : graph(std::move(g)), opts(o) {}

  Result<std::unique_ptr<codegen::NativeModel>> build() {
    std::lock_guard<std::mutex> lock(build_mutex);
    codegen::NativeOptions o;
    o.threads = opts.threads;
    auto m = codegen::NativeModel::build(graph, o);
    if (!m) return Error{fmt::format("native code: {}", m.error().message)};
    return std::make_unique<codegen::NativeModel>(std::move(*m));
  }
  std::unique_ptr<codegen::NativeModel> take() {
    std::lock_guard<std::mutex> lock(pool_mutex);
    if (idle.empty()) return nullptr;
    auto m = std::move(idle.back());
    idle.pop_back();
    return m;
  }
  void give_back(std::unique_ptr<codegen::NativeModel> m) {
    std::lock_guard<std::mutex> lock(pool_mutex);
    idle.push_back(std::move(m));
  }
  /// Engine::Target: parses the target and lowers the graph for it (its outputs are float32,
  /// as the target's model computes).
  Result<void> lower() {
    auto t = target::parse_target(opts.target);
    if (!t) return t.error();
    DiagnosticSink diags;
    auto low = pipeline::lower_for_target(graph, *t, pipeline::data_dir(opts.rules_dir),
                                          pipeline::data_dir(opts.proofs_dir), diags);
    if (!low || diags.has_errors())
      return Error{fmt::format("lowering for {}: {}{}", opts.target, diags.render(),
                               low ? "the lowering rules have errors" : low.error().message)};
    for (const auto& a : low->attempts) lowerings += a.applied;
    target = std::move(*t);
    lowered = std::move(low->graph);
    for (TensorInfo& o : outputs)
      if (!is_integer(o.dtype)) o.dtype = DType::F32;
    return {};
  }
};

Result<Session> Session::open(const CertifiedGraph& g, const SessionOptions& opts) {
  if (opts.threads < 1 || opts.threads > 256)
    return Error{fmt::format("threads must be in 1..256, got {}", opts.threads)};
  auto s = std::make_shared<State>(g, opts);
  const Graph& graph = s->graph.graph();
  for (NodeId id : s->graph.graph().data_inputs()) {
    const Node& n = graph.node(id);
    s->inputs.push_back({n.name, n.type.shape, n.type.dtype});
  }
  for (NodeId id : graph.outputs()) {
    const Node& n = graph.node(id);
    s->outputs.push_back({n.name, n.type.shape, n.type.dtype});
  }
  if (opts.engine == Engine::Target) {
    if (auto r = s->lower(); !r) return r.error();
  } else if (opts.engine == Engine::Native) {
    auto m = s->build();
    if (!m) return m.error();
    // The native engine's own order of inputs is the graph's; say so if it ever is not.
    for (size_t k = 0; k < s->inputs.size(); ++k)
      if ((*m)->input_names().size() != s->inputs.size() ||
          (*m)->input_names()[k] != s->inputs[k].name)
        return Error{"native code: its inputs are not the graph's data inputs"};
    for (size_t k = 0; k < s->outputs.size(); ++k) s->outputs[k].dtype = (*m)->output_dtypes()[k];
    s->give_back(std::move(*m));
  } else {
    // The interpreter in f32 returns float32 for float outputs.
    for (TensorInfo& t : s->outputs)
      if (!is_integer(t.dtype)) t.dtype = DType::F32;
  }
  return Session(std::move(s));
}

const std::vector<TensorInfo>& Session::inputs() const { return s_->inputs; }
const std::vector<TensorInfo>& Session::outputs() const { return s_->outputs; }
const SessionOptions& Session::options() const { return s_->opts; }
const CertifiedGraph& Session::graph() const { return s_->graph; }
size_t Session::lowerings() const { return s_->lowerings; }

Result<std::vector<Tensor>> Session::run(const std::map<std::string, Tensor>& inputs) const {
  std::vector<const void*> in;
  for (const TensorInfo& i : s_->inputs) {
    auto it = inputs.find(i.name);
    if (it == inputs.end()) return Error{fmt::format("missing input '{}'", i.name)};
    const Tensor& t = it->second;
    if (t.dtype() != i.dtype)
      return Error{fmt::format("input '{}' is {}, the model expects {}", i.name,
                               dtype_name(t.dtype()), dtype_name(i.dtype))};
    if (t.shape() != i.shape)
      return Error{fmt::format("input '{}' has shape {}, the model expects {}", i.name,
                               shape_string(t.shape()), shape_string(i.shape))};
    in.push_back(t.bytes().data());
  }
  for (const auto& [name, t] : inputs)
    if (std::none_of(s_->inputs.begin(), s_->inputs.end(),
                     [&](const TensorInfo& i) { return i.name == name; }))
      return Error{fmt::format("'{}' is not an input of the model", name)};
  std::vector<Tensor> outs;
  std::vector<void*> out;
  outs.reserve(s_->outputs.size());
  for (const TensorInfo& o : s_->outputs) outs.emplace_back(TensorType{o.dtype, o.shape});
  for (Tensor& t : outs) out.push_back(t.bytes_mut().data());
  if (auto r = run_raw(in.data(), out.data()); !r) return r.error();
  return outs;
}

Result<void> Session::run_raw(const void* const* inputs, void* const* outputs) const {
  if (s_->opts.engine == Engine::Native) {
    auto m = s_->take();
    if (!m) {
      auto b = s_->build();
      if (!b) return b.error();
      m = std::move(*b);
    }
    m->run_raw(reinterpret_cast<const float* const*>(inputs),
               reinterpret_cast<float* const*>(outputs));
    s_->give_back(std::move(m));
    return {};
  }
  RunOptions ro;
  ro.precision = Precision::F32;
  for (size_t k = 0; k < s_->inputs.size(); ++k) {
    const TensorInfo& i = s_->inputs[k];
    Tensor t(TensorType{i.dtype, i.shape});
    std::memcpy(t.bytes_mut().data(), inputs[k], t.bytes().size());
    ro.inputs.emplace(i.name, std::move(t));
  }
  Result<std::vector<Tensor>> outs = Error{};
  if (s_->opts.engine == Engine::Target) {
    auto run = target::run_on_target(*s_->lowered, *s_->target, ro);
    if (!run) return run.error();
    for (const target::ArrayLayerCheck& l : run->layers)
      if (!(l.worst_ratio <= 1))
        return Error{fmt::format(
            "{} layer '{}' on {} is not within its bound of the interpreter: max |difference| "
            "{:.3g}, {:.3g} times the bound",
            l.device == target::Device::Array ? "array" : "vector unit", l.node,
            s_->opts.target, l.max_abs, l.worst_ratio)};
    outs = std::move(run->outputs);
  } else {
    outs = run_graph(s_->graph, ro);
  }
  if (!outs) return outs.error();
  for (size_t k = 0; k < s_->outputs.size(); ++k) {
    const Tensor& t = (*outs)[k];
    if (t.dtype() != s_->outputs[k].dtype || t.shape() != s_->outputs[k].shape)
      return Error{fmt::format("output '{}' came out {} {}, not {} {}", s_->outputs[k].name,
                               dtype_name(t.dtype()), shape_string(t.shape()),
                               dtype_name(s_->outputs[k].dtype),
                               shape_string(s_->outputs[k].shape))};
    std::memcpy(outputs[k], t.bytes().data(), t.bytes().size());
  }
  return {};
}

}  // namespace vf
