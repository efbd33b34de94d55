#include "frontend/onnx_export.h"

#include <fmt/format.h>

#include <cassert>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "frontend/onnx_tensor.h"
#include "ir/op_attrs.h"
#include "ir/op_plan.h"
#include "semantics/scalar_ops.h"
#include "support/atomic_file.h"

namespace vf {
namespace {

constexpr int64_t kOpset = 13;
constexpr int64_t kIrVersion = 7;  // the IR version that introduced opset 13

using Ints = std::vector<int64_t>;

/// Output size of a window along one axis as ONNX 1.13 infers it: ceil_mode takes the
/// ceiling without dropping a last window that starts in the end padding (vfuse, like
/// PyTorch, drops it; see window_output_size).
int64_t onnx_window_size(int64_t n, int64_t lo, int64_t hi, int64_t k, int64_t s, int64_t d,
                         bool ceil_mode) {
  const int64_t span = n + lo + hi - ((k - 1) * d + 1);
  if (span < 0) return 0;
  return (ceil_mode ? (span + s - 1) / s : span / s) + 1;
}

/// A [M, K] tensor transposed to [K, M] (any dtype).
Tensor transpose_2d(const Tensor& t) {
  const int64_t m = t.shape()[0], k = t.shape()[1];
  Tensor out(TensorType{t.dtype(), {k, m}});
  const size_t es = dtype_size(t.dtype());
  const unsigned char* src = t.bytes().data();
  unsigned char* dst = out.bytes_mut().data();
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < k; ++j)
      std::memcpy(dst + static_cast<size_t>(j * m + i) * es,
                  src + static_cast<size_t>(i * k + j) * es, es);
  return out;
}

void set_type(onnx::ValueInfoProto& v, const std::string& name, const TensorType& t) {
  v.set_name(name);
  auto* tt = v.mutable_type()->mutable_tensor_type();
  tt->set_elem_type(onnx_io::dtype_to_onnx(t.dtype));
  auto* shape = tt->mutable_shape();
  for (int64_t d : t.shape) shape->add_dim()->set_dim_value(d);
}

void attr_int(onnx::NodeProto& n, const char* name, int64_t v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(v);
}

void attr_ints(onnx::NodeProto& n, const char* name, const Ints& v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INTS);
  for (int64_t x : v) a->add_ints(x);
}

void attr_float(onnx::NodeProto& n, const char* name, double v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(static_cast<float>(v));
}

void attr_string(onnx::NodeProto& n, const char* name, const std::string& v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(v);
}

/// Writes one graph as ONNX. Each IR node becomes one or more ONNX nodes; the last of
/// them produces the value named like the IR node, the others produce fresh names
/// "<node>/<step>". Constants become initializers when first used, so a constant only
/// read in a reshaped form (a bias broadcast along its axis) is stored once.
class Exporter {
 public:
  explicit Exporter(const Graph& g)
      : g_(g), emitted_(g.size(), false), readers_(g.size(), 0), reader_(g.size()) {
    for (size_t i = 0; i < g.size(); ++i) {
      used_.insert(g.nodes()[i].name);
      for (NodeId in : g.nodes()[i].inputs) ++readers_[in.index], reader_[in.index] = g.id(i);
    }
    for (NodeId o : g.outputs()) ++readers_[o.index];
    for (size_t i = 0; i < g.size(); ++i)
      if (auto d = per_axis_dequantization(g.id(i))) {
        per_axis_[i] = *d;
        absorbed_.insert(d->dequantize.index);
        if (d->subtract.valid()) absorbed_.insert(d->subtract.index);
      }
  }

  Result<std::string> run() {
    model_.set_ir_version(kIrVersion);
    model_.set_producer_name("vfuse");
    model_.set_producer_version("0.1.0");
    auto* opset = model_.add_opset_import();
    opset->set_domain("");
    opset->set_version(kOpset);
    graph_ = model_.mutable_graph();
    graph_->set_name("vfuse");

    std::string errors;
    for (NodeId id : g_.inputs())
      set_type(*graph_->add_input(), g_.node(id).name, g_.node(id).type);
    for (size_t i = 0; i < g_.size(); ++i) {
      const Node& n = g_.node(g_.id(i));
      if (n.op == OpKind::Input || n.op == OpKind::Constant) continue;
      if (auto r = export_node(n); !r)
        errors += fmt::format("{}node '{}' ({}): {}", errors.empty() ? "" : "\n", n.name,
                              op_name(n.op), r.error().message);
    }
    if (!errors.empty()) return Error{errors};

    std::set<NodeId> outputs(g_.outputs().begin(), g_.outputs().end());
    for (NodeId id : g_.outputs()) {
      value(id);  // a constant output is an initializer
      set_type(*graph_->add_output(), g_.node(id).name, g_.node(id).type);
    }
    // The type of every other IR value, so that ONNX shape inference checks ours.
    for (size_t i = 0; i < g_.size(); ++i) {
      const Node& n = g_.node(g_.id(i));
      if (n.op == OpKind::Input || n.op == OpKind::Constant || outputs.count(g_.id(i))) continue;
      // Inside a QLinear operator or a per-axis DequantizeLinear: no ONNX value.
      if (fused_qconv(g_.id(i)) || fused_qdense(g_.id(i)) || absorbed_.count(g_.id(i).index))
        continue;
      set_type(*graph_->add_value_info(), n.name, n.type);
    }

    std::string bytes;
    if (!model_.SerializeToString(&bytes))
      return Error{fmt::format("the ONNX model is too large for protobuf ({} bytes of weights)",
                               model_.ByteSizeLong())};
    return bytes;
  }

 private:
  const Graph& g_;
  onnx::ModelProto model_;
  onnx::GraphProto* graph_ = nullptr;
  std::set<std::string> used_;  ///< every value name taken (IR names and fresh ones)
  std::vector<bool> emitted_;   ///< constants already written as initializers
  std::map<std::pair<uint32_t, int64_t>, std::string> broadcast_;  ///< (vector, trailing 1s)
  std::map<uint32_t, std::string> transposed_;                     ///< dense weights as [K, M]
  /// A per-axis DequantizeLinear as the importer writes it: dequantize(q, scale 1) ->
  /// [subtract z[c]] -> multiply s[c], the last node standing for the three.
  struct PerAxisDq {
    NodeId dequantize, subtract;  ///< subtract invalid when every zero point is 0
    int64_t axis = 0;
    std::vector<double> scale, zero_point;
  };
  std::map<size_t, PerAxisDq> per_axis_;  ///< by the multiply's index
  std::set<uint32_t> absorbed_;           ///< dequantize / subtract nodes inside one
  std::vector<int> readers_;    ///< how many node inputs and graph outputs read each value
  std::vector<NodeId> reader_;  ///< a node reading each value (the only one when readers_ 1)

  std::string fresh(const std::string& base) {
    std::string name = base;
    for (int k = 1; used_.count(name); ++k) name = fmt::format("{}_{}", base, k);
    used_.insert(name);
    return name;
  }

  /// The ONNX name of IR value `id`, writing the initializer of a constant on first use.
  const std::string& value(NodeId id) {
    const Node& n = g_.node(id);
    if (n.op == OpKind::Constant && !emitted_[id.index]) {
      emitted_[id.index] = true;
      onnx_io::tensor_to_proto(*n.data, n.name, *graph_->add_initializer());
    }
    return n.name;
  }

  std::string initializer(const std::string& base, const Tensor& t) {
    std::string name = fresh(base);
    onnx_io::tensor_to_proto(t, name, *graph_->add_initializer());
    return name;
  }

