// Conversions between onnx.TensorProto and Tensor, shared by the ONNX importer and
// exporter. Internal to the frontend: it includes the generated protobuf header, so only
// the onnx_*.cpp files include it (keeps protobuf out of every other translation unit).
#pragma once

#include <onnx/onnx_pb.h>

#include <optional>

#include "ir/dtype.h"
#include "ir/tensor.h"
#include "support/result.h"

namespace vf::onnx_io {

/// The IR dtype of an ONNX TensorProto.DataType, if vfuse has one.
std::optional<DType> dtype_from_onnx(int32_t data_type);
/// The ONNX TensorProto.DataType of an IR dtype.
int32_t dtype_to_onnx(DType t);
/// Name of an ONNX data type for messages ("FLOAT16", "STRING", ...).
std::string onnx_dtype_name(int32_t data_type);

/// Reads a TensorProto's dims and data (raw_data or the typed repeated fields). External
/// data, segments and types vfuse has no dtype for are errors naming the tensor.
Result<Tensor> tensor_from_proto(const onnx::TensorProto& p);
/// Fills `p` with t's dims, data type and raw_data (little-endian, as ONNX stores it).
void tensor_to_proto(const Tensor& t, const std::string& name, onnx::TensorProto& p);

}  // namespace vf::onnx_io
