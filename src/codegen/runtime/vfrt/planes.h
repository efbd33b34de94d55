// vfrt/planes.h — the padded, stride-phase-split copies of NCHW planes that convolutions and
// pools read, so that every tap of every output pixel is a load at a constant offset.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

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

}  // namespace vfrt
