#include "pipeline/vfuse.h"

#include <fmt/format.h>

namespace vf {
namespace {

/// The Error `e` with the diagnostics before it.
Error with_diagnostics(const Error& e, const DiagnosticSink& diags) {
  return Error{diags.all().empty() ? e.message : diags.render() + e.message};
}

}  // namespace

std::string shape_spec(const std::string& name, const Shape& shape) {
  std::string s = name + "=";
  for (size_t k = 0; k < shape.size(); ++k) s += (k ? "x" : "") + std::to_string(shape[k]);
  return s;
}

Result<Model> load(const std::string& path, const ModelOptions& opts) {
  Model m;
  m.path = path;
  m.seed = opts.seed;
  pipeline::LoadOptions lo;
  lo.input_shapes = opts.shapes;
  lo.trust_unverified = opts.trust_unverified;
  for (const auto& [name, shape] : opts.shapes) m.shapes.push_back(shape_spec(name, shape));
  DiagnosticSink diags;
  auto g = pipeline::load(path, lo, diags);
  if (!g) return with_diagnostics(g.error(), diags);
  if (auto r = pipeline::prepare(*g, opts.seed); !r) return r.error();
  m.graph = std::move(*g);
  return m;
}

Result<pipeline::CompiledModel> compile(const Model& m, pipeline::CompileOptions opts) {
  opts.shapes = m.shapes;
  opts.seed = m.seed;
  DiagnosticSink diags;
  auto c = pipeline::rewrite(m.graph, opts, diags);
  if (!c) return with_diagnostics(c.error(), diags);
  c->model = m.path;
  return c;
}

}  // namespace vf
