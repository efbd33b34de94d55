#include "verify/instance.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <set>
#include <variant>

#include "ir/op_plan.h"
#include "ir/shape_inference.h"
#include "verify/grid.h"
#include "verify/precondition.h"

namespace vf::verify {
namespace {

using dsl::ExprId;
using dsl::OpCall;
using dsl::Rule;
using dsl::TensorVarId;

/// More combinations than this and the rule is reported as not enumerable (a grid that
/// explodes would take hours, not a proof that silently covers less).
constexpr int64_t kMaxCandidates = 2'000'000;

// ---- the rule's attributes ---------------------------------------------------------------

/// Where an operator call's attribute comes from: a fixed literal or a slot.
using AttrSource = std::variant<AttrValue, uint32_t>;

/// The literal of a checked attribute argument, in the kind of its schema.
AttrValue literal_value(const Rule& rule, ExprId e, AttrKind kind) {
  const dsl::Expr& x = rule.expr(e);
  if (auto* i = x.as<dsl::IntLit>()) {
    if (kind == AttrKind::Float) return static_cast<double>(i->value);
    return i->value;
  }
  if (auto* f = x.as<dsl::FloatLit>()) return f->value;
  if (auto* l = x.as<dsl::IntListLit>()) return l->values;
  if (auto* s = x.as<dsl::StrLit>()) return s->value;
  assert(false && "attribute argument is not a literal");
  return int64_t{0};
}

/// The slots of a rule: its attribute variables, then one per (source call, unmentioned
/// attribute).
struct Slots {
  std::vector<AttrSlot> slots;
  std::map<std::pair<uint32_t, std::string>, uint32_t> implicit;
};

/// A call's attributes by schema name.
std::vector<std::pair<std::string, AttrSource>> call_attrs(const Rule& rule, ExprId id,
                                                           const Slots* slots) {
  const auto& call = *rule.expr(id).as<OpCall>();
  std::vector<std::pair<std::string, AttrSource>> out;
  for (const AttrSpec& sp : attr_specs(call.op)) {
    if (const dsl::AttrArg* a = call.find_attr(sp.name)) {
      if (auto* r = rule.expr(a->value).as<dsl::AttrRef>())
        out.emplace_back(sp.name, r->var.index);
      else
        out.emplace_back(sp.name, literal_value(rule, a->value, sp.kind));
      continue;
    }
    if (slots) {
      auto it = slots->implicit.find({id.index, sp.name});
      if (it != slots->implicit.end()) out.emplace_back(sp.name, it->second);
    }
  }
  return out;
}

// ---- enumeration -----------------------------------------------------------------------

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

/// Shapes for leaves and values for slots chosen at one site.
struct Choice {
  std::vector<std::pair<uint32_t, Shape>> leaves;
  std::vector<std::pair<uint32_t, AttrValue>> slots;
};

/// The enumeration state along one path of the search.
struct State {
  Graph g;
  std::vector<NodeId> var_nodes;   // by TensorVarId
  std::vector<NodeId> expr_nodes;  // by ExprId
  std::vector<std::optional<AttrValue>> slot_values;
  std::vector<SymbolicAttr> symbolic_attrs;
  std::map<uint32_t, NodeId> slot_inputs;
  std::vector<NodeId> var_inputs;
  std::map<uint32_t, std::string> literal_texts;
};

class Enumerator {
 public:
  Enumerator(const Rule& rule, Grid grid, WindowSet windows = WindowSet::Both)
      : rule_(rule), grid_(grid), windows_(windows) {}

  Enumeration run() {
    search(0, start());
    if (!out_.unsupported.empty()) out_.instances.clear();
    std::stable_sort(out_.instances.begin(), out_.instances.end(),
                     [](const Instance& a, const Instance& b) { return a.size < b.size; });
    return std::move(out_);
  }

  /// The one instance at `spec` (see instantiate), or nullopt with `why_not`.
  std::optional<Instance> single(const InstanceSpec& spec, std::string* why_not) {
    spec_ = &spec;
    State st = start();
    for (size_t s = 0; s < out_.slots.size() && s < spec.slot_values.size(); ++s)
      if (out_.slots[s].kind != AttrKind::Float) st.slot_values[s] = spec.slot_values[s];
    auto fail = [&](std::string msg) -> std::optional<Instance> {
      if (why_not) *why_not = std::move(msg);
      return std::nullopt;
    };
    for (const Site& site : sites_) {
      const auto& call = *rule_.expr(site.expr).as<OpCall>();
      auto attrs = call_attrs(rule_, site.expr, &slots_);
      Choice c;
      for (ExprId o : call.operands)
        if (auto leaf = leaf_of(o, st)) {
          const auto& t = *leaf < spec.leaf_types.size() ? spec.leaf_types[*leaf] : std::nullopt;
          if (!t) return fail(fmt::format("no type for '%{}'", rule_.tensor_vars[*leaf].name));
          c.leaves.emplace_back(*leaf, t->shape);
        }
      if (!apply_site(site, call, attrs, c, st))
        return fail(fmt::format("{} does not type-check at these shapes", op_name(call.op)));
    }
    finish(std::move(st));
    if (out_.instances.empty()) return fail("a shape or attribute precondition is false");
    return std::move(out_.instances.front());
  }

  /// The slots, for rule_slots.
  RuleSlots slot_table() {
    make_slots();
    return RuleSlots{slots_.slots, slots_.implicit};
  }

 private:
  /// The slots and sites of the rule, and the empty state a search starts from.
  State start() {
    make_slots();
    for (const dsl::Binding& b : rule_.source) collect_sites(rule_, b.value, b.var, sites_);
    State st;
    st.var_nodes.assign(rule_.tensor_vars.size(), {});
    st.var_inputs.assign(rule_.tensor_vars.size(), {});
    st.expr_nodes.assign(rule_.exprs.size(), {});
    st.slot_values.assign(out_.slots.size(), std::nullopt);
    return st;
  }

