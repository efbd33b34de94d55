#include "quant/quantize_graph.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <set>

#include "ir/op.h"
#include "ir/op_attrs.h"
#include "ir/shape_inference.h"

namespace vf::quant {
namespace {

/// Whether the epilogue's activation stays an integer node after the layer (relu, clip)
/// rather than a float node of its own.
bool integer_activation(Activation a) {
  return a == Activation::None || a == Activation::Relu || a == Activation::Clip;
}

bool is_conv(OpKind op) { return op == OpKind::FusedConv2d || op == OpKind::Conv2d; }

/// The epilogue of a layer: a fused node's, or a plain conv2d / dense with its optional
/// bias (inputs x, w, bias).
EpilogueAttrs layer_epilogue(const Node& n) {
  if (n.op == OpKind::FusedConv2d || n.op == OpKind::FusedDense) return epilogue_attrs(n.attrs);
  EpilogueAttrs e;
  e.has_bias = n.inputs.size() == 3;
  return e;
}

/// A conv2d, dense, fused_conv2d or fused_dense on float32 whose weights, bias, scale and
/// shift are constants: the layers the quantizer turns into integer arithmetic.
bool quantizable(const Graph& g, const Node& n) {
  if (n.op != OpKind::FusedConv2d && n.op != OpKind::FusedDense && n.op != OpKind::Conv2d &&
      n.op != OpKind::Dense)
    return false;
  if (n.type.dtype != DType::F32 || g.node(n.inputs[0]).type.dtype != DType::F32) return false;
  const EpilogueAttrs e = layer_epilogue(n);
  const size_t constants = 2 + e.has_bias + e.has_scale + e.has_shift;
  for (size_t k = 1; k < constants; ++k)
    if (g.node(n.inputs[k]).op != OpKind::Constant) return false;
  return true;
}

/// Node names of a graph under construction: every name of the source graph is reserved
/// (a copied node keeps its own), new nodes get a fresh one derived from their layer's.
class Names {
 public:
  explicit Names(const Graph& src) {
    for (const Node& n : src.nodes()) taken_.insert(n.name);
  }
  std::string fresh(const std::string& base) {
    std::string name = base;
    for (int k = 2; taken_.count(name); ++k) name = fmt::format("{}_{}", base, k);
    taken_.insert(name);
    return name;
  }

