// An ONNX model read back: its summary (opset, inputs, outputs, initializers, nodes) and
// the checks of the ONNX library itself (onnx::checker, strict shape inference), which the
// exporter's tests and `vfuse export` run on what was written.
#include <fmt/format.h>

#include <onnx/checker.h>
#include <onnx/shape_inference/implementation.h>

#include <exception>
#include <string>

#include "frontend/onnx_export.h"
#include "frontend/onnx_tensor.h"

namespace vf {

Result<OnnxModelSummary> summarize_onnx_model(const std::string& bytes) {
  onnx::ModelProto model;
  if (!model.ParseFromString(bytes)) return Error{"not a serialized ONNX ModelProto"};
  OnnxModelSummary s;
  s.ir_version = model.ir_version();
  s.producer = model.producer_name();
  for (const auto& o : model.opset_import())
    if (o.domain().empty() || o.domain() == "ai.onnx") s.opset = o.version();
  auto value_type = [](const onnx::ValueInfoProto& v) -> Result<TensorType> {
    const auto& tt = v.type().tensor_type();
    auto dt = onnx_io::dtype_from_onnx(tt.elem_type());
    if (!dt)
      return Error{fmt::format("value '{}' has type {}", v.name(),
                               onnx_io::onnx_dtype_name(tt.elem_type()))};
    TensorType t{*dt, {}};
    for (const auto& d : tt.shape().dim()) {
      if (!d.has_dim_value())
        return Error{fmt::format("value '{}' has a symbolic dimension", v.name())};
      t.shape.push_back(d.dim_value());
    }
    return t;
  };
  const auto& g = model.graph();
  for (const auto& v : g.input()) {
    auto t = value_type(v);
    if (!t) return t.error();
    s.inputs.emplace_back(v.name(), *t);
  }
  for (const auto& v : g.output()) {
    auto t = value_type(v);
    if (!t) return t.error();
    s.outputs.emplace_back(v.name(), *t);
  }
  for (const auto& p : g.initializer()) {
    auto t = onnx_io::tensor_from_proto(p);
    if (!t) return t.error();
    s.initializers.emplace_back(p.name(), std::move(*t));
  }
  for (const auto& n : g.node()) {
    s.node_ops.push_back(n.op_type());
    s.node_outputs.push_back(n.output_size() > 0 ? n.output(0) : std::string());
  }
  return s;
}

Result<void> check_onnx_model(const std::string& bytes) {
  onnx::ModelProto model;
  if (!model.ParseFromString(bytes)) return Error{"not a serialized ONNX ModelProto"};
  try {
    onnx::checker::check_model(model);
    // Strict: a node that cannot be inferred, or an inferred type that differs from a
    // declared one, is an error.
    onnx::ShapeInferenceOptions options(/*check_type=*/true, /*strict_mode=*/1);
    onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), options);
  } catch (const std::exception& e) {
    return Error{e.what()};
  }
  return {};
}

}  // namespace vf
