// A rigorous first-order error bound through the graph's actual Jacobian (reverse mode, per
// layer), beside the running error analysis of error_bound.h.
//
// Why: the running analysis carries each value's worst-case bound forward by sum |w| per
// layer, as if every rounding lined up, so on a deep network its bound grows geometrically
// with depth while the real error grows like a random walk through the Jacobian. This
// bound keeps the signs of the Jacobian.
//
// The argument (docs/check.md, "The Jacobian bound"). Number the nodes in graph order; y_i
// is node i's exact value (the program over the reals), y'_i its computed value, f_i its
// operator over the reals. Node i's own rounding is
//     d_i = y'_i - f_i(y'_in),        |d_i| <= s_i (its `source`, per element),
// where f_i reads its operands' computed values (and the stored values of constants); s_i
// is the running analysis's `local` bound with every node cut (error_bound.h). A constant
// whose stored value differs from the exact one by up to a certified error (a folded
// weight) is a leaf whose error is its source (jacobian_nodes' `constant_errors`): its
// adjoint, for a convolution's weight the gradient summed over every position, weighs it
// at each reader. Then
//     y'_i - y_i = [f_i(y'_in) - f_i(y_in)] + d_i = S_i (y'_in - y_in) + d_i,
// with S_i = the integral over t in [0, 1] of f_i's Jacobian at y_in + t (y'_in - y_in) (the
// mean value theorem in integral form; f_i is Lipschitz on the segment). Every point of the
// segment lies in the box B_in of the operands (a box containing both y_in and y'_in is
// convex), so each entry of S_i lies in the interval enclosure of f_i's Jacobian over B_in:
// S_i is in [J_i](B_in). By induction in graph order,
//     y'_out - y_out = sum_i M_i d_i,   M_i a sum over paths of products of S's,
// and interval arithmetic is inclusion-monotone, so a backward (vector-Jacobian) pass
// with interval adjoints seeded at e_k for output element k encloses row k of every M_i:
//     |y'_out,k - y_out,k| <= sum_i sum_e mag([a_i,e]) s_i,e,
// mag = the largest magnitude in the adjoint's interval. No remainder term is needed: the
// curvature of f_i over the segment is inside the enclosure, because the derivatives are
// enclosed over the whole box, not taken at a point. The boxes are what the analysis
// rests on; they come from the running analysis (y' +- err), intersected with a
// higher-precision run's (its value +- its err, which holds y), and widened to contain y'
// (jacobian_nodes).
//
// Point adjoints (the default). Carried as intervals, the adjoints' radii (a slope's
// radius at an uncertain relu, the midpoint's own rounding) are multiplied by |W|^T at
// every layer below, like the running bound: on ResNet-18 a radius of 1e-7 at the logits
// became 1e14 at the first layers. Instead, write S_i = J_i + (S_i - J_i) with J_i the
// slopes' midpoints (doubles, exact reals), so that
//     y'_i - y_i = J_i (y'_in - y_in) + q_i,   q_i = d_i + (S_i - J_i)(y'_in - y_in),
// and for ANY vectors a_i (the pass's computed adjoints, seeded c at the output),
//     c^T (y'_out - y_out) = sum_i a_i^T q_i + sum_v rho_v^T (y'_v - y_v),
//     rho_v = c_v + sum over consumers i of J_i^T a_i - a_v,
// an identity (subtract a_i^T (e_i - J_i e_in - q_i) = 0 for every node). rho_v is the
// rounding of a_v's own accumulation (|rho_v| <= the pass's running bound on it), and
// |y'_v - y_v| <= the width of v's box, so each rounding is multiplied by a width, never
// carried down. Inside a node, the same identity over its tape: an entry r = op(a, b) with
// slopes s_a = m_a +- r_a gives a remainder <= r_a V_a, V_a a bound on the variation of a
// along the segment (the operands': their boxes' widths; a result's: mag(s_a) V_a +
// mag(s_b) V_b), times |a_r| + delta_r, delta the tape's rounding carried by |m| (a node's
// tape is short). So
//     |c^T (y'_out - y_out)| <= sum_i |a_i|^T s_i + sum_v |rho_v| w_v + sum_entries
//                                (|a_r| + delta_r) (r_a V_a + r_b V_b) + sum_operands delta w,
// every term but the first a remainder local to its node: second order where the slopes
// are smooth (r_a ~ V_a ~ the boxes' widths), first order only at uncertain comparisons
// (r = 1/2, V = the width, itself small). Where a box is too wide for that (an infinite
// width) the interval adjoints run instead, and each element keeps the smaller bound.
//
// Nonlinear points: f_i is evaluated once over interval operands in the semantics (a
// domain that records each scalar operation with its partial derivatives enclosed over
// the operands' intervals: a per-node tape). A comparison whose operands' intervals
// overlap is uncertain; the select it drives then takes both branches: its result is
// within the hull of both, and its partial derivatives are lambda a' + (1 - lambda) b' with
// lambda in {0, 1} along the segment, enclosed by [0, 1] a' + [0, 1] b'. That holds only
// where the select is continuous (both branches agree where the comparison switches:
// relu, max, min, clip, leaky relu, hard sigmoid / swish, max pool, reduce_max, softmax's
// max): an uncertain select anywhere else (where, gather by a non-integer id, step
// functions) makes the Jacobian bound unavailable for the outputs it reaches. Division
// by an interval holding 0, sqrt or log at or below 0 give infinite enclosures.
//
// Cost: conv2d, dense and matmul have their own vector-Jacobian products (the transposed
// operation on the adjoint's midpoint, and |W|^T on its radius), one pass per output
// element selected; every other operator re-evaluates its node in the tape domain once per
// pass (a few scalar operations per element). A pass costs about two forward passes of
// the model in double. The output elements are chosen by `rows` (largest |value| first);
// the others get +inf here (the running bound stands for them).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "interp/error_bound.h"
#include "interp/interpreter.h"
#include "ir/graph.h"
#include "support/result.h"

