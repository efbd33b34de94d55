// The check behind an `unbounded` scope. A rule whose operators are all pointwise
// (elementwise arithmetic and activations, batch_norm, bias_add, expand_dims, squeeze)
// computes each output element from the leaf elements it reads with one expression that
// does not depend on the element's position. If, in addition, each output element reads
// each leaf at exactly one element, the same on the source and the target side, then an
// instance of any size maps element by element onto the instance of the same ranks with
// every dimension 1 (docs/proofs.md) — so the grid's instances prove all sizes.
//
// The reads are computed with the single semantics itself: sem::eval_node over a domain
// whose values are the sets of leaf elements they read.
#pragma once

#include "verify/instance.h"

namespace vf::verify {

/// True when every operator of the instance is pointwise and every output element of
/// source and target together reads each leaf at no more than one element.
bool is_pointwise_instance(const Instance& inst);

}  // namespace vf::verify
