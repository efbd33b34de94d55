// conv2d / fused_conv2d / dense / fused_dense natively vs the f64 interpreter, on seeded
// random shapes and attributes (stride, asymmetric padding, dilation, groups, depthwise,
// 1x1, odd sizes, every activation, residual; Winograd F(2x2, 3x3); small planes), within the
// reassociation bound of docs/codegen.md (native_error_bound, codegen/bound.h). All cases are
// outputs of one graph, so one compile covers them; the graph is built twice: with -march=native
// (AVX-512 here) and with the compiler's portable default (the vector-extension fallback).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "../semantics/op_case.h"
#include "codegen/bound.h"
#include "codegen/conv_algorithm.h"
#include "codegen/f32_range_domain.h"
#include "codegen_test_util.h"
#include "ir/op_attrs.h"
#include "semantics/scalar_ops.h"

namespace vf::codegen {
namespace {

using vf::test::attrs;
using vf::test::f64;
using vf::test::i64;
using vf::test::ints;
using vf::test::str;

struct Case {
  bool conv = true;
  // conv: x [N, C, H, W], w [O, C / groups, KH, KW]; dense: x [N, H, C] (H = 0: [N, C]), w [O, C].
  int64_t N = 1, C = 1, H = 1, W = 1, O = 1, KH = 1, KW = 1, sh = 1, sw = 1;
  int64_t pt = 0, pl = 0, pb = 0, pr = 0, dh = 1, dw = 1, groups = 1;
  bool fused = true, bias = false, scale = false, shift = false, residual = false;
  Activation act = Activation::None;
  double alpha = 0, beta = 0;

