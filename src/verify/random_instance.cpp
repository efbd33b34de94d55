#include "verify/random_instance.h"

#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "dsl/check.h"
#include "ir/op_attrs.h"
#include "ir/shape_inference.h"
#include "verify/precondition.h"
#include "verify/random_draw.h"

namespace vf::verify {
namespace {

using detail::chance;
using detail::pick;
using detail::uniform_int;
using dsl::ExprId;
using dsl::OpCall;
using dsl::Rule;
using dsl::TensorVarId;

/// The ranks rules are for: the DSL rejects a rule that needs more, the matcher applies
/// none at a match with a higher-rank variable.
constexpr int kMaxRank = static_cast<int>(dsl::kMaxProvedRank);

// ---- activations -----------------------------------------------------------------------

/// The activations' names: the values of a free `activation` attribute.
const std::vector<std::string>& activations() {
  static const std::vector<std::string> a = [] {
    std::vector<std::string> v;
    for (Activation x : all_activations()) v.emplace_back(activation_name(x));
    return v;
  }();
  return a;
}

// ---- the source, operator by operator --------------------------------------------------

/// A source operator call in evaluation order, with the variable it binds (if any).
struct Site {
  ExprId expr;
  TensorVarId bound;
};

void collect_sites(const Rule& rule, ExprId e, TensorVarId bound, std::vector<Site>& out) {
  const auto* call = rule.expr(e).as<OpCall>();
  if (!call) return;
  for (ExprId o : call->operands) collect_sites(rule, o, {}, out);
  out.push_back({e, bound});
}

/// Where an attribute of a source call gets its value: a literal of the rule or a slot.
struct AttrSrc {
  std::string name;
  AttrKind kind = AttrKind::Int;
  std::optional<AttrValue> literal;
  std::optional<uint32_t> slot;
};

AttrValue literal_value(const Rule& rule, ExprId e, AttrKind kind) {
  const dsl::Expr& x = rule.expr(e);
  if (auto* i = x.as<dsl::IntLit>()) {
    if (kind == AttrKind::Float) return static_cast<double>(i->value);
    return i->value;
  }
  if (auto* f = x.as<dsl::FloatLit>()) return f->value;
  if (auto* l = x.as<dsl::IntListLit>()) return l->values;
  if (auto* s = x.as<dsl::StrLit>()) return s->value;
  return int64_t{0};
}

std::vector<AttrSrc> call_attrs(const Rule& rule, const RuleSlots& slots, ExprId id) {
  const auto& call = *rule.expr(id).as<OpCall>();
  std::vector<AttrSrc> out;
  for (const AttrSpec& sp : attr_specs(call.op)) {
    AttrSrc a{sp.name, sp.kind, {}, {}};
    if (const dsl::AttrArg* arg = call.find_attr(sp.name)) {
      if (auto* r = rule.expr(arg->value).as<dsl::AttrRef>())
        a.slot = r->var.index;
      else
        a.literal = literal_value(rule, arg->value, sp.kind);
    } else if (auto it = slots.implicit.find({id.index, sp.name}); it != slots.implicit.end()) {
      a.slot = it->second;
    } else {
      continue;
    }
    out.push_back(std::move(a));
  }
  return out;
}

/// The choices made so far along one draw.
struct State {
  Graph g;
  std::vector<NodeId> var_nodes;                      // by TensorVarId
  std::vector<NodeId> expr_nodes;                     // by ExprId
  std::vector<std::optional<Shape>> leaf_shapes;      // by TensorVarId
  std::vector<std::optional<AttrValue>> slot_values;  // by slot
  std::vector<int64_t> palette;                       // sizes > 1 in use
};

/// The choices at one site of a draw: shapes for the call's unshaped leaves and values for
/// its free slots, made in the order the file comment of random_instance.h describes (the
/// same draws in the same order for a seed).
class SiteChoice {
 public:
  SiteChoice(const Rule& rule, const RuleSlots& slots, SplitMix64& rng, const OpCall& call,
             const std::vector<AttrSrc>& attrs, State& st, std::string& why)
      : rule_(rule), slots_(slots), rng_(rng), call_(call), attrs_(attrs), ops_(call.operands),
        st_(st), why_(why) {}

  /// Makes every choice of the site; false, with the reason in `why`, when one fails.
  bool choose() {
    if (!choose_operator()) return false;
    if (!choose_other_attrs()) return false;
    choose_attr_operands();
    return true;
  }

