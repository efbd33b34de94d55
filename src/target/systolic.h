// A weight-stationary systolic array (Glenside's hardware block, issue 18): R x C
// processing elements, each holding one weight; activations stream in from the left, one
// row of the reduction dimension per array row, skewed by one cycle per row; partial sums
// flow down the columns and leave at the bottom into an accumulator scratchpad. A matmul
// [M, K] x [K, N] runs as tiles of R reduction rows by C output columns, the activation
// rows in blocks of `mb` that fit the scratchpad with their accumulators.
//
// Two models of the same array, tested against each other (tests/unit/target):
//   - CycleSim: steps every processing element every cycle (registers, skew, drain); the
//     reference, for small tiles;
//   - the program (compile_matmul: load weights, load activations, matmul, store) and its
//     executor, which checks what every instruction reads and the scratchpad's size and
//     counts cycles in closed form (a block's tiles pipelined back to back, then the
//     drain); plan_matmul and run_matmul are that program executed, fast enough for
//     ResNet-18.
// The array's order: in a tile, the partial sum of output (m, n) is
// ((a[m,k0] w[k0,n] + a[m,k0+1] w[k0+1,n]) + ...) + a[m,k0+kr-1] w[k0+kr-1,n], each product
// and each sum rounded to float32 (no fused multiply-add); the accumulator adds the tiles'
// partial sums in ascending k0, the first tile's sum being the initial value.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "support/result.h"