  std::string ints_initializer(const std::string& base, const Ints& v) {
    Tensor t(TensorType{DType::I64, {static_cast<int64_t>(v.size())}});
    auto view = t.view_mut<int64_t>();
    for (size_t i = 0; i < v.size(); ++i) view[i] = v[i];
    return initializer(base, t);
  }

  std::string scalar_initializer(const std::string& base, DType dt, double v) {
    return initializer(base, Tensor::scalar(dt, v));
  }

  /// Appends an ONNX node with a fresh output "<owner>/<step>" and returns that name.
  onnx::NodeProto& emit_node(const std::string& op, std::vector<std::string> inputs,
                             const std::string& output) {
    onnx::NodeProto* p = graph_->add_node();
    p->set_op_type(op);
    p->set_name(output);
    for (auto& in : inputs) p->add_input(std::move(in));
    p->add_output(output);
    return *p;
  }
  onnx::NodeProto& emit(const Node& owner, const std::string& op, std::vector<std::string> inputs,
                        const std::string& step) {
    return emit_node(op, std::move(inputs), fresh(fmt::format("{}/{}", owner.name, step)));
  }
  static const std::string& out(const onnx::NodeProto& p) { return p.output(0); }

  /// Gives the value `v` (the output of the last node emitted) the IR node's name.
  void finish(const Node& n, const std::string& v) {
    const int k = graph_->node_size();
    if (k > 0 && graph_->node(k - 1).output(0) == v) {
      onnx::NodeProto* last = graph_->mutable_node(k - 1);
      used_.erase(v);
      last->set_output(0, n.name);
      last->set_name(n.name);
      return;
    }
    emit_node("Identity", {v}, n.name);  // the op is a no-op on this shape
  }

  /// A per-channel vector [C] shaped [C, 1, ..., 1] (`trailing` ones) so that it
  /// broadcasts along its axis: a reshaped initializer for a constant, else a Reshape.
  std::string channel_vector(NodeId v, int64_t trailing) {
    if (trailing == 0) return value(v);
    auto key = std::pair{v.index, trailing};
    if (auto it = broadcast_.find(key); it != broadcast_.end()) return it->second;
    const Node& n = g_.node(v);
    Ints shape{n.type.size()};
    shape.insert(shape.end(), static_cast<size_t>(trailing), 1);
    std::string name;
    if (n.op == OpKind::Constant) {
      Tensor t = *n.data;
      Tensor r(TensorType{t.dtype(), shape});
      r.bytes_mut() = t.bytes();
      name = initializer(fmt::format("{}/bcast", n.name), r);
    } else {
      std::string s = ints_initializer(fmt::format("{}/bcast_shape", n.name), shape);
      name = out(emit_node("Reshape", {value(v), s}, fresh(fmt::format("{}/bcast", n.name))));
    }
    return broadcast_[key] = name;
  }

  /// Dense weight w[M, K] as [K, M], for MatMul.
  std::string transposed_weight(NodeId w) {
    if (auto it = transposed_.find(w.index); it != transposed_.end()) return it->second;
    const Node& n = g_.node(w);
    std::string name;
    if (n.op == OpKind::Constant) {
      name = initializer(fmt::format("{}/T", n.name), transpose_2d(*n.data));
    } else {
      auto& p = emit_node("Transpose", {value(w)}, fresh(fmt::format("{}/T", n.name)));
      attr_ints(p, "perm", {1, 0});
      name = out(p);
    }
    return transposed_[w.index] = name;
  }

  /// x * clip(x + 3, 0, 6) / 6, with vfuse's roundings (HardSwish is opset 14 and
  /// rounds x/6 + 1/2 instead).
  std::string hard_swish(const Node& n, const std::string& x, DType dt) {
    const std::string six = scalar_initializer(n.name + "/six", dt, 6);
    auto& a = emit(n, "Add", {x, scalar_initializer(n.name + "/three", dt, 3)}, "plus3");
    auto& c = emit(n, "Clip", {out(a), scalar_initializer(n.name + "/zero", dt, 0), six}, "clip");
    auto& m = emit(n, "Mul", {x, out(c)}, "mul");
    return out(emit(n, "Div", {out(m), six}, "div6"));
  }

  /// gelu in the semantics' order of operations (scalar_ops.h; ONNX's Gelu is opset 20):
  /// the erf form 0.5 x (1 + erf(x / p * q)), the tanh form 0.5 x (1 + tanh(p (x + q x^3))).
  /// `n` names the steps (a gelu node, or a fused node whose epilogue ends in gelu).
  std::string gelu(const Node& n, const std::string& x, DType dt, bool tanh_form, double p,
                   double q) {
    auto op = [&](const char* onnx_op, const std::string& v, const char* step) {
      return out(emit(n, onnx_op, {v}, step));
    };
    auto bin = [&](const char* onnx_op, const std::string& a, const std::string& b,
                   const char* step) {
      return out(emit(n, onnx_op, {a, b}, step));
    };
    auto lit = [&](const char* name, double v) {
      return scalar_initializer(fmt::format("{}/{}", n.name, name), dt, v);
    };
    std::string g;
    if (tanh_form) {
      const std::string cube = bin("Mul", bin("Mul", x, x, "square"), x, "cube");
      const std::string inner = bin("Add", x, bin("Mul", lit("k", q), cube, "kcube"), "inner");
      g = op("Tanh", bin("Mul", lit("c", p), inner, "scaled"), "tanh");
    } else {
      // x / p * q; a division or multiplication by 1 is exact, so it is left out.
      std::string arg = p == 1 ? x : bin("Div", x, lit("d", p), "divided");
      if (q != 1) arg = bin("Mul", arg, lit("m", q), "scaled");
      g = op("Erf", arg, "erf");
    }
    const std::string half_x = bin("Mul", lit("half", 0.5), x, "half_x");
    const std::string one_plus = bin("Add", lit("one", 1), g, "one_plus");
    return bin("Mul", half_x, one_plus, "y");
  }

  /// The pointwise math operators (exp ... mish): ONNX's own operator where opset 13 has
  /// it, else the semantics' formula (scalar_ops.h) in its order of operations. `kind`:
  /// the node's own operator, or the activation of a fused node's epilogue.
  std::string math_unary(const Node& n, OpKind kind, const std::string& x, DType dt) {
    auto op = [&](const char* onnx_op, const std::string& v, const char* step) {
      return out(emit(n, onnx_op, {v}, step));
    };
    auto bin = [&](const char* onnx_op, const std::string& a, const std::string& b,
                   const char* step) {
      return out(emit(n, onnx_op, {a, b}, step));
    };
    switch (kind) {
      case OpKind::Exp: return op("Exp", x, "y");
      case OpKind::Log: return op("Log", x, "y");
      case OpKind::Tanh: return op("Tanh", x, "y");
      case OpKind::Erf: return op("Erf", x, "y");
      case OpKind::Softplus: return op("Softplus", x, "y");
      case OpKind::Silu: return bin("Mul", x, op("Sigmoid", x, "sigmoid"), "y");
      case OpKind::Mish:
        return bin("Mul", x, op("Tanh", op("Softplus", x, "softplus"), "tanh"), "y");
      case OpKind::Gelu: {
        const auto [p, q] = gelu_constants(n.attrs);
        return gelu(n, x, dt, gelu_tanh(n.attrs), p, q);
      }
      default: assert(false && "not a math operator"); return x;
    }
  }