 private:
  // -- random shapes --

  /// A size for a new dimension: 1, a size already in use (equal on purpose) or a fresh
  /// one in 2..6 (distinct on purpose).
  int64_t size() {
    const double u = rng_.uniform();
    if (u < 0.2) return 1;
    if (u < 0.5 && !st_.palette.empty()) return pick(rng_, st_.palette);
    std::vector<int64_t> fresh;
    for (int64_t v = 2; v <= 6; ++v)
      if (std::find(st_.palette.begin(), st_.palette.end(), v) == st_.palette.end())
        fresh.push_back(v);
    const int64_t v = fresh.empty() ? uniform_int(rng_, 2, 6) : pick(rng_, fresh);
    st_.palette.push_back(v);
    return v;
  }

  /// A shape with a random rank in [lo, hi] (ranks 0..kMaxRank; 4 more often).
  Shape data_shape(int lo = 0, int hi = kMaxRank) {
    static const double w[] = {1, 2, 2, 2, 3};
    static_assert(std::size(w) == kMaxRank + 1);
    double total = 0;
    for (int r = lo; r <= hi; ++r) total += w[r];
    double u = rng_.uniform() * total;
    int rank = hi;
    for (int r = lo; r <= hi; ++r) {
      if (u < w[r]) {
        rank = r;
        break;
      }
      u -= w[r];
    }
    Shape s(static_cast<size_t>(rank));
    for (auto& d : s) d = size();
    return s;
  }

  /// A shape that broadcasts with `s`: the same, a scalar, or another rank with every
  /// aligned axis 1 or s's size (or any size where s has 1), extra leading axes any size.
  Shape partner(const Shape& s) {
    const double u = rng_.uniform();
    if (u < 0.2) return s;
    if (u < 0.28) return {};
    const int64_t r = static_cast<int64_t>(s.size());
    // Mostly up to one rank more than s; sometimes any rank (a [C] constant next to a
    // rank-4 tensor broadcasts it the other way).
    const int64_t r2 =
        uniform_int(rng_, 0, chance(rng_, 0.6) ? std::min<int64_t>(r + 1, kMaxRank) : kMaxRank);
    Shape p(static_cast<size_t>(r2));
    for (int64_t i = 0; i < r2; ++i) {
      const int64_t j = i - (r2 - r);
      int64_t& d = p[static_cast<size_t>(i)];
      if (j < 0)
        d = size();
      else if (s[static_cast<size_t>(j)] == 1)
        d = chance(rng_, 0.5) ? 1 : size();
      else
        d = chance(rng_, 0.5) ? 1 : s[static_cast<size_t>(j)];
    }
    return p;
  }

  // -- what the site has so far --

  const AttrSrc* find(std::string_view name) const {
    for (const AttrSrc& a : attrs_)
      if (a.name == name) return &a;
    return nullptr;
  }
  std::optional<AttrValue> cur(const AttrSrc& a) const {
    if (a.literal) return a.literal;
    return st_.slot_values[*a.slot];
  }
  /// A slot of this call with no value yet, which this site chooses.
  bool free(std::string_view name) const {
    const AttrSrc* a = find(name);
    return a && a->kind != AttrKind::Float && !cur(*a);
  }
  void set(std::string_view name, AttrValue v) {
    if (free(name)) st_.slot_values[*find(name)->slot] = std::move(v);
  }
  std::optional<int64_t> int_attr(std::string_view name) const {
    const AttrSrc* a = find(name);
    if (!a) return std::nullopt;
    auto v = cur(*a);
    if (!v || !std::holds_alternative<int64_t>(*v)) return std::nullopt;
    return std::get<int64_t>(*v);
  }
  std::optional<std::vector<int64_t>> ints_attr(std::string_view name) const {
    const AttrSrc* a = find(name);
    if (!a) return std::nullopt;
    auto v = cur(*a);
    if (!v || !std::holds_alternative<std::vector<int64_t>>(*v)) return std::nullopt;
    return std::get<std::vector<int64_t>>(*v);
  }
  /// Operand k's variable when it is a leaf not bound yet.
  std::optional<uint32_t> leaf(size_t k) const {
    if (k >= ops_.size()) return std::nullopt;
    if (auto* r = rule_.expr(ops_[k]).as<dsl::TensorRef>())
      if (!st_.var_nodes[r->var.index].valid()) return r->var.index;
    return std::nullopt;
  }
  /// Operand k's shape, when it has one already.
  std::optional<Shape> known(size_t k) const {
    const dsl::Expr& x = rule_.expr(ops_[k]);
    if (auto* r = x.as<dsl::TensorRef>()) {
      if (NodeId n = st_.var_nodes[r->var.index]; n.valid()) return st_.g.node(n).type.shape;
      return st_.leaf_shapes[r->var.index];
    }
    if (x.as<OpCall>()) return st_.g.node(st_.expr_nodes[ops_[k].index]).type.shape;
    return Shape{};  // a scalar literal
  }
  /// Gives operand k shape s, when it is a leaf with none yet.
  void give(size_t k, const Shape& s) {
    if (auto v = leaf(k); v && !st_.leaf_shapes[*v]) st_.leaf_shapes[*v] = s;
  }
  bool fail(std::string msg) {
    why_ = std::move(msg);
    return false;
  }

