// vfrt/qdepthwise.h — the int8 depthwise convolutions: qconv2d with one input channel per
// group, any channel multiplier, stride 1 or 2 along rows, undilated along rows (q_dw_conv:
// exact int32 sums of 16-bit products by vpmaddwd in the AVX2 and AVX-512 builds, a plain
// loop otherwise), and the multiplier-1 remainder (dilated rows, strides past 2: q_depthwise,
// int32 rows the compiler vectorises).
//
// A part of vfrt.h, which includes the parts in order, each after those it uses (qconv.h
// declares the functions defined here and dispatches to them).
#pragma once

namespace vfrt {

// ---------------------------------------------------------------------------------------
// int8 depthwise convolution (q_dw(s): groups = C, cin_g = 1, cout_g = M >= 1, dw = 1,
// sw <= 2)
//
// Output channel o = c * M + j reads input channel c. The kernel keeps NCHW: lanes run along
// output pixels. Per sample and input channel (one item of the threads' work), the input
// plane becomes v = x - zx as int16 (exact: both are 8-bit values of one type, |v| <= 255;
// padding reads zx, so v = 0 there) in row-phase planes: padded input row r goes to phase
// r % sh, row r / sh, each row Pp = sw * Wq int16 wide, Wq = ceil(Wp / sw) (Wp the padded
// columns read). Output pixels are numbered on a "wide grid" q = oh * Wq + ow (ow < Wq; the
// columns ow >= OW are computed and dropped), so that tap (kh, kw) of wide pixel q, which
// reads padded row oh * sh + kh * dh, finds it in phase (kh * dh) % sh at sw * q +
// ((kh * dh) / sh) * Pp + kw, one offset per tap: 16 consecutive wide pixels read 16 (stride
// 1) or 32 (stride 2) consecutive int16. Planes at least a tile wide (OW >= 16) are computed
// in rows of 16-pixel tiles instead, the last one of a row ending at the row's last pixel.
//
// Taps are taken in pairs along kw, (kw, kw + 1) for kw = 0, 2, ..., the last paired with a
// zero weight when KW is odd: vpmaddwd of the 16 int16 at a tap's offset with the pair's two
// weights (one dword, broadcast) gives, in dword lane j, x[a + 2j] w0 + x[a + 2j + 1] w1. With
// stride 2 that is the pair's contribution to wide pixel q + j (8 pixels per vector); with
// stride 1, to pixel q + 2j, and the load one int16 further on gives pixel q + 2j + 1 (16
// pixels as an even and an odd vector). Each product is at most 255 * 128 in magnitude, each
// pair sum fits int32, no saturation; the sums, started at the bias, wrap modulo 2^32 on the
// way and are exact at the end (the interpreter checks that qconv2d's value fits int32).
//
// Packed weights (qconv2d_packed_words, pack_qconv2d): the biases [O] (int32, 0 without a
// bias), then per output channel o, row kh and pair i the dword (w[o][kh][2i], w[o][kh][2i+1])
// as two int16 (0 past KW). Multipliers: one per output channel, in order (q_block = M, one
// block per group). Scratch: one set of phase planes per thread.

/// int16 through a may_alias type: the planes live in the float scratch.
typedef int16_t i16 __attribute__((may_alias));

namespace detail {

/// The row-phase planes of an int8 depthwise conv (see above).
struct QDwPlanes {
  int NP;         ///< tap pairs per kernel row: ceil(KW / 2)
  int Wq;         ///< wide-grid row: ceil(padded columns read / sw)
  int Pp;         ///< int16 per plane row: sw * Wq
  int Hph;        ///< rows per phase plane
  int64_t wide;   ///< OH * Wq
  int64_t tiles;  ///< tiles of 16 wide pixels
  int64_t PS;     ///< int16 per phase plane, with the slack the last tile reads
};

constexpr QDwPlanes q_dw_planes(const Conv& s) {
  QDwPlanes p{};
  p.NP = (s.KW + 1) / 2;
  const int wp = (s.OW - 1) * s.sw + s.KW;  // padded columns read (dw = 1)
  p.Wq = (wp + s.sw - 1) / s.sw;
  p.Pp = s.sw * p.Wq;
  p.Hph = s.OH + ((s.KH - 1) * s.dh) / s.sh;
  p.wide = int64_t{s.OH} * p.Wq;
  p.tiles = (p.wide + 15) / 16;
  // The last tile reads from sw * (tiles * 16 - 16) + the largest tap offset, 16 int16
  // (stride 1: at most one further; stride 2: two vectors of 16).
  const int64_t last = int64_t{s.sw} * (p.tiles * 16 - 16) +
                       int64_t{((s.KH - 1) * s.dh) / s.sh} * p.Pp + 2 * (p.NP - 1) + 1;
  const int64_t need = last + 16 * s.sw + 1;
  const int64_t rows = int64_t{p.Hph} * p.Pp;
  p.PS = ((rows > need ? rows : need) + 31) / 32 * 32;  // 64-byte multiples
  return p;
}

/// The int16 offset of kernel row kh's taps from a wide pixel's sw * q: its phase plane's
/// offset plus its row's within the plane.
template <Conv S>
struct QDwTaps {
  int64_t off[S.KH];
  constexpr QDwTaps() : off() {
    constexpr QDwPlanes L = q_dw_planes(S);
    for (int kh = 0; kh < S.KH; ++kh) {
      const int r = kh * S.dh;
      off[kh] = int64_t{r % S.sh} * L.PS + int64_t{r / S.sh} * L.Pp;
    }
  }
};
template <Conv S>
inline constexpr QDwTaps<S> q_dw_taps{};

/// One sample's input channel xc into its row-phase planes (v = x - zx, 0 in the padding and
/// in the slack).
template <Conv S, QIn I, class TX>
inline void q_dw_pack(const TX* xc, i16* planes) {
  constexpr QDwPlanes L = q_dw_planes(S);
  for (int a = 0; a < S.sh; ++a) {
    i16* pa = planes + int64_t{a} * L.PS;
    for (int i = 0; i < L.Hph; ++i) {
      i16* row = pa + int64_t{i} * L.Pp;
      const int h = i * S.sh + a - S.pt;
      if (h < 0 || h >= S.H) {
        std::memset(row, 0, sizeof(int16_t) * L.Pp);
        continue;
      }
      const TX* xr = xc + int64_t{h} * S.W;
      // Columns [0, pl) and [pl + W, Pp) are padding; the input's columns past Pp are not read.
      constexpr int w0 = S.pl < L.Pp ? S.pl : L.Pp;
      constexpr int wn = S.W < L.Pp - w0 ? S.W : L.Pp - w0;
      std::memset(row, 0, sizeof(int16_t) * w0);
      int w = 0;
#if defined(__AVX2__)
      const __m256i zp = _mm256_set1_epi16(static_cast<int16_t>(I.zp));
      for (; w + 16 <= wn; w += 16) {
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(xr + w));
        const __m256i v = I.is_signed ? _mm256_cvtepi8_epi16(b) : _mm256_cvtepu8_epi16(b);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(row + w0 + w), _mm256_sub_epi16(v, zp));
      }
#endif
      for (; w < wn; ++w) row[w0 + w] = static_cast<int16_t>(int{xr[w]} - I.zp);
      std::memset(row + w0 + wn, 0, sizeof(int16_t) * (L.Pp - w0 - wn));
    }
    std::memset(pa + int64_t{L.Hph} * L.Pp, 0, sizeof(int16_t) * (L.PS - int64_t{L.Hph} * L.Pp));
  }
}

