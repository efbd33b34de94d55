// Run-time integer data (ops.def's gather, cast, where): the semantics' clamp of ids
// outside the table, the interpreter against the native kernels (vfrt/index.h) bit for bit
// (every result is a copy or a conversion), seeded ids inside the table, and the refusal of
// given ids outside it.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "codegen_test_util.h"
#include "interp/index_inputs.h"
#include "interp/weights.h"
#include "ir/certified_graph.h"
#include "ir/op_plan.h"
#include "ir/text_parser.h"
#include "semantics/domain.h"
#include "semantics/eval_node.h"

namespace vf::codegen {
namespace {

using test::interpret;
using test::run_native;

Graph parse_ok(const std::string& text) {
  SourceFile src("index_native.vfg", text);
  DiagnosticSink diags;
  auto g = parse_graph(src, diags);
  INFO(diags.render());
  INFO(text);
  REQUIRE(g);
  return std::move(*g);
}

// Embeddings of BERT: word rows by ids, a gather along axis 1 of another table, an int32
// gather, the mask cast to float and (1 - m) * -10000, and where on the mask; where on a
// float condition known at import (a causal mask, ONNX Where on a constant) broadcast three
// ways: along the last axis with a scalar fill, across it, and with both branches full.
const char* kModel = R"(# vfuse graph v1
graph(%ids: Tensor[(2, 5), int64], %ids32: Tensor[(3), int32], %mask: Tensor[(2, 5), int64]) {
  %table = constant(Tensor[(6, 3), float32]) [0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32, 40, 41, 42, 50, 51, 52]
  %wide = constant(Tensor[(2, 4, 3), float32]) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]
  %emb = gather(%table, %ids, axis=0) : Tensor[(2, 5, 3), float32]
  %cols = gather(%wide, %ids32, axis=1) : Tensor[(2, 3, 3), float32]
  %mf = cast(%mask) : Tensor[(2, 5), float32]
  %one = constant(Tensor[(1), float32]) [1]
  %big = constant(Tensor[(1), float32]) [-10000]
  %inv = subtract(%one, %mf) : Tensor[(2, 5), float32]
  %add = multiply(%inv, %big) : Tensor[(2, 5), float32]
  %zero = constant(Tensor[(1), float32]) [0]
  %sel = where(%mask, %zero, %big) : Tensor[(2, 5), float32]
  %cm = constant(Tensor[(5, 3), float32]) [1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, -2]
  %rm = constant(Tensor[(5, 1), float32]) [1, 0, 1, 1, 0]
  %w1 = where(%cm, %emb, %big) : Tensor[(2, 5, 3), float32]
  %w2 = where(%rm, %big, %emb) : Tensor[(2, 5, 3), float32]
  %w3 = where(%cm, %w2, %emb) : Tensor[(2, 5, 3), float32]
  return %emb, %cols, %add, %sel, %w1, %w2, %w3
}
)";

Tensor ints(DType t, const Shape& s, std::vector<double> v) {
  return Tensor::from_doubles(TensorType{t, s}, v);
}

TEST_CASE("gather_row wraps a negative id once and clamps the rest", "[semantics][gather]") {
  CHECK(gather_row(0, 6) == 0);
  CHECK(gather_row(5, 6) == 5);
  CHECK(gather_row(-1, 6) == 5);
  CHECK(gather_row(-6, 6) == 0);
  CHECK(gather_row(-7, 6) == 0);  // wraps once only: still below 0
  CHECK(gather_row(6, 6) == 5);
  CHECK(gather_row(std::numeric_limits<int64_t>::max(), 6) == 5);
  CHECK(gather_row(std::numeric_limits<int64_t>::min(), 6) == 0);
}

TEST_CASE("gather by comparisons (a symbolic domain's reading) agrees with the direct pick",
          "[semantics][gather]") {
  // A domain that does not know its values (no known_integer): gather_at's select chain.
  struct Opaque {
    double x;
  };
  struct OpaqueDomain {
    using Value = Opaque;
    using Bool = bool;
    Value lit(double x) const { return {x}; }
    Value add(Value a, Value b) const { return {a.x + b.x}; }
    Value sub(Value a, Value b) const { return {a.x - b.x}; }
    Value mul(Value a, Value b) const { return {a.x * b.x}; }
    Value div(Value a, Value b) const { return {a.x / b.x}; }
    Value neg(Value a) const { return {-a.x}; }
    Value sqrt(Value a) const { return {std::sqrt(a.x)}; }
    Value exp(Value a) const { return {std::exp(a.x)}; }
    Value fn(sem::Fn, Value a) const { return a; }
    Bool lt(Value a, Value b) const { return a.x < b.x; }
    Bool le(Value a, Value b) const { return a.x <= b.x; }
    Value select(Bool c, Value a, Value b) const { return c ? a : b; }
  };
  OpaqueDomain od;
  sem::FloatDomain<double> fd;
  std::vector<Opaque> ot;
  std::vector<double> ft;
  for (int k = 0; k < 5; ++k) ot.push_back({k * 10.0}), ft.push_back(k * 10.0);
  for (double id : {-9.0, -6.0, -5.0, -1.0, 0.0, 2.0, 4.0, 5.0, 99.0}) {
    const double a = sem::gather_at(od, ot.data(), Opaque{id}, 5, 0, 0, 1).x;
    const double b = sem::gather_at(fd, ft.data(), id, 5, 0, 0, 1);
    INFO("id " << id);
    CHECK(a == b);
    CHECK(b == 10.0 * static_cast<double>(gather_row(static_cast<int64_t>(id), 5)));
  }
}