 private:
  std::set<std::string> taken_;
};

/// Whether a node computes its value from its input's without arithmetic, so that an
/// integer input gives the integer result under the same scale and zero point: the views
/// that take integers (ops.def's View class: reshape, flatten, batch_flatten, expand_dims,
/// squeeze), and a max pool with a tap in every window (the maximum commutes with quantize,
/// which is monotone; an empty window would be -inf, which no integer is).
bool passes_integers(const Graph& g, const Node& n) {
  if (n.inputs.size() != 1 || g.node(n.inputs[0]).type.dtype != DType::F32) return false;
  if (op_class(n.op) == OpClass::View) return takes_int_inputs(n.op);  // ops.def
  switch (n.op) {
    case OpKind::MaxPool2d: {
      const Shape& x = g.node(n.inputs[0]).type.shape;
      if (x.size() != 4 || n.type.shape.size() != 4) return false;
      const Pool2dAttrs a = pool2d_attrs(n.attrs);
      for (int axis = 0; axis < 2; ++axis)
        for (int64_t o = 0; o < n.type.shape[2 + axis]; ++o) {
          bool any = false;
          for (int64_t k = 0; k < a.pool_size[axis] && !any; ++k) {
            const int64_t i = o * a.strides[axis] - a.padding[axis] + k * a.dilation[axis];
            any = i >= 0 && i < x[2 + axis];
          }
          if (!any) return false;
        }
      return true;
    }
    default: return false;
  }
}

/// Whether vfuse quantize may write node n as a depthwise convolution layer (then quantized
/// like any other, when its input is integer): a global average pool over at most 2^16
/// elements per channel (the mean as weights 1 / (H W): each one's int8 weight is 127, and
/// the int32 sum 127 * 255 * H W cannot overflow), or a batch_norm of an NCHW tensor over
/// its channels with constant statistics (x a + b, one weight per channel).
bool as_depthwise_layer(const Graph& g, const Node& n) {
  if (n.type.dtype != DType::F32 || n.type.shape.size() != 4 || n.inputs.empty()) return false;
  const Shape& x = g.node(n.inputs[0]).type.shape;
  if (n.op == OpKind::GlobalAvgPool2d) return x.size() == 4 && x[2] * x[3] <= (int64_t{1} << 16);
  if (n.op != OpKind::BatchNorm || n.attrs.get_int("axis") != 1) return false;
  for (size_t k = 1; k < 5; ++k)
    if (g.node(n.inputs[k]).op != OpKind::Constant) return false;
  return true;
}

/// Node n (as_depthwise_layer) as a fused_conv2d on x with groups = channels, with
/// activation `act` (a relu or clip that was its only reader; null: none): the weights and
/// bias in float32, computed in double from the operator's meaning (the mean's 1 / (H W);
/// batch_norm's a = gamma / sqrt(var + eps), b = beta - mean a, as tensor_ops.h
/// batch_norm_at reads them).
NodeId add_depthwise_layer(Graph& out, Names& names, const Graph& g, const Node& n, NodeId x,
                            const Node* act) {
  const Shape& xs = g.node(n.inputs[0]).type.shape;
  const int64_t C = xs[1];
  const bool pool = n.op == OpKind::GlobalAvgPool2d;
  const int64_t kh = pool ? xs[2] : 1, kw = pool ? xs[3] : 1;
  Tensor w(TensorType{DType::F32, {C, 1, kh, kw}}), b(TensorType{DType::F32, {C}});
  for (int64_t c = 0; c < C; ++c) {
    double a = 1.0 / static_cast<double>(kh * kw), shift = 0;
    if (!pool) {
      auto in = [&](size_t k) { return g.node(n.inputs[k]).data->get(c); };
      const double sd = std::sqrt(in(4) + n.attrs.get_float("epsilon"));
      a = n.attrs.get_int("scale") ? in(1) / sd : 1.0 / sd;
      shift = (n.attrs.get_int("center") ? in(2) : 0.0) - in(3) * a;
    }
    for (int64_t j = 0; j < kh * kw; ++j) w.set(c * kh * kw + j, a);
    b.set(c, shift);
  }
  Attrs attrs;
  attrs.set("groups", C);
  attrs.set("has_bias", int64_t{1});
  if (act) {
    attrs.set("activation", std::string(op_name(act->op)));
    if (act->op == OpKind::Clip)
      attrs.set("act_alpha", act->attrs.get_float("min")),
          attrs.set("act_beta", act->attrs.get_float("max"));
  }
  [[maybe_unused]] auto r = normalize_attrs(OpKind::FusedConv2d, attrs);
  assert(r && "a fused_conv2d's attributes");
  const NodeId wc = out.add_constant(names.fresh(n.name + "_depthwise_w"), std::move(w));
  const NodeId bc = out.add_constant(names.fresh(n.name + "_depthwise_b"), std::move(b));
  return out.add_node(OpKind::FusedConv2d, n.name, {x, wc, bc}, std::move(attrs));
}

/// Adds op(inputs) with `attrs` completed by the operator's defaults.
NodeId add_op(Graph& g, OpKind op, std::string name, std::vector<NodeId> inputs, Attrs attrs) {
  [[maybe_unused]] auto r = normalize_attrs(op, attrs);
  assert(r && "the quantizer writes only attributes of the schema");
  return g.add_node(op, std::move(name), std::move(inputs), std::move(attrs));
}

/// The float node computing activation `a` of a fused epilogue on x (same attributes).
NodeId add_activation(Graph& g, const EpilogueAttrs& e, NodeId x, std::string name) {
  const OpKind op = *op_from_name(activation_name(e.activation));
  Attrs a;
  if (e.activation == Activation::LeakyRelu) a.set("alpha", e.act_alpha);
  if (e.activation == Activation::Clip) a.set("min", e.act_alpha), a.set("max", e.act_beta);
  if (e.activation == Activation::HardSigmoid)
    a.set("alpha", e.act_alpha), a.set("beta", e.act_beta);
  return add_op(g, op, std::move(name), {x}, std::move(a));
}

/// Copies a leaf or an operation of `src` into `out` with its inputs mapped.
NodeId copy_node(Graph& out, const Node& n, std::vector<NodeId> inputs) {
  if (n.op == OpKind::Input) return out.add_input(n.name, n.type, n.weight);
  if (n.op == OpKind::Constant) return out.add_constant(n.name, n.data);
  return out.add_node(n.op, n.name, std::move(inputs), n.attrs, n.type);
}

/// Per value of g, the relu or clip that is its only reader and no graph output (an
/// activation that may be folded with it), else an invalid id.
std::vector<NodeId> folded_activations(const Graph& g) {
  std::vector<int> uses(g.size(), 0);
  std::vector<NodeId> reader(g.size());
  for (size_t i = 0; i < g.size(); ++i)
    for (NodeId x : g.nodes()[i].inputs) ++uses[x.index], reader[x.index] = g.id(i);
  for (NodeId o : g.outputs()) uses[o.index] += 2;  // never folded with a reader
  for (size_t i = 0; i < g.size(); ++i)
    if (uses[i] != 1 || (g.node(reader[i]).op != OpKind::Relu &&
                         g.node(reader[i]).op != OpKind::Clip))
      reader[i] = NodeId{};
  return reader;
}

/// The adds of `p.graph` that become qadd: float32 adds of two values of one shape (no
/// broadcasting) that are both integer in the quantized graph — a layer's output, or such an
/// add's — in graph order, so that a chain of residual adds stays integer. A relu or clip
/// that is the add's only reader (no graph output) goes with it. Each becomes watched.
/// Returns which values of p.graph are integer (layers, those adds, and what passes an
/// integer through: passes_integers).
std::vector<bool> find_integer_adds(PreparedGraph& p) {
  const Graph& g = p.graph;
  const std::vector<NodeId> activation = folded_activations(g);
  std::vector<bool> integer(g.size(), false);
  for (NodeId l : p.layers) integer[l.index] = true;
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (passes_integers(g, n) && integer[n.inputs[0].index]) integer[i] = true;
    if (n.op == OpKind::Concat && n.type.dtype == DType::F32) {
      // Integer when its computed inputs are and share their parameters (integer_concat;
      // known only after calibration, so a maybe here: a qadd reading it checks again).
      bool any = false, all = true;
      for (NodeId x : n.inputs)
        if (g.node(x).op != OpKind::Constant) any = true, all = all && integer[x.index];
      integer[i] = any && all;
    }
    if (n.op != OpKind::Add || n.type.dtype != DType::F32) continue;
    const Node& a = g.node(n.inputs[0]);
    const Node& b = g.node(n.inputs[1]);
    if (!integer[n.inputs[0].index] || !integer[n.inputs[1].index]) continue;
    if (a.type.shape != n.type.shape || b.type.shape != n.type.shape) continue;
    const NodeId act = activation[i];
    const NodeId add = g.id(i);
    const NodeId value = act.valid() ? act : add;
    integer[value.index] = true;
    p.integer_adds.emplace(add, act);
    p.watched.push_back(value);
  }
  return integer;
}

/// prepare_graph with the nodes of g in `as_layers` (as_depthwise_layer) written as
/// depthwise layers, each with its relu / clip when that is its only reader; `map` gets each
/// node of g's value in p.graph, and `integer` which values of p.graph are integer.
Result<PreparedGraph> prepare_once(const Graph& g, const std::set<size_t>& as_layers,
                                   std::vector<NodeId>& map, std::vector<bool>& integer) {
  PreparedGraph p;
  Names names(g);
  map.assign(g.size(), NodeId{});
  const std::vector<NodeId> activation = folded_activations(g);
  std::vector<bool> absorbed(g.size(), false);
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (absorbed[i]) continue;
    std::vector<NodeId> in;
    for (NodeId x : n.inputs) in.push_back(map[x.index]);
    if (as_layers.count(i)) {
      const NodeId act = activation[i];
      const NodeId layer =
          add_depthwise_layer(p.graph, names, g, n, in[0], act.valid() ? &g.node(act) : nullptr);
      p.layers.push_back(layer);
      p.watched.push_back(in[0]);
      p.watched.push_back(layer);
      map[i] = layer;
      if (act.valid()) map[act.index] = layer, absorbed[act.index] = true;
      continue;
    }
    if (!quantizable(g, n)) {
      map[i] = copy_node(p.graph, n, std::move(in));
      continue;
    }
    const EpilogueAttrs e = layer_epilogue(n);
    const bool split_act = e.has_residual || !integer_activation(e.activation);
    Attrs a = n.attrs;
    std::vector<NodeId> layer_in = in;
    if (e.has_residual) {
      a.set("has_residual", int64_t{0});
      layer_in.pop_back();  // the residual is the last input (ops.def)
    }
    if (split_act) {
      a.set("activation", std::string("none"));
      a.set("act_alpha", 0.0);
      a.set("act_beta", 0.0);
    }
    const NodeId layer = p.graph.add_node(n.op, n.name, std::move(layer_in), std::move(a));
    p.layers.push_back(layer);
    p.watched.push_back(in[0]);
    p.watched.push_back(layer);
    NodeId y = layer;
    std::string moved;
    // epilogue_at: (... + residual), then the activation; one float32 rounding each.
    if (e.has_residual) {
      y = add_op(p.graph, OpKind::Add, names.fresh(n.name + "_residual"), {y, in.back()}, {});
      moved = "add";
    }
    if (split_act && e.activation != Activation::None) {
      y = add_activation(p.graph, e, y,
                         names.fresh(fmt::format("{}_{}", n.name, activation_name(e.activation))));
      moved += fmt::format("{}{}", moved.empty() ? "" : ", ", activation_name(e.activation));
    }
    if (!moved.empty()) p.moved_out.emplace(layer, moved);
    map[i] = y;
  }
  for (NodeId o : g.outputs()) p.graph.add_output(map[o.index]);
  if (auto r = infer_types(p.graph); !r)
    return Error{"the graph prepared for calibration does not type: " + r.error().message};
  integer = find_integer_adds(p);
  // Watched values in graph order, each once (a layer's output may be the next one's input).
  std::sort(p.watched.begin(), p.watched.end());
  p.watched.erase(std::unique(p.watched.begin(), p.watched.end()), p.watched.end());
  return p;
}

}  // namespace