  void make_slots() {
    for (const dsl::AttrVar& v : rule_.attr_vars) out_.slots.push_back({v.name, v.kind, false});
    slots_.slots = out_.slots;
    for (const dsl::Binding& b : rule_.source) add_implicit(b.value, b.name);
    out_.slots = slots_.slots;
  }

  void add_implicit(ExprId e, const std::string& binding) {
    const auto* call = rule_.expr(e).as<OpCall>();
    if (!call) return;
    for (ExprId o : call->operands) add_implicit(o, binding);
    for (const AttrSpec& sp : attr_specs(call->op)) {
      if (call->find_attr(sp.name)) continue;
      const auto idx = static_cast<uint32_t>(slots_.slots.size());
      slots_.slots.push_back(
          {fmt::format("{}.{}", implicit_owner(e, binding), sp.name), sp.kind, true});
      slots_.implicit[{e.index, sp.name}] = idx;
    }
  }

  /// "y" for the call bound to %y, "y.conv2d" for a call nested in %y's value.
  std::string implicit_owner(ExprId e, const std::string& binding) const {
    for (const dsl::Binding& b : rule_.source)
      if (b.value == e) return b.name;
    return fmt::format("{}.{}", binding, op_name(rule_.expr(e).as<OpCall>()->op));
  }

  // -- the search over sites --

  void search(size_t k, State st) {
    if (!out_.unsupported.empty()) return;
    if (k == sites_.size()) return finish(std::move(st));
    const Site& site = sites_[k];
    const auto& call = *rule_.expr(site.expr).as<OpCall>();
    auto attrs = call_attrs(rule_, site.expr, &slots_);
    // Slots of this call that are not assigned yet and are not window attributes: the
    // product of their grids.
    std::vector<std::vector<std::pair<uint32_t, AttrValue>>> bases = {{}};
    for (const auto& [name, src] : attrs) {
      const uint32_t* slot = std::get_if<uint32_t>(&src);
      if (!slot || st.slot_values[*slot] || is_window_attr(call.op, name)) continue;
      const AttrSlot& s = out_.slots[*slot];
      if (s.kind == AttrKind::Float) continue;                 // symbolic
      if (chosen_with_shape(call.op, name)) continue;
      auto grid = attr_grid(name, s.kind);
      if (!grid) {
        out_.unsupported = fmt::format(
            "attribute '{}' of {} is not fixed by the rule and the prover has no grid of "
            "values for it; give it a literal value",
            name, op_name(call.op));
        return;
      }
      std::vector<std::vector<std::pair<uint32_t, AttrValue>>> next;
      for (const auto& b : bases)
        for (const AttrValue& v : *grid) {
          next.push_back(b);
          next.back().emplace_back(*slot, v);
        }
      bases = std::move(next);
    }
    // An int attribute variable read as an operand (`minimum(%y, $c)` in a bv rule) and
    // not assigned yet: a constant's value, with no attribute's grid; grid.h gives it one.
    for (ExprId o : call.operands) {
      const auto* a = rule_.expr(o).as<dsl::AttrRef>();
      if (!a || st.slot_values[a->var.index] || out_.slots[a->var.index].kind != AttrKind::Int)
        continue;
      bool taken = false;  // the same variable twice in this call
      for (const auto& b : bases)
        for (const auto& [slot, v] : b) taken = taken || slot == a->var.index;
      if (taken) continue;
      std::vector<std::vector<std::pair<uint32_t, AttrValue>>> next;
      for (const auto& b : bases)
        for (int64_t v : int_operand_grid()) {
          next.push_back(b);
          next.back().emplace_back(a->var.index, AttrValue(v));
        }
      bases = std::move(next);
    }
    for (const auto& base : bases) {
      State with = st;
      for (const auto& [slot, v] : base) with.slot_values[slot] = v;
      for (const Choice& c : site_choices(call, attrs, with)) {
        if (++out_.candidates > kMaxCandidates) {
          out_.unsupported = fmt::format(
              "more than {} shape and attribute combinations; fix more attributes or "
              "shapes in the rule's preconditions",
              kMaxCandidates);
          return;
        }
        State next = with;
        if (apply_site(site, call, attrs, c, next) && !excluded(next))
          search(k + 1, std::move(next));
        if (!out_.unsupported.empty()) return;
      }
    }
  }

  /// A shape or attribute precondition is already false with what is chosen so far
  /// (parts not chosen yet evaluate to Unknown): prune.
  bool excluded(const State& st) const {
    const ShapeFacts facts{rule_, st.g, st.var_nodes, st.slot_values};
    for (const dsl::Precondition& p : rule_.preconditions)
      if (eval_shape_condition(facts, p.cond) == Tri::False) return true;
    return false;
  }

  /// The value an attribute has so far: literal, assigned slot, or nullopt.
  static std::optional<AttrValue> current(const AttrSource& src, const State& st) {
    if (auto* v = std::get_if<AttrValue>(&src)) return *v;
    return st.slot_values[std::get<uint32_t>(src)];
  }

  static const AttrSource* find(const std::vector<std::pair<std::string, AttrSource>>& attrs,
                                std::string_view name) {
    for (const auto& [n, s] : attrs)
      if (n == name) return &s;
    return nullptr;
  }

  /// The shape of an operand if it has a node already; nullopt for an unshaped leaf.
  std::optional<Shape> operand_shape(ExprId e, const State& st) const {
    const dsl::Expr& x = rule_.expr(e);
    if (auto* r = x.as<dsl::TensorRef>()) {
      NodeId n = st.var_nodes[r->var.index];
      if (!n.valid()) return std::nullopt;
      return st.g.node(n).type.shape;
    }
    if (x.as<dsl::OpCall>()) return st.g.node(st.expr_nodes[e.index]).type.shape;
    return Shape{};  // a scalar literal
  }

  /// The leaf variable of an operand when it is an unshaped source input.
  std::optional<uint32_t> leaf_of(ExprId e, const State& st) const {
    if (auto* r = rule_.expr(e).as<dsl::TensorRef>())
      if (!st.var_nodes[r->var.index].valid()) return r->var.index;
    return std::nullopt;
  }

