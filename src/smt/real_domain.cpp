#include "smt/real_domain.h"

#include <bit>
#include <cmath>
#include <utility>

#include <fmt/format.h>

namespace vf::smt {

RealDomain::RealDomain(Context& ctx) : ctx_(ctx) {
  const Sort real[] = {Sort::real()};
  exp_ = ctx_.function("vf_exp", real, Sort::real());
  for (sem::Fn f : sem::kAllFns)
    fns_[static_cast<int>(f)] =
        ctx_.function(fmt::format("vf_{}", sem::fn_name(f)), real, Sort::real());
}

RealDomain::Value RealDomain::lit(double x) {
  const uint64_t bits = std::bit_cast<uint64_t>(x);
  if (auto it = lits_.find(bits); it != lits_.end()) return it->second;
  Expr e;
  if (std::isfinite(x))
    e = ctx_.real_val(x);
  else  // no real value: one unconstrained constant per literal (see the header)
    e = ctx_.fresh(std::isnan(x) ? "vf_nan" : x < 0 ? "vf_neg_inf" : "vf_pos_inf", Sort::real());
  lits_.emplace(bits, e);
  return e;
}

void RealDomain::record_axiom(Expr axiom) {
  if (recorded_.insert(axiom.id()).second) cond_.axioms.push_back(axiom);
}

void RealDomain::record_definition(Expr definition) {
  if (recorded_.insert(definition.id()).second) cond_.definitions.push_back(definition);
}

void RealDomain::oblige(Expr holds, const char* what) {
  if (recorded_.insert(holds.id()).second) cond_.obligations.push_back({holds, what});
}

Expr RealDomain::canonical_symbol(std::unordered_map<uint32_t, Expr>& table, Expr arg,
                                  const char* prefix) {
  if (auto it = table.find(arg.id()); it != table.end()) return it->second;
  // Arguments equal after simplification (var + eps and (var + eps) + 0) share one symbol,
  // so that both sides of a rule that spell the same root differently get the same term.
  const Expr key = ctx_.simplify(arg);
  auto [it, added] = table.try_emplace(key.id());
  if (added) it->second = ctx_.fresh(prefix, Sort::real());
  table.emplace(arg.id(), it->second);
  return it->second;
}

RealDomain::Value RealDomain::div(Value a, Value b) {
  const Expr zero = lit(0);
  oblige(ne(b, zero), "divisor is not zero");
  if (b.is_numeral()) return a / b;  // linear: Z3 divides by a constant exactly
  const Expr inv = canonical_symbol(inverses_, b, "vf_inv");
  record_axiom(implies(b > zero, inv > zero));
  record_axiom(implies(b < zero, inv < zero));
  record_definition(implies(ne(b, zero), eq(b * inv, lit(1))));
  return a * inv;
}

RealDomain::Value RealDomain::sqrt(Value v) {
  const Expr zero = lit(0), nonneg = v >= zero;
  oblige(nonneg, "square root of a non-negative value");
  const Expr r = canonical_symbol(roots_, v, "vf_sqrt");
  // Guarded, so that a negative argument leaves r unconstrained instead of making the
  // hypotheses contradictory (which would prove anything, including the obligation).
  record_axiom(implies(nonneg, r >= zero));
  record_axiom(implies(v > zero, r > zero));
  record_definition(implies(nonneg, eq(r * r, v)));
  return r;
}

RealDomain::Value RealDomain::exp(Value a) {
  const Expr args[] = {a};
  const Expr e = ctx_.apply(exp_, args);
  record_axiom(e > lit(0));
  return e;
}

RealDomain::Value RealDomain::fn(sem::Fn f, Value a) {
  const Expr args[] = {a};
  const Expr y = ctx_.apply(fns_[static_cast<int>(f)], args);
  const Expr zero = lit(0), one = lit(1);
  if (f == sem::Fn::Log) {
    // Guarded like sqrt: a non-positive argument leaves log(a) unconstrained.
    oblige(a > zero, "logarithm of a positive value");
    record_axiom(implies(a > zero && a < one, y < zero));
    record_axiom(implies(eq(a, one), eq(y, zero)));
    record_axiom(implies(a > one, y > zero));
    return y;
  }
  if (f == sem::Fn::Round) {  // the nearest integer: within 1/2 of its argument
    const Expr half = lit(0.5);
    record_axiom(y >= a - half);
    record_axiom(y <= a + half);
    return y;
  }
  // tanh and erf: odd, increasing, into (-1, 1).
  record_axiom(y > -one);
  record_axiom(y < one);
  record_axiom(implies(a > zero, y > zero));
  record_axiom(implies(a < zero, y < zero));
  record_axiom(implies(eq(a, zero), eq(y, zero)));
  return y;
}

Conditions RealDomain::take_conditions() {
  recorded_.clear();
  return std::exchange(cond_, {});
}

}  // namespace vf::smt