  // -- fused epilogues and windows --

  /// The flags of a fused op that are free: as many set as the pattern has epilogue operands.
  bool choose_flags() {
    static const char* kFlags[] = {"has_bias", "has_scale", "has_shift", "has_residual"};
    int64_t need = static_cast<int64_t>(ops_.size()) - 2;
    std::vector<const char*> open;
    for (const char* f : kFlags) {
      if (free(f))
        open.push_back(f);
      else
        need -= int_attr(f).value_or(0) != 0;
    }
    if (need < 0 || need > static_cast<int64_t>(open.size())) return false;
    for (size_t i = open.size(); i > 1; --i)
      std::swap(open[i - 1], open[static_cast<size_t>(rng_.next() % i)]);
    for (size_t i = 0; i < open.size(); ++i)
      set(open[i], int64_t{static_cast<int64_t>(i) < need ? 1 : 0});
    return true;
  }
  /// Which epilogue part operand k (>= 2) of a fused op is.
  bool part_is_residual(size_t k) const {
    size_t part = 0;
    for (const char* f : {"has_bias", "has_scale", "has_shift", "has_residual"}) {
      if (int_attr(f).value_or(0) == 0) continue;
      if (part++ == k - 2) return std::string_view(f) == "has_residual";
    }
    return false;
  }
  /// One spatial axis of a window: kernel, stride, dilation, padding, input size.
  struct Axis {
    int64_t k, s, d, pb, pe, n;
  };
  std::optional<Axis> window_axis(size_t i, std::optional<int64_t> kernel,
                                  std::optional<int64_t> input, bool ceil) {
    Axis a{};
    if (auto ps = ints_attr("pool_size"); ps && ps->size() == 2)
      a.k = (*ps)[i];
    else
      a.k = kernel ? *kernel : uniform_int(rng_, 1, 3);
    if (auto s = ints_attr("strides"); s && s->size() == 2)
      a.s = (*s)[i];
    else
      a.s = chance(rng_, 0.5) ? 1 : (chance(rng_, 0.7) ? 2 : 3);
    if (auto d = ints_attr("dilation"); d && d->size() == 2)
      a.d = (*d)[i];
    else
      a.d = chance(rng_, 0.25) ? 2 : 1;
    if (auto p = ints_attr("padding"); p && p->size() == 4) {
      a.pb = (*p)[i];
      a.pe = (*p)[i + 2];
    } else if (chance(rng_, 0.35)) {
      a.pb = a.pe = 0;
    } else {
      a.pb = uniform_int(rng_, 0, 2);
      a.pe = chance(rng_, 0.5) ? a.pb : uniform_int(rng_, 0, 2);
    }
    a.n = input ? *input : size();
    if (window_output_size(a.n, a.pb, a.pe, a.k, a.s, a.d, ceil) < 1) return std::nullopt;
    return a;
  }
  void set_window(const Axis& h, const Axis& w) {
    set("strides", std::vector<int64_t>{h.s, w.s});
    set("padding", std::vector<int64_t>{h.pb, w.pb, h.pe, w.pe});
    set("dilation", std::vector<int64_t>{h.d, w.d});
  }

  // -- the operator's own shapes and attributes, by operator family --

