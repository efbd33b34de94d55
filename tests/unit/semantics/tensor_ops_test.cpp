// Structured operators of tensor_ops.h (conv2d, dense, matmul, gemm, bias_add,
// batch_norm, pooling, softmax) against values computed by hand, in f32 and f64.
// Each case's arithmetic is spelled out next to it.
#include <catch2/catch.hpp>

#include "op_case.h"

namespace vf {
namespace {

using test::attrs;
using test::f64;
using test::i64;
using test::ints;
using test::iota;
using test::OpCase;

// ---- conv2d ---------------------------------------------------------------------------

TEST_CASE("conv2d: stride 2 and asymmetric padding [1,0,2,1]", "[semantics]") {
  // x[h][w] = 4h + w + 1 (4x4), kernel 2x3 w = [[1,2,-1],[3,-2,1]], stride 2.
  // OH = (4+1+2-2)/2+1 = 3, OW = (4+0+1-3)/2+1 = 2 (the right pad is needed for OW=2).
  // out[oh][ow] = sum x[2oh-1+kh][2ow+kw] w[kh][kw]:
  //   (0,0) row0 c0..2 * [3,-2,1]: 3-4+3 = 2        (0,1) row0 c2,3: 9-8 = 1
  //   (1,0) row1 * [1,2,-1]: 5+12-7 = 10, row2 * [3,-2,1]: 27-20+11 = 18 -> 28
  //   (1,1) row1 c2,3: 7+16 = 23, row2 c2,3: 33-24 = 9 -> 32
  //   (2,0) row3 * [1,2,-1]: 13+28-15 = 26           (2,1) row3 c2,3: 15+32 = 47
  OpCase c;
  NodeId x = c.input("x", {1, 1, 4, 4}, iota(16));
  NodeId w = c.input("w", {1, 1, 2, 3}, {1, 2, -1, 3, -2, 1});
  NodeId y = c.op(OpKind::Conv2d, {x, w},
                  attrs({{"strides", ints({2, 2})}, {"padding", ints({1, 0, 2, 1})}}));
  c.check(y, {1, 1, 3, 2}, {2, 1, 28, 32, 26, 47});
}

TEST_CASE("conv2d: dilation (2, 1)", "[semantics]") {
  // x[h][w] = 5h + w + 1 (5x5), w = [[1,2],[3,4]], dilation 2 along H, 1 along W.
  // out = x[oh][ow] + 2 x[oh][ow+1] + 3 x[oh+2][ow] + 4 x[oh+2][ow+1] = 10 v + 76,
  // v = x[oh][ow]; OH = 5 - 2 = 3, OW = 5 - 1 = 4.
  OpCase c;
  NodeId x = c.input("x", {1, 1, 5, 5}, iota(25));
  NodeId w = c.input("w", {1, 1, 2, 2}, {1, 2, 3, 4});
  NodeId y = c.op(OpKind::Conv2d, {x, w}, attrs({{"dilation", ints({2, 1})}}));
  c.check(y, {1, 1, 3, 4}, {86, 96, 106, 116, 136, 146, 156, 166, 186, 196, 206, 216});
}

TEST_CASE("conv2d: dilation 2 with padding and stride", "[semantics]") {
  // x[h][w] = 4h + w + 1 (4x4), w = [[1,1],[1,1]], dilation 2, padding 1, stride 2.
  // OH = (4+2-2-1)/2+1 = 2. Taps of output (oh,ow): rows 2oh-1, 2oh+1; cols 2ow-1, 2ow+1.
  //   (0,0): rows -1,1 cols -1,1 -> x[1][1] = 6
  //   (0,1): rows -1,1 cols 1,3  -> x[1][1] + x[1][3] = 6 + 8 = 14
  //   (1,0): rows 1,3 cols -1,1  -> x[1][1] + x[3][1] = 6 + 14 = 20
  //   (1,1): rows 1,3 cols 1,3   -> 6 + 8 + 14 + 16 = 44
  OpCase c;
  NodeId x = c.input("x", {1, 1, 4, 4}, iota(16));
  NodeId w = c.input("w", {1, 1, 2, 2}, {1, 1, 1, 1});
  NodeId y = c.op(OpKind::Conv2d, {x, w},
                  attrs({{"strides", ints({2, 2})},
                         {"padding", ints({1, 1, 1, 1})},
                         {"dilation", ints({2, 2})}}));
  c.check(y, {1, 1, 2, 2}, {6, 14, 20, 44});
}

TEST_CASE("conv2d: 2 groups of 2 channels", "[semantics]") {
  // x channels c0=[1,2] c1=[3,4] c2=[5,6] c3=[7,8] (1x2 each); 1x1 weights, groups 2,
  // 4 outputs: o0,o1 read c0,c1; o2,o3 read c2,c3.
  //   o0 = c0 + 2 c1 = [7, 10]       o1 = -c0 + 2 c1 = [5, 6]
  //   o2 = 2 c2 + 0.5 c3 = [13.5, 16] o3 = c2 - 3 c3 = [-16, -18]
  OpCase c;
  NodeId x = c.input("x", {1, 4, 1, 2}, iota(8));
  NodeId w = c.input("w", {4, 2, 1, 1}, {1, 2, -1, 2, 2, 0.5, 1, -3});
  NodeId y = c.op(OpKind::Conv2d, {x, w}, attrs({{"groups", i64(2)}}));
  c.check(y, {1, 4, 1, 2}, {7, 10, 5, 6, 13.5, 16, -16, -18});
}

TEST_CASE("conv2d: depthwise (groups == channels)", "[semantics]") {
  // 3 channels of 2x3, one 2x2 filter each, output 1x2 per channel.
  //   c0 [[1,2,3],[4,5,6]]      * [[1,0],[0,1]]  -> [1+5, 2+6] = [6, 8]
  //   c1 [[-1,0,1],[2,-2,3]]    * [[1,1],[1,1]]  -> [-1+0+2-2, 0+1-2+3] = [-1, 2]
  //   c2 [[.5,1,1.5],[2,2.5,3]] * [[2,-1],[0,1]] -> [1-1+2.5, 2-1.5+3] = [2.5, 3.5]
  OpCase c;
  NodeId x =
      c.input("x", {1, 3, 2, 3}, {1, 2, 3, 4, 5, 6, -1, 0, 1, 2, -2, 3, 0.5, 1, 1.5, 2, 2.5, 3});
  NodeId w = c.input("w", {3, 1, 2, 2}, {1, 0, 0, 1, 1, 1, 1, 1, 2, -1, 0, 1});
  NodeId y = c.op(OpKind::Conv2d, {x, w}, attrs({{"groups", i64(3)}}));
  c.check(y, {1, 3, 1, 2}, {6, 8, -1, 2, 2.5, 3.5});
}

TEST_CASE("conv2d: 1x1 with a bias input and batch 2", "[semantics]") {
  // n0: c0=[1,2,3,4] c1=[5,6,7,8]; n1: c0=[2,3,4,5] c1=[6,7,8,9].
  // W: o0=[1,1] o1=[2,-1] o2=[0.5,0]; bias [10,-10,0.25].
  //   n0: o0 = [6,8,10,12]+10, o1 = [-3,-2,-1,0]-10, o2 = [.5,1,1.5,2]+.25
  //   n1: o0 = [8,10,12,14]+10, o1 = [-2,-1,0,1]-10, o2 = [1,1.5,2,2.5]+.25
  OpCase c;
  NodeId x = c.input("x", {2, 2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8, 2, 3, 4, 5, 6, 7, 8, 9});
  NodeId w = c.input("w", {3, 2, 1, 1}, {1, 1, 2, -1, 0.5, 0});
  NodeId b = c.input("b", {3}, {10, -10, 0.25});
  c.check(c.op(OpKind::Conv2d, {x, w, b}), {2, 3, 2, 2},
          {16, 18, 20, 22, -13, -12, -11, -10, 0.75, 1.25, 1.75, 2.25,
           18, 20, 22, 24, -12, -11, -10, -9,  1.25, 1.75, 2.25, 2.75});
}

// ---- dense, matmul, gemm --------------------------------------------------------------

TEST_CASE("dense with and without bias", "[semantics]") {
  // x = [[1,2,3],[4,5,6]], W = [[1,0,-1],[0.5,1,2]]:
  //   x0.W0 = 1-3 = -2, x0.W1 = .5+2+6 = 8.5, x1.W0 = 4-6 = -2, x1.W1 = 2+5+12 = 19.
  SECTION("no bias") {
    OpCase c;
    NodeId x = c.input("x", {2, 3}, iota(6));
    NodeId w = c.input("w", {2, 3}, {1, 0, -1, 0.5, 1, 2});
    c.check(c.op(OpKind::Dense, {x, w}), {2, 2}, {-2, 8.5, -2, 19});
  }
  SECTION("bias [1, -0.5]") {
    OpCase c;
    NodeId x = c.input("x", {2, 3}, iota(6));
    NodeId w = c.input("w", {2, 3}, {1, 0, -1, 0.5, 1, 2});
    NodeId b = c.input("b", {2}, {1, -0.5});
    c.check(c.op(OpKind::Dense, {x, w, b}), {2, 2}, {-1, 8, -1, 18.5});
  }
  SECTION("rank-3 x keeps its leading dimensions") {
    OpCase c;
    NodeId x = c.input("x", {2, 1, 3}, iota(6));
    NodeId w = c.input("w", {2, 3}, {1, 0, -1, 0.5, 1, 2});
    c.check(c.op(OpKind::Dense, {x, w}), {2, 1, 2}, {-2, 8.5, -2, 19});
  }
}

TEST_CASE("matmul broadcasts a batch dimension", "[semantics]") {
  SECTION("(2,2,3) x (1,3,2)") {
    // B = [[1,0],[0,1],[1,-1]] shared by both batches.
    //   A0 = [[1,2,3],[4,5,6]]  -> [[1+3, 2-3], [4+6, 5-6]] = [[4,-1],[10,-1]]
    //   A1 = [[-1,0,1],[2,2,2]] -> [[-1+1, 0-1], [2+2, 2-2]] = [[0,-1],[4,0]]
    OpCase c;
    NodeId a = c.input("a", {2, 2, 3}, {1, 2, 3, 4, 5, 6, -1, 0, 1, 2, 2, 2});
    NodeId b = c.input("b", {1, 3, 2}, {1, 0, 0, 1, 1, -1});
    c.check(c.op(OpKind::MatMul, {a, b}), {2, 2, 2}, {4, -1, 10, -1, 0, -1, 4, 0});
  }
  SECTION("(2,3) x (2,3,1): the rank-2 operand is shared") {
    // A = [[1,2,3],[4,5,6]]; B0 = [1,1,1]^T -> [6, 15]; B1 = [1,0,-1]^T -> [-2, -2].
    OpCase c;
    NodeId a = c.input("a", {2, 3}, iota(6));
    NodeId b = c.input("b", {2, 3, 1}, {1, 1, 1, 1, 0, -1});
    c.check(c.op(OpKind::MatMul, {a, b}), {2, 2, 1}, {6, 15, -2, -2});
  }
  SECTION("(3,1,1,2) x (2,2,1): both operands broadcast") {
    // A[i] = [[a_i0, a_i1]] with A = [[1,2]],[[3,4]],[[5,6]]; B[j] = [[1],[1]], [[1],[-1]].
    // out[i][j] = A[i] . B[j]: i0: 3, -1; i1: 7, -1; i2: 11, -1.
    OpCase c;
    NodeId a = c.input("a", {3, 1, 1, 2}, iota(6));
    NodeId b = c.input("b", {2, 2, 1}, {1, 1, 1, -1});
    c.check(c.op(OpKind::MatMul, {a, b}), {3, 2, 1, 1}, {3, -1, 7, -1, 11, -1});
  }
}

TEST_CASE("gemm: transposes, alpha, beta and a broadcast C", "[semantics]") {
  // op(A) = [[1,2,3],[4,5,6]], op(B) = [[1,2],[0,1],[-1,0]] ->
  // op(A) op(B) = [[1-3, 2+2], [4-6, 8+5]] = [[-2,4],[-2,13]].
  SECTION("trans_a, trans_b, alpha 2, beta 0.5, C of shape (2) along rows") {
    // 2 * [[-2,4],[-2,13]] + 0.5 * [10,20] = [[-4+5, 8+10], [-4+5, 26+10]].
    OpCase c;
    NodeId a = c.input("a", {3, 2}, {1, 4, 2, 5, 3, 6});
    NodeId b = c.input("b", {2, 3}, {1, 0, -1, 2, 1, 0});
    NodeId cc = c.input("c", {2}, {10, 20});
    NodeId y = c.op(
        OpKind::Gemm, {a, b, cc},
        attrs({{"trans_a", i64(1)}, {"trans_b", i64(1)}, {"alpha", f64(2)}, {"beta", f64(0.5)}}));
    c.check(y, {2, 2}, {1, 18, 1, 36});
  }
  SECTION("no transposes, beta -1, C of shape (2,1) along columns") {
    // [[-2,4],[-2,13]] - [[1],[-1]] = [[-3,3],[-1,14]].
    OpCase c;
    NodeId a = c.input("a", {2, 3}, iota(6));
    NodeId b = c.input("b", {3, 2}, {1, 2, 0, 1, -1, 0});
    NodeId cc = c.input("c", {2, 1}, {1, -1});
    NodeId y = c.op(OpKind::Gemm, {a, b, cc}, attrs({{"beta", f64(-1)}}));
    c.check(y, {2, 2}, {-3, 3, -1, 14});
  }
  SECTION("trans_b only, scalar C, no beta scaling") {
    // op(B) = B^T with B = [[1,0,-1],[2,1,0]]: [[-2,4],[-2,13]] + 0.5.
    OpCase c;
    NodeId a = c.input("a", {2, 3}, iota(6));
    NodeId b = c.input("b", {2, 3}, {1, 0, -1, 2, 1, 0});
    NodeId cc = c.input("c", {}, {0.5});
    NodeId y = c.op(OpKind::Gemm, {a, b, cc}, attrs({{"trans_b", i64(1)}}));
    c.check(y, {2, 2}, {-1.5, 4.5, -1.5, 13.5});
  }
  SECTION("without C, alpha -0.5") {
    OpCase c;
    NodeId a = c.input("a", {2, 3}, iota(6));
    NodeId b = c.input("b", {3, 2}, {1, 2, 0, 1, -1, 0});
    NodeId y = c.op(OpKind::Gemm, {a, b}, attrs({{"alpha", f64(-0.5)}}));
    c.check(y, {2, 2}, {1, -2, 1, -6.5});
  }
}

// ---- bias_add, batch_norm ---------------------------------------------------------------

TEST_CASE("bias_add on axis 1 and on the last axis", "[semantics]") {
  // x (2,3,2) = 0..11.
  SECTION("axis 1 (default)") {
    OpCase c;
    NodeId x = c.input("x", {2, 3, 2}, iota(12, 0));
    NodeId b = c.input("b", {3}, {100, 200, 300});
    c.check(c.op(OpKind::BiasAdd, {x, b}), {2, 3, 2},
            {100, 101, 202, 203, 304, 305, 106, 107, 208, 209, 310, 311});
  }
  SECTION("axis 2 (last)") {
    OpCase c;
    NodeId x = c.input("x", {2, 3, 2}, iota(12, 0));
    NodeId b = c.input("b", {2}, {100, 200});
    c.check(c.op(OpKind::BiasAdd, {x, b}, attrs({{"axis", i64(2)}})), {2, 3, 2},
            {100, 201, 102, 203, 104, 205, 106, 207, 108, 209, 110, 211});
  }
  SECTION("axis -1 counts from the end (Relay writes bias_add(..., axis=-1) after dense)") {
    OpCase c;
    NodeId x = c.input("x", {2, 3, 2}, iota(12, 0));
    NodeId b = c.input("b", {2}, {100, 200});
    c.check(c.op(OpKind::BiasAdd, {x, b}, attrs({{"axis", i64(-1)}})), {2, 3, 2},
            {100, 201, 102, 203, 104, 205, 106, 207, 108, 209, 110, 211});
  }
}

TEST_CASE("batch_norm with epsilon and the scale / center flags", "[semantics]") {
  // x (1,2,1,2): c0 = [1,3], c1 = [-2,4]; gamma [3,.5], beta [1,-1], mean [1,2],
  // var [3.99, 0.24], eps 0.01 -> sqrt(var+eps) = [2, 0.5].
  //   normalized: c0 = [0, 1], c1 = [-8, 4]
  //   full:           c0 = [0*3+1, 1*3+1] = [1, 4],  c1 = [-4-1, 2-1] = [-5, 1]
  //   scale=0:        c0 = [1, 2],                    c1 = [-9, 3]
  //   center=0:       c0 = [0, 3],                    c1 = [-4, 2]
  //   both 0:         c0 = [0, 1],                    c1 = [-8, 4]
  auto run = [](int64_t scale, int64_t center, const std::vector<double>& expected) {
    OpCase c;
    NodeId x = c.input("x", {1, 2, 1, 2}, {1, 3, -2, 4});
    NodeId gamma = c.input("gamma", {2}, {3, 0.5});
    NodeId beta = c.input("beta", {2}, {1, -1});
    NodeId mean = c.input("mean", {2}, {1, 2});
    NodeId var = c.input("var", {2}, {3.99, 0.24});
    c.check(c.op(OpKind::BatchNorm, {x, gamma, beta, mean, var},
                 attrs({{"epsilon", f64(0.01)}, {"scale", i64(scale)}, {"center", i64(center)}})),
            {1, 2, 1, 2}, expected);
  };
  run(1, 1, {1, 4, -5, 1});
  run(0, 1, {1, 2, -9, 3});
  run(1, 0, {0, 3, -4, 2});
  run(0, 0, {0, 1, -8, 4});
}

TEST_CASE("batch_norm on a rank-2 input: default epsilon 1e-5, axis 1 or -1", "[semantics]") {
  // (2,2) with axis 1 -> channel = column. var + 1e-5 = 1 (var = 0.99999):
  //   col0: (x - 1) * 2 + 0, col1: (x + 1) * 1 + 0.5.  x = [[3, 1],[0, -2]].
  //   -> [[4, 2.5], [-2, -0.5]]
  for (const Attrs& a : {Attrs{}, attrs({{"axis", i64(-1)}})}) {
    OpCase c;
    NodeId x = c.input("x", {2, 2}, {3, 1, 0, -2});
    NodeId gamma = c.input("gamma", {2}, {2, 1});
    NodeId beta = c.input("beta", {2}, {0, 0.5});
    NodeId mean = c.input("mean", {2}, {1, -1});
    NodeId var = c.input("var", {2}, {0.99999, 0.99999});
    c.check(c.op(OpKind::BatchNorm, {x, gamma, beta, mean, var}, a), {2, 2}, {4, 2.5, -2, -0.5});
  }
  // axis 0 reads the rows instead: row0 (x-1)*2 -> [4, 0], row1 (x+1)*1+.5 -> [1.5, -0.5].
  OpCase c;
  NodeId x = c.input("x", {2, 2}, {3, 1, 0, -2});
  NodeId gamma = c.input("gamma", {2}, {2, 1});
  NodeId beta = c.input("beta", {2}, {0, 0.5});
  NodeId mean = c.input("mean", {2}, {1, -1});
  NodeId var = c.input("var", {2}, {0.99999, 0.99999});
  c.check(c.op(OpKind::BatchNorm, {x, gamma, beta, mean, var}, attrs({{"axis", i64(0)}})), {2, 2},
          {4, 0, 1.5, -0.5});
}

// ---- pooling -----------------------------------------------------------------------------

TEST_CASE("max_pool2d: padding acts as -inf next to an all-negative border", "[semantics]") {
  // x = [[-1,-2,-3],[-4,-5,-6],[-7,-8,-9]], 2x2 window, stride 2, padding 1: OH = 2.
  //   (0,0) only x[0][0] = -1; (0,1) max(-2,-3) = -2; (1,0) max(-4,-7) = -4;
  //   (1,1) max(-5,-6,-8,-9) = -5. Zero padding would give 0 in the first three.
  OpCase c;
  NodeId x = c.input("x", {1, 1, 3, 3}, {-1, -2, -3, -4, -5, -6, -7, -8, -9});
  NodeId y = c.op(OpKind::MaxPool2d, {x},
                  attrs({{"pool_size", ints({2, 2})},
                         {"strides", ints({2, 2})},
                         {"padding", ints({1, 1, 1, 1})}}));
  c.check(y, {1, 1, 2, 2}, {-1, -2, -4, -5});
}

TEST_CASE("max_pool2d: ceil_mode keeps the partial last window", "[semantics]") {
  // x = 1..9 (3x3), 2x2 window, stride 2. floor: one window {1,2,4,5} -> 5.
  // ceil: windows {1,2,4,5}, {3,6}, {7,8}, {9} -> 5, 6, 8, 9.
  auto pool = [](int64_t ceil) {
    return attrs(
        {{"pool_size", ints({2, 2})}, {"strides", ints({2, 2})}, {"ceil_mode", i64(ceil)}});
  };
  {
    OpCase c;
    NodeId x = c.input("x", {1, 1, 3, 3}, iota(9));
    c.check(c.op(OpKind::MaxPool2d, {x}, pool(0)), {1, 1, 1, 1}, {5});
  }
  {
    OpCase c;
    NodeId x = c.input("x", {1, 1, 3, 3}, iota(9));
    c.check(c.op(OpKind::MaxPool2d, {x}, pool(1)), {1, 1, 2, 2}, {5, 6, 8, 9});
  }
}

TEST_CASE("max_pool2d: ceil_mode never starts a window in the end padding", "[semantics]") {
  // 4x4, 2x2 window, stride 2, padding [0,0,1,1]: (4+1-2)/2 rounded up + 1 = 3 windows,
  // but the third would start at 4, inside the end padding, so it is dropped.
  // x = 1..16: windows {1,2,5,6} {3,4,7,8} {9,10,13,14} {11,12,15,16}.
  OpCase c;
  NodeId x = c.input("x", {1, 1, 4, 4}, iota(16));
  NodeId y = c.op(OpKind::MaxPool2d, {x},
                  attrs({{"pool_size", ints({2, 2})},
                         {"strides", ints({2, 2})},
                         {"padding", ints({0, 0, 1, 1})},
                         {"ceil_mode", i64(1)}}));
  c.check(y, {1, 1, 2, 2}, {6, 8, 14, 16});
  CHECK(window_output_size(4, 0, 1, 2, 2, 1, true) == 2);
  CHECK(window_output_size(4, 0, 1, 2, 2, 1, false) == 2);
  CHECK(window_output_size(3, 0, 0, 2, 2, 1, true) == 2);
  CHECK(window_output_size(3, 0, 0, 2, 2, 1, false) == 1);
  CHECK(window_output_size(5, 1, 1, 3, 2, 2, false) == 2);  // (5+2-4-1)/2+1
}

TEST_CASE("avg_pool2d: count_include_pad changes the divisor at a padded border", "[semantics]") {
  // x = [[1,2],[3,4]], 2x2 window, stride 1, padding 1 -> 3x3 outputs. Window sums:
  //   [[1, 3, 2], [4, 10, 6], [3, 7, 4]] over [[1,2,1],[2,4,2],[1,2,1]] taps inside x;
  //   with count_include_pad every window has 4 taps inside the padded input.
  auto run = [](int64_t include, const std::vector<double>& expected) {
    OpCase c;
    NodeId x = c.input("x", {1, 1, 2, 2}, {1, 2, 3, 4});
    NodeId y = c.op(OpKind::AvgPool2d, {x},
                    attrs({{"pool_size", ints({2, 2})},
                           {"padding", ints({1, 1, 1, 1})},
                           {"count_include_pad", i64(include)}}));
    c.check(y, {1, 1, 3, 3}, expected);
  };
  run(0, {1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4});
  run(1, {0.25, 0.75, 0.5, 1, 2.5, 1.5, 0.75, 1.75, 1});
}

TEST_CASE("avg_pool2d: ceil_mode taps past the padded input are never counted", "[semantics]") {
  // x = 1..9 (3x3), 2x2 window, stride 2, no padding, ceil_mode: the partial windows
  // hang past the input and past the (empty) padding, so even with count_include_pad
  // their divisor is the taps inside: (1+2+4+5)/4, (3+6)/2, (7+8)/2, 9/1.
  for (int64_t include : {0, 1}) {
    OpCase c;
    NodeId x = c.input("x", {1, 1, 3, 3}, iota(9));
    NodeId y = c.op(OpKind::AvgPool2d, {x},
                    attrs({{"pool_size", ints({2, 2})},
                           {"strides", ints({2, 2})},
                           {"ceil_mode", i64(1)},
                           {"count_include_pad", i64(include)}}));
    c.check(y, {1, 1, 2, 2}, {3, 4.5, 7.5, 9});
  }
}

TEST_CASE("global_avg_pool2d averages each (n, c) plane", "[semantics]") {
  // n0: c0 = 1..6 -> 3.5, c1 = [0,0,0,0,0,12] -> 2; n1: c0 = -1..-6 -> -3.5, c1 = 1s -> 1.
  OpCase c;
  NodeId x = c.input("x", {2, 2, 2, 3}, {1,  2,  3,  4,  5,  6,  0, 0, 0, 0, 0, 12,
                                         -1, -2, -3, -4, -5, -6, 1, 1, 1, 1, 1, 1});
  c.check(c.op(OpKind::GlobalAvgPool2d, {x}), {2, 2, 1, 1}, {3.5, 2, -3.5, 1});
}

// ---- softmax -----------------------------------------------------------------------------

TEST_CASE("softmax along axis 1 and axis 0 of a (2,3) tensor", "[semantics]") {
  // softmax([1,2,3]) = e^{-2,-1,0} / (e^-2 + e^-1 + 1); softmax([0,0,0]) = 1/3 each.
  // Along axis 0 the pairs are (1,0), (2,0), (3,0): sigmoid(1), sigmoid(2), sigmoid(3).
  {
    OpCase c;
    NodeId x = c.input("x", {2, 3}, {1, 2, 3, 0, 0, 0});
    c.check(
        c.op(OpKind::Softmax, {x}, attrs({{"axis", i64(1)}})), {2, 3},
        {0.09003057317038046, 0.24472847105479767, 0.6652409557748219, 1.0 / 3, 1.0 / 3, 1.0 / 3});
  }
  {
    OpCase c;
    NodeId x = c.input("x", {2, 3}, {1, 2, 3, 0, 0, 0});
    c.check(c.op(OpKind::Softmax, {x}, attrs({{"axis", i64(0)}})), {2, 3},
            {0.7310585786300049, 0.8807970779778823, 0.9525741268224334, 0.2689414213699951,
             0.11920292202211755, 0.04742587317756678});
  }
}

TEST_CASE("softmax subtracts the maximum: large inputs do not overflow", "[semantics]") {
  // exp(1000) overflows in both precisions; after subtracting the max the values are
  // [0.5, 0.5] and [1, 0]-ish: softmax([1000, 1000]) and softmax([1000, 0]).
  OpCase c;
  NodeId x = c.input("x", {2, 2}, {1000, 1000, 1000, 0});
  c.check(c.op(OpKind::Softmax, {x}), {2, 2}, {0.5, 0.5, 1, 0});
}

TEST_CASE("im2col: conv2d's taps, 0 for padding, stride 2 and asymmetric padding", "[semantics]") {
  // The conv2d case above as a matrix: row (oh, ow), column kh 3 + kw (C = 1), x[h][w] =
  // 4h + w + 1, rows -1 and 4 and column 4 padding.
  OpCase c;
  NodeId x = c.input("x", {1, 1, 4, 4}, iota(16));
  NodeId w = c.input("w", {1, 1, 2, 3}, {1, 2, -1, 3, -2, 1});
  NodeId y = c.op(OpKind::Im2col, {x, w},
                  attrs({{"strides", ints({2, 2})}, {"padding", ints({1, 0, 2, 1})}}));
  c.check(y, {1, 3, 2, 6}, {0, 0, 0, 1,  2,  3, 0,  0,  0,  3, 4, 0, 5,  6,  7, 9, 10, 11,
                            7, 8, 0, 11, 12, 0, 13, 14, 15, 0, 0, 0, 15, 16, 0, 0, 0,  0});
}

TEST_CASE("im2col: columns in (c, kh, kw) order, conv2d as dense over them", "[semantics]") {
  // 2 channels, a 2x2 window over a 2x2 input: one row, the input in NCHW order.
  {
    OpCase c;
    NodeId x = c.input("x", {1, 2, 2, 2}, iota(8));
    NodeId w = c.input("w", {3, 2, 2, 2}, iota(24));
    c.check(c.op(OpKind::Im2col, {x, w}), {1, 1, 1, 8}, iota(8));
  }
  // conv2d == transpose(dense(im2col(x, w), batch_flatten(w)), [0, 3, 1, 2]) with
  // dilation, stride and padding, in f64 (the orders differ; the values agree to rounding).
  OpCase c;
  std::vector<double> xv(2 * 3 * 5 * 6), wv(4 * 3 * 2 * 3);
  for (size_t i = 0; i < xv.size(); ++i) xv[i] = std::sin(static_cast<double>(i));
  for (size_t i = 0; i < wv.size(); ++i) wv[i] = std::cos(static_cast<double>(i));
  NodeId x = c.input("x", {2, 3, 5, 6}, xv);
  NodeId w = c.input("w", {4, 3, 2, 3}, wv);
  const Attrs a = attrs(
      {{"strides", ints({1, 2})}, {"padding", ints({2, 1, 0, 1})}, {"dilation", ints({2, 1})}});
  NodeId conv = c.op(OpKind::Conv2d, {x, w}, a);
  NodeId cols = c.op(OpKind::Im2col, {x, w}, a);
  NodeId d = c.op(OpKind::Dense, {cols, c.op(OpKind::BatchFlatten, {w})});
  NodeId t = c.op(OpKind::Transpose, {d}, attrs({{"perm", ints({0, 3, 1, 2})}}));
  c.output(conv);
  c.output(t);
  const std::vector<Tensor> r = c.run(Precision::F64);
  REQUIRE(shape_string(r[0].shape()) == shape_string(r[1].shape()));
  for (int64_t i = 0; i < r[0].size(); ++i) CHECK(r[1].get(i) == Approx(r[0].get(i)).margin(1e-12));
}

TEST_CASE("im2col: shape errors name the weight's channels", "[semantics]") {
  OpCase c;
  NodeId x = c.input("x", {1, 3, 4, 4}, iota(48));
  NodeId w = c.input("w", {2, 2, 3, 3}, iota(36));
  c.op(OpKind::Im2col, {x, w});
  auto r = infer_types(c.graph());
  REQUIRE(!r);
  CHECK(r.error().message.find("expects 2 input channels per group") != std::string::npos);
}

}  // namespace
}  // namespace vf
