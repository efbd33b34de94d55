// Shared helpers of the SMT tests: verified graphs, encoding that must succeed, and
// verdict checks that print the verdict when they fail.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "ir/shape_inference.h"
#include "smt/encode_graph.h"
#include "smt/solver.h"

namespace vf::smt::test {

/// The graph after infer_types, which must succeed.
inline Graph verified(Graph g) {
  auto r = infer_types(g);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  return g;
}

/// encode_graph, which must succeed.
template <class D>
std::vector<SymTensor> encode(D& d, const Graph& g, const Bindings& b) {
  auto r = encode_graph(d, g, b);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());
  return std::move(r).value();
}

/// Runs the solver and reports the wall time of the query (visible with -s).
inline Verdict timed_check(Solver& s, const Query& q, const char* label) {
  const auto t0 = std::chrono::steady_clock::now();
  Verdict v = s.check(q);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  INFO(label << ": " << ms << " ms, " << describe(v));
  SUCCEED(label << ": " << ms << " ms");
  return v;
}

}  // namespace vf::smt::test
