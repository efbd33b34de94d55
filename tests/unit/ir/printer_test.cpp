// The printer's spelling of graphs (round trips through the parser are in
// text_parser_test.cpp).
#include "ir/printer.h"

#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <vector>

#include "ir/shape_inference.h"

namespace vf {
namespace {

using Ints = std::vector<int64_t>;

TEST_CASE("printer writes the documented listing", "[ir][printer]") {
  Graph g;
  NodeId data = g.add_input("data", {DType::F32, {1, 3, 8, 8}});
  NodeId w = g.add_input("conv0_weight", {DType::F32, {4, 3, 3, 3}}, /*weight=*/true);
  NodeId eps = g.add_constant("0.c1", Tensor::scalar(DType::F32, 1e-5));
  Attrs a;
  a.set("strides", Ints{2, 2});
  a.set("padding", Ints{1, 1, 2, 2});
  NodeId conv = g.add_node(OpKind::Conv2d, "10", {data, w}, a);
  NodeId sum = g.add_node(OpKind::Add, "a/b:0", {conv, eps}, {});
  g.add_output(sum);
  REQUIRE(infer_types(g).ok());

  CHECK(print_graph(g) ==
        "# vfuse graph v1\n"
        "graph(%data: Tensor[(1, 3, 8, 8), float32], %conv0_weight: weight Tensor[(4, 3, 3, 3), "
        "float32]) "
        "{\n"
        "  %0.c1 = constant(Tensor[(), float32]) [1e-05]\n"
        "  %10 = conv2d(%data, %conv0_weight, dilation=[1, 1], groups=1, padding=[1, 1, 2, 2], "
        "strides=[2, 2]) : Tensor[(1, 4, 5, 5), float32]\n"
        "  %\"a/b:0\" = add(%10, %0.c1) : Tensor[(1, 4, 5, 5), float32]\n"
        "  return %\"a/b:0\"\n"
        "}\n");
}

TEST_CASE("value names are quoted unless plain identifiers", "[ir][printer]") {
  CHECK(value_ref("conv0_weight") == "%conv0_weight");
  CHECK(value_ref("n.0") == "%n.0");
  CHECK(value_ref("42") == "%42");
  CHECK(value_ref("a/b:0") == "%\"a/b:0\"");
  CHECK(value_ref("a-b") == "%\"a-b\"");
  CHECK(value_ref("") == "%\"\"");
  CHECK(value_ref("say \"hi\"\\") == "%\"say \\\"hi\\\"\\\\\"");
  CHECK(value_ref("tab\there\nnl") == "%\"tab\\there\\nnl\"");
  CHECK(value_ref(std::string("nul\0x\x7f", 6)) == "%\"nul\\x00x\\x7f\"");
  CHECK(value_ref("caf\xc3\xa9") == "%\"caf\xc3\xa9\"");  // UTF-8 passes through
}

std::string constant_line(Tensor t, const PrintOptions& opts = {}) {
  Graph g;
  g.add_output(g.add_constant("c", std::move(t)));
  std::string text = print_graph(g, opts);
  size_t start = text.find("  %c = ");
  REQUIRE(start != std::string::npos);
  return text.substr(start + 7, text.find('\n', start) - start - 7);
}

TEST_CASE("constants print shortest round-trip values", "[ir][printer]") {
  std::vector<float> f = {0.1f, 1e-38f, -0.0f, 1e-45f, 3.4028235e38f, 1.0f, 0.3f, 1e10f, -2.5f};
  CHECK(constant_line(Tensor::from_floats({9}, f)) ==
        "constant(Tensor[(9), float32]) [0.1, 1e-38, -0, 1e-45, 3.4028235e+38, 1, 0.3, "
        "10000000000, -2.5]");

  Tensor nans(TensorType{DType::F32, {2, 2}});
  auto v = nans.view_mut<float>();
  v[0] = std::numeric_limits<float>::quiet_NaN();
  v[1] = -std::numeric_limits<float>::quiet_NaN();
  v[2] = std::bit_cast<float>(uint32_t{0x7f800001});  // signalling NaN keeps its bits
  v[3] = -std::numeric_limits<float>::infinity();
  CHECK(constant_line(nans) ==
        "constant(Tensor[(2, 2), float32]) [nan, -nan, nan(0x7f800001), -inf]");

  Tensor d(TensorType{DType::F64, {3}});
  d.set(0, 0.1);
  d.set(1, 0.1f);  // the float nearest 0.1, exactly
  d.set(2, 5e-324);
  CHECK(constant_line(d) == "constant(Tensor[(3), float64]) [0.1, 0.10000000149011612, 5e-324]");

  CHECK(constant_line(Tensor::from_doubles({DType::I8, {2}}, std::vector{-128.0, 127.0})) ==
        "constant(Tensor[(2), int8]) [-128, 127]");
  CHECK(constant_line(Tensor::from_doubles({DType::U8, {1}}, std::vector{200.0})) ==
        "constant(Tensor[(1), uint8]) [200]");
  CHECK(constant_line(Tensor::from_doubles({DType::Bool, {3}}, std::vector{1.0, 0.0, 1.0})) ==
        "constant(Tensor[(3), bool]) [true, false, true]");
  CHECK(constant_line(Tensor(TensorType{DType::I32, {0}})) == "constant(Tensor[(0), int32]) []");
}

TEST_CASE("large constants can be elided or moved to a weights file", "[ir][printer]") {
  Tensor t(TensorType{DType::F32, {4, 4}});
  PrintOptions elide;
  elide.elide_constants_over = 16;
  CHECK(constant_line(t, elide).ends_with("[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]"));
  elide.elide_constants_over = 15;
  CHECK(constant_line(t, elide) == "constant(Tensor[(4, 4), float32]) <elided 16 values>");
  elide.elide_constants_over = 0;
  CHECK(constant_line(Tensor::scalar(DType::F32, 1), elide) ==
        "constant(Tensor[(), float32]) <elided 1 values>");

  PrintOptions ext;
  ext.weights_path = "w.bin";
  ext.elide_constants_over = 0;  // the weights file wins
  CHECK(constant_line(t, ext) == "constant(Tensor[(4, 4), float32]) external(64, 64)");
}

TEST_CASE("long parameter lists print one per line", "[ir][printer]") {
  Graph g;
  std::vector<NodeId> ins;
  for (int i = 0; i < 4; ++i)
    ins.push_back(g.add_input("parameter_" + std::to_string(i), {DType::F32, {64, 3, 7, 7}}));
  g.add_output(g.add_node(OpKind::Add, "s", {ins[0], ins[1]}, {}));
  REQUIRE(infer_types(g).ok());
  CHECK(print_graph(g) ==
        "# vfuse graph v1\n"
        "graph(\n"
        "    %parameter_0: Tensor[(64, 3, 7, 7), float32],\n"
        "    %parameter_1: Tensor[(64, 3, 7, 7), float32],\n"
        "    %parameter_2: Tensor[(64, 3, 7, 7), float32],\n"
        "    %parameter_3: Tensor[(64, 3, 7, 7), float32]\n"
        ") {\n"
        "  %s = add(%parameter_0, %parameter_1) : Tensor[(64, 3, 7, 7), float32]\n"
        "  return %s\n"
        "}\n");
}

TEST_CASE("string attributes are escaped", "[ir][printer]") {
  Graph g;
  NodeId x = g.add_input("x", {DType::F32, {1, 2, 3, 3}});
  NodeId w = g.add_input("w", {DType::F32, {2, 2, 1, 1}});
  Attrs a;
  a.set("activation", std::string("re\"lu"));
  g.add_output(g.add_node(OpKind::FusedConv2d, "f", {x, w}, a, {DType::F32, {1, 2, 3, 3}}));
  std::string text = print_graph(g);
  CHECK(text.find("activation=\"re\\\"lu\")") != std::string::npos);
}

}  // namespace
}  // namespace vf