namespace vf::target {

/// The array's geometry and its scratchpad.
struct SystolicConfig {
  int rows = 16;                   ///< R: reduction rows per weight tile
  int cols = 16;                   ///< C: output columns per weight tile
  int64_t spm_bytes = 256 * 1024;  ///< scratchpad for activations, accumulators and weights
  /// The array's arithmetic: float32 (false), or int8 operands with exact int32
  /// accumulators (true: qconv2d / qdense, the zero point subtracted as operands load).
  bool int8 = false;
  /// Bytes of a weight or activation in the scratchpad (4 in float32, 1 in int8); an
  /// accumulator takes 4 either way.
  int64_t operand_bytes() const { return int8 ? 1 : 4; }
};

/// A matmul [M, K] x [K, N] as the array sees it (a convolution after im2col: M output
/// pixels, K = input channels x taps, N output channels, per group).
struct MatmulShape {
  int64_t m = 0, k = 0, n = 0;
};

/// MACs / (cycles R C): the share of the array's elements busy over `cycles` (0 for none).
double utilisation(const SystolicConfig& c, int64_t macs, int64_t cycles);

/// How a matmul is blocked onto the array, and what running it costs.
struct MatmulPlan {
  MatmulShape shape;
  int64_t mb = 0;  ///< activation rows per block (fits the scratchpad)
  int64_t k_tiles = 0, n_tiles = 0, m_blocks = 0;
  int64_t cycles = 0;        ///< simulated cycles, weight loads included
  int64_t ideal_cycles = 0;  ///< ceil(M K N / (R C)): every element busy every cycle
  int64_t macs = 0;          ///< M K N
  int64_t bytes_in = 0;      ///< weights and activations read into the scratchpad
  int64_t bytes_out = 0;     ///< accumulators written out
  /// macs / (cycles R C).
  double utilisation(const SystolicConfig& c) const;
};

/// An instruction of the array's program (docs/targets.md, "The program").
enum class SysOp {
  LoadWeights,        ///< LW k0 kr n0 nc: the weight tile w[k0:k0+kr, n0:n0+nc] into the array
  LoadActivations,    ///< LA m0 mb k0 kr: the activation block a[m0:m0+mb, k0:k0+kr] into the
                      ///< scratchpad
  Matmul,             ///< MM: stream the block through the tile into the accumulators
  StoreAccumulators,  ///< SA m0 mb n0 nc: the accumulators out to memory
};

/// One instruction; the fields an opcode does not use are 0.
struct SysInstr {
  SysOp op = SysOp::Matmul;
  int64_t m0 = 0, mb = 0, k0 = 0, kr = 0, n0 = 0, nc = 0;
  bool accumulate = false;  ///< MM: add to the accumulators; else the tile's sums start them
};

/// The program of `s` on `c`, blocked as plan_matmul describes: for every column tile,
/// every activation block, every reduction tile in ascending order LW, LA, MM; then SA.
std::vector<SysInstr> compile_matmul(const SystolicConfig& c, const MatmulShape& s);

/// The program as text, one instruction a line ("MM m0=0 mb=496 k0=16 kr=16 n0=0 nc=16 acc").
std::string program_text(const std::vector<SysInstr>& program);

/// What executing a program did.
struct Execution {
  std::vector<float> out;  ///< [M, N] row-major (when values were computed)
  int64_t cycles = 0, bytes_in = 0, bytes_out = 0;
  int64_t spm_peak = 0;  ///< most scratchpad bytes in use at once
};

/// Runs `program` for `s` on `c`: every MM reads the weight tile and activation block
/// loaded for it and the accumulators it adds to, every SA stores live accumulators, and
/// the scratchpad never holds more than its size — else an Error naming the instruction.
/// Cycles: the MMs between two SAs are one pipelined run (the first tile waits for its
/// weights, kr cycles; each next one follows after next_tile_gap; the run ends with the
/// drain, kr + nc - 2 cycles of the last tile), as CycleSim::stream_run counts. Values
/// (when `values`) in the array's order of additions.
Result<Execution> execute(const SystolicConfig& c, const MatmulShape& s,
                          const std::vector<SysInstr>& program, std::span<const float> a,
                          std::span<const float> w, bool values = true);

/// The activation block for `s` on `c`: the most rows whose activation block (mb x R),
/// accumulators (mb x C, 4 bytes each) and two weight tiles (R x C, double-buffered) fit
/// the scratchpad (operands of c.operand_bytes()); at least one row (a scratchpad too small for one row is refused by
/// parse_target).
int64_t activation_block_rows(const SystolicConfig& c, const MatmulShape& s);

/// The cycle at which tile `next` (kr_next reduction rows) may start streaming, `prev_mb`
/// rows after the previous tile of the same run started: its weights shift into the
/// shadow registers, one array row per cycle, while the previous tile streams, so it
/// follows at once unless that takes longer (max(0, kr_next - prev_mb) stall cycles).
/// CycleSim::stream_run schedules tiles the same way.
int64_t next_tile_gap(int64_t prev_mb, int64_t kr_next);

/// The blocking and cost of `s` on `c`: compile_matmul's program executed without values.
MatmulPlan plan_matmul(const SystolicConfig& c, const MatmulShape& s);

/// Runs [M, K] x [K, N] (row-major a, w) on the array in its order of additions (see the
/// file comment): compile_matmul's program executed; returns [M, N] row-major.
std::vector<float> run_matmul(const SystolicConfig& c, const MatmulShape& s,
                              std::span<const float> a, std::span<const float> w);

/// The int8 array's run of the same program: operands are the integers as loaded (an
/// activation less its zero point, in [-255, 255]; a weight in [-128, 127]), products and
/// sums exact (integers: the order of additions does not change them); [M, N] row-major.
std::vector<int64_t> run_matmul_int(const SystolicConfig& c, const MatmulShape& s,
                                    std::span<const int64_t> a, std::span<const int64_t> w);

/// One weight tile streamed by CycleSim: weights kr x nc, activations mb x kr (row-major).
struct SimTile {
  std::span<const float> w, a;
  int64_t kr = 0, nc = 0, mb = 0;
};

/// The cycle-stepped reference: every processing element's registers updated every cycle.
class CycleSim {
 public:
  explicit CycleSim(const SystolicConfig& c);
  /// Streams a run of tiles back to back (all `nc` columns wide; a tile starts
  /// next_tile_gap after the previous one), each activation row entering array row k at
  /// its start + m + k, carrying its tile through the skewed wavefront so every element
  /// uses that tile's weight; a tile's partial sums leave at its last row (kr - 1).
  /// `outs[t]` gets tile t's partial sums (mb x nc); returns the cycles from the first
  /// activation entering to the last partial sum leaving.
  int64_t stream_run(const std::vector<SimTile>& tiles, std::vector<std::vector<float>>& outs);

 private:
  SystolicConfig c_;
};

}  // namespace vf::target
