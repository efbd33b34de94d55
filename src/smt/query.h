// A validity question for the solver: do the hypotheses imply every claim? It is asked
// as the satisfiability of hypotheses and not(all claims): unsat means Proved; a model
// is a counterexample and says which claims it breaks.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "smt/conditions.h"
#include "smt/expr.h"
#include "smt/sym_tensor.h"

namespace vf::smt {

/// A Bool to prove. For an equality of two elements, `lhs`/`rhs` are its sides, so that
/// a counterexample can show both values.
struct Claim {
  std::string what;
  Expr holds;
  Expr lhs;
  Expr rhs;
};

/// Hypotheses, claims, and anything the encoding could not express.
struct Query {
  std::vector<Expr> hypotheses;
  /// Hypotheses that define fresh symbols exactly (see Conditions::definitions); kept
  /// apart so that the solver can try the easier query without them first.
  std::vector<Expr> definitions;
  std::vector<Claim> claims;
  /// Non-empty: the solver is not asked and the verdict is Unknown.
  std::vector<std::string> unsupported;
};

/// The refinement question of a rewrite: for every assignment satisfying `assumptions`
/// (the rule's preconditions), both sides' axioms and definitions and the source's
/// obligations (the
/// source is defined), the target's obligations hold and every target element equals the
/// source element (SMT `=`). lhs/rhs are the graphs' outputs in order, of equal shapes
/// (a mismatch is recorded as unsupported).
Query equivalence_query(std::span<const SymTensor> lhs, std::span<const SymTensor> rhs,
                        std::span<const Expr> assumptions, const Conditions& lhs_conditions,
                        const Conditions& rhs_conditions);

}  // namespace vf::smt
