#include "verify/symbolic_pattern.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <optional>

#include "ir/shape_inference.h"
#include "verify/grid.h"
#include "verify/pointwise.h"
#include "verify/precondition.h"

namespace vf::verify::detail {
namespace {

/// More symbolic states than this and the lemma is not attempted (the rule stays bounded).
constexpr size_t kMaxStates = 200'000;

/// The numpy broadcast of two symbolic shapes, unifying aligned classes; false when
/// impossible.
bool broadcast(SymState& st, const SymShape& a, const SymShape& b, SymShape& out) {
  const size_t r = std::max(a.size(), b.size());
  out.assign(r, 0);
  for (size_t k = 0; k < r; ++k) {
    const Dim x = k < r - a.size() ? 0 : st.resolve(a[k - (r - a.size())]);
    const Dim y = k < r - b.size() ? 0 : st.resolve(b[k - (r - b.size())]);
    if (x == 0 || y == 0) {
      out[k] = x == 0 ? y : x;
      continue;
    }
    if (!st.unify(x, y)) return false;
    out[k] = st.find(x);
  }
  return true;
}

// The pointwise fragment's operators, by their class in ops.def: out[i] = f(x[i]) and
// numpy-broadcast f(a[i], b[i]).
bool elementwise_binary(OpKind op) { return op_class(op) == OpClass::Binary; }
bool elementwise_unary(OpKind op) { return op_class(op) == OpClass::Unary; }

bool is_conv(OpKind op) { return op == OpKind::Conv2d || op == OpKind::FusedConv2d; }
bool is_dense(OpKind op) { return op == OpKind::Dense || op == OpKind::FusedDense; }

/// A scalar side of a shape condition under a symbolic state.
struct SymScalar {
  enum Kind { Known, Class, Unknown } kind = Unknown;
  AttrValue value;  // Known
  int cls = 0;      // Class (a size >= 2)
};

/// A comparison the evaluation could not decide but can split on: two classes equal or
/// not, or a class equal to a value or not.
struct Split {
  bool valid = false;
  int a = 0, b = 0;  // classes; b == 0: `a == value`
  int64_t value = 0;
};

/// Enumerates the patterns of one template instance (a grid instance whose non-window
/// attribute values the patterns share).
class Walker {
 public:
  Walker(const dsl::Rule& rule, const Instance& t, const std::vector<bool>& window_slot,
         const CancelFn& cancelled)
      : rule_(rule), t_(t), g_(t.graph), window_slot_(window_slot), cancelled_(cancelled) {
    const PointwiseCheck pc = check_pointwise(t);
    group_.assign(g_.size(), -1);
    for (const SharedReduction& r : pc.reductions) group_[r.node.index] = static_cast<int>(r.group);
    leaf_.assign(g_.size(), false);
    for (NodeId v : t.var_inputs)
      if (v.valid()) leaf_[v.index] = true;
    end_ = t.target_end;
    source_end_ = t.source_end;
  }

  /// Walks every path; the admitted states end up in `done`. Non-empty result: why the
  /// rule is outside the fragment.
  std::string run(std::vector<SymState>& done) {
    SymState st;
    st.shape.assign(end_, {});
    st.shaped.assign(end_, 0);
    done_ = &done;
    walk(0, std::move(st));
    return failure_;
  }

 private:
  void fail(std::string why) {
    if (failure_.empty()) failure_ = std::move(why);
  }

  void walk(size_t i, SymState st) {
    if (!failure_.empty()) return;
    if (++states_ > kMaxStates) return fail("more than 200000 symbolic patterns");
    if (states_ % 256 == 0 && cancel_requested(cancelled_)) return fail(kInterrupted);
    if (i == end_) return conditions(std::move(st), 0);
    const Node& n = g_.nodes()[i];
    if (st.shaped[i] || (n.op == OpKind::Input && leaf_[i])) return walk(i + 1, std::move(st));
    if (n.op == OpKind::Input || n.op == OpKind::Constant) {
      // Float attributes read as scalars, the rule's literals: fixed shapes.
      SymShape s;
      for (int64_t d : n.type.shape) {
        if (d == 1) {
          s.push_back(0);
        } else {
          const int c = st.fresh();
          st.pin[c] = d;
          s.push_back(c);
        }
      }
      set(st, i, std::move(s));
      return walk(i + 1, std::move(st));
    }
    if (i >= source_end_ && st.target_fails) {  // past a let or target that failed
      set(st, i, {});
      return walk(i + 1, std::move(st));
    }
    std::optional<SymState> before;
    if (i >= source_end_) before = st;
    std::vector<SymState> next = step(n, i, std::move(st));
    if (!failure_.empty()) return;
    if (next.empty() && before) {
      // The source is admitted, a let or the target is not: keep the pattern, marked.
      before->target_fails = true;
      set(*before, i, {});
      return walk(i + 1, std::move(*before));
    }
    for (SymState& s : next)
      if (!ruled_out(s)) walk(i + 1, std::move(s));
  }