Result<PreparedGraph> prepare_graph(const Graph& g) {
  // The global average pools and batch norms that read an integer value become depthwise
  // layers; each one's output is integer then, which may make another one's input integer:
  // repeated until none is added (each round adds at least one of them).
  std::set<size_t> as_layers;
  for (;;) {
    std::vector<NodeId> map;
    std::vector<bool> integer;
    auto p = prepare_once(g, as_layers, map, integer);
    if (!p) return p;
    const size_t before = as_layers.size();
    for (size_t i = 0; i < g.size(); ++i) {
      const Node& n = g.nodes()[i];
      if (as_depthwise_layer(g, n) && integer[map[n.inputs[0].index].index]) as_layers.insert(i);
    }
    if (as_layers.size() == before) return p;
  }
}

namespace {

/// Builds the quantized graph from a prepared one: float and integer versions of each
/// value, made on demand (a quantize or dequantize node the first time a consumer of the
/// other kind needs one).
class Builder {
 public:
  Builder(const PreparedGraph& p, const std::map<NodeId, Range>& ranges, DType dtype)
      : p_(p),
        src_(p.graph),
        ranges_(ranges),
        dtype_(dtype),
        names_(p.graph),
        float_(src_.size()),
        int_(src_.size()),
        params_(src_.size()) {}

