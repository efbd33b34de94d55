// vfrt.h — the kernel library of vfuse's emitted code (float32, NCHW).
//
// Self-contained: it includes only the C++ standard library (and <immintrin.h> when the
// target has AVX2 / AVX-512), because it is copied next to every emitted model.cpp so that
// a user builds the model without vfuse; the one vfuse header it includes,
// semantics/exp32.h (the semantics' exp in float), is inlined into that copy
// (src/codegen/CMakeLists.txt). The exact meaning of every operator is vfuse's
// src/semantics/; this file implements it, and docs/codegen.md says where it rounds
// differently (only the sums of conv2d / dense, which are reassociated and use FMA).
//
// Shape specialisation: the hot kernels are templates on a constexpr struct (a C++20
// class-type template argument), so every layer gets its own instance with constant loop
// bounds, strides and tap offsets, e.g. `conv2d<Conv{...}, Epi{...}>(...)`.
//
// Vectors: GCC/Clang vector extensions of VL floats, VL = 16 with AVX-512F, 8 with AVX2,
// 4 otherwise (SSE2 is the x86-64 baseline; elsewhere the compiler lowers the vectors).
// Fused multiply-add through intrinsics where the target has FMA; elsewhere a*b + c.
//
// Convolution (docs/codegen.md has the picture): the input of one sample is copied into
// a zero-padded, stride-phase-split buffer xq[c][phase_h][phase_w][Hq][Wq] (skipped for
// unpadded 1x1 stride-1 convs), so that every tap (kh, kw) of every output pixel is a
// contiguous load at a constant offset. Output pixels are numbered on a "wide" grid
// p = oh * Wq + ow (ow < Wq, the columns ow >= OW are computed and dropped), which lets a
// register tile span several short rows. The micro-kernel keeps R = 8 output channels x
// NV vectors of pixels in registers, broadcasting one packed weight per channel per step;
// the epilogue is applied to the accumulators before the store.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "semantics/exp32.h"  // inlined into the emitted copy

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

/// Threads of the OpenMP loops (the emitted model.cpp defines it; used only with -fopenmp).
#ifndef VFRT_THREADS
#define VFRT_THREADS 1
#endif
#if defined(_OPENMP) && VFRT_THREADS > 1
#include <omp.h>
#endif
#ifdef VFRT_SHARE_LATE_US
#include <chrono>
#include <thread>
#endif

namespace vfrt {

// ---------------------------------------------------------------------------------------
// Work sharing

/// This thread's number in the enclosing parallel region (0 outside one, or without OpenMP).
inline int thread_num() {
#if defined(_OPENMP) && VFRT_THREADS > 1
  return omp_get_thread_num();
#else
  return 0;
#endif
}

/// Items [0, n) shared by the threads of a parallel region so that a thread the host slows
/// down (another process on its core) delays the region by about one claim, not by its whole
/// share. The items are cut into VFRT_THREADS contiguous ranges as schedule(static) cuts
/// them: thread th takes its own range's items in order (on an idle machine, exactly the
/// items and the locality static scheduling gives it), then whatever is left of the other
/// ranges. Each item is claimed by one relaxed fetch_add on its range's counter (a line of its
/// own), so it runs exactly once, on whichever thread claims it: an item's result must not
/// depend on the thread, and per-thread scratch must not carry anything from one item to the
/// next that the item does not rebuild. Constructed before the region (the counters are
/// shared), run() called by every thread of it; with a team of one, thread 0 runs every item
/// in order. run() has no barrier at its end: put one where a later phase reads the items'
/// results. A claim takes `grain` items (share_grain: small items would spend their time on
/// the counters, whose line moves between the cores once threads help each other). Tests
/// define VFRT_SHARE_LATE_US: every thread but 0 then starts each run() that many
/// microseconds late, so thread 0 takes items of the others' ranges.
class Share {
 public:
  explicit Share(int64_t n, int64_t grain = 1) : n_(n), grain_(grain > 0 ? grain : 1) {
    for (int r = 0; r < kT; ++r) next_[r].v.store(begin(r), std::memory_order_relaxed);
  }
  Share(const Share&) = delete;
  Share& operator=(const Share&) = delete;

  template <class F>
  void run(F&& f) {
    const int th = thread_num();
#ifdef VFRT_SHARE_LATE_US
    if (th != 0) std::this_thread::sleep_for(std::chrono::microseconds(VFRT_SHARE_LATE_US));
#endif
    // One call site of f (the kernels' bodies are large).
    for (int k = 0, r = th % kT; k < kT;) {
      const int64_t i0 = next_[r].v.fetch_add(grain_, std::memory_order_relaxed);
      const int64_t end = begin(r + 1);
      if (i0 >= end) {
        ++k, r = (r + 1) % kT;
        continue;
      }
      for (int64_t i = i0; i < std::min(i0 + grain_, end); ++i) f(i);
    }
  }

 private:
  static constexpr int kT = VFRT_THREADS;
  int64_t begin(int r) const { return n_ * r / kT; }
  struct alignas(64) Slot {
    std::atomic<int64_t> v;
  };
  int64_t n_, grain_;
  Slot next_[kT];
};

/// Items per claim of a Share whose items each do about `work` multiply-adds (or float
/// copies): claims of at least 2^16, a microsecond or more.
constexpr int64_t share_grain(int64_t work) {
  constexpr int64_t kClaim = int64_t{1} << 16;
  return work >= kClaim ? 1
                        : (kClaim + std::max<int64_t>(work, 1) - 1) / std::max<int64_t>(work, 1);
}

/// f(i) for i in [0, n), each item about `work` multiply-adds: on VFRT_THREADS threads
/// sharing the items (Share) when `par` (a parallel region costs microseconds), else on
/// this one, in order.
template <class F>
inline void parallel_for(int64_t n, int64_t work, bool par, F&& f) {
  Share items(n, share_grain(work));
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp parallel num_threads(VFRT_THREADS) if (par)
#endif
  items.run(f);
  (void)par;
}

// ---------------------------------------------------------------------------------------
// Vectors

#if defined(__AVX512F__)
inline constexpr int VL = 16;
#elif defined(__AVX2__)
inline constexpr int VL = 8;
#else
inline constexpr int VL = 4;
#endif
/// The largest VL of any target (AVX-512): scratch sized with it fits every build.
inline constexpr int kMaxVL = 16;
static_assert(VL <= kMaxVL);
/// VL floats.
typedef float vec __attribute__((vector_size(VL * sizeof(float))));
/// VL int32 lanes (comparison results).
typedef int32_t ivec __attribute__((vector_size(VL * sizeof(int32_t))));

inline vec load(const float* p) {
  vec v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store(float* p, vec v) { std::memcpy(p, &v, sizeof v); }
/// x in every lane (a broadcast; `vec{} + x` would cost an add and turn -0 into +0).
inline vec splat(float x) {
#if defined(__AVX512F__)
  return (vec)_mm512_set1_ps(x);
#elif defined(__AVX2__)
  return (vec)_mm256_set1_ps(x);
#else
  vec v;
  for (int i = 0; i < VL; ++i) v[i] = x;
  return v;
#endif
}

/// The first n lanes of p (0 < n <= VL), zeros after; never touches p[n..].
inline vec load_partial(const float* p, int n) {
#if defined(__AVX512F__)
  return (vec)_mm512_maskz_loadu_ps(static_cast<__mmask16>((1u << n) - 1u), p);
#else
  vec v = vec{};
  std::memcpy(&v, p, static_cast<size_t>(n) * sizeof(float));
  return v;
#endif
}
/// Stores the first n lanes of v to p (0 < n <= VL).
inline void store_partial(float* p, vec v, int n) {
#if defined(__AVX512F__)
  _mm512_mask_storeu_ps(p, static_cast<__mmask16>((1u << n) - 1u), (__m512)v);
#else
  std::memcpy(p, &v, static_cast<size_t>(n) * sizeof(float));
#endif
}

/// a * b + c, one rounding where the target has FMA.
inline vec fmadd(vec a, vec b, vec c) {
#if defined(__AVX512F__)
  return (vec)_mm512_fmadd_ps((__m512)a, (__m512)b, (__m512)c);
#elif defined(__AVX2__) && defined(__FMA__)
  return (vec)_mm256_fmadd_ps((__m256)a, (__m256)b, (__m256)c);
#else
  return a * b + c;
#endif
}

/// The even lanes of a, then those of b: (a0, a2, .., b0, b2, ..).
inline vec even_lanes(vec a, vec b) {
#if defined(__AVX512F__)
  const __m512i idx = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  return (vec)_mm512_permutex2var_ps((__m512)a, idx, (__m512)b);
#else
  vec r;
  for (int i = 0; i < VL / 2; ++i) r[i] = a[2 * i], r[VL / 2 + i] = b[2 * i];
  return r;
#endif
}

/// a and b interleaved: lo = (a0, b0, a1, b1, ..) over the first half of the lanes, hi the
/// same over the second half.
inline void interleave(vec a, vec b, vec& lo, vec& hi) {
#if defined(__AVX512F__)
  const __m512i il = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const __m512i ih =
      _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  lo = (vec)_mm512_permutex2var_ps((__m512)a, il, (__m512)b);
  hi = (vec)_mm512_permutex2var_ps((__m512)a, ih, (__m512)b);
#else
  for (int i = 0; i < VL / 2; ++i) {
    lo[2 * i] = a[i], lo[2 * i + 1] = b[i];
    hi[2 * i] = a[VL / 2 + i], hi[2 * i + 1] = b[VL / 2 + i];
  }
#endif
}

/// c ? a : b lane-wise.
inline vec select(ivec c, vec a, vec b) { return c ? a : b; }

/// VL doubles and VL uint64s (exp_v's working precision).
typedef double dvec __attribute__((vector_size(VL * sizeof(double))));
typedef uint64_t uvec __attribute__((vector_size(VL * sizeof(uint64_t))));
/// The semantics' exp lane by lane: vfexp::exp_f32's operations on vectors, so each lane
/// equals exp_s (and the interpreter) bit for bit.
inline vec exp_v(vec x) { return vfexp::exp_f32_vec<vec, dvec, uvec>(x); }
/// The semantics' exp in float (exp32.h).
inline float exp_s(float x) { return vfexp::exp_f32(x); }

/// v with every infinite lane made NaN (v - v is 0 in every finite lane, NaN otherwise).
inline vec infinite_to_nan(vec v) {
  const vec z = v - v;
  return select(z == z, v, z);
}

/// Whether some lane of v is NaN or +-inf.
inline bool any_non_finite(vec v) {
  const vec z = v - v;
#if defined(__AVX512F__)
  return _mm512_cmp_ps_mask((__m512)z, (__m512)z, _CMP_UNORD_Q) != 0;
#elif defined(__AVX2__)
  return _mm256_movemask_ps(_mm256_cmp_ps((__m256)z, (__m256)z, _CMP_UNORD_Q)) != 0;
#else
  const ivec ordered = z == z;
  int all = -1;
  for (int i = 0; i < VL; ++i) all &= ordered[i];
  return all == 0;
#endif
}

// ---------------------------------------------------------------------------------------
// Activations, exactly as vfuse's scalar_ops.h (NaN passes through relu, leaky_relu,
// clip, hard_sigmoid as written there).

/// The activation of a fused epilogue (same order as vfuse's Activation).
enum class Act : int { None, Relu, LeakyRelu, Clip, Sigmoid, HardSigmoid, HardSwish, Silu, Mish };

/// A fused epilogue: y = act(((acc + bias[c]) * scale[c] + shift[c]) + residual[i]),
/// each part present when its flag is set; alpha / beta are the activation's parameters
/// (leaky_relu alpha; clip min / max; hard_sigmoid alpha / beta), rounded to float as the
/// f32 interpreter rounds them.
struct Epi {
  bool bias = false, scale = false, shift = false, residual = false;
  Act act = Act::None;
  float alpha = 0, beta = 0;
};

/// The epilogue's operands (null when absent): per-channel bias / scale / shift, and the
/// residual, read at the output's own index.
struct EpiArgs {
  const float* bias = nullptr;
  const float* scale = nullptr;
  const float* shift = nullptr;
  const float* residual = nullptr;
};

inline float clip_s(float x, float lo, float hi) { return x < lo ? lo : (hi < x ? hi : x); }
inline float softplus_s(float x);

template <Act A>
inline float act_s(float x, float alpha, float beta) {
  if constexpr (A == Act::None) return x;
  if constexpr (A == Act::Relu) return x < 0.f ? 0.f : x;
  if constexpr (A == Act::LeakyRelu) return x < 0.f ? alpha * x : x;
  if constexpr (A == Act::Clip) return clip_s(x, alpha, beta);
  if constexpr (A == Act::Sigmoid) return 1.f / (1.f + exp_s(-x));
  if constexpr (A == Act::HardSigmoid) return clip_s(alpha * x + beta, 0.f, 1.f);
  if constexpr (A == Act::HardSwish) return x * clip_s(x + 3.f, 0.f, 6.f) / 6.f;
  if constexpr (A == Act::Silu) return x * (1.f / (1.f + exp_s(-x)));
  if constexpr (A == Act::Mish) return x * std::tanh(softplus_s(x));
  return x;
}

inline vec clip_v(vec x, vec lo, vec hi) { return select(x < lo, lo, select(hi < x, hi, x)); }

template <Act A>
inline vec act_v(vec x, float alpha, float beta) {
  if constexpr (A == Act::None) return x;
  if constexpr (A == Act::Relu) return select(x < splat(0.f), splat(0.f), x);
  if constexpr (A == Act::LeakyRelu) return select(x < splat(0.f), splat(alpha) * x, x);
  if constexpr (A == Act::Clip) return clip_v(x, splat(alpha), splat(beta));
  if constexpr (A == Act::Sigmoid || A == Act::Silu) {
    const vec sg = splat(1.f) / (splat(1.f) + exp_v(-x));
    return A == Act::Sigmoid ? sg : x * sg;
  }
  if constexpr (A == Act::HardSigmoid)
    return clip_v(splat(alpha) * x + splat(beta), splat(0.f), splat(1.f));
  if constexpr (A == Act::HardSwish)
    return x * clip_v(x + splat(3.f), splat(0.f), splat(6.f)) / splat(6.f);
  if constexpr (A == Act::Mish) {
    for (int i = 0; i < VL; ++i) x[i] = act_s<A>(x[i], alpha, beta);  // libm's tanhf, logf
    return x;
  }
  return x;
}

/// The per-channel part of the epilogue (bias, scale, shift) for channel c.
template <Epi E>
inline vec epi_channel(vec acc, const EpiArgs& a, int64_t c) {
  if constexpr (E.bias) acc = acc + splat(a.bias[c]);
  if constexpr (E.scale) acc = acc * splat(a.scale[c]);
  if constexpr (E.shift) acc = acc + splat(a.shift[c]);
  return acc;
}
template <Epi E>
inline float epi_channel_s(float acc, const EpiArgs& a, int64_t c) {
  if constexpr (E.bias) acc = acc + a.bias[c];
  if constexpr (E.scale) acc = acc * a.scale[c];
  if constexpr (E.shift) acc = acc + a.shift[c];
  return acc;
}

/// The whole epilogue on one float in the semantics' order: channel c's bias, scale and
/// shift, the residual at `flat`, the activation.
template <Epi E>
inline float epilogue_s(float acc, const EpiArgs& a, int64_t c, int64_t flat) {
  acc = epi_channel_s<E>(acc, a, c);
  if constexpr (E.residual) acc = acc + a.residual[flat];
  return act_s<E.act>(acc, E.alpha, E.beta);
}

// ---------------------------------------------------------------------------------------
// Padded, stride-phase-split copies of NCHW planes (convolutions and pools).

/// Rank of phase `ph` among the phases (k * d) % s, k < K, that taps use; -1 if unused.
constexpr int phase_rank(int K, int d, int s, int ph) {
  int rank = 0;
  for (int q = 0; q < s; ++q) {
    bool used = false;
    for (int k = 0; k < K; ++k) used = used || (k * d) % s == q;
    if (q == ph) return used ? rank : -1;
    if (used) ++rank;
  }
  return -1;
}
/// Number of phases taps use along one axis.
constexpr int phase_count(int K, int d, int s) {
  int n = 0;
  for (int q = 0; q < s; ++q)
    if (phase_rank(K, d, s, q) >= 0) ++n;
  return n;
}

/// The window geometry of a conv / pool over one H x W plane.
struct Window {
  int H, W, OH, OW, KH, KW, sh, sw, pt, pl, dh, dw;
  /// Rows / columns of a phase plane: output rows plus the largest tap row shift.
  constexpr int Hq() const { return OH + ((KH - 1) * dh) / sh; }
  constexpr int Wq() const { return OW + ((KW - 1) * dw) / sw; }
  constexpr int nph() const { return phase_count(KH, dh, sh); }
  constexpr int npw() const { return phase_count(KW, dw, sw); }
  constexpr int64_t plane() const { return int64_t{Hq()} * Wq(); }
  /// Elements of one channel's phase planes.
  constexpr int64_t channel_stride() const { return int64_t{nph()} * npw() * plane(); }
  /// Offset of tap (kh, kw) from the wide pixel's own index, in a channel's planes.
  constexpr int64_t tap_offset(int kh, int kw) const {
    const int ph = (kh * dh) % sh, pw = (kw * dw) % sw;
    const int64_t pl_idx = int64_t{phase_rank(KH, dh, sh, ph)} * npw() + phase_rank(KW, dw, sw, pw);
    return pl_idx * plane() + int64_t{(kh * dh) / sh} * Wq() + (kw * dw) / sw;
  }
  /// Reads past a channel's planes that the last wide pixels can make (the dropped
  /// columns of the last row); the copy reserves and zeroes this much after the planes.
  /// `vl`: the vector length the kernels are built with (kMaxVL sizes for every target).
  constexpr int64_t slack(int vl = VL) const { return ((KW - 1) * dw) / sw + 5 * vl; }
};

/// The phases along one axis that taps use, in order; returns their number.
inline int used_phases(int K, int d, int s, int* out) {
  int n = 0;
  for (int q = 0; q < s && n < 64; ++q)
    if (phase_rank(K, d, s, q) >= 0) out[n++] = q;
  return n;
}

/// Phase plane (ph, pw) of channel plane xc into o (Hq x Wq): o[i][j] =
/// xc[i * sh + ph - pt][j * sw + pw - pl], `fill` outside the input. Only rows [i0, i1)
/// when given.
inline void pack_plane(const float* xc, float* o, const Window& w, int ph, int pw, float fill,
                       int i0 = 0, int i1 = -1, bool pad = true) {
  const int Hq = i1 < 0 ? w.Hq() : i1, Wq = w.Wq();
  // Columns j whose source column j * sw + pw - pl lies in [0, W).
  int j0 = 0;
  while (j0 < Wq && j0 * w.sw + pw - w.pl < 0) ++j0;
  int j1 = j0;
  while (j1 < Wq && j1 * w.sw + pw - w.pl < w.W) ++j1;
  o += int64_t{i0} * Wq;
  for (int i = i0; i < Hq; ++i, o += Wq) {
    const int ih = i * w.sh + ph - w.pt;
    if (ih < 0 || ih >= w.H) {
      if (pad) std::fill(o, o + Wq, fill);
      continue;
    }
    const float* xr = xc + int64_t{ih} * w.W + (j0 * w.sw + pw - w.pl);
    if (pad) std::fill(o, o + j0, fill);
    if (w.sw == 1) {
      std::memcpy(o + j0, xr, sizeof(float) * static_cast<size_t>(j1 - j0));
    } else if (w.sw == 2) {
      // Every other column: two loads and one shuffle per vector, while both loads stay
      // inside the row (never past the input), then one by one.
      const int avail = w.W - (j0 * 2 + pw - w.pl);  // source columns left in the row
      int j = j0;
      for (; j + VL <= j1 && 2 * (j - j0) + 2 * VL <= avail; j += VL) {
        const float* src = xr + 2 * (j - j0);
        store(o + j, even_lanes(load(src), load(src + VL)));
      }
      for (; j < j1; ++j) o[j] = xr[(j - j0) * 2];
    } else {
      for (int j = j0; j < j1; ++j) o[j] = xr[(j - j0) * w.sw];
    }
    if (pad) std::fill(o + j1, o + Wq, fill);
  }
}

/// Copies C planes x[c][H][W] into xq[c][phase_h][phase_w][Hq][Wq], xq[..][i][j] =
/// x[c][i * sh + phase_h - pt][j * sw + phase_w - pl], `fill` outside the input; then
/// zeroes w.slack() elements after the last plane (unless !zero_slack: a caller packing
/// channels one by one in parallel zeroes it once).
/// pad = false: only the places that hold input elements are written (the padding and the
/// slack are left as they are: a buffer whose padding was filled once is reused).
inline void pack_planes(const float* x, float* xq, int64_t C, const Window& w, float fill,
                        bool zero_slack = true, bool pad = true) {
  int phs_h[64], phs_w[64];
  const int nph = used_phases(w.KH, w.dh, w.sh, phs_h), npw = used_phases(w.KW, w.dw, w.sw, phs_w);
  float* o = xq;
  for (int64_t c = 0; c < C; ++c)
    for (int a = 0; a < nph; ++a)
      for (int b = 0; b < npw; ++b, o += w.plane())
        pack_plane(x + c * w.H * w.W, o, w, phs_h[a], phs_w[b], fill, 0, -1, pad);
  if (zero_slack && pad) std::fill(o, o + w.slack(), 0.f);
}

/// Rows [i0, i1) of every phase plane of pack_planes (no slack): threads that split a
/// layer by rows each copy their own band.
inline void pack_planes_rows(const float* x, float* xq, int64_t C, const Window& w, float fill,
                             int i0, int i1) {
  int phs_h[64], phs_w[64];
  const int nph = used_phases(w.KH, w.dh, w.sh, phs_h), npw = used_phases(w.KW, w.dw, w.sw, phs_w);
  float* o = xq;
  for (int64_t c = 0; c < C; ++c)
    for (int a = 0; a < nph; ++a)
      for (int b = 0; b < npw; ++b, o += w.plane())
        pack_plane(x + c * w.H * w.W, o, w, phs_h[a], phs_w[b], fill, i0, i1);
}

// ---------------------------------------------------------------------------------------
// conv2d / fused_conv2d

/// R: output channels of a register tile (and of a packed weight block).
inline constexpr int R = 8;
#if defined(__AVX512F__)
inline constexpr int NVMAX = 3;  // 8 x 3 zmm accumulators, 3 pixel vectors, 1 broadcast
#else
inline constexpr int NVMAX = 1;  // 8 accumulators: fits 16 ymm / xmm registers
#endif

/// A conv2d layer's shape: x [N, C, H, W], w [O, C / groups, KH, KW] (OIHW), y [N, O, OH,
/// OW]; strides, top / left padding, dilation (bottom / right padding is implied by OH /
/// OW: taps outside the input read 0).
struct Conv {
  int N, C, H, W, O, OH, OW, KH, KW, sh, sw, pt, pl, dh, dw, groups;
  constexpr int cin_g() const { return C / groups; }
  constexpr int cout_g() const { return O / groups; }
  constexpr int taps() const { return KH * KW; }
  /// Depthwise: one input channel per group and one output channel per input channel.
  constexpr bool depthwise() const { return groups == C && O == C && groups > 1; }
  constexpr Window window() const { return Window{H, W, OH, OW, KH, KW, sh, sw, pt, pl, dh, dw}; }
  /// The input is read in place only by unpadded 1x1 stride-1 convs.
  constexpr bool packs_input() const {
    return !(KH == 1 && KW == 1 && sh == 1 && sw == 1 && pt == 0 && pl == 0 && OH == H && OW == W);
  }
  /// Output-channel blocks of R per group.
  constexpr int blocks() const { return (cout_g() + R - 1) / R; }
};

/// Floats of the packed weights of `s` (see pack_conv2d).
inline int64_t conv2d_packed_elements(const Conv& s) {
  if (s.depthwise()) return int64_t{s.O} * s.taps();
  return int64_t{s.groups} * s.blocks() * R * s.cin_g() * s.taps();
}

/// Packs OIHW weights for conv2d<s>: depthwise, as they are ([C][KH*KW]); otherwise
/// wp[g][block][c][kh * KW + kw][r] = w[g * cout_g + block * R + r][c][kh][kw], zero for
/// channels past cout_g. Called by vfuse at emit time (the result is in the weights
/// file) and by the emitted code for weights that are not constants.
inline void pack_conv2d(const Conv& s, const float* w, float* out) {
  if (s.depthwise()) {
    std::memcpy(out, w, sizeof(float) * static_cast<size_t>(conv2d_packed_elements(s)));
    return;
  }
  const int T = s.taps(), Ci = s.cin_g(), Co = s.cout_g();
  int64_t k = 0;
  for (int g = 0; g < s.groups; ++g)
    for (int b = 0; b < s.blocks(); ++b)
      for (int c = 0; c < Ci; ++c)
        for (int t = 0; t < T; ++t)
          for (int r = 0; r < R; ++r, ++k) {
            const int o = b * R + r;
            out[k] = o < Co ? w[(int64_t{g * Co + o} * Ci + c) * T + t] : 0.f;
          }
}

// ---------------------------------------------------------------------------------------
// Non-finite results of the reassociated kernels. conv2d / dense sum in another order
// than the semantics (and Winograd sums other terms); on finite data the difference is
// the rounding docs/codegen.md bounds. A NaN or an infinity is not a rounding: a padded tap
// multiplies an infinite weight by 0, Winograd's transforms subtract two infinities or
// overflow where the sum itself does not. So every kernel notes when it stored a non-finite
// value, and then recomputes each non-finite element of its output in the semantics'
// order (the interpreter's float32 arithmetic, bit for bit), reading the weights from
// their packing through `w(o, c, tap)`. An infinite sum is made NaN before the epilogue:
// an activation would map it to a number (clip, relu, the sigmoids), and an infinity of
// the kernel's own (an overflow in Winograd's transforms or in its order of summation)
// must not reach the output that way; NaN passes every epilogue operation and activation
// (scalar_ops.h), so the element is recomputed.

namespace detail {

/// conv2d output element (n, o, oh, ow) as vfuse's semantics computes it in float32: the
/// window sum over taps (kh, kw) inside the input, channels innermost, from +0; then the
/// epilogue.
template <Conv S, Epi E, class W>
float conv2d_reference(const float* x, W w, const EpiArgs& a, int n, int o, int oh, int ow) {
  const int g = o / S.cout_g();
  const float* xg = x + (int64_t{n} * S.C + int64_t{g} * S.cin_g()) * S.H * S.W;
  float acc = 0.f;
  for (int kh = 0; kh < S.KH; ++kh) {
    const int ih = oh * S.sh - S.pt + kh * S.dh;
    if (ih < 0 || ih >= S.H) continue;
    for (int kw = 0; kw < S.KW; ++kw) {
      const int iw = ow * S.sw - S.pl + kw * S.dw;
      if (iw < 0 || iw >= S.W) continue;
      for (int ci = 0; ci < S.cin_g(); ++ci)
        acc = acc + xg[(int64_t{ci} * S.H + ih) * S.W + iw] * w(o, ci, kh * S.KW + kw);
    }
  }
  return epilogue_s<E>(acc, a, o, ((int64_t{n} * S.O + o) * S.OH + oh) * S.OW + ow);
}

/// Recomputes every non-finite element of conv2d<S, E>'s output y.
template <Conv S, Epi E, class W>
void conv2d_fix_non_finite(const float* x, W w, float* y, const EpiArgs& a) {
  for (int n = 0; n < S.N; ++n)
    for (int o = 0; o < S.O; ++o)
      for (int oh = 0; oh < S.OH; ++oh)
        for (int ow = 0; ow < S.OW; ++ow) {
          float& v = y[((int64_t{n} * S.O + o) * S.OH + oh) * S.OW + ow];
          if (!std::isfinite(v)) v = conv2d_reference<S, E>(x, w, a, n, o, oh, ow);
        }
}

}  // namespace detail

/// Scratch floats conv2d<s> needs (the padded input copy; depthwise: one channel's per
/// thread) with `threads` threads and vector length `vl` (an emitter that does not know
/// the target passes kMaxVL: enough for every build).
inline int64_t conv2d_scratch_elements(const Conv& s, int threads = VFRT_THREADS, int vl = VL) {
  const Window w = s.window();
  if (s.depthwise()) return (w.channel_stride() + w.slack(vl)) * threads;
  if (!s.packs_input()) return 0;
  return s.C * w.channel_stride() + w.slack(vl);
}

namespace detail {

template <int N>
struct Offsets {
  int64_t v[N];
};

template <Conv S>
constexpr Offsets<S.KH * S.KW> tap_offsets() {
  Offsets<S.KH * S.KW> o{};
  const Window w = S.window();
  for (int kh = 0; kh < S.KH; ++kh)
    for (int kw = 0; kw < S.KW; ++kw)
      o.v[kh * S.KW + kw] = S.packs_input() ? w.tap_offset(kh, kw) : 0;
  return o;
}

/// acc[r][v] = sum over c, taps of wp[c][t][r] * xq[c][p0 + v * VL + tap offset]; the
/// last vector reads only `last` lanes when TAIL.
template <Conv S, int NV, bool TAIL>
inline void conv_tile(const float* __restrict xg, const float* __restrict wb, int64_t xcs,
                      int64_t p0, int last, vec (&acc)[R][NV]) {
  constexpr int T = S.KH * S.KW;
  constexpr Offsets<T> off = tap_offsets<S>();
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) acc[r][v] = vec{};
  for (int c = 0; c < S.cin_g(); ++c) {
    const float* xc = xg + c * xcs + p0;
    const float* wc = wb + int64_t{c} * T * R;
#pragma GCC unroll 9
    for (int t = 0; t < T; ++t) {
      const float* xt = xc + off.v[t];
      vec xv[NV];
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v)
        xv[v] = (TAIL && v == NV - 1) ? load_partial(xt + v * VL, last) : load(xt + v * VL);
      const float* wt = wc + t * R;
#pragma GCC unroll 8
      for (int r = 0; r < R; ++r) {
        const vec wr = splat(wt[r]);
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) acc[r][v] = fmadd(wr, xv[v], acc[r][v]);
      }
    }
  }
}

