// Operator kinds and their static properties, generated from ops.def.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace vf {

/// Every operator of the IR; see ops.def.
enum class OpKind : uint8_t {
#define VF_OP(id, name, min_in, max_in, cls, flags, attrs) id,
#include "ir/ops.def"
};

/// Number of operator kinds.
inline constexpr size_t kNumOps = 0
#define VF_OP(id, name, min_in, max_in, cls, flags, attrs) +1
#include "ir/ops.def"
    ;

/// How an operator's output elements read its inputs (the class column of ops.def, where
/// each class is described).
enum class OpClass : uint8_t {
  Leaf,
  View,
  Unary,
  Binary,
  Channel,
  Reduction,
  Contraction,
  Window,
  Movement
};

/// The flags column of ops.def, `|`-combined.
namespace op_flag {
inline constexpr uint8_t None = 0;
inline constexpr uint8_t IntInputs = 1;  ///< inputs may be integer tensors
inline constexpr uint8_t UnitAxes = 2;   ///< a view that only inserts or drops size-1 axes
inline constexpr uint8_t Quant = 4;      ///< quantized inference: types its own inputs
inline constexpr uint8_t Indexed = 8;    ///< reads run-time integers into a float result
inline constexpr uint8_t Commutative = 16;  ///< f(a, b) = f(b, a) bit for bit
}  // namespace op_flag

/// Static properties of an operator.
struct OpInfo {
  OpKind kind;
  std::string_view name;
  int min_inputs;
  int max_inputs;  ///< -1: variadic
  OpClass cls;
  uint8_t flags;  ///< op_flag bits
  std::string_view attr_schema;
};

/// The table row of an operator.
const OpInfo& op_info(OpKind k);
/// The IR name of an operator ("conv2d").
inline std::string_view op_name(OpKind k) { return op_info(k).name; }
/// Looks an operator up by its IR name.
std::optional<OpKind> op_from_name(std::string_view name);

/// The operator's class (ops.def).
inline OpClass op_class(OpKind k) { return op_info(k).cls; }
/// Whether the operator reads run-time integer data into a float result (gather, cast,
/// where: ops.def), typing its own inputs.
inline bool is_indexed_op(OpKind k) { return (op_info(k).flags & op_flag::Indexed) != 0; }
/// Whether the operator's inputs may be integer tensors (else they must be floating point).
inline bool takes_int_inputs(OpKind k) { return (op_info(k).flags & op_flag::IntInputs) != 0; }
/// Whether the binary operator's operands commute bit for bit (add, multiply: ops.def;
/// tests/unit/ir checks it on the interpreter).
inline bool is_commutative(OpKind k) { return (op_info(k).flags & op_flag::Commutative) != 0; }
/// Whether the operator is one of quantized inference's (quantize, dequantize, qconv2d,
/// qdense, requantize: ops.def), which type their own inputs.
inline bool is_quant_op(OpKind k) { return (op_info(k).flags & op_flag::Quant) != 0; }

/// Whether output element i reads only the input elements at i's (broadcast or channel)
/// position: leaves, unary, binary, per-channel ops and the views that only insert or drop
/// size-1 axes. What the pointwise lemma of the prover needs (docs/proofs.md).
inline bool is_pointwise(OpKind k) {
  switch (op_class(k)) {
    case OpClass::Leaf:
    case OpClass::Unary:
    case OpClass::Binary:
    case OpClass::Channel: return true;
    case OpClass::View: return (op_info(k).flags & op_flag::UnitAxes) != 0;
    case OpClass::Reduction:
    case OpClass::Contraction:
    case OpClass::Window:
    case OpClass::Movement: return false;
  }
  return false;
}

}  // namespace vf
