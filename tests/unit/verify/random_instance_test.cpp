// The random-instance tester: it shows known wrong rules wrong, never shows the library's
// rules wrong, covers the sizes and windows it claims, and reads value preconditions.
#include "verify/random_instance.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

#include "dsl/parser.h"
#include "verify_test_util.h"

namespace vf::verify {
namespace {

using test::rules;

RandomTestOptions quick(int64_t instances = 100) {
  RandomTestOptions o;
  o.max_instances = instances;
  o.budget_ms = 5000;  // the instance count decides; the time only caps a stuck run
  return o;
}

TEST_CASE("random instances: the two wrong conv-bias folds of issue 13 are shown wrong",
          "[verify][random]") {
  DiagnosticSink diags;
  auto rf = dsl::parse_rules_file(
      std::string(VF_TEST_DATA_DIR) + "/rules/mutants/known_wrong.rules", diags);
  INFO(diags.render());
  REQUIRE(rf);
  REQUIRE(rf->rules.size() == 2);
  for (const dsl::Rule& r : rf->rules) {
    INFO(r.name);
    const RandomTestResult res = test_rule_randomly(r, quick());
    CHECK(res.instances > 10);
    CHECK(res.failures > 0);
    REQUIRE(res.failure);
    CHECK(res.failure->what.find("source") != std::string::npos);
    CHECK(res.failure->instance.find("%c: (") != std::string::npos);
  }
}

TEST_CASE("random instances: relu6 folds that misplace the constant's value are shown wrong",
          "[verify][random][quant]") {
  // The int attribute variable bound by a constant operand ($c) is drawn beside the clamp.
  DiagnosticSink diags;
  auto rf = dsl::parse_rules_file(
      std::string(VF_SOURCE_DIR) + "/tests/rules/unsound/quantized.rules", diags);
  INFO(diags.render());
  REQUIRE(rf);
  int seen = 0;
  for (const char* name : {"min_into_clamp_below_qmin", "min_into_clamp_above_qmax",
                           "min_into_clamp_low_end", "minimum_below_clamp_removed"}) {
    INFO(name);
    const dsl::Rule* r = rf->find(name);
    REQUIRE(r);
    ++seen;
    const RandomTestResult res = test_rule_randomly(*r, quick());
    INFO(res.note);
    CHECK(res.instances > 0);
    CHECK(res.failures > 0);
  }
  CHECK(seen == 4);
}

TEST_CASE("random instances: every rule of the library agrees on its random instances",
          "[verify][random]") {
  namespace fs = std::filesystem;
  int rules_seen = 0;
  for (const auto& e : fs::directory_iterator(std::string(VF_SOURCE_DIR) + "/rules")) {
    if (e.path().extension() != ".rules") continue;
    DiagnosticSink diags;
    auto rf = dsl::parse_rules_file(e.path().string(), diags);
    INFO(diags.render());
    REQUIRE(rf);
    for (const dsl::Rule& r : rf->rules) {
      INFO(r.name);
      ++rules_seen;
      const RandomTestResult res = test_rule_randomly(r, quick(20));
      INFO(res.note);
      INFO((res.failure ? res.failure->instance + ": " + res.failure->what : std::string()));
      CHECK(res.instances > 0);
      CHECK(res.failures == 0);
    }
  }
  CHECK(rules_seen >= 80);
}

TEST_CASE("random instances: sizes, ranks and windows are drawn beyond the prover's grid",
          "[verify][random]") {
  auto rf = rules(R"(
rule conv_add {
  source {
    %y   = conv2d(%x, %w, strides=$s, padding=$p, dilation=$d, groups=$g);
    %out = add(%y, %c);
  }
  target {
    %out = add(%y, %c);
  }
})");
  const dsl::Rule& r = rf.rules[0];
  const RuleSlots slots = rule_slots(r);
  SplitMix64 rng(7);
  std::set<int64_t> groups, strides, dilations, pads, dims, c_ranks;
  bool batch_ne_channels = false, batch_eq_channels = false;
  int built = 0;
  for (int i = 0; i < 400; ++i) {
    auto spec = random_instance_spec(r, slots, rng);
    if (!spec) continue;
    auto inst = instantiate(r, *spec);
    if (!inst) continue;
    ++built;
    const Node& conv = inst->graph.node(inst->graph.find("y"));
    groups.insert(conv.attrs.get_int("groups"));
    strides.insert(conv.attrs.get_ints("strides")[0]);
    dilations.insert(conv.attrs.get_ints("dilation")[1]);
    pads.insert(conv.attrs.get_ints("padding")[2]);
    const Shape& x = inst->graph.node(inst->var_inputs[r.find_tensor_var("x").index]).type.shape;
    const Shape& w = inst->graph.node(inst->var_inputs[r.find_tensor_var("w").index]).type.shape;
    const Shape& c = inst->graph.node(inst->var_inputs[r.find_tensor_var("c").index]).type.shape;
    for (int64_t d : x) dims.insert(d);
    c_ranks.insert(static_cast<int64_t>(c.size()));
    batch_ne_channels |= x[0] > 1 && w[0] > 1 && x[0] != w[0];
    batch_eq_channels |= x[0] > 1 && x[0] == w[0];
  }
  CHECK(built > 300);
  CHECK(groups.size() >= 3);
  CHECK(strides == std::set<int64_t>{1, 2, 3});
  CHECK(dilations == std::set<int64_t>{1, 2});
  CHECK(pads == std::set<int64_t>{0, 1, 2});
  CHECK(dims == std::set<int64_t>{1, 2, 3, 4, 5, 6});
  CHECK(c_ranks == std::set<int64_t>{0, 1, 2, 3, 4});
  CHECK(batch_ne_channels);
  CHECK(batch_eq_channels);
}

TEST_CASE("random instances: value preconditions are read, and drawn to hold", "[verify][random]") {
  // relu(x * s) = relu(x) * s only for s >= 0.
  auto rf = rules(R"(
rule scale_through_relu_guarded {
  source {
    %m   = multiply(%x, %s);
    %out = relu(%m);
  }
  require const(%s);
  require all(%s > 0);
  target {
    %r   = relu(%x);
    %out = multiply(%r, %s);
  }
}
rule scale_through_relu_unguarded {
  source {
    %m   = multiply(%x, %s);
    %out = relu(%m);
  }
  target {
    %r   = relu(%x);
    %out = multiply(%r, %s);
  }
}
rule identity_batch_norm {
  source {
    %out = batch_norm(%x, %gamma, %beta, %mean, %var, epsilon=$eps);
  }
  require const(%gamma, %beta, %mean, %var);
  require $eps >= 0;
  require all(%gamma == 1) && all(%beta == 0) && all(%mean == 0);
  require all(add(%var, $eps) == 1);
  target {
    %out = %x;
  }
})");
  const RandomTestResult guarded = test_rule_randomly(rf.rules[0], quick());
  CHECK(guarded.instances == 100);
  CHECK(guarded.failures == 0);
  const RandomTestResult unguarded = test_rule_randomly(rf.rules[1], quick());
  CHECK(unguarded.failures > 0);
  const RandomTestResult identity = test_rule_randomly(rf.rules[2], quick(20));
  CHECK(identity.instances == 20);
  CHECK(identity.failures == 0);
}

TEST_CASE("random instances: float32 rules are compared bit for bit, bv rules in N bits",
          "[verify][random]") {
  auto rf = rules(R"(
rule add_zero_float32 {
  domain float32;
  source { %out = add(%x, 0); }
  target { %out = %x; }
}
rule multiply_by_one_float32 {
  domain float32;
  source { %out = multiply(%x, 1); }
  target { %out = %x; }
}
rule halve_double_bv8 {
  domain bv(8);
  source { %out = divide(multiply(%x, 2), 2); }
  target { %out = %x; }
}
rule double_negation_bv8 {
  domain bv(8);
  source { %out = negative(negative(%x)); }
  target { %out = %x; }
})");
  // -0 + 0 = +0 in IEEE: not the identity bit for bit.
  const RandomTestResult add_zero = test_rule_randomly(rf.rules[0], quick());
  CHECK(add_zero.failures > 0);
  CHECK(test_rule_randomly(rf.rules[1], quick()).failures == 0);
  // 2x wraps around in 8 bits.
  CHECK(test_rule_randomly(rf.rules[2], quick()).failures > 0);
  CHECK(test_rule_randomly(rf.rules[3], quick()).failures == 0);
}

TEST_CASE("random instances: values reach past the thresholds of clip(x + 3, 0, 6)",
          "[verify][random]") {
  // Wrong only where x + 3 > 6.
  auto rf = rules(R"(
rule hard_swish_max_7 {
  source {
    %a   = add(%x, 3);
    %c   = clip(%a, min=0, max=7);
    %m   = multiply(%x, %c);
    %out = divide(%m, 6);
  }
  target {
    %out = hard_swish(%x);
  }
})");
  CHECK(test_rule_randomly(rf.rules[0], quick()).failures > 0);
}

TEST_CASE("random instances: a seed gives the same run", "[verify][random]") {
  auto rf = rules(R"(
rule merge_adds {
  source {
    %a   = add(%x, %c1);
    %out = add(%a, %c2);
  }
  require const(%c1, %c2);
  let %c = add(%c1, %c2);
  target {
    %out = add(%x, %c);
  }
})");
  RandomTestOptions o = quick(50);
  const RandomTestResult a = test_rule_randomly(rf.rules[0], o);
  const RandomTestResult b = test_rule_randomly(rf.rules[0], o);
  CHECK(a.instances == 50);
  CHECK(a.attempts == b.attempts);
  CHECK(a.instantiated == b.instantiated);
  o.seed = 2;
  const RandomTestResult c = test_rule_randomly(rf.rules[0], o);
  CHECK(c.instances == 50);
}

TEST_CASE("random instances: a target that does not type-check is a failure", "[verify][random]") {
  auto rf = rules(R"(
rule channel_add_into_bias_any_shape {
  source {
    %y   = conv2d(%x, %w, %b);
    %out = add(%y, %c);
  }
  require const(%b, %c);
  let %b2 = add(%b, %c);
  target {
    %out = conv2d(%x, %w, %b2);
  }
})");
  const RandomTestResult res = test_rule_randomly(rf.rules[0], quick());
  CHECK(res.failures > 0);
  REQUIRE(res.failure);
}

}  // namespace
}  // namespace vf::verify
