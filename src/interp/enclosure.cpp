// run_enclosure: the running error analysis in double-double (enclosure.h).
//
// Notation: a value is (h, l, e): the real number x = h + l (unevaluated, |l| <= ~u |h|)
// and e >= |x - X|, X the exact value. u = 2^-53. TwoSum(a, b) gives s = fl(a + b) and
// t = a + b - s exactly (Knuth); TwoProd(a, b) gives p = fl(a b) and q = fma(a, b, -p) =
// a b - p exactly unless a b is below ~2^-969 (then |error| <= 2^-1074: kTiny covers it).
// Every other floating operation is one rounding to nearest, within u |result| (Higham
// (2.5): |fl(z) - z| <= u |fl(z)|; sums are exact below the normal range, products within
// kTiny). As in drift.cpp each rule bounds |r - Z| <= |r - z| (its own rounding, from the
// values it produced) + |z - Z| (propagation), z the exact result on the operands' x, Z on
// their X. Bounds are summed with add_up / mul_up (directed.h).
#include "interp/enclosure.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "interp/directed.h"
#include "interp/evaluate_graph.h"
#include "ir/op_attrs.h"
#include "ir/op_plan.h"
#include "semantics/conv_rows.h"
#include "semantics/eval_node.h"

namespace vf {
namespace {

using namespace interp_detail;

constexpr double kU = 0x1p-53;
constexpr double kTiny = 0x1p-1060;

inline void two_sum(double a, double b, double& s, double& t) {
  s = a + b;
  const double bb = s - a;
  t = (a - (s - bb)) + (b - bb);
}
inline void two_prod(double a, double b, double& p, double& q) {
  p = a * b;
  q = std::fma(a, b, -p);
}

struct DD {
  double h = 0, l = 0, e = 0;
};

/// |x| <= mag(x) (h + l with |l| rounded up).
inline double mag(const DD& x) { return add_up(std::abs(x.h), std::abs(x.l)); }

/// The double-double domain: values as above, every operation with its rounding bound.
struct DDDomain {
  using Value = DD;
  struct Bool {
    bool v = false;
    bool certain = true;
  };

  static DD finish(double h, double l, double e) {
    if (!std::isfinite(h) || !std::isfinite(l) || !(e <= kMaxFinite)) e = kInf;
    return {h, l, e};
  }

  DD lit(double x) const { return {x, 0, 0}; }
  DD neg(DD a) const { return {-a.h, -a.l, a.e}; }

  /// The sum of the two values and its rounding bound (no propagation).
  static DD sum(const DD& a, const DD& b) {
    // s + t = a.h + b.h; v = fl(a.l + b.l), w = fl(t + v): computed h + l = s + w exactly
    // (the last TwoSum), the exact sum s + t + a.l + b.l: off by the two roundings.
    double s, t;
    two_sum(a.h, b.h, s, t);
    const double v = a.l + b.l, w = t + v;
    DD r;
    two_sum(s, w, r.h, r.l);
    r.e = mul_up(kU, add_up(std::abs(v), std::abs(w)));
    return r;
  }
  DD add(DD a, DD b) const {
    DD r = sum(a, b);
    return finish(r.h, r.l, add_up(r.e, add_up(a.e, b.e)));  // z - Z = (a - A) + (b - B)
  }
  DD sub(DD a, DD b) const { return add(a, neg(b)); }

  /// The product of the two values and its rounding bound (no propagation).
  static DD product(const DD& a, const DD& b) {
    // a b = p + q + a.h b.l + a.l b.h + a.l b.l; the three cross products and the four
    // additions forming z4 are rounded: computed h + l = p + z4 exactly.
    double p, q;
    two_prod(a.h, b.h, p, q);
    const double c1 = a.h * b.l, c2 = a.l * b.h, c3 = a.l * b.l;
    const double z1 = q + c1, z2 = z1 + c2, z3 = z2 + c3;
    DD r;
    two_sum(p, z3, r.h, r.l);
    const double terms =
        std::abs(c1) + std::abs(c2) + std::abs(c3) + std::abs(z1) + std::abs(z2) + std::abs(z3);
    r.e = add_up(mul_up(kU * (1 + 0x1p-50), terms), 5 * kTiny);
    return r;
  }
  DD mul(DD a, DD b) const {
    // z - Z = a (b - B) + B (a - A): |a| e_b + (|b| + e_b) e_a.
    DD r = product(a, b);
    const double prop = add_up(mul_up(mag(a), b.e), mul_up(add_up(mag(b), b.e), a.e));
    return finish(r.h, r.l, add_up(r.e, prop));
  }

