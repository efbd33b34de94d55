// Import-time evaluation of shape computations and constant data movement.
//
// A node whose inputs are all known is evaluated, not converted, when it computes integers
// or only moves data: the node is converted by its ordinary converter into a scratch graph
// and that graph is evaluated by the one graph walk (sem::walk_graph) with the operators'
// one semantics, in the integer domain (sem::WrapIntDomain at the tensor's width) for
// integer tensors and in the tensor's own float type (float32 as the graph runs) for float
// ones. Only what has no IR operator is evaluated
// by the small functions below: Shape, ConstantOfShape, Range, Cast, Floor / Ceil / Round
// and the comparisons and logical operators that produce booleans (Equal, Less, Greater,
// Not, And, Or). Float arithmetic on constants stays in the graph (folding it is the
// rewriter's job, with a certificate), and its float32 value is kept beside the node for
// the readers that need a known value.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "frontend/onnx_importer.h"
#include "frontend/onnx_tensor.h"
#include "ir/copy_nodes.h"
#include "ir/op_plan.h"
#include "ir/shape_inference.h"
#include "semantics/walk_graph.h"
#include "semantics/wrap_int_domain.h"
#include "support/limits.h"

namespace vf::onnx_io {

// ---------------------------------------------------------------- exact integer data

int64_t int_at(const Tensor& t, int64_t i) {
  switch (t.dtype()) {
    case DType::I64: return t.view<int64_t>()[static_cast<size_t>(i)];
    case DType::I32: return t.view<int32_t>()[static_cast<size_t>(i)];
    case DType::I8: return t.view<int8_t>()[static_cast<size_t>(i)];
    case DType::U8: return t.view<uint8_t>()[static_cast<size_t>(i)];
    case DType::Bool: return t.view<uint8_t>()[static_cast<size_t>(i)] != 0;
    case DType::F32:
    case DType::F64: {
      // Saturated: a float index of 1e30 means "to the end", as INT64_MAX does.
      const double d = t.get(i);
      if (std::isnan(d)) return 0;
      if (d >= 0x1p63) return std::numeric_limits<int64_t>::max();
      if (d <= -0x1p63) return std::numeric_limits<int64_t>::min();
      return static_cast<int64_t>(d);
    }
  }
  return 0;
}

Tensor int_tensor(TensorType type, const std::vector<int64_t>& v) {
  Tensor t(type);
  for (size_t i = 0; i < v.size(); ++i) {
    switch (type.dtype) {
      case DType::I64: t.view_mut<int64_t>()[i] = v[i]; break;
      case DType::I32: t.view_mut<int32_t>()[i] = static_cast<int32_t>(v[i]); break;
      case DType::I8: t.view_mut<int8_t>()[i] = static_cast<int8_t>(v[i]); break;
      case DType::U8: t.view_mut<uint8_t>()[i] = static_cast<uint8_t>(v[i]); break;
      case DType::Bool: t.view_mut<uint8_t>()[i] = v[i] != 0; break;
      case DType::F32:
      case DType::F64: t.set(static_cast<int64_t>(i), static_cast<double>(v[i])); break;
    }
  }
  return t;
}

namespace {

/// Largest float value computed at import beside the graph node that computes it.
constexpr int64_t kMaxKnownBesideNode = int64_t{1} << 12;

/// The two's complement width integer arithmetic of `dt` wraps at.
unsigned int_width(DType dt) {
  switch (dt) {
    case DType::I32: return 32;
    case DType::I8: return 8;
    case DType::U8: return 16;  // unsigned 8-bit values fit a signed 16-bit reading
    case DType::Bool: return 8;
    case DType::I64:
    case DType::F32:
    case DType::F64: return 64;
  }
  return 64;
}

/// Calls f(flat, idx) for every index of `s` in row-major order.
template <class F>
void for_each_index(const Shape& s, F&& f) {
  const int64_t n = num_elements(s);
  std::vector<int64_t> idx(s.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    f(i, idx);
    for (size_t k = s.size(); k-- > 0;) {
      if (++idx[k] < s[k]) break;
      idx[k] = 0;
    }
  }
}

/// Leaves of the scratch graph: its constants, read exactly in the walk's value type.
template <class V>
struct ScratchHooks {
  Result<void> leaf(size_t, const Node& n, std::vector<V>& out) {
    assert(n.op == OpKind::Constant && n.data);
    out.resize(static_cast<size_t>(n.data->size()));
    for (int64_t i = 0; i < n.data->size(); ++i) {
      if constexpr (std::is_same_v<V, int64_t>)
        out[static_cast<size_t>(i)] = int_at(*n.data, i);
      else
        out[static_cast<size_t>(i)] = static_cast<V>(n.data->get(i));
    }
    return {};
  }
};

}  // namespace

// ---------------------------------------------------------------- the fold

bool Importer::try_fold(const onnx::NodeProto& n, bool& ok) {
  const std::string& op = n.op_type();
  if (op == "Constant") return false;
  if (quant_onnx_op(op)) return false;  // integer nodes stay nodes, even on constants
  if (op == "Shape") return ok = fold_shape(n), true;  // only the static type is read
  for (int k = 0; k < n.input_size(); ++k) {
    if (n.input(k).empty()) continue;
    const Value* v = input(n, k);
    if (!v || !v->known) return false;
  }
  // A float Cast of a value that is also a graph node stays an alias of that node.
  if (op == "Cast" && input(n, 0)->id.valid() &&
      dtype_from_onnx(static_cast<int32_t>(attr_int(n, "to", 1))) == input(n, 0)->type.dtype)
    return false;
  if (import_time_only(op) || op == "Cast") return ok = fold_without_ir_op(n), true;
  return fold_by_semantics(n, ok);
}

bool Importer::fold_by_semantics(const onnx::NodeProto& n, bool& ok) {
  // A float input that is also a node of the graph (float arithmetic on constants, below)
  // keeps the result a node too: the rewriter sees the defining expression.
  bool dual_input = false;
  for (int k = 0; k < n.input_size(); ++k)
    if (const Value* v = input(n, k); v && v->id.valid() && is_float(v->type.dtype))
      dual_input = true;

  // The node converted into a scratch graph whose leaves are its known inputs.
  Graph main = std::move(g_);
  g_ = Graph{};
  std::set<std::string> main_names = names_;
  fold_ = FoldScope{};
  fold_.active = true;
  const bool converted = convert_node(*this, n);
  fold_.active = false;
  Graph scratch = std::move(g_);
  g_ = std::move(main);
  names_ = std::move(main_names);
  if (!converted) {
    ok = false;
    return true;
  }
  if (fold_.binds.empty()) return true;  // aliases of known values only (Identity, Dropout)

  bool any_int = false, moves_only = true, any_float = false, too_large = false;
  // too_large: a float constant that big, moved, stays a node; an integer value is an error.
  for (const Node& s : scratch.nodes()) {
    too_large = too_large ||
                limits::checked_num_elements(s.type.shape).value_or(limits::kMaxTensorElements) >
                    limits::kMaxFoldElements;
    if (s.op == OpKind::Input || s.op == OpKind::Constant) continue;
    (is_float(s.type.dtype) ? any_float : any_int) = true;
    const OpClass c = op_info(s.op).cls;
    moves_only = moves_only && (c == OpClass::View || c == OpClass::Movement);
  }
  if (any_int && any_float) {
    ok = fail(n, "mixes integer and float tensors in one computation at import");
    return true;
  }
  if (any_int && too_large) {
    ok = fail(n, fmt::format("a value computed at import has more than {} elements, the limit",
                             limits::kMaxFoldElements));
    return true;
  }
  // Float arithmetic on constants (and what moves its result) stays in the graph: folding
  // it is the rewriter's job, with a certificate. Its value is still computed here, in the
  // float32 semantics the graph runs with, for the readers that need a known value (a
  // Resize's scales, a Cast to integers, a Floor of sizes).
  const bool keep_node = !any_int && (!moves_only || dual_input);
  // Only small values are computed beside their node: a shape reader reads a few numbers,
  // and a constant convolution evaluated here would cost its full arithmetic.
  bool shape_sized = true;
  for (const Node& s : scratch.nodes())
    shape_sized = shape_sized &&
                  limits::checked_num_elements(s.type.shape).value_or(limits::kMaxTensorElements) <=
                      kMaxKnownBesideNode;
  if ((keep_node && !shape_sized) || too_large) return ok = convert_node(*this, n), true;

  std::vector<std::pair<int, Tensor>> results;
  auto collect = [&](auto& values, auto&& to_tensor) {
    for (const auto& [k, id] : fold_.binds)
      results.emplace_back(k, to_tensor(scratch.node(id).type, values[id.index]));
  };
  auto walk = [&](auto& d, auto& values, auto& hooks) {
    if (auto r = sem::walk_graph(d, scratch, 0, scratch.size(), values, hooks); !r)
      return fail(n, r.error().message);
    return true;
  };
  const DType dt = scratch.node(fold_.binds.front().second).type.dtype;
  if (any_int) {
    sem::WrapIntDomain d(int_width(dt));
    std::vector<std::vector<int64_t>> values(scratch.size());
    ScratchHooks<int64_t> hooks;
    if (!walk(d, values, hooks)) return ok = false, true;
    if (d.undefined)
      return ok = fail(n, "integer division by zero in a computation evaluated at import"), true;
    collect(values,
            [](const TensorType& t, const std::vector<int64_t>& v) { return int_tensor(t, v); });
  } else if (dt == DType::F32) {
    sem::FloatDomain<float> d;
    std::vector<std::vector<float>> values(scratch.size());
    ScratchHooks<float> hooks;
    if (!walk(d, values, hooks)) return ok = false, true;
    collect(values, [](const TensorType& t, const std::vector<float>& v) {
      return Tensor::from_floats(t.shape, v);
    });
  } else {
    sem::FloatDomain<double> d;
    std::vector<std::vector<double>> values(scratch.size());
    ScratchHooks<double> hooks;
    if (!walk(d, values, hooks)) return ok = false, true;
    collect(values, [](const TensorType& t, const std::vector<double>& v) {
      return Tensor::from_doubles(t, v);
    });
  }
  if (!keep_node) {
    for (auto& [k, t] : results) bind_known(n, k, std::move(t));
    return true;
  }
  ok = convert_node(*this, n);
  for (auto& [k, t] : results)
    if (ok && k < n.output_size()) {
      auto it = values_.find(n.output(k));
      if (it != values_.end() && it->second.type == t.type())
        it->second.known = std::make_shared<const Tensor>(std::move(t));
    }
  return true;
}

void Importer::drop_unread_nodes() {
  std::vector<bool> read(g_.size(), false);
  for (NodeId o : g_.outputs()) read[o.index] = true;
  for (size_t i = g_.size(); i-- > 0;)
    if (read[i])
      for (NodeId in : g_.nodes()[i].inputs) read[in.index] = true;
  bool all = true;
  for (size_t i = 0; i < g_.size(); ++i)
    all = all && (read[i] || g_.nodes()[i].op == OpKind::Input);
  if (all) return;
  struct Hooks {
    const std::vector<bool>& read;
    bool place(size_t i, const Node& n) const { return !read[i] && n.op != OpKind::Input; }
  } hooks{read};
  Graph out;
  std::vector<NodeId> map(g_.size());
  [[maybe_unused]] auto r = copy_nodes(g_, 0, g_.size(), out, map, hooks);
  assert(r);  // every read node's inputs are read
  for (NodeId o : g_.outputs()) out.add_output(map[o.index]);
  g_ = std::move(out);
}

// ---------------------------------------------------------------- operators with no IR operator

bool Importer::fold_shape(const onnx::NodeProto& n) {
  const Value* x = input(n, 0);
  const int64_t r = x->type.rank();
  const int64_t start = std::clamp(norm_axis(attr_int(n, "start", 0), r), int64_t{0}, r);
  const int64_t end =
      std::max(start, std::clamp(norm_axis(attr_int(n, "end", r), r), int64_t{0}, r));
  bind_known(
      n, 0,
      int_tensor(TensorType{DType::I64, {end - start}},
                 std::vector<int64_t>(x->type.shape.begin() + start, x->type.shape.begin() + end)));
  return true;
}

bool Importer::fold_without_ir_op(const onnx::NodeProto& n) {
  const std::string& op = n.op_type();
  auto known = [&](int k) -> const Tensor& { return *input(n, k)->known; };
  auto ints = [&](int k) {
    std::vector<int64_t> v;
    for (int64_t i = 0; i < known(k).size(); ++i) v.push_back(int_at(known(k), i));
    return v;
  };
  auto check_size = [&](const Shape& s) {
    for (int64_t d : s)
      if (d < 0) return fail(n, fmt::format("negative dimension in {}", shape_string(s)));
    if (limits::checked_num_elements(s).value_or(limits::kMaxTensorElements) >
        limits::kMaxFoldElements)
      return fail(n, fmt::format("the computed value {} has more than {} elements, the limit of "
                                 "a value computed at import",
                                 shape_string(s), limits::kMaxFoldElements));
    return true;
  };

  if (op == "Cast") {
    const auto to_code = static_cast<int32_t>(attr_int(n, "to", 1));
    auto to = dtype_from_onnx(to_code);
    if (!to) return fail(n, fmt::format("cast to {} is not supported", onnx_dtype_name(to_code)));
    const Tensor& x = known(0);
    if (is_float(*to) || is_float(x.dtype())) {
      Tensor t = Tensor::from_doubles(TensorType{*to, x.shape()}, x.to_doubles());
      if (*to == DType::Bool)  // nonzero is true (from_doubles truncates 0.5 to 0)
        for (int64_t i = 0; i < t.size(); ++i) t.set(i, x.get(i) != 0 ? 1 : 0);
      return bind_known(n, 0, std::move(t)), true;
    }
    return bind_known(n, 0, int_tensor(TensorType{*to, x.shape()}, ints(0))), true;
  }
  if (op == "ConstantOfShape") {
    const Shape s = ints(0);
    if (!check_size(s)) return false;
    Tensor fill = Tensor::scalar(DType::F32, 0);
    for (const auto& a : n.attribute())
      if (a.name() == "value") {
        auto t = tensor_from_proto(a.t());
        if (!t) return fail(n, t.error().message);
        if (t->size() != 1) return fail(n, "value must be a one-element tensor");
        fill = std::move(*t);
      }
    if (is_float(fill.dtype()))
      return bind_known(
                 n, 0,
                 Tensor::from_doubles(
                     TensorType{fill.dtype(), s},
                     std::vector<double>(static_cast<size_t>(num_elements(s)), fill.get(0)))),
             true;
    return bind_known(n, 0,
                      int_tensor(TensorType{fill.dtype(), s},
                                 std::vector<int64_t>(static_cast<size_t>(num_elements(s)),
                                                      int_at(fill, 0)))),
           true;
  }
  if (op == "Range") {
    for (int k = 0; k < 3; ++k)
      if (known(k).size() != 1) return fail(n, "start, limit and delta must be scalars");
    const DType dt = known(0).dtype();
    const double start = known(0).get(0), limit = known(1).get(0), delta = known(2).get(0);
    if (delta == 0) return fail(n, "delta is 0");
    const double count_d = std::max(0.0, std::ceil((limit - start) / delta));
    if (!(count_d <= static_cast<double>(limits::kMaxFoldElements)))
      return fail(n, fmt::format("{} elements, more than the limit of a value computed at import "
                                 "({})",
                                 count_d, limits::kMaxFoldElements));
    const auto count = static_cast<int64_t>(count_d);
    if (is_float(dt)) {
      std::vector<double> v;
      for (int64_t k = 0; k < count; ++k) v.push_back(start + static_cast<double>(k) * delta);
      return bind_known(n, 0, Tensor::from_doubles(TensorType{dt, {count}}, v)), true;
    }
    std::vector<int64_t> v;
    const int64_t s0 = int_at(known(0), 0), dl = int_at(known(2), 0);
    for (int64_t k = 0; k < count; ++k) v.push_back(s0 + k * dl);
    return bind_known(n, 0, int_tensor(TensorType{dt, {count}}, v)), true;
  }
  if (op == "Floor" || op == "Ceil" || op == "Round") {  // sizes computed in float
    const Tensor& x = known(0);
    std::vector<double> v = x.to_doubles();
    for (double& d : v)
      d = op == "Floor" ? std::floor(d) : op == "Ceil" ? std::ceil(d) : std::nearbyint(d);
    return bind_known(n, 0, Tensor::from_doubles(x.type(), v)), true;
  }
  if (op == "Trilu") {  // the lower (upper=0) or upper triangle of the last two axes
    const Tensor& x = known(0);
    const int64_t r = static_cast<int64_t>(x.shape().size());
    if (r < 2) return fail(n, fmt::format("input of rank {}; Trilu needs rank 2 or more", r));
    int64_t k = 0;
    if (n.input_size() > 1 && !n.input(1).empty()) {
      if (known(1).size() != 1) return fail(n, "k must be a scalar");
      k = int_at(known(1), 0);
    }
    const bool upper = attr_int(n, "upper", 1) != 0;
    const int64_t rows = x.shape()[static_cast<size_t>(r - 2)],
                  cols = x.shape()[static_cast<size_t>(r - 1)];
    Tensor t = x;  // the same dtype; zeros outside the kept triangle
    for (int64_t i = 0; i < t.size(); ++i) {
      const int64_t c = i % cols, row = (i / cols) % rows;
      if (upper ? c - row < k : c - row > k) t.set(i, 0);
    }
    return bind_known(n, 0, std::move(t)), true;
  }
  // Comparisons and logic: elementwise with numpy broadcasting, a boolean result.
  const bool unary = op == "Not";
  Shape out = known(0).shape();
  if (!unary) {
    auto b = broadcast_shapes(known(0).shape(), known(1).shape());
    if (!b)
      return fail(n, fmt::format("shapes {} and {} do not broadcast",
                                 shape_string(known(0).shape()), shape_string(known(1).shape())));
    out = *b;
  }
  const auto sa = broadcast_strides(known(0).shape(), out.size());
  const auto sb = unary ? sa : broadcast_strides(known(1).shape(), out.size());
  const bool exact_int = !is_float(known(0).dtype()) && (unary || !is_float(known(1).dtype()));
  auto compare = [&](auto a, auto b) {
    return op == "Equal"         ? a == b
           : op == "Less"        ? a < b
           : op == "LessOrEqual" ? a <= b
           : op == "Greater"     ? a > b
                                 : a >= b;  // GreaterOrEqual
  };
  std::vector<int64_t> v;
  for_each_index(out, [&](int64_t, const std::vector<int64_t>& idx) {
    const int64_t ia = offset_of(idx.data(), sa), ib = offset_of(idx.data(), sb);
    bool r = false;
    if (unary) {
      r = int_at(known(0), ia) == 0;
    } else if (op == "And" || op == "Or" || op == "Xor") {
      const bool a = int_at(known(0), ia) != 0, b = int_at(known(1), ib) != 0;
      r = op == "And" ? a && b : op == "Or" ? a || b : a != b;
    } else if (exact_int) {
      r = compare(int_at(known(0), ia), int_at(known(1), ib));
    } else {
      r = compare(known(0).get(ia), known(1).get(ib));  // false on NaN, as IEEE compares
    }
    v.push_back(r);
  });
  return bind_known(n, 0, int_tensor(TensorType{DType::Bool, out}, v)), true;
}

}  // namespace vf::onnx_io
