#include "verify/prove.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <functional>
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
  auto finish = [&] {
    out.ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  out.grid = std::string(grid_name(opts.grid));
  // The grid first; the larger distinguishing instances (distinct data sizes, the
  // distinguishing windows) only as long as no proved instance distinguishes the rule's
  // axes (below).
  const Enumeration en = enumerate_instances(rule, opts.grid, WindowSet::Grid);
  if (!en.unsupported.empty()) {
    out.outcome = Outcome::Unknown;
    out.reason = en.unsupported;
    out.scope = "bounded";
    return finish();
  }
  if (en.instances.empty()) {
    out.outcome = Outcome::Unknown;
    out.reason = fmt::format(
        "no instance in the grid satisfies the rule's shape and attribute preconditions "
        "({} combinations tried): nothing was proved",
        en.candidates);
    out.scope = "bounded";
    return finish();
  }
  bool pointwise = true;
  smt::SolverOptions sopts;
  sopts.timeout_ms = opts.timeout_ms;
  sopts.split_claims = true;
  // Pointwise instances proved at all-ones shapes, by leaf ranks and attributes: a
  // larger pointwise instance with the same key is covered by it (docs/proofs.md).
  bool monotone = true;  // preconditions_monotone at every instance
  std::set<std::string> proved_ones;
  auto rule_ctx = std::make_unique<smt::Context>();
  // Claims repeat across a rule's instances (every interior window, every channel) up to
  // a renaming of their variables: each is proved once (smt/claim_cache.h).
  smt::ClaimCache claim_cache;
  sopts.claim_cache = &claim_cache;
  bool smt2_full = false;
  // The grid's instances, then one per unit pattern the grid does not realise (the
  // pointwise lemma, patterns.h): they are proved like the others.
  const PatternCheck patterns = realise_patterns(rule, en);
  std::vector<const Instance*> todo;
  for (const Instance& inst : en.instances) todo.push_back(&inst);
  for (const Instance& inst : patterns.representatives) todo.push_back(&inst);
  std::vector<const Instance*> proved;
  std::map<std::string, bool> pure_reads;  // unit pattern -> pointwise (no accumulators)
  // The first instance whose target does not type-check (see below).
  std::optional<Counterexample> type_error;
  std::string type_error_reason;
  int64_t type_error_instances = 0;
  Enumeration distinguishing;  // the distinguishing windows, when they are needed
  size_t first_distinguishing = SIZE_MAX;
  for (size_t next = 0;; ++next) {
    if (next == todo.size()) {
      if (first_distinguishing != SIZE_MAX || type_error ||
          missing_distinguishing_instance(proved).empty())
        break;
      distinguishing = enumerate_instances(rule, opts.grid, WindowSet::Distinguishing);
      first_distinguishing = todo.size();
      for (const Instance& inst : distinguishing.instances) todo.push_back(&inst);
      if (next == todo.size()) break;
    } else if (next > first_distinguishing && !proved.empty() && proved.back() == todo[next - 1] &&
               missing_distinguishing_instance(proved).empty()) {
      break;  // one distinguishing instance is enough
    }
    const Instance* ip = todo[next];
    const Instance& inst = *ip;
    if (!inst.target_error.empty()) {
      Counterexample cx;
      cx.instance = inst.description;
      cx.violations.push_back(inst.target_error);
      if (inst.target_root == inst.source_root) {
        // The target does not type-check here. That refutes the rule, but a counterexample
        // with values shows more: keep looking, and fall back to this one at the end.
        if (!type_error) {
          cx.replay =
              "the target does not type-check at this instance (shape inference, as "
              "the interpreter runs it): " +
              inst.target_error;
          cx.reproduced = true;
          type_error = std::move(cx);
          type_error_reason = fmt::format("at {}: {}", inst.description, inst.target_error);
          type_error_instances = out.instances;
        }
        continue;
      }
      out.outcome = Outcome::Refuted;
      out.reason = fmt::format("at {}: {}", inst.description, inst.target_error);
      const ReplayResult rp = replay_shape_mismatch(en, inst);
      cx.replay = rp.text;
      cx.reproduced = rp.reproduced;
      if (!cx.reproduced)
        out.internal_error = fmt::format(
            "internal error: the interpreter does not reproduce the shape mismatch at {} ({})",
            inst.description, rp.text);
      out.counterexample = std::move(cx);
      out.scope = "bounded";
      return finish();
    }
    // The read analysis of a pure pointwise instance depends only on which dimensions are
    // 1 (the lemma, patterns.h): asked once per unit pattern of the whole instance.
    const std::string units = unit_pattern(inst);
    PointwiseCheck check;
    if (auto it = pure_reads.find(units); it != pure_reads.end()) {
      check.pointwise = it->second;
    } else {
      check = check_pointwise(inst);
      if (!check.shared_reductions) pure_reads.emplace(units, check.pointwise);
    }
    const bool pw = check.pointwise && !check.shared_reductions;
    pointwise = pointwise && check.pointwise;
    const std::string key = pointwise_key(inst);
    const bool may_cover = preconditions_monotone(rule, inst);
    monotone = monotone && may_cover;
    if (pw && may_cover && !all_ones(inst) && proved_ones.count(key)) {
      ++out.instances;
      ++out.covered;
      proved.push_back(ip);
      continue;
    }
    // One Z3 context per rule, not per instance: creating one costs more than a small
    // instance's whole proof. Each query still goes to a fresh solver.
    smt::Context& ctx = *rule_ctx;
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
    smt::Solver solver(ctx, sopts);
    const smt::Verdict v = solver.check(enc.query);
    if (opts.keep_smt2 && !smt2_full && !smt::is_unknown(v)) {
      // As proved: one check-sat per claim, the exact definitions of square roots and
      // inverses only when the proof needed them; logic ALL (see SmtlibOptions).
      smt::Solver::SmtlibOptions so;
      so.split_claims = true;
      so.logic_all = true;
      so.definitions = !smt::is_proved(v) || solver.used_definitions();
      std::string text = solver.to_smtlib(enc.query, so);
      if (out.smt2.size() + text.size() <= opts.smt2_budget || out.smt2.empty()) {
        if (!out.smt2.empty()) out.smt2 += "(reset)\n";
        out.smt2 += fmt::format("; instance {}: {}\n", out.instances + 1, inst.description);
        out.smt2 += text;
        ++out.smt2_instances;
      } else {
        smt2_full = true;  // instances only grow from here
      }
    }
    ++out.instances;
    if (pw && all_ones(inst) && is_proved(v)) proved_ones.insert(key);
    if (is_proved(v)) proved.push_back(ip);
    if (auto* u = std::get_if<smt::Unknown>(&v)) {
      out.outcome = Outcome::Unknown;
      out.reason = fmt::format("at {}: {}", inst.description, u->reason);
      out.scope = "bounded";
      return finish();
    }
    if (auto* r = std::get_if<smt::Refuted>(&v)) {
      out.outcome = Outcome::Refuted;
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
      for (const auto& [name, val] : r->model.values)
        if (mine.count(name)) cx.values.emplace_back(name, val.exact);
      for (const smt::Violation& x : r->violations) cx.violations.push_back(describe_violation(x));
      const ReplayResult rp = replay_counterexample(rule.domain, en, inst, r->model);
      cx.replay = rp.text;
      cx.reproduced = rp.reproduced;
      if (!rp.reproduced)
        out.internal_error = fmt::format(
            "internal error: the interpreter does not reproduce the counterexample at {} "
            "({}); the prover or the interpreter is wrong",
            inst.description, rp.text);
      out.reason = fmt::format("at {}: {}", inst.description,
                               cx.violations.empty() ? "a claim is false" : cx.violations[0]);
      out.counterexample = std::move(cx);
      out.scope = "bounded";
      return finish();
    }
  }
  if (type_error) {
    out.outcome = Outcome::Refuted;
    out.reason = type_error_reason;
    out.counterexample = std::move(type_error);
    out.instances = type_error_instances;
    out.scope = "bounded";
    return finish();
  }
  // Proved where it tells axes apart, or not at all (distinguish.h).
  if (std::string missing = missing_distinguishing_instance(proved); !missing.empty()) {
    out.outcome = Outcome::Unknown;
    out.reason = missing;
    out.scope = "bounded";
    return finish();
  }
  out.outcome = Outcome::Proved;
  out.patterns = static_cast<int64_t>(patterns.patterns);
  out.pattern_instances = static_cast<int64_t>(patterns.representatives.size());
  // All sizes: the pointwise lemma's premises, each checked (docs/proofs.md): every
  // operator in the fragment and every admitted unit pattern realised (patterns.h);
  // every instance reads each leaf at one element, the same on both sides
  // (pointwise.h); preconditions that a larger instance inherits at the elements read.
  if (!patterns.failure.empty())
    out.lemma = "not established: " + patterns.failure;
  else if (!pointwise)
    out.lemma =
        "not established: an instance reads a leaf at two elements, or reads it "
        "differently on the two sides";
  else if (!monotone)
    out.lemma =
        "not established: a precondition is not inherited by larger instances (any, "
        "or all under ! / || or over two tensors)";
  else
    out.lemma = fmt::format(
        "{} unit patterns admitted, every one realised ({} by instances added to the grid); "
        "each output element reads each leaf at one element, the same on both sides; "
        "preconditions inherited",
        patterns.patterns, patterns.representatives.size());
  out.scope = out.lemma.starts_with("not established") ? "bounded" : "unbounded";
  return finish();
}

}  // namespace vf::verify