  DD div(DD a, DD b) const {
    // mb = |b.h| - |b.l| <= |b| (x's value); m = mb - e_b <= |B|. m <= 0: the exact divisor
    // may be 0 (drift.h): +inf. Propagation as drift.cpp: e_a / m + |a| e_b / (|b| m).
    const double mb = down(std::abs(b.h) - up(std::abs(b.l)));
    const double m = b.e == 0 ? mb : down(mb - up(b.e));
    if (!(mb > 0) || !(m > 0)) return {a.h / b.h, 0, kInf};
    // q1 = fl(a.h / b.h); rr = a - q1 b in double-double with its rounding bound er (R the
    // exact a - q1 b: |rr - R| <= er); q2 = fl(rr.h / b.h). Then a / b - q1 - q2 = R / b - q2:
    //   |R / b - q2| <= er / |b| + |rr.l| / |b| + |rr.h| |1/b - 1/b.h| + |rr.h / b.h - q2|,
    // with |1/b - 1/b.h| = |b.l| / (|b| |b.h|) and |rr.h / b.h - q2| <= u |q2| + kTiny.
    const double q1 = a.h / b.h;
    const DD qb = product({q1, 0, 0}, {b.h, b.l, 0});
    DD rr = sum({a.h, a.l, 0}, {-qb.h, -qb.l, 0});
    const double er = add_up(rr.e, qb.e);
    const double q2 = rr.h / b.h;
    DD r;
    two_sum(q1, q2, r.h, r.l);
    double rnd = div_up(add_up(er, std::abs(rr.l)), mb);
    rnd = add_up(rnd, div_up(mul_up(std::abs(rr.h), std::abs(b.l)), down(mb * std::abs(b.h))));
    rnd = add_up(rnd, add_up(mul_up(kU, std::abs(q2)), kTiny));
    double prop = 0;
    if (a.e != 0 || b.e != 0)
      prop = add_up(div_up(a.e, m), div_up(mul_up(mag(a), b.e), down(mb * m)));
    return finish(r.h, r.l, add_up(rnd, prop));
  }

  DD sqrt(DD a) const {
    // The exact program is defined (A >= 0). x = a.h + a.l < 0 or not finite: NaN, +inf.
    if (!(a.h >= 0) || !std::isfinite(a.h)) return {std::sqrt(a.h), 0, kInf};
    if (a.h == 0) return finish(0, 0, a.e == 0 ? 0 : sqrt_up(a.e));  // a.l = 0 too
    // s1 = fl(sqrt(a.h)); rr = a - s1^2 in double-double (R exact, |rr - R| <= er); s2 =
    // fl(rr.h / (2 s1)). sqrt(a) - s1 = R / (sqrt(a) + s1), so with sqrt(a) + s1 >= s1:
    //   |sqrt(a) - s1 - s2| <= er / s1 + |rr| |1/(sqrt(a) + s1) - 1/(2 s1)|
    //                          + |rr.l| / (2 s1) + |rr.h / (2 s1) - s2|,
    // |1/(sqrt(a) + s1) - 1/(2 s1)| = |s1 - sqrt(a)| / ((sqrt(a) + s1) 2 s1) and
    // |s1 - sqrt(a)| = |R| / (sqrt(a) + s1) <= (|rr| + er) / s1: the middle term is at most
    // |rr| (|rr| + er) / (2 s1^3).
    const double s1 = std::sqrt(a.h);
    const DD sq = product({s1, 0, 0}, {s1, 0, 0});
    const DD rr = sum({a.h, a.l, 0}, {-sq.h, -sq.l, 0});
    const double er = add_up(rr.e, sq.e);
    const double s2 = rr.h / (2 * s1);
    DD r;
    two_sum(s1, s2, r.h, r.l);
    const double s1d = down(s1), mr = mag(rr);
    double rnd = div_up(er, s1d);
    rnd = add_up(rnd, div_up(mul_up(mr, add_up(mr, er)), down(2 * down(s1d * s1d) * s1d)));
    rnd = add_up(rnd, div_up(std::abs(rr.l), down(2 * s1d)));
    rnd = add_up(rnd, add_up(mul_up(kU, std::abs(s2)), kTiny));
    // Propagation as drift.cpp: e / (sqrt(x) + sqrt(max(x - e, 0))), at most sqrt(e), with
    // x >= xl = a.h - |a.l| (rounded down).
    double prop = 0;
    if (a.e != 0) {
      const double xl = std::max(0.0, down(a.h - up(std::abs(a.l))));
      const double lo = xl - a.e;
      const double den = down(sqrt_down(xl) + sqrt_down(lo > 0 ? down(lo) : 0));
      prop = std::min(den > 0 ? div_up(a.e, den) : kInf, sqrt_up(a.e));
    }
    return finish(r.h, r.l, add_up(rnd, prop));
  }

