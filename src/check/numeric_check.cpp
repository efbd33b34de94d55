#include "check/numeric_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <future>
#include <optional>

#include "codegen/bound.h"
#include "codegen/native.h"
#include "interp/enclosure.h"
#include "interp/error_bound.h"
#include "interp/interpreter.h"
#include "interp/jacobian_bound.h"
#include "interp/memory_need.h"
#include "interp/weights.h"
#include "support/limits.h"

namespace vf::check {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

bool is_leaf(const Node& n) { return n.op == OpKind::Input || n.op == OpKind::Constant; }

bool same_bits(float a, float b) {
  uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return x == y || (std::isnan(a) && std::isnan(b));
}

/// b rounded up a little: the sum of two bounds computed in double.
double sum_up(double a, double b) {
  const double s = (a + b) * (1 + 0x1p-52);
  return std::isnan(s) ? std::numeric_limits<double>::infinity() : s;
}

/// Accumulates one run's per-element comparison of `y` against `r` with bound
/// eb[i] + rb[i] (rb may be null) into `c` (worst over runs); only the elements in `only`
/// when given.
void compare(const Tensor& y, const Tensor& r, const std::vector<double>& eb,
             const std::vector<double>* rb, Comparison& c,
             const std::vector<bool>* only = nullptr) {
  std::vector<double> ratios;
  double min_ratio = std::numeric_limits<double>::infinity();
  const std::vector<double> ys = y.to_doubles(), rs = r.to_doubles();
  for (size_t k = 0; k < ys.size(); ++k) {
    if (only && !(*only)[k]) continue;
    const double d = codegen::native_distance(ys[k], rs[k]);
    const double b = rb ? sum_up(eb[k], (*rb)[k]) : eb[k];
    c.max_abs = std::isnan(d) ? d : std::max(c.max_abs, d);
    c.bound = std::max(c.bound, b);
    if (!std::isfinite(b))
      ++c.unbounded;
    else if (!(d <= b))
      ++c.exceeded;
    if (d > 0) {
      ratios.push_back(b / d);
      min_ratio = std::min(min_ratio, b / d);
    }
  }
  if (!ratios.empty()) {
    auto mid = ratios.begin() + static_cast<std::ptrdiff_t>(ratios.size() / 2);
    std::nth_element(ratios.begin(), mid, ratios.end());
    c.median_ratio = std::max(c.median_ratio, *mid);
  }
  if (c.min_ratio == 0 || min_ratio < c.min_ratio) c.min_ratio = min_ratio;
}

double max_of(const std::vector<double>& v) {
  double m = 0;
  for (double x : v) m = std::max(m, x);
  return m;
}

/// The native engine's two builds: every non-leaf node's value as an output (the bounded
/// build) and the model as deployed.
struct NativeBuilds {
  std::optional<codegen::NativeModel> probe, deployed;
  std::vector<size_t> slot;  ///< node index -> output of the probe (non-leaf nodes)
};

Result<NativeBuilds> build_native(const CertifiedGraph& compiled, int threads) {
  const Graph& g = compiled.graph();
  NativeBuilds b;
  codegen::NativeOptions no;
  no.threads = threads;
  auto deployed = codegen::NativeModel::build(compiled, no);
  if (!deployed)
    return Error{fmt::format("native code of the model: {}", deployed.error().message)};
  Graph probe = g;
  b.slot.assign(g.size(), 0);
  for (size_t i = 0; i < g.size(); ++i)
    if (!is_leaf(g.nodes()[i])) {
      b.slot[i] = probe.outputs().size();
      probe.add_output(g.id(i));
    }
  auto p = codegen::NativeModel::build(CertifiedGraph::unrewritten(probe), no);
  if (!p) return Error{fmt::format("native code with every value kept: {}", p.error().message)};
  b.probe.emplace(std::move(*p));
  b.deployed.emplace(std::move(*deployed));
  return b;
}

/// Builds the native engine of check `ec` into `builds`: the compilers' time in
/// ec.compile_ms, the rest of the build (the probe graph, loading) added to ec.ms.
Result<void> start_native(const CertifiedGraph& compiled, int threads,
                          std::optional<NativeBuilds>& builds, EngineCheck& ec) {
  const auto t0 = Clock::now();
  auto b = build_native(compiled, threads);
  if (!b) return b.error();
  builds.emplace(std::move(*b));
  ec.compile_ms = builds->probe->compile_ms() + builds->deployed->compile_ms();
  ec.ms += ms_since(t0) - ec.compile_ms;
  return {};
}

/// The native run with its bounds: per node of the compiled graph (non-leaf), the native
/// value with err and local bounds; kernel checks into `layers` (by node index).
Result<std::vector<BoundedTensor>> native_bounded(
    const CertifiedGraph& compiled, const std::map<std::string, Tensor>& errors, NativeBuilds& nb,
    const std::map<std::string, Tensor>& inputs, const std::vector<bool>& named,
    std::vector<int64_t>& kernel_exceeded, std::vector<bool>& kernel_bounded,
    bool& deployed_identical, bool local) {
  const Graph& g = compiled.graph();
  auto values = nb.probe->run(inputs);
  if (!values) return Error{fmt::format("native run: {}", values.error().message)};
  auto outs = nb.deployed->run(inputs);
  if (!outs) return Error{fmt::format("native run: {}", outs.error().message)};
  for (size_t k = 0; k < outs->size(); ++k) {
    const auto a = (*outs)[k].view<float>(), p = (*values)[k].view<float>();
    for (size_t i = 0; i < a.size(); ++i)
      if (!same_bits(a[i], p[i])) deployed_identical = false;
  }
  // A leaf as the interpreter reads it: data inputs exact, constants with their error.
  auto leaf = [&](const Node& m) {
    if (m.op == OpKind::Input) return bounded_leaf(inputs.at(m.name), Precision::F32, nullptr);
    auto it = errors.find(m.name);
    return bounded_leaf(*m.data, Precision::F32, it != errors.end() ? &it->second : nullptr);
  };
  std::vector<BoundedTensor> out(g.size());
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (is_leaf(n)) continue;
    std::vector<BoundedTensor> storage;
    storage.reserve(n.inputs.size());
    std::vector<Tensor> operand_values;
    for (NodeId in : n.inputs) {
      const Node& m = g.node(in);
      if (is_leaf(m)) {
        storage.push_back(leaf(m));
      } else {
        const BoundedTensor& b = out[in.index];
        storage.push_back(
            {b.value, b.err, named[in.index] ? std::vector<double>(b.err.size(), 0.0) : b.local});
      }
      operand_values.push_back(storage.back().value);
    }
    std::vector<const BoundedTensor*> ops;
    for (const BoundedTensor& b : storage) ops.push_back(&b);
    const Tensor& y = (*values)[nb.slot[i]];
    auto kb = codegen::native_error_bound(g, g.id(i), operand_values);
    if (!kb) return Error{fmt::format("kernel bound of {}: {}", n.name, kb.error().message)};
    BoundedTensor r;
    if (*kb) {
      auto ref = bound_node(g, g.id(i), Precision::F64, ops, local);
      if (!ref) return ref.error();
      kernel_bounded[i] = true;
      const Tensor& kbt = **kb;
      r = {y, std::vector<double>(ref->err.size()), std::vector<double>(ref->err.size())};
      const std::vector<double> ys = y.to_doubles(), refs = ref->value.to_doubles(),
                                kbs = kbt.to_doubles();
      for (size_t k = 0; k < ys.size(); ++k) {
        const double kbe = kbs[k];
        if (!(codegen::native_distance(ys[k], refs[k]) <= kbe)) ++kernel_exceeded[i];
        r.err[k] = sum_up(ref->err[k], kbe);
        r.local[k] = sum_up(ref->local[k], kbe);
      }
    } else {
      auto ref = bound_node(g, g.id(i), Precision::F32, ops, local);
      if (!ref) return ref.error();
      if (y.dtype() == DType::F32 && ref->value.dtype() == DType::F32) {
        const auto yv = y.view<float>(), rv = ref->value.view<float>();
        for (size_t e = 0; e < yv.size(); ++e)
          if (!same_bits(yv[e], rv[e])) ++kernel_exceeded[i];
      } else {  // a view of integer inputs (token ids, a mask): the same integers
        const std::vector<double> yd = y.to_doubles(), rd = ref->value.to_doubles();
        for (size_t e = 0; e < yd.size(); ++e)
          if (yd[e] != rd[e]) ++kernel_exceeded[i];
      }
      r = {y, std::move(ref->err), std::move(ref->local)};
    }
    out[i] = std::move(r);
  }
  // An output that is a leaf of the graph (an input or a constant returned as it is).
  for (NodeId o : g.outputs())
    if (is_leaf(g.node(o))) out[o.index] = leaf(g.node(o));
  return out;
}

