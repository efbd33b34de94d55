// The per-element bound of docs/codegen.md: gamma_K * sum |x w| for the dot product, carried
// through the epilogue's roundings and the activation's Lipschitz constant, plus the f64
// reference's own rounding.
#include "codegen/bound.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "codegen/conv_algorithm.h"
#include "ir/op_attrs.h"
#include "semantics/domain.h"
#include "semantics/eval_node.h"

namespace vf::codegen {
namespace {

constexpr double kU = 0x1p-24;  // unit roundoff of float32

double gamma(double n) { return n * kU / (1 - n * kU); }

/// The exact value after the epilogue and the bound on a float32 evaluation's distance
/// from it, given the accumulator `acc` (exact up to the f64 reference's rounding),
/// `err` the bound on the accumulator's error, S = sum |x w|.
double epilogue_bound(const EpilogueAttrs& e, double acc, double err, double S,
                      const double* const* parts, int64_t channel, int64_t flat) {
  const double u = kU;
  double v = acc;
  auto rounded = [&](double x) { return x + u * (std::fabs(v) + x); };
  size_t k = 0;
  if (e.has_bias) v += parts[k++][channel], err = rounded(err);
  if (e.has_scale) {
    const double s = parts[k++][channel];
    v *= s;
    err = rounded(err * std::fabs(s));
  }
  if (e.has_shift) v += parts[k++][channel], err = rounded(err);
  if (e.has_residual) v += parts[k++][flat], err = rounded(err);
  // The activation: its Lipschitz constant times the error so far, plus its own roundings
  // (including the attributes rounded to float32) relative to its operands' magnitudes.
  const double x = v;
  const double a = e.act_alpha, b = e.act_beta;
  const double fa = static_cast<float>(a), fb = static_cast<float>(b);
  double y = x, r = err;
  switch (e.activation) {
    case Activation::None: break;
    case Activation::Relu: y = x < 0 ? 0 : x; break;
    case Activation::LeakyRelu:
      y = x < 0 ? a * x : x;
      r = std::max(1.0, std::fabs(a)) * err * (1 + u) +
          (std::fabs(fa - a) + u * std::fabs(a)) * (std::fabs(x) + err);
      break;
    case Activation::Clip:
      y = x < a ? a : (b < x ? b : x);
      r = err + std::max(std::fabs(fa - a), std::fabs(fb - b));
      break;
    case Activation::Sigmoid:
      y = 1 / (1 + std::exp(-x));
      r = 0.25 * err + 8 * u;  // exp within 2 ulps, three roundings; y in (0, 1)
      break;
    case Activation::HardSigmoid: {
      const double t = a * x + b;
      y = t < 0 ? 0 : (1 < t ? 1 : t);
      r = std::fabs(a) * err + std::fabs(fa - a) * (std::fabs(x) + err) + std::fabs(fb - b) +
          3 * u * (std::fabs(a * x) + std::fabs(b) + std::fabs(a) * err);
      break;
    }
    case Activation::HardSwish: {
      const double t = x + 3, cl = t < 0 ? 0 : (6 < t ? 6 : t);
      y = x * cl / 6;
      r = 1.5 * err * (1 + 4 * u) + 4 * u * (std::fabs(x) + err) + 4 * u * std::fabs(y);
      break;
    }
  }
  // The f64 reference's epilogue and activation.
  return r + 0x1p-50 * (std::fabs(y) + S);
}

/// Winograd F(2x2, 3x3): per output element (n, o, oh, ow) of the conv, the sum of the
/// absolute values of the monomials coef * x * w that the transformed computation expands
/// into, sum over c of |A^T| [(|G| |g| |G^T|) (.) (|B^T| |d| |B|)] |A| at the pixel's place
/// (oh % 2, ow % 2) in its tile (docs/codegen.md). Row-major over the output shape.
std::vector<double> winograd_magnitudes(const std::vector<double>& xa,
                                        const std::vector<double>& wa, const Shape& xs,
                                        const Shape& ys, const Conv2dAttrs& a) {
  const int64_t N = xs[0], C = xs[1], H = xs[2], W = xs[3], O = ys[1], OH = ys[2], OW = ys[3];
  const int64_t TH = (OH + 1) / 2, TW = (OW + 1) / 2, T = TH * TW;
  static constexpr double G[4][3] = {{1, 0, 0}, {.5, .5, .5}, {.5, .5, .5}, {0, 0, 1}};  // |G|
  static constexpr double BT[4][4] = {{1, 0, 1, 0}, {0, 1, 1, 0}, {0, 1, 1, 0}, {0, 1, 0, 1}};
  static constexpr double AT[2][4] = {{1, 1, 1, 0}, {0, 1, 1, 1}};  // |A^T|
  // |G| |g| |G^T| per (o, c).
  std::vector<double> gu(static_cast<size_t>(O * C * 16));
  for (int64_t o = 0; o < O; ++o)
    for (int64_t c = 0; c < C; ++c) {
      const double* g = wa.data() + (o * C + c) * 9;
      double t[4][3] = {};
      for (int i = 0; i < 4; ++i)
        for (int k = 0; k < 3; ++k)
          for (int j = 0; j < 3; ++j) t[i][j] += G[i][k] * g[k * 3 + j];
      double* u = gu.data() + (o * C + c) * 16;
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
          double v = 0;
          for (int k = 0; k < 3; ++k) v += t[i][k] * G[j][k];
          u[i * 4 + j] = v;
        }
    }
  std::vector<double> out(static_cast<size_t>(N * O * OH * OW));
  std::vector<double> dv(static_cast<size_t>(C * T * 16));
  for (int64_t n = 0; n < N; ++n) {
    // |B^T| |d| |B| per (c, tile); d zero outside the input.
    for (int64_t c = 0; c < C; ++c)
      for (int64_t th = 0; th < TH; ++th)
        for (int64_t tw = 0; tw < TW; ++tw) {
          double d[4][4];
          for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
              const int64_t ih = 2 * th + i - a.padding[0], iw = 2 * tw + j - a.padding[1];
              d[i][j] = ih < 0 || ih >= H || iw < 0 || iw >= W
                            ? 0
                            : xa[static_cast<size_t>(((n * C + c) * H + ih) * W + iw)];
            }
          double t[4][4] = {};
          for (int i = 0; i < 4; ++i)
            for (int k = 0; k < 4; ++k)
              for (int j = 0; j < 4; ++j) t[i][j] += BT[i][k] * d[k][j];
          double* v = dv.data() + (c * T + th * TW + tw) * 16;
          for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
              double s = 0;
              for (int k = 0; k < 4; ++k) s += t[i][k] * BT[j][k];
              v[i * 4 + j] = s;
            }
        }
    for (int64_t o = 0; o < O; ++o)
      for (int64_t t = 0; t < T; ++t) {
        double p[16] = {};
        for (int64_t c = 0; c < C; ++c) {
          const double* u = gu.data() + (o * C + c) * 16;
          const double* v = dv.data() + (c * T + t) * 16;
          for (int k = 0; k < 16; ++k) p[k] += u[k] * v[k];
        }
        const int64_t th = t / TW, tw = t % TW;
        for (int r = 0; r < 2; ++r)
          for (int q = 0; q < 2; ++q) {
            const int64_t oh = 2 * th + r, ow = 2 * tw + q;
            if (oh >= OH || ow >= OW) continue;
            double s = 0;
            for (int i = 0; i < 4; ++i)
              for (int j = 0; j < 4; ++j) s += AT[r][i] * AT[q][j] * p[i * 4 + j];
            out[static_cast<size_t>(((n * O + o) * OH + oh) * OW + ow)] = s;
          }
      }
  }
  return out;
}

}  // namespace