  Result<QuantizedGraph> run() {
    std::set<NodeId> layers(p_.layers.begin(), p_.layers.end());
    std::set<NodeId> folded_acts;  // a relu / clip made integer with its qadd
    for (size_t i = 0; i < src_.size(); ++i) {
      const NodeId id = src_.id(i);
      const Node& n = src_.node(id);
      if (layers.count(id)) {
        if (auto r = layer(id); !r) return r.error();
        continue;
      }
      if (auto it = p_.integer_adds.find(id);
          it != p_.integer_adds.end() && integer_add(id, it->second)) {
        if (it->second.valid()) folded_acts.insert(it->second);
        continue;
      }
      if (folded_acts.count(id)) continue;
      if (n.op == OpKind::Constant) continue;  // copied when a float node reads it
      if (n.op == OpKind::Concat && integer_concat(id)) continue;
      if (const NodeId x = n.inputs.empty() ? NodeId{} : n.inputs[0];
          passes_integers(src_, n) && int_[x.index].valid()) {
        // The same scale and zero point as its input (passes_integers).
        int_[i] = out_.graph.add_node(n.op, names_.fresh(n.name + "_int"), {int_[x.index]}, n.attrs);
        params_[i] = params_[x.index];
        continue;
      }
      std::vector<NodeId> in;
      for (NodeId x : n.inputs) in.push_back(float_of(x));
      float_[i] = copy_node(out_.graph, n, std::move(in));
    }
    for (NodeId o : src_.outputs()) out_.graph.add_output(float_of(o));
    if (auto r = infer_types(out_.graph); !r)
      return Error{"the quantized graph does not type: " + r.error().message};
    return std::move(out_);
  }