/// One register tile: computes it, applies the epilogue, stores the valid part. `yb` /
/// `rb`: output / residual of the block's first channel of this sample; `ch0` that
/// channel's index in the epilogue's per-channel arrays; `rv` valid channels (<= R).
/// Returns whether it may have stored a non-finite value.
template <Conv S, Epi E, int NV, bool TAIL>
inline bool conv_block(const float* xg, const float* wb, int64_t xcs, int64_t p0, int len,
                       float* yb, const float* rb, const EpiArgs& a, int64_t ch0, int rv) {
  constexpr int Wq = S.packs_input() ? S.window().Wq() : S.W;
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  constexpr bool direct = Wq == S.OW;  // the wide grid is the output plane
  const int last = len - (NV - 1) * VL;
  vec acc[R][NV];
  conv_tile<S, NV, TAIL>(xg, wb, xcs, p0, last, acc);
  bool bad = false;
  if constexpr (direct) {
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) {
      if (r >= rv) break;
      float* yr = yb + r * ohw + p0;
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) {
        if (any_non_finite(acc[r][v])) acc[r][v] = infinite_to_nan(acc[r][v]);
        vec y = epi_channel<E>(acc[r][v], a, ch0 + r);
        const bool part = TAIL && v == NV - 1;
        if constexpr (E.residual)
          y = y + (part ? load_partial(rb + r * ohw + p0 + v * VL, last)
                        : load(rb + r * ohw + p0 + v * VL));
        y = act_v<E.act>(y, E.alpha, E.beta);
        bad |= any_non_finite(y);
        if (part)
          store_partial(yr + v * VL, y, last);
        else
          store(yr + v * VL, y);
      }
    }
  } else {
    alignas(64) float tile[R][NV * VL];
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) {
        if (any_non_finite(acc[r][v])) acc[r][v] = infinite_to_nan(acc[r][v]);
        vec y = epi_channel<E>(acc[r][v], a, ch0 + r);
        if constexpr (!E.residual) y = act_v<E.act>(y, E.alpha, E.beta);
        bad |= any_non_finite(y);
        store(&tile[r][v * VL], y);
      }
    // Copy the columns ow < OW of each wide row the tile touches.
    const int64_t pend = p0 + len;
    for (int64_t p = p0; p < pend;) {
      const int64_t oh = p / Wq, ow = p % Wq;
      const int64_t seg = std::min<int64_t>(pend, oh * Wq + S.OW) - p;
      if (seg > 0) {
        const int64_t o = oh * S.OW + ow, t0 = p - p0;
        for (int r = 0; r < rv; ++r) {
          float* yr = yb + r * ohw + o;
          const float* tr = &tile[r][t0];
          if constexpr (E.residual) {
            const float* rr = rb + r * ohw + o;
            for (int64_t k = 0; k < seg; ++k) {
              yr[k] = act_s<E.act>(tr[k] + rr[k], E.alpha, E.beta);
              bad |= !std::isfinite(yr[k]);
            }
          } else {
            std::memcpy(yr, tr, sizeof(float) * static_cast<size_t>(seg));
          }
        }
      }
      p = (oh + 1) * Wq;
    }
  }
  return bad;
}

/// Depthwise register tiles: accumulators (G output rows x NV vectors) and most vectors
/// of a row chunk.
inline constexpr int kDwAcc = VL == 16 ? 24 : 10;
inline constexpr int kDwNV = VL == 16 ? 4 : 2;

/// One multiply-add of a depthwise row tile: output row g of the tile += tap t's weight x
/// the vectors loaded last; `load`: load the vectors at `off` (from the tile's first wide
/// pixel) first.
struct DwStep {
  int64_t off = 0;
  int g = 0, t = 0;
  bool load = false;
};

/// The steps of a depthwise tile of G output rows: every (row, tap) pair, ordered by the
/// input address it reads, so that each distinct address is loaded once (rows of a stride-1
/// 5x5 tile share 4 of every 5 input rows: G + 4 row loads per column shift instead of 5 G).
template <Conv S, int G>
struct DwSteps {
  static constexpr int N = G * S.KH * S.KW;
  DwStep s[N];
};
template <Conv S, int G>
constexpr DwSteps<S, G> dw_steps() {
  constexpr int T = S.KH * S.KW;
  const Window w = S.window();
  DwSteps<S, G> d{};
  int64_t addr[G * T] = {};
  bool done[G * T] = {};
  for (int g = 0; g < G; ++g)
    for (int t = 0; t < T; ++t)
      addr[g * T + t] = int64_t{g} * w.Wq() + w.tap_offset(t / S.KW, t % S.KW);
  int n = 0;
  for (int i = 0; i < G * T; ++i) {  // addresses in increasing order, each once
    int best = -1;
    for (int j = 0; j < G * T; ++j)
      if (!done[j] && (best < 0 || addr[j] < addr[best])) best = j;
    for (int j = 0; j < G * T; ++j)
      if (!done[j] && addr[j] == addr[best]) {
        d.s[n] = DwStep{addr[j], j / T, j % T, j == best};
        done[j] = true;
        ++n;
      }
    if (n == G * T) break;
  }
  return d;
}

template <Conv S, int G>
inline constexpr DwSteps<S, G> kDwSteps = dw_steps<S, G>();

/// Step I of a depthwise tile (forced inline, as is dw_steps_run: the accumulators must
/// stay in registers).
template <Conv S, int G, int NV, int I>
__attribute__((always_inline)) inline void dw_step(const float* __restrict xr,
                                                   const float* __restrict wc, vec (&acc)[G][NV],
                                                   vec (&xv)[NV]) {
  constexpr DwStep f = kDwSteps<S, G>.s[I];
#if defined(__AVX512F__)
  // Loads and broadcasts that GCC may not fold, merge or hoist: it folds an input load
  // into every FMA that reads it (a split unaligned load each time), and keeps the 25
  // weights in registers across tiles, leaving too few for the accumulators.
  if constexpr (f.load)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v)
      asm volatile("vmovups %1, %0" : "=v"(xv[v]) : "m"(*(const vec*)(xr + f.off + v * VL)));
  vec wv;
  asm volatile("vbroadcastss %1, %0" : "=v"(wv) : "m"(wc[f.t]));
#else
  if constexpr (f.load)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) xv[v] = load(xr + f.off + v * VL);
  const vec wv = splat(wc[f.t]);
#endif
#pragma GCC unroll 4
  for (int v = 0; v < NV; ++v) acc[f.g][v] = fmadd(wv, xv[v], acc[f.g][v]);
}

template <Conv S, int G, int NV, int... I>
__attribute__((always_inline)) inline void dw_steps_run(const float* __restrict xr,
                                                        const float* __restrict wc,
                                                        vec (&acc)[G][NV],
                                                        std::integer_sequence<int, I...>) {
  vec xv[NV];
  (dw_step<S, G, NV, I>(xr, wc, acc, xv), ...);
}

/// acc[g][v] = the window sums of output rows g < G of a tile at xr (its first wide pixel in
/// the channel's planes), NV vectors of each row, weights wc[KH * KW].
template <Conv S, int G, int NV>
__attribute__((always_inline)) inline void dw_tile(const float* __restrict xr,
                                                   const float* __restrict wc, vec (&acc)[G][NV]) {
#pragma GCC unroll 8
  for (int g = 0; g < G; ++g)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) acc[g][v] = vec{};
  dw_steps_run<S, G, NV>(xr, wc, acc, std::make_integer_sequence<int, DwSteps<S, G>::N>{});
}

/// Depthwise conv2d: per channel, the padded phase planes in scratch, then tiles of G output
/// rows x NV vectors (dw_tile: each input vector loaded once per tile, taps innermost), the
/// epilogue in registers. Rows and row chunks are balanced over the tiles.
template <Conv S, Epi E>
void conv2d_depthwise(const float* x, const float* w, float* y, float* scratch, const EpiArgs& a) {
  std::atomic<bool> bad{false};
  constexpr Window win = S.window();
  constexpr int T = S.KH * S.KW;
  constexpr int Wq = win.Wq();
  constexpr int nvecs = (S.OW + VL - 1) / VL;
  constexpr int nchunks = (nvecs + kDwNV - 1) / kDwNV;
  constexpr int NV = (nvecs + nchunks - 1) / nchunks;  // vectors of a row chunk
  constexpr int GMAX = std::max(1, kDwAcc / NV);
  constexpr int ngroups = (S.OH + GMAX - 1) / GMAX;
  constexpr int G = (S.OH + ngroups - 1) / ngroups;  // rows of a tile
  constexpr int GL = S.OH - (ngroups - 1) * G;       // of the last one
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  constexpr int64_t per_thread = win.channel_stride() + win.slack();
  // Each thread's planes: the padding and the slack zeroed once, then per channel only the
  // input's places written (a 2-row plane with 2 rows of padding each side was 3 times the
  // input, and its fills cost more than the copy). Items: the (sample, channel) planes.
  Share share(int64_t{S.N} * S.C, share_grain(ohw * T));
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp parallel num_threads(VFRT_THREADS) if (S.N * S.C * ohw * T > (1 << 18))
#endif
  {
    float* const xq = scratch + per_thread * thread_num();
    std::fill(xq, xq + per_thread, 0.f);
    share.run([&](int64_t nc) {
      const int c = static_cast<int>(nc % S.C);
      pack_planes(x + nc * S.H * S.W, xq, 1, win, 0.f, false, false);
      const float* wc = w + int64_t{c} * T;
      float* yc = y + nc * ohw;
      const float* rc = E.residual ? a.residual + nc * ohw : nullptr;
      // Output rows oh0 .. oh0 + GG, columns ow .. ow + NV VL (the last chunk's vectors read
      // up to NV VL past OW: into the next row or the slack).
      auto tile = [&]<int GG>(int oh0, int ow) {
        vec acc[GG][NV];
        dw_tile<S, GG, NV>(xq + int64_t{oh0} * Wq + ow, wc, acc);
        const int len = std::min(NV * VL, S.OW - ow);
#pragma GCC unroll 8
        for (int g = 0; g < GG; ++g)
#pragma GCC unroll 4
          for (int v = 0; v < NV; ++v) {
            if (v * VL >= len) break;
            const int lanes = std::min(VL, len - v * VL);
            const int64_t o = int64_t{oh0 + g} * S.OW + ow + v * VL;
            vec yv = acc[g][v];
            if (any_non_finite(yv)) yv = infinite_to_nan(yv);
            yv = epi_channel<E>(yv, a, c);
            if constexpr (E.residual)
              yv = yv + (lanes == VL ? load(rc + o) : load_partial(rc + o, lanes));
            yv = act_v<E.act>(yv, E.alpha, E.beta);
            if (any_non_finite(yv)) bad.store(true, std::memory_order_relaxed);
            if (lanes == VL)
              store(yc + o, yv);
            else
              store_partial(yc + o, yv, lanes);
          }
      };
      for (int gi = 0; gi < ngroups; ++gi)
        for (int ow = 0; ow < S.OW; ow += NV * VL) {
          if (gi + 1 < ngroups)
            tile.template operator()<G>(gi * G, ow);
          else
            tile.template operator()<GL>(gi * G, ow);
        }
    });
  }
  if (bad.load(std::memory_order_relaxed))  // weights as they are: [C][KH * KW]
    conv2d_fix_non_finite<S, E>(
        x, [w](int o, int, int t) { return w[int64_t{o} * S.taps() + t]; }, y, a);
}

}  // namespace detail

/// conv2d / fused_conv2d: y = epilogue(conv(x, w)). `wp` from pack_conv2d; `scratch`
/// holds conv2d_scratch_elements(S) floats.
template <Conv S, Epi E>
void conv2d(const float* x, const float* wp, float* y, float* scratch, const EpiArgs& a) {
  if constexpr (S.depthwise()) {
    // A row's last vectors read up to 4 VL past OW: into the next row or the slack.
    detail::conv2d_depthwise<S, E>(x, wp, y, scratch, a);
  } else {
    constexpr Window win = S.window();
    constexpr int Wq = S.packs_input() ? win.Wq() : S.W;
    constexpr int64_t xcs = S.packs_input() ? win.channel_stride() : int64_t{S.H} * S.W;
    constexpr int64_t PW = int64_t{S.OH} * Wq;  // wide pixels
    // Vectors per tile: at most NVMAX, balanced over the tiles (63 pixels: 2 + 2 vectors,
    // not 3 + a 1-vector tail, which is bound by its broadcasts).
    constexpr int64_t nvecs = (PW + VL - 1) / VL;
    constexpr int64_t ntiles = (nvecs + NVMAX - 1) / NVMAX;
    constexpr int NV = static_cast<int>((nvecs + ntiles - 1) / ntiles);
    constexpr int64_t TP = int64_t{NV} * VL;
    constexpr int64_t full = PW / TP;
    constexpr int64_t rem = PW % TP;
    constexpr int NVT = static_cast<int>((rem + VL - 1) / VL);
    constexpr int64_t wblock = int64_t{R} * S.cin_g() * S.taps();
    constexpr int64_t ohw = int64_t{S.OH} * S.OW;
    // Tiles per panel: the panel's input rows (all channels of the group) within ~256 KiB.
    constexpr int64_t xrow = int64_t{S.cin_g()} * win.nph() * win.npw();
    constexpr int64_t budget = 65536 / (xrow > 0 ? xrow : 1);
    constexpr int64_t reach =
        S.packs_input() ? win.tap_offset(S.KH - 1, S.KW - 1) % win.plane() : 0;
    constexpr int64_t ptiles = budget > reach + TP ? (budget - reach) / TP : 1;
    std::atomic<bool> bad{false};
#if defined(_OPENMP) && VFRT_THREADS > 1
    constexpr int64_t nt_all = full + (rem > 0 ? 1 : 0);
    constexpr bool split_pixels = nt_all >= 8 * VFRT_THREADS;
#else
    constexpr bool split_pixels = false;
#endif
    for (int n = 0; n < S.N; ++n) {
      const float* xq = x + int64_t{n} * S.C * S.H * S.W;
      const float* const xn = xq;
      if constexpr (S.packs_input()) {
        if constexpr (split_pixels)  // each thread copies its band of rows (below)
          std::fill(scratch + S.C * xcs, scratch + S.C * xcs + win.slack(), 0.f);
        else
          pack_planes(xq, scratch, S.C, win, 0.f);
        xq = scratch;
      }
      (void)xn;
      for (int g = 0; g < S.groups; ++g) {
        const float* xg = xq + int64_t{g} * S.cin_g() * xcs;
        const float* wg = wp + int64_t{g} * S.blocks() * wblock;
        const int64_t c0 = int64_t{g} * S.cout_g();
        float* yg = y + (int64_t{n} * S.O + c0) * ohw;
        const float* rg = E.residual ? a.residual + (int64_t{n} * S.O + c0) * ohw : nullptr;
        auto block = [&](int b, int64_t t0, int64_t t1) {
          const int rv = std::min(R, S.cout_g() - b * R);
          const float* wb = wg + b * wblock;
          float* yb = yg + int64_t{b} * R * ohw;
          const float* rb = E.residual ? rg + int64_t{b} * R * ohw : nullptr;
          bool nf = false;
          for (int64_t t = t0; t < t1; ++t) {
            if (t < full)
              nf |= detail::conv_block<S, E, NV, false>(xg, wb, xcs, t * TP, static_cast<int>(TP),
                                                        yb, rb, a, c0 + b * R, rv);
            else if constexpr (rem > 0)
              nf |= detail::conv_block<S, E, (NVT > 0 ? NVT : 1), true>(
                  xg, wb, xcs, t * TP, static_cast<int>(rem), yb, rb, a, c0 + b * R, rv);
          }
          if (nf) bad.store(true, std::memory_order_relaxed);
        };
#if defined(_OPENMP) && VFRT_THREADS > 1
        // (Only layers of a few MFLOP and more: a parallel region costs microseconds.)
        constexpr bool par = int64_t{S.cout_g()} * S.cin_g() * S.taps() * PW > (int64_t{1} << 20);
        constexpr int64_t nt = nt_all;
        if constexpr (split_pixels) {
          // Many pixel tiles: threads share panels of them (at least 8 per thread; a thread
          // reads mostly its rows of the input), each panel walked as below; first they share
          // the copy of the input planes by bands of rows (every group's, once).
          constexpr int64_t q = std::max<int64_t>(1, std::min(ptiles, nt / (8 * VFRT_THREADS)));
          constexpr int bands = std::min(win.Hq(), 4 * VFRT_THREADS);
          Share rows(
              g == 0 && S.packs_input() ? bands : 0,
              share_grain(int64_t{S.C} * win.nph() * win.npw() * win.Wq() * win.Hq() / bands));
          Share panels((nt + q - 1) / q, share_grain(q * TP * S.cout_g() * S.cin_g() * S.taps()));
#pragma omp parallel num_threads(VFRT_THREADS) if (par)
          {
            if constexpr (S.packs_input()) {
              rows.run([&](int64_t i) {
                pack_planes_rows(xn, scratch, S.C, win, 0.f, static_cast<int>(win.Hq() * i / bands),
                                 static_cast<int>(win.Hq() * (i + 1) / bands));
              });
#pragma omp barrier
            }
            panels.run([&](int64_t i) {
              for (int b = 0; b < S.blocks(); ++b) block(b, i * q, std::min(i * q + q, nt));
            });
          }
        } else {
          // Threads share the channel blocks; each block walks every pixel tile.
          parallel_for(S.blocks(), int64_t{R} * S.cin_g() * S.taps() * PW, par,
                       [&](int64_t b) { block(static_cast<int>(b), 0, full + 1); });
        }
#else
        // Panels of pixel tiles outermost, so a panel's input rows stay in cache while
        // every channel block passes over them.
        for (int64_t t0 = 0; t0 <= full; t0 += ptiles)
          for (int b = 0; b < S.blocks(); ++b)
            block(b, t0, std::min<int64_t>(t0 + ptiles, full + 1));
#endif
      }
    }
    if (bad.load(std::memory_order_relaxed))  // wp[g][block][c][tap][r] (pack_conv2d)
      detail::conv2d_fix_non_finite<S, E>(
          x,
          [wp](int o, int c, int t) {
            const int og = o % S.cout_g();
            return wp[((int64_t{o / S.cout_g()} * S.blocks() + og / R) * S.cin_g() + c) * S.taps() *
                          R +
                      int64_t{t} * R + og % R];
          },
          y, a);
  }
}

// ---------------------------------------------------------------------------------------
// Small planes (vfuse's codegen/conv_algorithm.h decides which layers: one group, at most
// 64 output pixels): output channels in the vector lanes, a register tile of CV vectors of
// channels x PX pixels, each step loading CV weight vectors and broadcasting PX input
// values. Weights packed as [block of 16 channels][c][kh * KW + kw][16] (zero past O).
// The input channels are taken in chunks whose weights stay in cache; between chunks the
// partial sums wait in memory (exact floats, so the chunking changes no rounding).

/// Output channels of a packed block of the small-plane kernel (every target).
inline constexpr int SB = 16;

inline int64_t conv2d_small_packed_elements(const Conv& s) {
  return int64_t{(s.O + SB - 1) / SB} * SB * s.C * s.taps();
}

