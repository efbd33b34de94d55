// Elementwise operators (scalar_ops.h and the broadcasting in eval_node.h) against
// hand-computed values, run through the interpreter in f32 and f64, plus the scalar
// formulas called directly with FloatDomain at the points the header documents.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "op_case.h"
#include "semantics/scalar_ops.h"

namespace vf {
namespace {

using test::attrs;
using test::f64;
using test::kNaN;
using test::OpCase;

const double kInf = std::numeric_limits<double>::infinity();

// a: (2,1,3) = [[[1,2,3]],[[4,5,6]]]; b: (4,1) = [[10],[20],[30],[40]]; out (2,4,3).
void check_broadcast_binary(OpKind op, const std::vector<double>& b_values,
                            const std::vector<double>& expected) {
  OpCase c;
  NodeId a = c.input("a", {2, 1, 3}, {1, 2, 3, 4, 5, 6});
  NodeId b = c.input("b", {4, 1}, b_values);
  c.check(c.op(op, {a, b}), {2, 4, 3}, expected);
}

TEST_CASE("add broadcasts (2,1,3) with (4,1)", "[semantics]") {
  check_broadcast_binary(OpKind::Add, {10, 20, 30, 40},
                         {11, 12, 13, 21, 22, 23, 31, 32, 33, 41, 42, 43,
                          14, 15, 16, 24, 25, 26, 34, 35, 36, 44, 45, 46});
}

TEST_CASE("subtract broadcasts (2,1,3) with (4,1), in operand order", "[semantics]") {
  check_broadcast_binary(OpKind::Subtract, {10, 20, 30, 40},
                         {-9, -8, -7, -19, -18, -17, -29, -28, -27, -39, -38, -37,
                          -6, -5, -4, -16, -15, -14, -26, -25, -24, -36, -35, -34});
  // Reversed operands: (4,1) - (2,1,3).
  OpCase c;
  NodeId b = c.input("b", {4, 1}, {10, 20, 30, 40});
  NodeId a = c.input("a", {2, 1, 3}, {1, 2, 3, 4, 5, 6});
  c.check(c.op(OpKind::Subtract, {b, a}), {2, 4, 3}, {9, 8, 7, 19, 18, 17, 29, 28, 27, 39, 38, 37,
                                                      6, 5, 4, 16, 15, 14, 26, 25, 24, 36, 35, 34});
}

TEST_CASE("multiply broadcasts (2,1,3) with (4,1)", "[semantics]") {
  check_broadcast_binary(OpKind::Multiply, {10, 20, 30, 40},
                         {10, 20, 30, 20, 40,  60,  30,  60,  90,  40,  80,  120,
                          40, 50, 60, 80, 100, 120, 120, 150, 180, 160, 200, 240});
}

TEST_CASE("divide broadcasts (2,1,3) with (4,1)", "[semantics]") {
  check_broadcast_binary(
      OpKind::Divide, {10, 20, 30, 40},
      {0.1, 0.2, 0.3, 0.05, 0.1,  0.15, 1.0 / 30, 2.0 / 30, 0.1, 0.025, 0.05,  0.075,
       0.4, 0.5, 0.6, 0.2,  0.25, 0.3,  4.0 / 30, 5.0 / 30, 0.2, 0.1,   0.125, 0.15});
}

TEST_CASE("minimum and maximum broadcast (2,1,3) with (4,1)", "[semantics]") {
  check_broadcast_binary(OpKind::Minimum, {0, 2, 5, 7},
                         {0, 0, 0, 1, 2, 2, 1, 2, 3, 1, 2, 3, 0, 0, 0, 2, 2, 2, 4, 5, 5, 4, 5, 6});
  check_broadcast_binary(OpKind::Maximum, {0, 2, 5, 7},
                         {1, 2, 3, 2, 2, 3, 5, 5, 5, 7, 7, 7, 4, 5, 6, 4, 5, 6, 5, 5, 6, 7, 7, 7});
}

TEST_CASE("binary ops broadcast a scalar against a tensor on either side", "[semantics]") {
  auto run = [](OpKind op, bool scalar_first, const std::vector<double>& expected) {
    OpCase c;
    NodeId s = c.input("s", {}, {2});
    NodeId t = c.input("t", {2, 2}, {1, 2, 3, 4});
    c.check(c.op(op, scalar_first ? std::vector{s, t} : std::vector{t, s}), {2, 2}, expected);
  };
  run(OpKind::Subtract, true, {1, 0, -1, -2});
  run(OpKind::Subtract, false, {-1, 0, 1, 2});
  run(OpKind::Divide, true, {2, 1, 2.0 / 3, 0.5});
  run(OpKind::Divide, false, {0.5, 1, 1.5, 2});
  run(OpKind::Add, true, {3, 4, 5, 6});
  run(OpKind::Multiply, false, {2, 4, 6, 8});
  run(OpKind::Minimum, true, {1, 2, 2, 2});
  run(OpKind::Maximum, false, {2, 2, 3, 4});
}

TEST_CASE("minimum and maximum return the second operand when either is NaN", "[semantics]") {
  OpCase c;
  NodeId a = c.input("a", {4}, {kNaN, 1, kNaN, 3});
  NodeId b = c.input("b", {4}, {1, kNaN, kNaN, 2});
  NodeId mn = c.op(OpKind::Minimum, {a, b});
  NodeId mx = c.op(OpKind::Maximum, {a, b});
  c.output(mn);
  c.output(mx);
  for (Precision p : test::kPrecisions) {
    auto outs = c.run(p);
    test::check_tensor(outs[0], {4}, {1, kNaN, kNaN, 2}, p);
    test::check_tensor(outs[1], {4}, {1, kNaN, kNaN, 3}, p);
  }
}

TEST_CASE("negative, sqrt and rsqrt", "[semantics]") {
  {
    OpCase c;
    NodeId x = c.input("x", {4}, {-1.5, 0, 2, kNaN});
    c.check(c.op(OpKind::Negative, {x}), {4}, {1.5, 0, -2, kNaN});
  }
  {
    OpCase c;
    NodeId x = c.input("x", {5}, {0, 0.25, 4, 2, -1});
    c.check(c.op(OpKind::Sqrt, {x}), {5}, {0, 0.5, 2, 1.4142135623730951, kNaN});
  }
  {
    OpCase c;
    NodeId x = c.input("x", {4}, {0.25, 4, 16, 2});
    c.check(c.op(OpKind::Rsqrt, {x}), {4}, {2, 0.5, 0.25, 0.7071067811865475});
  }
  // 1 / sqrt(0) is +inf under IEEE.
  OpCase c;
  NodeId x = c.input("x", {1}, {0});
  c.output(c.op(OpKind::Rsqrt, {x}));
  for (Precision p : test::kPrecisions) CHECK(c.run(p)[0].get(0) == kInf);
}

TEST_CASE("relu and leaky_relu, including NaN", "[semantics]") {
  {
    OpCase c;
    NodeId x = c.input("x", {6}, {-2, -0.5, 0, 0.5, 3, kNaN});
    c.check(c.op(OpKind::Relu, {x}), {6}, {0, 0, 0, 0.5, 3, kNaN});
  }
  {
    OpCase c;
    NodeId x = c.input("x", {5}, {-2, -0.5, 0, 3, kNaN});
    c.check(c.op(OpKind::LeakyRelu, {x}, attrs({{"alpha", f64(0.1)}})), {5},
            {-0.2, -0.05, 0, 3, kNaN});
  }
  {
    OpCase c;  // default alpha = 0.01
    NodeId x = c.input("x", {2}, {-2, 2});
    c.check(c.op(OpKind::LeakyRelu, {x}), {2}, {-0.02, 2});
  }
}

TEST_CASE("clip saturates at both bounds and passes NaN", "[semantics]") {
  OpCase c;
  NodeId x = c.input("x", {7}, {-3, -1, 0.5, 2, 5, kNaN, -kInf});
  c.check(c.op(OpKind::Clip, {x}, attrs({{"min", f64(-1)}, {"max", f64(2)}})), {7},
          {-1, -1, 0.5, 2, 2, kNaN, -1});
}

TEST_CASE("sigmoid", "[semantics]") {
  OpCase c;
  NodeId x = c.input("x", {5}, {0, 1, -2, 3, kNaN});
  c.check(c.op(OpKind::Sigmoid, {x}), {5},
          {0.5, 0.7310585786300049, 0.11920292202211755, 0.9525741268224334, kNaN});
}

TEST_CASE("hard_sigmoid with default and explicit alpha/beta", "[semantics]") {
  {
    OpCase c;  // 0.2 x + 0.5, clipped to [0, 1]: kinks at -2.5 and 2.5
    NodeId x = c.input("x", {8}, {-3, -2.5, -1, 0, 1, 2.5, 4, kNaN});
    c.check(c.op(OpKind::HardSigmoid, {x}), {8}, {0, 0, 0.3, 0.5, 0.7, 1, 1, kNaN});
  }
  {
    OpCase c;  // 0.5 x + 0.25
    NodeId x = c.input("x", {4}, {-1, 0.5, 1, 2});
    c.check(c.op(OpKind::HardSigmoid, {x}, attrs({{"alpha", f64(0.5)}, {"beta", f64(0.25)}})), {4},
            {0, 0.5, 0.75, 1});
  }
}

TEST_CASE("hard_swish at and around its kinks", "[semantics]") {
  OpCase c;
  // x * clip(x + 3, 0, 6) / 6: 0 for x <= -3, x for x >= 3, x(x+3)/6 between.
  NodeId x = c.input("x", {9}, {-4, -3, -1.5, 0, 1, 3, 4, kNaN, -2});
  c.check(c.op(OpKind::HardSwish, {x}), {9}, {0, 0, -0.375, 0, 2.0 / 3, 3, 4, kNaN, -1.0 / 3});
}

TEST_CASE("scalar formulas in FloatDomain match the documented definitions", "[semantics]") {
  sem::FloatDomain<double> d;
  SECTION("hard_swish kinks") {
    CHECK(sem::hard_swish(d, -3.0) == 0.0);
    CHECK(sem::hard_swish(d, 0.0) == 0.0);
    CHECK(sem::hard_swish(d, 3.0) == 3.0);
    CHECK(sem::hard_swish(d, -3.0000001) == 0.0);
    CHECK(sem::hard_swish(d, 2.0) == Approx(10.0 / 6).epsilon(1e-15));
    CHECK(std::isnan(sem::hard_swish(d, kNaN)));
  }
  SECTION("NaN passes through relu, leaky_relu, clip, hard_sigmoid") {
    CHECK(std::isnan(sem::relu(d, kNaN)));
    CHECK(std::isnan(sem::leaky_relu(d, kNaN, 0.1)));
    CHECK(std::isnan(sem::clip(d, kNaN, 0.0, 6.0)));
    CHECK(std::isnan(sem::hard_sigmoid(d, kNaN, 0.2, 0.5)));
  }
  SECTION("minimum / maximum pick the second operand on NaN") {
    CHECK(sem::minimum(d, kNaN, 1.0) == 1.0);
    CHECK(std::isnan(sem::minimum(d, 1.0, kNaN)));
    CHECK(sem::maximum(d, kNaN, 1.0) == 1.0);
    CHECK(std::isnan(sem::maximum(d, 1.0, kNaN)));
    CHECK(sem::minimum(d, -1.0, 2.0) == -1.0);
    CHECK(sem::maximum(d, -1.0, 2.0) == 2.0);
  }
  SECTION("epilogue activations dispatch to the standalone definitions") {
    CHECK(sem::activation(d, Activation::None, -2.0, 0, 0) == -2.0);
    CHECK(sem::activation(d, Activation::Relu, -2.0, 0, 0) == 0.0);
    CHECK(sem::activation(d, Activation::LeakyRelu, -2.0, 0.25, 0) == -0.5);
    CHECK(sem::activation(d, Activation::Clip, 7.0, 0, 6) == 6.0);
    CHECK(sem::activation(d, Activation::Clip, -7.0, -1, 6) == -1.0);
    CHECK(sem::activation(d, Activation::Sigmoid, 0.0, 0, 0) == 0.5);
    CHECK(sem::activation(d, Activation::HardSigmoid, 1.0, 0.5, 0.25) == 0.75);
    CHECK(sem::activation(d, Activation::HardSwish, -1.5, 0, 0) == -0.375);
    // gelu: act_alpha / act_beta are the erf form's divisor and multiplier, the tanh form's
    // scale and cubic coefficient, in that order.
    for (double x : {-2.5, -0.5, 0.0, 0.75, 3.0}) {
      CHECK(sem::activation(d, Activation::Gelu, x, 1.4142135623730951, 1) ==
            sem::gelu(d, x, false, 1.4142135623730951, 1.0));
      CHECK(sem::activation(d, Activation::GeluTanh, x, 0.7978845608028654, 0.044715) ==
            sem::gelu(d, x, true, 0.7978845608028654, 0.044715));
    }
    CHECK(sem::activation(d, Activation::Gelu, 1.0, 2, 1) !=
          sem::activation(d, Activation::Gelu, 1.0, 1, 2));
    CHECK(sem::activation(d, Activation::Gelu, 1.0, 1.4142135623730951, 1) ==
          Approx(0.8413447460685429));
  }
  SECTION("float domain rounds each operation to float") {
    sem::FloatDomain<float> f;
    // 1 + 2^-30 is 1 in float, not in double.
    CHECK(f.add(1.0f, f.lit(0x1.0p-30)) == 1.0f);
    CHECK(d.add(1.0, d.lit(0x1.0p-30)) != 1.0);
  }
}

}  // namespace
}  // namespace vf
