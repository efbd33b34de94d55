#include "interp/interpreter.h"

#include <algorithm>
#include <type_traits>

#include "interp/evaluate_graph.h"

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

template <class T, class Override = interp_detail::NoOverride>
Result<std::vector<Tensor>> run_in(const Graph& g, const RunOptions& opts, Override&& o = {},
                                   const IntNodeOverride* int_override = nullptr) {
  sem::FloatDomain<T> d;
  interp_detail::IntValues ints;
  auto values = interp_detail::evaluate_graph(
      g, opts, d, [](const Node&, const Tensor& t) { return to_vector<T>(t); }, o, &ints,
      int_override);
  if (!values) return values.error();
  std::vector<Tensor> outs;
  const DType dt = std::is_same_v<T, float> ? DType::F32 : DType::F64;
  for (size_t k = 0; k < g.outputs().size(); ++k) {
    const TensorType& type = g.node(g.outputs()[k]).type;
    if (is_integer(type.dtype)) {  // an integer output keeps its type and its exact values
      Tensor t(type);
      for (size_t i = 0; i < ints[k].size(); ++i)
        t.set(static_cast<int64_t>(i), static_cast<double>(ints[k][i]));
      outs.push_back(std::move(t));
      continue;
    }
    Tensor t(TensorType{dt, g.node(g.outputs()[k]).type.shape});
    auto dst = t.view_mut<T>();
    std::copy((*values)[k].begin(), (*values)[k].end(), dst.begin());
    outs.push_back(std::move(t));
  }
  return outs;
}

}  // namespace

Result<std::vector<Tensor>> run_graph(const CertifiedGraph& g, const RunOptions& opts) {
  return opts.precision == Precision::F32 ? run_in<float>(g.graph(), opts)
                                          : run_in<double>(g.graph(), opts);
}

Result<std::vector<Tensor>> run_graph_f32_with(const CertifiedGraph& g, const RunOptions& opts,
                                               const NodeOverride& override,
                                               const IntNodeOverride& int_override) {
  auto o = [&](const Node& n, std::span<const sem::Operand<float>> ops, std::vector<float>& out) {
    return override(n, ops, out);
  };
  return run_in<float>(g.graph(), opts, o, &int_override);
}

}  // namespace vf