  /// reduce_*: ONNX's Reduce operator (opset 13: ReduceSum takes its axes as an input, the
  /// others as an attribute; no axes reduce every axis in both).
  std::string reduction(const Node& n, const std::string& x) {
    const char* op = n.op == OpKind::ReduceSum    ? "ReduceSum"
                     : n.op == OpKind::ReduceMean ? "ReduceMean"
                     : n.op == OpKind::ReduceMax  ? "ReduceMax"
                                                  : "ReduceL2";
    Ints axes;
    if (!n.attrs.get_ints("axes").empty())
      for (size_t k : reduce_axes(n.attrs, g_.node(n.inputs[0]).type.shape.size()))
        axes.push_back(static_cast<int64_t>(k));
    std::vector<std::string> ins{x};
    if (n.op == OpKind::ReduceSum && !axes.empty())
      ins.push_back(ints_initializer(n.name + "/axes", axes));
    auto& p = emit(n, op, std::move(ins), "y");
    if (n.op != OpKind::ReduceSum && !axes.empty()) attr_ints(p, "axes", axes);
    attr_int(p, "keepdims", n.attrs.get_int("keepdims"));
    return out(p);
  }

  /// layer_norm / rms_norm as opset 13 operators in the semantics' order (norm_row,
  /// norm_at): ReduceMean, Sub, Mul, ReduceMean, Add epsilon, Sqrt, Div, Mul gamma, Add beta.
  std::string normalisation(const Node& n, const std::string& x, DType dt) {
    const Shape& xs = g_.node(n.inputs[0]).type.shape;
    const AxisPlan p = norm_plan(xs, n.attrs.get_int("axis"));
    Ints axes;
    for (size_t k = p.axis; k < xs.size(); ++k) axes.push_back(static_cast<int64_t>(k));
    const Shape trailing(xs.begin() + static_cast<std::ptrdiff_t>(p.axis), xs.end());
    auto mean = [&](const std::string& v, const char* step) {
      auto& m = emit(n, "ReduceMean", {v}, step);
      attr_ints(m, "axes", axes);
      attr_int(m, "keepdims", 1);
      return out(m);
    };
    auto bin = [&](const char* op, const std::string& a, const std::string& b, const char* step) {
      return out(emit(n, op, {a, b}, step));
    };
    // gamma / beta of one dimension broadcast along the last axis only: give them the
    // normalised axes' shape.
    auto param = [&](size_t k, const char* step) {
      const NodeId id = n.inputs[k];
      if (g_.node(id).type.shape == trailing) return value(id);
      return out(
          emit(n, "Reshape", {value(id), ints_initializer(n.name + "/" + step, trailing)}, step));
    };
    const bool center = n.op == OpKind::LayerNorm;
    const std::string d = center ? bin("Sub", x, mean(x, "mean"), "centered") : x;
    const std::string var = mean(bin("Mul", d, d, "square"), "variance");
    const std::string eps =
        scalar_initializer(n.name + "/epsilon", dt, n.attrs.get_float("epsilon"));
    const std::string denom = out(emit(n, "Sqrt", {bin("Add", var, eps, "plus_eps")}, "denom"));
    const std::string normalized = bin("Div", d, denom, "normalized");
    const std::string gamma = param(1, "gamma");
    const std::string y = bin("Mul", normalized, gamma, center ? "scaled" : "y");
    if (!center) return y;
    const std::string beta = param(2, "beta");
    return bin("Add", y, beta, "y");
  }

  std::string clip(const Node& n, const std::string& x, DType dt, double lo, double hi,
                   const std::string& step) {
    return out(emit(n, "Clip",
                    {x, scalar_initializer(n.name + "/min", dt, lo),
                     scalar_initializer(n.name + "/max", dt, hi)},
                    step));
  }

  std::string activation(const Node& n, Activation a, double alpha, double beta,
                         const std::string& x, DType dt) {
    switch (a) {
      case Activation::None: return x;
      case Activation::Relu: return out(emit(n, "Relu", {x}, "relu"));
      case Activation::LeakyRelu: {
        auto& p = emit(n, "LeakyRelu", {x}, "leaky_relu");
        attr_float(p, "alpha", alpha);
        return out(p);
      }
      case Activation::Clip: return clip(n, x, dt, alpha, beta, "clip");
      case Activation::Sigmoid: return out(emit(n, "Sigmoid", {x}, "sigmoid"));
      case Activation::HardSigmoid: {
        auto& p = emit(n, "HardSigmoid", {x}, "hard_sigmoid");
        attr_float(p, "alpha", alpha);
        attr_float(p, "beta", beta);
        return out(p);
      }
      case Activation::HardSwish: return hard_swish(n, x, dt);
      case Activation::Silu: return math_unary(n, OpKind::Silu, x, dt);
      case Activation::Mish: return math_unary(n, OpKind::Mish, x, dt);
      case Activation::Gelu: return gelu(n, x, dt, false, alpha, beta);
      case Activation::GeluTanh: return gelu(n, x, dt, true, alpha, beta);
    }
    return x;
  }

  onnx::NodeProto& conv(const Node& n, bool with_bias) {
    const Conv2dAttrs c = conv2d_attrs(n.attrs);
    const Shape& w = g_.node(n.inputs[1]).type.shape;
    std::vector<std::string> in{value(n.inputs[0]), value(n.inputs[1])};
    if (with_bias) in.push_back(value(n.inputs[2]));
    auto& p = emit(n, "Conv", std::move(in), "conv");
    attr_ints(p, "kernel_shape", {w[2], w[3]});
    attr_ints(p, "strides", {c.strides[0], c.strides[1]});
    attr_ints(p, "pads", {c.padding[0], c.padding[1], c.padding[2], c.padding[3]});
    attr_ints(p, "dilations", {c.dilation[0], c.dilation[1]});
    attr_int(p, "group", c.groups);
    return p;
  }

  /// x[..., K] times w[M, K]^T (+ bias): Gemm for rank 2, else MatMul and Add.
  std::string dense(const Node& n, bool with_bias) {
    const std::string& x = value(n.inputs[0]);
    if (g_.node(n.inputs[0]).type.rank() == 2) {
      std::vector<std::string> in{x, value(n.inputs[1])};
      if (with_bias) in.push_back(value(n.inputs[2]));
      auto& p = emit(n, "Gemm", std::move(in), "gemm");
      attr_int(p, "transB", 1);
      return out(p);
    }
    std::string y = out(emit(n, "MatMul", {x, transposed_weight(n.inputs[1])}, "matmul"));
    if (with_bias) y = out(emit(n, "Add", {y, value(n.inputs[2])}, "bias"));
    return y;
  }

  /// The ONNX window attributes of a pool, then a Slice when ONNX's ceil_mode keeps a
  /// last window that vfuse drops.
  Result<std::string> pool(const Node& n, const std::string& op) {
    const Pool2dAttrs a = pool2d_attrs(n.attrs);
    const Shape& xs = g_.node(n.inputs[0]).type.shape;
    const bool avg = n.op == OpKind::AvgPool2d;
    if (avg && (a.dilation[0] != 1 || a.dilation[1] != 1))
      return Error{fmt::format("AveragePool has no dilations before opset 19 (dilation [{}, {}])",
                               a.dilation[0], a.dilation[1])};
    auto& p = emit(n, op, {value(n.inputs[0])}, avg ? "avg_pool" : "max_pool");
    attr_ints(p, "kernel_shape", {a.pool_size[0], a.pool_size[1]});
    attr_ints(p, "strides", {a.strides[0], a.strides[1]});
    attr_ints(p, "pads", {a.padding[0], a.padding[1], a.padding[2], a.padding[3]});
    if (!avg) attr_ints(p, "dilations", {a.dilation[0], a.dilation[1]});
    attr_int(p, "ceil_mode", a.ceil_mode);
    if (avg) attr_int(p, "count_include_pad", a.count_include_pad);
    const std::string y = out(p);
    const int64_t oh = onnx_window_size(xs[2], a.padding[0], a.padding[2], a.pool_size[0],
                                        a.strides[0], a.dilation[0], a.ceil_mode);
    const int64_t ow = onnx_window_size(xs[3], a.padding[1], a.padding[3], a.pool_size[1],
                                        a.strides[1], a.dilation[1], a.ceil_mode);
    if (oh == n.type.shape[2] && ow == n.type.shape[3]) return y;
    return out(emit(n, "Slice",
                    {y, ints_initializer(n.name + "/starts", {0, 0}),
                     ints_initializer(n.name + "/ends", {n.type.shape[2], n.type.shape[3]}),
                     ints_initializer(n.name + "/axes", {2, 3})},
                    "drop_last_window"));
  }

