// The running error domain and run_bounded. Notation as in drift.cpp: for an operand,
// a = its computed value, A = its exact value, e_a >= |a - A|; r = the computed result,
// z = the exact result on the computed operands, Z = on the exact operands;
// |r - Z| <= |r - z| (rounding) + |z - Z| (propagation). Every rule below derives both
// terms; the same rule runs twice, once for `err` and once for `local`, which differ only
// in the operands' bounds.
#include "interp/error_bound.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>

#include <fmt/format.h>

#include "interp/directed.h"
#include "interp/evaluate_graph.h"
#include "ir/op_attrs.h"
#include "ir/op_plan.h"
#include "semantics/conv_rows.h"
#include "semantics/domain.h"
#include "semantics/eval_node.h"
#include "support/vector_clones.h"

namespace vf {
namespace {

using namespace interp_detail;

/// The absolute error a product or a quotient may add below T's normal range (half the
/// subnormal spacing: 2^-150 for float). For double a larger value, 2^-960, keeps every
/// bound a normal double (subnormal arithmetic is slow); it is still an upper bound.
template <class T>
constexpr double kUnder = std::is_same_v<T, float> ? 0x1p-150 : 0x1p-960;

/// Which bounds a run carries (the other one stays 0 and costs nothing).
/// kQuad (with kLocal only, every node cut): `local` holds a quadrature figure instead of a
/// bound (BoundedRunOptions::quadrature): each operation's own rounding joins the
/// propagated part as hypot(prop, rnd), and a sum of products's roundings as
/// sqrt(sum rnd^2).
enum Track : int { kErr = 1, kLocal = 2, kBoth = 3, kQuad = 4 };

/// The running error domain: the value in T exactly as FloatDomain<T> computes it, `e`
/// against the original program's exact value, `l` against the region's (see the header).
///
/// The bounds of add, sub and mul are sums and products of non-negative doubles rounded to
/// nearest, so each is at most (1 + 2^-53)^k - 1 below its exact value after k roundings
/// along its chain; within one node a chain has fewer than `ops` = 4 N + 64 roundings (N:
/// the elements of the node's largest input bound every reduction's length), and the
/// node's results are multiplied by `inflate` = 1 + 2 ops 2^-53, which covers that. The
/// comparisons inside the node use the same margin. div, sqrt and exp round their bounds
/// upward on their own (directed.h).
/// NaN and overflow as +inf.
inline double not_finite_to_inf(double b) { return b <= kMaxFinite ? b : kInf; }

/// A value with both bounds.
template <class T>
struct BoundVal {
  T v = 0;
  double e = 0;
  double l = 0;
};

template <class T, int K>
struct RunningErrorDomain {
  using Value = BoundVal<T>;
  struct Bool {
    bool v = false;
    bool certain = true;        ///< the exact operands compare the same way (e)
    bool certain_local = true;  ///< the same, for the region's exact operands (l)
  };
  static constexpr double u = kUnit<T>;
  static constexpr bool E = (K & kErr) != 0;
  static constexpr bool L = (K & kLocal) != 0;
  static constexpr bool Q = (K & kQuad) != 0;
  double inflate = 1;  ///< set per node (see above)

  /// `local`'s propagated part and the operation's own rounding: their sum (a bound), or
  /// in quadrature (kQuad: the rounding is a new independent term, the propagated part a
  /// combination of earlier ones, whose coefficients' norm is at most its figure).
  static double join(double prop, double rnd) {
    if constexpr (Q) return not_nan(up(std::hypot(prop, rnd) * (1 + 0x1p-50)));
    return add_up(prop, rnd);
  }
  /// The same for add, sub and mul, whose bound sums round to nearest (the node's margin
  /// covers them: see above).
  static double join_near(double prop, double rnd) {
    if constexpr (Q) return join(prop, rnd);
    return prop + rnd;
  }

  static double not_nan(double b) { return b == b ? b : kInf; }

