// Hot loops of the bounded runs built for several instruction sets, chosen at load time
// (GCC's target_clones: one binary for every x86-64, the widest vectors the CPU has).
//
// A file that uses VF_VECTOR_CLONES must be compiled with -ffp-contract=off (the CMake
// targets of src/interp and src/codegen are): AVX-512F implies FMA, and a contracted
// x * w + r would round once where the interpreter rounds twice, so the bounded run's
// values would no longer be the interpreter's bit for bit.
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
#define VF_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define VF_VECTOR_CLONES
#endif

// The helpers below are inlined into the clones; GCC's note that a vector argument's ABI
// depends on the instruction set does not apply to them.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace vf::simd {

// Eight lanes as GCC / Clang vector types: the loops over them are written lane-parallel,
// so each clone uses its widest registers (two AVX2 registers, one AVX-512) without
// relying on the auto-vectoriser, which splits short fixed loops badly.
typedef float F8 __attribute__((vector_size(32)));
typedef double D8 __attribute__((vector_size(64)));
typedef int64_t L8 __attribute__((vector_size(64)));

/// The vector of 8 lanes of T (float or double).
template <class T>
struct Lanes8;
template <>
struct Lanes8<float> {
  using type = F8;
};
template <>
struct Lanes8<double> {
  using type = D8;
};

/// Eight consecutive elements (any alignment).
template <class V, class T>
inline V load8(const T* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class V, class T>
inline void store8(T* p, V v) {
  std::memcpy(p, &v, sizeof v);
}

/// |v| per lane, in double.
template <class V>
inline D8 abs8(V v) {
  const D8 d = __builtin_convertvector(v, D8);
  return (D8)((L8)d & INT64_MAX);
}

}  // namespace vf::simd

#pragma GCC diagnostic pop