  /// A call's operands as one site of the search sees them: each operand's shape if it has
  /// a node already, and the leaf variable of each unshaped source input.
  struct SiteView {
    const OpCall& call;
    const std::vector<std::pair<std::string, AttrSource>>& attrs;
    const State& st;
    std::vector<std::optional<Shape>> shapes;
    std::vector<std::optional<uint32_t>> leaves;

    /// An int attribute's value so far (literal or assigned slot).
    std::optional<int64_t> attr_int(std::string_view n) const {
      const AttrSource* s = find(attrs, n);
      if (!s) return std::nullopt;
      auto v = current(*s, st);
      if (!v) return std::nullopt;
      return std::get<int64_t>(*v);
    }
    /// Gives every unshaped leaf among operands [from, end) the shape `s`.
    void set_leaves(Choice& c, size_t from, const Shape& s) const {
      for (size_t k = from; k < call.operands.size(); ++k)
        if (leaves[k] && !shapes[k]) c.leaves.emplace_back(*leaves[k], s);
    }
    /// Operand k's shape: its node's, or the one `c` gives its leaf.
    std::optional<Shape> leaf_shape(const Choice& c, size_t k) const {
      if (shapes[k]) return shapes[k];
      for (const auto& [v, s] : c.leaves)
        if (leaves[k] && v == *leaves[k]) return s;
      return std::nullopt;
    }
    /// Whether operand k (>= 2) of a fused_conv2d / fused_dense is its residual: the k-th
    /// operand is the (k-2)-th epilogue part present.
    bool is_residual(size_t k) const {
      if (call.op != OpKind::FusedConv2d && call.op != OpKind::FusedDense) return false;
      size_t part = 0;
      for (const char* flag : {"has_bias", "has_scale", "has_shift", "has_residual"}) {
        if (attr_int(flag).value_or(0) == 0) continue;
        if (part++ == k - 2) return std::string_view(flag) == "has_residual";
      }
      return false;
    }
    /// Gives operand k's leaf the shape `s` unless it has one.
    void give(Choice& c, size_t k, const Shape& s) const {
      if (k < call.operands.size() && leaves[k] && !leaf_shape(c, k))
        c.leaves.emplace_back(*leaves[k], s);
    }
  };

  /// The shapes of the call's unshaped leaves and the values of its window slots, every
  /// combination of the grid for this operator.
  std::vector<Choice> site_choices(const OpCall& call,
                                   const std::vector<std::pair<std::string, AttrSource>>& attrs,
                                   const State& st) const {
    SiteView site{call, attrs, st, {}, {}};
    for (ExprId o : call.operands) {
      site.shapes.push_back(operand_shape(o, st));
      site.leaves.push_back(leaf_of(o, st));
    }
    switch (call.op) {
      case OpKind::Conv2d:
      case OpKind::FusedConv2d:
      case OpKind::MaxPool2d:
      case OpKind::AvgPool2d: return window_choices(site);
      case OpKind::GlobalAvgPool2d: return global_pool_choices(site);
      case OpKind::Dense:
      case OpKind::FusedDense:
      case OpKind::MatMul:
      case OpKind::Gemm: return matmul_choices(site);
      case OpKind::BatchNorm:
      case OpKind::BiasAdd: return axis_choices(site, false);
      case OpKind::LayerNorm:
      case OpKind::RmsNorm: return axis_choices(site, true);
      case OpKind::Add:
      case OpKind::Subtract:
      case OpKind::Multiply:
      case OpKind::Divide:
      case OpKind::Minimum:
      case OpKind::Maximum: return binary_choices(site);
      case OpKind::Pad: return list_attr_choices(site, "pads", pads_grid_for);
      case OpKind::Transpose: return list_attr_choices(site, "perm", perm_grid);
      case OpKind::Reshape: return list_attr_choices(site, "shape", reshape_grid);
      default: break;
    }
    // Everything else: the first operand from the data grid, further leaves alike.
    std::vector<Choice> out;
    const std::vector<Shape> datas =
        site.shapes[0] ? std::vector<Shape>{*site.shapes[0]} : data_shapes();
    for (const Shape& d : datas) {
      Choice c;
      site.give(c, 0, d);
      site.set_leaves(c, 1, d);
      out.push_back(std::move(c));
    }
    return out;
  }