/// Packs OIHW weights for conv2d_small<s>: wp[ob][c][t][k] = w[ob * SB + k][c][t].
inline void pack_conv2d_small(const Conv& s, const float* w, float* out) {
  const int T = s.taps(), nb = (s.O + SB - 1) / SB;
  int64_t k = 0;
  for (int b = 0; b < nb; ++b)
    for (int c = 0; c < s.C; ++c)
      for (int t = 0; t < T; ++t)
        for (int r = 0; r < SB; ++r, ++k) {
          const int o = b * SB + r;
          out[k] = o < s.O ? w[(int64_t{o} * s.C + c) * T + t] : 0.f;
        }
}

namespace detail {

/// Channel vectors and most pixels of a small-plane register tile (CV x PX accumulators).
inline constexpr int SCV = VL == 16 ? 2 : 1;
inline constexpr int SPX = VL == 16 ? 12 : 6;

/// The wide-grid index of every output pixel of S (oh * Wq + ow).
template <Conv S, int NP>
constexpr Offsets<NP> small_pixels() {
  Offsets<NP> o{};
  const int Wq = S.packs_input() ? S.window().Wq() : S.W;
  for (int p = 0; p < NP; ++p) o.v[p] = int64_t{p / S.OW} * Wq + p % S.OW;
  return o;
}

/// One step of a lanes register tile (small_tile, wino_lanes_tile): acc[v][q] += w[v] x
/// the broadcast x[idx[q0 + q]] for its NP pixels or tiles.
template <int NP, int N>
__attribute__((always_inline)) inline void lanes_step(const vec (&w)[SCV], const float* x,
                                                      const Offsets<N>& idx, int q0,
                                                      vec (&acc)[SCV][NP]) {
#pragma GCC unroll 12
  for (int q = 0; q < NP; ++q) {
    const vec xb = splat(x[idx.v[q0 + q]]);
#pragma GCC unroll 2
    for (int v = 0; v < SCV; ++v) acc[v][q] = fmadd(w[v], xb, acc[v][q]);
  }
}

/// acc (in memory, [CV][NP] vectors) += the sums over channels c0 .. c1 and taps of the
/// pixels q0 .. q0 + NP, for the CV channel vectors from channel `ch0`.
template <Conv S, int NP>
inline void small_tile(const float* __restrict xq, const float* __restrict wp, int64_t xcs, int ch0,
                       int q0, int c0, int c1, vec* __restrict accm) {
  constexpr int T = S.KH * S.KW;
  constexpr Offsets<T> off = tap_offsets<S>();
  constexpr Offsets<S.OH* S.OW> pix = small_pixels<S, S.OH * S.OW>();
  vec acc[SCV][NP];
#pragma GCC unroll 2
  for (int v = 0; v < SCV; ++v)
#pragma GCC unroll 12
    for (int q = 0; q < NP; ++q) acc[v][q] = accm[v * NP + q];
  const float* wv[SCV];
#pragma GCC unroll 2
  for (int v = 0; v < SCV; ++v) {
    const int ch = ch0 + v * VL;
    wv[v] = wp + int64_t{ch / SB} * S.C * T * SB + ch % SB;
  }
  for (int c = c0; c < c1; ++c) {
    const float* xc = xq + c * xcs;
#pragma GCC unroll 9
    for (int t = 0; t < T; ++t) {
      vec w[SCV];
#pragma GCC unroll 2
      for (int v = 0; v < SCV; ++v) w[v] = load(wv[v] + (int64_t{c} * T + t) * SB);
      lanes_step<NP>(w, xc + off.v[t], pix, q0, acc);
    }
  }
#pragma GCC unroll 2
  for (int v = 0; v < SCV; ++v)
#pragma GCC unroll 12
    for (int q = 0; q < NP; ++q) accm[v * NP + q] = acc[v][q];
}

/// The epilogue's per-channel part on a vector of output channels ch .. ch + lanes (the
/// lanes past them are not read), then, without a residual, the activation; `nf` notes a
/// non-finite result.
template <Epi E>
inline vec lanes_epilogue(vec yv, const EpiArgs& a, int ch, int lanes, bool& nf) {
  auto ld = [&](const float* p) { return lanes == VL ? load(p) : load_partial(p, lanes); };
  if (any_non_finite(yv)) yv = infinite_to_nan(yv);
  if constexpr (E.bias) yv = yv + ld(a.bias + ch);
  if constexpr (E.scale) yv = yv * ld(a.scale + ch);
  if constexpr (E.shift) yv = yv + ld(a.shift + ch);
  if constexpr (!E.residual) yv = act_v<E.act>(yv, E.alpha, E.beta);
  nf |= any_non_finite(yv);
  return yv;
}

/// Stores tb[p][k] (the NP pixels of a plane x CB channels from ch0, rv of them valid) into
/// sample n's NCHW output, adding the residual and applying the activation when there is a
/// residual; `nf` notes a non-finite result.
template <Conv S, Epi E, int NP, int CB>
inline void lanes_store(const float (*tb)[CB], float* y, const EpiArgs& a, int n, int ch0, int rv,
                        bool& nf) {
  for (int k = 0; k < rv; ++k) {
    const int64_t at = (int64_t{n} * S.O + ch0 + k) * NP;
    float* yc = y + at;
    if constexpr (E.residual) {
      const float* rc = a.residual + at;
      for (int p = 0; p < NP; ++p) {
        yc[p] = act_s<E.act>(tb[p][k] + rc[p], E.alpha, E.beta);
        nf |= !std::isfinite(yc[p]);
      }
    } else {
      for (int p = 0; p < NP; ++p) yc[p] = tb[p][k];
    }
  }
}

}  // namespace detail

/// conv2d / fused_conv2d on small planes (one group): `wp` from pack_conv2d_small,
/// `scratch` holds conv2d_scratch_elements(S) floats (the padded input copy).
template <Conv S, Epi E>
void conv2d_small(const float* x, const float* wp, float* y, float* scratch, const EpiArgs& a) {
  static_assert(S.groups == 1 && S.OH * S.OW <= 64);
  constexpr Window win = S.window();
  constexpr int64_t xcs = S.packs_input() ? win.channel_stride() : int64_t{S.H} * S.W;
  constexpr int T = S.KH * S.KW;
  constexpr int NPIX = S.OH * S.OW;
  constexpr int CB = detail::SCV * VL;      // channels of a tile
  constexpr int nct = (S.O + CB - 1) / CB;  // channel tiles
  constexpr int ntiles = (NPIX + detail::SPX - 1) / detail::SPX;
  constexpr int PX = (NPIX + ntiles - 1) / ntiles;   // pixels of a tile (balanced)
  constexpr int LAST = NPIX - (ntiles - 1) * PX;     // of the last one
  constexpr int KC = std::max(1, 24576 / (CB * T));  // input channels per chunk (96 KiB)
  std::atomic<bool> bad{false};
  for (int n = 0; n < S.N; ++n) {
    const float* xq = x + int64_t{n} * S.C * S.H * S.W;
    if constexpr (S.packs_input()) {
      pack_planes(xq, scratch, S.C, win, 0.f);
      xq = scratch;
    }
    auto tile = [&](int ct) {
      const int ch0 = ct * CB;
      vec accm[ntiles][detail::SCV * PX];
      for (int i = 0; i < ntiles; ++i)
        for (int k = 0; k < detail::SCV * PX; ++k) accm[i][k] = vec{};
      for (int c0 = 0; c0 < S.C; c0 += KC) {
        const int c1 = std::min(S.C, c0 + KC);
        for (int i = 0; i + 1 < ntiles; ++i)
          detail::small_tile<S, PX>(xq, wp, xcs, ch0, i * PX, c0, c1, accm[i]);
        detail::small_tile<S, LAST>(xq, wp, xcs, ch0, (ntiles - 1) * PX, c0, c1, accm[ntiles - 1]);
      }
      // The epilogue's per-channel part and (without a residual) the activation on the
      // vectors, then the transpose into the NCHW output.
      alignas(64) float tb[NPIX][CB];
      bool nf = false;
      for (int i = 0; i < ntiles; ++i) {
        const int np = i + 1 < ntiles ? PX : LAST;
        for (int v = 0; v < detail::SCV; ++v) {
          const int ch = ch0 + v * VL;
          const int lanes = std::max(0, std::min(VL, S.O - ch));
          if (lanes == 0) continue;
          for (int q = 0; q < np; ++q) {
            const vec acc = i + 1 < ntiles ? accm[i][v * PX + q] : accm[i][v * LAST + q];
            store(&tb[i * PX + q][v * VL], detail::lanes_epilogue<E>(acc, a, ch, lanes, nf));
          }
        }
      }
      detail::lanes_store<S, E, NPIX, CB>(tb, y, a, n, ch0, std::min(CB, S.O - ch0), nf);
      if (nf) bad.store(true, std::memory_order_relaxed);
    };
    constexpr bool par = int64_t{S.O} * S.C * T * NPIX > (int64_t{1} << 20);
    parallel_for(nct, int64_t{CB} * S.C * T * NPIX, par,
                 [&](int64_t ct) { tile(static_cast<int>(ct)); });
  }
  if (bad.load(std::memory_order_relaxed))  // wp[block of SB][c][tap][k] (pack_conv2d_small)
    detail::conv2d_fix_non_finite<S, E>(
        x,
        [wp](int o, int c, int t) {
          return wp[((int64_t{o / SB} * S.C + c) * S.taps() + t) * SB + o % SB];
        },
        y, a);
}

// ---------------------------------------------------------------------------------------
// Winograd F(2x2, 3x3) for 3x3 stride-1 dilation-1 convolutions with one group (vfuse's
// codegen/conv_algorithm.h decides which layers; docs/codegen.md has the error bound).
//
// Output tiles of 2x2 pixels; tile (th, tw) reads the 4x4 input patch d at rows 2 th - pt
// + i, columns 2 tw - pl + j. With the input copied into stride-2 phase planes (a Window
// of "4x4 stride 2" over the tile grid), tap (i, j) of every tile is a constant offset
// from the tile's index on a wide grid p = th * (TW + 1) + tw, so vectors of 16 tiles load
// contiguously. Per block of NV vectors of tiles:
//   V[xi][c][t] = (B^T d B)[xi]                         input transform, two additions deep
//   M[xi][o][t] = sum_c U[xi][o][c] V[xi][c][t]         16 GEMMs (the conv micro-kernel)
//   y = A^T M A                                         output transform, four additions deep
// then the epilogue. U = G g G^T is computed at emit time (in double, rounded once) and
// packed as up[xi][block of R][c][r].

/// Largest tiles of a block over every target (the emitter sizes scratch with it).
inline constexpr int64_t kWinoMaxTP = 48;
/// Layers of at most this many tile blocks (of kWinoMaxTP tiles) take the whole-layer order.
inline constexpr int64_t kWinoWholeBlocks = 4;

/// The distance between the 16 planes of V or M holding n floats each: n plus 64 or 128
/// bytes, never a multiple of 4 KiB, so that the 16 loads or stores of one tile do not fall
/// on the same L1 sets.
constexpr int64_t wino_xi_stride(int64_t n) { return (n + 16) % 1024 != 0 ? n + 16 : n + 32; }
/// Floats the planes of V and those of M (16 each for F(2x2, 3x3), 36 for F(4x4, 3x3)) may
/// take beyond their contents (32 each, at most, by wino_xi_stride): part of every V and M
/// area the scratch reserves. (It was 512, enough for the usual 16-float gaps only; with
/// 32-float gaps, e.g. C = 21, V and M of one thread ran into the next thread's, or past the
/// scratch.)
inline constexpr int64_t kWinoPad = 2 * 36 * 32;

/// The Winograd geometry of conv layer S with output tiles of M x M pixels (F(M x M, 3x3):
/// input patches of (M + 2)^2, XI = (M + 2)^2 transformed planes).
template <Conv S, int M = 2>
struct Wino {
  static_assert(M == 2 || M == 4);
  static constexpr int XI = (M + 2) * (M + 2);
  static constexpr int TH = (S.OH + M - 1) / M, TW = (S.OW + M - 1) / M;  // tiles
  static constexpr Window win{S.H, S.W, TH, TW, M + 2, M + 2, M, M, S.pt, S.pl, 1, 1};
  static constexpr int Wq = TW + 1;                    // wide grid row
  static constexpr int64_t P = int64_t{TH} * Wq;       // wide tiles
  static constexpr int64_t cs = win.channel_stride();  // floats of a channel's planes
  static constexpr int64_t nvecs = (P + VL - 1) / VL;
  static constexpr int64_t nblk0 = (nvecs + NVMAX - 1) / NVMAX;
  static constexpr int NV = static_cast<int>((nvecs + nblk0 - 1) / nblk0);
  static constexpr int64_t TP = int64_t{NV} * VL;     // tiles of a block
  static constexpr int64_t nblk = (P + TP - 1) / TP;  // blocks
  static constexpr int blocks = (S.O + R - 1) / R;    // output-channel blocks
  static constexpr int64_t vsize = XI * wino_xi_stride(int64_t{S.C} * TP);
  /// Few tile blocks: the whole-layer order (see conv2d_winograd).
  static constexpr bool whole = nblk <= kWinoWholeBlocks;
  /// Per-thread floats of the tile-block order: V and M of one block.
  static constexpr int64_t per_thread = XI * (int64_t{S.C} + R) * kWinoMaxTP + kWinoPad;
};

static_assert(NVMAX * VL <= kWinoMaxTP);

/// Floats of the packed Winograd weights: XI x blocks x R x C, then the O x C x 9 weights
/// (m: the output tile's side, 2 or 4).
inline int64_t conv2d_winograd_packed_elements(const Conv& s, int m = 2) {
  return int64_t{(m + 2) * (m + 2)} * ((s.O + R - 1) / R) * R * s.C + int64_t{s.O} * s.C * 9;
}

/// Scratch floats conv2d_winograd<s> (m = 2) / conv2d_winograd4<s> (m = 4) needs: the phase
/// planes, then per thread V and M of a tile block, or V and M of the whole layer (an upper
/// bound on every target: it takes tile blocks of kWinoMaxTP and whole-layer rows rounded
/// up to kWinoMaxTP).
inline int64_t conv2d_winograd_scratch_elements(const Conv& s, int threads = VFRT_THREADS,
                                                int vl = VL, int m = 2) {
  const int64_t TH = (s.OH + m - 1) / m, TW = (s.OW + m - 1) / m, XI = (m + 2) * (m + 2);
  const Window w{s.H, s.W, int(TH), int(TW), m + 2, m + 2, m, m, s.pt, s.pl, 1, 1};
  const int64_t nb = (TH * (TW + 1) + kWinoMaxTP - 1) / kWinoMaxTP;
  const int64_t blocked = int64_t{threads} * (XI * (int64_t{s.C} + R) * kWinoMaxTP + kWinoPad);
  const int64_t whole = XI * (int64_t{s.C} + (s.O + R - 1) / R * R) * nb * kWinoMaxTP + kWinoPad;
  return s.C * w.channel_stride() + w.slack(vl) + std::max(blocked, whole);
}

/// Transforms OIHW 3x3 weights (G g G^T in double, rounded once) and packs them for
/// conv2d_winograd<s>: up[xi][block][c][r], zero for channels past O; then a copy of w.
/// U = G g G^T of the 3x3 weights g of one (output, input) channel pair, in double.
inline void winograd_u(const float* g, double (&u)[4][4]) {
  double t[4][3];  // G g
  for (int j = 0; j < 3; ++j) {
    const double g0 = g[j], g1 = g[3 + j], g2 = g[6 + j];
    t[0][j] = g0;
    t[1][j] = 0.5 * (g0 + g1 + g2);
    t[2][j] = 0.5 * (g0 - g1 + g2);
    t[3][j] = g2;
  }
  for (int i = 0; i < 4; ++i) {
    const double a = t[i][0], b = t[i][1], c2 = t[i][2];
    u[i][0] = a;
    u[i][1] = 0.5 * (a + b + c2);
    u[i][2] = 0.5 * (a - b + c2);
    u[i][3] = c2;
  }
}

/// U = G g G^T for F(4x4, 3x3) (Lavin's G, points 0, +-1, +-2, inf), in double as
/// (G' g G'^T) / 576 with G' = 24 G of small integers (each monomial rounded at most six
/// times in double: within 2^-50 of exact relative to the sum of their magnitudes; then
/// rounded to float once by the packing).
inline void winograd_u4(const float* g, double (&u)[6][6]) {
  static constexpr double Gp[6][3] = {{6, 0, 0}, {-4, -4, -4}, {-4, 4, -4},
                                      {1, 2, 4}, {1, -2, 4},   {0, 0, 24}};
  double t[6][3];  // G' g
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 3; ++j)
      t[i][j] = (Gp[i][0] * g[j] + Gp[i][1] * g[3 + j]) + Gp[i][2] * g[6 + j];
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      u[i][j] = ((t[i][0] * Gp[j][0] + t[i][1] * Gp[j][1]) + t[i][2] * Gp[j][2]) / 576;
}

namespace detail {
/// Packs U (M = 2: winograd_u, M = 4: winograd_u4) as up[xi][block][c][r], zero for
/// channels past O; then a copy of w.
template <int M>
inline void pack_conv2d_winograd_m(const Conv& s, const float* w, float* out) {
  constexpr int N = M + 2, XI = N * N;
  const int blocks = (s.O + R - 1) / R;
  for (int o = 0; o < blocks * R; ++o)
    for (int c = 0; c < s.C; ++c) {
      double u[N][N] = {};
      if (o < s.O) {
        if constexpr (M == 2)
          winograd_u(w + (int64_t{o} * s.C + c) * 9, u);
        else
          winograd_u4(w + (int64_t{o} * s.C + c) * 9, u);
      }
      for (int xi = 0; xi < XI; ++xi)
        out[((int64_t{xi} * blocks + o / R) * s.C + c) * R + o % R] =
            static_cast<float>(u[xi / N][xi % N]);
    }
  // The weights themselves, for the elements recomputed in the semantics' order.
  std::memcpy(out + XI * int64_t{blocks} * R * s.C, w, sizeof(float) * int64_t{s.O} * s.C * 9);
}
}  // namespace detail

inline void pack_conv2d_winograd(const Conv& s, const float* w, float* out) {
  detail::pack_conv2d_winograd_m<2>(s, w, out);
}
/// The packing of conv2d_winograd4<s> (as pack_conv2d_winograd, 36 planes of U).
inline void pack_conv2d_winograd4(const Conv& s, const float* w, float* out) {
  detail::pack_conv2d_winograd_m<4>(s, w, out);
}

namespace detail {

/// F(4x4, 3x3)'s B^T applied to six vectors (one row or column of a patch): B^T has 4, -5
/// and 2 among its entries; written as additions and multiplications by 2 or 4 (exact), two
/// roundings deep: 4 d0 - 5 d2 + d4 = 4 (d0 - d2) + (d4 - d2), and so on.
inline void wino4_bt(const vec (&d)[6], vec (&t)[6]) {
  const vec d42 = d[4] - d[2], d31 = d[3] - d[1];
  t[0] = splat(4.f) * (d[0] - d[2]) + d42;
  t[1] = (d[3] + d[4]) - splat(4.f) * (d[1] + d[2]);
  t[2] = (d[4] - d[3]) + splat(4.f) * (d[1] - d[2]);
  t[3] = d42 + splat(2.f) * d31;
  t[4] = d42 - splat(2.f) * d31;
  t[5] = splat(4.f) * (d[1] - d[3]) + (d[5] - d[3]);
}
/// F(4x4, 3x3)'s A^T applied to six vectors, three roundings deep (the multiplications by
/// 2, 4 and 8 exact).
inline void wino4_at(const vec (&m)[6], vec (&y)[4]) {
  const vec a = m[1] + m[2], b = m[1] - m[2], c = m[3] + m[4], e = m[3] - m[4];
  y[0] = (m[0] + a) + c;
  y[1] = b + splat(2.f) * e;
  y[2] = a + splat(4.f) * c;
  y[3] = (b + splat(8.f) * e) + m[5];
}

/// X^T D X of a 6 x 6 block of vectors for F(4x4, 3x3)'s 1-D transform f with K outputs (K =
/// 6: wino4_bt, the input transform; K = 4: wino4_at, the output transform): f on each row,
/// then on each column of the result. in(i, j): D at (i, j); out(a, b, v): the result at
/// (a, b).
template <int K, class In, class Out>
__attribute__((always_inline)) inline void wino4_2d(In in, Out out) {
  static_assert(K == 6 || K == 4);
  auto f = [](const vec(&x)[6], vec(&y)[K]) {
    if constexpr (K == 6)
      wino4_bt(x, y);
    else
      wino4_at(x, y);
  };
  vec t[6][K];  // D X, row by row
#pragma GCC unroll 6
  for (int i = 0; i < 6; ++i) {
    vec d[6];
#pragma GCC unroll 6
    for (int j = 0; j < 6; ++j) d[j] = in(i, j);
    f(d, t[i]);
  }
#pragma GCC unroll 6
  for (int b = 0; b < K; ++b) {  // X^T (D X), column by column
    vec col[6], o[K];
#pragma GCC unroll 6
    for (int i = 0; i < 6; ++i) col[i] = t[i][b];
    f(col, o);
#pragma GCC unroll 6
    for (int a = 0; a < K; ++a) out(a, b, o[a]);
  }
}

/// V[xi][c][0 .. NV VL) = B^T d B for the tiles p0 .. p0 + NV VL of the channel planes xq,
/// for channels c0 .. c1; V rows are LD floats apart (vb: the first tile's column).
template <Conv S, int NV, int64_t LD, int M = 2>
inline void wino_input(const float* __restrict xq, float* __restrict vb, int64_t p0, int c0,
                       int c1) {
  using G = Wino<S, M>;
  constexpr int64_t plane = G::win.plane();
  constexpr int64_t xs = wino_xi_stride(int64_t{S.C} * LD);  // V: [xi][c][LD]
  for (int c = c0; c < c1; ++c) {
    const float* xc = xq + c * G::cs + p0;
    float* vc = vb + int64_t{c} * LD;
    // The rows two channels ahead (64 channels x 4 phase planes defeat the prefetchers).
    if (c + 2 < c1)
#pragma GCC unroll 16
      for (int ph = 0; ph < M * M; ++ph)
#pragma GCC unroll 2
        for (int r = 0; r < 2; ++r)
#pragma GCC unroll 4
          for (int v = 0; v <= NV; ++v)
            __builtin_prefetch(xc + 2 * G::cs + ph * plane + r * G::Wq + v * VL);
    if constexpr (M == 4) {
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v)
        wino4_2d<6>([&](int i, int j) { return load(xc + v * VL + G::win.tap_offset(i, j)); },
                    [&](int a, int b, vec o) { store(vc + int64_t{a * 6 + b} * xs + v * VL, o); });
      continue;
    }
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) {
      vec d[4][4];
#pragma GCC unroll 4
      for (int i = 0; i < 4; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < 4; ++j)
          d[i][j] = load(xc + v * VL + ((i % 2) * 2 + j % 2) * plane + (i / 2) * G::Wq + j / 2);
      vec t[4][4];  // B^T d
#pragma GCC unroll 4
      for (int j = 0; j < 4; ++j) {
        t[0][j] = d[0][j] - d[2][j];
        t[1][j] = d[1][j] + d[2][j];
        t[2][j] = d[2][j] - d[1][j];
        t[3][j] = d[1][j] - d[3][j];
      }
#pragma GCC unroll 4
      for (int i = 0; i < 4; ++i) {  // (B^T d) B
        float* o = vc + int64_t{i * 4} * xs + v * VL;
        store(o, t[i][0] - t[i][2]);
        store(o + xs, t[i][1] + t[i][2]);
        store(o + 2 * xs, t[i][2] - t[i][1]);
        store(o + 3 * xs, t[i][1] - t[i][3]);
      }
    }
  }
}

/// M[r][0 .. NV VL) = sum_c U[b][c][r] V[c][..] for one xi and output-channel block b:
/// vx: V_xi at the tile block's first column, rows LDV floats apart; wx: U_xi,b; mx: M_xi
/// at channel b R's row and the block's first column, rows LDM apart.
template <Conv S, int NV, int64_t LDV, int64_t LDM>
inline void wino_gemm(const float* __restrict vx, const float* __restrict wx,
                      float* __restrict mx) {
  vec acc[R][NV];
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) acc[r][v] = vec{};
  for (int c = 0; c < S.C; ++c) {
    vec xv[NV];
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) xv[v] = load(vx + int64_t{c} * LDV + v * VL);
    const float* wc = wx + c * R;
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) {
      const vec wr = splat(wc[r]);
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[r][v] = fmadd(wr, xv[v], acc[r][v]);
    }
  }
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) store(mx + r * LDM + v * VL, acc[r][v]);
}

