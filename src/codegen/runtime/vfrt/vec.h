// vfrt/vec.h — the vectors of vfrt.h: VL floats as GCC/Clang vector extensions, and the few
// operations the kernels need beyond the vector operators, with intrinsics where the
// target's instruction (a masked load, an FMA, a permute) is not what the compiler makes of
// the portable form.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace vfrt {

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

#if defined(__AVX512F__)
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
#elif defined(__AVX2__)
/// Transposes the 8 x 8 floats r[row][lane] in registers: pairs of rows interleaved, then
/// pairs of pairs, then the 128-bit halves exchanged.
inline void transpose8(__m256 r[8]) {
  __m256 t[8];
  for (int i = 0; i < 4; ++i) {
    t[2 * i] = _mm256_unpacklo_ps(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm256_unpackhi_ps(r[2 * i], r[2 * i + 1]);
  }
  for (int i = 0; i < 2; ++i) {
    r[4 * i] = _mm256_shuffle_ps(t[4 * i], t[4 * i + 2], 0x44);
    r[4 * i + 1] = _mm256_shuffle_ps(t[4 * i], t[4 * i + 2], 0xee);
    r[4 * i + 2] = _mm256_shuffle_ps(t[4 * i + 1], t[4 * i + 3], 0x44);
    r[4 * i + 3] = _mm256_shuffle_ps(t[4 * i + 1], t[4 * i + 3], 0xee);
  }
  // r[c] (c < 4) holds rows 0-3 of columns c and c + 4 in its halves, r[4 + c] rows 4-7.
  for (int c = 0; c < 4; ++c) {
    t[c] = _mm256_permute2f128_ps(r[c], r[4 + c], 0x20);
    t[4 + c] = _mm256_permute2f128_ps(r[c], r[4 + c], 0x31);
  }
  for (int c = 0; c < 8; ++c) r[c] = t[c];
}
#endif

#if defined(__AVX512F__) || defined(__AVX2__)
/// Transposes the VL x VL floats r[row][lane] in registers (transpose16 / transpose8).
inline void transpose_vl(vec r[VL]) {
#if defined(__AVX512F__)
  using M = __m512;
#else
  using M = __m256;
#endif
  M m[VL];
  for (int i = 0; i < VL; ++i) m[i] = (M)r[i];
#if defined(__AVX512F__)
  transpose16(m);
#else
  transpose8(m);
#endif
  for (int i = 0; i < VL; ++i) r[i] = (vec)m[i];
}
#endif

/// Whether some lane of x is below c (false for NaN lanes).
inline bool any_below(vec x, float c) {
#if defined(__AVX512F__)
  return _mm512_cmp_ps_mask((__m512)x, _mm512_set1_ps(c), _CMP_LT_OQ) != 0;
#elif defined(__AVX2__)
  return _mm256_movemask_ps(_mm256_cmp_ps((__m256)x, _mm256_set1_ps(c), _CMP_LT_OQ)) != 0;
#else
  for (int l = 0; l < VL; ++l)
    if (x[l] < c) return true;
  return false;
#endif
}

/// The semantics' exp lane by lane: vfexp::exp_f32's operations on vectors, so each lane
/// equals exp_s (and the interpreter) bit for bit. A vector with a lane below -87 (a
/// subnormal or zero result possible) goes through exp32.h's subnormal-safe form, the same
/// bits without the slow subnormal multiplies (a masked softmax row: 3x faster).
inline vec exp_v(vec x) {
  if (any_below(x, -87.f)) return vfexp::exp_f32_vec<vec, ivec, true>(x);
  return vfexp::exp_f32_vec<vec, ivec>(x);
}
/// The semantics' exp in float (exp32.h).
inline float exp_s(float x) { return vfexp::exp_f32(x); }
/// The semantics' erf lane by lane: vferf::erf_f32's operations on vectors, so each lane
/// equals erf_s (and the interpreter) bit for bit.
inline vec erf_v(vec x) { return vferf::erf_f32_vec<vec, ivec>(x); }
/// The semantics' erf in float (erf32.h).
inline float erf_s(float x) { return vferf::erf_f32(x); }
/// The semantics' tanh lane by lane: vftanh::tanh_f32's operations on vectors, so each lane
/// equals tanh_s (and the interpreter) bit for bit.
inline vec tanh_v(vec x) { return vftanh::tanh_f32_vec<vec, ivec>(x); }
/// The semantics' tanh in float (tanh32.h).
inline float tanh_s(float x) { return vftanh::tanh_f32(x); }

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

}  // namespace vfrt
