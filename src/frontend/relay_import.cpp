#include "frontend/relay_import.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cassert>
#include <initializer_list>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "frontend/relay_compound.h"
#include "frontend/relay_parser.h"
#include "ir/shape_inference.h"

namespace vf {
namespace {

using relay::AttrAst;
using relay::AttrValueAst;
using relay::ExprAst;
using relay::Span;
using relay::TypeAst;

std::string ints_string(const std::vector<int64_t>& v) {
  return fmt::format("[{}]", fmt::join(v, ", "));
}

Span join_span(Span a, Span b) {
  const uint32_t begin = std::min(a.offset, b.offset);
  return Span{begin, std::max(a.end(), b.end()) - begin};
}

// ---- values ----------------------------------------------------------------------

/// What a Relay expression evaluates to during import. `Poisoned` stands for a value
/// whose definition already produced an error, so that its uses add no more errors.
/// `Split` is the tuple a `split` call returns; its fields become split nodes when they
/// are used, so that an unused section leaves no dead node in the graph.
struct Value {
  enum class Kind : uint8_t { Tensor, BatchNormTuple, Tuple, Split, Poisoned };
  Kind kind = Kind::Poisoned;
  NodeId node;                // Tensor; BatchNormTuple: the batch_norm node
  std::vector<Value> fields;  // Tuple
  size_t split = 0;           // Split: index into the importer's split tuples

  static Value tensor(NodeId id) {
    Value v;
    v.kind = Kind::Tensor;
    v.node = id;
    return v;
  }
};

/// The type of a value, as Relay writes it: a tensor type or a tuple of them.
struct ValueType {
  bool is_tuple = false;
  TensorType tensor;
  std::vector<ValueType> fields;
  bool operator==(const ValueType&) const = default;
};

std::string value_type_string(const ValueType& t) {
  if (!t.is_tuple) return type_string(t.tensor);
  std::vector<std::string> parts;
  for (const auto& f : t.fields) parts.push_back(value_type_string(f));
  return fmt::format("({})", fmt::join(parts, ", "));
}

// ---- operator table --------------------------------------------------------------

/// Kinds of Relay attribute values the operators take.
enum class AttrType : uint8_t { Int, Float, Bool, Str, Ints, IntPairs, IntOrInts, Floats };

std::string_view attr_type_name(AttrType t) {
  switch (t) {
    case AttrType::Int: return "an integer";
    case AttrType::Float: return "a number";
    case AttrType::Bool: return "a boolean";
    case AttrType::Str: return "a string";
    case AttrType::Ints: return "a list of integers";
    case AttrType::IntPairs: return "a list of [before, after] integer pairs";
    case AttrType::IntOrInts: return "an integer or a list of integers";
    case AttrType::Floats: return "a list of numbers";
  }
  return "?";
}

std::string_view attr_value_kind_name(AttrValueAst::Kind k) {
  switch (k) {
    case AttrValueAst::Kind::Int: return "an integer";
    case AttrValueAst::Kind::Float: return "a float";
    case AttrValueAst::Kind::Bool: return "a boolean";
    case AttrValueAst::Kind::Str: return "a string";
    case AttrValueAst::Kind::List: return "a list";
    case AttrValueAst::Kind::None: return "None";
  }
  return "?";
}

bool is_int_pair(const AttrValueAst& v) {
  return v.kind == AttrValueAst::Kind::List && v.items.size() == 2 &&
         v.items[0].kind == AttrValueAst::Kind::Int && v.items[1].kind == AttrValueAst::Kind::Int;
}

// Whether a value has an attribute type; `got` describes it when it does not.
bool attr_value_matches(const AttrValueAst& v, AttrType t, std::string& got) {
  using K = AttrValueAst::Kind;
  got = std::string(attr_value_kind_name(v.kind));
  switch (t) {
    case AttrType::Int: return v.kind == K::Int;
    case AttrType::Float: return v.kind == K::Int || v.kind == K::Float;
    case AttrType::Bool:
      return v.kind == K::Bool || (v.kind == K::Int && (v.int_value == 0 || v.int_value == 1));
    case AttrType::Str: return v.kind == K::Str;
    case AttrType::IntOrInts:
      if (v.kind == K::Int) return true;
      [[fallthrough]];
    case AttrType::Ints:
      if (v.kind != K::List) return false;
      for (const auto& item : v.items) {
        if (item.kind != K::Int) {
          got = fmt::format("a list containing {}", attr_value_kind_name(item.kind));
          return false;
        }
      }
      return true;
    case AttrType::Floats:
      if (v.kind != K::List) return false;
      for (const auto& item : v.items) {
        if (item.kind != K::Int && item.kind != K::Float) {
          got = fmt::format("a list containing {}", attr_value_kind_name(item.kind));
          return false;
        }
      }
      return true;
    case AttrType::IntPairs:
      if (v.kind != K::List) return false;
      for (const auto& item : v.items) {
        if (!is_int_pair(item)) {
          got = "a list whose elements are not [before, after] integer pairs";
          return false;
        }
      }
      return true;
  }
  return false;
}

/// One attribute a Relay operator accepts.
struct AttrRule {
  std::string_view name;
  AttrType type;
  bool required = false;
};

class CallCtx;
class Importer;

/// Builds the nodes of an operator that the IR expresses with several of its own (or
/// with none: `copy`), from the call's tensor inputs; the last node is named `name`.
using Expand = Value (*)(Importer&, CallCtx&, const std::vector<NodeId>& inputs,
                         const std::string& name);

/// How one Relay operator maps to the IR: arity, accepted attributes, and a function
/// that translates the attributes (nullptr when the operator has none).
struct OpRule {
  std::string_view relay_name;
  OpKind op;
  int min_args = 1;
  int max_args = 1;
  bool tuple_arg = false;  ///< the only argument is a tuple of tensors (concatenate)
  int literal_arg = -1;    ///< this positional argument is a scalar literal read as a value
  std::vector<AttrRule> attrs;
  void (*convert)(CallCtx&) = nullptr;
  Expand expand = nullptr;  ///< set for operators that are not one IR node
};

/// Translation state of one call: its input types, its Relay attributes (already
/// checked for names and kinds) and the IR attributes being built.
class CallCtx {
 public:
  CallCtx(const SourceFile& src, DiagnosticSink& diags, const OpRule& rule, const ExprAst& call,
          std::vector<TensorType> in)
      : in(std::move(in)), rule(rule), call(call), src_(src), diags_(diags) {}

  std::vector<TensorType> in;  ///< types of the tensor inputs
  const OpRule& rule;
  const ExprAst& call;
  Attrs out;
  std::optional<double> literal;  ///< the literal_arg's value, if given
  bool ok = true;

