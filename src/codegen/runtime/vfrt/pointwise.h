// vfrt/pointwise.h — the elementwise kernels: unary and binary operators with broadcast,
// fused pointwise chains, reductions, normalisations and softmax.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

// ---------------------------------------------------------------------------------------
// Elementwise

/// Binary operators.
enum class Bin : int { Add, Sub, Mul, Div, Min, Max };
/// Unary operators.
enum class Un : int {
  Neg,
  Sqrt,
  Rsqrt,
  Relu,
  LeakyRelu,
  Clip,
  Sigmoid,
  HardSigmoid,
  HardSwish,
  Exp,
  Log,
  Tanh,
  Erf,
  Softplus,
  GeluErf,
  GeluTanh,
  Silu,
  Mish
};

/// softplus as vfuse's scalar_ops.h writes it (exp_s, libm's logf; exp's argument <= 0).
inline float softplus_s(float x) {
  return 0.f < x ? x + std::log(1.f + exp_s(-x)) : std::log(1.f + exp_s(x));
}
/// a OP b for floats and (lane-wise, the same operations) for vectors.
template <Bin OP, class T>
inline T bin_s(T a, T b) {
  if constexpr (OP == Bin::Add) return a + b;
  if constexpr (OP == Bin::Sub) return a - b;
  if constexpr (OP == Bin::Mul) return a * b;
  if constexpr (OP == Bin::Div) return a / b;
  if constexpr (OP == Bin::Min) return a < b ? a : b;
  if constexpr (OP == Bin::Max) return b < a ? a : b;
  return a;
}

/// The fused activation an elementwise unary operator is (Act::None when it is none).
constexpr Act act_of(Un op) {
  switch (op) {
    case Un::Relu: return Act::Relu;
    case Un::LeakyRelu: return Act::LeakyRelu;
    case Un::Clip: return Act::Clip;
    case Un::Sigmoid: return Act::Sigmoid;
    case Un::HardSigmoid: return Act::HardSigmoid;
    case Un::HardSwish: return Act::HardSwish;
    case Un::Silu: return Act::Silu;
    case Un::Mish: return Act::Mish;
    case Un::GeluErf: return Act::Gelu;
    case Un::GeluTanh: return Act::GeluTanh;
    default: return Act::None;
  }
}

template <Un OP>
inline float un_s(float x, float alpha, float beta) {
  if constexpr (act_of(OP) != Act::None) return act_s<act_of(OP)>(x, alpha, beta);
  if constexpr (OP == Un::Neg) return -x;
  if constexpr (OP == Un::Sqrt) return std::sqrt(x);
  if constexpr (OP == Un::Rsqrt) return 1.f / std::sqrt(x);
  if constexpr (OP == Un::Exp) return exp_s(x);
  if constexpr (OP == Un::Log) return std::log(x);
  if constexpr (OP == Un::Tanh) return tanh_s(x);
  if constexpr (OP == Un::Erf) return erf_s(x);
  if constexpr (OP == Un::Softplus) return softplus_s(x);
  return x;
}

/// un_s lane by lane (the activations' vector forms, the same operations).
template <Un OP>
inline vec un_v(vec x, float alpha, float beta) {
  if constexpr (OP == Un::GeluErf) {  // inline in a pointwise loop (act_v calls out of line)
    return gelu_erf_v(x, alpha, beta);
  } else if constexpr (OP == Un::GeluTanh) {
    return gelu_tanh_v(x, alpha, beta);
  } else if constexpr (act_of(OP) != Act::None) {
    return act_v<act_of(OP)>(x, alpha, beta);
  } else if constexpr (OP == Un::Exp) {
    return exp_v(x);
  } else if constexpr (OP == Un::Erf) {
    return erf_v(x);
  } else if constexpr (OP == Un::Tanh) {
    return tanh_v(x);
  } else {
    for (int i = 0; i < VL; ++i) x[i] = un_s<OP>(x[i], alpha, beta);
    return x;
  }
}

