#include "target/run.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "ir/op_attrs.h"
#include "rewrite/interval_domain.h"
#include "semantics/domain.h"
#include "semantics/eval_node.h"
#include "semantics/wrap_int_domain.h"

namespace vf::target {
namespace {

using Op = sem::Operand<float>;

/// What the array multiplies for group g of a convolution with output shape y: the im2col
/// matrix a (row (b, oh, ow), column (ci, kh, kw); 0 where the tap is padding, `read(i)`
/// of the input's flat index i elsewhere) and the group's weights w as [K, N].
template <class T, class Read>
void group_operands(const sem::ConvPlan& p, const Shape& y, const MatmulShape& s, int64_t g,
                    Read&& read, const T* w, std::vector<T>& a, std::vector<T>& wt) {
  const int64_t OH = y[2], OW = y[3], khw = p.KH * p.KW;
  std::fill(a.begin(), a.end(), T{0});
  for (int64_t b = 0; b < y[0]; ++b)
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        T* row = a.data() + ((b * OH + oh) * OW + ow) * s.k;
        sem::conv2d_position_taps(p, b, g, oh, ow, [&](int64_t x0, int64_t t) {
          for (int64_t ci = 0; ci < p.cin_g; ++ci) row[ci * khw + t] = read(x0 + ci * p.H * p.W);
        });
      }
  for (int64_t k = 0; k < s.k; ++k)
    for (int64_t j = 0; j < s.n; ++j)
      wt[static_cast<size_t>(k * s.n + j)] = w[(g * p.cout_g + j) * s.k + k];
}

/// Calls f(m, j, idx, flat) for every output of group g of a convolution with output shape
/// y: m the im2col row (b, oh, ow), j the group's output channel, idx the NCHW index
/// {b, o, oh, ow}, flat its flat position.
template <class F>
void group_outputs(const sem::ConvPlan& p, const Shape& y, int64_t g, F&& f) {
  const int64_t OH = y[2], OW = y[3];
  for (int64_t b = 0; b < y[0]; ++b)
    for (int64_t j = 0; j < p.cout_g; ++j)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          const int64_t o = g * p.cout_g + j;
          const int64_t idx[4] = {b, o, oh, ow};
          f((b * OH + oh) * OW + ow, j, idx, ((b * y[1] + o) * OH + oh) * OW + ow);
        }
}

/// One array node's accumulators in output order (flat index of its output), with the
/// interpreter's on the same operands and their bound checked into `check`.
class ArrayLayer {
 public:
  ArrayLayer(const SystolicConfig& c, const Node& n, std::span<const Op> ops,
             ArrayLayerCheck& check)
      : c_(c), n_(n), ops_(ops), check_(check) {}

  /// The accumulators the array computes (with a conv2d_transpose's col2im on the host),
  /// indexed by the output's flat index.
  std::vector<float> run() {
    switch (n_.op) {
      case OpKind::Conv2d:
      case OpKind::FusedConv2d: return conv_accumulators();
      case OpKind::MatMul: return matmul_accumulators();
      case OpKind::Gemm: return gemm_accumulators();
      case OpKind::Conv2dTranspose: return conv_transpose_accumulators();
      default: return dense_accumulators();
    }
  }

 private:
  /// Compares one accumulator of k terms (a dot product of k on the array) with the
  /// interpreter's.
  void compare(float array, float interp, double magnitude, int64_t k) {
    const int64_t k_tiles = (k + c_.rows - 1) / c_.rows;
    check_accumulator(check_, array, interp, accumulator_bound(k, c_.rows, k_tiles, magnitude));
  }

  /// One batch slice (or the whole) of a [M, K] x [K, N] product on the array, compared
  /// with `interp(m, j)`; a row-major, w [K, N] row-major; the results into out[m * N + j].
  template <class Interp>
  void matmul_slice(const MatmulShape& s, std::span<const float> a, std::span<const float> w,
                    Interp&& interp, float* out) {
    const std::vector<float> r = run_matmul(c_, s, a, w);
    for (int64_t m = 0; m < s.m; ++m)
      for (int64_t j = 0; j < s.n; ++j) {
        double mag = 0;
        for (int64_t k = 0; k < s.k; ++k)
          mag += std::fabs(double{a[static_cast<size_t>(m * s.k + k)]} *
                           w[static_cast<size_t>(k * s.n + j)]);
        const float v = r[static_cast<size_t>(m * s.n + j)];
        compare(v, interp(m, j), mag, s.k);
        out[m * s.n + j] = v;
      }
  }

