// The window-class split of instance certificates (rewrite/window_split.h): conv2d lowered
// to im2col + dense certified at a size no whole certificate covers, one query per border
// class; and the wrong lowerings it must not certify (a tampered weight order, a wrong
// transpose back, a source term that depends on the position).
#include <catch2/catch.hpp>

#include <string>

#include "dsl/parser.h"
#include "rewrite/certify.h"
#include "rewrite/match.h"
#include "rewrite/window_split.h"
#include "rewrite_test_util.h"
#include "support/diagnostic.h"

namespace vf::rewrite {
namespace {

using vf::test::attrs;
using vf::test::ints;

/// The rules of `path` (relative to the repository).
const dsl::RuleFile& rules_of(const std::string& path) {
  static std::map<std::string, dsl::RuleFile> files;
  auto it = files.find(path);
  if (it == files.end()) {
    DiagnosticSink diags;
    auto f = dsl::parse_rules_file(std::string(VF_SOURCE_DIR) + "/" + path, diags);
    INFO(diags.render());
    REQUIRE(f);
    it = files.emplace(path, std::move(*f)).first;
  }
  return it->second;
}

/// x [N, C, H, W] -> conv2d (O channels, k x k, strides s, padding p) with a seeded weight.
Graph conv(int64_t n, int64_t c, int64_t hw, int64_t o, int64_t k, int64_t s,
           std::vector<int64_t> p) {
  Graph g;
  NodeId x = g.add_input("data", TensorType{DType::F32, {n, c, hw, hw}});
  NodeId w = g.add_input("w", TensorType{DType::F32, {o, c, k, k}}, true);
  NodeId y = g.add_node(OpKind::Conv2d, "conv", {x, w},
                        attrs({{"strides", ints({s, s})}, {"padding", ints(p)}}));
  g.add_output(y);
  return test::bound(std::move(g));
}

Certificate certify_with(const Graph& g, const std::string& file, const std::string& rule) {
  const dsl::RuleFile& rf = rules_of(file);
  const dsl::Rule* r = rf.find(rule);
  REQUIRE(r);
  Matcher matcher(*r, rf.source);
  std::string why;
  auto m = matcher.match(g, count_users(g), g.find("conv"), &why);
  INFO(why);
  REQUIRE(m);
  Certifier certifier({});
  return certifier.certify(*m, g);
}

TEST_CASE("window split: conv2d -> im2col + dense certified per border class", "[rewrite]") {
  // 16 channels at 24x24, 3x3, padding 1: 156k elements, far past the whole limit.
  const Graph g = conv(1, 16, 24, 8, 3, 1, {1, 1, 1, 1});
  const Certificate c = certify_with(g, "rules/lowering/systolic.rules", "lower_conv2d_im2col");
  INFO(c.reason);
  REQUIRE(c.outcome == CertOutcome::Proved);
  CHECK(c.instance.size > CertifyOptions{}.max_whole_size);
  CHECK(c.split.find("window classes") == 0);
  CHECK(c.claims == 9);  // top / interior / bottom rows x left / interior / right columns
  CHECK(c.smt2.find("; class 9: taps kh 0..1 x kw 0..1, 1 positions") != std::string::npos);
  CHECK(c.smt2.find("; class 5: taps kh 0..2 x kw 0..2, 484 positions") != std::string::npos);
  CHECK(c.bound == 0);
}

TEST_CASE("window split: strided, asymmetric padding and batch 2", "[rewrite]") {
  // 7x7 stride 2 padding [3, 2, 1, 0] at 20x20 (batch 2): rows and columns differ.
  Graph g;
  NodeId x = g.add_input("data", TensorType{DType::F32, {2, 3, 20, 20}});
  NodeId w = g.add_input("w", TensorType{DType::F32, {4, 3, 7, 7}}, true);
  NodeId y = g.add_node(OpKind::Conv2d, "conv", {x, w},
                        attrs({{"strides", ints({2, 2})}, {"padding", ints({3, 2, 1, 0})}}));
  g.add_output(y);
  g = test::bound(std::move(g));
  const Certificate c = certify_with(g, "rules/lowering/systolic.rules", "lower_conv2d_im2col");
  INFO(c.reason);
  REQUIRE(c.outcome == CertOutcome::Proved);
  CHECK(c.split.find("window classes") == 0);
  CHECK(c.claims > 4);
}

TEST_CASE("window split: a weight flattened in the wrong order is refuted in a class",
          "[rewrite][mutation]") {
  const Graph g = conv(1, 16, 24, 8, 3, 1, {1, 1, 1, 1});
  const Certificate c =
      certify_with(g, "tests/rules/unsound/lowering.rules", "lower_conv2d_im2col_weights_hwc");
  INFO(c.reason);
  CHECK(c.outcome == CertOutcome::Rejected);
  CHECK(c.reason.find("window class 1") == 0);
}

TEST_CASE("window split: a wrong transpose back fails the renaming check", "[rewrite][mutation]") {
  // Square output, so the wrong permutation still type-checks; every class's one-element
  // crop is the same either way: only the check across positions sees it.
  const Graph g = conv(1, 16, 24, 8, 3, 1, {1, 1, 1, 1});
  const Certificate c =
      certify_with(g, "tests/rules/unsound/lowering.rules", "lower_conv2d_im2col_wrong_transpose");
  INFO(c.reason);
  CHECK(c.outcome != CertOutcome::Proved);
  CHECK(c.reason.find("not its window class's claim renamed") != std::string::npos);
}

TEST_CASE("window split: a position whose window is all padding fails closed", "[rewrite]") {
  // 1x1 with padding 1: the border outputs read no input element; not covered.
  const Graph g = conv(1, 16, 24, 8, 1, 1, {1, 1, 1, 1});
  const Certificate c = certify_with(g, "rules/lowering/systolic.rules", "lower_conv2d_im2col");
  INFO(c.reason);
  CHECK(c.outcome == CertOutcome::Unknown);
  CHECK(c.reason.find("no window split: an output position whose window lies wholly in the "
                      "padding") != std::string::npos);
}

}  // namespace
}  // namespace vf::rewrite