 private:
  ActivationParams params(NodeId v) const {
    auto it = ranges_.find(v);
    return choose_activation(it == ranges_.end() ? Range{} : it->second, dtype_);
  }

  NodeId float_of(NodeId v) {
    NodeId& f = float_[v.index];
    if (f.valid()) return f;
    const Node& n = src_.node(v);
    if (n.op == OpKind::Constant) return f = out_.graph.add_constant(n.name, n.data);
    assert(int_[v.index].valid() && "a value is computed in float or in integers");
    const ActivationParams& q = params_[v.index];
    Attrs a;
    a.set("scale", static_cast<double>(q.scale));
    a.set("zero_point", q.zero_point);
    // A layer's value keeps the layer's name where floats read it.
    return f = add_op(out_.graph, OpKind::Dequantize, n.name, {int_[v.index]}, std::move(a));
  }

  NodeId int_of(NodeId v, const ActivationParams& q) {
    NodeId& i = int_[v.index];
    if (i.valid()) return i;
    Attrs a;
    a.set("scale", static_cast<double>(q.scale));
    a.set("zero_point", q.zero_point);
    a.set("dtype", std::string(dtype_name(q.dtype)));
    params_[v.index] = q;
    const NodeId x = float_of(v);
    return i = add_op(out_.graph, OpKind::Quantize, names_.fresh(src_.node(v).name + "_quant"), {x},
                      std::move(a));
  }

  NodeId int_constant(const std::string& base, Tensor t) {
    return out_.graph.add_constant(names_.fresh(base), std::move(t));
  }

