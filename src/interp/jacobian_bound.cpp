// The Jacobian bound (jacobian_bound.h): interval enclosures of each node's partial
// derivatives over its operands' boxes, and backward passes with interval adjoints.
//
// Notation: an adjoint is a midpoint-radius pair (m, r) standing for every value in
// [m - r, m + r]; a slope (an enclosed partial derivative) likewise. The invariant of a
// pass: every entry of the row of M_i (jacobian_bound.h) for the selected output element,
// whatever point of the boxes the derivatives are taken at, lies in its adjoint's
// interval.
// With point adjoints (the default, jacobian_bound.h "Point adjoints") the same pair holds
// the computed adjoint m and, in r, a bound on its own rounding: at a node's level rho (the
// accumulation's, never carried down: times the box's width into the bound), inside a
// node's tape delta (carried by |midpoint| to the node's operands, then times their widths).
//
// Arithmetic of the pass, in double rounded to nearest (u = 2^-53):
//   - a product s x of two intervals, accumulated into an adjoint (acc_prod):
//       m' = m + sm xm,  r' = r + |sm| xr + sr (|xm| + xr) + u (|sm xm| + |m'|) + 2^-1070,
//     since |s x - sm xm| <= |sm| |x - xm| + |s - sm| |x| <= |sm| xr + sr (|xm| + xr), and
//     the two roundings of m' are within u of their results (Higham (2.5), u |fl(z)|), the
//     2^-1070 covering underflow;
//   - the transposed products of conv2d / dense / matmul form each midpoint as a sum of n
//     products in some order: within gamma_n = n u / (1 - n u) of sum |w| |c| (Higham 3.1),
//     which joins the radius sum as |w| (r + gamma_n |c|), plus n 2^-1070;
//   - every radius is a sum of products of non-negative doubles: along any chain of k
//     roundings it is at most (1 + u)^k - 1 below its exact value. A pass has fewer than
//     2^40 operations (checked), so the final bound times 1 + 2^-10 covers them all
//     ((1 + 2^-53)^(2^40) < 1 + 2^-12).
// The boxes of intermediate values inside a node are intervals with outward rounding:
// each operation's result moved outward by at least one ulp (dn, upw), which covers one rounding
// to nearest; exp and the functions of transcendental.h get a relative margin over libm's
// error as directed.h gives them.
#include "interp/jacobian_bound.h"

#include <algorithm>
#include <cmath>
#include <future>
#include <limits>
#include <numeric>
#include <optional>

#include <fmt/format.h>

#include "interp/directed.h"
#include "ir/op_attrs.h"
#include "ir/op_plan.h"
#include "semantics/conv_rows.h"
#include "semantics/eval_node.h"

namespace vf {
namespace {

using interp_detail::kInf;

constexpr double kU = 0x1p-53;       // the pass's own unit roundoff (double)
constexpr double kTiny = 0x1p-1070;  // covers one product's underflow in double
constexpr double kFinalInflate = 1 + 0x1p-10;

/// A double <= every real that rounds to nearest to x (dn), >= every such real (upw): x
/// moved by |x| 2^-52 + the least subnormal, at least one unit in the last place of x, and
/// a real that rounds to x is within half the spacing next to x, at most one ulp(x) (the
/// argument of directed.h's up() and down(), for either sign). Infinities stay.
inline double dn(double x) { return x - (std::abs(x) * 0x1p-52 + interp_detail::kDenormMin); }
inline double upw(double x) { return x + (std::abs(x) * 0x1p-52 + interp_detail::kDenormMin); }

/// An interval [lo, hi]; NaN ends (inf - inf) are made the whole line by `whole_if_nan`.
struct Iv {
  double lo, hi;
};

Iv whole_if_nan(Iv a) {
  if (!(a.lo <= a.hi)) return {-kInf, kInf};
  return a;
}
Iv iadd(Iv a, Iv b) { return whole_if_nan({dn(a.lo + b.lo), upw(a.hi + b.hi)}); }
Iv isub(Iv a, Iv b) { return whole_if_nan({dn(a.lo - b.hi), upw(a.hi - b.lo)}); }
Iv imul(Iv a, Iv b) {
  const double p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  for (double x : p)
    if (x != x) return {-kInf, kInf};  // inf * 0: an unbounded factor
  return {dn(*std::min_element(p, p + 4)), upw(*std::max_element(p, p + 4))};
}
/// 1 / b for b not holding 0.
Iv irecip(Iv b) { return {dn(1 / b.hi), upw(1 / b.lo)}; }
bool holds_zero(Iv b) { return !(b.lo > 0 || b.hi < 0); }

/// A slope (or an adjoint) as midpoint and radius: [lo, hi] in m +- r. The midpoint is a
/// double; max(hi - m, m - lo) is computed with one rounding and moved up one double.
struct Mr {
  double m = 0, r = 0;
};
Mr mr_of(Iv s) {
  if (!(s.lo <= s.hi) || std::isinf(s.lo) || std::isinf(s.hi)) return {0, kInf};
  const double m = 0.5 * s.lo + 0.5 * s.hi;
  return {m, upw(std::max(std::max(s.hi - m, m - s.lo), 0.0))};
}

/// a b, with 0 whenever either is 0 (an unbounded slope times a value that cannot move).
inline double mulz(double a, double b) { return a == 0 || b == 0 ? 0.0 : a * b; }
/// The largest magnitude of a slope.
inline double mag(Mr s) { return upw(std::abs(s.m) + s.r); }

/// adj += s * x (see the file comment). x must not be 0 +- 0 (callers skip it), so that an
/// infinite slope radius gives +inf, not inf * 0.
inline void acc_prod(double& am, double& ar, Mr s, double xm, double xr) {
  const double pm = s.m * xm;
  am += pm;
  ar += std::abs(s.m) * xr + s.r * (std::abs(xm) + xr) + kU * (std::abs(pm) + std::abs(am)) + kTiny;
}

/// adj += x (an adjoint added into another).
inline void acc_add(double& am, double& ar, double xm, double xr) {
  am += xm;
  ar += xr + kU * std::abs(am);
}

// ---- The tape domain ----------------------------------------------------------------

/// A scalar of a node's evaluation: its box, and its index in the node's adjoint space
/// (-1: it depends on no operand that has an adjoint, e.g. a literal or a constant).
struct JVal {
  double lo = 0, hi = 0;
  int64_t id = -1;
};

/// One recorded operation: result r = op(a, b), with the partial derivatives enclosed over
/// the operands' boxes.
struct Entry {
  int64_t r, a, b;
  Mr sa, sb;
};

/// The semantics over boxes, recording a tape (see the header's "Nonlinear points").
struct TapeDomain {
  using Value = JVal;
  struct Bool {
    bool v = false;
    bool certain = true;
  };
  std::vector<Entry>* tape = nullptr;
  /// Per id (when given): V, a bound on the variation of the value along the segment from
  /// the exact operands to the computed ones (the operands' own: their boxes' widths; a
  /// result's: mag(sa) V(a) + mag(sb) V(b)), which bounds its change too (point adjoints).
  std::vector<double>* var = nullptr;
  int64_t next_id = 0;
  bool continuous_selects = true;                 ///< every select of this node is continuous
  bool broken = false;                            ///< an uncertain select that may jump was met
  bool drop_branch = false, drop_radius = false;  ///< the test-only switches

