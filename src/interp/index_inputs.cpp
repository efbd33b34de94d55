#include "interp/index_inputs.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "ir/op_plan.h"

namespace vf {

namespace {

/// Calls f(node, operand) for every node reading `id` or a view of it.
template <class F>
void each_reader(const Graph& g, NodeId id, F&& f) {
  std::vector<NodeId> values{id};  // id and its views
  for (size_t k = 0; k < values.size(); ++k)
    for (size_t i = values[k].index + 1; i < g.size(); ++i) {
      const Node& n = g.nodes()[i];
      for (size_t j = 0; j < n.inputs.size(); ++j) {
        if (n.inputs[j] != values[k]) continue;
        if (op_class(n.op) == OpClass::View)
          values.push_back(g.id(i));
        else
          f(n, j);
      }
    }
}

}  // namespace

bool read_by_indexed_op(const Graph& g, NodeId id) {
  bool read = false;
  each_reader(g, id, [&](const Node& n, size_t) { read = read || is_indexed_op(n.op); });
  return read;
}

std::optional<int64_t> index_rows(const Graph& g, NodeId id) {
  std::optional<int64_t> rows;
  each_reader(g, id, [&](const Node& n, size_t j) {
    if (n.op == OpKind::Gather && j == 1) {
      const Shape& t = g.node(n.inputs[0]).type.shape;
      const int64_t axis = norm_axis(n.attrs.get_int("axis"), static_cast<int64_t>(t.size()));
      const int64_t len = t[static_cast<size_t>(axis)];
      rows = rows ? std::min(*rows, len) : len;
    }
  });
  return rows;
}

Result<void> check_index_inputs(const Graph& g, const std::map<std::string, Tensor>& inputs) {
  for (const auto& [name, t] : inputs) {
    const NodeId id = g.find(name);
    if (!id.valid() || g.node(id).op != OpKind::Input || !is_integer(t.dtype())) continue;
    const auto n = index_rows(g, id);
    if (!n) continue;
    for (int64_t i = 0; i < t.size(); ++i) {
      const int64_t v = t.dtype() == DType::I64 ? t.view<int64_t>()[static_cast<size_t>(i)]
                                                : static_cast<int64_t>(t.get(i));
      if (v < -*n || v >= *n)
        return Error{
            fmt::format("input '{}': element {} is {}, outside [{}, {}): the ids of a "
                        "table of {} rows (a negative id counts from the end)",
                        name, i, v, -*n, *n, *n)};
    }
  }
  return {};
}

}  // namespace vf
