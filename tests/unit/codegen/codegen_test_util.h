// Helpers of the code emitter's tests: building the native engine into a test cache,
// seeded tensors, and the reassociation bound of docs/codegen.md.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "codegen/native.h"
#include "interp/interpreter.h"
#include "ir/shape_inference.h"
#include "support/rng.h"

namespace vf::codegen::test {

/// The compiled-model cache of the tests (kept between runs: a model compiles once), in
/// the build tree (tests/CMakeLists.txt): a fresh clone starts with it empty.
inline std::string test_cache_dir() { return VF_TEST_NATIVE_DIR; }

/// Builds `g` natively (-march=native, or the compiler's portable default), or fails.
inline NativeModel build_native(const CertifiedGraph& g, bool march_native = true) {
  NativeOptions o;
  o.cache_dir = test_cache_dir();
  o.march_native = march_native;
  auto m = NativeModel::build(g, o);
  INFO((m ? std::string() : m.error().message));
  REQUIRE(m);
  return std::move(*m);
}

/// A float32 tensor of `shape` with values uniform in [lo, hi), from `rng`.
inline Tensor random_tensor(SplitMix64& rng, const Shape& shape, double lo = -1, double hi = 1) {
  std::vector<float> v(static_cast<size_t>(num_elements(shape)));
  for (float& x : v) x = static_cast<float>(rng.uniform(lo, hi));
  return Tensor::from_floats(shape, v);
}

/// Runs the interpreter, or fails.
inline std::vector<Tensor> interpret(const CertifiedGraph& g, Precision p,
                                     const std::map<std::string, Tensor>& inputs) {
  RunOptions o;
  o.precision = p;
  o.inputs = inputs;
  auto r = run_graph(g, o);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r);
  return std::move(*r);
}

/// Runs the native model, or fails.
inline std::vector<Tensor> run_native(NativeModel& m, const std::map<std::string, Tensor>& inputs) {
  auto r = m.run(inputs);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r);
  return std::move(*r);
}

/// Unit roundoff of float32 (round to nearest).
inline constexpr double kU32 = 0x1p-24;

/// gamma_K = K u / (1 - K u): the bound on the relative error of a K-term dot product
/// summed in any order, with or without FMA, relative to sum |x_i w_i| (Higham, 3.1).
inline double gamma32(double K) { return K * kU32 / (1 - K * kU32); }

}  // namespace vf::codegen::test
