#include "frontend/onnx_tensor.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace vf::onnx_io {

using TP = onnx::TensorProto;

std::optional<DType> dtype_from_onnx(int32_t data_type) {
  switch (data_type) {
    case TP::FLOAT: return DType::F32;
    case TP::DOUBLE: return DType::F64;
    case TP::INT8: return DType::I8;
    case TP::UINT8: return DType::U8;
    case TP::INT32: return DType::I32;
    case TP::INT64: return DType::I64;
    case TP::BOOL: return DType::Bool;
    default: return std::nullopt;
  }
}

int32_t dtype_to_onnx(DType t) {
  switch (t) {
    case DType::F32: return TP::FLOAT;
    case DType::F64: return TP::DOUBLE;
    case DType::I8: return TP::INT8;
    case DType::U8: return TP::UINT8;
    case DType::I32: return TP::INT32;
    case DType::I64: return TP::INT64;
    case DType::Bool: return TP::BOOL;
  }
  return TP::UNDEFINED;
}

std::string onnx_dtype_name(int32_t data_type) {
  if (TP::DataType_IsValid(data_type))
    return TP::DataType_Name(static_cast<TP::DataType>(data_type));
  return fmt::format("data type {}", data_type);
}

Result<Tensor> tensor_from_proto(const TP& p) {
  const std::string what = p.name().empty() ? "tensor" : fmt::format("tensor '{}'", p.name());
  if (p.data_location() == TP::EXTERNAL || p.external_data_size() > 0)
    return Error{
        fmt::format("{} keeps its data in an external file; vfuse reads only "
                    "self-contained models",
                    what)};
  if (p.has_segment()) return Error{fmt::format("{} is segmented; not supported", what)};
  auto dt = dtype_from_onnx(p.data_type());
  if (!dt)
    return Error{fmt::format("{} has element type {}, which vfuse does not support", what,
                             onnx_dtype_name(p.data_type()))};
  TensorType type{*dt, {}};
  int64_t count = 1;
  for (int64_t d : p.dims()) {
    if (d < 0) return Error{fmt::format("{} has a negative dimension {}", what, d)};
    if (d > 0 && count > (int64_t{1} << 40) / d)
      return Error{fmt::format("{} has more than 2^40 elements", what)};
    count *= d;
    type.shape.push_back(d);
  }
  // The data must be there before anything is allocated: a corrupt file must not ask
  // for terabytes.
  const int64_t stored = p.has_raw_data()
                             ? static_cast<int64_t>(p.raw_data().size() / dtype_size(*dt))
                             : std::max({p.float_data_size(), p.double_data_size(),
                                         p.int64_data_size(), p.int32_data_size()});
  if (stored != count)
    return Error{fmt::format("{} holds {} values, its shape {} needs {}", what, stored,
                             shape_string(type.shape), count)};
  Tensor t(type);
  const int64_t n = t.size();
  const size_t bytes = static_cast<size_t>(n) * dtype_size(*dt);
  if (p.has_raw_data()) {
    if (p.raw_data().size() != bytes)
      return Error{fmt::format("{} has {} bytes of raw data, its shape needs {}", what,
                               p.raw_data().size(), bytes)};
    if (bytes > 0) std::memcpy(t.bytes_mut().data(), p.raw_data().data(), bytes);
    return t;
  }
  // Typed fields: floats in float_data; doubles in double_data; int64 in int64_data;
  // every narrower integer type and bool in int32_data.
  auto fill = [&](const auto& field) -> Result<Tensor> {
    if (field.size() != n)
      return Error{fmt::format("{} has {} values, its shape needs {}", what, field.size(), n)};
    for (int64_t i = 0; i < n; ++i) t.set(i, static_cast<double>(field.Get(static_cast<int>(i))));
    return t;
  };
  switch (*dt) {
    case DType::F32: return fill(p.float_data());
    case DType::F64: return fill(p.double_data());
    case DType::I64: {
      if (p.int64_data_size() != n)
        return Error{
            fmt::format("{} has {} values, its shape needs {}", what, p.int64_data_size(), n)};
      auto v = t.view_mut<int64_t>();
      for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = p.int64_data(static_cast<int>(i));
      return t;
    }
    default: return fill(p.int32_data());
  }
}

void tensor_to_proto(const Tensor& t, const std::string& name, TP& p) {
  p.Clear();
  p.set_name(name);
  p.set_data_type(dtype_to_onnx(t.dtype()));
  for (int64_t d : t.shape()) p.add_dims(d);
  p.set_raw_data(std::string(reinterpret_cast<const char*>(t.bytes().data()), t.bytes().size()));
}

}  // namespace vf::onnx_io