  Mr slope(Iv s) const {
    Mr x = mr_of(s);
    if (drop_radius && x.r < kInf) x.r = 0;
    return x;
  }
  JVal record(Iv r, const JVal& a, Mr sa, const JVal* b, Mr sb) {
    r = whole_if_nan(r);
    if (a.id < 0 && (!b || b->id < 0)) return {r.lo, r.hi, -1};
    tape->push_back({next_id, a.id, b ? b->id : -1, sa, sb});
    if (var) {
      double v = a.id >= 0 ? mulz(mag(sa), (*var)[static_cast<size_t>(a.id)]) : 0;
      if (b && b->id >= 0) v += mulz(mag(sb), (*var)[static_cast<size_t>(b->id)]);
      var->push_back(upw(v));
    }
    return {r.lo, r.hi, next_id++};
  }
  static Iv iv(const JVal& a) { return {a.lo, a.hi}; }

  JVal lit(double x) const { return {x, x, -1}; }
  // d(a + b) = da + db; d(a - b) = da - db.
  JVal add(JVal a, JVal b) { return record(iadd(iv(a), iv(b)), a, {1, 0}, &b, {1, 0}); }
  JVal sub(JVal a, JVal b) { return record(isub(iv(a), iv(b)), a, {1, 0}, &b, {-1, 0}); }
  // d(ab) = B da + A db, A and B anywhere in their boxes.
  JVal mul(JVal a, JVal b) { return record(imul(iv(a), iv(b)), a, slope(iv(b)), &b, slope(iv(a))); }
  // d(a / b) = da / B - A db / B^2; unbounded when B's box holds 0.
  JVal div(JVal a, JVal b) {
    if (holds_zero(iv(b))) return record({-kInf, kInf}, a, {0, kInf}, &b, {0, kInf});
    const Iv rb = irecip(iv(b));
    const Iv q = imul(iv(a), rb);
    const Iv t = imul(q, rb);
    return record(q, a, slope(rb), &b, slope({-t.hi, -t.lo}));
  }
  JVal neg(JVal a) { return record({-a.hi, -a.lo}, a, {-1, 0}, nullptr, {}); }
  // The exact program is defined (drift.h): A >= 0, so the box is cut at 0. d sqrt(A) =
  // dA / (2 sqrt(A)), in [1 / (2 sqrt(hi)), 1 / (2 sqrt(lo))]; unbounded when lo <= 0.
  JVal sqrt(JVal a) {
    if (a.hi < 0) return record({-kInf, kInf}, a, {0, kInf}, nullptr, {});
    const double lo = std::max(a.lo, 0.0);
    const Iv r{std::max(0.0, dn(std::sqrt(lo))), upw(std::sqrt(a.hi))};
    const Iv s{r.hi > 0 ? dn(0.5 / r.hi) : 0, r.lo > 0 ? upw(0.5 / r.lo) : kInf};
    return record(r, a, slope(s), nullptr, {});
  }
  // exp increasing, d exp(A) = exp(A) dA: the result's box is the slope's. libm's exp
  // within 2 ulps: the relative margin 2^-48 of directed.h.
  JVal exp(JVal a) {
    const Iv r = whole_if_nan(
        {std::max(0.0, dn(std::exp(a.lo) * (1 - 0x1p-48))), interp_detail::exp_up(a.hi)});
    return record(r, a, slope(r), nullptr, {});
  }
  // log, tanh, erf: increasing, so the box maps end to end (relative margin 2^-40 over
  // libm's error, kept inside the function's range). The slope: log' = 1/t in [1/hi,
  // 1/lo]; tanh' = sech^2 and erf' = 2/sqrt(pi) exp(-t^2) fall with |t|, so they lie
  // between their values at the box's largest |t| and fn_slope_max (at its smallest |t|).
  // round is a step: not enclosed by a slope (the bound is then unavailable).
  JVal fn(sem::Fn f, JVal a) {
    if (f == sem::Fn::Round || !sem::fn_defined_on(f, a.lo) || !std::isfinite(a.lo) ||
        !std::isfinite(a.hi)) {
      if (f == sem::Fn::Round && a.lo != a.hi) broken = true;
      return record({-kInf, kInf}, a, {0, kInf}, nullptr, {});
    }
    const sem::FnRange range = sem::fn_range(f);
    auto margin = [](double y) { return std::abs(y) * 0x1p-40 + 0x1p-1000; };
    const double flo = sem::fn_eval(f, a.lo), fhi = sem::fn_eval(f, a.hi);
    const Iv r{std::max(range.lo, dn(flo - margin(flo))),
               std::min(range.hi, upw(fhi + margin(fhi)))};
    const double smax = upw(sem::fn_slope_max(f, a.lo, a.hi) * (1 + 0x1p-40));
    const double far = std::max(std::abs(a.lo), std::abs(a.hi));
    double smin = 0;
    switch (f) {
      case sem::Fn::Log: smin = dn(1 / a.hi * (1 - 0x1p-40)); break;
      case sem::Fn::Tanh: {
        const double c = std::cosh(far);
        smin = c < 1e150 ? dn(1 / (c * c) * (1 - 0x1p-40)) : 0;
        break;
      }
      case sem::Fn::Erf:
        smin = dn(1.1283791670955126 * std::exp(-far * far) * (1 - 0x1p-40));
        break;
      case sem::Fn::Round: break;
    }
    return record(r, a, slope({std::max(0.0, smin), smax}), nullptr, {});
  }
  // a < b for every point of the boxes when a.hi < b.lo; for none when a.lo >= b.hi.
  Bool lt(JVal a, JVal b) const {
    if (a.hi < b.lo) return {true, true};
    if (a.lo >= b.hi) return {false, true};
    return {0.5 * a.lo + 0.5 * a.hi < 0.5 * b.lo + 0.5 * b.hi, false};
  }
  Bool le(JVal a, JVal b) const {
    if (a.hi <= b.lo) return {true, true};
    if (a.lo > b.hi) return {false, true};
    return {0.5 * a.lo + 0.5 * a.hi <= 0.5 * b.lo + 0.5 * b.hi, false};
  }
  // Certain: one branch over the whole box. Uncertain and continuous: the result lies in
  // the hull of both boxes and its derivative is a' or b' at each point of the segment,
  // enclosed by [0, 1] a' + [0, 1] b' (the header). Uncertain and not known continuous: a
  // jump may lie inside the box, where no slope exists.
  JVal select(Bool c, JVal a, JVal b) {
    if (c.certain || drop_branch) return c.v ? a : b;
    if (!continuous_selects) broken = true;
    const Iv h{std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
    const Mr half = drop_radius ? Mr{0.5, 0} : Mr{0.5, 0.5};
    return record(h, a, half, &b, half);
  }
  std::optional<int64_t> exact_integer(const JVal& v) const {
    if (v.lo != v.hi || !(std::abs(v.lo) < 9e18) || std::floor(v.lo) != v.lo) return std::nullopt;
    return static_cast<int64_t>(v.lo);
  }
};
static_assert(sem::Domain<TapeDomain>);

/// Operators whose every select is continuous (both branches equal where the comparison
/// switches); an uncertain select elsewhere makes the bound unavailable.
bool continuous_op(const Node& n) {
  switch (n.op) {
    case OpKind::Where:
    case OpKind::Gather:
    case OpKind::Quantize:
    case OpKind::Dequantize:
    case OpKind::Requantize:
    case OpKind::QAdd:
    case OpKind::QConv2d:
    case OpKind::QDense: return false;
    default: return true;  // relu, clip, max, min, pools, softmax's max, activations
  }
}

// ---- A pass ---------------------------------------------------------------------------

/// A node's adjoint: rows x elements, midpoints and radii (empty: no contribution yet).
struct Adj {
  std::vector<double> m, r;
  bool empty() const { return m.empty(); }
};

double gamma_n(double n) {
  const double nu = n * kU;
  return nu < 0.5 ? upw(nu / (1 - nu) * (1 + 0x1p-50)) : kInf;
}

struct Box {
  std::vector<double> m, r;
};
Box box_of(const JacobianNode& jn) {
  Box b;
  const size_t n = jn.lo.size();
  b.m.resize(n), b.r.resize(n);
  for (size_t e = 0; e < n; ++e) {
    const Mr x = mr_of({jn.lo[e], jn.hi[e]});
    b.m[e] = x.m, b.r[e] = x.r;
  }
  return b;
}

/// One backward pass from some elements of one output.
class Pass {
 public:
  Pass(const Graph& g, const std::vector<JacobianNode>& nodes, const JacobianOptions& o,
       bool point)
      : g_(g), nodes_(nodes), o_(o), point_(point), adj_(g.size()) {
    for (const JacobianNode& jn : nodes) sets_ = std::max(sets_, jn.sources.size());
  }

