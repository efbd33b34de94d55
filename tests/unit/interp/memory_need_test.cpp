// interp/memory_need.h: the interpreter's peak memory computed from the types before a
// run, and the refusal of a model that needs more than the machine has.
#include <catch2/catch.hpp>

#include "interp/interpreter.h"
#include "interp/memory_need.h"
#include "ir/certified_graph.h"
#include "ir/shape_inference.h"

namespace vf {
namespace {

// x -> relu -> relu -> output, x of `shape`.
Graph relu_chain(Shape shape) {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, std::move(shape)});
  NodeId a = g.add_node(OpKind::Relu, "a", {x}, {});
  NodeId b = g.add_node(OpKind::Relu, "b", {a}, {});
  g.add_output(b);
  REQUIRE(infer_types(g));
  return g;
}

TEST_CASE("memory need: the interpreter's peak follows its order and frees", "[interp][limits]") {
  Graph g = relu_chain({1000});
  // f32 values (4000 bytes each): x (4000) with its input tensor (4000) = 8000; then a
  // (x freed after), then b (a freed after): two values live at once = 8000; at the end
  // b plus its two output copies = 12000. In f64 the end is 8000 + 2 * 8000.
  CHECK(interpreter_peak_bytes(g, 4) == 12000);
  CHECK(interpreter_peak_bytes(g, 8) == 8000 + 16000);
  CHECK(check_interpreter_memory(g, 4));
}

TEST_CASE("memory need: a model too large is refused before anything is allocated",
          "[interp][limits]") {
  Graph g = relu_chain({100000, 100000, 100000, 3});
  CHECK(interpreter_peak_bytes(g, 4) == uint64_t{36'000'000'000'000'000});
  auto r = check_interpreter_memory(g, 4);
  REQUIRE(!r);
  CHECK(r.error().message.find("needs 32.0 PiB of memory (36000000000000000 bytes)") !=
        std::string::npos);
  // run_graph says the same instead of throwing std::bad_alloc.
  auto run = run_graph(CertifiedGraph::unrewritten(g), RunOptions{});
  REQUIRE(!run);
  CHECK(run.error().message == r.error().message);
  // x is the data input, not a weight: binding the weights needs nothing.
  CHECK(check_weight_memory(g, "binding the weights"));
  Graph w;
  NodeId x = w.add_input("x", TensorType{DType::F32, {1, 3}});
  NodeId big = w.add_input("w", TensorType{DType::F32, {100000, 100000, 100000, 3}}, true);
  w.add_output(w.add_node(OpKind::Add, "y", {x, big}, {}));
  REQUIRE(infer_types(w));
  auto in = check_weight_memory(w, "binding the weights");
  REQUIRE(!in);
  CHECK(in.error().message.starts_with("binding the weights needs 10.7 PiB of memory"));
}

}  // namespace
}  // namespace vf