  /// act(((acc + bias) * scale + shift) + residual) after the Conv / Gemm: the order of
  /// epilogue_at (semantics/tensor_ops.h), each vector broadcast along the channel axis.
  std::string fused_epilogue(const Node& n, std::string y, bool conv_layout) {
    const EpilogueAttrs e = epilogue_attrs(n.attrs);
    const int64_t trailing = conv_layout ? 2 : 0;
    size_t k = 2 + (e.has_bias ? 1 : 0);  // the bias went into the Conv / Gemm
    if (e.has_scale) y = out(emit(n, "Mul", {y, channel_vector(n.inputs[k++], trailing)}, "scale"));
    if (e.has_shift) y = out(emit(n, "Add", {y, channel_vector(n.inputs[k++], trailing)}, "shift"));
    if (e.has_residual) y = out(emit(n, "Add", {y, value(n.inputs[k++])}, "residual"));
    return activation(n, e.activation, e.act_alpha, e.act_beta, y, n.type.dtype);
  }

  /// BatchNorm as ONNX nodes; the value of its output.
  std::string batch_norm(const Node& n) {
    auto in = [&](size_t i) -> const std::string& { return value(n.inputs[i]); };
    const DType dt = n.type.dtype;
    const int64_t rank = n.type.rank();
    const int64_t axis = norm_axis(n.attrs.get_int("axis"), rank);
    const bool scale = n.attrs.get_int("scale") != 0, center = n.attrs.get_int("center") != 0;
    const double eps = n.attrs.get_float("epsilon");
    const int64_t c = n.type.shape[static_cast<size_t>(axis)];
    if (axis == 1 && rank >= 2) {
      const std::string gamma =
          scale ? in(1)
                : initializer(n.name + "/unit_gamma",
                              Tensor::from_doubles(
                                  {dt, {c}}, std::vector<double>(static_cast<size_t>(c), 1.0)));
      const std::string beta =
          center ? in(2) : initializer(n.name + "/zero_beta", Tensor(TensorType{dt, {c}}));
      auto& p = emit(n, "BatchNormalization", {in(0), gamma, beta, in(3), in(4)}, "y");
      attr_float(p, "epsilon", eps);
      return out(p);
    }
    // BatchNormalization normalizes axis 1 only: the formula of batch_norm_at.
    const int64_t t = rank - 1 - axis;
    auto& var_eps = emit(
        n, "Add", {channel_vector(n.inputs[4], t), scalar_initializer(n.name + "/eps", dt, eps)},
        "var_eps");
    auto& sd = emit(n, "Sqrt", {out(var_eps)}, "std");
    auto& centred = emit(n, "Sub", {in(0), channel_vector(n.inputs[3], t)}, "centred");
    std::string y = out(emit(n, "Div", {out(centred), out(sd)}, "normalized"));
    if (scale) y = out(emit(n, "Mul", {y, channel_vector(n.inputs[1], t)}, "scaled"));
    if (center) y = out(emit(n, "Add", {y, channel_vector(n.inputs[2], t)}, "shifted"));
    return y;
  }

  /// Upsampling as ONNX nodes; the value of its output.
  Result<std::string> upsampling(const Node& n) {
    auto in = [&](size_t i) -> const std::string& { return value(n.inputs[i]); };
    const Shape& xs = g_.node(n.inputs[0]).type.shape;
    const float sh = static_cast<float>(n.attrs.get_float("scale_h"));
    const float sw = static_cast<float>(n.attrs.get_float("scale_w"));
    // ONNX sizes the output as floor(n * scale) with the float32 scale.
    if (static_cast<int64_t>(std::floor(static_cast<float>(xs[2]) * sh)) != n.type.shape[2] ||
        static_cast<int64_t>(std::floor(static_cast<float>(xs[3]) * sw)) != n.type.shape[3])
      return Error{fmt::format(
          "scales ({}, {}) rounded to float32 give ONNX Resize another "
          "output size than {}",
          n.attrs.get_float("scale_h"), n.attrs.get_float("scale_w"), shape_string(n.type.shape))};
    Tensor scales = Tensor::from_floats({4}, std::vector<float>{1, 1, sh, sw});
    auto& p = emit(n, "Resize", {in(0), "", initializer(n.name + "/scales", scales)}, "y");
    attr_string(p, "mode", "nearest");
    attr_string(p, "coordinate_transformation_mode", "asymmetric");
    attr_string(p, "nearest_mode", "floor");
    return out(p);
  }

  /// ResizeNearest as ONNX nodes; the value of its output.
  std::string resize_nearest(const Node& n) {
    auto in = [&](size_t i) -> const std::string& { return value(n.inputs[i]); };
    // Explicit source rows, then columns: two Gathers, exact for any mapping.
    auto& r = emit(n, "Gather",
                   {in(0), ints_initializer(n.name + "/rows", n.attrs.get_ints("rows"))}, "rows");
    attr_int(r, "axis", 2);
    auto& c = emit(n, "Gather",
                   {out(r), ints_initializer(n.name + "/cols", n.attrs.get_ints("cols"))}, "cols");
    attr_int(c, "axis", 3);
    return out(c);
  }

  /// Squeeze as ONNX nodes; the value of its output.
  std::string squeeze(const Node& n) {
    auto in = [&](size_t i) -> const std::string& { return value(n.inputs[i]); };
    const Shape& xs = g_.node(n.inputs[0]).type.shape;
    const int64_t xr = static_cast<int64_t>(xs.size());
    Ints axes;
    for (int64_t a : n.attrs.get_ints("axes")) axes.push_back(norm_axis(a, xr));
    if (n.attrs.get_ints("axes").empty())
      for (int64_t i = 0; i < xr; ++i)
        if (xs[static_cast<size_t>(i)] == 1) axes.push_back(i);
    if (axes.empty()) return out(emit(n, "Identity", {in(0)}, "y"));
    return out(emit(n, "Squeeze", {in(0), ints_initializer(n.name + "/axes", axes)}, "y"));
  }

  // ---- Quantized inference (docs/onnx.md, "Quantized models"). ONNX's requantization,
  // in QLinearConv and in DequantizeLinear -> QuantizeLinear, is
  // saturate(round_half_even(float32(float32(acc) * M)) + zero_point), M a float32;
  // vfuse's requantize rounds acc * m / 2^shift once, exactly. With M = m / 2^shift (exact
  // in float32 when m < 2^24, else m rounded to 24 bits) the two agree except where the
  // float32 rounding of acc * M crosses a rounding boundary of the integer rounding (or
  // lands on a tie), and when |acc| > 2^24 (float32(acc) rounds).

