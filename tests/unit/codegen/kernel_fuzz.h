// Differential testing of every kernel of vfrt.h against the f32 / f64 interpreter on
// random shapes and attributes and on inputs with NaN, +-inf, -0, denormals and large
// magnitudes (docs/codegen.md, "Testing the kernels").
//
// A campaign draws `combos` random combinations, cycling through the kinds below so that
// every model holds every kernel path; `per_model` of them are the outputs of one graph
// (one compiler invocation). Each model runs on three sets of inputs: ordinary values in
// [-2, 2], values with 5% special elements, and values with 40% special elements. Every
// output is checked against the one semantics:
//   - conv2d / fused_conv2d / dense / fused_dense (reassociated sums): per element
//     native_distance(native, f64 interpreter) <= native_error_bound (codegen/bound.h),
//     and the f32 interpreter within the same bound where the kernel is a reordering of
//     the interpreter's sum (all but Winograd);
//   - every other operator: bit-identical to the f32 interpreter (any NaN matches any NaN;
//     -0 and +0 differ).
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace vf::codegen::fuzz {

/// What a campaign runs.
struct Options {
  uint64_t seed = 1;
  /// Random shape / attribute combinations in total.
  int combos = 100;
  /// Combinations per compiled model.
  int per_model = 100;
  /// Every other model built for the compiler's default target (the portable vectors).
  bool portable_too = false;
  /// Every model also built with two OpenMP threads, which must give the same bits.
  bool threads_too = false;
};

/// What a campaign checked.
struct Figures {
  int combos = 0;
  int models = 0;
  double compile_ms = 0;
  std::map<std::string, int> by_kind;  ///< combinations per kind of case
  int64_t elements = 0;                ///< output elements compared (all runs)
  int64_t special_elements = 0;        ///< of them, in runs with special input values
  int64_t non_finite = 0;              ///< of them, where the f32 interpreter is NaN or +-inf
  int64_t bounded = 0;                 ///< conv / dense elements with a finite bound
  int64_t unbounded = 0;               ///< conv / dense elements whose bound is +inf
  int64_t failures = 0;                ///< elements that broke their contract
};

/// Runs a campaign; every failure is also a failed Catch2 check with its case and element.
Figures run(const Options& o);

}  // namespace vf::codegen::fuzz