  /// conv2d / pools: the grid's windows with every channel / group count, then the
  /// distinguishing configurations (grid.h).
  std::vector<Choice> window_choices(const SiteView& site) const {
    std::vector<Choice> out;
    const bool conv = site.call.op == OpKind::Conv2d || site.call.op == OpKind::FusedConv2d;
    std::optional<int64_t> known_c, known_o;
    if (site.shapes[0] && site.shapes[0]->size() == 4) known_c = (*site.shapes[0])[1];
    if (site.shapes[0] && site.shapes[0]->size() != 4) return {};
    if (conv && site.shapes[1] && site.shapes[1]->size() == 4) known_o = (*site.shapes[1])[0];
    std::vector<Channels> chans;
    if (conv) {
      chans = channel_grid(known_c, known_o);
    } else {
      for (int64_t c : known_c ? std::vector<int64_t>{*known_c} : std::vector<int64_t>{1, 2})
        chans.push_back({c, c, 1});
    }
    // The grid's windows with every channel / group count (batch 2 for the first
    // window), then the distinguishing configurations (grid.h).
    struct Config {
      int64_t n;
      Channels ch;
      AxisConfig h, w;
    };
    std::vector<Config> configs;
    bool first = true;
    const bool grid_windows = windows_ != WindowSet::Distinguishing;
    for (const auto& [h, w] : grid_windows ? window_grid(grid_) : kNoWindows) {
      for (const Channels& ch : chans)
        for (int64_t n : first ? std::vector<int64_t>{1, 2} : std::vector<int64_t>{1})
          configs.push_back({n, ch, h, w});
      first = false;
    }
    WindowFixed fixed;
    fixed.conv = conv;
    fixed.x = site.shapes[0];
    if (conv) fixed.w = site.shapes[1];
    auto fixed_ints = [&](std::string_view name) -> std::optional<std::vector<int64_t>> {
      const AttrSource* s = find(site.attrs, name);
      if (!s) return std::nullopt;
      auto v = current(*s, site.st);
      if (!v) return std::nullopt;
      return std::get<std::vector<int64_t>>(*v);
    };
    fixed.strides = fixed_ints("strides");
    fixed.padding = fixed_ints("padding");
    fixed.dilation = fixed_ints("dilation");
    if (!conv) fixed.pool_size = fixed_ints("pool_size");
    if (conv) fixed.groups = site.attr_int("groups");
    if (windows_ != WindowSet::Grid)
      for (const DistinctWindow& dw : distinct_windows(fixed))
        configs.push_back({dw.n, dw.ch, dw.h, dw.w});
    for (const Config& cf : configs) {
      const AxisConfig& h = cf.h;
      const AxisConfig& w = cf.w;
      const Channels& ch = cf.ch;
      const int64_t n = cf.n;
      Choice c;
      auto set_slot = [&](std::string_view name, AttrValue v) {
        const AttrSource* s = find(site.attrs, name);
        if (!s) return true;
        if (auto cur = current(*s, site.st)) return true;  // fixed: the node uses it
        c.slots.emplace_back(std::get<uint32_t>(*s), std::move(v));
        return true;
      };
      if (conv) {
        if (auto g = site.attr_int("groups"); g && *g != ch.g) continue;
        set_slot("groups", ch.g);
      } else {
        set_slot("pool_size", std::vector<int64_t>{h.k, w.k});
      }
      set_slot("strides", std::vector<int64_t>{h.s, w.s});
      set_slot("padding", std::vector<int64_t>{h.pb, w.pb, h.pe, w.pe});
      set_slot("dilation", std::vector<int64_t>{h.d, w.d});
      site.give(c, 0, Shape{n, ch.c, h.size, w.size});
      if (conv) {
        site.give(c, 1, Shape{ch.o, ch.c / ch.g, h.k, w.k});
        // Epilogue operands: per-channel vectors, the residual like the output.
        const auto xs = site.leaf_shape(c, 0);
        const auto ws = site.leaf_shape(c, 1);
        if (!xs || !ws) continue;
        const int64_t o = (*ws)[0];
        for (size_t k = 2; k < site.call.operands.size(); ++k) {
          if (!site.is_residual(k)) {
            site.give(c, k, Shape{o});
            continue;
          }
          const int64_t oh = window_output_size((*xs)[2], h.pb, h.pe, (*ws)[2], h.s, h.d, false);
          const int64_t ow = window_output_size((*xs)[3], w.pb, w.pe, (*ws)[3], w.s, w.d, false);
          site.give(c, k, Shape{(*xs)[0], o, std::max<int64_t>(oh, 1), std::max<int64_t>(ow, 1)});
        }
      }
      out.push_back(std::move(c));
    }
    return out;
  }

  /// global_avg_pool2d: a few NCHW shapes.
  std::vector<Choice> global_pool_choices(const SiteView& site) const {
    std::vector<Choice> out;
    for (const Shape& s :
         {Shape{1, 1, 1, 1}, Shape{1, 2, 2, 3}, Shape{2, 1, 3, 2}, Shape{2, 3, 4, 5}}) {
      Choice c;
      site.give(c, 0, s);
      out.push_back(std::move(c));
    }
    return out;
  }

  /// dense / matmul / gemm: the dense grid, batched operands, gemm's C shapes.
  std::vector<Choice> matmul_choices(const SiteView& site) const {
    std::vector<Choice> out;
    const bool ta = site.attr_int("trans_a").value_or(0) != 0;
    const bool tb = site.attr_int("trans_b").value_or(0) != 0;
    if (!site.shapes[0] && site.shapes[1] && site.shapes[1]->size() >= 2 &&
        site.call.op != OpKind::Gemm)
      return known_weight_choices(site);
    // b > 0: a rank-3 x [b, n, K] (dense and matmul apply to every leading index).
    for (const DenseSizes& ds : dense_grid()) {
      const int64_t m = ds.m;
      if (ds.b > 0 && site.call.op == OpKind::Gemm) continue;
      Choice c;
      int64_t K = ds.k, N = ds.n;
      if (site.shapes[0]) {
        if (site.shapes[0]->size() < 2) continue;
        N = (*site.shapes[0])[site.shapes[0]->size() - 2];
        K = site.shapes[0]->back();
        if (site.call.op == OpKind::Gemm && ta) std::swap(N, K);
        if (ds.b != 0 || ds.n != 1 || ds.k != 1) continue;  // one choice per m
      }
      if (site.call.op == OpKind::Gemm)
        site.give(c, 0, ta ? Shape{K, N} : Shape{N, K});
      else
        site.give(c, 0, ds.b > 0 ? Shape{ds.b, N, K} : Shape{N, K});
      if (site.call.op == OpKind::MatMul) {
        // Batched operands as well, where the weight is a leaf this site shapes: a
        // weight [1, K, m] or [2, K, m] beside x [n, K] (matmul broadcasts the leading
        // axes; [5, K, m] beside the all-distinct x [2, 3]), one [b, K, m] or [1, K, m]
        // beside x [b, n, K], and rank 4 on both sides (attention's [batch, heads, s, d]).
        if (site.leaves[1] && !site.shapes[1]) {
          const bool distinct = ds.m == 4;
          std::vector<std::pair<Shape, Shape>> batched;
          if (ds.b == 0)
            for (int64_t wb : distinct ? std::vector<int64_t>{5} : std::vector<int64_t>{1, 2})
              batched.emplace_back(Shape{}, Shape{wb, K, m});
          if (ds.b > 0 && !site.shapes[0]) {
            const int64_t lead = distinct ? 7 : 2;
            batched.emplace_back(Shape{}, Shape{ds.b, K, m});
            if (!distinct) batched.emplace_back(Shape{}, Shape{1, K, m});
            batched.emplace_back(Shape{lead, ds.b, N, K}, Shape{lead, ds.b, K, m});
          }
          for (const auto& [xs, ws] : batched) {
            Choice cb;
            site.give(cb, 0, xs.empty() ? *site.leaf_shape(c, 0) : xs);
            site.give(cb, 1, ws);
            out.push_back(std::move(cb));
          }
        }
        site.give(c, 1, Shape{K, m});
      } else if (site.call.op == OpKind::Gemm) {
        site.give(c, 1, tb ? Shape{m, K} : Shape{K, m});
      } else {
        site.give(c, 1, Shape{m, K});
      }
      const auto ws = site.leaf_shape(c, 1);
      if (!ws) continue;
      const int64_t M = site.call.op == OpKind::Dense || site.call.op == OpKind::FusedDense
                            ? (*ws)[0]
                            : (site.call.op == OpKind::Gemm && tb ? (*ws)[0] : ws->back());
      if (site.call.op == OpKind::Gemm && site.call.operands.size() == 3 && site.leaves[2]) {
        for (const Shape& cs : {Shape{M}, Shape{N, M}, Shape{}, Shape{1, M}}) {
          Choice cc = c;
          site.give(cc, 2, cs);
          out.push_back(std::move(cc));
        }
        continue;
      }
      for (size_t k = 2; k < site.call.operands.size(); ++k) {
        const bool residual = site.is_residual(k);
        Shape out_shape = site.leaf_shape(c, 0).value_or(Shape{N, K});
        out_shape.back() = M;
        site.give(c, k, residual ? out_shape : Shape{M});
      }
      out.push_back(std::move(c));
    }
    return out;
  }

