// The independent check of a lowered program and its memory plan (independent/program.h,
// docs/independent.md, "The lowered program"): the back end's program of a small graph
// passes, and each edit of it that breaks a read, a live value, an in-place write or a
// shape fails, naming what it broke.
#include "independent/program.h"

#include <catch2/catch.hpp>
#include <string>

#include "ir/certified_graph.h"
#include "ir/text_parser.h"

namespace vf::independent {
namespace {

// %0 lives while %s, %1 and %2 are computed from it; %3 adds %1 and %2 (in place over
// %1's buffer) and %5 adds %s to it (a stage of the same instruction); %4 is a view of %5,
// read by the output.
const char* kGraph = R"(# vfuse graph v1
graph(%x: Tensor[(1, 4, 8), float32]) {
  %0 = sigmoid(%x) : Tensor[(1, 4, 8), float32]
  %s = sigmoid(%0) : Tensor[(1, 4, 8), float32]
  %1 = softmax(%0, axis=-1) : Tensor[(1, 4, 8), float32]
  %2 = transpose(%0, perm=[0, 2, 1]) : Tensor[(1, 8, 4), float32]
  %r = reshape(%2, shape=[1, 4, 8]) : Tensor[(1, 4, 8), float32]
  %3 = add(%1, %r) : Tensor[(1, 4, 8), float32]
  %5 = subtract(%3, %s) : Tensor[(1, 4, 8), float32]
  %4 = reshape(%5, shape=[32]) : Tensor[(32), float32]
  %y = softmax(%4, axis=-1) : Tensor[(32), float32]
  return %y
})";

struct Fixture {
  Graph g;
  lir::Program p;
  Fixture() {
    SourceFile src("test.vfg", kGraph);
    DiagnosticSink diags;
    auto parsed = parse_graph(src, diags);
    INFO(diags.render());
    REQUIRE(parsed);
    g = std::move(*parsed);
    auto lowered = lir::lower(CertifiedGraph::unrewritten(g));
    REQUIRE(lowered);
    p = std::move(*lowered);
  }
  /// The instruction computing node `name`.
  lir::Instr& instr(const std::string& name) {
    for (lir::Instr& i : p.instrs)
      if (g.node(i.node).name == name) return i;
    FAIL("no instruction computes " << name);
    return p.instrs[0];
  }
  lir::Buffer& buffer_of(const std::string& name) { return p.buffers[instr(name).out.buffer]; }
  std::string check() {
    auto r = check_program(g, p);
    return r ? std::string("ok") : r.error().message;
  }
};

TEST_CASE("program check: the back end's program passes", "[independent]") {
  Fixture f;
  auto r = check_program(f.g, f.p);
  INFO((r ? "" : r.error().message));
  REQUIRE(r);
  CHECK(r->in_place == 1);  // the add writes over %1
  CHECK(r->stages == 1);    // the subtract is a stage of the add
}

TEST_CASE("program check: two buffers made to overlap while both are live", "[independent]") {
  Fixture f;
  // %0's buffer is live until %2 reads it; put %1's buffer at the same words.
  f.buffer_of("1").offset = f.buffer_of("0").offset;
  const std::string e = f.check();
  CHECK_THAT(e, Catch::Matches("instruction \\d+ \\('1'\\) writes b\\d+ \\('1'\\) .* over "
                               "b\\d+ \\('0'\\) .*, whose value '0' instruction \\d+ still reads"));
}

TEST_CASE("program check: a value overwritten before the in-place add reads it", "[independent]") {
  Fixture f;
  f.buffer_of("2").offset = f.buffer_of("1").offset;
  CHECK_THAT(f.check(), Catch::Contains("over b") && Catch::Contains("still reads"));
}

TEST_CASE("program check: an operand read from the wrong buffer", "[independent]") {
  Fixture f;
  lir::Instr& add = f.instr("3");
  add.in[1].buffer = add.in[0].buffer;
  add.in[1].shape = add.in[0].shape;
  CHECK_THAT(f.check(), Catch::Contains("reads '2' from b") && Catch::Contains("does not hold it"));
}

TEST_CASE("program check: in place only elementwise, over a value that dies there",
          "[independent]") {
  Fixture f;
  lir::Instr& t = f.instr("1");  // softmax over %0, which %2 still reads
  t.in_place = true;
  t.out.buffer = t.in[0].buffer;
  CHECK_THAT(f.check(), Catch::Contains("is in place but not an elementwise write"));
  Fixture h;
  lir::Instr& s = h.instr("s");  // elementwise, but over %0, which %1 and %2 read later
  s.in_place = true;
  s.out.buffer = s.in[0].buffer;
  CHECK_THAT(h.check(),
             Catch::Contains("('s') writes b") && Catch::Contains("whose value '0' instruction"));
}

TEST_CASE("program check: a stage is its node over the value before it", "[independent]") {
  Fixture f;
  lir::Instr& add = f.instr("3");
  REQUIRE(add.stages.size() == 1);
  add.stages[0].value_first = false;  // subtract(%s, %3): the operands swapped
  CHECK_THAT(f.check(), Catch::Contains("stage '5' (subtract) is not its node"));
}

TEST_CASE("program check: a kernel's shapes are its node's", "[independent]") {
  Fixture f;
  f.instr("2").in[0].shape = {1, 8, 4};
  CHECK_THAT(f.check(), Catch::Contains("reads '0' as (1, 8, 4)"));
  Fixture h;
  h.instr("2").out.shape = {1, 4, 8};
  CHECK_THAT(h.check(), Catch::Contains("writes '2' ((1, 8, 4) of float32) as (1, 4, 8)"));
}

TEST_CASE("program check: an output left in a buffer overwritten later", "[independent]") {
  Fixture f;
  f.p.outputs[0] = f.instr("1").out.buffer;
  CHECK_THAT(f.check(), Catch::Contains("output 0 ('y') is not in an output buffer"));
}

}  // namespace
}  // namespace vf::independent
