#include "verify/prove.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <variant>

#include "ir/shape_inference.h"
#include "semantics/eval_node.h"
#include "smt/bv_domain.h"
#include "smt/encode_graph.h"
#include "smt/exact_rational.h"
#include "smt/float32_domain.h"
#include "smt/query.h"
#include "smt/real_domain.h"
#include "smt/solver.h"
#include "smt/sym_tensor.h"
#include "verify/distinguish.h"
#include "verify/encode_instance.h"
#include "verify/instance.h"
#include "verify/patterns.h"
#include "verify/pointwise.h"
#include "verify/precondition.h"
#include "verify/replay.h"

namespace vf::verify {
namespace {

using dsl::ExprId;
using smt::Expr;
using smt::SymTensor;

std::string describe_violation(const smt::Violation& v) {
  if (v.lhs && v.rhs)
    return fmt::format("{}: source {}, target {}", v.what, v.lhs->exact, v.rhs->exact);
  return v.what;
}

/// The source input variables an expression reads, through lets.
void leaves_read(const dsl::Rule& rule, ExprId e, std::set<uint32_t>& out) {
  const dsl::Expr& x = rule.expr(e);
  if (auto* r = x.as<dsl::TensorRef>()) {
    const dsl::TensorVar& v = rule.var(r->var);
    if (v.origin == dsl::VarOrigin::Let && v.value.valid())
      leaves_read(rule, v.value, out);
    else
      out.insert(r->var.index);
  } else if (auto* c = x.as<dsl::OpCall>()) {
    for (ExprId o : c->operands) leaves_read(rule, o, out);
  } else if (auto* c = x.as<dsl::Compare>()) {
    leaves_read(rule, c->lhs, out);
    leaves_read(rule, c->rhs, out);
  } else if (auto* l = x.as<dsl::Logic>()) {
    leaves_read(rule, l->lhs, out);
    leaves_read(rule, l->rhs, out);
  } else if (auto* n = x.as<dsl::Not>()) {
    leaves_read(rule, n->operand, out);
  }
}

/// True when, at this instance, what the one-element instance assumes of its leaf
/// elements holds of the elements a larger instance reads: no `any`; `all` only outside
/// `!` and `||`, and each `all` reads at most one tensor of rank > 0 (besides scalars),
/// so that it constrains every element of it, the one read included.
bool preconditions_monotone(const dsl::Rule& rule, const Instance& inst) {
  std::function<bool(ExprId, bool)> ok = [&](ExprId e, bool positive) {
    const dsl::Expr& x = rule.expr(e);
    if (auto* l = x.as<dsl::Logic>())
      return ok(l->lhs, positive && l->op == dsl::LogicOp::And) &&
             ok(l->rhs, positive && l->op == dsl::LogicOp::And);
    if (auto* n = x.as<dsl::Not>()) return ok(n->operand, false);
    if (auto* b = x.as<dsl::BuiltinCall>()) {
      if (b->fn == dsl::Builtin::Any) return false;
      if (b->fn == dsl::Builtin::All) {
        std::set<uint32_t> leaves;
        leaves_read(rule, b->args[0], leaves);
        int tensors = 0;
        for (uint32_t v : leaves) {
          const NodeId n = v < inst.var_inputs.size() ? inst.var_inputs[v] : NodeId{};
          tensors += !n.valid() || inst.graph.node(n).type.rank() > 0;
        }
        return positive && tensors <= 1;
      }
    }
    return true;
  };
  for (const dsl::Precondition& p : rule.preconditions)
    if (!ok(p.cond, true)) return false;
  return true;
}

/// Every leaf of the instance has only dimensions of size 1.
bool all_ones(const Instance& inst) {
  for (NodeId v : inst.var_inputs)
    if (v.valid() && inst.graph.node(v).type.size() != 1) return false;
  return true;
}

/// The ranks of the leaves and the attribute values: what an all-ones instance must
/// share with a larger one to cover it.
std::string pointwise_key(const Instance& inst) {
  std::string key;
  for (NodeId v : inst.var_inputs)
    key += v.valid() ? fmt::format("{},", inst.graph.node(v).type.rank()) : "-,";
  for (const auto& s : inst.slot_values) key += s ? attr_value_string(*s) + ";" : "~;";
  return key;
}

/// Which dimensions of every node of an instance are 1 ("4n1nn;0;..."), with its leaf
/// ranks and attribute values.
std::string unit_pattern(const Instance& inst) {
  std::string key = pointwise_key(inst);
  for (const Node& n : inst.graph.nodes()) {
    key += static_cast<char>('0' + n.type.rank());
    for (int64_t d : n.type.shape) key += d == 1 ? '1' : 'n';
    key += ';';
  }
  return key;
}


/// The instance encoded for Z3 in the rule's domain (real, N-bit integer or IEEE float32):
/// one place that picks the domain, so the loop over instances does not.
Encoded encode_in_domain(smt::Context& ctx, const dsl::Rule& rule, const Enumeration& en,
                         const Instance& inst) {
  Encoded enc;
  switch (rule.domain.kind) {
    case dsl::DomainKind::Real: {
      smt::RealDomain d(ctx);
      enc = encode_instance(d, rule, en.slots, inst);
      break;
    }
    case dsl::DomainKind::Bv: {
      smt::BvDomain d(ctx, rule.domain.width);
      enc = encode_instance(d, rule, en.slots, inst);
      // Integer tensors hold values of their type (ops.def), so that a counterexample is
      // an input the interpreter can be given (64 bits: narrower rules wrap by design).
      if (rule.domain.width == 64) add_integer_ranges(d, inst, enc);
      break;
    }
    case dsl::DomainKind::Float32: {
      smt::Float32Domain d(ctx);
      enc = encode_instance(d, rule, en.slots, inst);
      break;
    }
  }
  return enc;
}

/// A rule with no instance to prove is Unknown before any solving: says so in `out`
/// and returns true.
bool reject_enumeration(const Enumeration& en, RuleProof& out) {
  if (!en.unsupported.empty()) {
    out.outcome = Outcome::Unknown;
    out.reason = en.unsupported;
    out.scope = "bounded";
    return true;
  }
  if (en.instances.empty()) {
    out.outcome = Outcome::Unknown;
    out.reason = fmt::format(
        "no instance in the grid satisfies the rule's shape and attribute preconditions "
        "({} combinations tried): nothing was proved",
        en.candidates);
    out.scope = "bounded";
    return true;
  }
  return false;
}

/// One rule's proof in progress: its instances proved one by one in one Z3 context, with
/// what the verdict at the end needs (the pointwise lemma's premises, the first type
/// error, the proved instances that distinguish axes).
class RuleProver {
 public:
  RuleProver(const dsl::Rule& rule, const ProveOptions& opts, const Enumeration& en,
             RuleProof& out)
      : rule_(rule),
        opts_(opts),
        en_(en),
        out_(out),
        rule_ctx_(std::make_unique<smt::Context>()),
        patterns_(realise_patterns(rule, en, opts.cancelled)) {
    sopts_.timeout_ms = opts.timeout_ms;
    sopts_.split_claims = true;
    sopts_.claim_cache = &claim_cache_;
    sopts_.cancelled = opts.cancelled;
    // The grid's instances, then one per unit pattern the grid does not realise (the
    // pointwise lemma, patterns.h): they are proved like the others.
    for (const Instance& inst : en.instances) todo_.push_back(&inst);
    for (const Instance& inst : patterns_.representatives) todo_.push_back(&inst);
  }

