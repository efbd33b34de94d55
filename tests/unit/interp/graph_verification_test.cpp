// Graphs the interpreter must never see: infer_types turns shape errors into an Error
// that names the node, its operator and what is wrong.
#include <catch2/catch.hpp>

#include <optional>

#include "../semantics/op_case.h"
#include "ir/shape_inference.h"

namespace vf {
namespace {

using test::attrs;
using test::i64;
using test::ints;

std::string verify_error(Graph& g) {
  auto r = infer_types(g);
  REQUIRE_FALSE(r.ok());
  return r.error().message;
}

TEST_CASE("infer_types: conv2d whose groups do not divide the channels", "[interp]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {1, 4, 5, 5}});
  NodeId w = g.add_input("w", TensorType{DType::F32, {6, 2, 3, 3}}, true);
  g.add_output(g.add_node(OpKind::Conv2d, "conv1", {x, w}, attrs({{"groups", i64(3)}})));
  CHECK_THAT(verify_error(g), Catch::Contains("node 'conv1' (conv2d)") &&
                                  Catch::Contains("groups=3") &&
                                  Catch::Contains("input channels 4"));
}

TEST_CASE("infer_types: conv2d weight with the wrong channels per group", "[interp]") {
  // 4 input channels in 2 groups need weights (O, 2, kh, kw); (4, 3, 3, 3) is wrong.
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {1, 4, 5, 5}});
  NodeId w = g.add_input("w", TensorType{DType::F32, {4, 3, 3, 3}}, true);
  g.add_output(g.add_node(OpKind::Conv2d, "conv1", {x, w}, attrs({{"groups", i64(2)}})));
  CHECK_THAT(verify_error(g), Catch::Contains("conv1") && Catch::Contains("(4, 3, 3, 3)") &&
                                  Catch::Contains("3 input channels per group"));
}

TEST_CASE("infer_types: conv2d_transpose output shape (ONNX ConvTranspose)", "[interp]") {
  // H = (5-1)*2 - 1 - 0 + 2*(3-1) + 1 + 1 = 13, W = (4-1)*3 - 0 - 2 + 1*(2-1) + 0 + 1 = 9;
  // C_out = w.shape[1] * groups = 3 * 2.
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {2, 4, 5, 4}});
  NodeId w = g.add_input("w", TensorType{DType::F32, {4, 3, 3, 2}}, true);
  NodeId b = g.add_input("b", TensorType{DType::F32, {6}}, true);
  NodeId y = g.add_node(OpKind::Conv2dTranspose, "up", {x, w, b},
                        attrs({{"strides", ints({2, 3})},
                               {"padding", ints({1, 0, 0, 2})},
                               {"dilation", ints({2, 1})},
                               {"groups", i64(2)},
                               {"output_padding", ints({1, 0})}}));
  g.add_output(y);
  auto r = infer_types(g);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  CHECK(g.node(y).type.shape == Shape{2, 6, 13, 9});
}

TEST_CASE("infer_types: conv2d_transpose shape errors", "[interp]") {
  auto error_of = [](Shape xs, Shape ws, Attrs a, std::optional<Shape> bs = std::nullopt) {
    Graph g;
    std::vector<NodeId> ins{g.add_input("x", TensorType{DType::F32, std::move(xs)}),
                            g.add_input("w", TensorType{DType::F32, std::move(ws)}, true)};
    if (bs) ins.push_back(g.add_input("b", TensorType{DType::F32, *bs}, true));
    g.add_output(g.add_node(OpKind::Conv2dTranspose, "up", ins, std::move(a)));
    return verify_error(g);
  };
  SECTION("weight's first dimension is not the input channels") {
    CHECK_THAT(error_of({1, 4, 5, 5}, {3, 2, 3, 3}, {}),
               Catch::Contains("node 'up' (conv2d_transpose)") &&
                   Catch::Contains("(3, 2, 3, 3) expects 3 input channels") &&
                   Catch::Contains("input has 4 channels"));
  }
  SECTION("groups do not divide the input channels") {
    CHECK_THAT(error_of({1, 4, 5, 5}, {4, 2, 3, 3}, attrs({{"groups", i64(3)}})),
               Catch::Contains("groups=3 must divide input channels 4"));
  }
  SECTION("output_padding not below the stride or the dilation") {
    CHECK_THAT(error_of({1, 2, 5, 5}, {2, 2, 3, 3},
                        attrs({{"strides", ints({2, 2})}, {"output_padding", ints({0, 2})}})),
               Catch::Contains("output_padding 2 must be smaller than stride 2 or dilation 1"));
  }
  SECTION("padding larger than the output") {
    CHECK_THAT(error_of({1, 2, 1, 1}, {2, 2, 1, 1}, attrs({{"padding", ints({1, 0, 0, 0})}})),
               Catch::Contains("not positive"));
  }
  SECTION("bias of the wrong length: C_out is w.shape[1] * groups") {
    CHECK_THAT(error_of({1, 4, 5, 5}, {4, 3, 3, 3}, attrs({{"groups", i64(2)}}), Shape{3}),
               Catch::Contains("bias must have shape (6)"));
  }
  SECTION("output_padding needs 2 entries") {
    CHECK_THAT(error_of({1, 2, 5, 5}, {2, 2, 3, 3}, attrs({{"output_padding", ints({1})}})),
               Catch::Contains("'output_padding' must have 2 entries"));
  }
}