  /// Runs the pass seeded at elements `elems` of output node `out`; fills rig / prob
  /// [set][row]. Returns an empty string, or why the bound is unavailable.
  std::string run(NodeId out, const std::vector<int64_t>& elems) {
    rows_ = elems.size();
    extra_.assign(rows_, 0.0);
    rig_.assign(sets_, std::vector<double>(rows_, 0.0));
    prob_.assign(sets_, std::vector<double>(rows_, 0.0));
    const size_t n_out = size_of(out.index);
    Adj& a = adj_[out.index];
    a.m.assign(rows_ * n_out, 0.0), a.r.assign(rows_ * n_out, 0.0);
    for (size_t k = 0; k < rows_; ++k) a.m[k * n_out + static_cast<size_t>(elems[k])] = 1;
    for (size_t i = g_.size(); i-- > 0;) {
      if (adj_[i].empty()) continue;
      if (std::string why = visit(i); !why.empty()) return why;
      Adj().m.swap(adj_[i].m), Adj().r.swap(adj_[i].r);
      // A bound that is already infinite (or NaN: inf * 0 in an unbounded slope) stays so:
      // the pass stops (the running bound stands).
      for (size_t s = 0; s < sets_; ++s)
        for (size_t k = 0; k < rows_; ++k)
          if (!(rig_[s][k] + extra_[k] < kInf))
            return fmt::format("unbounded at {} ({}): its operands' boxes are too wide",
                               g_.nodes()[i].name, op_name(g_.nodes()[i].op));
      for (NodeId in : g_.nodes()[i].inputs) {
        const Adj& a = adj_[in.index];
        for (size_t e = 0; e < a.r.size(); ++e)
          if (!(a.r[e] < kInf))
            return fmt::format("unbounded below {} ({}): its operands' boxes are too wide",
                               g_.nodes()[i].name, op_name(g_.nodes()[i].op));
      }
    }
    for (auto& v : rig_)
      for (size_t k = 0; k < rows_; ++k) {
        const double x = v[k] + extra_[k];
        v[k] = x == x ? upw(x * kFinalInflate) : kInf;
      }
    // The probabilistic estimate treats the sources' terms as independent; the remainders
    // and the pass's own roundings (extra_, point adjoints only) join it whole.
    for (size_t s = 0; s < sets_; ++s)
      for (size_t k = 0; k < rows_; ++k) {
        double& x = prob_[s][k];
        x = x == x ? std::min((o_.lambda * std::sqrt(x) + extra_[k]) * kFinalInflate, rig_[s][k])
                   : rig_[s][k];
      }
    return {};
  }
  std::vector<std::vector<double>> rig_, prob_;

 private:
  size_t size_of(size_t i) const { return nodes_[i].lo.size(); }
  /// A bound on |computed - exact| of an element: its box's width.
  static double width(const JacobianNode& jn, size_t e) {
    const double w = jn.hi[e] - jn.lo[e];
    return w == w ? upw(w) : kInf;
  }
  bool has_adj(NodeId id) const {
    const Node& n = g_.node(id);
    if (n.op == OpKind::Constant) return is_constant_source(id.index);
    return n.op != OpKind::Input && is_float(n.type.dtype);
  }
  /// A constant with a certified error (its `sources`): a leaf whose error is a source,
  /// its adjoint consumed at each reader at once (constant_terms), never stored.
  bool is_constant_source(size_t i) const {
    const JacobianNode& jn = nodes_[i];
    return g_.nodes()[i].op == OpKind::Constant && is_float(g_.nodes()[i].type.dtype) &&
           !jn.sources.empty() && !jn.sources[0].empty();
  }
  /// A constant's element e read with adjoint m (delta: its rounding within this node, r
  /// point adjoints' or the interval radius) in row k: its error's term, |m| e_c in the
  /// bound and (|m| e_c)^2 in the probabilistic figure (one rounding per element: the fold
  /// that made it). A constant read by several nodes is counted at each (the bound by the
  /// triangle inequality; the figure then treats the readers' shares as independent).
  void constant_term(size_t c, size_t e, size_t k, double m, double r) {
    const JacobianNode& jn = nodes_[c];
    const double w = std::abs(m) + (point_ ? 0.0 : r);
    for (size_t s = 0; s < jn.sources.size() && s < sets_; ++s) {
      if (jn.sources[s].empty()) continue;
      const double t = mulz(w, jn.sources[s][e]);
      rig_[s][k] += t;
      prob_[s][k] += t * t;
    }
    if (point_) extra_[k] += mulz(r, width(jn, e));
  }
  Adj& adj_for(NodeId id) {
    Adj& a = adj_[id.index];
    if (a.empty()) {
      const size_t n = rows_ * size_of(id.index);
      a.m.assign(n, 0.0), a.r.assign(n, 0.0);
    }
    return a;
  }