  void fail(Span s, std::string msg) {
    ok = false;
    diags_.error(src_, s.offset, s.length, std::move(msg));
  }
  /// The attribute's value; nullptr when absent or None.
  const AttrValueAst* find(std::string_view name) const {
    for (const auto& a : call.attrs)
      if (a.name == name) return a.value.kind == AttrValueAst::Kind::None ? nullptr : &a.value;
    return nullptr;
  }
  /// Where to point at an attribute: its value, or the operator when it is absent.
  Span span_of(std::string_view name) const {
    const AttrValueAst* v = find(name);
    return v ? v->span : call.name_span;
  }
  int64_t get_int(std::string_view name, int64_t def) const {
    const AttrValueAst* v = find(name);
    return v ? v->int_value : def;
  }
  double get_float(std::string_view name, double def) const {
    const AttrValueAst* v = find(name);
    if (!v) return def;
    return v->kind == AttrValueAst::Kind::Int ? static_cast<double>(v->int_value) : v->float_value;
  }
  bool get_bool(std::string_view name, bool def) const {
    const AttrValueAst* v = find(name);
    if (!v) return def;
    return v->kind == AttrValueAst::Kind::Bool ? v->bool_value : v->int_value != 0;
  }
  std::optional<std::vector<int64_t>> get_ints(std::string_view name) const {
    const AttrValueAst* v = find(name);
    if (!v) return std::nullopt;
    std::vector<int64_t> out;
    for (const auto& item : v->items) out.push_back(item.int_value);
    return out;
  }
  /// A 2-D window parameter: one value for both dimensions, or two.
  std::vector<int64_t> pair(std::string_view name, int64_t def) {
    auto v = get_ints(name);
    if (!v) return {def, def};
    if (v->size() == 1) return {(*v)[0], (*v)[0]};
    if (v->size() == 2) return *v;
    fail(span_of(name), fmt::format("'{}' must have 1 or 2 entries, got {}", name, v->size()));
    return {def, def};
  }
  /// A 2-D padding as [top, left, bottom, right]: Relay allows [p], [ph, pw] or all four.
  std::vector<int64_t> padding4(std::string_view name) {
    auto v = get_ints(name);
    if (!v) return {0, 0, 0, 0};
    const auto& p = *v;
    if (p.size() == 1) return {p[0], p[0], p[0], p[0]};
    if (p.size() == 2) return {p[0], p[1], p[0], p[1]};
    if (p.size() == 4) return p;
    fail(span_of(name), fmt::format("'{}' must have 1, 2 or 4 entries, got {}", name, p.size()));
    return {0, 0, 0, 0};
  }
  /// An axis in [-range, range), normalized to a non-negative value.
  std::optional<int64_t> axis(std::string_view name, int64_t def, int64_t range) {
    int64_t a = get_int(name, def);
    return normalize_axis(a, range, span_of(name), name);
  }
  std::optional<int64_t> normalize_axis(int64_t a, int64_t range, Span where,
                                        std::string_view name) {
    if (a < -range || a >= range) {
      fail(where,
           fmt::format("{}={} is out of range [{}, {}] for {} of rank {}", name, a, -range,
                       range - 1,
                       rule.op == OpKind::ExpandDims ? "expand_dims on a tensor" : "a tensor",
                       rule.op == OpKind::ExpandDims ? range - 1 : range));
      return std::nullopt;
    }
    return a < 0 ? a + range : a;
  }
  /// Checks a layout-like string attribute against the values this importer supports.
  void check_str(std::string_view name, std::initializer_list<std::string_view> allowed) {
    const AttrValueAst* v = find(name);
    if (!v || std::find(allowed.begin(), allowed.end(), v->str_value) != allowed.end()) return;
    std::vector<std::string> quoted;
    for (auto a : allowed) quoted.push_back(fmt::format("\"{}\"", a));
    fail(v->span, fmt::format("{}=\"{}\" is not supported by '{}' (supported: {})", name,
                              v->str_value, rule.relay_name, fmt::join(quoted, " or ")));
  }