TEST_CASE("infer_types: shapes that do not broadcast", "[interp]") {
  Graph g;
  NodeId a = g.add_input("a", TensorType{DType::F32, {2, 3}});
  NodeId b = g.add_input("b", TensorType{DType::F32, {4}});
  g.add_output(g.add_node(OpKind::Add, "sum", {a, b}, {}));
  CHECK_THAT(verify_error(g), Catch::Contains("node 'sum' (add)") &&
                                  Catch::Contains("(2, 3) and (4) do not broadcast"));
  CHECK_FALSE(broadcast_shapes({2, 3}, {4}).has_value());
  CHECK(broadcast_shapes({2, 1, 3}, {4, 1}) == Shape{2, 4, 3});
  CHECK(broadcast_shapes({}, {2, 2}) == Shape{2, 2});
}

TEST_CASE("infer_types: reshape to a different element count", "[interp]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {2, 3}});
  g.add_output(g.add_node(OpKind::Reshape, "rs", {x}, attrs({{"shape", ints({4, 2})}})));
  CHECK_THAT(verify_error(g), Catch::Contains("node 'rs' (reshape)") &&
                                  Catch::Contains("6 elements") && Catch::Contains("8 elements"));
}

TEST_CASE("infer_types reports every broken node, not only the first", "[interp]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {2, 3}});
  NodeId y = g.add_input("y", TensorType{DType::F32, {5}});
  NodeId bad1 = g.add_node(OpKind::Reshape, "bad_reshape", {x}, attrs({{"shape", ints({7})}}));
  NodeId bad2 = g.add_node(OpKind::Multiply, "bad_mul", {x, y}, {});
  NodeId bad3 = g.add_node(OpKind::Relu, "downstream", {bad1}, {});  // not re-reported
  g.add_output(bad2);
  g.add_output(bad3);
  const std::string msg = verify_error(g);
  CHECK_THAT(msg, Catch::Contains("bad_reshape") && Catch::Contains("bad_mul"));
  CHECK_THAT(msg, !Catch::Contains("downstream"));
}

TEST_CASE("infer_types: attribute errors name the attribute", "[interp]") {
  SECTION("missing required attribute") {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, {4}});
    g.add_output(g.add_node(OpKind::Clip, "c", {x}, attrs({{"min", test::f64(0)}})));
    CHECK_THAT(verify_error(g), Catch::Contains("'max'"));
  }
  SECTION("unknown attribute") {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, {4}});
    g.add_output(g.add_node(OpKind::Relu, "r", {x}, attrs({{"alpha", test::f64(0)}})));
    CHECK_THAT(verify_error(g), Catch::Contains("unknown attribute 'alpha'"));
  }
  SECTION("fused op whose flags disagree with its inputs") {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, {2, 3}});
    NodeId w = g.add_input("w", TensorType{DType::F32, {4, 3}}, true);
    g.add_output(g.add_node(OpKind::FusedDense, "fd", {x, w}, attrs({{"has_bias", i64(1)}})));
    CHECK_THAT(verify_error(g), Catch::Contains("need 3 inputs"));
  }
  SECTION("bias_add axis out of range") {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, {2, 3}});
    NodeId b = g.add_input("b", TensorType{DType::F32, {3}});
    g.add_output(g.add_node(OpKind::BiasAdd, "ba", {x, b}, attrs({{"axis", i64(2)}})));
    CHECK_THAT(verify_error(g), Catch::Contains("axis 2 out of range"));
  }
}

}  // namespace
}  // namespace vf