  /// Node i's own rounding, weighted by its adjoint, into every set's bound (the sum) and
  /// its probabilistic bound (the sum of squares).
  void add_sources(size_t i) {
    const JacobianNode& jn = nodes_[i];
    const size_t n = size_of(i);
    const Adj& a = adj_[i];
    if (point_)  // the adjoint's own rounding (rho) times the box's width (|e| <= it)
      for (size_t k = 0; k < rows_; ++k) {
        double sum = 0;
        for (size_t e = 0; e < n; ++e) sum += mulz(a.r[k * n + e], width(jn, e));
        extra_[k] += sum;
      }
    for (size_t s = 0; s < jn.sources.size(); ++s) {
      const std::vector<double>& src = jn.sources[s];
      if (src.empty()) continue;
      const std::vector<double>& psrc =
          s < jn.prob_sources.size() && jn.prob_sources[s].size() == n ? jn.prob_sources[s] : src;
      for (size_t k = 0; k < rows_; ++k) {
        double sum = 0, sq = 0, lin = 0;
        for (size_t e = 0; e < n; ++e) {
          const double w = std::abs(a.m[k * n + e]) + (point_ ? 0.0 : a.r[k * n + e]);
          if (w == 0) continue;
          sum += w * src[e];
          const double c = w * psrc[e];
          sq += c * c;
          lin += c;
        }
        rig_[s][k] += sum;
        prob_[s][k] += jn.shared ? lin * lin : sq;
      }
    }
  }

  std::string visit(size_t i) {
    const Node& n = g_.nodes()[i];
    if (n.op == OpKind::Input || n.op == OpKind::Constant) return {};  // in consumers' sources
    if (!is_float(n.type.dtype)) return {};                            // exact integers
    const bool reduction = n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d ||
                           n.op == OpKind::Dense || n.op == OpKind::FusedDense ||
                           n.op == OpKind::MatMul;
    add_sources(i);
    if (reduction) return visit_reduction(i);
    switch (n.op) {
      case OpKind::Gemm:
      case OpKind::Conv2dTranspose:
      case OpKind::Im2col:
      case OpKind::QConv2d:
      case OpKind::QDense:
        if (size_of(i) * 64 > (size_t{1} << 26) && n.op != OpKind::Im2col)
          return fmt::format("{} ({}) is too large for a tape", n.name, op_name(n.op));
        break;
      default: break;
    }
    return visit_tape(i);
  }

  /// The operands of node i as box values with adjoint indices from `base` (non-leaf
  /// float operands only); `skip` operands get no values (read by an accumulator).
  struct Operands {
    std::vector<std::vector<JVal>> vals;
    std::vector<sem::Operand<JVal>> ops;
    std::vector<int64_t> base;  ///< -1: no adjoint
  };
  Operands operands(const Node& n, int64_t& next, size_t skip, std::vector<double>* var) {
    Operands o;
    o.vals.resize(n.inputs.size());
    o.base.assign(n.inputs.size(), -1);
    for (size_t k = 0; k < n.inputs.size(); ++k) {
      const NodeId in = n.inputs[k];
      if (k < skip) continue;
      const JacobianNode& jn = nodes_[in.index];
      const bool adj = has_adj(in);
      std::vector<JVal>& v = o.vals[k];
      v.resize(jn.lo.size());
      for (size_t e = 0; e < v.size(); ++e)
        v[e] = {jn.lo[e], jn.hi[e], adj ? next + static_cast<int64_t>(e) : -1};
      if (adj) {
        o.base[k] = next, next += static_cast<int64_t>(v.size());
        if (var)
          for (size_t e = 0; e < v.size(); ++e) var->push_back(width(jn, e));
      }
    }
    for (size_t k = 0; k < n.inputs.size(); ++k)
      o.ops.push_back({o.vals[k].data(), &g_.node(n.inputs[k]).type.shape});
    return o;
  }

  /// Backward through a recorded tape, row by row: seeds the outputs' adjoints, walks the
  /// tape in reverse, and adds the operands' adjoints to their nodes. `sums` (n_sums
  /// leading indices) receive their adjoints in sum_m / sum_r when given.
  /// Point adjoints (point_): the tape's m is the adjoint with the slopes' midpoints, r
  /// (delta) bounds its distance from the exact product of those midpoints with the
  /// node's adjoint (its roundings within this node, carried by |midpoint|); each entry's
  /// slope radius times its operand's variation `var` (and delta times the operands'
  /// widths) goes into the bound instead of the adjoint (see "Point adjoints" above).
  void tape_backward(size_t i, const std::vector<JVal>& out, const std::vector<Entry>& tape,
                     int64_t size, const Node& n, const Operands& ops, size_t n_sums,
                     std::vector<double>* sum_m, std::vector<double>* sum_r,
                     const std::vector<double>* var) {
    const size_t n_out = out.size();
    const Adj& a = adj_[i];
    std::vector<double> m(static_cast<size_t>(size)), r(static_cast<size_t>(size));
    for (size_t k = 0; k < rows_; ++k) {
      std::fill(m.begin(), m.end(), 0.0), std::fill(r.begin(), r.end(), 0.0);
      for (size_t e = 0; e < n_out; ++e) {
        const int64_t id = out[e].id;
        // Point adjoints: the node's rho is in the bound already (add_sources).
        const double xm = a.m[k * n_out + e], xr = point_ ? 0.0 : a.r[k * n_out + e];
        if (id >= 0 && (xm != 0 || xr != 0)) acc_add(m[id], r[id], xm, xr);
      }
      double local = 0;
      for (size_t t = tape.size(); t-- > 0;) {
        const Entry& en = tape[t];
        const double xm = m[en.r], xr = r[en.r];
        if (xm == 0 && xr == 0) continue;
        if (point_) {
          const double w = std::abs(xm) + xr;
          if (en.a >= 0) {
            local += mulz(w, mulz(en.sa.r, (*var)[static_cast<size_t>(en.a)]));
            acc_prod(m[en.a], r[en.a], {en.sa.m, 0}, xm, xr);
          }
          if (en.b >= 0) {
            local += mulz(w, mulz(en.sb.r, (*var)[static_cast<size_t>(en.b)]));
            acc_prod(m[en.b], r[en.b], {en.sb.m, 0}, xm, xr);
          }
          continue;
        }
        if (en.a >= 0) acc_prod(m[en.a], r[en.a], en.sa, xm, xr);
        if (en.b >= 0) acc_prod(m[en.b], r[en.b], en.sb, xm, xr);
      }
      for (size_t q = 0; q < ops.base.size(); ++q) {
        if (ops.base[q] < 0) continue;
        const NodeId in = n.inputs[q];
        const size_t nq = size_of(in.index);
        const JacobianNode& jn = nodes_[in.index];
        if (g_.node(in).op == OpKind::Constant) {
          for (size_t e = 0; e < nq; ++e) {
            const size_t id = static_cast<size_t>(ops.base[q]) + e;
            if (m[id] != 0 || r[id] != 0) constant_term(in.index, e, k, m[id], r[id]);
          }
          continue;
        }
        Adj& dst = adj_for(in);
        for (size_t e = 0; e < nq; ++e) {
          const size_t id = static_cast<size_t>(ops.base[q]) + e;
          if (m[id] == 0 && r[id] == 0) continue;
          if (point_) {
            local += mulz(r[id], width(jn, e));
            acc_add(dst.m[k * nq + e], dst.r[k * nq + e], m[id], 0);
          } else {
            acc_add(dst.m[k * nq + e], dst.r[k * nq + e], m[id], r[id]);
          }
        }
      }
      extra_[k] += local;
      if (sum_m)
        for (size_t e = 0; e < n_sums; ++e)
          (*sum_m)[k * n_sums + e] = m[e], (*sum_r)[k * n_sums + e] = r[e];
    }
  }