  Result<void> layer(NodeId id) {
    const Node& n = src_.node(id);
    const bool conv = is_conv(n.op);
    const EpilogueAttrs e = layer_epilogue(n);
    const Tensor& w = *src_.node(n.inputs[1]).data;
    const int64_t channels = w.shape()[0], per = w.size() / channels;
    size_t k = 2;
    const Tensor* bias = e.has_bias ? src_.node(n.inputs[k++]).data.get() : nullptr;
    const Tensor* scale = e.has_scale ? src_.node(n.inputs[k++]).data.get() : nullptr;
    const Tensor* shift = e.has_shift ? src_.node(n.inputs[k++]).data.get() : nullptr;
    // The per-channel scale and shift folded into weights and bias:
    // ((acc + b) s + t) = acc s + (b s + t), with acc linear in the weights.
    Tensor wr(TensorType{DType::F64, w.shape()});
    std::vector<double> br(static_cast<size_t>(channels));
    for (int64_t c = 0; c < channels; ++c) {
      const double s = scale ? scale->get(c) : 1.0;
      for (int64_t j = 0; j < per; ++j) wr.set(c * per + j, w.get(c * per + j) * s);
      br[static_cast<size_t>(c)] = (bias ? bias->get(c) : 0.0) * s + (shift ? shift->get(c) : 0.0);
    }
    const NodeId x = n.inputs[0];
    LayerReport rep;
    rep.name = n.name;
    rep.op = std::string(op_name(n.op));
    rep.activation = std::string(activation_name(e.activation));
    rep.input = src_.node(x).name;
    if (auto it = p_.moved_out.find(id); it != p_.moved_out.end()) rep.float_after = it->second;
    rep.x = int_[x.index].valid() ? params_[x.index] : params(x);
    rep.y = params(id);
    rep.x_range = range_of(x);
    rep.y_range = range_of(id);
    WeightParams wq = quantize_weights(wr);
    rep.w_scales = wq.scales;
    Tensor bq = quantize_bias(br, rep.x.scale, wq.scales, rep.bias_saturated);
    std::vector<double> real;
    for (float s : wq.scales)
      real.push_back(static_cast<double>(rep.x.scale) * s / static_cast<double>(rep.y.scale));
    auto m = choose_multipliers(real);
    if (!m) return Error{fmt::format("layer '{}': {}", n.name, m.error().message)};
    rep.multipliers = m->m;
    rep.shift = m->shift;

    const NodeId xq = int_of(x, rep.x);
    const NodeId wc = int_constant(n.name + "_wq", std::move(wq.q));
    const NodeId bc = int_constant(n.name + "_bq", std::move(bq));
    Tensor mt(TensorType{DType::I32, {channels}});
    for (int64_t c = 0; c < channels; ++c) mt.set(c, m->m[static_cast<size_t>(c)]);
    const NodeId mc = int_constant(n.name + "_multiplier", std::move(mt));
    Attrs qa;
    if (conv)
      for (const char* name : {"strides", "padding", "dilation", "groups"})
        qa.set(name, *n.attrs.find(name));
    qa.set("x_zero_point", rep.x.zero_point);
    const NodeId acc = add_op(out_.graph, conv ? OpKind::QConv2d : OpKind::QDense,
                              names_.fresh(n.name + "_acc"), {xq, wc, bc}, std::move(qa));
    Attrs ra;
    ra.set("axis", conv ? int64_t{1} : static_cast<int64_t>(n.type.shape.size()) - 1);
    set_output_attrs(ra, m->shift, rep.y.zero_point);
    NodeId y = add_op(out_.graph, OpKind::Requantize, names_.fresh(n.name + "_requantize"),
                      {acc, mc}, std::move(ra));
    // The activation as its own integer node (a proved rule may fold it into the clamp).
    y = integer_activation_nodes(n.name, e, rep.y, y);
    int_[id.index] = y;
    params_[id.index] = rep.y;
    out_.layers.push_back(std::move(rep));
    return {};
  }

  /// The attributes requantize and qadd share: the result's shift and zero point, clamped
  /// to the whole range of the quantized dtype (a proved rule may narrow it for an
  /// activation).
  void set_output_attrs(Attrs& a, int64_t shift, int64_t zero_point) const {
    const IntRange t = int_range(dtype_);
    a.set("shift", shift);
    a.set("zero_point", zero_point);
    a.set("qmin", t.lo);
    a.set("qmax", t.hi);
    a.set("dtype", std::string(dtype_name(dtype_)));
  }

