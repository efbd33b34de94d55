// The per-element bound of docs/codegen.md: the range of every float32 value the kernel's
// reassociated dot product can take (gamma_K * sum |x w| around the f64 reference, or
// Winograd's own bound), carried through the node's epilogue and activation by the
// semantics' formulas read in F32RangeDomain (f32_range_domain.h), then measured from the
// f64 reference.
#include "codegen/bound.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <span>

#include <fmt/format.h>

#include "codegen/conv_algorithm.h"
#include "codegen/f32_range_domain.h"
#include "ir/op_attrs.h"
#include "rewrite/interval_domain.h"
#include "semantics/conv_rows.h"
#include "semantics/domain.h"
#include "semantics/eval_node.h"
#include "support/vector_clones.h"

namespace vf::codegen {
namespace {

using I = rewrite::IntervalDomain;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kU32 = 0x1p-24;  // unit roundoff of float32
constexpr double kU64 = 0x1p-53;  // of float64
/// Float32 rounds to +-inf exactly the values of magnitude >= 2^128 - 2^103 (FLT_MAX plus
/// half an ulp); below that nothing overflows.
constexpr double kOverflow = 0x1p128 - 0x1p103;
/// Half the smallest float32 denormal: the absolute error a product or an FMA may add in
/// the underflow range (sums of floats are exact there).
constexpr double kEta = 0x1p-150;
/// The magnitudes and sums below are computed in double, round to nearest, over at most
/// 2^23 terms each: their relative error is below 2^-30, so a factor 1 + 2^-30 covers it.
constexpr double kSafe = 1 + 0x1p-30;

/// One dot product, read through the semantics' own conv2d_window_sums / dense_at: the f64
/// reference sum, the sum of |x w| over its finite terms, and which non-finite terms
/// occur. (Only lit, add and mul are used by those formulas.)
struct Terms {
  double v = 0;       ///< FloatDomain<double>'s sum: the f64 interpreter's accumulator
  double s = 0;       ///< sum |x w| over the finite terms
  bool nan = false;   ///< a NaN term (a NaN operand, or 0 * inf)
  bool pinf = false;  ///< a +inf term
  bool ninf = false;  ///< a -inf term
};
struct TermsDomain {
  using Value = Terms;
  Value lit(double x) const { return {x}; }
  Value mul(Value a, Value b) const {
    const double t = a.v * b.v;
    return {t, std::isfinite(t) ? std::fabs(t) : 0.0, std::isnan(t), t == kInf, t == -kInf};
  }
  Value add(Value a, Value b) const {
    return {a.v + b.v, a.s + b.s, a.nan || b.nan, a.pinf || b.pinf, a.ninf || b.ninf};
  }
};

using sem::kConvLanes;

/// kConvLanes output channels o0.. (lanes of them real) of group g, batch item b, every
/// position: each lane's reference sum v and sum of |x w| s, formed as conv2d_at forms
/// them (sem::conv2d_position_taps); `wl` holds the channels' weights lane innermost
/// (sem::conv2d_lane_weights).
VF_VECTOR_CLONES void terms_lanes(const sem::ConvPlan& p, int64_t b, int64_t g, int64_t o0,
                                  int64_t lanes, const Shape& ys, const double* x, const double* wl,
                                  double* v, double* s) {
  const int64_t O = ys[1], OH = ys[2], OW = ys[3], hw = p.H * p.W;
  std::vector<int64_t> tap_x(static_cast<size_t>(p.KH * p.KW)), tap_t(tap_x.size());
  for (int64_t oh = 0; oh < OH; ++oh)
    for (int64_t ow = 0; ow < OW; ++ow) {
      using simd::D8;
      D8 v0 = {}, v1 = {}, s0 = {}, s1 = {};  // lanes 0-7 and 8-15
      const size_t taps =
          sem::conv2d_position_tap_list(p, b, g, oh, ow, tap_x.data(), tap_t.data());
      for (size_t k = 0; k < taps; ++k)
        for (int64_t ci = 0; ci < p.cin_g; ++ci) {
          const double xv = x[tap_x[k] + ci * hw];
          const double* w = wl + (tap_t[k] * p.cin_g + ci) * kConvLanes;
          const D8 t0 = xv * simd::load8<D8>(w), t1 = xv * simd::load8<D8>(w + 8);
          v0 += t0, v1 += t1;
          s0 += simd::abs8(t0), s1 += simd::abs8(t1);
        }
      double av[kConvLanes], as[kConvLanes];
      simd::store8(av, v0), simd::store8(av + 8, v1), simd::store8(as, s0),
          simd::store8(as + 8, s1);
      for (int64_t j = 0; j < lanes; ++j) {
        const size_t i = static_cast<size_t>(((b * O + o0 + j) * OH + oh) * OW + ow);
        v[i] = av[j], s[i] = as[j];
      }
    }
}

/// conv2d's dot products as sem::conv2d_window_sums(TermsDomain) forms them (the same
/// reference sums bit for bit), kConvLanes output channels at a time over plain arrays: for
/// operands that are all finite, no product of two floats is non-finite in double and no
/// sum of them overflows, so no term needs the domain's flags. Most of a native check's
/// time is this loop.
std::vector<Terms> conv2d_terms(const sem::ConvPlan& p, const std::vector<double>& x,
                                const std::vector<double>& w, const Shape& ys) {
  const size_t n = static_cast<size_t>(num_elements(ys));
  std::vector<double> v(n, 0.0), s(n, 0.0);
  sem::conv2d_lane_blocks(p, [&](int64_t g, int64_t o0, int64_t lanes) {
    std::vector<double> wl(static_cast<size_t>(p.KH * p.KW * p.cin_g * kConvLanes), 0.0);
    sem::conv2d_lane_weights(p, o0, lanes, [&](size_t k, size_t src) { wl[k] = w[src]; });
    for (int64_t b = 0; b < ys[0]; ++b)
      terms_lanes(p, b, g, o0, lanes, ys, x.data(), wl.data(), v.data(), s.data());
  });
  std::vector<Terms> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = {v[i], s[i]};
  return out;
}

bool all_finite(const std::vector<double>& v) {
  return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
}

/// The largest float <= x / the smallest float >= x (as doubles; +-inf beyond the range).
double floor_f32(double x) {
  const float f = static_cast<float>(x);
  return f > x ? std::nextafter(f, -std::numeric_limits<float>::infinity()) : f;
}
double ceil_f32(double x) { return -floor_f32(-x); }

/// The float32 values a sum may take in the order the caller's error bound `err` covers
/// (within err of the reference sum t.v when it cannot overflow, i.e. when every partial
/// result's magnitude stays below `magnitude` < kOverflow).
F32Range sum_range(const Terms& t, double err, double magnitude) {
  const bool overflow = !(magnitude < kOverflow);
  // A NaN term, or both infinities: NaN in every order.
  if (t.nan || (t.pinf && t.ninf)) return {kInf, -kInf, true, t.v};
  // One infinity: that infinity in every order, unless the finite terms can overflow to
  // the other one (then NaN too).
  if (t.pinf || t.ninf) {
    const double inf = t.pinf ? kInf : -kInf;
    return {inf, inf, overflow, t.v};
  }
  if (overflow) return F32RangeDomain::anything(t.v);
  // The float32 sum is a float in [v - err, v + err]: from the smallest float above the
  // lower end to the largest below the upper one.
  return {ceil_f32(I::sub_down(t.v, err)), floor_f32(I::add_up(t.v, err)), false, t.v};
}

/// The direct kernels' sum (any order, with or without FMA; the f32 interpreter's order
/// too) of a dot product of K terms: gamma_K sum|x w| from the exact sum, plus K
/// underflow errors, plus the f64 reference's own gamma_K^(64) sum|x w|.
F32Range direct_range(const Terms& t, double K) {
  const double s = I::mul_up(t.s, kSafe);
  const double err =
      I::add_up(I::mul_up(I::add_up(I::gamma_up(K, kU32), I::gamma_up(K, kU64)), s), I::mul_up(K, 2 * kEta));
  // Every partial sum's exact value is within (1 + gamma_K) s + underflow of 0.
  return sum_range(t, err, I::add_up(I::mul_up(1 + I::gamma_up(K, kU32), s), I::mul_up(K, 2 * kEta)));
}

/// The absolute values of a Winograd algorithm's matrices (F(m x m, 3x3), n = m + 2):
/// |G| (n x 3), |B^T| (n x n), |A^T| (m x n), and the roundings each monomial passes through
/// besides the C-term product sum: U rounded to float once, then V's and the output
/// transform's depth as vfrt.h computes them (F(2x2): additions, 2 and 4 deep; F(4x4): 2 + 2
/// deep for V, 3 + 3 for the output, the multiplications by 2, 4 and 8 exact).
struct WinoMatrices {
  int m, n;
  std::vector<double> g, bt, at;
  int roundings;
};
const WinoMatrices& wino_matrices(int m) {
  static const WinoMatrices f2{2,
                               4,
                               {1, 0, 0, .5, .5, .5, .5, .5, .5, 0, 0, 1},
                               {1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1},
                               {1, 1, 1, 0, 0, 1, 1, 1},
                               1 + 2 + 4};
  static const WinoMatrices f4{
      4,
      6,
      {1. / 4, 0, 0, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 24, 1. / 12, 1. / 6,
       1. / 24, 1. / 12, 1. / 6, 0, 0, 1},
      {4, 0, 5, 0, 1, 0, 0, 4, 4, 1, 1, 0, 0, 4, 4, 1, 1, 0,
       0, 2, 1, 2, 1, 0, 0, 2, 1, 2, 1, 0, 0, 4, 0, 5, 0, 1},
      {1, 1, 1, 1, 1, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 4, 4, 0, 0, 1, 1, 8, 8, 1},
      1 + 4 + 6};
  return m == 4 ? f4 : f2;
}

/// Winograd F(m x m, 3x3), per output element: S_W, the sum of the absolute values of the
/// monomials coef * x * w the transformed computation expands into (sum over c of
/// |A^T| [(|G| |g| |G^T|) (.) (|B^T| |d| |B|)] |A| at the pixel's place in its tile);
/// `under`, the sum over the pixel's xi, each weighted by its |A^T| coefficients, of (C +
/// sum_c |V_c|_xi) (each product or FMA, and each U entry rounded to float, may add kEta in
/// the underflow range; the transforms add, subtract and scale by powers of two only, which
/// is exact there); `mag`, a bound on every intermediate the kernel computes for the pixel's
/// channel and tile (V and its partial sums, U, the partial sums of M and of the output
/// transform: each a partial sum of its final value's monomials). Structural zeros of the
/// transform matrices are skipped, data zeros are not (as the kernel), so a non-finite value
/// that the kernel multiplies makes the element's magnitudes non-finite.
struct WinoMag {
  double s = 0, under = 0, mag = 0;
};
std::vector<WinoMag> winograd_magnitudes(const std::vector<double>& xa,
                                         const std::vector<double>& wa, const Shape& xs,
                                         const Shape& ys, const Conv2dAttrs& a, int tile) {
  const WinoMatrices& mx = wino_matrices(tile);
  const int m = mx.m, nn = mx.n, X = nn * nn;
  auto G = [&](int i, int k) { return mx.g[static_cast<size_t>(i * 3 + k)]; };
  auto BT = [&](int i, int k) { return mx.bt[static_cast<size_t>(i * nn + k)]; };
  auto AT = [&](int r, int i) { return mx.at[static_cast<size_t>(r * nn + i)]; };
  const int64_t N = xs[0], C = xs[1], H = xs[2], W = xs[3], O = ys[1], OH = ys[2], OW = ys[3];
  const int64_t TH = (OH + m - 1) / m, TW = (OW + m - 1) / m, T = TH * TW;
  // |G| |g| |G^T| per (o, c), and its largest entry per o.
  std::vector<double> gu(static_cast<size_t>(O * C * X)), umax(static_cast<size_t>(O), 0);
  for (int64_t o = 0; o < O; ++o)
    for (int64_t c = 0; c < C; ++c) {
      const double* g = wa.data() + (o * C + c) * 9;
      std::vector<double> t(static_cast<size_t>(nn * 3), 0.0);
      for (int i = 0; i < nn; ++i)
        for (int k = 0; k < 3; ++k)
          if (G(i, k) != 0)
            for (int j = 0; j < 3; ++j) t[static_cast<size_t>(i * 3 + j)] += G(i, k) * g[k * 3 + j];
      double* u = gu.data() + (o * C + c) * X;
      for (int i = 0; i < nn; ++i)
        for (int j = 0; j < nn; ++j) {
          double v = 0;
          for (int k = 0; k < 3; ++k)
            if (G(j, k) != 0) v += t[static_cast<size_t>(i * 3 + k)] * G(j, k);
          u[i * nn + j] = v;
          umax[static_cast<size_t>(o)] = std::max(umax[static_cast<size_t>(o)], v);
        }
    }
  std::vector<WinoMag> out(static_cast<size_t>(N * O * OH * OW));
  std::vector<double> dv(static_cast<size_t>(C * T * X));
  std::vector<double> vsum(static_cast<size_t>(T * X)), vmax(static_cast<size_t>(T));
  std::vector<double> d(static_cast<size_t>(X)), t(static_cast<size_t>(X)),
      p(static_cast<size_t>(X));
  for (int64_t n = 0; n < N; ++n) {
    // |B^T| |d| |B| per (c, tile); d zero outside the input. Per tile: sum over c of each
    // entry, and the largest entry.
    std::fill(vsum.begin(), vsum.end(), 0.0);
    std::fill(vmax.begin(), vmax.end(), 0.0);
    for (int64_t c = 0; c < C; ++c)
      for (int64_t th = 0; th < TH; ++th)
        for (int64_t tw = 0; tw < TW; ++tw) {
          for (int i = 0; i < nn; ++i)
            for (int j = 0; j < nn; ++j) {
              const int64_t ih = m * th + i - a.padding[0], iw = m * tw + j - a.padding[1];
              d[static_cast<size_t>(i * nn + j)] =
                  ih < 0 || ih >= H || iw < 0 || iw >= W
                      ? 0
                      : xa[static_cast<size_t>(((n * C + c) * H + ih) * W + iw)];
            }
          std::fill(t.begin(), t.end(), 0.0);
          for (int i = 0; i < nn; ++i)
            for (int k = 0; k < nn; ++k)
              if (BT(i, k) != 0)
                for (int j = 0; j < nn; ++j)
                  t[static_cast<size_t>(i * nn + j)] +=
                      BT(i, k) * d[static_cast<size_t>(k * nn + j)];
          const int64_t tile = th * TW + tw;
          double* v = dv.data() + (c * T + tile) * X;
          for (int i = 0; i < nn; ++i)
            for (int j = 0; j < nn; ++j) {
              double s = 0;
              for (int k = 0; k < nn; ++k)
                if (BT(j, k) != 0) s += t[static_cast<size_t>(i * nn + k)] * BT(j, k);
              v[i * nn + j] = s;
              vsum[static_cast<size_t>(tile * X + i * nn + j)] += s;
              vmax[static_cast<size_t>(tile)] = std::max(vmax[static_cast<size_t>(tile)], s);
            }
        }
    for (int64_t o = 0; o < O; ++o)
      for (int64_t tl = 0; tl < T; ++tl) {
        std::fill(p.begin(), p.end(), 0.0);
        for (int64_t c = 0; c < C; ++c) {
          const double* u = gu.data() + (o * C + c) * X;
          const double* v = dv.data() + (c * T + tl) * X;
          for (int k = 0; k < X; ++k) p[static_cast<size_t>(k)] += u[k] * v[k];
        }
        double pmax = 0;
        for (double x : p) pmax = std::max(pmax, x);
        const double mag =
            std::max({pmax, vmax[static_cast<size_t>(tl)], umax[static_cast<size_t>(o)]});
        const int64_t th = tl / TW, tw = tl % TW;
        for (int r = 0; r < m; ++r)
          for (int q = 0; q < m; ++q) {
            const int64_t oh = m * th + r, ow = m * tw + q;
            if (oh >= OH || ow >= OW) continue;
            WinoMag wm;
            for (int i = 0; i < nn; ++i)
              for (int j = 0; j < nn; ++j)
                if (AT(r, i) != 0 && AT(q, j) != 0) {
                  const double k = AT(r, i) * AT(q, j);
                  wm.s += k * p[static_cast<size_t>(i * nn + j)];
                  wm.under +=
                      k * (static_cast<double>(C) + vsum[static_cast<size_t>(tl * X + i * nn + j)]);
                }
            wm.mag = std::max(mag, wm.s);
            out[static_cast<size_t>(((n * O + o) * OH + oh) * OW + ow)] = wm;
          }
      }
  }
  return out;
}

/// Winograd's finite results for one element: every monomial of the expanded transforms
/// passes through at most C + `roundings` roundings (WinoMatrices: U rounded to float once,
/// V's depth, the C-term product sum, the output transform's depth) plus U's own rounding
/// in double (2^-49 relative to S_W) and the underflow errors; the f64 reference adds its
/// gamma_K^(64) sum|x w|. An overflow on the element's paths makes its result non-finite
/// (every intermediate on them enters the output with a nonzero coefficient), and the kernel
/// then recomputes it in the semantics' order: `*recompute` says whether that may happen.
/// Empty when a non-finite value is on the element's paths (the result is then recomputed).
F32Range winograd_range(const Terms& t, const WinoMag& w, double C, double K, int roundings,
                        bool* recompute) {
  *recompute = true;
  if (!std::isfinite(w.s) || !std::isfinite(w.under) || !std::isfinite(t.v))
    return {kInf, -kInf, false, t.v};
  const double sw = I::mul_up(w.s, kSafe);
  const double D = C + roundings;
  const double err = I::add_up(I::add_up(I::mul_up(I::add_up(I::gamma_up(D, kU32), 0x1p-49), sw),
                                         I::mul_up(I::gamma_up(K, kU64), I::mul_up(t.s, kSafe))),
                               I::mul_up(I::mul_up(w.under, kSafe), 2 * kEta));
  const double mag =
      I::add_up(I::mul_up(I::mul_up(w.mag, kSafe), 1 + I::gamma_up(D, kU32) + 0x1p-49),
                I::mul_up(I::mul_up(w.under, kSafe), 2 * kEta));
  *recompute = !(mag < kOverflow);
  // The finite floats within err of the reference.
  const double lo = std::max(ceil_f32(I::sub_down(t.v, err)), -static_cast<double>(FLT_MAX));
  const double hi = std::min(floor_f32(I::add_up(t.v, err)), static_cast<double>(FLT_MAX));
  return {lo, hi, false, t.v};
}

/// The hull of two ranges (the reference of the first).
F32Range hull(const F32Range& a, const F32Range& b) {
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi), a.nan || b.nan, a.ref};
}