  std::string visit_tape(size_t i) {
    const Node& n = g_.nodes()[i];
    int64_t next = 0;
    std::vector<double> var;
    Operands ops = operands(n, next, 0, point_ ? &var : nullptr);
    std::vector<Entry> tape;
    TapeDomain d;
    d.tape = &tape, d.next_id = next, d.continuous_selects = continuous_op(n);
    if (point_) d.var = &var;
    d.drop_branch = o_.test_drop_uncertain_branch, d.drop_radius = o_.test_drop_slope_radius;
    std::vector<JVal> out;
    sem::eval_node(d, n.op, n.attrs, std::span<const sem::Operand<JVal>>(ops.ops), n.type.shape,
                   out);
    if (d.broken)
      return fmt::format(
          "{} ({}): a comparison within the error of its threshold selects "
          "between values that may differ there",
          n.name, op_name(n.op));
    tape_backward(i, out, tape, d.next_id, n, ops, 0, nullptr, nullptr, &var);
    return {};
  }

  /// conv2d / dense / matmul: the sums' boxes (and sum |x w|), the epilogue's tape, then
  /// the transposed products.
  std::string visit_reduction(size_t i) {
    const Node& n = g_.nodes()[i];
    const bool conv = n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d;
    const bool matmul = n.op == OpKind::MatMul;
    const NodeId xi = n.inputs[0], wi = n.inputs[1];
    const bool w_source = g_.node(wi).op == OpKind::Constant && has_adj(wi);
    if (!matmul && has_adj(wi) && !w_source)
      return fmt::format("{} ({}): weights computed by the graph are not supported", n.name,
                         op_name(n.op));
    const Box x = box_of(nodes_[xi.index]), w = box_of(nodes_[wi.index]);
    const size_t n_out = size_of(i);
    // The sums' boxes: midpoint s, radius sr (the box of sum W X over the operands' boxes),
    // with ad = sum |w_m| |x_m|: |sum W X - sum w_m x_m| <= sum |w_m| x_r + w_r (|x_m| +
    // x_r) + gamma_n ad (the midpoint sum's own rounding, n terms). Only an epilogue's
    // activation (its comparisons and slopes) and an epilogue operand with an adjoint (a
    // scale with a certified error or computed by the graph, whose slope is the sum) read
    // them; otherwise the sums take the whole line, which no slope depends on. matmul has
    // no epilogue.
    bool epilogue_adj = false;
    for (size_t k = 2; k < n.inputs.size(); ++k) epilogue_adj = epilogue_adj || has_adj(n.inputs[k]);
    const bool need_box = !matmul && (n.op == OpKind::FusedConv2d || n.op == OpKind::FusedDense) &&
                          (epilogue_attrs(n.attrs).activation != Activation::None || epilogue_adj);
    // Point adjoints also need each sum's variation: |sum w e_x + x e_w| <= sum (|w_m| +
    // w_r) width(x) + (|x_m| + x_r) width(w) (the second only for a weight with a certified
    // error; other constants are exact), the sum's rounding in gamma_n.
    const bool need_var = point_ && !matmul;
    std::vector<double> s(n_out, 0.0), sr(n_out, need_box ? 0.0 : kInf), ad(n_out, 0.0);
    std::vector<double> vs(need_var ? n_out : 0, 0.0);
    std::vector<double> xw, ww;  // the widths of x and of a weight that is a source
    if (need_var) {
      const JacobianNode& jx = nodes_[xi.index];
      xw.resize(jx.lo.size());
      for (size_t e = 0; e < xw.size(); ++e) xw[e] = width(jx, e);
      if (w_source) {
        const JacobianNode& jw = nodes_[wi.index];
        ww.resize(jw.lo.size());
        for (size_t e = 0; e < ww.size(); ++e) ww[e] = width(jw, e);
      }
    }
    double terms = 0;  // n: the length of each sum
    auto sum_term = [&](size_t o, size_t xe, size_t we) {
      const double xm = x.m[xe], wm = w.m[we];
      if (need_var) {
        vs[o] += mulz(std::abs(wm) + w.r[we], xw[xe]);
        if (w_source) vs[o] += mulz(std::abs(xm) + x.r[xe], ww[we]);
      }
      if (!need_box) return;
      s[o] += wm * xm;
      const double awx = std::abs(wm * xm);
      ad[o] += awx;
      sr[o] += std::abs(wm) * x.r[xe] + w.r[we] * (std::abs(xm) + x.r[xe]);
    };
    // The plan, each sum's length (terms) and how many terms read each element of x and
    // of w (fan_x, fan_w: the transposed products' lengths).
    std::optional<sem::ConvPlan> cp;
    MatMulPlan mp;
    int64_t K = 0, M = 0, rows = 0;
    double fan_x = 0, fan_w = 0;
    const Shape& xs = g_.node(xi).type.shape;
    const Shape& os = n.type.shape;
    if (conv) {
      cp.emplace(conv2d_attrs(n.attrs), xs, g_.node(wi).type.shape);
      terms = static_cast<double>(cp->cin_g * cp->KH * cp->KW);
      fan_x = static_cast<double>(cp->cout_g * cp->KH * cp->KW * os[0]);
      fan_w = static_cast<double>(os[0] * os[2] * os[3]);
    } else if (matmul) {
      mp = matmul_plan(xs, g_.node(wi).type.shape, os);
      terms = static_cast<double>(mp.K);
      fan_x = static_cast<double>(mp.N) * static_cast<double>(mp.batches);
      fan_w = static_cast<double>(mp.M) * static_cast<double>(mp.batches);
    } else {
      K = xs.back();
      M = os.back();
      rows = static_cast<int64_t>(n_out) / std::max<int64_t>(M, 1);
      terms = static_cast<double>(K);
      fan_x = static_cast<double>(M);
      fan_w = static_cast<double>(rows);
    }
    // f(o, xe, we) for every term x[xe] w[we] of every sum o, in the order the sums take
    // them: the sums' boxes, and the transposed products into x and into w, walk this.
    auto each_term = [&](auto&& f) {
      if (conv) {
        sem::conv2d_window_rows(
            *cp, os, [&](int64_t row, int64_t x0, int64_t wt, int64_t lo, int64_t hi, int64_t sw) {
              for (int64_t ow = lo; ow < hi; ++ow)
                f(static_cast<size_t>(row + ow), static_cast<size_t>(x0 + ow * sw),
                  static_cast<size_t>(wt));
            });
      } else if (matmul) {
        for_matmul(mp, os, f);
      } else {
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t mm = 0; mm < M; ++mm)
            for (int64_t k = 0; k < K; ++k)
              f(static_cast<size_t>(r * M + mm), static_cast<size_t>(r * K + k),
                static_cast<size_t>(mm * K + k));
      }
    };
    if (need_box || need_var) each_term(sum_term);  // neither for matmul
    const double gs = gamma_n(terms + 1);
    if (need_box)
      for (size_t o = 0; o < n_out; ++o) sr[o] = upw(sr[o] + gs * ad[o] + terms * kTiny);
    for (double& v : vs) v = upw(v * (1 + gs) + terms * kTiny);