  /// matmul: one array matmul per batch slice of the output, each operand's slice read
  /// through its broadcast batch strides (MatMulPlan, as the semantics reads it).
  std::vector<float> matmul_accumulators() {
    const Shape& y = n_.type.shape;
    const MatMulPlan p = matmul_plan(*ops_[0].shape, *ops_[1].shape, y);
    const MatmulShape s = array_matmuls(n_, *ops_[0].shape, *ops_[1].shape).front();
    std::vector<float> acc(static_cast<size_t>(num_elements(y)));
    std::vector<float> a(static_cast<size_t>(s.m * s.k)), w(static_cast<size_t>(s.k * s.n));
    std::vector<int64_t> idx(y.size(), 0);
    const int64_t slices = s.m * s.n == 0 ? 0 : num_elements(y) / (s.m * s.n);
    sem::FloatDomain<float> d;
    for (int64_t b = 0; b < slices; ++b) {
      // idx: the slice's batch index (row-major over y's batch dimensions), rows 0.
      int64_t rest = b;
      for (size_t k = y.size() - 2; k-- > 0;) {
        idx[k] = rest % y[k];
        rest /= y[k];
      }
      idx[y.size() - 2] = idx[y.size() - 1] = 0;
      const float* as = ops_[0].data + sem::offset_of(idx.data(), p.a_batch);
      const float* ws = ops_[1].data + sem::offset_of(idx.data(), p.b_batch);
      std::copy(as, as + s.m * s.k, a.begin());
      std::copy(ws, ws + s.k * s.n, w.begin());
      matmul_slice(
          s, a, w,
          [&](int64_t m, int64_t j) {
            std::vector<int64_t> at = idx;
            at[y.size() - 2] = m;
            at[y.size() - 1] = j;
            return sem::matmul_at(d, p, ops_[0].data, ops_[1].data, at.data(), y.size());
          },
          acc.data() + b * s.m * s.n);
    }
    return acc;
  }

  /// gemm: op(A) [M, K] and op(B) [K, N] laid out for the array (the transpositions are
  /// the order the operands load in); its sums, before alpha and beta C (the host's step).
  std::vector<float> gemm_accumulators() {
    const GemmPlan p = gemm_plan(n_.attrs, *ops_[0].shape, *ops_[1].shape,
                                 ops_.size() == 3 ? ops_[2].shape : nullptr);
    const MatmulShape s{p.M, p.K, p.N};
    const float* A = ops_[0].data;
    const float* B = ops_[1].data;
    std::vector<float> a(static_cast<size_t>(s.m * s.k)), w(static_cast<size_t>(s.k * s.n));
    for (int64_t i = 0; i < s.m; ++i)
      for (int64_t k = 0; k < s.k; ++k)
        a[static_cast<size_t>(i * s.k + k)] = A[p.trans_a ? k * p.lda + i : i * p.lda + k];
    for (int64_t k = 0; k < s.k; ++k)
      for (int64_t j = 0; j < s.n; ++j)
        w[static_cast<size_t>(k * s.n + j)] = B[p.trans_b ? j * p.ldb + k : k * p.ldb + j];
    std::vector<float> acc(static_cast<size_t>(s.m * s.n));
    sem::FloatDomain<float> d;
    matmul_slice(
        s, a, w,
        [&](int64_t i, int64_t j) {
          const int64_t at[2] = {i, j};
          return sem::gemm_sum_at(d, p, A, B, at);
        },
        acc.data());
    return acc;
  }

