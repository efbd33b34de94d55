#include "target/systolic.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <optional>

namespace vf::target {

double utilisation(const SystolicConfig& c, int64_t macs, int64_t cycles) {
  return cycles == 0 ? 0.0
                     : static_cast<double>(macs) /
                           (static_cast<double>(cycles) * static_cast<double>(c.rows) * c.cols);
}

double MatmulPlan::utilisation(const SystolicConfig& c) const {
  return target::utilisation(c, macs, cycles);
}

int64_t activation_block_rows(const SystolicConfig& c, const MatmulShape& s) {
  const int64_t ob = c.operand_bytes();
  const int64_t per_row = int64_t{c.rows} * ob + int64_t{c.cols} * 4;  // activations, sums
  const int64_t weights = 2 * int64_t{c.rows} * c.cols * ob;
  const int64_t fit = std::max<int64_t>(1, (c.spm_bytes - weights) / per_row);
  return std::max<int64_t>(1, std::min(fit, s.m));
}

int64_t next_tile_gap(int64_t prev_mb, int64_t kr_next) {
  return prev_mb + std::max<int64_t>(0, kr_next - prev_mb);
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

namespace {

/// execute() with values of type T (float: the array's float32 arithmetic, each product and
/// sum rounded; int64_t: the int8 array's exact integers) into `out`.
template <class T>
Result<Execution> execute_values(const SystolicConfig& c, const MatmulShape& s,
                                 const std::vector<SysInstr>& program, std::span<const T> a,
                                 std::span<const T> w, bool values, std::vector<T>& out) {
  Execution ex;
  const int64_t ob = c.operand_bytes();
  if (values) out.assign(static_cast<size_t>(s.m * s.n), T{0});
  // What is loaded: the array's weight tile (its successor double-buffered), the
  // activation block and the live accumulators, each by its extent.
  std::optional<SysInstr> weights, acts, acc;
  // The open pipelined run: the last tile's start, rows, depth and width.
  bool run_open = false;
  int64_t last_mb = 0, last_kr = 0, last_nc = 0;
  std::vector<T> tile;  // the accumulators of the live block, mb x nc
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
        ex.bytes_in += i.kr * i.nc * ob;
        break;
      case SysOp::LoadActivations:
        acts = i;
        ex.bytes_in += i.mb * i.kr * ob;
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
        const int64_t spm = (2 * int64_t{c.rows} * c.cols + i.mb * c.rows) * ob + i.mb * c.cols * 4;
        if (spm > c.spm_bytes) return fail(fmt::format("the scratchpad needs {} bytes", spm));
        ex.spm_peak = std::max(ex.spm_peak, spm);
        if (run_open && i.nc != last_nc) return fail("a run's tiles must be equally wide");
        ex.cycles += run_open ? next_tile_gap(last_mb, i.kr) : i.kr;  // the weights' load
        run_open = true;
        last_mb = i.mb;
        last_kr = i.kr;
        last_nc = i.nc;
        if (values) {
          tile.resize(static_cast<size_t>(i.mb * i.nc));
          for (int64_t m = 0; m < i.mb; ++m)
            for (int64_t n = 0; n < i.nc; ++n) {
              // Down column n: the top element's product, then one addition per element.
              const T* ar = a.data() + (i.m0 + m) * s.k + i.k0;
              const T* wc = w.data() + i.k0 * s.n + i.n0 + n;
              T p = ar[0] * wc[0];
              for (int64_t k = 1; k < i.kr; ++k) p = p + ar[k] * wc[k * s.n];
              T& t = tile[static_cast<size_t>(m * i.nc + n)];
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
        // The run's last tile: its rows, then the drain of its last partial sums.
        ex.cycles += last_mb + last_kr + last_nc - 2;
        run_open = false;
        if (values)
          for (int64_t m = 0; m < i.mb; ++m)
            for (int64_t n = 0; n < i.nc; ++n)
              out[static_cast<size_t>((i.m0 + m) * s.n + i.n0 + n)] =
                  tile[static_cast<size_t>(m * i.nc + n)];
        acc.reset();
        break;
    }
  }
  if (acc) return Error{"the program ends with accumulators not stored"};
  return ex;
}

}  // namespace

Result<Execution> execute(const SystolicConfig& c, const MatmulShape& s,
                          const std::vector<SysInstr>& program, std::span<const float> a,
                          std::span<const float> w, bool values) {
  std::vector<float> out;
  auto ex = execute_values<float>(c, s, program, a, w, values, out);
  if (ex) ex->out = std::move(out);
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

std::vector<int64_t> run_matmul_int(const SystolicConfig& c, const MatmulShape& s,
                                    std::span<const int64_t> a, std::span<const int64_t> w) {
  assert(static_cast<int64_t>(a.size()) == s.m * s.k &&
         static_cast<int64_t>(w.size()) == s.k * s.n);
  std::vector<int64_t> out(static_cast<size_t>(s.m * s.n), 0);
  if (s.m * s.k * s.n == 0) return out;
  auto ex = execute_values<int64_t>(c, s, compile_matmul(c, s), a, w, true, out);
  assert(ex && "compile_matmul's program runs");
  return out;
}

CycleSim::CycleSim(const SystolicConfig& c) : c_(c) {}

int64_t CycleSim::stream_run(const std::vector<SimTile>& tiles,
                             std::vector<std::vector<float>>& outs) {
  outs.assign(tiles.size(), {});
  if (tiles.empty()) return 0;
  const int64_t nc = tiles[0].nc;
  std::vector<int64_t> start(tiles.size(), 0);
  int64_t rows = 0, remaining = 0;
  for (size_t u = 0; u < tiles.size(); ++u) {
    assert(tiles[u].kr >= 1 && tiles[u].kr <= c_.rows && tiles[u].nc == nc && nc <= c_.cols);
    if (u > 0) start[u] = start[u - 1] + next_tile_gap(tiles[u - 1].mb, tiles[u].kr);
    rows = std::max(rows, tiles[u].kr);
    outs[u].assign(static_cast<size_t>(tiles[u].mb * nc), 0.f);
    remaining += tiles[u].mb * nc;
  }
  // Registers of element (k, n): the activation passing right with its tile and row, and
  // the partial sum passing down.
  struct Cell {
    float act = 0, psum = 0;
    int64_t tile = -1, row = 0;
  };
  const size_t cells = static_cast<size_t>(rows * nc);
  std::vector<Cell> now(cells), next(cells);
  int64_t last = -1;
  for (int64_t t = 0; remaining > 0; ++t) {
    for (int64_t k = 0; k < rows; ++k)
      for (int64_t n = 0; n < nc; ++n) {
        const size_t i = static_cast<size_t>(k * nc + n);
        Cell c;
        if (n == 0) {
          // Array row k's input: the activation of the tile whose rows enter now (row m of
          // tile u enters array row k at start_u + m + k).
          for (size_t u = 0; u < tiles.size(); ++u) {
            const int64_t m = t - k - start[u];
            if (m >= 0 && m < tiles[u].mb) {
              c.tile = static_cast<int64_t>(u);
              c.row = m;
              if (k < tiles[u].kr) c.act = tiles[u].a[static_cast<size_t>(m * tiles[u].kr + k)];
            }
          }
        } else {
          c.act = now[i - 1].act;
          c.tile = now[i - 1].tile;
          c.row = now[i - 1].row;
        }
        if (c.tile >= 0 && k < tiles[static_cast<size_t>(c.tile)].kr) {
          const SimTile& tl = tiles[static_cast<size_t>(c.tile)];
          const float prod = c.act * tl.w[static_cast<size_t>(k * nc + n)];
          if (k == 0) {
            c.psum = prod;
          } else {
            const Cell& above = now[i - static_cast<size_t>(nc)];
            assert(above.tile == c.tile && above.row == c.row);  // the same wavefront
            c.psum = above.psum + prod;
          }
          if (k == tl.kr - 1) {
            outs[static_cast<size_t>(c.tile)][static_cast<size_t>(c.row * nc + n)] = c.psum;
            --remaining;
            last = t;
          }
        }
        next[i] = c;
      }
    now.swap(next);
  }
  return last + 1;
}

}  // namespace vf::target
