// Sessions (pipeline/session.h): the native engine against the interpreter, bad inputs
// as errors, one session run from several threads at once.
#include <catch2/catch.hpp>

#include <cmath>
#include <thread>

#include "codegen/native.h"
#include "interp/weights.h"
#include "pipeline/vfuse.h"

namespace vf {
namespace {

/// The classifier compiled once (no certificate cache).
const pipeline::CompiledModel& compiled() {
  static const pipeline::CompiledModel c = [] {
    ModelOptions mo;
    mo.shapes["x"] = {1, 3, 48, 192};
    auto m = load(std::string(VF_SOURCE_DIR) + "/models/ppocr_mobilenetv3_cls.onnx", mo);
    REQUIRE(m);
    pipeline::CompileOptions o;
    o.cache_dir = "";
    auto c = compile(*m, o);
    REQUIRE(c);
    return std::move(*c);
  }();
  return c;
}

Tensor input(uint64_t seed) {
  const Graph& g = compiled().result->graph.graph();
  return generate_input(g, g.data_inputs()[0], seed);
}

TEST_CASE("session: the native engine computes what NativeModel computes, bit for bit",
          "[pipeline][native]") {
  auto s = Session::open(compiled().result->graph);
  INFO((s ? "" : s.error().message));
  REQUIRE(s);
  REQUIRE(s->inputs().size() == 1);
  CHECK(s->inputs()[0].name == "x");
  CHECK(s->inputs()[0].shape == Shape{1, 3, 48, 192});
  CHECK(s->inputs()[0].dtype == DType::F32);
  REQUIRE(s->outputs().size() == 1);
  auto out = s->run({{"x", input(1)}});
  REQUIRE(out);
  auto m = codegen::NativeModel::build(compiled().result->graph, {});
  REQUIRE(m);
  auto ref = m->run({{"x", input(1)}});
  REQUIRE(ref);
  CHECK((*out)[0] == (*ref)[0]);
}

TEST_CASE("session: the interpreter and the native engine agree closely", "[pipeline][native]") {
  auto native = Session::open(compiled().result->graph);
  auto interp = Session::open(compiled().result->graph, {.engine = Engine::Interpreter});
  REQUIRE(native);
  REQUIRE(interp);
  auto a = native->run({{"x", input(2)}});
  auto b = interp->run({{"x", input(2)}});
  REQUIRE(a);
  REQUIRE(b);
  REQUIRE((*a)[0].size() == (*b)[0].size());
  for (int64_t i = 0; i < (*a)[0].size(); ++i)
    CHECK(std::fabs((*a)[0].get(i) - (*b)[0].get(i)) < 1e-4);
}

TEST_CASE("session: on a target, the graph lowered once and every run checked",
          "[pipeline][target]") {
  SessionOptions o{.engine = Engine::Target, .target = "systolic:16x16"};
  o.rules_dir = std::string(VF_SOURCE_DIR) + "/rules";
  o.proofs_dir = std::string(VF_SOURCE_DIR) + "/proofs";
  auto s = Session::open(compiled().result->graph, o);
  INFO((s ? "" : s.error().message));
  REQUIRE(s);
  CHECK(s->lowerings() > 0);  // the convolutions and the dense go to the array
  auto interp = Session::open(compiled().result->graph, {.engine = Engine::Interpreter});
  REQUIRE(interp);
  auto a = s->run({{"x", input(3)}});
  auto b = interp->run({{"x", input(3)}});
  REQUIRE(a);
  REQUIRE(b);
  for (int64_t i = 0; i < (*a)[0].size(); ++i)
    CHECK(std::fabs((*a)[0].get(i) - (*b)[0].get(i)) < 1e-4);
  // The same from a second run (nothing of a run is kept), and the CPU engines lower nothing.
  auto again = s->run({{"x", input(3)}});
  REQUIRE(again);
  CHECK((*again)[0] == (*a)[0]);
  CHECK(interp->lowerings() == 0);

  o.target = "systolic:0x16";
  auto bad = Session::open(compiled().result->graph, o);
  REQUIRE(!bad);
  CHECK(bad.error().message.find("geometry '0x16'") != std::string::npos);
}

TEST_CASE("session: bad inputs are errors that name the input", "[pipeline][native]") {
  for (Engine e : {Engine::Native, Engine::Interpreter}) {
    auto s = Session::open(compiled().result->graph, {.engine = e});
    REQUIRE(s);
    auto missing = s->run({});
    REQUIRE(!missing);
    CHECK(missing.error().message == "missing input 'x'");
    auto extra = s->run({{"x", input(1)}, {"y", input(1)}});
    REQUIRE(!extra);
    CHECK(extra.error().message == "'y' is not an input of the model");
    auto shape = s->run({{"x", Tensor(TensorType{DType::F32, {1, 3, 48, 48}})}});
    REQUIRE(!shape);
    CHECK(shape.error().message ==
          "input 'x' has shape (1, 3, 48, 48), the model expects (1, 3, 48, 192)");
    auto type = s->run({{"x", Tensor(TensorType{DType::F64, {1, 3, 48, 192}})}});
    REQUIRE(!type);
    CHECK(type.error().message.find("float64") != std::string::npos);
  }
  CHECK(!Session::open(compiled().result->graph, {.threads = 0}));
}

TEST_CASE("session: one session run from four threads at once gives each its own result",
          "[pipeline][native]") {
  auto s = Session::open(compiled().result->graph);
  REQUIRE(s);
  constexpr int kThreads = 4, kRuns = 6;
  std::vector<Tensor> expected;
  for (int k = 0; k < kThreads; ++k) expected.push_back((*s->run({{"x", input(10 + k)}}))[0]);
  std::vector<int> wrong(kThreads, 0), failed(kThreads, 0);
  std::vector<std::thread> pool;
  for (int k = 0; k < kThreads; ++k)
    pool.emplace_back([&, k] {
      const Session copy = *s;  // copies share the pool
      for (int r = 0; r < kRuns; ++r) {
        auto out = (r % 2 ? copy : *s).run({{"x", input(10 + k)}});
        if (!out)
          ++failed[k];
        else if (!((*out)[0] == expected[k]))
          ++wrong[k];
      }
    });
  for (auto& t : pool) t.join();
  for (int k = 0; k < kThreads; ++k) {
    CHECK(failed[k] == 0);
    CHECK(wrong[k] == 0);
  }
}

}  // namespace
}  // namespace vf
