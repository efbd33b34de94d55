// Small models with seeded constants and the repository's rule library, for the
// rewriter's tests.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "../semantics/op_case.h"
#include "dsl/parser.h"
#include "interp/weights.h"
#include "ir/shape_inference.h"
#include "rewrite/rule_library.h"

namespace vf::rewrite::test {

/// Type-checks `g` and binds every weight input to its seeded value (as vfuse compile).
inline Graph bound(Graph g, uint64_t seed = 1) {
  auto r = infer_types(g);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  for (NodeId id : std::vector<NodeId>(g.inputs()))
    if (g.node(id).weight) g.bind_input(id, generate_input(g, id, seed));
  return g;
}

/// x [1, C, H, W] -> conv2d (padding 1, C -> O channels) -> batch_norm -> relu.
inline Graph conv_bn_relu(int64_t c = 3, int64_t o = 4, int64_t hw = 5) {
  using vf::test::attrs;
  using vf::test::ints;
  Graph g;
  NodeId x = g.add_input("data", TensorType{DType::F32, {1, c, hw, hw}});
  NodeId w = g.add_input("conv_weight", TensorType{DType::F32, {o, c, 3, 3}}, true);
  NodeId gamma = g.add_input("bn_gamma", TensorType{DType::F32, {o}}, true);
  NodeId beta = g.add_input("bn_beta", TensorType{DType::F32, {o}}, true);
  NodeId mean = g.add_input("bn_moving_mean", TensorType{DType::F32, {o}}, true);
  NodeId var = g.add_input("bn_moving_var", TensorType{DType::F32, {o}}, true);
  NodeId y = g.add_node(OpKind::Conv2d, "conv", {x, w}, attrs({{"padding", ints({1, 1, 1, 1})}}));
  y = g.add_node(OpKind::BatchNorm, "bn", {y, gamma, beta, mean, var}, {});
  y = g.add_node(OpKind::Relu, "relu", {y}, {});
  g.add_output(y);
  return bound(std::move(g));
}

/// The repository's rule library (rules/, proofs/).
inline const RuleLibrary& repo_library() {
  static const RuleLibrary lib = [] {
    DiagnosticSink diags;
    auto l = load_rule_library(std::string(VF_SOURCE_DIR) + "/rules",
                               std::string(VF_SOURCE_DIR) + "/proofs", {}, diags);
    INFO(diags.render());
    REQUIRE(l.ok());
    return std::move(*l);
  }();
  return lib;
}

/// The rule named `name` of the library with its file, or a failed test.
inline const LibraryRule& library_rule(const std::string& name) {
  for (const Phase& p : repo_library().phases)
    for (const LibraryRule& r : p.rules)
      if (r.rule->name == name) return r;
  FAIL("no rule " << name);
  throw 0;
}

}  // namespace vf::rewrite::test