  /// Proves the instances in turn; true when one of them settles the rule's verdict
  /// (refuted or unknown) in `out`.
  bool prove_instances() {
    for (size_t next = 0;; ++next) {
      if (!extend_todo(next)) return false;
      if (budget_spent() || interrupted()) return true;
      if (prove_instance(todo_[next]) == Step::Done) return true;
    }
  }

  /// The verdict once every instance needed is proved or covered: a type error found on
  /// the way, a missing distinguishing instance, or proved with the lemma's scope.
  void conclude() {
    if (type_error_) {
      out_.outcome = Outcome::Refuted;
      out_.reason = type_error_reason_;
      out_.counterexample = std::move(type_error_);
      out_.instances = type_error_instances_;
      out_.scope = "bounded";
      return;
    }
    // Proved where it tells axes apart, or not at all (distinguish.h).
    if (std::string missing = missing_distinguishing_instance(proved_); !missing.empty()) {
      out_.outcome = Outcome::Unknown;
      out_.reason = missing;
      out_.scope = "bounded";
      return;
    }
    out_.outcome = Outcome::Proved;
    out_.patterns = static_cast<int64_t>(patterns_.patterns);
    out_.pattern_instances = static_cast<int64_t>(patterns_.representatives.size());
    out_.lemma = lemma();
    out_.scope = out_.lemma.starts_with("not established") ? "bounded" : "unbounded";
  }

