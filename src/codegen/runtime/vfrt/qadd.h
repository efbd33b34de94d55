// vfrt/qadd.h — the quantized residual add (vfuse's ops.def qadd; its formula is
// src/semantics/scalar_ops.h qadd):
//   y = clamp(round_shift((a - za) ma + (b - zb) mb, n) + z, lo, hi)
// one rounding of the sum of the two rescaled inputs, ties to even, exact integers, so the
// kernel is bit-identical to the interpreter.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

/// qadd of one element in 64 bits, as the semantics reads it (|a - za| <= 255 and |m| <
/// 2^31, so the sum is exact).
inline int32_t qadd_s(int32_t a, int32_t b, int32_t ma, int32_t mb, int za, int zb, int n, int z,
                      int lo, int hi) {
  const int64_t p = int64_t{a - za} * ma + int64_t{b - zb} * mb;
  const int64_t v = round_shift(p, n) + z;
  return static_cast<int32_t>(v < lo ? lo : (hi < v ? hi : v));
}

namespace detail {
/// VL bytes, signed and unsigned: an int8 / uint8 vector beside an ivec of VL int32 lanes.
typedef int8_t s8vec __attribute__((vector_size(VL)));
typedef uint8_t u8vec __attribute__((vector_size(VL)));
template <class T>
using byte_vec = std::conditional_t<std::is_signed_v<T>, s8vec, u8vec>;

/// VL elements of p widened to int32 lanes: vpmovzxbd / vpmovsxbd from memory (GCC 12
/// turns __builtin_convertvector of 16 bytes into 16 byte extractions).
template <class T>
inline ivec widen(const T* p) {
#if defined(__AVX512F__)
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  return (ivec)(std::is_signed_v<T> ? _mm512_cvtepi8_epi32(b) : _mm512_cvtepu8_epi32(b));
#elif defined(__AVX2__)
  const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
  return (ivec)(std::is_signed_v<T> ? _mm256_cvtepi8_epi32(b) : _mm256_cvtepu8_epi32(b));
#else
  byte_vec<T> v;
  std::memcpy(&v, p, sizeof v);
  return __builtin_convertvector(v, ivec);
#endif
}

/// Each lane of v (already in T's range, so no pack saturates) stored to p as a byte.
template <class T>
inline void narrow(T* p, ivec v) {
#if defined(__AVX2__) && !defined(__AVX512F__)
  // Two saturating packs (int32 -> int16 -> bytes) of the 8 lanes; AVX-512 has vpmovdb,
  // which GCC emits for the conversion below.
  const __m128i w =
      _mm_packs_epi32(_mm256_castsi256_si128((__m256i)v), _mm256_extracti128_si256((__m256i)v, 1));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p),
                   std::is_signed_v<T> ? _mm_packs_epi16(w, w) : _mm_packus_epi16(w, w));
#else
  const byte_vec<T> r = __builtin_convertvector(v, byte_vec<T>);
  std::memcpy(p, &r, sizeof r);
#endif
}

/// qadd of elements [i, i1) in int32 lanes, VL at a time, then the tail in 64 bits. Valid
/// when the sum fits int32 (255 (|ma| + |mb|) < 2^31) and n <= 30 (qadd's caller checks):
/// then every lane computes the 64-bit formula's value exactly. round_shift as its scalar
/// form: the floor by an arithmetic shift, up by one when the remainder is more than half,
/// or half and the floor odd (a true comparison is -1 in a lane, hence the subtractions).
template <bool Round, class TA, class TB, class TY>
inline void qadd_lanes(const TA* a, const TB* b, TY* y, int64_t i, int64_t i1, int32_t ma,
                       int32_t mb, int za, int zb, int n, int z, int lo, int hi) {
  const ivec zav = ivec{} + za, zbv = ivec{} + zb, mav = ivec{} + ma, mbv = ivec{} + mb;
  const ivec zv = ivec{} + z, lov = ivec{} + lo, hiv = ivec{} + hi;
  const int32_t mask = Round ? static_cast<int32_t>((uint32_t{1} << n) - 1) : 0;
  const int32_t half = Round ? int32_t{1} << (n - 1) : 0;
  for (; i + VL <= i1; i += VL) {
    const ivec p = (widen(a + i) - zav) * mav + (widen(b + i) - zbv) * mbv;
    ivec v = p;
    if constexpr (Round) {
      const ivec q = p >> n;
      const ivec r = p & mask;
      v = q - ((r > half) | ((r == half) & ((q & 1) != 0)));
    }
    v += zv;
    v = v < lov ? lov : v;
    v = hiv < v ? hiv : v;
    narrow(y + i, v);
  }
  for (; i < i1; ++i) y[i] = static_cast<TY>(qadd_s(a[i], b[i], ma, mb, za, zb, n, z, lo, hi));
}
}  // namespace detail

/// qadd over n elements of a and b (one shape) into y; ma, mb the int32 multipliers (one
/// each). The vector path when the sum fits int32 lanes (vfuse quantize chooses
/// multipliers below 2^22 for this), else the 64-bit scalar form; both are the formula.
template <class TA, class TB, class TY>
inline void qadd(const TA* a, const TB* b, const i32* ma, const i32* mb, TY* y, int64_t count,
                 int za, int zb, int n, int z, int lo, int hi) {
  const int32_t m0 = ma[0], m1 = mb[0];
  const int64_t span = 255 * ((m0 < 0 ? -int64_t{m0} : m0) + (m1 < 0 ? -int64_t{m1} : m1));
  const bool lanes = span < (int64_t{1} << 31) && n <= 30;
  detail::elementwise_chunks(count, [&](int64_t i0, int64_t i1) {
    if (!lanes) {
      for (int64_t i = i0; i < i1; ++i)
        y[i] = static_cast<TY>(qadd_s(a[i], b[i], m0, m1, za, zb, n, z, lo, hi));
    } else if (n == 0) {
      detail::qadd_lanes<false>(a, b, y, i0, i1, m0, m1, za, zb, n, z, lo, hi);
    } else {
      detail::qadd_lanes<true>(a, b, y, i0, i1, m0, m1, za, zb, n, z, lo, hi);
    }
  });
}

}  // namespace vfrt