    // The epilogue (bias, scale, shift, residual, activation) on the sums, recorded; the
    // sums take adjoint indices 0..n_out-1. matmul has none: its sums are its values.
    std::vector<double> sm, srr;
    if (matmul) {
      // Point adjoints: the node's rho is in the bound already (add_sources).
      sm = adj_[i].m, srr = point_ ? std::vector<double>(sm.size(), 0.0) : adj_[i].r;
    } else {
      int64_t next = static_cast<int64_t>(n_out);
      std::vector<double> var = vs;
      Operands ops = operands(n, next, 2, point_ ? &var : nullptr);
      std::vector<Entry> tape;
      TapeDomain d;
      d.tape = &tape, d.next_id = next;
      if (point_) d.var = &var;
      d.drop_branch = o_.test_drop_uncertain_branch, d.drop_radius = o_.test_drop_slope_radius;
      std::vector<JVal> out;
      sem::eval_reduction(d, n.op, n.attrs, std::span<const sem::Operand<JVal>>(ops.ops),
                          n.type.shape, out, {}, [&](int64_t flat, const int64_t*) {
                            const size_t f = static_cast<size_t>(flat);
                            return JVal{dn(s[f] - sr[f]), upw(s[f] + sr[f]), flat};
                          });
      if (d.broken) return fmt::format("{} ({}): an uncertain select", n.name, op_name(n.op));
      sm.assign(rows_ * n_out, 0.0), srr.assign(rows_ * n_out, 0.0);
      tape_backward(i, out, tape, d.next_id, n, ops, n_out, &sm, &srr, &var);
    }

    // The transposed products into the operands' adjoints: for x, center sum w_m c_m and
    // radius sum |w_m| (c_r + gamma |c_m|) + w_r (|c_m| + c_r) (the weight anywhere in its
    // box); for matmul's second operand the same with the roles swapped.
    // Every row at once, row innermost ([element][row] layouts), so that the index work of
    // each term is shared by the rows and the row loop vectorises.
    const size_t R = rows_;
    std::vector<double> cmT(n_out * R), crT(n_out * R);
    std::vector<char> live(n_out, 0);
    for (size_t k = 0; k < R; ++k)
      for (size_t o = 0; o < n_out; ++o) {
        const double c = sm[k * n_out + o], r = srr[k * n_out + o];
        cmT[o * R + k] = c, crT[o * R + k] = r;
        if (c != 0 || r != 0) live[o] = 1;
      }
    auto transposed = [&](NodeId dst_id, const Box& other, double fan_in, auto&& each) {
      if (!has_adj(dst_id)) return;
      const size_t nd = size_of(dst_id.index);
      const double gt = gamma_n(fan_in);
      std::vector<double> gm(nd * R, 0.0), gr(nd * R, 0.0);
      const bool constant = g_.node(dst_id).op == OpKind::Constant;  // a source: no adjoint
      Adj* dst_p = constant ? nullptr : &adj_for(dst_id);
      each([&](size_t o, size_t de, size_t oe) {
        if (!live[o]) return;
        const double om = other.m[oe], aom = std::abs(om), orr = other.r[oe];
        const double* c = cmT.data() + o * R;
        const double* r = crT.data() + o * R;
        double* m_out = gm.data() + de * R;
        double* r_out = gr.data() + de * R;
        for (size_t k = 0; k < R; ++k) {
          const double ac = std::abs(c[k]);
          m_out[k] += om * c[k];
          r_out[k] += aom * (r[k] + gt * ac) + orr * (ac + r[k]);
        }
      });
      const JacobianNode& jd = nodes_[dst_id.index];
      for (size_t e = 0; e < nd; ++e)
        for (size_t k = 0; k < R; ++k) {
          const double m = gm[e * R + k], r = gr[e * R + k];
          if (m == 0 && r == 0) continue;
          if (constant) {
            constant_term(dst_id.index, e, k, m, r + fan_in * kTiny);
          } else if (point_) {  // r bounds |exact transposed product - m|: times |e| <= the width
            extra_[k] += mulz(r + fan_in * kTiny, width(jd, e));
            acc_add(dst_p->m[k * nd + e], dst_p->r[k * nd + e], m, 0);
          } else {
            acc_add(dst_p->m[k * nd + e], dst_p->r[k * nd + e], m, r + fan_in * kTiny);
          }
        }
    };
    // Into x, then into w (matmul's second operand, or a weight that is a source: its
    // gradient, each weight's error times it); has_adj skips the other weights.
    transposed(xi, w, fan_x, each_term);
    transposed(wi, x, fan_w, [&](auto&& f) {
      each_term([&](size_t o, size_t xe, size_t we) { f(o, we, xe); });
    });
    return {};
  }

  /// Calls f(out, a, b) for every term a[...] * b[...] of every output of matmul.
  template <class F>
  static void for_matmul(const MatMulPlan& p, const Shape& out, F&& f) {
    const size_t r = out.size();
    std::vector<int64_t> idx(r >= 2 ? r - 2 : 0, 0);
    for (int64_t bt = 0; bt < p.batches; ++bt) {
      const int64_t ao = offset_of(idx.data(), p.a_batch), bo = offset_of(idx.data(), p.b_batch);
      for (int64_t i = 0; i < p.M; ++i)
        for (int64_t j = 0; j < p.N; ++j) {
          const size_t o = static_cast<size_t>((bt * p.M + i) * p.N + j);
          for (int64_t k = 0; k < p.K; ++k)
            f(o, static_cast<size_t>(ao + i * p.K + k), static_cast<size_t>(bo + k * p.N + j));
        }
      for (size_t k = idx.size(); k-- > 0;) {
        if (++idx[k] < out[k]) break;
        idx[k] = 0;
      }
    }
  }