  /// dense / matmul whose right operand an earlier operator shaped (a transposed weight,
  /// matmul(x, transpose(w))): x [n, K] and [b, n, K] with K the weight's, n 1 and 2, b 2,
  /// and one x whose sizes are above 1 and distinct from each other and from the weight's
  /// (the distinguishing instance, docs/proofs.md).
  std::vector<Choice> known_weight_choices(const SiteView& site) const {
    const Shape& ws = *site.shapes[1];
    const bool dense = site.call.op == OpKind::Dense || site.call.op == OpKind::FusedDense;
    const int64_t K = dense ? ws.back() : ws[ws.size() - 2];
    const int64_t M = dense ? ws[0] : ws.back();
    auto fresh = [&](std::initializer_list<int64_t> taken) {
      int64_t v = 2;
      while (std::find(taken.begin(), taken.end(), v) != taken.end()) ++v;
      return v;
    };
    const int64_t n = fresh({K, M});
    const int64_t b = fresh({K, M, n});
    std::vector<Choice> out;
    const Shape shapes[] = {Shape{1, K}, Shape{2, K}, Shape{2, 1, K}, Shape{n, K}, Shape{b, n, K}};
    for (const Shape& xs : shapes) {
      Choice c;
      site.give(c, 0, xs);
      Shape out_shape = xs;
      out_shape.back() = M;
      for (size_t k = 2; k < site.call.operands.size(); ++k)
        site.give(c, k, site.is_residual(k) ? out_shape : Shape{M});
      out.push_back(std::move(c));
    }
    return out;
  }

  /// batch_norm / bias_add: per-channel vectors along the axis (default 1); layer_norm /
  /// rms_norm (`trailing`): gamma (and beta) of the normalised trailing axes' shape
  /// (default axis -1).
  std::vector<Choice> axis_choices(const SiteView& site, bool trailing) const {
    std::vector<Choice> out;
    const std::vector<Shape> datas =
        site.shapes[0] ? std::vector<Shape>{*site.shapes[0]} : data_shapes();
    const int64_t axis = site.attr_int("axis").value_or(trailing ? -1 : 1);
    for (const Shape& d : datas) {
      const int64_t r = static_cast<int64_t>(d.size());
      const int64_t a = norm_axis(axis, r);
      if (a < 0 || a >= r) continue;
      const Shape param =
          trailing ? Shape(d.begin() + a, d.end()) : Shape{d[static_cast<size_t>(a)]};
      Choice c;
      site.give(c, 0, d);
      for (size_t k = 1; k < site.call.operands.size(); ++k) site.give(c, k, param);
      out.push_back(std::move(c));
    }
    return out;
  }

  /// Broadcasting binary operators: every broadcast partner of a shaped operand.
  std::vector<Choice> binary_choices(const SiteView& site) const {
    std::vector<Choice> out;
    if (site.shapes[0] && site.shapes[1]) return {Choice{}};
    if (site.leaves[0] && site.leaves[1] && *site.leaves[0] == *site.leaves[1]) {
      for (const Shape& s : data_shapes()) {
        Choice c;
        site.give(c, 0, s);
        out.push_back(std::move(c));
      }
      return out;
    }
    if (!site.shapes[0] && !site.shapes[1]) {
      for (const Shape& s : data_shapes())
        for (const Shape& p : broadcast_partners(s)) {
          Choice c;
          site.give(c, 0, s);
          site.give(c, 1, p);
          out.push_back(std::move(c));
        }
      return out;
    }
    const size_t known = site.shapes[0] ? 0 : 1;
    for (const Shape& p : broadcast_partners(*site.shapes[known])) {
      Choice c;
      site.give(c, 1 - known, p);
      out.push_back(std::move(c));
    }
    return out;
  }

  /// A list attribute whose grid depends on the data's shape, chosen with it: pad's pads,
  /// transpose's perm, reshape's target shape.
  static bool chosen_with_shape(OpKind op, std::string_view name) {
    return (op == OpKind::Pad && name == "pads") || (op == OpKind::Transpose && name == "perm") ||
           (op == OpKind::Reshape && name == "shape");
  }
  static std::vector<AttrValue> pads_grid_for(const Shape& s) { return pads_grid(s.size()); }