  /// The stage that knows the operator: its operands' shapes and its structural attributes.
  bool choose_operator() {
    switch (call_.op) {
      case OpKind::Conv2d:
      case OpKind::FusedConv2d: return choose_conv();
      case OpKind::MaxPool2d:
      case OpKind::AvgPool2d: return choose_pool();
      case OpKind::GlobalAvgPool2d: give(0, data_shape(4, 4)); return true;
      case OpKind::Dense:
      case OpKind::FusedDense: return choose_dense();
      case OpKind::MatMul: return choose_matmul();
      case OpKind::Gemm: return choose_gemm();
      case OpKind::BatchNorm:
      case OpKind::BiasAdd: return choose_channel_op();
      case OpKind::Add:
      case OpKind::Subtract:
      case OpKind::Multiply:
      case OpKind::Divide:
      case OpKind::Minimum:
      case OpKind::Maximum: choose_broadcast_operands(); return true;
      case OpKind::Pad: choose_pad(); return true;
      default: choose_same_shapes(); return true;
    }
  }

  /// conv2d / fused_conv2d: groups, channels, the window, then the epilogue.
  bool choose_conv() {
    const auto xs = known(0), ws = known(1);
    if ((xs && xs->size() != 4) || (ws && ws->size() != 4)) return fail("not rank 4");
    int64_t g;
    if (auto fixed = int_attr("groups")) {
      g = *fixed;
    } else if (xs) {
      const int64_t c = (*xs)[1];
      std::vector<int64_t> divisors;
      for (int64_t d = 1; d <= c; ++d)
        if (c % d == 0) divisors.push_back(d);
      g = chance(rng_, 0.4) ? 1 : (chance(rng_, 0.5) ? c : pick(rng_, divisors));
    } else {
      g = chance(rng_, 0.5) ? 1 : uniform_int(rng_, 2, 3);
    }
    if (g < 1) return fail("groups < 1");
    set("groups", g);
    const int64_t c = xs       ? (*xs)[1]
                      : g == 1 ? size()
                               : g * uniform_int(rng_, 1, std::max<int64_t>(1, 6 / g));
    const int64_t o = ws       ? (*ws)[0]
                      : g == 1 ? size()
                               : g * uniform_int(rng_, 1, std::max<int64_t>(1, 6 / g));
    const int64_t n = xs ? (*xs)[0] : size();
    auto h = window_axis(0, ws ? std::optional<int64_t>((*ws)[2]) : std::nullopt,
                         xs ? std::optional<int64_t>((*xs)[2]) : std::nullopt, false);
    auto w = window_axis(1, ws ? std::optional<int64_t>((*ws)[3]) : std::nullopt,
                         xs ? std::optional<int64_t>((*xs)[3]) : std::nullopt, false);
    if (!h || !w) return fail("window larger than the padded input");
    set_window(*h, *w);
    give(0, Shape{n, c, h->n, w->n});
    give(1, Shape{o, c % g == 0 ? c / g : 1, h->k, w->k});
    if (call_.op == OpKind::FusedConv2d) {
      if (!choose_flags()) return fail("epilogue flags do not fit the operands");
      if (free("activation")) set("activation", pick(rng_, activations()));
    }
    const Shape out{n, o, window_output_size(h->n, h->pb, h->pe, h->k, h->s, h->d, false),
                    window_output_size(w->n, w->pb, w->pe, w->k, w->s, w->d, false)};
    for (size_t k = 2; k < ops_.size(); ++k)
      give(k, call_.op == OpKind::FusedConv2d && part_is_residual(k) ? out : Shape{o});
    return true;
  }

  /// max_pool2d / avg_pool2d: the rounding and padding modes, then the window.
  bool choose_pool() {
    const auto xs = known(0);
    if (xs && xs->size() != 4) return fail("not rank 4");
    if (free("ceil_mode")) set("ceil_mode", int64_t{chance(rng_, 0.3) ? 1 : 0});
    if (free("count_include_pad")) set("count_include_pad", int64_t{chance(rng_, 0.5)});
    const bool ceil = int_attr("ceil_mode").value_or(0) != 0;
    auto h = window_axis(0, std::nullopt, xs ? std::optional<int64_t>((*xs)[2]) : std::nullopt,
                         ceil);
    auto w = window_axis(1, std::nullopt, xs ? std::optional<int64_t>((*xs)[3]) : std::nullopt,
                         ceil);
    if (!h || !w) return fail("window larger than the padded input");
    set("pool_size", std::vector<int64_t>{h->k, w->k});
    set_window(*h, *w);
    give(0, Shape{xs ? (*xs)[0] : size(), xs ? (*xs)[1] : size(), h->n, w->n});
    return true;
  }

