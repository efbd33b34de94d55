#include "native_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "codegen/bound.h"
#include "codegen/native.h"
#include "interp/interpreter.h"
#include "interp/weights.h"
#include "ir/shape_inference.h"

namespace vf::cli {
namespace {

/// Every operation of `g` on its own: constants kept, every other operand an input of
/// its own. `operand[i]` is the node of `g` whose value input i of the result carries;
/// `of[k]` the node of `g` that output k of the result computes.
struct LayerGraph {
  Graph graph;
  std::vector<NodeId> operand;
  std::vector<NodeId> of;
};

bool is_leaf(const Node& n) { return n.op == OpKind::Input || n.op == OpKind::Constant; }

Result<LayerGraph> layer_graph(const Graph& g) {
  LayerGraph lg;
  std::map<uint32_t, NodeId> constants;
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (is_leaf(n)) continue;
    std::vector<NodeId> ins;
    for (size_t k = 0; k < n.inputs.size(); ++k) {
      const Node& in = g.node(n.inputs[k]);
      if (in.op == OpKind::Constant) {
        auto [it, fresh] = constants.try_emplace(n.inputs[k].index);
        if (fresh) it->second = lg.graph.add_constant(in.name, in.data);
        ins.push_back(it->second);
      } else {
        ins.push_back(lg.graph.add_input(fmt::format("in{}_{}", i, k), in.type));
        lg.operand.push_back(n.inputs[k]);
      }
    }
    lg.graph.add_output(lg.graph.add_node(n.op, n.name, std::move(ins), n.attrs, n.type));
    lg.of.push_back(g.id(i));
  }
  if (auto r = infer_types(lg.graph); !r)
    return Error{fmt::format("the layer-by-layer model does not type: {}", r.error().message)};
  return lg;
}

bool same_bits(float a, float b) {
  uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return x == y || (std::isnan(a) && std::isnan(b));
}

}  // namespace

NativeLayerTally tally_layers(const NativeCheck& nc) {
  NativeLayerTally t;
  for (const NativeLayerCheck& lc : nc.layers) {
    if (lc.bounded) {
      ++t.bounded;
      t.bounded_ok += lc.ok;
      t.worst_ratio = std::max(t.worst_ratio, lc.worst_ratio);
    } else {
      ++t.identical;
      t.identical_ok += lc.ok;
    }
  }
  return t;
}