/// (a, b, c, d) interleaved: the four vectors hold a0 b0 c0 d0 a1 b1 c1 d1 .. (4 VL floats).
inline void interleave4(vec a, vec b, vec c, vec d, vec (&out)[4]) {
  vec ab_lo, ab_hi, cd_lo, cd_hi;
  interleave(a, b, ab_lo, ab_hi);
  interleave(c, d, cd_lo, cd_hi);
#if defined(__AVX512F__)
  const __m512i il = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11);
  const __m512i ih = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
  auto pairs = [&](vec x, vec z, vec& lo, vec& hi) {  // pairs of floats as 64-bit units
    lo = (vec)_mm512_permutex2var_pd((__m512d)x, il, (__m512d)z);
    hi = (vec)_mm512_permutex2var_pd((__m512d)x, ih, (__m512d)z);
  };
#else
  auto pairs = [](vec x, vec z, vec& lo, vec& hi) {
    for (int i = 0; i < VL / 4; ++i) {
      lo[4 * i] = x[2 * i], lo[4 * i + 1] = x[2 * i + 1];
      lo[4 * i + 2] = z[2 * i], lo[4 * i + 3] = z[2 * i + 1];
      hi[4 * i] = x[VL / 2 + 2 * i], hi[4 * i + 1] = x[VL / 2 + 2 * i + 1];
      hi[4 * i + 2] = z[VL / 2 + 2 * i], hi[4 * i + 3] = z[VL / 2 + 2 * i + 1];
    }
  };
#endif
  pairs(ab_lo, cd_lo, out[0], out[1]);
  pairs(ab_hi, cd_hi, out[2], out[3]);
}

/// Output transform y = A^T M A of the tiles p0 .. p0 + len of channel ch (mc: its M row
/// at p0, xi planes MXS apart) for F(M x M, 3x3), the epilogue, and the scatter of the valid
/// M x M pixels of the valid tiles into sample n's output: each tile row's full tiles VL at
/// a time as M interleaved vectors (the residual and the activation on them), then the last
/// tile's columns when OW is not a multiple of M.
template <Conv S, Epi E, int NV, int64_t MXS, int M = 2>
inline bool wino_output(const float* mc, float* y, const EpiArgs& a, int n, int64_t ch, int64_t p0,
                        int len) {
  using G = Wino<S, M>;
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  constexpr int64_t RS = int64_t{NV} * VL + VL;  // out's rows: whole loads past len stay inside
  alignas(64) float out[M * M * RS];
  for (int r = 0; r < M * M; ++r) store(out + r * RS + NV * VL, vec{});  // read, never used
  bool bad = false;
  // Pixel (r, q) of the tiles of vector v: the epilogue, then into out.
  auto finish = [&](int r, int q, int v, vec yv) {
    if (any_non_finite(yv)) yv = infinite_to_nan(yv);
    yv = epi_channel<E>(yv, a, ch);
    if constexpr (!E.residual) yv = act_v<E.act>(yv, E.alpha, E.beta);
    bad |= any_non_finite(yv);
    store(&out[(r * M + q) * RS + v * VL], yv);
  };
#pragma GCC unroll 4
  for (int v = 0; v < NV; ++v) {
    if constexpr (M == 4) {
      wino4_2d<4>([&](int i, int j) { return load(mc + (i * 6 + j) * MXS + v * VL); },
                  [&](int r, int q, vec yv) { finish(r, q, v, yv); });
    } else {
      vec m[16];
#pragma GCC unroll 16
      for (int xi = 0; xi < 16; ++xi) m[xi] = load(mc + xi * MXS + v * VL);
      vec s[2][4];  // A^T M
#pragma GCC unroll 4
      for (int j = 0; j < 4; ++j) {
        s[0][j] = (m[j] + m[4 + j]) + m[8 + j];
        s[1][j] = (m[4 + j] - m[8 + j]) - m[12 + j];
      }
#pragma GCC unroll 2
      for (int i = 0; i < 2; ++i) {
        finish(i, 0, v, (s[i][0] + s[i][1]) + s[i][2]);
        finish(i, 1, v, (s[i][1] - s[i][2]) - s[i][3]);
      }
    }
  }
  float* yc = y + (int64_t{n} * S.O + ch) * ohw;
  const float* rc = E.residual ? a.residual + (int64_t{n} * S.O + ch) * ohw : nullptr;
  const int64_t pend = p0 + len;
  for (int64_t p = p0; p < pend;) {
    const int64_t th = p / G::Wq, tw = p % G::Wq;
    const int64_t seg = std::min<int64_t>(pend, th * G::Wq + G::TW) - p;
    for (int i = 0; i < M && seg > 0; ++i) {
      const int64_t oh = M * th + i;
      if (oh >= S.OH) break;
      const float* o = out + i * M * RS + (p - p0);
      float* yr = yc + oh * S.OW + M * tw;
      const float* rr = E.residual ? rc + oh * S.OW + M * tw : nullptr;
      const int64_t nfull = std::min<int64_t>(seg, S.OW / M - tw);
      for (int64_t k = 0; k < nfull; k += VL) {
        const int r = static_cast<int>(std::min<int64_t>(VL, nfull - k));  // tiles
        vec q[M];
        if constexpr (M == 4)
          interleave4(load(o + k), load(o + RS + k), load(o + 2 * RS + k), load(o + 3 * RS + k), q);
        else
          interleave(load(o + k), load(o + RS + k), q[0], q[1]);
#pragma GCC unroll 4
        for (int u = 0; u < M; ++u) {
          const int nu = std::clamp(M * r - u * VL, 0, VL);
          if (nu == 0) break;
          if constexpr (E.residual) {
            q[u] = act_v<E.act>(q[u] + load_partial(rr + M * k + u * VL, nu), E.alpha, E.beta);
            bad |= any_non_finite(q[u]);  // (lanes past nu: a false alarm at most)
          }
          store_partial(yr + M * k + u * VL, q[u], nu);
        }
      }
      if (nfull < seg)
        for (int64_t col = M * nfull; col < S.OW - M * tw; ++col) {
          float v0 = o[(col % M) * RS + nfull];
          if constexpr (E.residual) {
            v0 = act_s<E.act>(v0 + rr[col], E.alpha, E.beta);
            bad |= !std::isfinite(v0);
          }
          yr[col] = v0;
        }
    }
    p = (th + 1) * G::Wq;
  }
  return bad;
}

/// V of the whole layer (rows LD floats apart, every tile block of Wino<S>) from the phase
/// planes xq, for channels c0 .. c1.
template <Conv S, int64_t LD, int M = 2>
inline void wino_input_all(const float* xq, float* vall, int c0, int c1) {
  using G = Wino<S, M>;
  constexpr int64_t TP = G::TP, full = G::P / TP, rem = G::P % TP;
  for (int64_t t = 0; t < full; ++t) wino_input<S, G::NV, LD, M>(xq, vall + t * TP, t * TP, c0, c1);
  if constexpr (rem > 0)
    wino_input<S, static_cast<int>((rem + VL - 1) / VL), LD, M>(xq, vall + full * TP, full * TP, c0,
                                                                c1);
}

/// The phase planes of sample xn's channels, then V of the whole layer (wino_input_all; a
/// channel's transform may read past its planes, so all are copied first). Called by every
/// thread of a parallel region, which share the channels (`planes` and `input`, each over
/// S.C, constructed before the region), with a barrier after each phase; the caller zeroes
/// the planes' slack first.
template <Conv S, int64_t LD, int M = 2>
inline void wino_planes_and_input(const float* xn, float* xq, float* vall, Share& planes,
                                  Share& input) {
  using G = Wino<S, M>;
  planes.run(
      [&](int64_t c) { pack_planes(xn + c * S.H * S.W, xq + c * G::cs, 1, G::win, 0.f, false); });
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp barrier
#endif
  input.run([&](int64_t c) {
    wino_input_all<S, LD, M>(xq, vall, static_cast<int>(c), static_cast<int>(c + 1));
  });
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp barrier
#endif
}

/// Recomputes the non-finite elements of a Winograd kernel's output in the semantics'
/// order, from the OIHW weights its packing copied after U (at w).
template <Conv S, Epi E>
inline void wino_fix_non_finite(const float* x, const float* w, float* y, const EpiArgs& a) {
  conv2d_fix_non_finite<S, E>(
      x, [w](int o, int c, int t) { return w[(int64_t{o} * S.C + c) * 9 + t]; }, y, a);
}

}  // namespace detail

/// conv2d / fused_conv2d by Winograd F(M x M, 3x3) (M = 2: conv2d_winograd, 16 planes; M =
/// 4: conv2d_winograd4, 36 planes). `up` from pack_conv2d_winograd(4); `scratch` holds
/// conv2d_winograd(4)_scratch_elements(S) floats.
///
/// Two orders. Layers of many tile blocks (large planes): per tile block, V of all
/// channels, then per channel block its XI products and the output transform (V and M stay
/// in L2; the weights are read once per tile block). Layers of few tile blocks (small
/// planes, many channels): V of the whole layer, then per channel block the XI products of
/// every tile block (each weight read once), then the output transform of the layer.
namespace detail {
template <Conv S, Epi E, int M>
void conv2d_winograd_m(const float* x, const float* up, float* y, float* scratch,
                       const EpiArgs& a) {
  static_assert(S.KH == 3 && S.KW == 3 && S.sh == 1 && S.sw == 1 && S.dh == 1 && S.dw == 1 &&
                S.groups == 1);
  using G = Wino<S, M>;
  constexpr int XI = G::XI;

  static_assert(G::TP <= kWinoMaxTP);
  constexpr int64_t TP = G::TP;
  constexpr int64_t full = G::P / TP, rem = G::P % TP;
  constexpr int NVT = rem > 0 ? static_cast<int>((rem + VL - 1) / VL) : 1;
  constexpr int64_t ntb = full + (rem > 0 ? 1 : 0);
  float* const xq = scratch;
  float* const tbase = scratch + S.C * G::cs + G::win.slack();
  constexpr bool whole = G::whole;
  std::atomic<bool> bad{false};
  auto note = [&](bool nf) {
    if (nf) bad.store(true, std::memory_order_relaxed);
  };
  for (int n = 0; n < S.N; ++n) {
    const float* xn = x + int64_t{n} * S.C * S.H * S.W;
    if constexpr (!whole) {
      constexpr int64_t per_thread = G::per_thread;
      // Tile block t's channel block b, after the block's input transform into vb unless vb
      // holds it already.
      auto block = [&](int64_t t, float* vb, float* mb, int b, bool input) {
        const int64_t p0 = t * TP;
        auto run = [&]<int NV>(int len) {
          constexpr int64_t VXS = wino_xi_stride(int64_t{S.C} * TP);
          constexpr int64_t MXS = wino_xi_stride(int64_t{R} * TP);
          static_assert(XI * VXS + XI * MXS <= per_thread);  // V and M of one thread
          if (input) wino_input<S, NV, TP, M>(xq, vb, p0, 0, S.C);
          for (int xi = 0; xi < XI; ++xi)
            wino_gemm<S, NV, TP, TP>(vb + xi * VXS, up + (int64_t{xi} * G::blocks + b) * S.C * R,
                                     mb + xi * MXS);
          const int rv = std::min(R, S.O - b * R);
          for (int r = 0; r < rv; ++r)
            note(wino_output<S, E, NV, MXS, M>(mb + r * TP, y, a, n, int64_t{b} * R + r, p0, len));
        };
        if (t < full)
          run.template operator()<G::NV>(static_cast<int>(TP));
        else
          run.template operator()<NVT>(static_cast<int>(rem));
      };
      // Threads share the (tile block, channel block) pairs in that order; a thread
      // transforms a tile block's input when it takes a pair of a block it has not just
      // transformed (on an idle machine: once per block of its static share, plus the one its
      // share starts inside). (Copying the input by bands of rows instead of by channels
      // measured slower here.)
      std::fill(xq + S.C * G::cs, xq + S.C * G::cs + G::win.slack(), 0.f);
      Share planes(S.C, share_grain(G::cs)), units(ntb * G::blocks);
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp parallel num_threads(VFRT_THREADS)
#endif
      {
        planes.run([&](int64_t c) {
          pack_planes(xn + c * S.H * S.W, xq + c * G::cs, 1, G::win, 0.f, false);
        });
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp barrier
#endif
        float* const vb = tbase + per_thread * thread_num();
        int64_t have = -1;  // the tile block whose V vb holds
        units.run([&](int64_t u) {
          const int64_t t = u / G::blocks;
          block(t, vb, vb + G::vsize, static_cast<int>(u % G::blocks), t != have);
          have = t;
        });
      }
    } else {
      constexpr int64_t LD = ntb * TP;  // V: [xi][c][LD], M: [xi][o][LD]
      constexpr int64_t VXS = wino_xi_stride(int64_t{S.C} * LD);
      constexpr int64_t MXS = wino_xi_stride(int64_t{G::blocks} * R * LD);
      static_assert(LD <= (G::P + kWinoMaxTP - 1) / kWinoMaxTP * kWinoMaxTP);  // the scratch
      static_assert(XI * VXS + XI * MXS <= XI * (int64_t{S.C} + G::blocks * R) *
                                                   ((G::P + kWinoMaxTP - 1) / kWinoMaxTP) *
                                                   kWinoMaxTP +
                                               kWinoPad);
      float* const vall = tbase;
      float* const mall = tbase + XI * VXS;
      // One xi at a time: its V (C x LD) stays in cache while every channel block passes.
      auto gemm = [&](int xi) {
        const float* vx = vall + xi * VXS;
        for (int b = 0; b < G::blocks; ++b) {
          const float* wx = up + (int64_t{xi} * G::blocks + b) * S.C * R;
          float* mx = mall + xi * MXS + int64_t{b} * R * LD;
          for (int64_t t = 0; t < full; ++t)
            wino_gemm<S, G::NV, LD, LD>(vx + t * TP, wx, mx + t * TP);
          if constexpr (rem > 0) wino_gemm<S, NVT, LD, LD>(vx + full * TP, wx, mx + full * TP);
        }
      };
      auto output = [&](int64_t o) {
        const float* mo = mall + o * LD;
        for (int64_t t = 0; t < full; ++t)
          note(wino_output<S, E, G::NV, MXS, M>(mo + t * TP, y, a, n, o, t * TP,
                                                static_cast<int>(TP)));
        if constexpr (rem > 0)
          note(wino_output<S, E, NVT, MXS, M>(mo + full * TP, y, a, n, o, full * TP,
                                              static_cast<int>(rem)));
      };
      std::fill(xq + S.C * G::cs, xq + S.C * G::cs + G::win.slack(), 0.f);
      Share planes(S.C, share_grain(G::cs)), input(S.C, share_grain(XI * LD));
      Share products(XI, share_grain(int64_t{G::blocks} * R * S.C * LD));
      Share outputs(S.O, share_grain(XI * LD));
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp parallel num_threads(VFRT_THREADS)
#endif
      {
        wino_planes_and_input<S, LD, M>(xn, xq, vall, planes, input);
        products.run([&](int64_t xi) { gemm(static_cast<int>(xi)); });
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp barrier
#endif
        outputs.run(output);
      }
    }
  }
  if (bad.load(std::memory_order_relaxed))  // the weights after U (pack_conv2d_winograd)
    wino_fix_non_finite<S, E>(x, up + XI * int64_t{G::blocks} * R * S.C, y, a);
}
}  // namespace detail

/// conv2d / fused_conv2d by Winograd F(2x2, 3x3) (see detail::conv2d_winograd_m).
template <Conv S, Epi E>
void conv2d_winograd(const float* x, const float* up, float* y, float* scratch, const EpiArgs& a) {
  detail::conv2d_winograd_m<S, E, 2>(x, up, y, scratch, a);
}
/// conv2d / fused_conv2d by Winograd F(4x4, 3x3): the same orders with 36 planes and 4x4
/// tiles. `up` from pack_conv2d_winograd4 (conv2d_winograd_packed_elements(S, 4) floats);
/// `scratch` holds conv2d_winograd_scratch_elements(S, threads, vl, 4) floats.
template <Conv S, Epi E>
void conv2d_winograd4(const float* x, const float* up, float* y, float* scratch, const EpiArgs& a) {
  detail::conv2d_winograd_m<S, E, 4>(x, up, y, scratch, a);
}

// ---------------------------------------------------------------------------------------
// Winograd F(2x2, 3x3) on small planes, output channels in the vector lanes.
//
// A small plane's tile grid fills few tile vectors (7x7: 16 tiles, 20 on conv2d_winograd's
// wide grid, 2 vectors of 16 lanes), so here, as in conv2d_small, the lanes hold output
// channels and the tiles are broadcasts. First V = B^T d B of the whole layer (wino_input,
// on the wide grid); then per tile of CB output channels
//   M[xi][t][o] = sum_c V[xi][c][t] U[xi][c][o]      16 GEMMs, SCV x PX register tiles
//   y = A^T M A per tile and channel vector           the output transform
// then the epilogue, and the transpose into the NCHW output. Every element is computed by
// the same operations in the same order as in conv2d_winograd (U rounded once, V two
// additions deep, the sum over c from 0 by FMA, the output transform four additions deep),
// so the same bound holds (docs/codegen.md).

/// Floats of the packed weights: 16 x ceil(O / SB) blocks x C x SB, then the O x C x 9
/// weights.
inline int64_t conv2d_winograd_lanes_packed_elements(const Conv& s) {
  return 16 * int64_t{(s.O + SB - 1) / SB} * SB * s.C + int64_t{s.O} * s.C * 9;
}

/// Transforms OIHW 3x3 weights (G g G^T in double, rounded once) and packs them for
/// conv2d_winograd_lanes<s>: up[block of SB][xi][c][k], zero for channels past O (a channel
/// tile's weights are one contiguous stream); then a copy of w.
inline void pack_conv2d_winograd_lanes(const Conv& s, const float* w, float* out) {
  const int blocks = (s.O + SB - 1) / SB;
  for (int o = 0; o < blocks * SB; ++o)
    for (int c = 0; c < s.C; ++c) {
      double u[4][4] = {};
      if (o < s.O) winograd_u(w + (int64_t{o} * s.C + c) * 9, u);
      for (int xi = 0; xi < 16; ++xi)
        out[((int64_t{o / SB} * 16 + xi) * s.C + c) * SB + o % SB] =
            static_cast<float>(u[xi / 4][xi % 4]);
    }
  std::memcpy(out + 16 * int64_t{blocks} * SB * s.C, w, sizeof(float) * int64_t{s.O} * s.C * 9);
}

namespace detail {

/// The wide-grid index (th * (TW + 1) + tw) of every tile of S's Winograd grid.
template <Conv S, int NT>
constexpr Offsets<NT> wino_tiles() {
  Offsets<NT> o{};
  for (int q = 0; q < NT; ++q) o.v[q] = int64_t{q / Wino<S>::TW} * Wino<S>::Wq + q % Wino<S>::TW;
  return o;
}

/// m[q][0 .. CB) = sum_c vx[c][tile q0 + q] U_xi[c][ch0 ..] for NP tiles: one xi's GEMM
/// for the SCV channel vectors from ch0 (vx: V_xi, rows LD floats apart; up: the packed U).
template <Conv S, int NT, int NP, int64_t LD>
inline void wino_lanes_tile(const float* __restrict vx, const float* __restrict up, int xi, int ch0,
                            int q0, float* __restrict m) {
  constexpr Offsets<NT> tiles = wino_tiles<S, NT>();
  constexpr int CB = SCV * VL;
  vec acc[SCV][NP];
#pragma GCC unroll 2
  for (int v = 0; v < SCV; ++v)
#pragma GCC unroll 12
    for (int q = 0; q < NP; ++q) acc[v][q] = vec{};
  const float* wv[SCV];
#pragma GCC unroll 2
  for (int v = 0; v < SCV; ++v) {
    const int ch = ch0 + v * VL;
    wv[v] = up + (int64_t{ch / SB} * 16 + xi) * S.C * SB + ch % SB;
  }
  for (int c = 0; c < S.C; ++c) {
    vec w[SCV];
#pragma GCC unroll 2
    for (int v = 0; v < SCV; ++v) w[v] = load(wv[v] + int64_t{c} * SB);
    lanes_step<NP>(w, vx + int64_t{c} * LD, tiles, q0, acc);
  }
#pragma GCC unroll 12
  for (int q = 0; q < NP; ++q)
#pragma GCC unroll 2
    for (int v = 0; v < SCV; ++v) store(m + q * CB + v * VL, acc[v][q]);
}

}  // namespace detail

/// conv2d / fused_conv2d by Winograd F(2x2, 3x3) with output channels in the lanes (small
/// planes). `up` from pack_conv2d_winograd_lanes; `scratch` holds
/// conv2d_winograd_scratch_elements(S) floats (the phase planes and V of the whole layer).
template <Conv S, Epi E>
void conv2d_winograd_lanes(const float* x, const float* up, float* y, float* scratch,
                           const EpiArgs& a) {
  static_assert(S.KH == 3 && S.KW == 3 && S.sh == 1 && S.sw == 1 && S.dh == 1 && S.dw == 1 &&
                S.groups == 1);
  using G = Wino<S>;
  constexpr int64_t TP = G::TP;
  constexpr int64_t LD = (G::P + TP - 1) / TP * TP;  // V: [xi][c][LD], whole tile blocks
  constexpr int64_t VXS = wino_xi_stride(int64_t{S.C} * LD);
  static_assert(16 * VXS <=
                16 * int64_t{S.C} * ((G::P + kWinoMaxTP - 1) / kWinoMaxTP) * kWinoMaxTP +
                    kWinoPad);       // within conv2d_winograd_scratch_elements
  constexpr int NT = G::TH * G::TW;  // tiles
  constexpr int NPIX = S.OH * S.OW;
  constexpr int CB = detail::SCV * VL;  // channels of a tile
  constexpr int nct = (S.O + CB - 1) / CB;
  constexpr int ntl = (NT + detail::SPX - 1) / detail::SPX;
  constexpr int PX = (NT + ntl - 1) / ntl;  // tiles of a register tile (balanced)
  constexpr int LAST = NT - (ntl - 1) * PX;
  float* const xq = scratch;
  float* const vall = scratch + S.C * G::cs + G::win.slack();
  std::atomic<bool> bad{false};
  for (int n = 0; n < S.N; ++n) {
    const float* xn = x + int64_t{n} * S.C * S.H * S.W;
    auto tile = [&](int ct) {
      const int ch0 = ct * CB;
      alignas(64) float m[16][NT][CB];
      for (int xi = 0; xi < 16; ++xi) {
        const float* vx = vall + xi * VXS;
        for (int i = 0; i + 1 < ntl; ++i)
          detail::wino_lanes_tile<S, NT, PX, LD>(vx, up, xi, ch0, i * PX, &m[xi][i * PX][0]);
        detail::wino_lanes_tile<S, NT, LAST, LD>(vx, up, xi, ch0, (ntl - 1) * PX,
                                                 &m[xi][(ntl - 1) * PX][0]);
      }
      // The output transform (as wino_output's) per tile and channel vector, the epilogue,
      // then the transpose into the NCHW output.
      alignas(64) float tb[NPIX][CB];
      bool nf = false;
      for (int v = 0; v < detail::SCV; ++v) {
        const int ch = ch0 + v * VL;
        const int lanes = std::max(0, std::min(VL, S.O - ch));
        if (lanes == 0) continue;
        for (int q = 0; q < NT; ++q) {
          const int th = q / G::TW, tw = q % G::TW;
          vec mv[16];
#pragma GCC unroll 16
          for (int xi = 0; xi < 16; ++xi) mv[xi] = load(&m[xi][q][v * VL]);
          vec s[2][4];  // A^T M
#pragma GCC unroll 4
          for (int j = 0; j < 4; ++j) {
            s[0][j] = (mv[j] + mv[4 + j]) + mv[8 + j];
            s[1][j] = (mv[4 + j] - mv[8 + j]) - mv[12 + j];
          }
#pragma GCC unroll 2
          for (int i = 0; i < 2; ++i) {
            const int oh = 2 * th + i;
            if (oh >= S.OH) break;
            const vec y0 = (s[i][0] + s[i][1]) + s[i][2];
            const vec y1 = (s[i][1] - s[i][2]) - s[i][3];
            store(&tb[oh * S.OW + 2 * tw][v * VL], detail::lanes_epilogue<E>(y0, a, ch, lanes, nf));
            if (2 * tw + 1 < S.OW)
              store(&tb[oh * S.OW + 2 * tw + 1][v * VL],
                    detail::lanes_epilogue<E>(y1, a, ch, lanes, nf));
          }
        }
      }
      detail::lanes_store<S, E, NPIX, CB>(tb, y, a, n, ch0, std::min(CB, S.O - ch0), nf);
      if (nf) bad.store(true, std::memory_order_relaxed);
    };
    std::fill(xq + S.C * G::cs, xq + S.C * G::cs + G::win.slack(), 0.f);
    Share planes(S.C, share_grain(G::cs)), input(S.C, share_grain(16 * LD));
    Share tiles(nct, share_grain(int64_t{CB} * S.C * 16 * LD));
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp parallel num_threads(VFRT_THREADS)
#endif
    {
      detail::wino_planes_and_input<S, LD>(xn, xq, vall, planes, input);
      tiles.run([&](int64_t ct) { tile(static_cast<int>(ct)); });
    }
  }
  if (bad.load(std::memory_order_relaxed))  // the weights after U
    detail::wino_fix_non_finite<S, E>(x, up + 16 * int64_t{(S.O + SB - 1) / SB} * S.C * SB, y, a);
}