bool may_be_non_finite(const F32Range& r) {
  return r.nan || (r.lo <= r.hi && (!std::isfinite(r.lo) || !std::isfinite(r.hi)));
}

/// |native - reference| for a native result anywhere in r (see bound.h): the distance to
/// the farther end; 0 when r is exactly the reference's own non-finite value; +inf when r
/// reaches a non-finite value otherwise.
double element_bound(const F32Range& r) {
  const bool empty = !(r.lo <= r.hi);
  if (std::isnan(r.ref)) return r.nan && empty ? 0 : kInf;
  if (std::isinf(r.ref)) return !r.nan && r.lo == r.ref && r.hi == r.ref ? 0 : kInf;
  if (r.nan || empty || !std::isfinite(r.lo) || !std::isfinite(r.hi)) return kInf;
  auto dist = [&](double x) {
    return std::max(std::fabs(I::sub_up(x, r.ref)), std::fabs(I::sub_down(x, r.ref)));
  };
  return std::max(dist(r.lo), dist(r.hi));
}

}  // namespace

double native_distance(double y, double r) {
  if (std::isnan(y) || std::isnan(r)) return std::isnan(y) && std::isnan(r) ? 0 : kInf;
  if (std::isinf(y) || std::isinf(r)) return y == r ? 0 : kInf;
  return std::fabs(y - r);
}