Result<NativeCheck> check_native(const CertifiedGraph& rewritten, const Graph& original,
                                 uint64_t seeds, int threads, double tolerance) {
  NativeCheck nc;
  nc.threads = threads;
  nc.tolerance = tolerance;
  const Graph& g = rewritten.graph();
  codegen::NativeOptions no;
  no.threads = threads;
  auto whole = codegen::NativeModel::build(rewritten, no);
  if (!whole) return Error{fmt::format("native code of the model: {}", whole.error().message)};
  auto lg = layer_graph(g);
  if (!lg) return lg.error();
  const CertifiedGraph layers_cg = CertifiedGraph::unrewritten(lg->graph);
  auto layers = codegen::NativeModel::build(layers_cg, no);
  if (!layers)
    return Error{
        fmt::format("native code of the layer-by-layer model: {}", layers.error().message)};
  nc.compile_ms = whole->compile_ms() + layers->compile_ms();

  // Every value of the rewritten graph, in the f32 interpreter.
  Graph probe = g;
  std::map<uint32_t, size_t> slot;  // node of g -> output of probe
  for (size_t i = 0; i < g.size(); ++i)
    if (!is_leaf(g.nodes()[i])) {
      slot[static_cast<uint32_t>(i)] = probe.outputs().size();
      probe.add_output(g.id(i));
    }
  const CertifiedGraph probe_cg = CertifiedGraph::unrewritten(probe);
  const CertifiedGraph original_cg = CertifiedGraph::unrewritten(original);

  for (const NodeId o : g.outputs()) nc.outputs.push_back({g.node(o).name});
  for (const NodeId id : lg->of) {
    const Node& n = g.node(id);
    nc.layers.push_back({n.name, std::string(op_name(n.op))});
  }
  for (uint64_t seed = 0; seed < seeds; ++seed) {
    std::map<std::string, Tensor> inputs;
    for (NodeId id : g.data_inputs()) inputs.emplace(g.node(id).name, generate_input(g, id, seed));
    RunOptions f32;
    f32.inputs = inputs;
    auto values = run_graph(probe_cg, f32);
    if (!values) return Error{fmt::format("interpreter: {}", values.error().message)};
    auto value_of = [&](NodeId id) -> const Tensor& {
      const Node& n = g.node(id);
      if (n.op == OpKind::Input) return inputs.at(n.name);
      return (*values)[slot.at(id.index)];
    };

    // End to end: native vs the original in f64.
    RunOptions f64;
    f64.precision = Precision::F64;
    f64.inputs = inputs;
    auto reference = run_graph(original_cg, f64);
    if (!reference) return Error{fmt::format("interpreter (f64): {}", reference.error().message)};
    auto outs = whole->run(inputs);
    if (!outs) return Error{fmt::format("native run: {}", outs.error().message)};
    for (size_t k = 0; k < outs->size(); ++k) {
      NativeOutputCheck& oc = nc.outputs[k];
      const Tensor &y = (*outs)[k], &r = (*reference)[k];
      double scale = 0, d = 0;
      for (int64_t i = 0; i < r.size(); ++i) scale = std::max(scale, std::fabs(r.get(i)));
      for (int64_t i = 0; i < r.size(); ++i) {
        const double e = std::fabs(y.get(i) - r.get(i));
        d = std::isnan(e) ? e : std::max(d, e);
      }
      oc.max_abs = std::max(oc.max_abs, d);
      oc.scale = std::max(oc.scale, scale);
      if (!(d <= tolerance * scale)) oc.ok = false;
    }

    // Layer by layer, on the f32 interpreter's values.
    std::map<std::string, Tensor> layer_inputs;
    for (size_t i = 0; i < lg->operand.size(); ++i)
      layer_inputs.emplace(lg->graph.node(lg->graph.inputs()[i]).name, value_of(lg->operand[i]));
    auto native = layers->run(layer_inputs);
    if (!native)
      return Error{fmt::format("native run, layer by layer: {}", native.error().message)};
    RunOptions lf64;
    lf64.precision = Precision::F64;
    lf64.inputs = layer_inputs;
    auto exact = run_graph(layers_cg, lf64);
    if (!exact)
      return Error{fmt::format("interpreter (f64), layer by layer: {}", exact.error().message)};
    const Graph& L = lg->graph;
    for (size_t k = 0; k < lg->of.size(); ++k) {
      NativeLayerCheck& lc = nc.layers[k];
      const NodeId lid = L.outputs()[k];
      std::vector<Tensor> operands;
      for (NodeId in : L.node(lid).inputs) {
        const Node& m = L.node(in);
        operands.push_back(m.op == OpKind::Constant ? *m.data : layer_inputs.at(m.name));
      }
      auto bound = codegen::native_error_bound(L, lid, operands);
      if (!bound) return Error{fmt::format("bound of {}: {}", lc.node, bound.error().message)};
      const Tensor& y = (*native)[k];
      if (*bound) {
        lc.bounded = true;
        const Tensor &r = (*exact)[k], &b = **bound;
        for (int64_t i = 0; i < y.size(); ++i) {
          const double d = std::fabs(y.get(i) - r.get(i));
          lc.max_abs = std::max(lc.max_abs, d);
          if (b.get(i) > 0) lc.worst_ratio = std::max(lc.worst_ratio, d / b.get(i));
          if (!(d <= b.get(i))) ++lc.exceeded;
        }
      } else {
        const Tensor& r = value_of(lg->of[k]);
        const auto yv = y.view<float>(), rv = r.view<float>();
        for (size_t i = 0; i < yv.size(); ++i) {
          lc.max_abs = std::max(lc.max_abs, std::fabs(double(yv[i]) - double(rv[i])));
          if (!same_bits(yv[i], rv[i])) ++lc.exceeded;
        }
      }
      lc.ok = lc.exceeded == 0;
    }
  }
  for (const auto& lc : nc.layers) nc.ok = nc.ok && lc.ok;
  for (const auto& oc : nc.outputs) nc.ok = nc.ok && oc.ok;
  return nc;
}

}  // namespace vf::cli