/// Whether `g` computes integer values (quantized inference): checked exactly. Integer
/// inputs only moved (a view of token ids or a mask, read by gather / cast / where) are
/// data, not computed values: such a graph keeps its error bounds.
bool has_integer_values(const Graph& g) {
  for (const Node& n : g.nodes()) {
    if (is_leaf(n)) continue;
    const OpClass c = op_class(n.op);
    if (is_quant_op(n.op) ||
        (!is_float(n.type.dtype) && c != OpClass::View && c != OpClass::Movement))
      return true;
  }
  return false;
}

/// Elements of y and r (same type and shape) that are not the same value (float: the same
/// bits, any NaN equal to any NaN).
int64_t differing(const Tensor& y, const Tensor& r) {
  if (y.type() != r.type()) return std::max<int64_t>(y.size(), 1);
  int64_t d = 0;
  if (y.dtype() == DType::F32) {
    const auto a = y.view<float>(), b = r.view<float>();
    for (size_t i = 0; i < a.size(); ++i) d += !same_bits(a[i], b[i]);
    return d;
  }
  for (int64_t i = 0; i < y.size(); ++i) d += y.get(i) != r.get(i);
  return d;
}

/// check_numerics of a graph with integer values: bit for bit (see numeric_check.h).
Result<NumericCheck> check_exact(const Graph& original, const CertifiedGraph& compiled,
                                 const std::vector<std::pair<NodeId, NodeId>>& points,
                                 const CheckOptions& opts) {
  const Graph& g = compiled.graph();
  NumericCheck result;
  result.exact = true;
  std::optional<NativeBuilds> builds;
  std::vector<std::string> engine_names;
  if (opts.interpreter) engine_names.push_back("interpreter");
  if (opts.native) engine_names.push_back("native");
  for (const std::string& e : engine_names) {
    EngineCheck ec;
    ec.engine = e;
    for (NodeId o : g.outputs()) {
      OutputBound ob;
      ob.name = g.node(o).name;
      ec.outputs.push_back(std::move(ob));
    }
    for (auto [c, o] : points)
      ec.layers.push_back(LayerBound{g.node(c).name, std::string(op_name(g.node(c).op)), {}, {}});
    ec.layers_checked = e == "interpreter";
    if (e == "native")
      if (auto r = start_native(compiled, opts.threads, builds, ec); !r) return r.error();
    result.engines.push_back(std::move(ec));
  }
  // The compiled graph with every non-leaf value an output, in the probe's order.
  Graph probe = g;
  for (size_t i = 0; i < g.size(); ++i)
    if (!is_leaf(g.nodes()[i])) probe.add_output(g.id(i));
  const CertifiedGraph probe_cg = CertifiedGraph::unrewritten(probe);
  const CertifiedGraph orig_cg = CertifiedGraph::unrewritten(original);
  auto zero_bound = [](const Tensor& t) {
    return std::vector<double>(static_cast<size_t>(t.size()), 0.0);
  };
  for (size_t run = 0; run < opts.inputs.size(); ++run) {
    if (cancel_requested(opts.cancelled)) return Error{kInterrupted};
    std::map<std::string, Tensor> inputs = opts.inputs[run];
    for (NodeId id : g.data_inputs())
      if (!inputs.count(g.node(id).name))
        inputs.emplace(g.node(id).name, generate_input(g, id, run));
    const auto t_ref = Clock::now();
    RunOptions ro;
    ro.inputs = inputs;
    auto ref = run_graph(orig_cg, ro);
    if (!ref) return Error{fmt::format("the original model in f32: {}", ref.error().message)};
    result.reference_ms += ms_since(t_ref);
    for (EngineCheck& ec : result.engines) {
      const auto t0 = Clock::now();
      // Every value of the compiled graph: the interpreter's, and the engine's.
      auto mine = run_graph(probe_cg, ro);
      if (!mine) return Error{fmt::format("the compiled model in f32: {}", mine.error().message)};
      std::vector<Tensor> values = *mine;
      if (ec.engine == "native") {
        auto nv = builds->probe->run(inputs);
        if (!nv) return Error{fmt::format("native run: {}", nv.error().message)};
        auto dv = builds->deployed->run(inputs);
        if (!dv) return Error{fmt::format("native run: {}", dv.error().message)};
        for (size_t k = 0; k < dv->size(); ++k)
          if (differing((*dv)[k], (*nv)[k]) > 0) ec.deployed_identical = false;
        values = std::move(*nv);
      }
      // Per node of the compiled graph (the probe's extra outputs follow its own ones).
      size_t slot = g.outputs().size();
      std::vector<int64_t> differ(g.size(), 0);
      std::vector<const Tensor*> value(g.size(), nullptr), own(g.size(), nullptr);
      for (size_t i = 0; i < g.size(); ++i) {
        if (is_leaf(g.nodes()[i])) continue;
        value[i] = &values[slot];
        own[i] = &(*mine)[slot];
        differ[i] = differing(values[slot], (*mine)[slot]);
        ++slot;
      }
      for (size_t p = 0; p < points.size(); ++p) {
        const NodeId c = points[p].first;
        LayerBound& lb = ec.layers[p];
        compare(*value[c.index], *own[c.index], zero_bound(*own[c.index]), nullptr, lb.end_to_end);
        lb.kernel_exceeded += ec.engine == "native" ? differ[c.index] : 0;
      }
      for (size_t k = 0; k < g.outputs().size(); ++k) {
        const Tensor& y = ec.engine == "native" ? values[k] : (*mine)[k];
        compare(y, (*ref)[k], zero_bound(y), nullptr, ec.outputs[k].exact);
        compare(y, (*ref)[k], zero_bound(y), nullptr, ec.outputs[k].f32);
      }
      if (ec.engine == "native")
        for (size_t i = 0; i < g.size() && ec.first_failure.empty(); ++i)
          if (differ[i] > 0)
            ec.first_failure = fmt::format(
                "{} ({}): the kernel is not bit-identical to the interpreter on {} element(s) "
                "(its operands are)",
                g.nodes()[i].name, op_name(g.nodes()[i].op), differ[i]);
      ec.ms += ms_since(t0);
    }
  }
  for (EngineCheck& ec : result.engines) {
    if (ec.first_failure.empty())
      for (const OutputBound& ob : ec.outputs)
        if (!ob.exact.ok()) {
          ec.first_failure = fmt::format(
              "output {}: not bit-identical to the original model's in the interpreter (a "
              "quantized graph has no error bound: quantize rounds to a step)",
              ob.name);
          break;
        }
    if (ec.first_failure.empty() && !ec.deployed_identical)
      ec.first_failure = "the deployed build's outputs differ from the bounded build's";
    ec.ok = ec.first_failure.empty();
    result.ok = result.ok && ec.ok;
  }
  return result;
}

}  // namespace

