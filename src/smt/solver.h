// The only way to ask Z3 a question: a Query in, a Verdict out, each query on a fresh Z3
// solver with its own time limit. Also writes any query as SMT-LIB2 text that the `z3`
// and `cvc5` command-line solvers replay (see docs/smt.md).
#pragma once

#include <optional>

#include <cstdint>
#include <span>
#include <string>

#include "smt/claim_cache.h"
#include "smt/context.h"
#include "smt/query.h"
#include "smt/smtlib_printer.h"
#include "smt/verdict.h"
#include "support/cancel.h"

namespace vf::smt {

/// Limits and strategy of a Solver. A query is answered in up to four stages, each
/// sound on its own: (0) claims discharged without search: an equality whose sides are
/// the same term, a claim Z3's simplifier turns into true (a ground fact about
/// numerals), or (Real and BitVec) whose difference Z3's simplifier normalises to
/// the numeral 0 as a sum of monomials (a polynomial identity, in the ring the sort
/// is), or whose sides match by congruence down to such identities (relu(p) = relu(q)
/// when p - q normalises to 0), after substituting hypotheses `x = numeral`; and a claim
/// that is literally one of the hypotheses; only the rest go on; (1) without the exact definitions
/// of fresh symbols: Proved there is Proved (fewer hypotheses), anything else goes on; (2) probes:
/// every named variable fixed to small values (0, 1, then small integers): a model there is a real
/// counterexample; (3) the full query. The time limit applies to each solver call.
struct SolverOptions {
  /// Wall-clock limit per solver call, in milliseconds (0: none).
  unsigned timeout_ms = 10'000;
  /// Z3 resource limit per call, deterministic unlike the timeout (0: none).
  unsigned rlimit = 0;
  /// Check each claim on its own (hypotheses and not(claim)) instead of all at once:
  /// sound, since all claims hold iff each does, and often far easier for the solver.
  bool split_claims = false;
  /// Stage 0: discharge claims by normalisation first.
  bool normalise_first = true;
  /// Stage 1: try the query without Query::definitions first.
  bool abstract_first = true;
  /// Stage 2: number of concrete probe assignments tried before the full query. Probes
  /// fix every variable of the Context, so a Context shared by many queries (a compile's
  /// certificates) should not use them.
  unsigned probes = 3;
  /// Before the stages that search: all claims stage 0 left, in one solver call (many
  /// easy side conditions, such as the definedness of a model's folded constants, cost
  /// one call instead of one each), with the definitions; Proved or Refuted is the
  /// answer, Unknown goes on as configured.
  bool conjunction_first = false;
  /// With split_claims: the claims asked one after another of one solver holding the
  /// hypotheses (push / pop), instead of a fresh solver each — for many small claims over
  /// one context's terms (an integer certificate's channels); a claim it does not prove is
  /// asked again alone.
  bool incremental_claims = false;
  /// A counterexample lists at most this many broken claims, the first in claim order:
  /// evaluating a claim on irrational (algebraic) values can be slower than solving.
  unsigned max_violations = 4;
  /// With split_claims: every claim is asked with its slice of the hypotheses only, and a
  /// claim proved before up to a renaming of its variables is not asked again
  /// (claim_cache.h). Null: every claim with all hypotheses.
  ClaimCache* claim_cache = nullptr;
  /// Polled while a query runs (support/cancel.h): once it asks to stop, the running Z3
  /// call is interrupted (Z3_interrupt, from a thread that polls every 10 ms) and no other
  /// starts, so the query ends within a tick as Unknown ("interrupted"), never Proved.
  /// Null: never.
  CancelFn cancelled;
};

/// "z3 4.8.12": the solver's name and version, for proof records.
std::string solver_version();

/// Answers queries over one Context.
class Solver {
 public:
  /// A solver for the terms of `ctx`, with the given limits and strategy.
  explicit Solver(Context& ctx, SolverOptions opts = {});

  /// Proved, Refuted with a model and the broken claims, or Unknown (timeout, Z3's
  /// "unknown", an unsupported operation, a solver error); see SolverOptions.
  Verdict check(const Query& q);
  /// Is `goal` true whenever all `hypotheses` are?
  Verdict check_valid(Expr goal, std::span<const Expr> hypotheses = {});
  /// After a Proved from check(): whether the proof needed Query::definitions (false
  /// when it was found by normalisation or without them).
  bool used_definitions() const { return used_definitions_; }
  /// After a Proved from check(): the query actually proved when it was the abstraction of
  /// the one asked (every product of two bitvector symbols and every division of one a free
  /// variable: a stronger statement, solver.cpp), else null. A certificate writes this one,
  /// which the command-line solvers replay without bit-blasting a multiplier.
  const Query* proved_abstraction() const { return abstraction_ ? &*abstraction_ : nullptr; }
  /// How to_smtlib writes a query (smtlib_printer.h).
  using SmtlibOptions = smt::SmtlibOptions;
  /// The SMT-LIB2 script of the query (smtlib_printer.h: deterministic, the two sides of
  /// every claim defined separately): every check-sat is unsat iff the query is valid.
  std::string to_smtlib(const Query& q, const SmtlibOptions& o);
  std::string to_smtlib(const Query& q) { return to_smtlib(q, SmtlibOptions{}); }

 private:
  /// check() with a claim cache: claim by claim, each with its slice (claim_cache.h).
  Verdict check_sliced(const Query& q);
  Context& ctx_;
  SolverOptions opts_;
  bool used_definitions_ = true;
  std::optional<Query> abstraction_;
};

}  // namespace vf::smt
