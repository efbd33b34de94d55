#include "verify/replay.h"

#include <fmt/format.h>

#include <climits>
#include <cmath>
#include <cstring>

#include "interp/interpreter.h"
#include "semantics/walk_graph.h"
#include "semantics/wrap_int_domain.h"
#include "smt/sym_tensor.h"

namespace vf::verify {
namespace {

std::string index_string(const Shape& s, int64_t flat) {
  return s.empty() ? "[]" : smt::element_name("", s, flat);
}

/// The model's value of a variable; 0 when the model does not mention it (any value
/// satisfies the query then).
double value(const smt::Model& m, const std::string& name) {
  const smt::ModelValue* v = m.find(name);
  return v ? v->approx : 0.0;
}

/// The instance graph with the model's float attributes written into its nodes, and
/// the model's input values.
std::pair<Graph, std::map<std::string, Tensor>> concrete(const Enumeration& en,
                                                         const Instance& inst, const smt::Model& m,
                                                         DType dtype) {
  Graph g = inst.graph;
  for (const SymbolicAttr& a : inst.symbolic_attrs)
    g.node_mut(a.node).attrs.set(a.attr, value(m, "$" + en.slots[a.slot].name));
  std::map<uint32_t, uint32_t> slot_of_input;
  for (const auto& [slot, node] : inst.slot_inputs) slot_of_input[node.index] = slot;
  std::map<std::string, Tensor> inputs;
  for (NodeId id : g.inputs()) {
    const Node& n = g.node(id);
    // A float input in the replay's precision; an integer input (a quantized rule's
    // accumulator) in its own type, which the interpreter requires.
    const bool is_float = n.type.dtype == DType::F32 || n.type.dtype == DType::F64;
    Tensor t(TensorType{is_float ? dtype : n.type.dtype, n.type.shape});
    if (auto it = slot_of_input.find(id.index); it != slot_of_input.end()) {
      t.set(0, value(m, "$" + en.slots[it->second].name));
    } else {
      for (int64_t k = 0; k < n.type.size(); ++k)
        t.set(k, value(m, smt::element_name(n.name, n.type.shape, k)));
    }
    inputs.emplace(n.name, std::move(t));
  }
  return {std::move(g), std::move(inputs)};
}

ReplayResult compare_float(const Tensor& s, const Tensor& t, bool bit_exact, const char* how) {
  ReplayResult r;
  for (int64_t k = 0; k < s.size(); ++k) {
    const double a = s.get(k), b = t.get(k);
    bool differ;
    if (bit_exact) {
      const float fa = static_cast<float>(a), fb = static_cast<float>(b);
      uint32_t ba, bb;
      std::memcpy(&ba, &fa, 4);
      std::memcpy(&bb, &fb, 4);
      differ = !(std::isnan(fa) && std::isnan(fb)) && ba != bb;
    } else if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b)) {
      differ = !(a == b || (std::isnan(a) && std::isnan(b)));
    } else {
      differ = std::fabs(a - b) > 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
    }
    if (differ) {
      r.reproduced = true;
      r.text =
          fmt::format("source {} vs target {} at {} ({})", a, b, index_string(s.shape(), k), how);
      return r;
    }
  }
  r.text = fmt::format("source and target agree on every element ({})", how);
  return r;
}

}  // namespace

ReplayResult replay_counterexample(const dsl::Domain& domain, const Enumeration& en,
                                   const Instance& inst, const smt::Model& m) {
  if (domain.kind == dsl::DomainKind::Bv) {
    // The integer reading of the semantics, node by node.
    auto [g, inputs] = concrete(en, inst, m, DType::F64);
    sem::WrapIntDomain d(domain.width);
    std::vector<std::vector<int64_t>> vals(g.size());
    // The first node at which the reading becomes undefined (the domain's flag is sticky).
    struct Hooks {
      sem::WrapIntDomain& d;
      const std::map<std::string, Tensor>& inputs;
      bool undefined = false;
      size_t first_undefined = SIZE_MAX;
      Result<void> leaf(size_t, const Node& n, std::vector<int64_t>& out) const {
        const Tensor& t = n.op == OpKind::Input ? inputs.at(n.name) : *n.data;
        for (int64_t k = 0; k < t.size(); ++k) out.push_back(d.lit(t.get(k)));
        return {};
      }
      void after(size_t i, const Node& n) {
        const bool leaf = n.op == OpKind::Input || n.op == OpKind::Constant;
        if (!leaf && !undefined && d.undefined) first_undefined = i;
        undefined = d.undefined;
      }
    } hooks{d, inputs};
    (void)sem::walk_graph(d, g, 0, g.size(), vals, hooks);  // leaves cannot fail here
    if (hooks.first_undefined >= inst.source_end && hooks.first_undefined < inst.target_end) {
      const Node& n = g.nodes()[hooks.first_undefined];
      return {true, fmt::format("the target is undefined at node '{}' ({}-bit integers)", n.name,
                                domain.width)};
    }
    const auto& s = vals[inst.source_root.index];
    const auto& t = vals[inst.target_root.index];
    const Shape& shape = g.node(inst.source_root).type.shape;
    for (size_t k = 0; k < s.size(); ++k)
      if (s[k] != t[k])
        return {true, fmt::format("source {} vs target {} at {} ({}-bit integers)", s[k], t[k],
                                  index_string(shape, static_cast<int64_t>(k)), domain.width)};
    return {false, fmt::format("source and target agree on every element ({}-bit integers)",
                               domain.width)};
  }
  const bool f32 = domain.kind == dsl::DomainKind::Float32;
  auto [g, inputs] = concrete(en, inst, m, f32 ? DType::F32 : DType::F64);
  RunOptions opts;
  opts.precision = f32 ? Precision::F32 : Precision::F64;
  opts.inputs = std::move(inputs);
  auto outs = run_graph(CertifiedGraph::unrewritten(std::move(g)), opts);  // a rule instance
  if (!outs) return {false, "the interpreter failed: " + outs.error().message};
  return compare_float((*outs)[0], (*outs)[1], f32, f32 ? "interpreter, f32" : "interpreter, f64");
}

ReplayResult replay_shape_mismatch(const Enumeration& en, const Instance& inst) {
  if (inst.target_root == inst.source_root)
    return {false, "not replayed: the target cannot be built at this instance"};
  auto [g, inputs] = concrete(en, inst, smt::Model{}, DType::F64);
  RunOptions opts;
  opts.precision = Precision::F64;
  opts.inputs = std::move(inputs);
  auto outs = run_graph(CertifiedGraph::unrewritten(std::move(g)), opts);  // a rule instance
  if (!outs) return {false, "the interpreter failed: " + outs.error().message};
  const Shape& a = (*outs)[0].shape();
  const Shape& b = (*outs)[1].shape();
  if (a == b)
    return {false, fmt::format("the interpreter gives both sides shape {}", shape_string(a))};
  return {true, fmt::format("source of shape {} vs target of shape {} (interpreter, f64)",
                            shape_string(a), shape_string(b))};
}

}  // namespace vf::verify