 private:
  const SourceFile& src_;
  DiagnosticSink& diags_;
};

// ---- attribute translation, one function per operator family ----------------------

void convert_conv2d(CallCtx& c) {
  c.out.set("strides", c.pair("strides", 1));
  c.out.set("padding", c.padding4("padding"));
  c.out.set("dilation", c.pair("dilation", 1));
  c.out.set("groups", c.get_int("groups", 1));
  c.check_str("out_dtype", {"", "float32"});  // the layouts are expand_nchw's
  // `channels` and `kernel_size` repeat what the weight says; the IR keeps only the
  // weight, so they are checked here and dropped.
  const TensorType& w = c.in[1];
  if (w.rank() != 4) return;  // shape inference reports it
  if (const AttrValueAst* ch = c.find("channels"); ch && ch->int_value != w.shape[0])
    c.fail(ch->span, fmt::format("channels={} does not match the weight {} ({} output channels)",
                                 ch->int_value, type_string(w), w.shape[0]));
  if (c.find("kernel_size")) {
    std::vector<int64_t> ks = c.pair("kernel_size", 1);
    if (ks[0] != w.shape[2] || ks[1] != w.shape[3])
      c.fail(c.span_of("kernel_size"),
             fmt::format("kernel_size={} does not match the weight {} ({}x{} kernel)",
                         ints_string(*c.get_ints("kernel_size")), type_string(w), w.shape[2],
                         w.shape[3]));
  }
}

void convert_batch_norm(CallCtx& c) {
  c.out.set("epsilon", c.get_float("epsilon", 1e-5));
  if (auto a = c.axis("axis", 1, c.in[0].rank())) c.out.set("axis", *a);
  c.out.set("center", int64_t{c.get_bool("center", true)});
  c.out.set("scale", int64_t{c.get_bool("scale", true)});
}

void convert_dense(CallCtx& c) {
  c.check_str("out_dtype", {"", "float32"});
  const TensorType& w = c.in[1];
  if (const AttrValueAst* u = c.find("units"); u && w.rank() == 2 && u->int_value != w.shape[0])
    c.fail(u->span, fmt::format("units={} does not match the weight {} ({} output units)",
                                u->int_value, type_string(w), w.shape[0]));
}

void convert_bias_add(CallCtx& c) {
  if (auto a = c.axis("axis", 1, c.in[0].rank())) c.out.set("axis", *a);
}

void convert_softmax(CallCtx& c) {
  if (auto a = c.axis("axis", -1, c.in[0].rank())) c.out.set("axis", *a);
}

void convert_leaky_relu(CallCtx& c) {
  c.out.set("alpha", c.get_float("alpha", 0.25));  // Relay's LeakyReluAttrs default
}

void convert_clip(CallCtx& c) {
  c.out.set("min", c.get_float("a_min", 0));
  c.out.set("max", c.get_float("a_max", 0));
}

void convert_expand_dims(CallCtx& c) {
  if (auto a = c.axis("axis", 0, c.in[0].rank() + 1)) c.out.set("axis", *a);
  int64_t n = c.get_int("num_newaxis", 1);
  if (n < 0) c.fail(c.span_of("num_newaxis"), fmt::format("num_newaxis={} is negative", n));
  c.out.set("num_newaxis", n);
}

void convert_pool2d(CallCtx& c) {
  c.out.set("pool_size", c.pair("pool_size", 1));
  c.out.set("strides", c.pair("strides", 1));
  c.out.set("padding", c.padding4("padding"));
  c.out.set("dilation", c.pair("dilation", 1));
  c.out.set("ceil_mode", int64_t{c.get_bool("ceil_mode", false)});
  if (c.rule.op == OpKind::AvgPool2d)
    c.out.set("count_include_pad", int64_t{c.get_bool("count_include_pad", false)});
}

void convert_pad(CallCtx& c) {
  c.check_str("pad_mode", {"constant"});
  const AttrValueAst* pw = c.find("pad_width");
  int64_t rank = c.in[0].rank();
  if (static_cast<int64_t>(pw->items.size()) != rank) {
    c.fail(pw->span, fmt::format("pad_width has {} entries but the input {} has rank {}",
                                 pw->items.size(), type_string(c.in[0]), rank));
    return;
  }
  std::vector<int64_t> pads(2 * rank);
  for (int64_t i = 0; i < rank; ++i) {
    pads[i] = pw->items[i].items[0].int_value;
    pads[rank + i] = pw->items[i].items[1].int_value;
  }
  c.out.set("pads", pads);
  c.out.set("value", c.literal ? *c.literal : c.get_float("pad_value", 0));
}

// Relay's reshape codes (0, -1, -2, -3, -4) are resolved by relay::reshape_shape.
void convert_reshape(CallCtx& c) {
  std::vector<int64_t> spec = *c.get_ints("newshape");
  auto out = relay::reshape_shape(c.in[0].shape, spec, c.get_bool("allowzero", false));
  if (!out) {
    c.fail(c.span_of("newshape"),
           fmt::format("newshape={} cannot reshape {}: {}", ints_string(spec),
                       shape_string(c.in[0].shape), out.error().message));
    return;
  }
  c.out.set("shape", std::vector<int64_t>(*out));
}

void convert_transpose(CallCtx& c) {
  int64_t rank = c.in[0].rank();
  std::vector<int64_t> perm;
  if (auto axes = c.get_ints("axes")) {
    for (int64_t a : *axes) {
      auto n = c.normalize_axis(a, rank, c.span_of("axes"), "axes");
      if (!n) return;
      perm.push_back(*n);
    }
  } else {
    for (int64_t i = rank - 1; i >= 0; --i) perm.push_back(i);  // Relay: reverse the axes
  }
  c.out.set("perm", perm);
}

void convert_squeeze(CallCtx& c) {
  const Shape& s = c.in[0].shape;
  std::vector<int64_t> axes;
  if (auto given = c.get_ints("axis")) {
    for (int64_t a : *given) {
      auto n = c.normalize_axis(a, static_cast<int64_t>(s.size()), c.span_of("axis"), "axis");
      if (!n) return;
      axes.push_back(*n);
    }
  } else {
    for (size_t i = 0; i < s.size(); ++i)  // Relay: every unit dimension
      if (s[i] == 1) axes.push_back(static_cast<int64_t>(i));
  }
  c.out.set("axes", axes);
}

void convert_concatenate(CallCtx& c) {
  if (auto a = c.axis("axis", 0, c.in[0].rank())) c.out.set("axis", *a);
}

// Compound operators, defined after the importer (they build several nodes with it).
Value expand_nchw(Importer&, CallCtx&, const std::vector<NodeId>&, const std::string&);
Value expand_copy(Importer&, CallCtx&, const std::vector<NodeId>&, const std::string&);
Value expand_split(Importer&, CallCtx&, const std::vector<NodeId>&, const std::string&);
Value expand_strided_slice(Importer&, CallCtx&, const std::vector<NodeId>&, const std::string&);
Value expand_resize2d(Importer&, CallCtx&, const std::vector<NodeId>&, const std::string&);
Value expand_upsampling(Importer&, CallCtx&, const std::vector<NodeId>&, const std::string&);
Value expand_layout_transform(Importer&, CallCtx&, const std::vector<NodeId>&, const std::string&);
Value expand_batch_matmul(Importer&, CallCtx&, const std::vector<NodeId>&, const std::string&);

const std::vector<OpRule>& op_rules() {
  using T = AttrType;
  static const std::vector<OpRule> kRules = [] {
    std::vector<OpRule> r;
    const std::vector<AttrRule> kConv = {{"strides", T::Ints},    {"padding", T::Ints},
                                         {"dilation", T::Ints},   {"groups", T::Int},
                                         {"channels", T::Int},    {"kernel_size", T::Ints},
                                         {"data_layout", T::Str}, {"kernel_layout", T::Str},
                                         {"out_layout", T::Str},  {"out_dtype", T::Str}};
    std::vector<AttrRule> pool = {{"pool_size", T::Ints, true}, {"strides", T::Ints},
                                  {"padding", T::Ints},         {"dilation", T::Ints},
                                  {"layout", T::Str},           {"out_layout", T::Str},
                                  {"ceil_mode", T::Bool}};
    std::vector<AttrRule> avg_pool = pool;
    avg_pool.push_back({"count_include_pad", T::Bool});
    auto simple = [&](std::string_view name, OpKind op, int args) {
      r.push_back(
          OpRule{.relay_name = name, .op = op, .min_args = args, .max_args = args, .attrs = {}});
    };
    r.push_back({.relay_name = "nn.conv2d",
                 .op = OpKind::Conv2d,
                 .min_args = 2,
                 .max_args = 2,
                 .attrs = kConv,
                 .convert = convert_conv2d,
                 .expand = expand_nchw});
    r.push_back({.relay_name = "nn.batch_norm",
                 .op = OpKind::BatchNorm,
                 .min_args = 5,
                 .max_args = 5,
                 .attrs = {{"axis", T::Int},
                           {"epsilon", T::Float},
                           {"center", T::Bool},
                           {"scale", T::Bool}},
                 .convert = convert_batch_norm});
    r.push_back({.relay_name = "nn.dense",
                 .op = OpKind::Dense,
                 .min_args = 2,
                 .max_args = 2,
                 .attrs = {{"units", T::Int}, {"out_dtype", T::Str}},
                 .convert = convert_dense});
    r.push_back({.relay_name = "nn.bias_add",
                 .op = OpKind::BiasAdd,
                 .min_args = 2,
                 .max_args = 2,
                 .attrs = {{"axis", T::Int}},
                 .convert = convert_bias_add});
    simple("add", OpKind::Add, 2);
    simple("subtract", OpKind::Subtract, 2);
    simple("multiply", OpKind::Multiply, 2);
    simple("divide", OpKind::Divide, 2);
    simple("maximum", OpKind::Maximum, 2);
    simple("minimum", OpKind::Minimum, 2);
    simple("negative", OpKind::Negative, 1);
    simple("sqrt", OpKind::Sqrt, 1);
    simple("rsqrt", OpKind::Rsqrt, 1);
    simple("sigmoid", OpKind::Sigmoid, 1);
    simple("nn.relu", OpKind::Relu, 1);
    simple("nn.batch_flatten", OpKind::BatchFlatten, 1);
    r.push_back({.relay_name = "nn.leaky_relu",
                 .op = OpKind::LeakyRelu,
                 .attrs = {{"alpha", T::Float}},
                 .convert = convert_leaky_relu});
    r.push_back({.relay_name = "clip",
                 .op = OpKind::Clip,
                 .attrs = {{"a_min", T::Float, true}, {"a_max", T::Float, true}},
                 .convert = convert_clip});
    r.push_back({.relay_name = "expand_dims",
                 .op = OpKind::ExpandDims,
                 .attrs = {{"axis", T::Int, true}, {"num_newaxis", T::Int}},
                 .convert = convert_expand_dims});
    r.push_back({.relay_name = "nn.softmax",
                 .op = OpKind::Softmax,
                 .attrs = {{"axis", T::Int}},
                 .convert = convert_softmax});
    r.push_back({.relay_name = "nn.global_avg_pool2d",
                 .op = OpKind::GlobalAvgPool2d,
                 .attrs = {{"layout", T::Str}, {"out_layout", T::Str}},
                 .expand = expand_nchw});
    r.push_back({.relay_name = "nn.max_pool2d",
                 .op = OpKind::MaxPool2d,
                 .attrs = pool,
                 .convert = convert_pool2d,
                 .expand = expand_nchw});
    r.push_back({.relay_name = "nn.avg_pool2d",
                 .op = OpKind::AvgPool2d,
                 .attrs = avg_pool,
                 .convert = convert_pool2d,
                 .expand = expand_nchw});
    r.push_back(
        {.relay_name = "nn.pad",
         .op = OpKind::Pad,
         .min_args = 1,
         .max_args = 2,
         .literal_arg = 1,
         .attrs = {{"pad_width", T::IntPairs, true}, {"pad_value", T::Float}, {"pad_mode", T::Str}},
         .convert = convert_pad});
    r.push_back({.relay_name = "reshape",
                 .op = OpKind::Reshape,
                 .attrs = {{"newshape", T::Ints, true}, {"allowzero", T::Bool}},
                 .convert = convert_reshape});
    r.push_back({.relay_name = "transpose",
                 .op = OpKind::Transpose,
                 .attrs = {{"axes", T::Ints}},
                 .convert = convert_transpose});
    r.push_back({.relay_name = "squeeze",
                 .op = OpKind::Squeeze,
                 .attrs = {{"axis", T::Ints}},
                 .convert = convert_squeeze});
    r.push_back({.relay_name = "concatenate",
                 .op = OpKind::Concat,
                 .tuple_arg = true,
                 .attrs = {{"axis", T::Int}},
                 .convert = convert_concatenate});
    r.push_back({.relay_name = "nn.upsampling",
                 .op = OpKind::Upsampling,
                 .attrs = {{"scale_h", T::Float},
                           {"scale_w", T::Float},
                           {"layout", T::Str},
                           {"method", T::Str},
                           {"align_corners", T::Bool}},
                 .expand = expand_upsampling});
    r.push_back({.relay_name = "image.resize2d",
                 .op = OpKind::ResizeNearest,
                 .attrs = {{"size", T::Ints, true},
                           {"roi", T::Floats},
                           {"layout", T::Str},
                           {"method", T::Str},
                           {"coordinate_transformation_mode", T::Str},
                           {"rounding_method", T::Str},
                           {"cubic_alpha", T::Float},
                           {"cubic_exclude", T::Int},
                           {"extrapolation_value", T::Float},
                           {"out_dtype", T::Str}},
                 .expand = expand_resize2d});
    r.push_back({.relay_name = "copy", .op = OpKind::Reshape, .attrs = {}, .expand = expand_copy});
    r.push_back({.relay_name = "split",
                 .op = OpKind::Split,
                 .attrs = {{"indices_or_sections", T::IntOrInts, true}, {"axis", T::Int}},
                 .expand = expand_split});
    r.push_back({.relay_name = "strided_slice",
                 .op = OpKind::Split,
                 .attrs = {{"begin", T::Ints, true},
                           {"end", T::Ints, true},
                           {"strides", T::Ints},
                           {"axes", T::Ints},
                           {"slice_mode", T::Str}},
                 .expand = expand_strided_slice});
    r.push_back({.relay_name = "layout_transform",
                 .op = OpKind::Transpose,
                 .attrs = {{"src_layout", T::Str, true}, {"dst_layout", T::Str, true}},
                 .expand = expand_layout_transform});
    r.push_back(
        {.relay_name = "nn.batch_matmul",
         .op = OpKind::MatMul,
         .min_args = 2,
         .max_args = 2,
         .attrs = {{"transpose_a", T::Bool}, {"transpose_b", T::Bool}, {"out_dtype", T::Str}},
         .expand = expand_batch_matmul});
    return r;
  }();
  return kRules;
}

const OpRule* find_rule(std::string_view relay_name) {
  for (const auto& r : op_rules())
    if (r.relay_name == relay_name) return &r;
  return nullptr;
}

// ---- the importer ----------------------------------------------------------------

class Importer {
 public:
  Importer(const SourceFile& src, DiagnosticSink& diags) : src_(src), diags_(diags) {}

