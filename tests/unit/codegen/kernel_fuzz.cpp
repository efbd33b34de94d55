// The kernel campaign of kernel_fuzz.h: random cases of every kind, one graph per model,
// three input sets per model, each output checked against the interpreter.
#include "kernel_fuzz.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <functional>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../semantics/op_case.h"
#include "codegen/bound.h"
#include "codegen/conv_algorithm.h"
#include "codegen_test_util.h"
#include "ir/op_attrs.h"

namespace vf::codegen::fuzz {
namespace {

using vf::test::attrs;
using vf::test::f64;
using vf::test::i64;
using vf::test::ints;
using vf::test::str;

/// The kinds of cases, each a kernel path of vfrt.h (or a family of them).
enum class Kind {
  ConvDirect,     // vfrt::conv2d, one group, several pixel tiles
  ConvGrouped,    // vfrt::conv2d, groups 2..4
  ConvDepthwise,  // vfrt::conv2d's depthwise kernel (groups = C = O)
  QDepthwise,     // vfrt::qconv2d's int8 depthwise kernels (quantize, qconv2d, requantize)
  Conv1x1,        // vfrt::conv2d reading x in place (1x1, stride 1, no padding)
  ConvSmall,      // vfrt::conv2d_small (<= 64 output pixels)
  ConvWinograd,   // vfrt::conv2d_winograd, whole-layer and tile-block orders
  ConvWinoLanes,  // vfrt::conv2d_winograd_lanes (small planes, channels in the lanes)
  ConvWino4,      // vfrt::conv2d_winograd4: F(4x4, 3x3), planes of at least 28x28
  Dense,          // vfrt::dense
  GemmTiles,      // vfrt::gemm_packed through dense and matmul: tile tails, K blocks
  MaxPool,
  AvgPool,
  GlobalAvgPool,
  BatchNorm,
  BiasAdd,
  Binary,
  Unary,
  Softmax,
  Pointwise,  // vfrt::pointwise: a fused chain of unary / binary elementwise operators
  Norm,       // layer_norm and rms_norm (vfrt::norm_rows)
  GeluRows,     // erf and gelu (both forms) on vectors (erf_v, gelu_erf_v, gelu_tanh_v) at
                // transformers' hidden sizes
  SoftmaxRows,  // softmax over the last axis at real lengths (VL rows' sums in the lanes)
  NormRows,     // layer_norm and rms_norm at hidden sizes, blocks of rows on the threads
  MatMul,
  Gemm,
  ConvTranspose,
  Pad,
  Transpose,
  Concat,
  Split,
  Resize,  // upsampling and resize_nearest (vfrt::gather_nearest)
  Copy,    // reshape, flatten, batch_flatten, expand_dims, squeeze
};
constexpr int kKinds = static_cast<int>(Kind::Copy) + 1;

const char* kind_name(Kind k) {
  static const char* const names[kKinds] = {"conv direct",
                                            "conv grouped",
                                            "conv depthwise",
                                            "qconv2d depthwise",
                                            "conv 1x1 in place",
                                            "conv small-plane",
                                            "conv winograd",
                                            "conv winograd lanes",
                                            "conv winograd 4x4",
                                            "dense",
                                            "gemm tiles",
                                            "max_pool2d",
                                            "avg_pool2d",
                                            "global_avg_pool2d",
                                            "batch_norm",
                                            "bias_add",
                                            "binary",
                                            "unary",
                                            "softmax",
                                            "pointwise chain",
                                            "layer_norm / rms_norm",
                                            "erf / gelu rows",
                                            "softmax rows",
                                            "layer_norm / rms_norm rows",
                                            "matmul",
                                            "gemm",
                                            "conv2d_transpose",
                                            "pad",
                                            "transpose",
                                            "concat",
                                            "split",
                                            "resize",
                                            "reshape-like"};
  return names[static_cast<int>(k)];
}

/// A special float: NaN, +-inf, +-0, a denormal, a tiny normal, a large magnitude, FLT_MAX
/// or a small integer.
float special(SplitMix64& rng) {
  const float sign = rng.next() % 2 ? -1.f : 1.f;
  switch (rng.next() % 10) {
    case 0: return std::numeric_limits<float>::quiet_NaN();
    case 1: return sign * std::numeric_limits<float>::infinity();
    case 2: return sign * 0.f;
    case 3:
      return sign * std::ldexp(static_cast<float>(rng.uniform(1, 2)), -127 - int(rng.next() % 22));
    case 4: return sign * FLT_MIN * static_cast<float>(rng.uniform(1, 2));
    case 5:
      return sign * std::ldexp(static_cast<float>(rng.uniform(1, 2)), 90 + int(rng.next() % 38));
    case 6: return sign * FLT_MAX;
    case 7:
      return sign * std::ldexp(static_cast<float>(rng.uniform(1, 2)), 20 + int(rng.next() % 40));
    default: return sign * static_cast<float>(rng.next() % 4);
  }
}

/// Values of `shape`: uniform in [lo, hi), each element special with probability `rate`.
Tensor values(SplitMix64& rng, const Shape& shape, double rate, double lo = -2, double hi = 2) {
  std::vector<float> v(static_cast<size_t>(num_elements(shape)));
  for (float& x : v)
    x = rng.uniform() < rate ? special(rng) : static_cast<float>(rng.uniform(lo, hi));
  return Tensor::from_floats(shape, v);
}

/// A leaf of a case: a graph input (new values per run) or a constant (fixed at build).
struct Leaf {
  NodeId id;
  Shape shape;
  double lo = -2, hi = 2;
};

/// One model: the graph under construction, its inputs and what each output is.
class Model {
 public:
  explicit Model(uint64_t seed) : rng_(seed) {}