std::vector<std::pair<NodeId, NodeId>> named_points(const Graph& compiled, const Graph& original) {
  std::vector<std::pair<NodeId, NodeId>> points;
  for (size_t i = 0; i < compiled.size(); ++i) {
    const Node& n = compiled.nodes()[i];
    if (is_leaf(n)) continue;
    const NodeId o = original.find(n.name);
    if (o.valid() && !is_leaf(original.node(o)) && original.node(o).type == n.type)
      points.emplace_back(compiled.id(i), o);
  }
  return points;
}

namespace {

/// The multiply-adds of g's sums (conv2d, dense, matmul, gemm): what a Jacobian pass costs.
double multiply_adds(const Graph& g) {
  double macs = 0;
  for (const Node& n : g.nodes()) {
    if (n.inputs.size() < 2) continue;
    const double out = static_cast<double>(std::max<int64_t>(num_elements(n.type.shape), 0));
    const Shape& x = g.node(n.inputs[0]).type.shape;
    const Shape& w = g.node(n.inputs[1]).type.shape;
    if ((n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d) && !w.empty() && w[0] > 0)
      macs += out * static_cast<double>(num_elements(w) / w[0]);
    else if ((n.op == OpKind::Dense || n.op == OpKind::FusedDense || n.op == OpKind::MatMul) &&
             !x.empty())
      macs += out * static_cast<double>(x.back());
    else if (n.op == OpKind::Gemm && x.size() == 2)  // A [M, K], or [K, M] transposed
      macs += out * static_cast<double>(n.attrs.get_int("trans_a") ? x[0] : x[1]);
  }
  return macs;
}

/// Refuse before allocating: the runs keep every value of both graphs with two bounds
/// (about 24 bytes per element in each of the original's f64 run, the compiled run, the
/// original's regions and the native values), beyond one interpreter run's peak.
Result<void> check_memory_for(const Graph& compiled_graph, const Graph& original, bool jacobian) {
  uint64_t elements = 0;
  for (const Graph* gr : {&compiled_graph, &original})
    for (const Node& n : gr->nodes()) {
      const uint64_t e = static_cast<uint64_t>(std::max<int64_t>(num_elements(n.type.shape), 0));
      elements = elements > UINT64_MAX - e ? UINT64_MAX : elements + e;
    }
  // The Jacobian bound keeps every value of four more runs (the original's f64 and f32
  // with both bounds and its double-double enclosure, the compiled graph's f32 with every
  // node cut) and the passes' boxes and sources: about 150 bytes per element more.
  const uint64_t per = jacobian ? 200 : 48;
  const uint64_t kept = elements > UINT64_MAX / per ? UINT64_MAX : elements * per;
  const uint64_t peak = interpreter_peak_bytes(original, 24);
  return limits::check_memory(kept > UINT64_MAX - peak ? UINT64_MAX : kept + peak,
                              "checking the model (every value kept with its bounds)");
}

/// What every run of a float check reads: both graphs, the named points and which values
/// each run keeps.
struct FloatCheck {
  const CertifiedGraph& compiled;
  const Graph& g;  ///< compiled's graph
  const Graph& original;
  const CertifiedGraph orig_cg;
  const std::map<std::string, Tensor>& constant_errors;
  const std::vector<std::pair<NodeId, NodeId>>& points;
  const CheckOptions& opts;
  std::vector<bool> named, keep_c, keep_o;
  std::optional<NativeBuilds> builds;
};

/// The engines' checks with one entry per output and per named point, before any run;
/// the native engine is built here, so that its compile time is its own.
Result<void> start_engines(FloatCheck& fc, NumericCheck& result) {
  const Graph& g = fc.g;
  std::vector<std::string> engine_names;
  if (fc.opts.interpreter) engine_names.push_back("interpreter");
  if (fc.opts.native) engine_names.push_back("native");
  for (const std::string& e : engine_names) {
    EngineCheck ec;
    ec.engine = e;
    for (size_t k = 0; k < g.outputs().size(); ++k) {
      OutputBound ob;
      ob.name = g.node(g.outputs()[k]).name;
      ec.outputs.push_back(ob);
    }
    for (auto [c, o] : fc.points) {
      LayerBound lb;
      lb.node = g.node(c).name;
      lb.op = std::string(op_name(g.node(c).op));
      ec.layers.push_back(lb);
    }
    if (e == "native") {
      ec.layers_checked = !fc.opts.interpreter;
      if (auto r = start_native(fc.compiled, fc.opts.threads, fc.builds, ec); !r) return r.error();
    }
    result.engines.push_back(std::move(ec));
  }
  return {};
}

/// Run `run`'s inputs with every data input given, so that every engine reads the same
/// values; an error when the original has an input the compiled model lacks.
Result<std::map<std::string, Tensor>> inputs_of_run(const FloatCheck& fc, size_t run) {
  std::map<std::string, Tensor> inputs = fc.opts.inputs[run];
  for (NodeId id : fc.g.data_inputs())
    if (!inputs.count(fc.g.node(id).name))
      inputs.emplace(fc.g.node(id).name, generate_input(fc.g, id, run));
  for (NodeId id : fc.original.data_inputs())
    if (!inputs.count(fc.original.node(id).name))
      return Error{
          fmt::format("the original model's input '{}' is not an input of the "
                      "compiled one",
                      fc.original.node(id).name)};
  return inputs;
}

/// The native engine runs the same graph as the interpreter: when the interpreter's
/// layers are checked against the original, the native layers need only their kernel
/// check (each kernel against the interpreter on the same operands).
bool needs_cut(const EngineCheck& ec, const CheckOptions& opts) {
  return ec.engine == "interpreter" || !opts.interpreter;
}

/// One engine's bounded values of one input set and (when it needs them) the original
/// model's regions on those values.
struct EngineRun {
  Result<std::vector<BoundedTensor>> values = std::vector<BoundedTensor>{};
  Result<std::vector<BoundedTensor>> cut = std::vector<BoundedTensor>{};
  /// The interpreter's sources run (interpreter_sources), when the Jacobian bound is on,
  /// and its quadrature run (the probabilistic figure's sources).
  Result<std::vector<BoundedTensor>> sources = std::vector<BoundedTensor>{};
  Result<std::vector<BoundedTensor>> quad = std::vector<BoundedTensor>{};
  /// The Jacobian bound of the outputs (source set 0: this run), when computed.
  Result<std::vector<JacobianOutput>> jac = std::vector<JacobianOutput>{};
  double ms = 0;
};

/// The Jacobian bound of `g`'s outputs from its runs with every node kept (jacobian_nodes).
Result<std::vector<JacobianOutput>> jacobian_of(
    const Graph& g, const std::vector<const std::vector<BoundedTensor>*>& sources,
    const std::vector<const std::vector<BoundedTensor>*>& boxes, const CheckOptions& opts) {
  JacobianOptions jo;
  jo.rows = opts.jacobian_rows;
  jo.threads = opts.jacobian_threads;
  jo.lambda = opts.lambda;
  return jacobian_bound(g, jacobian_nodes(g, sources, boxes), jo);
}

/// The compiled graph in f32 with every node kept and cut: each node's own rounding (the
/// sources of the interpreter's Jacobian bound).
Result<std::vector<BoundedTensor>> interpreter_sources(
    const FloatCheck& fc, const std::map<std::string, Tensor>& inputs, bool quadrature) {
  BoundedRunOptions s;
  s.run.inputs = inputs;
  s.keep.assign(fc.g.size(), true);
  s.cut = s.keep;
  // The folded constants' certified errors are sources of their own (jacobian_nodes), not
  // part of each node's rounding.
  static const std::map<std::string, Tensor> kExact;
  s.constant_errors = &kExact;
  s.quadrature = quadrature;
  s.err = !quadrature;
  return run_bounded(fc.compiled, s);
}

/// The interpreter's Jacobian bound from its sources run. The boxes must hold the exact
/// values: the compiled graph's own runs cannot give tight ones (a running bound grows by
/// sum |w| per layer, and the folded constants' certified errors enter it like roundings).
/// The named points (and the outputs) have the original model's exact values (the
/// certificates say so: that is what the check tests), so their boxes take the original's
/// double-double enclosure (interp/enclosure.h); every other node keeps its running
/// interval.
Result<std::vector<JacobianOutput>> interpreter_jacobian(
    const FloatCheck& fc, const std::vector<BoundedTensor>& c32,
    const std::vector<BoundedTensor>& c32q, const std::vector<BoundedTensor>& enclosure) {
  std::vector<BoundedTensor> mapped(fc.g.size());
  std::vector<bool> trusted(fc.g.size(), false);
  for (auto [c, o] : fc.points) mapped[c.index] = enclosure[o.index], trusted[c.index] = true;
  for (size_t k = 0; k < fc.g.outputs().size(); ++k) {
    const NodeId c = fc.g.outputs()[k], o = fc.original.outputs()[k];
    if (fc.g.node(c).type.shape == fc.original.node(o).type.shape)
      mapped[c.index] = enclosure[o.index], trusted[c.index] = true;
  }
  // The other nodes' boxes from their operands' (refine_boxes): tight again one node past
  // a named point.
  std::vector<JacobianNode> nodes =
      jacobian_nodes(fc.g, {&c32}, {&mapped}, {&c32q}, &fc.constant_errors);
  refine_boxes(fc.g, nodes, trusted);
  JacobianOptions jo;
  jo.rows = fc.opts.jacobian_rows;
  jo.threads = fc.opts.jacobian_threads;
  jo.lambda = fc.opts.lambda;
  return jacobian_bound(fc.g, nodes, jo);
}

/// Engine `ec`'s run on `inputs`: its bounded values, then the original model's regions on
/// them; the native kernels' checks into `kernel_exceeded` / `kernel_bounded`.
EngineRun run_engine(FloatCheck& fc, EngineCheck& ec, const std::map<std::string, Tensor>& inputs,
                     std::vector<int64_t>& kernel_exceeded, std::vector<bool>& kernel_bounded) {
  const auto t0 = Clock::now();
  EngineRun er;
  if (ec.engine == "interpreter") {
    BoundedRunOptions o;
    o.run.inputs = inputs;
    o.keep = fc.keep_c;
    o.cut = fc.named;
    o.constant_errors = &fc.constant_errors;
    er.values = run_bounded(fc.compiled, o);
    if (er.values && fc.opts.jacobian) {
      er.sources = interpreter_sources(fc, inputs, false);
      if (er.sources) er.quad = interpreter_sources(fc, inputs, true);
    }
  } else {
    er.values = native_bounded(fc.compiled, fc.constant_errors, *fc.builds, inputs, fc.named,
                               kernel_exceeded, kernel_bounded, ec.deployed_identical,
                               needs_cut(ec, fc.opts));
  }
  if (er.values && needs_cut(ec, fc.opts)) {
    BoundedRunOptions o;
    o.run.precision = Precision::F64;
    o.run.inputs = inputs;
    o.keep = fc.keep_o;
    o.err = false;
    for (auto [c, orig] : fc.points) o.overrides[orig.index] = &(*er.values)[c.index].value;
    er.cut = run_bounded(fc.orig_cg, o);
  }
  er.ms = ms_since(t0);
  return er;
}

/// The original model's runs on one input set, in f64 (its exact values, bounded) and f32.
struct ReferenceRuns {
  Result<std::vector<BoundedTensor>> f64 = std::vector<BoundedTensor>{};
  Result<std::vector<BoundedTensor>> f32 = std::vector<BoundedTensor>{};
  /// The original's double-double enclosure of its exact values (the boxes), and the
  /// Jacobian bound of both runs (source sets 0: f64, 1: f32), when computed.
  Result<std::vector<BoundedTensor>> enclosure = std::vector<BoundedTensor>{};
  Result<std::vector<JacobianOutput>> jac = std::vector<JacobianOutput>{};
};

/// Per element, the smaller of `running` and source set `set` of `jac`'s output k (when
/// there is one).
std::vector<double> tightest(const std::vector<double>& running,
                             const std::vector<JacobianOutput>& jac, size_t k, size_t set) {
  std::vector<double> t = running;
  if (k < jac.size() && set < jac[k].bound.size())
    for (size_t e = 0; e < t.size(); ++e) t[e] = std::min(t[e], jac[k].bound[set][e]);
  return t;
}

/// Engine `e`'s run of one input set compared with the references, into its check.
void record_engine_run(const FloatCheck& fc, EngineCheck& ec, const EngineRun& er,
                       const ReferenceRuns& ref, const std::vector<int64_t>& kernel_exceeded,
                       const std::vector<bool>& kernel_bounded) {
  const Graph& g = fc.g;
  const std::vector<BoundedTensor>& cut = *er.cut;
  const std::vector<BoundedTensor>& v = *er.values;
  const std::vector<BoundedTensor>& ref64 = *ref.f64;
  const std::vector<BoundedTensor>& ref32 = *ref.f32;
  for (size_t p = 0; p < fc.points.size(); ++p) {
    const auto [c, o] = fc.points[p];
    LayerBound& lb = ec.layers[p];
    compare(v[c.index].value, ref64[o.index].value, v[c.index].err, &ref64[o.index].err,
            lb.end_to_end);
    if (needs_cut(ec, fc.opts))
      compare(v[c.index].value, cut[o.index].value, v[c.index].local, &cut[o.index].local,
              lb.local);
    double in_bound = 0;
    for (NodeId in : g.node(c).inputs)
      if (!is_leaf(g.node(in))) in_bound = std::max(in_bound, max_of(v[in.index].err));
    const double here = max_of(v[c.index].err);
    if (in_bound > 0) lb.growth = std::max(lb.growth, here / in_bound);
    lb.kernel_exceeded += kernel_exceeded[c.index];
    lb.kernel_bounded = lb.kernel_bounded || kernel_bounded[c.index];
  }
  const std::vector<JacobianOutput>& jac = *er.jac;
  const std::vector<JacobianOutput>& rjac = *ref.jac;
  for (size_t k = 0; k < g.outputs().size(); ++k) {
    const NodeId oc = g.outputs()[k], oo = fc.original.outputs()[k];
    OutputBound& ob = ec.outputs[k];
    const Tensor& y = v[oc.index].value;
    const std::vector<double>& run = v[oc.index].err;
    const std::vector<double> e = tightest(run, jac, k, 0);
    std::vector<double> r64 = tightest(ref64[oo.index].err, rjac, k, 0);
    // The f64 reference's distance to the exact value is also within its distance to the
    // double-double enclosure plus the enclosure's bound (the reference, not the engine:
    // the engine's bound never reads its own error).
    if (ref.enclosure && oo.index < ref.enclosure->size()) {
      const BoundedTensor& enc = (*ref.enclosure)[oo.index];
      if (enc.err.size() == r64.size()) {
        const std::vector<double> rv = ref64[oo.index].value.to_doubles();
        const std::vector<double> ev = enc.value.to_doubles();
        for (size_t i = 0; i < r64.size(); ++i) {
          const double d = std::abs(rv[i] - ev[i]) + enc.err[i];
          if (d == d) r64[i] = std::min(r64[i], d * (1 + 0x1p-50));
        }
      }
    }
    const std::vector<double> r32 = tightest(ref32[oo.index].err, rjac, k, 1);
    compare(y, ref64[oo.index].value, e, &r64, ob.exact);
    compare(y, ref32[oo.index].value, e, &r32, ob.f32);
    compare(y, ref64[oo.index].value, run, &ref64[oo.index].err, ob.exact_running);
    compare(y, ref32[oo.index].value, run, &ref32[oo.index].err, ob.f32_running);
    if (k < jac.size() && !jac[k].bound.empty()) {
      const JacobianOutput& j = jac[k];
      std::vector<bool> passed(e.size());
      std::vector<double> p(e.size());
      for (size_t i = 0; i < e.size(); ++i) {
        passed[i] = std::isfinite(j.bound[0][i]);
        p[i] = std::min(j.probabilistic[0][i], e[i]);
      }
      compare(y, ref64[oo.index].value, e, &r64, ob.jacobian, &passed);
      compare(y, ref64[oo.index].value, p, &r64, ob.probabilistic, &passed);
      ob.confidence = j.confidence;
      ob.jacobian_rows = j.rows;
      ob.jacobian_unavailable = j.unavailable;
    }
  }
  // Kernel failures at nodes that are not named points still fail the engine.
  for (size_t i = 0; i < g.size(); ++i)
    if (!fc.named[i] && kernel_exceeded[i] > 0 && ec.first_failure.empty())
      ec.first_failure = fmt::format(
          "{} ({}): the kernel is not within its bound of the "
          "interpreter on {} element(s)",
          g.nodes()[i].name, op_name(g.nodes()[i].op), kernel_exceeded[i]);
  ec.ms += er.ms;
}

/// Input set `run` on the original model and every engine, compared into `result`.
Result<void> check_run(FloatCheck& fc, NumericCheck& result, size_t run) {
  const Graph& g = fc.g;
  auto in = inputs_of_run(fc, run);
  if (!in) return in.error();
  const std::map<std::string, Tensor>& inputs = *in;

  // Every run of this input set at once (the machine's cores share them): the
  // original model in f64 and f32, and per engine its bounded values followed by the
  // original model's regions on those values.
  const auto t_ref = Clock::now();
  BoundedRunOptions r64;
  r64.run.precision = Precision::F64;
  r64.run.inputs = inputs;
  r64.keep = fc.keep_o;
  r64.local = false;
  BoundedRunOptions r32;
  r32.run.inputs = inputs;
  r32.local = false;
  // The original's own Jacobian bound (its f32 run's, for the `f32` comparison) only when
  // the rows are asked for: the `exact` comparison's reference is bounded by the
  // enclosure.
  const bool ref_jacobian = fc.opts.jacobian && fc.opts.jacobian_forced;
  if (ref_jacobian) {  // every node kept and cut: its own rounding is a source
    for (BoundedRunOptions* r : {&r64, &r32}) {
      r->keep.assign(fc.original.size(), true);
      r->cut = r->keep;
      r->local = true;
    }
  }
  auto ref64_f = std::async(std::launch::async, [&] { return run_bounded(fc.orig_cg, r64); });
  auto enclosure_f = std::async(std::launch::async, [&] {
    RunOptions ro;
    ro.inputs = inputs;
    return fc.opts.jacobian ? run_enclosure(fc.original, ro)
                            : Result<std::vector<BoundedTensor>>(std::vector<BoundedTensor>{});
  });
  auto ref32_f = std::async(std::launch::async, [&] { return run_bounded(fc.orig_cg, r32); });

  std::vector<std::vector<int64_t>> kernel_exceeded(result.engines.size(),
                                                    std::vector<int64_t>(g.size(), 0));
  std::vector<std::vector<bool>> kernel_bounded(result.engines.size(),
                                                std::vector<bool>(g.size(), false));
  std::vector<std::future<EngineRun>> futures;
  for (size_t e = 0; e < result.engines.size(); ++e)
    futures.push_back(std::async(std::launch::async, [&, e] {
      return run_engine(fc, result.engines[e], inputs, kernel_exceeded[e], kernel_bounded[e]);
    }));
  ReferenceRuns ref;
  ref.f64 = ref64_f.get();
  ref.f32 = ref32_f.get();
  if (!ref.f64) return Error{fmt::format("the original model in f64: {}", ref.f64.error().message)};
  if (!ref.f32) return Error{fmt::format("the original model in f32: {}", ref.f32.error().message)};
  ref.enclosure = enclosure_f.get();
  if (!ref.enclosure)
    return Error{
        fmt::format("the original model in double-double: {}", ref.enclosure.error().message)};
  if (ref_jacobian) {
    ref.jac = jacobian_of(fc.original, {&*ref.f64, &*ref.f32}, {&*ref.enclosure}, fc.opts);
    if (!ref.jac)
      return Error{fmt::format("the original model's Jacobian bound: {}", ref.jac.error().message)};
  }
  result.reference_ms += ms_since(t_ref);
  std::vector<EngineRun> runs;
  for (auto& f : futures) runs.push_back(f.get());
  for (size_t e = 0; e < runs.size(); ++e) {
    if (!runs[e].values)
      return Error{fmt::format("{}: {}", result.engines[e].engine, runs[e].values.error().message)};
    if (!runs[e].cut)
      return Error{fmt::format("the original model's regions: {}", runs[e].cut.error().message)};
    if (!runs[e].sources)
      return Error{fmt::format("{}: the Jacobian bound's run: {}", result.engines[e].engine,
                               runs[e].sources.error().message)};
    if (!runs[e].quad)
      return Error{fmt::format("{}: the Jacobian bound's quadrature run: {}",
                               result.engines[e].engine, runs[e].quad.error().message)};
    if (fc.opts.jacobian && result.engines[e].engine == "interpreter") {
      const auto t_jac = Clock::now();
      runs[e].jac = interpreter_jacobian(fc, *runs[e].sources, *runs[e].quad, *ref.enclosure);
      if (!runs[e].jac)
        return Error{
            fmt::format("the interpreter's Jacobian bound: {}", runs[e].jac.error().message)};
      runs[e].sources = std::vector<BoundedTensor>{};
      runs[e].quad = std::vector<BoundedTensor>{};
      runs[e].ms += ms_since(t_jac);
    }
  }

  for (size_t e = 0; e < runs.size(); ++e)
    record_engine_run(fc, result.engines[e], runs[e], ref, kernel_exceeded[e], kernel_bounded[e]);
  return {};
}

/// The first named point (in the compiled graph's order) or output that failed, as a
/// sentence; empty when none did.
std::string first_bound_failure(const EngineCheck& ec) {
  std::string first;
  for (const LayerBound& lb : ec.layers) {
    if (!first.empty()) break;
    if (lb.kernel_exceeded > 0)
      first = fmt::format("{} ({}): the kernel {} on {} element(s)", lb.node, lb.op,
                          lb.kernel_bounded ? "exceeds its reassociation bound"
                                            : "is not bit-identical to the interpreter",
                          lb.kernel_exceeded);
    else if (lb.local.unbounded > 0 || lb.end_to_end.unbounded > 0)
      first = fmt::format("{} ({}): no finite bound on {} element(s)", lb.node, lb.op,
                          std::max(lb.local.unbounded, lb.end_to_end.unbounded));
    else if (!lb.local.ok())
      first = fmt::format(
          "{} ({}): {} element(s) differ from the original model's layer on "
          "the same inputs by more than the layer's bound (max {:.3e}, bound "
          "{:.3e})",
          lb.node, lb.op, lb.local.exceeded, lb.local.max_abs, lb.local.bound);
    else if (!lb.end_to_end.ok())
      first = fmt::format(
          "{} ({}): {} element(s) beyond the end-to-end bound (max {:.3e}, "
          "bound {:.3e})",
          lb.node, lb.op, lb.end_to_end.exceeded, lb.end_to_end.max_abs, lb.end_to_end.bound);
  }
  if (first.empty())
    for (const OutputBound& ob : ec.outputs)
      if (!ob.exact.ok() || !ob.f32.ok()) {
        first = fmt::format("output {}: beyond its bound", ob.name);
        break;
      }
  if (first.empty() && !ec.deployed_identical)
    first = "the deployed build's outputs differ from the bounded build's";
  return first;
}

}  // namespace

