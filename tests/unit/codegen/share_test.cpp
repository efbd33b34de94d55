// vfrt::Share, the work sharing of the native kernels' parallel loops: every item runs once,
// and a thread that starts late does not hold the others' items back (issue 17: threads that
// degrade gracefully). Built as a small OpenMP program from the embedded vfrt.h with the
// compiler the native engine uses.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "codegen/emit.h"

namespace vf::codegen {
namespace {

// 200 items of 50 us on two threads, shared by vfrt::Share and, for contrast, by
// schedule(static); prints per loop the items run exactly once and those thread 0 ran.
const char* kProgram = R"(#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include "vfrt.h"
int main() {
  constexpr int n = 200;
  static std::atomic<int> runs[2][n];
  static int by[2][n];
  auto item = [&](int l, int64_t i) {
    runs[l][i].fetch_add(1);
    by[l][i] = vfrt::thread_num();
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  };
  vfrt::Share share(n);
#pragma omp parallel num_threads(2)
  share.run([&](int64_t i) { item(0, i); });
#pragma omp parallel num_threads(2)
  {
#ifdef VFRT_SHARE_LATE_US
    if (vfrt::thread_num() != 0)
      std::this_thread::sleep_for(std::chrono::microseconds(VFRT_SHARE_LATE_US));
#endif
#pragma omp for schedule(static)
    for (int i = 0; i < n; ++i) item(1, i);
  }
  for (int l = 0; l < 2; ++l) {
    int once = 0, zero = 0;
    for (int i = 0; i < n; ++i) once += runs[l][i].load() == 1, zero += by[l][i] == 0;
    std::printf("%d %d\n", once, zero);
  }
}
)";

struct Counts {
  int once = -1, by_thread0 = -1;
};

/// Builds and runs kProgram (late: VFRT_SHARE_LATE_US, 0 for none); {Share's, static's}.
std::pair<Counts, Counts> run_program(int late_us) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("vfuse-test-share-" + std::to_string(late_us));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "vfrt.h") << runtime_header();
  std::ofstream(dir / "main.cpp") << kProgram;
  const char* cxx = std::getenv("CXX");
  std::string cmd = std::string(cxx && *cxx ? cxx : "c++") +
                    " -std=c++20 -O1 -Wno-psabi -fopenmp -DVFRT_THREADS=2 -I" + dir.string();
  if (late_us > 0) cmd.append(" -DVFRT_SHARE_LATE_US=").append(std::to_string(late_us));
  cmd.append(" ")
      .append((dir / "main.cpp").string())
      .append(" -o ")
      .append((dir / "prog").string());
  INFO(cmd);
  REQUIRE(std::system(cmd.c_str()) == 0);
  std::pair<Counts, Counts> r;
  if (std::FILE* p = ::popen((dir / "prog").c_str(), "r")) {
    CHECK(std::fscanf(p, "%d %d %d %d", &r.first.once, &r.first.by_thread0, &r.second.once,
                      &r.second.by_thread0) == 4);
    CHECK(::pclose(p) == 0);
  }
  std::filesystem::remove_all(dir);
  return r;
}

TEST_CASE("codegen: work sharing runs every item once and takes a late thread's items",
          "[codegen][native]") {
  // Both threads on time: every item once (who ran what depends on the machine's load).
  const auto [on_time, on_time_static] = run_program(0);
  CHECK(on_time.once == 200);
  CHECK(on_time_static.once == 200);
  // Thread 1 starts 200 ms late, 20 times the 10 ms of all the items: thread 0 runs every
  // item of Share's loop, while schedule(static) leaves thread 1's half waiting for it.
  const auto [late, late_static] = run_program(200000);
  CHECK(late.once == 200);
  CHECK(late.by_thread0 == 200);
  CHECK(late_static.once == 200);
  CHECK(late_static.by_thread0 == 100);
}

}  // namespace
}  // namespace vf::codegen
