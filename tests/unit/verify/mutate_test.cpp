// Rule mutants: the kinds of change the campaign needs, each mutant a rule that parses and
// checks, a deterministic selection of several hundred from the library.
#include "verify/mutate.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>

#include "dsl/parser.h"
#include "dsl/printer.h"
#include "verify_test_util.h"

namespace vf::verify {
namespace {

using test::rules;

const char* kChannelAdd = R"(
rule fold_channel_add_into_conv2d_bias {
  source {
    %y   = conv2d(%x, %w, %b, strides=$s, padding=$p, dilation=$d, groups=$g);
    %out = add(%y, %c);
  }
  require const(%b, %c);
  require single_use(%y);
  require rank(%c) == 3 && dim(%c, 0) == dim(%w, 0) && dim(%c, 1) == 1 && dim(%c, 2) == 1;
  let %b2 = add(%b, squeeze(%c, axes=[1, 2]));
  target {
    %out = conv2d(%x, %w, %b2, strides=$s, padding=$p, dilation=$d, groups=$g);
  }
})";

bool has_change(const std::vector<Mutant>& ms, const std::string& change) {
  for (const Mutant& m : ms)
    if (m.change == change) return true;
  return false;
}

TEST_CASE("mutants: the changes of issue 13 on a conv bias fold", "[verify][mutate]") {
  auto rf = rules(kChannelAdd);
  const std::vector<Mutant> ms = all_mutants(rf.rules[0], "test.rules");
  REQUIRE(ms.size() > 20);
  // A constant's expected shape and rank.
  CHECK(has_change(ms, "require: dim(%c, 1) == 1 -> dim(%c, 1) == dim(%w, 0)"));
  CHECK(has_change(ms, "require: rank(%c) == 3 -> rank(%c) == 4"));
  // An axis.
  CHECK(has_change(ms, "require: dim(%c, 0) -> dim(%c, 1)"));
  CHECK(has_change(ms, "let %b2: squeeze(%c, axes=[1, 2]) -> squeeze(%c, axes=[2, 2])"));
  // A squeeze dropped.
  CHECK(has_change(ms, "let %b2: squeeze(%c, axes=[1, 2]) -> %c"));
  // A comparison flipped, a condition dropped.
  CHECK(has_change(ms, "require: rank(%c) == 3 -> rank(%c) != 3"));
  CHECK(has_change(ms, "require: dropped `single_use(%y)`") == false);  // a graph fact only
  // A sibling operator.
  CHECK(has_change(ms,
                   "let %b2: add(%b, squeeze(%c, axes=[1, 2])) -> subtract(%b, squeeze(%c, "
                   "axes=[1, 2]))"));
  std::set<MutationKind> kinds;
  std::set<std::string> names, texts;
  for (const Mutant& m : ms) {
    kinds.insert(m.kind);
    names.insert(m.rule.name);
    texts.insert(m.text);
    CHECK(m.original == "fold_channel_add_into_conv2d_bias");
    CHECK(m.rule.name.rfind("fold_channel_add_into_conv2d_bias__m", 0) == 0);
    // The text is the rule: printing the parsed mutant gives it back.
    CHECK(dsl::print_rule(m.rule) == m.text);
  }
  CHECK(names.size() == ms.size());
  CHECK(texts.size() == ms.size());
  for (MutationKind k : {MutationKind::Axis, MutationKind::Shape, MutationKind::DropCondition,
                         MutationKind::ExpandSqueeze, MutationKind::Comparison,
                         MutationKind::SwapOperands, MutationKind::SiblingOp})
    CHECK(kinds.count(k) == 1);
}

TEST_CASE("mutants: literals, activations, attribute lists, moves", "[verify][mutate]") {
  auto rf = rules(R"(
rule bn_relu {
  source {
    %y   = conv2d(%x, %w, %b, strides=$s, padding=[0, 0, 0, 0], dilation=$d, groups=1);
    %n   = batch_norm(%y, %gamma, %beta, %mean, %var, epsilon=$eps, axis=1, scale=1, center=1);
    %out = relu(%n);
  }
  require const(%w, %gamma, %beta, %mean, %var);
  require $eps >= 0;
  require all(add(%var, $eps) > 0);
  let %a = divide(%gamma, sqrt(add(%var, $eps)));
  let %t = subtract(%beta, multiply(%a, %mean));
  let %w2 = multiply(%w, expand_dims(%a, axis=1, num_newaxis=3));
  target {
    %out = fused_conv2d(%x, %w2, %b, %a, %t, strides=$s, padding=[0, 0, 0, 0], dilation=$d,
                        groups=1, has_bias=1, has_scale=1, has_shift=1, activation="relu");
  }
})");
  const std::vector<Mutant> ms = all_mutants(rf.rules[0], "test.rules");
  // An epsilon.
  CHECK(has_change(ms, "let %a: add(%var, $eps) -> add(%var, 0.001)"));
  // A comparison.
  CHECK(has_change(ms, "require: $eps >= 0 -> $eps > 0"));
  // An activation, a padding entry, num_newaxis, a flag.
  CHECK(has_change(ms,
                   "target %out: fused_conv2d(%x, %w2, %b, %a, %t, strides=$s, padding=[0, 0, 0, "
                   "0], dilation=$d, groups=1, has_bias=1, has_scale=1, has_shift=1, "
                   "activation=\"relu\") -> fused_conv2d(%x, %w2, %b, %a, %t, strides=$s, "
                   "padding=[0, 0, 0, 0], dilation=$d, groups=1, has_bias=1, has_scale=1, "
                   "has_shift=1, activation=\"hard_swish\")"));
  CHECK(has_change(ms,
                   "source %y: conv2d(%x, %w, %b, strides=$s, padding=[0, 0, 0, 0], "
                   "dilation=$d, groups=1) -> conv2d(%x, %w, %b, strides=$s, padding=[1, 0, 0, "
                   "0], dilation=$d, groups=1)"));
  CHECK(has_change(ms,
                   "let %w2: expand_dims(%a, axis=1, num_newaxis=3) -> expand_dims(%a, axis=1, "
                   "num_newaxis=2)"));
  CHECK(has_change(ms,
                   "source %n: batch_norm(%y, %gamma, %beta, %mean, %var, epsilon=$eps, axis=1, "
                   "scale=1, center=1) -> batch_norm(%y, %gamma, %beta, %mean, %var, "
                   "epsilon=$eps, axis=1, scale=0, center=1)"));
  // expand_dims moved to the other operand of the multiply.
  CHECK(has_change(ms,
                   "let %w2: multiply(%w, expand_dims(%a, axis=1, num_newaxis=3)) -> "
                   "multiply(expand_dims(%w, axis=1, num_newaxis=3), %a)"));
  // Operands of batch_norm swapped (gamma and beta).
  CHECK(has_change(ms,
                   "source %n: batch_norm(%y, %gamma, %beta, %mean, %var, epsilon=$eps, axis=1, "
                   "scale=1, center=1) -> batch_norm(%y, %beta, %gamma, %mean, %var, "
                   "epsilon=$eps, axis=1, scale=1, center=1)"));
}

TEST_CASE("mutants: several hundred from the library, selected deterministically",
          "[verify][mutate]") {
  namespace fs = std::filesystem;
  std::vector<Mutant> all;
  size_t rules_seen = 0;
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(std::string(VF_SOURCE_DIR) + "/rules"))
    if (e.path().extension() == ".rules") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) {
    DiagnosticSink diags;
    auto rf = dsl::parse_rules_file(f, diags);
    REQUIRE(rf);
    for (const dsl::Rule& r : rf->rules) {
      ++rules_seen;
      auto ms = all_mutants(r, f);
      INFO(r.name);
      CHECK(!ms.empty());
      std::move(ms.begin(), ms.end(), std::back_inserter(all));
    }
  }
  CHECK(all.size() > 1000);
  const std::vector<Mutant> a = select_mutants(all, 6, 1);
  const std::vector<Mutant> b = select_mutants(all, 6, 1);
  const std::vector<Mutant> c = select_mutants(all, 6, 2);
  CHECK(a.size() >= 300);
  CHECK(a.size() <= 6 * rules_seen);
  REQUIRE(a.size() == b.size());
  bool same = true, differs = a.size() != c.size();
  for (size_t i = 0; i < a.size(); ++i) {
    same = same && a[i].text == b[i].text;
    differs = differs || (i < c.size() && a[i].text != c[i].text);
  }
  CHECK(same);
  CHECK(differs);
  // At most 6 per rule, spread over the kinds the rule has.
  std::map<std::string, std::set<MutationKind>> kinds, available;
  std::map<std::string, size_t> count;
  for (const Mutant& m : all) available[m.original].insert(m.kind);
  for (const Mutant& m : a) {
    kinds[m.original].insert(m.kind);
    ++count[m.original];
  }
  CHECK(count.size() == rules_seen);
  for (const auto& [rule, n] : count) {
    INFO(rule);
    CHECK(n <= 6);
    CHECK(kinds[rule].size() == std::min(n, available[rule].size()));
  }
  std::set<MutationKind> overall;
  for (const Mutant& m : a) overall.insert(m.kind);
  CHECK(overall.size() == 12);
}

}  // namespace
}  // namespace vf::verify