  /// conv2d_transpose: per group the array's columns (conv_transpose_operands), scattered
  /// onto the output by the host's col2im and checked there (col2im_check).
  std::vector<float> conv_transpose_accumulators() {
    const sem::ConvTransposePlan p(conv2d_transpose_attrs(n_.attrs), *ops_[0].shape,
                                   *ops_[1].shape);
    const MatmulShape s = array_matmuls(n_, *ops_[0].shape, *ops_[1].shape).front();
    std::vector<std::vector<float>> cols;
    std::vector<float> a(static_cast<size_t>(s.m * s.k)), w(static_cast<size_t>(s.k * s.n));
    for (int64_t g = 0; g < p.a.groups; ++g) {
      conv_transpose_operands(p, g, ops_[0].data, ops_[1].data, a, w);
      cols.push_back(run_matmul(c_, s, a, w));
    }
    return col2im_check(c_, p, n_.type.shape, ops_[0].data, ops_[1].data, cols, check_);
  }

  std::vector<float> conv_accumulators() {
    const Shape& xs = *ops_[0].shape;
    const Shape& y = n_.type.shape;
    const sem::ConvPlan p(conv2d_attrs(n_.attrs), xs, *ops_[1].shape);
    const MatmulShape s = array_matmuls(n_, xs, *ops_[1].shape).front();  // each group's
    const float* x = ops_[0].data;
    const float* w = ops_[1].data;
    std::vector<float> acc(static_cast<size_t>(num_elements(y)));
    std::vector<float> a(static_cast<size_t>(s.m * s.k)), wt(static_cast<size_t>(s.k * s.n));
    sem::FloatDomain<float> d;
    for (int64_t g = 0; g < p.a.groups; ++g) {
      group_operands(p, y, s, g, [&](int64_t i) { return x[i]; }, w, a, wt);
      const std::vector<float> r = run_matmul(c_, s, a, wt);
      group_outputs(p, y, g, [&](int64_t m, int64_t j, const int64_t* idx, int64_t flat) {
        const float array = r[static_cast<size_t>(m * s.n + j)];
        const float interp = sem::conv2d_at(d, p, x, w, idx);
        double mag = 0;
        for (int64_t k = 0; k < s.k; ++k)
          mag += std::fabs(double{a[static_cast<size_t>(m * s.k + k)]} *
                           wt[static_cast<size_t>(k * s.n + j)]);
        compare(array, interp, mag, s.k);
        acc[static_cast<size_t>(flat)] = array;
      });
    }
    return acc;
  }

  std::vector<float> dense_accumulators() {
    const MatmulShape s = array_matmuls(n_, *ops_[0].shape, *ops_[1].shape).front();
    const int64_t K = s.k, N = s.n;
    const float* x = ops_[0].data;
    const float* w = ops_[1].data;  // [N, K]
    std::vector<float> wt(static_cast<size_t>(K * N));
    for (int64_t k = 0; k < K; ++k)
      for (int64_t j = 0; j < N; ++j) wt[static_cast<size_t>(k * N + j)] = w[j * K + k];
    const std::vector<float> r =
        run_matmul(c_, s, std::span<const float>(x, static_cast<size_t>(s.m * K)), wt);
    sem::FloatDomain<float> d;
    for (int64_t m = 0; m < s.m; ++m)
      for (int64_t j = 0; j < N; ++j) {
        double mag = 0;
        for (int64_t k = 0; k < K; ++k) mag += std::fabs(double{x[m * K + k]} * w[j * K + k]);
        compare(r[static_cast<size_t>(m * N + j)], sem::dense_at(d, K, x, w, m, j), mag, K);
      }
    return r;
  }

  const SystolicConfig& c_;
  const Node& n_;
  std::span<const Op> ops_;
  ArrayLayerCheck& check_;
};

