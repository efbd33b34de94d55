#include "interp/memory_need.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "support/limits.h"

namespace vf {
namespace {

uint64_t tensor_bytes(const Shape& shape, uint64_t element_bytes) {
  auto n = limits::checked_num_elements(shape);
  return n ? limits::sat_mul(static_cast<uint64_t>(*n), element_bytes) : UINT64_MAX;
}

}  // namespace

uint64_t interpreter_peak_bytes(const Graph& g, uint64_t value_bytes) {
  using limits::sat_add;
  // The same last uses as interp_detail::evaluate_graph: a value is released when the
  // node that uses it last has run (a value nobody uses is never released).
  std::vector<size_t> last_use(g.size(), 0);
  std::vector<bool> used(g.size(), false);
  for (size_t i = 0; i < g.size(); ++i)
    for (NodeId in : g.nodes()[i].inputs) {
      last_use[in.index] = i;
      used[in.index] = true;
    }
  for (NodeId o : g.outputs()) {
    last_use[o.index] = g.size();
    used[o.index] = true;
  }
  uint64_t live = 0, peak = 0;
  std::vector<uint64_t> held(g.size(), 0);
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    held[i] = tensor_bytes(n.type.shape, value_bytes);
    // A leaf's tensor (given, generated or the constant's data) exists beside its values
    // while they are made.
    uint64_t leaf = n.op == OpKind::Input || n.op == OpKind::Constant
                        ? tensor_bytes(n.type.shape, dtype_size(n.type.dtype))
                        : 0;
    live = sat_add(live, held[i]);
    peak = std::max(peak, sat_add(live, leaf));
    for (NodeId in : n.inputs)
      if (last_use[in.index] == i && held[in.index] != 0) {
        live = live == UINT64_MAX ? live : live - held[in.index];
        held[in.index] = 0;
      }
  }
  // The outputs are copied out, then converted to tensors.
  uint64_t outs = 0;
  for (NodeId o : g.outputs())
    outs = sat_add(outs, limits::sat_mul(tensor_bytes(g.node(o).type.shape, value_bytes), 2));
  return std::max(peak, sat_add(live, outs));
}

Result<void> check_interpreter_memory(const Graph& g, uint64_t value_bytes) {
  return limits::check_memory(
      interpreter_peak_bytes(g, value_bytes),
      fmt::format("running the model in the interpreter ({}-byte values)", value_bytes));
}

Result<void> check_weight_memory(const Graph& g, std::string_view what) {
  uint64_t total = 0;
  for (NodeId id : g.inputs())
    if (const Node& n = g.node(id); n.weight)
      total = limits::sat_add(total, tensor_bytes(n.type.shape, dtype_size(n.type.dtype)));
  return limits::check_memory(total, what);
}

}  // namespace vf