Result<std::optional<Tensor>> native_error_bound(const Graph& g, NodeId id,
                                                 const std::vector<Tensor>& inputs) {
  const Node& n = g.node(id);
  const bool conv = n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d;
  const bool dense = n.op == OpKind::Dense || n.op == OpKind::FusedDense;
  if (!conv && !dense) return std::optional<Tensor>();
  if (inputs.size() != n.inputs.size())
    return Error{
        fmt::format("'{}' has {} inputs, {} values given", n.name, n.inputs.size(), inputs.size())};
  for (size_t k = 0; k < inputs.size(); ++k)
    if (inputs[k].shape() != g.node(n.inputs[k]).type.shape)
      return Error{fmt::format("input {} of '{}' has shape {}, the node reads {}", k, n.name,
                               shape_string(inputs[k].shape()),
                               shape_string(g.node(n.inputs[k]).type.shape))};

  const bool fused = n.op == OpKind::FusedConv2d || n.op == OpKind::FusedDense;
  EpilogueAttrs e;
  if (fused)
    e = epilogue_attrs(n.attrs);
  else
    e.has_bias = inputs.size() == 3;

  std::vector<std::vector<double>> vals, abs;
  for (const Tensor& t : inputs) vals.push_back(t.to_doubles());
  for (size_t k = 0; k < 2; ++k) {
    abs.push_back(vals[k]);
    for (double& v : abs.back()) v = std::fabs(v);
  }
  std::vector<const double*> parts;
  for (size_t k = 2; k < vals.size(); ++k) parts.push_back(vals[k].data());

  const Shape& xs = inputs[0].shape();
  const Shape& ws = inputs[1].shape();
  const Shape& ys = n.type.shape;
  sem::FloatDomain<double> d;
  std::vector<double> out;
  if (conv) {
    const Conv2dAttrs ca = conv2d_attrs(n.attrs);
    const sem::ConvPlan p(ca, xs, ws);
    const double K = static_cast<double>(p.cin_g * p.KH * p.KW);
    const bool winograd = conv_algorithm(xs, ws, ys, ca) == ConvAlgorithm::Winograd2x2;
    // Winograd: every monomial of the expanded transforms passes through at most C + 7
    // roundings (U rounded to float once, V two additions deep, the C-term product sum,
    // the output transform four additions deep), plus U's own rounding in double.
    const std::vector<double> Sw =
        winograd ? winograd_magnitudes(abs[0], abs[1], xs, ys, ca) : std::vector<double>();
    const double Cw = static_cast<double>(xs[1]);
    sem::emit_each(ys, out, [&](int64_t flat, const int64_t* idx) {
      const double acc = sem::conv2d_at(d, p, vals[0].data(), vals[1].data(), idx);
      const double S = sem::conv2d_at(d, p, abs[0].data(), abs[1].data(), idx);
      // The dot product: gamma_K * sum |x w|; plus the f64 reference's own rounding.
      double err = gamma(K) * S + 4 * K * 0x1p-53 * S;
      if (winograd) {
        const double s = Sw[static_cast<size_t>(flat)];
        err = gamma(Cw + 7) * s + 0x1p-49 * s + 4 * K * 0x1p-53 * S;
      }
      return epilogue_bound(e, acc, err, S, parts.data(), idx[1], flat);
    });
  } else {
    const int64_t K = xs.back(), M = ys.back();
    sem::emit_each(ys, out, [&](int64_t flat, const int64_t*) {
      const double acc = sem::dense_at(d, K, vals[0].data(), vals[1].data(), flat / M, flat % M);
      const double S = sem::dense_at(d, K, abs[0].data(), abs[1].data(), flat / M, flat % M);
      const double Kd = static_cast<double>(K);
      const double err = gamma(Kd) * S + 4 * Kd * 0x1p-53 * S;
      return epilogue_bound(e, acc, err, S, parts.data(), flat % M, flat);
    });
  }
  return std::optional<Tensor>(Tensor::from_doubles(TensorType{DType::F64, ys}, out));
}

}  // namespace vf::codegen