  /// The values of constant `id` when it is a float32 vector [C, 1, ..., 1] that
  /// broadcasts along one axis of a rank-`rank` tensor of shape `shape`: the axis and C
  /// values; nullopt otherwise.
  std::optional<std::pair<int64_t, std::vector<double>>> channel_constant(NodeId id,
                                                                          const Shape& shape) {
    const Node& c = g_.node(id);
    if (c.op != OpKind::Constant || c.type.dtype != DType::F32 || c.type.rank() == 0 ||
        c.type.rank() > static_cast<int64_t>(shape.size()))
      return std::nullopt;
    for (size_t k = 1; k < c.type.shape.size(); ++k)
      if (c.type.shape[k] != 1) return std::nullopt;
    const int64_t axis = static_cast<int64_t>(shape.size()) - c.type.rank();
    if (c.type.shape[0] != shape[static_cast<size_t>(axis)]) return std::nullopt;
    return std::pair{axis, c.data->to_doubles()};
  }

  /// dequantize(q; scale 1, zero point 0) -> [subtract integer z[c]] -> multiply s[c] (each
  /// intermediate read once, s positive): ONNX's per-axis DequantizeLinear, exactly —
  /// float32(q) - z[c] is an exact small integer (int8 / uint8), then one rounding.
  std::optional<PerAxisDq> per_axis_dequantization(NodeId mul) {
    const Node& m = g_.node(mul);
    if (m.op != OpKind::Multiply) return std::nullopt;
    PerAxisDq r;
    NodeId v = m.inputs[0];
    if (readers_[v.index] != 1) return std::nullopt;
    if (g_.node(v).op == OpKind::Subtract) {
      r.subtract = v;
      v = g_.node(v).inputs[0];
      if (readers_[v.index] != 1) return std::nullopt;
    }
    const Node& d = g_.node(v);
    if (d.op != OpKind::Dequantize || d.attrs.get_float("scale") != 1 ||
        d.attrs.get_int("zero_point") != 0 || d.type.shape != m.type.shape)
      return std::nullopt;
    const DType qt = g_.node(d.inputs[0]).type.dtype;
    r.dequantize = v;
    auto s = channel_constant(m.inputs[1], m.type.shape);
    if (!s) return std::nullopt;
    for (double x : s->second)
      if (!(x > 0) || !std::isfinite(x)) return std::nullopt;
    r.axis = s->first;
    r.scale = s->second;
    r.zero_point.assign(r.scale.size(), 0);
    if (r.subtract.valid()) {
      if (qt == DType::I32) return std::nullopt;  // ONNX: int32 has zero point 0
      auto z = channel_constant(g_.node(r.subtract).inputs[1], m.type.shape);
      if (!z || z->first != r.axis || g_.node(r.subtract).type.shape != m.type.shape)
        return std::nullopt;
      const IntRange range = int_range(qt);
      for (double x : z->second)
        if (x != std::floor(x) || x < static_cast<double>(range.lo) ||
            x > static_cast<double>(range.hi))
          return std::nullopt;
      r.zero_point = z->second;
    }
    return r;
  }

  /// The DequantizeLinear of a per-axis dequantization.
  std::string per_axis_dequantize_linear(const Node& m, const PerAxisDq& d) {
    const NodeId q = g_.node(d.dequantize).inputs[0];
    const int64_t c = static_cast<int64_t>(d.scale.size());
    auto& p = emit(
        m, "DequantizeLinear",
        {value(q), initializer(m.name + "/scale", Tensor::from_doubles({DType::F32, {c}}, d.scale)),
         initializer(m.name + "/zero_point",
                     Tensor::from_doubles({g_.node(q).type.dtype, {c}}, d.zero_point))},
        "y");
    attr_int(p, "axis", d.axis);
    return out(p);
  }

  /// The float32 multipliers M[c] = m[c] / 2^shift of requantize node `rq` (m constant).
  std::vector<double> real_multipliers(const Node& rq) {
    const Tensor& m = *g_.node(rq.inputs[1]).data;
    const int64_t shift = rq.attrs.get_int("shift");
    std::vector<double> M;
    for (int64_t c = 0; c < m.size(); ++c)
      M.push_back(static_cast<float>(std::ldexp(m.get(c), -static_cast<int>(shift))));
    return M;
  }

  /// The scale tensor of multipliers M: a scalar for one, else a vector.
  std::string multiplier_initializer(const Node& rq, const std::string& step,
                                     const std::vector<double>& M) {
    if (M.size() == 1) return scalar_initializer(rq.name + "/" + step, DType::F32, M[0]);
    return initializer(rq.name + "/" + step,
                       Tensor::from_doubles({DType::F32, {static_cast<int64_t>(M.size())}}, M));
  }

  /// Whether qconv2d node `id` is exported with its requantize as one QLinearConv: the
  /// requantize is its only reader, on the channel axis (or per tensor), with a constant
  /// multiplier.
  bool fused_qconv(NodeId id) {
    const Node& n = g_.node(id);
    if (n.op != OpKind::QConv2d || readers_[id.index] != 1) return false;
    const Node& r = g_.node(reader_[id.index]);
    if (r.op != OpKind::Requantize || r.inputs[0] != id) return false;
    if (g_.node(r.inputs[1]).op != OpKind::Constant) return false;
    return g_.node(r.inputs[1]).type.shape[0] == 1 || norm_axis(r.attrs.get_int("axis"), 4) == 1;
  }

  /// Whether qdense node `id` is exported with its requantize as one QLinearMatMul: no
  /// bias (QLinearMatMul has none), the requantize its only reader, on the last axis (or per
  /// tensor), with a constant multiplier.
  bool fused_qdense(NodeId id) {
    const Node& n = g_.node(id);
    if (n.op != OpKind::QDense || n.inputs.size() != 2 || readers_[id.index] != 1) return false;
    const Node& r = g_.node(reader_[id.index]);
    if (r.op != OpKind::Requantize || r.inputs[0] != id) return false;
    if (g_.node(r.inputs[1]).op != OpKind::Constant) return false;
    const int64_t rank = n.type.rank();
    return g_.node(r.inputs[1]).type.shape[0] == 1 ||
           norm_axis(r.attrs.get_int("axis"), rank) == rank - 1;
  }

  /// qdense + requantize as QLinearMatMul: a_scale = y_scale = 1, b = the weight as [K, M],
  /// b_scale = M per column (or per tensor), zero points from the attributes.
  std::string qlinear_matmul(const Node& rq) {
    const Node& n = g_.node(rq.inputs[0]);
    const DType xt = g_.node(n.inputs[0]).type.dtype;
    const std::vector<double> M = real_multipliers(rq);
    const std::string one = scalar_initializer(rq.name + "/unit_scale", DType::F32, 1);
    const std::string b_zp =
        M.size() == 1
            ? scalar_initializer(rq.name + "/b_zero_point", DType::I8, 0)
            : initializer(rq.name + "/b_zero_point",
                          Tensor(TensorType{DType::I8, {static_cast<int64_t>(M.size())}}));
    auto& p =
        emit(rq, "QLinearMatMul",
             {value(n.inputs[0]), one,
              scalar_initializer(rq.name + "/a_zero_point", xt,
                                 static_cast<double>(n.attrs.get_int("x_zero_point"))),
              transposed_weight(n.inputs[1]), multiplier_initializer(rq, "b_scale", M), b_zp, one,
              scalar_initializer(rq.name + "/y_zero_point", rq.type.dtype,
                                 static_cast<double>(rq.attrs.get_int("zero_point")))},
             "qlinear_matmul");
    return narrow_clamp(rq, out(p));
  }

