// A partly busy core for bench/partial_load.sh: spins BUSY_MS, sleeps IDLE_MS, forever (run
// it pinned with taskset, kill it when done). Usage: duty BUSY_MS IDLE_MS
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: duty BUSY_MS IDLE_MS\n");
    return 2;
  }
  const double busy = std::atof(argv[1]), idle = std::atof(argv[2]);
  if (!(busy > 0) || !(idle >= 0)) {
    std::fprintf(stderr, "duty: BUSY_MS must be > 0 and IDLE_MS >= 0\n");
    return 2;
  }
  using clock = std::chrono::steady_clock;
  std::atomic<unsigned long> sink{0};
  for (;;) {
    const auto t0 = clock::now();
    while (std::chrono::duration<double, std::milli>(clock::now() - t0).count() < busy)
      sink.fetch_add(1, std::memory_order_relaxed);
    if (idle > 0) std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(idle));
  }
}
