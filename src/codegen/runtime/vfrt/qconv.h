// vfrt/qconv.h — the int8 convolutions (qconv2d, and qdense as a 1x1 qconv2d): exact int32
// sums by vpdpbusd (AVX-512 VNNI) or its exact emulation, with lanes along output channels
// or along output pixels, and the fused requantize.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

// ---------------------------------------------------------------------------------------
// Quantized convolution
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

/// Whether qconv2d<s> runs the int8 depthwise kernel (qdepthwise.h, which defines the
/// functions declared here): one input channel per group, any multiplier, rows undilated,
/// stride 1 or 2 along rows.
constexpr bool q_dw(const Conv& s) {
  return s.groups > 1 && s.groups == s.C && s.dw == 1 && s.sw <= 2;
}
inline int64_t q_dw_scratch_words(const Conv& s, int threads);
inline int64_t q_dw_packed_words(const Conv& s);
inline void pack_q_dw(const Conv& s, const int8_t* w, const i32* b, float* out);
namespace detail {
template <Conv S, QIn I, QOut Q, class TX, class TY>
void q_dw_conv(const TX* x, const float* wp, const i32* mult, TY* y, float* scratch);
template <Conv S, QIn I, QOut Q, class TX, class TY>
void q_depthwise(const TX* x, const float* wp, const i32* mult, TY* y, float* scratch);
}  // namespace detail
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
static_assert(QR == 8, "q_pl_sums (asm.h) broadcasts 8 weights per step");

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
  if (q_dw(s) || s.depthwise() || s.dh != 1 || s.dw != 1 || int64_t{s.OH} * s.OW < 16) return false;
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

/// Channels of a block and blocks per group of an int8 conv's packed weights (depthwise:
/// the multiplier, one block).
constexpr int q_block(const Conv& s) { return q_dw(s) ? s.cout_g() : q_pixel_lanes(s) ? QR : QB; }
constexpr int q_nblocks(const Conv& s) { return (s.cout_g() + q_block(s) - 1) / q_block(s); }

/// Words of scratch of a pixel-lane int8 conv: the phase planes of one sample.
constexpr int64_t q_pl_scratch_words(const Conv& s) {
  const detail::QPlanes L = detail::q_planes(s);
  return int64_t{s.groups} * (qc4(s) / 4) * L.PA * L.PB * L.PS + 16;
}

/// Words (4 bytes) of the folded biases then the packed weights of an int8 conv.
inline int64_t qconv2d_packed_words(const Conv& s) {
  if (q_dw(s)) return q_dw_packed_words(s);
  const int64_t lanes = int64_t{s.groups} * q_nblocks(s) * q_block(s);
  return lanes + lanes * s.taps() * qc4(s) / 4;
}

/// Packs OIHW int8 weights `w` and the int32 bias `b` (null: none) of an int8 conv with
/// input `in` into `out` (qconv2d_packed_words(s) words): the folded biases
/// b[o] - (zx + offset) * sum of w[o] (modulo 2^32), then the weights (layout above). Called
/// by vfuse at emit time for constant weights (the result is in the weights file) and by the
/// emitted code otherwise.
inline void pack_qconv2d(const Conv& s, QIn in, const int8_t* w, const i32* b, float* out) {
  if (q_dw(s)) return pack_q_dw(s, w, b, out);
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

/// Words of scratch an int8 conv needs on `threads` threads (one sample's packed input,
/// depthwise one int16 plane set per thread, + 64 bytes).
inline int64_t qconv2d_scratch_words(const Conv& s, int threads = VFRT_THREADS) {
  if (q_dw(s)) return q_dw_scratch_words(s, threads);
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

#if defined(__AVX2__)
/// requantize of 8 int32 lanes by their multipliers m, exact, as q_requant16 without
/// AVX-512: the 64-bit products of the even and of the odd lanes (vpmuldq), each rounded by
/// (p + 2^(n-1) - 1 + bit n of p) >> n, the arithmetic shift done as a logical one of
/// p ^ s, then ^ s (s: p's sign in every bit; floor(p / 2^n) = ~floor(~p / 2^n)), clamped
/// in 64 bits to [lo - z, hi - z] (so the low 32 bits are the value), interleaved back and
/// z added: clamp(round_shift(v m, n) + z, lo, hi), requantize_s's value.
template <QOut Q>
inline __m256i q_requant8(__m256i v, __m256i m) {
  const __m256i lo = _mm256_set1_epi64x(int64_t{Q.lo} - Q.zp);
  const __m256i hi = _mm256_set1_epi64x(int64_t{Q.hi} - Q.zp);
  auto half = [&](__m256i a, __m256i b) {
    __m256i p = _mm256_mul_epi32(a, b);  // the low 32 bits of each 64-bit lane, signed
    if constexpr (Q.shift > 0) {
      const __m256i bit = _mm256_and_si256(_mm256_srli_epi64(p, Q.shift), _mm256_set1_epi64x(1));
      p = _mm256_add_epi64(
          p, _mm256_add_epi64(bit, _mm256_set1_epi64x((int64_t{1} << (Q.shift - 1)) - 1)));
      const __m256i sign = _mm256_cmpgt_epi64(_mm256_setzero_si256(), p);
      p = _mm256_xor_si256(_mm256_srli_epi64(_mm256_xor_si256(p, sign), Q.shift), sign);
    }
    p = _mm256_blendv_epi8(p, lo, _mm256_cmpgt_epi64(lo, p));
    return _mm256_blendv_epi8(p, hi, _mm256_cmpgt_epi64(p, hi));
  };
  const __m256i even = half(v, m);
  const __m256i odd = half(_mm256_srli_epi64(v, 32), _mm256_srli_epi64(m, 32));
  const __m256i r = _mm256_blend_epi32(even, _mm256_slli_epi64(odd, 32), 0xAA);
  return _mm256_add_epi32(r, _mm256_set1_epi32(Q.zp));
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
  // The bias (wrapping, as the uint32 sum) and the requantize on vectors (q_requant8).
  for (int b = 0; b < OBT; ++b)
    for (int h = 0; h < 2; ++h) {
      const __m256i bv =
          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bias + (nb0 + b) * QB + h * 8));
      __m256i mv = _mm256_setzero_si256();
      if constexpr (Q.bits != 32)
        mv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(mult + (nb0 + b) * QB + h * 8));
      for (int p = 0; p < P; ++p) {
        __m256i v = _mm256_add_epi32(acc[b][p][h], bv);
        if constexpr (Q.bits != 32) v = q_requant8<Q>(v, mv);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(&out[p][b * QB + h * 8]), v);
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
    // The bias (wrapping, as the uint32 sum) and the requantize on vectors (q_requant8).
    for (int r = 0; r < QR; ++r) {
      const __m256i v = _mm256_add_epi32(acc[r], _mm256_set1_epi32(bias[nb * QR + r]));
      if constexpr (Q.bits == 32) {
        std::memcpy(&out[r][j * 8], &v, sizeof v);
      } else {
        // Values in TY's range: the saturating packs (int32 -> int16 -> bytes) keep them.
        const __m256i y = q_requant8<Q>(v, _mm256_set1_epi32(mult[nb * QR + r]));
        const __m128i w =
            _mm_packs_epi32(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
        _mm_storel_epi64(reinterpret_cast<__m128i*>(&out[r][j * 8]),
                         std::is_signed_v<TY> ? _mm_packs_epi16(w, w) : _mm_packus_epi16(w, w));
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
  if constexpr (q_dw(S)) {
    detail::q_dw_conv<S, I, Q>(x, wp, mult, y, scratch);
    return;
  } else if constexpr (S.depthwise()) {
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