  std::optional<Graph> run() {
    size_t errors_before = diags_.error_count();
    relay::ModuleAst m = relay::parse_relay(src_, diags_);
    const relay::FunctionAst* main_fn = nullptr;
    for (const auto& f : m.functions) {
      if (f.name == "main" && !main_fn) {
        main_fn = &f;
      } else if (!f.name.empty()) {
        error(f.name_span, fmt::format("function '@{}' is not supported: a module must hold a "
                                       "single function '@main'",
                                       f.name));
      }
    }
    if (main_fn) {
      import_function(*main_fn);
    } else if (m.complete) {
      diags_.error(src_, 0, 1, "no function '@main' in the module");
    }
    if (diags_.error_count() > errors_before) return std::nullopt;
    // A last whole-graph check (unique names, arity, types); the per-call checks above
    // should have caught everything, so this failing means the importer is wrong.
    if (auto r = infer_types(g_); !r) {
      diags_.error(src_.name(),
                   fmt::format("imported graph does not verify: {}", r.error().message));
      return std::nullopt;
    }
    return std::move(g_);
  }

  // ---- what the expansions of compound operators build with --------------------

  /// Adds a node named `name` (made unique) and computes its type; an error is reported
  /// at the call's operator and gives nullopt.
  std::optional<NodeId> add_op(CallCtx& c, OpKind op, const std::string& name,
                               std::vector<NodeId> inputs, Attrs attrs) {
    NodeId id = g_.add_node(op, unique_name(name), std::move(inputs), std::move(attrs));
    if (auto r = normalize_attrs(op, g_.node_mut(id).attrs); !r) {
      c.fail(c.call.name_span, fmt::format("{}: {}", c.call.name, r.error().message));
      return std::nullopt;
    }
    auto type = infer_node_type(g_, g_.node(id));
    if (!type) {
      c.fail(c.call.name_span, fmt::format("{}: {}", c.call.name, type.error().message));
      return std::nullopt;
    }
    g_.node_mut(id).type = *type;
    return id;
  }

  /// Adds a float32 constant named `name` (made unique).
  NodeId add_constant(const std::string& name, Tensor t) {
    return g_.add_constant(unique_name(name), std::move(t));
  }

  /// The type of a node.
  const TensorType& type_of(NodeId id) const { return g_.node(id).type; }

  /// The tuple of `split`: section k of `input` along `axis` becomes the node "name.k"
  /// when it is first used.
  Value make_split(NodeId input, int64_t axis, std::vector<int64_t> sizes,
                   const std::string& name) {
    Value v;
    v.kind = Value::Kind::Split;
    v.split = splits_.size();
    std::vector<std::optional<NodeId>> made(sizes.size());
    splits_.push_back(SplitTuple{input, axis, std::move(sizes), name, std::move(made)});
    return v;
  }

 private:
  /// A split's sections, the nodes of those already used.
  struct SplitTuple {
    NodeId input;
    int64_t axis = 0;
    std::vector<int64_t> sizes;
    std::string name;
    std::vector<std::optional<NodeId>> made;
  };

  NodeId split_field(size_t split, size_t k) {
    SplitTuple& t = splits_[split];
    if (t.made[k]) return *t.made[k];
    Attrs a;
    a.set("axis", t.axis);
    a.set("sizes", t.sizes);
    a.set("index", static_cast<int64_t>(k));
    NodeId id = g_.add_node(OpKind::Split, unique_name(fmt::format("{}.{}", t.name, k)), {t.input},
                            std::move(a));
    auto type = infer_node_type(g_, g_.node(id));
    assert(type && "split sizes were checked against the input");
    g_.node_mut(id).type = *type;
    t.made[k] = id;
    return id;
  }

  // The fields of a value used as a whole tuple (an argument of concatenate, the
  // function's result); nullopt for a value that is not a tuple.
  std::optional<std::vector<Value>> tuple_fields(const Value& v) {
    if (v.kind == Value::Kind::Tuple) return v.fields;
    if (v.kind != Value::Kind::Split) return std::nullopt;
    std::vector<Value> fields;
    for (size_t k = 0; k < splits_[v.split].sizes.size(); ++k)
      fields.push_back(Value::tensor(split_field(v.split, k)));
    return fields;
  }

  void error(Span s, std::string msg) { diags_.error(src_, s.offset, s.length, std::move(msg)); }

  std::string unique_name(const std::string& base) {
    if (names_.insert(base).second) return base;
    for (int i = 1;; ++i) {
      std::string n = fmt::format("{}_{}", base, i);
      if (names_.insert(n).second) return n;
    }
  }

  // Binds `%name`; a redefinition is reported and the first definition kept.
  void declare(const std::string& name, Span where, Value v) {
    auto [it, inserted] = scope_.try_emplace(name, Scoped{std::move(v), where});
    if (inserted) return;
    error(where, fmt::format("redefinition of '%{}'", name));
    diags_.note(src_, it->second.where.offset, it->second.where.length,
                fmt::format("'%{}' was first defined here", name));
  }

  void import_function(const relay::FunctionAst& f) {
    for (size_t i = 0; i < f.params.size(); ++i) {
      const relay::ParamAst& p = f.params[i];
      // Relay files carry weights as parameters of @main after the activation (the image).
      bool weight = i > 0;
      Value v;
      if (!p.type) {
        error(p.name_span, fmt::format("parameter '%{}' needs a type like "
                                       "'Tensor[(1, 3), float32]'",
                                       p.name));
      } else if (p.type->kind == TypeAst::Kind::Tuple) {
        error(p.type->span, fmt::format("parameter '%{}' has a tuple type; only tensor "
                                        "parameters are supported",
                                        p.name));
      } else if (auto t = tensor_type(*p.type)) {
        v = Value::tensor(g_.add_input(unique_name(p.name), *t, weight));
      }
      declare(p.name, p.name_span, std::move(v));
    }
    for (const auto& b : f.bindings) {
      Value v;
      if (b.value) v = eval(*b.value, b.name);
      declare(b.name, b.name_span, std::move(v));
    }
    if (!f.result) return;  // a syntax error, already reported
    Value out = eval(*f.result, "output");
    if (out.kind == Value::Kind::Poisoned) return;
    if (f.ret_type) {
      auto want = annotated_type(*f.ret_type);
      auto got = value_type(out);
      if (want && got && *want != *got)
        error(f.ret_type->span,
              fmt::format("return type {} of '@{}' does not match inferred "
                          "type {}",
                          value_type_string(*want), f.name, value_type_string(*got)));
    }
    if (auto fields = tuple_fields(out)) {
      for (const auto& field : *fields)
        if (auto id = as_tensor(field, *f.result)) g_.add_output(*id);
    } else if (auto id = as_tensor(out, *f.result)) {
      g_.add_output(*id);
    }
  }

  // ---- types ---------------------------------------------------------------------
  std::optional<TensorType> tensor_type(const TypeAst& t) {
    auto dt = parse_dtype(t.dtype);
    if (!dt) {
      error(t.dtype_span, fmt::format("unknown element type '{}'", t.dtype));
      return std::nullopt;
    }
    return TensorType{*dt, t.shape};
  }

