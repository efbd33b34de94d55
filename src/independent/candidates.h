// Where the exact value of a folded constant may come from (docs/independent.md, "Exact
// values of folded constants"): the parts of the model's formula of an output element that
// a fold combines. Hints only: the solver checks every value the checker chooses from them.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "independent/term.h"

namespace vf::independent {

/// The maximal subterms of `t` affine in its window sums (Acc leaves) with constant
/// coefficients: where a fold's scale and shift meet the model's formula (a batch norm's
/// output under an activation).
std::vector<uint32_t> affine_roots(const TermDomain& td, uint32_t t);

/// The constant divisors (true) and multipliers (false) of `t` that scale a computed value
/// (not a leaf: the product of an input and a weight is no scale), each once: attention's
/// sqrt(d), which a compile folds into the query's weights.
std::vector<std::pair<uint32_t, bool>> scale_factors(const TermDomain& td, uint32_t t);

}  // namespace vf::independent
