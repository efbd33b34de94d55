// ONNX converters of pointwise math (Exp, Log, Tanh, Erf, Softplus), reductions and
// normalisations: kept apart from onnx_import_ops.cpp, which adds them to its table.
#include <fmt/format.h>

#include <map>
#include <string>

#include "frontend/onnx_importer.h"

namespace vf::onnx_io {
namespace {

using onnx::NodeProto;

/// One IR node of `op` on input 0 with attributes `a`, bound to output 0.
bool one_node(Importer& im, const NodeProto& n, OpKind op, Attrs a = {}) {
  auto y = im.add(n, op, {im.node_of(n, 0)}, std::move(a));
  if (!y) return false;
  im.bind(n, 0, *y);
  return true;
}

OpConverter unary(OpKind op) {
  return [op](Importer& im, const NodeProto& n) { return one_node(im, n, op); };
}

/// How a Reduce* node reduces: the axes (from the attribute, or, for ReduceSum from opset
/// 13 and the others from opset 18, from the known second input) and keepdims; `noop` when
/// noop_with_empty_axes asks for the identity. No axes reduce every axis, as in the IR.
/// nullopt after reporting.
std::optional<Attrs> reduce_attrs(Importer& im, const NodeProto& n, bool& noop) {
  std::vector<int64_t> axes = attr_ints(n, "axes");
  const int64_t axes_input_since = n.op_type() == "ReduceSum" ? 13 : 18;
  if (im.opset() >= axes_input_since && im.input(n, 1)) {
    auto v = im.known_ints(n, 1, "axes");
    if (!v) return std::nullopt;
    axes = *v;
  }
  noop = axes.empty() && attr_int(n, "noop_with_empty_axes", 0) != 0;
  Attrs a;
  a.set("axes", axes);
  a.set("keepdims", attr_int(n, "keepdims", 1));
  return a;
}

/// ReduceMean / ReduceSum / ReduceMax / ReduceL2: one IR reduction (reduce_attrs).
bool reduce(Importer& im, const NodeProto& n, OpKind op) {
  bool noop = false;
  auto a = reduce_attrs(im, n, noop);
  if (!a) return false;
  if (noop) {
    im.alias(n, 0, 0);
    return true;
  }
  return one_node(im, n, op, std::move(*a));
}

/// ReduceMin as -reduce_max(-x), ReduceSumSquare as reduce_sum(x * x), ReduceL1 as
/// reduce_sum(max(x, -x)) (negation and |x| are exact; the square rounds once, as the
/// operator's own); noop_with_empty_axes gives -(-x), x * x, |x| unreduced, as ONNX says.
bool reduce_composed(Importer& im, const NodeProto& n) {
  bool noop = false;
  auto a = reduce_attrs(im, n, noop);
  if (!a) return false;
  const std::string& op = n.op_type();
  const bool min = op == "ReduceMin";
  if (min && noop) {  // -(-x) is x, bit for bit
    im.alias(n, 0, 0);
    return true;
  }
  const NodeId x = im.node_of(n, 0);
  std::optional<NodeId> in;  // the value reduced
  if (op == "ReduceSumSquare") {
    in = im.add(n, OpKind::Multiply, {x, x}, {}, noop);
  } else {
    auto neg = im.add(n, OpKind::Negative, {x}, {}, false);
    in = min || !neg ? neg : im.add(n, OpKind::Maximum, {x, *neg}, {}, noop);
  }
  if (!in || noop) return bind_result(im, n, in);
  auto r = im.add(n, min ? OpKind::ReduceMax : OpKind::ReduceSum, {*in}, std::move(*a), !min);
  return bind_result(im, n, min && r ? im.add(n, OpKind::Negative, {*r}, {}) : r);
}

/// The normalisation statistics over `axes` (keepdims) of x, as layer_norm computes them:
/// the mean, the centred x - mean and the root sqrt(reduce_mean((x - mean)^2) + eps); all
/// intermediates of `n`. nullopt after reporting when a step is refused.
struct NormStats {
  NodeId mean, centred, root;
};
std::optional<NormStats> norm_stats(Importer& im, const NodeProto& n, NodeId x,
                                    const std::vector<int64_t>& axes, double eps) {
  Attrs ra;
  ra.set("axes", axes);
  ra.set("keepdims", int64_t{1});
  const DType dt = im.graph().node(x).type.dtype;
  auto mean = im.add(n, OpKind::ReduceMean, {x}, ra, false);
  auto d = mean ? im.add(n, OpKind::Subtract, {x, *mean}, {}, false) : std::nullopt;
  auto sq = d ? im.add(n, OpKind::Multiply, {*d, *d}, {}, false) : std::nullopt;
  auto var = sq ? im.add(n, OpKind::ReduceMean, {*sq}, ra, false) : std::nullopt;
  auto ve = var ? im.add(n, OpKind::Add, {*var, im.constant(n, Tensor::scalar(dt, eps))}, {}, false)
                : std::nullopt;
  auto sd = ve ? im.add(n, OpKind::Sqrt, {*ve}, {}, false) : std::nullopt;
  if (!sd) return std::nullopt;
  return NormStats{*mean, *d, *sd};
}

/// LayerNormalization (opset 17): a missing B is zeros. The optional outputs Mean and
/// InvStdDev (keepdims over the normalised axes) are their own nodes, the statistics as
/// layer_norm computes them: reduce_mean(x); 1 / sqrt(reduce_mean((x - mean)^2) + eps).
bool layer_norm(Importer& im, const NodeProto& n) {
  const int64_t rank = im.input(n, 0)->type.rank();
  const int64_t axis = attr_int(n, "axis", -1);
  const double eps = attr_float(n, "epsilon", 1e-5);
  Attrs a;
  a.set("axis", axis);
  a.set("epsilon", eps);
  const NodeId x = im.node_of(n, 0);
  std::vector<NodeId> ins{x, im.node_of(n, 1)};
  const TensorType& scale = im.input(n, 1)->type;
  ins.push_back(im.input(n, 2) ? im.node_of(n, 2) : im.constant(n, Tensor(scale)));
  const bool stats = im.output_used(n, 1) || im.output_used(n, 2);
  auto y = im.add(n, OpKind::LayerNorm, std::move(ins), std::move(a), !stats);
  if (!y) return false;
  im.bind(n, 0, *y);
  if (!stats) return true;
  if (axis < -rank || axis >= rank) return im.fail(n, "axis out of range");
  std::vector<int64_t> axes;
  for (int64_t k = axis < 0 ? axis + rank : axis; k < rank; ++k) axes.push_back(k);
  auto st = norm_stats(im, n, x, axes, eps);
  if (!st) return false;
  im.bind(n, 1, st->mean);
  const DType dt = im.input(n, 0)->type.dtype;
  auto inv =
      im.add(n, OpKind::Divide, {im.constant(n, Tensor::scalar(dt, 1)), st->root}, {}, false);
  if (!inv) return false;
  im.bind(n, 2, *inv);
  return true;
}

/// Pow with a known scalar exponent: 2 is x * x (pow(x, 2) is the correctly rounded square,
/// as the product), 3 is (x * x) * x (as ONNX Runtime computes it, and as exporters write
/// GELU's tanh form), 1 is x; other exponents are not supported.
bool pow(Importer& im, const NodeProto& n) {
  auto e = im.known_floats(n, 1, "the exponent");
  if (!e) return false;
  if (e->size() != 1) return im.fail(n, "the exponent must be a scalar");
  if ((*e)[0] == 1) {
    im.alias(n, 0, 0);
    return true;
  }
  if ((*e)[0] != 2 && (*e)[0] != 3)
    return im.fail(n, fmt::format("exponent {} is not supported (only 1, 2 and 3)", (*e)[0]));
  const NodeId x = im.node_of(n, 0);
  const bool cube = (*e)[0] == 3;
  auto y = im.add(n, OpKind::Multiply, {x, x}, {}, !cube);
  if (y && cube) y = im.add(n, OpKind::Multiply, {*y, x}, {});
  if (!y) return false;
  im.bind(n, 0, *y);
  return true;
}

/// PRelu: relu(x) + slope * min(x, 0), slope broadcast to x (ONNX's unidirectional
/// broadcasting is numpy's for these shapes). One rounding, as PRelu's: for x < 0 the sum
/// is 0 + slope x, for x >= 0 it is x + slope * 0.
bool prelu(Importer& im, const NodeProto& n) {
  const NodeId x = im.node_of(n, 0);
  const DType dt = im.input(n, 0)->type.dtype;
  auto pos = im.add(n, OpKind::Relu, {x}, {}, false);
  auto neg = im.add(n, OpKind::Minimum, {x, im.constant(n, Tensor::scalar(dt, 0))}, {}, false);
  auto scaled =
      neg ? im.add(n, OpKind::Multiply, {*neg, im.node_of(n, 1)}, {}, false) : std::nullopt;
  return bind_result(im, n,
                     pos && scaled ? im.add(n, OpKind::Add, {*pos, *scaled}, {}) : std::nullopt);
}

/// Elu: relu(x) + alpha (exp(min(x, 0)) - 1): x for x > 0, alpha (exp(x) - 1) otherwise.
bool elu(Importer& im, const NodeProto& n) {
  const NodeId x = im.node_of(n, 0);
  const DType dt = im.input(n, 0)->type.dtype;
  auto pos = im.add(n, OpKind::Relu, {x}, {}, false);
  auto neg = im.add(n, OpKind::Minimum, {x, im.constant(n, Tensor::scalar(dt, 0))}, {}, false);
  auto e = neg ? im.add(n, OpKind::Exp, {*neg}, {}, false) : std::nullopt;
  auto em1 = e ? im.add(n, OpKind::Subtract, {*e, im.constant(n, Tensor::scalar(dt, 1))}, {}, false)
               : std::nullopt;
  const double alpha = attr_float(n, "alpha", 1.0);
  auto scaled = em1 ? im.add(n, OpKind::Multiply, {*em1, im.constant(n, Tensor::scalar(dt, alpha))},
                             {}, false)
                    : std::nullopt;
  return bind_result(im, n,
                     pos && scaled ? im.add(n, OpKind::Add, {*pos, *scaled}, {}) : std::nullopt);
}

/// Abs: max(x, -x), exact (-0 gives +0, as |x|).
bool abs_value(Importer& im, const NodeProto& n) {
  const NodeId x = im.node_of(n, 0);
  auto neg = im.add(n, OpKind::Negative, {x}, {}, false);
  return bind_result(im, n, neg ? im.add(n, OpKind::Maximum, {x, *neg}, {}) : std::nullopt);
}

/// LogSoftmax over one axis (opset 13; earlier opsets only over the last axis, where the
/// flattened tail is that axis): (x - m) - log(sum(exp(x - m))), m the axis' max.
bool log_softmax(Importer& im, const NodeProto& n) {
  const int64_t r = im.input(n, 0)->type.rank();
  int64_t axis = attr_int(n, "axis", im.opset() < 13 ? 1 : -1);
  if (axis < 0) axis += r;
  if (axis < 0 || axis >= std::max<int64_t>(r, 1)) return im.fail(n, "axis out of range");
  if (im.opset() < 13 && axis != r - 1)
    return im.fail(n, "before opset 13 only the last axis is supported (the flattened tail)");
  Attrs ra;
  ra.set("axes", std::vector<int64_t>{axis});
  ra.set("keepdims", int64_t{1});
  const NodeId x = im.node_of(n, 0);
  auto m = im.add(n, OpKind::ReduceMax, {x}, ra, false);
  auto d = m ? im.add(n, OpKind::Subtract, {x, *m}, {}, false) : std::nullopt;
  auto e = d ? im.add(n, OpKind::Exp, {*d}, {}, false) : std::nullopt;
  auto s = e ? im.add(n, OpKind::ReduceSum, {*e}, ra, false) : std::nullopt;
  auto l = s ? im.add(n, OpKind::Log, {*s}, {}, false) : std::nullopt;
  return bind_result(im, n, l ? im.add(n, OpKind::Subtract, {*d, *l}, {}) : std::nullopt);
}

/// GlobalMaxPool: the max over every axis from 2, kept as size 1.
bool global_max_pool(Importer& im, const NodeProto& n) {
  const int64_t r = im.input(n, 0)->type.rank();
  if (r < 3) return im.fail(n, "the input needs a batch, a channel and a spatial axis");
  std::vector<int64_t> axes;
  for (int64_t k = 2; k < r; ++k) axes.push_back(k);
  Attrs a;
  a.set("axes", axes);
  a.set("keepdims", int64_t{1});
  return bind_result(im, n, im.add(n, OpKind::ReduceMax, {im.node_of(n, 0)}, std::move(a)));
}

/// InstanceNormalization: per sample and channel over the spatial axes, (x - mean) /
/// sqrt(var + eps) * scale[c] + bias[c], scale and bias [C] broadcast as [C, 1, ...].
bool instance_norm(Importer& im, const NodeProto& n) {
  const Shape xs = im.input(n, 0)->type.shape;
  const int64_t r = static_cast<int64_t>(xs.size());
  if (r < 3) return im.fail(n, "the input needs a batch, a channel and a spatial axis");
  std::vector<int64_t> axes;
  for (int64_t k = 2; k < r; ++k) axes.push_back(k);
  auto st = norm_stats(im, n, im.node_of(n, 0), axes, attr_float(n, "epsilon", 1e-5));
  auto z = st ? im.add(n, OpKind::Divide, {st->centred, st->root}, {}, false) : std::nullopt;
  Shape per_channel(static_cast<size_t>(r - 1), 1);
  per_channel[0] = xs[1];
  auto scale = im.reshape(n, im.node_of(n, 1), per_channel);
  auto bias = im.reshape(n, im.node_of(n, 2), per_channel);
  auto zs = z && scale ? im.add(n, OpKind::Multiply, {*z, *scale}, {}, false) : std::nullopt;
  return bind_result(im, n, zs && bias ? im.add(n, OpKind::Add, {*zs, *bias}, {}) : std::nullopt);
}

OpConverter reduction(OpKind op) {
  return [op](Importer& im, const NodeProto& n) { return reduce(im, n, op); };
}

}  // namespace

void add_math_converters(std::map<std::string, OpConverter>& t) {
  t["Exp"] = unary(OpKind::Exp);
  t["Log"] = unary(OpKind::Log);
  t["Tanh"] = unary(OpKind::Tanh);
  t["Erf"] = unary(OpKind::Erf);
  t["Softplus"] = unary(OpKind::Softplus);
  t["Mish"] = unary(OpKind::Mish);
  t["PRelu"] = prelu;
  t["Elu"] = elu;
  t["Abs"] = abs_value;
  t["LogSoftmax"] = log_softmax;
  t["GlobalMaxPool"] = global_max_pool;
  t["InstanceNormalization"] = instance_norm;
  t["ReduceMean"] = reduction(OpKind::ReduceMean);
  t["ReduceSum"] = reduction(OpKind::ReduceSum);
  t["ReduceMax"] = reduction(OpKind::ReduceMax);
  t["ReduceL2"] = reduction(OpKind::ReduceL2);
  t["ReduceMin"] = reduce_composed;
  t["ReduceSumSquare"] = reduce_composed;
  t["ReduceL1"] = reduce_composed;
  t["LayerNormalization"] = layer_norm;
  t["Pow"] = pow;
}

int64_t math_converter_since(const std::string& op) {
  static const std::map<std::string, int64_t> since = {{"Exp", 6},
                                                       {"Log", 6},
                                                       {"Tanh", 6},
                                                       {"Erf", 9},
                                                       {"Softplus", 1},
                                                       {"Mish", 18},
                                                       {"PRelu", 9},
                                                       {"Elu", 6},
                                                       {"Abs", 6},
                                                       {"LogSoftmax", 1},
                                                       {"GlobalMaxPool", 1},
                                                       {"InstanceNormalization", 6},
                                                       {"ReduceMean", 1},
                                                       {"ReduceSum", 1},
                                                       {"ReduceMax", 1},
                                                       {"ReduceL2", 1},
                                                       {"ReduceMin", 1},
                                                       {"ReduceSumSquare", 1},
                                                       {"ReduceL1", 1},
                                                       {"LayerNormalization", 17},
                                                       {"Pow", 7}};
  auto it = since.find(op);
  return it == since.end() ? 0 : it->second;
}

}  // namespace vf::onnx_io
