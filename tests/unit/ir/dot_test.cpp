// DOT output: labels, distinct drawing of inputs and constants, escaping, and (when
// Graphviz is installed) that `dot` accepts the result.
#include "ir/dot.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ir/shape_inference.h"

namespace fs = std::filesystem;

namespace vf {
namespace {

using Ints = std::vector<int64_t>;

Graph small_graph() {
  Graph g;
  NodeId x = g.add_input("data", {DType::F32, {1, 3, 8, 8}});
  NodeId w = g.add_constant("conv \"w\"", Tensor(TensorType{DType::F32, {4, 3, 3, 3}}));
  NodeId b = g.add_constant("conv\\b", Tensor(TensorType{DType::F32, {4}}));
  Attrs a;
  a.set("padding", Ints{1, 1, 1, 1});
  NodeId conv = g.add_node(OpKind::Conv2d, "conv0", {x, w, b}, a);
  NodeId relu = g.add_node(OpKind::Relu, "relu0", {conv}, {});
  g.add_output(relu);
  g.add_output(g.add_constant("shape", Tensor(TensorType{DType::I64, {2}})));
  REQUIRE(infer_types(g).ok());
  return g;
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST_CASE("DOT output labels nodes and edges", "[ir][dot]") {
  std::string dot = graph_to_dot(small_graph());
  CHECK(dot.starts_with("digraph vfuse {\n"));
  CHECK(dot.ends_with("}\n"));
  CHECK(contains(dot,
                 "  n0 [shape=ellipse, style=filled, fillcolor=\"#cfe2f3\", "
                 "label=\"data\\ninput\\n(1, 3, 8, 8)\"];\n"));
  // Constants are small grey boxes; quotes and backslashes in names are escaped.
  CHECK(contains(dot,
                 "  n1 [shape=box, style=filled, fillcolor=\"#eeeeee\", fontsize=8, "
                 "height=0.2, label=\"conv \\\"w\\\"\\nconstant\\n(4, 3, 3, 3)\"];\n"));
  CHECK(contains(dot, "label=\"conv\\\\b\\nconstant\\n(4)\""));
  CHECK(contains(dot,
                 "  n3 [shape=box, style=\"rounded,filled\", fillcolor=\"#fff2cc\", "
                 "label=\"conv0\\nconv2d\\n(1, 4, 8, 8)\"];\n"));
  CHECK(contains(dot, "label=\"shape\\nconstant\\n(2) int64\""));  // non-f32 dtypes are named
  CHECK(contains(dot, "  n0 -> n3 [label=\"(1, 3, 8, 8)\"];\n"));
  CHECK(contains(dot, "  n1 -> n3 [label=\"(4, 3, 3, 3)\"];\n"));
  CHECK(contains(dot, "  n3 -> n4 [label=\"(1, 4, 8, 8)\"];\n"));
  CHECK(contains(dot, "  out0 [shape=doubleoctagon, label=\"output 0\"];\n  n4 -> out0"));
  CHECK(contains(dot, "  n5 -> out1 [label=\"(2) int64\"];\n"));
}

TEST_CASE("DOT output can hide constants", "[ir][dot]") {
  DotOptions opts;
  opts.show_constants = false;
  std::string dot = graph_to_dot(small_graph(), opts);
  CHECK(!contains(dot, "constant\\n"));
  CHECK(!contains(dot, "n1 ->"));
  CHECK(!contains(dot, "n2 ->"));
  CHECK(contains(dot, "label=\"conv0\\nconv2d (+2 constants)\\n(1, 4, 8, 8)\""));
  CHECK(contains(dot, "  n0 -> n3 "));
  // An output that is a hidden constant keeps its output node but has no edge.
  CHECK(contains(dot, "out1 [shape=doubleoctagon"));
  CHECK(!contains(dot, "-> out1"));
}

TEST_CASE("DOT files are valid Graphviz", "[ir][dot]") {
  fs::path dir = fs::temp_directory_path() / ("vf_dot_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path path = dir / "g.dot";
  Graph g = small_graph();
  REQUIRE(write_dot(g, path.string()).ok());
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK(ss.str() == graph_to_dot(g));

  auto bad = write_dot(g, (dir / "no_such_dir" / "g.dot").string());
  REQUIRE(!bad.ok());
  CHECK(contains(bad.error().message, "no_such_dir/g.dot: cannot create file"));

  if (std::system("command -v dot >/dev/null 2>&1") != 0) {
    WARN("Graphviz 'dot' is not installed; not validating the DOT syntax");
  } else {
    std::string svg = (dir / "g.svg").string();
    std::string cmd =
        "dot -Tsvg '" + path.string() + "' -o '" + svg + "' 2>'" + (dir / "err.txt").string() + "'";
    CHECK(std::system(cmd.c_str()) == 0);
    std::ifstream err(dir / "err.txt");
    std::stringstream es;
    es << err.rdbuf();
    CHECK(es.str().empty());  // no warnings either
    CHECK(fs::file_size(svg) > 0);
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace vf
