#include "ir/dtype.h"

namespace vf {

std::string_view dtype_name(DType t) {
  switch (t) {
    case DType::F32: return "float32";
    case DType::F64: return "float64";
    case DType::I8: return "int8";
    case DType::U8: return "uint8";
    case DType::I32: return "int32";
    case DType::I64: return "int64";
    case DType::Bool: return "bool";
  }
  return "?";
}

std::optional<DType> parse_dtype(std::string_view s) {
  struct Entry {
    std::string_view a, b;
    DType t;
  };
  static constexpr Entry kTable[] = {{"float32", "f32", DType::F32}, {"float64", "f64", DType::F64},
                                     {"int8", "i8", DType::I8},      {"uint8", "u8", DType::U8},
                                     {"int32", "i32", DType::I32},   {"int64", "i64", DType::I64},
                                     {"bool", "bool", DType::Bool}};
  for (const auto& e : kTable)
    if (s == e.a || s == e.b) return e.t;
  return std::nullopt;
}

size_t dtype_size(DType t) {
  switch (t) {
    case DType::F32: return 4;
    case DType::F64: return 8;
    case DType::I8: return 1;
    case DType::U8: return 1;
    case DType::I32: return 4;
    case DType::I64: return 8;
    case DType::Bool: return 1;
  }
  return 0;
}

bool is_float(DType t) { return t == DType::F32 || t == DType::F64; }

bool is_integer(DType t) {
  return t == DType::I8 || t == DType::U8 || t == DType::I32 || t == DType::I64;
}

IntRange int_range(DType t) {
  switch (t) {
    case DType::I8: return {-128, 127};
    case DType::U8: return {0, 255};
    case DType::I32: return {INT32_MIN, INT32_MAX};
    case DType::Bool: return {0, 1};
    default: return {INT64_MIN, INT64_MAX};
  }
}

}  // namespace vf