  /// A precondition already false with the shapes chosen so far (the others Unknown).
  bool ruled_out(const SymState& st) const {
    for (const dsl::Precondition& p : rule_.preconditions)
      if (eval(st, p.cond, nullptr) == Tri::False) return true;
    return false;
  }

  void set(SymState& st, size_t i, SymShape s) {
    st.shape[i] = std::move(s);
    st.shaped[i] = 1;
  }
  bool unshaped_leaf(const SymState& st, NodeId in) const {
    return in.index < end_ && leaf_[in.index] && !st.shaped[in.index];
  }

  /// Every rank 0..kMaxRank, each axis 1 or a new class.
  static std::vector<SymShape> data_menu(SymState& st, size_t min_rank = 0) {
    std::vector<SymShape> out;
    for (size_t r = min_rank; r <= kMaxRank; ++r)
      for (unsigned bits = 0; bits < (1u << r); ++bits) {
        SymShape s(r, 0);
        for (size_t k = 0; k < r; ++k)
          if ((bits >> k) & 1) s[k] = -1;  // a new class, made per state below
        out.push_back(s);
      }
    return out;
  }
  /// Every rank 0..kMaxRank, each axis 1 or the aligned dimension of `s` (a new class
  /// where `s` has 1 or no axis).
  static std::vector<SymShape> partner_menu(const SymState& st, const SymShape& s) {
    std::vector<SymShape> out;
    const size_t r = s.size();
    for (size_t pr = 0; pr <= kMaxRank; ++pr)
      for (unsigned bits = 0; bits < (1u << pr); ++bits) {
        SymShape p(pr, 0);
        for (size_t k = 0; k < pr; ++k) {
          if (!((bits >> k) & 1)) continue;
          const size_t from_last = pr - 1 - k;
          const Dim aligned = from_last < r ? st.resolve(s[r - 1 - from_last]) : 0;
          p[k] = aligned != 0 ? aligned : -1;
        }
        out.push_back(p);
      }
    return out;
  }
  /// A menu entry made concrete in a state: -1 entries become new classes.
  static SymShape make(SymState& st, SymShape s, bool dc = false) {
    for (Dim& d : s)
      if (d == -1) d = st.fresh(dc);
    return s;
  }

