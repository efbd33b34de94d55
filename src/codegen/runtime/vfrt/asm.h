// vfrt/asm.h — all the inline assembly of vfrt.h, kept apart from the kernels (as XNNPACK
// keeps its assembly kernels apart), for the few places where the compiler's code defeated
// the intrinsics: loads it folded or hoisted where they cost more (the depthwise tile), and
// register tiles it spilled (the int8 VNNI tiles). Each function stands for a loop of the
// kernel that calls it (dw_step, q_tile, q_pl_tile) and sits under the #if of the
// instructions it uses.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

namespace detail {

#if defined(__AVX512F__)
/// load(p) as one vmovups that GCC cannot fold into the instructions reading it (dw_step).
__attribute__((always_inline)) inline vec load_opaque(const float* p) {
  vec v;
  asm volatile("vmovups %1, %0" : "=v"(v) : "m"(*(const vec*)p));
  return v;
}
/// splat(x) as one vbroadcastss that GCC cannot merge or hoist (dw_step).
__attribute__((always_inline)) inline vec splat_opaque(const float& x) {
  vec v;
  asm volatile("vbroadcastss %1, %0" : "=v"(v) : "m"(x));
  return v;
}
#endif

#if defined(__AVX512VNNI__)
/// The channel-lane tile of 4 blocks x 6 pixels (q_tile): for each tap t (the pixels' byte
/// offset off[t]) and each quad c (then + 4 bytes), the 4 blocks' 16 x 4 weight bytes (w,
/// w + bs, w + 2 bs, w + 3 bs; advancing 64 bytes per step: the packed order) and each
/// pixel's 4 bytes broadcast, acc[b][p] += their products (vpdpbusd: unsigned x, signed w).
/// In assembly so that the 24 accumulators stay in zmm0..23 (GCC spills them here).
inline void q_lane_sums_4x6(__m512i* acc, const uint8_t* const* xp, const int64_t* off, int taps,
                            const int8_t* w, int nc, int64_t bs) {
  const int8_t* w2 = w + 2 * bs;
  int64_t o;
  int n;
#define VF_Z(i) "vpxord %%zmm" #i ", %%zmm" #i ", %%zmm" #i "\n\t"
#define VF_S(i) "vmovdqa64 %%zmm" #i ", " #i "*64(%[o])\n\t"
#define VF_P(x, a, b, c, d)            \
  "vpbroadcastd (%[" x                 \
  "],%[o]), %%zmm28\n\t"               \
  "vpdpbusd %%zmm24, %%zmm28, %%zmm" a \
  "\n\t"                               \
  "vpdpbusd %%zmm25, %%zmm28, %%zmm" b \
  "\n\t"                               \
  "vpdpbusd %%zmm26, %%zmm28, %%zmm" c \
  "\n\t"                               \
  "vpdpbusd %%zmm27, %%zmm28, %%zmm" d "\n\t"
  asm volatile(
      VF_Z(0) VF_Z(1) VF_Z(2) VF_Z(3) VF_Z(4) VF_Z(5) VF_Z(6) VF_Z(7) VF_Z(8) VF_Z(9) VF_Z(10)
      VF_Z(11) VF_Z(12) VF_Z(13) VF_Z(14) VF_Z(15) VF_Z(16) VF_Z(17) VF_Z(18) VF_Z(19) VF_Z(20)
      VF_Z(21) VF_Z(22) VF_Z(23)
      "2:\n\t"
      "movq (%[off]), %[o]\n\t"
      "addq $8, %[off]\n\t"
      "movl %[nc], %[n]\n\t"
      "1:\n\t"
      "vmovdqu64 (%[w]), %%zmm24\n\t"
      "vmovdqu64 (%[w],%[bs]), %%zmm25\n\t"
      "vmovdqu64 (%[w2]), %%zmm26\n\t"
      "vmovdqu64 (%[w2],%[bs]), %%zmm27\n\t"
      VF_P("x0", "0", "6", "12", "18") VF_P("x1", "1", "7", "13", "19")
      VF_P("x2", "2", "8", "14", "20") VF_P("x3", "3", "9", "15", "21")
      VF_P("x4", "4", "10", "16", "22") VF_P("x5", "5", "11", "17", "23")
      "addq $4, %[o]\n\t"
      "addq $64, %[w]\n\t"
      "addq $64, %[w2]\n\t"
      "decl %[n]\n\t"
      "jnz 1b\n\t"
      "decl %[taps]\n\t"
      "jnz 2b\n\t"
      "movq %[acc], %[o]\n\t"  // o is free now: the accumulators' address (a register short)
      VF_S(0) VF_S(1) VF_S(2) VF_S(3) VF_S(4) VF_S(5) VF_S(6) VF_S(7) VF_S(8) VF_S(9) VF_S(10)
      VF_S(11) VF_S(12) VF_S(13) VF_S(14) VF_S(15) VF_S(16) VF_S(17) VF_S(18) VF_S(19) VF_S(20)
      VF_S(21) VF_S(22) VF_S(23)
      : [o] "=&r"(o), [n] "=&r"(n), [off] "+r"(off), [taps] "+r"(taps), [w] "+r"(w), [w2] "+r"(w2)
      : [x0] "r"(xp[0]), [x1] "r"(xp[1]), [x2] "r"(xp[2]), [x3] "r"(xp[3]), [x4] "r"(xp[4]),
        [x5] "r"(xp[5]), [nc] "m"(nc), [bs] "r"(bs), [acc] "m"(acc)
      : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
        "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18",
        "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28");
#undef VF_Z
#undef VF_S
#undef VF_P
}
#endif

#if defined(__AVX512VNNI__)
/// A pixel-lane tile's sums: for each tap t (x + off[t]) and each quad c (then + cstride),
/// NV vectors of 16 pixels' 4 bytes and QR weights' 4 bytes (w, advancing QR * 4 per step:
/// the packed order), acc[r][v] += the 4 products of each lane (vpdpbusd: unsigned x, signed
/// w); the sums into acc (QR x NV vectors). In assembly so that the accumulators stay in
/// zmm0..15 (GCC copies and spills arrays of vectors in this loop).
template <int NV>
inline void q_pl_sums(__m512i* acc, const uint8_t* x, const int64_t* off, int taps, const int8_t* w,
                      int nc, int64_t cstride) {
  static_assert(NV >= 1 && NV <= 3);  // and QR == 8 (qconv.h)
  const uint8_t* xp;
  int n;
#define VF_Z(i) "vpxord %%zmm" #i ", %%zmm" #i ", %%zmm" #i "\n\t"
#define VF_S(i) "vmovdqa64 %%zmm" #i ", " #i "*64(%[acc])\n\t"
// The loops over taps (xp = x + off[t]) and quads (nc steps: w += 32, xp += cstride) around
// each tile width's body.
#define VF_STEPS_BEGIN                                                                  \
  "2:\n\tmovq (%[off]), %[xp]\n\taddq %[x], %[xp]\n\taddq $8, %[off]\n\tmovl %[nc], %[n]\n\t" \
  "1:\n\t"
#define VF_STEPS_END \
  "addq $32, %[w]\n\taddq %[cs], %[xp]\n\tdecl %[n]\n\tjnz 1b\n\tdecl %[taps]\n\tjnz 2b\n\t"
  if constexpr (NV == 3) {
#define VF_Q3(off, a, b, c)            \
  "vpbroadcastd " off                  \
  "(%[w]), %%zmm27\n\t"                \
  "vpdpbusd %%zmm27, %%zmm24, %%zmm" a \
  "\n\t"                               \
  "vpdpbusd %%zmm27, %%zmm25, %%zmm" b \
  "\n\t"                               \
  "vpdpbusd %%zmm27, %%zmm26, %%zmm" c "\n\t"
    asm volatile(
        VF_Z(0) VF_Z(1) VF_Z(2) VF_Z(3) VF_Z(4) VF_Z(5) VF_Z(6) VF_Z(7)
        VF_Z(8) VF_Z(9) VF_Z(10) VF_Z(11) VF_Z(12) VF_Z(13) VF_Z(14) VF_Z(15)
        VF_Z(16) VF_Z(17) VF_Z(18) VF_Z(19) VF_Z(20) VF_Z(21) VF_Z(22) VF_Z(23)
        VF_STEPS_BEGIN
        "vmovdqu64 (%[xp]), %%zmm24\n\t"
        "vmovdqu64 64(%[xp]), %%zmm25\n\t"
        "vmovdqu64 128(%[xp]), %%zmm26\n\t"
        VF_Q3("0", "0", "1", "2") VF_Q3("4", "3", "4", "5") VF_Q3("8", "6", "7", "8")
        VF_Q3("12", "9", "10", "11") VF_Q3("16", "12", "13", "14")
        VF_Q3("20", "15", "16", "17") VF_Q3("24", "18", "19", "20")
        VF_Q3("28", "21", "22", "23")
        VF_STEPS_END
        VF_S(0) VF_S(1) VF_S(2) VF_S(3) VF_S(4) VF_S(5) VF_S(6) VF_S(7)
        VF_S(8) VF_S(9) VF_S(10) VF_S(11) VF_S(12) VF_S(13) VF_S(14) VF_S(15)
        VF_S(16) VF_S(17) VF_S(18) VF_S(19) VF_S(20) VF_S(21) VF_S(22) VF_S(23)
        : [xp] "=&r"(xp), [n] "=&r"(n), [off] "+r"(off), [taps] "+r"(taps), [w] "+r"(w)
        : [x] "r"(x), [nc] "r"(nc), [cs] "r"(cstride), [acc] "r"(acc)
        : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
          "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16",
          "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25",
          "xmm26", "xmm27");
#undef VF_Q3
  } else if constexpr (NV == 2) {
#define VF_Q2(off, a, b)               \
  "vpbroadcastd " off                  \
  "(%[w]), %%zmm18\n\t"                \
  "vpdpbusd %%zmm18, %%zmm16, %%zmm" a \
  "\n\t"                               \
  "vpdpbusd %%zmm18, %%zmm17, %%zmm" b "\n\t"
    asm volatile(
        VF_Z(0) VF_Z(1) VF_Z(2) VF_Z(3) VF_Z(4) VF_Z(5) VF_Z(6) VF_Z(7)
        VF_Z(8) VF_Z(9) VF_Z(10) VF_Z(11) VF_Z(12) VF_Z(13) VF_Z(14) VF_Z(15)
        VF_STEPS_BEGIN
        "vmovdqu64 (%[xp]), %%zmm16\n\t"
        "vmovdqu64 64(%[xp]), %%zmm17\n\t"
        VF_Q2("0", "0", "1") VF_Q2("4", "2", "3") VF_Q2("8", "4", "5") VF_Q2("12", "6", "7")
        VF_Q2("16", "8", "9") VF_Q2("20", "10", "11") VF_Q2("24", "12", "13")
        VF_Q2("28", "14", "15")
        VF_STEPS_END
        VF_S(0) VF_S(1) VF_S(2) VF_S(3) VF_S(4) VF_S(5) VF_S(6) VF_S(7)
        VF_S(8) VF_S(9) VF_S(10) VF_S(11) VF_S(12) VF_S(13) VF_S(14) VF_S(15)
        : [xp] "=&r"(xp), [n] "=&r"(n), [off] "+r"(off), [taps] "+r"(taps), [w] "+r"(w)
        : [x] "r"(x), [nc] "r"(nc), [cs] "r"(cstride), [acc] "r"(acc)
        : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
          "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16",
          "xmm17", "xmm18");
#undef VF_Q2
  } else {
#define VF_Q1(off, a)   \
  "vpbroadcastd " off   \
  "(%[w]), %%zmm18\n\t" \
  "vpdpbusd %%zmm18, %%zmm16, %%zmm" a "\n\t"
    asm volatile(
        VF_Z(0) VF_Z(1) VF_Z(2) VF_Z(3) VF_Z(4) VF_Z(5) VF_Z(6) VF_Z(7)
        VF_STEPS_BEGIN
        "vmovdqu64 (%[xp]), %%zmm16\n\t"
        VF_Q1("0", "0") VF_Q1("4", "1") VF_Q1("8", "2") VF_Q1("12", "3")
        VF_Q1("16", "4") VF_Q1("20", "5") VF_Q1("24", "6") VF_Q1("28", "7")
        VF_STEPS_END
        VF_S(0) VF_S(1) VF_S(2) VF_S(3) VF_S(4) VF_S(5) VF_S(6) VF_S(7)
        : [xp] "=&r"(xp), [n] "=&r"(n), [off] "+r"(off), [taps] "+r"(taps), [w] "+r"(w)
        : [x] "r"(x), [nc] "r"(nc), [cs] "r"(cstride), [acc] "r"(acc)
        : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
          "xmm16", "xmm18");
#undef VF_Q1
  }
#undef VF_STEPS_BEGIN
#undef VF_STEPS_END
#undef VF_Z
#undef VF_S
}
#endif

}  // namespace detail

}  // namespace vfrt
