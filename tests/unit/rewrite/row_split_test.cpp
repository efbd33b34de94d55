// The row view of instance certificates (rewrite/row_split.h): layer norms and RMS norms
// written out at transformers' real hidden sizes (tests/check/norm_rows.onnx: 768, 1024,
// 4096) certified by one row's claims, the renaming of every row checked on the probe and on
// the actual instance (or, past kRowCheckActualTerms, on the probe only); and a rewrite
// that is right on one row and wrong across rows, which the row check must not certify.
#include <catch2/catch.hpp>

#include <string>

#include "dsl/parser.h"
#include "frontend/onnx_import.h"
#include "rewrite/certify.h"
#include "rewrite/match.h"
#include "rewrite/row_split.h"
#include "rewrite_test_util.h"
#include "../verify/verify_test_util.h"
#include "support/diagnostic.h"

namespace vf::rewrite {
namespace {

using vf::test::attrs;
using vf::test::ints;

const Graph& norm_rows() {
  static const Graph g = [] {
    DiagnosticSink diags;
    auto m = import_onnx_file(std::string(VF_SOURCE_DIR) + "/tests/check/norm_rows.onnx", {},
                              diags);
    INFO(diags.render());
    REQUIRE(m);
    return std::move(*m);
  }();
  return g;
}

const dsl::RuleFile& normalization_rules() {
  static const dsl::RuleFile f = [] {
    DiagnosticSink diags;
    auto r = dsl::parse_rules_file(std::string(VF_SOURCE_DIR) + "/rules/normalization.rules",
                                   diags);
    INFO(diags.render());
    REQUIRE(r);
    return std::move(*r);
  }();
  return f;
}

/// Certifies `rule` matched at the node producing `output` of the graph.
Certificate certify_at(const Graph& g, const dsl::RuleFile& rf, const std::string& rule,
                       NodeId root) {
  const dsl::Rule* r = rf.find(rule);
  REQUIRE(r);
  Matcher matcher(*r, rf.source);
  std::string why;
  auto m = matcher.match(g, count_users(g), root, &why);
  INFO(why);
  REQUIRE(m);
  Certifier certifier({});
  return certifier.certify(*m, g);
}

NodeId output_named(const Graph& g, const std::string& name) {
  for (NodeId o : g.outputs())
    if (g.node(o).name == name) return o;
  FAIL("no output " << name);
  return {};
}

TEST_CASE("row view: the RMS norms inside layer norms at hidden 768 and 1024, every row checked",
          "[rewrite]") {
  // A written-out layer norm is first an RMS norm of the centred value (the rule matches
  // inside it, rooted at the multiply by gamma), docs: rules/normalization.rules.
  const Graph& g = norm_rows();
  for (auto [root, hidden, rows] :
       {std::tuple{"x768_ng", 768, 128}, std::tuple{"x1024_ng", 1024, 64}}) {
    INFO(root);
    const NodeId id = g.find(root);
    REQUIRE(id.valid());
    const Certificate c = certify_at(g, normalization_rules(), "recognise_rms_norm_last_axis", id);
    INFO(c.reason);
    INFO(c.split);
  INFO(c.split);
    REQUIRE(c.outcome == CertOutcome::Proved);
    CHECK(c.instance.size > CertifyOptions{}.max_whole_size);
    CHECK(c.split == "rows: one row %x: (1, 1, " + std::to_string(hidden) + ") of " +
                         std::to_string(rows) + " rows");
    CHECK(c.claims == hidden);
    CHECK(c.smt2.find("every row of the actual instance (" + std::to_string(rows) + " rows, " +
                      std::to_string(rows * hidden) + " output elements)") != std::string::npos);
  }
}

TEST_CASE("row view: RMS norm at hidden 4096, every row checked", "[rewrite]") {
  const Graph& g = norm_rows();
  const Certificate c = certify_at(g, normalization_rules(), "recognise_rms_norm_last_axis",
                                   output_named(g, "y4096"));
  INFO(c.reason);
  INFO(c.split);
  REQUIRE(c.outcome == CertOutcome::Proved);
  CHECK(c.claims == 4096);
  CHECK(c.smt2.find("every row of the actual instance (64 rows, 262144 output elements)") !=
        std::string::npos);
}

TEST_CASE("row view: RMS norm over 512 rows of 4096, checked on the probe", "[rewrite]") {
  // 512 x 4096: about 10 M term nodes for every row, past kRowCheckActualTerms.
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {1, 512, 4096}});
  NodeId gamma = g.add_input("gamma", TensorType{DType::F32, {4096}}, true);
  NodeId eps = g.add_constant("eps", Tensor::scalar(DType::F32, 1e-6));
  NodeId sq = g.add_node(OpKind::Multiply, "sq", {x, x}, {});
  NodeId ms = g.add_node(OpKind::ReduceMean, "ms", {sq},
                         attrs({{"axes", ints({-1})}, {"keepdims", int64_t{1}}}));
  NodeId me = g.add_node(OpKind::Add, "me", {ms, eps}, {});
  NodeId rs = g.add_node(OpKind::Sqrt, "rs", {me}, {});
  NodeId n = g.add_node(OpKind::Divide, "n", {x, rs}, {});
  NodeId y = g.add_node(OpKind::Multiply, "y", {n, gamma}, {});
  g.add_output(y);
  g = test::bound(std::move(g));
  const Certificate c =
      certify_at(g, normalization_rules(), "recognise_rms_norm_last_axis", g.find("y"));
  INFO(c.reason);
  INFO(c.split);
  REQUIRE(c.outcome == CertOutcome::Proved);
  CHECK(c.split == "rows: one row %x: (1, 1, 4096) of 512 rows");
  CHECK(c.smt2.find("every row of the probe, the instance with every leading axis at min(actual, "
                    "2) (2 rows, 8192 output elements; the actual instance has 512 rows)") !=
        std::string::npos);
}

