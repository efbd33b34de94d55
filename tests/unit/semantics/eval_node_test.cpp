// Data-movement operators dispatched by eval_node.h (pad, reshape family, transpose,
// concat, split, upsampling) against hand-written layouts, in f32 and f64.
#include <catch2/catch.hpp>

#include "op_case.h"
#include "semantics/eval_node.h"

namespace vf {
namespace {

using test::attrs;
using test::f64;
using test::i64;
using test::ints;
using test::iota;
using test::OpCase;

TEST_CASE("pad with a nonzero value, begins then ends", "[semantics]") {
  // x = [[1,2,3],[4,5,6]], pads [1,0, 0,2]: one row before, two columns after.
  OpCase c;
  NodeId x = c.input("x", {2, 3}, iota(6));
  NodeId y = c.op(OpKind::Pad, {x}, attrs({{"pads", ints({1, 0, 0, 2})}, {"value", f64(-1)}}));
  c.check(y, {3, 5}, {-1, -1, -1, -1, -1, 1, 2, 3, -1, -1, 4, 5, 6, -1, -1});
}

TEST_CASE("pad with zeros on every side of a rank-1 tensor", "[semantics]") {
  OpCase c;
  NodeId x = c.input("x", {2}, {7, 8});
  c.check(c.op(OpKind::Pad, {x}, attrs({{"pads", ints({2, 1})}})), {5}, {0, 0, 7, 8, 0});
}

TEST_CASE("reshape-like ops keep the row-major order and compute the shape", "[semantics]") {
  const std::vector<double> v = iota(12);
  SECTION("reshape (2,6) -> (3,4)") {
    OpCase c;
    NodeId x = c.input("x", {2, 6}, v);
    c.check(c.op(OpKind::Reshape, {x}, attrs({{"shape", ints({3, 4})}})), {3, 4}, v);
  }
  SECTION("flatten default axis 1: (2,3,2) -> (2,6)") {
    OpCase c;
    NodeId x = c.input("x", {2, 3, 2}, v);
    c.check(c.op(OpKind::Flatten, {x}), {2, 6}, v);
  }
  SECTION("flatten axis 2: (2,3,2) -> (6,2)") {
    OpCase c;
    NodeId x = c.input("x", {2, 3, 2}, v);
    c.check(c.op(OpKind::Flatten, {x}, attrs({{"axis", i64(2)}})), {6, 2}, v);
  }
  SECTION("flatten axis 0: (2,3,2) -> (1,12)") {
    OpCase c;
    NodeId x = c.input("x", {2, 3, 2}, v);
    c.check(c.op(OpKind::Flatten, {x}, attrs({{"axis", i64(0)}})), {1, 12}, v);
  }
  SECTION("batch_flatten (3,2,2) -> (3,4)") {
    OpCase c;
    NodeId x = c.input("x", {3, 2, 2}, v);
    c.check(c.op(OpKind::BatchFlatten, {x}), {3, 4}, v);
  }
  SECTION("expand_dims axis 1, two new axes: (12) -> (12,1,1)") {
    OpCase c;
    NodeId x = c.input("x", {12}, v);
    c.check(c.op(OpKind::ExpandDims, {x}, attrs({{"axis", i64(1)}, {"num_newaxis", i64(2)}})),
            {12, 1, 1}, v);
  }
  SECTION("expand_dims axis -1: (3,4) -> (3,4,1)") {
    OpCase c;
    NodeId x = c.input("x", {3, 4}, v);
    c.check(c.op(OpKind::ExpandDims, {x}, attrs({{"axis", i64(-1)}})), {3, 4, 1}, v);
  }
  SECTION("expand_dims axis 0: (3,4) -> (1,3,4)") {
    OpCase c;
    NodeId x = c.input("x", {3, 4}, v);
    c.check(c.op(OpKind::ExpandDims, {x}, attrs({{"axis", i64(0)}})), {1, 3, 4}, v);
  }
  SECTION("squeeze every size-1 axis: (1,6,1,2) -> (6,2)") {
    OpCase c;
    NodeId x = c.input("x", {1, 6, 1, 2}, v);
    c.check(c.op(OpKind::Squeeze, {x}), {6, 2}, v);
  }
  SECTION("squeeze axis 2 only: (1,6,1,2) -> (1,6,2)") {
    OpCase c;
    NodeId x = c.input("x", {1, 6, 1, 2}, v);
    c.check(c.op(OpKind::Squeeze, {x}, attrs({{"axes", ints({2})}})), {1, 6, 2}, v);
  }
}

TEST_CASE("transpose with an explicit perm and with the empty perm (reverse)", "[semantics]") {
  // x[i][j][k] = 6i + 2j + k, shape (2,3,2).
  SECTION("(2,3) with the empty perm is the matrix transpose") {
    OpCase c;
    NodeId x = c.input("x", {2, 3}, iota(6));
    c.check(c.op(OpKind::Transpose, {x}), {3, 2}, {1, 4, 2, 5, 3, 6});
  }
  SECTION("empty perm on (2,3,2): out[k][j][i] = x[i][j][k]") {
    OpCase c;
    NodeId x = c.input("x", {2, 3, 2}, iota(12, 0));
    c.check(c.op(OpKind::Transpose, {x}), {2, 3, 2}, {0, 6, 2, 8, 4, 10, 1, 7, 3, 9, 5, 11});
  }
  SECTION("perm [1,2,0] on (2,3,2): out[j][k][i] = x[i][j][k], shape (3,2,2)") {
    OpCase c;
    NodeId x = c.input("x", {2, 3, 2}, iota(12, 0));
    c.check(c.op(OpKind::Transpose, {x}, attrs({{"perm", ints({1, 2, 0})}})), {3, 2, 2},
            {0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11});
  }
  SECTION("perm [2,0,1] on (2,3,2): out[k][i][j] = x[i][j][k], shape (2,2,3)") {
    OpCase c;
    NodeId x = c.input("x", {2, 3, 2}, iota(12, 0));
    c.check(c.op(OpKind::Transpose, {x}, attrs({{"perm", ints({2, 0, 1})}})), {2, 2, 3},
            {0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11});
  }
}

TEST_CASE("concat of 3 inputs on a middle axis", "[semantics]") {
  // a (2,1,2), b (2,2,2), c (2,1,2) along axis 1 -> (2,4,2):
  //   n0: a0 [1,2], b0 [5,6],[7,8], c0 [13,14]; n1: a1 [3,4], b1 [9,10],[11,12], c1 [15,16]
  for (int64_t axis : {1, -2}) {
    OpCase c;
    NodeId a = c.input("a", {2, 1, 2}, {1, 2, 3, 4});
    NodeId b = c.input("b", {2, 2, 2}, {5, 6, 7, 8, 9, 10, 11, 12});
    NodeId d = c.input("c", {2, 1, 2}, {13, 14, 15, 16});
    c.check(c.op(OpKind::Concat, {a, b, d}, attrs({{"axis", i64(axis)}})), {2, 4, 2},
            {1, 2, 5, 6, 7, 8, 13, 14, 3, 4, 9, 10, 11, 12, 15, 16});
  }
}

TEST_CASE("split of sizes [1,2,1] picks the requested piece", "[semantics]") {
  // x = [[0,1,2,3],[4,5,6,7]] along axis 1: pieces [0|1,2|3] per row.
  auto run = [](int64_t index, const Shape& shape, const std::vector<double>& expected) {
    OpCase c;
    NodeId x = c.input("x", {2, 4}, iota(8, 0));
    c.check(c.op(OpKind::Split, {x},
                 attrs({{"axis", i64(1)}, {"sizes", ints({1, 2, 1})}, {"index", i64(index)}})),
            shape, expected);
  };
  run(0, {2, 1}, {0, 4});
  run(1, {2, 2}, {1, 2, 5, 6});
  run(2, {2, 1}, {3, 7});
}

TEST_CASE("split along axis 0 of a rank-3 tensor", "[semantics]") {
  // x (4,1,2) = 0..7, sizes [1,2,1], index 1 -> rows 1 and 2: [2,3,4,5].
  OpCase c;
  NodeId x = c.input("x", {4, 1, 2}, iota(8, 0));
  c.check(c.op(OpKind::Split, {x},
               attrs({{"axis", i64(0)}, {"sizes", ints({1, 2, 1})}, {"index", i64(1)}})),
          {2, 1, 2}, {2, 3, 4, 5});
}

TEST_CASE("upsampling nearest", "[semantics]") {
  SECTION("x2 in both directions") {
    OpCase c;
    NodeId x = c.input("x", {1, 1, 2, 2}, {1, 2, 3, 4});
    c.check(c.op(OpKind::Upsampling, {x}, attrs({{"scale_h", f64(2)}, {"scale_w", f64(2)}})),
            {1, 1, 4, 4}, {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4});
  }
  SECTION("x1 along H, x3 along W, two channels") {
    OpCase c;
    NodeId x = c.input("x", {1, 2, 2, 1}, {1, 2, 3, 4});
    c.check(c.op(OpKind::Upsampling, {x}, attrs({{"scale_w", f64(3)}})), {1, 2, 2, 3},
            {1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4});
  }
}

TEST_CASE("eval_node called directly appends row-major output", "[semantics]") {
  // The interpreter-independent entry point: a relu over FloatDomain<double> appends
  // to `out` and leaves what was there.
  sem::FloatDomain<double> d;
  const std::vector<double> x = {-1, 2, -3, 4};
  const Shape s = {2, 2};
  const sem::Operand<double> in[] = {{x.data(), &s}};
  std::vector<double> out = {42};
  sem::eval_node(d, OpKind::Relu, Attrs{}, std::span<const sem::Operand<double>>(in), s, out);
  CHECK(out == std::vector<double>{42, 0, 2, 0, 4});
}

}  // namespace
}  // namespace vf