#if defined(__AVX2__)
/// requantize of 8 int32 lanes by one multiplier (Q.shift >= 32) before the zero point and
/// the clamp, exact: the 64-bit products of the even and of the odd lanes, each rounded by
/// floor((p + 2^(n-1) - 1 + bit n of p) / 2^n) (to nearest, ties to even, as requantize_s;
/// |p| <= 2^62, no overflow), the floor being the high dword of the sum shifted right by
/// n - 32 (arithmetic), which fits int32 (|p| / 2^32 <= 2^30).
template <QOut Q>
inline __m256i q_round8(__m256i v, __m256i m) {
  static_assert(Q.shift >= 32 && Q.shift <= 62);
  const __m256i one = _mm256_set1_epi64x(1);
  const __m256i bias = _mm256_set1_epi64x((int64_t{1} << (Q.shift - 1)) - 1);
  auto half = [&](__m256i a) {
    const __m256i p = _mm256_mul_epi32(a, m);  // the low dword of each qword, signed
    const __m256i bit = _mm256_and_si256(_mm256_srli_epi64(p, Q.shift), one);
    const __m256i r = _mm256_add_epi64(_mm256_add_epi64(p, bias), bit);
    return _mm256_srai_epi32(r, Q.shift - 32);  // valid in the high dwords
  };
  const __m256i even = _mm256_srli_epi64(half(v), 32);
  const __m256i odd = half(_mm256_srli_epi64(v, 32));
  return _mm256_blend_epi32(even, odd, 0xAA);
}

