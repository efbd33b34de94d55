#include "rewrite/fold.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>

#include "interp/interpreter.h"
#include "ir/certified_graph.h"
#include "ir/copy_nodes.h"
#include "ir/op_plan.h"
#include "rewrite/interval_domain.h"
#include "semantics/walk_graph.h"

namespace vf::rewrite {
namespace {

/// The instance's nodes that `roots` need, copied into a graph of their own: slot inputs
/// (float attributes used as operands) stay inputs, everything else is constants and
/// operators. `map` gives the copy of each instance node (invalid if not copied).
Graph constant_subgraph(const verify::Instance& inst, std::span<const NodeId> roots,
                        std::vector<NodeId>& map) {
  const Graph& g = inst.graph;
  std::vector<bool> need(g.size(), false);
  for (NodeId r : roots) need[r.index] = true;
  for (size_t i = g.size(); i-- > 0;)
    if (need[i])
      for (NodeId in : g.nodes()[i].inputs) need[in.index] = true;
  Graph out;
  map.assign(g.size(), {});
  struct Hooks {
    const std::vector<bool>& need;
    bool place(size_t i, const Node&) const { return !need[i]; }  // not read: skipped
  } hooks{need};
  const auto copied = copy_nodes(g, 0, g.size(), out, map, hooks);
  assert(copied);  // a needed node's inputs are needed
  (void)copied;
  for (NodeId r : roots) out.add_output(map[r.index]);
  return out;
}

/// The enclosure of a constant's element `v` whose value carries the error `e` of an earlier
/// fold: [v - e, v + e], rounded outward; the point v when e is 0.
Interval leaf_interval(double v, double e) {
  return e > 0 ? Interval{IntervalDomain::sub_down(v, e), IntervalDomain::add_up(v, e)}
               : Interval{v, v};
}

/// The error tensor of constant `data` in `errors`, or null.
const Tensor* error_of(const LeafErrors* errors, const Tensor* data) {
  if (!errors) return nullptr;
  const auto it = errors->find(data);
  return it == errors->end() ? nullptr : it->second;
}

/// Enclosures of the outputs of a constant graph (interval reading of the semantics).
/// A constant with an entry in `errors` (by data) enters as [x - e, x + e].
std::vector<std::vector<Interval>> enclose(const Graph& g, const std::vector<Interval>& inputs,
                                           const LeafErrors* errors) {
  IntervalDomain d;
  std::vector<std::vector<Interval>> values(g.size());
  struct Hooks {
    const std::vector<Interval>& inputs;
    const LeafErrors* errors;
    size_t next_input = 0;
    Result<void> leaf(size_t, const Node& n, std::vector<Interval>& out) {
      if (n.op == OpKind::Input) {
        out = {inputs[next_input++]};
        return {};
      }
      const std::vector<double> v = n.data->to_doubles();
      const Tensor* e = error_of(errors, n.data.get());
      out.reserve(v.size());
      for (size_t i = 0; i < v.size(); ++i)
        out.push_back(leaf_interval(v[i], e ? e->get(static_cast<int64_t>(i)) : 0.0));
      return {};
    }
  } hooks{inputs, errors};
  (void)sem::walk_graph(d, g, 0, g.size(), values, hooks);  // leaves cannot fail here
  std::vector<std::vector<Interval>> outs;
  for (NodeId o : g.outputs()) outs.push_back(values[o.index]);
  return outs;
}

/// Whether every value `g` computes is one of its float32 constants' elements, moved: no
/// operand inputs (float attributes), every constant float32, every operator a view or a
/// movement (ops.def: each output element is one input element) other than those that
/// also write a constant of their own (pad's value, a double attribute) or read run-time
/// integers. Such a fold is exact: the stored value is the exact one.
bool moves_only(const Graph& g) {
  if (!g.inputs().empty()) return false;
  for (const Node& n : g.nodes()) {
    if (n.op == OpKind::Constant) {
      if (n.data->dtype() != DType::F32) return false;
      continue;
    }
    const OpClass c = op_class(n.op);
    if (c != OpClass::View && c != OpClass::Movement) return false;
    if (n.op == OpKind::Pad || is_indexed_op(n.op) || n.op == OpKind::Im2col) return false;
  }
  return true;
}

/// Output elements per block of a folded transpose (transpose_by_rows): the block's input
/// slice is read in cache.
constexpr int64_t kMoveBlockElements = 1 << 16;

/// Whether every output of `g` (moves_only) is a transpose of a constant.
bool transposes_of_constants(const Graph& g) {
  for (NodeId o : g.outputs()) {
    const Node& n = g.node(o);
    if (n.op != OpKind::Transpose || g.node(n.inputs[0]).op != OpKind::Constant) return false;
  }
  return true;
}

/// Transpose node `n` of `g`, reading a float32 constant, evaluated through the one
/// semantics (sem::eval_node in float32) block by block of output rows: output rows [r0, r1)
/// of transpose(x, perm) are transpose(x', perm), x' the slice [r0, r1) of x along its axis
/// perm[0] — the output's leading axis — copied out contiguously. Moving the rows so keeps
/// each block's reads in cache (a 4096 x 16384 weight read column by column misses on
/// every element).
Tensor transpose_by_rows(const Graph& g, const Node& n) {
  const Tensor& x = *g.node(n.inputs[0]).data;
  const Shape& xs = x.shape();
  const Shape& out_shape = n.type.shape;
  Tensor out(TensorType{DType::F32, out_shape});
  const int64_t total = num_elements(out_shape);
  if (total == 0) return out;
  const auto perm = transpose_perm(n.attrs, xs.size());
  const size_t axis = out_shape.empty() ? 0 : static_cast<size_t>(perm[0]);
  const int64_t rows = out_shape.empty() ? 1 : out_shape[0];
  const int64_t block_rows = std::max<int64_t>(1, kMoveBlockElements / (total / rows));
  int64_t outer = 1, inner = 1;  // elements before and after the sliced axis
  for (size_t a = 0; a < xs.size(); ++a) {
    if (a < axis) outer *= xs[a];
    if (a > axis) inner *= xs[a];
  }
  const float* src = x.view<float>().data();
  float* dst = out.view_mut<float>().data();
  sem::FloatDomain<float> d;
  std::vector<float> slice, block;
  for (int64_t r0 = 0; r0 < rows; r0 += block_rows) {
    const int64_t r1 = std::min(rows, r0 + block_rows);
    Shape slice_shape = xs, block_shape = out_shape;
    if (!xs.empty()) slice_shape[axis] = r1 - r0;
    if (!block_shape.empty()) block_shape[0] = r1 - r0;
    slice.clear();
    for (int64_t o = 0; o < outer; ++o) {
      const float* from = src + (o * (xs.empty() ? 1 : xs[axis]) + r0) * inner;
      slice.insert(slice.end(), from, from + (r1 - r0) * inner);
    }
    const sem::Operand<float> op{slice.data(), &slice_shape};
    block.clear();
    sem::eval_node(d, n.op, n.attrs, std::span<const sem::Operand<float>>(&op, 1), block_shape,
                   block);
    std::copy(block.begin(), block.end(), dst + r0 * (total / rows));
  }
  return out;
}

/// Elements per block of an elementwise fold (fold_elementwise): the block's operands and
/// values stay in cache, and nothing is allocated per element.
constexpr int64_t kFoldBlockElements = 1 << 14;

/// Whether `g` is an elementwise fold of leaves: every operator node a float unary or binary
/// elementwise operator (ops.def classes Unary, Binary; not cast nor quantized inference)
/// reading only leaves (float32 constants, scalar inputs), and every output an operator node —
/// a weight divided by a scalar, a bias plus a per-channel constant.
bool elementwise_of_leaves(const Graph& g) {
  for (const Node& n : g.nodes()) {
    if (n.op == OpKind::Constant) {
      if (n.data->dtype() != DType::F32) return false;
      continue;
    }
    if (n.op == OpKind::Input) {
      if (n.type.size() != 1) return false;
      continue;
    }
    const OpClass c = op_class(n.op);
    if ((c != OpClass::Unary && c != OpClass::Binary) || is_quant_op(n.op) || is_indexed_op(n.op) ||
        !is_float(n.type.dtype))
      return false;
    for (NodeId in : n.inputs)
      if (g.node(in).op != OpKind::Constant && g.node(in).op != OpKind::Input) return false;
  }
  for (NodeId o : g.outputs())
    if (g.node(o).op == OpKind::Constant || g.node(o).op == OpKind::Input) return false;
  return true;
}

/// Node `n` of `g` (elementwise, reading leaves only) evaluated over domain `d` through the
/// one semantics (sem::eval_node), block by block of output rows (its leading axis):
/// `leaf(input, first, count, values)` sets `values` to elements [first, first + count) of
/// leaf `input`; `emit(first, values)` receives the output elements from `first` on. By numpy
/// broadcasting (right-aligned), output rows [r0, r1) read rows [r0, r1) of an operand whose
/// leading axis is the output's (same rank, same size) and all of any other operand (a lower
/// rank, or a leading axis of 1); so each block is the node on those slices.
template <class D, class Leaf, class Emit>
void eval_by_rows(D& d, const Graph& g, const Node& n, Leaf&& leaf, Emit&& emit) {
  using V = sem::Val<D>;
  const Shape& out_shape = n.type.shape;
  const int64_t total = num_elements(out_shape);
  if (total == 0) return;
  const int64_t rows = out_shape.empty() ? 1 : out_shape[0];
  const int64_t row_elements = total / rows;
  const int64_t block_rows = std::max<int64_t>(1, kFoldBlockElements / row_elements);
  const size_t k = n.inputs.size();
  std::vector<std::vector<V>> operand_values(k);
  std::vector<Shape> operand_shapes(k);
  std::vector<bool> sliced(k);
  std::vector<sem::Operand<V>> ops(k);
  for (size_t j = 0; j < k; ++j) {
    operand_shapes[j] = g.node(n.inputs[j]).type.shape;
    sliced[j] =
        rows > 1 && operand_shapes[j].size() == out_shape.size() && operand_shapes[j][0] == rows;
  }
  std::vector<V> out;
  for (int64_t r0 = 0; r0 < rows; r0 += block_rows) {
    const int64_t r1 = std::min(rows, r0 + block_rows);
    Shape block = out_shape;
    if (!block.empty()) block[0] = r1 - r0;
    for (size_t j = 0; j < k; ++j) {
      const int64_t size = g.node(n.inputs[j]).type.size();
      if (sliced[j]) {
        const int64_t per_row = size / rows;
        operand_shapes[j][0] = r1 - r0;
        leaf(n.inputs[j], r0 * per_row, (r1 - r0) * per_row, operand_values[j]);
      } else if (r0 == 0) {
        leaf(n.inputs[j], 0, size, operand_values[j]);  // whole, read by every block
      }
      ops[j] = {operand_values[j].data(), &operand_shapes[j]};
    }
    out.clear();
    sem::eval_node(d, n.op, n.attrs, std::span<const sem::Operand<V>>(ops), block, out);
    emit(r0 * row_elements, std::span<const V>(out));
  }
}

/// The distance from stored value `s` to the farthest point of enclosure `e`, rounded up (0
/// for an exact fold: a point enclosure at the stored value).
double distance_up(float s, const Interval& e) {
  return std::max(IntervalDomain::sub_up(s, e.lo), IntervalDomain::sub_up(e.hi, s));
}

/// Checks element i of folded constant `name`: its stored value `s` against `e`, the
/// enclosure of its exact value computed from the stored constants; `wide`, when some
/// constant read carries an earlier fold's error, is the distance from `s` to the enclosure
/// computed with those errors (distance_up; else that enclosure is `e`). Sets `error` (the
/// certified error) and raises `max_ulps`; an Error when the element is not finite, has no
/// finite error or is farther than kMaxFoldUlps.
Result<void> check_element(const std::string& name, size_t i, float s, const Interval& e,
                           std::optional<double> wide, double& error, double& max_ulps) {
  if (!std::isfinite(s) || !std::isfinite(e.lo) || !std::isfinite(e.hi))
    return Error{fmt::format("folded constant '{}' element {} is not finite", name, i)};
  const double err = distance_up(s, e);
  const double ulps = err / f32_ulp(s);
  error = wide ? std::max(err, *wide) : err;
  if (!std::isfinite(error))
    return Error{fmt::format("folded constant '{}' element {}: the errors of the constants it "
                             "is computed from give no finite bound",
                             name, i)};
  max_ulps = std::max(max_ulps, ulps);
  if (!(ulps <= kMaxFoldUlps))
    return Error{fmt::format(
        "folded constant '{}' element {} is {} but its exact value is in [{}, {}]: {:.3g} "
        "float32 ulps away, more than the {} allowed",
        name, i, s, e.lo, e.hi, ulps, kMaxFoldUlps)};
  return {};
}

/// fold_constants for an elementwise fold of leaves (elementwise_of_leaves): the same f64
/// reading, rounding, enclosures and checks, each output node evaluated block by block of its
/// rows (eval_by_rows) over the constants' float32 data, without copying whole tensors into
/// f64 or interval form. `inputs` has the value of each input of `sub` (slots), by node index.
Result<std::vector<FoldedConstant>> fold_elementwise(
    const verify::Instance& inst, const Graph& sub, std::span<const NodeId> frontier,
    const std::vector<double>& inputs,
    const std::function<void(std::vector<FoldedConstant>&)>& tamper,
    const LeafErrors* leaf_errors, bool carried) {
  std::vector<FoldedConstant> out;
  // The f64 reading (the interpreter's: sem::FloatDomain<double> on the constants' values).
  sem::FloatDomain<double> f64;
  auto f64_leaf = [&](NodeId id, int64_t first, int64_t count, std::vector<double>& v) {
    const Node& n = sub.node(id);
    v.resize(static_cast<size_t>(count));
    if (n.op == OpKind::Input) {
      v[0] = inputs[id.index];
      return;
    }
    const float* x = n.data->view<float>().data() + first;
    for (int64_t i = 0; i < count; ++i) v[static_cast<size_t>(i)] = x[i];
  };
  for (size_t k = 0; k < frontier.size(); ++k) {
    const Node& n = sub.node(sub.outputs()[k]);
    FoldedConstant f;
    f.node = frontier[k];
    f.value = Tensor(TensorType{DType::F32, n.type.shape});
    auto dst = f.value.view_mut<float>();
    eval_by_rows(f64, sub, n, f64_leaf, [&](int64_t first, std::span<const double> v) {
      for (size_t i = 0; i < v.size(); ++i)
        dst[static_cast<size_t>(first) + i] = static_cast<float>(v[i]);  // to nearest
    });
    out.push_back(std::move(f));
  }
  if (tamper) tamper(out);
  // The interval reading, independent of the stored values it checks: from the stored
  // constants, and (`carried`) from the constants widened by their errors.
  IntervalDomain id;
  auto interval_leaf = [&](bool widened) {
    return [&, widened](NodeId nid, int64_t first, int64_t count, std::vector<Interval>& v) {
      const Node& n = sub.node(nid);
      v.resize(static_cast<size_t>(count));
      if (n.op == OpKind::Input) {
        v[0] = {inputs[nid.index], inputs[nid.index]};
        return;
      }
      const float* x = n.data->view<float>().data() + first;
      const Tensor* e = widened ? error_of(leaf_errors, n.data.get()) : nullptr;
      for (int64_t i = 0; i < count; ++i)
        v[static_cast<size_t>(i)] = leaf_interval(x[i], e ? e->get(first + i) : 0.0);
    };
  };
  for (size_t k = 0; k < out.size(); ++k) {
    FoldedConstant& f = out[k];
    const Node& n = sub.node(sub.outputs()[k]);
    const std::string& name = inst.graph.node(f.node).name;
    f.error = Tensor(TensorType{DType::F64, f.value.shape()});
    const auto stored = f.value.view<float>();
    auto error = f.error.view_mut<double>();
    if (carried)  // the distance to the widened enclosure first, in `error`
      eval_by_rows(id, sub, n, interval_leaf(true),
                   [&](int64_t first, std::span<const Interval> w) {
                     for (size_t i = 0; i < w.size(); ++i) {
                       const size_t at = static_cast<size_t>(first) + i;
                       error[at] = distance_up(stored[at], w[i]);
                     }
                   });
    std::optional<Error> failed;  // the first element that fails (the blocks run on)
    eval_by_rows(id, sub, n, interval_leaf(false),
                 [&](int64_t first, std::span<const Interval> e) {
                   for (size_t i = 0; i < e.size() && !failed; ++i) {
                     const size_t at = static_cast<size_t>(first) + i;
                     const auto wide = carried ? std::optional<double>(error[at]) : std::nullopt;
                     if (auto ok =
                             check_element(name, at, stored[at], e[i], wide, error[at], f.max_ulps);
                         !ok)
                       failed = ok.error();
                   }
                 });
    if (failed) return *failed;
  }
  return out;
}

}  // namespace

double f32_ulp(float v) {
  const float a = std::fabs(v);
  if (!std::isfinite(a)) return std::numeric_limits<double>::infinity();
  // The next float above a >= 0 (std::nextafter(a, +inf), without the libm call: it runs
  // for every element of a folded weight): the next bit pattern, FLT_MAX's being +inf.
  const float next = std::bit_cast<float>(std::bit_cast<uint32_t>(a) + 1);
  return static_cast<double>(next) - a;
}

bool folds_elementwise(const verify::Instance& inst) {
  const std::vector<NodeId> frontier = fold_frontier(inst, nullptr);
  if (frontier.empty()) return false;
  std::vector<NodeId> map;
  return elementwise_of_leaves(constant_subgraph(inst, frontier, map));
}

std::vector<NodeId> fold_frontier(const verify::Instance& inst, std::vector<bool>* foldable_out) {
  const Graph& g = inst.graph;
  const auto slot_inputs = verify::slots_by_input(inst);
  std::vector<bool> foldable(g.size(), false);
  for (size_t i = 0; i < inst.target_end; ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Constant)
      foldable[i] = true;
    else if (n.op == OpKind::Input)
      foldable[i] = slot_inputs.count(static_cast<uint32_t>(i)) > 0;
    else {
      foldable[i] = true;
      for (NodeId in : n.inputs) foldable[i] = foldable[i] && foldable[in.index];
    }
  }
  std::vector<bool> frontier(g.size(), false);
  auto mark = [&](NodeId n) {
    if (foldable[n.index] && g.node(n).op != OpKind::Constant) frontier[n.index] = true;
  };
  for (size_t i = inst.source_end; i < inst.target_end; ++i) {
    const Node& n = g.nodes()[i];
    if (foldable[i]) continue;
    for (NodeId in : n.inputs)
      if (in.index >= inst.source_end || g.node(in).op == OpKind::Input) mark(in);
  }
  if (inst.target_root.index >= inst.source_end) mark(inst.target_root);
  std::vector<NodeId> out;
  for (size_t i = 0; i < g.size(); ++i)
    if (frontier[i]) out.push_back(g.id(i));
  if (foldable_out) *foldable_out = std::move(foldable);
  return out;
}

