// vfrt/threads.h — threads in vfrt.h: VFRT_THREADS, the OpenMP glue, and the work sharing
// (Share, parallel_for) of every parallel kernel. One place decides how items reach threads,
// so that a result never depends on which thread computed it.
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

/// Threads of the OpenMP loops (the emitted model.cpp defines it; used only with -fopenmp).
#ifndef VFRT_THREADS
#define VFRT_THREADS 1
#endif
#if defined(_OPENMP) && VFRT_THREADS > 1
#include <omp.h>
#endif
#ifdef VFRT_SHARE_LATE_US
#include <chrono>
#include <thread>
#endif

namespace vfrt {

// ---------------------------------------------------------------------------------------
// Work sharing

/// This thread's number in the enclosing parallel region (0 outside one, or without OpenMP).
inline int thread_num() {
#if defined(_OPENMP) && VFRT_THREADS > 1
  return omp_get_thread_num();
#else
  return 0;
#endif
}

/// Items [0, n) shared by the threads of a parallel region so that a thread the host slows
/// down (another process on its core) delays the region by about one claim, not by its whole
/// share. The items are cut into VFRT_THREADS contiguous ranges as schedule(static) cuts
/// them: thread th takes its own range's items in order (on an idle machine, exactly the
/// items and the locality static scheduling gives it), then whatever is left of the other
/// ranges. Each item is claimed by one relaxed fetch_add on its range's counter (a line of its
/// own), so it runs exactly once, on whichever thread claims it: an item's result must not
/// depend on the thread, and per-thread scratch must not carry anything from one item to the
/// next that the item does not rebuild. Constructed before the region (the counters are
/// shared), run() called by every thread of it; with a team of one, thread 0 runs every item
/// in order. run() has no barrier at its end: put one where a later phase reads the items'
/// results. A claim takes `grain` items (share_grain: small items would spend their time on
/// the counters, whose line moves between the cores once threads help each other). Tests
/// define VFRT_SHARE_LATE_US: every thread but 0 then starts each run() that many
/// microseconds late, so thread 0 takes items of the others' ranges.
class Share {
 public:
  explicit Share(int64_t n, int64_t grain = 1) : n_(n), grain_(grain > 0 ? grain : 1) {
    for (int r = 0; r < kT; ++r) next_[r].v.store(begin(r), std::memory_order_relaxed);
  }
  Share(const Share&) = delete;
  Share& operator=(const Share&) = delete;

  template <class F>
  void run(F&& f) {
    const int th = thread_num();
#ifdef VFRT_SHARE_LATE_US
    if (th != 0) std::this_thread::sleep_for(std::chrono::microseconds(VFRT_SHARE_LATE_US));
#endif
    // One call site of f (the kernels' bodies are large).
    for (int k = 0, r = th % kT; k < kT;) {
      const int64_t i0 = next_[r].v.fetch_add(grain_, std::memory_order_relaxed);
      const int64_t end = begin(r + 1);
      if (i0 >= end) {
        ++k, r = (r + 1) % kT;
        continue;
      }
      for (int64_t i = i0; i < std::min(i0 + grain_, end); ++i) f(i);
    }
  }

 private:
  static constexpr int kT = VFRT_THREADS;
  int64_t begin(int r) const { return n_ * r / kT; }
  struct alignas(64) Slot {
    std::atomic<int64_t> v;
  };
  int64_t n_, grain_;
  Slot next_[kT];
};

/// Items per claim of a Share whose items each do about `work` multiply-adds (or float
/// copies): claims of at least 2^16, a microsecond or more.
constexpr int64_t share_grain(int64_t work) {
  constexpr int64_t kClaim = int64_t{1} << 16;
  return work >= kClaim ? 1
                        : (kClaim + std::max<int64_t>(work, 1) - 1) / std::max<int64_t>(work, 1);
}

/// f(i) for i in [0, n), each item about `work` multiply-adds: on VFRT_THREADS threads
/// sharing the items (Share) when `par` (a parallel region costs microseconds), else on
/// this one, in order.
template <class F>
inline void parallel_for(int64_t n, int64_t work, bool par, F&& f) {
  Share items(n, share_grain(work));
#if defined(_OPENMP) && VFRT_THREADS > 1
#pragma omp parallel num_threads(VFRT_THREADS) if (par)
#endif
  items.run(f);
  (void)par;
}

}  // namespace vfrt
