// The sort-dispatching term constructors. Sort errors are broken invariants (the
// encoders build well-sorted terms), so they abort with a message instead of letting a
// Z3 exception cross the layer.
#include "smt/expr.h"

#include <z3++.h>

#include <cstdio>
#include <cstdlib>

#include "smt/context.h"
#include "smt/z3_access.h"

namespace vf::smt {
namespace {

[[noreturn]] void broken(const char* op, const char* why) {
  std::fprintf(stderr, "vf::smt: operator %s: %s\n", op, why);
  std::abort();
}

const z3::expr& X(Expr e) { return Access::z3_expr(e); }
z3::context& C(Expr e) { return Access::z3_context(e.context()); }
Expr W(Expr like, Z3_ast a) {
  z3::context& c = C(like);
  return Access::wrap(like.context(), z3::to_expr(c, a));
}

/// The common sort of two operands of one context.
SortKind same_sort(Expr a, Expr b, const char* op) {
  if (!a.valid() || !b.valid()) broken(op, "invalid handle");
  if (&a.context() != &b.context()) broken(op, "operands of different contexts");
  const Sort s = a.sort();
  if (!(s == b.sort())) broken(op, "operands of different sorts");
  return s.kind;
}

Z3_ast rne(z3::context& c) { return Z3_mk_fpa_rne(c); }

using FpOp = Z3_ast (*)(Z3_context, Z3_ast, Z3_ast, Z3_ast);
using BvOp = Z3_ast (*)(Z3_context, Z3_ast, Z3_ast);

/// An arithmetic operation: the Real form, the BitVec form, the Float32 form.
Expr arith(Expr a, Expr b, const char* op, BvOp real, BvOp bv, FpOp fp) {
  z3::context& c = C(a);
  switch (same_sort(a, b, op)) {
    case SortKind::Real: return W(a, real(c, X(a), X(b)));
    case SortKind::BitVec: return W(a, bv(c, X(a), X(b)));
    case SortKind::Float32: return W(a, fp(c, rne(c), X(a), X(b)));
    case SortKind::Bool: break;
  }
  broken(op, "not defined on Bool");
}

Z3_ast real_add(Z3_context c, Z3_ast a, Z3_ast b) {
  Z3_ast xs[] = {a, b};
  return Z3_mk_add(c, 2, xs);
}
Z3_ast real_sub(Z3_context c, Z3_ast a, Z3_ast b) {
  Z3_ast xs[] = {a, b};
  return Z3_mk_sub(c, 2, xs);
}
Z3_ast real_mul(Z3_context c, Z3_ast a, Z3_ast b) {
  Z3_ast xs[] = {a, b};
  return Z3_mk_mul(c, 2, xs);
}

/// A comparison: Real, signed BitVec, IEEE Float32.
Expr compare(Expr a, Expr b, const char* op, BvOp real, BvOp bv, BvOp fp) {
  z3::context& c = C(a);
  switch (same_sort(a, b, op)) {
    case SortKind::Real: return W(a, real(c, X(a), X(b)));
    case SortKind::BitVec: return W(a, bv(c, X(a), X(b)));
    case SortKind::Float32: return W(a, fp(c, X(a), X(b)));
    case SortKind::Bool: break;
  }
  broken(op, "not defined on Bool");
}

void require_bool(Expr a, const char* op) {
  if (!a.valid()) broken(op, "invalid handle");
  if (a.sort().kind != SortKind::Bool) broken(op, "operand is not a Bool");
}

}  // namespace

Expr operator+(Expr a, Expr b) { return arith(a, b, "+", real_add, Z3_mk_bvadd, Z3_mk_fpa_add); }
Expr operator-(Expr a, Expr b) { return arith(a, b, "-", real_sub, Z3_mk_bvsub, Z3_mk_fpa_sub); }
Expr operator*(Expr a, Expr b) { return arith(a, b, "*", real_mul, Z3_mk_bvmul, Z3_mk_fpa_mul); }
Expr operator/(Expr a, Expr b) { return arith(a, b, "/", Z3_mk_div, Z3_mk_bvsdiv, Z3_mk_fpa_div); }

Expr operator-(Expr a) {
  if (!a.valid()) broken("-", "invalid handle");
  z3::context& c = C(a);
  switch (a.sort().kind) {
    case SortKind::Real: return W(a, Z3_mk_unary_minus(c, X(a)));
    case SortKind::BitVec: return W(a, Z3_mk_bvneg(c, X(a)));
    case SortKind::Float32: return W(a, Z3_mk_fpa_neg(c, X(a)));
    case SortKind::Bool: break;
  }
  broken("-", "not defined on Bool");
}

Expr fp_sqrt(Expr a) {
  if (!a.valid() || a.sort().kind != SortKind::Float32) broken("fp_sqrt", "not a Float32");
  z3::context& c = C(a);
  return W(a, Z3_mk_fpa_sqrt(c, rne(c), X(a)));
}

Expr operator<(Expr a, Expr b) { return compare(a, b, "<", Z3_mk_lt, Z3_mk_bvslt, Z3_mk_fpa_lt); }
Expr operator<=(Expr a, Expr b) {
  return compare(a, b, "<=", Z3_mk_le, Z3_mk_bvsle, Z3_mk_fpa_leq);
}
Expr operator>(Expr a, Expr b) { return b < a; }
Expr operator>=(Expr a, Expr b) { return b <= a; }

Expr eq(Expr a, Expr b) {
  same_sort(a, b, "=");
  return W(a, Z3_mk_eq(C(a), X(a), X(b)));
}
Expr ne(Expr a, Expr b) { return !eq(a, b); }

Expr operator&&(Expr a, Expr b) {
  require_bool(a, "and");
  require_bool(b, "and");
  same_sort(a, b, "and");
  Z3_ast xs[] = {X(a), X(b)};
  return W(a, Z3_mk_and(C(a), 2, xs));
}
Expr operator||(Expr a, Expr b) {
  require_bool(a, "or");
  require_bool(b, "or");
  same_sort(a, b, "or");
  Z3_ast xs[] = {X(a), X(b)};
  return W(a, Z3_mk_or(C(a), 2, xs));
}
Expr operator!(Expr a) {
  require_bool(a, "not");
  return W(a, Z3_mk_not(C(a), X(a)));
}
Expr implies(Expr a, Expr b) {
  require_bool(a, "=>");
  require_bool(b, "=>");
  same_sort(a, b, "=>");
  return W(a, Z3_mk_implies(C(a), X(a), X(b)));
}
Expr ite(Expr c, Expr a, Expr b) {
  require_bool(c, "ite");
  same_sort(a, b, "ite");
  if (&c.context() != &a.context()) broken("ite", "operands of different contexts");
  return W(a, Z3_mk_ite(C(a), X(c), X(a), X(b)));
}

}  // namespace vf::smt
