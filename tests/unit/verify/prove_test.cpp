// Rule proofs end to end: proved (bounded and unbounded), refuted with a counterexample
// that the interpreter reproduces, in the real, bitvector and float32 domains.
#include "verify/prove.h"

#include <catch2/catch.hpp>

#include "verify_test_util.h"

namespace vf::verify {
namespace {

using test::rules;

RuleProof prove(const std::string& text, unsigned budget_ms = 0) {
  auto rf = rules(text);
  REQUIRE(rf.rules.size() == 1);
  ProveOptions opts;
  opts.smt2_budget = 64 * 1024;
  opts.budget_ms = budget_ms;
  return prove_rule(rf.rules[0], "test.rules", opts);
}

constexpr const char* kFoldBnIntoConv = R"(
rule fold {
  source {
    %y   = conv2d(%x, %w, strides=$s, padding=$p, dilation=$d, groups=$g);
    %out = batch_norm(%y, %gamma, %beta, %mean, %var, epsilon=$eps, axis=1, scale=1, center=1);
  }
  require const(%w, %gamma, %beta, %mean, %var) && single_use(%y);
  require $eps >= 0 && all(add(%var, $eps) > 0);
  let %a  = divide(%gamma, sqrt(add(%var, $eps)));
  let %w2 = multiply(%w, expand_dims(%a, axis=1, num_newaxis=3));
  let %b2 = subtract(%beta, multiply(%a, %mean));
  target {
    %out = conv2d(%x, %w2, %b2, strides=$s, padding=$p, dilation=$d, groups=$g);
  }
})";

TEST_CASE("prove: batch norm folded into the conv before it, every grid instance", "[verify]") {
  const RuleProof p = prove(kFoldBnIntoConv);
  INFO(p.reason);
  CHECK(p.outcome == Outcome::Proved);
  // The target's weights are w * a[o]: its accumulator is a[o] times the source's.
  CHECK(p.scope == "unbounded");
  // The conv grid (instance_test), the unit patterns it does not realise, and the
  // distinguishing windows tried until one is proved (here the patterns give one already).
  const int64_t grid = 15 * 14 + 14 + p.pattern_instances;
  CHECK(p.instances >= grid);
  CHECK(p.instances <= grid + static_cast<int64_t>(distinct_windows({}).size()));
  CHECK(p.pattern_instances > 0);  // e.g. batch 2 with every window
  CHECK(p.internal_error.empty());
  // The obligations are kept as SMT-LIB2, one script per instance.
  CHECK(p.smt2_instances >= 1);
  CHECK_THAT(p.smt2, Catch::Contains("(check-sat)"));
}

TEST_CASE("prove: dropping epsilon is refuted, with a symbolic epsilon in the model", "[verify]") {
  const RuleProof p = prove(R"(
rule no_eps {
  source {
    %out = batch_norm(%x, %gamma, %beta, %mean, %var, epsilon=$eps, axis=1, scale=1, center=1);
  }
  require const(%gamma, %beta, %mean, %var) && $eps > 0 && all(%var > 0) && rank(%x) == 2;
  let %a = divide(%gamma, sqrt(%var));
  target {
    %out = add(multiply(subtract(%x, expand_dims(%mean, axis=0)), %a), %beta);
  }
})");
  REQUIRE(p.outcome == Outcome::Refuted);
  REQUIRE(p.counterexample);
  CHECK(p.counterexample->reproduced);
  CHECK(p.internal_error.empty());
  bool has_eps = false;
  for (const auto& [name, v] : p.counterexample->values) has_eps |= name == "$eps";
  CHECK(has_eps);
  CHECK_THAT(p.counterexample->replay, Catch::Contains("interpreter, f64"));
}

TEST_CASE("prove: a shift folded into the bias of a padded conv is refuted at the border",
          "[verify]") {
  // Exact without padding: conv(x + t) = conv(x) + sum_c w[o, c] t[c] for 1x1 kernels.
  // With padding the border outputs see padded zeros, not t.
  const RuleProof p = prove(R"(
rule shift_through_padded_conv {
  source {
    %n   = add(%x, expand_dims(%t, axis=1, num_newaxis=2));
    %out = conv2d(%n, %w, padding=$p, groups=1);
  }
  require const(%t, %w) && rank(%t) == 1 && rank(%x) == 4 && dim(%t, 0) == dim(%x, 1);
  require dim(%w, 2) == 1 && dim(%w, 3) == 1;
  let %b = squeeze(dense(expand_dims(%t, axis=0), squeeze(%w, axes=[2, 3])), axes=[0]);
  target {
    %out = conv2d(%x, %w, %b, padding=$p, groups=1);
  }
})");
  REQUIRE(p.outcome == Outcome::Refuted);
  REQUIRE(p.counterexample);
  CHECK(p.counterexample->reproduced);
  CHECK_THAT(p.counterexample->instance, Catch::Contains("$p = [1, 1, 1, 1]"));
  CHECK(p.internal_error.empty());
}

TEST_CASE("prove: pointwise rules are proved for all sizes", "[verify]") {
  const RuleProof p = prove(R"(
rule hard_swish {
  source {
    %out = divide(multiply(%x, clip(add(%x, 3), min=0, max=6)), 6);
  }
  target {
    %out = hard_swish(%x);
  }
})");
  CHECK(p.outcome == Outcome::Proved);
  CHECK(p.scope == "unbounded");
  const RuleProof q = prove(R"(
rule scale_through_relu {
  source {
    %out = relu(multiply(%x, %s));
  }
  require const(%s) && all(%s > 0);
  target {
    %out = multiply(relu(%x), %s);
  }
})");
  CHECK(q.outcome == Outcome::Proved);
  CHECK(q.scope == "unbounded");
  // Larger instances are covered by the one-element proofs of the same ranks.
  CHECK(q.covered > 0);
  CHECK(q.covered < q.instances);
}

TEST_CASE("prove: an epilogue fusion is proved for all sizes through the shared accumulator",
          "[verify]") {
  const RuleProof fused = prove(R"(
rule conv_bias_relu {
  source {
    %y   = conv2d(%x, %w, %b, strides=$s, padding=$p, dilation=$d, groups=$g);
    %out = relu(%y);
  }
  target {
    %out = fused_conv2d(%x, %w, %b, strides=$s, padding=$p, dilation=$d, groups=$g,
                        has_bias=1, activation="relu");
  }
})");
  CHECK(fused.outcome == Outcome::Proved);
  CHECK(fused.scope == "unbounded");
  // Weights scaled per output channel: the accumulator times the scale, all sizes.
  const RuleProof scaled = prove(R"(
rule conv_times_two {
  source {
    %out = multiply(conv2d(%x, %w, strides=$s, padding=$p, dilation=$d, groups=1), 2);
  }
  require const(%w);
  let %w2 = multiply(%w, 2);
  target {
    %out = conv2d(%x, %w2, strides=$s, padding=$p, dilation=$d, groups=1);
  }
})");
  CHECK(scaled.outcome == Outcome::Proved);
  CHECK(scaled.scope == "unbounded");
  // Weights scaled per *input* channel (a multiply folded into the following conv): the
  // accumulator is not a multiple of the source's, so bounded.
  const RuleProof input_side = prove(R"(
rule scale_into_following_conv {
  source {
    %m   = multiply(%x, %c);
    %out = conv2d(%m, %w, strides=$s, padding=$p, dilation=$d, groups=1);
  }
  require const(%c, %w) && rank(%c) == 3 && dim(%c, 0) == dim(%x, 1);
  require dim(%c, 1) == 1 && dim(%c, 2) == 1;
  let %w2 = multiply(%w, %c);
  target {
    %out = conv2d(%x, %w2, strides=$s, padding=$p, dilation=$d, groups=1);
  }
})");
  CHECK(input_side.outcome == Outcome::Proved);
  CHECK(input_side.scope == "bounded");
  // x read besides the reduction (as the residual): bounded.
  const RuleProof residual = prove(R"(
rule conv_plus_input {
  source {
    %out = add(conv2d(%x, %w, strides=[1, 1], padding=[0, 0, 0, 0], dilation=$d, groups=1), %x);
  }
  require dim(%w, 0) == dim(%x, 1) && dim(%w, 2) == 1 && dim(%w, 3) == 1;
  target {
    %out = fused_conv2d(%x, %w, %x, dilation=$d, groups=1, has_residual=1);
  }
})");
  CHECK(residual.outcome == Outcome::Proved);
  CHECK(residual.scope == "bounded");
}

TEST_CASE("prove: the scale-only relu rule without its sign condition is refuted", "[verify]") {
  const RuleProof p = prove(R"(
rule scale_through_relu {
  source {
    %out = relu(multiply(%x, %s));
  }
  require const(%s);
  target {
    %out = multiply(relu(%x), %s);
  }
})");
  REQUIRE(p.outcome == Outcome::Refuted);
  CHECK(p.counterexample->reproduced);
  // Smallest shapes first: scalars.
  CHECK_THAT(p.counterexample->instance, Catch::Contains("%x: ()"));
}

TEST_CASE("prove: a rule used at other shapes than it can build is refuted", "[verify]") {
  const RuleProof p = prove(R"(
rule any_shift {
  source {
    %out = add(%x, %t);
  }
  require const(%t);
  target {
    %out = bias_add(%x, %t, axis=1);
  }
})");
  REQUIRE(p.outcome == Outcome::Refuted);
  // A counterexample with values (t along the last axis, bias_add along axis 1) is
  // preferred to the instances where bias_add does not type-check (a scalar t).
  CHECK(p.counterexample->reproduced);
  CHECK_THAT(p.counterexample->replay, Catch::Contains("interpreter, f64"));
}

TEST_CASE("prove: a rule wrong only where its target does not type-check", "[verify]") {
  const RuleProof p = prove(R"(
rule batch_shared_residual {
  source {
    %out = add(conv2d(%x, %w, strides=$s, padding=$p, dilation=$d, groups=$g), %r);
  }
  require rank(%r) == 4 && dim(%r, 0) == 1 && dim(%r, 1) == dim(%w, 0);
  require dim(%r, 2) == dim(%out, 2) && dim(%r, 3) == dim(%out, 3);
  target {
    %out = fused_conv2d(%x, %w, %r, strides=$s, padding=$p, dilation=$d, groups=$g,
                        has_residual=1);
  }
})");
  REQUIRE(p.outcome == Outcome::Refuted);
  CHECK_THAT(p.reason, Catch::Contains("residual shape"));
  CHECK(p.counterexample->reproduced);
  CHECK_THAT(p.counterexample->replay, Catch::Contains("does not type-check"));
}

TEST_CASE("prove: bitvector and float32 domains", "[verify]") {
  const RuleProof wrap = prove(R"(
rule add_sub_bv8 {
  domain bv(8);
  source {
    %out = subtract(add(%x, %y), %y);
  }
  require rank(%x) == 1 && rank(%y) == 1 && dim(%x, 0) == dim(%y, 0);
  target {
    %out = %x;
  }
})");
  CHECK(wrap.outcome == Outcome::Proved);
  const RuleProof cancel = prove(R"(
rule mul_div_bv8 {
  domain bv(8);
  source {
    %out = divide(multiply(%x, 2), 2);
  }
  target {
    %out = %x;
  }
})");
  REQUIRE(cancel.outcome == Outcome::Refuted);  // 100 * 2 wraps at 8 bits
  CHECK(cancel.counterexample->reproduced);
  CHECK_THAT(cancel.counterexample->replay, Catch::Contains("8-bit integers"));
  const RuleProof zero = prove(R"(
rule add_zero_f32 {
  domain float32;
  source {
    %out = add(%x, 0);
  }
  target {
    %out = %x;
  }
})");
  REQUIRE(zero.outcome == Outcome::Refuted);  // -0 + 0 = +0
  CHECK(zero.counterexample->reproduced);
  CHECK_THAT(zero.counterexample->replay, Catch::Contains("f32"));
}

TEST_CASE("prove: a rule whose time budget runs out is unknown, not proved", "[verify]") {
  // The same rule as above, proved there: with 1 ms it stops before or within the first
  // of its 200-odd instances, and what it proved by then does not count.
  const RuleProof p = prove(kFoldBnIntoConv, 1);
  CHECK(p.outcome == Outcome::Unknown);
  CHECK_THAT(p.reason, Catch::Contains("time budget of 1 ms ran out"));
  CHECK(p.instances < 15 * 14);
  CHECK(p.ms < 1000);
}

TEST_CASE("prove: a rule without any instance in the grid is unknown, not proved", "[verify]") {
  const RuleProof p = prove(R"(
rule never {
  source {
    %out = relu(%x);
  }
  require dim(%x, 0) == 3 && dim(%x, 0) == 4;
  target {
    %out = relu(%x);
  }
})");
  CHECK(p.outcome == Outcome::Unknown);
  CHECK_THAT(p.reason, Catch::Contains("no instance"));
}

}  // namespace
}  // namespace vf::verify