 private:
  enum class Step { Next, Done };

  /// Milliseconds left of opts_.budget_ms (UINT_MAX without a budget).
  unsigned budget_left() const {
    if (opts_.budget_ms == 0) return std::numeric_limits<unsigned>::max();
    using Ms = std::chrono::duration<double, std::milli>;
    const double used = Ms(std::chrono::steady_clock::now() - start_).count();
    return used >= opts_.budget_ms ? 0u : static_cast<unsigned>(opts_.budget_ms - used);
  }

  /// Whether the caller asked to stop: then the rule is unknown, whatever was proved.
  bool interrupted() {
    if (!cancel_requested(opts_.cancelled)) return false;
    out_.outcome = Outcome::Unknown;
    out_.reason = kInterrupted;
    return true;
  }

  /// Whether the rule's budget has run out: then it is unknown, whatever was proved.
  bool budget_spent() {
    if (budget_left() > 0) return false;
    out_.outcome = Outcome::Unknown;
    out_.reason = fmt::format("the rule's time budget of {} ms ran out after {} instances",
                              opts_.budget_ms, out_.instances);
    out_.scope = "bounded";
    return true;
  }

  /// Whether instance `next` is to be proved: the grid first; the larger distinguishing
  /// instances (distinct data sizes, the distinguishing windows) appended only as long as
  /// no proved instance distinguishes the rule's axes.
  bool extend_todo(size_t next) {
    if (next == todo_.size()) {
      if (first_distinguishing_ != SIZE_MAX || type_error_ ||
          missing_distinguishing_instance(proved_).empty())
        return false;
      distinguishing_ = enumerate_instances(rule_, opts_.grid, WindowSet::Distinguishing);
      first_distinguishing_ = todo_.size();
      for (const Instance& inst : distinguishing_.instances) todo_.push_back(&inst);
      if (next == todo_.size()) return false;
    } else if (next > first_distinguishing_ && !proved_.empty() &&
               proved_.back() == todo_[next - 1] &&
               missing_distinguishing_instance(proved_).empty()) {
      return false;  // one distinguishing instance is enough
    }
    return true;
  }

  /// One instance: a target type error, covered by the pointwise lemma, or solved.
  Step prove_instance(const Instance* ip) {
    const Instance& inst = *ip;
    if (!inst.target_error.empty()) return target_type_error(inst);
    // The read analysis of a pure pointwise instance depends only on which dimensions are
    // 1 (the lemma, patterns.h): asked once per unit pattern of the whole instance.
    const std::string units = unit_pattern(inst);
    PointwiseCheck check;
    if (auto it = pure_reads_.find(units); it != pure_reads_.end()) {
      check.pointwise = it->second;
    } else {
      check = check_pointwise(inst);
      if (!check.shared_reductions) pure_reads_.emplace(units, check.pointwise);
    }
    const bool pw = check.pointwise && !check.shared_reductions;
    pointwise_ = pointwise_ && check.pointwise;
    const std::string key = pointwise_key(inst);
    const bool may_cover = preconditions_monotone(rule_, inst);
    monotone_ = monotone_ && may_cover;
    if (pw && may_cover && !all_ones(inst) && proved_ones_.count(key)) {
      ++out_.instances;
      ++out_.covered;
      proved_.push_back(ip);
      return Step::Next;
    }
    return solve(ip, pw, key);
  }

