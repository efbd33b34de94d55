// The drift-bound domain and run_with_drift. Notation of the derivations: for an operand,
// a = its computed value (a.v), A = its exact value, e_a = a.err >= |a - A|; the result
// r = the computed result in T, z = the exact result of the operation on the computed
// operands, Z = the exact result on the exact operands. Then
//   |r - Z| <= |r - z| + |z - Z| = rounding + propagation,
// and each rule bounds the two terms separately. mag(a) = |a| + e_a >= max(|a|, |A|);
// mig(a) = |a| - e_a <= |A| when positive.
#include "interp/drift.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include <fmt/format.h>

#include "interp/directed.h"
#include "interp/evaluate_graph.h"
#include "semantics/domain.h"

namespace vf {
namespace {

using namespace interp_detail;

// ---- Rounding of the computed operation in T ------------------------------------------

/// A bound on |r - z| for r = the T result of an operation accurate to k units roundoff
/// (k = 1: correctly rounded; k = 4: libm's exp, 2 ulps), z its exact result on the same
/// operands. In T's normal range |r - z| <= k u |z| <= k u (|r| + |r - z|), so
/// |r - z| <= k u |r| / (1 - k u) <= k u (1 + 2 k u) |r| (as k u <= 1/2). Below the normal
/// range the error is absolute: at most k / 2 times T's subnormal spacing (denorm_min).
/// An overflow gives r = inf and an infinite bound.
template <class T>
double rounding(T r, double k) {
  const double ku = k * kUnit<T>;
  return add_up(mul_up(ku * (1 + 2 * ku), std::abs(static_cast<double>(r))),
                k * static_cast<double>(std::numeric_limits<T>::denorm_min()));
}

/// A value with its bound; a value that is not finite (overflow, NaN, inf - inf) cannot
/// be near a real number, and a bound that is NaN (inf * 0 inside the arithmetic above
/// can only arise from an infinite operand) means nothing is known: both become +inf.
template <class T>
typename DriftDomain<T>::Value finish(T v, double err) {
  if (!std::isfinite(v) || !(err <= kMaxFinite)) err = kInf;
  return {v, err};
}

template <class T>
double mag_up(typename DriftDomain<T>::Value a) {
  return add_up(std::abs(static_cast<double>(a.v)), a.err);
}

/// Whether the exact operands surely compare as the computed ones. If
/// |a - b| > e_a + e_b then A - B = (a - b) + (A - a) - (B - b) is nonzero with the sign
/// of a - b, so A < B iff a < b and A <= B iff a <= b. With both errors 0, A = a and B = b.
/// |a - b| is computed in double (rounded to nearest, then down()).
template <class T>
bool comparison_certain(typename DriftDomain<T>::Value a, typename DriftDomain<T>::Value b) {
  if (a.err == 0 && b.err == 0) return true;
  const double gap = down(std::abs(static_cast<double>(a.v) - static_cast<double>(b.v)));
  return gap > add_up(a.err, b.err);
}

}  // namespace

// ---- The rules ----------------------------------------------------------------------
// Every computed value r is produced by the same T expression as in FloatDomain<T>, so it
// is bit-identical to the plain interpreter's.

template <class T>
auto DriftDomain<T>::lit(double x) const -> Value {
  // The exact program reads the literal as the double x.
  const T v = static_cast<T>(x);
  return {v, conversion_error(x, v)};
}

template <class T>
auto DriftDomain<T>::add(Value a, Value b) const -> Value {
  // z - Z = (a - A) + (b - B): |z - Z| <= e_a + e_b.
  const T r = a.v + b.v;
  return finish(r, add_up(add_up(a.err, b.err), rounding(r, 1)));
}

template <class T>
auto DriftDomain<T>::sub(Value a, Value b) const -> Value {
  // z - Z = (a - A) - (b - B): |z - Z| <= e_a + e_b.
  const T r = a.v - b.v;
  return finish(r, add_up(add_up(a.err, b.err), rounding(r, 1)));
}

template <class T>
auto DriftDomain<T>::mul(Value a, Value b) const -> Value {
  // z - Z = ab - AB = a (b - B) + B (a - A): |z - Z| <= |a| e_b + |B| e_a
  // <= |a| e_b + mag(b) e_a.
  const T r = a.v * b.v;
  const double prop =
      add_up(mul_up(std::abs(static_cast<double>(a.v)), b.err), mul_up(mag_up<T>(b), a.err));
  return finish(r, add_up(prop, rounding(r, 1)));
}

template <class T>
auto DriftDomain<T>::div(Value a, Value b) const -> Value {
  // With m = mig(b) = |b| - e_b > 0: B is nonzero with |B| >= m (and b != 0). Then
  //   z - Z = a/b - A/B = (aB - Ab) / (bB),   aB - Ab = b (a - A) + a (B - b),
  //   |z - Z| <= (|b| e_a + |a| e_b) / (|b| |B|) <= e_a / m + |a| e_b / (|b| m).
  // When m <= 0 the exact divisor may be 0 and nothing is known: +inf. With both errors
  // 0 there is nothing to propagate (a zero divisor then gives r = inf or NaN).
  const T r = a.v / b.v;
  double prop = 0;
  if (a.err != 0 || b.err != 0) {
    const double abs_b = std::abs(static_cast<double>(b.v));
    const double diff = abs_b - b.err;
    const double m = b.err == 0 ? abs_b : diff > 0 ? down(diff) : 0;
    if (m > 0)
      prop = add_up(div_up(a.err, m),
                    div_up(mul_up(std::abs(static_cast<double>(a.v)), b.err), down(abs_b * m)));
    else
      prop = kInf;
  }
  return finish(r, add_up(prop, rounding(r, 1)));
}

template <class T>
auto DriftDomain<T>::neg(Value a) const -> Value {
  return {-a.v, a.err};  // exact: -A - (-a) = a - A
}

template <class T>
auto DriftDomain<T>::sqrt(Value a) const -> Value {
  // The exact program is defined, so A >= 0 (see drift.h); a < 0 gives r = NaN (+inf).
  // For p, q >= 0: |sqrt(p) - sqrt(q)| = |p - q| / (sqrt(p) + sqrt(q)) when p + q > 0, and
  // sqrt(A) >= sqrt(max(a - e_a, 0)), so |z - Z| <= e_a / (sqrt(a) + sqrt(max(a - e_a, 0))).
  // Also |sqrt(p) - sqrt(q)| <= sqrt(|p - q|) (for p >= q: (sqrt p - sqrt q)^2 <=
  // (sqrt p - sqrt q)(sqrt p + sqrt q) = p - q), so |z - Z| <= sqrt(e_a) as well, which is
  // the finite one when a = 0.
  const T r = std::sqrt(a.v);
  double prop = 0;
  if (a.err != 0 && a.v >= 0) {
    const double av = static_cast<double>(a.v);
    const double lo = av - a.err;
    const double den = down(sqrt_down(av) + sqrt_down(lo > 0 ? down(lo) : 0));
    prop = std::min(den > 0 ? div_up(a.err, den) : kInf, sqrt_up(a.err));
  }
  return finish(r, add_up(prop, rounding(r, 1)));
}

template <class T>
auto DriftDomain<T>::exp(Value a) const -> Value {
  // exp is increasing and |A - a| <= e_a, so exp(A) in [exp(a) e^-e_a, exp(a) e^e_a] and
  // |z - Z| <= exp(a) max(e^e_a - 1, 1 - e^-e_a) = exp(a) expm1(e_a), and <= exp(a + e_a)
  // (both in [0, exp(a + e_a)]: directed.h, exp_prop_up)
  // (e^x - 1 >= 1 - e^-x as e^x + e^-x >= 2). The semantics' exp in T (exp32.h's in
  // float, libm's in double): 2 ulps = 4 units roundoff.
  const T r = sem::exp_eval(a.v);
  const double prop = exp_prop_up(static_cast<double>(a.v), a.err);
  return finish(r, add_up(prop, rounding(r, 4)));
}

template <class T>
auto DriftDomain<T>::fn(sem::Fn f, Value a) const -> Value {
  // f increasing with slope at most s over [a - e_a, a + e_a]: |z - Z| <= s e_a.
  const T r = sem::fn_eval(f, a.v);
  return finish(
      r, add_up(fn_prop_up(f, static_cast<double>(a.v), a.err), rounding(r, 2 * sem::kFnUlps)));
}

template <class T>
auto DriftDomain<T>::lt(Value a, Value b) const -> Bool {
  return {a.v < b.v, comparison_certain<T>(a, b)};
}

template <class T>
auto DriftDomain<T>::le(Value a, Value b) const -> Bool {
  return {a.v <= b.v, comparison_certain<T>(a, b)};
}

template <class T>
auto DriftDomain<T>::select(Bool c, Value a, Value b) const -> Value {
  // Certain: the exact program takes the same branch. Otherwise its value is A or B, and
  // with r = the chosen computed value and o the other operand:
  //   |r - R| <= e_r,   |r - O| <= |r - o| + |o - O| <= |r - o| + e_o.
  const Value& chosen = c.v ? a : b;
  if (c.certain) return chosen;
  const Value& other = c.v ? b : a;
  const double gap = up(std::abs(static_cast<double>(chosen.v) - static_cast<double>(other.v)));
  const double via_other = add_up(gap, other.err);  // NaN (inf - inf) must reach finish
  return finish(chosen.v, via_other <= chosen.err ? chosen.err : via_other);
}

template struct DriftDomain<float>;
template struct DriftDomain<double>;

namespace {

/// Error bounds by constant name, one per element.
using ErrorMap = std::map<std::string, std::vector<double>>;

/// A leaf's elements in DriftDomain<T>: the value the plain interpreter reads (to_vector in
/// interpreter.cpp: T(t.get(i)), which for f32 data in a float run is the stored float),
/// with the conversion error, plus `errors` (when given) element by element. An int64
/// element is already rounded by Tensor::get, by at most 2^-53 of its magnitude.
template <class T>
std::vector<typename DriftDomain<T>::Value> drift_leaf(const Tensor& t,
                                                       const std::vector<double>* errors) {
  std::vector<typename DriftDomain<T>::Value> out(static_cast<size_t>(t.size()));
  const bool f32_data = std::is_same_v<T, float> && t.dtype() == DType::F32;
  for (int64_t i = 0; i < t.size(); ++i) {
    const double x = t.get(i);
    const T v =
        f32_data ? static_cast<T>(t.view<float>()[static_cast<size_t>(i)]) : static_cast<T>(x);
    double err = conversion_error(x, v);
    if (t.dtype() == DType::I64) err = add_up(err, mul_up(0x1p-53, std::abs(x)));
    if (errors) err = add_up(err, (*errors)[static_cast<size_t>(i)]);
    out[static_cast<size_t>(i)] = {v, err <= kMaxFinite ? err : kInf};
  }
  return out;
}

template <class T>
Result<std::vector<DriftOutput>> drift_in(const Graph& g, const RunOptions& opts,
                                          const ErrorMap& errors) {
  DriftDomain<T> d;
  auto values = interp_detail::evaluate_graph(g, opts, d, [&](const Node& n, const Tensor& t) {
    auto it = n.op == OpKind::Constant ? errors.find(n.name) : errors.end();
    return drift_leaf<T>(t, it != errors.end() ? &it->second : nullptr);
  });
  if (!values) return values.error();
  std::vector<DriftOutput> outs;
  const DType dt = std::is_same_v<T, float> ? DType::F32 : DType::F64;
  for (size_t k = 0; k < g.outputs().size(); ++k) {
    const Shape& shape = g.node(g.outputs()[k]).type.shape;
    DriftOutput o{Tensor(TensorType{dt, shape}), Tensor(TensorType{DType::F64, shape})};
    auto value = o.value.view_mut<T>();
    auto bound = o.bound.view_mut<double>();
    const auto& vs = (*values)[k];
    for (size_t i = 0; i < vs.size(); ++i) {
      value[i] = vs[i].v;
      bound[i] = vs[i].err;
    }
    outs.push_back(std::move(o));
  }
  return outs;
}

/// g's constant errors plus `extra` (checked: each names a constant of g and is an f64
/// tensor of its shape with elements >= 0).
Result<ErrorMap> merge_errors(const CertifiedGraph& g, const std::map<std::string, Tensor>& extra) {
  ErrorMap errors;
  for (const auto& [name, t] : g.constant_errors()) errors.emplace(name, t.to_doubles());
  for (const auto& [name, t] : extra) {
    const NodeId id = g.graph().find(name);
    if (!id.valid() || g.graph().node(id).op != OpKind::Constant)
      return Error{fmt::format("constant error for '{}': not a constant of the graph", name)};
    const Shape& shape = g.graph().node(id).data->shape();
    if (t.dtype() != DType::F64 || t.shape() != shape)
      return Error{fmt::format("constant error for '{}' must be a float64 tensor of shape {}", name,
                               shape_string(shape))};
    std::vector<double> e = t.to_doubles();
    for (double x : e)
      if (!(x >= 0))
        return Error{
            fmt::format("constant error for '{}' has an element that is negative or NaN", name)};
    auto [it, added] = errors.emplace(name, e);
    if (!added)
      for (size_t i = 0; i < e.size(); ++i) it->second[i] = add_up(it->second[i], e[i]);
  }
  return errors;
}

}  // namespace

Result<std::vector<DriftOutput>> run_with_drift(const CertifiedGraph& g, const RunOptions& opts) {
  return run_with_drift(g, opts, {});
}

Result<std::vector<DriftOutput>> run_with_drift(
    const CertifiedGraph& g, const RunOptions& opts,
    const std::map<std::string, Tensor>& extra_constant_errors) {
  auto errors = merge_errors(g, extra_constant_errors);
  if (!errors) return errors.error();
  return opts.precision == Precision::F32 ? drift_in<float>(g.graph(), opts, *errors)
                                          : drift_in<double>(g.graph(), opts, *errors);
}

}  // namespace vf
