#include "rewrite/window_split.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <unordered_map>

#include "ir/op_attrs.h"
#include "verify/term_renaming.h"

namespace vf::rewrite {
namespace {

/// The in-bounds taps [lo, hi] of a window along one axis at output position p: taps k
/// with 0 <= p s - pad + k d < size. lo > hi when none is.
std::pair<int64_t, int64_t> valid_taps(int64_t p, int64_t s, int64_t pad, int64_t d, int64_t k,
                                       int64_t size) {
  int64_t lo = k, hi = -1;
  for (int64_t t = 0; t < k; ++t) {
    const int64_t i = p * s - pad + t * d;
    if (i < 0 || i >= size) continue;
    lo = std::min(lo, t);
    hi = std::max(hi, t);
  }
  return {lo, hi};
}

/// The classes of one axis: for every output position its class index, and the classes'
/// tap ranges in order of first appearance.
struct AxisClasses {
  std::vector<size_t> of;
  std::vector<std::pair<int64_t, int64_t>> taps;
};

AxisClasses axis_classes(int64_t out, int64_t s, int64_t pad, int64_t d, int64_t k, int64_t size) {
  AxisClasses a;
  std::map<std::pair<int64_t, int64_t>, size_t> index;
  for (int64_t p = 0; p < out; ++p) {
    const auto t = valid_taps(p, s, pad, d, k, size);
    auto [it, fresh] = index.emplace(t, a.taps.size());
    if (fresh) a.taps.push_back(t);
    a.of.push_back(it->second);
  }
  return a;
}

/// The rule at the given leaf shapes (x, w; every leaf symbolic) and slot values.
std::optional<verify::Instance> instance_at(const Match& m, const Graph& g, size_t kx, size_t kw,
                                            const Shape& xs, const Shape& ws,
                                            const std::vector<AttrValue>& slots, std::string& why) {
  const dsl::Rule& rule = *m.rule;
  verify::InstanceSpec spec;
  spec.leaf_types.assign(rule.tensor_vars.size(), std::nullopt);
  spec.leaf_data.assign(rule.tensor_vars.size(), nullptr);
  spec.leaf_types[kx] = TensorType{g.node(m.vars[kx]).type.dtype, xs};
  spec.leaf_types[kw] = TensorType{g.node(m.vars[kw]).type.dtype, ws};
  spec.slot_values = slots;
  auto inst = verify::instantiate(rule, spec, &why);
  if (inst && !inst->target_error.empty()) {
    why = "the target cannot be built: " + inst->target_error;
    return std::nullopt;
  }
  return inst;
}

/// The conv2d of a match the split applies to: its leaves, the slot its padding comes from,
/// its attributes and shapes, and the window classes of its rows and columns.
struct ConvSite {
  ConvSite(const Match& match, const Graph& graph) : m(match), g(graph) {}
  const Match& m;
  const Graph& g;
  size_t kx = 0, kw = 0;  // x and w: the conv's operands, the only leaves of the source
  uint32_t pad_slot = 0;  // the crops change it, in source and target alike
  Conv2dAttrs a;
  Shape xs, ws, ys;
  AxisClasses rows, cols;
};

/// The rule's side: the source is one conv2d over the rule's only two leaves, with its
/// padding from a slot (a crop changes it). false, with `why`, when not.
bool find_conv_leaves(ConvSite& s, std::string& why) {
  const dsl::Rule& rule = *s.m.rule;
  const auto* call = rule.expr(rule.source_root().value).as<dsl::OpCall>();
  const Node& conv = s.g.node(s.m.root);
  if (!call || call->op != OpKind::Conv2d || conv.op != OpKind::Conv2d ||
      call->operands.size() != 2) {
    why = "the source is not one conv2d";
    return false;
  }
  // x and w: the conv's operands, the only leaves of the source.
  size_t leaf[2];
  for (size_t k = 0; k < 2; ++k) {
    const auto* r = rule.expr(call->operands[k]).as<dsl::TensorRef>();
    if (!r || rule.var(r->var).origin != dsl::VarOrigin::SourceInput) {
      why = "the conv2d's operands are not leaves of the rule";
      return false;
    }
    leaf[k] = r->var.index;
  }
  s.kx = leaf[0];
  s.kw = leaf[1];
  for (size_t k = 0; k < rule.tensor_vars.size(); ++k)
    if (rule.tensor_vars[k].origin == dsl::VarOrigin::SourceInput && k != s.kx && k != s.kw) {
      why = "the source reads tensors besides the conv2d's x and w";
      return false;
    }
  // The slot the padding comes from: the crops change it, in source and target alike.
  const verify::RuleSlots rs = verify::rule_slots(rule);
  const uint32_t root_expr = rule.source_root().value.index;
  std::optional<uint32_t> pad_slot;
  if (const dsl::AttrArg* a = call->find_attr("padding")) {
    if (const auto* ref = rule.expr(a->value).as<dsl::AttrRef>()) pad_slot = ref->var.index;
  } else if (auto it = rs.implicit.find({root_expr, "padding"}); it != rs.implicit.end()) {
    pad_slot = it->second;
  }
  if (!pad_slot) {
    why = "the conv2d's padding is a literal of the rule (a crop cannot change it)";
    return false;
  }
  s.pad_slot = *pad_slot;
  return true;
}

/// The model's side: a groups-1 NCHW conv2d whose every output position's window reads
/// some of the input; its window classes by rows and by columns.
bool classify_windows(ConvSite& s, std::string& why) {
  const Node& conv = s.g.node(s.m.root);
  s.a = conv2d_attrs(conv.attrs);
  s.xs = s.g.node(s.m.vars[s.kx]).type.shape;
  s.ws = s.g.node(s.m.vars[s.kw]).type.shape;
  s.ys = conv.type.shape;
  const Conv2dAttrs& a = s.a;
  const Shape &xs = s.xs, &ws = s.ws, &ys = s.ys;
  if (xs.size() != 4 || ws.size() != 4 || ys.size() != 4 || a.groups != 1 || a.dilation[0] < 1 ||
      a.dilation[1] < 1) {
    why = "not a groups-1 NCHW conv2d with dilation >= 1";
    return false;
  }
  const int64_t H = xs[2], W = xs[3], KH = ws[2], KW = ws[3];
  s.rows = axis_classes(ys[2], a.strides[0], a.padding[0], a.dilation[0], KH, H);
  s.cols = axis_classes(ys[3], a.strides[1], a.padding[1], a.dilation[1], KW, W);
  for (const auto* ax : {&s.rows, &s.cols})
    for (const auto& [lo, hi] : ax->taps)
      if (lo > hi) {
        why = "an output position whose window lies wholly in the padding";
        return false;
      }
  return true;
}

/// The rule at the crop of class (row class r, column class c), at batch n and o output
/// channels.
std::optional<verify::Instance> crop_at(const ConvSite& s, size_t r, size_t c, int64_t n,
                                        int64_t o, std::string& why) {
  const Conv2dAttrs& a = s.a;
  const int64_t C = s.xs[1], KH = s.ws[2], KW = s.ws[3];
  const auto [hlo, hhi] = s.rows.taps[r];
  const auto [wlo, whi] = s.cols.taps[c];
  std::vector<AttrValue> slots = s.m.slots;
  slots[s.pad_slot] =
      std::vector<int64_t>{hlo * a.dilation[0], wlo * a.dilation[1],
                           (KH - 1 - hhi) * a.dilation[0], (KW - 1 - whi) * a.dilation[1]};
  const Shape cx{n, C, (hhi - hlo) * a.dilation[0] + 1, (whi - wlo) * a.dilation[1] + 1};
  return instance_at(s.m, s.g, s.kx, s.kw, cx, Shape{o, C, KH, KW}, slots, why);
}

/// One crop per (row class, column class), at batch 1 and one output channel.
bool crop_classes(const ConvSite& s, WindowSplit& split, std::string& why) {
  std::vector<int64_t> count(s.rows.taps.size() * s.cols.taps.size(), 0);
  for (size_t r : s.rows.of)
    for (size_t c : s.cols.of) ++count[r * s.cols.taps.size() + c];
  for (size_t r = 0; r < s.rows.taps.size(); ++r)
    for (size_t c = 0; c < s.cols.taps.size(); ++c) {
      auto crop = crop_at(s, r, c, 1, 1, why);
      if (!crop) {
        why = "a crop does not instantiate: " + why;
        return false;
      }
      if (crop->graph.node(crop->source_root).type.size() != 1) {
        why = "a crop has more than one output element";
        return false;
      }
      WindowClass wc;
      std::tie(wc.kh_lo, wc.kh_hi) = s.rows.taps[r];
      std::tie(wc.kw_lo, wc.kw_hi) = s.cols.taps[c];
      wc.positions = count[r * s.cols.taps.size() + c];
      wc.description = fmt::format(
          "taps kh {}..{} x kw {}..{}, {} positions, crop x {} padding [{}]", wc.kh_lo, wc.kh_hi,
          wc.kw_lo, wc.kw_hi, wc.positions,
          shape_string(crop->graph.node(crop->var_inputs[s.kx]).type.shape),
          fmt::join(std::get<std::vector<int64_t>>(crop->slot_values[s.pad_slot].value()), ", "));
      wc.crop = std::move(*crop);
      split.classes.push_back(std::move(wc));
    }
  return true;
}

/// (a) Every element of the instance at batch min(N, 2), min(O, 2) output channels and the
/// actual spatial sizes: its claim is its class's crop claim renamed.
bool check_probe(const ConvSite& s, WindowSplit& split,
                 std::unordered_map<uint32_t, uint32_t>& renaming, std::string& why) {
  const int64_t N = s.xs[0], C = s.xs[1], H = s.xs[2], W = s.xs[3];
  const int64_t O = s.ws[0], KH = s.ws[2], KW = s.ws[3];
  // The crops' claims in a fresh arena (compared with a larger instance's there).
  verify::TermDomain d;
  std::vector<verify::InstanceTerms> crops;
  for (const WindowClass& wc : split.classes) {
    auto t = verify::instance_terms(d, wc.crop, &why);
    if (!t) return false;
    crops.push_back(std::move(*t));
  }
  auto probe = instance_at(s.m, s.g, s.kx, s.kw, Shape{std::min<int64_t>(N, 2), C, H, W},
                           Shape{std::min<int64_t>(O, 2), C, KH, KW}, s.m.slots, why);
  if (!probe) return false;
  const Shape ps = probe->graph.node(probe->source_root).type.shape;
  auto t = verify::instance_terms(d, *probe, &why);
  if (!t) return false;
  if (t->source.size() != t->target.size() || ps.size() != 4 || ps[2] != s.ys[2] ||
      ps[3] != s.ys[3]) {
    why = "the probe's source and target differ in shape";
    return false;
  }
  for (size_t e = 0; e < t->source.size(); ++e) {
    const size_t ow = e % static_cast<size_t>(ps[3]);
    const size_t oh = e / static_cast<size_t>(ps[3]) % static_cast<size_t>(ps[2]);
    const size_t k = s.rows.of[oh] * s.cols.taps.size() + s.cols.of[ow];
    if (!verify::same_up_to_renaming(d, crops[k].source[0], crops[k].target[0], t->source[e],
                                     t->target[e], renaming)) {
      why = fmt::format(
          "output element {} (position {}, {}) is not its window class's claim renamed ({})", e,
          oh, ow, split.classes[k].description);
      return false;
    }
  }
  split.checked_elements += static_cast<int64_t>(t->source.size());
  split.term_nodes += static_cast<int64_t>(d.size());
  return true;
}

/// (b) Every crop at the actual batch (one output channel) and at the actual output
/// channels (batch 1): every n and every o is (0, 0) renamed. (Both at once would cost
/// N O times the crop's terms.)
bool check_batch_and_channels(const ConvSite& s, WindowSplit& split,
                              std::unordered_map<uint32_t, uint32_t>& renaming,
                              std::string& why) {
  const int64_t N = s.xs[0], O = s.ws[0];
  const std::pair<int64_t, int64_t> sizes[2] = {{N, 1}, {1, O}};
  for (const auto& [cn, co] : sizes) {
    if (cn * co == 1) continue;
    for (size_t r = 0; r < s.rows.taps.size(); ++r)
      for (size_t c = 0; c < s.cols.taps.size(); ++c) {
        const size_t k = r * s.cols.taps.size() + c;
        verify::TermDomain d;
        auto one = verify::instance_terms(d, split.classes[k].crop, &why);
        auto full = crop_at(s, r, c, cn, co, why);
        if (!one || !full) return false;
        auto t = verify::instance_terms(d, *full, &why);
        if (!t) return false;
        if (t->source.size() != static_cast<size_t>(cn * co) ||
            t->target.size() != t->source.size()) {
          why = "a crop at the actual batch or channels has another shape";
          return false;
        }
        for (size_t e = 0; e < t->source.size(); ++e)
          if (!verify::same_up_to_renaming(d, one->source[0], one->target[0], t->source[e],
                                           t->target[e], renaming)) {
            why = fmt::format(
                "element {} of the crop at batch {}, {} output channels is not "
                "(0, 0)'s claim renamed ({})",
                e, cn, co, split.classes[k].description);
            return false;
          }
        split.checked_elements += static_cast<int64_t>(t->source.size());
        split.term_nodes += static_cast<int64_t>(d.size());
      }
  }
  return true;
}

}  // namespace

std::optional<WindowSplit> find_window_split(const Match& m, const Graph& g, std::string& why) {
  ConvSite s(m, g);
  if (!find_conv_leaves(s, why) || !classify_windows(s, why)) return std::nullopt;
  WindowSplit split;
  if (!crop_classes(s, split, why)) return std::nullopt;
  // The claims' variables renamed alike across both checks.
  std::unordered_map<uint32_t, uint32_t> renaming;
  if (!check_probe(s, split, renaming, why)) return std::nullopt;
  if (!check_batch_and_channels(s, split, renaming, why)) return std::nullopt;
  const Conv2dAttrs& a = s.a;
  split.description = fmt::format(
      "window classes of conv2d {}x{}, strides [{}, {}], padding [{}], dilation [{}, {}]: {} "
      "classes ({} row x {} column) of {} x {} positions",
      s.ws[2], s.ws[3], a.strides[0], a.strides[1], fmt::join(a.padding, ", "), a.dilation[0],
      a.dilation[1], split.classes.size(), s.rows.taps.size(), s.cols.taps.size(), s.ys[2],
      s.ys[3]);
  return split;
}

}  // namespace vf::rewrite
