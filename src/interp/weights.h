// Seeded values for graph inputs that have no data (Relay models carry shapes only).
#pragma once

#include <cstdint>

#include "ir/graph.h"
#include "ir/tensor.h"

namespace vf {

/// Values for graph input `id`, generated from (seed, the input's name) so that two
/// files of one model that share parameter names get the same values. The role is read
/// from the name and the input's uses: variances (names ending in "var", or feeding
/// batch_norm's variance or a sqrt) are in [0.5, 1.5]; gammas in [0.5, 1.5]; betas,
/// means and biases in [-0.2, 0.2]; weights of rank >= 2 uniform in +-sqrt(3 / fan_in)
/// (variance 1 / fan_in, so that deep residual nets keep unsaturated outputs and
/// numerical comparisons stay meaningful); activations (non-weight inputs) in [-1, 1]. Every value
/// is representable in float32, so f32 and f64 runs see the same inputs. An integer activation read
/// by gather, cast or where (read_by_indexed_op) is token ids uniform in [0, n) when a gather reads
/// it (n: index_rows, the smallest table it indexes), else a 0/1 mask, uniform.
Tensor generate_input(const Graph& g, NodeId id, uint64_t seed);

}  // namespace vf
