// Every kernel of vfrt.h against the interpreter on random shapes and attributes and on
// special values (kernel_fuzz.h): a short campaign in the unit tests, covering every kind
// of case and every special value in two models (one -march=native, one portable); the
// long one behind `make kernel-fuzz` (SEED, COUNT), with two-thread builds too.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>

#include <fmt/format.h>

#include "kernel_fuzz.h"

namespace vf::codegen::fuzz {
namespace {

std::string describe(const Figures& f) {
  std::string s = fmt::format(
      "{} combinations in {} models (compile {:.1f} s); {} output elements compared, {} of "
      "them in runs with special values, {} where the f32 interpreter is NaN or infinite; "
      "conv / dense elements: {} with a finite bound, {} unbounded (overflow possible); {} "
      "failures\nper kind:",
      f.combos, f.models, f.compile_ms / 1000, f.elements, f.special_elements, f.non_finite,
      f.bounded, f.unbounded, f.failures);
  for (const auto& [k, n] : f.by_kind) s += fmt::format(" {} {},", k, n);
  return s;
}

int64_t env_int(const char* name, int64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoll(v, nullptr, 10) : fallback;
}

TEST_CASE("codegen: every kernel vs the interpreter on random cases and special values",
          "[codegen][native][fuzz]") {
  Options o;
  o.seed = 20240913;
  o.combos = 2 * 64;  // every kind twice per model
  o.per_model = 64;
  o.portable_too = true;
  const Figures f = run(o);
  WARN(describe(f));
  CHECK(f.failures == 0);
  CHECK(f.by_kind.size() == 33);  // every kind of case
  CHECK(f.non_finite > 1000);     // the special values reach the outputs
  CHECK(f.bounded > 10000);
}

TEST_CASE("codegen: the kernel campaign of make kernel-fuzz", "[.][kernel-fuzz]") {
  Options o;
  o.seed = static_cast<uint64_t>(env_int("VF_KERNEL_FUZZ_SEED", 1));
  o.combos = static_cast<int>(env_int("VF_KERNEL_FUZZ_COUNT", 1200));
  o.per_model = static_cast<int>(env_int("VF_KERNEL_FUZZ_PER_MODEL", 96));
  o.portable_too = true;
  o.threads_too = true;
  const Figures f = run(o);
  std::cout << "kernel-fuzz seed " << o.seed << ": " << describe(f) << "\n";
  CHECK(f.failures == 0);
}

}  // namespace
}  // namespace vf::codegen::fuzz
