// Distinguishing instances (docs/proofs.md): a rule proved only where some of its sizes are
// 1, or where two axes of a tensor have the same size, may confuse those axes (a constant
// broadcast along the batch axis folded as if per channel is right whenever the batch or
// the channel count is 1). So a proof counts only if, for every combination of leaf ranks
// the rule was instantiated at, some proved instance has every dimension > 1 that is not 1
// in all of them, and no two equal dimensions within one tensor unless they are equal in
// all of them (the rule forces it).
#pragma once

#include <span>
#include <string>

#include "verify/instance.h"

namespace vf::verify {

/// Empty when `instances` (all proved) hold a distinguishing instance for every
/// combination of leaf ranks among them; otherwise which combination lacks one and what its
/// closest instance gets wrong.
std::string missing_distinguishing_instance(std::span<const Instance* const> instances);

}  // namespace vf::verify