/// Reductions (vfuse's reduce_mean, reduce_sum, reduce_max, reduce_l2).
enum class Red : int { Sum, Mean, Max, L2 };

/// y[o] reduces x[base(o) + inner(k)], k = 0 .. count - 1, in that order, as vfuse's
/// tensor_ops.h reduce_at: base(o) = base[o] (o * count when base is null), inner(k) =
/// inner[k] (k when null).
/// Independent outputs go together, each still combined in its own order: VL outputs
/// whose elements are adjacent in memory (base[o + l] = base[o] + l, a reduction over
/// leading or middle axes) in the lanes of one vector; outputs over trailing axes (no
/// tables) in blocks of 8 interleaved chains.
template <Red OP>
void reduce(const float* x, float* y, int64_t n, const int64_t* base, int64_t count,
            const int64_t* inner) {
  auto combine = [](auto acc, auto t) {
    if constexpr (OP == Red::Max)
      return acc < t ? t : acc;
    else
      return acc + t;
  };
  int64_t o0 = 0;
  if (count > 0 && base) {
    for (; o0 + VL <= n; o0 += VL) {
      bool adjacent = true;
      for (int l = 1; l < VL; ++l) adjacent = adjacent && base[o0 + l] == base[o0] + l;
      if (!adjacent) break;
      const float* r = x + base[o0];
      auto term = [&](int64_t k) {
        const vec v = load(r + (inner ? inner[k] : k));
        if constexpr (OP == Red::L2) return v * v;
        return v;
      };
      vec acc = term(0);
      for (int64_t k = 1; k < count; ++k) acc = combine(acc, term(k));
      if constexpr (OP == Red::Mean) acc = acc / splat(static_cast<float>(count));
      if constexpr (OP == Red::L2)
        for (int l = 0; l < VL; ++l) acc[l] = std::sqrt(acc[l]);
      store(y + o0, acc);
    }
  } else if (count > 0 && !inner) {
    constexpr int B = 8;
    for (; o0 + B <= n; o0 += B) {
      const float* r = x + o0 * count;
      auto term = [&](int l, int64_t k) {
        const float v = r[l * count + k];
        if constexpr (OP == Red::L2) return v * v;
        return v;
      };
      float acc[B];
      for (int l = 0; l < B; ++l) acc[l] = term(l, 0);
      for (int64_t k = 1; k < count; ++k)
        for (int l = 0; l < B; ++l) acc[l] = combine(acc[l], term(l, k));
      for (int l = 0; l < B; ++l) {
        if constexpr (OP == Red::Mean) acc[l] = acc[l] / static_cast<float>(count);
        if constexpr (OP == Red::L2) acc[l] = std::sqrt(acc[l]);
        y[o0 + l] = acc[l];
      }
    }
  }
  for (int64_t o = o0; o < n; ++o) {
    const float* r = x + (base ? base[o] : o * count);
    auto term = [&](int64_t k) {
      const float v = r[inner ? inner[k] : k];
      if constexpr (OP == Red::L2) return v * v;
      return v;
    };
    float acc = count == 0 ? (OP == Red::Max ? -INFINITY : 0.f) : term(0);
    for (int64_t k = 1; k < count; ++k) acc = combine(acc, term(k));
    if constexpr (OP == Red::Mean) acc = acc / static_cast<float>(count);
    if constexpr (OP == Red::L2) acc = std::sqrt(acc);
    y[o] = acc;
  }
}

