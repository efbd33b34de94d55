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

#include <vector>

#include "verify/instance.h"

namespace vf::verify {

/// A conv2d / dense node of an instance taken as a shared accumulator.
struct SharedReduction {
  NodeId node;
  /// Reductions of one group compute the same accumulator (up to `scale`).
  uint32_t group = 0;
  /// Target side only: the node e of a weight multiply(w, e); the node computes e[o]
  /// times the group's accumulator. Invalid: the very same accumulator.
  NodeId scale;
  /// An input scale folded into the weight (InputFolds): the node s of the source's input
  /// multiply(x, s) and of the target's weight multiply(w, s), on both sides' entries;
  /// the two sums are the same accumulator (lemma shared_accumulator_input_scale).
  NodeId input_scale;
  /// Source side only (InputFolds): the node t of an unpadded conv2d's input add(x, t);
  /// the node computes the group's accumulator (the target's sum over x with the same w)
  /// plus sum_k t[c_k] w_k over the window (lemma shared_accumulator_input_shift).
  NodeId input_shift;
};

/// What check_pointwise may pair beyond equal x and w: the input-side folds of a
/// certificate, where the leaves that are constants of the model are known.
struct InputFolds {
  /// By node: the leaf is a constant of the model (its data is in the certificate).
  std::vector<bool> constant;
};

/// What the read analysis of an instance found.
struct PointwiseCheck {
  /// Every operator is pointwise, or a shared reduction (below), and every output
  /// element of source and target together reads each leaf — and each shared
  /// accumulator — at no more than one element.
  bool pointwise = false;
  /// Some conv2d / dense was taken as a shared accumulator.
  bool shared_reductions = false;
  /// When pointwise: every reduction taken as a shared accumulator, in node order.
  std::vector<SharedReduction> reductions;
};

/// The read analysis of an instance. A source conv2d (dense) and a target conv2d /
/// fused_conv2d (dense / fused_dense) over the very same x and w leaves with the same
/// window attributes compute the same accumulator at every output element; when those
/// leaves are read nowhere else, the accumulator is taken as one more pointwise leaf
/// (it takes every real value wherever a tap is inside the input), and only the
/// epilogues around it need to agree. A target weight multiply(w, e) with e varying
/// along the output channel only gives e[o] times the accumulator — docs/proofs.md.
/// With `folds` (certificates only, docs/certificates.md): a source conv2d over
/// multiply(x, s) and a target one over x with the weight multiply(w, s), s one value per
/// input channel (or one value), are one accumulator too; and a source unpadded conv2d over
/// add(x, t), t and w constants of the model, is the target's accumulator over x plus a
/// sum of those constants (which the output channel alone selects).
PointwiseCheck check_pointwise(const Instance& inst, const InputFolds* folds = nullptr);

}  // namespace vf::verify