  /// A graph input of `shape` (values in [lo, hi) in ordinary runs).
  NodeId input(const Shape& s, double lo = -2, double hi = 2) {
    const NodeId id = g_.add_input(fmt::format("in{}", leaves_.size()), TensorType{DType::F32, s});
    leaves_.push_back({id, s, lo, hi});
    return id;
  }
  /// A constant; one in five carries special values (in every run).
  NodeId constant(const Shape& s, double lo = -1, double hi = 1) {
    const double rate = rng_.next() % 5 == 0 ? 0.05 : 0;
    return g_.add_constant(fmt::format("c{}", g_.size()), values(rng_, s, rate, lo, hi));
  }
  /// An operand: a constant or an input (weights of either kind exercise emit-time and
  /// run-time packing).
  NodeId operand(const Shape& s, bool as_input, double lo = -1, double hi = 1) {
    return as_input ? input(s, lo, hi) : constant(s, lo, hi);
  }
  NodeId op(OpKind k, std::vector<NodeId> in, Attrs a = {}) {
    return g_.add_node(k, fmt::format("n{}", g_.size()), std::move(in), std::move(a));
  }
  void out(NodeId id, Kind kind, std::string what) {
    g_.add_output(id);
    kinds_.push_back(kind);
    what_.push_back(std::move(what));
  }
  /// Values for every input: rate 0 (ordinary), or special elements at that rate.
  std::map<std::string, Tensor> run_inputs(double rate) {
    std::map<std::string, Tensor> m;
    for (const Leaf& l : leaves_) m[g_.node(l.id).name] = values(rng_, l.shape, rate, l.lo, l.hi);
    return m;
  }

  SplitMix64& rng() { return rng_; }
  int64_t pick(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(rng_.next() % static_cast<uint64_t>(hi - lo + 1));
  }
  bool coin(int one_in = 2) { return rng_.next() % static_cast<uint64_t>(one_in) == 0; }

  Graph g_;
  std::vector<Kind> kinds_;
  std::vector<std::string> what_;

