#include "interp/interpreter.h"

#include <fmt/format.h>

#include "interp/weights.h"
#include "semantics/eval_node.h"

namespace vf {
namespace {

template <class T>
std::vector<T> to_vector(const Tensor& t) {
  std::vector<T> v(static_cast<size_t>(t.size()));
  if (t.dtype() == DType::F32 && std::is_same_v<T, float>) {
    auto src = t.view<float>();
    std::copy(src.begin(), src.end(), v.begin());
  } else {
    for (int64_t i = 0; i < t.size(); ++i) v[static_cast<size_t>(i)] = static_cast<T>(t.get(i));
  }
  return v;
}

template <class T>
Result<std::vector<Tensor>> run_in(const Graph& g, const RunOptions& opts) {
  for (const auto& [name, t] : opts.inputs) {
    NodeId id = g.find(name);
    if (!id.valid() || g.node(id).op != OpKind::Input)
      return Error{fmt::format("'{}' is not an input of the graph", name)};
    if (t.shape() != g.node(id).type.shape)
      return Error{fmt::format("input '{}' has shape {}, the graph expects {}", name,
                               shape_string(t.shape()), shape_string(g.node(id).type.shape))};
  }
  // Last use of each value, so buffers are released as soon as they are dead.
  std::vector<size_t> last_use(g.size(), 0);
  for (size_t i = 0; i < g.size(); ++i)
    for (NodeId in : g.nodes()[i].inputs) last_use[in.index] = i;
  for (NodeId o : g.outputs()) last_use[o.index] = g.size();

  sem::FloatDomain<T> d;
  std::vector<std::vector<T>> values(g.size());
  std::vector<sem::Operand<T>> operands;
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Input) {
      auto it = opts.inputs.find(n.name);
      values[i] = it != opts.inputs.end() ? to_vector<T>(it->second)
                                          : to_vector<T>(generate_input(g, g.id(i), opts.seed));
    } else if (n.op == OpKind::Constant) {
      values[i] = to_vector<T>(*n.data);
    } else {
      operands.clear();
      for (NodeId in : n.inputs)
        operands.push_back({values[in.index].data(), &g.node(in).type.shape});
      std::vector<T> out;
      sem::eval_node(d, n.op, n.attrs, std::span<const sem::Operand<T>>(operands), n.type.shape,
                     out);
      values[i] = std::move(out);
    }
    for (NodeId in : n.inputs)
      if (last_use[in.index] == i) std::vector<T>().swap(values[in.index]);
  }
  std::vector<Tensor> outs;
  const DType dt = std::is_same_v<T, float> ? DType::F32 : DType::F64;
  for (NodeId o : g.outputs()) {
    Tensor t(TensorType{dt, g.node(o).type.shape});
    auto dst = t.view_mut<T>();
    std::copy(values[o.index].begin(), values[o.index].end(), dst.begin());
    outs.push_back(std::move(t));
  }
  return outs;
}

}  // namespace

Result<std::vector<Tensor>> run_graph(const Graph& g, const RunOptions& opts) {
  return opts.precision == Precision::F32 ? run_in<float>(g, opts) : run_in<double>(g, opts);
}

}  // namespace vf
