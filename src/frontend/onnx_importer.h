// The ONNX importer's state, shared by its translation units: onnx_import.cpp (the model,
// values, constants), onnx_import_fold.cpp (the import-time evaluation of shape
// computations) and onnx_import_ops.cpp (one converter per ONNX operator). Internal to the
// frontend: it includes the generated protobuf header.
#pragma once

#include <onnx/onnx_pb.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "frontend/onnx_import.h"

namespace vf::onnx_io {

/// An ONNX value during import: the IR node computing it (invalid until a float operator
/// needs it) and, when it is known at import (initializers, Constant nodes, shape
/// computations), its data.
struct Value {
  NodeId id;
  TensorType type;
  std::shared_ptr<const Tensor> known;
  /// A run-time boolean (type bool, `id` its data) is `id != 0`, or with `negated`
  /// `id == 0` (Equal with 0, Not): Where swaps its branches, a Cast to float selects 0 / 1.
  bool negated = false;

  /// Computed at run time: not known at import, a node of the graph.
  bool run_time() const { return !known && id.valid(); }
};

/// Converts one ONNX graph into a Graph. Every converter returns false after reporting
/// an error at the node; the import goes on to report other nodes' problems only for
/// unsupported operators (checked first, all together).
class Importer {
 public:
  Importer(const onnx::ModelProto& model, std::string file, const OnnxImportOptions& opts,
           DiagnosticSink& diags)
      : model_(model), file_(std::move(file)), opts_(opts), diags_(diags) {}

  std::optional<Graph> run();

  // --- used by the operator converters (onnx_import_ops.cpp) ---
  /// The opset of the default domain.
  int64_t opset() const { return opset_; }
  /// Reports an error at node `n`; returns false.
  bool fail(const onnx::NodeProto& n, const std::string& msg);
  /// Input k of `n`, or nullptr when absent (fewer inputs or an empty name).
  const Value* input(const onnx::NodeProto& n, int k);
  /// Input k's IR node (a known value becomes a constant on first use).
  NodeId node_of(const onnx::NodeProto& n, int k);
  /// Input k's data as integers, when known; reports and returns nullopt otherwise.
  std::optional<std::vector<int64_t>> known_ints(const onnx::NodeProto& n, int k, const char* what);
  /// Input k's data as doubles, when known; reports and returns nullopt otherwise.
  std::optional<std::vector<double>> known_floats(const onnx::NodeProto& n, int k,
                                                  const char* what);
  /// Adds an IR node computing part of `n` (named after output 0, suffixed when it is not
  /// the final node), normalizes its attributes and infers its type; nullopt after
  /// reporting at `n` when the IR rejects it.
  std::optional<NodeId> add(const onnx::NodeProto& n, OpKind op, std::vector<NodeId> inputs,
                            Attrs attrs, bool final_node = true);
  /// A constant holding `t`, an intermediate of `n`.
  NodeId constant(const onnx::NodeProto& n, Tensor t);
  /// A reshape of `x` to `shape` (an intermediate of `n`).
  std::optional<NodeId> reshape(const onnx::NodeProto& n, NodeId x, const Shape& shape);
  /// Binds output k of `n` to IR node `id`.
  void bind(const onnx::NodeProto& n, int k, NodeId id);
  /// Binds output k of `n` to `id != 0` as a boolean: the IR node `id` (int or float) with
  /// a bool type (a run-time Cast to BOOL), which only Where reads (as its condition).
  void bind_nonzero(const onnx::NodeProto& n, int k, NodeId id, bool negated = false);
  /// A run-time boolean as a float32 0 / 1 tensor of its shape (a where node): what a view
  /// of it (Reshape, Unsqueeze, Expand, ...) moves, and Where reads as `!= 0` again.
  std::optional<NodeId> bool_as_float(const onnx::NodeProto& n, const Value& b);
  /// Binds output k of `n` to a value known at import.
  void bind_known(const onnx::NodeProto& n, int k, Tensor t);
  /// Binds output k of `n` to the same value as input `from` (Identity and friends).
  void alias(const onnx::NodeProto& n, int k, int from);
  /// True when output k of `n` exists and is used by a later node or the graph outputs.
  bool output_used(const onnx::NodeProto& n, int k) const;
  const Graph& graph() const { return g_; }

 private:
  bool add_inputs();
  bool add_initializers();
  bool convert(const onnx::NodeProto& n);
  // Import-time evaluation (onnx_import_fold.cpp).
  /// Evaluates `n` at import when its inputs are known and it computes integers or moves
  /// data (and Shape of any static value); true when it did, `ok` false after reporting.
  bool try_fold(const onnx::NodeProto& n, bool& ok);
  /// `n` converted into a scratch graph and evaluated by the operators' one semantics.
  bool fold_by_semantics(const onnx::NodeProto& n, bool& ok);
  /// Removes the nodes no graph output reads (graph inputs stay): float arithmetic on
  /// constants whose only readers took its value at import (a Resize's scales).
  void drop_unread_nodes();
  /// Shape: the static shape of input 0 (start / end attributes) as an int64 tensor.
  bool fold_shape(const onnx::NodeProto& n);
  /// The import-time operators with no IR operator (Cast, ConstantOfShape, Range, the
  /// comparisons and logical operators); false after reporting.
  bool fold_without_ir_op(const onnx::NodeProto& n);
  std::string unique_name(const std::string& base);

