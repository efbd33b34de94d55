// The reference interpreter: runs a verified graph node by node through the single
// semantics definition (src/semantics) in f32 or f64. Deterministic: one thread, a
// fixed evaluation order, seeded values for inputs not given.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "ir/certified_graph.h"
#include "ir/tensor.h"
#include "semantics/operand.h"
#include "support/result.h"

namespace vf {

/// Arithmetic precision of a run.
enum class Precision { F32, F64 };

/// What to run a graph on.
struct RunOptions {
  Precision precision = Precision::F32;
  /// Seed for inputs (and weights) not given in `inputs`.
  uint64_t seed = 0;
  /// Values for graph inputs, by name; their types must match the graph's.
  std::map<std::string, Tensor> inputs;
};

/// Runs `g.graph()` (which must have passed infer_types) and returns its outputs in
/// order, as float32 or float64 tensors per the precision. Only a CertifiedGraph runs: an
/// unrewritten graph or the rewrite driver's certified output. Errors: a given input of
/// the wrong shape or an unknown input name.
Result<std::vector<Tensor>> run_graph(const CertifiedGraph& g, const RunOptions& opts);

/// A node computed by other arithmetic than the semantics' (a device's own order of
/// additions, src/target): fills `out` with the node's elements (row-major) from its
/// operands and returns true, or returns false to leave the node to the interpreter.
using NodeOverride = std::function<bool(const Node&, std::span<const sem::Operand<float>>,
                                        std::vector<float>& out)>;

/// The same for an integer node (a quantized graph's qconv2d on an int8 device): fills
/// `out` from the node's exact integer operands and returns true, or returns false. Its
/// values are checked against the node's type like the interpreter's own.
using IntNodeOverride = std::function<bool(const Node&, std::span<const sem::Operand<int64_t>>,
                                           std::vector<int64_t>& out)>;

/// run_graph in float32 with the nodes `override` (and, for integer nodes, `int_override`)
/// computes taken from it.
Result<std::vector<Tensor>> run_graph_f32_with(const CertifiedGraph& g, const RunOptions& opts,
                                               const NodeOverride& override,
                                               const IntNodeOverride& int_override = {});

}  // namespace vf
