// The random test of a rule (test_rule_randomly, declared in random_instance.h): random
// instances from random_instance_spec, each run on random values in the interpreter and its
// source and target compared. The shapes are drawn in random_instance.cpp; the values, the
// value preconditions and the comparison live here.
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

#include "interp/interpreter.h"
#include "ir/shape_inference.h"
#include "semantics/tensor_ops.h"
#include "semantics/walk_graph.h"
#include "semantics/wrap_int_domain.h"
#include "verify/precondition.h"
#include "verify/random_draw.h"
#include "verify/random_instance.h"

namespace vf::verify {
namespace {

using detail::chance;
using detail::pick;
using detail::uniform_int;
using dsl::ExprId;
using dsl::OpCall;
using dsl::Rule;

/// "[0, 1, 0, 0]": the index of element `flat` of a tensor of shape `s`.
std::string index_string(const Shape& s, int64_t flat) {
  std::vector<int64_t> idx(s.size());
  for (size_t k = s.size(); k-- > 0;) {
    idx[k] = flat % s[k];
    flat /= s[k];
  }
  return fmt::format("[{}]", fmt::join(idx, ", "));
}

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

RandomTestResult test_rule_randomly(const dsl::Rule& rule, const RandomTestOptions& opts) {
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  };
  RandomTestResult out;
  const RuleSlots slots = rule_slots(rule);
  SplitMix64 rng(opts.seed, rule.name);
  int64_t failure_at = -1;  // instances run when the first failure was found
  while (out.instances < opts.max_instances && out.attempts < opts.max_attempts &&
         elapsed() < opts.budget_ms) {
    if (failure_at >= 0 && out.instances >= failure_at + opts.extra_after_failure) break;
    ++out.attempts;
    std::string why;
    auto spec = random_instance_spec(rule, slots, rng, &why);
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
