// Element types of tensors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace vf {

/// Element type. f32 is what models use; f64 is the interpreter's reference precision.
enum class DType : uint8_t { F32, F64, I8, U8, I32, I64, Bool };

/// Canonical spelling ("float32", "int64", ...), as in Relay and the IR text form.
std::string_view dtype_name(DType t);
/// Parses a canonical spelling; also accepts "f32", "f64", "i8", ...
std::optional<DType> parse_dtype(std::string_view s);
/// Bytes per element.
size_t dtype_size(DType t);
/// True for F32 and F64.
bool is_float(DType t);
/// True for the integer types (I8, U8, I32, I64).
bool is_integer(DType t);
/// The least and greatest value of an integer type (I8: -128, 127; U8: 0, 255; ...).
struct IntRange {
  int64_t lo, hi;
};
IntRange int_range(DType t);

}  // namespace vf