/// The 16 outputs of a tile (a: pixels 0..7, b: 8..15, sums with the bias) into `out` (16
/// bytes for a requantized output, 16 int32 otherwise).
template <QOut Q, class TY>
inline void q_dw_finish(__m256i a, __m256i b, int32_t m, TY* out) {
  if constexpr (Q.bits == 32) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), a);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8), b);
  } else {
    if constexpr (Q.shift >= 32 && Q.shift <= 62) {
      const __m256i mv = _mm256_set1_epi32(m);
      a = q_round8<Q>(a, mv);
      b = q_round8<Q>(b, mv);
    } else {  // requantize_s, less the zero point (added again below: the clamp is idempotent)
      alignas(32) int32_t l[16];
      _mm256_store_si256(reinterpret_cast<__m256i*>(l), a);
      _mm256_store_si256(reinterpret_cast<__m256i*>(l + 8), b);
      for (int k = 0; k < 16; ++k) l[k] = q_out<Q>(l[k], m) - Q.zp;
      a = _mm256_load_si256(reinterpret_cast<const __m256i*>(l));
      b = _mm256_load_si256(reinterpret_cast<const __m256i*>(l + 8));
    }
    // r + z clamped to [lo, hi] in int16: the saturating narrowing and add keep a value
    // outside [lo, hi] (within [-128, 255]) outside it on the same side. Then the saturating
    // packs to bytes are exact.
    __m256i w = _mm256_adds_epi16(_mm256_packs_epi32(a, b), _mm256_set1_epi16(Q.zp));
    w = _mm256_min_epi16(_mm256_max_epi16(w, _mm256_set1_epi16(Q.lo)), _mm256_set1_epi16(Q.hi));
    w = _mm256_permute4x64_epi64(w, 0xD8);
    const __m256i by = Q.is_signed ? _mm256_packs_epi16(w, w) : _mm256_packus_epi16(w, w);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out),
                     _mm256_castsi256_si128(_mm256_permute4x64_epi64(by, 0x08)));
  }
}