  /// clamp(y, qmin, qmax) on quantized values y of requantize node `rq`'s type, when that
  /// is narrower than the type: DequantizeLinear (scale 1), Clip, QuantizeLinear (scale 1),
  /// each exact on integers of 8 bits.
  std::string narrow_clamp(const Node& rq, const std::string& y) {
    const QuantAttrs q = quant_attrs(rq.attrs, false);
    const DType dt = rq.type.dtype;
    const IntRange r = int_range(dt);
    if (q.qmin == r.lo && q.qmax == r.hi) return y;
    const std::string one = scalar_initializer(rq.name + "/unit_scale", DType::F32, 1);
    const std::string zero = scalar_initializer(rq.name + "/zero", dt, 0);
    auto& f = emit(rq, "DequantizeLinear", {y, one, zero}, "as_float");
    const std::string c = clip(rq, out(f), DType::F32, static_cast<double>(q.qmin),
                               static_cast<double>(q.qmax), "clamp");
    return out(emit(rq, "QuantizeLinear", {c, one, zero}, "y"));
  }

  /// qconv2d + requantize as QLinearConv: x_scale = y_scale = 1, w_scale = M, zero points
  /// from the attributes, the int32 bias as B.
  std::string qlinear_conv(const Node& rq) {
    const Node& n = g_.node(rq.inputs[0]);
    const Conv2dAttrs c = conv2d_attrs(n.attrs);
    const Shape& w = g_.node(n.inputs[1]).type.shape;
    const DType xt = g_.node(n.inputs[0]).type.dtype;
    const std::vector<double> M = real_multipliers(rq);
    const std::string one = scalar_initializer(rq.name + "/unit_scale", DType::F32, 1);
    const std::string w_zp =
        M.size() == 1
            ? scalar_initializer(rq.name + "/w_zero_point", DType::I8, 0)
            : initializer(rq.name + "/w_zero_point",
                          Tensor(TensorType{DType::I8, {static_cast<int64_t>(M.size())}}));
    std::vector<std::string> in{
        value(n.inputs[0]),
        one,
        scalar_initializer(rq.name + "/x_zero_point", xt,
                           static_cast<double>(n.attrs.get_int("x_zero_point"))),
        value(n.inputs[1]),
        multiplier_initializer(rq, "w_scale", M),
        w_zp,
        one,
        scalar_initializer(rq.name + "/y_zero_point", rq.type.dtype,
                           static_cast<double>(rq.attrs.get_int("zero_point")))};
    if (n.inputs.size() == 3) in.push_back(value(n.inputs[2]));
    auto& p = emit(rq, "QLinearConv", std::move(in), "qlinear_conv");
    attr_ints(p, "kernel_shape", {w[2], w[3]});
    attr_ints(p, "strides", {c.strides[0], c.strides[1]});
    attr_ints(p, "pads", {c.padding[0], c.padding[1], c.padding[2], c.padding[3]});
    attr_ints(p, "dilations", {c.dilation[0], c.dilation[1]});
    attr_int(p, "group", c.groups);
    return narrow_clamp(rq, out(p));
  }

  /// qadd as ONNX's QDQ add, which ONNX Runtime runs as its QLinearAdd: DequantizeLinear(a,
  /// M_a, za) + DequantizeLinear(b, M_b, zb), QuantizeLinear(scale 1, zero_point), then the
  /// clamp when narrower than the type. M = float32(m / 2^shift): ONNX's rounding (float32
  /// products and sum, one round-half-even), not vfuse's one exact integer rounding, as
  /// requantize's export.
  std::string qadd(const Node& n) {
    const int64_t shift = n.attrs.get_int("shift");
    auto term = [&](size_t k, const char* which) {
      const double M = static_cast<float>(
          std::ldexp(g_.node(n.inputs[k + 2]).data->get(0), -static_cast<int>(shift)));
      const std::string zname = fmt::format("{}_zero_point", which);
      auto& f = emit(n, "DequantizeLinear",
                     {value(n.inputs[k]),
                      scalar_initializer(fmt::format("{}/{}_scale", n.name, which), DType::F32, M),
                      scalar_initializer(n.name + "/" + zname, g_.node(n.inputs[k]).type.dtype,
                                         static_cast<double>(n.attrs.get_int(zname)))},
                     fmt::format("{}_scaled", which));
      return out(f);
    };
    const std::string a = term(0, "a"), b = term(1, "b");
    auto& sum = emit(n, "Add", {a, b}, "sum");
    const std::string one = scalar_initializer(n.name + "/unit_scale", DType::F32, 1);
    auto& y = emit(n, "QuantizeLinear",
                   {out(sum), one,
                    scalar_initializer(n.name + "/y_zero_point", n.type.dtype,
                                       static_cast<double>(n.attrs.get_int("zero_point")))},
                   "quantized");
    return narrow_clamp(n, out(y));
  }

  /// A requantize on its own: DequantizeLinear(acc, M along the axis), Clip to
  /// [qmin - zero_point, qmax - zero_point] when narrower than the type (rounding commutes
  /// with a clamp to integers), QuantizeLinear(scale 1, zero_point).
  std::string requantize(const Node& rq) {
    const QuantAttrs q = quant_attrs(rq.attrs, false);
    const DType dt = rq.type.dtype;
    const IntRange r = int_range(dt);
    const std::vector<double> M = real_multipliers(rq);
    auto& f = emit(rq, "DequantizeLinear",
                   {value(rq.inputs[0]), multiplier_initializer(rq, "M", M)}, "scaled");
    if (M.size() != 1) attr_int(f, "axis", norm_axis(rq.attrs.get_int("axis"), rq.type.rank()));
    std::string v = out(f);
    if (q.qmin != r.lo || q.qmax != r.hi)
      v = clip(rq, v, DType::F32, static_cast<double>(q.qmin - q.zero_point),
               static_cast<double>(q.qmax - q.zero_point), "clamp");
    return out(
        emit(rq, "QuantizeLinear",
             {v, scalar_initializer(rq.name + "/unit_scale", DType::F32, 1),
              scalar_initializer(rq.name + "/zero_point", dt, static_cast<double>(q.zero_point))},
             "y"));
  }

  /// qconv2d on its own: ConvInteger (x's zero point), then the int32 bias added.
  std::string conv_integer(const Node& n) {
    const Conv2dAttrs c = conv2d_attrs(n.attrs);
    const Shape& w = g_.node(n.inputs[1]).type.shape;
    const DType xt = g_.node(n.inputs[0]).type.dtype;
    auto& p = emit(n, "ConvInteger",
                   {value(n.inputs[0]), value(n.inputs[1]),
                    scalar_initializer(n.name + "/x_zero_point", xt,
                                       static_cast<double>(n.attrs.get_int("x_zero_point")))},
                   "conv");
    attr_ints(p, "kernel_shape", {w[2], w[3]});
    attr_ints(p, "strides", {c.strides[0], c.strides[1]});
    attr_ints(p, "pads", {c.padding[0], c.padding[1], c.padding[2], c.padding[3]});
    attr_ints(p, "dilations", {c.dilation[0], c.dilation[1]});
    attr_int(p, "group", c.groups);
    if (n.inputs.size() < 3) return out(p);
    return out(emit(n, "Add", {out(p), channel_vector(n.inputs[2], 2)}, "bias"));
  }