  std::vector<SymState> step(const Node& n, size_t i, SymState st) {
    std::vector<SymState> out;
    const auto& in = n.inputs;
    if (elementwise_binary(n.op)) {
      std::vector<std::pair<SymShape, SymShape>> choices;  // shapes of in[0], in[1]
      const bool u0 = unshaped_leaf(st, in[0]), u1 = unshaped_leaf(st, in[1]);
      if (u0 && u1 && in[0] == in[1]) {
        for (const SymShape& a : data_menu(st)) choices.push_back({a, a});
      } else if (u0 && u1) {
        for (const SymShape& a : data_menu(st)) choices.push_back({a, {}});
      } else if (u0) {
        for (const SymShape& a : partner_menu(st, st.shape[in[1].index]))
          choices.push_back({a, {}});
      } else if (u1) {
        for (const SymShape& b : partner_menu(st, st.shape[in[0].index]))
          choices.push_back({{}, b});
      } else {
        choices.push_back({{}, {}});
      }
      for (const auto& [a, b] : choices) {
        SymState s = st;
        if (u0) set(s, in[0].index, make(s, a));
        if (u1 && in[1] != in[0]) {
          if (u0) {  // both new: the second is a partner of the first
            for (const SymShape& p : partner_menu(s, s.shape[in[0].index])) {
              SymState s2 = s;
              set(s2, in[1].index, make(s2, p));
              SymShape o;
              if (broadcast(s2, s2.shape[in[0].index], s2.shape[in[1].index], o)) {
                set(s2, i, std::move(o));
                out.push_back(std::move(s2));
              }
            }
            continue;
          }
          set(s, in[1].index, make(s, b));
        }
        SymShape o;
        if (!broadcast(s, s.shape[in[0].index], s.shape[in[1].index], o)) continue;
        set(s, i, std::move(o));
        out.push_back(std::move(s));
      }
      return out;
    }
    // The first operand of the other operators: any shape when it is a new leaf.
    std::vector<SymState> firsts;
    if (unshaped_leaf(st, in[0])) {
      size_t min_rank = 0;
      if (is_conv(n.op)) min_rank = kMaxRank;  // conv2d: rank 4 (checked below)
      if (is_dense(n.op)) min_rank = 1;
      for (const SymShape& a : data_menu(st, min_rank)) {
        SymState s = st;
        SymShape sh = make(s, a);
        if (is_conv(n.op)) {  // x [N, C, H, W]: only N is read outside the accumulator
          if (sh.size() != 4) continue;
          for (size_t k = 1; k < 4; ++k) sh[k] = s.fresh(true);
        }
        if (is_dense(n.op)) sh.back() = s.fresh(true);  // K
        set(s, in[0].index, std::move(sh));
        firsts.push_back(std::move(s));
      }
    } else {
      firsts.push_back(std::move(st));
    }
    for (SymState& s : firsts) {
      const SymShape x = s.shape[in[0].index];
      if (elementwise_unary(n.op)) {
        set(s, i, x);
        out.push_back(std::move(s));
        continue;
      }
      switch (n.op) {
        case OpKind::BatchNorm:
        case OpKind::BiasAdd: {
          const int64_t r = static_cast<int64_t>(x.size());
          int64_t axis = n.attrs.get_int("axis");
          if (axis < 0) axis += r;
          if (axis < 0 || axis >= r) break;
          bool ok = true;
          for (size_t k = 1; k < in.size() && ok; ++k) {
            if (unshaped_leaf(s, in[k])) {
              set(s, in[k].index, {x[static_cast<size_t>(axis)]});
              continue;
            }
            const SymShape& p = s.shape[in[k].index];
            ok = p.size() == 1 && s.same(p[0], x[static_cast<size_t>(axis)]);
          }
          if (!ok) break;
          set(s, i, x);
          out.push_back(std::move(s));
          break;
        }
        case OpKind::ExpandDims: {
          const int64_t r = static_cast<int64_t>(x.size());
          int64_t axis = n.attrs.get_int("axis");
          if (axis < 0) axis += r + 1;
          const int64_t k = n.attrs.get_int("num_newaxis");
          if (axis < 0 || axis > r || k < 0) break;
          SymShape o = x;
          o.insert(o.begin() + axis, static_cast<size_t>(k), 0);
          set(s, i, std::move(o));
          out.push_back(std::move(s));
          break;
        }
        case OpKind::Squeeze: {
          const auto& axes = n.attrs.get_ints("axes");
          const int64_t r = static_cast<int64_t>(x.size());
          std::set<int64_t> drop;
          bool ok = true;
          for (int64_t a : axes) {
            const int64_t k = a < 0 ? a + r : a;
            if (k < 0 || k >= r || s.resolve(x[static_cast<size_t>(k)]) != 0) ok = false;
            drop.insert(k);
          }
          if (!ok) break;
          SymShape o;
          for (int64_t k = 0; k < r; ++k) {
            const Dim d = s.resolve(x[static_cast<size_t>(k)]);
            if (axes.empty() ? d == 0 : drop.count(k) > 0) continue;
            o.push_back(d);
          }
          set(s, i, std::move(o));
          out.push_back(std::move(s));
          break;
        }
        case OpKind::Conv2d:
        case OpKind::FusedConv2d:
        case OpKind::Dense:
        case OpKind::FusedDense: reduction(n, i, std::move(s), out); break;
        default:
          fail(fmt::format("'{}' is outside the pointwise fragment", op_name(n.op)));
          return {};
      }
    }
    return out;
  }

