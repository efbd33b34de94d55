// Terms of the SMT layer: an Expr is an opaque handle to a Z3 term owned by a Context
// (context.h). Handles are cheap to copy; they stay valid as long as their Context.
// Z3's own types never appear here, so that only src/smt/*.cpp includes z3++.h.
//
// Sorts: Bool, Real (mathematical reals), BitVec(N) (signed two's complement: division
// and comparisons are the signed ones) and Float32 (IEEE binary32, every rounding
// operation rounds to nearest, ties to even). The arithmetic operators dispatch on the
// operands' sort; mixing sorts is a broken invariant and aborts.
#pragma once

#include <cstdint>
#include <string>

namespace vf::smt {

class Context;

/// The kind of a sort.
enum class SortKind : uint8_t { Bool, Real, BitVec, Float32 };

/// A sort; `width` is the number of bits of a BitVec (0 otherwise).
struct Sort {
  SortKind kind = SortKind::Bool;
  unsigned width = 0;

  /// The four sorts.
  static Sort boolean() { return {SortKind::Bool, 0}; }
  static Sort real() { return {SortKind::Real, 0}; }
  static Sort bitvec(unsigned width) { return {SortKind::BitVec, width}; }
  static Sort float32() { return {SortKind::Float32, 0}; }
  bool operator==(const Sort&) const = default;
};

/// SMT-LIB spelling of a sort: "Bool", "Real", "(_ BitVec 8)", "Float32".
std::string sort_name(Sort s);

/// A handle to a term of a Context. Structurally identical terms (Z3 hash-conses them)
/// have the same id, so `identical` is a cheap syntactic test; it is not SMT equality.
class Expr {
 public:
  /// An invalid handle (valid() is false).
  Expr() = default;

  /// False for a default-constructed handle.
  bool valid() const { return ctx_ != nullptr; }
  /// The owning context.
  Context& context() const { return *ctx_; }
  /// Index in the context's term table; equal for structurally identical terms.
  uint32_t id() const { return id_; }
  /// The term's sort.
  Sort sort() const;
  /// True for a rational or bitvector constant, true or false.
  bool is_numeral() const;
  /// SMT-LIB text of the term (may be long: let-bindings are not introduced).
  std::string to_string() const;

 private:
  friend class Context;
  friend struct Access;
  Expr(Context* ctx, uint32_t id) : ctx_(ctx), id_(id) {}

  Context* ctx_ = nullptr;
  uint32_t id_ = UINT32_MAX;
};

/// True when both handles denote the same term (syntactic identity).
inline bool identical(Expr a, Expr b) { return &a.context() == &b.context() && a.id() == b.id(); }

/// Arithmetic: Real exact; BitVec wrapping (`/` is bvsdiv); Float32 rounding to nearest
/// even (`/` by zero gives an infinity or NaN as IEEE says).
Expr operator+(Expr a, Expr b);
Expr operator-(Expr a, Expr b);
Expr operator*(Expr a, Expr b);
Expr operator/(Expr a, Expr b);
Expr operator-(Expr a);
/// Square root of a Float32 (fp.sqrt, rounded to nearest even). Reals and bitvectors have
/// no sqrt term: the domains (real_domain.h) introduce a fresh root instead.
Expr fp_sqrt(Expr a);

/// Comparisons: Real; BitVec signed; Float32 IEEE (false when either side is NaN,
/// -0 == +0).
Expr operator<(Expr a, Expr b);
Expr operator<=(Expr a, Expr b);
Expr operator>(Expr a, Expr b);
Expr operator>=(Expr a, Expr b);

/// SMT equality `=` of two terms of one sort. On Float32 it is identity of values, not
/// IEEE equality: -0 and +0 differ, and NaN equals NaN (there is one NaN).
Expr eq(Expr a, Expr b);
/// not (= a b).
Expr ne(Expr a, Expr b);

/// Boolean connectives.
Expr operator&&(Expr a, Expr b);
Expr operator||(Expr a, Expr b);
Expr operator!(Expr a);
Expr implies(Expr a, Expr b);
/// c ? a : b, for a Bool c and two terms of one sort.
Expr ite(Expr c, Expr a, Expr b);

}  // namespace vf::smt
