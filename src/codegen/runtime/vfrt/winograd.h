// vfrt/winograd.h — the float32 Winograd convolutions of 3x3 stride-1 layers: F(2x2, 3x3)
// and F(4x4, 3x3) with tiles in the lanes, and F(2x2, 3x3) on small planes with output
// channels in the lanes.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

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

}  // namespace vfrt