namespace vf {

/// What the backward passes read of one node (per element, row-major).
struct JacobianNode {
  /// A box holding both the computed and the exact value of every element (lo <= hi).
  std::vector<double> lo, hi;
  /// Source sets: per set, >= |computed - f(computed operands)| for a non-leaf node (its own
  /// rounding; empty: none). One pass serves every set (e.g. the f64 and f32 runs of one
  /// graph, whose boxes are joined).
  std::vector<std::vector<double>> sources;
  /// Per set (optional): the probabilistic figure's sources instead of `sources`, e.g. a
  /// quadrature run's `local` (BoundedRunOptions::quadrature).
  std::vector<std::vector<double>> prob_sources;
  /// The node's own roundings may be shared by several of its elements (a softmax's sum,
  /// a norm's statistics, a batch norm's sqrt(var + eps), a constant's certified error,
  /// which every position reads): for the probabilistic figure its elements' terms are
  /// added before squaring, not squared one by one as independent terms.
  bool shared = false;
};

/// How the passes run.
struct JacobianOptions {
  /// Output elements with a backward pass, per output (largest |value| first); <= 0: all.
  int64_t rows = 8;
  int threads = 1;
  /// The probabilistic bound's lambda (JacobianOutput::probabilistic).
  double lambda = 5;
  /// Interval adjoints only (the older argument; for comparison), and whether they run
  /// where point adjoints give no finite bound.
  bool interval = false;
  bool interval_fallback = true;
  /// Test-only switches, each of which makes the bound unsound (the tests show it fail):
  /// an uncertain comparison takes the branch at its midpoints only (no second branch);
  /// every partial derivative is taken at its box's midpoint (a first-order estimate
  /// without its remainder).
  bool test_drop_uncertain_branch = false;
  bool test_drop_slope_radius = false;
};

/// One output's bounds.
struct JacobianOutput {
  /// Per source set, per element: the rigorous bound; +inf for elements without a pass.
  std::vector<std::vector<double>> bound;
  /// Per source set, per element: lambda sqrt(sum (|a| s)^2) over every source element
  /// (|a| its adjoint's magnitude, s its probabilistic source, else its bound; a shared
  /// node's elements summed before squaring), plus the remainders, never above `bound`.
  /// Not a rigorous
  /// bound: under Higham & Mary's model (SISC 41(5), 2019: roundings independent random
  /// variables of mean zero), to first order, the output's error is a sum of independent
  /// mean-zero terms a d, |a d| <= |a| s, and Hoeffding's inequality (the argument of their
  /// Theorem 2.4, here across nodes instead of within one inner product) gives it with
  /// probability at least `confidence`.
  std::vector<std::vector<double>> probabilistic;
  double confidence = 0;    ///< 1 - 2 exp(-lambda^2 / 2)
  int64_t rows = 0;         ///< elements with a pass
  std::string unavailable;  ///< why no pass ran (an operator it cannot enclose), else empty
};

/// The backward passes of `g` over `nodes` (one per node of g, leaves included: a leaf's
/// box only). Errors: nodes not matching the graph.
Result<std::vector<JacobianOutput>> jacobian_bound(const Graph& g,
                                                   const std::vector<JacobianNode>& nodes,
                                                   const JacobianOptions& o);

/// The passes' inputs from bounded runs of `g` with every node kept: `source_runs[k]` gives
/// source set k (its `local`, run with every node cut); every run of both lists (`box_runs`:
/// runs that only help the boxes, e.g. in higher precision) gives a value and an interval
/// value +- err that holds the exact value. A node's box is the hull of every run's value
/// and of the intersection of those intervals.
/// `prob_runs[k]` (optional) gives set k's prob_sources (their `local`). A constant named
/// in `constant_errors` (optional; the runs must have left those errors out of every
/// node's `local`) becomes a source of its own, |stored - exact| <= its error, its box
/// widened to hold both: the passes then weigh each constant element's error by its own
/// adjoint (for a convolution's weight, the gradient summed over positions), instead of
/// every position's output carrying it.
std::vector<JacobianNode> jacobian_nodes(
    const Graph& g, const std::vector<const std::vector<BoundedTensor>*>& source_runs,
    const std::vector<const std::vector<BoundedTensor>*>& box_runs,
    const std::vector<const std::vector<BoundedTensor>*>& prob_runs = {},
    const std::map<std::string, Tensor>* constant_errors = nullptr);

/// Narrows the boxes of the nodes not marked `trusted` (by node index) in graph order: a
/// node's box becomes its box intersected with f(its operands' boxes) +- its rounding
/// (source set 0), f evaluated over intervals in the semantics. Both the exact value f(y_in)
/// and the computed one f(y'_in) + d lie in the latter (interval evaluation encloses f over
/// the boxes, which hold y_in and y'_in; |d| <= the source). For a graph whose boxes are
/// tight only at some nodes (the compiled graph: the named points) and loose elsewhere.
void refine_boxes(const Graph& g, std::vector<JacobianNode>& nodes,
                  const std::vector<bool>& trusted);

}  // namespace vf
