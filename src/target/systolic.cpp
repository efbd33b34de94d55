#include "target/systolic.h"

#include <algorithm>
#include <cassert>

namespace vf::target {

double MatmulPlan::utilisation(const SystolicConfig& c) const {
  return cycles == 0 ? 0.0
                     : static_cast<double>(macs) /
                           (static_cast<double>(cycles) * static_cast<double>(c.rows) * c.cols);
}

int64_t activation_block_rows(const SystolicConfig& c, const MatmulShape& s) {
  const int64_t per_row = (int64_t{c.rows} + c.cols) * 4;  // activations + accumulators
  const int64_t weights = 2 * int64_t{c.rows} * c.cols * 4;
  const int64_t fit = std::max<int64_t>(1, (c.spm_bytes - weights) / per_row);
  return std::max<int64_t>(1, std::min(fit, s.m));
}

int64_t tile_cycles(int64_t mb, int64_t kr, int64_t nc, int64_t previous_stream, bool first) {
  const int64_t stream = mb + kr + nc - 2;
  const int64_t load = first ? kr : std::max<int64_t>(0, kr - previous_stream);
  return load + stream;
}

MatmulPlan plan_matmul(const SystolicConfig& c, const MatmulShape& s) {
  MatmulPlan p;
  p.shape = s;
  p.macs = s.m * s.k * s.n;
  const int64_t rc = int64_t{c.rows} * c.cols;
  p.ideal_cycles = (p.macs + rc - 1) / rc;
  if (p.macs == 0) return p;
  p.mb = activation_block_rows(c, s);
  p.k_tiles = (s.k + c.rows - 1) / c.rows;
  p.n_tiles = (s.n + c.cols - 1) / c.cols;
  p.m_blocks = (s.m + p.mb - 1) / p.mb;
  int64_t previous_stream = 0;
  bool first = true;
  for (int64_t nt = 0; nt < p.n_tiles; ++nt) {
    const int64_t nc = std::min<int64_t>(c.cols, s.n - nt * c.cols);
    for (int64_t mblk = 0; mblk < p.m_blocks; ++mblk) {
      const int64_t mb = std::min(p.mb, s.m - mblk * p.mb);
      for (int64_t kt = 0; kt < p.k_tiles; ++kt) {
        const int64_t kr = std::min<int64_t>(c.rows, s.k - kt * c.rows);
        p.cycles += tile_cycles(mb, kr, nc, previous_stream, first);
        previous_stream = mb + kr + nc - 2;
        first = false;
        p.bytes_in += (kr * nc + mb * kr) * 4;  // the weight tile and the activation block
      }
      p.bytes_out += mb * nc * 4;
    }
  }
  return p;
}

std::vector<float> run_matmul(const SystolicConfig& c, const MatmulShape& s,
                              std::span<const float> a, std::span<const float> w) {
  assert(static_cast<int64_t>(a.size()) == s.m * s.k && static_cast<int64_t>(w.size()) == s.k * s.n);
  std::vector<float> out(static_cast<size_t>(s.m * s.n), 0.f);
  for (int64_t k0 = 0; k0 < s.k; k0 += c.rows) {
    const int64_t k1 = std::min<int64_t>(s.k, k0 + c.rows);
    for (int64_t m = 0; m < s.m; ++m)
      for (int64_t n = 0; n < s.n; ++n) {
        // Down column n: the top element's product, then one addition per element.
        float p = a[static_cast<size_t>(m * s.k + k0)] * w[static_cast<size_t>(k0 * s.n + n)];
        for (int64_t k = k0 + 1; k < k1; ++k)
          p = p + a[static_cast<size_t>(m * s.k + k)] * w[static_cast<size_t>(k * s.n + n)];
        float& acc = out[static_cast<size_t>(m * s.n + n)];
        acc = k0 == 0 ? p : acc + p;
      }
  }
  return out;
}

CycleSim::CycleSim(const SystolicConfig& c)
    : c_(c), w_(static_cast<size_t>(c.rows) * static_cast<size_t>(c.cols), 0.f) {}

int64_t CycleSim::load_weights(std::span<const float> w, int64_t kr, int64_t nc) {
  assert(kr >= 1 && kr <= c_.rows && nc >= 1 && nc <= c_.cols &&
         static_cast<int64_t>(w.size()) == kr * nc);
  kr_ = kr;
  nc_ = nc;
  std::fill(w_.begin(), w_.end(), 0.f);
  // One array row per cycle, shifted in from the top: after kr cycles row k holds w[k].
  int64_t cycles = 0;
  for (int64_t step = 0; step < kr; ++step, ++cycles) {
    for (int64_t k = std::min<int64_t>(step, kr - 1); k > 0; --k)
      for (int64_t n = 0; n < nc; ++n)
        w_[static_cast<size_t>(k * c_.cols + n)] = w_[static_cast<size_t>((k - 1) * c_.cols + n)];
    for (int64_t n = 0; n < nc; ++n)
      w_[static_cast<size_t>(n)] = w[static_cast<size_t>((kr - 1 - step) * nc + n)];
  }
  return cycles;
}

int64_t CycleSim::stream(std::span<const float> a, int64_t mb, std::vector<float>& out) {
  assert(static_cast<int64_t>(a.size()) == mb * kr_);
  out.assign(static_cast<size_t>(mb * nc_), 0.f);
  const size_t cells = static_cast<size_t>(c_.rows) * static_cast<size_t>(c_.cols);
  std::vector<float> act(cells, 0.f), psum(cells, 0.f), act_next(cells), psum_next(cells);
  std::vector<char> live(cells, 0), live_next(cells);
  int64_t last = -1, produced = 0;
  for (int64_t t = 0; produced < mb * nc_; ++t) {
    for (int64_t k = 0; k < kr_; ++k)
      for (int64_t n = 0; n < nc_; ++n) {
        const size_t i = static_cast<size_t>(k * c_.cols + n);
        // The activation from the left neighbour (or, in column 0, row k's skewed input:
        // activation row m enters array row k at cycle m + k).
        float x = 0.f;
        bool v = false;
        if (n == 0) {
          const int64_t m = t - k;
          v = m >= 0 && m < mb;
          if (v) x = a[static_cast<size_t>(m * kr_ + k)];
        } else {
          x = act[i - 1];
          v = live[i - 1] != 0;
        }
        act_next[i] = x;
        live_next[i] = v;
        const float prod = x * w_[i];
        psum_next[i] = k == 0 ? prod : psum[i - static_cast<size_t>(c_.cols)] + prod;
        if (v && k == kr_ - 1) {
          const int64_t m = t - k - n;
          out[static_cast<size_t>(m * nc_ + n)] = psum_next[i];
          ++produced;
          last = t;
        }
      }
    act.swap(act_next);
    psum.swap(psum_next);
    live.swap(live_next);
  }
  return last + 1;
}

}  // namespace vf::target