Result<NumericCheck> check_numerics(const Graph& compiled_graph,
                                    const std::map<std::string, Tensor>& constant_errors,
                                    const Graph& original, const CheckOptions& opts) {
  // Refused before anything is allocated: a model too large for the machine says so.
  if (auto r = check_memory_for(compiled_graph, original, opts.jacobian); !r) return r.error();
  const CertifiedGraph compiled = CertifiedGraph::unrewritten(compiled_graph);
  const Graph& g = compiled.graph();
  if (g.outputs().size() != original.outputs().size())
    return Error{"the compiled model and the original have different numbers of outputs"};
  const auto points = named_points(g, original);
  // Integer values have no error bound: quantized graphs are checked bit for bit.
  if (has_integer_values(g) || has_integer_values(original))
    return check_exact(original, compiled, points, opts);
  // The Jacobian bound's passes cost about two model evaluations in double per row (the
  // original's and the compiled graph's), plus about two for the enclosure and the sources
  // runs: unless forced, the rows are cut to what the budget allows, and the passes are
  // skipped when not one row fits.
  CheckOptions o = opts;
  std::string jacobian_note;
  if (o.jacobian && !o.jacobian_forced) {
    const double macs = std::max(multiply_adds(g) + multiply_adds(original), 1.0);
    const double rows = o.jacobian_rows > 0 ? static_cast<double>(o.jacobian_rows) : 1e6;
    const double fit = std::floor(o.jacobian_budget / macs) - 2;
    if (fit < 1) {
      o.jacobian = false;
      jacobian_note = fmt::format(
          "the Jacobian bound was skipped: one row's passes would take ~{:.2g} multiply-adds "
          "(over {:.2g}); --jacobian-rows N runs them",
          macs * 3, o.jacobian_budget);
    } else if (fit < rows) {
      o.jacobian_rows = static_cast<int64_t>(fit);
      jacobian_note = fmt::format(
          "the Jacobian bound ran on the {} largest element{} of each output ({:.2g} "
          "multiply-adds per row, budget {:.2g}); --jacobian-rows N runs N",
          o.jacobian_rows, o.jacobian_rows == 1 ? "" : "s", macs, o.jacobian_budget);
    }
  }
  FloatCheck fc{compiled,
                g,
                original,
                CertifiedGraph::unrewritten(original),
                constant_errors,
                points,
                o,
                {},
                {},
                {},
                std::nullopt};
  fc.named.assign(g.size(), false);
  fc.keep_c.assign(g.size(), false);
  fc.keep_o.assign(original.size(), false);
  for (auto [c, o] : points) {
    fc.named[c.index] = true;
    fc.keep_o[o.index] = true;
  }
  for (size_t i = 0; i < g.size(); ++i) fc.keep_c[i] = !is_leaf(g.nodes()[i]);

  NumericCheck result;
  result.jacobian_note = jacobian_note;
  // The engines (and the native builds) before any run: one build serves every run.
  if (auto r = start_engines(fc, result); !r) return r.error();
  // Each input set compared as it is run, worst over the runs.
  for (size_t run = 0; run < opts.inputs.size(); ++run) {
    if (cancel_requested(opts.cancelled)) return Error{kInterrupted};
    if (auto r = check_run(fc, result, run); !r) return r.error();
  }
  // Verdicts last: the first failure of a kernel check found during the runs comes first.
  for (EngineCheck& ec : result.engines) {
    std::string first = first_bound_failure(ec);
    if (ec.first_failure.empty()) ec.first_failure = first;
    ec.ok = ec.first_failure.empty();
    result.ok = result.ok && ec.ok;
  }
  return result;
}

}  // namespace vf::check
