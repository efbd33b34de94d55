#include "verify/random_instance.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <variant>

#include "dsl/check.h"
#include "interp/interpreter.h"
#include "ir/op_attrs.h"
#include "ir/shape_inference.h"
#include "semantics/tensor_ops.h"
#include "semantics/walk_graph.h"
#include "semantics/wrap_int_domain.h"
#include "verify/precondition.h"

namespace vf::verify {
namespace {

using dsl::ExprId;
using dsl::OpCall;
using dsl::Rule;
using dsl::TensorVarId;

/// The ranks rules are for: the DSL rejects a rule that needs more, the matcher applies
/// none at a match with a higher-rank variable.
constexpr int kMaxRank = static_cast<int>(dsl::kMaxProvedRank);

// ---- random numbers ------------------------------------------------------------------

/// Uniform integer in [lo, hi].
int64_t uniform_int(SplitMix64& rng, int64_t lo, int64_t hi) {
  return lo + static_cast<int64_t>(rng.next() % static_cast<uint64_t>(hi - lo + 1));
}

bool chance(SplitMix64& rng, double p) { return rng.uniform() < p; }

template <class T>
const T& pick(SplitMix64& rng, const std::vector<T>& v) {
  return v[static_cast<size_t>(rng.next() % v.size())];
}

const std::vector<std::string>& activations() {
  static const std::vector<std::string> a = [] {
    std::vector<std::string> v;
    for (Activation x : all_activations()) v.emplace_back(activation_name(x));
    return v;
  }();
  return a;
}

std::string index_string(const Shape& s, int64_t flat) {
  std::vector<int64_t> idx(s.size());
  for (size_t k = s.size(); k-- > 0;) {
    idx[k] = flat % s[k];
    flat /= s[k];
  }
  return fmt::format("[{}]", fmt::join(idx, ", "));
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

  /// A size for a new dimension: 1, a size already in use (equal on purpose) or a fresh
  /// one in 2..6 (distinct on purpose).
  int64_t size(State& st) {
    const double u = rng_.uniform();
    if (u < 0.2) return 1;
    if (u < 0.5 && !st.palette.empty()) return pick(rng_, st.palette);
    std::vector<int64_t> fresh;
    for (int64_t v = 2; v <= 6; ++v)
      if (std::find(st.palette.begin(), st.palette.end(), v) == st.palette.end())
        fresh.push_back(v);
    const int64_t v = fresh.empty() ? uniform_int(rng_, 2, 6) : pick(rng_, fresh);
    st.palette.push_back(v);
    return v;
  }

  /// A shape with a random rank in [lo, hi] (ranks 0..kMaxRank; 4 more often).
  Shape data_shape(State& st, int lo = 0, int hi = kMaxRank) {
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
    for (auto& d : s) d = size(st);
    return s;
  }

  /// A shape that broadcasts with `s`: the same, a scalar, or another rank with every
  /// aligned axis 1 or s's size (or any size where s has 1), extra leading axes any size.
  Shape partner(State& st, const Shape& s) {
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
        d = size(st);
      else if (s[static_cast<size_t>(j)] == 1)
        d = chance(rng_, 0.5) ? 1 : size(st);
      else
        d = chance(rng_, 0.5) ? 1 : s[static_cast<size_t>(j)];
    }
    return p;
  }

  std::optional<Shape> operand_shape(ExprId e, const State& st) const {
    const dsl::Expr& x = rule_.expr(e);
    if (auto* r = x.as<dsl::TensorRef>()) {
      if (NodeId n = st.var_nodes[r->var.index]; n.valid()) return st.g.node(n).type.shape;
      return st.leaf_shapes[r->var.index];
    }
    if (x.as<OpCall>()) return st.g.node(st.expr_nodes[e.index]).type.shape;
    return Shape{};  // a scalar literal
  }

