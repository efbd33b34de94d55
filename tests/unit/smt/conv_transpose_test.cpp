// conv2d_transpose read with the real domain: at stride 1 it is a conv2d over the input
// padded by d*(k-1) - pad on each side (output_padding more at the bottom / right) with
// each group's filters transposed and flipped; proved for all inputs and weights, and a
// filter left unflipped is refuted.
#include <catch2/catch.hpp>

#include "../semantics/op_case.h"
#include "smt/real_domain.h"
#include "smt_test_util.h"

namespace vf::smt {
namespace {

using test::encode;
using test::verified;
using vf::test::attrs;
using vf::test::i64;
using vf::test::ints;

// x [1, 4, 3, 3], groups 2: w [4, 1, 2, 3] (C_in, C_out/groups, kH, kW), C_out 2.
const Shape kX{1, 4, 3, 3}, kWt{4, 1, 2, 3}, kWc{2, 2, 2, 3};
constexpr int64_t kGroups = 2, kCinG = 2, kCoutG = 1, kKH = 2, kKW = 3;

/// conv2d's weight [C_out, C_in/groups, kH, kW] from conv2d_transpose's: within each
/// group, wc[o, i, kh, kw] = wt[i, o, kH-1-kh, kW-1-kw] (transposed and flipped), or
/// only transposed when `flip` is false.
SymTensor conv_weight(const SymTensor& wt, bool flip) {
  SymTensor wc{kWc, {}};
  for (int64_t o = 0; o < kGroups * kCoutG; ++o)
    for (int64_t i = 0; i < kCinG; ++i)
      for (int64_t kh = 0; kh < kKH; ++kh)
        for (int64_t kw = 0; kw < kKW; ++kw) {
          const int64_t g = o / kCoutG, c = g * kCinG + i, j = o % kCoutG;
          const int64_t sh = flip ? kKH - 1 - kh : kh, sw = flip ? kKW - 1 - kw : kw;
          wc.elems.push_back(
              wt.elems[static_cast<size_t>(((c * kCoutG + j) * kKH + sh) * kKW + sw)]);
        }
  return wc;
}

TEST_CASE("conv2d_transpose at stride 1 is a conv2d with flipped, transposed filters",
          "[smt][conv_transpose]") {
  // Transpose: pads [1, 0, 0, 1], dilation (1, 2), output_padding (0, 1) (< dilation 2).
  // H: 2 - 1 + 1 + 1 = 3; W: 2 - 1 + 4 + 1 + 1 = 7.
  // Conv2d padding d*(k-1) - pad: top 1-1 = 0, left 4-0 = 4, bottom 1-0 = 1,
  // right 4-1+1 = 4; H (3+1-2)+1 = 3, W (3+8-5)+1 = 7.
  Graph src, dst;
  {
    NodeId x = src.add_input("x", TensorType{DType::F32, kX});
    NodeId w = src.add_input("wt", TensorType{DType::F32, kWt}, true);
    src.add_output(src.add_node(OpKind::Conv2dTranspose, "convt", {x, w},
                                attrs({{"padding", ints({1, 0, 0, 1})},
                                       {"dilation", ints({1, 2})},
                                       {"output_padding", ints({0, 1})},
                                       {"groups", i64(kGroups)}})));
  }
  {
    NodeId x = dst.add_input("x", TensorType{DType::F32, kX});
    NodeId w = dst.add_input("wc", TensorType{DType::F32, kWc}, true);
    dst.add_output(dst.add_node(OpKind::Conv2d, "conv", {x, w},
                                attrs({{"padding", ints({0, 4, 1, 4})},
                                       {"dilation", ints({1, 2})},
                                       {"groups", i64(kGroups)}})));
  }
  src = verified(std::move(src));
  dst = verified(std::move(dst));
  REQUIRE(shape_string(src.node(src.outputs()[0]).type.shape) == "(1, 2, 3, 7)");
  REQUIRE(src.node(src.outputs()[0]).type.shape == dst.node(dst.outputs()[0]).type.shape);

  Context ctx;
  RealDomain d(ctx);
  const Bindings in = input_vars(d, src);
  const auto lhs = encode(d, src, in);
  Conditions lc = d.take_conditions();

  SECTION("flipped filters: proved") {
    const auto rhs = encode(d, dst, {{"x", in.at("x")}, {"wc", conv_weight(in.at("wt"), true)}});
    Conditions rc = d.take_conditions();
    Solver s(ctx, SolverOptions{.timeout_ms = 20'000});
    const Verdict v =
        test::timed_check(s, equivalence_query(lhs, rhs, {}, lc, rc), "conv_transpose as a conv");
    INFO(describe(v));
    CHECK(is_proved(v));
  }
  SECTION("filters transposed but not flipped: refuted") {
    const auto rhs = encode(d, dst, {{"x", in.at("x")}, {"wc", conv_weight(in.at("wt"), false)}});
    Conditions rc = d.take_conditions();
    Solver s(ctx, SolverOptions{.timeout_ms = 20'000});
    const Verdict v = test::timed_check(s, equivalence_query(lhs, rhs, {}, lc, rc),
                                        "conv_transpose, unflipped filters");
    INFO(describe(v));
    CHECK(is_refuted(v));
  }
}

}  // namespace
}  // namespace vf::smt