/// One qconv2d / qdense on the int8 array: im2col of the input less its zero point (a
/// padding tap reads the zero point: 0), the weights transposed, the program run exactly
/// (run_matmul_int), the bias added; checked bit for bit against the semantics' sums on
/// the same operands (integers: the array's order of additions changes nothing, so any
/// difference is a wrong tiling, im2col or zero point).
std::vector<int64_t> int8_array_layer(const SystolicConfig& c, const Node& n,
                                      std::span<const sem::Operand<int64_t>> ops,
                                      ArrayLayerCheck& check) {
  const Shape& xs = *ops[0].shape;
  const Shape& ws = *ops[1].shape;
  const int64_t zx = n.attrs.get_int("x_zero_point");
  const int64_t* x = ops[0].data;
  const int64_t* w = ops[1].data;
  const int64_t* bias = ops.size() == 3 ? ops[2].data : nullptr;
  const Shape& y = n.type.shape;
  std::vector<int64_t> out(static_cast<size_t>(num_elements(y)), 0);
  const std::vector<MatmulShape> mms = array_matmuls(n, xs, ws);
  const MatmulShape s = mms.front();
  std::vector<int64_t> a(static_cast<size_t>(s.m * s.k)), wt(static_cast<size_t>(s.k * s.n));
  if (n.op == OpKind::QConv2d) {
    const sem::ConvPlan p(conv2d_attrs(n.attrs), xs, ws);
    for (int64_t g = 0; g < p.a.groups; ++g) {
      group_operands(p, y, s, g, [&](int64_t i) { return x[i] - zx; }, w, a, wt);
      const std::vector<int64_t> r = run_matmul_int(c, s, a, wt);
      group_outputs(p, y, g, [&](int64_t m, int64_t j, const int64_t* idx, int64_t flat) {
        out[static_cast<size_t>(flat)] =
            r[static_cast<size_t>(m * s.n + j)] + (bias ? bias[idx[1]] : 0);
      });
    }
  } else {
    for (int64_t i = 0; i < s.m * s.k; ++i) a[static_cast<size_t>(i)] = x[i] - zx;
    for (int64_t k = 0; k < s.k; ++k)
      for (int64_t j = 0; j < s.n; ++j) wt[static_cast<size_t>(k * s.n + j)] = w[j * s.k + k];
    const std::vector<int64_t> r = run_matmul_int(c, s, a, wt);
    for (int64_t m = 0; m < s.m; ++m)
      for (int64_t j = 0; j < s.n; ++j)
        out[static_cast<size_t>(m * s.n + j)] = r[static_cast<size_t>(m * s.n + j)] + (bias ? bias[j] : 0);
  }
  // The semantics' sums on the same operands, compared element by element.
  sem::WrapIntDomain d(64);
  std::vector<int64_t> ref;
  sem::eval_node(d, n.op, n.attrs, ops, y, ref);
  for (size_t i = 0; i < out.size(); ++i) {
    const double diff = std::fabs(static_cast<double>(out[i] - ref[i]));
    ++check.accumulators;
    check.max_abs = std::max(check.max_abs, diff);
    if (diff != 0) check.worst_ratio = INFINITY;  // the bound of exact sums is 0
  }
  return out;
}

}  // namespace

void check_accumulator(ArrayLayerCheck& check, float array, float interp, double bound) {
  const double diff = std::fabs(double{array} - double{interp});
  ++check.accumulators;
  check.max_abs = std::max(check.max_abs, diff);
  // NaN (an overflow or a NaN input on one side only) fails the check.
  const double ratio = diff == 0 ? 0 : std::isnan(diff) ? INFINITY : diff / bound;
  check.worst_ratio = std::max(check.worst_ratio, ratio);
}

void conv_transpose_operands(const sem::ConvTransposePlan& p, int64_t g, const float* x,
                             const float* w, std::vector<float>& a, std::vector<float>& wt) {
  const int64_t hw = p.H * p.W, B = static_cast<int64_t>(a.size()) / (hw * p.cin_g);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t ci = 0; ci < p.cin_g; ++ci) {
      const float* xc = x + (b * p.C + g * p.cin_g + ci) * hw;
      for (int64_t i = 0; i < hw; ++i) a[static_cast<size_t>((b * hw + i) * p.cin_g + ci)] = xc[i];
    }
  // w is [C, cout_g, KH, KW]: the group's rows, each already (o, kh, kw) in row-major order.
  const float* wg = w + g * static_cast<int64_t>(wt.size());
  std::copy(wg, wg + wt.size(), wt.begin());
}