  /// qdense: MatMulInteger with the weight as [K, M] (x's zero point), then the int32 bias.
  std::string matmul_integer(const Node& n) {
    const DType xt = g_.node(n.inputs[0]).type.dtype;
    auto& p = emit(n, "MatMulInteger",
                   {value(n.inputs[0]), transposed_weight(n.inputs[1]),
                    scalar_initializer(n.name + "/x_zero_point", xt,
                                       static_cast<double>(n.attrs.get_int("x_zero_point")))},
                   "matmul");
    if (n.inputs.size() < 3) return out(p);
    return out(emit(n, "Add", {out(p), value(n.inputs[2])}, "bias"));
  }

  /// One ONNX node `op` over the IR node's inputs as they are (its attributes to be set).
  onnx::NodeProto& emit_on_inputs(const Node& n, const char* op) {
    std::vector<std::string> ins;
    for (NodeId id : n.inputs) ins.push_back(value(id));
    return emit(n, op, std::move(ins), "y");
  }

  /// quantize as QuantizeLinear (its scale and zero point as scalar initializers).
  Result<std::string> quantize_linear(const Node& n) {
    const QuantAttrs q = quant_attrs(n.attrs, true);
    if (g_.node(n.inputs[0]).type.dtype != DType::F32)
      return Error{"ONNX QuantizeLinear quantizes float32 (the input is not)"};
    return out(emit(
        n, "QuantizeLinear",
        {value(n.inputs[0]), scalar_initializer(n.name + "/scale", DType::F32, q.scale),
         scalar_initializer(n.name + "/zero_point", n.type.dtype,
                            static_cast<double>(q.zero_point))},
        "y"));
  }

  /// dequantize as DequantizeLinear (its scale and zero point as scalar initializers).
  std::string dequantize_linear(const Node& n) {
    const QuantAttrs q = quant_attrs(n.attrs, false);
    return out(emit(n, "DequantizeLinear",
                    {value(n.inputs[0]), scalar_initializer(n.name + "/scale", DType::F32, q.scale),
                     scalar_initializer(n.name + "/zero_point", g_.node(n.inputs[0]).type.dtype,
                                        static_cast<double>(q.zero_point))},
                    "y"));
  }

  /// A requantize: with the qconv2d / qdense it ends as one QLinear operator, else alone.
  Result<std::string> requantize_node(const Node& n) {
    if (g_.node(n.inputs[1]).op != OpKind::Constant)
      return Error{"the multiplier must be a constant (it becomes a float32 scale)"};
    if (fused_qconv(n.inputs[0])) return qlinear_conv(n);
    if (fused_qdense(n.inputs[0])) return qlinear_matmul(n);
    return requantize(n);
  }

  /// conv2d_transpose: the same layout and attributes as ONNX ConvTranspose (ops.def).
  onnx::NodeProto& conv_transpose(const Node& n) {
    const Conv2dTransposeAttrs c = conv2d_transpose_attrs(n.attrs);
    const Shape& w = g_.node(n.inputs[1]).type.shape;
    auto& p = emit_on_inputs(n, "ConvTranspose");
    attr_ints(p, "kernel_shape", {w[2], w[3]});
    attr_ints(p, "strides", {c.strides[0], c.strides[1]});
    attr_ints(p, "pads", {c.padding[0], c.padding[1], c.padding[2], c.padding[3]});
    attr_ints(p, "dilations", {c.dilation[0], c.dilation[1]});
    attr_int(p, "group", c.groups);
    attr_ints(p, "output_padding", {c.output_padding[0], c.output_padding[1]});
    return p;
  }

  /// gemm: ONNX Gemm with the same attributes.
  onnx::NodeProto& gemm(const Node& n) {
    auto& p = emit_on_inputs(n, "Gemm");
    attr_float(p, "alpha", n.attrs.get_float("alpha"));
    attr_float(p, "beta", n.attrs.get_float("beta"));
    attr_int(p, "transA", n.attrs.get_int("trans_a"));
    attr_int(p, "transB", n.attrs.get_int("trans_b"));
    return p;
  }

  /// An operator whose float attributes ONNX names as the IR does (alpha, beta).
  onnx::NodeProto& with_float_attrs(const Node& n, const char* op,
                                    std::initializer_list<const char*> names) {
    auto& p = emit_on_inputs(n, op);
    for (const char* a : names) attr_float(p, a, n.attrs.get_float(a));
    return p;
  }

  /// An operator with an `axis` attribute of the result's rank (concat, softmax).
  onnx::NodeProto& with_axis(const Node& n, const char* op) {
    auto& p = emit_on_inputs(n, op);
    attr_int(p, "axis", norm_axis(n.attrs.get_int("axis"), n.type.rank()));
    return p;
  }

  /// pad (constant mode): ONNX Pad with the pads and the value as initializers.
  onnx::NodeProto& pad(const Node& n) {
    auto& p = emit(n, "Pad",
                   {value(n.inputs[0]), ints_initializer(n.name + "/pads", n.attrs.get_ints("pads")),
                    scalar_initializer(n.name + "/value", n.type.dtype, n.attrs.get_float("value"))},
                   "y");
    attr_string(p, "mode", "constant");
    return p;
  }

  /// reshape: ONNX Reshape with the target shape as an initializer.
  Result<std::string> reshape(const Node& n) {
    const Ints& shape = n.attrs.get_ints("shape");
    const Shape& xs = g_.node(n.inputs[0]).type.shape;
    // Opset 13's Reshape reads 0 as "copy the input's dimension".
    for (size_t i = 0; i < shape.size(); ++i)
      if (shape[i] == 0 && (i >= xs.size() || xs[i] != 0))
        return Error{"a 0 in the target shape means 'copy' to ONNX Reshape before opset 14"};
    return out(emit(n, "Reshape",
                    {value(n.inputs[0]), ints_initializer(n.name + "/shape", shape)}, "y"));
  }

  /// flatten / batch_flatten: ONNX Flatten at `axis`.
  onnx::NodeProto& flatten(const Node& n, int64_t axis) {
    auto& p = emit_on_inputs(n, "Flatten");
    attr_int(p, "axis", axis);
    return p;
  }

  /// expand_dims: Unsqueeze at the new axes (Identity when there are none).
  std::string expand_dims(const Node& n) {
    const int64_t axis = norm_axis(n.attrs.get_int("axis"),
                                   n.type.rank() - n.attrs.get_int("num_newaxis") + 1);
    Ints axes;
    for (int64_t k = 0; k < n.attrs.get_int("num_newaxis"); ++k) axes.push_back(axis + k);
    if (axes.empty()) return out(emit_on_inputs(n, "Identity"));
    return out(emit(n, "Unsqueeze",
                    {value(n.inputs[0]), ints_initializer(n.name + "/axes", axes)}, "y"));
  }

  /// transpose: ONNX Transpose with the full permutation.
  onnx::NodeProto& transpose(const Node& n) {
    auto& p = emit_on_inputs(n, "Transpose");
    attr_ints(p, "perm", transpose_perm(n.attrs, static_cast<size_t>(n.type.rank())));
    return p;
  }

  /// One piece of the split: a Slice, so that no unused outputs appear.
  onnx::NodeProto& split_piece(const Node& n) {
    const SplitPlan sp = split_plan(n.attrs, static_cast<size_t>(n.type.rank()));
    const int64_t axis = static_cast<int64_t>(sp.axis);
    return emit(n, "Slice",
                {value(n.inputs[0]), ints_initializer(n.name + "/starts", {sp.start}),
                 ints_initializer(n.name + "/ends", {sp.start + sp.size}),
                 ints_initializer(n.name + "/axes", {axis})},
                "y");
  }

