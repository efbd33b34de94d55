// The interpreter's readings of a whole graph (plain IEEE arithmetic in run_graph, the
// drift bound): sem::walk_graph with the interpreter's leaves (given inputs, else seeded
// ones) and its freeing of dead buffers. A reading differs only in its domain and in how
// a leaf's tensor becomes domain values, so both are parameters. Internal to src/interp.
#pragma once

#include <cmath>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "interp/index_inputs.h"
#include "interp/interpreter.h"
#include "interp/memory_need.h"
#include "interp/weights.h"
#include "semantics/walk_graph.h"
#include "semantics/wrap_int_domain.h"

namespace vf::interp_detail {

/// Checks that every input given in `opts` names an input node of `g` and has its shape.
inline Result<void> check_given_inputs(const Graph& g, const RunOptions& opts) {
  for (const auto& [name, t] : opts.inputs) {
    NodeId id = g.find(name);
    if (!id.valid() || g.node(id).op != OpKind::Input)
      return Error{fmt::format("'{}' is not an input of the graph", name)};
    if (t.shape() != g.node(id).type.shape)
      return Error{fmt::format("input '{}' has shape {}, the graph expects {}", name,
                               shape_string(t.shape()), shape_string(g.node(id).type.shape))};
    // Integers are ids or masks (or quantized data): of exactly the input's type.
    const DType want = g.node(id).type.dtype;
    if ((is_integer(want) || is_integer(t.dtype())) && t.dtype() != want)
      return Error{fmt::format("input '{}' is {}, the graph expects {}", name,
                               dtype_name(t.dtype()), dtype_name(want))};
  }
  return check_index_inputs(g, opts.inputs);
}

/// Refuses arithmetic on integer tensors in a reading that cannot hold integers exactly (the
/// drift bound: quantize's rounding is a step, so no error bound crosses it). The
/// interpreter's run_graph evaluates integer nodes exactly (integer_node below).
inline Result<void> check_no_integer_arithmetic(const Graph& g) {
  for (const Node& n : g.nodes()) {
    if (n.op == OpKind::Input || n.op == OpKind::Constant) continue;
    if (is_quant_op(n.op))
      return Error{fmt::format("node '{}' ({}) is quantized inference; this reading covers "
                               "floating point only",
                               n.name, op_name(n.op))};
    if (is_float(n.type.dtype)) continue;
    const OpClass c = op_info(n.op).cls;
    if (c != OpClass::View && c != OpClass::Movement)
      return Error{
          fmt::format("node '{}' ({}) computes on {} tensors; this reading computes "
                      "floating point only",
                      n.name, op_name(n.op), dtype_name(n.type.dtype))};
  }
  return {};
}

/// Whether the interpreter evaluates node n in exact integers (sem::WrapIntDomain(64)): every
/// non-leaf node with an integer result except quantize, which rounds a float (ops.def).
inline bool integer_node(const Node& n) {
  return n.op != OpKind::Input && n.op != OpKind::Constant && n.op != OpKind::Quantize &&
         !is_float(n.type.dtype);
}

/// Integer values of the nodes of an integer-capable reading, by node (empty for float ones).
using IntValues = std::vector<std::vector<int64_t>>;

/// No node computed outside the semantics (evaluate_graph's default).
struct NoOverride {
  template <class V>
  bool operator()(const Node&, std::span<const sem::Operand<V>>, std::vector<V>&) const {
    return false;
  }
};

/// Evaluates integer node n (integer_node) in sem::WrapIntDomain(64) from the integer values
/// of its operands in `ints` (or by `over` when it takes the node), into ints[i] and its
/// float copy `out` (exact for 8-bit types). A value that does not fit n's type, or an
/// undefined operation, is an error.
template <class V>
Result<void> evaluate_integer_node(const Graph& g, const Node& n, IntValues& ints, size_t i,
                                   std::vector<V>& out, const IntNodeOverride* over = nullptr) {
  sem::WrapIntDomain d(64);
  std::vector<sem::Operand<int64_t>> ops;
  for (NodeId in : n.inputs) ops.push_back({ints[in.index].data(), &g.node(in).type.shape});
  std::vector<int64_t>& r = ints[i];
  const std::span<const sem::Operand<int64_t>> operands(ops);
  if (!over || !*over || !(*over)(n, operands, r))
    sem::eval_node(d, n.op, n.attrs, operands, n.type.shape, r);
  out.assign(r.begin(), r.end());
  if (d.undefined)
    return Error{fmt::format("node '{}' ({}): an integer operation is undefined (division by zero)",
                             n.name, op_name(n.op))};
  const IntRange range = int_range(n.type.dtype);
  for (size_t k = 0; k < r.size(); ++k)
    if (r[k] < range.lo || r[k] > range.hi)
      return Error{fmt::format("node '{}' ({}): value {} at element {} does not fit {}", n.name,
                               op_name(n.op), r[k], k, dtype_name(n.type.dtype))};
  return {};
}

/// Runs `g` (verified by infer_types) over domain `d` and returns the values of its
/// outputs in order, row-major. Leaves become values through
/// `leaf(const Node&, const Tensor&) -> std::vector<sem::Val<D>>`, called with a constant's
/// data or an input's value (given in `opts`, else generated from the seed). `override`
/// may compute a node itself (returns true after filling its elements). Buffers are
/// released after their last use.
///
/// With a FloatDomain, integer nodes (integer_node) are evaluated in sem::WrapIntDomain(64)
/// from the same formulas, on exact integer copies of their operands, and a value that does
/// not fit its node's type is an error (ops.def: integers never wrap silently); their float
/// copies (exact for 8-bit types) are what float consumers such as dequantize read. The
/// integer values of the outputs go to `int_outputs` when given (empty for float outputs).
/// Other domains refuse integer arithmetic.
template <class D, class Leaf, class Override = NoOverride>
Result<std::vector<std::vector<sem::Val<D>>>> evaluate_graph(const Graph& g, const RunOptions& opts,
                                                             D& d, Leaf&& leaf,
                                                             Override&& override = {},
                                                             IntValues* int_outputs = nullptr,
                                                             const IntNodeOverride* int_override =
                                                                 nullptr) {
  using V = sem::Val<D>;
  constexpr bool kIntegers = std::is_same_v<D, sem::FloatDomain<float>> ||
                             std::is_same_v<D, sem::FloatDomain<double>>;
  if (auto r = check_given_inputs(g, opts); !r) return r.error();
  if constexpr (!kIntegers)
    if (auto r = check_no_integer_arithmetic(g); !r) return r.error();
  // Refused before anything is allocated when the machine cannot hold the run.
  if (auto r = check_interpreter_memory(g, sizeof(V)); !r) return r.error();
  // Last use of each value, so buffers are released as soon as they are dead.
  std::vector<size_t> last_use(g.size(), 0);
  for (size_t i = 0; i < g.size(); ++i)
    for (NodeId in : g.nodes()[i].inputs) last_use[in.index] = i;
  for (NodeId o : g.outputs()) last_use[o.index] = g.size();

  std::vector<std::vector<V>> values(g.size());
  IntValues ints(kIntegers ? g.size() : 0);
  struct Hooks {
    const Graph& g;
    const RunOptions& opts;
    Leaf& leaf_value;
    Override& override_node;
    const std::vector<size_t>& last_use;
    std::vector<std::vector<V>>& values;
    IntValues& ints;
    const IntNodeOverride* int_override;
    std::string error;
    bool evaluate(size_t i, const Node& n, std::span<const sem::Operand<V>> ops,
                  sem::FloatAttrValues<V>, std::vector<V>& out) {
      if (n.op == OpKind::Input || n.op == OpKind::Constant) return false;
      if constexpr (kIntegers) {
        if (integer_node(n)) {
          if (auto r = evaluate_integer_node(g, n, ints, i, out, int_override);
              !r && error.empty())
            error = r.error().message;
          return true;
        }
      }
      return override_node(n, ops, out);
    }
    Result<void> leaf(size_t i, const Node& n, std::vector<V>& out) {
      const Tensor* t = nullptr;
      Tensor generated;
      if (n.op == OpKind::Constant) {
        t = &*n.data;
      } else if (auto it = opts.inputs.find(n.name); it != opts.inputs.end()) {
        t = &it->second;
      } else {
        generated = generate_input(g, g.id(i), opts.seed);
        t = &generated;
      }
      out = leaf_value(n, *t);
      if constexpr (kIntegers)
        if (is_integer(t->dtype()))
          for (int64_t k = 0; k < t->size(); ++k)
            ints[i].push_back(static_cast<int64_t>(t->get(k)));
      return {};
    }
    void after(size_t i, const Node& n) {
      if constexpr (kIntegers)  // quantize's results are exact integers in the float domain
        if (n.op == OpKind::Quantize)
          for (V v : values[i]) ints[i].push_back(static_cast<int64_t>(v));
      for (NodeId in : n.inputs)
        if (last_use[in.index] == i) {
          std::vector<V>().swap(values[in.index]);
          if constexpr (kIntegers) std::vector<int64_t>().swap(ints[in.index]);
        }
    }
  } hooks{g, opts, leaf, override, last_use, values, ints, int_override, {}};
  if (auto r = sem::walk_graph(d, g, 0, g.size(), values, hooks); !r) return r.error();
  if (!hooks.error.empty()) return Error{hooks.error};
  std::vector<std::vector<V>> outs;
  for (NodeId o : g.outputs()) outs.push_back(values[o.index]);  // a copy: outputs may repeat
  if (int_outputs) {
    int_outputs->clear();
    for (NodeId o : g.outputs())
      int_outputs->push_back(kIntegers ? ints[o.index] : std::vector<int64_t>{});
  }
  return outs;
}

}  // namespace vf::interp_detail