  int64_t OH() const { return (H + pt + pb - dh * (KH - 1) - 1) / sh + 1; }
  int64_t OW() const { return (W + pl + pr - dw * (KW - 1) - 1) / sw + 1; }
  Shape x_shape() const {
    if (conv) return {N, C, H, W};
    return H > 0 ? Shape{N, H, C} : Shape{N, C};
  }
  Shape w_shape() const { return conv ? Shape{O, C / groups, KH, KW} : Shape{O, C}; }
  Shape y_shape() const {
    if (conv) return {N, O, OH(), OW()};
    return H > 0 ? Shape{N, H, O} : Shape{N, O};
  }
  /// Terms of each dot product.
  int64_t K() const { return conv ? C / groups * KH * KW : C; }
  int64_t channel(int64_t flat) const { return conv ? flat / (OH() * OW()) % O : flat % O; }
};

void set_act(Case& c, Activation a) {
  c.act = a;
  switch (a) {
    case Activation::LeakyRelu: c.alpha = 0.1; break;
    case Activation::Clip: c.alpha = -0.25, c.beta = 0.3; break;
    case Activation::HardSigmoid: c.alpha = 0.2, c.beta = 0.5; break;
    // gelu: torch.onnx's float32 sqrt(2) and multiplier 1; gelu_tanh: GPT-2's constants.
    case Activation::Gelu: c.alpha = 1.4142135381698608, c.beta = 1; break;
    case Activation::GeluTanh: c.alpha = 0.7978845608028654, c.beta = 0.044715; break;
    default: break;
  }
}

/// The kernel the emitter uses for conv case `c`.
ConvAlgorithm algorithm(const Case& c) {
  Conv2dAttrs a;
  a.strides = {c.sh, c.sw}, a.padding = {c.pt, c.pl, c.pb, c.pr}, a.dilation = {c.dh, c.dw};
  a.groups = c.groups;
  return conv_algorithm(c.x_shape(), c.w_shape(), c.y_shape(), a);
}
bool winograd(const Case& c) { return c.conv && is_winograd(algorithm(c)); }

/// Hand-picked cases (each kernel path) and seeded random ones.
std::vector<Case> cases() {
  std::vector<Case> v;
  auto conv = [&](int64_t N, int64_t C, int64_t H, int64_t W, int64_t O, int64_t K, int64_t s,
                  int64_t p, int64_t g = 1) {
    Case c;
    c.N = N, c.C = C, c.H = H, c.W = W, c.O = O, c.KH = c.KW = K, c.sh = c.sw = s;
    c.pt = c.pl = c.pb = c.pr = p, c.groups = g;
    return c;
  };
  const Activation acts[] = {Activation::None,      Activation::Relu,    Activation::LeakyRelu,
                             Activation::Clip,      Activation::Sigmoid, Activation::HardSigmoid,
                             Activation::HardSwish, Activation::Silu,    Activation::Mish,
                             Activation::Gelu,      Activation::GeluTanh};
  // 1x1 in place (direct stores), with a full epilogue and each activation.
  for (Activation a : acts) {
    Case c = conv(1, 5 + static_cast<int>(a), 7, 9, 13, 1, 1, 0);
    c.bias = c.scale = c.shift = c.residual = true;
    set_act(c, a);
    v.push_back(c);
  }
  {  // plain conv2d, with and without bias; 1x1 stride 2; a batch
    Case c = conv(2, 6, 11, 10, 16, 3, 1, 1);
    c.fused = false;
    v.push_back(c);
    c.bias = true;
    v.push_back(c);
    Case d = conv(2, 8, 9, 13, 20, 1, 2, 0);
    d.bias = d.residual = true;
    set_act(d, Activation::Relu);
    v.push_back(d);
  }
  {  // the ResNet stem (7x7 stride 2 pad 3) and a 3x3 layer larger than one panel
    Case c = conv(1, 3, 30, 34, 16, 7, 2, 3);
    c.bias = true, set_act(c, Activation::Relu);
    v.push_back(c);
    Case d = conv(1, 64, 28, 28, 24, 3, 1, 1);
    d.shift = d.residual = true, set_act(d, Activation::Relu);
    v.push_back(d);
    Case e = conv(1, 8, 64, 64, 16, 3, 2, 1);  // direct, many pixel tiles: threads split them
    e.bias = true, set_act(e, Activation::Relu);
    v.push_back(e);
  }
  {  // patch embeddings (kernel = stride, no padding: a GEMM of the patches), a batch, a
     // height the patches do not cover (33 rows of 8), fused and plain; with a residual the
     // emitter keeps the direct kernel
    Case c = conv(2, 4, 33, 34, 64, 8, 8, 0);
    c.bias = true, set_act(c, Activation::Gelu);
    v.push_back(c);
    Case d = conv(1, 5, 32, 48, 70, 8, 8, 0);
    d.fused = false;
    v.push_back(d);
    Case e = conv(1, 4, 16, 16, 64, 8, 8, 0);
    e.bias = e.residual = true;
    v.push_back(e);
  }
  {  // asymmetric padding, dilation, rectangular kernels
    Case c = conv(1, 4, 12, 15, 9, 3, 2, 0);
    c.pt = 0, c.pl = 1, c.pb = 2, c.pr = 0, c.KW = 2;
    c.bias = true, set_act(c, Activation::HardSwish);
    v.push_back(c);
    Case d = conv(1, 5, 13, 11, 7, 3, 1, 2);
    d.dh = 2, d.dw = 3, d.pl = 3, d.residual = true;
    v.push_back(d);
    Case e = conv(1, 3, 17, 16, 8, 5, 3, 2);
    e.dh = 2, e.scale = e.shift = true, set_act(e, Activation::Clip);
    v.push_back(e);
  }
  {  // groups, depthwise (stride 1 and 2, 3x3 and 5x5), channel multiplier
    Case g = conv(1, 8, 10, 9, 12, 3, 1, 1, 4);
    g.bias = true, set_act(g, Activation::LeakyRelu);
    v.push_back(g);
    for (Activation a : acts) {
      Case d = conv(1, 6, 21, 37, 6, 3, 1 + static_cast<int>(a) % 2, 1, 6);
      d.bias = d.scale = d.shift = true, d.residual = d.sh == 1;
      set_act(d, a);
      v.push_back(d);
    }
    Case d5 = conv(2, 10, 12, 50, 10, 5, 2, 2, 10);
    d5.bias = true, set_act(d5, Activation::HardSwish);
    v.push_back(d5);
    Case m = conv(1, 4, 9, 9, 8, 3, 1, 1, 4);  // groups == C, two outputs per channel
    m.bias = true;
    v.push_back(m);
  }
  {  // Winograd F(2x2, 3x3) (codegen/conv_algorithm.h): odd sizes, no / asymmetric padding,
     // a batch, every epilogue part and activation, one and several tile blocks.
    Case w1 = conv(2, 16, 19, 17, 20, 3, 1, 1);
    w1.bias = w1.scale = w1.shift = w1.residual = true, set_act(w1, Activation::Relu);
    v.push_back(w1);
    Case w2 = conv(1, 24, 12, 10, 17, 3, 1, 0);
    w2.bias = true, set_act(w2, Activation::HardSwish);
    v.push_back(w2);
    Case w3 = conv(1, 16, 9, 12, 16, 3, 1, 0);
    w3.pt = 2, w3.pr = 2, w3.residual = true, set_act(w3, Activation::LeakyRelu);
    v.push_back(w3);
    Case w4 = conv(1, 33, 17, 16, 40, 3, 1, 1);
    w4.fused = false, w4.bias = true;
    v.push_back(w4);
    for (Activation a : {Activation::Sigmoid, Activation::Clip, Activation::HardSigmoid}) {
      Case w5 = conv(1, 16, 8, 8, 16, 3, 1, 1);
      w5.scale = w5.shift = true, w5.residual = a == Activation::Clip, set_act(w5, a);
      v.push_back(w5);
    }
    Case w6 = conv(1, 16, 40, 39, 24, 3, 1, 1);  // many tile blocks: threads split them
    w6.bias = w6.residual = true, set_act(w6, Activation::Relu);
    v.push_back(w6);
    // F(4x4, 3x3) (planes of at least 28x28; the 28x28 case above and w6 take it too): a
    // batch, a partial channel block, widths not a multiple of 4 (the last tile's columns),
    // no / asymmetric padding, one and several tile blocks, every epilogue part.
    Case f1 = conv(2, 20, 30, 29, 17, 3, 1, 1);
    f1.bias = f1.scale = f1.shift = f1.residual = true, set_act(f1, Activation::HardSwish);
    v.push_back(f1);
    Case f2 = conv(1, 16, 33, 34, 16, 3, 1, 0);
    f2.fused = false;
    v.push_back(f2);
    Case f3 = conv(1, 24, 28, 30, 32, 3, 1, 1);
    f3.pt = 2, f3.pr = 2, f3.residual = true, set_act(f3, Activation::LeakyRelu);
    v.push_back(f3);
    Case f4 = conv(1, 40, 56, 56, 16, 3, 1, 1);
    f4.bias = true, set_act(f4, Activation::Sigmoid);
    v.push_back(f4);
    // Output channels in the lanes (planes of 16 to 256 pixels, codegen/conv_algorithm.h):
    // 7x7 and 14x14 (ResNet's last stages), 4x4, 6x10, 8x8; partial channel tiles, a
    // batch, residuals.
    Case l1 = conv(1, 100, 7, 7, 40, 3, 1, 1);
    l1.bias = l1.residual = true, set_act(l1, Activation::Relu);
    v.push_back(l1);
    Case l2 = conv(2, 16, 4, 4, 16, 3, 1, 1);
    l2.scale = l2.shift = true, set_act(l2, Activation::HardSwish);
    v.push_back(l2);
    Case l3 = conv(1, 33, 7, 12, 70, 3, 1, 0);
    l3.pt = 1, l3.pb = 0, l3.bias = true, set_act(l3, Activation::Sigmoid);
    v.push_back(l3);
    Case l4 = conv(1, 20, 8, 8, 17, 3, 1, 1);
    l4.fused = false;
    v.push_back(l4);
    Case l5 = conv(1, 24, 14, 14, 36, 3, 1, 1);
    l5.bias = l5.shift = l5.residual = true, set_act(l5, Activation::LeakyRelu);
    v.push_back(l5);
  }
  {  // Small planes (<= 64 output pixels): output channels in the vector lanes; several
     // pixel tiles, input-channel chunks, a partial channel tile, stride 2, 1x1 in place,
     // a 1x1 plane (squeeze-excitation).
    Case s1 = conv(1, 12, 7, 7, 40, 3, 1, 1);
    s1.bias = s1.residual = true, set_act(s1, Activation::Relu);
    v.push_back(s1);
    Case s5 = conv(1, 100, 6, 9, 70, 3, 1, 0);  // 4x7 outputs: too few for Winograd
    s5.scale = true, set_act(s5, Activation::Clip);
    v.push_back(s5);
    Case s2 = conv(2, 24, 13, 13, 20, 3, 2, 1);
    s2.bias = s2.scale = true, set_act(s2, Activation::HardSwish);
    v.push_back(s2);
    Case s3 = conv(1, 48, 5, 6, 17, 1, 1, 0);
    s3.shift = s3.residual = true, set_act(s3, Activation::Sigmoid);
    v.push_back(s3);
    Case s4 = conv(1, 40, 1, 1, 10, 1, 1, 0);
    s4.bias = true, set_act(s4, Activation::HardSigmoid);
    v.push_back(s4);
  }
  // Seeded random convolutions.
  SplitMix64 rng(20240606);
  auto pick = [&](int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(rng.next() % static_cast<uint64_t>(hi - lo + 1));
  };
  for (int i = 0; i < 14; ++i) {
    Case c;
    c.groups = pick(0, 3) == 0 ? pick(2, 3) : 1;
    c.C = c.groups * pick(1, 9), c.O = c.groups * pick(1, 11);
    if (pick(0, 4) == 0) c.groups = c.C, c.O = c.C;  // depthwise
    c.N = pick(1, 2), c.KH = pick(1, 5), c.KW = pick(1, 5), c.sh = pick(1, 3), c.sw = pick(1, 3);
    c.dh = pick(1, 2), c.dw = pick(1, 2);
    c.pt = pick(0, c.KH), c.pl = pick(0, c.KW), c.pb = pick(0, c.KH), c.pr = pick(0, c.KW);
    c.H = pick(c.dh * (c.KH - 1) + 1, 24), c.W = pick(c.dw * (c.KW - 1) + 1, 40);
    c.bias = pick(0, 1), c.scale = pick(0, 1), c.shift = pick(0, 1), c.residual = pick(0, 1);
    set_act(c, acts[pick(0, 6)]);
    v.push_back(c);
  }
  // Dense: rows 1, 3, 4, 9 (row tiles and tails), M across block tails, rank 3.
  for (int i = 0; i < 7; ++i) {
    Case c;
    c.conv = false;
    c.N = std::vector<int64_t>{1, 3, 4, 9, 1, 2, 5}[static_cast<size_t>(i)];
    c.H = i == 5 ? 3 : 0;
    c.C = std::vector<int64_t>{1, 17, 64, 33, 300, 8, 5}[static_cast<size_t>(i)];
    c.O = std::vector<int64_t>{1, 16, 33, 7, 1000, 40, 2}[static_cast<size_t>(i)];
    c.fused = i != 3;
    c.bias = i != 0, c.scale = i % 2 == 1, c.shift = i % 3 == 0, c.residual = i % 2 == 0;
    set_act(c, acts[static_cast<size_t>(i)]);
    if (!c.fused) c.scale = c.shift = c.residual = false, c.act = Activation::None;
    v.push_back(c);
  }
  // Dense + gelu (both forms) as a transformer's FFN has them: rank 3, bias, and with a
  // residual; rows and columns across tile tails.
  for (Activation a : {Activation::Gelu, Activation::GeluTanh})
    for (bool residual : {false, true}) {
      Case c;
      c.conv = false;
      c.N = 2, c.H = 13, c.C = 96, c.O = residual ? 70 : 130;
      c.bias = true, c.residual = residual;
      set_act(c, a);
      v.push_back(c);
    }
  return v;
}

/// The interpreter's epilogue attributes of a case.
Attrs node_attrs(const Case& c) {
  Attrs a;
  if (c.conv)
    a = attrs({{"strides", ints({c.sh, c.sw})},
               {"padding", ints({c.pt, c.pl, c.pb, c.pr})},
               {"dilation", ints({c.dh, c.dw})},
               {"groups", i64(c.groups)}});
  if (c.fused) {
    a.set("has_bias", i64(c.bias));
    a.set("has_scale", i64(c.scale));
    a.set("has_shift", i64(c.shift));
    a.set("has_residual", i64(c.residual));
    a.set("activation", str(std::string(activation_name(c.act))));
    a.set("act_alpha", f64(c.alpha));
    a.set("act_beta", f64(c.beta));
  }
  return a;
}

// The builds a bound test compiles: make test's (-march=native, and two threads compared
// with it bit for bit) or the campaign's (the portable build, and two threads with the
// second one late, compared with the -march=native build).
enum class Builds { Native, Campaign };

/// -march=native and, in the campaign, the portable build (true: -march=native).
std::vector<bool> march_builds(Builds builds) {
  return builds == Builds::Native ? std::vector<bool>{true} : std::vector<bool>{true, false};
}

/// `cg` built with two threads (in the campaign, the second one late) gives `first`, the
/// one-thread -march=native outputs, bit for bit.
void check_two_threads(const CertifiedGraph& cg, const std::map<std::string, Tensor>& inputs,
                       const std::vector<Tensor>& first, Builds builds) {
  NativeOptions o;
  o.cache_dir = test::test_cache_dir();
  o.threads = 2;
  if (builds == Builds::Campaign) o.extra_flags = {"-DVFRT_SHARE_LATE_US=2000"};
  auto m2 = NativeModel::build(cg, o);
  INFO((m2 ? std::string() : m2.error().message));
  REQUIRE(m2);
  const auto got2 = test::run_native(*m2, inputs);
  REQUIRE(got2.size() == first.size());
  for (size_t i = 0; i < got2.size(); ++i) CHECK(got2[i] == first[i]);
}

void conv_dense_within_bound(Builds builds) {
  const std::vector<Case> cs = cases();
  SplitMix64 rng(7);
  Graph g;  // the ops under test
  std::map<std::string, Tensor> inputs;
  std::vector<std::vector<Tensor>> node_inputs(cs.size());  // per case, as the node reads them
  std::vector<std::vector<NodeId>> node_ids(cs.size());
  for (size_t i = 0; i < cs.size(); ++i) {
    const Case& c = cs[i];
    const OpKind plain = c.conv ? OpKind::Conv2d : OpKind::Dense;
    const OpKind fused = c.conv ? OpKind::FusedConv2d : OpKind::FusedDense;
    const Tensor x = test::random_tensor(rng, c.x_shape());
    const Tensor w = test::random_tensor(rng, c.w_shape(), -0.5, 0.5);
    const std::string n = std::to_string(i);
    std::vector<NodeId> in{g.add_input("x" + n, TensorType{DType::F32, c.x_shape()}),
                           g.add_constant("w" + n, w)};
    inputs["x" + n] = x;
    node_inputs[i] = {x, w};
    const bool part[3] = {c.bias, c.scale, c.shift};
    for (int k = 0; k < 3; ++k)
      if (part[k]) {
        const Tensor p = k == 1 ? test::random_tensor(rng, {c.O}, -1.5, 1.5)
                                : test::random_tensor(rng, {c.O}, -0.5, 0.5);
        node_inputs[i].push_back(p);
        in.push_back(g.add_constant(fmt::format("p{}_{}", n, k), p));
      }
    if (c.residual) {
      const Tensor r = test::random_tensor(rng, c.y_shape());
      node_inputs[i].push_back(r);
      in.push_back(g.add_input("r" + n, TensorType{DType::F32, c.y_shape()}));
      inputs["r" + n] = r;
    }
    node_ids[i] = in;
    g.add_output(g.add_node(c.fused ? fused : plain, "y" + n, in, node_attrs(c)));
  }
  // Mutants: the first direct, small-plane, Winograd (F(2x2) both orientations, F(4x4)) and
  // dense case again whose activation never flattens a change (none, leaky_relu, sigmoid; a
  // relu can zero the one output channel the mutation moves), with its largest weight off by
  // 2^-7 (relative). They run in the same model; compared with the original case's
  // interpreter outputs and bound, each must exceed the bound somewhere.
  std::vector<size_t> mutant_of;
  for (auto pick :
       {+[](const Case& c) { return c.conv && algorithm(c) == ConvAlgorithm::Direct; },
        +[](const Case& c) { return c.conv && algorithm(c) == ConvAlgorithm::DirectSmall; },
        +[](const Case& c) { return c.conv && algorithm(c) == ConvAlgorithm::Winograd2x2; },
        +[](const Case& c) { return c.conv && algorithm(c) == ConvAlgorithm::WinogradLanes; },
        +[](const Case& c) { return c.conv && algorithm(c) == ConvAlgorithm::Winograd4x4; },
        +[](const Case& c) { return c.conv && algorithm(c) == ConvAlgorithm::Patches; },
        +[](const Case& c) { return !c.conv; }})
    for (size_t i = 0; i < cs.size(); ++i)
      if (pick(cs[i]) && cs[i].K() >= 9 &&
          (cs[i].act == Activation::None || cs[i].act == Activation::LeakyRelu ||
           cs[i].act == Activation::Sigmoid)) {
        std::vector<float> w(node_inputs[i][1].view<float>().begin(),
                             node_inputs[i][1].view<float>().end());
        size_t big = 0;
        for (size_t k = 0; k < w.size(); ++k)
          if (std::fabs(w[k]) > std::fabs(w[big])) big = k;
        w[big] *= 1 + 0x1p-7f;
        std::vector<NodeId> in = node_ids[i];
        in[1] = g.add_constant(fmt::format("mw{}", i), Tensor::from_floats(cs[i].w_shape(), w));
        const Node& y = g.node(g.outputs()[i]);
        g.add_output(g.add_node(y.op, fmt::format("m{}", i), in, y.attrs));
        mutant_of.push_back(i);
        break;
      }
  REQUIRE(mutant_of.size() == 7);
  REQUIRE(infer_types(g).ok());
  const CertifiedGraph cg = CertifiedGraph::unrewritten(g);
  const auto want = test::interpret(cg, Precision::F64, inputs);
  const auto want32 = test::interpret(cg, Precision::F32, inputs);
  std::vector<std::vector<double>> bounds;
  for (size_t i = 0; i < cs.size(); ++i) {
    auto b = native_error_bound(g, g.outputs()[i], node_inputs[i]);
    INFO((b ? std::string() : b.error().message));
    REQUIRE(b);
    REQUIRE(b->has_value());
    REQUIRE((*b)->shape() == cs[i].y_shape());
    bounds.push_back((*b)->to_doubles());
  }

  std::vector<Tensor> first;
  // Worst |native - f64| / bound, over the elements whose bound is more than 4 ulps of the
  // result (elsewhere the bound is little more than the final rounding, which the native
  // result attains whenever its accumulator's range rounds to one float: ratio 1). The
  // bound is a range of floats, so the native result can sit on its end: ratio 1 occurs.
  double worst_all = 0, worst_winograd = 0, worst_wino4 = 0;
  int n_winograd = 0, n_small = 0, n_lanes = 0, n_wino4 = 0;
  const std::vector<bool> march = march_builds(builds);
  for (bool march_native : march) {
    INFO((march_native ? "-march=native" : "portable"));
    NativeModel m = test::build_native(cg, march_native);
    const auto got = test::run_native(m, inputs);
    REQUIRE(got.size() == cs.size() + mutant_of.size());
    if (march_native) first = got;
    for (size_t i = 0; i < cs.size(); ++i) {
      const Case& c = cs[i];
      INFO("case " << i << (c.conv ? " conv" : " dense") << " N" << c.N << " C" << c.C << " " << c.H
                   << "x" << c.W << " O" << c.O << " k" << c.KH << "x" << c.KW << " s" << c.sh
                   << "," << c.sw << " p" << c.pt << c.pl << c.pb << c.pr << " d" << c.dh << c.dw
                   << " g" << c.groups << " act " << activation_name(c.act) << " parts " << c.bias
                   << c.scale << c.shift << c.residual);
      const auto y = got[i].to_doubles();
      const auto y64 = want[i].to_doubles();
      const auto y32 = want32[i].to_doubles();
      const auto& bound = bounds[i];
      REQUIRE(y.size() == y64.size());
      int bad = 0, bad32 = 0;
      double worst = 0, worst_wide = 0;
      for (size_t j = 0; j < y.size(); ++j) {
        // The f32 interpreter is another summation order (no FMA): the bound covers it too,
        // except for Winograd, whose bound is about its own sum.
        if (!winograd(c) && !(native_distance(y32[j], y64[j]) <= bound[j])) ++bad32;
        const double d = native_distance(y[j], y64[j]);
        worst = std::max(worst, d / bound[j]);
        const float r = static_cast<float>(y64[j]);
        if (bound[j] > 4 * (std::nextafter(std::fabs(r), 1e30f) - std::fabs(r)))
          worst_wide = std::max(worst_wide, d / bound[j]);
        if (!(d <= bound[j])) {
          if (bad < 3)
            UNSCOPED_INFO("element " << j << ": native " << y[j] << " interp " << y64[j]
                                     << " bound " << bound[j]);
          ++bad;
        }
      }
      CHECK(bad == 0);
      CHECK(bad32 == 0);
      INFO("worst |native - f64| / bound " << worst);
      CHECK(worst <= 1);
      worst_all = std::max(worst_all, worst_wide);
      if (winograd(c)) worst_winograd = std::max(worst_winograd, worst_wide), ++n_winograd;
      if (c.conv && algorithm(c) == ConvAlgorithm::DirectSmall) ++n_small;
      if (c.conv && algorithm(c) == ConvAlgorithm::WinogradLanes) ++n_lanes;
      if (c.conv && algorithm(c) == ConvAlgorithm::Winograd4x4)
        worst_wino4 = std::max(worst_wino4, worst_wide), ++n_wino4;
    }
    // The mutants: a kernel computing with one weight off by 2^-7 exceeds the bound.
    for (size_t k = 0; k < mutant_of.size(); ++k) {
      const size_t i = mutant_of[k];
      const auto y = got[cs.size() + k].to_doubles(), y64 = want[i].to_doubles();
      double worst = 0;
      for (size_t j = 0; j < y.size(); ++j)
        worst = std::max(worst, native_distance(y[j], y64[j]) / bounds[i][j]);
      INFO("mutant of case " << i << ": worst |native - f64| / bound " << worst);
      CHECK(worst > 1);
    }
  }
  // The bound is not slack by orders of magnitude: some element comes close to it.
  WARN(
      "worst |native - f64| / bound (where the bound exceeds 4 ulps) over all cases and both "
      "builds: "
      << worst_all << "; of the Winograd ones: " << worst_winograd
      << "; of F(4x4, 3x3): " << worst_wino4);
  const int nb = static_cast<int>(march.size());
  CHECK(worst_all > 0.05);
  CHECK(n_winograd >= nb * 13);  // the Winograd cases above do take that path, in each build
  CHECK(worst_winograd > 0.01);  // its bound is looser (worst case over C + 7 roundings)
  CHECK(n_small >= nb * 4);      // the small-plane cases take that path
  CHECK(n_lanes >= nb * 10);     // and the Winograd ones with channels in the lanes theirs
  CHECK(n_wino4 >= nb * 6);      // and the F(4x4, 3x3) ones
  CHECK(worst_wino4 > 0.001);    // F(4x4)'s bound is looser still (C + 11 roundings)
  // Two OpenMP threads split the channel blocks (and depthwise channels): every element
  // is computed by the same operations, so the outputs are bit-identical. In the campaign,
  // with the second thread starting every parallel loop 2 ms late: the first takes items
  // of its share (vfrt::Share), with its own scratch; still the same operations.
  check_two_threads(cg, inputs, first, builds);
}

TEST_CASE("codegen: conv2d and dense kernels vs the f64 interpreter within the bound",
          "[codegen][native]") {
  conv_dense_within_bound(Builds::Native);
}

TEST_CASE("codegen: conv2d and dense kernels within the bound, portable and a late thread",
          "[codegen][native][campaign]") {
  conv_dense_within_bound(Builds::Campaign);
}

void gemm_within_bound(Builds builds) {
  // vfrt/gemm.h through dense / fused_dense and matmul: rows not a multiple of the tile
  // height, columns not of the panel (32) or its vectors, K = 1, N = 1, K across the K
  // block (256), rank-3 activations against a constant weight (one GEMM of all rows), and
  // activation x activation batched matmul (B packed at run time, or both operands read in
  // place: whole batches or row and column blocks on the threads), with NaN / inf / -0 in
  // the operands. Each output within native_error_bound of the f64 interpreter (the f32
  // interpreter too), a mutant with one weight off by 2^-7 outside it, and one and two
  // threads (also a late second thread) bit-identical.
  SplitMix64 rng(31);
  Graph g;
  std::map<std::string, Tensor> inputs;
  std::vector<std::vector<Tensor>> operands;
  std::vector<std::string> what;
  auto special = [&](Tensor t, int every) {
    std::vector<float> v(t.view<float>().begin(), t.view<float>().end());
    const float sp[] = {std::numeric_limits<float>::quiet_NaN(),
                        std::numeric_limits<float>::infinity(),
                        -std::numeric_limits<float>::infinity(), -0.f};
    for (size_t i = 0; i < v.size(); i += static_cast<size_t>(every))
      v[i] = sp[(i / static_cast<size_t>(every)) % 4];
    return Tensor::from_floats(t.shape(), v);
  };
  auto add = [&](OpKind op, const Shape& xs, const Shape& ws, bool w_const, Attrs a,
                 std::vector<Tensor> parts, int special_every, std::string w) {
    const std::string n = std::to_string(what.size());
    Tensor x = test::random_tensor(rng, xs);
    if (special_every > 0) x = special(x, special_every);
    const Tensor wv = test::random_tensor(rng, ws, -0.5, 0.5);
    std::vector<NodeId> in{g.add_input("gx" + n, TensorType{DType::F32, xs})};
    inputs["gx" + n] = x;
    if (w_const) {
      in.push_back(g.add_constant("gw" + n, wv));
    } else {
      in.push_back(g.add_input("gw" + n, TensorType{DType::F32, ws}));
      inputs["gw" + n] = wv;
    }
    operands.push_back({x, wv});
    for (size_t k = 0; k < parts.size(); ++k) {
      in.push_back(g.add_constant(fmt::format("gp{}_{}", n, k), parts[k]));
      operands.back().push_back(parts[k]);
    }
    g.add_output(g.add_node(op, "g" + n, in, std::move(a)));
    what.push_back(std::move(w));
  };
  auto fused = [](bool bias, Activation act) {
    return attrs({{"has_bias", i64(bias)},
                  {"has_scale", i64(0)},
                  {"has_shift", i64(0)},
                  {"has_residual", i64(0)},
                  {"activation", str(std::string(activation_name(act)))},
                  {"act_alpha", f64(0.1)},
                  {"act_beta", f64(0)}});
  };
  // dense: rank 3 across tiles, panels and the K block, bias + relu / leaky_relu fused.
  add(OpKind::FusedDense, {2, 13, 300}, {70, 300}, true, fused(true, Activation::Relu),
      {test::random_tensor(rng, {70})}, 0, "fused_dense 2x13x300 . 70 relu");
  add(OpKind::FusedDense, {29, 257}, {33, 257}, true, fused(true, Activation::LeakyRelu),
      {test::random_tensor(rng, {33})}, 0, "fused_dense 29x257 . 33 leaky");
  add(OpKind::Dense, {7, 1}, {5, 1}, true, {}, {}, 0, "dense K=1");
  add(OpKind::Dense, {3, 11, 40}, {1, 40}, true, {}, {}, 0, "dense N=1");
  add(OpKind::Dense, {1, 600}, {48, 600}, false, {}, {}, 0, "dense one row, w computed");
  add(OpKind::Dense, {25, 270}, {37, 270}, true, {}, {}, 7, "dense NaN/inf/-0 in x");
  // matmul: a constant weight (one GEMM over the batches), K = 1, N = 1, activation x
  // activation (attention's products), broadcast batches.
  add(OpKind::MatMul, {3, 17, 300}, {300, 45}, true, {}, {}, 0, "matmul 3x17x300 . const");
  add(OpKind::MatMul, {2, 9, 1}, {1, 19}, true, {}, {}, 0, "matmul K=1");
  add(OpKind::MatMul, {4, 30, 64}, {64, 1}, true, {}, {}, 0, "matmul N=1");
  add(OpKind::MatMul, {3, 23, 40}, {3, 40, 35}, false, {}, {}, 0, "matmul batched x batched");
  add(OpKind::MatMul, {1, 14, 33}, {4, 33, 20}, false, {}, {}, 0, "matmul broadcast a");
  add(OpKind::MatMul, {2, 16, 260}, {260, 40}, true, {}, {}, 5, "matmul NaN/inf/-0 in a");
  // matmul reading both operands in place (N a multiple of 32, K <= 512): whole batches
  // shared by the threads, one batch split into row and column blocks, a broadcast B, K
  // across the K block, special values in both operands.
  add(OpKind::MatMul, {12, 37, 64}, {12, 64, 128}, false, {}, {}, 0, "matmul in place 12 batches");
  add(OpKind::MatMul, {2, 130, 200}, {2, 200, 64}, false, {}, {}, 0, "matmul in place blocks");
  add(OpKind::MatMul, {4, 21, 48}, {1, 48, 32}, false, {}, {}, 0, "matmul in place broadcast b");
  add(OpKind::MatMul, {3, 19, 300}, {3, 300, 64}, false, {}, {}, 5,
      "matmul in place K=300 NaN/inf/-0 in a");
  // More rows than gemm_block's partial sums hold (kPartRows) with K across the K block:
  // the tiles in groups.
  add(OpKind::MatMul, {1, 300, 300}, {1, 300, 32}, false, {}, {}, 0,
      "matmul in place 300 rows K=300");
  // Tiles of 3 and 4 rows, K not a multiple of 8, over 2^20 multiply-adds (threads): AVX2's
  // packing of A stores whole vectors except near a tile's end. (A version whose stores ran
  // past the end passed here: the threads' shares happened to pack the tiles in order; a
  // harness forcing both threads onto a 7-row product caught it.)
  add(OpKind::Dense, {7, 301}, {700, 301}, true, {}, {}, 0, "dense 7 rows in two threads");
  const size_t ncases = what.size();
  // Mutants of a fused_dense (leaky_relu: no output flattened) and of the first matmul: the
  // largest weight off by 2^-7.
  std::vector<size_t> mutant_of{1, 6};
  for (size_t i : mutant_of) {
    const Node& y = g.node(g.outputs()[i]);
    std::vector<float> w(operands[i][1].view<float>().begin(), operands[i][1].view<float>().end());
    size_t big = 0;
    for (size_t k = 0; k < w.size(); ++k)
      if (std::fabs(w[k]) > std::fabs(w[big])) big = k;
    w[big] *= 1 + 0x1p-7f;
    std::vector<NodeId> in = y.inputs;
    in[1] = g.add_constant(fmt::format("gmw{}", i), Tensor::from_floats(operands[i][1].shape(), w));
    g.add_output(g.add_node(y.op, fmt::format("gm{}", i), in, y.attrs));
  }
  REQUIRE(infer_types(g).ok());
  const CertifiedGraph cg = CertifiedGraph::unrewritten(g);
  const auto want = test::interpret(cg, Precision::F64, inputs);
  const auto want32 = test::interpret(cg, Precision::F32, inputs);
  std::vector<std::vector<double>> bounds;
  for (size_t i = 0; i < ncases; ++i) {
    auto b = native_error_bound(g, g.outputs()[i], operands[i]);
    INFO(what[i] << (b ? std::string() : b.error().message));
    REQUIRE(b);
    REQUIRE(b->has_value());
    bounds.push_back((*b)->to_doubles());
  }
  std::vector<Tensor> first;
  const std::vector<bool> march = march_builds(builds);
  for (bool march_native : march) {
    INFO((march_native ? "-march=native" : "portable"));
    NativeModel m = test::build_native(cg, march_native);
    const auto got = test::run_native(m, inputs);
    REQUIRE(got.size() == ncases + mutant_of.size());
    if (march_native) first = got;
    for (size_t i = 0; i < ncases; ++i) {
      INFO("case " << i << ": " << what[i]);
      const auto y = got[i].to_doubles(), y64 = want[i].to_doubles(), y32 = want32[i].to_doubles();
      int bad = 0, bad32 = 0, non_finite = 0;
      for (size_t j = 0; j < y.size(); ++j) {
        non_finite += !std::isfinite(y64[j]);
        if (!(native_distance(y32[j], y64[j]) <= bounds[i][j])) ++bad32;
        if (!(native_distance(y[j], y64[j]) <= bounds[i][j])) {
          if (bad++ < 3)
            UNSCOPED_INFO("element " << j << ": native " << y[j] << " f64 " << y64[j] << " bound "
                                     << bounds[i][j]);
        }
        // A non-finite result is the f32 interpreter's, bit for bit (any NaN for a NaN).
        if (!std::isfinite(y[j]) && !(std::isnan(y[j]) ? std::isnan(y32[j]) : y[j] == y32[j]))
          ++bad;
      }
      CHECK(bad == 0);
      CHECK(bad32 == 0);
      if (what[i].find("NaN") != std::string::npos) CHECK(non_finite > 0);
    }
    for (size_t k = 0; k < mutant_of.size(); ++k) {
      const size_t i = mutant_of[k];
      const auto y = got[ncases + k].to_doubles(), y64 = want[i].to_doubles();
      double worst = 0;
      for (size_t j = 0; j < y.size(); ++j)
        worst = std::max(worst, native_distance(y[j], y64[j]) / bounds[i][j]);
      INFO("mutant of " << what[i] << ": worst |native - f64| / bound " << worst);
      CHECK(worst > 1);
    }
  }
  // Two threads share the (row block, column block) items; in the campaign a late second
  // thread.
  check_two_threads(cg, inputs, first, builds);
}

TEST_CASE("codegen: the GEMM (dense, matmul) at tile tails, K blocks, special values, threads",
          "[codegen][native]") {
  gemm_within_bound(Builds::Native);
}

TEST_CASE("codegen: the GEMM within the bound, portable and a late thread",
          "[codegen][native][campaign]") {
  gemm_within_bound(Builds::Campaign);
}

TEST_CASE("codegen: native_error_bound of other operators and of wrong inputs", "[codegen]") {
  Graph g;
  const NodeId x = g.add_input("x", TensorType{DType::F32, {1, 2, 3, 3}});
  const NodeId w = g.add_constant("w", Tensor::from_floats({4, 2, 1, 1}, std::vector<float>(8, 1)));
  const NodeId r = g.add_node(OpKind::Relu, "r", {x}, Attrs{});
  Case plain;
  plain.fused = false;
  const NodeId c = g.add_node(OpKind::Conv2d, "c", {r, w}, node_attrs(plain));
  g.add_output(c);
  REQUIRE(infer_types(g).ok());
  const Tensor xv = Tensor::from_floats({1, 2, 3, 3}, std::vector<float>(18, -2));
  auto br = native_error_bound(g, r, {xv});
  REQUIRE(br);
  CHECK(!br->has_value());                     // relu: bit-identical to the f32 interpreter
  CHECK(!native_error_bound(g, c, {xv}));      // one value for two inputs
  CHECK(!native_error_bound(g, c, {xv, xv}));  // w of the wrong shape
  const Tensor wv = Tensor::from_floats({4, 2, 1, 1}, std::vector<float>(8, 0.5f));
  auto bc = native_error_bound(g, c, {xv, wv});
  REQUIRE(bc);
  REQUIRE(bc->has_value());
  // K = 2 terms of |x w| = 1 each, sum -2: the float32 sum is a float within gamma_2 * 2
  // (just over 2^-22) of -2, i.e. one of -2 - 2^-22, ..., -2 + 2^-22: at most 2^-22 away.
  for (double b : (*bc)->to_doubles()) CHECK(b == 0x1p-22);
}

TEST_CASE("codegen: the float32 range domain holds every float32 evaluation", "[codegen]") {
  // Random ranges of floats; every activation of the semantics evaluated in float32 at
  // random points of the range lies in the range the domain computes, and the reference
  // component is the f64 evaluation, bit for bit.
  F32RangeDomain rd;
  sem::FloatDomain<float> f32;
  sem::FloatDomain<double> f64;
  SplitMix64 rng(11);
  int inside = 0;
  for (int i = 0; i < 3000; ++i) {
    const double scale = std::ldexp(1.0, static_cast<int>(rng.next() % 12) - 4);
    const float a = static_cast<float>(rng.uniform(-8, 8) * scale);
    const float b = std::nextafter(a, 1e30f) + static_cast<float>(rng.uniform(0, 0.5) * scale);
    const float ref = a + (b - a) * static_cast<float>(rng.uniform());
    const F32Range x{a, b, false, ref};
    const Activation act = static_cast<Activation>(rng.next() % 7);
    const float al = static_cast<float>(rng.uniform(-1, 1)),
                be = static_cast<float>(rng.uniform(0, 2));
    const F32Range y = sem::activation(rd, act, x, rd.lit(al), rd.lit(be));
    CHECK(y.ref == sem::activation(f64, act, double(ref), double(al), double(be)));
    for (int k = 0; k < 20; ++k) {
      const float v = k == 0 ? a : k == 1 ? b : a + (b - a) * static_cast<float>(rng.uniform());
      const float r = sem::activation(f32, act, v, al, be);
      INFO("activation " << activation_name(act) << " on [" << a << ", " << b << "] at " << v);
      CHECK(!std::isnan(r));
      CHECK(y.lo <= r);
      CHECK(r <= y.hi);
      ++inside;
    }
  }
  CHECK(inside == 60000);
  // Special values: NaN passes relu as NaN; an infinity saturates.
  CHECK(sem::relu(rd, rd.lit(NAN)).nan);
  const F32Range s = sem::sigmoid(rd, F32Range{-HUGE_VAL, -HUGE_VAL, false, -HUGE_VAL});
  CHECK((s.lo == 0 && s.hi == 0 && !s.nan && s.ref == 0));
}
}  // namespace
}  // namespace vf::codegen
