#include "smt/context.h"

#include <z3++.h>

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>

#include "smt/exact_rational.h"
#include "smt/z3_access.h"

namespace vf::smt {

struct Context::Impl {
  z3::context z3;  // declared first: destroyed after the terms that refer to it
  std::vector<z3::expr> terms;
  std::unordered_map<unsigned, uint32_t> by_ast;  // Z3 AST id -> index in terms
  std::vector<z3::func_decl> funcs;
  std::unordered_map<std::string, uint32_t> vars_by_name;  // -> index in Context::vars_
};

namespace {

[[noreturn]] void broken(const std::string& what) {
  std::fprintf(stderr, "vf::smt: %s\n", what.c_str());
  std::abort();
}

z3::sort z3_sort(z3::context& c, Sort s) {
  switch (s.kind) {
    case SortKind::Bool: return c.bool_sort();
    case SortKind::Real: return c.real_sort();
    case SortKind::BitVec:
      if (s.width < 1 || s.width > 64) broken("bitvector width must be 1..64");
      return c.bv_sort(s.width);
    case SortKind::Float32: return z3::sort(c, Z3_mk_fpa_sort_32(c));
  }
  broken("bad sort");
}

}  // namespace

z3::context& Access::z3_context(Context& c) { return c.impl_->z3; }

const z3::expr& Access::z3_expr(Expr e) {
  assert(e.valid());
  return e.context().impl_->terms[e.id()];
}

Expr Access::wrap(Context& c, const z3::expr& e) {
  Context::Impl& im = *c.impl_;
  const unsigned ast = Z3_get_ast_id(im.z3, e);
  auto [it, added] = im.by_ast.try_emplace(ast, static_cast<uint32_t>(im.terms.size()));
  if (added) im.terms.push_back(e);
  return Expr(&c, it->second);
}

std::string sort_name(Sort s) {
  switch (s.kind) {
    case SortKind::Bool: return "Bool";
    case SortKind::Real: return "Real";
    case SortKind::BitVec: return "(_ BitVec " + std::to_string(s.width) + ")";
    case SortKind::Float32: return "Float32";
  }
  return "?";
}

Sort Expr::sort() const {
  const z3::sort s = Access::z3_expr(*this).get_sort();
  if (s.is_bool()) return Sort::boolean();
  if (s.is_real()) return Sort::real();
  if (s.is_bv()) return Sort::bitvec(s.bv_size());
  if (s.is_fpa()) return Sort::float32();  // the only floating-point sort created here
  broken("term of a sort the SMT layer does not create: " + s.to_string());
}

bool Expr::is_numeral() const {
  const z3::expr& e = Access::z3_expr(*this);
  return e.is_numeral() || e.is_true() || e.is_false();
}

std::string Expr::to_string() const { return Access::z3_expr(*this).to_string(); }

Context::Context() : impl_(std::make_unique<Impl>()) {}
Context::~Context() = default;

Expr Context::bool_val(bool b) { return Access::wrap(*this, impl_->z3.bool_val(b)); }

Expr Context::real_val(double v) {
  auto r = exact_rational(v);
  if (!r) broken("real_val of a non-finite double");
  return real_val(r->to_string());
}

Expr Context::real_val(std::string_view rational) {
  const std::string s(rational);
  return Access::wrap(*this, impl_->z3.real_val(s.c_str()));
}

Expr Context::bv_val(int64_t v, unsigned width) {
  if (width < 1 || width > 64) broken("bitvector width must be 1..64");
  return Access::wrap(*this, impl_->z3.bv_val(v, width));
}

Expr Context::fp32_val(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  z3::context& c = impl_->z3;
  // fp(sign, exponent, significand) from the bits: exact for -0, subnormals, inf, NaN.
  z3::expr sign = c.bv_val(bits >> 31, 1);
  z3::expr exponent = c.bv_val((bits >> 23) & 0xffu, 8);
  z3::expr significand = c.bv_val(bits & 0x7fffffu, 23);
  return Access::wrap(*this, z3::to_expr(c, Z3_mk_fpa_fp(c, sign, exponent, significand)));
}

Expr Context::var(std::string_view name, Sort s) {
  std::string key(name);
  if (auto it = impl_->vars_by_name.find(key); it != impl_->vars_by_name.end()) {
    const Expr e = vars_[it->second];
    if (!(e.sort() == s))
      broken("variable '" + key + "' asked for as " + sort_name(s) + ", it is " +
             sort_name(e.sort()));
    return e;
  }
  const Expr e = Access::wrap(*this, impl_->z3.constant(key.c_str(), z3_sort(impl_->z3, s)));
  impl_->vars_by_name.emplace(key, static_cast<uint32_t>(vars_.size()));
  vars_.push_back(e);
  return e;
}

std::optional<Expr> Context::variable(std::string_view name) const {
  auto it = impl_->vars_by_name.find(std::string(name));
  if (it == impl_->vars_by_name.end()) return std::nullopt;
  return vars_[it->second];
}

Expr Context::fresh(std::string_view prefix, Sort s) {
  z3::context& c = impl_->z3;
  const std::string p(prefix);
  return Access::wrap(*this, z3::to_expr(c, Z3_mk_fresh_const(c, p.c_str(), z3_sort(c, s))));
}

std::optional<std::string> Context::symbol_name(Expr e) const {
  const z3::expr& t = Access::z3_expr(e);
  if (!t.is_const() || t.is_numeral() || t.decl().decl_kind() != Z3_OP_UNINTERPRETED)
    return std::nullopt;
  return t.decl().name().str();
}

Func Context::function(std::string_view name, std::span<const Sort> domain, Sort range) {
  z3::context& c = impl_->z3;
  z3::sort_vector dom(c);
  for (Sort s : domain) dom.push_back(z3_sort(c, s));
  const std::string n(name);
  impl_->funcs.push_back(c.function(n.c_str(), dom, z3_sort(c, range)));
  return Func{static_cast<uint32_t>(impl_->funcs.size() - 1)};
}

Expr Context::apply(Func f, std::span<const Expr> args) {
  assert(f.id < impl_->funcs.size());
  const z3::func_decl& d = impl_->funcs[f.id];
  if (args.size() != d.arity()) broken("wrong number of arguments for " + d.name().str());
  z3::expr_vector xs(impl_->z3);
  for (size_t i = 0; i < args.size(); ++i) {
    const z3::expr& a = Access::z3_expr(args[i]);
    if (!z3::eq(a.get_sort(), d.domain(static_cast<unsigned>(i))))
      broken("argument of the wrong sort for " + d.name().str());
    xs.push_back(a);
  }
  return Access::wrap(*this, d(xs));
}

Expr Context::simplify(Expr e) { return Access::wrap(*this, Access::z3_expr(e).simplify()); }

}  // namespace vf::smt