  std::optional<ValueType> annotated_type(const TypeAst& t) {
    ValueType vt;
    if (t.kind == TypeAst::Kind::Tensor) {
      auto tt = tensor_type(t);
      if (!tt) return std::nullopt;
      vt.tensor = *tt;
      return vt;
    }
    vt.is_tuple = true;
    for (const auto& f : t.fields) {
      auto ft = annotated_type(f);
      if (!ft) return std::nullopt;
      vt.fields.push_back(std::move(*ft));
    }
    return vt;
  }

  std::optional<ValueType> value_type(const Value& v) const {
    ValueType vt;
    switch (v.kind) {
      case Value::Kind::Poisoned: return std::nullopt;
      case Value::Kind::Tensor: vt.tensor = g_.node(v.node).type; return vt;
      case Value::Kind::BatchNormTuple: {
        // (normalized data, new moving mean, new moving variance)
        const Node& bn = g_.node(v.node);
        vt.is_tuple = true;
        vt.fields.resize(3);
        vt.fields[0].tensor = bn.type;
        vt.fields[1].tensor = g_.node(bn.inputs[3]).type;
        vt.fields[2].tensor = g_.node(bn.inputs[4]).type;
        return vt;
      }
      case Value::Kind::Split: {
        const SplitTuple& t = splits_[v.split];
        vt.is_tuple = true;
        for (int64_t size : t.sizes) {
          ValueType field;
          field.tensor = g_.node(t.input).type;
          field.tensor.shape[static_cast<size_t>(t.axis)] = size;
          vt.fields.push_back(std::move(field));
        }
        return vt;
      }
      case Value::Kind::Tuple:
        vt.is_tuple = true;
        for (const auto& f : v.fields) {
          auto ft = value_type(f);
          if (!ft) return std::nullopt;
          vt.fields.push_back(std::move(*ft));
        }
        return vt;
    }
    return std::nullopt;
  }

  void check_annotation(const ExprAst& e, const Value& v) {
    if (!e.annotation) return;
    auto want = annotated_type(*e.annotation);
    auto got = value_type(v);
    if (want && got && *want != *got)
      error(e.annotation->span, fmt::format("type annotation {} does not match inferred type {}",
                                            value_type_string(*want), value_type_string(*got)));
  }

  // ---- expressions ---------------------------------------------------------------

  // The tensor a value stands for; reports tuples used as tensors. `e` is the
  // expression that produced the value, for the location and the suggestion.
  std::optional<NodeId> as_tensor(const Value& v, const ExprAst& e) {
    switch (v.kind) {
      case Value::Kind::Tensor: return v.node;
      case Value::Kind::Poisoned: return std::nullopt;
      case Value::Kind::BatchNormTuple: {
        std::string text = src_.text().substr(e.span.offset, e.span.length);
        if (e.kind == ExprAst::Kind::Var)
          error(e.span, fmt::format("'{}' is the 3-tuple returned by nn.batch_norm, not a tensor; "
                                    "use '{}.0' for its output",
                                    text, text));
        else
          error(e.span,
                "the 3-tuple returned by nn.batch_norm is not a tensor; project its "
                "output with '.0'");
        return std::nullopt;
      }
      case Value::Kind::Split: {
        std::string text = src_.text().substr(e.span.offset, e.span.length);
        error(e.span, e.kind == ExprAst::Kind::Var
                          ? fmt::format("'{}' is the tuple returned by split, not a tensor; use "
                                        "'{}.0', '{}.1', ... for its sections",
                                        text, text, text)
                          : std::string("the tuple returned by split is not a tensor; project a "
                                        "section with '.0', '.1', ..."));
        return std::nullopt;
      }
      case Value::Kind::Tuple:
        error(e.span, "a tuple is used where a tensor is expected");
        return std::nullopt;
    }
    return std::nullopt;
  }

  // Evaluates an expression; a call becomes a node named `name`.
  Value eval(const ExprAst& e, const std::string& name) {
    Value v = eval_unannotated(e, name);
    if (v.kind != Value::Kind::Poisoned) check_annotation(e, v);
    return v;
  }

  Value eval_unannotated(const ExprAst& e, const std::string& name) {
    switch (e.kind) {
      case ExprAst::Kind::Var: {
        auto it = scope_.find(e.name);
        if (it == scope_.end()) {
          error(e.name_span, fmt::format("use of undefined variable '%{}'", e.name));
          return {};
        }
        return it->second.value;
      }
      case ExprAst::Kind::Int:
      case ExprAst::Kind::Float: return literal(e, name);
      case ExprAst::Kind::Tuple: {
        Value t;
        t.kind = Value::Kind::Tuple;
        bool poisoned = false;
        for (size_t k = 0; k < e.args.size(); ++k) {
          t.fields.push_back(eval(e.args[k], fmt::format("{}.{}", name, k)));
          poisoned |= t.fields.back().kind == Value::Kind::Poisoned;
        }
        return poisoned ? Value{} : t;
      }
      case ExprAst::Kind::Proj: return project(e, name);
      case ExprAst::Kind::Call: return call(e, name);
    }
    return {};
  }

  Value literal(const ExprAst& e, const std::string& name) {
    DType dt;
    if (e.kind == ExprAst::Kind::Float)
      dt = e.suffix == "f64" ? DType::F64 : DType::F32;
    else
      dt = e.suffix == "i64" ? DType::I64 : DType::I32;
    double v = e.kind == ExprAst::Kind::Float ? e.float_value : static_cast<double>(e.int_value);
    return Value::tensor(g_.add_constant(unique_name(name), Tensor::scalar(dt, v)));
  }

  Value project(const ExprAst& e, const std::string& name) {
    const ExprAst& base_expr = e.args[0];
    Value base = eval(base_expr, name);
    int64_t k = e.int_value;
    switch (base.kind) {
      case Value::Kind::Poisoned: return {};
      case Value::Kind::BatchNormTuple:
        if (k == 0) return Value::tensor(base.node);
        error(e.name_span, "only output 0 of nn.batch_norm is supported at inference");
        return {};
      case Value::Kind::Split: {
        const size_t n = splits_[base.split].sizes.size();
        if (k < 0 || k >= static_cast<int64_t>(n)) {
          error(e.name_span,
                fmt::format("index {} is out of range for the {} sections of split", k, n));
          return {};
        }
        return Value::tensor(split_field(base.split, static_cast<size_t>(k)));
      }
      case Value::Kind::Tuple:
        if (k < 0 || k >= static_cast<int64_t>(base.fields.size())) {
          error(e.name_span, fmt::format("index {} is out of range for a tuple of {} fields", k,
                                         base.fields.size()));
          return {};
        }
        return base.fields[k];
      case Value::Kind::Tensor:
        error(e.name_span,
              fmt::format("cannot take field {} of '{}': it is a tensor, not a tuple", k,
                          src_.text().substr(base_expr.span.offset, base_expr.span.length)));
        return {};
    }
    return {};
  }