  /// pad / transpose / reshape: the data shapes, each with the grid of the list attribute
  /// `name` for it (grid.h) unless the rule fixed it (a value that does not fit the data is
  /// left to shape inference, which rejects the candidate).
  std::vector<Choice> list_attr_choices(const SiteView& site, std::string_view name,
                                        std::vector<AttrValue> (*grid)(const Shape&)) const {
    std::vector<Choice> out;
    const std::vector<Shape> datas =
        site.shapes[0] ? std::vector<Shape>{*site.shapes[0]} : data_shapes();
    const AttrSource* attr = find(site.attrs, name);
    for (const Shape& d : datas) {
      std::vector<AttrValue> choices;
      std::optional<uint32_t> slot;
      if (!attr) {
        choices = {AttrValue()};  // the attribute's default
      } else if (auto v = current(*attr, site.st)) {
        choices = {*v};
      } else {
        choices = grid(d), slot = std::get<uint32_t>(*attr);
      }
      for (const AttrValue& p : choices) {
        Choice c;
        site.give(c, 0, d);
        site.set_leaves(c, 1, d);
        if (slot) c.slots.emplace_back(*slot, p);
        out.push_back(std::move(c));
      }
    }
    return out;
  }

  // -- building nodes --

  /// Attributes of a node for a call: literals, slot values; float slots without value
  /// get a placeholder and are recorded as symbolic. Returns false (with `unsupported_`)
  /// when a symbolic float cannot be used.
  Attrs node_attrs(ExprId id, const State& st, std::vector<std::pair<std::string, uint32_t>>& syms,
                   bool source_side) {
    const auto& call = *rule_.expr(id).as<OpCall>();
    Attrs a;
    for (const auto& [name, src] : call_attrs(rule_, id, source_side ? &slots_ : nullptr)) {
      if (auto v = current(src, st)) {
        a.set(name, *v);
        continue;
      }
      const uint32_t slot = std::get<uint32_t>(src);
      if (call.op == OpKind::Upsampling)
        out_.unsupported = "upsampling's scales index memory and must be literals";
      syms.emplace_back(name, slot);
      for (const AttrSpec& sp : attr_specs(call.op))
        if (sp.name == name) a.set(name, sp.required ? AttrValue(0.5) : sp.default_value);
    }
    return a;
  }

  /// Adds a node and infers its type; false when it does not type-check.
  static bool add_typed(State& st, OpKind op, std::string name, std::vector<NodeId> inputs,
                        Attrs attrs, NodeId& out, std::string* error = nullptr) {
    if (auto r = normalize_attrs(op, attrs); !r) {
      if (error) *error = r.error().message;
      return false;
    }
    out = st.g.add_node(op, std::move(name), std::move(inputs), std::move(attrs));
    auto t = infer_node_type(st.g, st.g.node(out));
    if (!t) {
      if (error) *error = t.error().message;
      return false;
    }
    st.g.node_mut(out).type = *t;
    return true;
  }

  /// A rank-0 float32 constant; a float literal's spelling is kept so that the real
  /// domain can take its exact decimal value.
  NodeId scalar_constant(State& st, double v, const std::string* text = nullptr) {
    if (text) st.literal_texts[static_cast<uint32_t>(st.g.size())] = *text;
    return st.g.add_constant(fmt::format("lit{}", st.g.size()), Tensor::scalar(DType::F32, v));
  }

  /// A non-constant leaf's element type: the model's when the spec gives an integer one (an
  /// instance certificate on a quantized graph); in a bitvector rule whose consumer takes
  /// integers, the integer type it takes (int_operand_dtype, or the type of an integer
  /// operand beside it, else int32); float32 otherwise.
  DType leaf_dtype(uint32_t var, const OpCall& call, const State& st) const {
    if (spec_ && var < spec_->leaf_types.size() && spec_->leaf_types[var] &&
        is_integer(spec_->leaf_types[var]->dtype))
      return spec_->leaf_types[var]->dtype;
    // Only a rule about quantized operators types its leaves as integers: other bitvector
    // rules (rules/exact.rules) keep float32-typed instances, read in the bitvector domain.
    if (rule_.domain.kind != dsl::DomainKind::Bv || !calls_quant_op(rule_))
      return DType::F32;
    std::optional<DType> beside;
    for (size_t k = 0; k < call.operands.size(); ++k) {
      const dsl::Expr& x = rule_.expr(call.operands[k]);
      if (auto* r = x.as<dsl::TensorRef>(); r && r->var.index == var) {
        if (auto t = int_operand_dtype(call.op, k)) return *t;
      } else if (auto* r2 = x.as<dsl::TensorRef>(); r2 && st.var_nodes[r2->var.index].valid()) {
        const DType t = st.g.node(st.var_nodes[r2->var.index]).type.dtype;
        if (is_integer(t) && !beside) beside = t;
      } else if (!x.as<dsl::TensorRef>() && st.expr_nodes[call.operands[k].index].valid()) {
        const DType t = st.g.node(st.expr_nodes[call.operands[k].index]).type.dtype;
        if (is_integer(t) && !beside) beside = t;
      }
    }
    return beside.value_or(DType::I32);
  }

  /// In a bitvector rule, a literal operand (a float32 scalar constant) takes the integer
  /// type of the call's first integer operand, as a model's constant would have. False when
  /// a value does not fit that type: no model has such a constant (a uint8 -1), so in the
  /// source it is not a case of the rule (the caller skips it).
  bool retype_literals(State& st, std::vector<NodeId>& inputs) {
    if (rule_.domain.kind != dsl::DomainKind::Bv || !calls_quant_op(rule_)) return true;
    std::optional<DType> t;
    for (NodeId n : inputs)
      if (is_integer(st.g.node(n).type.dtype)) {
        t = st.g.node(n).type.dtype;
        break;
      }
    if (!t) return true;
    bool fits = true;
    for (NodeId& n : inputs) {
      const Node& node = st.g.node(n);
      if (node.op != OpKind::Constant || node.type.dtype != DType::F32 || node.type.rank() != 0 ||
          !node.name.starts_with("lit"))
        continue;
      const double v = node.data->get(0);
      Tensor k = Tensor::scalar(*t, v);
      fits = fits && k.get(0) == v;
      n = st.g.add_constant(fmt::format("lit{}", st.g.size()), std::move(k));
    }
    return fits;
  }