  /// The ONNX nodes of IR node `n` (none for a leaf or a node written with another), the
  /// last of them named like `n`. One case per operator, so that a new one must be added.
  Result<void> export_node(const Node& n) {
    auto in = [&](size_t i) -> const std::string& { return value(n.inputs[i]); };
    const DType dt = n.type.dtype;
    const int64_t rank = n.type.rank();
    auto simple = [&](const char* op) -> onnx::NodeProto& { return emit_on_inputs(n, op); };
    auto done = [&](const onnx::NodeProto& p) -> Result<void> {
      finish(n, out(p));
      return {};
    };
    auto done_value = [&](const std::string& v) -> Result<void> {
      finish(n, v);
      return {};
    };
    auto done_result = [&](const Result<std::string>& v) -> Result<void> {
      if (!v) return v.error();
      finish(n, *v);
      return {};
    };
    switch (n.op) {
      case OpKind::Input:
      case OpKind::Constant: return {};
      case OpKind::Quantize: return done_result(quantize_linear(n));
      case OpKind::Dequantize:
        if (absorbed_.count(g_.find(n.name).index)) return {};  // in a per-axis DequantizeLinear
        return done_value(dequantize_linear(n));
      case OpKind::QConv2d:
        if (fused_qconv(g_.find(n.name))) return {};  // written with its requantize
        return done_value(conv_integer(n));
      case OpKind::QDense:
        if (fused_qdense(g_.find(n.name))) return {};  // written with its requantize
        return done_value(matmul_integer(n));
      case OpKind::Requantize: return done_result(requantize_node(n));
      case OpKind::QAdd:
        if (g_.node(n.inputs[2]).op != OpKind::Constant ||
            g_.node(n.inputs[3]).op != OpKind::Constant)
          return Error{"qadd's multipliers are exported only as constants"};
        return done_value(qadd(n));

      case OpKind::Conv2d: return done(conv(n, n.inputs.size() == 3));
      case OpKind::Conv2dTranspose: return done(conv_transpose(n));
      case OpKind::Dense: return done_value(dense(n, n.inputs.size() == 3));
      case OpKind::MatMul: return done(simple("MatMul"));
      case OpKind::Gemm: return done(gemm(n));
      case OpKind::BiasAdd: {
        const int64_t axis = norm_axis(n.attrs.get_int("axis"), rank);
        return done(emit(n, "Add", {in(0), channel_vector(n.inputs[1], rank - 1 - axis)}, "y"));
      }
      case OpKind::BatchNorm: return done_value(batch_norm(n));
      case OpKind::Add: return done(simple("Add"));
      case OpKind::Subtract:
        if (absorbed_.count(g_.find(n.name).index)) return {};  // in a per-axis DequantizeLinear
        return done(simple("Sub"));
      case OpKind::Multiply:
        if (auto it = per_axis_.find(g_.find(n.name).index); it != per_axis_.end())
          return done_value(per_axis_dequantize_linear(n, it->second));
        return done(simple("Mul"));
      case OpKind::Divide: return done(simple("Div"));
      case OpKind::Minimum: return done(simple("Min"));
      case OpKind::Maximum: return done(simple("Max"));
      case OpKind::Negative: return done(simple("Neg"));
      case OpKind::Sqrt: return done(simple("Sqrt"));
      case OpKind::Rsqrt:
        return done(emit(n, "Reciprocal", {out(emit(n, "Sqrt", {in(0)}, "sqrt"))}, "y"));
      case OpKind::Relu: return done(simple("Relu"));
      case OpKind::LeakyRelu: return done(with_float_attrs(n, "LeakyRelu", {"alpha"}));
      case OpKind::Clip:
        return done_value(
            clip(n, in(0), dt, n.attrs.get_float("min"), n.attrs.get_float("max"), "y"));
      case OpKind::Sigmoid: return done(simple("Sigmoid"));
      case OpKind::HardSigmoid: return done(with_float_attrs(n, "HardSigmoid", {"alpha", "beta"}));
      case OpKind::HardSwish: return done_value(hard_swish(n, in(0), dt));
      case OpKind::Exp:
      case OpKind::Log:
      case OpKind::Tanh:
      case OpKind::Erf:
      case OpKind::Softplus:
      case OpKind::Gelu:
      case OpKind::Silu:
      case OpKind::Mish: return done_value(math_unary(n, n.op, in(0), dt));
      case OpKind::ReduceMean:
      case OpKind::ReduceSum:
      case OpKind::ReduceMax:
      case OpKind::ReduceL2: return done_value(reduction(n, in(0)));
      case OpKind::LayerNorm:
      case OpKind::RmsNorm: return done_value(normalisation(n, in(0), dt));
      case OpKind::MaxPool2d:
      case OpKind::AvgPool2d:
        return done_result(pool(n, n.op == OpKind::MaxPool2d ? "MaxPool" : "AveragePool"));
      case OpKind::GlobalAvgPool2d: return done(simple("GlobalAveragePool"));
      case OpKind::Pad: return done(pad(n));
      case OpKind::Reshape: return done_result(reshape(n));
      case OpKind::Flatten:
        return done(
            flatten(n, norm_axis(n.attrs.get_int("axis"), g_.node(n.inputs[0]).type.rank())));
      case OpKind::BatchFlatten: return done(flatten(n, 1));
      case OpKind::ExpandDims: return done_value(expand_dims(n));
      case OpKind::Squeeze: return done_value(squeeze(n));
      case OpKind::Transpose: return done(transpose(n));
      case OpKind::Concat: return done(with_axis(n, "Concat"));
      case OpKind::Split: return done(split_piece(n));
      case OpKind::Softmax: return done(with_axis(n, "Softmax"));
      case OpKind::Upsampling: return done_result(upsampling(n));
      case OpKind::ResizeNearest: return done_value(resize_nearest(n));
      case OpKind::Im2col:
        // A target's lowering (rules/lowering), never in a graph compiled for export.
        return Error{
            "im2col has no ONNX operator (it is a systolic target's lowering of conv2d; "
            "export the graph compiled without --target)"};
      case OpKind::Gather: {  // ONNX Gather (ids outside [-n, n): ONNX Runtime refuses them)
        auto& p = emit_on_inputs(n, "Gather");
        attr_int(p, "axis", norm_axis(n.attrs.get_int("axis"), g_.node(n.inputs[0]).type.rank()));
        return done(p);
      }
      case OpKind::Cast: {
        auto& p = emit_on_inputs(n, "Cast");
        attr_int(p, "to", onnx::TensorProto::FLOAT);
        return done(p);
      }
      case OpKind::Where: {  // the condition `!= 0` as ONNX's Cast to bool
        auto& c = emit(n, "Cast", {in(0)}, "condition");
        attr_int(c, "to", onnx::TensorProto::BOOL);
        return done(emit(n, "Where", {out(c), in(1), in(2)}, "y"));
      }
      case OpKind::FusedConv2d: {
        const EpilogueAttrs e = epilogue_attrs(n.attrs);
        return done_value(fused_epilogue(n, out(conv(n, e.has_bias)), /*conv_layout=*/true));
      }
      case OpKind::FusedDense: {
        const EpilogueAttrs e = epilogue_attrs(n.attrs);
        return done_value(fused_epilogue(n, dense(n, e.has_bias), /*conv_layout=*/false));
      }
    }
    return Error{"no ONNX form"};
  }
};

}  // namespace

Result<std::string> export_onnx(const Graph& g) { return Exporter(g).run(); }

Result<void> export_onnx_file(const Graph& g, const std::string& path) {
  auto bytes = export_onnx(g);
  if (!bytes) return bytes.error();
  return write_file_atomically(path, *bytes);
}

}  // namespace vf