  Value lit(double x) const {
    const T v = static_cast<T>(x);
    const double c = conversion_error(x, v);
    return {v, E ? c : 0, L ? c : 0};
  }
  // z - Z = (a - A) + (b - B); a correctly rounded sum: |r - z| <= u |r| (Higham 2.5; a
  // sum below the normal range is exact). A sum that overflows gets r = inf, and a value
  // that is not finite is never compared against a bound (native_distance: +inf).
  Value add(Value a, Value b) const {
    const T r = a.v + b.v;
    const double rnd = u * std::abs(static_cast<double>(r));
    return {r, E ? a.e + b.e + rnd : 0, L ? join_near(a.l + b.l, rnd) : 0};
  }
  Value sub(Value a, Value b) const {
    const T r = a.v - b.v;
    const double rnd = u * std::abs(static_cast<double>(r));
    return {r, E ? a.e + b.e + rnd : 0, L ? join_near(a.l + b.l, rnd) : 0};
  }
  // z - Z = a (b - B) + B (a - A), |B| <= |b| + e_b: |a| e_b + |b| e_a + e_a e_b.
  // Rounding: u |r| in the normal range, kUnder below it. inf * 0 (an infinite bound
  // times a zero operand) is NaN: +inf.
  Value mul(Value a, Value b) const {
    const T r = a.v * b.v;
    const double av = std::abs(static_cast<double>(a.v)), bv = std::abs(static_cast<double>(b.v));
    const double rnd = u * std::abs(static_cast<double>(r)) + kUnder<T>;
    return {r, E ? not_nan(av * b.e + bv * a.e + a.e * b.e + rnd) : 0,
            L ? not_nan(join_near(av * b.l + bv * a.l + a.l * b.l, rnd)) : 0};
  }
  // As drift.cpp: with m = |b| - e_b > 0, |z - Z| <= e_a / m + |a| e_b / (|b| m); the
  // exact divisor may be 0 when m <= 0: +inf. Operands' bounds are taken with the node's
  // margin.
  double div_prop(double a, double ea, double b, double eb) const {
    if (ea == 0 && eb == 0) return 0;
    ea = up(ea * inflate), eb = up(eb * inflate);
    const double abs_b = std::abs(b);
    const double diff = abs_b - eb;
    const double m = diff > 0 ? down(diff) : 0;
    if (!(m > 0)) return kInf;
    return add_up(div_up(ea, m), div_up(mul_up(std::abs(a), eb), down(abs_b * m)));
  }
  Value div(Value a, Value b) const {
    const T r = a.v / b.v;
    const double rnd = up(u * std::abs(static_cast<double>(r)) + kUnder<T>);
    const double av = static_cast<double>(a.v), bv = static_cast<double>(b.v);
    return {r, E ? add_up(div_prop(av, a.e, bv, b.e), rnd) : 0,
            L ? join(div_prop(av, a.l, bv, b.l), rnd) : 0};
  }
  Value neg(Value a) const { return {-a.v, a.e, a.l}; }
  // As drift.cpp: |z - Z| <= min(e / (sqrt(a) + sqrt(max(a - e, 0))), sqrt(e)).
  double sqrt_prop(double a, double e) const {
    if (e == 0 || !(a >= 0)) return 0;
    e = up(e * inflate);
    const double lo = a - e;
    const double den = down(sqrt_down(a) + sqrt_down(lo > 0 ? down(lo) : 0));
    return std::min(den > 0 ? div_up(e, den) : kInf, sqrt_up(e));
  }
  Value sqrt(Value a) const {
    const T r = std::sqrt(a.v);
    const double av = static_cast<double>(a.v);
    const double rnd = up(u * std::abs(static_cast<double>(r)));
    return {r, E ? add_up(sqrt_prop(av, a.e), rnd) : 0, L ? join(sqrt_prop(av, a.l), rnd) : 0};
  }
  // exp(A) in [exp(a) e^-e, exp(a) e^e]: |z - Z| <= exp(a) expm1(e), and <= exp(a + e)
  // (directed.h, exp_prop_up). The semantics' exp in T (float: exp32.h's, within 1 ulp over
  // every float; double: libm's) within 2 ulps: 4 u (1 + 8 u) |r| + 2 subnormal spacings.
  Value exp(Value a) const {
    const T r = sem::exp_eval(a.v);
    const double av = static_cast<double>(a.v);
    const double rnd = up(4 * u * (1 + 8 * u) * std::abs(static_cast<double>(r)) + 4 * kUnder<T>);
    auto prop = [&](double e) {
      return e == 0 ? 0 : exp_prop_up(av, up(e * inflate));  // never NaN
    };
    return {r, E ? add_up(prop(a.e), rnd) : 0, L ? join(prop(a.l), rnd) : 0};
  }
  // log, tanh, erf: f increasing with slope at most s within e of a: |z - Z| <= s e
  // (fn_prop_up). libm's f in T within sem::kFnUlps ulps = 2 kFnUlps units roundoff.
  Value fn(sem::Fn f, Value a) const {
    const T r = sem::fn_eval(f, a.v);
    const double av = static_cast<double>(a.v), k = 2 * sem::kFnUlps;
    const double rnd =
        up(k * u * (1 + 2 * k * u) * std::abs(static_cast<double>(r)) + k * kUnder<T>);
    auto prop = [&](double e) { return e == 0 ? 0 : fn_prop_up(f, av, up(e * inflate)); };
    return {r, E ? add_up(prop(a.e), rnd) : 0, L ? join(prop(a.l), rnd) : 0};
  }
  // |a - b| > e_a + e_b: the exact operands compare as the computed ones.
  bool certain(double a, double b, double ea, double eb) const {
    if (ea == 0 && eb == 0) return true;
    return down(std::abs(a - b)) > up(add_up(ea, eb) * inflate);
  }
  Bool lt(Value a, Value b) const {
    const double x = a.v, y = b.v;
    return {a.v < b.v, !E || certain(x, y, a.e, b.e), !L || certain(x, y, a.l, b.l)};
  }
  Bool le(Value a, Value b) const {
    const double x = a.v, y = b.v;
    return {a.v <= b.v, !E || certain(x, y, a.e, b.e), !L || certain(x, y, a.l, b.l)};
  }
  // Uncertain: the exact program may take the other branch, whose exact value is within
  // |chosen - other| + e_other of the chosen computed value. (NaN bounds are +inf by now,
  // so std::max sees numbers.)
  Value select(Bool c, Value a, Value b) const {
    const Value& chosen = c.v ? a : b;
    const Value& other = c.v ? b : a;
    Value r = chosen;
    if (!c.certain || !c.certain_local) {
      const double gap = up(std::abs(static_cast<double>(chosen.v) - static_cast<double>(other.v)));
      if (!c.certain) r.e = std::max(chosen.e, not_nan(add_up(gap, other.e)));
      if (!c.certain_local) r.l = std::max(chosen.l, not_nan(add_up(gap, other.l)));
    }
    return r;
  }
};

static_assert(sem::Domain<RunningErrorDomain<float, kBoth>>);
static_assert(sem::Domain<RunningErrorDomain<double, kErr>>);

/// The interval every exact value of node `n` lies in whatever its operands, when the
/// operator has one (softmax, sigmoid, hard_sigmoid: [0, 1]; tanh, erf: [-1, 1]; clip:
/// [min, max]; a fused node ending in one of those activations).
std::optional<std::pair<double, double>> exact_range(const Node& n) {
  switch (n.op) {
    case OpKind::Softmax:
    case OpKind::Sigmoid:
    case OpKind::HardSigmoid: return std::pair{0.0, 1.0};
    case OpKind::Tanh:
    case OpKind::Erf: return std::pair{-1.0, 1.0};
    case OpKind::Clip: return std::pair{n.attrs.get_float("min"), n.attrs.get_float("max")};
    case OpKind::FusedConv2d:
    case OpKind::FusedDense: {
      const EpilogueAttrs e = epilogue_attrs(n.attrs);
      if (e.activation == Activation::Sigmoid || e.activation == Activation::HardSigmoid)
        return std::pair{0.0, 1.0};
      if (e.activation == Activation::Clip) return std::pair{e.act_alpha, e.act_beta};
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

/// Both bounds of a value whose exact value lies in [lo, hi]: at most the distance from
/// the computed value to the farther end.
/// (Only `err`'s or only `local`'s when the range holds for one of them alone.)
template <class V>
void cap_to_range(std::vector<V>& vs, double lo, double hi, bool cap_e = true, bool cap_l = true) {
  if (!(lo <= hi)) return;
  for (V& x : vs) {
    const double v = static_cast<double>(x.v);
    if (std::isnan(v)) continue;
    const double cap = up(std::max(std::abs(v - lo), std::abs(hi - v)));
    if (cap_e) x.e = std::min(x.e, cap);
    if (cap_l) x.l = std::min(x.l, cap);
  }
}

template <class T>
using Val = BoundVal<T>;

/// layer_norm / rms_norm: z = (x - mean) / sqrt(var + eps), eps > 0, has sum(z^2) = N var /
/// (var + eps) < N over its row of N and, centred, sum(z) = 0, so z_k^2 <= (N - 1) / N
/// sum(z^2) < N - 1 (rms_norm: z_k^2 < N) whatever the input. The exact output Y = G z + B
/// then lies within G r + |B - b| of b (r = sqrt(N - 1), or sqrt(N)), G the exact gamma, at
/// most |g| + e_g, and B the exact beta, within e_b of the computed b: |Y - y| <= (|g| + e_g)
/// r + e_b + |b - y| caps both bounds. The formula's own bound is far smaller while the
/// input's bound is small against the row's spread; once that reaches the spread, the
/// variance's bound reaches 0 and the formula's is +inf (BERT's second layer), where this
/// stays finite. eps = 0 has no cap: an exactly constant row has no exact value.
template <class T>
void cap_norm(const Node& n, std::span<const sem::Operand<Val<T>>> in, std::vector<Val<T>>& out) {
  if (!(n.attrs.get_float("epsilon") > 0)) return;
  const AxisPlan p = norm_plan(n.type.shape, n.attrs.get_int("axis"));
  if (p.len <= 0) return;
  const bool center = n.op == OpKind::LayerNorm;
  const double r = sqrt_up(static_cast<double>(center ? p.len - 1 : p.len));
  for (size_t i = 0; i < out.size(); ++i) {
    Val<T>& y = out[i];
    const double yv = static_cast<double>(y.v);
    if (std::isnan(yv)) continue;
    const size_t j = i % static_cast<size_t>(p.len);
    const Val<T>& g = in[1].data[j];
    const double ga = std::abs(static_cast<double>(g.v));
    const double bv = center ? static_cast<double>(in[2].data[j].v) : 0.0;
    const double gap = up(std::abs(bv - yv));
    auto cap = [&](double ge, double be) {
      return add_up(add_up(mul_up(add_up(ga, ge), r), be), gap);
    };
    y.e = std::min(y.e, cap(g.e, center ? in[2].data[j].e : 0.0));
    y.l = std::min(y.l, cap(g.l, center ? in[2].data[j].l : 0.0));
  }
}

/// A normalisation written out of elementary operators, as exporters write LayerNorm
/// (ReduceMean, Sub, Pow 2, ReduceMean, Add eps, Sqrt, Div) and RMSNorm (Pow 2, ReduceMean,
/// Add eps, Sqrt, Reciprocal, Mul): a node z = D / sqrt(M + c), or D * rsqrt(M + c), or
/// D * (1 / sqrt(M + c)), where M = reduce_mean(D * D) over some axes with keepdims, the
/// root broadcast back along exactly those axes, and c a constant whose every element is
/// > 0 (its certified error included). Over the reals, for every value of D, each row of N
/// reduced elements has z_k^2 = N D_k^2 / (sum_j D_j^2 + N C) < N, so |z_k| < sqrt(N):
/// the exact value lies in (-sqrt(N), sqrt(N)) whatever D's bound, as layer_norm's does
/// (cap_norm; centring would give sqrt(N - 1), not needed here). Without it the formula's
/// bound is +inf once D's bound reaches the row's spread (the f64 run of an exported BERT
/// from its second layer on). The argument reads the graph, not the values: it holds for
/// `err` unless a node of the chain past D is overridden (its consumers would read another
/// value), and for `local` unless one is also cut (the region's exact z would divide by a
/// computed root).
struct WrittenNorm {
  double root = 0;              ///< sqrt(N) rounded up
  std::vector<uint32_t> inner;  ///< the chain's nodes between D and z (M's square, M, the
                                ///< sum, the root and its reciprocal)
};

/// Every element of constant `c`, less its certified error, is > 0 (`one`: exactly 1, with
/// no error).
bool positive_constant(const Node& c, const std::map<std::string, Tensor>& errors,
                       bool one = false) {
  if (c.op != OpKind::Constant || !c.data || !is_float(c.type.dtype)) return false;
  const std::vector<double> xs = c.data->to_doubles();
  auto it = errors.find(c.name);
  const std::vector<double> es =
      it != errors.end() ? it->second.to_doubles() : std::vector<double>();
  if (xs.empty() || (!es.empty() && es.size() != xs.size())) return false;
  for (size_t k = 0; k < xs.size(); ++k) {
    const double e = es.empty() ? 0.0 : es[k];
    if (one ? !(xs[k] == 1 && e == 0) : !(xs[k] > 0 && e * 2 < xs[k])) return false;
  }
  return true;
}

/// Node z as a written-out normalisation (see WrittenNorm), or nullopt.
std::optional<WrittenNorm> written_norm(const Graph& g, const Node& z,
                                        const std::map<std::string, Tensor>& errors) {
  if (!is_float(z.type.dtype) || z.inputs.size() != 2) return std::nullopt;
  WrittenNorm w;
  NodeId d, root, sum;
  auto op_of = [&](NodeId id) { return g.node(id).op; };
  if (z.op == OpKind::Divide) {  // D / sqrt(A)
    d = z.inputs[0], root = z.inputs[1];
    if (op_of(root) != OpKind::Sqrt) return std::nullopt;
    sum = g.node(root).inputs[0];
    w.inner = {root.index};
  } else if (z.op == OpKind::Multiply) {  // D * rsqrt(A), D * (1 / sqrt(A)), either order
    for (size_t side = 0; side < 2 && !sum.valid(); ++side) {
      const NodeId r = z.inputs[1 - side];
      const Node& rn = g.node(r);
      if (rn.op == OpKind::Rsqrt) {
        d = z.inputs[side], root = r, sum = rn.inputs[0];
        w.inner = {r.index};
      } else if (rn.op == OpKind::Divide && positive_constant(g.node(rn.inputs[0]), errors, true) &&
                 op_of(rn.inputs[1]) == OpKind::Sqrt &&
                 g.node(rn.inputs[1]).type.shape == rn.type.shape) {
        d = z.inputs[side], root = r, sum = g.node(rn.inputs[1]).inputs[0];
        w.inner = {r.index, rn.inputs[1].index};
      }
    }
    if (!sum.valid()) return std::nullopt;
  } else {
    return std::nullopt;
  }
  // A = M + c (either order), c > 0, not broadcasting M. M is reduce_mean(D * D), or an
  // exporter's sum over a count: reduce_sum(D * D) / k or reduce_sum(D * D) * (1 / k) with
  // k a positive constant (any k: a sum S of squares over the row with D_k^2 <= S gives
  // z_k^2 = D_k^2 / (S / k + C) < k, so the root is sqrt(k), N when k is the count).
  const Node& a = g.node(sum);
  if (a.op != OpKind::Add || a.inputs.size() != 2) return std::nullopt;
  NodeId mean;
  for (size_t side = 0; side < 2; ++side) {
    const OpKind o = op_of(a.inputs[side]);
    if ((o == OpKind::ReduceMean || o == OpKind::Divide || o == OpKind::Multiply) &&
        positive_constant(g.node(a.inputs[1 - side]), errors))
      mean = a.inputs[side];
  }
  if (!mean.valid()) return std::nullopt;
  NodeId reduce = mean, scale;  // scale: the node dividing (or multiplying) the sum
  std::optional<double> k;      // sqrt(k) bounds |z|: the count, or the constant's largest
  if (op_of(mean) != OpKind::ReduceMean) {
    const Node& dv = g.node(mean);
    if (dv.inputs.size() != 2 || op_of(dv.inputs[0]) != OpKind::ReduceSum) return std::nullopt;
    const NodeId c = dv.inputs[1];
    if (!positive_constant(g.node(c), errors) || g.node(c).type.size() != 1) return std::nullopt;
    const double cv = g.node(c).data->get(0);
    auto it = errors.find(g.node(c).name);
    const double ce = it != errors.end() ? it->second.to_doubles().at(0) : 0.0;
    // k = c (divide) or 1 / c (multiply), taken at the end of c's certified interval
    // that makes it largest.
    k = dv.op == OpKind::Divide ? add_up(cv, ce) : div_up(1.0, down(cv - ce));
    if (!(*k > 0) || !std::isfinite(*k)) return std::nullopt;
    reduce = dv.inputs[0], scale = mean;
  }
  const Node& m = g.node(reduce);
  if (m.attrs.get_int("keepdims") != 1 || a.type.shape != m.type.shape ||
      g.node(mean).type.shape != m.type.shape || g.node(root).type.shape != m.type.shape)
    return std::nullopt;
  // M = reduce_mean(D * D): the square of the numerator itself.
  const Node& sq = g.node(m.inputs[0]);
  if (sq.op != OpKind::Multiply || sq.inputs.size() != 2 || sq.inputs[0] != d || sq.inputs[1] != d)
    return std::nullopt;
  const Shape& ds = g.node(d).type.shape;
  if (ds != z.type.shape || sq.type.shape != ds || m.type.shape.size() != ds.size())
    return std::nullopt;
  // The root broadcast back along exactly the reduced axes: M's shape is D's with those
  // axes 1, and N, the elements each mean reduces, at least 1.
  Shape expect = ds;
  double n = 1;
  for (size_t axis : reduce_axes(m.attrs, ds.size())) {
    n *= static_cast<double>(ds[axis]);
    expect[axis] = 1;
  }
  if (expect != m.type.shape || !(n >= 1)) return std::nullopt;
  if (scale.valid()) w.inner.push_back(scale.index);
  w.inner.insert(w.inner.end(), {sum.index, reduce.index, m.inputs[0].index});
  w.root = sqrt_up(k ? *k : n);
  return w;
}

/// A leaf's values in precision T: the value the interpreter reads (the stored element
/// converted to T), the conversion error in both bounds, plus `error` element by element.
template <class T>
std::vector<Val<T>> leaf_values(const Tensor& t, const Tensor* error) {
  const std::vector<double> xs = t.to_doubles();
  const std::vector<double> es = error ? error->to_doubles() : std::vector<double>();
  const bool i64 = t.dtype() == DType::I64;
  std::vector<Val<T>> out(xs.size());
  for (size_t i = 0; i < xs.size(); ++i) {
    const double x = xs[i];
    const T v = static_cast<T>(x);
    double e = conversion_error(x, v);
    // An int64 element reads exactly as a double below 2^53 (token ids, positions: a
    // gather's comparisons with its rows are then certain and it picks the one row).
    if (i64 && std::abs(x) >= 0x1p53) e = add_up(e, mul_up(0x1p-53, std::abs(x)));
    if (error) e = add_up(e, es[i]);
    if (!(e <= kMaxFinite)) e = kInf;
    out[i] = {v, e, e};  // an untracked bound is never read
  }
  return out;
}

/// Values read from a tensor with both bounds 0 (an override) or with given bounds.
template <class T>
std::vector<Val<T>> tensor_values(const Tensor& t, const std::vector<double>* e,
                                  const std::vector<double>* l) {
  const std::vector<double> xs = t.to_doubles();
  std::vector<Val<T>> out(xs.size());
  for (size_t k = 0; k < xs.size(); ++k)
    out[k] = {static_cast<T>(xs[k]), e ? (*e)[k] : 0.0, l ? (*l)[k] : 0.0};
  return out;
}

template <class T>
BoundedTensor pack(const std::vector<Val<T>>& vs, const Shape& shape) {
  constexpr DType dt = std::is_same_v<T, float> ? DType::F32 : DType::F64;
  BoundedTensor b{Tensor(TensorType{dt, shape}), std::vector<double>(vs.size()),
                  std::vector<double>(vs.size())};
  auto value = b.value.view_mut<T>();
  for (size_t i = 0; i < vs.size(); ++i) {
    value[i] = vs[i].v;
    b.err[i] = vs[i].e;
    b.local[i] = vs[i].l;
  }
  return b;
}

/// The activation a node ends in (a standalone activation, or a fused node's epilogue),
/// with its parameters and a Lipschitz constant L of its exact function over the reals:
/// |act(X) - act(x)| <= L |X - x|.
struct NodeActivation {
  Activation act = Activation::None;
  double alpha = 0, beta = 0, lipschitz = 0;
  bool fused = false;
};

NodeActivation node_activation(const Node& n) {
  NodeActivation a;
  switch (n.op) {
    case OpKind::Relu: a.act = Activation::Relu; break;
    case OpKind::LeakyRelu:
      a.act = Activation::LeakyRelu, a.alpha = n.attrs.get_float("alpha");
      break;
    case OpKind::Clip:
      a.act = Activation::Clip, a.alpha = n.attrs.get_float("min"),
      a.beta = n.attrs.get_float("max");
      break;
    case OpKind::Sigmoid: a.act = Activation::Sigmoid; break;
    case OpKind::HardSigmoid:
      a.act = Activation::HardSigmoid, a.alpha = n.attrs.get_float("alpha"),
      a.beta = n.attrs.get_float("beta");
      break;
    case OpKind::HardSwish: a.act = Activation::HardSwish; break;
    case OpKind::Silu: a.act = Activation::Silu; break;
    case OpKind::Mish: a.act = Activation::Mish; break;
    case OpKind::Gelu: {
      const auto [p, q] = gelu_constants(n.attrs);
      a.act = gelu_tanh(n.attrs) ? Activation::GeluTanh : Activation::Gelu, a.alpha = p, a.beta = q;
      break;
    }
    case OpKind::FusedConv2d:
    case OpKind::FusedDense: {
      const EpilogueAttrs e = epilogue_attrs(n.attrs);
      a.act = e.activation, a.alpha = e.act_alpha, a.beta = e.act_beta, a.fused = true;
      break;
    }
    default: break;
  }
  switch (a.act) {
    case Activation::None: break;
    case Activation::Relu:
    case Activation::Clip: a.lipschitz = 1; break;
    case Activation::LeakyRelu: a.lipschitz = std::max(1.0, std::abs(a.alpha)); break;
    case Activation::Sigmoid: a.lipschitz = 0.25; break;  // max of s (1 - s)
    case Activation::HardSigmoid: a.lipschitz = std::abs(a.alpha); break;
    // x clip(x + 3, 0, 6) / 6: slope (2x + 3) / 6 in [-1/2, 3/2] on [-3, 3], 0 or 1 outside.
    case Activation::HardSwish: a.lipschitz = 1.5; break;
    // silu' = s (1 + x (1 - s)), s = sigmoid(x), lies in [-0.0999, 1.0999]; mish' in
    // [-0.113, 1.0885] (both attained near x = 2.4 and x = -1.2 / -1.2, 1.2).
    case Activation::Silu:
    case Activation::Mish: a.lipschitz = 1.1; break;
    // gelu(x) = 0.5 x (1 + erf(s x)), s = q / p: gelu' = (1 + erf(y)) / 2 + y e^(-y^2) /
    // sqrt(pi) at y = s x, whatever s, in [-0.129, 1.129] (the extremes at y = -1, 1).
    case Activation::Gelu:
      a.lipschitz = a.alpha != 0 && std::isfinite(a.beta / a.alpha) ? 1.13 : kInf;
      break;
    // gelu_tanh(x) = 0.5 x (1 + tanh(u)), u = c (x + k x^3): gelu' = (1 + tanh u) / 2 +
    // x u' sech^2(u) / 2 with x u' = c (x + 3 k x^3), of magnitude <= 3 |u| when k >= 0 (x
    // and k x^3 have one sign), and |u| sech^2(u) <= 0.4477: |gelu'| <= 1 + 1.5 * 0.4477.
    // A negative k has no such bound (the domain's own bound stands alone).
    case Activation::GeluTanh:
      a.lipschitz = a.beta >= 0 && std::isfinite(a.alpha) && std::isfinite(a.beta) ? 1.68 : kInf;
      break;
  }
  return a;
}

/// A tensor of bounded values with its parts in separate arrays, so that the loops over
/// them vectorise.
template <class T>
struct SplitValues {
  std::vector<T> v;
  std::vector<double> e, l;
  SplitValues(const Val<T>* x, size_t n) : v(n), e(n), l(n) {
    for (size_t i = 0; i < n; ++i) v[i] = x[i].v, e[i] = x[i].e, l[i] = x[i].l;
  }
};

using sem::kConvLanes;

/// The weights of a block of kConvLanes output channels, lane innermost
/// (sem::conv2d_lane_weights; 0 past the group's last channel).
template <class T>
struct LaneWeights {
  std::vector<T> v;
  std::vector<double> abs, e, l;
  bool exact = true;  ///< every e and l is 0
  LaneWeights(const sem::ConvPlan& p, const Val<T>* w, int64_t o0, int64_t lanes) {
    v.assign(static_cast<size_t>(p.KH * p.KW * p.cin_g * kConvLanes), T(0));
    abs.assign(v.size(), 0.0), e.assign(v.size(), 0.0), l.assign(v.size(), 0.0);
    sem::conv2d_lane_weights(p, o0, lanes, [&](size_t k, size_t src) {
      const Val<T>& x = w[src];
      v[k] = x.v, abs[k] = std::abs(static_cast<double>(x.v)), e[k] = x.e, l[k] = x.l;
      exact = exact && x.e == 0 && x.l == 0;
    });
  }
};

/// kConvLanes output channels o0.. of group g, batch item b, every position: each lane's sum
/// formed as conv2d_at forms it (sem::conv2d_position_taps), the same values bit for bit
/// as the domain's, and each step r' = r + x w adding to r's bounds what the domain's mul
/// and add would,
///   |x| e_w + |w| e_x + e_x e_w + u |x w| + kUnder + u |r'|,
/// in another order (non-negative terms: the node's margin covers their rounding in any
/// order). Without `WeightErr` the weights are exact and their terms vanish. With kQuad,
/// `local` is sqrt(sum of the roundings' squares) plus the propagated terms (each rounding
/// a new term; Minkowski: the norm of a sum is at most the sum of the norms). The lanes'
/// accumulators stay in registers over a whole window; this is most of a bounded run's
/// time on a convolutional model.
template <class T, int K, bool WeightErr>
VF_VECTOR_CLONES void conv_lanes(const sem::ConvPlan& p, int64_t b, int64_t g, int64_t o0,
                                 int64_t lanes, const Shape& out_shape, const T* xv,
                                 const double* xe, const double* xl, const LaneWeights<T>& w, T* ov,
                                 double* oe, double* ol) {
  constexpr double u = kUnit<T>;
  constexpr bool E = (K & kErr) != 0, L = (K & kLocal) != 0, Q = (K & kQuad) != 0;
  const int64_t O = out_shape[1], OH = out_shape[2], OW = out_shape[3], hw = p.H * p.W;
  std::vector<int64_t> tap_x(static_cast<size_t>(p.KH * p.KW)), tap_t(tap_x.size());
  for (int64_t oh = 0; oh < OH; ++oh)
    for (int64_t ow = 0; ow < OW; ++ow) {
      using simd::D8;
      using V = typename simd::Lanes8<T>::type;
      V v[2] = {};  // lanes 0-7 and 8-15
      D8 e[2] = {}, l[2] = {}, lq[2] = {};  // lq: kQuad's propagated (linear) terms
      const size_t taps =
          sem::conv2d_position_tap_list(p, b, g, oh, ow, tap_x.data(), tap_t.data());
      for (size_t k = 0; k < taps; ++k) {
        const int64_t x0 = tap_x[k], t = tap_t[k];
        for (int64_t ci = 0; ci < p.cin_g; ++ci) {
          const T x = xv[x0 + ci * hw];
          const double ax = std::abs(static_cast<double>(x));
          const double ex = E ? xe[x0 + ci * hw] : 0, lx = L ? xl[x0 + ci * hw] : 0;
          const size_t wk = static_cast<size_t>((t * p.cin_g + ci) * kConvLanes);
          for (size_t h = 0; h < 2; ++h) {  // r' = r + x w and both bounds' terms
            const V prod = x * simd::load8<V>(w.v.data() + wk + 8 * h);
            const V s = v[h] + prod;
            v[h] = s;
            const D8 rnd = u * (simd::abs8(prod) + simd::abs8(s)) + kUnder<T>;
            const D8 wa = simd::load8<D8>(w.abs.data() + wk + 8 * h);
            if constexpr (E) {
              e[h] += wa * ex + rnd;
              if constexpr (WeightErr) e[h] += (ax + ex) * simd::load8<D8>(w.e.data() + wk + 8 * h);
            }
            if constexpr (Q) {
              const D8 rp = u * simd::abs8(prod) + kUnder<T>, rs = u * simd::abs8(s);
              l[h] += rp * rp + rs * rs;
              lq[h] += wa * lx;
              if constexpr (WeightErr) lq[h] += (ax + lx) * simd::load8<D8>(w.l.data() + wk + 8 * h);
            } else if constexpr (L) {
              l[h] += wa * lx + rnd;
              if constexpr (WeightErr) l[h] += (ax + lx) * simd::load8<D8>(w.l.data() + wk + 8 * h);
            }
          }
        }
      }
      T av[kConvLanes];
      double ae[kConvLanes], al[kConvLanes], aq[kConvLanes];
      for (size_t h = 0; h < 2; ++h) {
        simd::store8(av + 8 * h, v[h]);
        simd::store8(ae + 8 * h, e[h]);
        simd::store8(al + 8 * h, l[h]);
        if constexpr (Q) simd::store8(aq + 8 * h, lq[h]);
      }
      if constexpr (Q)
        for (size_t j = 0; j < kConvLanes; ++j)
          al[j] = up(up(std::sqrt(al[j]) * (1 + 0x1p-50)) + aq[j]);
      for (int64_t j = 0; j < lanes; ++j) {
        const size_t i = static_cast<size_t>(((b * O + o0 + j) * OH + oh) * OW + ow);
        ov[i] = av[j];
        if constexpr (E) oe[i] = ae[j];
        if constexpr (L) ol[i] = al[j];
      }
    }
}

/// conv2d's window sums in the running error domain, the same values as
/// sem::conv2d_window_sums(RunningErrorDomain) bit for bit, kConvLanes output channels at a
/// time over separate arrays (conv_lanes).
template <class T, int K>
std::vector<Val<T>> conv2d_window_sums_split(const sem::ConvPlan& p, const Val<T>* x,
                                             const Val<T>* w, const Shape& x_shape,
                                             const Shape& out_shape) {
  constexpr bool E = (K & kErr) != 0, L = (K & kLocal) != 0;
  const SplitValues<T> xs(x, static_cast<size_t>(num_elements(x_shape)));
  const size_t n_out = static_cast<size_t>(num_elements(out_shape));
  std::vector<T> rv(n_out, T(0));
  std::vector<double> re(E ? n_out : 0), rl(L ? n_out : 0);
  sem::conv2d_lane_blocks(p, [&](int64_t g, int64_t o0, int64_t lanes) {
    const LaneWeights<T> lw(p, w, o0, lanes);
    for (int64_t b = 0; b < out_shape[0]; ++b)
      (lw.exact ? conv_lanes<T, K, false>
                : conv_lanes<T, K, true>)(p, b, g, o0, lanes, out_shape, xs.v.data(), xs.e.data(),
                                          xs.l.data(), lw, rv.data(), re.data(), rl.data());
  });
  std::vector<Val<T>> acc(n_out);
  for (size_t i = 0; i < n_out; ++i)
    acc[i] = {rv[i], E ? RunningErrorDomain<T, K>::not_nan(re[i]) : 0,
              L ? RunningErrorDomain<T, K>::not_nan(rl[i]) : 0};
  return acc;
}

/// kQuad: a dot product sum_k a[k sa] b[k sb] formed as the semantics form it (dense_at,
/// matmul_at, gemm_sum_at: from 0, k ascending; the same values bit for bit as the
/// domain's mul and add), its `local` the roundings in quadrature plus the propagated
/// terms (conv_lanes's rule). The domain's add would join them one sum at a time
/// (hypot(prop, rnd)), whose propagated part grows linearly.
template <class T>
Val<T> quad_dot(int64_t n, const Val<T>* a, int64_t sa, const Val<T>* b, int64_t sb) {
  constexpr double u = kUnit<T>;
  T s = T(0);
  double q = 0, lin = 0;
  for (int64_t k = 0; k < n; ++k) {
    const Val<T>& x = a[k * sa];
    const Val<T>& y = b[k * sb];
    const T pr = x.v * y.v;
    s = s + pr;
    const double rp = u * std::abs(static_cast<double>(pr)) + kUnder<T>;
    const double rs = u * std::abs(static_cast<double>(s));
    q += rp * rp + rs * rs;
    lin += std::abs(static_cast<double>(x.v)) * y.l + std::abs(static_cast<double>(y.v)) * x.l +
           x.l * y.l;
  }
  return {s, 0, not_finite_to_inf(up(up(std::sqrt(q) * (1 + 0x1p-50)) + lin))};
}

/// The node without its activation (a fused node's pre-activation value), in the domain.
template <class T, int K>
void eval_linear_part(RunningErrorDomain<T, K>& d, OpKind op, const Attrs& attrs,
                      std::span<const sem::Operand<Val<T>>> operands, const Shape& shape,
                      std::vector<Val<T>>& out) {
  constexpr bool Q = (K & kQuad) != 0;
  if (Q && (op == OpKind::Dense || op == OpKind::FusedDense)) {
    const int64_t n = operands[0].shape->back(), M = shape.back();
    const Val<T>* x = operands[0].data;
    const Val<T>* w = operands[1].data;
    sem::eval_reduction(d, op, attrs, operands, shape, out, {}, [&](int64_t flat, const int64_t*) {
      return quad_dot(n, x + (flat / M) * n, 1, w + (flat % M) * n, 1);
    });
  } else if (Q && op == OpKind::MatMul) {
    const MatMulPlan p = matmul_plan(*operands[0].shape, *operands[1].shape, shape);
    const size_t r = shape.size();
    sem::emit_each(shape, out, [&](int64_t, const int64_t* idx) {
      const Val<T>* ar = operands[0].data + offset_of(idx, p.a_batch) + idx[r - 2] * p.K;
      const Val<T>* bc = operands[1].data + offset_of(idx, p.b_batch) + idx[r - 1];
      return quad_dot(p.K, ar, 1, bc, p.N);
    });
  } else if (Q && op == OpKind::Gemm) {
    const GemmPlan p = gemm_plan(attrs, *operands[0].shape, *operands[1].shape,
                                 operands.size() == 3 ? operands[2].shape : nullptr);
    sem::eval_gemm(d, attrs, operands, shape, out, {}, [&](int64_t, const int64_t* idx) {
      const int64_t i = idx[0], j = idx[1];
      return quad_dot(p.K, operands[0].data + (p.trans_a ? i : i * p.lda), p.trans_a ? p.lda : 1,
                      operands[1].data + (p.trans_b ? j * p.ldb : j), p.trans_b ? 1 : p.ldb);
    });
  } else if (op == OpKind::Conv2d || op == OpKind::FusedConv2d) {
    const sem::ConvPlan p(conv2d_attrs(attrs), *operands[0].shape, *operands[1].shape);
    const std::vector<Val<T>> acc = conv2d_window_sums_split<T, K>(
        p, operands[0].data, operands[1].data, *operands[0].shape, shape);
    sem::eval_reduction(d, op, attrs, operands, shape, out, {}, [&](int64_t flat, const int64_t*) {
      return acc[static_cast<size_t>(flat)];
    });
  } else {
    sem::eval_node(d, op, attrs, operands, shape, out);
  }
}

/// One node in the domain, then its bounds inflated by the node's margin (see
/// RunningErrorDomain), made +inf where the value is not finite, and capped to the
/// operator's exact range.
///
/// A node ending in an activation gets the smaller of two bounds: the domain's, and
/// L e + r, with L the activation's Lipschitz constant, e the bound of its input and r
/// the bound of the activation computed on its input taken as exact (its own rounding):
/// |act_T(a) - act(A)| <= |act_T(a) - act(a)| + |act(a) - act(A)|. The domain alone
/// multiplies two uncertain values in hard_swish (x * clip(x + 3, 0, 6)), whose bound
/// then squares from layer to layer.
template <class T, int K>
void eval_one(const Node& n, std::span<const sem::Operand<Val<T>>> operands,
              std::vector<Val<T>>& out) {
  RunningErrorDomain<T, K> d;
  int64_t largest = 1;
  for (const auto& op : operands) largest = std::max(largest, num_elements(*op.shape));
  d.inflate = up(1 + (4 * static_cast<double>(largest) + 64) * 0x1p-52);
  const NodeActivation a = node_activation(n);
  if (a.act == Activation::None) {
    eval_linear_part(d, n.op, n.attrs, operands, n.type.shape, out);
  } else {
    std::vector<Val<T>> pre;
    if (a.fused) {
      Attrs linear = n.attrs;
      linear.set("activation", std::string(activation_name(Activation::None)));
      eval_linear_part(d, n.op, linear, operands, n.type.shape, pre);
      for (Val<T>& x : pre) {  // the pre-activation bounds as the node's other results
        x.e = not_finite_to_inf(x.e * d.inflate);
        x.l = not_finite_to_inf(x.l * d.inflate);
      }
    } else {
      pre.assign(operands[0].data, operands[0].data + num_elements(*operands[0].shape));
    }
    const Val<T> alpha = d.lit(a.alpha), beta = d.lit(a.beta);
    out.resize(pre.size());
    for (size_t i = 0; i < pre.size(); ++i) {
      const Val<T> full = sem::activation(d, a.act, pre[i], alpha, beta);
      const Val<T> own = sem::activation(d, a.act, Val<T>{pre[i].v, 0, 0}, alpha, beta);
      Val<T> r = full;
      if (a.lipschitz < kInf) {  // else the domain's bound alone
        r.e = std::min(full.e, up((a.lipschitz * pre[i].e + own.e) * d.inflate));
        r.l = std::min(full.l, up((a.lipschitz * pre[i].l + own.l) * d.inflate));
      }
      out[i] = r;
    }
  }
  for (Val<T>& x : out) {
    if (!std::isfinite(x.v)) {
      x.e = (K & kErr) ? kInf : 0;
      x.l = (K & kLocal) ? kInf : 0;
      continue;
    }
    x.e = not_finite_to_inf(x.e * d.inflate);
    x.l = not_finite_to_inf(x.l * d.inflate);
  }
  if constexpr ((K & kQuad) != 0) return;  // a figure, not a bound: no range caps it
  if (auto r = exact_range(n)) cap_to_range(out, r->first, r->second);
  if (n.op == OpKind::LayerNorm || n.op == OpKind::RmsNorm) cap_norm(n, operands, out);
}

template <class T, int K>
Result<std::vector<BoundedTensor>> run_in(const CertifiedGraph& cg, const BoundedRunOptions& o) {
  const Graph& g = cg.graph();
  if (auto r = interp_detail::check_given_inputs(g, o.run); !r) return r.error();
  for (const auto& [index, t] : o.overrides)
    if (index >= g.size() || t->shape() != g.nodes()[index].type.shape)
      return Error{fmt::format("override of node {}: not a node of that shape", index)};
  std::vector<bool> keep = o.keep;
  keep.resize(g.size(), false);
  for (NodeId out : g.outputs()) keep[out.index] = true;
  std::vector<size_t> last_use(g.size(), 0);
  for (size_t i = 0; i < g.size(); ++i)
    for (NodeId in : g.nodes()[i].inputs) last_use[in.index] = i;
  for (NodeId out : g.outputs()) last_use[out.index] = g.size();

  // Written-out normalisations (WrittenNorm) and which of their bounds the cap may cut.
  const auto& errors = o.constant_errors ? *o.constant_errors : cg.constant_errors();
  std::vector<std::optional<WrittenNorm>> norms(g.size());
  for (size_t i = 0; i < g.size(); ++i) norms[i] = written_norm(g, g.nodes()[i], errors);

  std::vector<std::vector<Val<T>>> values(g.size());
  std::vector<BoundedTensor> result(g.size());
  std::vector<sem::Operand<Val<T>>> operands;
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Input) {
      auto it = o.run.inputs.find(n.name);
      values[i] = leaf_values<T>(
          it != o.run.inputs.end() ? it->second : generate_input(g, g.id(i), o.run.seed), nullptr);
    } else if (n.op == OpKind::Constant) {
      const auto& errors = o.constant_errors ? *o.constant_errors : cg.constant_errors();
      auto it = errors.find(n.name);
      values[i] = leaf_values<T>(*n.data, it != errors.end() ? &it->second : nullptr);
    } else {
      operands.clear();
      for (NodeId in : n.inputs)
        operands.push_back({values[in.index].data(), &g.node(in).type.shape});
      std::vector<Val<T>> out;
      eval_one<T, K>(n, std::span<const sem::Operand<Val<T>>>(operands), out);
      if (norms[i] && (K & kQuad) == 0) {
        bool cap_e = (K & kErr) != 0, cap_l = (K & kLocal) != 0;
        for (uint32_t j : norms[i]->inner) {
          const bool overridden = o.overrides.count(j) > 0;
          cap_e = cap_e && !overridden;
          cap_l = cap_l && !overridden && !(j < o.cut.size() && o.cut[j]);
        }
        const double r = o.test_drop_norm_root ? 1.0 : norms[i]->root;
        cap_to_range(out, -r, r, cap_e, cap_l);
      }
      values[i] = std::move(out);
    }
    if (keep[i]) result[i] = pack<T>(values[i], n.type.shape);
    if (auto it = o.overrides.find(static_cast<uint32_t>(i)); it != o.overrides.end())
      values[i] = tensor_values<T>(*it->second, nullptr, nullptr);
    else if (i < o.cut.size() && o.cut[i])
      for (Val<T>& v : values[i]) v.l = 0;
    for (NodeId in : n.inputs)
      if (last_use[in.index] == i) std::vector<Val<T>>().swap(values[in.index]);
  }
  return result;
}

template <class T, int K>
Result<BoundedTensor> node_in(const Graph& g, NodeId id,
                              std::span<const BoundedTensor* const> operands) {
  const Node& n = g.node(id);
  if (operands.size() != n.inputs.size())
    return Error{fmt::format("{}: {} operands given, the node has {}", n.name, operands.size(),
                             n.inputs.size())};
  std::vector<std::vector<Val<T>>> values;
  std::vector<sem::Operand<Val<T>>> ops;
  for (size_t k = 0; k < operands.size(); ++k) {
    const BoundedTensor& b = *operands[k];
    const Shape& shape = g.node(n.inputs[k]).type.shape;
    if (b.value.shape() != shape || b.err.size() != static_cast<size_t>(b.value.size()) ||
        b.local.size() != b.err.size())
      return Error{fmt::format("{}: operand {} does not match the node's input", n.name, k)};
    values.push_back(tensor_values<T>(b.value, &b.err, &b.local));
  }
  for (size_t k = 0; k < operands.size(); ++k)
    ops.push_back({values[k].data(), &g.node(n.inputs[k]).type.shape});
  std::vector<Val<T>> out;
  eval_one<T, K>(n, std::span<const sem::Operand<Val<T>>>(ops), out);
  return pack<T>(out, n.type.shape);
}

}  // namespace

Result<std::vector<BoundedTensor>> run_bounded(const CertifiedGraph& g,
                                               const BoundedRunOptions& o) {
  const int k = (o.err ? kErr : 0) | (o.local ? kLocal : 0);
  const bool f32 = o.run.precision == Precision::F32;
  if (o.quadrature) {
    const bool all_cut = o.cut.size() >= g.graph().size() &&
                         std::all_of(o.cut.begin(), o.cut.end(), [](bool c) { return c; });
    if (o.err || !o.local || !all_cut || !o.overrides.empty())
      return Error{"run_bounded: a quadrature run has `local` only, every node cut, no override"};
    return f32 ? run_in<float, kLocal | kQuad>(g, o) : run_in<double, kLocal | kQuad>(g, o);
  }
  switch (k) {
    case kErr: return f32 ? run_in<float, kErr>(g, o) : run_in<double, kErr>(g, o);
    case kLocal: return f32 ? run_in<float, kLocal>(g, o) : run_in<double, kLocal>(g, o);
    default: return f32 ? run_in<float, kBoth>(g, o) : run_in<double, kBoth>(g, o);
  }
}

Result<BoundedTensor> bound_node(const Graph& g, NodeId id, Precision p,
                                 std::span<const BoundedTensor* const> operands, bool local) {
  if (p == Precision::F32)
    return local ? node_in<float, kBoth>(g, id, operands) : node_in<float, kErr>(g, id, operands);
  return local ? node_in<double, kBoth>(g, id, operands) : node_in<double, kErr>(g, id, operands);
}

BoundedTensor bounded_leaf(const Tensor& t, Precision p, const Tensor* error) {
  return p == Precision::F32 ? pack<float>(leaf_values<float>(t, error), t.shape())
                             : pack<double>(leaf_values<double>(t, error), t.shape());
}

}  // namespace vf