/// layer_norm (beta given) / rms_norm (beta null) of `outer` rows of `len` floats, as
/// vfuse's tensor_ops.h norm_row / norm_at: sums in order, then per element
/// (x - mean) / denom * gamma + beta. The sums of VL rows run in the lanes of one vector
/// (detail::for_columns, each row in its own order); the elements go by vectors. Blocks of
/// VL rows go to the threads. (One pass per row would change the order: the interpreter
/// sums (x - mean)^2 after the mean, so the rows are read three times, VL at once.)
inline void norm_rows(const float* x, const float* gamma, const float* beta, float* y,
                      int64_t outer, int64_t len, float eps) {
  if (len <= 0) return;
  const vec n = splat(static_cast<float>(len));
  const int64_t blocks = (outer + VL - 1) / VL;
  parallel_for(blocks, VL * len * 4, outer * len >= (int64_t{1} << 16), [&](int64_t b) {
    const int64_t r0 = b * VL;
    const int rows = static_cast<int>(std::min<int64_t>(VL, outer - r0));
    const float* xb = x + r0 * len;
    vec mean = splat(0.f);
    bool first = true;
    if (beta) {
      vec s = splat(0.f);
      detail::for_columns(xb, len, rows, len, [&](vec c) {
        s = first ? c : s + c;
        first = false;
      });
      mean = s / n;
    }
    vec ss = splat(0.f);
    first = true;
    detail::for_columns(xb, len, rows, len, [&](vec c) {
      const vec dv = beta ? c - mean : c;
      const vec sq = dv * dv;
      ss = first ? sq : ss + sq;
      first = false;
    });
    vec denom = ss / n + splat(eps);
    for (int l = 0; l < VL; ++l) denom[l] = std::sqrt(denom[l]);
    for (int l = 0; l < rows; ++l) {
      const float* xr = xb + l * len;
      float* yr = y + (r0 + l) * len;
      const vec m = splat(mean[l]), d = splat(denom[l]);
      auto row = [&](int64_t j, int w) {
        const vec xv = w == VL ? load(xr + j) : load_partial(xr + j, w);
        const vec g = w == VL ? load(gamma + j) : load_partial(gamma + j, w);
        vec v = (beta ? xv - m : xv) / d * g;
        if (beta) v = v + (w == VL ? load(beta + j) : load_partial(beta + j, w));
        if (w == VL)
          store(yr + j, v);
        else
          store_partial(yr + j, v, w);
      };
      int64_t j = 0;
      for (; j + VL <= len; j += VL) row(j, VL);
      if (j < len) row(j, static_cast<int>(len - j));
    }
  });
}

/// Up to 6 dimensions.
inline constexpr int MAXR = 6;

/// A broadcast binary op: output dims (collapsed by the emitter) and each operand's
/// strides (0 along broadcast dimensions).
struct Bcast {
  int rank;
  int64_t dims[MAXR];
  int64_t sa[MAXR];
  int64_t sb[MAXR];
};

namespace detail {
template <Bin OP, Bcast B, int D, class T>
inline void binary_rec(const T* a, const T* b, T* y) {
  constexpr int64_t n = B.dims[D];
  if constexpr (D == B.rank - 1) {
    constexpr int64_t sa = B.sa[D], sb = B.sb[D];
    for (int64_t i = 0; i < n; ++i) y[i] = bin_s<OP>(a[i * sa], b[i * sb]);
  } else {
    int64_t inner = 1;
    for (int k = D + 1; k < B.rank; ++k) inner *= B.dims[k];
    for (int64_t i = 0; i < n; ++i)
      binary_rec<OP, B, D + 1>(a + i * B.sa[D], b + i * B.sb[D], y + i * inner);
  }
}
}  // namespace detail

/// y = a OP b with numpy broadcasting; y may be a (in place). T: float, or an integer type
/// for minimum / maximum (exact).
template <Bin OP, Bcast B, class T>
void binary(const T* a, const T* b, T* y) {
  detail::binary_rec<OP, B, 0>(a, b, y);
}

/// How a stage of a pointwise chain reads its other operand: not at all (unary), one
/// value, element for element, or one value per row (row r reads element r % period).
enum class PwRead : int { None, Scalar, Full, Row };

/// One stage of a fused pointwise chain (vfuse's lir::Stage): the unary operator `op`
/// (Un, with alpha / beta) or the binary operator `op` (Bin) of the running value and the
/// operand, the running value first or second.
struct PwStage {
  bool binary = false;
  int op = 0;
  float alpha = 0, beta = 0;
  PwRead read = PwRead::None;
  bool value_first = true;
  int64_t period = 1;
};

