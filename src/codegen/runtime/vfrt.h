// vfrt.h — the kernel library of vfuse's emitted code (float32, NCHW).
//
// Self-contained: it includes only the C++ standard library (and <immintrin.h> when the
// target has AVX2 / AVX-512), because it is copied next to every emitted model.cpp so that
// a user builds the model without vfuse; the three vfuse headers it includes,
// semantics/exp32.h, erf32.h and tanh32.h (the semantics' exp, erf and tanh in float), are
// inlined into that copy
// (src/codegen/CMakeLists.txt). The exact meaning of every operator is vfuse's
// src/semantics/; this file implements it, and docs/codegen.md says where it rounds
// differently (only the sums of conv2d / dense, which are reassociated and use FMA).
//
// In the source tree the library is in parts, one concern each, under vfrt/; this file
// includes them in order, each after those it uses, and CMake joins them in place of their
// #include lines into the one header the emitted build carries (runtime_header()):
//   threads.h         VFRT_THREADS, the OpenMP glue, work sharing (Share, parallel_for)
//   vec.h             the vector type and its helpers (load, splat, fmadd, exp_v, ...)
//   asm.h             all the inline assembly (the depthwise tile's loads, the VNNI tiles)
//   epilogue.h        the activations and the fused epilogue (Act, Epi, EpiArgs)
//   planes.h          the padded, stride-phase-split copies of NCHW planes (Window)
//   conv.h            a conv2d's shape (Conv), weight packing, the non-finite recomputation
//   depthwise.h       the depthwise conv2d
//   conv_direct.h     conv2d<S, E>: the direct kernel, and the dispatch to depthwise
//   conv_small.h      conv2d_small: small planes, output channels in the lanes
//   winograd.h        the Winograd convolutions
//   gemm.h            the GEMM under dense and matmul (packed panels, register tiles)
//   dense.h           dense / fused_dense, matmul, gemm
//   conv_transpose.h  conv2d_transpose
//   pool.h            pools
//   pointwise.h       elementwise operators, pointwise chains, reductions, norms, softmax
//   copy.h            strided copies, pad, the nearest-neighbour gather
//   quant.h           quantize, dequantize, requantize (int8 / uint8 data)
//   qadd.h            the quantized residual add (qadd)
//   qconv.h           the int8 convolutions (qconv2d, qdense)
//   qdepthwise.h      the int8 depthwise convolutions
// Include this file, not a part: a part compiles only after the parts before it.
//
// Shape specialisation: the hot kernels are templates on a constexpr struct (a C++20
// class-type template argument), so every layer gets its own instance with constant loop
// bounds, strides and tap offsets, e.g. `conv2d<Conv{...}, Epi{...}>(...)`.
//
// Vectors: GCC/Clang vector extensions of VL floats, VL = 16 with AVX-512F, 8 with AVX2,
// 4 otherwise (SSE2 is the x86-64 baseline; elsewhere the compiler lowers the vectors).
// Fused multiply-add through intrinsics where the target has FMA; elsewhere a*b + c.
//
// Convolution (docs/codegen.md has the picture): the input of one sample is copied into
// a zero-padded, stride-phase-split buffer xq[c][phase_h][phase_w][Hq][Wq] (skipped for
// unpadded 1x1 stride-1 convs), so that every tap (kh, kw) of every output pixel is a
// contiguous load at a constant offset. Output pixels are numbered on a "wide" grid
// p = oh * Wq + ow (ow < Wq, the columns ow >= OW are computed and dropped), which lets a
// register tile span several short rows. The micro-kernel keeps R = 8 output channels x
// NV vectors of pixels in registers, broadcasting one packed weight per channel per step;
// the epilogue is applied to the accumulators before the store.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "semantics/exp32.h"  // inlined into the emitted copy
#include "semantics/erf32.h"  // inlined into the emitted copy
#include "semantics/tanh32.h"  // inlined into the emitted copy

// The parts, in order, each after those it uses (not sorted: clang-format off); CMake
// inlines each in place of its line.
// clang-format off
#include "vfrt/threads.h"
#include "vfrt/vec.h"
#include "vfrt/asm.h"
#include "vfrt/epilogue.h"
#include "vfrt/planes.h"
#include "vfrt/conv.h"
#include "vfrt/depthwise.h"
#include "vfrt/conv_direct.h"
#include "vfrt/conv_small.h"
#include "vfrt/winograd.h"
#include "vfrt/gemm.h"
#include "vfrt/dense.h"
#include "vfrt/conv_transpose.h"
#include "vfrt/pool.h"
#include "vfrt/pointwise.h"
#include "vfrt/copy.h"
#include "vfrt/quant.h"
#include "vfrt/qadd.h"
#include "vfrt/qconv.h"
#include "vfrt/qdepthwise.h"
#include "vfrt/index.h"
// clang-format on
