// CertifiedGraph: an unrewritten graph carries no log and no constant errors, and the
// boundary holds at the type level (no Key outside rewrite::Driver, no implicit way from
// a Graph to a CertifiedGraph, and the interpreter takes nothing else).
#include "ir/certified_graph.h"

#include <catch2/catch.hpp>

#include <type_traits>

#include "interp/interpreter.h"

namespace vf {
namespace {

// Compile-time checks of the boundary: if one of these stops holding, the build fails.
// Only rewrite::Driver can make a Key (its default constructor is private and Key is not
// an aggregate, so `Key{}` is rejected too).
static_assert(!std::is_default_constructible_v<CertifiedGraph::Key>);
// A Graph does not turn into a CertifiedGraph by conversion or by a one-argument
// constructor; `unrewritten` is the only door without a Key.
static_assert(!std::is_convertible_v<Graph, CertifiedGraph>);
static_assert(!std::is_constructible_v<CertifiedGraph, Graph>);
static_assert(!std::is_constructible_v<CertifiedGraph, Graph, std::vector<RewriteRecord>,
                                       std::map<std::string, Tensor>>);
// The interpreter accepts no bare Graph.
static_assert(!std::is_invocable_v<decltype(&run_graph), const Graph&, const RunOptions&>);
static_assert(std::is_invocable_v<decltype(&run_graph), const CertifiedGraph&, const RunOptions&>);

Graph two_node_graph() {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {2}});
  NodeId c = g.add_constant("c", Tensor::from_floats({2}, std::vector<float>{1, 2}));
  g.add_output(g.add_node(OpKind::Add, "sum", {x, c}, {}));
  return g;
}

TEST_CASE("CertifiedGraph::unrewritten: the graph as given, an empty log, no constant errors",
          "[ir]") {
  const CertifiedGraph cg = CertifiedGraph::unrewritten(two_node_graph());
  CHECK(cg.log().empty());
  CHECK(cg.constant_errors().empty());
  REQUIRE(cg.graph().size() == 3);
  CHECK(cg.graph().nodes()[0].name == "x");
  CHECK(cg.graph().nodes()[1].op == OpKind::Constant);
  CHECK(cg.graph().nodes()[1].data->to_doubles() == std::vector<double>{1, 2});
  CHECK(cg.graph().nodes()[2].name == "sum");
  REQUIRE(cg.graph().outputs().size() == 1);
  CHECK(cg.graph().outputs()[0].index == 2);
  CHECK(cg.graph().inputs().size() == 1);
}

TEST_CASE("CertifiedGraph: a copy is the same certified graph", "[ir]") {
  const CertifiedGraph a = CertifiedGraph::unrewritten(two_node_graph());
  const CertifiedGraph b = a;  // NOLINT(performance-unnecessary-copy-initialization)
  CHECK(b.graph().size() == a.graph().size());
  CHECK(b.graph().nodes()[1].data == a.graph().nodes()[1].data);  // constants are shared
  CHECK(b.log().empty());
  CHECK(b.constant_errors().empty());
}

}  // namespace
}  // namespace vf
