#include "frontend/relay_importer.h"

#include <cassert>

#include "frontend/relay_compound.h"
#include "ir/shape_inference.h"

namespace vf::relay {
namespace {

std::string ints_string(const std::vector<int64_t>& v) {
  return fmt::format("[{}]", fmt::join(v, ", "));
}

Span join_span(Span a, Span b) {
  const uint32_t begin = std::min(a.offset, b.offset);
  return Span{begin, std::max(a.end(), b.end()) - begin};
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

Value transpose_value(NodeBuilder& im, CallCtx& c, NodeId x, std::vector<int64_t> perm,
                      const std::string& name) {
  auto y = im.add_op(c, OpKind::Transpose, name, {x}, make_attrs({{"perm", std::move(perm)}}));
  return y ? Value::tensor(*y) : Value{};
}

// nn.conv2d and the 2-D pools. The IR's are NCHW with OIHW weights: NHWC data is transposed
// to NCHW and the result back, a weight in another order of O, I, H, W (HWIO, OHWI, HWOI)
// is transposed to OIHW; then the rule's converter reads the attributes.
Value expand_nchw(NodeBuilder& im, CallCtx& c, const std::vector<NodeId>& in,
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
    auto x = im.to_nchw(c, in[0], name + ".nchw");
    if (!x) return {};
    inputs[0] = *x;
    c.in[0] = im.type_of(*x);
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

// nn.dropout at inference: (output, mask) with the output its input.
Value expand_dropout(NodeBuilder&, CallCtx&, const std::vector<NodeId>& in, const std::string&) {
  Value v;
  v.kind = Value::Kind::DropoutTuple;
  v.node = in[0];
  return v;
}

// `copy` is the identity: its result is its input.
Value expand_copy(NodeBuilder&, CallCtx&, const std::vector<NodeId>& in, const std::string&) {
  return Value::tensor(in[0]);
}

Value expand_split(NodeBuilder& im, CallCtx& c, const std::vector<NodeId>& in,
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
std::optional<NodeId> slice_axis(NodeBuilder& im, CallCtx& c, NodeId x, const relay::SliceAxis& s,
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

Value expand_strided_slice(NodeBuilder& im, CallCtx& c, const std::vector<NodeId>& in,
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
Value build_resize(NodeBuilder& im, CallCtx& c, NodeId x, const ResizeSpec& r,
                   const std::string& name) {
  const bool wrap = r.nhwc;
  auto step_name = [&](std::string_view what, bool last) {
    return last && !wrap ? name : fmt::format("{}.{}", name, what);
  };
  if (wrap) {
    auto t = im.to_nchw(c, x, name + ".nchw");
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
    y = relay::build_bilinear(
        x, *ly, *lx,
        [&](OpKind op, std::vector<NodeId> ins, Attrs a, std::string_view what, bool last) {
          const bool gather = op == OpKind::ResizeNearest;
          return im.add_op(
              c, op, gather || !last ? fmt::format("{}.{}", name, what) : step_name(what, last),
              std::move(ins), std::move(a));
        },
        [&](Shape shape, const std::vector<float>& v, std::string_view what) {
          return im.add_constant(fmt::format("{}.{}", name, what),
                                 Tensor::from_floats(std::move(shape), v));
        });
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

Value expand_resize2d(NodeBuilder& im, CallCtx& c, const std::vector<NodeId>& in,
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
Value expand_upsampling(NodeBuilder& im, CallCtx& c, const std::vector<NodeId>& in,
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
Value expand_layout_transform(NodeBuilder& im, CallCtx& c, const std::vector<NodeId>& in,
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
Value expand_batch_matmul(NodeBuilder& im, CallCtx& c, const std::vector<NodeId>& in,
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

/// mean / sum / max: `axis` (an integer or a list; None: every axis), `keepdims`, and
/// `exclude` (reduce the axes not listed).
void convert_reduce(CallCtx& c) {
  const int64_t r = c.in[0].rank();
  std::vector<int64_t> axes;
  if (const AttrValueAst* v = c.find("axis")) {
    std::vector<int64_t> given;
    if (v->kind == AttrValueAst::Kind::Int)
      given.push_back(v->int_value);
    else
      for (const auto& item : v->items) given.push_back(item.int_value);
    for (int64_t a : given)
      if (auto k = c.normalize_axis(a, r, v->span, "axis")) axes.push_back(*k);
    if (c.get_bool("exclude", false)) {
      std::vector<int64_t> rest;
      for (int64_t k = 0; k < r; ++k)
        if (std::find(axes.begin(), axes.end(), k) == axes.end()) rest.push_back(k);
      if (rest.empty()) c.fail(v->span, "exclude=True of every axis reduces nothing");
      axes = rest;
    }
  }
  c.out.set("axes", axes);
  c.out.set("keepdims", int64_t{c.get_bool("keepdims", false)});
}

/// variance(data, mean): mean((data - mean)^2) over the axes as convert_reduce reads them
/// (the biased estimator; unbiased=True is not supported).
Value expand_variance(NodeBuilder& im, CallCtx& c, const std::vector<NodeId>& in,
                      const std::string& name) {
  if (c.get_bool("unbiased", false))
    c.fail(c.span_of("unbiased"), "unbiased=True is not supported");
  convert_reduce(c);
  if (!c.ok) return {};
  auto d = im.add_op(c, OpKind::Subtract, name + ".centered", {in[0], in[1]}, {});
  if (!d) return {};
  auto sq = im.add_op(c, OpKind::Multiply, name + ".square", {*d, *d}, {});
  if (!sq) return {};
  auto y = im.add_op(c, OpKind::ReduceMean, name, {*sq}, c.out);
  return y ? Value::tensor(*y) : Value{};
}

/// nn.layer_norm over the last axis (Relay normalises one axis; layer_norm the trailing
/// axes from it, the same when it is the last); center=False / scale=False as beta = 0 /
/// gamma = 1.
Value expand_layer_norm(NodeBuilder& im, CallCtx& c, const std::vector<NodeId>& in,
                        const std::string& name) {
  const int64_t r = c.in[0].rank();
  auto axis = c.axis("axis", -1, r);
  if (axis && *axis != r - 1)
    c.fail(c.span_of("axis"),
           fmt::format("only the last axis ({}) is supported, got {}", r - 1, *axis));
  if (!c.ok) return {};
  std::vector<NodeId> ins = in;
  if (!c.get_bool("scale", true))
    ins[1] = im.add_constant(
        name + ".gamma",
        Tensor::from_doubles(c.in[1],
                             std::vector<double>(static_cast<size_t>(c.in[1].size()), 1.0)));
  if (!c.get_bool("center", true)) ins[2] = im.add_constant(name + ".beta", Tensor(c.in[2]));
  auto y = im.add_op(c, OpKind::LayerNorm, name, ins,
                     make_attrs({{"axis", *axis}, {"epsilon", c.get_float("epsilon", 1e-5)}}));
  return y ? Value::tensor(*y) : Value{};
}

using T = AttrType;

/// A rule with no attributes and no converter of its own: `args` operands, one IR node.
OpRule simple_rule(std::string_view name, OpKind op, int args) {
  return OpRule{.relay_name = name, .op = op, .min_args = args, .max_args = args, .attrs = {}};
}

/// The layers with weights: conv2d, batch_norm, dense, bias_add.
void add_layer_rules(std::vector<OpRule>& r) {
  const std::vector<AttrRule> kConv = {{"strides", T::Ints},    {"padding", T::Ints},
                                       {"dilation", T::Ints},   {"groups", T::Int},
                                       {"channels", T::Int},    {"kernel_size", T::Ints},
                                       {"data_layout", T::Str}, {"kernel_layout", T::Str},
                                       {"out_layout", T::Str},  {"out_dtype", T::Str}};
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
}

/// The elementwise arithmetic and math operators, each one IR node.
void add_arithmetic_rules(std::vector<OpRule>& r) {
  r.push_back(simple_rule("add", OpKind::Add, 2));
  r.push_back(simple_rule("subtract", OpKind::Subtract, 2));
  r.push_back(simple_rule("multiply", OpKind::Multiply, 2));
  r.push_back(simple_rule("divide", OpKind::Divide, 2));
  r.push_back(simple_rule("maximum", OpKind::Maximum, 2));
  r.push_back(simple_rule("minimum", OpKind::Minimum, 2));
  r.push_back(simple_rule("negative", OpKind::Negative, 1));
  r.push_back(simple_rule("sqrt", OpKind::Sqrt, 1));
  r.push_back(simple_rule("rsqrt", OpKind::Rsqrt, 1));
  r.push_back(simple_rule("sigmoid", OpKind::Sigmoid, 1));
  r.push_back(simple_rule("exp", OpKind::Exp, 1));
  r.push_back(simple_rule("log", OpKind::Log, 1));
  r.push_back(simple_rule("tanh", OpKind::Tanh, 1));
  r.push_back(simple_rule("erf", OpKind::Erf, 1));
}

/// The reductions (mean, sum, max, variance) and layer_norm.
void add_reduction_rules(std::vector<OpRule>& r) {
  const std::vector<AttrRule> reduce = {
      {"axis", T::IntOrInts}, {"keepdims", T::Bool}, {"exclude", T::Bool}};
  for (auto [name, op] : {std::pair{"mean", OpKind::ReduceMean},
                          {"sum", OpKind::ReduceSum},
                          {"max", OpKind::ReduceMax}})
    r.push_back({.relay_name = name, .op = op, .attrs = reduce, .convert = convert_reduce});
  r.push_back({.relay_name = "variance",
               .op = OpKind::ReduceMean,
               .min_args = 2,
               .max_args = 2,
               .attrs = {{"axis", T::IntOrInts},
                         {"keepdims", T::Bool},
                         {"exclude", T::Bool},
                         {"unbiased", T::Bool}},
               .expand = expand_variance});
  r.push_back({.relay_name = "nn.layer_norm",
               .op = OpKind::LayerNorm,
               .min_args = 3,
               .max_args = 3,
               .attrs = {{"axis", T::Int},
                         {"epsilon", T::Float},
                         {"center", T::Bool},
                         {"scale", T::Bool}},
               .expand = expand_layer_norm});
}

/// The activations (relu, leaky_relu, clip, softmax) with batch_flatten and expand_dims,
/// which sit among them in the table.
void add_activation_rules(std::vector<OpRule>& r) {
  r.push_back(simple_rule("nn.relu", OpKind::Relu, 1));
  r.push_back(simple_rule("nn.batch_flatten", OpKind::BatchFlatten, 1));
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
}

/// The windowed operators: the pools and pad.
void add_window_rules(std::vector<OpRule>& r) {
  std::vector<AttrRule> pool = {{"pool_size", T::Ints, true}, {"strides", T::Ints},
                                {"padding", T::Ints},         {"dilation", T::Ints},
                                {"layout", T::Str},           {"out_layout", T::Str},
                                {"ceil_mode", T::Bool}};
  std::vector<AttrRule> avg_pool = pool;
  avg_pool.push_back({"count_include_pad", T::Bool});
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
}

/// The data movements: reshape, transpose, squeeze, concatenate, the resizes, copy,
/// dropout, split, strided_slice, layout_transform.
void add_movement_rules(std::vector<OpRule>& r) {
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
  r.push_back({.relay_name = "nn.dropout",
               .op = OpKind::Reshape,
               .attrs = {{"rate", T::Float}},
               .expand = expand_dropout});
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
}

/// The Relay operators the importer knows, by family, in the table's order.
const std::vector<OpRule>& op_rules() {
  static const std::vector<OpRule> kRules = [] {
    std::vector<OpRule> r;
    add_layer_rules(r);
    add_arithmetic_rules(r);
    add_reduction_rules(r);
    add_activation_rules(r);
    add_window_rules(r);
    add_movement_rules(r);
    // batch_matmul last, as the table has always listed it.
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

}  // namespace

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

const OpRule* find_rule(std::string_view relay_name) {
  for (const auto& r : op_rules())
    if (r.relay_name == relay_name) return &r;
  return nullptr;
}

}  // namespace vf::relay
