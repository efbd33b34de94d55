// The running error analysis of a run: every value the interpreter computes, with a
// rigorous bound on its distance to the exact real value, computed along the actual
// execution (Higham, "Accuracy and Stability of Numerical Algorithms", 3.3).
//
// Each operation of the semantics, in the interpreter's order, adds the bound of its own
// rounding computed from the value it produced (u |r| for a correctly rounded add, sub, mul
// or div, plus the underflow term of a product) to the propagation of its operands'
// bounds (|a| e_b + |b| e_a + e_a e_b for a product). A sum of K products therefore gets
// u (sum of |products| + sum of |partial sums|) of its own: the partial sums actually
// computed, not a worst case over all inputs. The bound is computed from the operands and
// the rounding model only; nothing in it reads the error it bounds, so a computation that
// is not the one modelled (another kernel, a changed weight) can exceed it.
//
// Two bounds per value:
//   - err:   |value - X|, X the exact value of the original program (the graph read over
//            the reals, each folded constant at its exact value within the CertifiedGraph's
//            constant error of the stored one; certified rewrites are equal over the reals);
//   - local: |value - Y|, Y the exact value of the node's region on its computed inputs:
//            the region starts at the `cut` nodes (their consumers read local = 0) and at
//            the leaves (constants keep their certified error). `vfuse check` cuts at every
//            node the original model also has, so `local` bounds one layer's own rounding.
//
// Ranges: an operation whose exact result lies in a known interval whatever its operands
// (softmax, sigmoid and hard_sigmoid in [0, 1], clip in [min, max]) keeps its bound
// within the largest distance from its computed value to that interval's ends, so bounds
// stay finite through them however large their operands' bounds are. So do layer_norm /
// rms_norm and the same normalisation written out of reduce_mean, multiply, add, sqrt and
// divide (error_bound.cpp: cap_norm, WrittenNorm): each exact normalised value is below
// sqrt(N) in magnitude, N the row's length.
//
// Assumptions about the machine as for the drift bound (drift.h): IEEE binary32/64, round
// to nearest, no FMA contraction, the semantics' exp within 2 ulps. The bounds' own arithmetic is
// double rounded to nearest; each operation's bound is multiplied by 1 + 2^-50, which
// covers the few roundings inside it (all terms are non-negative), so no directed
// rounding (and no subnormal arithmetic) is needed on the hot path.
#pragma once

#include <map>
#include <span>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "ir/certified_graph.h"
#include "ir/tensor.h"
#include "support/result.h"

namespace vf {

/// A node's value from a bounded run, with both bounds per element.
struct BoundedTensor {
  Tensor value;               ///< F32 or F64 per the run's precision
  std::vector<double> err;    ///< >= |value - exact value of the original program|
  std::vector<double> local;  ///< >= |value - exact value of its region on its inputs|
  bool empty() const { return err.empty() && value.size() == 0; }
};

/// What a bounded run computes and keeps.
struct BoundedRunOptions {
  RunOptions run;
  /// By node index (empty: none): consumers of a cut node read its local bound as 0.
  std::vector<bool> cut;
  /// By node index: consumers read this tensor (same shape, any float dtype) instead of
  /// the node's computed value, with both bounds 0; the node's own value is still
  /// computed from its inputs and returned. The reference of a local check: the original
  /// model between the other engine's values.
  std::map<uint32_t, const Tensor*> overrides;
  /// By node index (empty: only the graph's outputs): which nodes' values to return.
  std::vector<bool> keep;
  /// Constant errors to use instead of the graph's (CertifiedGraph::constant_errors), by
  /// constant name; null: the graph's.
  const std::map<std::string, Tensor>* constant_errors = nullptr;
  /// Which bounds to compute (the other is returned as 0; each costs about as much).
  bool err = true;
  bool local = true;
  /// Not a bound: `local` becomes a figure for the probabilistic estimate (Higham & Mary's
  /// model: every rounding an independent variable of mean zero). Each operation's own
  /// rounding bound r joins the propagated part p as hypot(p, r) instead of p + r, and a
  /// sum of products (conv2d, dense, matmul, gemm) gets sqrt(sum of its roundings'
  /// squares): the norm of the coefficients with which the node's roundings enter its
  /// value (to first order), so that lambda times it bounds their effect with probability
  /// 1 - 2 exp(-lambda^2 / 2) (Hoeffding). Needs `local` alone, every node cut, no
  /// override; no range caps it. For the Jacobian bound's probabilistic figure.
  bool quadrature = false;
  /// For tests only: a written-out normalisation's exact values taken within [-1, 1]
  /// instead of (-sqrt(N), sqrt(N)) (error_bound.cpp, WrittenNorm): the argument without
  /// its key term, so that a test shows the bound failing without it.
  bool test_drop_norm_root = false;
};

/// Runs g.graph() like run_graph (the values are bit-identical to it) and returns, per
/// node of the graph, its BoundedTensor when kept (else an empty one); outputs are always
/// kept. Costs a few times a run_graph. Errors: those of run_graph, an override of the
/// wrong shape.
Result<std::vector<BoundedTensor>> run_bounded(const CertifiedGraph& g, const BoundedRunOptions& o);

/// Node `id` of `g` alone, in precision `p`, on the given operands (in the node's input
/// order, each a value with its err and local bounds; a constant's stored error is
/// `constant_error` when given). Used for engines whose values the interpreter did not
/// compute (native code): the result bounds the interpreter's arithmetic on those
/// operands. Without `local` only `err` is computed (`local` is 0). Errors: operands not
/// matching the node's inputs.
Result<BoundedTensor> bound_node(const Graph& g, NodeId id, Precision p,
                                 std::span<const BoundedTensor* const> operands, bool local = true);

/// A leaf as a BoundedTensor: `t` with the error of reading it in precision p (0 for f32
/// data) plus `error` (a constant's certified error, may be null) in both bounds.
BoundedTensor bounded_leaf(const Tensor& t, Precision p, const Tensor* error);

}  // namespace vf
