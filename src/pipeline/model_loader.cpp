#include "pipeline/model_loader.h"

#include <filesystem>

#include "pipeline/compile_output.h"
#include "frontend/onnx_import.h"
#include "frontend/relay_import.h"
#include "ir/shape_inference.h"
#include "ir/text_parser.h"

namespace vf::pipeline {
namespace {

bool has_suffix(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

Result<void> parse_shape_binding(const std::string& value, LoadOptions& opts) {
  const size_t eq = value.rfind('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == value.size())
    return Error{"--shape needs NAME=D0xD1x... (e.g. x=1x3x48x192), got '" + value + "'"};
  Shape shape;
  const std::string dims = value.substr(eq + 1);
  size_t pos = 0;
  while (pos <= dims.size()) {
    size_t end = dims.find('x', pos);
    if (end == std::string::npos) end = dims.size();
    const std::string d = dims.substr(pos, end - pos);
    int64_t v = 0;
    bool ok = !d.empty() && d.size() < 12;
    for (char c : d) ok = ok && c >= '0' && c <= '9';
    if (ok) v = std::stoll(d);
    if (!ok || v <= 0)
      return Error{"--shape " + value + ": dimension '" + d + "' is not a positive integer"};
    shape.push_back(v);
    pos = end + 1;
  }
  const std::string name = value.substr(0, eq);
  if (opts.input_shapes.count(name)) return Error{"--shape given twice for '" + name + "'"};
  opts.input_shapes[name] = shape;
  return {};
}

std::string model_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return path;
  return (std::filesystem::path(path) / "model.vfg").string();
}

std::optional<Graph> load_model(const std::string& given, DiagnosticSink& diags,
                                const LoadOptions& opts) {
  std::error_code ec;
  const std::string path = model_file(given);
  if (std::filesystem::is_directory(given, ec) && !std::filesystem::is_regular_file(path, ec)) {
    diags.error(given, "is a directory, not a model file (nor a compile output with a model.vfg)");
    return std::nullopt;
  }
  if (has_suffix(path, ".onnx")) {
    OnnxImportOptions o;
    o.input_shapes = opts.input_shapes;
    return import_onnx_file(path, o, diags);
  }
  if (!opts.input_shapes.empty()) {
    diags.error(path, "--shape applies to ONNX models only; the inputs of this model are static");
    return std::nullopt;
  }
  auto src = SourceFile::load(path);
  if (!src) {
    diags.error(path, src.error().message.substr(path.size() + 2));
    return std::nullopt;
  }
  const std::string& text = src->text();
  std::optional<Graph> g;
  if (has_suffix(path, ".relay") || text.rfind("#[version", 0) == 0) {
    g = import_relay(*src, diags);
  } else if (has_suffix(path, ".vfg") || text.rfind("# vfuse graph", 0) == 0) {
    if (!opts.trust_unverified)
      if (auto r = check_compile_output(path); !r) {
        diags.error(path, r.error().message +
                              " ('vfuse verify DIR' checks all of it; --trust-unverified loads "
                              "it anyway)");
        return std::nullopt;
      }
    ParseOptions po;
    std::filesystem::path weights = std::filesystem::path(path).replace_extension(".weights");
    if (std::filesystem::exists(weights, ec)) po.weights_path = weights.string();
    g = parse_graph(*src, diags, po);
  } else {
    diags.error(path,
                "unknown model format: expected a .relay (TVM Relay text), .onnx or .vfg "
                "(vfuse IR) file");
    return std::nullopt;
  }
  if (!g) return std::nullopt;
  if (auto r = infer_types(*g); !r) {
    diags.error(path, r.error().message);
    return std::nullopt;
  }
  return g;
}

}  // namespace vf::pipeline