  Value call(const ExprAst& e, const std::string& name) {
    const OpRule* rule = find_rule(e.name);
    if (!rule) error(e.name_span, fmt::format("unknown operator '{}'", e.name));
    // Arguments are evaluated even for an unknown operator, so that their own errors
    // are reported too.
    std::vector<Value> args(e.args.size());
    std::optional<double> literal_value;
    bool literal_ok = true;
    for (size_t k = 0; k < e.args.size(); ++k) {
      const ExprAst& a = e.args[k];
      bool is_literal = a.kind == ExprAst::Kind::Int || a.kind == ExprAst::Kind::Float;
      if (rule && static_cast<int>(k) == rule->literal_arg) {
        if (is_literal) {
          literal_value =
              a.kind == ExprAst::Kind::Float ? a.float_value : static_cast<double>(a.int_value);
        } else {
          error(a.span, fmt::format("argument {} of '{}' must be a scalar literal", k + 1, e.name));
          literal_ok = false;
        }
        continue;
      }
      args[k] =
          eval(a, is_literal ? fmt::format("{}.c{}", name, k) : fmt::format("{}.{}", name, k));
    }
    if (!rule) return {};
    int n = static_cast<int>(e.args.size());
    if (n < rule->min_args || n > rule->max_args) {
      std::string expected = rule->min_args == rule->max_args
                                 ? fmt::format("{}", rule->min_args)
                                 : fmt::format("{} to {}", rule->min_args, rule->max_args);
      error(e.name_span, fmt::format("'{}' takes {} argument{}, got {}", e.name, expected,
                                     rule->max_args == 1 ? "" : "s", n));
      return {};
    }
    bool ok = check_attrs(*rule, e) && literal_ok;

    // Tensor inputs.
    std::vector<NodeId> inputs;
    for (size_t k = 0; k < args.size(); ++k) {
      if (static_cast<int>(k) == rule->literal_arg) continue;
      if (rule->tuple_arg) {
        if (args[k].kind == Value::Kind::Poisoned) return {};
        auto fields = tuple_fields(args[k]);
        if (!fields) {
          error(e.args[k].span,
                fmt::format("'{}' takes a tuple of tensors like '(%a, %b)'", e.name));
          return {};
        }
        for (const auto& field : *fields) {
          auto id = as_tensor(field, e.args[k]);
          if (!id) return {};
          inputs.push_back(*id);
        }
        continue;
      }
      auto id = as_tensor(args[k], e.args[k]);
      if (!id)
        ok = false;
      else
        inputs.push_back(*id);
    }
    if (!ok) return {};
    if (inputs.empty()) {
      error(e.span, fmt::format("'{}' needs at least one input", e.name));
      return {};
    }

    std::vector<TensorType> in_types;
    for (NodeId id : inputs) in_types.push_back(g_.node(id).type);
    CallCtx ctx(src_, diags_, *rule, e, std::move(in_types));
    ctx.literal = literal_value;
    if (rule->expand) {
      Value v = rule->expand(*this, ctx, inputs, name);
      return ctx.ok ? v : Value{};
    }
    if (rule->convert) rule->convert(ctx);
    if (!ctx.ok) return {};

    auto added = add_op(ctx, rule->op, name, std::move(inputs), std::move(ctx.out));
    if (!added) return {};
    NodeId id = *added;
    if (rule->op == OpKind::BatchNorm) {
      Value bn;
      bn.kind = Value::Kind::BatchNormTuple;
      bn.node = id;
      return bn;
    }
    return Value::tensor(id);
  }

  // Checks attribute names and value kinds against the operator's rule.
  bool check_attrs(const OpRule& rule, const ExprAst& e) {
    bool ok = true;
    for (size_t i = 0; i < e.attrs.size(); ++i) {
      const AttrAst& a = e.attrs[i];
      auto spec = std::find_if(rule.attrs.begin(), rule.attrs.end(),
                               [&](const AttrRule& r) { return r.name == a.name; });
      if (spec == rule.attrs.end()) {
        std::vector<std::string_view> known;
        for (const auto& r : rule.attrs) known.push_back(r.name);
        error(a.name_span,
              known.empty()
                  ? fmt::format("unknown attribute '{}': '{}' takes no attributes", a.name, e.name)
                  : fmt::format("unknown attribute '{}' for operator '{}' (expected one of: {})",
                                a.name, e.name, fmt::join(known, ", ")));
        ok = false;
        continue;
      }
      for (size_t j = 0; j < i; ++j) {
        if (e.attrs[j].name == a.name) {
          error(a.name_span, fmt::format("attribute '{}' is given twice", a.name));
          ok = false;
        }
      }
      std::string got;
      if (a.value.kind != AttrValueAst::Kind::None &&
          !attr_value_matches(a.value, spec->type, got)) {
        error(a.value.span, fmt::format("attribute '{}' of '{}' must be {}, got {}", a.name, e.name,
                                        attr_type_name(spec->type), got));
        ok = false;
      }
    }
    for (const auto& r : rule.attrs) {
      if (!r.required) continue;
      auto it = std::find_if(e.attrs.begin(), e.attrs.end(), [&](const AttrAst& a) {
        return a.name == r.name && a.value.kind != AttrValueAst::Kind::None;
      });
      if (it == e.attrs.end()) {
        error(e.name_span, fmt::format("'{}' requires attribute '{}'", e.name, r.name));
        ok = false;
      }
    }
    return ok;
  }

  struct Scoped {
    Value value;
    Span where;
  };

