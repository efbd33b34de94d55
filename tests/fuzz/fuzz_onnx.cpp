// libFuzzer target: the ONNX importer (src/frontend/onnx_import*.cpp, onnx_tensor.cpp) on
// arbitrary bytes taken as a serialized ModelProto: protobuf's parser first, then the
// importer's checks of dims, data sizes, attributes and shape computations.
#include <cstddef>
#include <cstdint>
#include <string>

#include "frontend/onnx_import.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  vf::DiagnosticSink diags;
  vf::OnnxImportOptions opts;
  auto g = vf::import_onnx(bytes, "fuzz.onnx", opts, diags);
  if (!g) (void)diags.render();
  return 0;
}