// ---------------------------------------------------------------------------------------
// dense / fused_dense: x [rows, K] . w[M, K]^T, epilogue per output column m.

/// A dense layer's shape.
struct Dense {
  int64_t rows, K, M;
};
/// Output columns per packed block.
inline constexpr int DB = 16;

inline int64_t dense_packed_elements(const Dense& s) { return (s.M + DB - 1) / DB * DB * s.K; }

/// Packs w [M, K] as wp[block][k][j] = w[block * DB + j][k] (zero past M).
inline void pack_dense(const Dense& s, const float* w, float* out) {
  const int64_t nb = (s.M + DB - 1) / DB;
  for (int64_t b = 0; b < nb; ++b)
    for (int64_t k = 0; k < s.K; ++k)
      for (int j = 0; j < DB; ++j) {
        const int64_t m = b * DB + j;
        out[(b * s.K + k) * DB + j] = m < s.M ? w[m * s.K + k] : 0.f;
      }
}

namespace detail {

template <Dense S, Epi E, int RB>
inline bool dense_rows(const float* x, const float* wp, float* y, int64_t r0, const EpiArgs& a) {
  constexpr int NB = DB / VL;  // vectors per block
  constexpr int64_t nb = (S.M + DB - 1) / DB;
  bool bad = false;
  for (int64_t b = 0; b < nb; ++b) {
    vec acc[RB][NB] = {};
    const float* wb = wp + b * S.K * DB;
    for (int64_t k = 0; k < S.K; ++k) {
#pragma GCC unroll 4
      for (int v = 0; v < NB; ++v) {
        const vec wv = load(wb + k * DB + v * VL);
#pragma GCC unroll 4
        for (int r = 0; r < RB; ++r) acc[r][v] = fmadd(splat(x[(r0 + r) * S.K + k]), wv, acc[r][v]);
      }
    }
    for (int r = 0; r < RB; ++r)
      for (int v = 0; v < NB; ++v) {
        const int64_t m0 = b * DB + v * VL;
        if (m0 >= S.M) break;
        const int lanes = static_cast<int>(std::min<int64_t>(VL, S.M - m0));
        auto ld = [&](const float* p) { return lanes == VL ? load(p) : load_partial(p, lanes); };
        vec yv = acc[r][v];
        if (any_non_finite(yv)) yv = infinite_to_nan(yv);
        if constexpr (E.bias) yv = yv + ld(a.bias + m0);
        if constexpr (E.scale) yv = yv * ld(a.scale + m0);
        if constexpr (E.shift) yv = yv + ld(a.shift + m0);
        const int64_t o = (r0 + r) * S.M + m0;
        if constexpr (E.residual) yv = yv + ld(a.residual + o);
        yv = act_v<E.act>(yv, E.alpha, E.beta);
        bad |= any_non_finite(yv);
        if (lanes == VL)
          store(y + o, yv);
        else
          store_partial(y + o, yv, lanes);
      }
  }
  return bad;
}

}  // namespace detail

/// dense / fused_dense with weights from pack_dense.
template <Dense S, Epi E>
void dense(const float* x, const float* wp, float* y, const EpiArgs& a) {
  constexpr int RB = 4;
  int64_t r = 0;
  bool bad = false;
  for (; r + RB <= S.rows; r += RB) bad |= detail::dense_rows<S, E, RB>(x, wp, y, r, a);
  switch (S.rows - r) {
    case 3: bad |= detail::dense_rows<S, E, 3>(x, wp, y, r, a); break;
    case 2: bad |= detail::dense_rows<S, E, 2>(x, wp, y, r, a); break;
    case 1: bad |= detail::dense_rows<S, E, 1>(x, wp, y, r, a); break;
    default: break;
  }
  if (!bad) return;
  // A non-finite element again in the semantics' order: the sum over k from +0, then the
  // epilogue (wp[block][k][j], pack_dense).
  for (int64_t i = 0; i < S.rows; ++i)
    for (int64_t m = 0; m < S.M; ++m) {
      float& v = y[i * S.M + m];
      if (std::isfinite(v)) continue;
      float acc = 0.f;
      for (int64_t k = 0; k < S.K; ++k)
        acc = acc + x[i * S.K + k] * wp[((m / DB) * S.K + k) * DB + m % DB];
      v = epilogue_s<E>(acc, a, m, i * S.M + m);
    }
}

// ---------------------------------------------------------------------------------------
// matmul and gemm: sums in k order, one rounding per operation, as the interpreter.

/// numpy matmul: out [batch..., M, N]; a batch b of the output reads a at a_off[b] and b
/// at b_off[b] (broadcast batch offsets, computed by the emitter).
struct MatMul {
  int64_t batches, M, K, N;
};

template <MatMul S>
void matmul(const float* a, const float* b, float* y, const int64_t* a_off, const int64_t* b_off) {
  float acc[S.N > 0 ? S.N : 1];
  for (int64_t q = 0; q < S.batches; ++q) {
    const float* aq = a + a_off[q];
    const float* bq = b + b_off[q];
    for (int64_t i = 0; i < S.M; ++i) {
      for (int64_t j = 0; j < S.N; ++j) acc[j] = 0.f;
      for (int64_t k = 0; k < S.K; ++k) {
        const float av = aq[i * S.K + k];
        const float* br = bq + k * S.N;
        for (int64_t j = 0; j < S.N; ++j) acc[j] = acc[j] + av * br[j];
      }
      std::memcpy(y + (q * S.M + i) * S.N, acc, sizeof(float) * static_cast<size_t>(S.N));
    }
  }
}

/// gemm: alpha * op(A) op(B) + beta * C; C broadcast by strides (sc0, sc1).
struct Gemm {
  int64_t M, N, K, lda, ldb;
  bool ta, tb, has_c, alpha_one, beta_one;
  float alpha, beta;
  int64_t sc0, sc1;
};

template <Gemm S>
void gemm(const float* a, const float* b, const float* c, float* y) {
  for (int64_t i = 0; i < S.M; ++i)
    for (int64_t j = 0; j < S.N; ++j) {
      float acc = 0.f;
      for (int64_t k = 0; k < S.K; ++k) {
        const float av = a[S.ta ? k * S.lda + i : i * S.lda + k];
        const float bv = b[S.tb ? j * S.ldb + k : k * S.ldb + j];
        acc = acc + av * bv;
      }
      if constexpr (!S.alpha_one) acc = S.alpha * acc;
      if constexpr (S.has_c) {
        const float cv = c[i * S.sc0 + j * S.sc1];
        acc = acc + (S.beta_one ? cv : S.beta * cv);
      }
      y[i * S.N + j] = acc;
    }
}

// ---------------------------------------------------------------------------------------
// conv2d_transpose: the interpreter's gather, each output element's sum over c, kh, kw in
// that order, starting from +0, bias added after the sum (bit-identical to the interpreter).
//
// Sub-pixel phases: the output columns ow = rw + sw j of one phase rw (0 <= rw < sw) are
// reached by the same taps kw, those with sw | rw + pl - kw dw, and read the input columns
// iw = j + b(kw), b(kw) = (rw + pl - kw dw) / sw. So VL consecutive j of a phase are VL
// independent sums over the same taps in the same order, each tap one contiguous load of
// x: the columns whose every tap lies inside the input run as vectors, R output channels x
// NV vectors in registers (each lane's sum is the scalar sum, term by term); the border
// columns, where a lane would skip a tap, run the scalar gather. Rows: each output row
// reads the same kh for every column, so its list of (kh, ih) is computed once.

struct ConvT {
  int N, C, H, W, O, OH, OW, KH, KW, sh, sw, pt, pl, dh, dw, groups;
  bool bias;
};

namespace detail {
inline int64_t transpose_source(int64_t o, int64_t pad, int64_t k, int64_t dil, int64_t stride,
                                int64_t n) {
  const int64_t t = o + pad - k * dil;
  if (t < 0 || t % stride != 0) return -1;
  const int64_t i = t / stride;
  return i < n ? i : -1;
}

/// The taps of one output row (kh, ih) or one column phase (kw, b) of conv2d_transpose.
template <int Max>
struct ConvTTaps {
  int n = 0;
  int k[Max], off[Max];
};

/// R output channels o0.. of one row oh at phase column j, the scalar gather over the taps
/// of `rows` x `cols` (kh, then kw ascending, as the semantics) that fall inside the input.
template <ConvT S, int R>
void conv2d_transpose_border(const float* x, const float* w, const float* bias, float* y, int n,
                             int o0, int oh, int rw, int j, const ConvTTaps<S.KH>& rows,
                             const ConvTTaps<S.KW>& cols) {
  const int cin_g = S.C / S.groups, cout_g = S.O / S.groups;
  const int64_t hw = int64_t{S.H} * S.W, khw = int64_t{S.KH} * S.KW;
  const int g = o0 / cout_g, og0 = o0 % cout_g;
  float acc[R] = {};
  for (int ci = 0; ci < cin_g; ++ci) {
    const int64_t c = int64_t{g} * cin_g + ci;
    const float* xc = x + (int64_t{n} * S.C + c) * hw;
    const float* wc = w + (c * cout_g + og0) * khw;
    for (int a = 0; a < rows.n; ++a)
      for (int b = 0; b < cols.n; ++b) {
        const int iw = j + cols.off[b];
        if (iw < 0 || iw >= S.W) continue;
        const float xv = xc[int64_t{rows.off[a]} * S.W + iw];
        for (int r = 0; r < R; ++r)
          acc[r] = acc[r] + xv * wc[r * khw + rows.k[a] * S.KW + cols.k[b]];
      }
  }
  for (int r = 0; r < R; ++r) {
    if constexpr (S.bias) acc[r] = acc[r] + bias[o0 + r];
    y[((int64_t{n} * S.O + o0 + r) * S.OH + oh) * S.OW + rw + int64_t{S.sw} * j] = acc[r];
  }
}

/// R output channels o0.. of one row oh and phase rw, NV vectors of phase columns from j
/// (only the first `lanes` when Partial, NV = 1): every tap of `rows` x `cols` inside the
/// input for these columns.
template <ConvT S, int R, int NV, bool Partial>
void conv2d_transpose_tile(const float* x, const float* w, const float* bias, float* y, int n,
                           int o0, int oh, int rw, int j, int lanes, const ConvTTaps<S.KH>& rows,
                           const ConvTTaps<S.KW>& cols) {
  static_assert(!Partial || NV == 1);
  const int cin_g = S.C / S.groups, cout_g = S.O / S.groups;
  const int64_t hw = int64_t{S.H} * S.W, khw = int64_t{S.KH} * S.KW;
  const int g = o0 / cout_g, og0 = o0 % cout_g;
  vec acc[R][NV];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < NV; ++v) acc[r][v] = vec{};
  for (int ci = 0; ci < cin_g; ++ci) {
    const int64_t c = int64_t{g} * cin_g + ci;
    const float* xc = x + (int64_t{n} * S.C + c) * hw + j;
    const float* wc = w + (c * cout_g + og0) * khw;
    for (int a = 0; a < rows.n; ++a) {
      const float* xr = xc + int64_t{rows.off[a]} * S.W;
      const float* wr = wc + rows.k[a] * S.KW;
      for (int b = 0; b < cols.n; ++b) {
        vec xv[NV];
        for (int v = 0; v < NV; ++v)
          xv[v] = Partial ? load_partial(xr + cols.off[b], lanes) : load(xr + cols.off[b] + v * VL);
        for (int r = 0; r < R; ++r) {
          const vec wv = splat(wr[r * khw + cols.k[b]]);
          for (int v = 0; v < NV; ++v) acc[r][v] = acc[r][v] + xv[v] * wv;
        }
      }
    }
  }
  const int nl = Partial ? lanes : VL;
  for (int r = 0; r < R; ++r) {
    float* yo = y + ((int64_t{n} * S.O + o0 + r) * S.OH + oh) * S.OW + rw + int64_t{S.sw} * j;
    for (int v = 0; v < NV; ++v) {
      if constexpr (S.bias) acc[r][v] = acc[r][v] + splat(bias[o0 + r]);
      for (int l = 0; l < nl; ++l) yo[int64_t{S.sw} * (v * VL + l)] = acc[r][v][l];
    }
  }
}

/// R output channels o0.. of one row and phase: the columns [0, cols_n) of the phase, the
/// interior [jlo, jhi) as vectors (the last one partial), the rest scalar.
template <ConvT S, int R>
void conv2d_transpose_phase(const float* x, const float* w, const float* bias, float* y, int n,
                            int o0, int oh, int rw, int cols_n, int jlo, int jhi,
                            const ConvTTaps<S.KH>& rows, const ConvTTaps<S.KW>& cols) {
  int j = 0;
  for (; j < jlo; ++j) conv2d_transpose_border<S, R>(x, w, bias, y, n, o0, oh, rw, j, rows, cols);
  for (; j + 2 * VL <= jhi; j += 2 * VL)
    conv2d_transpose_tile<S, R, 2, false>(x, w, bias, y, n, o0, oh, rw, j, 0, rows, cols);
  for (; j + VL <= jhi; j += VL)
    conv2d_transpose_tile<S, R, 1, false>(x, w, bias, y, n, o0, oh, rw, j, 0, rows, cols);
  if (j < jhi) {
    conv2d_transpose_tile<S, R, 1, true>(x, w, bias, y, n, o0, oh, rw, j, jhi - j, rows, cols);
    j = jhi;
  }
  for (; j < cols_n; ++j)
    conv2d_transpose_border<S, R>(x, w, bias, y, n, o0, oh, rw, j, rows, cols);
}
}  // namespace detail

template <ConvT S>
void conv2d_transpose(const float* x, const float* w, const float* bias, float* y) {
  constexpr int R = 4;
  const int cout_g = S.O / S.groups;
  constexpr int64_t work = int64_t{S.O} * S.OH * S.OW * (S.C / S.groups) * S.KH * S.KW;
  for (int n = 0; n < S.N; ++n) {
    // Threads share the output rows: each element is one thread's sum, in the same order.
    parallel_for(S.OH, work / S.OH, work > (1 << 20), [&](int64_t ohl) {
      const int oh = static_cast<int>(ohl);
      detail::ConvTTaps<S.KH> rows;
      for (int kh = 0; kh < S.KH; ++kh) {
        const int64_t ih = detail::transpose_source(oh, S.pt, kh, S.dh, S.sh, S.H);
        if (ih >= 0) rows.k[rows.n] = kh, rows.off[rows.n++] = static_cast<int>(ih);
      }
      for (int rw = 0; rw < S.sw && rw < S.OW; ++rw) {
        detail::ConvTTaps<S.KW> cols;
        const int cols_n = (S.OW - rw + S.sw - 1) / S.sw;
        int jlo = 0, jhi = cols_n;
        for (int kw = 0; kw < S.KW; ++kw) {
          const int t = rw + S.pl - kw * S.dw;
          if (t % S.sw != 0) continue;  // exact division (t may be negative)
          const int b = t / S.sw;
          cols.k[cols.n] = kw, cols.off[cols.n++] = b;
          jlo = std::max(jlo, -b), jhi = std::min(jhi, S.W - b);
        }
        jlo = std::min(jlo, cols_n), jhi = std::max(jhi, jlo);
        for (int g = 0; g < S.groups; ++g) {
          int o = g * cout_g;
          for (; o + R <= (g + 1) * cout_g; o += R)
            detail::conv2d_transpose_phase<S, R>(x, w, bias, y, n, o, oh, rw, cols_n, jlo, jhi,
                                                 rows, cols);
          for (; o + 2 <= (g + 1) * cout_g; o += 2)
            detail::conv2d_transpose_phase<S, 2>(x, w, bias, y, n, o, oh, rw, cols_n, jlo, jhi,
                                                 rows, cols);
          for (; o < (g + 1) * cout_g; ++o)
            detail::conv2d_transpose_phase<S, 1>(x, w, bias, y, n, o, oh, rw, cols_n, jlo, jhi,
                                                 rows, cols);
        }
      }
    });
  }
}

// ---------------------------------------------------------------------------------------
// Pools

/// A pool's shape: x [N, C, H, W] -> y [N, C, OH, OW]; padding top, left, bottom, right.
struct Pool {
  int N, C, H, W, OH, OW, KH, KW, sh, sw, pt, pl, pb, pr, dh, dw;
  bool count_include_pad;
  constexpr Window window() const { return Window{H, W, OH, OW, KH, KW, sh, sw, pt, pl, dh, dw}; }
};

/// Scratch floats one thread of pool2d<s> needs (one channel's planes) with vector length
/// `vl` (kMaxVL: enough for every build).
inline int64_t pool_scratch_elements(const Pool& s, int vl = VL) {
  const Window w = s.window();
  return w.channel_stride() + w.slack(vl) + 4 * int64_t{vl};
}

namespace detail {
/// Taps of output position o along one axis that fall in [lo, hi) (input coordinates).
inline int64_t taps_in(int64_t o, int64_t s, int64_t p, int64_t K, int64_t d, int64_t lo,
                       int64_t hi) {
  int64_t n = 0;
  for (int64_t k = 0; k < K; ++k) {
    const int64_t i = o * s - p + k * d;
    n += i >= lo && i < hi;
  }
  return n;
}

template <Pool S>
constexpr Offsets<S.KH * S.KW> pool_offsets() {
  Offsets<S.KH * S.KW> o{};
  const Window w = S.window();
  for (int kh = 0; kh < S.KH; ++kh)
    for (int kw = 0; kw < S.KW; ++kw) o.v[kh * S.KW + kw] = w.tap_offset(kh, kw);
  return o;
}

/// Pool over one channel's packed planes `xq` into y [OH, OW]; MAX: the semantics' running
/// maximum — the window's first tap inside the input, then maximum(tap, best) = best < tap ?
/// tap : best over the taps in order (padded taps read -inf, which never wins: a NaN first
/// tap stays, a later NaN tap is passed over); else the sum in tap order (padded taps add
/// 0, which leaves a sum unchanged) divided per position.
template <Pool S, bool MAX>
inline void pool_plane(const float* xq, float* y, int oh0 = 0, int oh1 = S.OH) {
  constexpr Window win = S.window();
  constexpr int T = S.KH * S.KW;
  constexpr Offsets<T> off = pool_offsets<S>();
  constexpr int Wq = win.Wq();
  float div_w[S.OW > 0 ? S.OW : 1];
  float div_h[S.OH > 0 ? S.OH : 1];
  if constexpr (!MAX) {
    // Divisor = taps counted along h times taps counted along w (the window is a product).
    for (int i = 0; i < S.OH; ++i)
      div_h[i] = static_cast<float>(S.count_include_pad
                                        ? taps_in(i, S.sh, S.pt, S.KH, S.dh, -S.pt, S.H + S.pb)
                                        : taps_in(i, S.sh, S.pt, S.KH, S.dh, 0, S.H));
    for (int j = 0; j < S.OW; ++j)
      div_w[j] = static_cast<float>(S.count_include_pad
                                        ? taps_in(j, S.sw, S.pl, S.KW, S.dw, -S.pl, S.W + S.pr)
                                        : taps_in(j, S.sw, S.pl, S.KW, S.dw, 0, S.W));
  }
  for (int oh = oh0; oh < oh1; ++oh) {
    const float* xr = xq + int64_t{oh} * Wq;
    float* yr = y + int64_t{oh} * S.OW;
    // MAX: the first row kh0 of the window inside the input (-1: none). Starting from its
    // column-0 tap, every lane whose column 0 is inside the input starts from its first
    // tap, as the semantics does; the lanes of the first columns, whose column 0 is
    // padding, start from -inf and are corrected after the row.
    int kh0 = -1;
    if constexpr (MAX)
      for (int kh = 0; kh < S.KH && kh0 < 0; ++kh) {
        const int ih = oh * S.sh - S.pt + kh * S.dh;
        if (ih >= 0 && ih < S.H) kh0 = kh;
      }
    for (int ow = 0; ow < S.OW; ow += VL) {
      const int lanes = std::min(VL, S.OW - ow);
      vec acc = MAX ? (kh0 >= 0 ? load(xr + off.v[kh0 * S.KW] + ow)
                                : splat(-std::numeric_limits<float>::infinity()))
                    : vec{};
#pragma GCC unroll 9
      for (int t = 0; t < T; ++t) {
        const vec v = load(xr + off.v[t] + ow);
        if constexpr (MAX)
          acc = select(acc < v, v, acc);  // maximum(v, acc)
        else
          acc = acc + v;
      }
      if constexpr (!MAX) {
        float d[VL];
        for (int l = 0; l < VL; ++l) {
          const int j = std::min(ow + l, S.OW - 1);
          const float dv = div_h[oh] * div_w[j];
          d[l] = dv < 1.f ? 1.f : dv;
        }
        acc = acc / load(d);
      }
      if (lanes == VL)
        store(yr + ow, acc);
      else
        store_partial(yr + ow, acc, lanes);
    }
    if constexpr (MAX) {
      // The columns whose column-0 tap is padding: a NaN first tap inside the input is the
      // result.
      for (int ow = 0; kh0 >= 0 && ow < S.OW && ow * S.sw - S.pl < 0; ++ow)
        for (int kw = 0; kw < S.KW; ++kw) {
          const int iw = ow * S.sw - S.pl + kw * S.dw;
          if (iw < 0 || iw >= S.W) continue;
          const float first = xr[off.v[kh0 * S.KW + kw] + ow];
          if (std::isnan(first)) yr[ow] = first;
          break;
        }
    }
  }
}

/// Whether pool S reads its input in place (pool_direct): no dilation, column stride 1 or
/// 2 (max_pool 2x2 s2, 3x3 s2 p1 and the like); an average pool also without padding and
/// with every window inside the input (ceil_mode may add a last window that is not), since
/// its divisor then is KH KW everywhere.
template <Pool S, bool MAX>
inline constexpr bool kPoolDirect = S.dh == 1 && S.dw == 1 && (S.sw == 1 || S.sw == 2) &&
                                    (MAX || (S.pt == 0 && S.pl == 0 && S.pb == 0 && S.pr == 0 &&
                                             (S.OH - 1) * S.sh + S.KH <= S.H &&
                                             (S.OW - 1) * S.sw + S.KW <= S.W));

/// Pool of channel plane x [H, W] into y [OH, OW] straight from the input (kPoolDirect):
/// the same operations as pool_plane in the same order. MAX: the window's first tap inside
/// the input, then maximum(tap, best) = best < tap ? tap : best over the taps inside in
/// order (pool_plane's padded taps are -inf, which leave best unchanged, NaN included; a
/// window entirely in the padding is -inf); else the sum from +0 in tap order, divided by
/// KH KW. Output rows take the kernel rows inside the input; the vectors whose every tap and
/// load is inside the row run on vectors (column stride 2: the even lanes of two loads), the
/// other columns one by one.
template <Pool S, bool MAX>
inline void pool_direct(const float* x, float* y) {
  const float div = static_cast<float>(S.KH) * static_cast<float>(S.KW);
  constexpr float kNegInf = -std::numeric_limits<float>::infinity();
  constexpr int ow_v0 = (S.pl + S.sw - 1) / S.sw;  // first column whose taps start inside
  for (int oh = 0; oh < S.OH; ++oh) {
    const int ih0 = oh * S.sh - S.pt;
    const int kh_lo = std::max(0, -ih0), kh_hi = std::min(S.KH, S.H - ih0);
    float* yr = y + int64_t{oh} * S.OW;
    auto scalar = [&](int ow) {
      float acc = MAX ? kNegInf : 0.f;
      bool first = true;
      for (int kh = kh_lo; kh < kh_hi; ++kh)
        for (int kw = 0; kw < S.KW; ++kw) {
          const int iw = ow * S.sw - S.pl + kw;
          if (iw < 0 || iw >= S.W) continue;
          const float v = x[int64_t{ih0 + kh} * S.W + iw];
          if constexpr (MAX)
            acc = first ? v : (acc < v ? v : acc);
          else
            acc = acc + v;
          first = false;
        }
      yr[ow] = MAX ? acc : acc / div;
    };
    int ow = 0;
    for (; ow < std::min(ow_v0, S.OW); ++ow) scalar(ow);
    if (kh_lo < kh_hi)
      for (; ow + VL <= S.OW && int64_t{ow} * S.sw - S.pl + S.KW - 1 + S.sw * VL <= S.W; ow += VL) {
        vec acc{};
        for (int kh = kh_lo; kh < kh_hi; ++kh) {
          const float* xr = x + int64_t{ih0 + kh} * S.W + int64_t{ow} * S.sw - S.pl;
#pragma GCC unroll 8
          for (int kw = 0; kw < S.KW; ++kw) {
            const float* p = xr + kw;
            const vec v = S.sw == 1 ? load(p) : even_lanes(load(p), load(p + VL));
            if constexpr (MAX)
              acc = kh == kh_lo && kw == 0 ? v : select(acc < v, v, acc);
            else
              acc = acc + v;
          }
        }
        if constexpr (!MAX) acc = acc / splat(div);
        store(yr + ow, acc);
      }
    for (; ow < S.OW; ++ow) scalar(ow);
  }
}
}  // namespace detail

