// Targets as data (issue 18): what a device runs, what it wants lowered, what goes to the
// host. `cpu` is vfuse's native code (every operator); `systolic:RxC[,spm=KiB]` is a
// weight-stationary R x C array (systolic.h) that runs the contractions — conv2d (as an
// im2col matmul per group) and dense, fused or not — and leaves every other operator to the
// host CPU, with the transfers between the two counted.
//
// With dtype=int8 the array runs a quantized graph's qconv2d / qdense (issue 19) with exact
// int32 sums, bit-identical to the interpreter. With vpu=L a vector unit of L float32 lanes
// beside the array runs elementwise primitives and last-axis reductions (vector_op), and the
// target wants the composites built of them (layer_norm, hard_swish, ...) lowered by proved
// rules (rules/lowering/vector.rules: a phase after systolic.rules, in file-name order, so
// that the activation a fused node's lowering leaves is lowered too). Running a model:
// run.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/graph.h"
#include "support/result.h"
#include "target/systolic.h"

namespace vf::target {

/// Where a node runs: the host, the systolic array, the array's per-channel scale-shift
/// unit (y = x * a[c] + t[c] as it drains, each step rounded to float32), or the vector
/// unit beside the array (vpu=L: elementwise primitives and last-axis reductions in
/// float32, one IEEE operation per element).
enum class Device { Host, Array, ScaleShift, Vector };

/// What the vector unit does with an operator: nothing (None); one IEEE float32 operation
/// per output element, L elements a step (Elementwise); a reduction over the last axis,
/// one row per lane, its elements combined serially in the semantics' order (ReduceLast).
enum class VectorOp { None, Elementwise, ReduceLast };

/// The vector unit's operator set (one table in target.cpp): add, subtract, multiply,
/// divide, minimum, maximum, negative, sqrt, relu, clip elementwise; reduce_mean,
/// reduce_sum over the last axis.
VectorOp vector_op(OpKind op);

/// A target: the host CPU alone, or the host with a systolic array.
struct Target {
  std::string spec;                        ///< as given: "cpu", "systolic:16x16,spm=256"
  std::optional<SystolicConfig> systolic;  ///< the array, when there is one
  bool scale_shift_unit = false;           ///< the array has a per-channel scale-shift unit
  /// The array multiplies matrices only (im2col=1): conv2d is lowered to im2col (on the
  /// host) + dense (on the array) by the proved rule lower_conv2d_im2col.
  bool conv_as_matmul = false;
  /// Lanes of the vector unit beside the array (vpu=L; 0: none).
  int vector_lanes = 0;
};

/// Whether node `n` of `g` runs on a vector unit: an operator of vector_op's set on
/// float32 operands, a reduction only over the last axis (every axis of a rank-1 input).
bool vector_runs(const Graph& g, const Node& n);

/// Cycles of node `n` (vector_runs) on a vector unit of `lanes` lanes: elementwise
/// ceil(E / L) for E output elements; a last-axis reduction of R rows of `len` elements
/// ceil(R / L) (len - 1) serial additions, plus ceil(R / L) divisions for reduce_mean (at
/// least one step).
int64_t vector_cycles(const Graph& g, const Node& n, int lanes);

/// The matmuls node `n` is on the array, its first two operands of shapes `x` and `w`: a
/// conv2d / fused_conv2d one per group (im2col: M output pixels of every batch item, K
/// input channels of the group x taps, N output channels of the group), a dense /
/// fused_dense one (M rows, K, N units), a matmul one per batch slice of its output (M, K,
/// N of the slice; broadcast batch dimensions read each operand's own slice), a gemm one
/// (op(A) [M, K] times op(B) [K, N]: the transpositions are the operands' layout as they
/// load), a conv2d_transpose one per group (M input pixels of every batch item, K input
/// channels of the group, N = output channels of the group x taps: the columns that the
/// host's col2im scatter-adds onto the output). Empty for other operators.
std::vector<MatmulShape> array_matmuls(const Node& n, const Shape& x, const Shape& w);

/// Whether target `t` wants nodes of operator `op` lowered to simpler operators before
/// placement (Glow's shouldLower): the systolic array computes plain conv2d / dense
/// accumulators, so a fused conv2d / dense is lowered to them and its epilogue
/// (rules/lowering); with a scale-shift unit, a batch norm no rule folded is lowered to
/// the per-channel multiply and add the unit runs; with im2col=1, conv2d is lowered to
/// im2col + dense; with a vector unit (vpu=L), the composites whose meaning is a
/// composition of its primitives — layer_norm, rms_norm and reduce_l2 (last axis),
/// hard_swish, hard_sigmoid, rsqrt, leaky_relu (alpha in [0, 1]) — and batch norms (to the
/// per-channel multiply and add it runs).
/// The host alone lowers nothing.
bool should_lower(const Target& t, OpKind op);

/// Parses `cpu` or `systolic:RxC[,spm=KiB][,ssu=0|1][,dtype=f32|int8][,im2col=0|1][,vpu=L]`
/// (1 <= R, C <= 1024; vpu: a vector unit of L lanes, 0 to 4096, 0 none; ssu: a
/// per-channel scale-shift unit; im2col: the array multiplies matrices
/// only, conv2d lowered to im2col + dense; dtype: the array's arithmetic, float32 for conv2d /
/// dense or int8 with int32 sums for qconv2d / qdense; the scratchpad must hold
/// two weight tiles and one activation row with its accumulators). Errors name the part
/// of the spec that is wrong.
Result<Target> parse_target(std::string_view spec);

/// One node's placement on a target.
struct Placement {
  NodeId node;
  Device device = Device::Host;
  std::string why;                  ///< the reason, for the report
  std::vector<MatmulPlan> matmuls;  ///< Array: the matmul of each group / batch
  /// Array: what the host does with the array's sums before the node's value is complete
  /// (a gemm's alpha / beta C, a conv2d_transpose's col2im scatter-add), empty when nothing.
  std::string host_step;
  int64_t cycles = 0, ideal_cycles = 0, macs = 0, bytes_in = 0, bytes_out = 0;
};

/// The placement of every operator node of `g` (inputs and constants excluded), in graph
/// order, and the bytes crossing between devices.
/// A value moving to a device that reads it (the scale-shift unit and the vector unit
/// count as the array's side: they share its scratchpad).
struct Transfer {
  NodeId value;
  Device to;
};

struct TargetPlan {
  std::vector<Placement> nodes;
  std::vector<Transfer> moves;  ///< every value to every other device that reads it, once
  int64_t transfers = 0;        ///< moves.size()
  int64_t transfer_bytes = 0;   ///< the moved values' bytes (each in its own type)
};

/// Places `g` (verified by infer_types) on `t`.
TargetPlan place(const Graph& g, const Target& t);

}  // namespace vf::target