  const SourceFile& src_;
  DiagnosticSink& diags_;
  Graph g_;
  std::unordered_map<std::string, Scoped> scope_;
  std::unordered_set<std::string> names_;
  std::vector<SplitTuple> splits_;
};

// ---- compound operators ----------------------------------------------------------

Attrs make_attrs(std::initializer_list<std::pair<const char*, AttrValue>> values) {
  Attrs a;
  for (const auto& [name, v] : values) a.set(name, v);
  return a;
}

std::vector<int64_t> iota(int64_t n) {
  std::vector<int64_t> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = i;
  return v;
}

Value transpose_value(Importer& im, CallCtx& c, NodeId x, std::vector<int64_t> perm,
                      const std::string& name) {
  auto y = im.add_op(c, OpKind::Transpose, name, {x}, make_attrs({{"perm", std::move(perm)}}));
  return y ? Value::tensor(*y) : Value{};
}

// nn.conv2d and the 2-D pools. The IR's are NCHW with OIHW weights: NHWC data is transposed
// to NCHW and the result back, a weight in another order of O, I, H, W (HWIO, OHWI, HWOI)
// is transposed to OIHW; then the rule's converter reads the attributes.
Value expand_nchw(Importer& im, CallCtx& c, const std::vector<NodeId>& in,
                  const std::string& name) {
  const bool conv = c.rule.op == OpKind::Conv2d;
  const std::string_view data_key = conv ? "data_layout" : "layout";
  c.check_str(data_key, {"NCHW", "NHWC"});
  const AttrValueAst* layout = c.find(data_key);
  const bool nhwc = layout && layout->str_value == "NHWC";
  c.check_str("out_layout", {"", nhwc ? "NHWC" : "NCHW"});
  std::vector<int64_t> to_oihw;
  if (const AttrValueAst* kl = c.find("kernel_layout"); conv && kl) {
    const std::string& k = kl->str_value;
    std::string sorted = k;
    std::sort(sorted.begin(), sorted.end());
    if (sorted != "HIOW") {
      c.fail(kl->span, fmt::format("kernel_layout=\"{}\" is not supported by 'nn.conv2d' "
                                   "(supported: an order of O, I, H and W such as \"OIHW\" "
                                   "or \"HWIO\")",
                                   k));
    } else if (k != "OIHW") {
      for (char axis : std::string_view("OIHW"))
        to_oihw.push_back(static_cast<int64_t>(k.find(axis)));
    }
  }
  if (!c.ok) {
    // The other attributes' errors too, as the converter reads them on the input as it is.
    if (c.rule.convert) c.rule.convert(c);
    return {};
  }
  std::vector<NodeId> inputs = in;
  if (nhwc) {
    Value x = transpose_value(im, c, in[0], {0, 3, 1, 2}, name + ".nchw");
    if (x.kind != Value::Kind::Tensor) return {};
    inputs[0] = x.node;
    c.in[0] = im.type_of(x.node);
  }
  if (!to_oihw.empty()) {
    Value w = transpose_value(im, c, in[1], to_oihw, name + ".oihw");
    if (w.kind != Value::Kind::Tensor) return {};
    inputs[1] = w.node;
    c.in[1] = im.type_of(w.node);
  }
  if (c.rule.convert) c.rule.convert(c);
  if (!c.ok) return {};
  auto y = im.add_op(c, c.rule.op, nhwc ? name + "." + std::string(op_name(c.rule.op)) : name,
                     std::move(inputs), std::move(c.out));
  if (!y) return {};
  return nhwc ? transpose_value(im, c, *y, {0, 2, 3, 1}, name) : Value::tensor(*y);
}

// `copy` is the identity: its result is its input.
Value expand_copy(Importer&, CallCtx&, const std::vector<NodeId>& in, const std::string&) {
  return Value::tensor(in[0]);
}

Value expand_split(Importer& im, CallCtx& c, const std::vector<NodeId>& in,
                   const std::string& name) {
  const TensorType& t = c.in[0];
  auto axis = c.axis("axis", 0, t.rank());
  if (!axis) return {};
  const AttrValueAst* ios = c.find("indices_or_sections");
  if (!ios) {
    c.fail(c.span_of("indices_or_sections"), "indices_or_sections=None cannot split");
    return {};
  }
  std::optional<int64_t> sections;
  std::vector<int64_t> indices;
  if (ios->kind == AttrValueAst::Kind::Int)
    sections = ios->int_value;
  else
    indices = *c.get_ints("indices_or_sections");
  auto sizes = relay::split_sizes(t.shape[static_cast<size_t>(*axis)], sections, indices);
  if (!sizes) {
    c.fail(ios->span, fmt::format("indices_or_sections={} cannot split axis {} of {}: {}",
                                  sections ? fmt::format("{}", *sections) : ints_string(indices),
                                  *axis, type_string(t), sizes.error().message));
    return {};
  }
  return im.make_split(in[0], *axis, std::move(*sizes), name);
}

// One axis of a strided slice: a split when the stride is 1, else a gather of the
// source rows by resize_nearest on a [outer, 1, size, inner] view.
std::optional<NodeId> slice_axis(Importer& im, CallCtx& c, NodeId x, const relay::SliceAxis& s,
                                 const std::string& name) {
  const Shape& xs = im.type_of(x).shape;
  const auto axis = static_cast<size_t>(s.axis);
  const int64_t dim = xs[axis];
  if (s.stride == 1) {
    std::vector<int64_t> sizes;
    int64_t index = 0;
    if (s.begin > 0) {
      sizes.push_back(s.begin);
      index = 1;
    }
    sizes.push_back(s.size);
    if (dim - s.begin - s.size > 0) sizes.push_back(dim - s.begin - s.size);
    return im.add_op(c, OpKind::Split, name, {x},
                     make_attrs({{"axis", s.axis}, {"sizes", sizes}, {"index", index}}));
  }
  const int64_t outer = num_elements(Shape(xs.begin(), xs.begin() + s.axis));
  const int64_t inner = num_elements(Shape(xs.begin() + s.axis + 1, xs.end()));
  std::vector<int64_t> rows;
  for (int64_t k = 0; k < s.size; ++k) rows.push_back(s.begin + k * s.stride);
  Shape out = xs;
  out[axis] = s.size;
  auto view = im.add_op(c, OpKind::Reshape, name + ".view", {x},
                        make_attrs({{"shape", std::vector<int64_t>{outer, 1, dim, inner}}}));
  if (!view) return std::nullopt;
  auto rows_taken = im.add_op(c, OpKind::ResizeNearest, name + ".rows", {*view},
                              make_attrs({{"rows", rows}, {"cols", iota(inner)}}));
  if (!rows_taken) return std::nullopt;
  return im.add_op(c, OpKind::Reshape, name, {*rows_taken},
                   make_attrs({{"shape", std::vector<int64_t>(out)}}));
}

Value expand_strided_slice(Importer& im, CallCtx& c, const std::vector<NodeId>& in,
                           const std::string& name) {
  c.check_str("slice_mode", {"end", "size"});
  if (!c.ok) return {};
  const AttrValueAst* mode = c.find("slice_mode");
  const TensorType& t = c.in[0];
  auto plan = relay::strided_slice_axes(t.shape, *c.get_ints("begin"), *c.get_ints("end"),
                                        c.get_ints("strides").value_or(std::vector<int64_t>{}),
                                        c.get_ints("axes").value_or(std::vector<int64_t>{}),
                                        mode && mode->str_value == "size");
  if (!plan) {
    c.fail(c.call.name_span,
           fmt::format("strided_slice of {}: {}", type_string(t), plan.error().message));
    return {};
  }
  NodeId x = in[0];
  for (size_t i = 0; i < plan->size(); ++i) {
    const relay::SliceAxis& s = (*plan)[i];
    bool last = i + 1 == plan->size();
    auto y = slice_axis(im, c, x, s, last ? name : fmt::format("{}.axis{}", name, s.axis));
    if (!y) return {};
    x = *y;
  }
  return Value::tensor(x);  // the input itself when nothing is sliced
}

/// A 2-D resize as TVM's topi computes it, on NCHW or NHWC data.
struct ResizeSpec {
  int64_t out_h = 0, out_w = 0;
  bool nhwc = false;
  bool linear = false;
  relay::CoordMode mode = relay::CoordMode::HalfPixel;
  relay::Rounding rounding = relay::Rounding::Round;
};

// Nearest: one gather (upsampling when the indices are an integer upsampling's). Linear:
// topi's lerp of lerps, out = (A (1 - tx) + B tx) (1 - ty) + (C (1 - tx) + D tx) ty, with
// A..D gathers of the four neighbours and the weights float32 constants along W and H.
// NHWC data is transposed to NCHW and back around it.
Value build_resize(Importer& im, CallCtx& c, NodeId x, const ResizeSpec& r,
                   const std::string& name) {
  const bool wrap = r.nhwc;
  auto step_name = [&](std::string_view what, bool last) {
    return last && !wrap ? name : fmt::format("{}.{}", name, what);
  };
  if (wrap) {
    auto t = im.add_op(c, OpKind::Transpose, name + ".nchw", {x},
                       make_attrs({{"perm", std::vector<int64_t>{0, 3, 1, 2}}}));
    if (!t) return {};
    x = *t;
  }
  const Shape& xs = im.type_of(x).shape;
  if (xs.size() != 4) {
    c.fail(c.call.name_span, fmt::format("'{}' needs a rank-4 input, got {}", c.call.name,
                                         type_string(im.type_of(x))));
    return {};
  }
  const int64_t h = xs[2], w = xs[3];
  auto fail = [&](const Error& e) {
    c.fail(c.call.name_span, fmt::format("'{}' from {}x{} to {}x{}: {}", c.call.name, h, w, r.out_h,
                                         r.out_w, e.message));
    return Value{};
  };
  std::optional<NodeId> y;
  if (!r.linear) {
    auto rows = relay::nearest_indices(h, r.out_h, r.mode, r.rounding);
    if (!rows) return fail(rows.error());
    auto cols = relay::nearest_indices(w, r.out_w, r.mode, r.rounding);
    if (!cols) return fail(cols.error());
    auto is_upsampling = [](const std::vector<int64_t>& idx, int64_t in) {
      const auto out = static_cast<int64_t>(idx.size());
      if (out % in != 0) return false;
      for (int64_t i = 0; i < out; ++i)
        if (idx[static_cast<size_t>(i)] != i / (out / in)) return false;
      return true;
    };
    if (is_upsampling(*rows, h) && is_upsampling(*cols, w))
      y = im.add_op(c, OpKind::Upsampling, step_name("resize", true), {x},
                    make_attrs({{"scale_h", static_cast<double>(r.out_h / h)},
                                {"scale_w", static_cast<double>(r.out_w / w)}}));
    else
      y = im.add_op(c, OpKind::ResizeNearest, step_name("resize", true), {x},
                    make_attrs({{"rows", *rows}, {"cols", *cols}}));
  } else {
    auto ly = relay::linear_axis(h, r.out_h, r.mode);
    if (!ly) return fail(ly.error());
    auto lx = relay::linear_axis(w, r.out_w, r.mode);
    if (!lx) return fail(lx.error());
    // Weights: 1 - t and t, in float32 as topi's _lerp computes them.
    auto weights = [&](const relay::LinearAxis& a, Shape shape, std::string_view what) {
      std::vector<float> lo, hi;
      for (float t : a.t) {
        lo.push_back(1.0f - t);
        hi.push_back(t);
      }
      return std::pair{
          im.add_constant(fmt::format("{}.{}0", name, what), Tensor::from_floats(shape, lo)),
          im.add_constant(fmt::format("{}.{}1", name, what), Tensor::from_floats(shape, hi))};
    };
    auto [wx0, wx1] = weights(*lx, {1, 1, 1, r.out_w}, "wx");
    auto [wy0, wy1] = weights(*ly, {1, 1, r.out_h, 1}, "wy");
    auto gather = [&](const std::vector<int64_t>& rows, const std::vector<int64_t>& cols,
                      std::string_view what) {
      return im.add_op(c, OpKind::ResizeNearest, fmt::format("{}.{}", name, what), {x},
                       make_attrs({{"rows", rows}, {"cols", cols}}));
    };
    auto binary = [&](OpKind op, std::optional<NodeId> a, std::optional<NodeId> b,
                      const std::string& n) -> std::optional<NodeId> {
      if (!a || !b) return std::nullopt;
      return im.add_op(c, op, n, {*a, *b}, {});
    };
    auto lerp = [&](std::optional<NodeId> a, std::optional<NodeId> b, NodeId w0, NodeId w1,
                    std::string_view what, bool last) {
      auto p = binary(OpKind::Multiply, a, w0, fmt::format("{}.{}_lo", name, what));
      auto q = binary(OpKind::Multiply, b, w1, fmt::format("{}.{}_hi", name, what));
      return binary(OpKind::Add, p, q, step_name(what, last));
    };
    auto top =
        lerp(gather(ly->lo, lx->lo, "a"), gather(ly->lo, lx->hi, "b"), wx0, wx1, "top", false);
    auto bottom =
        lerp(gather(ly->hi, lx->lo, "c"), gather(ly->hi, lx->hi, "d"), wx0, wx1, "bottom", false);
    y = lerp(top, bottom, wy0, wy1, "resize", true);
  }
  if (!y) return {};
  if (wrap) {
    y = im.add_op(c, OpKind::Transpose, name, {*y},
                  make_attrs({{"perm", std::vector<int64_t>{0, 2, 3, 1}}}));
    if (!y) return {};
  }
  return Value::tensor(*y);
}

// The layout's spatial axes (H, W) after the check_str on "layout".
bool is_nhwc(const CallCtx& c) {
  const AttrValueAst* l = c.find("layout");
  return l && l->str_value == "NHWC";
}

Value expand_resize2d(Importer& im, CallCtx& c, const std::vector<NodeId>& in,
                      const std::string& name) {
  c.check_str("layout", {"NCHW", "NHWC"});
  c.check_str("method", {"nearest_neighbor", "linear"});
  c.check_str("coordinate_transformation_mode", {"half_pixel", "align_corners", "asymmetric",
                                                 "pytorch_half_pixel", "tf_half_pixel_for_nn"});
  c.check_str("rounding_method",
              {"", "round", "floor", "ceil", "round_prefer_floor", "round_prefer_ceil"});
  c.check_str("out_dtype", {"", "float32"});
  std::vector<int64_t> size = *c.get_ints("size");
  if (size.size() != 2)
    c.fail(c.span_of("size"),
           fmt::format("size={} must have 2 entries (height, width)", ints_string(size)));
  if (!c.ok) return {};
  // Resize2DAttrs' defaults, which TVM's printer leaves out.
  auto str = [&](std::string_view key, std::string_view def) {
    const AttrValueAst* v = c.find(key);
    return v ? v->str_value : std::string(def);
  };
  ResizeSpec r;
  r.out_h = size[0];
  r.out_w = size[1];
  r.nhwc = is_nhwc(c);
  r.linear = str("method", "linear") == "linear";
  r.mode = *relay::parse_coord_mode(str("coordinate_transformation_mode", "half_pixel"));
  r.rounding = *relay::parse_rounding(str("rounding_method", "round"), r.mode);
  return build_resize(im, c, in[0], r, name);
}

// nn.upsampling is topi's resize2d to round(size * scale), align_corners or asymmetric,
// with the default rounding.
Value expand_upsampling(Importer& im, CallCtx& c, const std::vector<NodeId>& in,
                        const std::string& name) {
  c.check_str("layout", {"NCHW", "NHWC"});
  c.check_str("method", {"nearest_neighbor", "bilinear"});
  const TensorType& t = c.in[0];
  if (t.rank() != 4)
    c.fail(c.call.name_span,
           fmt::format("'{}' needs a rank-4 input, got {}", c.call.name, type_string(t)));
  const double sh = c.get_float("scale_h", 1), sw = c.get_float("scale_w", 1);
  for (auto [key, v] : {std::pair{"scale_h", sh}, {"scale_w", sw}})
    if (!(v > 0) || v > 1e6) c.fail(c.span_of(key), fmt::format("{}={} is not a scale", key, v));
  if (!c.ok) return {};
  ResizeSpec r;
  r.nhwc = is_nhwc(c);
  const int64_t h = t.shape[r.nhwc ? 1 : 2], w = t.shape[r.nhwc ? 2 : 3];
  r.out_h = relay::upsampled_size(h, sh);
  r.out_w = relay::upsampled_size(w, sw);
  const AttrValueAst* m = c.find("method");
  r.linear = m && m->str_value == "bilinear";
  r.mode = c.get_bool("align_corners", false) ? relay::CoordMode::AlignCorners
                                              : relay::CoordMode::Asymmetric;
  r.rounding = *relay::parse_rounding("", r.mode);
  return build_resize(im, c, in[0], r, name);
}

// A layout_transform between two orders of the same axes is a transpose; blocked layouts
// (NCHW4c) are not expressible.
Value expand_layout_transform(Importer& im, CallCtx& c, const std::vector<NodeId>& in,
                              const std::string& name) {
  const AttrValueAst* src = c.find("src_layout");
  const AttrValueAst* dst = c.find("dst_layout");
  const std::string& a = src->str_value;
  const std::string& b = dst->str_value;
  const int64_t rank = c.in[0].rank();
  auto plain = [&](const std::string& l) {
    if (static_cast<int64_t>(l.size()) != rank) return false;
    for (size_t i = 0; i < l.size(); ++i)
      if (l[i] < 'A' || l[i] > 'Z' || l.find(l[i]) != i) return false;
    return true;
  };
  std::vector<int64_t> perm;
  bool ok = plain(a) && plain(b);
  for (size_t i = 0; ok && i < b.size(); ++i) {
    size_t k = a.find(b[i]);
    ok = k != std::string::npos;
    perm.push_back(static_cast<int64_t>(k));
  }
  if (!ok) {
    c.fail(join_span(src->span, dst->span),
           fmt::format("layout_transform from \"{}\" to \"{}\" on {} is not supported: only a "
                       "reordering of the same {} axes (e.g. NCHW to NHWC) is",
                       a, b, type_string(c.in[0]), rank));
    return {};
  }
  if (perm == iota(rank)) return Value::tensor(in[0]);
  auto y = im.add_op(c, OpKind::Transpose, name, {in[0]}, make_attrs({{"perm", perm}}));
  return y ? Value::tensor(*y) : Value{};
}

// nn.batch_matmul(x, y) is x @ y^T with TVM's defaults (transpose_a=False,
// transpose_b=True) on rank-3 operands.
Value expand_batch_matmul(Importer& im, CallCtx& c, const std::vector<NodeId>& in,
                          const std::string& name) {
  c.check_str("out_dtype", {"", "float32"});
  for (size_t k = 0; k < 2; ++k)
    if (c.in[k].rank() != 3)
      c.fail(c.call.args[k].span,
             fmt::format("'{}' takes rank-3 operands, got {}", c.call.name, type_string(c.in[k])));
  if (!c.ok) return {};
  std::optional<NodeId> a = in[0], b = in[1];
  const std::vector<int64_t> swap{0, 2, 1};
  if (c.get_bool("transpose_a", false))
    a = im.add_op(c, OpKind::Transpose, name + ".a", {in[0]}, make_attrs({{"perm", swap}}));
  if (c.get_bool("transpose_b", true))
    b = im.add_op(c, OpKind::Transpose, name + ".b", {in[1]}, make_attrs({{"perm", swap}}));
  if (!a || !b) return {};
  auto y = im.add_op(c, OpKind::MatMul, name, {*a, *b}, {});
  return y ? Value::tensor(*y) : Value{};
}

}  // namespace

std::optional<Graph> import_relay(const SourceFile& src, DiagnosticSink& diags) {
  return Importer(src, diags).run();
}

std::optional<Graph> import_relay_file(const std::string& path, DiagnosticSink& diags) {
  auto src = SourceFile::load(path);
  if (!src) {
    // The loader's message starts with the path, which the diagnostic already shows.
    std::string msg = src.error().message;
    if (msg.starts_with(path + ": ")) msg.erase(0, path.size() + 2);
    diags.error(path, std::move(msg));
    return std::nullopt;
  }
  return import_relay(*src, diags);
}

}  // namespace vf