std::vector<float> col2im_check(const SystolicConfig& c, const sem::ConvTransposePlan& p,
                                const Shape& y, const float* x, const float* w,
                                const std::vector<std::vector<float>>& cols,
                                ArrayLayerCheck& check) {
  const int64_t OH = y[2], OW = y[3], khw = p.KH * p.KW, ncols = p.cout_g * khw;
  const size_t total = static_cast<size_t>(num_elements(y));
  std::vector<float> out(total, 0.f);
  std::vector<double> mag(total, 0.0);
  std::vector<int64_t> taps(total, 0);
  // Each column entry (input pixel (b, ih, iw), output channel og, tap (kh, kw)) lands on
  // one output element or, cropped by the padding, on none; in ascending order of input
  // pixel, then column: a fixed order, each addition rounded to float32.
  for (int64_t g = 0; g < p.a.groups; ++g) {
    const std::vector<float>& cg = cols[static_cast<size_t>(g)];
    for (int64_t b = 0; b < y[0]; ++b)
      for (int64_t ih = 0; ih < p.H; ++ih)
        for (int64_t iw = 0; iw < p.W; ++iw) {
          const int64_t m = (b * p.H + ih) * p.W + iw;
          for (int64_t col = 0; col < ncols; ++col) {
            const int64_t og = col / khw, kh = col % khw / p.KW, kw = col % p.KW;
            const int64_t oh = ih * p.a.strides[0] - p.a.padding[0] + kh * p.a.dilation[0];
            const int64_t ow = iw * p.a.strides[1] - p.a.padding[1] + kw * p.a.dilation[1];
            if (oh < 0 || oh >= OH || ow < 0 || ow >= OW) continue;
            const size_t flat =
                static_cast<size_t>(((b * y[1] + g * p.cout_g + og) * OH + oh) * OW + ow);
            out[flat] = out[flat] + cg[static_cast<size_t>(m * ncols + col)];
            // The magnitude of the column's terms, from the operands alone.
            for (int64_t ci = 0; ci < p.cin_g; ++ci) {
              const int64_t ch = g * p.cin_g + ci;
              mag[flat] += std::fabs(double{x[((b * p.C + ch) * p.H + ih) * p.W + iw]} *
                                     w[ch * ncols + col]);
            }
            ++taps[flat];
          }
        }
  }
  // Every sum against the interpreter's: the array's dot products of cin_g terms, then the
  // host's additions of the taps (gamma(rows + k_tiles - 1 + taps)), the interpreter's
  // running sum of all the terms (gamma(terms)).
  const int64_t k_tiles = (p.cin_g + c.rows - 1) / c.rows;
  sem::FloatDomain<float> d;
  std::vector<int64_t> idx(4, 0);
  for (size_t flat = 0; flat < total; ++flat) {
    int64_t r = static_cast<int64_t>(flat);
    for (size_t k = 4; k-- > 0;) {
      idx[k] = r % y[k];
      r /= y[k];
    }
    const int64_t t = taps[flat];
    const double bound = accumulator_bound(t * p.cin_g, c.rows, k_tiles, mag[flat], t);
    check_accumulator(check, out[flat], sem::conv2d_transpose_at(d, p, x, w, idx.data()), bound);
  }
  return out;
}

std::vector<float> vector_reduce_last(int lanes, OpKind op, const float* x, int64_t rows,
                                      int64_t len) {
  std::vector<float> out(static_cast<size_t>(rows), 0.f);
  const int64_t steps = (rows + lanes - 1) / lanes;
  for (int64_t s = 0; s < steps; ++s)
    for (int64_t l = 0; l < lanes && s * lanes + l < rows; ++l) {
      const int64_t r = s * lanes + l;
      const float* row = x + r * len;
      float acc = len == 0 ? 0.f : row[0];
      for (int64_t k = 1; k < len; ++k) acc = acc + row[k];
      if (op == OpKind::ReduceMean) acc = acc / static_cast<float>(len);
      out[static_cast<size_t>(r)] = acc;
    }
  return out;
}

void check_exact(ArrayLayerCheck& check, std::span<const float> unit,
                 std::span<const float> interp) {
  for (size_t i = 0; i < unit.size(); ++i) {
    ++check.accumulators;
    const float a = unit[i], b = interp[i];
    if (std::isnan(a) && std::isnan(b)) continue;
    const double diff = std::fabs(double{a} - double{b});
    if (std::isnan(diff) || diff != 0 || std::signbit(a) != std::signbit(b)) {
      check.max_abs = std::max(check.max_abs, std::isnan(diff) ? INFINITY : diff);
      check.worst_ratio = INFINITY;
    }
  }
}

