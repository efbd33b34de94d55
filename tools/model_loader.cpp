#include "model_loader.h"

#include <filesystem>

#include "frontend/relay_import.h"
#include "ir/shape_inference.h"
#include "ir/text_parser.h"

namespace vf::cli {
namespace {

bool has_suffix(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::optional<Graph> load_model(const std::string& path, DiagnosticSink& diags) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    diags.error(path, "is a directory, not a model file");
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
    ParseOptions po;
    std::filesystem::path weights = std::filesystem::path(path).replace_extension(".weights");
    if (std::filesystem::exists(weights, ec)) po.weights_path = weights.string();
    g = parse_graph(*src, diags, po);
  } else if (has_suffix(path, ".onnx")) {
    diags.error(path, "ONNX models are not supported by this build yet (Relay text and .vfg are)");
    return std::nullopt;
  } else {
    diags.error(path,
                "unknown model format: expected a .relay (TVM Relay text) or .vfg (vfuse IR) file");
    return std::nullopt;
  }
  if (!g) return std::nullopt;
  if (auto r = infer_types(*g); !r) {
    diags.error(path, r.error().message);
    return std::nullopt;
  }
  return g;
}

}  // namespace vf::cli