/// The sums (with the bias) of the 16 wide pixels from q0 of one output channel: stride 1 as
/// even and odd pixels, re-interleaved; stride 2 as pixels 0..7 and 8..15.
template <Conv S>
inline void q_dw_sums(const i16* planes, const i32* wpair, int32_t bias, int64_t q0, __m256i& a,
                      __m256i& b) {
  constexpr QDwPlanes L = q_dw_planes(S);
  constexpr int kSecond = S.sw == 1 ? 1 : 16;  // the odd pixels' load; pixels 8..15's
  a = b = _mm256_set1_epi32(bias);
  const i16* base = planes + S.sw * q0;
#pragma GCC unroll 7
  for (int kh = 0; kh < S.KH; ++kh) {
    const i16* r = base + q_dw_taps<S>.off[kh];
#pragma GCC unroll 7
    for (int i = 0; i < L.NP; ++i) {
      const __m256i wv = _mm256_set1_epi32(wpair[kh * L.NP + i]);
      const i16* t = r + 2 * i;
      const __m256i x0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t));
      const __m256i x1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t + kSecond));
      a = _mm256_add_epi32(a, _mm256_madd_epi16(x0, wv));
      b = _mm256_add_epi32(b, _mm256_madd_epi16(x1, wv));
    }
  }
  if constexpr (S.sw == 1) {  // a: pixels 0, 2, ..., 14; b: 1, 3, ..., 15
    const __m256i lo = _mm256_unpacklo_epi32(a, b), hi = _mm256_unpackhi_epi32(a, b);
    a = _mm256_permute2x128_si256(lo, hi, 0x20);
    b = _mm256_permute2x128_si256(lo, hi, 0x31);
  }
}
#endif

/// Every output of output channel o (its weight pairs `wpair`, bias, multiplier m) of one
/// sample from its input channel's phase planes, into its NCHW plane yo.
template <Conv S, QOut Q, class TY>
inline void q_dw_channel(const i16* planes, const i32* wpair, int32_t bias, int32_t m, TY* yo) {
  constexpr QDwPlanes L = q_dw_planes(S);
#if defined(__AVX2__)
  if constexpr (S.OW >= 16) {
    // Rows of 16-pixel tiles, the last one of a row ending at its last pixel (overlapping
    // the one before it: its pixels are computed twice, equal): every store is a whole tile.
    for (int oh = 0; oh < S.OH; ++oh)
      for (int ow = 0; ow < S.OW; ow += 16) {
        const int o0 = ow + 16 <= S.OW ? ow : S.OW - 16;
        __m256i a, b;
        q_dw_sums<S>(planes, wpair, bias, int64_t{oh} * L.Wq + o0, a, b);
        q_dw_finish<Q>(a, b, m, yo + int64_t{oh} * S.OW + o0);
      }
  } else {
    // Narrow planes: tiles of 16 consecutive wide pixels across rows, the valid columns of
    // each row they cover stored.
    alignas(64) TY out[16];
    for (int64_t q0 = 0; q0 < L.wide; q0 += 16) {
      __m256i a, b;
      q_dw_sums<S>(planes, wpair, bias, q0, a, b);
      q_dw_finish<Q>(a, b, m, out);
      const int64_t end = std::min<int64_t>(q0 + 16, L.wide);
      for (int64_t q = q0; q < end;) {
        const int64_t r = q / L.Wq, c = q % L.Wq;
        const int64_t n = std::min<int64_t>(end, r * L.Wq + S.OW) - q;
        if (n > 0) std::memcpy(yo + r * S.OW + c, out + (q - q0), sizeof(TY) * n);
        q = (r + 1) * L.Wq;
      }
    }
  }
#else
  // The exact sums in uint32 (modulo 2^32), a row at a time, taps outer: loops over a row's
  // pixels that the compiler vectorises.
  for (int oh = 0; oh < S.OH; ++oh) {
    uint32_t row[S.OW];
    for (int ow = 0; ow < S.OW; ++ow) row[ow] = static_cast<uint32_t>(bias);
    for (int kh = 0; kh < S.KH; ++kh) {
      const i16* r = planes + int64_t{S.sw} * oh * L.Wq + q_dw_taps<S>.off[kh];
      for (int kw = 0; kw < S.KW; ++kw) {
        const uint32_t wp = static_cast<uint32_t>(wpair[kh * L.NP + kw / 2]);
        const int wk = static_cast<int16_t>(kw % 2 ? wp >> 16 : wp & 0xFFFF);
        for (int ow = 0; ow < S.OW; ++ow) row[ow] += static_cast<uint32_t>(r[S.sw * ow + kw] * wk);
      }
    }
    TY* yr = yo + int64_t{oh} * S.OW;
    for (int ow = 0; ow < S.OW; ++ow)
      yr[ow] = static_cast<TY>(q_out<Q>(static_cast<int32_t>(row[ow]), m));
  }
#endif
}