  /// An instance whose target does not type-check: remembered (a counterexample with values
  /// shows more) when the target's root is the source's, else the rule is refuted here.
  Step target_type_error(const Instance& inst) {
    Counterexample cx;
    cx.instance = inst.description;
    cx.violations.push_back(inst.target_error);
    if (inst.target_root == inst.source_root) {
      // The target does not type-check here. That refutes the rule, but a counterexample
      // with values shows more: keep looking, and fall back to this one at the end.
      if (!type_error_) {
        cx.replay =
            "the target does not type-check at this instance (shape inference, as "
            "the interpreter runs it): " +
            inst.target_error;
        cx.reproduced = true;
        type_error_ = std::move(cx);
        type_error_reason_ = fmt::format("at {}: {}", inst.description, inst.target_error);
        type_error_instances_ = out_.instances;
      }
      return Step::Next;
    }
    out_.outcome = Outcome::Refuted;
    out_.reason = fmt::format("at {}: {}", inst.description, inst.target_error);
    const ReplayResult rp = replay_shape_mismatch(en_, inst);
    cx.replay = rp.text;
    cx.reproduced = rp.reproduced;
    if (!cx.reproduced)
      out_.internal_error = fmt::format(
          "internal error: the interpreter does not reproduce the shape mismatch at {} ({})",
          inst.description, rp.text);
    out_.counterexample = std::move(cx);
    out_.scope = "bounded";
    return Step::Done;
  }

  /// The instance's query to Z3; an unknown or refuted verdict settles the rule.
  Step solve(const Instance* ip, bool pw, const std::string& key) {
    const Instance& inst = *ip;
    // One Z3 context per rule, not per instance: creating one costs more than a small
    // instance's whole proof. Each query still goes to a fresh solver.
    smt::Context& ctx = *rule_ctx_;
    const Encoded enc = encode_in_domain(ctx, rule_, en_, inst);
    // No call runs past the rule's budget: its time limit is the smaller of the two.
    smt::SolverOptions so = sopts_;
    so.timeout_ms = std::min(so.timeout_ms, std::max(1u, budget_left()));
    smt::Solver solver(ctx, so);
    const smt::Verdict v = solver.check(enc.query);
    if (opts_.keep_smt2 && !smt2_full_ && !smt::is_unknown(v)) keep_smt2(solver, enc, v, inst);
    ++out_.instances;
    if (pw && all_ones(inst) && is_proved(v)) proved_ones_.insert(key);
    if (is_proved(v)) proved_.push_back(ip);
    if (auto* u = std::get_if<smt::Unknown>(&v)) {
      out_.outcome = Outcome::Unknown;
      out_.reason = fmt::format("at {}: {}", inst.description, u->reason);
      out_.scope = "bounded";
      return Step::Done;
    }
    if (auto* r = std::get_if<smt::Refuted>(&v)) {
      refute(ctx, enc, *r, inst);
      return Step::Done;
    }
    return Step::Next;
  }

  /// Appends the instance's obligations to the proof's SMT-LIB2 text, within its budget.
  void keep_smt2(smt::Solver& solver, const Encoded& enc, const smt::Verdict& v,
                 const Instance& inst) {
    // As proved: one check-sat per claim, the exact definitions of square roots and
    // inverses only when the proof needed them; logic ALL (see SmtlibOptions).
    smt::Solver::SmtlibOptions so;
    so.split_claims = true;
    so.logic_all = true;
    so.definitions = !smt::is_proved(v) || solver.used_definitions();
    std::string text = solver.to_smtlib(enc.query, so);
    if (out_.smt2.size() + text.size() <= opts_.smt2_budget || out_.smt2.empty()) {
      if (!out_.smt2.empty()) out_.smt2 += "(reset)\n";
      out_.smt2 += fmt::format("; instance {}: {}\n", out_.instances + 1, inst.description);
      out_.smt2 += text;
      ++out_.smt2_instances;
    } else {
      smt2_full_ = true;  // instances only grow from here
    }
  }