  bool apply_site(const Site& site, const OpCall& call,
                  const std::vector<std::pair<std::string, AttrSource>>&, const Choice& c,
                  State& st) {
    for (const auto& [slot, v] : c.slots) st.slot_values[slot] = v;
    for (const auto& [var, shape] : c.leaves) {
      if (st.var_nodes[var].valid()) continue;
      const std::string& name = rule_.tensor_vars[var].name;
      if (spec_ && var < spec_->leaf_data.size() && spec_->leaf_data[var]) {
        // A constant of the model: its data, under the variable's name.
        st.var_nodes[var] = st.g.add_constant(name, spec_->leaf_data[var]);
        continue;
      }
      NodeId in = st.g.add_input(name, TensorType{leaf_dtype(var, call, st), shape});
      st.var_nodes[var] = in;
      st.var_inputs[var] = in;
    }
    std::vector<NodeId> inputs;
    for (ExprId o : call.operands) {
      const dsl::Expr& x = rule_.expr(o);
      if (auto* r = x.as<dsl::TensorRef>()) {
        if (!st.var_nodes[r->var.index].valid()) return false;  // no shape was chosen
        inputs.push_back(st.var_nodes[r->var.index]);
      } else if (auto* i = x.as<dsl::IntLit>()) {
        inputs.push_back(scalar_constant(st, static_cast<double>(i->value)));
      } else if (auto* f = x.as<dsl::FloatLit>()) {
        inputs.push_back(scalar_constant(st, f->value, &f->text));
      } else if (x.as<dsl::AttrRef>()) {
        std::string error;  // a float attribute operand: a scalar bound to its symbol
        const NodeId in = build(o, st, "", error);
        if (!in.valid()) return false;
        inputs.push_back(in);
      } else {
        inputs.push_back(st.expr_nodes[o.index]);
      }
    }
    if (!retype_literals(st, inputs)) return false;
    std::vector<std::pair<std::string, uint32_t>> syms;
    Attrs attrs = node_attrs(site.expr, st, syms, true);
    const std::string name = site.bound.valid() ? rule_.tensor_vars[site.bound.index].name
                                                : fmt::format("_e{}", site.expr.index);
    NodeId n;
    if (!add_typed(st, call.op, name, std::move(inputs), std::move(attrs), n)) return false;
    for (auto& [attr, slot] : syms) st.symbolic_attrs.push_back({n, attr, slot});
    st.expr_nodes[site.expr.index] = n;
    if (site.bound.valid()) st.var_nodes[site.bound.index] = n;
    return true;
  }

  /// The node of a let / target / precondition expression, built on demand. Returns an
  /// invalid id (and sets `error`) when it does not type-check.
  NodeId build(ExprId e, State& st, const std::string& prefix, std::string& error) {
    if (st.expr_nodes[e.index].valid()) return st.expr_nodes[e.index];
    const dsl::Expr& x = rule_.expr(e);
    NodeId out;
    if (auto* r = x.as<dsl::TensorRef>()) {
      NodeId n = st.var_nodes[r->var.index];
      if (!n.valid()) {
        const dsl::TensorVar& v = rule_.var(r->var);
        if (!v.value.valid()) {
          error = fmt::format("'%{}' has no value", v.name);
          return {};
        }
        n = build(v.value, st, prefix, error);
        if (!n.valid()) return {};
        st.var_nodes[r->var.index] = n;
      }
      return n;
    }
    if (auto* i = x.as<dsl::IntLit>()) return scalar_constant(st, static_cast<double>(i->value));
    if (auto* f = x.as<dsl::FloatLit>()) return scalar_constant(st, f->value, &f->text);
    if (auto* a = x.as<dsl::AttrRef>()) {
      const uint32_t slot = a->var.index;
      if (auto v = st.slot_values[slot]) {
        if (auto* i = std::get_if<int64_t>(&*v))
          return scalar_constant(st, static_cast<double>(*i));
        if (auto* d = std::get_if<double>(&*v)) return scalar_constant(st, *d);
        error = fmt::format("'${}' is not a number", out_.slots[slot].name);
        return {};
      }
      auto it = st.slot_inputs.find(slot);
      if (it != st.slot_inputs.end()) return it->second;
      NodeId in = st.g.add_input("$" + out_.slots[slot].name, TensorType{DType::F32, Shape{}});
      st.slot_inputs[slot] = in;
      return in;
    }
    const auto* call = x.as<OpCall>();
    if (!call) {
      error = "not a tensor expression";
      return {};
    }
    std::vector<NodeId> inputs;
    for (ExprId o : call->operands) {
      NodeId n = build(o, st, prefix, error);
      if (!n.valid()) return {};
      inputs.push_back(n);
    }
    if (!retype_literals(st, inputs)) {
      error =
          fmt::format("a literal operand of {} does not fit its integer type", op_name(call->op));
      return {};
    }
    std::vector<std::pair<std::string, uint32_t>> syms;
    Attrs attrs = node_attrs(e, st, syms, false);
    std::string name = fmt::format("{}_e{}", prefix, e.index);
    for (const dsl::Binding& b : rule_.lets)
      if (b.value == e) name = b.name;
    for (const dsl::Binding& b : rule_.target)
      if (b.value == e) name = prefix + b.name;
    std::string why;
    if (!add_typed(st, call->op, name, std::move(inputs), std::move(attrs), out, &why)) {
      error = fmt::format("{}: {}", op_name(call->op), why);
      return {};
    }
    for (auto& [attr, slot] : syms) st.symbolic_attrs.push_back({out, attr, slot});
    st.expr_nodes[e.index] = out;
    return out;
  }

