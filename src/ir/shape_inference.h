// Shape inference and graph verification: checks arity, attributes (against the
// schema, with defaults filled in) and operand types, and computes every node's type.
#pragma once

#include <optional>
#include "ir/graph.h"

#include "support/result.h"

namespace vf {

/// Type of a node's output from its inputs' types; an Error says what is wrong
/// (without the node's name: the caller adds where).
Result<TensorType> infer_node_type(const Graph& g, const Node& n);

/// Verifies the whole graph and sets every op node's type: inputs precede their
/// users, arity and attributes match ops.def, operand shapes are consistent, names
/// are unique, outputs exist. Attributes are normalized in place (defaults added).
/// Errors are "node 'NAME' (op): message", all of them, in one Error.
Result<void> infer_types(Graph& g);

/// The integer type operand `k` of a quantized-inference operator must have (infer_quant's
/// rule: qconv2d / qdense x and w int8, bias int32; requantize's accumulator and multiplier
/// int32; dequantize's input int8), for building instances of bitvector rules; nullopt
/// for other operators and operands (they take the type of an operand beside them).
std::optional<DType> int_operand_dtype(OpKind op, size_t k);

}  // namespace vf

namespace vf {

/// Numpy broadcast of two shapes (trailing dimensions aligned, 1 stretches); nullopt
/// when incompatible.
std::optional<Shape> broadcast_shapes(const Shape& a, const Shape& b);

/// Output length of a sliding window: input n, padding lo/hi, window k, stride s,
/// dilation d; ceil_mode rounds up but never starts a window inside the end padding.
int64_t window_output_size(int64_t n, int64_t lo, int64_t hi, int64_t k, int64_t s, int64_t d,
                           bool ceil_mode);

}  // namespace vf