  /// The rule refuted at `inst`: its counterexample, replayed by the interpreter.
  void refute(smt::Context& ctx, const Encoded& enc, const smt::Refuted& r, const Instance& inst) {
    out_.outcome = Outcome::Refuted;
    Counterexample cx;
    cx.instance = inst.description;
    // The context is shared by the rule's instances: show this instance's variables.
    std::set<std::string> mine;
    for (NodeId id : inst.graph.inputs()) {
      const Node& n = inst.graph.node(id);
      for (int64_t k = 0; k < n.type.size(); ++k)
        mine.insert(smt::element_name(n.name, n.type.shape, k));
    }
    for (const auto& sym : enc.slot_symbols)
      if (sym.valid()) mine.insert(*ctx.symbol_name(sym));
    for (const auto& [name, val] : r.model.values)
      if (mine.count(name)) cx.values.emplace_back(name, val.exact);
    for (const smt::Violation& x : r.violations) cx.violations.push_back(describe_violation(x));
    const ReplayResult rp = replay_counterexample(rule_.domain, en_, inst, r.model);
    cx.replay = rp.text;
    cx.reproduced = rp.reproduced;
    if (!rp.reproduced)
      out_.internal_error = fmt::format(
          "internal error: the interpreter does not reproduce the counterexample at {} "
          "({}); the prover or the interpreter is wrong",
          inst.description, rp.text);
    out_.reason = fmt::format("at {}: {}", inst.description,
                              cx.violations.empty() ? "a claim is false" : cx.violations[0]);
    out_.counterexample = std::move(cx);
    out_.scope = "bounded";
  }

  /// All sizes: the pointwise lemma's premises, each checked (docs/proofs.md): every
  /// operator in the fragment and every admitted unit pattern realised (patterns.h);
  /// every instance reads each leaf at one element, the same on both sides
  /// (pointwise.h); preconditions that a larger instance inherits at the elements read.
  std::string lemma() const {
    if (!patterns_.failure.empty()) return "not established: " + patterns_.failure;
    if (!pointwise_)
      return "not established: an instance reads a leaf at two elements, or reads it "
             "differently on the two sides";
    if (!monotone_)
      return "not established: a precondition is not inherited by larger instances (any, "
             "or all under ! / || or over two tensors)";
    return fmt::format(
        "{} unit patterns admitted, every one realised ({} by instances added to the grid); "
        "each output element reads each leaf at one element, the same on both sides; "
        "preconditions inherited",
        patterns_.patterns, patterns_.representatives.size());
  }

  const dsl::Rule& rule_;
  const ProveOptions& opts_;
  const Enumeration& en_;
  RuleProof& out_;
  smt::SolverOptions sopts_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::unique_ptr<smt::Context> rule_ctx_;
  // Claims repeat across a rule's instances (every interior window, every channel) up to
  // a renaming of their variables: each is proved once (smt/claim_cache.h).
  smt::ClaimCache claim_cache_;
  const PatternCheck patterns_;
  std::vector<const Instance*> todo_;
  std::vector<const Instance*> proved_;
  bool pointwise_ = true;
  bool monotone_ = true;  // preconditions_monotone at every instance
  // Pointwise instances proved at all-ones shapes, by leaf ranks and attributes: a
  // larger pointwise instance with the same key is covered by it (docs/proofs.md).
  std::set<std::string> proved_ones_;
  std::map<std::string, bool> pure_reads_;  // unit pattern -> pointwise (no accumulators)
  bool smt2_full_ = false;
  // The first instance whose target does not type-check (see target_type_error).
  std::optional<Counterexample> type_error_;
  std::string type_error_reason_;
  int64_t type_error_instances_ = 0;
  Enumeration distinguishing_;  // the distinguishing windows, when they are needed
  size_t first_distinguishing_ = SIZE_MAX;
};

}  // namespace

std::string_view outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Proved: return "proved";
    case Outcome::Refuted: return "refuted";
    case Outcome::Unknown: return "unknown";
  }
  return "unknown";
}

RuleProof prove_rule(const dsl::Rule& rule, const std::string& file, const ProveOptions& opts) {
  const auto t0 = std::chrono::steady_clock::now();
  RuleProof out;
  out.name = rule.name;
  out.file = file;
  out.grid = std::string(grid_name(opts.grid));
  const Enumeration en = enumerate_instances(rule, opts.grid, WindowSet::Grid);
  if (!reject_enumeration(en, out)) {
    RuleProver prover(rule, opts, en, out);
    if (!prover.prove_instances()) prover.conclude();
  }
  out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace vf::verify
