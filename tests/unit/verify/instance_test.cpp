// The bounded grid: which instances a rule gets, and which it does not.
#include "verify/instance.h"

#include <catch2/catch.hpp>

#include <set>

#include "verify_test_util.h"

namespace vf::verify {
namespace {

using test::rules;

TEST_CASE("instances: a conv rule gets every window configuration and channel/group count",
          "[verify]") {
  auto rf = rules(R"(
rule conv_relu {
  source {
    %y   = conv2d(%x, %w, strides=$s, padding=$p, dilation=$d, groups=$g);
    %out = relu(%y);
  }
  target {
    %out = fused_conv2d(%x, %w, strides=$s, padding=$p, dilation=$d, groups=$g, activation="relu");
  }
})");
  const Enumeration en = enumerate_instances(rf.rules[0]);
  REQUIRE(en.unsupported.empty());
  // 15 windows x 13 channel/group combinations, the first window also with batch 2 (13),
  // and the 7 distinguishing configurations of grid.h.
  CHECK(en.instances.size() == 15 * 13 + 13 + 7);
  std::set<int64_t> groups, pads;
  for (const Instance& inst : en.instances) {
    CHECK(inst.target_error.empty());
    const Node& conv = inst.graph.node(inst.graph.find("y"));
    groups.insert(conv.attrs.get_int("groups"));
    pads.insert(conv.attrs.get_ints("padding")[0]);
  }
  CHECK(groups == std::set<int64_t>{1, 2, 3, 5});
  CHECK(pads == std::set<int64_t>{0, 1, 2});
  // Smallest first.
  for (size_t k = 1; k < en.instances.size(); ++k)
    CHECK(en.instances[k - 1].size <= en.instances[k].size);
}

TEST_CASE("instances: preconditions on shapes and attributes select the cases", "[verify]") {
  auto rf = rules(R"(
rule depthwise_only {
  source {
    %out = conv2d(%x, %w, groups=$g);
  }
  require $g == dim(%x, 1) && $g > 1;
  target {
    %out = conv2d(%x, %w, groups=$g);
  }
})");
  const Enumeration en = enumerate_instances(rf.rules[0]);
  REQUIRE(!en.instances.empty());
  for (const Instance& inst : en.instances) {
    const Node& x = inst.graph.node(inst.var_inputs[rf.rules[0].find_tensor_var("x").index]);
    const int64_t g = std::get<int64_t>(*inst.slot_values[0]);
    CHECK(g == x.type.shape[1]);
    CHECK(g > 1);
  }
}

TEST_CASE("instances: an attribute the source leaves unmentioned takes every value", "[verify]") {
  auto rf = rules(R"(
rule any_axis {
  source {
    %out = bias_add(%x, %b);
  }
  target {
    %out = bias_add(%x, %b, axis=1);
  }
})");
  const Enumeration en = enumerate_instances(rf.rules[0]);
  std::set<int64_t> axes;
  for (const Instance& inst : en.instances)
    axes.insert(inst.graph.node(inst.graph.find("out")).attrs.get_int("axis"));
  CHECK(axes == std::set<int64_t>{-1, 0, 1, 2, 3});
  REQUIRE(en.slots.size() == 1);
  CHECK(en.slots[0].implicit);
  CHECK(en.slots[0].name == "out.axis");
}

TEST_CASE("instances: a target that does not type-check is kept as the rule's error", "[verify]") {
  auto rf = rules(R"(
rule bad_shift {
  source {
    %out = add(%x, expand_dims(%shift, axis=1, num_newaxis=2));
  }
  require const(%shift) && rank(%x) == 4;
  let %z = multiply(%shift, 0);
  target {
    %out = batch_norm(%x, %shift, %shift, %z, %z, epsilon=1, axis=1, scale=0, center=1);
  }
})");
  const Enumeration en = enumerate_instances(rf.rules[0]);
  bool some_error = false;
  for (const Instance& inst : en.instances) some_error |= !inst.target_error.empty();
  CHECK(some_error);
}

TEST_CASE("instances: an int list attribute without a grid is reported, not guessed", "[verify]") {
  auto rf = rules(R"(
rule reshape_twice {
  source {
    %a   = reshape(%x, shape=$s);
    %out = reshape(%a, shape=$t);
  }
  target {
    %out = reshape(%x, shape=$t);
  }
})");
  const Enumeration en = enumerate_instances(rf.rules[0]);
  CHECK(en.instances.empty());
  CHECK_THAT(en.unsupported, Catch::Contains("no grid"));
}

}  // namespace
}  // namespace vf::verify