  /// Shapes for the call's unshaped leaves and values for its free slots, then the node.
  bool choose(const Site& site, State& st, std::string& why) {
    const OpCall& call = *rule_.expr(site.expr).as<OpCall>();
    const std::vector<AttrSrc> attrs = call_attrs(rule_, slots_, site.expr);
    const auto& ops = call.operands;
    auto find = [&](std::string_view name) -> const AttrSrc* {
      for (const AttrSrc& a : attrs)
        if (a.name == name) return &a;
      return nullptr;
    };
    auto cur = [&](const AttrSrc& a) -> std::optional<AttrValue> {
      if (a.literal) return a.literal;
      return st.slot_values[*a.slot];
    };
    // A slot of this call with no value yet, which this site chooses.
    auto free = [&](std::string_view name) {
      const AttrSrc* a = find(name);
      return a && a->kind != AttrKind::Float && !cur(*a);
    };
    auto set = [&](std::string_view name, AttrValue v) {
      if (free(name)) st.slot_values[*find(name)->slot] = std::move(v);
    };
    auto int_attr = [&](std::string_view name) -> std::optional<int64_t> {
      const AttrSrc* a = find(name);
      if (!a) return std::nullopt;
      auto v = cur(*a);
      if (!v || !std::holds_alternative<int64_t>(*v)) return std::nullopt;
      return std::get<int64_t>(*v);
    };
    auto ints_attr = [&](std::string_view name) -> std::optional<std::vector<int64_t>> {
      const AttrSrc* a = find(name);
      if (!a) return std::nullopt;
      auto v = cur(*a);
      if (!v || !std::holds_alternative<std::vector<int64_t>>(*v)) return std::nullopt;
      return std::get<std::vector<int64_t>>(*v);
    };
    auto leaf = [&](size_t k) -> std::optional<uint32_t> {
      if (k >= ops.size()) return std::nullopt;
      if (auto* r = rule_.expr(ops[k]).as<dsl::TensorRef>())
        if (!st.var_nodes[r->var.index].valid()) return r->var.index;
      return std::nullopt;
    };
    auto known = [&](size_t k) { return operand_shape(ops[k], st); };
    auto give = [&](size_t k, const Shape& s) {
      if (auto v = leaf(k); v && !st.leaf_shapes[*v]) st.leaf_shapes[*v] = s;
    };
    auto fail = [&](std::string msg) {
      why = std::move(msg);
      return false;
    };
    // The flags of a fused op that are free: as many set as the pattern has epilogue operands.
    auto choose_flags = [&]() {
      static const char* kFlags[] = {"has_bias", "has_scale", "has_shift", "has_residual"};
      int64_t need = static_cast<int64_t>(ops.size()) - 2;
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
    };
    // Which epilogue part operand k (>= 2) of a fused op is.
    auto part_is_residual = [&](size_t k) {
      size_t part = 0;
      for (const char* f : {"has_bias", "has_scale", "has_shift", "has_residual"}) {
        if (int_attr(f).value_or(0) == 0) continue;
        if (part++ == k - 2) return std::string_view(f) == "has_residual";
      }
      return false;
    };
    // One spatial axis of a window: kernel, stride, dilation, padding, input size.
    struct Axis {
      int64_t k, s, d, pb, pe, n;
    };
    auto window_axis = [&](size_t i, std::optional<int64_t> kernel, std::optional<int64_t> input,
                           bool ceil) -> std::optional<Axis> {
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
      a.n = input ? *input : size(st);
      if (window_output_size(a.n, a.pb, a.pe, a.k, a.s, a.d, ceil) < 1) return std::nullopt;
      return a;
    };
    auto set_window = [&](const Axis& h, const Axis& w) {
      set("strides", std::vector<int64_t>{h.s, w.s});
      set("padding", std::vector<int64_t>{h.pb, w.pb, h.pe, w.pe});
      set("dilation", std::vector<int64_t>{h.d, w.d});
    };

    switch (call.op) {
      case OpKind::Conv2d:
      case OpKind::FusedConv2d: {
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
                          : g == 1 ? size(st)
                                   : g * uniform_int(rng_, 1, std::max<int64_t>(1, 6 / g));
        const int64_t o = ws       ? (*ws)[0]
                          : g == 1 ? size(st)
                                   : g * uniform_int(rng_, 1, std::max<int64_t>(1, 6 / g));
        const int64_t n = xs ? (*xs)[0] : size(st);
        auto h = window_axis(0, ws ? std::optional<int64_t>((*ws)[2]) : std::nullopt,
                             xs ? std::optional<int64_t>((*xs)[2]) : std::nullopt, false);
        auto w = window_axis(1, ws ? std::optional<int64_t>((*ws)[3]) : std::nullopt,
                             xs ? std::optional<int64_t>((*xs)[3]) : std::nullopt, false);
        if (!h || !w) return fail("window larger than the padded input");
        set_window(*h, *w);
        give(0, Shape{n, c, h->n, w->n});
        give(1, Shape{o, c % g == 0 ? c / g : 1, h->k, w->k});
        if (call.op == OpKind::FusedConv2d) {
          if (!choose_flags()) return fail("epilogue flags do not fit the operands");
          if (free("activation")) set("activation", pick(rng_, activations()));
        }
        const Shape out{n, o, window_output_size(h->n, h->pb, h->pe, h->k, h->s, h->d, false),
                        window_output_size(w->n, w->pb, w->pe, w->k, w->s, w->d, false)};
        for (size_t k = 2; k < ops.size(); ++k)
          give(k, call.op == OpKind::FusedConv2d && part_is_residual(k) ? out : Shape{o});
        break;
      }
      case OpKind::MaxPool2d:
      case OpKind::AvgPool2d: {
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
        give(0, Shape{xs ? (*xs)[0] : size(st), xs ? (*xs)[1] : size(st), h->n, w->n});
        break;
      }
      case OpKind::GlobalAvgPool2d: give(0, data_shape(st, 4, 4)); break;
      case OpKind::Dense:
      case OpKind::FusedDense: {
        const auto xs = known(0), ws = known(1);
        if ((xs && xs->empty()) || (ws && ws->size() != 2)) return fail("bad dense operands");
        const int64_t k = xs ? xs->back() : ws ? (*ws)[1] : size(st);
        const int64_t m = ws ? (*ws)[0] : size(st);
        Shape x;
        if (xs) {
          x = *xs;
        } else {
          const double u = rng_.uniform();
          x = u < 0.6 ? Shape{size(st), k} : u < 0.7 ? Shape{k} : Shape{size(st), size(st), k};
        }
        give(0, x);
        give(1, Shape{m, k});
        if (call.op == OpKind::FusedDense) {
          if (!choose_flags()) return fail("epilogue flags do not fit the operands");
          if (free("activation")) set("activation", pick(rng_, activations()));
        }
        Shape out = x;
        out.back() = m;
        for (size_t j = 2; j < ops.size(); ++j)
          give(j, call.op == OpKind::FusedDense && part_is_residual(j) ? out : Shape{m});
        break;
      }
      case OpKind::MatMul: {
        const auto xs = known(0), ws = known(1);
        if (xs && xs->size() < 2) return fail("matmul needs rank >= 2");
        const int64_t k = xs                      ? xs->back()
                          : ws && ws->size() >= 2 ? (*ws)[ws->size() - 2]
                                                  : size(st);
        const int64_t m = ws ? ws->back() : size(st);
        give(0, chance(rng_, 0.7) ? Shape{size(st), k} : Shape{size(st), size(st), k});
        give(1, chance(rng_, 0.8) ? Shape{k, m} : Shape{chance(rng_, 0.5) ? 1 : size(st), k, m});
        break;
      }
      case OpKind::Gemm: {
        if (free("trans_a")) set("trans_a", int64_t{chance(rng_, 0.5)});
        if (free("trans_b")) set("trans_b", int64_t{chance(rng_, 0.5)});
        const bool ta = int_attr("trans_a").value_or(0) != 0;
        const bool tb = int_attr("trans_b").value_or(0) != 0;
        const auto xs = known(0);
        if (xs && xs->size() != 2) return fail("gemm needs rank 2");
        const int64_t n = xs ? (*xs)[ta ? 1 : 0] : size(st);
        const int64_t k = xs ? (*xs)[ta ? 0 : 1] : size(st);
        const int64_t m = size(st);
        give(0, ta ? Shape{k, n} : Shape{n, k});
        give(1, tb ? Shape{m, k} : Shape{k, m});
        give(2, pick(rng_, std::vector<Shape>{{m}, {n, m}, {}, {1, m}, {n, 1}}));
        break;
      }
      case OpKind::BatchNorm:
      case OpKind::BiasAdd: {
        auto xs = known(0);
        const auto fixed = int_attr("axis");
        if (!xs) {
          int lo = 1;
          if (fixed)
            lo = static_cast<int>(std::max<int64_t>(1, *fixed >= 0 ? *fixed + 1 : -*fixed));
          if (lo > kMaxRank) return fail("axis out of range");
          xs = data_shape(st, lo, kMaxRank);
        }
        const int64_t r = static_cast<int64_t>(xs->size());
        if (r == 0) return fail("rank 0");
        if (free("axis")) set("axis", uniform_int(rng_, -r, r - 1));
        int64_t a = int_attr("axis").value_or(1);
        if (a < 0) a += r;
        if (a < 0 || a >= r) return fail("axis out of range");
        give(0, *xs);
        for (size_t k = 1; k < ops.size(); ++k) give(k, Shape{(*xs)[static_cast<size_t>(a)]});
        break;
      }
      case OpKind::Add:
      case OpKind::Subtract:
      case OpKind::Multiply:
      case OpKind::Divide:
      case OpKind::Minimum:
      case OpKind::Maximum: {
        const auto s0 = known(0), s1 = known(1);
        if (s0 && s1) break;
        if (!s0 && !s1) {
          Shape a = data_shape(st), b = partner(st, a);
          if (chance(rng_, 0.5)) std::swap(a, b);
          give(0, a);
          give(1, b);  // the same variable on both sides keeps the first shape
          break;
        }
        give(s0 ? 1 : 0, partner(st, s0 ? *s0 : *s1));
        break;
      }
      case OpKind::Pad: {
        const Shape x = known(0) ? *known(0) : data_shape(st, 1, 4);
        give(0, x);
        if (free("pads")) {
          std::vector<int64_t> pads(2 * x.size());
          for (auto& p : pads) p = chance(rng_, 0.5) ? 0 : uniform_int(rng_, 1, 2);
          set("pads", pads);
        }
        break;
      }
      default: {
        const Shape x = known(0) ? *known(0) : data_shape(st);
        give(0, x);
        for (size_t k = 1; k < ops.size(); ++k) give(k, chance(rng_, 0.7) ? x : data_shape(st));
        break;
      }
    }
    // Every other free attribute: a random value of its kind.
    const int64_t r = ops.empty() || !known(0) ? 0 : static_cast<int64_t>(known(0)->size());
    for (const AttrSrc& a : attrs) {
      if (!free(a.name)) continue;
      const std::string& n = a.name;
      switch (a.kind) {
        case AttrKind::Int:
          if (n == "axis")
            set(n, call.op == OpKind::ExpandDims ? uniform_int(rng_, -r - 1, r)
                   : r == 0                      ? int64_t{0}
                                                 : uniform_int(rng_, -r, r - 1));
          else if (n == "num_newaxis")
            set(n, uniform_int(rng_, 0, 3));
          else if (n == "index")
            set(n, uniform_int(rng_, 0, 2));
          else if (n == "groups")
            set(n, int64_t{1});
          // Quantized inference: values valid for int8 and uint8 alike (0..127), a clamp
          // qmin <= qmax, a shift with and without rounding.
          else if (n == "zero_point" || n == "x_zero_point")
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
          break;
        case AttrKind::Ints: {
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
            v = chance(rng_, 0.3) ? std::vector<int64_t>{total}
                                  : std::vector<int64_t>{d, total / d};
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
          break;
        }
        case AttrKind::Str:
          if (n == "dtype") {  // a quantized operator's integer type
            set(n, std::string(chance(rng_, 0.5) ? "int8" : "uint8"));
            break;
          }
          if (n != "activation") return fail(fmt::format("no random values for attribute '{}'", n));
          set(n, pick(rng_, activations()));
          break;
        case AttrKind::Float: break;
      }
    }
    // An int attribute variable read as an operand (a bv rule's `minimum(%y, $c)`): a
    // constant's value, in the range the quantized attributes above are drawn from.
    for (ExprId o : ops)
      if (auto* a = rule_.expr(o).as<dsl::AttrRef>();
          a && slots_.slots[a->var.index].kind == AttrKind::Int && !st.slot_values[a->var.index])
        st.slot_values[a->var.index] = AttrValue(uniform_int(rng_, 0, 127));
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

// ---- values ------------------------------------------------------------------------------

/// A value precondition on a single leaf, `all(%v OP literal)`: the leaf is drawn to
/// satisfy it most of the time.
struct Hint {
  dsl::CmpOp op;
  double value;
};

std::optional<double> literal_number(const Rule& rule, ExprId e) {
  const dsl::Expr& x = rule.expr(e);
  if (auto* i = x.as<dsl::IntLit>()) return static_cast<double>(i->value);
  if (auto* f = x.as<dsl::FloatLit>()) return f->value;
  return std::nullopt;
}

void collect_hints(const Rule& rule, ExprId cond, std::map<uint32_t, Hint>& out) {
  const dsl::Expr& x = rule.expr(cond);
  if (auto* l = x.as<dsl::Logic>()) {
    if (l->op != dsl::LogicOp::And) return;
    collect_hints(rule, l->lhs, out);
    collect_hints(rule, l->rhs, out);
    return;
  }
  const auto* b = x.as<dsl::BuiltinCall>();
  if (!b || b->fn != dsl::Builtin::All) return;
  const auto* c = rule.expr(b->args[0]).as<dsl::Compare>();
  if (!c) return;
  static const dsl::CmpOp mirrored[] = {dsl::CmpOp::Eq, dsl::CmpOp::Ne, dsl::CmpOp::Gt,
                                        dsl::CmpOp::Ge, dsl::CmpOp::Lt, dsl::CmpOp::Le};
  if (auto* r = rule.expr(c->lhs).as<dsl::TensorRef>())
    if (auto v = literal_number(rule, c->rhs)) out[r->var.index] = {c->op, *v};
  if (auto* r = rule.expr(c->rhs).as<dsl::TensorRef>())
    if (auto v = literal_number(rule, c->lhs))
      out[r->var.index] = {mirrored[static_cast<int>(c->op)], *v};
}

/// What one draw of values showed.
enum class DrawOutcome { NotACase, Agree, Differ };

/// Runs one instance on random values, again and again.
class Runner {
 public:
  Runner(const Rule& rule, const RuleSlots& slots, const Instance& inst, SplitMix64& rng)
      : rule_(rule), slots_(slots), inst_(inst), rng_(rng), graph_(inst.graph) {
    // Every node an output (after the two roots), so that definedness and the value
    // preconditions can be read from one run.
    for (size_t i = 0; i < graph_.size(); ++i) graph_.add_output(graph_.id(i));
    // A target that does not type-check leaves ill-typed let / target nodes behind: they
    // (and what reads them) become placeholders, so that the source and the preconditions'
    // expressions still run. The instance is a failure whatever their values.
    if (!inst_.target_error.empty()) {
      std::vector<bool> broken(graph_.size(), false);
      for (size_t i = inst_.source_end; i < inst_.target_end; ++i) {
        Node& n = graph_.node_mut(graph_.id(i));
        bool b = false;
        for (NodeId in : n.inputs) b = b || broken[in.index];
        if (!b && n.op != OpKind::Input && n.op != OpKind::Constant) {
          auto t = infer_node_type(graph_, n);
          b = !t || *t != n.type;
        }
        if (!b) continue;
        broken[i] = true;
        n.op = OpKind::Constant;
        n.inputs.clear();
        n.attrs = Attrs();
        n.type = TensorType{DType::F32, Shape{}};
        n.data = std::make_shared<Tensor>(Tensor::scalar(DType::F32, 0));
      }
    }
    if (rule_.domain.kind == dsl::DomainKind::Real)
      for (const auto& [node, text] : inst_.literal_texts)  // the exact decimal, not its f32
        graph_.node_mut(graph_.id(node)).data = std::make_shared<Tensor>(
            Tensor::scalar(DType::F64, std::strtod(text.c_str(), nullptr)));
    slot_of_input_ = slots_by_input(inst_);
    for (size_t v = 0; v < inst_.var_inputs.size(); ++v)
      if (inst_.var_inputs[v].valid()) var_of_input_[inst_.var_inputs[v].index] = v;
    for (const dsl::Precondition& p : rule_.preconditions) collect_hints(rule_, p.cond, hints_);
  }

  /// One draw; on Differ, `what` says where and `values` lists the draw.
  DrawOutcome draw(std::string& what, std::vector<std::pair<std::string, std::string>>& values) {
    std::vector<double> floats(slots_.slots.size(), 0.0);
    for (size_t s = 0; s < floats.size(); ++s)
      if (slots_.slots[s].kind == AttrKind::Float && !inst_.slot_values[s])
        floats[s] = float_value();
    Graph g = graph_;
    for (const SymbolicAttr& a : inst_.symbolic_attrs)
      g.node_mut(a.node).attrs.set(a.attr, floats[a.slot]);
    const DType dt = rule_.domain.kind == dsl::DomainKind::Float32 ? DType::F32 : DType::F64;
    std::map<std::string, Tensor> inputs;
    for (NodeId id : g.inputs()) {
      const Node& n = g.node(id);
      Tensor t(TensorType{dt, n.type.shape});
      if (auto it = slot_of_input_.find(id.index); it != slot_of_input_.end()) {
        t.set(0, floats[it->second]);
      } else {
        const auto v = var_of_input_.find(id.index);
        const Hint* hint = nullptr;
        if (v != var_of_input_.end())
          if (auto h = hints_.find(static_cast<uint32_t>(v->second)); h != hints_.end())
            hint = &h->second;
        fill(t, hint);
      }
      inputs.emplace(n.name, std::move(t));
    }
    // Values of every node, and the first node the integers leave undefined.
    std::vector<std::vector<double>> vals;
    std::vector<bool> int_undefined(g.size(), false);
    if (rule_.domain.kind == dsl::DomainKind::Bv) {
      run_bv(g, inputs, vals, int_undefined);
    } else {
      RunOptions opts;
      opts.precision = dt == DType::F32 ? Precision::F32 : Precision::F64;
      opts.inputs = inputs;
      auto outs = run_graph(CertifiedGraph::unrewritten(g), opts);  // a rule instance
      if (!outs) {
        what = "the interpreter failed: " + outs.error().message;
        return DrawOutcome::NotACase;
      }
      for (size_t i = 0; i < g.size(); ++i) {
        const Tensor& t = (*outs)[2 + i];
        std::vector<double> v(static_cast<size_t>(t.size()));
        for (int64_t k = 0; k < t.size(); ++k) v[static_cast<size_t>(k)] = t.get(k);
        vals.push_back(std::move(v));
      }
    }
    // The source and the preconditions' expressions must be defined for this to be a case.
    const bool real = rule_.domain.kind == dsl::DomainKind::Real;
    auto undefined = [&](size_t i) {
      if (rule_.domain.kind == dsl::DomainKind::Bv) return static_cast<bool>(int_undefined[i]);
      if (!real) return false;  // float32: NaN and infinities are values
      for (double x : vals[i])
        if (!std::isfinite(x)) return true;
      return false;
    };
    for (size_t i = 0; i < g.size(); ++i)
      if ((i < inst_.source_end || i >= inst_.target_end) && undefined(i))
        return DrawOutcome::NotACase;
    std::vector<std::optional<AttrValue>> slot_values = inst_.slot_values;
    for (size_t s = 0; s < slot_values.size(); ++s)
      if (!slot_values[s] && slots_.slots[s].kind == AttrKind::Float) slot_values[s] = floats[s];
    const ShapeFacts facts{rule_, inst_.graph, inst_.var_nodes, slot_values};
    for (const dsl::Precondition& p : rule_.preconditions)
      if (!holds(facts, vals, p.cond)) return DrawOutcome::NotACase;

    auto record = [&](std::string w) {
      what = std::move(w);
      values.clear();
      for (size_t s = 0; s < floats.size(); ++s)
        if (slots_.slots[s].kind == AttrKind::Float && !inst_.slot_values[s])
          values.emplace_back("$" + slots_.slots[s].name, fmt::format("{}", floats[s]));
      for (const auto& [name, t] : inputs) {
        if (name[0] == '$') continue;
        std::vector<double> v;
        for (int64_t k = 0; k < t.size() && k < 64; ++k) v.push_back(t.get(k));
        values.emplace_back(
            fmt::format("{} {}", name, shape_string(t.shape())),
            fmt::format("[{}{}]", fmt::join(v, ", "), t.size() > 64 ? ", ..." : ""));
      }
      return DrawOutcome::Differ;
    };
    if (!inst_.target_error.empty())
      return record("the target does not type-check: " + inst_.target_error);
    for (size_t i = inst_.source_end; i < inst_.target_end; ++i)
      if (undefined(i))
        return record(fmt::format("the target is undefined at node '{}' (the source is defined)",
                                  g.nodes()[i].name));
    const auto& s = vals[inst_.source_root.index];
    const auto& t = vals[inst_.target_root.index];
    const Shape& shape = g.node(inst_.source_root).type.shape;
    for (size_t k = 0; k < s.size(); ++k) {
      if (same(s[k], t[k])) continue;
      return record(fmt::format("source {} vs target {} at {}", s[k], t[k],
                                index_string(shape, static_cast<int64_t>(k))));
    }
    return DrawOutcome::Agree;
  }

 private:
  bool same(double a, double b) const {
    switch (rule_.domain.kind) {
      case dsl::DomainKind::Real:
        return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
      case dsl::DomainKind::Float32: {
        const float fa = static_cast<float>(a), fb = static_cast<float>(b);
        if (std::isnan(fa) || std::isnan(fb)) return std::isnan(fa) && std::isnan(fb);
        uint32_t ba, bb;
        std::memcpy(&ba, &fa, 4);
        std::memcpy(&bb, &fb, 4);
        return ba == bb;
      }
      case dsl::DomainKind::Bv: return a == b;
    }
    return false;
  }

  /// The N-bit integer reading of the semantics, node by node (as the replay of a bv
  /// counterexample does); a node is undefined when its operation or an operand is.
  void run_bv(const Graph& g, const std::map<std::string, Tensor>& inputs,
              std::vector<std::vector<double>>& vals, std::vector<bool>& undefined) const {
    sem::WrapIntDomain d(rule_.domain.width);
    std::vector<std::vector<int64_t>> iv(g.size());
    struct Hooks {
      sem::WrapIntDomain& d;
      const std::map<std::string, Tensor>& inputs;
      std::vector<bool>& undefined;
      Result<void> leaf(size_t, const Node& n, std::vector<int64_t>& out) const {
        const Tensor& t = n.op == OpKind::Input ? inputs.at(n.name) : *n.data;
        for (int64_t k = 0; k < t.size(); ++k) out.push_back(d.lit(t.get(k)));
        return {};
      }
      void after(size_t i, const Node& n) {
        if (n.op != OpKind::Input && n.op != OpKind::Constant) {
          bool u = d.undefined;
          for (NodeId in : n.inputs) u = u || undefined[in.index];
          undefined[i] = u;
        }
        d.undefined = false;  // each node's own operations, from the next one on
      }
    } hooks{d, inputs, undefined};
    (void)sem::walk_graph(d, g, 0, g.size(), iv, hooks);  // leaves cannot fail here
    for (const auto& v : iv) vals.emplace_back(v.begin(), v.end());
  }

  /// A float attribute's value.
  double float_value() {
    static const std::vector<double> kValues = {0, 1e-5, 1e-3, 0.1, 0.25, 0.5, 1, 2, 6, -0.5, -1};
    const double u = rng_.uniform();
    if (u < 0.7) return pick(rng_, kValues);
    return u < 0.85 ? rng_.uniform() : rng_.uniform(-2, 2);
  }

  /// A leaf's values: a mode per leaf (mixed signs in [-3, 3], positive, negative, wide in
  /// [-10, 10], constant, small integers), or, for a leaf with a hint, values that satisfy
  /// it most of the time.
  void fill(Tensor& t, const Hint* hint) {
    const int64_t n = t.size();
    if (rule_.domain.kind == dsl::DomainKind::Bv) {
      const unsigned w = rule_.domain.width;
      const double lo = -std::ldexp(1.0, static_cast<int>(w) - 1);
      const double hi = std::ldexp(1.0, static_cast<int>(w) - 1) - 1;
      for (int64_t k = 0; k < n; ++k) {
        const double u = rng_.uniform();
        double v = u < 0.6   ? static_cast<double>(uniform_int(rng_, -4, 4))
                   : u < 0.9 ? std::floor(rng_.uniform(lo, hi + 1))
                             : pick(rng_, std::vector<double>{lo, hi, -1, 0});
        t.set(k, std::clamp(v, lo, hi));
      }
      return;
    }
    if (rule_.domain.kind == dsl::DomainKind::Float32) {
      static const std::vector<double> kSpecial = {std::numeric_limits<double>::quiet_NaN(),
                                                   INFINITY,
                                                   -INFINITY,
                                                   -0.0,
                                                   0.0,
                                                   0x1p-149,
                                                   -0x1p-140,
                                                   0x1.fffffep127,
                                                   -0x1.fffffep127,
                                                   1,
                                                   -1,
                                                   3,
                                                   6,
                                                   65504};
      for (int64_t k = 0; k < n; ++k)
        t.set(k,
              chance(rng_, 0.25) ? pick(rng_, kSpecial) : static_cast<float>(rng_.uniform(-4, 4)));
      return;
    }
    auto mixed = [&] {
      return chance(rng_, 0.5) ? static_cast<double>(uniform_int(rng_, -24, 24)) / 8
                               : rng_.uniform(-3, 3);
    };
    auto positive = [&] {
      return chance(rng_, 0.5) ? static_cast<double>(uniform_int(rng_, 2, 24)) / 8
                               : rng_.uniform(0.25, 3);
    };
    if (hint && chance(rng_, 0.7)) {
      for (int64_t k = 0; k < n; ++k) {
        const double c = hint->value;
        double v = mixed();
        switch (hint->op) {
          case dsl::CmpOp::Eq: v = c; break;
          case dsl::CmpOp::Ne: break;
          case dsl::CmpOp::Gt: v = c + positive(); break;
          case dsl::CmpOp::Ge: v = chance(rng_, 0.2) ? c : c + positive(); break;
          case dsl::CmpOp::Lt: v = c - positive(); break;
          case dsl::CmpOp::Le: v = chance(rng_, 0.2) ? c : c - positive(); break;
        }
        t.set(k, v);
      }
      return;
    }
    const double u = rng_.uniform();
    const double c = pick(rng_, std::vector<double>{0, 1, -1, 0.5, 2});
    for (int64_t k = 0; k < n; ++k) {
      double v;
      if (u < 0.4)
        v = mixed();
      else if (u < 0.58)
        v = positive();
      else if (u < 0.67)
        v = -positive();
      else if (u < 0.77)  // wide: past the thresholds of clip(x + 3, 0, 6) and friends
        v = chance(rng_, 0.5) ? static_cast<double>(uniform_int(rng_, -20, 20)) / 2
                              : rng_.uniform(-10, 10);
      else if (u < 0.88)
        v = c;
      else
        v = static_cast<double>(uniform_int(rng_, -2, 2));
      t.set(k, v);
    }
  }

  // -- the preconditions on concrete values --

  struct Side {
    const std::vector<double>* data = nullptr;
    Shape shape;
    double scalar = 0;
  };

  std::optional<Side> side(const ShapeFacts& f, const std::vector<std::vector<double>>& vals,
                           ExprId e) const {
    const dsl::Expr& x = rule_.expr(e);
    NodeId n;
    if (auto* r = x.as<dsl::TensorRef>()) n = inst_.var_nodes[r->var.index];
    if (x.as<OpCall>()) n = inst_.expr_nodes[e.index];
    if (n.valid()) return Side{&vals[n.index], inst_.graph.node(n).type.shape, 0};
    auto v = eval_scalar(f, e);
    if (!v) return std::nullopt;
    if (auto* i = std::get_if<int64_t>(&*v)) return Side{nullptr, {}, static_cast<double>(*i)};
    if (auto* d = std::get_if<double>(&*v)) return Side{nullptr, {}, *d};
    return std::nullopt;
  }

  static bool compare(dsl::CmpOp op, double a, double b) {
    switch (op) {
      case dsl::CmpOp::Eq: return a == b;
      case dsl::CmpOp::Ne: return a != b;
      case dsl::CmpOp::Lt: return a < b;
      case dsl::CmpOp::Le: return a <= b;
      case dsl::CmpOp::Gt: return a > b;
      case dsl::CmpOp::Ge: return a >= b;
    }
    return false;
  }

  /// One element (by broadcast index) of a condition inside all / any.
  bool holds_at(const ShapeFacts& f, const std::vector<std::vector<double>>& vals, ExprId e,
                const std::vector<int64_t>& idx) const {
    const dsl::Expr& x = rule_.expr(e);
    if (auto* l = x.as<dsl::Logic>()) {
      const bool a = holds_at(f, vals, l->lhs, idx), b = holds_at(f, vals, l->rhs, idx);
      return l->op == dsl::LogicOp::And ? a && b : a || b;
    }
    if (auto* n = x.as<dsl::Not>()) return !holds_at(f, vals, n->operand, idx);
    const auto* c = x.as<dsl::Compare>();
    if (!c) return false;
    auto elem = [&](ExprId s) -> std::optional<double> {
      auto sd = side(f, vals, s);
      if (!sd) return std::nullopt;
      if (!sd->data) return sd->scalar;
      const auto st = sem::broadcast_strides(sd->shape, idx.size());
      return (*sd->data)[static_cast<size_t>(sem::offset_of(idx.data(), st))];
    };
    auto a = elem(c->lhs), b = elem(c->rhs);
    return a && b && compare(c->op, *a, *b);
  }

  /// A precondition on this draw's values.
  bool holds(const ShapeFacts& f, const std::vector<std::vector<double>>& vals, ExprId e) const {
    const dsl::Expr& x = rule_.expr(e);
    if (auto* l = x.as<dsl::Logic>()) {
      const bool a = holds(f, vals, l->lhs), b = holds(f, vals, l->rhs);
      return l->op == dsl::LogicOp::And ? a && b : a || b;
    }
    if (auto* n = x.as<dsl::Not>()) return !holds(f, vals, n->operand);
    if (auto* c = x.as<dsl::Compare>()) {
      auto a = eval_scalar(f, c->lhs), b = eval_scalar(f, c->rhs);
      return a && b && compare_values(c->op, *a, *b);
    }
    const auto* b = x.as<dsl::BuiltinCall>();
    if (!b) return false;
    if (b->fn != dsl::Builtin::All && b->fn != dsl::Builtin::Any) return true;
    std::vector<ExprId> sides;
    comparison_sides(rule_, b->args[0], sides);
    Shape shape;
    for (ExprId s : sides) {
      auto sd = side(f, vals, s);
      if (!sd) return false;
      auto bs = broadcast_shapes(shape, sd->shape);
      if (!bs) return false;
      shape = *bs;
    }
    const bool all = b->fn == dsl::Builtin::All;
    std::vector<int64_t> idx(shape.size(), 0);
    for (int64_t flat = 0; flat < num_elements(shape); ++flat) {
      if (holds_at(f, vals, b->args[0], idx) != all) return !all;
      for (size_t k = shape.size(); k-- > 0;) {
        if (++idx[k] < shape[k]) break;
        idx[k] = 0;
      }
    }
    return all;
  }

  const Rule& rule_;
  const RuleSlots& slots_;
  const Instance& inst_;
  SplitMix64& rng_;
  Graph graph_;
  std::map<uint32_t, uint32_t> slot_of_input_;
  std::map<uint32_t, size_t> var_of_input_;
  std::map<uint32_t, Hint> hints_;
};

}  // namespace

std::optional<InstanceSpec> random_instance_spec(const dsl::Rule& rule, const RuleSlots& slots,
                                                 SplitMix64& rng, std::string* why_not) {
  return Sampler(rule, slots, rng).draw(why_not);
}

RandomTestResult test_rule_randomly(const dsl::Rule& rule, const RandomTestOptions& opts) {
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  };
  RandomTestResult out;
  const RuleSlots slots = rule_slots(rule);
  SplitMix64 rng(opts.seed, rule.name);
  Sampler sampler(rule, slots, rng);
  int64_t failure_at = -1;  // instances run when the first failure was found
  while (out.instances < opts.max_instances && out.attempts < opts.max_attempts &&
         elapsed() < opts.budget_ms) {
    if (failure_at >= 0 && out.instances >= failure_at + opts.extra_after_failure) break;
    ++out.attempts;
    std::string why;
    auto spec = sampler.draw(&why);
    if (!spec) {
      out.note = "no shapes: " + why;
      continue;
    }
    auto inst = instantiate(rule, *spec, &why);
    if (!inst) {
      out.note = "not a case: " + why;
      continue;
    }
    ++out.instantiated;
    Runner runner(rule, slots, *inst, rng);
    bool ran = false;
    for (int v = 0; v < opts.value_tries && !ran; ++v) {
      std::string what;
      std::vector<std::pair<std::string, std::string>> values;
      const DrawOutcome o = runner.draw(what, values);
      if (o == DrawOutcome::NotACase) continue;
      ran = true;
      ++out.instances;
      if (o == DrawOutcome::Agree) break;
      ++out.failures;
      if (failure_at < 0) failure_at = out.instances;
      if (!out.failure || inst->size < out.failure->size) {
        std::string desc = inst->description;
        out.failure = RandomFailure{desc, std::move(values), std::move(what), inst->size};
      }
    }
    if (!ran) out.note = "no values satisfy the value preconditions and keep the source defined";
  }
  if (out.instances > 0) out.note.clear();
  out.ms = elapsed();
  return out;
}

}  // namespace vf::verify