  const Graph& g_;
  const std::vector<JacobianNode>& nodes_;
  const JacobianOptions& o_;
  const bool point_;
  std::vector<Adj> adj_;
  std::vector<double> extra_;  ///< per row: the remainders' and roundings' terms (point_)
  size_t sets_ = 0, rows_ = 0;
};

/// An upper estimate of a pass's operations (for the final inflation's premise): 16 per
/// element and operand element of every node, and per term of every sum.
double pass_operations(const Graph& g) {
  double ops = 0;
  for (const Node& n : g.nodes()) {
    const double e = static_cast<double>(std::max<int64_t>(num_elements(n.type.shape), 0));
    double terms = 1;
    if (!n.inputs.empty()) {
      const Shape& x = g.node(n.inputs[0]).type.shape;
      if ((n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d) && n.inputs.size() > 1) {
        const Shape& w = g.node(n.inputs[1]).type.shape;
        terms =
            static_cast<double>(num_elements(w)) / static_cast<double>(std::max<int64_t>(w[0], 1));
      } else if ((n.op == OpKind::Dense || n.op == OpKind::FusedDense || n.op == OpKind::MatMul) &&
                 !x.empty()) {
        terms = static_cast<double>(x.back());
      }
    }
    double operands = 0;
    for (NodeId in : n.inputs)
      operands += static_cast<double>(std::max<int64_t>(num_elements(g.node(in).type.shape), 0));
    ops += 16 * (e * terms + e + operands);
  }
  return ops;
}

}  // namespace

Result<std::vector<JacobianOutput>> jacobian_bound(const Graph& g,
                                                   const std::vector<JacobianNode>& nodes,
                                                   const JacobianOptions& o) {
  if (nodes.size() != g.size()) return Error{"jacobian_bound: one entry per node is needed"};
  size_t sets = 0;
  for (size_t i = 0; i < g.size(); ++i) {
    const size_t n =
        static_cast<size_t>(std::max<int64_t>(num_elements(g.nodes()[i].type.shape), 0));
    if (nodes[i].lo.size() != n || nodes[i].hi.size() != n)
      return Error{fmt::format("jacobian_bound: the box of node '{}' has the wrong size",
                               g.nodes()[i].name)};
    for (const auto& s : nodes[i].sources)
      if (!s.empty() && s.size() != n)
        return Error{fmt::format("jacobian_bound: a source of node '{}' has the wrong size",
                                 g.nodes()[i].name)};
    sets = std::max(sets, nodes[i].sources.size());
  }
  std::vector<JacobianOutput> outs;
  const bool too_many = pass_operations(g) > 0x1p40;
  for (NodeId out : g.outputs()) {
    JacobianOutput jo;
    const size_t n = nodes[out.index].lo.size();
    jo.bound.assign(sets, std::vector<double>(n, kInf));
    jo.probabilistic = jo.bound;
    jo.confidence = 1 - 2 * std::exp(-o.lambda * o.lambda / 2);
    const Node& on = g.node(out);
    if (on.op == OpKind::Input || on.op == OpKind::Constant || !is_float(on.type.dtype)) {
      outs.push_back(std::move(jo));
      continue;
    }
    if (too_many) {
      jo.unavailable = "the model is too large for one pass (2^40 operations)";
      outs.push_back(std::move(jo));
      continue;
    }
    // The elements with a pass: the largest |value| (box midpoint) first.
    std::vector<int64_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    const JacobianNode& jn = nodes[out.index];
    auto mag = [&](int64_t e) {
      const double m = 0.5 * jn.lo[e] + 0.5 * jn.hi[e];
      return m == m ? std::abs(m) : 0.0;
    };
    const size_t rows = o.rows <= 0 ? n : std::min(n, static_cast<size_t>(o.rows));
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(rows), order.end(),
                      [&](int64_t a, int64_t b) { return mag(a) > mag(b); });
    order.resize(rows);
    // Rows split between threads, each its own pass. Point adjoints first; where they give
    // no finite bound (a box too wide for a remainder), interval adjoints (o.interval: only
    // those), each bound rigorous, the smaller kept.
    auto passes = [&](bool point) {
      const size_t threads = std::max<size_t>(1, std::min<size_t>(o.threads, rows));
      std::vector<std::future<std::pair<std::string, Pass>>> futures;
      for (size_t t = 0; t < threads; ++t) {
        std::vector<int64_t> part;
        for (size_t k = t; k < rows; k += threads) part.push_back(order[k]);
        futures.push_back(std::async(std::launch::async, [&, part, point] {
          Pass p(g, nodes, o, point);
          std::string why = p.run(out, part);
          return std::pair<std::string, Pass>(std::move(why), std::move(p));
        }));
      }
      std::string why_all;
      for (size_t t = 0; t < threads; ++t) {
        auto [why, p] = futures[t].get();
        if (!why.empty()) {
          why_all = why;
          continue;
        }
        size_t k = 0;
        for (size_t r = t; r < rows; r += threads, ++k)
          for (size_t s = 0; s < sets; ++s) {
            double& b = jo.bound[s][static_cast<size_t>(order[r])];
            double& pb = jo.probabilistic[s][static_cast<size_t>(order[r])];
            if (p.rig_[s][k] < b) b = p.rig_[s][k], pb = std::min(p.prob_[s][k], b);
          }
      }
      return why_all;
    };
    const std::string why_point = o.interval ? std::string("off") : passes(true);
    bool all_finite = why_point.empty();
    for (size_t s = 0; s < sets && all_finite; ++s)
      for (size_t r = 0; r < rows && all_finite; ++r)
        all_finite = jo.bound[s][static_cast<size_t>(order[r])] < kInf;
    if (!all_finite && (o.interval_fallback || o.interval)) {
      const std::string why_interval = passes(false);
      if (!why_point.empty()) jo.unavailable = why_interval;  // the point passes gave none
    } else {
      jo.unavailable = why_point;
    }
    if (!jo.unavailable.empty())
      for (size_t s = 0; s < sets; ++s) {
        std::fill(jo.bound[s].begin(), jo.bound[s].end(), kInf);
        std::fill(jo.probabilistic[s].begin(), jo.probabilistic[s].end(), kInf);
      }
    else
      jo.rows = static_cast<int64_t>(rows);
    outs.push_back(std::move(jo));
  }
  return outs;
}

