#include "ir/certified_graph.h"

#include <cstdio>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

namespace vf {
namespace {

/// A constant error map the driver hands over is read without further checks by every
/// consumer (the drift interpreter indexes it by the constant's elements), so a malformed
/// one is a broken invariant of the driver: checked in every build type, not only under
/// assert, because this is the trust boundary.
void check_constant_errors(const Graph& g, const std::map<std::string, Tensor>& errors) {
  auto fail = [](const std::string& why) {
    fmt::print(stderr, "vfuse: internal error: CertifiedGraph: {}\n", why);
    std::abort();
  };
  for (const auto& [name, e] : errors) {
    const NodeId id = g.find(name);
    if (!id.valid() || g.node(id).op != OpKind::Constant)
      fail(fmt::format("constant error for '{}', which is not a constant of the graph", name));
    if (e.dtype() != DType::F64 || e.shape() != g.node(id).data->shape())
      fail(fmt::format("constant error for '{}' is not an f64 tensor of the constant's shape",
                       name));
    for (double x : e.view<double>())
      if (!(x >= 0)) fail(fmt::format("constant error for '{}' is negative or NaN", name));
  }
}

}  // namespace

CertifiedGraph::CertifiedGraph(Graph g, std::vector<RewriteRecord> log,
                               std::map<std::string, Tensor> constant_errors)
    : graph_(std::move(g)), log_(std::move(log)), constant_errors_(std::move(constant_errors)) {}

CertifiedGraph CertifiedGraph::unrewritten(Graph g) { return CertifiedGraph(std::move(g), {}, {}); }

CertifiedGraph::CertifiedGraph(Key, Graph g, std::vector<RewriteRecord> log,
                               std::map<std::string, Tensor> constant_errors)
    : CertifiedGraph(std::move(g), std::move(log), std::move(constant_errors)) {
  check_constant_errors(graph_, constant_errors_);
}

}  // namespace vf