/// The int8 depthwise conv (see above): items (sample, input channel) on the threads, each
/// packing its channel's planes into the thread's scratch, then its M output channels.
template <Conv S, QIn I, QOut Q, class TX, class TY>
void q_dw_conv(const TX* x, const float* wp, const i32* mult, TY* y, float* scratch) {
  constexpr QDwPlanes L = q_dw_planes(S);
  constexpr int M = S.cout_g();
  constexpr int64_t ohw = int64_t{S.OH} * S.OW;
  constexpr int64_t per_thread = (int64_t{S.sh} * L.PS + 1) / 2;  // words
  const i32* bias = as<i32>(wp);
  const i32* pairs = as<i32>(wp + S.O);
  constexpr int64_t work = int64_t{M} * ohw * S.taps();
  parallel_for(int64_t{S.N} * S.C, work, int64_t{S.N} * S.C * work > (int64_t{1} << 18),
               [&](int64_t item) {
                 const int64_t n = item / S.C;
                 const int c = static_cast<int>(item % S.C);
                 i16* planes = reinterpret_cast<i16*>(scratch + per_thread * thread_num());
                 q_dw_pack<S, I>(x + (n * S.C + c) * S.H * S.W, planes);
                 for (int j = 0; j < M; ++j) {
                   const int o = c * M + j;
                   q_dw_channel<S, Q>(planes, pairs + int64_t{o} * S.KH * L.NP, bias[o],
                                      Q.bits == 32 ? 0 : mult[o], y + (n * S.O + o) * ohw);
                 }
               });
}

/// Depthwise (one input and one output channel per group) where q_dw does not apply
/// (dilated columns, column strides past 2): per channel, the u values of its padded plane as
/// int32 in scratch (padding zx (+ 128), as qconv.h's general kernel reads them; its packed
/// weights and folded biases, lane 0 of each group's block), then each output row as a row of
/// sums over the taps, taps outer, so that the loop over the row's pixels is plain int32
/// vector arithmetic (sums modulo 2^32, exact as in qconv.h).
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

/// Words of scratch of an int8 depthwise conv on `threads` threads: each thread's phase planes.
inline int64_t q_dw_scratch_words(const Conv& s, int threads) {
  const detail::QDwPlanes L = detail::q_dw_planes(s);
  return (int64_t{s.sh} * L.PS + 1) / 2 * (threads > 0 ? threads : 1) + 16;
}

/// Words of the packed biases and weight pairs of an int8 depthwise conv.
inline int64_t q_dw_packed_words(const Conv& s) {
  return int64_t{s.O} + int64_t{s.O} * s.KH * detail::q_dw_planes(s).NP;
}

/// Packs an int8 depthwise conv's OIHW weights `w` and int32 bias `b` (null: none) (layout
/// above).
inline void pack_q_dw(const Conv& s, const int8_t* w, const i32* b, float* out) {
  const int NP = detail::q_dw_planes(s).NP;
  i32* bias = as<i32>(out);
  i32* pairs = as<i32>(out + s.O);
  for (int o = 0; o < s.O; ++o) {
    bias[o] = b ? b[o] : 0;
    for (int kh = 0; kh < s.KH; ++kh)
      for (int i = 0; i < NP; ++i) {
        const int8_t* wr = w + (int64_t{o} * s.KH + kh) * s.KW;
        const uint32_t w0 = static_cast<uint16_t>(int16_t{wr[2 * i]});
        const uint32_t w1 = 2 * i + 1 < s.KW ? static_cast<uint16_t>(int16_t{wr[2 * i + 1]}) : 0u;
        pairs[(int64_t{o} * s.KH + kh) * NP + i] = static_cast<int32_t>(w0 | (w1 << 16));
      }
  }
}

}  // namespace vfrt