  /// add(a, b) (then relu or clip `act`, when valid) as qadd on the integer values of a and
  /// b; false, with nothing added, when either is not integer here or the multipliers do
  /// not fit (the add then stays float32, as any other node).
  bool integer_add(NodeId id, NodeId act) {
    const Node& n = src_.node(id);
    const NodeId a = n.inputs[0], b = n.inputs[1];
    if (!int_[a.index].valid() || !int_[b.index].valid()) return false;
    const NodeId value = act.valid() ? act : id;
    AddReport rep;
    rep.name = n.name;
    rep.a = src_.node(a).name;
    rep.b = src_.node(b).name;
    rep.pa = params_[a.index];
    rep.pb = params_[b.index];
    rep.y = params(value);
    rep.y_range = range_of(value);
    const double real[] = {static_cast<double>(rep.pa.scale) / rep.y.scale,
                           static_cast<double>(rep.pb.scale) / rep.y.scale};
    auto m = choose_multipliers(real, kAddMultiplierLimit);
    if (!m) return false;
    rep.multipliers = m->m;
    rep.shift = m->shift;
    auto multiplier = [&](const char* which, int32_t v) {
      Tensor t(TensorType{DType::I32, {1}});
      t.set(0, v);
      return int_constant(fmt::format("{}_{}_multiplier", n.name, which), std::move(t));
    };
    const NodeId ma = multiplier("a", m->m[0]), mb = multiplier("b", m->m[1]);
    Attrs qa;
    qa.set("a_zero_point", rep.pa.zero_point);
    qa.set("b_zero_point", rep.pb.zero_point);
    set_output_attrs(qa, m->shift, rep.y.zero_point);
    NodeId y = add_op(out_.graph, OpKind::QAdd, names_.fresh(n.name + "_qadd"),
                      {int_[a.index], int_[b.index], ma, mb}, std::move(qa));
    rep.activation = "none";
    if (act.valid()) {
      const Node& r = src_.node(act);
      EpilogueAttrs e;
      if (r.op == OpKind::Relu) {
        e.activation = Activation::Relu;
      } else {
        e.activation = Activation::Clip;
        e.act_alpha = r.attrs.get_float("min");
        e.act_beta = r.attrs.get_float("max");
      }
      rep.activation = std::string(activation_name(e.activation));
      y = integer_activation_nodes(n.name, e, rep.y, y);
    }
    int_[value.index] = y;
    params_[value.index] = rep.y;
    out_.adds.push_back(std::move(rep));
    return true;
  }

  /// A concat of integer values with one scale, zero point and type (a channel padding
  /// by a constant, or branches whose ranges gave the same parameters) on the integers, its
  /// constant inputs quantized with those parameters when each of their values is exactly
  /// one integer's (zeros always are); false, with nothing added, otherwise (the concat then
  /// stays float32).
  bool integer_concat(NodeId id) {
    const Node& n = src_.node(id);
    const ActivationParams* q = nullptr;
    for (NodeId x : n.inputs) {
      if (src_.node(x).op == OpKind::Constant) continue;
      if (!int_[x.index].valid()) return false;
      const ActivationParams& p = params_[x.index];
      if (q && (p.scale != q->scale || p.zero_point != q->zero_point || p.dtype != q->dtype))
        return false;
      q = &p;
    }
    if (!q) return false;
    std::vector<NodeId> in;
    for (NodeId x : n.inputs) {
      const Node& c = src_.node(x);
      if (c.op != OpKind::Constant) {
        in.push_back(int_[x.index]);
        continue;
      }
      Tensor t(TensorType{q->dtype, c.data->shape()});
      for (int64_t k = 0; k < t.size(); ++k) {
        const double v = c.data->get(k);
        const int64_t qv = quantize_value(*q, v);
        // dequantize's float32 (q - z) s must give v back (tensor_ops: dequantize).
        const float back = static_cast<float>(qv - q->zero_point) * q->scale;
        if (back != static_cast<float>(v)) return false;
        t.set(k, static_cast<double>(qv));
      }
      in.push_back(int_constant(c.name + "_quantized", std::move(t)));
    }
    const ActivationParams p = *q;
    int_[id.index] = out_.graph.add_node(OpKind::Concat, names_.fresh(n.name + "_int"),
                                         std::move(in), n.attrs);
    params_[id.index] = p;
    return true;
  }