  /// A conv / dense taken as a shared accumulator: its output is [N, O, OH, OW] (dense:
  /// the leading dimensions of x and M); the x and w dimensions the sum runs over are
  /// not pattern positions.
  void reduction(const Node& n, size_t i, SymState st, std::vector<SymState>& out) {
    if (group_[i] < 0) return fail(fmt::format("'{}' is not a shared accumulator", n.name));
    const bool conv = is_conv(n.op);
    const auto& in = n.inputs;
    std::vector<SymState> ws;
    const int64_t groups = conv ? n.attrs.get_int("groups") : 1;
    if (unshaped_leaf(st, in[1])) {
      for (bool unit : {true, false}) {
        if (unit && groups > 1) continue;  // O is a multiple of the groups
        SymState s = st;
        SymShape w = {unit ? 0 : s.fresh()};
        if (!unit) s.multiple[w[0]] = groups;
        for (int k = conv ? 3 : 1; k > 0; --k) w.push_back(s.fresh(true));
        set(s, in[1].index, std::move(w));
        ws.push_back(std::move(s));
      }
    } else {
      ws.push_back(std::move(st));
    }
    for (SymState& s : ws) {
      const SymShape x = s.shape[in[0].index];
      const SymShape w = s.shape[in[1].index];
      if (w.size() != (conv ? 4u : 2u) || (conv && x.size() != 4)) continue;
      if (!conv && !s.same(x.back(), w[1])) continue;
      // The spatial sizes: those of the paired reduction, or 1 or a class each.
      std::vector<SymShape> outs;
      const SymShape* paired = nullptr;
      for (size_t j = 0; j < i; ++j)
        if (group_[j] == group_[i] && s.shaped[j]) paired = &s.shape[j];
      if (paired) {
        outs.push_back(*paired);
      } else if (conv) {
        for (unsigned bits = 0; bits < 4; ++bits)
          outs.push_back({x[0], w[0], (bits & 1) ? -1 : 0, (bits & 2) ? -1 : 0});
      } else {
        SymShape o(x.begin(), x.end() - 1);
        o.push_back(w[0]);
        outs.push_back(o);
      }
      for (const SymShape& o0 : outs) {
        SymState s2 = s;
        SymShape o = make(s2, o0);
        // A paired (target) reduction's output: conv [N, O, OH, OW], dense x's leading
        // dimensions and M.
        bool ok = true;
        if (paired) {
          ok = o.size() == (conv ? 4u : x.size()) && s2.same(o[conv ? 1 : o.size() - 1], w[0]);
          if (conv) ok = ok && s2.same(o[0], x[0]);
          for (size_t k = 0; ok && !conv && k + 1 < x.size(); ++k) ok = s2.same(o[k], x[k]);
        }
        // Epilogue operands: bias / scale / shift [O]; the residual like the output.
        size_t part = 0;
        for (size_t k = 2; k < in.size() && ok; ++k) {
          bool residual = false;
          if (n.op == OpKind::FusedConv2d || n.op == OpKind::FusedDense) {
            size_t seen = 0;
            for (const char* flag : {"has_bias", "has_scale", "has_shift", "has_residual"}) {
              if (n.attrs.get_int(flag) == 0) continue;
              if (seen++ == part) residual = std::string_view(flag) == "has_residual";
            }
          }
          ++part;
          const SymShape want = residual ? o : SymShape{w[0]};
          if (unshaped_leaf(s2, in[k])) {
            set(s2, in[k].index, want);
            continue;
          }
          const SymShape& p = s2.shape[in[k].index];
          ok = p.size() == want.size();
          for (size_t a = 0; a < p.size() && ok; ++a) ok = s2.same(p[a], want[a]);
        }
        if (!ok) continue;
        set(s2, i, std::move(o));
        out.push_back(std::move(s2));
      }
    }
  }

  // -- preconditions --