namespace detail {
/// Pools through each channel's phase planes (padding, dilation, any stride).
template <Pool S, bool MAX>
void pool2d_planes(const float* x, float* y, float* scratch) {
  const float fill = MAX ? -std::numeric_limits<float>::infinity() : 0.f;
  // Each thread has its own planes (the emitter reserves one channel's planes and slack,
  // rounded up, per thread). Threads share bands of output rows (a band reads its rows of
  // the input, mostly what the previous layer's thread of those rows wrote), every channel.
  constexpr int64_t per_thread = (S.window().channel_stride() + S.window().slack() + 15) / 16 * 16;
  static_assert(per_thread <= S.window().channel_stride() + (S.KW - 1) * S.dw / S.sw + 9 * 16);
  constexpr Window win = S.window();
  constexpr int reach = ((S.KH - 1) * S.dh) / S.sh;  // plane rows below an output row
  constexpr int bands = std::min(S.OH, 4 * VFRT_THREADS);
  int phs_h[64], phs_w[64];
  const int nph = used_phases(win.KH, win.dh, win.sh, phs_h);
  const int npw = used_phases(win.KW, win.dw, win.sw, phs_w);
  Share items(bands, share_grain(int64_t{S.N} * S.C * S.OH / bands * S.OW * S.KH * S.KW));
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp parallel num_threads(VFRT_THREADS) if (int64_t{S.N} * S.C * S.OH * S.OW >= \
                                                   (int64_t{1} << 15))
#endif
  {
    float* xq = scratch + per_thread * thread_num();
    std::fill(xq + win.channel_stride(), xq + win.channel_stride() + win.slack(), 0.f);
    items.run([&](int64_t band) {
      const int oh0 = static_cast<int>(S.OH * band / bands);
      const int oh1 = static_cast<int>(S.OH * (band + 1) / bands);
      for (int64_t nc = 0; nc < int64_t{S.N} * S.C; ++nc) {
        for (int a = 0; a < nph; ++a)
          for (int b = 0; b < npw; ++b)
            pack_plane(x + nc * S.H * S.W, xq + (a * npw + b) * win.plane(), win, phs_h[a],
                       phs_w[b], fill, oh0, std::min(win.Hq(), oh1 + reach));
        pool_plane<S, MAX>(xq, y + nc * S.OH * S.OW, oh0, oh1);
      }
    });
  }
}
}  // namespace detail

/// max_pool2d (padding reads -inf) and avg_pool2d.
template <Pool S, bool MAX>
void pool2d(const float* x, float* y, float* scratch) {
  if constexpr (detail::kPoolDirect<S, MAX>) {
    parallel_for(int64_t{S.N} * S.C, int64_t{S.OH} * S.OW * S.KH * S.KW,
                 int64_t{S.N} * S.C * S.OH * S.OW >= (int64_t{1} << 15), [&](int64_t nc) {
                   detail::pool_direct<S, MAX>(x + nc * S.H * S.W, y + nc * S.OH * S.OW);
                 });
  } else {
    detail::pool2d_planes<S, MAX>(x, y, scratch);
  }
}

#if defined(__AVX512F__)
namespace detail {
/// Transposes the 16 x 16 floats r[row][lane] in registers.
inline void transpose16(__m512 r[16]) {
  __m512 t[16];
  for (int i = 0; i < 16; i += 2) {
    t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
  }
  auto lo = [](__m512 a, __m512 b) {
    return _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(a), _mm512_castps_pd(b)));
  };
  auto hi = [](__m512 a, __m512 b) {
    return _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(a), _mm512_castps_pd(b)));
  };
  for (int i = 0; i < 16; i += 4) {
    r[i] = lo(t[i], t[i + 2]);
    r[i + 1] = hi(t[i], t[i + 2]);
    r[i + 2] = lo(t[i + 1], t[i + 3]);
    r[i + 3] = hi(t[i + 1], t[i + 3]);
  }
  for (int h = 0; h < 16; h += 8)
    for (int i = 0; i < 4; ++i) {
      t[h + i] = _mm512_shuffle_f32x4(r[h + i], r[h + i + 4], 0x88);
      t[h + i + 4] = _mm512_shuffle_f32x4(r[h + i], r[h + i + 4], 0xdd);
    }
  for (int i = 0; i < 8; ++i) {
    r[i] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0x88);
    r[i + 8] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0xdd);
  }
}
}  // namespace detail
#endif

namespace detail {
/// Walks `rows` (<= VL) rows of `len` floats, row l at x + l * stride, column by column:
/// f(c) for k = 0 .. len - 1 in order, lane l of c holding row l's element k (lanes past
/// `rows` hold 0). With AVX-512, 16 x 16 tiles are loaded row by row and transposed in
/// registers; otherwise each column is gathered lane by lane. So a per-row chain of
/// operations in the rows' own order runs for VL rows at once.
template <class F>
inline void for_columns(const float* x, int64_t stride, int rows, int64_t len, F f) {
  int64_t k = 0;
#if defined(__AVX512F__)
  for (; k + 16 <= len; k += 16) {
    __m512 r[16];
    for (int l = 0; l < 16; ++l)
      r[l] = l < rows ? _mm512_loadu_ps(x + l * stride + k) : _mm512_setzero_ps();
    transpose16(r);
    for (int j = 0; j < 16; ++j) f((vec)r[j]);
  }
#endif
  for (; k < len; ++k) {
    vec c = splat(0.f);
    for (int l = 0; l < rows; ++l) c[l] = x[l * stride + k];
    f(c);
  }
}
}  // namespace detail

/// global_avg_pool2d: per channel, the sum in row-major order from +0, then one division;
/// VL channels at once in the lanes of a vector (detail::for_columns), not one channel's
/// chain of dependent adds at a time.
inline void global_avg_pool2d(const float* x, float* y, int64_t nc, int64_t hw) {
  for (int64_t i0 = 0; i0 < nc; i0 += VL) {
    const int rows = static_cast<int>(std::min<int64_t>(VL, nc - i0));
    vec s = splat(0.f);
    detail::for_columns(x + i0 * hw, hw, rows, hw, [&](vec c) { s = s + c; });
    store_partial(y + i0, s / splat(static_cast<float>(hw)), rows);
  }
}

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
/// gelu, both forms, as scalar_ops.h: p, q are the divisor and multiplier of erf's argument
/// or the tanh form's scale and cubic coefficient, each the float32 rounding of the
/// attribute (as vfuse's float domain rounds a literal).
inline float gelu_erf_s(float x, float p, float q) {
  return 0.5f * x * (1.f + std::erf(x / p * q));
}
inline float gelu_tanh_s(float x, float p, float q) {
  return 0.5f * x * (1.f + std::tanh(p * (x + q * (x * x * x))));
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
  if constexpr (OP == Un::Tanh) return std::tanh(x);
  if constexpr (OP == Un::Erf) return std::erf(x);
  if constexpr (OP == Un::Softplus) return softplus_s(x);
  if constexpr (OP == Un::GeluErf) return gelu_erf_s(x, alpha, beta);
  if constexpr (OP == Un::GeluTanh) return gelu_tanh_s(x, alpha, beta);
  return x;
}

/// un_s lane by lane (the activations' vector forms, the same operations).
template <Un OP>
inline vec un_v(vec x, float alpha, float beta) {
  if constexpr (act_of(OP) != Act::None) {
    return act_v<act_of(OP)>(x, alpha, beta);
  } else if constexpr (OP == Un::Exp) {
    return exp_v(x);
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
/// (detail::for_columns, each row in its own order); the elements go by vectors.
inline void norm_rows(const float* x, const float* gamma, const float* beta, float* y,
                      int64_t outer, int64_t len, float eps) {
  if (len <= 0) return;
  const vec n = splat(static_cast<float>(len));
  for (int64_t r0 = 0; r0 < outer; r0 += VL) {
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
  }
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

/// softmax over [outer, len, inner] along len, as the interpreter: the max, then the sum
/// of exp(x - max) in order, then one division per element. Each exp(x - max) is computed
/// once and kept in y until the division (the interpreter computes it twice, the same
/// float both times). y is not x. Over the last axis (inner = 1) the exps and the divisions
/// go on vectors (exp_v equals exp_s lane by lane); the sum stays in order.
inline void softmax(const float* x, float* y, int64_t outer, int64_t len, int64_t inner) {
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      const float* xr = x + o * len * inner + i;
      float* yr = y + o * len * inner + i;
      float m = xr[0];
      for (int64_t j = 1; j < len; ++j) m = m < xr[j * inner] ? xr[j * inner] : m;
      float s = 0.f;
      int64_t j0 = 0;
      if (inner == 1)
        for (; j0 + VL <= len; j0 += VL) {
          const vec e = exp_v(load(xr + j0) - splat(m));
          store(yr + j0, e);
          for (int l = 0; l < VL; ++l) s = s + e[l];
        }
      for (int64_t j = j0; j < len; ++j) {
        const float e = exp_s(xr[j * inner] - m);
        yr[j * inner] = e;
        s = s + e;
      }
      j0 = 0;
      if (inner == 1)
        for (; j0 + VL <= len; j0 += VL) store(yr + j0, load(yr + j0) / splat(s));
      for (int64_t j = j0; j < len; ++j) yr[j * inner] = yr[j * inner] / s;
    }
}

// ---------------------------------------------------------------------------------------
// Data movement

/// A strided copy: y (row-major, dims) [idx] = x[sum idx[k] * sx[k]] (transpose, split,
/// the pieces of concat, slices).
struct Strided {
  int rank;
  int64_t dims[MAXR];
  int64_t sx[MAXR];  ///< strides of x per y dimension
  int64_t sy[MAXR];  ///< strides of y per dimension (y may be a slab of a larger tensor)
};

namespace detail {
template <Strided S, int D, class T>
inline void strided_rec(const T* x, T* y) {
  if constexpr (D == S.rank - 1) {
    constexpr int64_t sx = S.sx[D], sy = S.sy[D];
    for (int64_t i = 0; i < S.dims[D]; ++i) y[i * sy] = x[i * sx];
  } else {
    for (int64_t i = 0; i < S.dims[D]; ++i) strided_rec<S, D + 1>(x + i * S.sx[D], y + i * S.sy[D]);
  }
}
}  // namespace detail

/// T: any element type (the movement ops of int8 tensors too).
template <Strided S, class T>
void strided_copy(const T* x, T* y) {
  detail::strided_rec<S, 0>(x, y);
}

/// pad: y [dims] = x at idx - pads_begin, `value` outside; rank <= 6.
struct Pad {
  int rank;
  int64_t xdims[MAXR];
  int64_t ydims[MAXR];
  int64_t begin[MAXR];
};

namespace detail {
template <Pad S, int D, class T>
inline void pad_rec(const T* x, T* y, T value, bool inside) {
  int64_t xin = 1, yin = 1;
  for (int k = D + 1; k < S.rank; ++k) {
    xin *= S.xdims[k];
    yin *= S.ydims[k];
  }
  for (int64_t i = 0; i < S.ydims[D]; ++i) {
    const int64_t xi = i - S.begin[D];
    const bool in = inside && xi >= 0 && xi < S.xdims[D];
    if constexpr (D == S.rank - 1)
      y[i] = in ? x[xi] : value;
    else
      pad_rec<S, D + 1>(in ? x + xi * xin : x, y + i * yin, value, in);
  }
}
}  // namespace detail

template <Pad S, class T>
void pad(const T* x, T* y, T value) {
  if constexpr (S.rank == 0)
    y[0] = x[0];
  else
    detail::pad_rec<S, 0>(x, y, value, true);
}

/// Nearest-neighbour gather of NCHW planes: y[nc][i][j] = x[nc][rows[i]][cols[j]].
template <class T>
inline void gather_nearest(const T* x, T* y, int64_t nc, int64_t H, int64_t W, int64_t OH,
                           int64_t OW, const int64_t* rows, const int64_t* cols) {
  for (int64_t p = 0; p < nc; ++p)
    for (int64_t i = 0; i < OH; ++i) {
      const T* xr = x + (p * H + rows[i]) * W;
      T* yr = y + (p * OH + i) * OW;
      for (int64_t j = 0; j < OW; ++j) yr[j] = xr[cols[j]];
    }
}

// ---------------------------------------------------------------------------------------
// Quantized inference: int8 / uint8 activations, int8 weights, int32 sums (vfuse's ops.def:
// quantize, dequantize, qconv2d, qdense, requantize; formulas in src/semantics/scalar_ops.h).
// Integer results are exact, so every kernel here is bit-identical to the interpreter.
//
// Buffers of another type than float start at the ABI's float pointers (arena, weights,
// inputs, outputs; 64-byte aligned regions): `as<T>(p)` views them. int32 data is read and
// written through `i32`, a may_alias type: one arena region holds floats in one layer and
// int32 sums in another, and the compiler must not reorder those accesses (int8 / uint8 are
// character types, which alias everything anyway).
//
// qconv2d (and qdense, a 1x1 qconv2d of 1x1 planes): sum over c, kh, kw of (x - zx) * w + b.
// With u = x + 128 for int8 x (u = x for uint8), the sum is sum u * w - (zx + 128) * sum w
// (resp. zx): the second term, per output channel, is folded into the bias at packing
// time, and a padded tap reads u = zx (+ 128), which the folded term cancels. Every step is
// an int32 addition or a product of an 8-bit unsigned and an 8-bit signed value; the true
// sum fits int32 (the interpreter checks that qconv2d's value fits its int32 type), so sums
// wrapping modulo 2^32 on the way give the exact result.
//
// Layouts: the input of one sample is copied into xq[g][Hp][Wp][C4] (u values, padding
// zx (+ 128), channels past cin_g up to C4 = cin_g rounded up to 4 zero); the weights into
// wp[g][block of 16 output channels][kh * KW + kw][c / 4][16][4] (zero past cout_g and
// cin_g), after the folded biases [g][block][16] (int32). The register tile is OBT blocks
// of 16 output channels (the int32 lanes) x P consecutive output pixels of one plane: per
// tap and per 4 input channels, OBT weight vectors and P broadcasts of the pixel's 4 input
// bytes, P x OBT vpdpbusd (u8 x s8 -> s32, AVX-512 VNNI), or its exact emulation on targets
// without VNNI (a 16-lane loop of int32 products the compiler vectorises). The epilogue
// adds the folded bias and, fused, requantizes the 16 lanes; the tile is then written to
// the NCHW output plane by plane.

/// int32 through a may_alias type (see above).
typedef int32_t i32 __attribute__((may_alias));
typedef uint32_t u32 __attribute__((may_alias));

template <class T>
inline T* as(float* p) {
  return reinterpret_cast<T*>(p);
}
template <class T>
inline const T* as(const float* p) {
  return reinterpret_cast<const T*>(p);
}

namespace detail {
/// quantize of elements [i, n) (see below).
template <class T>
inline void quantize_range(const float* x, T* y, int64_t i, int64_t n, float s, float z, float lo,
                           float hi) {
#if defined(__AVX512F__)
  // The same float32 operations 16 at a time: vrndscaleps to nearest (ties to even, as
  // nearbyint in the default rounding mode), then max(q, lo), which gives lo for a NaN q
  // (maxps returns its second operand when one is NaN), then min with hi; the integral
  // value in T's range converts exactly.
  if constexpr (sizeof(T) == 1) {
    const __m512 sv = _mm512_set1_ps(s), zv = _mm512_set1_ps(z);
    const __m512 lov = _mm512_set1_ps(lo), hiv = _mm512_set1_ps(hi);
    for (; i + 16 <= n; i += 16) {
      __m512 q = _mm512_roundscale_ps(_mm512_div_ps(_mm512_loadu_ps(x + i), sv),
                                      _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
      q = _mm512_min_ps(_mm512_max_ps(_mm512_add_ps(q, zv), lov), hiv);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(y + i),
                       _mm512_cvtepi32_epi8(_mm512_cvtps_epi32(q)));
    }
  }
#endif
  for (; i < n; ++i) {
    float q = std::nearbyint(x[i] / s) + z;
    q = q < lo ? lo : (hi < q ? hi : q);
    y[i] = static_cast<T>(static_cast<int32_t>(q == q ? q : lo));
  }
}

/// dequantize of elements [i, n) (see below).
template <class T>
inline void dequantize_range(const T* q, float* y, int64_t i, int64_t n, float s, float z) {
#if defined(__AVX512F__)
  if constexpr (sizeof(T) == 1) {
    const __m512 sv = _mm512_set1_ps(s), zv = _mm512_set1_ps(z);
    for (; i + 16 <= n; i += 16) {
      const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q + i));
      const __m512i v = std::is_signed_v<T> ? _mm512_cvtepi8_epi32(b) : _mm512_cvtepu8_epi32(b);
      _mm512_storeu_ps(y + i, _mm512_mul_ps(_mm512_sub_ps(_mm512_cvtepi32_ps(v), zv), sv));
    }
  }
#endif
  for (; i < n; ++i) y[i] = (static_cast<float>(q[i]) - z) * s;
}

/// f(i0, i1) over [0, n) in chunks of 4096 elements, shared by the threads when n is
/// large (each element computed alone, so the split changes no value).
template <class F>
inline void elementwise_chunks(int64_t n, F f) {
  constexpr int64_t chunk = 4096;
  const int64_t chunks = (n + chunk - 1) / chunk;
  parallel_for(chunks, chunk, n >= (int64_t{1} << 16),
               [&](int64_t k) { f(k * chunk, std::min(n, (k + 1) * chunk)); });
}
}  // namespace detail

/// quantize: y = clamp(nearbyint(x / s) + z, lo, hi) in float32 as the interpreter computes
/// it (one division, rounding to nearest even, exact addition of the zero point), then the
/// integer; a NaN x gives lo (the type's least value, as the interpreter).
template <class T>
inline void quantize(const float* x, T* y, int64_t n, float s, float z, float lo, float hi) {
  detail::elementwise_chunks(
      n, [&](int64_t i0, int64_t i1) { detail::quantize_range(x, y, i0, i1, s, z, lo, hi); });
}

/// dequantize: y = (q - z) * s in float32 (q - z exact for 8-bit q; an int32 q, whose z is
/// 0, rounds to float first, as the interpreter's float copy of it).
template <class T>
inline void dequantize(const T* q, float* y, int64_t n, float s, float z) {
  detail::elementwise_chunks(
      n, [&](int64_t i0, int64_t i1) { detail::dequantize_range(q, y, i0, i1, s, z); });
}

/// p / 2^n rounded to nearest, ties to even (scalar_ops.h round_shift), 0 <= n <= 62, |p|
/// < 2^63: the floor by an arithmetic shift, then up by one when the remainder is more than
/// half, or half and the floor odd.
inline int64_t round_shift(int64_t p, int n) {
  if (n == 0) return p;
  const int64_t q = p >> n;
  const int64_t r = p & ((int64_t{1} << n) - 1);
  const int64_t half = int64_t{1} << (n - 1);
  return q + static_cast<int64_t>((r > half) | ((r == half) & ((q & 1) != 0)));
}

/// requantize of one sum: clamp(round_shift(acc * m, n) + z, lo, hi) (the product is exact
/// in 64 bits: both factors are int32).
inline int32_t requantize_s(int32_t acc, int32_t m, int n, int z, int lo, int hi) {
  const int64_t v = round_shift(int64_t{acc} * m, n) + z;
  return static_cast<int32_t>(v < lo ? lo : (hi < v ? hi : v));
}

/// requantize over [outer, C, inner]: channel c's multiplier m[c] (m[0] when not per
/// channel).
template <class T>
inline void requantize(const i32* acc, const i32* m, T* y, int64_t outer, int64_t C, int64_t inner,
                       bool per_channel, int n, int z, int lo, int hi) {
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t c = 0; c < C; ++c) {
      const int64_t base = (o * C + c) * inner;
      const int32_t mc = m[per_channel ? c : 0];
      for (int64_t i = 0; i < inner; ++i)
        y[base + i] = static_cast<T>(requantize_s(acc[base + i], mc, n, z, lo, hi));
    }
}

/// Output channels per block of the int8 convolution: the int32 lanes of a 512-bit vector.
inline constexpr int QB = 16;
/// The register tile: at most kQBlocks blocks x kQTile / blocks pixels (VNNI: 24 zmm
/// accumulators of 32; AVX2: 2 ymm per block and pixel, 8 of 16).
#if defined(__AVX512VNNI__)
inline constexpr int kQBlocks = 4, kQTile = 24;
#elif defined(__AVX2__)
inline constexpr int kQBlocks = 1, kQTile = 4;
#else
inline constexpr int kQBlocks = 4, kQTile = 24;
#endif

/// The quantization of a qconv2d's input: its zero point and whether it is int8 (else
/// uint8).
struct QIn {
  int zp = 0;
  bool is_signed = true;
  /// What the kernel adds to x to make it unsigned (128 for int8).
  constexpr int offset() const { return is_signed ? 128 : 0; }
};

/// The output of an int8 conv: the int32 sums (bits 32), or requantized (fused requantize:
/// int8 or uint8 with its shift, zero point and clamp; multipliers per output channel).
struct QOut {
  int bits = 32;  ///< 32: int32 sums; 8: requantized
  bool is_signed = true;
  int shift = 0, zp = 0, lo = -128, hi = 127;
};

constexpr int qc4(const Conv& s) { return (s.cin_g() + 3) / 4 * 4; }
constexpr int qblocks(const Conv& s) { return (s.cout_g() + QB - 1) / QB; }

// ---- int8 convolution, pixel lanes ------------------------------------------------------
// A non-depthwise, undilated int8 conv of at least 16 output pixels per plane runs with
// the lanes along output pixels (the float32 kernel's orientation): each 32-bit lane holds
// one output pixel's sum for one output channel, and one vpdpbusd adds 4 input channels'
// products, u of 4 channels of 16 pixels (64 contiguous bytes) times the 4 weights of one
// output channel (broadcast). The input of one sample and group is copied into phase
// planes: for stride (sh, sw), plane (a, b) of channel quad c holds the padded input's rows
// a, a + sh, ... and columns b, b + sw, ... as 4-byte pixels (the quad's 4 channels, u
// values; padding zx (+ 128); channels past cin_g read the padding, whose weights are 0).
// Output pixel (oh, ow) at tap (kh, kw) then reads plane (kh % sh, kw % sw) at row
// oh + kh / sh, column ow + kw / sw: on the "wide grid" q = oh * Wph + ow of a plane's row
// width Wph, consecutive q read consecutive pixels, so 16 lanes are one 64-byte load. The
// wide grid's columns ow >= OW are computed and dropped. Weights: wp[g][block of QR output
// channels][t][c / 4][QR][4] after the folded biases and multipliers' layout [g][block][QR]
// (as the lane kernel's, with blocks of QR). Sums are exact as above (int32 modulo 2^32).

/// Output channels per block of the pixel-lane kernel (the broadcasts of a tile).
inline constexpr int QR = 8;

namespace detail {

/// The phase planes of a pixel-lane int8 conv (see above).
struct QPlanes {
  int PA, PB;     ///< phases used: min(sh, KH) x min(sw, KW)
  int Hph, Wph;   ///< rows and columns of a phase plane
  int64_t PS;     ///< dwords per plane, with slack for the last tile's reads
  int NV;         ///< 16-pixel vectors per tile
  int64_t wide;   ///< OH * Wph
  int64_t tiles;  ///< tiles of NV * 16 wide pixels
};

constexpr QPlanes q_planes(const Conv& s) {
  QPlanes p{};
  p.PA = s.sh < s.KH ? s.sh : s.KH;
  p.PB = s.sw < s.KW ? s.sw : s.KW;
  p.Hph = s.OH + (s.KH - 1) / s.sh;
  p.Wph = s.OW + (s.KW - 1) / s.sw;
  p.wide = int64_t{s.OH} * p.Wph;
  // The tile width wasting the fewest lanes (the widest of equals).
  int64_t best = -1;
  for (int nv = 3; nv >= 1; --nv) {
    const int64_t t = (p.wide + 16 * nv - 1) / (16 * nv);
    if (best < 0 || t * (nv + 1) < best) best = t * (nv + 1), p.NV = nv, p.tiles = t;
  }
  p.PS = (int64_t{p.Hph} * p.Wph + int64_t{p.NV} * 16 + p.Wph + 15) / 16 * 16;
  return p;
}

}  // namespace detail

