// Folded constants: the elementwise fold's block-by-block path gives what the walk over
// whole tensors gives (values, certified errors, verdict, message), with and without the
// errors of earlier folds, and a corrupted folded constant is rejected through it.
#include <catch2/catch.hpp>

#include <cmath>

#include "dsl/parser.h"
#include "rewrite/certify.h"
#include "rewrite/fold.h"
#include "rewrite/match.h"
#include "rewrite_test_util.h"
#include "verify/instance.h"

namespace vf::rewrite {
namespace {

// Each let reads the source's constants only, each through another broadcast: a scalar, a
// per-row column [R, 1], a per-column row [K] (a lower rank), a float attribute, a
// leading axis of 1 [1, K], and a unary operator.
constexpr const char* kRule = R"(
rule fold_paths {
  source {
    %t1  = add(%x, %w);
    %t2  = add(%t1, %r);
    %t3  = add(%t2, %k);
    %t4  = add(%t3, %h);
    %t5  = add(%t4, $eps);
    %out = divide(%t5, %c);
  }
  require const(%w, %r, %k, %h, %c);
  let %a = divide(%w, %c);
  let %b = multiply(%w, %r);
  let %d = subtract(%w, %k);
  let %e = add(%k, $eps);
  let %f = divide(%h, %w);
  let %g = sqrt(%w);
  target {
    %u1  = add(%x, %a);
    %u2  = add(%u1, %b);
    %u3  = add(%u2, %d);
    %u4  = add(%u3, %e);
    %u5  = add(%u4, %f);
    %out = add(%u5, %g);
  }
})";

constexpr int64_t kRows = 5000, kCols = 7;  // 3 blocks of rows (kFoldBlockElements)

/// float32 data of `shape`: positive, not powers of two, so the folds round.
std::shared_ptr<const Tensor> data(const Shape& shape, float base) {
  Tensor t(TensorType{DType::F32, shape});
  auto v = t.view_mut<float>();
  for (size_t i = 0; i < v.size(); ++i) v[i] = base + 0.37f * static_cast<float>(i % 11) + 0.1f;
  return std::make_shared<const Tensor>(std::move(t));
}

struct FoldCase {
  dsl::RuleFile file;
  verify::Instance inst;
  std::vector<double> float_values;
  std::shared_ptr<const Tensor> w;
};

FoldCase fold_case() {
  SourceFile src("fold_paths.rules", kRule);
  DiagnosticSink diags;
  auto rf = dsl::parse_rules(src, diags);
  INFO(diags.render());
  REQUIRE(rf);
  FoldCase fc{std::move(*rf), {}, {}, nullptr};
  const dsl::Rule& rule = fc.file.rules[0];
  verify::InstanceSpec spec;
  spec.leaf_types.assign(rule.tensor_vars.size(), std::nullopt);
  spec.leaf_data.assign(rule.tensor_vars.size(), nullptr);
  fc.w = data({kRows, kCols}, 1.0f);
  for (size_t v = 0; v < rule.tensor_vars.size(); ++v) {
    const std::string& n = rule.tensor_vars[v].name;
    if (rule.tensor_vars[v].origin != dsl::VarOrigin::SourceInput) continue;
    std::shared_ptr<const Tensor> d;
    if (n == "x") spec.leaf_types[v] = TensorType{DType::F32, {kRows, kCols}};
    if (n == "w") d = fc.w;
    if (n == "r") d = data({kRows, 1}, 0.5f);
    if (n == "k") d = data({kCols}, 2.0f);
    if (n == "h") d = data({1, kCols}, 3.0f);
    if (n == "c") d = std::make_shared<const Tensor>(Tensor::scalar(DType::F32, 3.0));
    if (d) {
      spec.leaf_types[v] = TensorType{DType::F32, d->shape()};
      spec.leaf_data[v] = d;
    }
  }
  const verify::RuleSlots slots = verify::rule_slots(rule);
  for (const verify::AttrSlot& s : slots.slots) {
    REQUIRE(s.name == "eps");
    spec.slot_values.emplace_back(std::in_place_type<double>, 1e-5);
    fc.float_values.push_back(1e-5);
  }
  std::string why;
  auto inst = verify::instantiate(rule, spec, &why);
  INFO(why);
  REQUIRE(inst);
  REQUIRE(inst->target_error.empty());
  fc.inst = std::move(*inst);
  return fc;
}

/// Bit-for-bit equality of two tensors.
bool same_bits(const Tensor& a, const Tensor& b) {
  return a.type() == b.type() && a.bytes() == b.bytes();
}

void check_same(const std::vector<FoldedConstant>& fast,
                const std::vector<FoldedConstant>& general) {
  REQUIRE(fast.size() == general.size());
  for (size_t k = 0; k < fast.size(); ++k) {
    INFO("folded constant " << k);
    CHECK(fast[k].node == general[k].node);
    CHECK(same_bits(fast[k].value, general[k].value));
    CHECK(same_bits(fast[k].error, general[k].error));
    CHECK(fast[k].max_ulps == general[k].max_ulps);
    CHECK(fast[k].exact == general[k].exact);
  }
}

TEST_CASE("fold: the elementwise path agrees with the general one", "[rewrite][fold]") {
  const FoldCase fc = fold_case();
  REQUIRE(folds_elementwise(fc.inst));
  auto fast = fold_constants(fc.inst, fc.float_values, {}, nullptr, FoldPath::Fastest);
  auto general = fold_constants(fc.inst, fc.float_values, {}, nullptr, FoldPath::General);
  INFO((fast ? std::string() : fast.error().message));
  REQUIRE(fast);
  REQUIRE(general);
  REQUIRE(fast->size() == 6);
  check_same(*fast, *general);
  double worst = 0;
  for (const FoldedConstant& f : *fast) worst = std::max(worst, f.max_ulps);
  CHECK(worst > 0);  // some fold rounded: the enclosures are not all points
  CHECK(worst <= kMaxFoldUlps);
}

TEST_CASE("fold: the elementwise path carries the errors of earlier folds as the general one",
          "[rewrite][fold]") {
  const FoldCase fc = fold_case();
  Tensor w_error(TensorType{DType::F64, fc.w->shape()});
  auto e = w_error.view_mut<double>();
  for (size_t i = 0; i < e.size(); ++i) e[i] = 1e-8 * static_cast<double>(i % 3);  // some 0
  const LeafErrors errors{{fc.w.get(), &w_error}};
  auto fast = fold_constants(fc.inst, fc.float_values, {}, &errors, FoldPath::Fastest);
  auto general = fold_constants(fc.inst, fc.float_values, {}, &errors, FoldPath::General);
  REQUIRE(fast);
  REQUIRE(general);
  check_same(*fast, *general);
  auto own = fold_constants(fc.inst, fc.float_values, {}, nullptr, FoldPath::Fastest);
  REQUIRE(own);
  // The weight's error widens the certified error of what is folded from it.
  CHECK((*fast)[0].error.view<double>()[1] > (*own)[0].error.view<double>()[1]);
}

TEST_CASE("fold: a corrupted folded constant is rejected through the elementwise path",
          "[rewrite][fold][mutation]") {
  const FoldCase fc = fold_case();
  REQUIRE(folds_elementwise(fc.inst));
  // Every folded constant in turn: one element two ulps up, or row r+1's values in row r.
  for (size_t which = 0; which < 6; ++which)
    for (bool shift : {false, true}) {
      INFO("folded constant " << which << (shift ? ", rows shifted" : ", 2 ulps"));
      auto tamper = [which, shift](std::vector<FoldedConstant>& fs) {
        auto v = fs[which].value.view_mut<float>();
        const size_t at = v.size() / 2;
        if (!shift) {
          v[at] = std::nextafter(std::nextafter(v[at], 1e30f), 1e30f);
          return;
        }
        const Shape& s = fs[which].value.shape();
        const size_t per = s.size() == 2 && s[0] > 1 ? static_cast<size_t>(s[1]) : 1;
        for (size_t i = 0; i + per < v.size(); ++i) v[i] = v[i + per];
      };
      auto fast = fold_constants(fc.inst, fc.float_values, tamper, nullptr, FoldPath::Fastest);
      auto general = fold_constants(fc.inst, fc.float_values, tamper, nullptr, FoldPath::General);
      REQUIRE_FALSE(fast);
      REQUIRE_FALSE(general);
      CHECK(fast.error().message == general.error().message);
      CHECK_THAT(fast.error().message, Catch::Contains("ulps away"));
    }
}

TEST_CASE("fold: attention's scale folded into a dense, and a corrupted weight, by the fast path",
          "[rewrite][fold][mutation]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, {1, 3, 6}});
  NodeId w = g.add_input("w", TensorType{DType::F32, {4, 6}}, true);
  NodeId b = g.add_input("b", TensorType{DType::F32, {4}}, true);
  NodeId c = g.add_constant("scale", Tensor::scalar(DType::F32, 3.0));  // inexact quotients
  NodeId y = g.add_node(OpKind::Dense, "dense", {x, w, b}, {});
  y = g.add_node(OpKind::Divide, "div", {y, c}, {});
  g.add_output(y);
  g = test::bound(std::move(g));
  const LibraryRule& lr = test::library_rule("divide_into_dense");
  Matcher matcher(*lr.rule, lr.file);
  std::string why;
  auto m = matcher.match(g, count_users(g), g.find("div"), &why);
  INFO(why);
  REQUIRE(m);
  const Certificate ok = Certifier({}).certify(*m, g);
  INFO(ok.reason);
  REQUIRE(ok.outcome == CertOutcome::Proved);
  REQUIRE(folds_elementwise(ok.instance));
  CHECK(ok.max_ulps > 0);
  CHECK(ok.max_ulps <= kMaxFoldUlps);
  CertifyOptions o;
  o.tamper_folded = [](std::vector<FoldedConstant>& fs) {
    for (FoldedConstant& f : fs) {
      auto v = f.value.view_mut<float>();
      v[v.size() - 1] = std::nextafter(std::nextafter(v[v.size() - 1], 1e30f), 1e30f);
    }
  };
  const Certificate bad = Certifier(o).certify(*m, g);
  CHECK(bad.outcome == CertOutcome::Rejected);
  CHECK_THAT(bad.reason, Catch::Contains("ulps away"));
}


TEST_CASE("fold: a transpose of a constant by blocks of rows moves what the walk moves",
          "[rewrite][fold]") {
  // A 3-D permutation whose output's leading axis is the input's middle one, past one block.
  constexpr const char* kTranspose = R"(
rule transpose_paths {
  source {
    %out = add(%x, transpose(%w, perm=[1, 2, 0]));
  }
  require const(%w);
  let %t = transpose(%w, perm=[1, 2, 0]);
  target {
    %out = add(%x, %t);
  }
})";
  SourceFile src("transpose_paths.rules", kTranspose);
  DiagnosticSink diags;
  auto rf = dsl::parse_rules(src, diags);
  INFO(diags.render());
  REQUIRE(rf);
  const dsl::Rule& rule = rf->rules[0];
  verify::InstanceSpec spec;
  spec.leaf_types.assign(rule.tensor_vars.size(), std::nullopt);
  spec.leaf_data.assign(rule.tensor_vars.size(), nullptr);
  const Shape ws{3, 700, 50};  // 105 000 elements: two blocks of output rows
  for (size_t v = 0; v < rule.tensor_vars.size(); ++v) {
    if (rule.tensor_vars[v].origin != dsl::VarOrigin::SourceInput) continue;
    const bool w = rule.tensor_vars[v].name == "w";
    spec.leaf_types[v] = TensorType{DType::F32, w ? ws : Shape{700, 50, 3}};
    if (w) spec.leaf_data[v] = data(ws, 1.0f);
  }
  std::string why;
  auto inst = verify::instantiate(rule, spec, &why);
  INFO(why);
  REQUIRE(inst);
  auto fast = fold_constants(*inst, {}, {}, nullptr, FoldPath::Fastest);
  auto general = fold_constants(*inst, {}, {}, nullptr, FoldPath::General);
  REQUIRE(fast);
  REQUIRE(general);
  REQUIRE(fast->size() == 1);
  REQUIRE(general->size() == 1);
  CHECK((*fast)[0].exact);
  CHECK((*fast)[0].value.shape() == Shape{700, 50, 3});
  CHECK(same_bits((*fast)[0].value, (*general)[0].value));
  CHECK((*general)[0].max_ulps == 0);
}

}  // namespace
}  // namespace vf::rewrite