  SymScalar scalar(const SymState& st, dsl::ExprId e) const {
    const dsl::Expr& x = rule_.expr(e);
    SymScalar out;
    if (auto* i = x.as<dsl::IntLit>()) return {SymScalar::Known, i->value, 0};
    if (auto* f = x.as<dsl::FloatLit>()) return {SymScalar::Known, f->value, 0};
    if (auto* l = x.as<dsl::IntListLit>()) return {SymScalar::Known, l->values, 0};
    if (auto* s = x.as<dsl::StrLit>()) return {SymScalar::Known, s->value, 0};
    if (auto* a = x.as<dsl::AttrRef>()) {
      const uint32_t slot = a->var.index;
      if (slot < window_slot_.size() && window_slot_[slot]) return out;  // varies with the window
      if (!t_.slot_values[slot]) return out;                             // a float symbol
      return {SymScalar::Known, *t_.slot_values[slot], 0};
    }
    const auto* b = x.as<dsl::BuiltinCall>();
    if (!b) return out;
    auto shape_of = [&](dsl::ExprId arg) -> const SymShape* {
      const auto* r = rule_.expr(arg).as<dsl::TensorRef>();
      if (!r) return nullptr;
      const NodeId n = t_.var_nodes[r->var.index];
      if (!n.valid() || n.index >= end_ || !st.shaped[n.index]) return nullptr;
      return &st.shape[n.index];
    };
    switch (b->fn) {
      case dsl::Builtin::Rank: {
        const SymShape* s = shape_of(b->args[0]);
        if (!s) return out;
        return {SymScalar::Known, static_cast<int64_t>(s->size()), 0};
      }
      case dsl::Builtin::Dim: {
        const SymShape* s = shape_of(b->args[0]);
        const SymScalar k = scalar(st, b->args[1]);
        if (!s || k.kind != SymScalar::Known || !std::holds_alternative<int64_t>(k.value))
          return out;
        int64_t a = std::get<int64_t>(k.value);
        if (a < 0) a += static_cast<int64_t>(s->size());
        if (a < 0 || a >= static_cast<int64_t>(s->size()))
          return {SymScalar::Known, int64_t{-1}, 0};
        const Dim d = st.resolve((*s)[static_cast<size_t>(a)]);
        if (d == 0) return {SymScalar::Known, int64_t{1}, 0};
        if (st.dontcare[d]) return out;
        if (st.pin[d]) return {SymScalar::Known, st.pin[d], 0};
        return {SymScalar::Class, {}, d};
      }
      case dsl::Builtin::Len: {
        const SymScalar v = scalar(st, b->args[0]);
        if (v.kind != SymScalar::Known) return out;
        if (auto* l = std::get_if<std::vector<int64_t>>(&v.value))
          return {SymScalar::Known, static_cast<int64_t>(l->size()), 0};
        return out;
      }
      default: return out;
    }
  }

  /// A comparison with a class: what the class's range (>= 2, pins, exclusions) decides.
  static Tri class_vs_value(const SymState& st, int c, dsl::CmpOp op, int64_t v, Split* split) {
    if (st.forbid[c].count(v) && op == dsl::CmpOp::Eq) return Tri::False;
    if (st.forbid[c].count(v) && op == dsl::CmpOp::Ne) return Tri::True;
    switch (op) {
      case dsl::CmpOp::Eq:
      case dsl::CmpOp::Ne:
        if (v < 2) return op == dsl::CmpOp::Eq ? Tri::False : Tri::True;
        if (split && !split->valid) *split = {true, c, 0, v};
        return Tri::Unknown;
      case dsl::CmpOp::Gt: return v < 2 ? Tri::True : Tri::Unknown;
      case dsl::CmpOp::Ge: return v <= 2 ? Tri::True : Tri::Unknown;
      case dsl::CmpOp::Lt: return v <= 2 ? Tri::False : Tri::Unknown;
      case dsl::CmpOp::Le: return v < 2 ? Tri::False : Tri::Unknown;
    }
    return Tri::Unknown;
  }

  static dsl::CmpOp flip(dsl::CmpOp op) {
    switch (op) {
      case dsl::CmpOp::Lt: return dsl::CmpOp::Gt;
      case dsl::CmpOp::Le: return dsl::CmpOp::Ge;
      case dsl::CmpOp::Gt: return dsl::CmpOp::Lt;
      case dsl::CmpOp::Ge: return dsl::CmpOp::Le;
      default: return op;
    }
  }

