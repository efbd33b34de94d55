// What a symbolic domain records besides the values it computes: facts about the fresh
// symbols it introduced (weak axioms, and the exact definitions that pin them down), the
// definedness conditions of partial operations, and the operations it could not encode.
// A query assumes the axioms and definitions, assumes the source's obligations, proves
// the target's, and is Unknown while anything is unsupported.
#pragma once

#include <string>
#include <vector>

#include "smt/expr.h"

namespace vf::smt {

/// A condition a program needs in order to be defined (a divisor is not zero, a square
/// root's argument is not negative), with a description for reports.
struct Obligation {
  Expr holds;
  std::string what;
};

/// The side conditions recorded while encoding one program (or one side of a rule).
struct Conditions {
  /// Weak facts about fresh symbols (a square root is >= 0, exp is > 0); always assumed.
  std::vector<Expr> axioms;
  /// The exact definitions of fresh symbols (r*r = v for a square root r of v). Assumed;
  /// a solver may first try without them (a proof that needs less is still a proof).
  /// Each is guarded by the obligation it depends on, so it is never vacuously false.
  std::vector<Expr> definitions;
  /// Definedness conditions: assumed for a rewrite's source, proved for its target.
  std::vector<Obligation> obligations;
  /// Operations the domain cannot encode (e.g. sqrt on bitvectors); a query with any
  /// of these is Unknown, never Proved.
  std::vector<std::string> unsupported;

  /// Appends everything `o` recorded.
  void append(const Conditions& o) {
    axioms.insert(axioms.end(), o.axioms.begin(), o.axioms.end());
    definitions.insert(definitions.end(), o.definitions.begin(), o.definitions.end());
    obligations.insert(obligations.end(), o.obligations.begin(), o.obligations.end());
    unsupported.insert(unsupported.end(), o.unsupported.begin(), o.unsupported.end());
  }
};

}  // namespace vf::smt