  void finish(State st) {
    Instance inst;
    const size_t source_end = st.g.size();
    const NodeId source_root = st.var_nodes[rule_.source_root().var.index];
    // Lets and target. A let that does not type-check where the source does is the
    // rule's fault, like an ill-typed target.
    std::string error;
    for (const dsl::Binding& b : rule_.lets) {
      NodeId n = build(b.value, st, "", error);
      if (!n.valid()) break;
      st.var_nodes[b.var.index] = n;
    }
    NodeId target_root;
    if (error.empty()) {
      for (const dsl::Binding& b : rule_.target) {
        if (&b == &rule_.target_root()) {
          target_root = build(b.value, st, "t.", error);
          break;
        }
        NodeId n = build(b.value, st, "t.", error);
        if (!n.valid()) break;
        st.var_nodes[b.var.index] = n;
      }
    }
    if (!out_.unsupported.empty()) return;
    const size_t target_end = st.g.size();
    // The tensor expressions of value preconditions; one that does not type-check
    // cannot be evaluated by the rewriter either, so the instance is not a case.
    for (const dsl::Precondition& p : rule_.preconditions) {
      std::vector<ExprId> sides;
      value_condition_sides(rule_, p.cond, sides);
      for (ExprId s : sides) {
        std::string why;
        if (!build(s, st, "f.", why).valid()) return;
      }
    }
    // Shape and attribute preconditions decide whether this is a case of the rule.
    for (const dsl::Precondition& p : rule_.preconditions) {
      const ShapeFacts facts{rule_, st.g, st.var_nodes, st.slot_values};
      if (eval_shape_condition(facts, p.cond) == Tri::False) return;
    }
    inst.source_end = source_end;
    inst.target_end = target_end;
    inst.source_root = source_root;
    inst.target_root = target_root;
    if (!error.empty() || !target_root.valid()) {
      inst.target_error = error.empty() ? "the target has no value" : error;
      inst.target_root = source_root;
    }
    st.g.add_output(inst.source_root);
    st.g.add_output(inst.target_root);
    if (inst.target_error.empty()) {
      const Shape& a = st.g.node(inst.source_root).type.shape;
      const Shape& b = st.g.node(inst.target_root).type.shape;
      if (a != b)
        inst.target_error =
            fmt::format("the target has shape {}, the source {}", shape_string(b), shape_string(a));
    }
    // Description and dedupe key.
    std::string desc;
    for (size_t v = 0; v < rule_.tensor_vars.size(); ++v)
      if (st.var_inputs[v].valid())
        desc += fmt::format("{}%{}: {}", desc.empty() ? "" : ", ", rule_.tensor_vars[v].name,
                            shape_string(st.g.node(st.var_inputs[v]).type.shape));
    std::string attrs;
    for (size_t s = 0; s < out_.slots.size(); ++s)
      if (st.slot_values[s])
        attrs +=
            fmt::format("{}{}{} = {}", attrs.empty() ? "" : ", ", out_.slots[s].implicit ? "" : "$",
                        out_.slots[s].name, attr_value_string(*st.slot_values[s]));
    if (!attrs.empty()) desc += "; " + attrs;
    if (!seen_.insert(desc).second) return;
    inst.description = std::move(desc);
    for (const Node& n : st.g.nodes()) inst.size += n.type.size();
    inst.var_nodes = std::move(st.var_nodes);
    inst.var_inputs = std::move(st.var_inputs);
    inst.expr_nodes = std::move(st.expr_nodes);
    inst.slot_values = std::move(st.slot_values);
    inst.symbolic_attrs = std::move(st.symbolic_attrs);
    inst.slot_inputs = std::move(st.slot_inputs);
    inst.literal_texts = std::move(st.literal_texts);
    inst.graph = std::move(st.g);
    out_.instances.push_back(std::move(inst));
  }

  static inline const std::vector<std::pair<AxisConfig, AxisConfig>> kNoWindows = {};

  /// The data grid of this enumeration's kind: the 1-or-2 shapes for the grid, the
  /// distinct ones for the distinguishing instances, both for both.
  std::vector<Shape> data_shapes() const {
    std::vector<Shape> out;
    if (windows_ != WindowSet::Distinguishing) out = data_grid(false);
    if (windows_ != WindowSet::Grid) {
      const auto& d = data_grid(true);
      out.insert(out.end(), d.begin(), d.end());
    }
    return out;
  }

  const Rule& rule_;
  Grid grid_;
  WindowSet windows_ = WindowSet::Both;
  const InstanceSpec* spec_ = nullptr;  // single(): the match being instantiated
  Slots slots_;
  std::vector<Site> sites_;
  Enumeration out_;
  std::set<std::string> seen_;
};

}  // namespace

Enumeration enumerate_instances(const dsl::Rule& rule, Grid grid, WindowSet windows) {
  return Enumerator(rule, grid, windows).run();
}

std::map<uint32_t, uint32_t> slots_by_input(const Instance& inst) {
  std::map<uint32_t, uint32_t> out;
  for (const auto& [slot, node] : inst.slot_inputs) out[node.index] = slot;
  return out;
}

Attrs attrs_with_values(const Instance& inst, NodeId n, std::span<const double> float_values) {
  Attrs attrs = inst.graph.node(n).attrs;
  for (const SymbolicAttr& a : inst.symbolic_attrs)
    if (a.node == n) attrs.set(a.attr, float_values[a.slot]);
  return attrs;
}

RuleSlots rule_slots(const dsl::Rule& rule) { return Enumerator(rule, Grid::Default).slot_table(); }

bool calls_quant_op(const dsl::Rule& rule) {
  for (const dsl::Expr& e : rule.exprs)
    if (const auto* c = e.as<OpCall>(); c && is_quant_op(c->op)) return true;
  return false;
}

std::optional<Instance> instantiate(const dsl::Rule& rule, const InstanceSpec& spec,
                                    std::string* why_not) {
  return Enumerator(rule, Grid::Default).single(spec, why_not);
}

}  // namespace vf::verify
