// Test harness for operator semantics: a small graph whose inputs carry hand-written
// values, verified by infer_types and run by the interpreter in f32 and in f64, with
// the outputs compared against hand-computed literals.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <initializer_list>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "interp/interpreter.h"
#include "ir/graph.h"
#include "ir/shape_inference.h"

namespace vf::test {

/// Typed attribute values (an int literal alone would be ambiguous for the variant).
inline AttrValue i64(int64_t v) { return v; }
inline AttrValue f64(double v) { return v; }
inline AttrValue ints(std::vector<int64_t> v) { return v; }
inline AttrValue str(std::string v) { return v; }

/// Attributes from name/value pairs.
inline Attrs attrs(std::initializer_list<std::pair<std::string, AttrValue>> kv) {
  Attrs a;
  for (const auto& [k, v] : kv) a.set(k, v);
  return a;
}

/// Both precisions of the interpreter.
inline constexpr Precision kPrecisions[] = {Precision::F32, Precision::F64};

inline const char* precision_name(Precision p) { return p == Precision::F32 ? "f32" : "f64"; }

/// Relative and absolute tolerance against a hand value: a few ulps of the precision
/// over the handful of roundings these small cases have.
inline double tolerance(Precision p) { return p == Precision::F32 ? 1e-6 : 1e-12; }

inline const double kNaN = std::nan("");

/// Checks a tensor's shape, dtype and every element; a NaN in `expected` means the
/// element must be NaN.
inline void check_tensor(const Tensor& t, const Shape& shape, const std::vector<double>& expected,
                         Precision p) {
  INFO("precision " << precision_name(p));
  REQUIRE(shape_string(t.shape()) == shape_string(shape));
  REQUIRE(t.dtype() == (p == Precision::F32 ? DType::F32 : DType::F64));
  REQUIRE(t.size() == static_cast<int64_t>(expected.size()));
  const double tol = tolerance(p);
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO("element " << i);
    const double v = t.get(static_cast<int64_t>(i));
    if (std::isnan(expected[i]))
      CHECK(std::isnan(v));
    else
      CHECK(v == Approx(expected[i]).epsilon(tol).margin(tol));
  }
}

/// A graph under construction; inputs are fed exactly (as f64 tensors, so the f64 run
/// sees the literal and the f32 run its rounding).
class OpCase {
 public:
  /// A graph input (activation) with the given values.
  NodeId input(const std::string& name, Shape shape, std::vector<double> values) {
    REQUIRE(num_elements(shape) == static_cast<int64_t>(values.size()));
    values_[name] = {shape, std::move(values)};
    return g_.add_input(name, TensorType{DType::F32, std::move(shape)});
  }
  /// A float32 constant.
  NodeId constant(const std::string& name, Shape shape, const std::vector<double>& values) {
    return g_.add_constant(name,
                           Tensor::from_doubles(TensorType{DType::F32, std::move(shape)}, values));
  }
  /// An operator node, named after its position.
  NodeId op(OpKind k, std::vector<NodeId> inputs, Attrs a = {}) {
    return g_.add_node(k, fmt::format("{}_{}", op_name(k), g_.size()), std::move(inputs),
                       std::move(a));
  }
  void output(NodeId id) { g_.add_output(id); }

  /// Verifies the graph (once) and runs it; both must succeed.
  std::vector<Tensor> run(Precision p) {
    if (!verified_) {
      auto r = infer_types(g_);
      INFO((r ? std::string() : r.error().message));
      REQUIRE(r.ok());
      verified_ = true;
    }
    RunOptions opts;
    opts.precision = p;
    for (const auto& [name, sv] : values_)
      opts.inputs.emplace(name, Tensor::from_doubles(TensorType{DType::F64, sv.first}, sv.second));
    auto res = run_graph(CertifiedGraph::unrewritten(g_), opts);
    INFO((res ? std::string() : res.error().message));
    REQUIRE(res.ok());
    REQUIRE(res->size() == g_.outputs().size());
    return std::move(res).value();
  }

  /// Makes `out` the only output and checks it against hand values in both precisions.
  void check(NodeId out, const Shape& shape, const std::vector<double>& expected) {
    REQUIRE(g_.outputs().empty());
    output(out);
    for (Precision p : kPrecisions) check_tensor(run(p).at(0), shape, expected, p);
  }

  Graph& graph() { return g_; }

 private:
  Graph g_;
  std::map<std::string, std::pair<Shape, std::vector<double>>> values_;
  bool verified_ = false;
};

/// Values 1, 2, ..., n.
inline std::vector<double> iota(int n, double first = 1) {
  std::vector<double> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<size_t>(i)] = first + i;
  return v;
}

}  // namespace vf::test
