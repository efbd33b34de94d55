// Instance certificates: proved on real matches, and the mutations that must fail them
// (a corrupted folded constant, another channel's scale, a wrong rule with a forged
// proof record).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "ir/stats.h"
#include "rewrite/certify.h"
#include "rewrite/driver.h"
#include "rewrite/match.h"
#include "rewrite_test_util.h"
#include "smt/smtlib_printer.h"
#include "smt/solver.h"
#include "verify/proof_store.h"

namespace vf::rewrite {
namespace {

using test::conv_bn_relu;
using test::library_rule;

/// The match of `rule` at the node named `root`.
Match match_at(const Graph& g, const std::string& rule, const std::string& root) {
  const LibraryRule& lr = library_rule(rule);
  Matcher m(*lr.rule, lr.file);
  std::string why;
  auto r = m.match(g, count_users(g), g.find(root), &why);
  INFO(why);
  REQUIRE(r);
  return *r;
}

const FoldedConstant& folded_named(const Certificate& c, const std::string& name) {
  for (const FoldedConstant& f : c.folded)
    if (c.instance.graph.node(f.node).name == name) return f;
  FAIL("no folded constant " << name);
  throw 0;
}

/// Certificate options that move output channel c's value of the folded constant of
/// rank `rank` to channel c - 1 (channel c+1's value used for channel c).
CertifyOptions channel_shifted(size_t rank) {
  CertifyOptions o;
  o.tamper_folded = [rank](std::vector<FoldedConstant>& fs) {
    for (FoldedConstant& f : fs) {
      if (f.value.shape().size() != rank) continue;
      auto v = f.value.view_mut<float>();
      const size_t per = v.size() / static_cast<size_t>(f.value.shape()[0]);
      for (size_t i = 0; i + per < v.size(); ++i) v[i] = v[i + per];
    }
  };
  return o;
}

TEST_CASE("certify: conv2d -> batch_norm fold is proved per channel with 1-ulp constants",
          "[rewrite]") {
  const Graph g = conv_bn_relu(3, 4, 5);
  const Match m = match_at(g, "fold_bn_into_conv2d", "bn");
  Certifier certifier({});
  const Certificate c = certifier.certify(m, g);
  INFO(c.reason);
  REQUIRE(c.outcome == CertOutcome::Proved);
  CHECK(c.split.find("view") == 0);  // the accumulator view: one claim per channel
  CHECK(c.claims == 4);
  CHECK(c.max_ulps <= kMaxFoldUlps);
  CHECK(c.bound > 0);
  CHECK(c.bound < 1e-5);
  CHECK(folded_named(c, "w2").value.shape() == Shape{4, 3, 3, 3});
  CHECK(folded_named(c, "b2").value.shape() == Shape{4});
  CHECK(c.smt2.find("(check-sat)") != std::string::npos);
}

TEST_CASE("certify: a folded constant moved past its bound fails the certificate",
          "[rewrite][mutation]") {
  const Graph g = conv_bn_relu();
  const Match m = match_at(g, "fold_bn_into_conv2d", "bn");
  CertifyOptions o;
  o.tamper_folded = [](std::vector<FoldedConstant>& fs) {
    for (FoldedConstant& f : fs) {
      auto v = f.value.view_mut<float>();
      v[0] = std::nextafter(std::nextafter(v[0], 1e30f), 1e30f);  // 2 ulps up
    }
  };
  Certifier certifier(o);
  const Certificate c = certifier.certify(m, g);
  CHECK(c.outcome == CertOutcome::Rejected);
  CHECK_THAT(c.reason, Catch::Contains("ulps away"));
}

TEST_CASE("certify: channel c+1's scale used for channel c fails the certificate",
          "[rewrite][mutation]") {
  const Graph g = conv_bn_relu(3, 4, 5);
  const Match m = match_at(g, "fold_bn_into_conv2d", "bn");
  for (const char* which : {"w2", "b2"}) {
    Certifier certifier(channel_shifted(std::string_view(which) == "w2" ? 4 : 1));
    const Certificate c = certifier.certify(m, g);
    INFO(which);
    CHECK(c.outcome == CertOutcome::Rejected);
  }
}

/// x [1, C, H, W] -> conv2d with a bias (padding 1, C -> O channels) -> relu.
Graph conv_bias_relu(int64_t c = 3, int64_t o = 4, int64_t hw = 5) {
  using vf::test::attrs;
  using vf::test::ints;
  Graph g;
  NodeId x = g.add_input("data", TensorType{DType::F32, {1, c, hw, hw}});
  NodeId w = g.add_input("conv_weight", TensorType{DType::F32, {o, c, 3, 3}}, true);
  NodeId b = g.add_input("conv_bias", TensorType{DType::F32, {o}}, true);
  NodeId y =
      g.add_node(OpKind::Conv2d, "conv", {x, w, b}, attrs({{"padding", ints({1, 1, 1, 1})}}));
  y = g.add_node(OpKind::Relu, "relu", {y}, {});
  g.add_output(y);
  return test::bound(std::move(g));
}

/// The solver's answers to a certificate, as one line ("unsat unsat ").
std::string replay(const std::string& smt2) {
  std::string out = smt::run_smtlib_script(smt2);
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

/// `text` with the first `from` after `section` replaced by `to` (which must exist).
std::string edited(std::string text, const std::string& section, const std::string& from,
                   const std::string& to) {
  const size_t at = text.find(from, text.find(section));
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

TEST_CASE("certify: a fusion is by_definition, its two sides printed apart and re-checked",
          "[rewrite]") {
  const Graph g = conv_bias_relu();
  const Match m = match_at(g, "fuse_conv2d_bias_relu", "relu");
  Certifier certifier({});
  const Certificate c = certifier.certify(m, g);
  INFO(c.reason << "\n" << c.smt2);
  REQUIRE(c.outcome == CertOutcome::Proved);
  CHECK(certificate_verdict(c.outcome, c.definition) == "by_definition");
  CHECK(c.definition.find("fused_conv2d(x, w, b, activation=relu)[n,o,h,w] = relu(conv2d(x, "
                          "w)[n,o,h,w] + b[o])") == 0);
  CHECK(c.smt2.find("; verdict: by_definition\n") != std::string::npos);
  CHECK(c.smt2.find("; definition: " + c.definition + "\n") != std::string::npos);
  // Both sides are there, each with its own definitions, and the solver re-derives them.
  REQUIRE(c.smt2.find("; source side\n") != std::string::npos);
  REQUIRE(c.smt2.find("; target side\n") != std::string::npos);
  CHECK(replay(c.smt2) == "unsat unsat ");
  // An edit of the target's relu, bias or accumulator index is seen.
  CHECK(replay(edited(c.smt2, "; target side", " 0.0 t!", " 1.0 t!")) == "unsat sat ");
  CHECK(replay(edited(c.smt2, "; target side", "(+ |acc0[0,0,0,0]| ", "(+ |acc0[0,1,0,0]| ")) ==
        "unsat sat ");
  CHECK(replay(edited(c.smt2, "; source side", "(+ |acc0[0,0,0,0]| ", "(- |acc0[0,0,0,0]| ")) ==
        "unsat sat ");
}

TEST_CASE("certify: a fold cites the accumulator lemma and is proved, not by definition",
          "[rewrite]") {
  const Graph g = conv_bn_relu(3, 4, 5);
  const Match m = match_at(g, "fold_bn_into_conv2d", "bn");
  Certifier certifier({});
  const Certificate c = certifier.certify(m, g);
  INFO(c.reason << "\n" << c.smt2);
  REQUIRE(c.outcome == CertOutcome::Proved);
  CHECK(c.definition.empty());
  CHECK(c.smt2.find("; verdict: proved\n") != std::string::npos);
  CHECK(c.smt2.find(std::string("by lemma ") + kAccumulatorScaleLemma + " (proofs/lemmas/" +
                    kAccumulatorScaleLemma + ".smt2)") != std::string::npos);
  CHECK(std::filesystem::exists(std::string(VF_SOURCE_DIR) + "/proofs/lemmas/" +
                                kAccumulatorScaleLemma + ".smt2"));
  CHECK(replay(c.smt2) == "unsat unsat ");
  // The same match certified again, in the same Context and in a new one: the same bytes.
  CHECK(certifier.certify(m, g).smt2 == c.smt2);
  Certifier other({});
  CHECK(other.certify(m, g).smt2 == c.smt2);
}

/// x [1, C, hw, hw] -> `fold` (multiply or add) with a per-channel constant [1, C, 1, 1]
/// (or a scalar) -> conv2d with a bias (C -> O channels, kernel k x k, padding `pad` on every
/// side): an affine layer after an activation before its convolution (rules/conv_fusion.rules).
Graph fold_then_conv(OpKind fold, int64_t c, int64_t o, int64_t hw, int64_t k, int64_t pad,
                     bool scalar = false) {
  using vf::test::attrs;
  using vf::test::ints;
  Graph g;
  NodeId x = g.add_input("data", TensorType{DType::F32, {1, c, hw, hw}});
  NodeId t =
      g.add_input("fold_const", TensorType{DType::F32, scalar ? Shape{} : Shape{1, c, 1, 1}}, true);
  NodeId w = g.add_input("conv_weight", TensorType{DType::F32, {o, c, k, k}}, true);
  NodeId b = g.add_input("conv_bias", TensorType{DType::F32, {o}}, true);
  NodeId y = g.add_node(fold, "fold", {x, t}, {});
  y = g.add_node(OpKind::Conv2d, "conv", {y, w, b},
                 attrs({{"padding", ints({pad, pad, pad, pad})}}));
  g.add_output(y);
  return test::bound(std::move(g));
}

/// `rule` certified at the node "conv" of `g`: proved, by a view, citing `lemma` (whose
/// file is there); then the same match with channel c+1's values of the folded constant
/// of rank `tamper_rank` used for channel c: rejected.
Certificate proved_by_view(const Graph& g, const std::string& rule, const char* lemma,
                           size_t tamper_rank) {
  const Match m = match_at(g, rule, "conv");
  Certifier certifier({});
  const Certificate c = certifier.certify(m, g);
  INFO(c.reason);
  REQUIRE(c.outcome == CertOutcome::Proved);
  CHECK(c.split.find("view") == 0);
  CHECK(c.smt2.find(std::string("by lemma ") + lemma) != std::string::npos);
  CHECK(std::filesystem::exists(std::string(VF_SOURCE_DIR) + "/proofs/lemmas/" + lemma + ".smt2"));
  Certifier tampered(channel_shifted(tamper_rank));
  CHECK(tampered.certify(m, g).outcome == CertOutcome::Rejected);
  return c;
}

TEST_CASE("certify: an input shift folded into an unpadded conv2d's bias, by a view", "[rewrite]") {
  // 16 x 40 x 40 inputs: past the whole-instance limit, so only the view can certify it.
  const Certificate c = proved_by_view(fold_then_conv(OpKind::Add, 16, 8, 40, 3, 0),
                                       "fold_channel_add_into_following_conv2d_unpadded",
                                       kAccumulatorInputShiftLemma, 1);  // the folded bias
  CHECK(c.claims == 8);                                                  // one per output channel
  CHECK(c.definition.empty());
  CHECK(replay(c.smt2) == "unsat unsat ");
}

TEST_CASE("certify: an input scale folded into a padded conv2d's weight is the same window sum",
          "[rewrite]") {
  // The folded weight with channel c+1's rows is outside its enclosure: rejected.
  const Certificate c = proved_by_view(fold_then_conv(OpKind::Multiply, 16, 8, 40, 3, 1),
                                       "fold_channel_multiply_into_following_conv2d_bias",
                                       kAccumulatorInputScaleLemma, 4);  // the folded weight
  CHECK_FALSE(c.definition.empty());  // both sides are the one symbol plus the same bias
  CHECK(c.max_ulps <= kMaxFoldUlps);
}

TEST_CASE("certify: an input shift folded into a padded conv2d is never certified",
          "[rewrite][mutation]") {
  // The must-refute rule of tests/rules/unsound/conv_pool.rules, certified as if proved:
  // refuted on a small instance (certified whole), not covered by any view on a large one.
  const std::string path = std::string(VF_SOURCE_DIR) + "/tests/rules/unsound/conv_pool.rules";
  std::ifstream in(path);
  auto file = std::make_shared<SourceFile>(
      path, std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()));
  DiagnosticSink diags;
  auto rf = dsl::parse_rules(*file, diags);
  REQUIRE(rf);
  const auto it = std::find_if(rf->rules.begin(), rf->rules.end(), [](const dsl::Rule& r) {
    return r.name == "scalar_add_into_padded_following_conv2d";
  });
  REQUIRE(it != rf->rules.end());
  Matcher matcher(*it, file);
  for (const int64_t hw : {4, 40}) {
    const Graph g = fold_then_conv(OpKind::Add, hw == 4 ? 2 : 16, 3, hw, 3, 1, true);
    std::string why;
    auto m = matcher.match(g, count_users(g), g.find("conv"), &why);
    INFO(why);
    REQUIRE(m);
    Certifier certifier({});
    const Certificate c = certifier.certify(*m, g);
    INFO(hw << ": " << c.reason);
    CHECK(c.outcome == (hw == 4 ? CertOutcome::Rejected : CertOutcome::Unknown));
  }
}

TEST_CASE("certify: preconditions are checked on the actual constants", "[rewrite]") {
  // remove_identity_batch_norm matches any batch_norm; its value preconditions are false
  // on these constants, which is not a rejected rewrite but no case of the rule.
  const Graph g = conv_bn_relu();
  const Match m = match_at(g, "remove_identity_batch_norm", "bn");
  Certifier certifier({});
  const Certificate c = certifier.certify(m, g);
  CHECK(c.outcome == CertOutcome::PreconditionFalse);
}

TEST_CASE("driver: a wrong rule with a forged proof record is refuted and not applied",
          "[rewrite][mutation]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "vfuse_forged_proof_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "rules");
  // The BN shift folded into a padded conv (refuted by the prover, tests/rules/unsound),
  // presented as a proved rule.
  std::ifstream in(std::string(VF_SOURCE_DIR) + "/tests/rules/unsound/batch_norm.rules");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t begin = text.find("rule bn_shift_into_padded_following_conv2d");
  const size_t end = text.find("  expect refuted;\n}", begin);
  REQUIRE(begin != std::string::npos);
  REQUIRE(end != std::string::npos);
  const std::string rule = text.substr(begin, end - begin) + "}\n";
  std::ofstream(dir / "rules" / "forged.rules") << rule;
  SourceFile src("forged.rules", rule);
  DiagnosticSink diags;
  auto rf = dsl::parse_rules(src, diags);
  REQUIRE(rf);
  const std::string hash = verify::rule_hash(src, rf->rules[0]);
  fs::create_directories(dir / "proofs");
  std::ofstream(dir / "proofs" / "bn_shift_into_padded_following_conv2d.json")
      << "{\"rule\":\"bn_shift_into_padded_following_conv2d\",\"file\":\"forged.rules\","
         "\"verdict\":\"proved\",\"scope\":\"unbounded\",\"grid\":\"default\",\"instances\":1,"
         "\"smt2_instances\":0,\"ms\":1,\"solver\":\""
      << smt::solver_version() << "\",\"prover\":\"forged\",\"rule_hash\":\"" << hash
      << "\",\"code_hash\":\"" << verify::prover_code_hash() << "\",\"reason\":\"\"}\n";
  auto lib = load_rule_library((dir / "rules").string(), (dir / "proofs").string(), {}, diags);
  REQUIRE(lib);
  REQUIRE(lib->size() == 1);  // the record looks current and proved

  // x -> batch_norm -> conv2d with padding 1.
  using vf::test::attrs;
  using vf::test::ints;
  Graph g;
  NodeId x = g.add_input("data", TensorType{DType::F32, {1, 2, 4, 4}});
  std::vector<NodeId> bn_in = {x};
  for (const char* n : {"bn_gamma", "bn_beta", "bn_moving_mean", "bn_moving_var"})
    bn_in.push_back(g.add_input(n, TensorType{DType::F32, {2}}, true));
  NodeId w = g.add_input("conv_weight", TensorType{DType::F32, {3, 2, 3, 3}}, true);
  NodeId y = g.add_node(OpKind::BatchNorm, "bn", bn_in, {});
  y = g.add_node(OpKind::Conv2d, "conv", {y, w}, attrs({{"padding", ints({1, 1, 1, 1})}}));
  g.add_output(y);
  g = test::bound(std::move(g));
  const auto before = op_histogram(g);
  auto r = Driver::run(g, *lib, {});
  REQUIRE(r);
  REQUIRE(r->attempts.size() == 1);
  CHECK(r->attempts[0].outcome == CertOutcome::Rejected);
  CHECK_FALSE(r->attempts[0].applied);
  CHECK(r->graph.log().empty());
  CHECK(op_histogram(r->graph.graph()) == before);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace vf::rewrite

namespace vf::rewrite {
namespace {

TEST_CASE("certify: a view with more claims than max_view_claims gives way to one cell",
          "[rewrite]") {
  // dense + bias + gelu: the view has one claim per output column, the cell one claim.
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {1, 3, 8}});
  NodeId w = g.add_input("w", TensorType{DType::F32, {40, 8}}, true);
  NodeId b = g.add_input("b", TensorType{DType::F32, {40}}, true);
  NodeId y = g.add_node(OpKind::Dense, "dense", {x, w, b}, {});
  y = g.add_node(OpKind::Gelu, "gelu", {y}, {});
  g.add_output(y);
  g = test::bound(std::move(g));
  const Match m = match_at(g, "fuse_dense_bias_gelu", "gelu");
  CertifyOptions o;
  o.max_whole_size = 0;  // as at hidden 4096: too large to certify whole
  const Certificate by_view = Certifier(o).certify(m, g);
  INFO(by_view.reason);
  REQUIRE(by_view.outcome == CertOutcome::Proved);
  CHECK(by_view.split.find("view") == 0);
  CHECK(by_view.claims == 40);
  o.max_view_claims = 39;
  const Certificate by_cell = Certifier(o).certify(m, g);
  INFO(by_cell.reason);
  REQUIRE(by_cell.outcome == CertOutcome::Proved);
  CHECK(by_cell.split.find("cells: one output element") == 0);
  CHECK(by_cell.claims == 1);
  CHECK(by_cell.smt2.find("; covers: cells:") != std::string::npos);
}

}  // namespace
}  // namespace vf::rewrite
