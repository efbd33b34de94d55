// Peak single-thread FP32 throughput of this machine: many independent chains of fused
// multiply-adds on the widest vectors the compiler targets (-march=native), so neither
// latency nor memory limits them. The native code's GFLOP/s are reported as a fraction
// of this figure (bench/RESULTS.md).
//
// build: g++ -O3 -march=native -std=c++20 bench/fma_peak.cpp -o fma_peak
// usage: fma_peak [REPEATS]   prints the median GFLOP/s of REPEATS runs (default 9)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

// Chains: more than FMA latency x issue width on current x86 cores (4 x 2), but, with
// the two operand registers, no more than the vector register file holds: 16 chains
// on AVX2's 16 ymm registers spill three of them to the stack, and the store-to-load
// latency in those chains halved the figure on Zen 3.
#if defined(__AVX512F__)
constexpr int kLanes = 16;
constexpr int kChains = 16;  // of 32 zmm registers
#elif defined(__AVX__)
constexpr int kLanes = 8;
constexpr int kChains = 12;  // of 16 ymm registers
#else
constexpr int kLanes = 4;
constexpr int kChains = 12;  // of 16 xmm registers
#endif
typedef float vec __attribute__((vector_size(kLanes * sizeof(float))));

double run_once(long iters) {
  vec acc[kChains];
  vec a, b;
  for (int l = 0; l < kLanes; ++l) {
    a[l] = 0.999999f;
    b[l] = 1e-7f;
  }
  for (int c = 0; c < kChains; ++c) acc[c] = a * static_cast<float>(c);
  auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < iters; ++i) {
#pragma GCC unroll 16
    for (int c = 0; c < kChains; ++c) acc[c] = acc[c] * a + b;  // contracted to one FMA
    asm volatile("" : "+x"(a));  // keeps the loop from being folded
  }
  auto t1 = std::chrono::steady_clock::now();
  float sink = 0;
  for (int c = 0; c < kChains; ++c)
    for (int l = 0; l < kLanes; ++l) sink += acc[c][l];
  if (sink == 42.0f) std::puts("");  // uses the result
  const double secs = std::chrono::duration<double>(t1 - t0).count();
  return 2.0 * kLanes * kChains * static_cast<double>(iters) / secs / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 9;
  std::vector<double> g;
  run_once(20'000'000);  // warm up the clock
  for (int r = 0; r < repeats; ++r) g.push_back(run_once(50'000'000));
  std::sort(g.begin(), g.end());
  std::printf("{\"lanes\":%d,\"chains\":%d,\"median_gflops\":%.1f,\"max_gflops\":%.1f}\n", kLanes,
              kChains, g[g.size() / 2], g.back());
}