 private:
  SplitMix64 rng_;
  std::vector<Leaf> leaves_;
};

/// The attributes of a random fused epilogue (or none for a plain conv2d / dense) and the
/// parts' operands appended to `in`.
Attrs epilogue(Model& m, bool fused, const Shape& y, int64_t channels, std::vector<NodeId>& in,
               std::string& what) {
  Attrs a;
  if (!fused) {
    if (m.coin()) in.push_back(m.constant({channels}, -0.5, 0.5)), what += " bias";
    return a;
  }
  const bool part[4] = {m.coin(), m.coin(), m.coin(), m.coin(3)};
  const char* names[4] = {"has_bias", "has_scale", "has_shift", "has_residual"};
  for (int k = 0; k < 4; ++k) {
    a.set(names[k], i64(part[k]));
    if (!part[k]) continue;
    what += fmt::format(" {}", names[k] + 4);
    if (k < 3)
      in.push_back(m.constant({channels}, k == 1 ? -1.5 : -0.5, k == 1 ? 1.5 : 0.5));
    else
      in.push_back(m.input(y));
  }
  const Activation act = static_cast<Activation>(m.pick(0, 6));
  double alpha = 0, beta = 0;
  switch (act) {
    case Activation::LeakyRelu: alpha = m.rng().uniform(-0.5, 0.5); break;
    case Activation::Clip:
      alpha = m.rng().uniform(-2, 0.5), beta = alpha + m.rng().uniform(0, 3);
      break;
    case Activation::HardSigmoid:
      alpha = m.rng().uniform(-0.5, 0.5), beta = m.rng().uniform(0, 1);
      break;
    default: break;
  }
  a.set("activation", str(std::string(activation_name(act))));
  a.set("act_alpha", f64(alpha));
  a.set("act_beta", f64(beta));
  what += fmt::format(" {}({:.3g}, {:.3g})", activation_name(act), alpha, beta);
  return a;
}

/// The kernel each conv kind must reach.
ConvAlgorithm wanted(Kind k) {
  if (k == Kind::ConvSmall) return ConvAlgorithm::DirectSmall;
  if (k == Kind::ConvWinograd) return ConvAlgorithm::Winograd2x2;
  if (k == Kind::ConvWinoLanes) return ConvAlgorithm::WinogradLanes;
  if (k == Kind::ConvWino4) return ConvAlgorithm::Winograd4x4;
  return ConvAlgorithm::Direct;
}

/// A convolution with the given geometry (x [N, C, H, W], w [O, C / groups, KH, KW]), if
/// the emitter gives it the kernel `kind` stands for (else nothing is added: false).
bool conv(Model& m, Kind kind, int64_t N, int64_t C, int64_t H, int64_t W, int64_t O, int64_t KH,
          int64_t KW, std::array<int64_t, 2> s, std::array<int64_t, 4> p, std::array<int64_t, 2> d,
          int64_t groups) {
  const int64_t OH = (H + p[0] + p[2] - d[0] * (KH - 1) - 1) / s[0] + 1;
  const int64_t OW = (W + p[1] + p[3] - d[1] * (KW - 1) - 1) / s[1] + 1;
  if (H < 1 || W < 1 || OH < 1 || OW < 1 || H + p[0] + p[2] < d[0] * (KH - 1) + 1 ||
      W + p[1] + p[3] < d[1] * (KW - 1) + 1)
    return false;
  Conv2dAttrs ca;
  ca.strides = s, ca.padding = p, ca.dilation = d, ca.groups = groups;
  if (conv_algorithm({N, C, H, W}, {O, C / groups, KH, KW}, {N, O, OH, OW}, ca) != wanted(kind))
    return false;
  const bool fused = !m.coin(4), w_input = m.coin(3);
  std::string what = fmt::format("N{} C{} {}x{} O{} k{}x{} s{},{} p{},{},{},{} d{},{} g{}{}", N, C,
                                 H, W, O, KH, KW, s[0], s[1], p[0], p[1], p[2], p[3], d[0], d[1],
                                 groups, w_input ? " w-input" : "");
  std::vector<NodeId> in{m.input({N, C, H, W}),
                         m.operand({O, C / groups, KH, KW}, w_input, -0.5, 0.5)};
  Attrs a = epilogue(m, fused, {N, O, OH, OW}, O, in, what);
  a.set("strides", ints({s[0], s[1]}));
  a.set("padding", ints({p[0], p[1], p[2], p[3]}));
  a.set("dilation", ints({d[0], d[1]}));
  a.set("groups", i64(groups));
  m.out(m.op(fused ? OpKind::FusedConv2d : OpKind::Conv2d, std::move(in), std::move(a)), kind,
        what);
  return true;
}

/// A random elementwise unary operator with random attributes (in `a`).
OpKind unary_op(Model& m, Attrs* a) {
  const OpKind ops[] = {OpKind::Negative,  OpKind::Sqrt,     OpKind::Rsqrt,   OpKind::Relu,
                        OpKind::LeakyRelu, OpKind::Clip,     OpKind::Sigmoid, OpKind::HardSigmoid,
                        OpKind::HardSwish, OpKind::Exp,      OpKind::Log,     OpKind::Tanh,
                        OpKind::Erf,       OpKind::Softplus, OpKind::Gelu,    OpKind::Silu,
                        OpKind::Mish};
  const OpKind k = ops[m.pick(0, static_cast<int64_t>(std::size(ops)) - 1)];
  if (k == OpKind::Gelu && m.coin()) a->set("approximate", str("tanh"));
  if (k == OpKind::LeakyRelu) a->set("alpha", f64(m.rng().uniform(-0.5, 0.5)));
  if (k == OpKind::Clip) {
    const double lo = m.rng().uniform(-3, 1);
    a->set("min", f64(lo));
    a->set("max", f64(lo + m.rng().uniform(0, 3)));
  }
  if (k == OpKind::HardSigmoid) {
    a->set("alpha", f64(m.rng().uniform(-0.5, 0.5)));
    a->set("beta", f64(m.rng().uniform(0, 1)));
  }
  return k;
}

/// A row length as transformers have them (768, 1024, 4096, or 768 / 1024 plus a tail not
/// a multiple of 16), or a shorter one, odd or not.
int64_t hidden_size(Model& m) {
  static const int64_t sizes[] = {768, 1024, 4096};
  switch (m.pick(0, 3)) {
    case 0: return sizes[m.pick(0, 2)];
    case 1: return sizes[m.pick(0, 1)] + m.pick(1, 15);
    case 2: return m.pick(17, 200);
    default: return m.pick(1, 16);
  }
}

/// A random case of `kind`; false when the draw missed the kind's kernel (draw again).
bool try_case(Model& m, Kind kind) {
  auto pad4 = [&](int64_t kh, int64_t kw) {
    return std::array<int64_t, 4>{m.pick(0, kh - 1), m.pick(0, kw - 1), m.pick(0, kh - 1),
                                  m.pick(0, kw - 1)};
  };
  switch (kind) {
    case Kind::ConvDirect:
    case Kind::ConvGrouped: {
      const int64_t g = kind == Kind::ConvGrouped ? m.pick(2, 4) : 1;
      const int64_t KH = m.pick(1, 5), KW = m.pick(1, 5), sh = m.pick(1, 3), sw = m.pick(1, 3);
      const int64_t dh = m.pick(1, 2), dw = m.pick(1, 2);
      const std::array<int64_t, 4> p = pad4(KH, KW);
      // Enough output pixels (> 64) for the direct kernel, or a grouped conv.
      const int64_t H = dh * (KH - 1) + 1 + sh * m.pick(8, 14),
                    W = dw * (KW - 1) + 1 + sw * m.pick(8, 20);
      return conv(m, kind, m.pick(1, 2), g * m.pick(1, 6), H, W, g * m.pick(1, 11), KH, KW,
                  {sh, sw}, p, {dh, dw}, g);
    }
    case Kind::ConvDepthwise: {
      const int64_t C = m.pick(2, 12), K = m.pick(1, 3) * 2 + 1, s = m.pick(1, 2), d = m.pick(1, 2);
      return conv(m, kind, m.pick(1, 2), C, m.pick(6, 20), m.pick(6, 40), C, K, K, {s, s},
                  pad4(K, K), {d, d}, C);
    }
    case Kind::QDepthwise: {
      // quantize, qconv2d (one input channel per group, multiplier 1-3) with its requantize
      // (fused), dequantize: integer arithmetic between the two roundings, bit-identical.
      auto k = [&] { return m.coin(4) ? m.pick(1, 7) : m.pick(1, 2) * 2 + 1; };
      const int64_t C = m.pick(2, 12), M = m.pick(1, 3), KH = k(), KW = m.coin() ? KH : k();
      const int64_t sh = m.pick(1, 2), sw = m.pick(1, 2), dh = m.coin(4) ? 2 : 1;
      const std::array<int64_t, 4> p = pad4(KH, KW);
      const Shape xs{m.pick(1, 2), C,
                     m.pick(std::max<int64_t>(1, dh * (KH - 1) + 1 - p[0] - p[2]), 20),
                     m.pick(std::max<int64_t>(1, KW - p[1] - p[3]), 40)};
      const bool x8 = m.coin(), y8 = m.coin();
      const int64_t zx = x8 ? m.pick(-128, 127) : m.pick(0, 255);
      const int64_t zy = y8 ? m.pick(-128, 127) : m.pick(0, 255);
      auto ints_of = [&](DType t, const Shape& s, int64_t lo, int64_t hi) {
        std::vector<double> v(static_cast<size_t>(num_elements(s)));
        for (double& e : v) e = static_cast<double>(m.pick(lo, hi));
        return m.g_.add_constant(fmt::format("c{}", m.g_.size()),
                                 Tensor::from_doubles(TensorType{t, s}, v));
      };
      const NodeId x = m.op(OpKind::Quantize, {m.input(xs)},
                            attrs({{"scale", f64(2.0 / 120)},
                                   {"zero_point", i64(zx)},
                                   {"dtype", str(x8 ? "int8" : "uint8")}}));
      const NodeId acc = m.op(OpKind::QConv2d,
                              {x, ints_of(DType::I8, {C * M, 1, KH, KW}, -128, 127),
                               ints_of(DType::I32, {C * M}, -70000, 70000)},
                              attrs({{"strides", ints({sh, sw})},
                                     {"padding", ints({p[0], p[1], p[2], p[3]})},
                                     {"dilation", ints({dh, 1})},
                                     {"groups", i64(C)},
                                     {"x_zero_point", i64(zx)}}));
      // Multipliers mapping typical sums to about +-100 (vfuse quantize's kind), or any.
      const bool any = m.coin(3);
      const int64_t shift =
          any ? m.pick(0, 62)
              : 30 + static_cast<int64_t>(
                         std::ceil(std::log2(std::sqrt(static_cast<double>(KH * KW)) * 128)));
      const NodeId mult = any ? ints_of(DType::I32, {C * M}, INT32_MIN, INT32_MAX)
                              : ints_of(DType::I32, {C * M}, int64_t{1} << 29, int64_t{1} << 30);
      const NodeId y = m.op(OpKind::Requantize, {acc, mult},
                            attrs({{"axis", i64(1)},
                                   {"shift", i64(shift)},
                                   {"zero_point", i64(zy)},
                                   {"qmin", i64(m.coin(4) ? zy : (y8 ? -128 : 0))},
                                   {"qmax", i64(y8 ? 127 : 255)},
                                   {"dtype", str(y8 ? "int8" : "uint8")}}));
      m.out(m.op(OpKind::Dequantize, {y}, attrs({{"scale", f64(0.01)}, {"zero_point", i64(zy)}})),
            kind,
            fmt::format("x {} M {} k{}x{} s{},{} p{},{},{},{} dh {} zx {} shift {}{}",
                        shape_string(xs), M, KH, KW, sh, sw, p[0], p[1], p[2], p[3], dh, zx, shift,
                        any ? " any multipliers" : ""));
      return true;
    }
    case Kind::Conv1x1:
      return conv(m, kind, m.pick(1, 2), m.pick(1, 20), m.pick(9, 16), m.pick(8, 20), m.pick(1, 20),
                  1, 1, {1, 1}, {0, 0, 0, 0}, {1, 1}, 1);
    case Kind::ConvSmall: {
      const int64_t KH = m.pick(1, 3), KW = m.pick(1, 3), s = m.pick(1, 2), d = m.pick(1, 2);
      const int64_t H = m.pick(1, 12), W = m.pick(1, 12);
      return conv(m, kind, m.pick(1, 2), m.pick(1, 70), H, W, m.pick(1, 40), KH, KW, {s, s},
                  pad4(KH, KW), {d, d}, 1);
    }
    case Kind::ConvWinograd: {
      // Small planes (<= 4 tile blocks: the whole-layer order) or larger ones.
      const bool large = m.coin();
      const int64_t H = large ? m.pick(20, 34) : m.pick(17, 19),
                    W = large ? m.pick(20, 34) : m.pick(17, 19);
      std::array<int64_t, 4> p = {m.pick(0, 2), m.pick(0, 2), m.pick(0, 2), m.pick(0, 2)};
      return conv(m, kind, m.pick(1, 2), m.pick(16, 24), H + 2 - p[0] - p[2], W + 2 - p[1] - p[3],
                  m.pick(16, 26), 3, 3, {1, 1}, p, {1, 1}, 1);
    }
    case Kind::ConvWinoLanes: {
      // Output planes of 4x4 to 256 pixels (odd and even sides), channel tiles in part.
      const int64_t OH = m.pick(4, 16), OW = m.pick(4, 256 / OH);
      std::array<int64_t, 4> p = {m.pick(0, 2), m.pick(0, 2), m.pick(0, 2), m.pick(0, 2)};
      return conv(m, kind, m.pick(1, 2), m.pick(16, 40), OH + 2 - p[0] - p[2], OW + 2 - p[1] - p[3],
                  m.pick(16, 50), 3, 3, {1, 1}, p, {1, 1}, 1);
    }
    case Kind::ConvWino4: {
      // Output planes of 28 to 44 pixels a side (any remainder mod 4: the last tile's
      // columns and rows), one or several tile blocks, partial channel blocks.
      const int64_t OH = m.pick(28, 44), OW = m.pick(28, 44);
      std::array<int64_t, 4> p = {m.pick(0, 2), m.pick(0, 2), m.pick(0, 2), m.pick(0, 2)};
      return conv(m, kind, m.pick(1, 2), m.pick(16, 24), OH + 2 - p[0] - p[2], OW + 2 - p[1] - p[3],
                  m.pick(16, 26), 3, 3, {1, 1}, p, {1, 1}, 1);
    }
    case Kind::Dense: {
      const bool rank3 = m.coin(3), fused = !m.coin(4), w_input = m.coin(3);
      const int64_t N = m.pick(1, 9), H = rank3 ? m.pick(1, 3) : 0, K = m.pick(1, 80),
                    M = m.pick(1, 40);
      const Shape xs = rank3 ? Shape{N, H, K} : Shape{N, K},
                  ys = rank3 ? Shape{N, H, M} : Shape{N, M};
      std::string what = fmt::format("x {} M{}{}", shape_string(xs), M, w_input ? " w-input" : "");
      std::vector<NodeId> in{m.input(xs), m.operand({M, K}, w_input)};
      Attrs a = epilogue(m, fused, ys, M, in, what);
      m.out(m.op(fused ? OpKind::FusedDense : OpKind::Dense, std::move(in), std::move(a)), kind,
            what);
      return true;
    }
    case Kind::GemmTiles: {
      // Rows across the register tiles' heights (1 .. 2 MR + odd), K within one block or
      // across KC = 256, columns across the panels (NR = 32) and their vector halves; a
      // dense (fused or not) or a matmul with a constant or computed weight, rank 2 or 3
      // (a computed weight: matmul reads both operands in place, its last panel partial
      // unless N is a multiple of 32).
      const bool rank3 = m.coin(), matmul = m.coin(), w_input = m.coin(3);
      const int64_t B = rank3 ? m.pick(1, 3) : 1, S = m.pick(1, 30);
      const int64_t K = m.coin() ? m.pick(1, 24) : m.pick(250, 300);
      const int64_t N = m.coin(3) ? 32 * m.pick(1, 2) : m.pick(1, 70);
      const Shape xs = rank3 ? Shape{B, S, K} : Shape{S, K};
      const Shape ys = rank3 ? Shape{B, S, N} : Shape{S, N};
      std::string what = fmt::format("{} x {} K{} N{}{}", matmul ? "matmul" : "dense",
                                     shape_string(xs), K, N, w_input ? " w-input" : "");
      if (matmul) {
        m.out(m.op(OpKind::MatMul, {m.input(xs), m.operand({K, N}, w_input)}), kind, what);
        return true;
      }
      const bool fused = m.coin();
      std::vector<NodeId> in{m.input(xs), m.operand({N, K}, w_input)};
      Attrs a = epilogue(m, fused, ys, N, in, what);
      m.out(m.op(fused ? OpKind::FusedDense : OpKind::Dense, std::move(in), std::move(a)), kind,
            what);
      return true;
    }
    case Kind::MaxPool:
    case Kind::AvgPool: {
      const int64_t KH = m.pick(1, 4), KW = m.pick(1, 4), sh = m.pick(1, 3), sw = m.pick(1, 3);
      const int64_t dh = m.pick(1, 2), dw = m.pick(1, 2), ceil = m.pick(0, 1);
      const std::array<int64_t, 4> p = pad4(KH, KW);
      const int64_t H = m.pick(dh * (KH - 1) + 1, 20), W = m.pick(dw * (KW - 1) + 1, 40);
      Attrs a = attrs({{"pool_size", ints({KH, KW})},
                       {"strides", ints({sh, sw})},
                       {"padding", ints({p[0], p[1], p[2], p[3]})},
                       {"dilation", ints({dh, dw})},
                       {"ceil_mode", i64(ceil)}});
      const bool include = m.coin();
      if (kind == Kind::AvgPool) a.set("count_include_pad", i64(include));
      const Shape xs{m.pick(1, 2), m.pick(1, 5), H, W};
      m.out(m.op(kind == Kind::MaxPool ? OpKind::MaxPool2d : OpKind::AvgPool2d, {m.input(xs)}, a),
            kind,
            fmt::format("x {} k{}x{} s{},{} p{},{},{},{} d{},{} ceil {}{}", shape_string(xs), KH,
                        KW, sh, sw, p[0], p[1], p[2], p[3], dh, dw, ceil,
                        kind == Kind::AvgPool && include ? " include_pad" : ""));
      return true;
    }
    case Kind::GlobalAvgPool: {
      const Shape xs{m.pick(1, 2), m.pick(1, 9), m.pick(1, 12), m.pick(1, 12)};
      m.out(m.op(OpKind::GlobalAvgPool2d, {m.input(xs)}), kind, shape_string(xs));
      return true;
    }
    case Kind::BatchNorm: {
      const int64_t rank = m.pick(2, 4), C = m.pick(1, 8);
      Shape xs;
      for (int64_t k = 0; k < rank; ++k) xs.push_back(k == 1 ? C : m.pick(1, 6));
      const int64_t sc = m.pick(0, 1), ce = m.pick(0, 1);
      const double eps = m.coin() ? 1e-5 : m.rng().uniform(0, 0.1);
      m.out(m.op(OpKind::BatchNorm,
                 {m.input(xs), m.constant({C}), m.constant({C}), m.constant({C}),
                  m.constant({C}, 0.25, 2)},
                 attrs({{"epsilon", f64(eps)}, {"scale", i64(sc)}, {"center", i64(ce)}})),
            kind, fmt::format("x {} eps {:.3g} scale {} center {}", shape_string(xs), eps, sc, ce));
      return true;
    }
    case Kind::BiasAdd: {
      const int64_t rank = m.pick(2, 4);
      Shape xs;
      for (int64_t k = 0; k < rank; ++k) xs.push_back(m.pick(1, 6));
      const int64_t axis = m.coin() ? 1 : -1;
      const int64_t C = xs[static_cast<size_t>(axis < 0 ? rank - 1 : 1)];
      m.out(m.op(OpKind::BiasAdd, {m.input(xs), m.constant({C})}, attrs({{"axis", i64(axis)}})),
            kind, fmt::format("x {} axis {}", shape_string(xs), axis));
      return true;
    }
    case Kind::Binary: {
      static const OpKind ops[] = {OpKind::Add,    OpKind::Subtract, OpKind::Multiply,
                                   OpKind::Divide, OpKind::Minimum,  OpKind::Maximum};
      const OpKind k = ops[m.pick(0, 5)];
      // Broadcast shapes: a full shape, b with some dimensions 1 and maybe a lower rank.
      const int64_t rank = m.pick(0, 4);
      Shape as, bs;
      for (int64_t i = 0; i < rank; ++i) as.push_back(m.pick(1, 6));
      for (int64_t i = m.pick(0, rank); i < rank; ++i)
        bs.push_back(m.coin(3) ? 1 : as[static_cast<size_t>(i)]);
      if (m.coin()) std::swap(as, bs);
      m.out(m.op(k, {m.input(as), m.coin(4) ? m.constant(bs) : m.input(bs)}), kind,
            fmt::format("{} {} {}", op_name(k), shape_string(as), shape_string(bs)));
      return true;
    }
    case Kind::Unary: {
      Attrs a;
      const OpKind k = unary_op(m, &a);
      const Shape xs{m.pick(1, 4), m.pick(1, 70)};
      m.out(m.op(k, {m.input(xs, -6, 6)}, a), kind,
            fmt::format("{} {}", op_name(k), shape_string(xs)));
      return true;
    }
    case Kind::Softmax: {
      const Shape xs{m.pick(1, 4), m.pick(1, 7), m.pick(1, 9)};
      const int64_t axis = m.pick(-3, 2);
      m.out(m.op(OpKind::Softmax, {m.input(xs, -8, 8)}, attrs({{"axis", i64(axis)}})), kind,
            fmt::format("x {} axis {}", shape_string(xs), axis));
      return true;
    }
    case Kind::Pointwise: {
      // 2-6 operators on x [N, C, H, W], lowered as one chain: unary ones, and binary ones
      // with a scalar, per-channel [C, 1, 1], gate [N, C, 1, 1] or full operand, the
      // running value first or second.
      static const OpKind bins[] = {OpKind::Add,    OpKind::Subtract, OpKind::Multiply,
                                    OpKind::Divide, OpKind::Minimum,  OpKind::Maximum};
      const int64_t N = m.pick(1, 2), C = m.pick(1, 8);
      const Shape xs{N, C, m.pick(1, 6), m.pick(1, 9)};
      NodeId v = m.input(xs, -6, 6);
      std::string what = shape_string(xs);
      for (int64_t n = m.pick(2, 6); n-- > 0;) {
        if (m.coin()) {
          Attrs a;
          const OpKind k = unary_op(m, &a);
          v = m.op(k, {v}, a);
          what += fmt::format(" {}", op_name(k));
          continue;
        }
        const OpKind k = bins[m.pick(0, 5)];
        const Shape shapes[] = {{}, {C, 1, 1}, {N, C, 1, 1}, xs};
        const Shape& ws = shapes[m.pick(0, 3)];
        const NodeId w = m.coin(4) ? m.constant(ws) : m.input(ws, 0.5, 2);
        const bool first = m.coin();
        v = first ? m.op(k, {v, w}) : m.op(k, {w, v});
        what += fmt::format(" {}{}{}", op_name(k), first ? "(_, " : "(", shape_string(ws)) +
                (first ? ")" : ", _)");
      }
      m.out(v, kind, what);
      return true;
    }
    case Kind::Norm: {
      const Shape xs{m.pick(1, 3), m.pick(1, 24), m.pick(1, 40)};
      const int64_t L = xs[2];
      const double eps = m.rng().uniform(1e-6, 1e-2);
      const bool layer = m.coin();
      std::vector<NodeId> in{m.input(xs, -20, 20), m.constant({L})};
      if (layer) in.push_back(m.constant({L}));
      m.out(m.op(layer ? OpKind::LayerNorm : OpKind::RmsNorm, std::move(in),
                 attrs({{"epsilon", f64(eps)}})),
            kind,
            fmt::format("{} x {} eps {:.3g}", layer ? "layer_norm" : "rms_norm", shape_string(xs),
                        eps));
      return true;
    }
    case Kind::GeluRows: {
      Attrs a;
      const int64_t which = m.pick(0, 2);
      const OpKind k = which == 0 ? OpKind::Erf : OpKind::Gelu;
      if (which == 2) a.set("approximate", str("tanh"));
      const Shape xs{m.pick(1, 3), hidden_size(m)};
      // Mostly where erf is not yet +-1 (|x| < 3.9), sometimes far beyond.
      const double r = m.coin(4) ? 40 : 6;
      m.out(m.op(k, {m.input(xs, -r, r)}, a), kind,
            fmt::format("{}{} {}", op_name(k), which == 2 ? " tanh" : "", shape_string(xs)));
      return true;
    }
    case Kind::SoftmaxRows: {
      // The interpreter takes each element's max and sum afresh (len^2 per row): few long
      // rows, many short ones.
      static const int64_t lengths[] = {128, 197, 512};
      const int64_t L = m.coin() ? hidden_size(m) : lengths[m.pick(0, 2)];
      const Shape xs{L > 2000 ? 1 : m.pick(1, 2), L > 300 ? m.pick(1, 2) : m.pick(1, 24), L};
      // Sometimes far below the row's max, as an additive attention mask makes them:
      // exp's results subnormal or 0 (exp_v's subnormal-safe form).
      const double lo = m.coin(3) ? -120 : -8;
      m.out(m.op(OpKind::Softmax, {m.input(xs, lo, 8)}, attrs({{"axis", i64(-1)}})), kind,
            fmt::format("x {} in [{}, 8] axis -1", shape_string(xs), lo));
      return true;
    }
    case Kind::NormRows: {
      const Shape xs{m.pick(1, 2), m.pick(1, 40), hidden_size(m)};
      const int64_t L = xs[2];
      const double eps = m.coin() ? 1e-5 : m.rng().uniform(1e-6, 1e-2);
      const bool layer = m.coin();
      std::vector<NodeId> in{m.input(xs, -20, 20), m.constant({L})};
      if (layer) in.push_back(m.constant({L}));
      m.out(m.op(layer ? OpKind::LayerNorm : OpKind::RmsNorm, std::move(in),
                 attrs({{"epsilon", f64(eps)}})),
            kind,
            fmt::format("{} x {} eps {:.3g}", layer ? "layer_norm" : "rms_norm", shape_string(xs),
                        eps));
      return true;
    }
    case Kind::MatMul: {
      const int64_t M = m.pick(1, 6), K = m.pick(1, 9), N = m.pick(1, 7), B = m.pick(1, 3);
      Shape as{M, K}, bs{K, N};
      if (m.coin()) as.insert(as.begin(), B);
      if (m.coin()) bs.insert(bs.begin(), m.coin() ? B : 1);
      const bool b_const = m.coin(3);
      m.out(m.op(OpKind::MatMul, {m.input(as), m.operand(bs, !b_const)}), kind,
            fmt::format("{} x {}{}", shape_string(as), shape_string(bs), b_const ? " const" : ""));
      return true;
    }
    case Kind::Gemm: {
      const int64_t M = m.pick(1, 6), K = m.pick(1, 9), N = m.pick(1, 7);
      const int64_t ta = m.pick(0, 1), tb = m.pick(0, 1);
      const double alpha = m.coin() ? 1 : m.rng().uniform(-2, 2),
                   beta = m.coin() ? 1 : m.rng().uniform(-2, 2);
      std::vector<NodeId> in{m.input(ta ? Shape{K, M} : Shape{M, K}),
                             m.input(tb ? Shape{N, K} : Shape{K, N})};
      const int64_t c = m.pick(0, 3);  // no C, [N], [M, 1], [M, N]
      if (c == 1) in.push_back(m.input({N}));
      if (c == 2) in.push_back(m.input({M, 1}));
      if (c == 3) in.push_back(m.input({M, N}));
      m.out(m.op(OpKind::Gemm, std::move(in),
                 attrs({{"alpha", f64(alpha)},
                        {"beta", f64(beta)},
                        {"trans_a", i64(ta)},
                        {"trans_b", i64(tb)}})),
            kind,
            fmt::format("M{} K{} N{} ta {} tb {} alpha {:.3g} beta {:.3g} c {}", M, K, N, ta, tb,
                        alpha, beta, c));
      return true;
    }
    case Kind::ConvTranspose: {
      const int64_t g = m.pick(1, 2), C = g * m.pick(1, 3), Og = m.pick(1, 3);
      const int64_t KH = m.pick(1, 3), KW = m.pick(1, 3), sh = m.pick(1, 3), sw = m.pick(1, 3);
      const int64_t dh = m.pick(1, 2), dw = m.pick(1, 2);
      const int64_t oph = m.pick(0, std::max(sh, dh) - 1), opw = m.pick(0, std::max(sw, dw) - 1);
      const std::array<int64_t, 4> p = {m.pick(0, KH - 1), m.pick(0, KW - 1), m.pick(0, KH - 1),
                                        m.pick(0, KW - 1)};
      // Rows up to 40 wide in half of the cases, so that the vector columns run too.
      const Shape xs{m.pick(1, 2), C, m.pick(2, 6), m.coin() ? m.pick(2, 40) : m.pick(2, 6)};
      std::vector<NodeId> in{m.input(xs), m.constant({C, Og, KH, KW})};
      if (m.coin()) in.push_back(m.constant({g * Og}));
      m.out(m.op(OpKind::Conv2dTranspose, std::move(in),
                 attrs({{"strides", ints({sh, sw})},
                        {"padding", ints({p[0], p[1], p[2], p[3]})},
                        {"dilation", ints({dh, dw})},
                        {"groups", i64(g)},
                        {"output_padding", ints({oph, opw})}})),
            kind,
            fmt::format("x {} O{} k{}x{} s{},{} d{},{} g{} op{},{}", shape_string(xs), g * Og, KH,
                        KW, sh, sw, dh, dw, g, oph, opw));
      return true;
    }
    case Kind::Pad: {
      const int64_t rank = m.pick(1, 4);
      Shape xs;
      std::vector<int64_t> pads(static_cast<size_t>(2 * rank));
      for (int64_t k = 0; k < rank; ++k) xs.push_back(m.pick(1, 5));
      for (auto& p : pads) p = m.pick(0, 2);
      const double value = m.coin(3) ? -0.0 : m.coin() ? 0.0 : m.rng().uniform(-1, 1);
      m.out(m.op(OpKind::Pad, {m.input(xs)}, attrs({{"pads", ints(pads)}, {"value", f64(value)}})),
            kind, fmt::format("x {} value {}", shape_string(xs), value));
      return true;
    }
    case Kind::Transpose: {
      const int64_t rank = m.pick(1, 5);
      Shape xs;
      std::vector<int64_t> perm;
      for (int64_t k = 0; k < rank; ++k) xs.push_back(m.pick(1, 5)), perm.push_back(k);
      for (size_t k = perm.size(); k > 1; --k) std::swap(perm[k - 1], perm[m.rng().next() % k]);
      m.out(m.op(OpKind::Transpose, {m.input(xs)}, attrs({{"perm", ints(perm)}})), kind,
            fmt::format("x {} perm {}", shape_string(xs), fmt::join(perm, ",")));
      return true;
    }
    case Kind::Concat: {
      const int64_t rank = m.pick(1, 4), axis = m.pick(0, rank - 1), n = m.pick(1, 4);
      Shape base;
      for (int64_t k = 0; k < rank; ++k) base.push_back(m.pick(1, 4));
      std::vector<NodeId> in;
      for (int64_t i = 0; i < n; ++i) {
        Shape s = base;
        s[static_cast<size_t>(axis)] = m.pick(1, 3);
        in.push_back(m.input(s));
      }
      m.out(
          m.op(OpKind::Concat, std::move(in), attrs({{"axis", i64(axis - (m.coin() ? rank : 0))}})),
          kind, fmt::format("{} inputs, rank {} axis {}", n, rank, axis));
      return true;
    }
    case Kind::Split: {
      const int64_t rank = m.pick(1, 4), axis = m.pick(0, rank - 1);
      Shape xs;
      for (int64_t k = 0; k < rank; ++k) xs.push_back(m.pick(1, 4));
      std::vector<int64_t> sizes{m.pick(1, 3), m.pick(1, 3), m.pick(1, 3)};
      xs[static_cast<size_t>(axis)] = sizes[0] + sizes[1] + sizes[2];
      const int64_t index = m.pick(0, 2);
      m.out(m.op(OpKind::Split, {m.input(xs)},
                 attrs({{"axis", i64(axis)}, {"sizes", ints(sizes)}, {"index", i64(index)}})),
            kind, fmt::format("x {} axis {} index {}", shape_string(xs), axis, index));
      return true;
    }
    case Kind::Resize: {
      const Shape xs{m.pick(1, 2), m.pick(1, 3), m.pick(1, 6), m.pick(1, 6)};
      if (m.coin()) {
        const double sh = m.pick(2, 6) * 0.5, sw = m.pick(2, 6) * 0.5;
        m.out(m.op(OpKind::Upsampling, {m.input(xs)},
                   attrs({{"scale_h", f64(sh)}, {"scale_w", f64(sw)}})),
              kind, fmt::format("upsampling x {} scales {} {}", shape_string(xs), sh, sw));
      } else {
        std::vector<int64_t> rows(static_cast<size_t>(m.pick(1, 8))),
            cols(static_cast<size_t>(m.pick(1, 8)));
        for (auto& r : rows) r = m.pick(0, xs[2] - 1);
        for (auto& c : cols) c = m.pick(0, xs[3] - 1);
        m.out(m.op(OpKind::ResizeNearest, {m.input(xs)},
                   attrs({{"rows", ints(rows)}, {"cols", ints(cols)}})),
              kind, fmt::format("resize_nearest x {}", shape_string(xs)));
      }
      return true;
    }
    case Kind::Copy: {
      const Shape xs{m.pick(1, 3), m.pick(1, 4), m.pick(1, 4)};
      const NodeId x = m.input(xs);
      switch (m.pick(0, 4)) {
        case 0:
          m.out(m.op(OpKind::Reshape, {x}, attrs({{"shape", ints({num_elements(xs)})}})), kind,
                "reshape");
          return true;
        case 1: m.out(m.op(OpKind::Flatten, {x}), kind, "flatten"); return true;
        case 2: m.out(m.op(OpKind::BatchFlatten, {x}), kind, "batch_flatten"); return true;
        case 3:
          m.out(m.op(OpKind::ExpandDims, {x}, attrs({{"axis", i64(1)}})), kind, "expand_dims");
          return true;
        default:
          // A unary op in place on a reshape of an input (the lowering's views).
          m.out(m.op(OpKind::Relu, {m.op(OpKind::Reshape, {x},
                                         attrs({{"shape", ints({xs[0], xs[1] * xs[2]})}}))}),
                kind, "relu of a reshape");
          return true;
      }
    }
  }
  return false;
}

/// A random case of `kind`.
void add_case(Model& m, Kind kind) {
  while (!try_case(m, kind)) {
  }
}

bool reassociated(OpKind k) {
  return k == OpKind::Conv2d || k == OpKind::FusedConv2d || k == OpKind::Dense ||
         k == OpKind::FusedDense || k == OpKind::MatMul;
}

/// The values node `id` reads in a run.
std::vector<Tensor> operand_values(const Graph& g, NodeId id,
                                   const std::map<std::string, Tensor>& inputs) {
  std::vector<Tensor> v;
  for (NodeId in : g.node(id).inputs) {
    const Node& n = g.node(in);
    v.push_back(n.op == OpKind::Constant ? *n.data : inputs.at(n.name));
  }
  return v;
}

bool same_bits(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return std::memcmp(&a, &b, sizeof a) == 0;
}

/// Builds, runs and checks one model; adds to `f`.
void check_model(Model& m, const Options& o, int index, Figures& f) {
  REQUIRE(infer_types(m.g_).ok());
  const CertifiedGraph cg = CertifiedGraph::unrewritten(m.g_);
  const bool portable = o.portable_too && index % 2 == 1;
  NativeOptions no;
  no.cache_dir = test::test_cache_dir();
  no.march_native = !portable;
  auto built = NativeModel::build(cg, no);
  INFO((built ? std::string() : built.error().message));
  REQUIRE(built);
  f.compile_ms += built->compile_ms();
  std::optional<NativeModel> threaded;
  if (o.threads_too) {
    no.threads = 2;
    // Every other model with the second thread late to each parallel loop (vfrt::Share:
    // the first takes items of its share).
    if (index % 4 >= 2) no.extra_flags.push_back("-DVFRT_SHARE_LATE_US=500");
    auto t = NativeModel::build(cg, no);
    INFO((t ? std::string() : t.error().message));
    REQUIRE(t);
    f.compile_ms += t->compile_ms();
    threaded = std::move(*t);
  }
  const Graph& g = m.g_;
  for (const double rate : {0.0, 0.05, 0.4}) {
    const auto inputs = m.run_inputs(rate);
    const auto y = test::run_native(*built, inputs);
    const auto r32 = test::interpret(cg, Precision::F32, inputs);
    const auto r64 = test::interpret(cg, Precision::F64, inputs);
    if (threaded) {
      const auto y2 = test::run_native(*threaded, inputs);
      for (size_t i = 0; i < y.size(); ++i) {
        INFO("model " << index << " output " << i << " (" << kind_name(m.kinds_[i]) << " "
                      << m.what_[i] << "), special rate " << rate << ": two threads vs one"
                      << (index % 4 >= 2 ? " (the second late)" : ""));
        const auto a = y[i].view<float>(), b = y2[i].view<float>();
        int differ = 0;
        for (size_t j = 0; j < a.size(); ++j) differ += !same_bits(a[j], b[j]);
        CHECK(differ == 0);
        f.failures += differ;
      }
    }
    for (size_t i = 0; i < y.size(); ++i) {
      const NodeId id = g.outputs()[i];
      const Node& node = g.node(id);
      INFO("model " << index << " output " << i << ": " << kind_name(m.kinds_[i]) << " "
                    << m.what_[i] << ", special rate " << rate << (portable ? ", portable" : ""));
      const auto a = y[i].view<float>(), b = r32[i].view<float>();
      const auto c = r64[i].view<double>();
      REQUIRE(a.size() == b.size());
      int bad = 0;
      f.elements += static_cast<int64_t>(a.size());
      if (rate > 0) f.special_elements += static_cast<int64_t>(a.size());
      for (float v : b) f.non_finite += !std::isfinite(v);
      if (reassociated(node.op)) {
        auto bound = native_error_bound(g, id, operand_values(g, id, inputs));
        INFO((bound ? std::string() : bound.error().message));
        REQUIRE(bound);
        REQUIRE(bound->has_value());
        const auto bv = (*bound)->view<double>();
        bool wino = false;
        if (node.op != OpKind::Dense && node.op != OpKind::FusedDense && node.op != OpKind::MatMul)
          wino = is_winograd(conv_algorithm(g.node(node.inputs[0]).type.shape,
                                            g.node(node.inputs[1]).type.shape, node.type.shape,
                                            conv2d_attrs(node.attrs)));
        for (size_t j = 0; j < a.size(); ++j) {
          const bool ok = native_distance(a[j], c[j]) <= bv[j] &&
                          (wino || native_distance(b[j], c[j]) <= bv[j]);
          if (std::isfinite(bv[j]))
            ++f.bounded;
          else
            ++f.unbounded;
          if (!ok && bad++ < 3)
            UNSCOPED_INFO("element " << j << ": native " << a[j] << " f32 " << b[j] << " f64 "
                                     << c[j] << " bound " << bv[j]);
        }
      } else {
        for (size_t j = 0; j < a.size(); ++j)
          if (!same_bits(a[j], b[j]) && bad++ < 3)
            UNSCOPED_INFO("element " << j << ": native " << a[j] << " f32 " << b[j]);
      }
      CHECK(bad == 0);
      f.failures += bad;
    }
  }
}

}  // namespace

Figures run(const Options& o) {
  Figures f;
  SplitMix64 seeds(o.seed);
  for (int done = 0; done < o.combos; ++f.models) {
    Model m(seeds.next());
    const int n = std::min(o.per_model, o.combos - done);
    for (int i = 0; i < n; ++i) {
      const Kind k = static_cast<Kind>((done + i) % kKinds);
      add_case(m, k);
      ++f.by_kind[kind_name(k)];
    }
    check_model(m, o, f.models, f);
    done += n;
    f.combos = done;
  }
  return f;
}

}  // namespace vf::codegen::fuzz
