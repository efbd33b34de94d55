#include "rewrite/certify.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <set>
#include <unordered_set>

#include "ir/op_attrs.h"
#include "rewrite/bound_domain.h"
#include "rewrite/certificate_text.h"
#include "semantics/walk_graph.h"
#include "smt/bv_domain.h"
#include "smt/real_domain.h"
#include "smt/solver.h"
#include "smt/sym_tensor.h"
#include "verify/encode_instance.h"
#include "verify/pointwise.h"

namespace vf::rewrite {
namespace {

using smt::Expr;
using smt::SymTensor;

/// Largest size tried for a dimension of a view (windows need a few elements).
constexpr int64_t kMaxViewDim = 8;

/// The instance spec of a match: the model's types, the constants' data when
/// `with_data`, the non-constant leaves' shapes from `shapes` (by TensorVarId).
verify::InstanceSpec make_spec(const Match& m, const Graph& g, bool with_data,
                               const std::vector<std::optional<Shape>>& shapes) {
  const dsl::Rule& rule = *m.rule;
  verify::InstanceSpec spec;
  spec.leaf_types.assign(rule.tensor_vars.size(), std::nullopt);
  spec.leaf_data.assign(rule.tensor_vars.size(), nullptr);
  for (size_t v = 0; v < rule.tensor_vars.size(); ++v) {
    if (rule.tensor_vars[v].origin != dsl::VarOrigin::SourceInput || !m.vars[v].valid()) continue;
    const Node& n = g.node(m.vars[v]);
    TensorType t = n.type;
    if (shapes[v]) t.shape = *shapes[v];
    spec.leaf_types[v] = t;
    if (with_data && n.op == OpKind::Constant) spec.leaf_data[v] = n.data;
  }
  spec.slot_values = m.slots;
  return spec;
}

bool instantiates(const Match& m, const Graph& g, const std::vector<std::optional<Shape>>& shapes,
                  verify::Instance* out = nullptr) {
  auto inst = verify::instantiate(*m.rule, make_spec(m, g, false, shapes));
  if (!inst || !inst->target_error.empty()) return false;
  if (out) *out = std::move(*inst);
  return true;
}

/// The input-side folds the read analysis of instance `inst` of match `m` may pair: the
/// leaves that are constants of the model are known here.
verify::InputFolds input_folds(const Match& m, const Graph& g, const verify::Instance& inst) {
  verify::InputFolds f;
  f.constant.assign(inst.graph.size(), false);
  for (size_t k = 0; k < m.vars.size() && k < inst.var_inputs.size(); ++k)
    if (m.vars[k].valid() && inst.var_inputs[k].valid() && g.node(m.vars[k]).op == OpKind::Constant)
      f.constant[inst.var_inputs[k].index] = true;
  return f;
}

/// Shrinks every non-constant leaf, dimension by dimension, to the smallest size at
/// which the rule still instantiates; nullopt when the result is not pointwise, or not
/// pointwise when the shrunk dimensions are 2 instead of 1 (so that reads that a size
/// of 1 would merge are told apart, as in the prover's grid).
std::optional<View> find_view(const Match& m, const Graph& g) {
  const dsl::Rule& rule = *m.rule;
  View v;
  v.shapes.assign(rule.tensor_vars.size(), std::nullopt);
  std::vector<size_t> leaves;
  for (size_t k = 0; k < rule.tensor_vars.size(); ++k)
    if (rule.tensor_vars[k].origin == dsl::VarOrigin::SourceInput && m.vars[k].valid() &&
        g.node(m.vars[k]).op != OpKind::Constant) {
      leaves.push_back(k);
      v.shapes[k] = g.node(m.vars[k]).type.shape;
    }
  if (leaves.empty()) return std::nullopt;
  std::vector<std::pair<size_t, size_t>> shrunk;  // (leaf, axis) set to 1
  auto try_sizes = [&](const std::vector<size_t>& which, size_t a) {
    int64_t actual = 0;
    for (size_t k : which) actual = std::max(actual, (*v.shapes[k])[a]);
    for (int64_t size = 1; size < std::min(actual, kMaxViewDim + 1); ++size) {
      auto trial = v.shapes;
      for (size_t k : which) (*trial[k])[a] = std::min(size, (*trial[k])[a]);
      if (!instantiates(m, g, trial)) continue;
      v.shapes = std::move(trial);
      if (size == 1)
        for (size_t k : which) shrunk.emplace_back(k, a);
      return;
    }
  };
  // Every leaf's axis a together first (a residual must keep the shape of the conv
  // output it is added to), then each leaf on its own.
  size_t max_rank = 0;
  for (size_t k : leaves) max_rank = std::max(max_rank, v.shapes[k]->size());
  for (size_t a = 0; a < max_rank; ++a) {
    std::vector<size_t> which;
    for (size_t k : leaves)
      if (a < v.shapes[k]->size() && v.shapes[k]->size() == max_rank) which.push_back(k);
    if (which.size() > 1) try_sizes(which, a);
  }
  for (size_t k : leaves)
    for (size_t a = 0; a < v.shapes[k]->size(); ++a) try_sizes({k}, a);
  verify::Instance view;
  if (!instantiates(m, g, v.shapes, &view)) return std::nullopt;
  const verify::InputFolds folds = input_folds(m, g, view);
  v.check = verify::check_pointwise(view, &folds);
  if (!v.check.pointwise) return std::nullopt;
  if (!shrunk.empty()) {
    auto probe = v.shapes;
    for (const auto& [k, a] : shrunk)
      (*probe[k])[a] = std::min<int64_t>(2, g.node(m.vars[k]).type.shape[a]);
    verify::Instance p;
    if (!instantiates(m, g, probe, &p)) return std::nullopt;
    const verify::InputFolds probe_folds = input_folds(m, g, p);
    if (!verify::check_pointwise(p, &probe_folds).pointwise) return std::nullopt;
  }
  for (size_t k : leaves) {
    if (!v.description.empty()) v.description += ", ";
    v.description += fmt::format("%{}: {}", rule.tensor_vars[k].name, shape_string(*v.shapes[k]));
  }
  return v;
}

/// Per output channel o of a conv2d over add(x, t), weight w [O, C/g, KH, KW], t one
/// value per input channel (groups 1) or one value: sum over the window of t[c] w[o, c,
/// kh, kw], in the semantics' order (kh, kw, c innermost) — what the source's window sum
/// adds to the target's over x (lemma shared_accumulator_input_shift; unpadded, so every
/// tap is inside the input).
std::vector<Expr> input_shift_sums(const SymTensor& w, const SymTensor& t, int64_t channels) {
  const int64_t cin = w.shape[1], khw = w.shape[2] * w.shape[3];
  const bool one = t.elems.size() == 1;
  std::vector<Expr> out;
  for (int64_t o = 0; o < channels; ++o) {
    Expr sum;
    for (int64_t k = 0; k < khw; ++k)
      for (int64_t c = 0; c < cin; ++c) {
        const Expr term = t.elems[one ? 0 : static_cast<size_t>(c)] *
                          w.elems[static_cast<size_t>((o * cin + c) * khw + k)];
        sum = sum.valid() ? sum + term : term;
      }
    out.push_back(sum);
  }
  return out;
}

/// The override that encodes shared accumulators as symbols and skips the nodes no
/// claim reads (the weights behind an accumulator, at their full size).
smt::NodeOverride accumulator_override(smt::RealDomain& d, const verify::Instance& inst,
                                       const verify::PointwiseCheck& check,
                                       std::vector<bool> needed) {
  const Graph& g = inst.graph;
  std::vector<int> group(g.size(), -1);
  std::vector<NodeId> scale(g.size()), shift(g.size());
  for (const verify::SharedReduction& r : check.reductions) {
    group[r.node.index] = static_cast<int>(r.group);
    scale[r.node.index] = r.scale;
    shift[r.node.index] = r.input_shift;
  }
  return [&d, &g, group, scale, shift, needed](
             size_t i, std::span<const sem::Operand<Expr>> operands, sem::FloatAttrValues<Expr> fv,
             std::span<const SymTensor> earlier, SymTensor& out) {
    if (!needed[i]) {
      out = SymTensor{};
      return true;
    }
    if (group[i] < 0) return false;
    const Node& n = g.nodes()[i];
    smt::Context& ctx = d.context();
    out.shape = n.type.shape;
    out.elems.clear();
    const SymTensor acc =
        smt::var_tensor(ctx, fmt::format("acc{}", group[i]), n.type.shape, smt::Sort::real());
    const bool conv = n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d;
    const int64_t M = n.type.shape.back();
    const int64_t inner = conv ? n.type.shape[2] * n.type.shape[3] : 1;
    const int64_t channels = conv ? n.type.shape[1] : M;
    const std::vector<Expr> shifted =
        shift[i].valid()
            ? input_shift_sums(earlier[n.inputs[1].index], earlier[shift[i].index], channels)
            : std::vector<Expr>{};
    sem::eval_reduction(d, n.op, n.attrs, operands, n.type.shape, out.elems, fv,
                        [&](int64_t flat, const int64_t*) {
                          const Expr a = acc.elems[static_cast<size_t>(flat)];
                          if (shift[i].valid())  // lemma shared_accumulator_input_shift
                            return a + shifted[static_cast<size_t>((flat / inner) % channels)];
                          if (!scale[i].valid()) return a;
                          // e broadcast to the weight's shape varies along axis 0 only.
                          const SymTensor& e = earlier[scale[i].index];
                          const int64_t o = conv ? (flat / inner) % channels : flat % M;
                          const Shape& ws = g.node(n.inputs[1]).type.shape;
                          const auto st = sem::broadcast_strides(e.shape, ws.size());
                          std::vector<int64_t> widx(ws.size(), 0);
                          widx[0] = o;
                          return e.elems[static_cast<size_t>(sem::offset_of(widx.data(), st))] * a;
                        });
    return true;
  };
}

/// Nodes some claim reads: backwards from the roots and the preconditions' expressions,
/// not through the x and w of a shared accumulator.
std::vector<bool> needed_nodes(const verify::Instance& inst, const verify::PointwiseCheck* check) {
  const Graph& g = inst.graph;
  std::vector<bool> acc(g.size(), false);
  std::vector<bool> need(g.size(), false);
  if (check)
    for (const verify::SharedReduction& r : check->reductions) {
      acc[r.node.index] = true;
      if (r.scale.valid()) need[r.scale.index] = true;  // e[o] times the accumulator
      if (r.input_shift.valid())                        // plus sum_k t[c_k] w_k
        need[r.input_shift.index] = need[inst.graph.node(r.node).inputs[1].index] = true;
    }
  need[inst.source_root.index] = need[inst.target_root.index] = true;
  for (size_t i = inst.target_end; i < g.size(); ++i) need[i] = true;
  for (size_t i = g.size(); i-- > 0;) {
    if (!need[i]) continue;
    const Node& n = g.nodes()[i];
    for (size_t k = 0; k < n.inputs.size(); ++k)
      if (!acc[i] || k >= 2) need[n.inputs[k].index] = true;
  }
  return need;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::string smtlib(smt::Solver& s, const smt::Query& q, bool split_claims = false) {
  smt::Solver::SmtlibOptions so;
  so.split_claims = split_claims;
  so.logic_all = true;
  return s.to_smtlib(q, so);
}

/// Whether every claim of `q` holds by syntax alone: an element claim whose two sides
/// are one term, or another claim (the target's definedness) that is a hypothesis.
bool holds_by_definition(const smt::Query& q) {
  if (!q.unsupported.empty() || q.claims.empty()) return false;
  std::unordered_set<uint32_t> hypotheses;
  for (Expr h : q.hypotheses) hypotheses.insert(h.id());
  for (const smt::Claim& c : q.claims) {
    if (c.lhs.valid() && c.rhs.valid() ? !smt::identical(c.lhs, c.rhs)
                                       : !hypotheses.count(c.holds.id()))
      return false;
  }
  return true;
}

/// A query that holds by definition (holds_by_definition) as the claims with sides alone:
/// each is one term on both sides, valid with no hypothesis; the claims without sides (the
/// target's definedness) are each one of the source's hypotheses, H => H, and are left out
/// with the hypotheses. Fewer hypotheses make a stronger statement. A layer norm's
/// definedness over 768 elements (the variance, a square of a 768-term sum, >= 0) costs a
/// replaying solver minutes to expand and says nothing the claims need.
smt::Query definitional_query(const smt::Query& q) {
  smt::Query out;
  for (const smt::Claim& c : q.claims)
    if (c.lhs.valid() && c.rhs.valid()) out.claims.push_back(c);
  return out;
}

/// The solver options of a certificate's queries.
smt::SolverOptions solver_options(const CertifyOptions& opts, bool bitvector,
                                  smt::ClaimCache& claims) {
  smt::SolverOptions so;
  so.timeout_ms = opts.timeout_ms;
  so.cancelled = opts.cancelled;
  so.split_claims = true;
  so.conjunction_first = !bitvector;
  so.incremental_claims = bitvector;
  if (bitvector) so.claim_cache = &claims;
  so.probes = 0;  // the Context is shared by the compile's certificates
  // Evaluating claims in a model with square roots (algebraic numbers) can cost far more
  // than finding the model; a refuted certificate only needs the verdict.
  so.max_violations = 0;
  return so;
}

/// The first query of a certificate: the preconditions of `enc` on the actual constants,
/// written into cert.smt2; nullopt when proved, else the outcome and why.
std::optional<std::pair<CertOutcome, std::string>> prove_preconditions(
    const Match& m, smt::Context& ctx, const smt::SolverOptions& so, const verify::Encoded& enc,
    Certificate& cert) {
  const dsl::Rule& rule = *m.rule;
  // (1) The preconditions, on the actual constants. Usually ground facts about numerals,
  // proved without the facts about square roots and inverses; only when not are those
  // asked for (and written into the certificate).
  smt::Query pre;
  for (size_t k = 0; k < enc.preconditions.size(); ++k)
    pre.claims.push_back({fmt::format("precondition {}", k + 1), enc.preconditions[k], {}, {}});
  pre.unsupported = enc.source.unsupported;
  // A precondition that Z3's simplifier turns into false on the actual constants needs no
  // search: the rule does not apply here (and a false verdict only keeps the graph as it is).
  for (size_t k = 0; k < enc.preconditions.size(); ++k)
    if (ctx.simplify(enc.preconditions[k]).id() == ctx.bool_val(false).id())
      return std::pair{
          CertOutcome::PreconditionFalse,
          precondition_text(*m.file, rule.preconditions[k]) + " is false on the actual constants"};
  smt::Solver s1(ctx, so);
  smt::Verdict v1 = s1.check(pre);
  if (!smt::is_proved(v1)) {
    pre.hypotheses = enc.source.axioms;
    pre.definitions = enc.source.definitions;
    v1 = s1.check(pre);
  }
  cert.smt2 = "; preconditions on the actual constants\n" + smtlib(s1, pre);
  if (smt::is_refuted(v1))
    return std::pair{
        CertOutcome::PreconditionFalse,
        std::string("a precondition is false on the actual constants: ") + smt::describe(v1)};
  if (!smt::is_proved(v1))
    return std::pair{CertOutcome::Unknown, "preconditions: " + smt::describe(v1)};
  return std::nullopt;
}

/// The second query of a certificate: source == target under the preconditions, appended
/// to cert.smt2; nullopt when proved, else the outcome and why.
std::optional<std::pair<CertOutcome, std::string>> prove_claim(smt::Context& ctx,
                                                               const smt::SolverOptions& so,
                                                               const smt::Query& query,
                                                               bool bitvector, Certificate& cert) {
  smt::Solver s2(ctx, so);
  const smt::Verdict v2 = s2.check(query);
  if (const smt::Query* a = s2.proved_abstraction())
    cert.smt2 += "(reset)\n; source == target, " + cert.split +
                 "\n; every product of two symbols and every division of one is a free variable "
                 "vf_product!k here: a stronger claim, so its proof proves the rewrite\n" +
                 smtlib(s2, *a, bitvector);
  else
    cert.smt2 += "(reset)\n; source == target, " + cert.split + "\n" + smtlib(s2, query, bitvector);
  if (smt::is_refuted(v2)) return std::pair{CertOutcome::Rejected, smt::describe(v2)};
  if (!smt::is_proved(v2)) return std::pair{CertOutcome::Unknown, smt::describe(v2)};
  return std::nullopt;
}

/// Asks the solver both queries of a certificate (see certify.h) about `encoded` and
/// writes them into cert.smt2; nullopt when both are proved, else the outcome and why.
std::optional<std::pair<CertOutcome, std::string>> prove_queries(
    const Match& m, smt::Context& ctx, smt::ClaimCache& claims, const CertifyOptions& opts,
    std::span<const verify::AttrSlot> slots, const std::vector<std::optional<double>>& floats,
    const verify::Instance& encoded, const verify::PointwiseCheck* check, Certificate& cert) {
  const dsl::Rule& rule = *m.rule;
  verify::EncodeOptions eo;
  eo.float_values = floats;
  verify::Encoded enc;
  bool bitvector = false;
  if (rule.domain.kind == dsl::DomainKind::Bv) {
    // An integer rewrite: 64-bit bitvectors, the interpreter's integers (ops.def).
    if (check && check->shared_reductions)
      return std::pair{CertOutcome::Unknown,
                       std::string("an integer instance whose view shares a window sum is not "
                                   "certified (no bitvector accumulator lemma)")};
    smt::BvDomain d(ctx, 64);
    enc = verify::encode_instance(d, rule, slots, encoded, eo);
    verify::add_integer_ranges(d, encoded, enc);
    // One query per claim: a channel's claims read only its own formulas, where the
    // conjunction of all channels' bit-blasts them together.
    bitvector = true;
  } else {
    smt::RealDomain d(ctx);
    const smt::NodeOverride over =
        check ? accumulator_override(d, encoded, *check, needed_nodes(encoded, check))
              : smt::NodeOverride{};
    if (check) eo.override = &over;
    enc = verify::encode_instance(d, rule, slots, encoded, eo);
  }
  if (holds_by_definition(enc.query)) {
    cert.definition = definition_text(encoded);
    enc.query = definitional_query(enc.query);
  }

  smt::SolverOptions so = solver_options(opts, bitvector, claims);
  if (auto r = prove_preconditions(m, ctx, so, enc, cert)) return r;
  return prove_claim(ctx, so, enc.query, bitvector, cert);
}

/// An element view's queries (row_split.h): the preconditions on the actual constants
/// (the actual instance encoded with only the nodes a precondition reads: they read
/// constants only), then element 0's claim encoded from its terms, each leaf element a
/// real symbol named after its input and index; nullopt when both are proved.
std::optional<std::pair<CertOutcome, std::string>> prove_elements(
    const Match& m, smt::Context& ctx, smt::ClaimCache& claims, const CertifyOptions& opts,
    std::span<const verify::AttrSlot> slots, const std::vector<std::optional<double>>& floats,
    const verify::Instance& inst, const ElementView& ev, Certificate& cert) {
  const dsl::Rule& rule = *m.rule;
  if (rule.domain.kind == dsl::DomainKind::Bv)
    return std::pair{CertOutcome::Unknown,
                     std::string("an integer rule is not certified by its elements")};
  const Graph& g = inst.graph;
  const std::vector<bool>& needed = ev.precondition_nodes;
  smt::RealDomain d(ctx);
  const smt::NodeOverride skip = [&needed](size_t i, std::span<const sem::Operand<Expr>>,
                                           sem::FloatAttrValues<Expr>, std::span<const SymTensor>,
                                           SymTensor& out) {
    if (needed[i]) return false;
    out = SymTensor{};
    return true;
  };
  verify::EncodeOptions eo;
  eo.float_values = floats;
  eo.override = &skip;
  // A data input no precondition reads is never read here: declared as one symbol, not one
  // per element (at hidden 1024, 131072 Z3 constants took a second).
  verify::Instance pre_inst = inst;
  for (size_t i = 0; i < g.size(); ++i)
    if (g.nodes()[i].op == OpKind::Input && !needed[i])
      pre_inst.graph.node_mut(g.id(i)).type.shape = Shape{};
  const verify::Encoded enc = verify::encode_instance(d, rule, slots, pre_inst, eo);
  const smt::SolverOptions so = solver_options(opts, false, claims);
  if (auto r = prove_preconditions(m, ctx, so, enc, cert)) return r;

  const verify::TermDomain& t = *ev.terms;
  smt::RealDomain e(ctx);
  std::unordered_map<uint32_t, Expr> memo;
  auto term = [&](auto&& self, uint32_t v) -> Expr {
    if (auto it = memo.find(v); it != memo.end()) return it->second;
    const verify::TermDomain::Node& n = t.node(v);
    using K = verify::TermDomain::Kind;
    Expr r;
    switch (n.kind) {
      case K::Leaf: {  // named as encode_instance names elements: "x[0,5,0]"
        const Node& in = g.node(inst.var_inputs[n.a]);
        r = ctx.var(smt::element_name(in.name, in.type.shape, n.b), smt::Sort::real());
        break;
      }
      case K::Lit: r = e.lit(t.lit_value(n)); break;
      case K::Add: r = e.add(self(self, n.a), self(self, n.b)); break;
      case K::Sub: r = e.sub(self(self, n.a), self(self, n.b)); break;
      case K::Mul: r = e.mul(self(self, n.a), self(self, n.b)); break;
      case K::Div: r = e.div(self(self, n.a), self(self, n.b)); break;
      case K::Neg: r = e.neg(self(self, n.a)); break;
      case K::Sqrt: r = e.sqrt(self(self, n.a)); break;
      case K::Exp: r = e.exp(self(self, n.a)); break;
      case K::Fn: r = e.fn(static_cast<sem::Fn>(n.fn), self(self, n.a)); break;
      case K::Lt: r = e.lt(self(self, n.a), self(self, n.b)); break;
      case K::Le: r = e.le(self(self, n.a), self(self, n.b)); break;
      case K::Select: r = e.select(self(self, n.a), self(self, n.b), self(self, n.c)); break;
    }
    memo.emplace(v, r);
    return r;
  };
  const Expr s = term(term, ev.source);
  const smt::Conditions source_conditions = e.take_conditions();
  memo.clear();  // the target's side conditions are its own (RealDomain re-records them)
  const Expr tt = term(term, ev.target);
  const smt::Conditions target_conditions = e.take_conditions();
  const std::vector<SymTensor> lhs{SymTensor{Shape{}, {s}}}, rhs{SymTensor{Shape{}, {tt}}};
  smt::Query q =
      smt::equivalence_query(lhs, rhs, enc.preconditions, source_conditions, target_conditions);
  if (holds_by_definition(q)) {
    cert.definition = definition_text(inst);
    q = definitional_query(q);
  }
  return prove_claim(ctx, so, q, false, cert);
}

/// Proves every window class's crop (window_split.h) with prove_queries, one after the
/// other, into cert.smt2 (the classes' queries separated by (reset)); nullopt when all are
/// proved, else the outcome of the first that is not and why, naming the class.
std::optional<std::pair<CertOutcome, std::string>> prove_window_classes(
    const Match& m, smt::Context& ctx, smt::ClaimCache& claims, const CertifyOptions& opts,
    std::span<const verify::AttrSlot> slots, const std::vector<std::optional<double>>& floats,
    const WindowSplit& split, Certificate& cert) {
  std::string text;
  bool definition = true;
  for (size_t k = 0; k < split.classes.size(); ++k) {
    const WindowClass& wc = split.classes[k];
    Certificate part;
    part.split =
        fmt::format("window class {} of {}: {}", k + 1, split.classes.size(), wc.description);
    auto r = prove_queries(m, ctx, claims, opts, slots, floats, wc.crop, nullptr, part);
    text +=
        (k ? "(reset)\n" : "") +
        fmt::format("; window class {} of {}: {}\n", k + 1, split.classes.size(), wc.description) +
        part.smt2;
    definition = definition && !part.definition.empty();
    if (r) {
      cert.smt2 = std::move(text);
      return std::pair{r->first,
                       fmt::format("window class {} ({}): {}", k + 1, wc.description, r->second)};
    }
    if (definition) cert.definition = part.definition;
  }
  if (!definition) cert.definition.clear();
  cert.smt2 = std::move(text);
  return std::nullopt;
}

/// The certificate's bound: the largest error, over the target root's elements, of the
/// target evaluated in the drift reading (bound_domain.h) with non-constant inputs in
/// [-X, X] and each folded constant at its stored value +- its certified error. On the
/// actual instance (`inst`, whose shapes the folded constants have), not on the view,
/// row or cell that the queries were about: each of those has the shapes of one class of
/// elements, and a bound read there would cover only the constants of its first class.
/// A conv2d or dense whose weight is a constant (of the model or folded) is a shared
/// accumulator, bounded per output channel o from its weights alone, without evaluating
/// its multiply-adds: with |x~|, |x| <= M and |x~ - x| <= e over the input's elements,
///   |sum_k w~_k x~_k - sum_k w_k x_k| <= sum_k |w~_k| |x~_k - x_k| + |w~_k - w_k| |x_k|
///                                     <= e sum_k (|w_k| + dw_k) + M sum_k dw_k,
/// and its range is +-M sum_k (|w_k| + dw_k) (dw: the certified error of a folded weight,
/// else 0). When no folded constant has an error the bound is 0 without evaluating
/// anything: the computed and the exact program then read the same values.
double drift_bound(const verify::Instance& inst, const std::vector<FoldedConstant>& folded,
                   std::span<const double> float_values, double x_range) {
  bool exact = true;
  for (const FoldedConstant& f : folded)
    if (!f.exact)
      for (double e : f.error.view<double>()) exact = exact && e == 0;
  if (exact) return 0;
  const Graph& g = inst.graph;
  std::map<uint32_t, const FoldedConstant*> fold;
  for (const FoldedConstant& f : folded) fold[f.node.index] = &f;
  std::vector<bool> group(g.size(), false);
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    const bool acc = n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d ||
                     n.op == OpKind::Dense || n.op == OpKind::FusedDense;
    if (acc && n.inputs.size() >= 2)
      group[i] = fold.count(n.inputs[1].index) > 0 || g.node(n.inputs[1]).op == OpKind::Constant;
  }
  const std::map<uint32_t, uint32_t> slot_input = verify::slots_by_input(inst);
  std::vector<bool> need(g.size(), false);
  need[inst.target_root.index] = true;
  for (size_t i = g.size(); i-- > 0;) {
    if (!need[i] || fold.count(static_cast<uint32_t>(i))) continue;
    const Node& n = g.nodes()[i];
    for (size_t k = 0; k < n.inputs.size(); ++k)
      if (!group[i] || k != 1) need[n.inputs[k].index] = true;  // not the weight of an accumulator
  }
  RangeDriftDomain d;
  std::vector<std::vector<RangeDrift>> values(g.size());
  struct Hooks {
    RangeDriftDomain& d;
    const Graph& g;
    const std::vector<bool>& need;
    const std::vector<bool>& group;
    const std::map<uint32_t, const FoldedConstant*>& fold;
    const std::map<uint32_t, uint32_t>& slot_input;
    std::span<const double> float_values;
    double x_range;
    bool needed(size_t i) const { return need[i]; }
    Result<void> leaf(size_t i, const Node& n, std::vector<RangeDrift>& out) {
      if (n.op == OpKind::Constant) {
        for (double x : n.data->to_doubles()) out.push_back(d.lit(x));
      } else if (auto it = slot_input.find(static_cast<uint32_t>(i)); it != slot_input.end()) {
        out.push_back(d.lit(float_values[it->second]));
      } else {
        out.assign(static_cast<size_t>(n.type.size()), RangeDrift{-x_range, x_range, 0});
      }
      return {};
    }
    bool evaluate(size_t i, const Node& n, std::span<const sem::Operand<RangeDrift>> operands,
                  sem::FloatAttrValues<RangeDrift>, std::vector<RangeDrift>& out) {
      if (auto it = fold.find(static_cast<uint32_t>(i)); it != fold.end()) {
        const auto v = it->second->value.view<float>();
        const auto e = it->second->error.view<double>();
        for (size_t k = 0; k < v.size(); ++k) {
          const double ek = it->second->exact ? 0.0 : e[k];
          out.push_back({IntervalDomain::down(v[k] - ek), IntervalDomain::up(v[k] + ek), ek});
        }
        return true;
      }
      if (!group[i]) return false;
      shared_accumulator(n, operands, out);
      return true;
    }
    // A shared accumulator, per output channel, from the weight the target reads (its
    // stored values and errors, or a constant's data) and the input's largest magnitude
    // and error.
    void shared_accumulator(const Node& n, std::span<const sem::Operand<RangeDrift>> operands,
                            std::vector<RangeDrift>& out) {
      const NodeId wn = n.inputs[1];
      const Shape& ws = g.node(wn).type.shape;
      const int64_t channels = ws[0], per = num_elements(ws) / std::max<int64_t>(ws[0], 1);
      std::vector<double> wv, we(static_cast<size_t>(num_elements(ws)), 0.0);
      if (auto it = fold.find(wn.index); it != fold.end()) {
        wv = it->second->value.to_doubles();
        if (!it->second->exact) we = it->second->error.to_doubles();
      } else {
        wv = g.node(wn).data->to_doubles();
      }
      double x_mag = 0, x_err = 0;
      const int64_t xs = num_elements(*operands[0].shape);
      for (int64_t k = 0; k < xs; ++k) {
        const RangeDrift& x = operands[0].data[k];
        x_mag = std::max(x_mag, RangeDriftDomain::mag(x));
        x_err = std::max(x_err, x.err);
      }
      std::vector<RangeDrift> acc(static_cast<size_t>(channels));
      for (int64_t o = 0; o < channels; ++o) {
        double mag = 0, err = 0;
        for (int64_t k = o * per; k < (o + 1) * per; ++k) {
          // Rounded upward (an exact 0 stays 0).
          const size_t kk = static_cast<size_t>(k);
          mag = IntervalDomain::add_up(mag, IntervalDomain::add_up(std::fabs(wv[kk]), we[kk]));
          err = IntervalDomain::add_up(err, we[kk]);
        }
        const double a = RangeDriftDomain::scaled(x_mag, mag);
        const double e = IntervalDomain::add_up(RangeDriftDomain::scaled(mag, x_err),
                                                RangeDriftDomain::scaled(x_mag, err));
        acc[static_cast<size_t>(o)] = {-a, a, e};
      }
      const bool conv = n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d;
      const int64_t inner = conv ? n.type.shape[2] * n.type.shape[3] : 1;
      sem::eval_reduction(d, n.op, n.attrs, operands, n.type.shape, out, {},
                          [&](int64_t flat, const int64_t*) {
                            return acc[static_cast<size_t>((flat / inner) % channels)];
                          });
    }
  } hooks{d, g, need, group, fold, slot_input, float_values, x_range};
  (void)sem::walk_graph(d, g, 0, g.size(), values, hooks);  // leaves cannot fail here
  double bound = 0;
  for (const RangeDrift& v : values[inst.target_root.index]) bound = std::max(bound, v.err);
  return bound;
}

}  // namespace

std::string_view cert_outcome_name(CertOutcome o) {
  switch (o) {
    case CertOutcome::Proved: return "proved";
    case CertOutcome::PreconditionFalse: return "precondition false";
    case CertOutcome::Rejected: return "refuted";
    case CertOutcome::Unknown: return "unknown";
  }
  return "unknown";
}

std::string_view certificate_verdict(CertOutcome o, const std::string& definition) {
  return o == CertOutcome::Proved && !definition.empty() ? "by_definition" : cert_outcome_name(o);
}

Certifier::Certifier(CertifyOptions opts)
    : opts_(std::move(opts)),
      ctx_(std::make_unique<smt::Context>()),
      claims_(std::make_unique<smt::ClaimCache>()) {}

Certifier::~Certifier() = default;

const View* Certifier::view_of(const Match& m, const Graph& g) {
  // The view depends on the leaves' types and the attributes, not on constant data.
  const std::string key = match_key(m, g, false);
  auto it = views_.find(key);
  if (it == views_.end()) it = views_.emplace(key, find_view(m, g)).first;
  return it->second ? &*it->second : nullptr;
}

const WindowSplit* Certifier::window_split_of(const Match& m, const Graph& g, std::string& why) {
  // Like a view, the split depends on the leaves' types and the attributes only.
  const std::string key = match_key(m, g, false);
  auto it = windows_.find(key);
  if (it == windows_.end()) {
    std::string reason;
    auto split = find_window_split(m, g, reason);
    it = windows_.emplace(key, std::pair{std::move(split), std::move(reason)}).first;
  }
  why = it->second.second;
  return it->second.first ? &*it->second.first : nullptr;
}

const RowView* Certifier::row_view_of(const Match& m, const Graph& g, std::string& why) {
  const std::string key = match_key(m, g, true);
  auto it = rows_.find(key);
  if (it == rows_.end()) {
    std::string reason;
    auto rows = find_row_view(m, g, reason);
    it = rows_.emplace(key, std::pair{std::move(rows), std::move(reason)}).first;
  }
  why = it->second.second;
  return it->second.first ? &*it->second.first : nullptr;
}

const CellView* Certifier::cell_view_of(const Match& m, const Graph& g, std::string& why) {
  const std::string key = match_key(m, g, true);
  auto it = cells_.find(key);
  if (it == cells_.end()) {
    std::string reason;
    auto cells = find_cell_view(m, g, reason);
    it = cells_.emplace(key, std::pair{std::move(cells), std::move(reason)}).first;
  }
  why = it->second.second;
  return it->second.first ? &*it->second.first : nullptr;
}

Certificate Certifier::certify(const Match& m, const Graph& g, const CachedCertificate* cached,
                               const std::map<std::string, Tensor>* constant_errors) {
  smt::Context& ctx = *ctx_;
  const CertifyOptions& opts = opts_;
  const auto t0 = std::chrono::steady_clock::now();
  const dsl::Rule& rule = *m.rule;
  Certificate cert;
  auto done = [&](CertOutcome o, std::string reason) {
    cert.outcome = o;
    cert.reason = std::move(reason);
    cert.ms = ms_since(t0);
    return std::move(cert);
  };
  const verify::RuleSlots slots = verify::rule_slots(rule);
  cert.float_values.assign(slots.slots.size(), std::numeric_limits<double>::quiet_NaN());
  std::vector<std::optional<double>> floats(slots.slots.size());
  for (size_t s = 0; s < slots.slots.size(); ++s)
    if (auto* f = std::get_if<double>(&m.slots[s])) cert.float_values[s] = *f, floats[s] = *f;

  const std::vector<std::optional<Shape>> actual(rule.tensor_vars.size());
  std::string why;
  auto inst = verify::instantiate(rule, make_spec(m, g, true, actual), &why);
  if (!inst) return done(CertOutcome::Unknown, "the match does not instantiate the rule: " + why);
  if (!inst->target_error.empty())
    return done(CertOutcome::Rejected, "the target cannot be built: " + inst->target_error);
  cert.instance = std::move(*inst);

  // The instance the queries are about: a view, or the whole instance when small.
  const View* view = view_of(m, g);
  verify::Instance encoded;
  const verify::PointwiseCheck* check = nullptr;
  const WindowSplit* wsplit = nullptr;
  const RowView* rows = nullptr;
  const CellView* cells = nullptr;
  std::optional<ElementView> elements;
  std::string why_rows, why_cells, why_elements;
  std::optional<verify::Instance> view_instance;
  if (view) {
    view_instance = verify::instantiate(rule, make_spec(m, g, true, view->shapes), &why);
    if (!view_instance) return done(CertOutcome::Unknown, "the view does not instantiate: " + why);
  }
  // A view's claims grow with the columns of a contraction in it (a fused dense's epilogue:
  // one claim per output column, 16 384 at hidden 4096); one cell's do not.
  const bool wide_view =
      view_instance &&
      view_instance->graph.node(view_instance->source_root).type.size() > opts.max_view_claims &&
      cert.instance.size > opts.max_whole_size && (cells = cell_view_of(m, g, why_cells));
  const bool cells_first = !view && cert.instance.size > opts.max_whole_before_cells &&
                           (cells = cell_view_of(m, g, why_cells));
  if (view && !wide_view) {
    encoded = std::move(*view_instance);
    check = &view->check;
    cert.split = fmt::format("view {}", view->description);
  } else if (!wide_view && !cells_first && cert.instance.size <= opts.max_whole_size) {
    encoded = cert.instance;
    cert.split = "whole";
  } else if (std::string why_split;
             !wide_view && !cells_first && (wsplit = window_split_of(m, g, why_split))) {
    encoded = wsplit->classes.front().crop;
    cert.split = wsplit->description;
  } else if (wide_view || cells_first || (cells = cell_view_of(m, g, why_cells))) {
    // Before the row view: a dense's row is every column of its weights.
    verify::InstanceSpec spec = make_spec(m, g, true, cells->shapes);
    for (size_t v = 0; v < cells->symbolic.size(); ++v)
      if (cells->symbolic[v]) spec.leaf_data[v] = nullptr;
    auto ci = verify::instantiate(rule, spec, &why);
    if (!ci) return done(CertOutcome::Unknown, "the cell does not instantiate: " + why);
    encoded = std::move(*ci);
    cert.split = fmt::format("cells: one output element {} of {}", cells->description, cells->cells);
  } else if ((rows = row_view_of(m, g, why_rows))) {
    // After the window split: a conv's rows (its batch) would each be a whole image.
    auto ri = verify::instantiate(rule, make_spec(m, g, true, rows->shapes), &why);
    if (!ri) return done(CertOutcome::Unknown, "the row view does not instantiate: " + why);
    encoded = std::move(*ri);
    cert.split = fmt::format("rows: one row {} of {} rows", rows->description, rows->rows);
  } else if ((elements = find_element_view(rule, cert.instance, why_elements))) {
    // Last: its terms are the actual instance's, where the views above build a small one.
    cert.split = fmt::format("elements: element 0 of {}", elements->elements);
  } else {
    return done(CertOutcome::Unknown,
                fmt::format("the instance has {} elements and is not pointwise, so no view "
                            "covers it; certifying it whole exceeds the limit of {}; no cell "
                            "view: {}; no row view: {}; no window split: {}; no element view: {}",
                            cert.instance.size, opts.max_whole_size, why_cells, why_rows,
                            why_split, why_elements));
  }
  cert.claims = wsplit     ? static_cast<int64_t>(wsplit->classes.size())
                : elements ? 1
                           : encoded.graph.node(encoded.source_root).type.size();

  if (cached) {
    cert.split = cached->split;
    cert.claims = cached->claims;
    cert.smt2 = cached->smt2;
    cert.definition = header_field(cert.smt2, "definition");  // the file states its verdict
  } else if (wsplit) {
    auto r = prove_window_classes(m, ctx, *claims_, opts, slots.slots, floats, *wsplit, cert);
    if (r) cert.definition.clear();
    const CertOutcome o = r ? r->first : CertOutcome::Proved;
    cert.smt2 = certificate_header(rule, certificate_verdict(o, cert.definition), cert.definition,
                                   r ? r->second : std::string(), cert.split, encoded, nullptr) +
                window_split_comment(*wsplit) + cert.smt2;
    if (r) return done(r->first, r->second);
  } else if (elements) {
    auto r = prove_elements(m, ctx, *claims_, opts, slots.slots, floats, cert.instance, *elements,
                            cert);
    if (r) cert.definition.clear();
    const CertOutcome o = r ? r->first : CertOutcome::Proved;
    cert.smt2 = certificate_header(rule, certificate_verdict(o, cert.definition), cert.definition,
                                   r ? r->second : std::string(), cert.split, cert.instance,
                                   nullptr) +
                element_view_comment(*elements) + cert.smt2;
    if (r) return done(r->first, r->second);
  } else {
    auto r = prove_queries(m, ctx, *claims_, opts, slots.slots, floats, encoded, check, cert);
    if (r) cert.definition.clear();
    const CertOutcome o = r ? r->first : CertOutcome::Proved;
    cert.smt2 = certificate_header(rule, certificate_verdict(o, cert.definition), cert.definition,
                                   r ? r->second : std::string(), cert.split, encoded, check) +
                (rows ? row_view_comment(*rows) : std::string()) +
                (cells ? cell_view_comment(*cells) : std::string()) + cert.smt2;
    if (r) return done(r->first, r->second);
  }

  if (rule.domain.kind == dsl::DomainKind::Bv) {  // integers: exact, nothing folded in float
    if (!rule.lets.empty())
      return done(CertOutcome::Unknown, "a bitvector rule's lets are not folded (integers)");
    cert.outcome = CertOutcome::Proved;
    cert.bound = 0;
    cert.ms = ms_since(t0);
    return cert;
  }
  // The folded constants and their certified errors.
  LeafErrors leaf_errors;
  if (constant_errors)
    for (const auto& [name, error] : *constant_errors)
      if (const NodeId id = g.find(name); id.valid() && g.node(id).op == OpKind::Constant)
        leaf_errors[g.node(id).data.get()] = &error;
  auto folded = fold_constants(cert.instance, cert.float_values, opts.tamper_folded, &leaf_errors);
  if (!folded) return done(CertOutcome::Rejected, folded.error().message);
  cert.folded = std::move(*folded);
  for (const FoldedConstant& f : cert.folded) cert.max_ulps = std::max(cert.max_ulps, f.max_ulps);
  cert.bound = drift_bound(cert.instance, cert.folded, cert.float_values, opts.input_range);
  cert.outcome = CertOutcome::Proved;
  cert.ms = ms_since(t0);
  return cert;
}

}  // namespace vf::rewrite