  /// dense / fused_dense: x of rank 1 to 3 against a [M, K] weight, then the epilogue.
  bool choose_dense() {
    const auto xs = known(0), ws = known(1);
    if ((xs && xs->empty()) || (ws && ws->size() != 2)) return fail("bad dense operands");
    const int64_t k = xs ? xs->back() : ws ? (*ws)[1] : size();
    const int64_t m = ws ? (*ws)[0] : size();
    Shape x;
    if (xs) {
      x = *xs;
    } else {
      const double u = rng_.uniform();
      x = u < 0.6 ? Shape{size(), k} : u < 0.7 ? Shape{k} : Shape{size(), size(), k};
    }
    give(0, x);
    give(1, Shape{m, k});
    if (call_.op == OpKind::FusedDense) {
      if (!choose_flags()) return fail("epilogue flags do not fit the operands");
      if (free("activation")) set("activation", pick(rng_, activations()));
    }
    Shape out = x;
    out.back() = m;
    for (size_t j = 2; j < ops_.size(); ++j)
      give(j, call_.op == OpKind::FusedDense && part_is_residual(j) ? out : Shape{m});
    return true;
  }

  /// matmul: [.., N, K] x [.., K, M], with and without a batch axis.
  bool choose_matmul() {
    const auto xs = known(0), ws = known(1);
    if (xs && xs->size() < 2) return fail("matmul needs rank >= 2");
    const int64_t k = xs                      ? xs->back()
                      : ws && ws->size() >= 2 ? (*ws)[ws->size() - 2]
                                              : size();
    const int64_t m = ws ? ws->back() : size();
    give(0, chance(rng_, 0.7) ? Shape{size(), k} : Shape{size(), size(), k});
    give(1, chance(rng_, 0.8) ? Shape{k, m} : Shape{chance(rng_, 0.5) ? 1 : size(), k, m});
    return true;
  }

  /// gemm: the transpositions, then A, B and a C that broadcasts.
  bool choose_gemm() {
    if (free("trans_a")) set("trans_a", int64_t{chance(rng_, 0.5)});
    if (free("trans_b")) set("trans_b", int64_t{chance(rng_, 0.5)});
    const bool ta = int_attr("trans_a").value_or(0) != 0;
    const bool tb = int_attr("trans_b").value_or(0) != 0;
    const auto xs = known(0);
    if (xs && xs->size() != 2) return fail("gemm needs rank 2");
    const int64_t n = xs ? (*xs)[ta ? 1 : 0] : size();
    const int64_t k = xs ? (*xs)[ta ? 0 : 1] : size();
    const int64_t m = size();
    give(0, ta ? Shape{k, n} : Shape{n, k});
    give(1, tb ? Shape{m, k} : Shape{k, m});
    give(2, pick(rng_, std::vector<Shape>{{m}, {n, m}, {}, {1, m}, {n, 1}}));
    return true;
  }

  /// batch_norm / bias_add: a data shape with the axis in range, one value per channel.
  bool choose_channel_op() {
    auto xs = known(0);
    const auto fixed = int_attr("axis");
    if (!xs) {
      int lo = 1;
      if (fixed) lo = static_cast<int>(std::max<int64_t>(1, *fixed >= 0 ? *fixed + 1 : -*fixed));
      if (lo > kMaxRank) return fail("axis out of range");
      xs = data_shape(lo, kMaxRank);
    }
    const int64_t r = static_cast<int64_t>(xs->size());
    if (r == 0) return fail("rank 0");
    if (free("axis")) set("axis", uniform_int(rng_, -r, r - 1));
    int64_t a = int_attr("axis").value_or(1);
    if (a < 0) a += r;
    if (a < 0 || a >= r) return fail("axis out of range");
    give(0, *xs);
    for (size_t k = 1; k < ops_.size(); ++k) give(k, Shape{(*xs)[static_cast<size_t>(a)]});
    return true;
  }

  /// Broadcasting binary operators: a shape and a partner that broadcasts with it.
  void choose_broadcast_operands() {
    const auto s0 = known(0), s1 = known(1);
    if (s0 && s1) return;
    if (!s0 && !s1) {
      Shape a = data_shape(), b = partner(a);
      if (chance(rng_, 0.5)) std::swap(a, b);
      give(0, a);
      give(1, b);  // the same variable on both sides keeps the first shape
      return;
    }
    give(s0 ? 1 : 0, partner(s0 ? *s0 : *s1));
  }