TEST_CASE("gather, cast and where natively agree with the interpreter bit for bit",
          "[codegen][native][gather]") {
  const Graph g = parse_ok(kModel);
  const CertifiedGraph cg = CertifiedGraph::unrewritten(g);
  std::map<std::string, Tensor> in;
  in.emplace("ids", ints(DType::I64, {2, 5}, {0, 5, -1, 3, 2, -6, 1, 4, 0, 5}));
  in.emplace("ids32", ints(DType::I32, {3}, {3, -4, 1}));
  in.emplace("mask", ints(DType::I64, {2, 5}, {1, 1, 0, 1, 0, 0, 1, 7, -3, 1}));
  const auto ref = interpret(cg, Precision::F32, in);
  CHECK(ref[0].get(3) == 50);  // id 5, column 0
  CHECK(ref[0].get(6) == 50);  // id -1: the last row
  CHECK(ref[0].get(15) == 0);  // id -6: the first row
  CHECK(ref[1].get(3) == 0);   // id -4 along axis 1 of [2, 4, 3]: column 0, row 0
  CHECK(ref[2].get(2) == -10000);
  CHECK(ref[2].get(0) == 0);
  CHECK(ref[3].get(7) == 0);  // a nonzero mask value other than 1 keeps the score
  CHECK(ref[3].get(8) == 0);
  CHECK(ref[3].get(5) == -10000);
  CHECK(ref[4].get(1) == -10000);  // row 0, column 1: the condition is 0
  CHECK(ref[4].get(14) == 22);     // row 4, column 2: -2 is true; id 2's row, column 2
  CHECK(ref[5].get(3) == 50);      // row 1, column 0: the condition is 0, so emb (id 5)
  CHECK(ref[5].get(0) == -10000);
  auto m = test::build_native(cg);
  const auto got = run_native(m, in);
  REQUIRE(got.size() == ref.size());
  for (size_t k = 0; k < got.size(); ++k) CHECK(got[k] == ref[k]);
}

TEST_CASE("ids outside the table: the kernel clamps, the interpreter refuses them as inputs",
          "[codegen][native][gather]") {
  const Graph g = parse_ok(kModel);
  const CertifiedGraph cg = CertifiedGraph::unrewritten(g);
  std::map<std::string, Tensor> in;
  in.emplace("ids", ints(DType::I64, {2, 5}, {0, 6, -7, 3, 2, 1, 1, 4, 0, 5}));
  in.emplace("ids32", ints(DType::I32, {3}, {3, 0, 1}));
  in.emplace("mask", ints(DType::I64, {2, 5}, {1, 1, 0, 1, 0, 0, 1, 1, 1, 1}));
  auto r = check_index_inputs(g, in);
  REQUIRE_FALSE(r);
  CHECK(r.error().message ==
        "input 'ids': element 1 is 6, outside [-6, 6): the ids of a table of 6 rows (a "
        "negative id counts from the end)");
  RunOptions o;
  o.inputs = in;
  CHECK_FALSE(run_graph(cg, o));
  // The emitted code reads inside the table whatever the ids (huge ones too): the clamp.
  in["ids"] = Tensor(TensorType{DType::I64, {2, 5}});
  auto v = in["ids"].view_mut<int64_t>();
  v[0] = std::numeric_limits<int64_t>::max();
  v[1] = std::numeric_limits<int64_t>::min();
  v[2] = 6;
  v[3] = -7;
  auto m = test::build_native(cg);
  const auto got = run_native(m, in);
  CHECK(got[0].get(0) == 50);
  CHECK(got[0].get(3) == 0);
  CHECK(got[0].get(6) == 50);
  CHECK(got[0].get(9) == 0);
}

TEST_CASE("a given integer input of another dtype is refused with its name", "[interp][gather]") {
  const Graph g = parse_ok(kModel);
  RunOptions o;
  o.inputs.emplace("ids", Tensor(TensorType{DType::F32, {2, 5}}));
  auto r = run_graph(CertifiedGraph::unrewritten(g), o);
  REQUIRE_FALSE(r);
  CHECK(r.error().message == "input 'ids' is float32, the graph expects int64");
}

TEST_CASE("seeded ids lie in the table they index, seeded masks are 0 or 1",
          "[interp][weights][gather]") {
  const Graph g = parse_ok(kModel);
  REQUIRE(index_rows(g, g.find("ids")) == 6);
  REQUIRE(index_rows(g, g.find("ids32")) == 4);
  CHECK_FALSE(index_rows(g, g.find("mask")));
  for (uint64_t seed : {0u, 1u, 7u}) {
    const Tensor ids = generate_input(g, g.find("ids"), seed);
    const Tensor ids32 = generate_input(g, g.find("ids32"), seed);
    const Tensor mask = generate_input(g, g.find("mask"), seed);
    CHECK(ids.dtype() == DType::I64);
    for (int64_t i = 0; i < ids.size(); ++i) CHECK((ids.get(i) >= 0 && ids.get(i) < 6));
    for (int64_t i = 0; i < ids32.size(); ++i) CHECK((ids32.get(i) >= 0 && ids32.get(i) < 4));
    for (int64_t i = 0; i < mask.size(); ++i) CHECK((mask.get(i) == 0 || mask.get(i) == 1));
    std::map<std::string, Tensor> in{{"ids", ids}, {"ids32", ids32}, {"mask", mask}};
    CHECK(check_index_inputs(g, in));
  }
}

}  // namespace
}  // namespace vf::codegen
