// Regression cases of the kernel campaign (kernel_fuzz.h): each a kernel that disagreed
// with the semantics on special values before vfrt.h was fixed. All are outputs of one graph
// (one compile); conv / dense outputs are checked against native_error_bound (NaN where
// the interpreter gives NaN, the same infinity, finite results within the bound), the
// pool bit for bit.
#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>
#include <cstring>

#include "../semantics/op_case.h"
#include "codegen/bound.h"
#include "codegen_test_util.h"

namespace vf::codegen {
namespace {

using vf::test::attrs;
using vf::test::f64;
using vf::test::i64;
using vf::test::ints;
using vf::test::str;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

struct Case {
  std::string what;
  NodeId node;
  bool bounded;  // conv / dense: within the bound; else bit-identical
};

class Cases {
 public:
  NodeId input(const Shape& s, std::vector<float> v) {
    const std::string n = fmt::format("in{}", inputs_.size());
    inputs_[n] = Tensor::from_floats(s, v);
    return g_.add_input(n, TensorType{DType::F32, s});
  }
  std::vector<float> normal(const Shape& s, double lo = -1, double hi = 1) {
    std::vector<float> v(static_cast<size_t>(num_elements(s)));
    for (float& x : v) x = static_cast<float>(rng_.uniform(lo, hi));
    return v;
  }
  NodeId constant(const Shape& s, std::vector<float> v) {
    return g_.add_constant(fmt::format("c{}", g_.size()), Tensor::from_floats(s, v));
  }
  void out(OpKind k, std::vector<NodeId> in, Attrs a, std::string what, bool bounded) {
    const NodeId id = g_.add_node(k, fmt::format("n{}", g_.size()), std::move(in), std::move(a));
    g_.add_output(id);
    cases_.push_back({std::move(what), id, bounded});
  }
  /// A conv2d / fused_conv2d of x [1, C, H, W] with weights w [O, C, 3, 3] (as given).
  void conv(const std::string& what, int64_t C, int64_t H, int64_t W, int64_t O, int64_t pad,
            std::vector<float> x, std::vector<float> w, const char* act = "none",
            int64_t groups = 1, bool w_input = false) {
    const Shape ws{O, C / groups, 3, 3};
    out(OpKind::FusedConv2d,
        {input({1, C, H, W}, std::move(x)),
         w_input ? input(ws, std::move(w)) : constant(ws, std::move(w))},
        attrs({{"padding", ints({pad, pad, pad, pad})},
               {"groups", i64(groups)},
               {"activation", str(act)},
               {"act_alpha", f64(-0.5)},
               {"act_beta", f64(0.5)}}),
        what, true);
  }