/// Stages of one pointwise call (longer chains are several calls, in place).
inline constexpr int kPwStages = 12;

/// A pointwise chain over n elements in rows of `row` (the last may be shorter).
struct Pw {
  int64_t n = 0, row = 1;
  int count = 0;
  PwStage s[kPwStages] = {};
};

namespace detail {
/// The stages S.. of P on the vector v of elements [i, i + len) (len <= VL lanes valid).
template <Pw P, int S>
inline vec pw_apply(vec v, const float* const* arg, const float* rowv, int64_t i, int len) {
  if constexpr (S == P.count) {
    return v;
  } else {
    constexpr PwStage st = P.s[S];
    if constexpr (!st.binary) {
      v = un_v<static_cast<Un>(st.op)>(v, st.alpha, st.beta);
    } else {
      vec w;
      if constexpr (st.read == PwRead::Full)
        w = len == VL ? load(arg[S] + i) : load_partial(arg[S] + i, len);
      else
        w = splat(rowv[S]);
      constexpr Bin op = static_cast<Bin>(st.op);
      v = st.value_first ? bin_s<op>(v, w) : bin_s<op>(w, v);
    }
    return pw_apply<P, S + 1>(v, arg, rowv, i, len);
  }
}

template <Pw P>
inline void pw_row(const float* x, float* y, const float* const* arg, int64_t r) {
  float rowv[kPwStages];
  for (int k = 0; k < P.count; ++k)
    if (P.s[k].read == PwRead::Scalar || P.s[k].read == PwRead::Row)
      rowv[k] = arg[k][P.s[k].read == PwRead::Row ? r % P.s[k].period : 0];
  const int64_t b = r * P.row, e = std::min(P.n, b + P.row);
  int64_t i = b;
  for (; i + VL <= e; i += VL) store(y + i, pw_apply<P, 0>(load(x + i), arg, rowv, i, VL));
  if (i < e) {
    const int len = static_cast<int>(e - i);
    store_partial(y + i, pw_apply<P, 0>(load_partial(x + i, len), arg, rowv, i, len), len);
  }
}
}  // namespace detail

/// A fused chain of pointwise operators, y = s_k(..s_1(s_0(x))), one pass over the data,
/// each stage rounding to float as the operator alone does; arg[k] is stage k's operand
/// (null for a unary one). y may be x, and a full operand may be y (element for element).
template <Pw P>
void pointwise(const float* x, float* y, const float* const* arg) {
  constexpr int64_t rows = P.row > 0 ? (P.n + P.row - 1) / P.row : 0;
  parallel_for(rows, P.row, P.n >= (int64_t{1} << 16),
               [&](int64_t r) { detail::pw_row<P>(x, y, arg, r); });
}

/// bias_add: y[o][c][i] = x[o][c][i] + b[c] over [outer, C, inner].
inline void bias_add(const float* x, const float* b, float* y, int64_t outer, int64_t C,
                     int64_t inner) {
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t c = 0; c < C; ++c) {
      const int64_t base = (o * C + c) * inner;
      const float bc = b[c];
      for (int64_t i = 0; i < inner; ++i) y[base + i] = x[base + i] + bc;
    }
}

/// batch_norm over [outer, C, inner]: (x - mean) / sqrt(var + eps) * gamma + beta.
inline void batch_norm(const float* x, const float* gamma, const float* beta, const float* mean,
                       const float* var, float* y, int64_t outer, int64_t C, int64_t inner,
                       float eps, bool scale, bool center) {
  // Large ones shared by (outer, channel) between the threads (the same values).
  parallel_for(outer * C, inner, outer * C * inner >= (int64_t{1} << 16), [&](int64_t oc) {
    const int64_t c = oc % C, base = oc * inner;
    const float m = mean[c], s = std::sqrt(var[c] + eps), g = gamma[c], bt = beta[c];
    for (int64_t i = 0; i < inner; ++i) {
      float v = (x[base + i] - m) / s;
      if (scale) v = v * g;
      if (center) v = v + bt;
      y[base + i] = v;
    }
  });
}

