// The owner of every SMT term: wraps one z3::context and a table of the terms handed out
// as Expr handles. A Context lives as long as one question to the solver (a rule proof,
// an instance certificate); terms are not freed before it dies.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "smt/expr.h"

namespace vf::smt {

/// An uninterpreted function symbol of a Context (e.g. exp: Real -> Real).
struct Func {
  uint32_t id = UINT32_MAX;
};

/// Creates terms and owns them; not copyable, not movable (handles point at it).
class Context {
 public:
  /// A new, empty Z3 context.
  Context();
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  /// true / false.
  Expr bool_val(bool b);
  /// The exact rational value of a finite double (0.1 is 3602879701896397/2^55).
  Expr real_val(double v);
  /// An exact rational from its decimal text, "-7" or "3/4".
  Expr real_val(std::string_view rational);
  /// v modulo 2^width as a BitVec(width), 1 <= width <= 64.
  Expr bv_val(int64_t v, unsigned width);
  /// A Float32 with exactly the bits of v (-0, infinities and NaN included).
  Expr fp32_val(float v);

  /// The named free variable `name` of sort `s`, created on first use; asking again for
  /// the same name gives the same variable (asking with another sort is a broken
  /// invariant). Listed by variables(), and so given a value in every model.
  Expr var(std::string_view name, Sort s);
  /// A fresh symbol "prefix!k" that no other call returns (e.g. a square root the real
  /// domain introduces); not listed by variables().
  Expr fresh(std::string_view prefix, Sort s);
  /// The named variables, in creation order.
  const std::vector<Expr>& variables() const { return vars_; }
  /// The named variable `name` if var() created it, else nullopt (never creates one).
  std::optional<Expr> variable(std::string_view name) const;
  /// The name of a variable or fresh symbol; nullopt for any other term.
  std::optional<std::string> symbol_name(Expr e) const;

  /// Declares an uninterpreted function.
  Func function(std::string_view name, std::span<const Sort> domain, Sort range);
  /// f(args...).
  Expr apply(Func f, std::span<const Expr> args);

  /// Z3's simplification of a term (for displays and tests; queries use the original).
  Expr simplify(Expr e);

 private:
  friend class Expr;
  friend struct Access;
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::vector<Expr> vars_;
};

}  // namespace vf::smt
