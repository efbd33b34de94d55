// vfrt/conv_direct.h — conv2d<S, E>, the entry of every float32 conv2d / fused_conv2d that is
// not Winograd or small-plane: depthwise layers go to depthwise.h, the others run the
// direct kernel here (register tiles of R output channels x NV pixel vectors over the
// phase planes; the picture is in vfrt.h's comment and docs/codegen.md).
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

namespace detail {

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

}  // namespace vfrt
