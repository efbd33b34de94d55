// Random instances of a rule, run in the interpreter: a second opinion on a rule that does
// not share the prover's grid (verify/grid.h) or its instance enumeration.
//
// A random instance is a match at shapes and attribute values drawn at random: leaf ranks
// (0 to dsl::kMaxProvedRank, the ranks the rewriter applies rules at) and dimensions 1..6
// from a per-instance palette (so that sizes are equal or distinct on purpose), broadcast
// partners with a per-axis choice of 1 or the aligned size at lower, equal and higher
// ranks, conv / pool windows with random kernels, strides, paddings, dilations and groups,
// and random values for the int / list / string attributes the rule leaves free. Choices
// are made operator by operator in the source's evaluation order; a choice that makes a
// shape or attribute precondition false is drawn again. The instance itself is built by
// verify::instantiate, like a match in a model, so only cases of the rule are kept.
//
// Each instance then gets random values for its leaves and float attributes (drawn again
// until the value preconditions hold, e.g. positive variances) and runs in the
// interpreter: f64 for `real` rules (literals at their exact decimal value), f32 compared
// bit for bit for `float32`, the N-bit integer reading for `bv(N)`. A draw on which the
// source (or a precondition's expression) is undefined — a non-finite value in the real
// domain, a division by zero in integers — is not a case of the rule's claim and is drawn
// again; a target that is undefined, ill-typed or different where the source is defined
// makes the instance a failure. A numerical test is evidence, not a proof: "no failure"
// says the sampling found none.
//
// random_instance.cpp draws the shapes and attributes (random_instance_spec);
// random_test.cpp draws the values and runs them (test_rule_randomly).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dsl/ast.h"
#include "support/rng.h"
#include "verify/instance.h"

namespace vf::verify {

/// Draws the leaf shapes and the int / list / string attribute values of a random match of
/// a checked rule (float slots get a placeholder: their values are drawn per run). nullopt,
/// with the reason in `why_not`, when an operator of the source finds no choice that
/// type-checks and keeps the shape preconditions possible.
std::optional<InstanceSpec> random_instance_spec(const dsl::Rule& rule, const RuleSlots& slots,
                                                 SplitMix64& rng, std::string* why_not = nullptr);

/// Budget of a random test of one rule.
struct RandomTestOptions {
  uint64_t seed = 1;
  /// Stop after this many valid instances (shapes and values satisfying the preconditions).
  int64_t max_instances = 200;
  /// Stop after this much wall time, in milliseconds.
  double budget_ms = 1000;
  /// Stop after this many shape draws, valid or not.
  int64_t max_attempts = 20'000;
  /// Value draws per instance before giving up on its value preconditions.
  int value_tries = 40;
  /// After the first failure, this many more valid instances are run to find a smaller one.
  int64_t extra_after_failure = 60;
};

/// An instance on which source and target differ.
struct RandomFailure {
  /// Leaf shapes and attribute values ("%x: [1, 2, 3, 3], ...; $s = [1, 1], y.groups = 1").
  std::string instance;
  /// Float attribute values and leaf values ("$eps" -> "0.5", "x [1, 2]" -> "[1, -0.5]").
  std::vector<std::pair<std::string, std::string>> values;
  /// What differs: "source 1 vs target 0 at [0, 1, 0, 0]", or why the target is undefined or
  /// ill-typed.
  std::string what;
  /// Number of elements of the instance (the smallest failure found is kept).
  int64_t size = 0;
};

/// What a random test of one rule found.
struct RandomTestResult {
  /// Shape draws made.
  int64_t attempts = 0;
  /// Shape draws verify::instantiate accepted (the source type-checks and the shape and
  /// attribute preconditions hold).
  int64_t instantiated = 0;
  /// Instances run: instantiated, with values that satisfy the preconditions and keep the
  /// source defined. 0 means the rule was not tested.
  int64_t instances = 0;
  /// Of those, instances where the target differs (or is undefined or ill-typed).
  int64_t failures = 0;
  /// The smallest failure found.
  std::optional<RandomFailure> failure;
  /// Why nothing was tested, when instances == 0 (the last reason a draw was rejected).
  std::string note;
  /// Wall time, in milliseconds.
  double ms = 0;
};

/// Tests a checked rule on random instances (see the file comment), deterministically for
/// a seed unless the time budget cuts the run short.
RandomTestResult test_rule_randomly(const dsl::Rule& rule, const RandomTestOptions& opts);

}  // namespace vf::verify
