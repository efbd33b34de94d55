// vfuse for embedding: load a model, compile it with certified rewrites, run it.
//
//   auto m = vf::load("models/ppocr_mobilenetv3_cls.onnx", {.shapes = {{"x", {1, 3, 48, 192}}}});
//   auto c = vf::compile(*m);                       // pipeline::CompiledModel
//   auto s = vf::Session::open(c->result->graph, {.engine = vf::Engine::Native, .threads = 2});
//   auto out = s->run({{"x", tensor}});             // std::vector<Tensor>, graph order
//
// Every call returns a Result; nothing throws. Values own what they hold: a Model its
// graph, a CompiledModel the original and rewritten graphs, the certificates and the rule
// library; a Session a copy of the graph it runs and its engine, so a Session outlives
// the model it came from. Session::run may be called from several threads at once
// (pipeline/session.h). Link vf_pipeline.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "pipeline/compile.h"
#include "pipeline/session.h"

namespace vf {

/// What a model needs besides its file.
struct ModelOptions {
  /// Static shapes of ONNX inputs with symbolic dimensions, by input name.
  std::map<std::string, Shape> shapes;
  /// Seed of the weights generated for Relay parameters.
  uint64_t seed = 0;
  /// Load a compile output whose files do not match the hashes of its report.json.
  bool trust_unverified = false;
};

/// A model as imported, its weights bound.
struct Model {
  /// The file it was read from and its shapes as `NAME=D0xD1x...` (report.json's form).
  std::string path;
  std::vector<std::string> shapes;
  uint64_t seed = 0;
  Graph graph;
};

/// `shape` as the CLI's --shape value: `name=1x3x48x192`.
std::string shape_spec(const std::string& name, const Shape& shape);

/// Loads `path` (ONNX, Relay text, .vfg or a compile output directory). The Error holds
/// every diagnostic, rendered (file:line:col: error: ...), then a summary line.
Result<Model> load(const std::string& path, const ModelOptions& opts = {});

/// Compiles `m` with certified rewrites; `opts`' shapes and seed are the model's.
Result<pipeline::CompiledModel> compile(const Model& m, pipeline::CompileOptions opts = {});

}  // namespace vf
