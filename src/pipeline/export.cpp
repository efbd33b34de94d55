#include "pipeline/export.h"

#include <fmt/format.h>

#include <utility>

#include "frontend/onnx_export.h"
#include "interp/memory_need.h"
#include "interp/weights.h"

namespace vf::pipeline {

Result<ExportResult> export_model(Graph g, const std::string& model, const std::string& out,
                                  const ExportOptions& opts) {
  if (auto r = check_weight_memory(g, "generating the model's weights"); !r) return r.error();
  // Weights without data get the values `vfuse run --seed N` gives them, all drawn from
  // the unmodified graph (a value depends on the input's name and uses) before binding.
  std::vector<std::pair<NodeId, Tensor>> weights;
  for (NodeId id : g.inputs())
    if (g.node(id).weight) weights.emplace_back(id, generate_input(g, id, opts.seed));
  for (auto& [id, t] : weights) g.bind_input(id, std::move(t));

  if (auto r = export_onnx_file(g, out); !r)
    return Error{fmt::format("cannot export '{}' to '{}':\n{}", model, out, r.error().message)};
  ExportResult res;
  res.seeded_weights = weights.size();
  for (NodeId id : g.inputs()) res.inputs.push_back(g.node(id).name);
  return res;
}

}  // namespace vf::pipeline
