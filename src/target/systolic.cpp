#include "target/systolic.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <optional>

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

std::vector<SysInstr> compile_matmul(const SystolicConfig& c, const MatmulShape& s) {
  std::vector<SysInstr> p;
  if (s.m * s.k * s.n == 0) return p;
  const int64_t mb_max = activation_block_rows(c, s);
  for (int64_t n0 = 0; n0 < s.n; n0 += c.cols) {
    const int64_t nc = std::min<int64_t>(c.cols, s.n - n0);
    for (int64_t m0 = 0; m0 < s.m; m0 += mb_max) {
      const int64_t mb = std::min(mb_max, s.m - m0);
      for (int64_t k0 = 0; k0 < s.k; k0 += c.rows) {
        const int64_t kr = std::min<int64_t>(c.rows, s.k - k0);
        p.push_back({SysOp::LoadWeights, 0, 0, k0, kr, n0, nc, false});
        p.push_back({SysOp::LoadActivations, m0, mb, k0, kr, 0, 0, false});
        p.push_back({SysOp::Matmul, m0, mb, k0, kr, n0, nc, k0 > 0});
      }
      p.push_back({SysOp::StoreAccumulators, m0, mb, 0, 0, n0, nc, false});
    }
  }
  return p;
}

std::string program_text(const std::vector<SysInstr>& program) {
  std::string out;
  for (const SysInstr& i : program) switch (i.op) {
      case SysOp::LoadWeights:
        out += fmt::format("LW k0={} kr={} n0={} nc={}\n", i.k0, i.kr, i.n0, i.nc);
        break;
      case SysOp::LoadActivations:
        out += fmt::format("LA m0={} mb={} k0={} kr={}\n", i.m0, i.mb, i.k0, i.kr);
        break;
      case SysOp::Matmul:
        out += fmt::format("MM m0={} mb={} k0={} kr={} n0={} nc={}{}\n", i.m0, i.mb, i.k0, i.kr,
                           i.n0, i.nc, i.accumulate ? " acc" : "");
        break;
      case SysOp::StoreAccumulators:
        out += fmt::format("SA m0={} mb={} n0={} nc={}\n", i.m0, i.mb, i.n0, i.nc);
        break;
    }
  return out;
}

Result<Execution> execute(const SystolicConfig& c, const MatmulShape& s,
                          const std::vector<SysInstr>& program, std::span<const float> a,
                          std::span<const float> w, bool values) {
  Execution ex;
  if (values) ex.out.assign(static_cast<size_t>(s.m * s.n), 0.f);
  // What is loaded: the array's weight tile (its successor double-buffered), the
  // activation block and the live accumulators, each by its extent.
  std::optional<SysInstr> weights, acts, acc;
  int64_t previous_stream = 0;
  bool first = true;
  std::vector<float> tile;  // the accumulators of the live block, mb x nc
  for (size_t pc = 0; pc < program.size(); ++pc) {
    const SysInstr& i = program[pc];
    auto fail = [&](const std::string& why) {
      return Error{fmt::format("instruction {} ({}): {}", pc,
                               program_text({i}).substr(0, program_text({i}).size() - 1), why)};
    };
    const bool in_range = i.m0 >= 0 && i.mb >= 0 && i.m0 + i.mb <= s.m && i.k0 >= 0 && i.kr >= 0 &&
                          i.kr <= c.rows && i.k0 + i.kr <= s.k && i.n0 >= 0 && i.nc >= 0 &&
                          i.nc <= c.cols && i.n0 + i.nc <= s.n;
    if (!in_range) return fail("outside the matmul or the array");
    switch (i.op) {
      case SysOp::LoadWeights:
        weights = i;
        ex.bytes_in += i.kr * i.nc * 4;
        break;
      case SysOp::LoadActivations:
        acts = i;
        ex.bytes_in += i.mb * i.kr * 4;
        break;
      case SysOp::Matmul: {
        if (!weights || weights->k0 != i.k0 || weights->kr != i.kr || weights->n0 != i.n0 ||
            weights->nc != i.nc)
          return fail("its weight tile is not loaded");
        if (!acts || acts->m0 != i.m0 || acts->mb != i.mb || acts->k0 != i.k0 || acts->kr != i.kr)
          return fail("its activation block is not loaded");
        if (i.accumulate &&
            (!acc || acc->m0 != i.m0 || acc->mb != i.mb || acc->n0 != i.n0 || acc->nc != i.nc))
          return fail("it accumulates into accumulators that are not live");
        if (!i.accumulate && acc) return fail("it starts accumulators over live ones");
        const int64_t spm = (2 * int64_t{c.rows} * c.cols + i.mb * c.rows + i.mb * c.cols) * 4;
        if (spm > c.spm_bytes) return fail(fmt::format("the scratchpad needs {} bytes", spm));
        ex.spm_peak = std::max(ex.spm_peak, spm);
        ex.cycles += tile_cycles(i.mb, i.kr, i.nc, previous_stream, first);
        previous_stream = i.mb + i.kr + i.nc - 2;
        first = false;
        if (values) {
          tile.resize(static_cast<size_t>(i.mb * i.nc));
          for (int64_t m = 0; m < i.mb; ++m)
            for (int64_t n = 0; n < i.nc; ++n) {
              // Down column n: the top element's product, then one addition per element.
              const float* ar = a.data() + (i.m0 + m) * s.k + i.k0;
              const float* wc = w.data() + i.k0 * s.n + i.n0 + n;
              float p = ar[0] * wc[0];
              for (int64_t k = 1; k < i.kr; ++k) p = p + ar[k] * wc[k * s.n];
              float& t = tile[static_cast<size_t>(m * i.nc + n)];
              t = i.accumulate ? t + p : p;
            }
        }
        acc = i;
        break;
      }
      case SysOp::StoreAccumulators:
        if (!acc || acc->m0 != i.m0 || acc->mb != i.mb || acc->n0 != i.n0 || acc->nc != i.nc)
          return fail("its accumulators are not live");
        ex.bytes_out += i.mb * i.nc * 4;
        if (values)
          for (int64_t m = 0; m < i.mb; ++m)
            for (int64_t n = 0; n < i.nc; ++n)
              ex.out[static_cast<size_t>((i.m0 + m) * s.n + i.n0 + n)] =
                  tile[static_cast<size_t>(m * i.nc + n)];
        acc.reset();
        break;
    }
  }
  if (acc) return Error{"the program ends with accumulators not stored"};
  return ex;
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
  auto ex = execute(c, s, compile_matmul(c, s), {}, {}, false);
  assert(ex && "compile_matmul's program runs");
  p.cycles = ex->cycles;
  p.bytes_in = ex->bytes_in;
  p.bytes_out = ex->bytes_out;
  return p;
}

std::vector<float> run_matmul(const SystolicConfig& c, const MatmulShape& s,
                              std::span<const float> a, std::span<const float> w) {
  assert(static_cast<int64_t>(a.size()) == s.m * s.k &&
         static_cast<int64_t>(w.size()) == s.k * s.n);
  if (s.m * s.k * s.n == 0) return std::vector<float>(static_cast<size_t>(s.m * s.n), 0.f);
  auto ex = execute(c, s, compile_matmul(c, s), a, w, true);
  assert(ex && "compile_matmul's program runs");
  return std::move(ex->out);
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