  /// pad: a data shape of rank 1 to 4 and its pads.
  void choose_pad() {
    const Shape x = known(0) ? *known(0) : data_shape(1, 4);
    give(0, x);
    if (free("pads")) {
      std::vector<int64_t> pads(2 * x.size());
      for (auto& p : pads) p = chance(rng_, 0.5) ? 0 : uniform_int(rng_, 1, 2);
      set("pads", pads);
    }
  }

  /// Every other operator: a data shape, mostly shared by its other operands.
  void choose_same_shapes() {
    const Shape x = known(0) ? *known(0) : data_shape();
    give(0, x);
    for (size_t k = 1; k < ops_.size(); ++k) give(k, chance(rng_, 0.7) ? x : data_shape());
  }

  // -- the attributes the operator's stage left free --

  /// Every other free attribute: a random value of its kind.
  bool choose_other_attrs() {
    const int64_t r = ops_.empty() || !known(0) ? 0 : static_cast<int64_t>(known(0)->size());
    for (const AttrSrc& a : attrs_) {
      if (!free(a.name)) continue;
      const std::string& n = a.name;
      switch (a.kind) {
        case AttrKind::Int: choose_int_attr(n, r); break;
        case AttrKind::Ints:
          if (!choose_ints_attr(n, r)) return false;
          break;
        case AttrKind::Str:
          if (!choose_str_attr(n)) return false;
          break;
        case AttrKind::Float: break;
      }
    }
    return true;
  }

  /// An int attribute, by name; `r` is operand 0's rank.
  void choose_int_attr(const std::string& n, int64_t r) {
    if (n == "axis")
      set(n, call_.op == OpKind::ExpandDims ? uniform_int(rng_, -r - 1, r)
             : r == 0                       ? int64_t{0}
                                            : uniform_int(rng_, -r, r - 1));
    else if (n == "num_newaxis")
      set(n, uniform_int(rng_, 0, 3));
    else if (n == "index")
      set(n, uniform_int(rng_, 0, 2));
    else if (n == "groups")
      set(n, int64_t{1});
    // Quantized inference: values valid for int8 and uint8 alike (0..127), a clamp
    // qmin <= qmax, a shift with and without rounding.
    else if (n == "zero_point" || n == "x_zero_point" || n == "a_zero_point" ||
             n == "b_zero_point")
      set(n, uniform_int(rng_, 0, 127));
    else if (n == "qmin")
      set(n, uniform_int(rng_, 0, 60));
    else if (n == "qmax")
      set(n, uniform_int(rng_, 61, 127));
    else if (n == "shift")
      set(n, uniform_int(rng_, 0, 40));
    else if (n.rfind("has_", 0) == 0 || n.rfind("trans_", 0) == 0 || n == "scale" ||
             n == "center" || n == "ceil_mode" || n == "count_include_pad")
      set(n, int64_t{chance(rng_, 0.5)});
    else
      set(n, uniform_int(rng_, 0, 3));
  }

  /// An int-list attribute, by name; `r` is operand 0's rank.
  bool choose_ints_attr(const std::string& n, int64_t r) {
    std::vector<int64_t> v;
    if (n == "axes") {
      if (!known(0)) return fail("no operand shape for 'axes'");
      const Shape x = *known(0);
      for (int64_t i = 0; i < r; ++i)
        if (x[static_cast<size_t>(i)] == 1 && chance(rng_, 0.6))
          v.push_back(chance(rng_, 0.3) ? i - r : i);
    } else if (n == "perm") {
      for (int64_t i = 0; i < r; ++i) v.push_back(i);
      for (size_t i = v.size(); i > 1; --i)
        std::swap(v[i - 1], v[static_cast<size_t>(rng_.next() % i)]);
    } else if (n == "shape") {
      if (!known(0)) return fail("no operand shape for 'shape'");
      const int64_t total = num_elements(*known(0));
      std::vector<int64_t> divisors;
      for (int64_t d = 1; d <= total; ++d)
        if (total % d == 0) divisors.push_back(d);
      const int64_t d = pick(rng_, divisors);
      v = chance(rng_, 0.3) ? std::vector<int64_t>{total} : std::vector<int64_t>{d, total / d};
    } else if (n == "strides" || n == "dilation" || n == "pool_size") {
      v = {uniform_int(rng_, 1, 2), uniform_int(rng_, 1, 2)};
    } else if (n == "padding") {
      for (int i = 0; i < 4; ++i) v.push_back(uniform_int(rng_, 0, 1));
    } else if (n == "output_padding") {
      v = {0, 0};
    } else if (n == "pads") {
      for (int64_t i = 0; i < 2 * r; ++i) v.push_back(uniform_int(rng_, 0, 1));
    } else {
      return fail(fmt::format("no random values for attribute '{}'", n));
    }
    set(n, v);
    return true;
  }

