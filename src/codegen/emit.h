// The C++ emitter: a certified graph, lowered (src/lower/lir.h), as one C++ source file
// over the kernel library vfrt.h, plus the weights blob that source reads.
//
// The emitted source defines a C ABI (version 1):
//   int     vf_abi_version()        1
//   int64_t vf_arena_elements()     floats of the arena (activations + kernel scratch)
//   int64_t vf_weights_elements()   floats of the weights blob
//   int     vf_num_inputs(), vf_num_outputs()
//   int64_t vf_input_elements(int k), vf_output_elements(int k)
//   const char* vf_input_name(int k), vf_output_name(int k)
//   void    vf_run(const float* weights, float* arena, const float* const* inputs,
//                  float* const* outputs)
// With EmitOptions::profile it also defines vf_profile_size(), vf_profile_name(k) (the
// instruction: op, node, output shape, kernel), vf_profile_ms(k) (milliseconds summed over
// runs) and vf_profile_reset().
// Buffers are `arena + offset` (the memory plan), `weights + offset`, `inputs[k]`,
// `outputs[k]`; views are the same pointers. Sizes and offsets count 4-byte words. A tensor
// of another type than float32 (int8, uint8, int32 in quantized graphs) is stored with its
// own element size at such a pointer: an input or output of that type is passed as a
// pointer to its elements, cast to float*. The arena and the weights should be 64-byte
// aligned (the kernels do not require it). vf_run keeps no state: one arena per thread
// of callers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/certified_graph.h"
#include "ir/shape.h"
#include "lower/lir.h"
#include "support/result.h"

namespace vf::codegen {

/// How to emit.
struct EmitOptions {
  /// Threads of the OpenMP loops in the emitted code (compiled with -fopenmp); 1: none.
  int threads = 1;
  /// Time every instruction (vf_profile_* functions, see emit.h's ABI note); for
  /// bench/native_bench --per-op, not for production.
  bool profile = false;
};

/// An emitted model: the source, the weights it reads, and its interface.
struct EmittedModel {
  std::string source;          ///< model.cpp (includes "vfrt.h")
  std::vector<float> weights;  ///< the weights blob: constants, packed where a kernel wants
  std::vector<std::string> input_names;  ///< data inputs, in graph order
  std::vector<Shape> input_shapes;
  std::vector<DType> input_dtypes;        ///< float32, or int8 / uint8 / int32 (quantized graphs)
  std::vector<std::string> output_names;  ///< graph outputs, in order
  std::vector<Shape> output_shapes;
  std::vector<DType> output_dtypes;
  int64_t arena_elements = 0;       ///< what vf_arena_elements() returns
  int64_t plan_elements = 0;        ///< of which the memory plan's activations (peak)
  int64_t activation_elements = 0;  ///< the sum of all activations (no sharing)
  int threads = 1;                  ///< VFRT_THREADS of the source (EmitOptions::threads)
};

/// The kernel library's text (vfrt.h), embedded at build time.
const std::string& runtime_header();

/// Emits program `p`, the lowering of `g` with its memory planned (codegen/pipeline.h
/// runs the steps). Errors: a tensor of rank > 6, an operator configuration the kernels
/// do not cover.
Result<EmittedModel> emit_program(const CertifiedGraph& g, const lir::Program& p,
                                  const EmitOptions& opts = {});

/// The whole back end, lower_and_emit (codegen/pipeline.h), under its former name; kept
/// for callers written before the pipeline had named steps.
Result<EmittedModel> emit_cpp(const CertifiedGraph& g, const EmitOptions& opts = {});

/// Writes a standalone build of `m` into `dir` (created): model.cpp, vfrt.h,
/// model.weights (raw little-endian float32), main.cpp (reads the weights, the inputs
/// from .npy files given on the command line or zeros, runs, prints each output's sum,
/// sum of |y| and first values; `--bench N` times N runs), a Makefile and README.txt.
/// Builds with `g++ -O3 -march=native -std=c++20 -ffp-contract=off main.cpp model.cpp -o model`
/// (GCC contracts a*b+c into FMA by default even in ISO mode; the kernels' own FMAs are
/// explicit, the flag keeps the elementwise ops rounding as the interpreter does), plus
/// -fopenmp when m.threads > 1 (the README then suggests GOMP_SPINCOUNT=3000, as NativeModel
/// sets it).
Result<void> emit_standalone(const EmittedModel& m, const std::string& dir);

}  // namespace vf::codegen