Result<std::optional<Tensor>> native_error_bound(const Graph& g, NodeId id,
                                                 const std::vector<Tensor>& inputs) {
  const Node& n = g.node(id);
  const bool conv = n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d;
  const bool dense = n.op == OpKind::Dense || n.op == OpKind::FusedDense;
  const bool matmul = n.op == OpKind::MatMul;
  if (!conv && !dense && !matmul) return std::optional<Tensor>();
  if (inputs.size() != n.inputs.size())
    return Error{
        fmt::format("'{}' has {} inputs, {} values given", n.name, n.inputs.size(), inputs.size())};
  for (size_t k = 0; k < inputs.size(); ++k)
    if (inputs[k].shape() != g.node(n.inputs[k]).type.shape)
      return Error{fmt::format("input {} of '{}' has shape {}, the node reads {}", k, n.name,
                               shape_string(inputs[k].shape()),
                               shape_string(g.node(n.inputs[k]).type.shape))};

  // The operands in both readings: leaves of the dot products, and the epilogue's parts as
  // exact float32 values with themselves as reference.
  std::vector<double> x = inputs[0].to_doubles(), w = inputs[1].to_doubles();
  std::vector<Terms> xt(x.size()), wt(w.size());
  for (size_t i = 0; i < x.size(); ++i) xt[i].v = x[i];
  for (size_t i = 0; i < w.size(); ++i) wt[i].v = w[i];
  std::vector<std::vector<F32Range>> part_values;
  std::vector<sem::Operand<F32Range>> operands(2, {nullptr, nullptr});
  for (size_t k = 2; k < inputs.size(); ++k) {
    std::vector<F32Range> v;
    for (double p : inputs[k].to_doubles()) v.push_back(F32RangeDomain{}.lit(p));
    part_values.push_back(std::move(v));
  }
  for (size_t k = 2; k < inputs.size(); ++k)
    operands.push_back({part_values[k - 2].data(), &inputs[k].shape()});

  const Shape& xs = inputs[0].shape();
  const Shape& ws = inputs[1].shape();
  const Shape& ys = n.type.shape;
  TermsDomain td;
  if (matmul) {
    // The GEMM's sum (vfrt/gemm.h: an FMA chain over k, any blocking), read through the
    // semantics' own matmul_at; no epilogue.
    const MatMulPlan p = matmul_plan(xs, ws, ys);
    std::vector<double> bound;
    sem::emit_each(ys, bound, [&](int64_t, const int64_t* idx) {
      return element_bound(direct_range(sem::matmul_at(td, p, xt.data(), wt.data(), idx, ys.size()),
                                        static_cast<double>(p.K)));
    });
    return std::optional<Tensor>(Tensor::from_doubles(TensorType{DType::F64, ys}, bound));
  }
  F32RangeDomain rd;
  // The accumulator's range per element, and for Winograd the direct (semantics-order)
  // range of the elements whose native result may be recomputed.
  std::vector<F32Range> acc, recomputed;
  if (conv) {
    const Conv2dAttrs ca = conv2d_attrs(n.attrs);
    const sem::ConvPlan p(ca, xs, ws);
    const double K = static_cast<double>(p.cin_g * p.KH * p.KW);
    const ConvAlgorithm algo = conv_algorithm(xs, ws, ys, ca);
    const bool winograd = is_winograd(algo);
    const int tile = winograd_tile(algo);
    std::vector<WinoMag> wm;
    if (winograd) {
      std::vector<double> xa = x, wa = w;
      for (double& v : xa) v = std::fabs(v);
      for (double& v : wa) v = std::fabs(v);
      wm = winograd_magnitudes(xa, wa, xs, ys, ca, tile);
    }
    const std::vector<Terms> sums = all_finite(x) && all_finite(w)
                                        ? conv2d_terms(p, x, w, ys)
                                        : sem::conv2d_window_sums(td, p, xt.data(), wt.data(), ys);
    sem::emit_each(ys, acc, [&](int64_t flat, const int64_t*) {
      const Terms& t = sums[static_cast<size_t>(flat)];
      const F32Range direct = direct_range(t, K);
      if (!winograd) return direct;
      // The kernel recomputes a non-finite result in the semantics' order (vfrt.h), so an
      // element whose Winograd sum has no finite range, or whose epilogue may give a
      // non-finite value, may take the direct range's values.
      bool recompute = false;
      const F32Range wr =
          winograd_range(t, wm[static_cast<size_t>(flat)], static_cast<double>(xs[1]), K,
                         wino_matrices(tile).roundings, &recompute);
      recomputed.push_back(direct);
      if (!(wr.lo <= wr.hi)) return direct;
      return recompute ? hull(wr, direct) : wr;
    });
  } else {
    const int64_t K = xs.back(), M = ys.back();
    sem::emit_each(ys, acc, [&](int64_t flat, const int64_t*) {
      return direct_range(sem::dense_at(td, K, xt.data(), wt.data(), flat / M, flat % M),
                          static_cast<double>(K));
    });
  }
  // The epilogue and the activation: the semantics' formulas on the ranges.
  auto epilogue = [&](const std::vector<F32Range>& a) {
    std::vector<F32Range> out;
    sem::eval_reduction(rd, n.op, n.attrs, std::span<const sem::Operand<F32Range>>(operands), ys,
                        out, {},
                        [&](int64_t flat, const int64_t*) { return a[static_cast<size_t>(flat)]; });
    return out;
  };
  std::vector<F32Range> y = epilogue(acc);
  if (!recomputed.empty()) {
    const std::vector<F32Range> yd = epilogue(recomputed);
    for (size_t i = 0; i < y.size(); ++i)
      if (may_be_non_finite(y[i])) y[i] = hull(y[i], yd[i]);
  }
  std::vector<double> bound(y.size());
  for (size_t i = 0; i < y.size(); ++i) bound[i] = element_bound(y[i]);
  return std::optional<Tensor>(Tensor::from_doubles(TensorType{DType::F64, ys}, bound));
}

}  // namespace vf::codegen