  /// The activation of a layer or a qadd as its own integer nodes on y (a proved rule may
  /// fold it into the clamp): relu as maximum(y, zero point), clip(lo, hi) as
  /// minimum(maximum(y, q(lo)), q(hi)), with scalar constants of the output's type.
  NodeId integer_activation_nodes(const std::string& base, const EpilogueAttrs& e,
                                  const ActivationParams& py, NodeId y) {
    auto bound = [&](const std::string& what, int64_t q) {
      Tensor c(TensorType{dtype_, {}});  // a scalar, as the rules match it
      c.set(0, static_cast<double>(q));
      return int_constant(fmt::format("{}_{}", base, what), std::move(c));
    };
    if (e.activation == Activation::Relu) {
      y = add_op(out_.graph, OpKind::Maximum, names_.fresh(base + "_relu"),
                 {y, bound("relu_floor", py.zero_point)}, {});
    } else if (e.activation == Activation::Clip) {
      y = add_op(out_.graph, OpKind::Maximum, names_.fresh(base + "_clip_lo"),
                 {y, bound("clip_min", quantize_value(py, e.act_alpha))}, {});
      y = add_op(out_.graph, OpKind::Minimum, names_.fresh(base + "_clip_hi"),
                 {y, bound("clip_max", quantize_value(py, e.act_beta))}, {});
    }
    return y;
  }

  Range range_of(NodeId v) const {
    auto it = ranges_.find(v);
    return it == ranges_.end() ? Range{} : it->second;
  }

  const PreparedGraph& p_;
  const Graph& src_;
  const std::map<NodeId, Range>& ranges_;
  DType dtype_;
  Names names_;
  QuantizedGraph out_;
  std::vector<NodeId> float_, int_;
  std::vector<ActivationParams> params_;
};

}  // namespace

Result<QuantizedGraph> quantize_graph(const PreparedGraph& p, const std::map<NodeId, Range>& ranges,
                                      DType dtype) {
  return Builder(p, ranges, dtype).run();
}

std::vector<Boundary> float_boundaries(const Graph& g) {
  std::vector<std::vector<NodeId>> readers(g.size());
  for (size_t i = 0; i < g.size(); ++i)
    for (NodeId x : g.nodes()[i].inputs) readers[x.index].push_back(g.id(i));
  std::vector<bool> output(g.size(), false);
  for (NodeId o : g.outputs()) output[o.index] = true;
  std::vector<Boundary> out;
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op != OpKind::Quantize && n.op != OpKind::Dequantize) continue;
    Boundary b{n.name, std::string(op_name(n.op)), ""};
    if (n.op == OpKind::Quantize) {
      const Node& x = g.node(n.inputs[0]);
      b.reason = x.op == OpKind::Input
                     ? fmt::format("graph input '{}' is float32", x.name)
                     : fmt::format("reads the float32 result of {} '{}'", op_name(x.op), x.name);
    } else {
      std::string who;
      for (NodeId r : readers[i]) {
        const Node& rn = g.node(r);
        who += fmt::format("{}{} '{}'", who.empty() ? "" : ", ", op_name(rn.op), rn.name);
      }
      if (output[i]) who += fmt::format("{}the graph's output", who.empty() ? "" : ", ");
      b.reason = "read in float32 by " + (who.empty() ? std::string("nothing") : who);
    }
    out.push_back(std::move(b));
  }
  return out;
}

}  // namespace vf::quant