  Graph g_;
  std::map<std::string, Tensor> inputs_;
  std::vector<Case> cases_;
  SplitMix64 rng_{5};
};

bool same_bits(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0;
}

TEST_CASE("codegen: special values reach the outputs as the semantics says (regressions)",
          "[codegen][native]") {
  Cases t;
  {
    // max_pool2d: the semantics keeps a NaN that is a window's first tap inside the input
    // and passes over a later one (maximum(v, best) = best < v ? v : best). The kernel
    // started every window from -inf, so a NaN first tap was dropped (or, with every tap
    // NaN, the result was -inf).
    std::vector<float> x = t.normal({1, 2, 7, 8});
    for (int64_t i : {0, 9, 17, 20, 27, 40, 56 + 3})  // first taps, later taps, a 2x2 block
      x[static_cast<size_t>(i)] = kNaN;
    x[56 + 12] = x[56 + 13] = x[56 + 20] = x[56 + 21] = kNaN;
    const NodeId in = t.input({1, 2, 7, 8}, x);
    t.out(OpKind::MaxPool2d, {in},
          attrs({{"pool_size", ints({3, 3})},
                 {"strides", ints({1, 1})},
                 {"padding", ints({1, 2, 1, 1})}}),
          "max_pool 3x3 padding 1, 2, 1, 1 (left columns start in the padding)", false);
    t.out(OpKind::MaxPool2d, {in},
          attrs({{"pool_size", ints({2, 2})},
                 {"strides", ints({2, 2})},
                 {"padding", ints({0, 0, 0, 0})}}),
          "max_pool 2x2 stride 2 (a window of NaN only)", false);
    // The same, on rows long enough for the vector path of pools read in place (stride 1
    // and 2, no padding): NaN first taps, later taps, a window of NaN only, infinities.
    std::vector<float> xl = t.normal({1, 2, 4, 70});
    for (int64_t i : {0, 3, 33, 70 + 5, 140 + 40, 210 + 41, 280 + 20, 280 + 21, 350 + 20, 350 + 21})
      xl[static_cast<size_t>(i)] = kNaN;
    xl[10] = kInf, xl[70 + 60] = -kInf;
    const NodeId inl = t.input({1, 2, 4, 70}, xl);
    t.out(OpKind::MaxPool2d, {inl},
          attrs({{"pool_size", ints({2, 2})},
                 {"strides", ints({2, 2})},
                 {"padding", ints({0, 0, 0, 0})}}),
          "max_pool 2x2 stride 2 in place, rows of 70", false);
    t.out(OpKind::MaxPool2d, {inl},
          attrs({{"pool_size", ints({2, 3})},
                 {"strides", ints({1, 1})},
                 {"padding", ints({0, 0, 0, 0})}}),
          "max_pool 2x3 stride 1 in place, rows of 70", false);
    t.out(OpKind::MaxPool2d, {inl},
          attrs({{"pool_size", ints({3, 3})},
                 {"strides", ints({2, 2})},
                 {"padding", ints({1, 1, 1, 1})}}),
          "max_pool 3x3 stride 2 padding 1 in place, rows of 70", false);
    t.out(OpKind::AvgPool2d, {inl},
          attrs({{"pool_size", ints({2, 2})},
                 {"strides", ints({2, 2})},
                 {"padding", ints({0, 0, 0, 0})}}),
          "avg_pool 2x2 stride 2 in place, rows of 70", false);
  }
  {
    // An infinite weight at a tap that is padding for the border pixels: the semantics
    // skips padded taps, the kernels multiplied it by the zero padding (NaN).
    for (int64_t groups : {1, 6}) {  // direct (many pixels) and depthwise
      std::vector<float> w = t.normal({6, 6 / groups, 3, 3});
      w[0] = kInf;
      w[static_cast<size_t>(9 * (6 / groups) * 3 + 8)] = -kInf;  // channel 3, tap (2, 2)
      t.conv(fmt::format("conv 6x12x12, groups {}, infinite weights, padding 1", groups), 6, 12, 12,
             6, 1, t.normal({1, 6, 12, 12}), w, "relu", groups);
    }
    std::vector<float> w = t.normal({20, 8, 3, 3});
    w[4 * 72] = kInf;
    t.conv("small-plane conv 8x5x5, infinite weight, padding 1", 8, 5, 5, 20, 1,
           t.normal({1, 8, 5, 5}), w, "clip");
  }
  {
    // Winograd: an infinite input made NaN in the input transform (d1 - d2 with both
    // infinite), where the sum is that infinity; inputs near FLT_MAX overflowed in the
    // transform where the sum is finite.
    std::vector<float> x = t.normal({1, 16, 10, 10});
    x[5 * 10 + 5] = kInf;
    x[100 + 5 * 10 + 6] = kInf;
    x[200 + 2 * 10 + 2] = -kInf;
    t.conv("winograd 16x10x10, infinite inputs", 16, 10, 10, 16, 1, x,
           t.normal({16, 16, 3, 3}, -0.1, 0.1));
    std::vector<float> big = t.normal({1, 16, 10, 10}, 1e37, 3e38);
    t.conv("winograd 16x10x10, inputs up to 3e38 (transforms overflow)", 16, 10, 10, 16, 1, big,
           t.normal({16, 16, 3, 3}, -1e-3, 1e-3));
    // A weight near FLT_MAX: U = G g G^T overflows to inf in float (an infinite sum of the
    // kernel's own), which the activation saturated to the wrong side.
    std::vector<float> w = t.normal({16, 16, 3, 3}, -0.1, 0.1);
    w[3 * 144 + 2 * 9 + 4] = 0.9f * FLT_MAX;
    w[3 * 144 + 2 * 9 + 5] = 0.9f * FLT_MAX;
    t.conv("winograd 16x10x10, weights near FLT_MAX, sigmoid", 16, 10, 10, 16, 1,
           t.normal({1, 16, 10, 10}), w, "sigmoid");
    t.conv("winograd 16x10x10, weights near FLT_MAX, clip", 16, 10, 10, 16, 1,
           t.normal({1, 16, 10, 10}), w, "clip");
  }
  {
    // Layers large enough for two OpenMP threads to split them (pixel tiles; Winograd's
    // tile-block order), with special values: the threads' flags reach the recomputation.
    std::vector<float> w = t.normal({16, 8, 3, 3});
    w[7] = -kInf;
    t.conv("conv 8x64x64 -> 16 (threads split pixel tiles), infinite weight", 8, 64, 64, 16, 1,
           t.normal({1, 8, 64, 64}), w, "hard_sigmoid", 1);
    std::vector<float> x = t.normal({1, 32, 40, 40});
    x[3 * 1600 + 20 * 40 + 20] = kInf;
    x[5 * 1600 + 7] = kNaN;
    t.conv("winograd 32x40x40 (threads split tile blocks), infinite and NaN inputs", 32, 40, 40, 32,
           1, x, t.normal({32, 32, 3, 3}, -0.1, 0.1), "relu");
  }
  {
    // Winograd with C = 21: its V planes are 21 * 48 + 32 floats apart (wino_xi_stride),
    // and the scratch reserved 512 floats for the planes' gaps, not 1024: in the whole-layer
    // order M ran 256 floats into the weights packed at run time after the scratch (which
    // the second sample then read), in the tile-block order one thread's M into the next
    // thread's V. Weights as an input, finite values, two samples.
    // (10 x 12 outputs: 5 x 7 wide tiles, one block of 48, the whole-layer order.)
    for (int64_t h : {10, 40}) {
      const Shape xs{2, 21, h, h == 10 ? 12 : h}, ws{20, 21, 3, 3};
      t.out(OpKind::Conv2d, {t.input(xs, t.normal(xs)), t.input(ws, t.normal(ws, -0.2, 0.2))},
            attrs({{"padding", ints({1, 1, 1, 1})}}),
            fmt::format("winograd {}, weights packed at run time", shape_string(xs)), true);
    }
  }
  {
    // dense: an infinite weight and a NaN input row.
    std::vector<float> w = t.normal({20, 30});
    w[5 * 30 + 7] = kInf;
    std::vector<float> x = t.normal({3, 30});
    x[2 * 30 + 4] = kNaN;
    t.out(OpKind::FusedDense, {t.input({3, 30}, x), t.constant({20, 30}, w)},
          attrs({{"activation", str("hard_swish")}}), "dense, infinite weight, NaN input", true);
  }

  REQUIRE(infer_types(t.g_).ok());
  const CertifiedGraph cg = CertifiedGraph::unrewritten(t.g_);
  NativeModel m = test::build_native(cg);
  const auto y = test::run_native(m, t.inputs_);
  // Two threads: the same bits.
  NativeOptions o;
  o.cache_dir = test::test_cache_dir();
  o.threads = 2;
  auto m2 = NativeModel::build(cg, o);
  INFO((m2 ? std::string() : m2.error().message));
  REQUIRE(m2);
  const auto y2 = test::run_native(*m2, t.inputs_);
  for (size_t i = 0; i < y.size(); ++i) {
    INFO(t.cases_[i].what << ", two threads");
    const auto a = y[i].view<float>(), b = y2[i].view<float>();
    int differ = 0;
    for (size_t j = 0; j < a.size(); ++j) differ += !same_bits(a[j], b[j]);
    CHECK(differ == 0);
  }
  const auto r32 = test::interpret(cg, Precision::F32, t.inputs_);
  const auto r64 = test::interpret(cg, Precision::F64, t.inputs_);
  int non_finite = 0;
  for (size_t i = 0; i < t.cases_.size(); ++i) {
    const Case& c = t.cases_[i];
    INFO(c.what);
    const auto a = y[i].view<float>(), b = r32[i].view<float>();
    const auto d = r64[i].view<double>();
    std::vector<double> bound;
    if (c.bounded) {
      std::vector<Tensor> operands;
      for (NodeId in : t.g_.node(c.node).inputs) {
        const Node& n = t.g_.node(in);
        operands.push_back(n.op == OpKind::Constant ? *n.data : t.inputs_.at(n.name));
      }
      auto bv = native_error_bound(t.g_, c.node, operands);
      REQUIRE(bv);
      REQUIRE(bv->has_value());
      bound = (*bv)->to_doubles();
    }
    int bad = 0, special = 0;
    for (size_t j = 0; j < a.size(); ++j) {
      special += !std::isfinite(b[j]);
      // The non-finite results are the interpreter's, and so are the finite results of the
      // elements the kernels recompute; the rest within the bound.
      const bool ok = c.bounded ? native_distance(a[j], d[j]) <= bound[j] &&
                                      (std::isfinite(a[j]) || same_bits(a[j], b[j]))
                                : same_bits(a[j], b[j]);
      if (!ok && bad++ < 3)
        UNSCOPED_INFO("element " << j << ": native " << a[j] << " f32 " << b[j] << " f64 " << d[j]
                                 << (c.bounded ? " bound " + std::to_string(bound[j]) : ""));
    }
    CHECK(bad == 0);
    non_finite += special;
  }
  CHECK(non_finite > 100);  // the special values do reach the outputs
}

}  // namespace
}  // namespace vf::codegen