  Tri eval(const SymState& st, dsl::ExprId cond, Split* split) const {
    const dsl::Expr& x = rule_.expr(cond);
    if (auto* l = x.as<dsl::Logic>()) {
      const Tri a = eval(st, l->lhs, split), b = eval(st, l->rhs, split);
      return l->op == dsl::LogicOp::And ? tri_and(a, b) : tri_or(a, b);
    }
    if (auto* n = x.as<dsl::Not>()) return tri_not(eval(st, n->operand, split));
    if (auto* b = x.as<dsl::BuiltinCall>()) {
      if (b->fn == dsl::Builtin::Const || b->fn == dsl::Builtin::SingleUse) return Tri::True;
      return Tri::Unknown;  // all / any: values, for the solver
    }
    const auto* c = x.as<dsl::Compare>();
    if (!c) return Tri::Unknown;
    const SymScalar a = scalar(st, c->lhs), b = scalar(st, c->rhs);
    if (a.kind == SymScalar::Known && b.kind == SymScalar::Known)
      return compare_values(c->op, a.value, b.value) ? Tri::True : Tri::False;
    auto as_int = [](const SymScalar& s) -> std::optional<int64_t> {
      if (s.kind != SymScalar::Known) return std::nullopt;
      if (auto* i = std::get_if<int64_t>(&s.value)) return *i;
      return std::nullopt;
    };
    if (a.kind == SymScalar::Class && as_int(b))
      return class_vs_value(st, a.cls, c->op, *as_int(b), split);
    if (b.kind == SymScalar::Class && as_int(a))
      return class_vs_value(st, b.cls, flip(c->op), *as_int(a), split);
    if (a.kind == SymScalar::Class && b.kind == SymScalar::Class) {
      const int p = st.find(a.cls), q = st.find(b.cls);
      if (c->op != dsl::CmpOp::Eq && c->op != dsl::CmpOp::Ne) {
        if (p == q) return compare_values(c->op, int64_t{0}, int64_t{0}) ? Tri::True : Tri::False;
        return Tri::Unknown;
      }
      const bool eq = c->op == dsl::CmpOp::Eq;
      if (p == q) return eq ? Tri::True : Tri::False;
      if (st.is_apart(p, q)) return eq ? Tri::False : Tri::True;
      if (split && !split->valid) *split = {true, p, q, 0};
      return Tri::Unknown;
    }
    return Tri::Unknown;
  }

  /// The preconditions from the k-th on, splitting states on equalities they ask about.
  void conditions(SymState st, size_t k) {
    for (; k < rule_.preconditions.size(); ++k) {
      Split split;
      const Tri r = eval(st, rule_.preconditions[k].cond, &split);
      if (r == Tri::False) return;
      if (r == Tri::True || !split.valid) continue;  // undecided and no split: may hold
      // Both answers of the comparison, each re-evaluated.
      SymState yes = st, no = st;
      if (split.b != 0) {
        const bool ok = yes.unify(split.a, split.b);
        no.apart.insert({std::min(split.a, split.b), std::max(split.a, split.b)});
        if (ok) conditions(std::move(yes), k);
        conditions(std::move(no), k);
      } else {
        if (!yes.forbid[split.a].count(split.value)) {
          yes.pin[split.a] = split.value;
          conditions(std::move(yes), k);
        }
        no.forbid[split.a].insert(split.value);
        conditions(std::move(no), k);
      }
      return;
    }
    done_->push_back(std::move(st));
  }

  const dsl::Rule& rule_;
  const Instance& t_;
  const Graph& g_;
  const std::vector<bool>& window_slot_;
  std::vector<int> group_;
  std::vector<bool> leaf_;
  size_t end_ = 0;
  size_t source_end_ = 0;
  std::vector<SymState>* done_ = nullptr;
  size_t states_ = 0;
  const CancelFn& cancelled_;
  std::string failure_;
};

}  // namespace

std::string enumerate_symbolic_patterns(const dsl::Rule& rule, const Instance& t,
                                        const std::vector<bool>& window_slot,
                                        std::vector<SymState>& done, const CancelFn& cancelled) {
  return Walker(rule, t, window_slot, cancelled).run(done);
}

}  // namespace vf::verify::detail
