// Single-thread memory bandwidth of this machine, STREAM-style: copy (a = b), scale
// (a = s * b), add (a = b + c) and triad (a = b + s * c) over arrays far larger than the
// last-level cache, bytes counted as STREAM does (each array read or written once per
// pass). The memory-bound operators of the native code are reported against this figure
// (vf_native_bench --roofline, bench/RESULTS.md).
//
// build: g++ -O3 -march=native -std=c++20 bench/stream.cpp -o stream
// usage: stream [MIB] [REPEATS]   arrays of MIB MiB each (default 256), REPEATS passes of
//        each kernel (default 9); prints the best pass of each and one JSON line with the
//        triad's median GB/s.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

template <class F>
std::vector<double> time_passes(int repeats, F&& f) {
  std::vector<double> s;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    s.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(s.begin(), s.end());
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const long mib = argc > 1 ? std::atol(argv[1]) : 256;
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 9;
  if (mib < 1 || repeats < 1) return std::fprintf(stderr, "usage: stream [MIB] [REPEATS]\n"), 2;
  const size_t n = static_cast<size_t>(mib) * (1 << 20) / sizeof(float);
  std::vector<float> a(n, 1.f), b(n, 2.f), c(n, 0.5f);
  const float s = 1.0001f;
  float* __restrict pa = a.data();
  const float* __restrict pb = b.data();
  const float* __restrict pc = c.data();
  auto copy = [&] {
    for (size_t i = 0; i < n; ++i) pa[i] = pb[i];
  };
  auto scale = [&] {
    for (size_t i = 0; i < n; ++i) pa[i] = s * pb[i];
  };
  auto add = [&] {
    for (size_t i = 0; i < n; ++i) pa[i] = pb[i] + pc[i];
  };
  auto triad = [&] {
    for (size_t i = 0; i < n; ++i) pa[i] = pb[i] + s * pc[i];
  };
  struct Kernel {
    const char* name;
    int arrays;
    std::vector<double> t;
  } k[] = {{"copy", 2, time_passes(repeats, copy)},
           {"scale", 2, time_passes(repeats, scale)},
           {"add", 3, time_passes(repeats, add)},
           {"triad", 3, time_passes(repeats, triad)}};
  double triad_median = 0;
  for (const Kernel& kk : k) {
    const double bytes = static_cast<double>(kk.arrays) * static_cast<double>(n) * sizeof(float);
    std::printf("%-6s best %.1f GB/s, median %.1f GB/s\n", kk.name, bytes / kk.t.front() * 1e-9,
                bytes / kk.t[kk.t.size() / 2] * 1e-9);
    if (kk.name[0] == 't') triad_median = bytes / kk.t[kk.t.size() / 2] * 1e-9;
  }
  volatile float sink = a[n / 2];
  (void)sink;
  std::printf("{\"array_mib\":%ld,\"median_triad_gbs\":%.2f}\n", mib, triad_median);
  return 0;
}