  DD exp(DD a) const {
    // In double: r = libm's exp(a.h), within 2 ulps of exp(a.h) (directed.h's margin). The
    // exact operand A is within d = |a.l| + e_a of a.h, so |exp(A) - exp(a.h)| <=
    // exp(a.h) expm1(d) (drift.cpp's rule).
    const double r = std::exp(a.h);
    const double d = add_up(std::abs(a.l), a.e);
    const double rnd = add_up(mul_up(std::abs(r), 0x1p-48), kTiny);
    const double prop = exp_prop_up(a.h, d);
    return finish(r, 0, add_up(rnd, prop));
  }
  DD fn(sem::Fn f, DD a) const {
    // In double: libm's f(a.h) within kFnUlps ulps; A within |a.l| + e_a of a.h:
    // fn_prop_up (directed.h) bounds the rest.
    const double r = sem::fn_eval(f, a.h);
    const double d = add_up(std::abs(a.l), a.e);
    const double rnd = add_up(mul_up(std::abs(r), 2 * sem::kFnUlps * kU * (1 + 0x1p-40)), kTiny);
    return finish(r, 0, add_up(rnd, fn_prop_up(f, a.h, d)));
  }

  /// Whether the exact operands compare as the computed ones: the double-double difference
  /// dd = x_a - x_b within dd.e of exact; if |dd| - dd.e > e_a + e_b the exact operands'
  /// difference has dd's sign (dd.h's: a normalised pair with h = 0 has l = 0).
  Bool compare(const DD& a, const DD& b, bool strict) const {
    const DD d = sum({a.h, a.l, 0}, {-b.h, -b.l, 0});
    const bool v = strict ? d.h < 0 : d.h <= 0;
    if (a.e == 0 && b.e == 0 && d.e == 0) return {v, true};
    const double gap = down(std::abs(d.h) - up(add_up(std::abs(d.l), d.e)));
    return {v, gap > add_up(a.e, b.e)};
  }
  Bool lt(DD a, DD b) const { return compare(a, b, true); }
  Bool le(DD a, DD b) const { return compare(a, b, false); }
  // Uncertain: the exact value may be the other branch's: |r - O| <= |r - o| + e_o.
  DD select(Bool c, DD a, DD b) const {
    const DD& chosen = c.v ? a : b;
    if (c.certain) return chosen;
    const DD& other = c.v ? b : a;
    const DD d = sum({chosen.h, chosen.l, 0}, {-other.h, -other.l, 0});
    const double via = add_up(add_up(mag(d), d.e), other.e);
    return finish(chosen.h, chosen.l, std::max(chosen.e, via == via ? via : kInf));
  }
  std::optional<int64_t> exact_integer(const DD& v) const {
    if (v.e != 0 || v.l != 0 || !(std::abs(v.h) < 9e18) || std::floor(v.h) != v.h)
      return std::nullopt;
    return static_cast<int64_t>(v.h);
  }
};
static_assert(sem::Domain<DDDomain>);

/// conv2d's window sums over double-double values, outside the domain (most of the run's
/// work): per output, S + C accumulated with TwoSum / TwoProd as the domain's sum and
/// product would (S the running high part, C the compensation), R their rounding bound
/// (u times every rounded result's magnitude, 4 kTiny per term) and P the propagation
/// sum |w| e_x + (|x| + e_x) e_w and the omitted w.l x.l. Exactly, sum w x = S + sum (t +
/// q + w.h x.l + w.l x.h + w.l x.l), and C is that sum but for its roundings. The accumulators are
/// sums of non-negative doubles rounded to nearest: times 1 + (n + 8) 2^-51 (n terms) covers their
/// own rounding.
std::vector<DD> conv_sums(const sem::ConvPlan& p, const DD* x, const DD* w,
                          const Shape& out_shape) {
  const size_t n_out = static_cast<size_t>(num_elements(out_shape));
  std::vector<double> S(n_out, 0.0), C(n_out, 0.0), R(n_out, 0.0), P(n_out, 0.0);
  sem::conv2d_window_rows(
      p, out_shape, [&](int64_t row, int64_t x0, int64_t wi, int64_t lo, int64_t hi, int64_t sw) {
        const DD wv = w[wi];
        const double aw = std::abs(wv.h) + std::abs(wv.l);
        for (int64_t ow = lo; ow < hi; ++ow) {
          const DD& xv = x[x0 + ow * sw];
          const size_t o = static_cast<size_t>(row + ow);
          double pp, q, s, t;
          two_prod(wv.h, xv.h, pp, q);
          two_sum(S[o], pp, s, t);
          S[o] = s;
          const double c1 = wv.h * xv.l, c2 = wv.l * xv.h;
          const double z1 = q + c1, z2 = z1 + c2, z3 = z2 + t;
          C[o] += z3;
          R[o] += std::abs(c1) + std::abs(c2) + std::abs(z1) + std::abs(z2) + std::abs(z3) +
                  std::abs(C[o]);
          // w.l x.l is left out: the whole term joins P (upward).
          const double ax = std::abs(xv.h) + std::abs(xv.l);
          P[o] += aw * xv.e + (ax + xv.e) * wv.e + std::abs(wv.l * xv.l) * (1 + 0x1p-50) + kTiny;
        }
      });
  const double n = static_cast<double>(p.cin_g * p.KH * p.KW);
  const double inflate = 1 + (n + 8) * 0x1p-51;
  std::vector<DD> out(n_out);
  for (size_t o = 0; o < n_out; ++o) {
    DD r;
    two_sum(S[o], C[o], r.h, r.l);
    const double e = up(up(kU * R[o] + n * 4 * kTiny) * inflate + up(P[o] * inflate));
    out[o] = DDDomain::finish(r.h, r.l, e);
  }
  return out;
}

/// A dot product sum_k x[k sx] w[k sw] over double-double values, as conv_sums forms each
/// window sum (the same accumulators and bounds, n = K terms).
DD dd_dot(const DD* x, int64_t sx, const DD* w, int64_t sw, int64_t K) {
  double S = 0, C = 0, R = 0, P = 0;
  for (int64_t k = 0; k < K; ++k) {
    const DD& xv = x[k * sx];
    const DD& wv = w[k * sw];
    double pp, q, s, t;
    two_prod(wv.h, xv.h, pp, q);
    two_sum(S, pp, s, t);
    S = s;
    const double c1 = wv.h * xv.l, c2 = wv.l * xv.h;
    const double z1 = q + c1, z2 = z1 + c2, z3 = z2 + t;
    C += z3;
    R += std::abs(c1) + std::abs(c2) + std::abs(z1) + std::abs(z2) + std::abs(z3) + std::abs(C);
    const double ax = std::abs(xv.h) + std::abs(xv.l), aw = std::abs(wv.h) + std::abs(wv.l);
    P += aw * xv.e + (ax + xv.e) * wv.e + std::abs(wv.l * xv.l) * (1 + 0x1p-50) + kTiny;
  }
  const double n = static_cast<double>(K);
  const double inflate = 1 + (n + 8) * 0x1p-51;
  DD r;
  two_sum(S, C, r.h, r.l);
  return DDDomain::finish(r.h, r.l, up(up(kU * R + n * 4 * kTiny) * inflate + up(P * inflate)));
}

}  // namespace

Result<std::vector<BoundedTensor>> run_enclosure(const Graph& g, const RunOptions& opts) {
  DDDomain d;
  std::vector<BoundedTensor> result(g.size());
  auto keep = [&](size_t i, const std::vector<DD>& vs) {
    BoundedTensor& b = result[i];
    b.value = Tensor(TensorType{DType::F64, g.nodes()[i].type.shape});
    b.err.resize(vs.size());
    auto v = b.value.view_mut<double>();
    for (size_t k = 0; k < vs.size(); ++k) {
      v[k] = vs[k].h;  // h + l rounds to h (a normalised pair): |l| joins the bound
      b.err[k] = vs[k].e < kInf ? add_up(vs[k].e, std::abs(vs[k].l)) : kInf;
    }
  };
  auto leaf = [&](const Node& n, const Tensor& t) {
    const std::vector<double> xs = t.to_doubles();
    std::vector<DD> out(xs.size());
    const bool i64 = t.dtype() == DType::I64;
    for (size_t k = 0; k < xs.size(); ++k)
      out[k] = {xs[k], 0, i64 ? mul_up(0x1p-53, std::abs(xs[k])) : 0.0};
    keep(static_cast<size_t>(&n - g.nodes().data()), out);
    return out;
  };
  auto compute = [&](const Node& n, std::span<const sem::Operand<DD>> ops, std::vector<DD>& out) {
    if (n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d) {
      const sem::ConvPlan p(conv2d_attrs(n.attrs), *ops[0].shape, *ops[1].shape);
      const std::vector<DD> acc = conv_sums(p, ops[0].data, ops[1].data, n.type.shape);
      sem::eval_reduction(
          d, n.op, n.attrs, ops, n.type.shape, out, {},
          [&](int64_t flat, const int64_t*) { return acc[static_cast<size_t>(flat)]; });
    } else if (n.op == OpKind::Dense || n.op == OpKind::FusedDense) {
      // dense_at: row `flat / M` of x by row `flat % M` of w, K terms.
      const int64_t K = ops[0].shape->back(), M = n.type.shape.back();
      sem::eval_reduction(d, n.op, n.attrs, ops, n.type.shape, out, {},
                          [&](int64_t flat, const int64_t*) {
                            return dd_dot(ops[0].data + (flat / M) * K, 1,
                                          ops[1].data + (flat % M) * K, 1, K);
                          });
    } else if (n.op == OpKind::MatMul) {
      // matmul_at: a's row against b's column, K terms, batch axes broadcast.
      const MatMulPlan mp = matmul_plan(*ops[0].shape, *ops[1].shape, n.type.shape);
      const size_t r = n.type.shape.size();
      sem::emit_each(n.type.shape, out, [&](int64_t, const int64_t* idx) {
        const DD* ar = ops[0].data + offset_of(idx, mp.a_batch) + idx[r - 2] * mp.K;
        const DD* bc = ops[1].data + offset_of(idx, mp.b_batch) + idx[r - 1];
        return dd_dot(ar, 1, bc, mp.N, mp.K);
      });
    } else {
      sem::eval_node(d, n.op, n.attrs, ops, n.type.shape, out);
    }
    keep(static_cast<size_t>(&n - g.nodes().data()), out);
    return true;
  };
  auto outs = interp_detail::evaluate_graph(g, opts, d, leaf, compute);
  if (!outs) return outs.error();
  return result;
}

}  // namespace vf