Result<std::vector<FoldedConstant>> fold_constants(
    const verify::Instance& inst, std::span<const double> float_values,
    const std::function<void(std::vector<FoldedConstant>&)>& tamper,
    const LeafErrors* leaf_errors, FoldPath path) {
  const std::vector<NodeId> frontier = fold_frontier(inst, nullptr);
  std::vector<FoldedConstant> out;
  if (frontier.empty()) return out;
  std::vector<NodeId> map;
  const Graph sub = constant_subgraph(inst, frontier, map);
  const auto slot_inputs = verify::slots_by_input(inst);
  // Only moved float32 elements (a folded transpose or reshape of a weight): computed in
  // float32, which moves them exactly, with error 0 — unless a constant read carries an
  // error of an earlier fold, or the values are to be tampered with (the checks below
  // must then run).
  bool carried = false;  // some constant read carries an earlier fold's error
  if (leaf_errors)
    for (const Node& n : sub.nodes())
      carried = carried || (n.op == OpKind::Constant && leaf_errors->count(n.data.get()) > 0);
  if (path == FoldPath::Fastest && !tamper && !carried && moves_only(sub)) {
    // A weight's transpose by blocks of rows; other movements through the walk.
    std::vector<Tensor> moved;
    if (transposes_of_constants(sub)) {
      for (NodeId o : sub.outputs()) moved.push_back(transpose_by_rows(sub, sub.node(o)));
    } else {
      auto r = run_graph(CertifiedGraph::unrewritten(sub), RunOptions{});
      if (!r) return r.error();
      moved = std::move(*r);
    }
    for (size_t k = 0; k < frontier.size(); ++k) {
      FoldedConstant f;
      f.node = frontier[k];
      f.value = std::move(moved[k]);
      f.error = Tensor(TensorType{DType::F64, {0}});
      f.exact = true;
      out.push_back(std::move(f));
    }
    return out;
  }
  // Float attributes used as operands enter as exact doubles (a model's epsilon=1e-05
  // is the double 1e-05, as the interpreter's f64 reading has it).
  RunOptions ro;
  ro.precision = Precision::F64;
  std::vector<Interval> input_enclosures;
  std::vector<double> input_values(sub.size(), 0.0);  // by node of `sub`
  for (NodeId in : sub.inputs()) {
    uint32_t inst_node = 0;
    for (size_t i = 0; i < map.size(); ++i)
      if (map[i] == in) inst_node = static_cast<uint32_t>(i);
    const double v = float_values[slot_inputs.at(inst_node)];
    ro.inputs[sub.node(in).name] = Tensor::scalar(DType::F64, v);
    input_enclosures.push_back({v, v});
    input_values[in.index] = v;
  }
  // A weight divided by a scalar, a bias plus a per-channel constant: block by block.
  if (path == FoldPath::Fastest && elementwise_of_leaves(sub))
    return fold_elementwise(inst, sub, frontier, input_values, tamper, leaf_errors, carried);
  auto values = run_graph(CertifiedGraph::unrewritten(sub), ro);
  if (!values) return values.error();
  for (size_t k = 0; k < frontier.size(); ++k) {
    FoldedConstant f;
    f.node = frontier[k];
    const Tensor& v = (*values)[k];
    f.value = Tensor(TensorType{DType::F32, v.shape()});
    const auto src = v.view<double>();
    auto dst = f.value.view_mut<float>();
    for (size_t i = 0; i < src.size(); ++i) dst[i] = static_cast<float>(src[i]);  // to nearest
    out.push_back(std::move(f));
  }
  if (tamper) tamper(out);
  const auto enclosures = enclose(sub, input_enclosures, nullptr);
  // With the errors of the constants read: what the certified error states (when no
  // constant read carries an error, the enclosure above).
  const auto wide = carried ? enclose(sub, input_enclosures, leaf_errors)
                            : std::vector<std::vector<Interval>>{};
  for (size_t k = 0; k < out.size(); ++k) {
    FoldedConstant& f = out[k];
    const std::string& name = inst.graph.node(f.node).name;
    f.error = Tensor(TensorType{DType::F64, f.value.shape()});
    const auto stored = f.value.view<float>();
    auto error = f.error.view_mut<double>();
    for (size_t i = 0; i < stored.size(); ++i)
      if (auto ok = check_element(
              name, i, stored[i], enclosures[k][i],
              carried ? std::optional<double>(distance_up(stored[i], wide[k][i])) : std::nullopt,
              error[i], f.max_ulps);
          !ok)
        return ok.error();
  }
  return out;
}

}  // namespace vf::rewrite
