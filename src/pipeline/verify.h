// The verify flow: checks that a compile output directory is what `vfuse compile` makes
// of its model, and that its certificates hold, without trusting any file of the
// directory except report.json's record of what was compiled (docs/certificates.md,
// "Files"). It re-imports the model, re-applies every recorded rewrite at its recorded
// nodes through the rewrite driver (each certified again), compares the result with
// model.vfg and model.weights byte for byte and each certificate with the re-derived one,
// checks every hash of the report, and re-solves every certificate with the z3 / cvc5
// command-line solvers. It stops at the first thing that does not hold and says what
// and where.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "support/result.h"

namespace vf::pipeline {

/// One check that held: its name, what it established, its time.
struct VerifyStep {
  std::string name;
  std::string detail;
  double ms = 0;
};

/// What to verify and how.
struct VerifyOptions {
  /// The compile output directory.
  std::string dir;
  /// The model that was compiled; empty: the path the report records.
  std::string model;
  /// Command-line solvers that re-solve the certificates (none: not re-solved).
  std::vector<std::string> solvers = {"z3"};
  /// Time limit per certificate and solver.
  unsigned solver_seconds = 120;
  /// Solver processes at a time.
  int jobs = 1;
  /// Called as each check holds.
  std::function<void(const VerifyStep&)> on_step;
  /// --independent: called with each region's line as it is checked.
  std::function<void(const std::string&)> on_region;
};

/// The verdict: the checks that held in order, and the first that did not.
struct VerifyReport {
  std::string dir;
  /// The model compared with (VerifyOptions::model or the recorded one).
  std::string model;
  bool ok = false;
  /// Whether the certificates were re-solved (solvers given).
  bool replayed = false;
  std::vector<VerifyStep> steps;
  /// The check that failed and why (empty when ok).
  std::string failed_step;
  std::string failure;
  /// Rewrites the report records; total milliseconds.
  size_t rewrites = 0;
  double ms = 0;
  /// Diagnostics of a model or rule library that did not load (rendered), and the lines
  /// that summarise them ("1 error in 'm.onnx'", "error: ...").
  std::string diagnostics;
  std::vector<std::string> messages;
};

/// Verifies `o.dir`; the failure, if any, is in the report.
VerifyReport verify(VerifyOptions o);
/// The quantizer's graph in the quantize output `dir` (quantized.vfg, its hashes checked
/// as it loads): what the rules ran on, the original side of both verifications there.
/// `diagnostics` gets the loader's messages when it does not load.
Result<Graph> load_quantized_graph(const std::string& dir, std::string& diagnostics);


/// `vfuse verify --independent` (docs/independent.md): translation validation of `o.dir`
/// against its model by the independent checker (src/independent/), which does not use the
/// rule library, the matcher, the instance builder, the driver, folding or the
/// certificates. Steps: `report` (report.json and its regions), `files` (every listed file
/// matches its SHA-256), `model` (imported again, weights from the seed), `compiled`
/// (model.vfg and model.weights read as stored), `regions` (the tiling, then each region's
/// equivalence proved), `program` (model.vfg lowered again by the back end, and the
/// program and its memory plan checked against it: independent/program.h). `o.solvers`, `o.jobs`, `o.solver_seconds` are not used.
VerifyReport verify_independent(VerifyOptions o);

/// The report as `vfuse verify --json` prints it:
/// {"dir","ok","steps":[{"check","ok","detail"|"error","ms"}],"rewrites","ms"}.
std::string verify_json(const VerifyReport& r);

}  // namespace vf::pipeline
