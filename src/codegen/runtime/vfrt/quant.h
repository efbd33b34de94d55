// vfrt/quant.h — int8 / uint8 data in vfrt.h: the typed views of the ABI's float buffers,
// quantize, dequantize and requantize.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

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

}  // namespace vfrt