TEST_CASE("row view: a rewrite right on one row and wrong across rows is not certified",
          "[rewrite]") {
  // source: each row's sum broadcast over the row; target: the sum over all rows. At one
  // row (the view) both sides are the same formula; at two rows they are not.
  const char* kRule = R"(
rule row_sum_as_total_sum {
  source {
    %s   = reduce_sum(%x, axes=[-1], keepdims=1);
    %z   = multiply(%x, 0);
    %out = add(%s, %z);
  }
  target {
    %t   = reduce_sum(%x, axes=[-2, -1], keepdims=1);
    %z2  = multiply(%x, 0);
    %out = add(%t, %z2);
  }
})";
  SourceFile src("row.rules", kRule);
  DiagnosticSink diags;
  auto rf = dsl::parse_rules(src, diags);
  INFO(diags.render());
  REQUIRE(rf);
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {1, 64, 512}});
  NodeId s = g.add_node(OpKind::ReduceSum, "s", {x},
                        attrs({{"axes", ints({-1})}, {"keepdims", int64_t{1}}}));
  NodeId zero = g.add_constant("zero", Tensor::scalar(DType::F32, 0));
  NodeId z = g.add_node(OpKind::Multiply, "z", {x, zero}, {});
  NodeId y = g.add_node(OpKind::Add, "y", {s, z}, {});
  g.add_output(y);
  g = test::bound(std::move(g));
  const Certificate c = certify_at(g, *rf, "row_sum_as_total_sum", g.find("y"));
  INFO(c.reason);
  INFO(c.split);
  CHECK(c.outcome == CertOutcome::Unknown);
  CHECK_THAT(c.reason, Catch::Contains("no row view: with the last 1 axis whole: row 0 of 2 "
                                       "does not claim what the view claims"));
}

/// x [1, 128, 768] -> reshape to [1, 128, 12, 64] (the heads) -> divide by 8: too large to
/// certify whole, and no smaller instance of a rule over it type-checks (the reshape's
/// shape is the model's). `square` instead: x [64, 64] -> reshape to [64, 64] -> divide.
Graph scaled_heads(bool square = false) {
  Graph g;
  const Shape xs = square ? Shape{64, 64} : Shape{1, 128, 768};
  const std::vector<int64_t> to =
      square ? std::vector<int64_t>{64, 64} : std::vector<int64_t>{1, 128, 12, 64};
  NodeId x = g.add_input("x", TensorType{DType::F32, xs});
  NodeId r = g.add_node(OpKind::Reshape, "heads", {x}, attrs({{"shape", ints(to)}}));
  NodeId c = g.add_constant("scale", Tensor::scalar(DType::F32, 8));
  NodeId y = g.add_node(OpKind::Divide, "y", {r, c}, {});
  g.add_output(y);
  return test::bound(std::move(g));
}

TEST_CASE("element view: a scale through the heads' reshape, every element checked",
          "[rewrite]") {
  DiagnosticSink diags;
  auto rf = dsl::parse_rules_file(std::string(VF_SOURCE_DIR) + "/rules/attention.rules", diags);
  INFO(diags.render());
  REQUIRE(rf);
  const Graph g = scaled_heads();
  const Certificate c = certify_at(g, *rf, "divide_through_reshape", g.find("y"));
  INFO(c.reason);
  CHECK(c.outcome == CertOutcome::Proved);
  CHECK(c.split == "elements: element 0 of 98304");
  CHECK(c.claims == 1);
  CHECK_THAT(c.smt2, Catch::Contains("every output element of the actual instance (98304) "
                                     "claims it with its leaf elements renamed"));
}

TEST_CASE("element view: wrong rules through a reshape are not certified", "[rewrite]") {
  // Wrong at every element: a multiply for the divide. Element 0's claim is refuted.
  const dsl::RuleFile wrong_op = verify::test::rules(R"(
rule multiply_for_divide_through_reshape {
  source {
    %r   = reshape(%x, shape=$sh);
    %out = divide(%r, %c);
  }
  require const(%c) && rank(%c) == 0;
  target {
    %s   = multiply(%x, %c);
    %out = reshape(%s, shape=$sh);
  }
})");
  const Graph g = scaled_heads();
  const Certificate c = certify_at(g, wrong_op, "multiply_for_divide_through_reshape", g.find("y"));
  INFO(c.reason);
  CHECK(c.split == "elements: element 0 of 98304");
  CHECK(c.outcome == CertOutcome::Rejected);

  // Right at element 0 only: a transpose for the reshape (on a square x both read x[0, 0]
  // at element 0, x[0, 1] and x[1, 0] at element 1). No renaming covers element 1.
  const dsl::RuleFile wrong_move = verify::test::rules(R"(
rule transpose_for_reshape {
  source {
    %r   = reshape(%x, shape=$sh);
    %out = divide(%r, %c);
  }
  require const(%c) && rank(%c) == 0;
  target {
    %s   = divide(%x, %c);
    %out = transpose(%s, perm=[1, 0]);
  }
})");
  const Graph sq = scaled_heads(true);
  const Certificate t = certify_at(sq, wrong_move, "transpose_for_reshape", sq.find("y"));
  INFO(t.reason);
  CHECK(t.outcome == CertOutcome::Unknown);
  CHECK_THAT(t.reason, Catch::Contains("no element view: element 1 of 4096 does not claim what "
                                       "element 0 claims"));
}

}  // namespace
}  // namespace vf::rewrite
