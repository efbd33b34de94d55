// The rewrite of a compiled float32 graph into a quantized one (docs/quantize.md).
//
// Two steps, so that calibration sees exactly the values that will be quantized:
//   prepare_graph: the compiled graph with every quantizable layer (a fused_conv2d,
//     fused_dense, conv2d or dense with constant weights) reduced to a node whose output is the
//     value to store in uint8: a residual add and an activation other than relu / clip move out of
//     the epilogue into their own float nodes (the same float32 arithmetic, in the same
//     order: tensor_ops.h epilogue_at), so that the layer's output is their input. A global
//     average pool or a batch_norm whose input will be integer becomes the depthwise
//     fused_conv2d computing it (with its relu / clip when that is its only reader): a layer
//     too, whose float32 value differs from the operator's in the last bits.
//   quantize_graph: each such layer becomes
//       qconv2d / qdense (uint8 x, int8 weights per output channel, int32 bias)
//       -> requantize (int32 multiplier per channel, one shift, the full uint8 clamp)
//       -> maximum(y, zero point) for relu, and minimum(maximum(y, q(lo)), q(hi)) for clip
//     with quantize before a layer whose input is float and dequantize after one whose
//     output a float node (or the graph's output) reads. A float add of two values that
//     are both integers (a layer's output or another such add's, the residual adds of
//     mobile nets) becomes qadd (ops.def: each input rescaled to the output's scale, one
//     rounding), and a relu / clip that is the add's only reader becomes the same integer
//     maximum / minimum as after requantize (a proved rule folds it into qadd's clamp).
//     A max pool with a tap in every window and the views (reshape, flatten,
//     batch_flatten, expand_dims, squeeze) of an integer value stay integer, with its scale
//     and zero point; so does a concat of integer values sharing their parameters (its
//     constants quantized when exact: a channel padding). Everything else stays float32.
// The quantized graph approximates the float one; its agreement is measured
// (agreement.h), not proved.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "quant/params.h"
#include "support/result.h"

namespace vf::quant {

/// A compiled graph ready for calibration.
struct PreparedGraph {
  /// The float32 graph, its quantizable layers each a fused node with no residual and an
  /// activation of none, relu or clip.
  Graph graph;
  /// Those layers, in graph order.
  std::vector<NodeId> layers;
  /// The values calibration must record, in graph order: every layer's input x and output.
  std::vector<NodeId> watched;
  /// By layer, what its fused epilogue did that now follows it in float32 ("add",
  /// "hard_swish", "add, relu"); absent when nothing was moved out.
  std::map<NodeId, std::string> moved_out;
  /// The adds that become qadd, by add node: the relu or clip that is the add's only reader
  /// (then the add's integer value is that node's, and calibration records it instead of the
  /// add's), or an invalid id.
  std::map<NodeId, NodeId> integer_adds;
};

/// Splits the quantizable layers of `g` (typed by infer_types) as described above. The
/// Error names a node whose split could not be typed (a broken invariant of `g`).
Result<PreparedGraph> prepare_graph(const Graph& g);

/// What the quantizer chose for one layer (report.json's "quantization" section).
struct LayerReport {
  std::string name;         ///< the layer's node
  std::string op;           ///< fused_conv2d, fused_dense, conv2d or dense
  std::string activation;   ///< none, relu or clip (kept as integer nodes)
  std::string float_after;  ///< PreparedGraph::moved_out: the epilogue's float32 remainder
  std::string input;        ///< the node whose value is x
  Range x_range, y_range;   ///< calibrated ranges of x and of the output
  ActivationParams x, y;
  std::vector<float> w_scales;
  std::vector<int32_t> multipliers;
  int64_t shift = 0;
  int64_t bias_saturated = 0;  ///< channels whose int32 bias was clamped
};

/// What the quantizer chose for one residual add made qadd.
struct AddReport {
  std::string name;        ///< the float add's node
  std::string activation;  ///< none, relu or clip (the add's only reader, as integer nodes)
  std::string a, b;        ///< the nodes whose values are the two inputs
  ActivationParams pa, pb, y;
  Range y_range;
  std::vector<int32_t> multipliers;  ///< a's, b's
  int64_t shift = 0;
};

/// A quantize or dequantize node of a quantized graph, and why it is there: the float32
/// value it reads or the float32 readers of its result (float_boundaries).
struct Boundary {
  std::string name;    ///< the node
  std::string op;      ///< quantize or dequantize
  std::string reason;  ///< e.g. "graph input 'x' is float32", "read by float32 softmax 'p'"
};

/// The quantize and dequantize nodes of `g`, in graph order, each with its reason.
std::vector<Boundary> float_boundaries(const Graph& g);

/// A quantized graph and its choices.
struct QuantizedGraph {
  Graph graph;  ///< typed by infer_types
  std::vector<LayerReport> layers;
  std::vector<AddReport> adds;
};

/// Rewrites `p` with the calibrated `ranges` (one per node of p.watched, by node) into the
/// quantized graph. Activations are stored as `dtype` (U8: the u8 x s8 products of x86
/// VNNI; I8 is accepted too). The Error names the layer whose multipliers do not fit.
Result<QuantizedGraph> quantize_graph(const PreparedGraph& p, const std::map<NodeId, Range>& ranges,
                                      DType dtype = DType::U8);

}  // namespace vf::quant