  /// A string attribute: a quantized operator's integer type or an activation.
  bool choose_str_attr(const std::string& n) {
    if (n == "dtype") {  // a quantized operator's integer type
      set(n, std::string(chance(rng_, 0.5) ? "int8" : "uint8"));
      return true;
    }
    if (n != "activation") return fail(fmt::format("no random values for attribute '{}'", n));
    set(n, pick(rng_, activations()));
    return true;
  }

  /// An int attribute variable read as an operand (a bv rule's `minimum(%y, $c)`): a
  /// constant's value, in the range the quantized attributes above are drawn from.
  void choose_attr_operands() {
    for (ExprId o : ops_)
      if (auto* a = rule_.expr(o).as<dsl::AttrRef>();
          a && slots_.slots[a->var.index].kind == AttrKind::Int && !st_.slot_values[a->var.index])
        st_.slot_values[a->var.index] = AttrValue(uniform_int(rng_, 0, 127));
  }

  const Rule& rule_;
  const RuleSlots& slots_;
  SplitMix64& rng_;
  const OpCall& call_;
  const std::vector<AttrSrc>& attrs_;
  const std::vector<ExprId>& ops_;
  State& st_;
  std::string& why_;
};

/// Draws a random match operator by operator (see the file comment of random_instance.h).
class Sampler {
 public:
  Sampler(const Rule& rule, const RuleSlots& slots, SplitMix64& rng)
      : rule_(rule), slots_(slots), rng_(rng) {
    for (const dsl::Binding& b : rule_.source) collect_sites(rule_, b.value, b.var, sites_);
  }

  std::optional<InstanceSpec> draw(std::string* why_not) {
    State st;
    st.var_nodes.assign(rule_.tensor_vars.size(), {});
    st.leaf_shapes.assign(rule_.tensor_vars.size(), std::nullopt);
    st.expr_nodes.assign(rule_.exprs.size(), {});
    st.slot_values.assign(slots_.slots.size(), std::nullopt);
    std::string why;
    for (const Site& s : sites_) {
      bool ok = false;
      for (int t = 0; t < kSiteTries && !ok; ++t) {
        State next = st;
        if (choose(s, next, why)) {
          st = std::move(next);
          ok = true;
        }
      }
      if (!ok) {
        if (why_not)
          *why_not = fmt::format("{}: {}", op_name(rule_.expr(s.expr).as<OpCall>()->op), why);
        return std::nullopt;
      }
    }
    InstanceSpec spec;
    spec.leaf_types.assign(rule_.tensor_vars.size(), std::nullopt);
    for (size_t v = 0; v < rule_.tensor_vars.size(); ++v)
      if (st.leaf_shapes[v]) spec.leaf_types[v] = TensorType{DType::F32, *st.leaf_shapes[v]};
    for (size_t s = 0; s < slots_.slots.size(); ++s)
      spec.slot_values.push_back(st.slot_values[s] ? *st.slot_values[s] : AttrValue(0.0));
    return spec;
  }

 private:
  static constexpr int kSiteTries = 30;

  /// Shapes for the call's unshaped leaves and values for its free slots, then the node.
  bool choose(const Site& site, State& st, std::string& why) {
    const OpCall& call = *rule_.expr(site.expr).as<OpCall>();
    const std::vector<AttrSrc> attrs = call_attrs(rule_, slots_, site.expr);
    if (!SiteChoice(rule_, slots_, rng_, call, attrs, st, why).choose()) return false;
    return build(site, call, attrs, st, why);
  }