/// Whether qconv2d<s> runs the pixel-lane kernel (decided from the shape alone, whatever
/// the instruction set: the weights are packed at emit time for it). Undilated,
/// non-depthwise convs of at least 16 output pixels, unless the channel-lane kernel computes
/// markedly fewer wasted lanes there (small planes: a 7x7 or 14x14 plane's wide grid is 22-31
/// % larger than the plane), with enough taps x quads (64) to amortise its epilogue. The
/// lanes each computes: pixel lanes the wide grid's tiles x channels rounded up to 8; channel
/// lanes the pixels rounded up to the VNNI tile's (24 / blocks) x channels rounded up to 16.
constexpr bool q_pixel_lanes(const Conv& s) {
  if (s.depthwise() || s.dh != 1 || s.dw != 1 || int64_t{s.OH} * s.OW < 16) return false;
  const int64_t ohw = int64_t{s.OH} * s.OW, co = s.cout_g();
  const detail::QPlanes L = detail::q_planes(s);
  // The VNNI tile's shape (4 blocks x 24 / 4 pixels at most), whatever this build's.
  const int64_t nb16 = (co + QB - 1) / QB, obt = nb16 < 4 ? nb16 : 4;
  const int64_t p = 24 / obt;
  const int64_t pixel = L.tiles * L.NV * 16 * ((co + QR - 1) / QR * QR);
  const int64_t lane = (ohw + p - 1) / p * p * (nb16 * QB);
  const bool deep = int64_t{s.taps()} * (qc4(s) / 4) >= 64;
  return !(deep && pixel * 100 > lane * 115);
}

/// Channels of a block and blocks per group of an int8 conv's packed weights.
constexpr int q_block(const Conv& s) { return q_pixel_lanes(s) ? QR : QB; }
constexpr int q_nblocks(const Conv& s) { return (s.cout_g() + q_block(s) - 1) / q_block(s); }

/// Words of scratch of a pixel-lane int8 conv: the phase planes of one sample.
constexpr int64_t q_pl_scratch_words(const Conv& s) {
  const detail::QPlanes L = detail::q_planes(s);
  return int64_t{s.groups} * (qc4(s) / 4) * L.PA * L.PB * L.PS + 16;
}

/// Words (4 bytes) of the folded biases then the packed weights of an int8 conv.
inline int64_t qconv2d_packed_words(const Conv& s) {
  const int64_t lanes = int64_t{s.groups} * q_nblocks(s) * q_block(s);
  return lanes + lanes * s.taps() * qc4(s) / 4;
}

/// Packs OIHW int8 weights `w` and the int32 bias `b` (null: none) of an int8 conv with
/// input `in` into `out` (qconv2d_packed_words(s) words): the folded biases
/// b[o] - (zx + offset) * sum of w[o] (modulo 2^32), then the weights (layout above). Called
/// by vfuse at emit time for constant weights (the result is in the weights file) and by the
/// emitted code otherwise.
inline void pack_qconv2d(const Conv& s, QIn in, const int8_t* w, const i32* b, float* out) {
  const int T = s.taps(), Ci = s.cin_g(), Co = s.cout_g(), C4 = qc4(s), NB = q_nblocks(s);
  const int BS = q_block(s);
  const int64_t lanes = int64_t{s.groups} * NB * BS;
  i32* bias = as<i32>(out);
  int8_t* wp = as<int8_t>(out + lanes);
  const int64_t k = int64_t{in.zp} + in.offset();
  for (int g = 0; g < s.groups; ++g)
    for (int nb = 0; nb < NB; ++nb)
      for (int r = 0; r < BS; ++r) {
        const int o = nb * BS + r;
        int64_t sum = 0;
        if (o < Co)
          for (int64_t i = 0; i < int64_t{Ci} * T; ++i) sum += w[int64_t{g * Co + o} * Ci * T + i];
        const int64_t folded = (o < Co && b ? int64_t{b[g * Co + o]} : 0) - k * sum;
        bias[(int64_t{g} * NB + nb) * BS + r] = static_cast<int32_t>(static_cast<uint32_t>(folded));
        for (int t = 0; t < T; ++t)
          for (int c = 0; c < C4; ++c)
            wp[((((int64_t{g} * NB + nb) * T + t) * (C4 / 4) + c / 4) * BS + r) * 4 + c % 4] =
                o < Co && c < Ci ? w[(int64_t{g * Co + o} * Ci + c) * T + t] : int8_t{0};
      }
}

namespace detail {

/// The padded input rows and columns an int8 conv reads.
template <Conv S>
constexpr int q_hp() {
  return (S.OH - 1) * S.sh + (S.KH - 1) * S.dh + 1;
}
template <Conv S>
constexpr int q_wp() {
  return (S.OW - 1) * S.sw + (S.KW - 1) * S.dw + 1;
}
template <Conv S>
constexpr int64_t q_group_bytes() {
  return int64_t{q_hp<S>()} * q_wp<S>() * qc4(S);
}

}  // namespace detail

/// Words of scratch an int8 conv needs (one sample's packed input, depthwise one int32
/// plane, + 64 bytes).
inline int64_t qconv2d_scratch_words(const Conv& s) {
  if (q_pixel_lanes(s)) return q_pl_scratch_words(s);
  const int64_t hp = int64_t{s.OH - 1} * s.sh + int64_t{s.KH - 1} * s.dh + 1;
  const int64_t wq = int64_t{s.OW - 1} * s.sw + int64_t{s.KW - 1} * s.dw + 1;
  if (s.depthwise()) return hp * wq + 16;
  return (s.groups * hp * wq * qc4(s) + 64 + 3) / 4;
}

namespace detail {

/// One sample's input as u values in xq[g][Hp][Wp][C4] (see above).
template <Conv S, QIn I, class T>
inline void q_pack_input(const T* x, uint8_t* xq) {
  constexpr int Hp = q_hp<S>(), Wp = q_wp<S>(), C4 = qc4(S), Ci = S.cin_g();
  constexpr uint8_t pad = static_cast<uint8_t>(I.zp + I.offset());
  constexpr int64_t GB = q_group_bytes<S>();
  for (int g = 0; g < S.groups; ++g) {
    uint8_t* xg = xq + g * GB;
    // Borders and the channels past cin_g first, then the interior pixel by pixel.
    for (int64_t p = 0; p < int64_t{Hp} * Wp; ++p)
      for (int c = 0; c < C4; ++c) xg[p * C4 + c] = c < Ci ? pad : uint8_t{0};
    for (int c = 0; c < Ci; ++c) {
      const T* xc = x + (int64_t{g} * Ci + c) * S.H * S.W;
      for (int h = 0; h < S.H; ++h) {
        const int ph = h + S.pt;
        if (ph >= Hp) break;
        for (int w = 0; w < S.W; ++w) {
          const int pw = w + S.pl;
          if (pw >= Wp) break;
          xg[(int64_t{ph} * Wp + pw) * C4 + c] =
              static_cast<uint8_t>(static_cast<int>(xc[int64_t{h} * S.W + w]) + I.offset());
        }
      }
    }
  }
}

/// The output of lane r of block nb at pixel p into the tile (already summed with the
/// folded bias): int32, or requantized with multiplier m.
template <QOut Q>
inline int32_t q_out(int32_t v, int32_t m) {
  if constexpr (Q.bits == 32)
    return v;
  else
    return requantize_s(v, m, Q.shift, Q.zp, Q.lo, Q.hi);
}

#if defined(__AVX512F__)
/// requantize of 16 int32 lanes by their multipliers m (one per lane), exact: the 64-bit
/// products of the even and of the odd lanes, each rounded by
/// (p + 2^(n-1) - 1 + bit n of p) >> n (to nearest, ties to even: the floor, plus one when
/// the remainder is above half, or half and the floor odd; |p| < 2^62 so the sum does not
/// overflow), narrowed to int32 with saturation, interleaved back, then clamped to
/// [lo - z, hi - z] and z added: the same value as clamp(round + z, lo, hi) (a saturated
/// value lies outside that interval on the same side as the unsaturated one).
template <QOut Q>
inline __m512i q_requant16(__m512i v, __m512i m) {
  auto half = [](__m512i a, __m512i b) {
    __m512i p = _mm512_mul_epi32(a, b);  // low 32 bits of each 64-bit lane, signed
    if constexpr (Q.shift > 0) {
      const __m512i bit = _mm512_and_si512(_mm512_srai_epi64(p, Q.shift), _mm512_set1_epi64(1));
      p = _mm512_add_epi64(p, _mm512_set1_epi64((int64_t{1} << (Q.shift - 1)) - 1));
      p = _mm512_srai_epi64(_mm512_add_epi64(p, bit), Q.shift);
    }
    return _mm512_cvtsepi64_epi32(p);
  };
  const __m256i even = half(v, m);
  const __m256i odd = half(_mm512_srli_epi64(v, 32), _mm512_srli_epi64(m, 32));
  const __m512i idx = _mm512_set_epi32(15, 7, 14, 6, 13, 5, 12, 4, 11, 3, 10, 2, 9, 1, 8, 0);
  __m512i r =
      _mm512_permutexvar_epi32(idx, _mm512_inserti64x4(_mm512_castsi256_si512(even), odd, 1));
  r = _mm512_max_epi32(r, _mm512_set1_epi32(Q.lo - Q.zp));
  r = _mm512_min_epi32(r, _mm512_set1_epi32(Q.hi - Q.zp));
  return _mm512_add_epi32(r, _mm512_set1_epi32(Q.zp));
}
#endif

#if defined(__AVX512VNNI__)
/// The channel-lane tile of 4 blocks x 6 pixels (q_tile): for each tap t (the pixels' byte
/// offset off[t]) and each quad c (then + 4 bytes), the 4 blocks' 16 x 4 weight bytes (w,
/// w + bs, w + 2 bs, w + 3 bs; advancing 64 bytes per step: the packed order) and each
/// pixel's 4 bytes broadcast, acc[b][p] += their products (vpdpbusd: unsigned x, signed w).
/// In assembly so that the 24 accumulators stay in zmm0..23 (GCC spills them here).
inline void q_lane_sums_4x6(__m512i* acc, const uint8_t* const* xp, const int64_t* off, int taps,
                            const int8_t* w, int nc, int64_t bs) {
  const int8_t* w2 = w + 2 * bs;
  int64_t o;
  int n;
#define VF_Z(i) "vpxord %%zmm" #i ", %%zmm" #i ", %%zmm" #i "\n\t"
#define VF_S(i) "vmovdqa64 %%zmm" #i ", " #i "*64(%[o])\n\t"
#define VF_P(x, a, b, c, d)            \
  "vpbroadcastd (%[" x                 \
  "],%[o]), %%zmm28\n\t"               \
  "vpdpbusd %%zmm24, %%zmm28, %%zmm" a \
  "\n\t"                               \
  "vpdpbusd %%zmm25, %%zmm28, %%zmm" b \
  "\n\t"                               \
  "vpdpbusd %%zmm26, %%zmm28, %%zmm" c \
  "\n\t"                               \
  "vpdpbusd %%zmm27, %%zmm28, %%zmm" d "\n\t"
  asm volatile(
      VF_Z(0) VF_Z(1) VF_Z(2) VF_Z(3) VF_Z(4) VF_Z(5) VF_Z(6) VF_Z(7) VF_Z(8) VF_Z(9) VF_Z(10)
      VF_Z(11) VF_Z(12) VF_Z(13) VF_Z(14) VF_Z(15) VF_Z(16) VF_Z(17) VF_Z(18) VF_Z(19) VF_Z(20)
      VF_Z(21) VF_Z(22) VF_Z(23)
      "2:\n\t"
      "movq (%[off]), %[o]\n\t"
      "addq $8, %[off]\n\t"
      "movl %[nc], %[n]\n\t"
      "1:\n\t"
      "vmovdqu64 (%[w]), %%zmm24\n\t"
      "vmovdqu64 (%[w],%[bs]), %%zmm25\n\t"
      "vmovdqu64 (%[w2]), %%zmm26\n\t"
      "vmovdqu64 (%[w2],%[bs]), %%zmm27\n\t"
      VF_P("x0", "0", "6", "12", "18") VF_P("x1", "1", "7", "13", "19")
      VF_P("x2", "2", "8", "14", "20") VF_P("x3", "3", "9", "15", "21")
      VF_P("x4", "4", "10", "16", "22") VF_P("x5", "5", "11", "17", "23")
      "addq $4, %[o]\n\t"
      "addq $64, %[w]\n\t"
      "addq $64, %[w2]\n\t"
      "decl %[n]\n\t"
      "jnz 1b\n\t"
      "decl %[taps]\n\t"
      "jnz 2b\n\t"
      "movq %[acc], %[o]\n\t"  // o is free now: the accumulators' address (a register short)
      VF_S(0) VF_S(1) VF_S(2) VF_S(3) VF_S(4) VF_S(5) VF_S(6) VF_S(7) VF_S(8) VF_S(9) VF_S(10)
      VF_S(11) VF_S(12) VF_S(13) VF_S(14) VF_S(15) VF_S(16) VF_S(17) VF_S(18) VF_S(19) VF_S(20)
      VF_S(21) VF_S(22) VF_S(23)
      : [o] "=&r"(o), [n] "=&r"(n), [off] "+r"(off), [taps] "+r"(taps), [w] "+r"(w), [w2] "+r"(w2)
      : [x0] "r"(xp[0]), [x1] "r"(xp[1]), [x2] "r"(xp[2]), [x3] "r"(xp[3]), [x4] "r"(xp[4]),
        [x5] "r"(xp[5]), [nc] "m"(nc), [bs] "r"(bs), [acc] "m"(acc)
      : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
        "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18",
        "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28");
#undef VF_Z
#undef VF_S
#undef VF_P
}
#endif

/// The byte offset of tap t in the channel-lane kernel's packed input (xq[g][Hp][Wp][C4]).
template <Conv S>
struct QLaneTapOffsets {
  int64_t off[S.taps()];
  constexpr QLaneTapOffsets() : off() {
    for (int t = 0; t < S.taps(); ++t)
      off[t] = (int64_t{t / S.KW} * S.dh * q_wp<S>() + (t % S.KW) * S.dw) * qc4(S);
  }
};
template <Conv S>
inline constexpr QLaneTapOffsets<S> q_lane_tap_offsets{};

/// One tile: OBT blocks x P pixels starting at flat output pixel q0 (P of them valid, all
/// in this plane), stored into y for channels below `co` (valid lanes of the last block).
template <Conv S, QOut Q, int OBT, int P, class TY>
inline void q_tile(const uint8_t* xg, const int8_t* wg, const i32* bias, const i32* mult, TY* yb,
                   int nb0, int64_t q0) {
  constexpr int T = S.taps(), C4 = qc4(S), NC = C4 / 4, Wp = q_wp<S>();
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  constexpr int64_t bstride = int64_t{T} * NC * QB * 4;
  const uint8_t* xp[P];
  for (int p = 0; p < P; ++p) {
    const int64_t q = q0 + p;
    const int64_t oh = q / S.OW, ow = q % S.OW;
    xp[p] = xg + (oh * S.sh * Wp + ow * S.sw) * C4;
  }
  alignas(64) int32_t out[P][OBT * QB];
#if defined(__AVX512VNNI__)
  alignas(64) __m512i acc[OBT][P];
  if constexpr (OBT == 4 && P == 6) {
    q_lane_sums_4x6(&acc[0][0], xp, q_lane_tap_offsets<S>.off, T, wg + int64_t{nb0} * bstride, NC,
                    bstride);
  } else {
#pragma GCC unroll 4
    for (int b = 0; b < OBT; ++b)
#pragma GCC unroll 24
      for (int p = 0; p < P; ++p) acc[b][p] = _mm512_setzero_si512();
    for (int t = 0; t < T; ++t) {
      const int64_t toff = q_lane_tap_offsets<S>.off[t];
      const int8_t* wt = wg + int64_t{nb0} * bstride + int64_t{t} * NC * QB * 4;
      for (int c = 0; c < NC; ++c) {
        __m512i wv[OBT];
#pragma GCC unroll 4
        for (int b = 0; b < OBT; ++b) wv[b] = _mm512_loadu_si512(wt + b * bstride + c * QB * 4);
#pragma GCC unroll 24
        for (int p = 0; p < P; ++p) {
          uint32_t x4;
          std::memcpy(&x4, xp[p] + toff + c * 4, 4);
          const __m512i xv = _mm512_set1_epi32(static_cast<int>(x4));
#pragma GCC unroll 4
          for (int b = 0; b < OBT; ++b) acc[b][p] = _mm512_dpbusd_epi32(acc[b][p], xv, wv[b]);
        }
      }
    }
  }
#pragma GCC unroll 4
  for (int b = 0; b < OBT; ++b) {
    const __m512i bv = _mm512_loadu_si512(bias + (nb0 + b) * QB);
    __m512i mv = _mm512_setzero_si512();
    if constexpr (Q.bits != 32) mv = _mm512_loadu_si512(mult + (nb0 + b) * QB);
#pragma GCC unroll 24
    for (int p = 0; p < P; ++p) {
      __m512i v = _mm512_add_epi32(acc[b][p], bv);
      if constexpr (Q.bits != 32) v = q_requant16<Q>(v, mv);
      _mm512_store_si512(&out[p][b * QB], v);
    }
  }
#elif defined(__AVX2__)
  // vpdpbusd emulated exactly with vpmaddwd: in each 32-bit lane the even bytes (zero- /
  // sign-extended to 16 bits) give x0 w0 + x2 w2, the odd bytes x1 w1 + x3 w3 (each product
  // at most 255 * 128 in magnitude: the pair sums fit, no saturation). 16 lanes = 2 ymm.
  __m256i acc[OBT][P][2];
  for (int b = 0; b < OBT; ++b)
    for (int p = 0; p < P; ++p) acc[b][p][0] = acc[b][p][1] = _mm256_setzero_si256();
  const __m256i low = _mm256_set1_epi16(0x00FF);
  for (int kh = 0; kh < S.KH; ++kh)
    for (int kw = 0; kw < S.KW; ++kw) {
      const int t = kh * S.KW + kw;
      const int64_t toff = q_lane_tap_offsets<S>.off[t];
      const int8_t* wt = wg + int64_t{nb0} * bstride + int64_t{t} * NC * QB * 4;
      for (int c = 0; c < NC; ++c) {
        __m256i we[OBT][2], wo[OBT][2];
        for (int b = 0; b < OBT; ++b)
          for (int h = 0; h < 2; ++h) {
            const __m256i wv = _mm256_loadu_si256(
                reinterpret_cast<const __m256i*>(wt + b * bstride + c * QB * 4 + h * 32));
            we[b][h] = _mm256_srai_epi16(_mm256_slli_epi16(wv, 8), 8);
            wo[b][h] = _mm256_srai_epi16(wv, 8);
          }
#pragma GCC unroll 8
        for (int p = 0; p < P; ++p) {
          uint32_t x4;
          std::memcpy(&x4, xp[p] + toff + c * 4, 4);
          const __m256i xv = _mm256_set1_epi32(static_cast<int>(x4));
          const __m256i xe = _mm256_and_si256(xv, low), xo = _mm256_srli_epi16(xv, 8);
          for (int b = 0; b < OBT; ++b)
            for (int h = 0; h < 2; ++h)
              acc[b][p][h] =
                  _mm256_add_epi32(acc[b][p][h], _mm256_add_epi32(_mm256_madd_epi16(xe, we[b][h]),
                                                                  _mm256_madd_epi16(xo, wo[b][h])));
        }
      }
    }
  for (int b = 0; b < OBT; ++b)
    for (int p = 0; p < P; ++p) {
      alignas(32) uint32_t lanes[QB];
      _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc[b][p][0]);
      _mm256_store_si256(reinterpret_cast<__m256i*>(lanes + 8), acc[b][p][1]);
      for (int r = 0; r < QB; ++r) {
        const int32_t v =
            static_cast<int32_t>(lanes[r] + static_cast<uint32_t>(bias[(nb0 + b) * QB + r]));
        out[p][b * QB + r] = q_out<Q>(v, Q.bits == 32 ? 0 : mult[(nb0 + b) * QB + r]);
      }
    }
#else
  uint32_t acc[OBT][P][QB] = {};
  for (int kh = 0; kh < S.KH; ++kh)
    for (int kw = 0; kw < S.KW; ++kw) {
      const int t = kh * S.KW + kw;
      const int64_t toff = q_lane_tap_offsets<S>.off[t];
      const int8_t* wt = wg + int64_t{nb0} * bstride + int64_t{t} * NC * QB * 4;
      for (int c = 0; c < NC; ++c)
        for (int b = 0; b < OBT; ++b) {
          const int8_t* w = wt + b * bstride + c * QB * 4;
          for (int p = 0; p < P; ++p) {
            const uint8_t* x = xp[p] + toff + c * 4;
            const int x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
            for (int r = 0; r < QB; ++r)
              acc[b][p][r] += static_cast<uint32_t>(x0 * w[4 * r] + x1 * w[4 * r + 1] +
                                                    x2 * w[4 * r + 2] + x3 * w[4 * r + 3]);
          }
        }
    }
  for (int b = 0; b < OBT; ++b)
    for (int p = 0; p < P; ++p)
      for (int r = 0; r < QB; ++r) {
        const int32_t v =
            static_cast<int32_t>(acc[b][p][r] + static_cast<uint32_t>(bias[(nb0 + b) * QB + r]));
        out[p][b * QB + r] = q_out<Q>(v, Q.bits == 32 ? 0 : mult[(nb0 + b) * QB + r]);
      }
#endif
  // The tile into the NCHW planes: channel by channel, P consecutive pixels.
  const int rows = std::min(OBT * QB, S.cout_g() - nb0 * QB);
  for (int r = 0; r < rows; ++r) {
    TY* yr = yb + (int64_t{nb0} * QB + r) * ohw + q0;
    for (int p = 0; p < P; ++p) yr[p] = static_cast<TY>(out[p][r]);
  }
}

/// Every pixel tile of blocks [nb0, nb0 + OBT) of group g of one sample.
template <Conv S, QOut Q, int OBT, class TY>
inline void q_blocks(const uint8_t* xg, const int8_t* wg, const i32* bias, const i32* mult, TY* yg,
                     int nb0) {
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  constexpr int P0 = kQTile / OBT;
  constexpr int P = ohw < P0 ? static_cast<int>(ohw) : P0;
  constexpr int64_t full = ohw / P;
  constexpr int tail = static_cast<int>(ohw % P);
  parallel_for(full, int64_t{P} * OBT * QB * S.cin_g() * S.taps(),
               ohw * S.cout_g() * S.cin_g() * S.taps() > (int64_t{1} << 20),
               [&](int64_t t) { q_tile<S, Q, OBT, P>(xg, wg, bias, mult, yg, nb0, t * P); });
  if constexpr (tail > 0) q_tile<S, Q, OBT, tail>(xg, wg, bias, mult, yg, nb0, full * P);
}

/// Depthwise (one input and one output channel per group): per channel, the u values of
/// its padded plane as int32 in scratch (padding zx (+ 128), as the general kernel reads
/// them; the same packed weights and folded biases, lane 0 of each group's block), then
/// each output row as a row of sums over the taps, taps outer, so that the loop over the
/// row's pixels is plain int32 vector arithmetic (sums modulo 2^32, exact as above).
template <Conv S, QIn I, QOut Q, class TX, class TY>
void q_depthwise(const TX* x, const float* wp, const i32* mult, TY* y, float* scratch) {
  constexpr int Hp = q_hp<S>(), Wp = q_wp<S>(), T = S.taps();
  constexpr int64_t lanes = int64_t{S.groups} * QB;  // one block per group
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  const i32* bias = as<i32>(wp);
  const int8_t* w = as<int8_t>(wp + lanes);
  uint32_t* plane = reinterpret_cast<uint32_t*>(scratch);
  constexpr uint32_t pad = static_cast<uint32_t>(I.zp + I.offset());
  for (int n = 0; n < S.N; ++n)
    for (int c = 0; c < S.C; ++c) {
      const TX* xc = x + (int64_t{n} * S.C + c) * S.H * S.W;
      for (int64_t p = 0; p < int64_t{Hp} * Wp; ++p) plane[p] = pad;
      for (int h = 0; h < S.H && h + S.pt < Hp; ++h)
        for (int v = 0; v < S.W && v + S.pl < Wp; ++v)
          plane[int64_t{h + S.pt} * Wp + v + S.pl] =
              static_cast<uint32_t>(static_cast<int>(xc[int64_t{h} * S.W + v]) + I.offset());
      int32_t wt[T];
      for (int t = 0; t < T; ++t) wt[t] = w[(int64_t{c} * T + t) * QB * 4];
      const uint32_t b0 = static_cast<uint32_t>(bias[int64_t{c} * QB]);
      const int32_t m = Q.bits == 32 ? 0 : mult[int64_t{c} * QB];
      TY* yc = y + (int64_t{n} * S.C + c) * ohw;
      uint32_t row[S.OW];
      for (int oh = 0; oh < S.OH; ++oh) {
        for (int ow = 0; ow < S.OW; ++ow) row[ow] = b0;
        for (int kh = 0; kh < S.KH; ++kh)
          for (int kw = 0; kw < S.KW; ++kw) {
            const uint32_t* src = plane + int64_t{oh * S.sh + kh * S.dh} * Wp + kw * S.dw;
            const uint32_t wk = static_cast<uint32_t>(wt[kh * S.KW + kw]);
            for (int ow = 0; ow < S.OW; ++ow) row[ow] += src[ow * S.sw] * wk;
          }
        TY* yr = yc + int64_t{oh} * S.OW;
        for (int ow = 0; ow < S.OW; ++ow)
          yr[ow] = static_cast<TY>(q_out<Q>(static_cast<int32_t>(row[ow]), m));
      }
    }
}

}  // namespace detail