  const onnx::ModelProto& model_;
  std::string file_;
  const OnnxImportOptions& opts_;
  DiagnosticSink& diags_;
  int64_t opset_ = 0;
  Graph g_;
  std::map<std::string, Value> values_;
  std::set<std::string> names_;
  std::set<std::string> used_;  ///< value names read by a node or listed as graph outputs
  /// While a node is converted into a scratch graph to be evaluated at import: the
  /// constants made of its known inputs and the outputs it binds.
  struct FoldScope {
    bool active = false;
    std::map<std::string, NodeId> constants;
    std::vector<std::pair<int, NodeId>> binds;
  };
  FoldScope fold_;
};

/// A converter: the IR nodes of one ONNX node; false after reporting at it.
using OpConverter = std::function<bool(Importer&, const onnx::NodeProto&)>;
/// Adds the converters of onnx_import_math.cpp (pointwise math, reductions,
/// normalisations) to `t`.
void add_math_converters(std::map<std::string, OpConverter>& t);
/// converter_since for the operators of add_math_converters; 0 for any other.
int64_t math_converter_since(const std::string& op);

/// Adds the converters of onnx_import_quant.cpp (QuantizeLinear, DequantizeLinear,
/// QLinearConv, QLinearMatMul, ConvInteger, MatMulInteger) to `t`.
void add_quant_converters(std::map<std::string, OpConverter>& t);
/// converter_since for the operators of add_quant_converters; 0 for any other.
int64_t quant_converter_since(const std::string& op);
/// True for the operators of add_quant_converters: never evaluated at import (their
/// integer nodes stay in the graph, where the interpreter runs them exactly).
bool quant_onnx_op(const std::string& op);

/// Adds the converters of onnx_import_movement.cpp (Pad, Slice, Resize, Upsample, Gather,
/// Expand, Tile, Where: data moved by gathers of rows and concats) to `t`.
void add_movement_converters(std::map<std::string, OpConverter>& t);
/// converter_since for the operators of add_movement_converters; 0 for any other.
int64_t movement_converter_since(const std::string& op);
/// Binds output 0 of `n` to `y`; false when the node was not added (already reported).
bool bind_result(Importer& im, const onnx::NodeProto& n, std::optional<NodeId> y);

/// Window geometry of Conv / MaxPool / AveragePool / QLinearConv, read with ONNX's
/// defaults and auto_pad resolved against the static input shape `x`.
struct Window {
  std::vector<int64_t> kernel, strides, pads, dilations;
};
/// Reads n's strides, pads, dilations and auto_pad for `kernel`; nullopt after reporting.
std::optional<Window> read_window(Importer& im, const onnx::NodeProto& n, const Shape& x,
                                  const std::vector<int64_t>& kernel);

/// Converts `n` into IR nodes (defined in onnx_import_ops.cpp); false after reporting.
bool convert_node(Importer& im, const onnx::NodeProto& n);
/// The operators convert_node knows.
const std::vector<std::string>& converter_ops();
/// True for operators read only on values known at import (Shape, Range, ConstantOfShape,
/// Equal, Less, Greater, Not, And, Or, Floor, Ceil, Round): shape computations with no IR
/// operator, not operators of the computed graph.
bool import_time_only(const std::string& op);
/// The first opset whose version of `op` its converter implements (older versions had
/// other attributes or no numpy broadcasting).
int64_t converter_since(const std::string& op);

/// Element i of an integer (or boolean) tensor, exactly; a float element saturated.
int64_t int_at(const Tensor& t, int64_t i);
/// A tensor of integer type `type` holding `v` (wrapped to its width).
Tensor int_tensor(TensorType type, const std::vector<int64_t>& v);

/// Shape helpers shared by the converters and the import-time evaluation.
/// Reshape's target with ONNX's 0 (copy, unless allowzero) and -1 (infer); nullopt when
/// the sizes do not match.
std::optional<Shape> reshape_target(const Shape& in, const std::vector<int64_t>& target,
                                    bool allowzero);
/// Squeeze's result: `axes` dropped (all size-1 dimensions when empty).
Shape squeezed(const Shape& in, const std::vector<int64_t>& axes);
/// Unsqueeze's result: size-1 dimensions inserted at `axes` (of the result's rank).
Shape unsqueezed(const Shape& in, const std::vector<int64_t>& axes);

/// Attribute readers; absent attributes give the default.
int64_t attr_int(const onnx::NodeProto& n, const std::string& name, int64_t dflt);
double attr_float(const onnx::NodeProto& n, const std::string& name, double dflt);
std::vector<int64_t> attr_ints(const onnx::NodeProto& n, const std::string& name,
                               std::vector<int64_t> dflt = {});
std::string attr_str(const onnx::NodeProto& n, const std::string& name, std::string dflt = "");
bool has_attr(const onnx::NodeProto& n, const std::string& name);

}  // namespace vf::onnx_io
