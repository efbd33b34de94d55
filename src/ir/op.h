// Operator kinds and their static properties, generated from ops.def.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace vf {

/// Every operator of the IR; see ops.def.
enum class OpKind : uint8_t {
#define VF_OP(id, name, min_in, max_in, attrs) id,
#include "ir/ops.def"
};

/// Number of operator kinds.
inline constexpr size_t kNumOps = 0
#define VF_OP(id, name, min_in, max_in, attrs) +1
#include "ir/ops.def"
    ;

/// Static properties of an operator.
struct OpInfo {
  OpKind kind;
  std::string_view name;
  int min_inputs;
  int max_inputs;  ///< -1: variadic
  std::string_view attr_schema;
};

/// The table row of an operator.
const OpInfo& op_info(OpKind k);
/// The IR name of an operator ("conv2d").
inline std::string_view op_name(OpKind k) { return op_info(k).name; }
/// Looks an operator up by its IR name.
std::optional<OpKind> op_from_name(std::string_view name);

}  // namespace vf
