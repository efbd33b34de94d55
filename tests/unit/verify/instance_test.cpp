// The bounded grid: which instances a rule gets, and which it does not.
#include "verify/instance.h"

#include "ir/shape_inference.h"

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
  // 15 windows x 14 channel/group combinations, the first window also with batch 2 (14),
  // and the distinguishing configurations of grid.h (nothing of the conv fixed).
  const auto distinct = distinct_windows(WindowFixed{});
  CHECK(distinct.size() >= 7);
  CHECK(en.instances.size() == 15 * 14 + 14 + distinct.size());
  std::set<int64_t> groups, pads;
  for (const Instance& inst : en.instances) {
    CHECK(inst.target_error.empty());
    const Node& conv = inst.graph.node(inst.graph.find("y"));
    groups.insert(conv.attrs.get_int("groups"));
    pads.insert(conv.attrs.get_ints("padding")[0]);
  }
  CHECK(groups.count(1));
  CHECK(groups.count(2));
  CHECK(groups.count(3));
  CHECK(pads == std::set<int64_t>{0, 1, 2});
  // Smallest first.
  for (size_t k = 1; k < en.instances.size(); ++k)
    CHECK(en.instances[k - 1].size <= en.instances[k].size);
}

TEST_CASE("instances: the distinguishing windows tell every axis apart", "[verify]") {
  auto distinct = [](const Shape& s, size_t ones_ok_from = 4) {
    for (size_t a = 0; a < s.size(); ++a) {
      if (s[a] == 1 && a < ones_ok_from) return false;
      for (size_t b = a + 1; b < s.size(); ++b)
        if (s[a] > 1 && s[a] == s[b]) return false;
    }
    return true;
  };
  for (bool conv : {true, false}) {
    WindowFixed f;
    f.conv = conv;
    const auto ws = distinct_windows(f);
    REQUIRE(ws.size() >= 3);
    for (const DistinctWindow& d : ws) {
      INFO("n " << d.n << " c " << d.ch.c << " o " << d.ch.o << " g " << d.ch.g);
      const int64_t oh = window_output_size(d.h.size, d.h.pb, d.h.pe, d.h.k, d.h.s, d.h.d, false);
      const int64_t ow = window_output_size(d.w.size, d.w.pb, d.w.pe, d.w.k, d.w.s, d.w.d, false);
      CHECK(distinct({d.n, d.ch.c, d.h.size, d.w.size}));
      CHECK(distinct({d.n, conv ? d.ch.o : d.ch.c, oh, ow}));
      if (!conv) continue;
      const Shape w = {d.ch.o, d.ch.c / d.ch.g, d.h.k, d.w.k};
      const bool one_by_one = d.h.k == 1 && d.w.k == 1;  // the kernel is 1 by definition
      if (d.ch.o == d.ch.c && d.ch.g == 1)               // output channels tied to the input's
        CHECK(distinct({w[0], w[2], w[3]}, one_by_one ? 1 : 3));
      else if (one_by_one)
        CHECK(distinct({w[0], w[1]}));
      else
        CHECK(distinct(w, d.ch.g == d.ch.c ? 1 : 4));  // depthwise: c / g is 1
    }
  }
  // A fixed part is kept: an unpadded 3x3 conv over x [2, 3, 5, 7] still finds one.
  WindowFixed f;
  f.x = Shape{2, 3, 5, 7};
  f.padding = std::vector<int64_t>{0, 0, 0, 0};
  for (const DistinctWindow& d : distinct_windows(f)) {
    CHECK(d.h.pb + d.h.pe + d.w.pb + d.w.pe == 0);
    CHECK(d.n == 2);
    CHECK(d.ch.c == 3);
  }
  CHECK(!distinct_windows(f).empty());
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
rule split_relu {
  source {
    %a   = split(%x, axis=0, sizes=$s, index=0);
    %out = relu(%a);
  }
  target {
    %r   = relu(%x);
    %out = split(%r, axis=0, sizes=$s, index=0);
  }
})");
  const Enumeration en = enumerate_instances(rf.rules[0]);
  CHECK(en.instances.empty());
  CHECK_THAT(en.unsupported, Catch::Contains("no grid"));
}

TEST_CASE("instances: transpose's perm and reshape's shape are chosen with the data's shape",
          "[verify]") {
  auto rf = rules(R"(
rule reshape_of_transpose {
  source {
    %a   = transpose(%x, perm=$p);
    %out = reshape(%a, shape=$s);
  }
  target {
    %out = reshape(%a, shape=$s);
  }
})");
  const Enumeration en = enumerate_instances(rf.rules[0]);
  REQUIRE(en.unsupported.empty());
  // Every permutation of a rank-4 input occurs, and a reshape to one axis of a distinct
  // shape (the distinguishing instances' sizes).
  std::set<std::vector<int64_t>> perms;
  bool flat_distinct = false;
  for (const Instance& inst : en.instances)
    for (const Node& n : inst.graph.nodes()) {
      if (n.op == OpKind::Transpose && n.attrs.get_ints("perm").size() == 4)
        perms.insert(n.attrs.get_ints("perm"));
      if (n.op == OpKind::Reshape && n.attrs.get_ints("shape") == std::vector<int64_t>{35})
        flat_distinct = true;
    }
  CHECK(perms.size() == 24);
  CHECK(flat_distinct);
}

TEST_CASE("instances: an int attribute variable operand takes the operand grid, beside the clamps",
          "[verify][quant]") {
  // No precondition on $c: every relation of c to the clamp must occur at some instance,
  // or a rule that forgets one (tests/rules/unsound/quantized.rules) could pass.
  auto rf = rules(R"(
rule min_of_requantize {
  domain bv(64);
  source {
    %y   = requantize(%acc, %m, shift=0, zero_point=0, qmin=$lo, qmax=$hi, dtype=$t);
    %out = minimum(%y, $c);
  }
  target {
    %out = minimum(%y, $c);
  }
})");
  const dsl::Rule& r = rf.rules[0];
  const dsl::AttrVarId c = r.find_attr_var("c");
  REQUIRE(c.valid());
  CHECK(r.var(c).kind == AttrKind::Int);
  const Enumeration en = enumerate_instances(r, Grid::Default, WindowSet::Grid);
  REQUIRE(en.unsupported.empty());
  REQUIRE_FALSE(en.instances.empty());
  std::set<int64_t> values;
  std::set<std::string> relations;
  for (const Instance& inst : en.instances) {
    const int64_t v = std::get<int64_t>(*inst.slot_values[c.index]);
    values.insert(v);
    const Node& y = inst.graph.node(inst.graph.find("y"));
    const int64_t lo = y.attrs.get_int("qmin"), hi = y.attrs.get_int("qmax");
    relations.insert(v < lo    ? "below"
                     : v == lo ? "at qmin"
                     : v < hi  ? "inside"
                     : v == hi ? "at qmax"
                               : "above");
    // The constant holds the value, typed like the requantized tensor beside it.
    const Node& out = inst.graph.node(inst.source_root);
    const Node& k = inst.graph.node(out.inputs[1]);
    CHECK(k.op == OpKind::Constant);
    CHECK(k.type.dtype == y.type.dtype);
    CHECK(k.data->get(0) == static_cast<double>(v));
  }
  CHECK(values == std::set<int64_t>(int_operand_grid().begin(), int_operand_grid().end()));
  CHECK(relations == std::set<std::string>{"below", "at qmin", "inside", "at qmax", "above"});
}

}  // namespace
}  // namespace vf::verify
