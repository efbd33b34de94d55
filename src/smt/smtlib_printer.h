// SMT-LIB2 text of a Query, written by vfuse itself rather than by Z3's benchmark printer,
// so that the text is a function of the query alone (docs/smt.md, "SMT-LIB2 export"):
//
// - Deterministic. Every name comes from a canonical walk of the query (hypotheses, then
//   each claim's source side, then its target side, arguments left to right): named
//   variables keep their names, fresh symbols are renumbered by first appearance
//   (`vf_sqrt!0`, `vf_inv!0`, ...), and definitions are numbered in the order the walk
//   completes them. Z3's AST ids, its fresh-symbol counter and its `let` names never
//   reach the text, so the same query prints byte-identically in two runs, or after
//   other queries were made in the same Context.
// - Sides printed separately. A claim built by equivalence_query (`lhs = rhs`) is
//   printed as `(= s!i t!j)`, where the source side `s!i` and the target side `t!j` are
//   each defined by its own DAG of `define-fun`s (prefix `s!` and `t!`); hypotheses get
//   prefix `h!` and claims without sides `c!`. The four share only declared leaves
//   (variables, fresh symbols, uninterpreted functions) and numerals, never a defined
//   term, so a replaying solver re-derives each equality from the two definitions, even
//   when vfuse built both sides as one hash-consed term, and an edit of one side shows.
#pragma once

#include <string>

#include "smt/context.h"
#include "smt/query.h"

namespace vf::smt {

/// How print_smtlib writes a query.
struct SmtlibOptions {
  /// Assert Query::definitions too (a proof that needs fewer hypotheses is still one).
  bool definitions = true;
  /// One (push) (assert (not claim)) (check-sat) (pop) per claim instead of one
  /// check-sat of all claims: the query is valid iff every check-sat is unsat. Needs an
  /// incremental solver (cvc5 --incremental).
  bool split_claims = false;
  /// Declare the logic ALL instead of the narrowest one (QF_NRA, ...), noted in a
  /// comment: z3's command line picks its general solver for ALL, which decides the
  /// piecewise-polynomial claims of relu and max far faster than its pure nlsat.
  bool logic_all = false;
};

/// The SMT-LIB2 script of `q` (set-logic, declarations, hypotheses, the two sides'
/// definitions, the negated claims, check-sat): every check-sat is unsat iff `q` is
/// valid. Terms must belong to `ctx`.
std::string print_smtlib(Context& ctx, const Query& q, const SmtlibOptions& o);

/// Runs an SMT-LIB2 script in a fresh Z3 context (Z3's own parser, as the `z3` command
/// line would) and returns what it prints, one answer per line ("unsat", "sat", ...);
/// a script Z3 rejects gives "(error ...)" text. For tests and replay tools.
std::string run_smtlib_script(const std::string& script);

}  // namespace vf::smt