  /// Adds the site's leaves and node to the scratch graph; false when it does not
  /// type-check or makes a shape precondition false.
  bool build(const Site& site, const OpCall& call, const std::vector<AttrSrc>& attrs, State& st,
             std::string& why) {
    // A bitvector rule over quantized operators types its leaves and literals as integers,
    // as instantiate does (verify::calls_quant_op).
    const bool ints = rule_.domain.kind == dsl::DomainKind::Bv && calls_quant_op(rule_);
    std::vector<NodeId> inputs;
    auto integer_beside = [&]() -> std::optional<DType> {
      for (NodeId n : inputs)
        if (is_integer(st.g.node(n).type.dtype)) return st.g.node(n).type.dtype;
      return std::nullopt;
    };
    for (ExprId o : call.operands) {
      const dsl::Expr& x = rule_.expr(o);
      if (auto* r = x.as<dsl::TensorRef>()) {
        NodeId& n = st.var_nodes[r->var.index];
        if (!n.valid()) {
          if (!st.leaf_shapes[r->var.index]) {
            why = fmt::format("no shape for '%{}'", r->name);
            return false;
          }
          DType t = DType::F32;
          if (ints)
            t = int_operand_dtype(call.op, inputs.size())
                    .value_or(integer_beside().value_or(DType::I32));
          n = st.g.add_input(r->name, TensorType{t, *st.leaf_shapes[r->var.index]});
        }
        inputs.push_back(n);
      } else if (auto* i = x.as<dsl::IntLit>()) {
        inputs.push_back(
            st.g.add_constant(fmt::format("lit{}", st.g.size()),
                              Tensor::scalar(DType::F32, static_cast<double>(i->value))));
      } else if (auto* f = x.as<dsl::FloatLit>()) {
        inputs.push_back(st.g.add_constant(fmt::format("lit{}", st.g.size()),
                                           Tensor::scalar(DType::F32, f->value)));
      } else if (auto* a = x.as<dsl::AttrRef>()) {
        // An attribute operand: a scalar, its value or a placeholder as for attributes (an
        // int one is typed like the integers beside it below).
        const auto& v = st.slot_values[a->var.index];
        const double* d = v ? std::get_if<double>(&*v) : nullptr;
        const int64_t* i = v ? std::get_if<int64_t>(&*v) : nullptr;
        const double value = i ? static_cast<double>(*i) : d ? *d : 0.5;
        inputs.push_back(st.g.add_constant(fmt::format("lit{}", st.g.size()),
                                           Tensor::scalar(DType::F32, value)));
      } else {
        inputs.push_back(st.expr_nodes[o.index]);
      }
    }
    if (const auto t = ints ? integer_beside() : std::nullopt)
      for (NodeId& n : inputs) {
        const Node& k = st.g.node(n);
        if (k.op == OpKind::Constant && k.type.dtype == DType::F32 && k.type.rank() == 0)
          n = st.g.add_constant(fmt::format("lit{}", st.g.size()),
                                Tensor::scalar(*t, k.data->get(0)));
      }
    Attrs a;
    for (const AttrSrc& src : attrs) {
      std::optional<AttrValue> v = src.literal ? src.literal : st.slot_values[*src.slot];
      if (!v) {  // a float symbol: a placeholder, as instantiate gives it
        for (const AttrSpec& sp : attr_specs(call.op))
          if (sp.name == src.name) v = sp.required ? AttrValue(0.5) : sp.default_value;
      }
      if (v) a.set(src.name, *v);
    }
    if (auto r = normalize_attrs(call.op, a); !r) {
      why = r.error().message;
      return false;
    }
    const NodeId n = st.g.add_node(call.op, fmt::format("_e{}", site.expr.index), std::move(inputs),
                                   std::move(a));
    auto t = infer_node_type(st.g, st.g.node(n));
    if (!t) {
      why = t.error().message;
      return false;
    }
    st.g.node_mut(n).type = *t;
    st.expr_nodes[site.expr.index] = n;
    if (site.bound.valid()) st.var_nodes[site.bound.index] = n;
    // The rewriter applies no rule where a variable of the pattern has a higher rank.
    for (NodeId v : st.var_nodes)
      if (v.valid() && st.g.node(v).type.rank() > kMaxRank) {
        why = fmt::format("rank above {}", kMaxRank);
        return false;
      }
    const ShapeFacts facts{rule_, st.g, st.var_nodes, st.slot_values};
    for (const dsl::Precondition& p : rule_.preconditions)
      if (eval_shape_condition(facts, p.cond) == Tri::False) {
        why = "a shape or attribute precondition is false";
        return false;
      }
    return true;
  }

  const Rule& rule_;
  const RuleSlots& slots_;
  SplitMix64& rng_;
  std::vector<Site> sites_;
};

}  // namespace

std::optional<InstanceSpec> random_instance_spec(const dsl::Rule& rule, const RuleSlots& slots,
                                                 SplitMix64& rng, std::string* why_not) {
  return Sampler(rule, slots, rng).draw(why_not);
}

}  // namespace vf::verify
