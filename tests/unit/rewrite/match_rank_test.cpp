// The rewriter applies a rule only at the ranks its proof covers (0 to kMaxRank).
#include <catch2/catch.hpp>

#include "rewrite/match.h"
#include "rewrite_test_util.h"

namespace vf::rewrite {
namespace {

/// relu(relu(x)) with x of the given rank, each dimension 2.
Graph relu_relu(size_t rank) {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, Shape(rank, 2)});
  NodeId a = g.add_node(OpKind::Relu, "a", {x}, {});
  NodeId b = g.add_node(OpKind::Relu, "b", {a}, {});
  g.add_output(b);
  return test::bound(std::move(g));
}

TEST_CASE("match: a rule is not applied beyond the ranks it is proved for", "[rewrite]") {
  const LibraryRule& lr = test::library_rule("relu_of_relu");
  Matcher m(*lr.rule, lr.file);
  const Graph g4 = relu_relu(verify::kMaxRank);
  std::string why;
  CHECK(m.match(g4, count_users(g4), g4.find("b"), &why));
  const Graph g5 = relu_relu(verify::kMaxRank + 1);
  CHECK_FALSE(m.match(g5, count_users(g5), g5.find("b"), &why));
  CHECK_THAT(why, Catch::Contains("has rank 5; the rule is proved for ranks 0 to 4"));
}

}  // namespace
}  // namespace vf::rewrite