void refine_boxes(const Graph& g, std::vector<JacobianNode>& nodes,
                  const std::vector<bool>& trusted) {
  std::vector<Entry> unused;
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Input || n.op == OpKind::Constant || !is_float(n.type.dtype)) continue;
    if (i < trusted.size() && trusted[i]) continue;
    JacobianNode& jn = nodes[i];
    if (jn.sources.empty() || jn.sources[0].size() != jn.lo.size()) continue;
    std::vector<std::vector<JVal>> vals(n.inputs.size());
    std::vector<sem::Operand<JVal>> ops;
    for (size_t k = 0; k < n.inputs.size(); ++k) {
      const JacobianNode& in = nodes[n.inputs[k].index];
      vals[k].resize(in.lo.size());
      for (size_t e = 0; e < in.lo.size(); ++e) vals[k][e] = {in.lo[e], in.hi[e], -1};
      ops.push_back({vals[k].data(), &g.node(n.inputs[k]).type.shape});
    }
    TapeDomain d;  // no operand has an index: nothing is recorded
    d.tape = &unused;
    std::vector<JVal> out;
    sem::eval_node(d, n.op, n.attrs, std::span<const sem::Operand<JVal>>(ops), n.type.shape, out);
    if (out.size() != jn.lo.size()) continue;
    for (size_t e = 0; e < out.size(); ++e) {
      const double s = jn.sources[0][e];
      if (!(s < kInf) || !(out[e].lo <= out[e].hi)) continue;
      const double lo = dn(out[e].lo - s), hi = upw(out[e].hi + s);
      const double nlo = std::max(jn.lo[e], lo), nhi = std::min(jn.hi[e], hi);
      if (nlo <= nhi) jn.lo[e] = nlo, jn.hi[e] = nhi;  // empty: keep the old (never, if sound)
    }
  }
}

namespace {
/// Whether every rounding of node n belongs to one of its elements (each element's chain
/// of operations its own, on its own operands): elementwise operators, data movement, and
/// sums of products or windows, each output its own sum. Anything else may compute a
/// value once for many elements (a row's statistics, a channel's sqrt(var + eps), a
/// broadcast C times beta) whose rounding is then the same in all of them.
bool private_roundings(const Node& n) {
  switch (n.op) {
    case OpKind::Add: case OpKind::Subtract: case OpKind::Multiply: case OpKind::Divide:
    case OpKind::Maximum: case OpKind::Minimum: case OpKind::Negative: case OpKind::Relu:
    case OpKind::LeakyRelu: case OpKind::Clip: case OpKind::Sigmoid: case OpKind::Tanh:
    case OpKind::Erf: case OpKind::Exp: case OpKind::Log: case OpKind::Sqrt: case OpKind::Rsqrt:
    case OpKind::Gelu: case OpKind::Silu: case OpKind::Mish: case OpKind::HardSigmoid:
    case OpKind::HardSwish: case OpKind::Softplus: case OpKind::BiasAdd: case OpKind::Cast:
    case OpKind::Reshape: case OpKind::Transpose: case OpKind::Flatten:
    case OpKind::BatchFlatten: case OpKind::Squeeze: case OpKind::ExpandDims:
    case OpKind::Concat: case OpKind::Split: case OpKind::Pad: case OpKind::Gather:
    case OpKind::ResizeNearest: case OpKind::Upsampling: case OpKind::Im2col:
    case OpKind::Conv2d: case OpKind::FusedConv2d: case OpKind::Dense: case OpKind::FusedDense:
    case OpKind::MatMul: case OpKind::AvgPool2d: case OpKind::MaxPool2d:
    case OpKind::GlobalAvgPool2d: case OpKind::ReduceSum: case OpKind::ReduceMean:
    case OpKind::ReduceMax: case OpKind::ReduceL2: return true;
    default: return false;
  }
}
}  // namespace

std::vector<JacobianNode> jacobian_nodes(
    const Graph& g, const std::vector<const std::vector<BoundedTensor>*>& source_runs,
    const std::vector<const std::vector<BoundedTensor>*>& box_runs,
    const std::vector<const std::vector<BoundedTensor>*>& prob_runs,
    const std::map<std::string, Tensor>* constant_errors) {
  std::vector<const std::vector<BoundedTensor>*> all = source_runs;
  all.insert(all.end(), box_runs.begin(), box_runs.end());
  std::vector<JacobianNode> nodes(g.size());
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& node = g.nodes()[i];
    const size_t n = static_cast<size_t>(std::max<int64_t>(num_elements(node.type.shape), 0));
    JacobianNode& jn = nodes[i];
    jn.lo.assign(n, -kInf), jn.hi.assign(n, kInf);
    std::vector<std::vector<double>> values;
    for (const auto* run : all) {
      const BoundedTensor& b = (*run)[i];
      if (b.value.size() != static_cast<int64_t>(n) || b.err.size() != n) {
        values.emplace_back();  // not kept: no box from this run
        continue;
      }
      values.push_back(b.value.to_doubles());
      const std::vector<double>& v = values.back();
      for (size_t e = 0; e < n; ++e) {
        if (!(v[e] == v[e]) || !(b.err[e] < kInf)) continue;
        jn.lo[e] = std::max(jn.lo[e], dn(v[e] - b.err[e]));
        jn.hi[e] = std::min(jn.hi[e], upw(v[e] + b.err[e]));
      }
    }
    for (const auto& v : values) {
      if (v.empty()) continue;
      for (size_t e = 0; e < n; ++e) {
        if (!(v[e] == v[e])) {
          jn.lo[e] = -kInf, jn.hi[e] = kInf;
          continue;
        }
        jn.lo[e] = std::min(jn.lo[e], v[e]);
        jn.hi[e] = std::max(jn.hi[e], v[e]);
      }
    }
    // An empty intersection (which rigorous intervals never give) or none at all: the line.
    for (size_t e = 0; e < n; ++e)
      if (!(jn.lo[e] <= jn.hi[e])) jn.lo[e] = -kInf, jn.hi[e] = kInf;
    const bool leaf = node.op == OpKind::Input || node.op == OpKind::Constant;
    for (const auto* run : source_runs) {
      const BoundedTensor& b = (*run)[i];
      jn.sources.push_back(!leaf && b.local.size() == n ? b.local : std::vector<double>{});
      if (!leaf && b.local.size() != n) jn.sources.back().assign(n, kInf);
    }
    for (const auto* run : prob_runs) {
      const BoundedTensor& b = (*run)[i];
      jn.prob_sources.push_back(!leaf && b.local.size() == n ? b.local : std::vector<double>{});
    }
    // A constant with a certified error the runs left out: a source of its own (every set),
    // its box widened to hold the exact value.
    if (node.op == OpKind::Constant && constant_errors) {
      auto it = constant_errors->find(node.name);
      if (it != constant_errors->end() && it->second.size() == static_cast<int64_t>(n)) {
        std::vector<double> ce = it->second.to_doubles();
        for (double& x : ce) x = x == x ? std::abs(x) : kInf;
        if (std::any_of(ce.begin(), ce.end(), [](double x) { return x != 0; })) {
          for (size_t e = 0; e < n; ++e)
            jn.lo[e] = dn(jn.lo[e] - ce[e]), jn.hi[e] = upw(jn.hi[e] + ce[e]);
          jn.sources.assign(std::max<size_t>(source_runs.size(), 1), ce);
        }
      }
    }
    // A constant operand with a certified error: every position reads the same error.
    jn.shared = !private_roundings(node);
    for (NodeId in : node.inputs) {
      if (g.node(in).op != OpKind::Constant || source_runs.empty()) continue;
      const std::vector<double>& ce = (*source_runs[0])[in.index].err;
      jn.shared = jn.shared || std::any_of(ce.begin(), ce.end(), [](double x) { return x != 0; });
    }
  }
  return nodes;
}

}  // namespace vf