namespace detail {
/// The max of row x[0 .. len) as the interpreter takes it (m = maximum(x[j], m) from
/// m = x[0]: a NaN x[0] is the result, later NaNs are passed over), on vectors: each lane
/// keeps the max of its elements, then the lanes are combined. The value is the
/// interpreter's; only the sign of a zero max may differ (+0 and -0 tie), and x - m then
/// differs only in the sign of a zero, whose exp is 1 either way.
inline float softmax_row_max(const float* x, int64_t len) {
  float m = x[0];
  int64_t j = 0;
  if (len >= VL) {
    vec mv = splat(m);
    for (; j + VL <= len; j += VL) {
      const vec v = load(x + j);
      mv = select(mv < v, v, mv);
    }
    for (int l = 0; l < VL; ++l) m = m < mv[l] ? mv[l] : m;
  }
  for (; j < len; ++j) m = m < x[j] ? x[j] : m;
  return m;
}

/// exp(x[j] - m) into y[j], j < len, on vectors (exp_v equals exp_s lane by lane).
inline void softmax_row_exps(const float* x, float* y, int64_t len, float m) {
  int64_t j = 0;
  for (; j + VL <= len; j += VL) store(y + j, exp_v(load(x + j) - splat(m)));
  if (j < len) {
    const int w = static_cast<int>(len - j);
    store_partial(y + j, exp_v(load_partial(x + j, w) - splat(m)), w);
  }
}

/// y[j] / s, j < len, on vectors.
inline void softmax_row_divide(float* y, int64_t len, float s) {
  int64_t j = 0;
  for (; j + VL <= len; j += VL) store(y + j, load(y + j) / splat(s));
  if (j < len) {
    const int w = static_cast<int>(len - j);
    store_partial(y + j, load_partial(y + j, w) / splat(s), w);
  }
}
}  // namespace detail

/// softmax over [outer, len, inner] along len, as the interpreter: the max, then the sum
/// of exp(x - max) in order from +0, then one division per element. Each exp(x - max) is
/// computed once and kept in y until the division (the interpreter computes it twice, the
/// same float both times). y is not x.
/// Over the last axis (inner = 1), VL rows at a time: per row the max, the exps and the
/// divisions on vectors (detail::softmax_row_*); the VL rows' sums in the lanes of one
/// vector (detail::for_columns over the exps), each row's in its own order, so the
/// result is the interpreter's bit for bit. Blocks of rows go to the threads.
inline void softmax(const float* x, float* y, int64_t outer, int64_t len, int64_t inner) {
  if (len <= 0) return;
  if (inner == 1) {
    const int64_t blocks = (outer + VL - 1) / VL;
    parallel_for(blocks, VL * len * 40, outer * len >= (int64_t{1} << 15), [&](int64_t b) {
      const int64_t r0 = b * VL;
      const int rows = static_cast<int>(std::min<int64_t>(VL, outer - r0));
      for (int l = 0; l < rows; ++l) {
        const float* xr = x + (r0 + l) * len;
        detail::softmax_row_exps(xr, y + (r0 + l) * len, len, detail::softmax_row_max(xr, len));
      }
      vec s = splat(0.f);
      detail::for_columns(y + r0 * len, len, rows, len, [&](vec c) { s = s + c; });
      for (int l = 0; l < rows; ++l) detail::softmax_row_divide(y + (r0 + l) * len, len, s[l]);
    });
    return;
  }
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      const float* xr = x + o * len * inner + i;
      float* yr = y + o * len * inner + i;
      float m = xr[0];
      for (int64_t j = 1; j < len; ++j) m = m < xr[j * inner] ? xr[j * inner] : m;
      float s = 0.f;
      for (int64_t j = 0; j < len; ++j) {
        const float e = exp_s(xr[j * inner] - m);
        yr[j * inner] = e;
        s = s + e;
      }
      for (int64_t j = 0; j < len; ++j) yr[j * inner] = yr[j * inner] / s;
    }
}

}  // namespace vfrt