bool TargetRun::holds() const {
  for (const ArrayLayerCheck& l : layers)
    if (!(l.worst_ratio <= 1)) return false;
  return true;
}

double accumulator_bound(int64_t terms, int64_t rows, int64_t k_tiles, double magnitude,
                         int64_t host_adds) {
  const int64_t roundings = rows + k_tiles - 1 + host_adds + terms;
  using I = rewrite::IntervalDomain;
  constexpr double u = 0x1p-24;  // float32's unit roundoff
  const double g = I::add_up(I::gamma_up(static_cast<double>(rows + k_tiles - 1 + host_adds), u),
                             I::gamma_up(static_cast<double>(terms), u));
  return I::add_up(I::mul_up(g, magnitude), static_cast<double>(roundings) * 0x1p-149);
}

Result<TargetRun> run_on_target(const CertifiedGraph& g, const Target& t, const RunOptions& opts) {
  RunOptions o = opts;
  o.precision = Precision::F32;
  TargetRun run;
  if (!t.systolic) {
    auto outs = run_graph(g, o);
    if (!outs) return outs.error();
    run.outputs = std::move(*outs);
    return run;
  }
  std::set<uint32_t> on_array, on_vector;
  for (const Placement& p : place(g.graph(), t).nodes) {
    if (p.device == Device::Array) on_array.insert(p.node.index);
    if (p.device == Device::Vector) on_vector.insert(p.node.index);
  }
  run.vector_nodes = static_cast<int64_t>(on_vector.size());
  const Graph& graph = g.graph();
  auto override = [&](const Node& n, std::span<const Op> ops, std::vector<float>& out) {
    const NodeId id = graph.find(n.name);
    if (on_vector.count(id.index)) {
      // Elementwise: one IEEE operation per element, the semantics' formula (no order to
      // differ). A reduction: the unit's rows on its lanes, compared bit for bit with the
      // semantics' on the same operands.
      sem::FloatDomain<float> d;
      sem::eval_node(d, n.op, n.attrs, ops, n.type.shape, out);
      if (vector_op(n.op) != VectorOp::ReduceLast) return true;
      const int64_t len = ops[0].shape->back(), rows = num_elements(n.type.shape);
      const std::vector<float> unit =
          vector_reduce_last(t.vector_lanes, n.op, ops[0].data, rows, len);
      run.layers.push_back({n.name, 0, 0, 0, Device::Vector});
      check_exact(run.layers.back(), unit,
                  std::span<const float>(out.data() + out.size() - unit.size(), unit.size()));
      std::copy(unit.begin(), unit.end(), out.end() - static_cast<std::ptrdiff_t>(unit.size()));
      return true;
    }
    if (!on_array.count(id.index)) return false;
    run.layers.push_back({n.name, 0, 0, 0});
    const std::vector<float> acc = ArrayLayer(*t.systolic, n, ops, run.layers.back()).run();
    sem::FloatDomain<float> d;
    // The node's value from the array's sums, through the semantics' own epilogue.
    auto sums = [&](int64_t flat, const int64_t*) { return acc[static_cast<size_t>(flat)]; };
    switch (n.op) {
      case OpKind::MatMul: out.insert(out.end(), acc.begin(), acc.end()); break;
      case OpKind::Gemm: sem::eval_gemm(d, n.attrs, ops, n.type.shape, out, {}, sums); break;
      case OpKind::Conv2dTranspose:
        sem::eval_conv2d_transpose(d, ops, n.type.shape, out, sums);
        break;
      default: sem::eval_reduction(d, n.op, n.attrs, ops, n.type.shape, out, {}, sums);
    }
    return true;
  };
  auto int_override = [&](const Node& n, std::span<const sem::Operand<int64_t>> ops,
                          std::vector<int64_t>& out) {
    const NodeId id = graph.find(n.name);
    if (!on_array.count(id.index)) return false;
    run.layers.push_back({n.name, 0, 0, 0});
    out = int8_array_layer(*t.systolic, n, ops, run.layers.back());
    return true;
  };
  auto outs = run_graph_f32_with(g, o, override, int_override);
  if (!outs) return outs.error();
  run.outputs = std::move(*outs);
  return run;
}

}  // namespace vf::target