namespace detail {

/// One sample's input into the phase planes of every group (see above).
template <Conv S, QIn I, class T>
inline void q_pl_pack(const T* x, uint32_t* xq) {
  constexpr QPlanes L = q_planes(S);
  constexpr int Ci = S.cin_g(), NC = qc4(S) / 4;
  constexpr int rw = (L.Wph - 1) * S.sw + L.PB;  // padded columns read
  constexpr int rh = (L.Hph - 1) * S.sh + L.PA;  // padded rows read
  constexpr uint32_t pad =
      static_cast<uint32_t>(static_cast<uint8_t>(I.zp + I.offset())) * 0x01010101u;
  constexpr int64_t planes = int64_t{L.PA} * L.PB * L.PS;
  // Interior columns: padded column pl + w for w in [0, wn).
  constexpr int wn = S.W < rw - S.pl ? S.W : (rw - S.pl > 0 ? rw - S.pl : 0);
  // Quads shared between the threads, each with its own padded row (on its stack).
  parallel_for(
      S.groups * NC, 4 * planes, int64_t{S.groups} * NC * planes >= (int64_t{1} << 13),
      [&](int64_t gcl) {
        const int gc = static_cast<int>(gcl), g = gc / NC, c = gc % NC;
        uint32_t row[rw + 16];
        uint32_t* qc = xq + (int64_t{g} * NC + c) * planes;
        const T* xc[4];
        for (int l = 0; l < 4; ++l)
          xc[l] = 4 * c + l < Ci ? x + (int64_t{g} * Ci + 4 * c + l) * S.H * S.W : nullptr;
        for (int pr = 0; pr < rh; ++pr) {
          const int a = pr % S.sh, i = pr / S.sh;
          if (a >= L.PA) continue;
          const int h = pr - S.pt;
          for (int k = 0; k < rw; ++k) row[k] = pad;
          if (h >= 0 && h < S.H && wn > 0) {
            int w = 0;
#if defined(__AVX2__)
            const __m128i flip = _mm_set1_epi8(static_cast<char>(I.offset()));
            const __m128i padv = _mm_set1_epi8(static_cast<char>(pad & 0xFF));
            for (; w + 16 <= wn; w += 16) {
              __m128i v[4];
              for (int l = 0; l < 4; ++l)
                v[l] = xc[l] ? _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(
                                                 xc[l] + int64_t{h} * S.W + w)),
                                             flip)
                             : padv;
              const __m128i t0 = _mm_unpacklo_epi8(v[0], v[1]), t1 = _mm_unpackhi_epi8(v[0], v[1]);
              const __m128i t2 = _mm_unpacklo_epi8(v[2], v[3]), t3 = _mm_unpackhi_epi8(v[2], v[3]);
              __m128i* d = reinterpret_cast<__m128i*>(row + S.pl + w);
              _mm_storeu_si128(d, _mm_unpacklo_epi16(t0, t2));
              _mm_storeu_si128(d + 1, _mm_unpackhi_epi16(t0, t2));
              _mm_storeu_si128(d + 2, _mm_unpacklo_epi16(t1, t3));
              _mm_storeu_si128(d + 3, _mm_unpackhi_epi16(t1, t3));
            }
#endif
            for (; w < wn; ++w) {
              uint32_t v = 0;
              for (int l = 0; l < 4; ++l) {
                const uint32_t u =
                    xc[l] ? static_cast<uint8_t>(static_cast<int>(xc[l][int64_t{h} * S.W + w]) +
                                                 I.offset())
                          : (pad & 0xFF);
                v |= u << (8 * l);
              }
              row[S.pl + w] = v;
            }
          }
          for (int b = 0; b < L.PB; ++b) {
            uint32_t* d = qc + (int64_t{a} * L.PB + b) * L.PS + int64_t{i} * L.Wph;
            if constexpr (S.sw == 1)
              std::memcpy(d, row + b, sizeof(uint32_t) * L.Wph);
            else
              for (int j = 0; j < L.Wph; ++j) d[j] = row[j * S.sw + b];
          }
        }
        // Rows past the input's padded extent are not read by a valid pixel; the slack after
        // each plane only by dropped ones: both hold the padding.
        for (int a = 0; a < L.PA; ++a)
          for (int b = 0; b < L.PB; ++b) {
            uint32_t* p = qc + (int64_t{a} * L.PB + b) * L.PS;
            const int rows_a = (rh - a + S.sh - 1) / S.sh;  // rows written for phase a
            for (int64_t k = int64_t{rows_a} * L.Wph; k < L.PS; ++k) p[k] = pad;
          }
      });
}

/// The byte offset of tap t's phase plane and position within it, for the pixel-lane kernel.
template <Conv S>
struct QTapOffsets {
  int64_t off[S.taps()];
  constexpr QTapOffsets() : off() {
    constexpr QPlanes L = q_planes(S);
    for (int t = 0; t < S.taps(); ++t) {
      const int kh = t / S.KW, kw = t % S.KW;
      off[t] = (int64_t{kh % S.sh} * L.PB + kw % S.sw) * L.PS * 4 +
               (int64_t{kh / S.sh} * L.Wph + kw / S.sw) * 4;
    }
  }
};
template <Conv S>
inline constexpr QTapOffsets<S> q_tap_offsets{};

#if defined(__AVX512VNNI__)
/// A pixel-lane tile's sums: for each tap t (x + off[t]) and each quad c (then + cstride),
/// NV vectors of 16 pixels' 4 bytes and QR weights' 4 bytes (w, advancing QR * 4 per step:
/// the packed order), acc[r][v] += the 4 products of each lane (vpdpbusd: unsigned x, signed
/// w); the sums into acc (QR x NV vectors). In assembly so that the accumulators stay in
/// zmm0..15 (GCC copies and spills arrays of vectors in this loop).
template <int NV>
inline void q_pl_sums(__m512i* acc, const uint8_t* x, const int64_t* off, int taps, const int8_t* w,
                      int nc, int64_t cstride) {
  static_assert(QR == 8 && NV >= 1 && NV <= 3);
  const uint8_t* xp;
  int n;
#define VF_Z(i) "vpxord %%zmm" #i ", %%zmm" #i ", %%zmm" #i "\n\t"
#define VF_S(i) "vmovdqa64 %%zmm" #i ", " #i "*64(%[acc])\n\t"
// The loops over taps (xp = x + off[t]) and quads (nc steps: w += 32, xp += cstride) around
// each tile width's body.
#define VF_STEPS_BEGIN                                                                  \
  "2:\n\tmovq (%[off]), %[xp]\n\taddq %[x], %[xp]\n\taddq $8, %[off]\n\tmovl %[nc], %[n]\n\t" \
  "1:\n\t"
#define VF_STEPS_END \
  "addq $32, %[w]\n\taddq %[cs], %[xp]\n\tdecl %[n]\n\tjnz 1b\n\tdecl %[taps]\n\tjnz 2b\n\t"
  if constexpr (NV == 3) {
#define VF_Q3(off, a, b, c)            \
  "vpbroadcastd " off                  \
  "(%[w]), %%zmm27\n\t"                \
  "vpdpbusd %%zmm27, %%zmm24, %%zmm" a \
  "\n\t"                               \
  "vpdpbusd %%zmm27, %%zmm25, %%zmm" b \
  "\n\t"                               \
  "vpdpbusd %%zmm27, %%zmm26, %%zmm" c "\n\t"
    asm volatile(
        VF_Z(0) VF_Z(1) VF_Z(2) VF_Z(3) VF_Z(4) VF_Z(5) VF_Z(6) VF_Z(7)
        VF_Z(8) VF_Z(9) VF_Z(10) VF_Z(11) VF_Z(12) VF_Z(13) VF_Z(14) VF_Z(15)
        VF_Z(16) VF_Z(17) VF_Z(18) VF_Z(19) VF_Z(20) VF_Z(21) VF_Z(22) VF_Z(23)
        VF_STEPS_BEGIN
        "vmovdqu64 (%[xp]), %%zmm24\n\t"
        "vmovdqu64 64(%[xp]), %%zmm25\n\t"
        "vmovdqu64 128(%[xp]), %%zmm26\n\t"
        VF_Q3("0", "0", "1", "2") VF_Q3("4", "3", "4", "5") VF_Q3("8", "6", "7", "8")
        VF_Q3("12", "9", "10", "11") VF_Q3("16", "12", "13", "14")
        VF_Q3("20", "15", "16", "17") VF_Q3("24", "18", "19", "20")
        VF_Q3("28", "21", "22", "23")
        VF_STEPS_END
        VF_S(0) VF_S(1) VF_S(2) VF_S(3) VF_S(4) VF_S(5) VF_S(6) VF_S(7)
        VF_S(8) VF_S(9) VF_S(10) VF_S(11) VF_S(12) VF_S(13) VF_S(14) VF_S(15)
        VF_S(16) VF_S(17) VF_S(18) VF_S(19) VF_S(20) VF_S(21) VF_S(22) VF_S(23)
        : [xp] "=&r"(xp), [n] "=&r"(n), [off] "+r"(off), [taps] "+r"(taps), [w] "+r"(w)
        : [x] "r"(x), [nc] "r"(nc), [cs] "r"(cstride), [acc] "r"(acc)
        : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
          "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16",
          "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25",
          "xmm26", "xmm27");
#undef VF_Q3
  } else if constexpr (NV == 2) {
#define VF_Q2(off, a, b)               \
  "vpbroadcastd " off                  \
  "(%[w]), %%zmm18\n\t"                \
  "vpdpbusd %%zmm18, %%zmm16, %%zmm" a \
  "\n\t"                               \
  "vpdpbusd %%zmm18, %%zmm17, %%zmm" b "\n\t"
    asm volatile(
        VF_Z(0) VF_Z(1) VF_Z(2) VF_Z(3) VF_Z(4) VF_Z(5) VF_Z(6) VF_Z(7)
        VF_Z(8) VF_Z(9) VF_Z(10) VF_Z(11) VF_Z(12) VF_Z(13) VF_Z(14) VF_Z(15)
        VF_STEPS_BEGIN
        "vmovdqu64 (%[xp]), %%zmm16\n\t"
        "vmovdqu64 64(%[xp]), %%zmm17\n\t"
        VF_Q2("0", "0", "1") VF_Q2("4", "2", "3") VF_Q2("8", "4", "5") VF_Q2("12", "6", "7")
        VF_Q2("16", "8", "9") VF_Q2("20", "10", "11") VF_Q2("24", "12", "13")
        VF_Q2("28", "14", "15")
        VF_STEPS_END
        VF_S(0) VF_S(1) VF_S(2) VF_S(3) VF_S(4) VF_S(5) VF_S(6) VF_S(7)
        VF_S(8) VF_S(9) VF_S(10) VF_S(11) VF_S(12) VF_S(13) VF_S(14) VF_S(15)
        : [xp] "=&r"(xp), [n] "=&r"(n), [off] "+r"(off), [taps] "+r"(taps), [w] "+r"(w)
        : [x] "r"(x), [nc] "r"(nc), [cs] "r"(cstride), [acc] "r"(acc)
        : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
          "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16",
          "xmm17", "xmm18");
#undef VF_Q2
  } else {
#define VF_Q1(off, a)   \
  "vpbroadcastd " off   \
  "(%[w]), %%zmm18\n\t" \
  "vpdpbusd %%zmm18, %%zmm16, %%zmm" a "\n\t"
    asm volatile(
        VF_Z(0) VF_Z(1) VF_Z(2) VF_Z(3) VF_Z(4) VF_Z(5) VF_Z(6) VF_Z(7)
        VF_STEPS_BEGIN
        "vmovdqu64 (%[xp]), %%zmm16\n\t"
        VF_Q1("0", "0") VF_Q1("4", "1") VF_Q1("8", "2") VF_Q1("12", "3")
        VF_Q1("16", "4") VF_Q1("20", "5") VF_Q1("24", "6") VF_Q1("28", "7")
        VF_STEPS_END
        VF_S(0) VF_S(1) VF_S(2) VF_S(3) VF_S(4) VF_S(5) VF_S(6) VF_S(7)
        : [xp] "=&r"(xp), [n] "=&r"(n), [off] "+r"(off), [taps] "+r"(taps), [w] "+r"(w)
        : [x] "r"(x), [nc] "r"(nc), [cs] "r"(cstride), [acc] "r"(acc)
        : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
          "xmm16", "xmm18");
#undef VF_Q1
  }
#undef VF_STEPS_BEGIN
#undef VF_STEPS_END
#undef VF_Z
#undef VF_S
}
#endif

/// One tile: output channels [nb * QR, nb * QR + QR) x wide pixels [q0, q0 + NV * 16) of
/// one sample and group, stored for channels below cout_g and columns below OW.
template <Conv S, QOut Q, int NV, class TY>
inline void q_pl_tile(const uint8_t* xg, const int8_t* wg, const i32* bias, const i32* mult, TY* yg,
                      int nb, int64_t q0) {
  constexpr QPlanes L = q_planes(S);
  constexpr int T = S.taps(), NC = qc4(S) / 4;
  constexpr int64_t cstride = int64_t{L.PA} * L.PB * L.PS * 4;  // bytes per quad
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  const int8_t* wb = wg + int64_t{nb} * T * NC * QR * 4;
  alignas(64) TY out[QR][NV * 16];
#if defined(__AVX512VNNI__)
  alignas(64) __m512i acc[QR][NV];
  q_pl_sums<NV>(&acc[0][0], xg + q0 * 4, q_tap_offsets<S>.off, T, wb, NC, cstride);
#pragma GCC unroll 8
  for (int r = 0; r < QR; ++r) {
    const __m512i bv = _mm512_set1_epi32(bias[nb * QR + r]);
    __m512i mv = _mm512_setzero_si512();
    if constexpr (Q.bits != 32) mv = _mm512_set1_epi32(mult[nb * QR + r]);
#pragma GCC unroll 3
    for (int v = 0; v < NV; ++v) {
      __m512i y = _mm512_add_epi32(acc[r][v], bv);
      if constexpr (Q.bits != 32) {
        // Clamped into TY's range already: the truncation to bytes is exact.
        y = q_requant16<Q>(y, mv);
        _mm_store_si128(reinterpret_cast<__m128i*>(&out[r][v * 16]), _mm512_cvtepi32_epi8(y));
      } else {
        _mm512_store_si512(&out[r][v * 16], y);
      }
    }
  }
#elif defined(__AVX2__)
  // vpdpbusd emulated exactly with vpmaddwd as in q_tile (even and odd bytes, 16-bit
  // products summed in pairs without saturation), 8 pixels per ymm, one 8-pixel column of
  // the tile at a time (8 accumulators of 16 registers).
  const __m256i low = _mm256_set1_epi16(0x00FF);
  const int64_t* off = q_tap_offsets<S>.off;
  for (int j = 0; j < 2 * NV; ++j) {
    __m256i acc[QR];
#pragma GCC unroll 8
    for (int r = 0; r < QR; ++r) acc[r] = _mm256_setzero_si256();
    const int8_t* w = wb;
    for (int t = 0; t < T; ++t) {
      const uint8_t* xt = xg + q0 * 4 + off[t] + j * 32;
      for (int c = 0; c < NC; ++c, w += QR * 4) {
        const __m256i xv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(xt + c * cstride));
        const __m256i xe = _mm256_and_si256(xv, low), xo = _mm256_srli_epi16(xv, 8);
#pragma GCC unroll 8
        for (int r = 0; r < QR; ++r) {
          int32_t w4;
          std::memcpy(&w4, w + r * 4, 4);
          const __m256i wv = _mm256_set1_epi32(w4);
          const __m256i we = _mm256_srai_epi16(_mm256_slli_epi16(wv, 8), 8);
          const __m256i wo = _mm256_srai_epi16(wv, 8);
          acc[r] = _mm256_add_epi32(
              acc[r], _mm256_add_epi32(_mm256_madd_epi16(xe, we), _mm256_madd_epi16(xo, wo)));
        }
      }
    }
    for (int r = 0; r < QR; ++r) {
      alignas(32) uint32_t lanes[8];
      _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc[r]);
      for (int p = 0; p < 8; ++p) {
        const int32_t v = static_cast<int32_t>(lanes[p] + static_cast<uint32_t>(bias[nb * QR + r]));
        out[r][j * 8 + p] = static_cast<TY>(q_out<Q>(v, Q.bits == 32 ? 0 : mult[nb * QR + r]));
      }
    }
  }
#else
  // The exact sums in uint32 lanes (modulo 2^32), a loop the compiler vectorises.
  uint32_t acc[QR][NV * 16] = {};
  for (int t = 0; t < T; ++t) {
    const uint8_t* xt = xg + q0 * 4 + q_tap_offsets<S>.off[t];
    const int8_t* wt = wb + int64_t{t} * NC * QR * 4;
    for (int c = 0; c < NC; ++c) {
      const uint8_t* xc = xt + c * cstride;
      for (int r = 0; r < QR; ++r) {
        const int8_t* w = wt + (c * QR + r) * 4;
        const int w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3];
        for (int p = 0; p < NV * 16; ++p)
          acc[r][p] += static_cast<uint32_t>(xc[4 * p] * w0 + xc[4 * p + 1] * w1 +
                                             xc[4 * p + 2] * w2 + xc[4 * p + 3] * w3);
      }
    }
  }
  for (int r = 0; r < QR; ++r)
    for (int p = 0; p < NV * 16; ++p) {
      const int32_t v = static_cast<int32_t>(acc[r][p] + static_cast<uint32_t>(bias[nb * QR + r]));
      out[r][p] = static_cast<TY>(q_out<Q>(v, Q.bits == 32 ? 0 : mult[nb * QR + r]));
    }
#endif
  // The valid columns of each wide row the tile covers into the NCHW planes.
  const int rows = std::min(QR, S.cout_g() - nb * QR);
  const int64_t end = std::min<int64_t>(q0 + NV * 16, L.wide);
  for (int64_t q = q0; q < end;) {
    const int64_t oh = q / L.Wph, ow = q % L.Wph;
    const int64_t seg = std::min<int64_t>(end, oh * L.Wph + S.OW) - q;
    if (seg > 0)
      for (int r = 0; r < rows; ++r) {
        TY* yr = yg + (int64_t{nb} * QR + r) * ohw + oh * S.OW + ow;
        const TY* o = &out[r][q - q0];
#if defined(__AVX512BW__)
        if constexpr (sizeof(TY) == 1 && NV * 16 <= 64) {  // seg <= 48 bytes: one masked move
          const __mmask64 mk = _bzhi_u64(~uint64_t{0}, static_cast<unsigned>(seg));
          _mm512_mask_storeu_epi8(yr, mk, _mm512_maskz_loadu_epi8(mk, o));
          continue;
        }
#endif
        for (int64_t k = 0; k < seg; ++k) yr[k] = o[k];
      }
    q = (oh + 1) * L.Wph;
  }
}

/// The pixel-lane int8 conv (see above).
template <Conv S, QIn I, QOut Q, class TX, class TY>
void q_pixel_conv(const TX* x, const float* wp, const i32* mult, TY* y, float* scratch) {
  constexpr QPlanes L = q_planes(S);
  constexpr int NB = q_nblocks(S), NC = qc4(S) / 4;
  constexpr int64_t lanes = int64_t{S.groups} * NB * QR;
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  constexpr int64_t planes = int64_t{L.PA} * L.PB * L.PS;
  const i32* bias = as<i32>(wp);
  const int8_t* w = as<int8_t>(wp + lanes);
  uint32_t* xq = reinterpret_cast<uint32_t*>(scratch);
  constexpr int64_t wgroup = int64_t{NB} * S.taps() * NC * QR * 4;
  for (int n = 0; n < S.N; ++n) {
    q_pl_pack<S, I>(x + int64_t{n} * S.C * S.H * S.W, xq);
    for (int g = 0; g < S.groups; ++g) {
      const uint8_t* xg = reinterpret_cast<const uint8_t*>(xq + int64_t{g} * NC * planes);
      const int8_t* wg = w + g * wgroup;
      const i32* bg = bias + int64_t{g} * NB * QR;
      const i32* mg = Q.bits == 32 ? nullptr : mult + int64_t{g} * NB * QR;
      TY* yg = y + (int64_t{n} * S.O + int64_t{g} * S.cout_g()) * ohw;
      constexpr int64_t work = L.tiles * NB;
      parallel_for(work, ohw * S.cout_g() * S.cin_g() * S.taps() / work,
                   ohw * S.cout_g() * S.cin_g() * S.taps() > (int64_t{1} << 20), [&](int64_t k) {
                     q_pl_tile<S, Q, L.NV>(xg, wg, bg, mg, yg, static_cast<int>(k % NB),
                                           (k / NB) * L.NV * 16);
                   });
    }
  }
}

}  // namespace detail

/// qconv2d (Q.bits 32: y int32) or qconv2d followed by requantize (y int8 / uint8): x of
/// type TX (int8 / uint8) with zero point I.zp, `wp` from pack_qconv2d, `mult` the
/// requantize multipliers per output channel padded as the folded biases ([g][block][q_block(S)];
/// unused for Q.bits 32), `scratch` qconv2d_scratch_words(S) words.
template <Conv S, QIn I, QOut Q, class TX, class TY>
void qconv2d(const TX* x, const float* wp, const i32* mult, TY* y, float* scratch) {
  constexpr int NB = qblocks(S);
  constexpr int OBT = NB < kQBlocks ? NB : kQBlocks;
  constexpr int64_t lanes = int64_t{S.groups} * NB * QB;
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  if constexpr (S.depthwise()) {
    detail::q_depthwise<S, I, Q>(x, wp, mult, y, scratch);
    return;
  } else if constexpr (q_pixel_lanes(S)) {
    detail::q_pixel_conv<S, I, Q>(x, wp, mult, y, scratch);
    return;
  }
  const i32* bias = as<i32>(wp);
  const int8_t* w = as<int8_t>(wp + lanes);
  uint8_t* xq = as<uint8_t>(scratch);
  constexpr int64_t wgroup = int64_t{NB} * S.taps() * qc4(S) * QB;
  for (int n = 0; n < S.N; ++n) {
    detail::q_pack_input<S, I>(x + int64_t{n} * S.C * S.H * S.W, xq);
    for (int g = 0; g < S.groups; ++g) {
      const uint8_t* xg = xq + g * detail::q_group_bytes<S>();
      const int8_t* wg = w + g * wgroup;
      const i32* bg = bias + int64_t{g} * NB * QB;
      const i32* mg = Q.bits == 32 ? nullptr : mult + int64_t{g} * NB * QB;
      TY* yg = y + (int64_t{n} * S.O + int64_t{g} * S.cout_g()) * ohw;
      constexpr int full = NB / OBT;
      for (int k = 0; k < full; ++k) detail::q_blocks<S, Q, OBT>(xg, wg, bg, mg, yg, k * OBT);
      if constexpr (NB % OBT > 0) detail::q_blocks<S, Q, NB % OBT>(xg, wg, bg, mg, yg, full * OBT);
    }
  }
}

/// Requantize multipliers (m[0] for all when not per channel) laid out per output channel as
/// the int8 conv's folded biases ([g][block][q_block(s)], 0 past cout_g), for a fused requantize.
inline void pack_qmultipliers(const Conv& s, const i32* m, bool per_channel, float* out) {
  const int L = q_nblocks(s) * q_block(s), Co = s.cout_g();
  i32* o = as<i32>(out);
  for (int g = 0; g < s.groups; ++g)
    for (int k = 0; k < L; ++k)
      o[int64_t{g} * L + k] = k < Co ? m[per_channel ? g * Co + k : 0] : 0;
}

/// Words of pack_qmultipliers' output.
inline int64_t qmultipliers_words(const Conv& s) {
  return int64_t{s.groups} * q_nblocks(s) * q_block(s);
}

}  // namespace vfrt
