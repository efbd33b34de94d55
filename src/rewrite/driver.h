// The rewrite driver: applies the rule library to a model, phase by phase, each phase to
// a fixed point, and the whole pipeline again until nothing changes; certifies every
// match before it is applied (certify.h), folds its constants, and cleans the graph up
// after each rewrite (compact.h). Its result is the only way to get a rewritten
// CertifiedGraph: the log holds every applied rewrite, each with a proved certificate.
//
// Order inside a phase: nodes in topological order, and at each node the phase's rules
// in file order; the first rule whose certificate is proved is applied and the scan
// starts again. A match whose certificate is not proved, or whose preconditions are
// false on the actual constants, is remembered (by rule and root name) and not tried
// again, so the driver terminates.
//
// replay() runs the same certification and application on a recorded log instead of a
// search (vfuse verify): each recorded rewrite must match at its recorded root with the
// recorded nodes and certify again, in the recorded order, or the replay fails there.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "ir/certified_graph.h"
#include "ir/graph.h"
#include "rewrite/certificate_cache.h"
#include "rewrite/certify.h"
#include "rewrite/rule_library.h"
#include "support/cancel.h"
#include "support/result.h"

namespace vf::rewrite {

/// One certification attempt of a compile: applied, or not applied and why.
struct RewriteAttempt {
  std::string rule;
  std::string rule_hash;
  /// The matched source nodes (names in the graph before the rewrite), root last.
  std::vector<std::string> nodes;
  CertOutcome outcome = CertOutcome::Unknown;
  /// Non-empty: applied by the definition of the target's operators (Certificate).
  std::string definition;
  bool applied = false;
  bool cached = false;
  std::string reason;
  std::string split;
  int64_t claims = 0;
  double ms = 0;
  double bound = 0;
  double max_ulps = 0;
  /// The certificate's file name under certificates/ and its SMT-LIB2 text.
  std::string certificate;
  std::string smt2;
};

/// A rule whose pattern matched but whose structural preconditions did not hold.
struct NearMiss {
  std::string rule;
  std::string root;
  std::string reason;
};

/// How to rewrite.
struct RewriteOptions {
  CertifyOptions certify;
  /// Certificate cache directory; empty: no cache.
  std::string cache_dir;
  /// Called after each certification attempt with (attempts so far, the attempt).
  std::function<void(size_t, const RewriteAttempt&)> progress;
  /// Called for each rewrite about to be applied, with the match, the graph it matched
  /// in and its proved certificate (vfuse check measures each rewrite's drift with it).
  std::function<void(const Match&, const Graph&, const Certificate&)> on_applied;
  /// Polled before each certification: when it asks to stop, run() and replay() return
  /// the Error kInterrupted (support/cancel.h) and no graph.
  CancelFn cancelled;
};

/// A correspondence between the graph the driver was given and the one it made
/// (report.json's "regions"; vfuse verify --independent checks it, docs/independent.md):
/// the operator nodes of the given graph (`original`) that the applied rewrites replaced,
/// as one group, with the operator nodes that stand for them now (`compiled`). A node no
/// rewrite touched is a region of its own, on both sides. Names in graph order.
struct Region {
  std::vector<std::string> original;
  std::vector<std::string> compiled;
};

/// What a rewrite run produced.
struct RewriteResult {
  CertifiedGraph graph;
  /// Every operator node of both graphs in exactly one region (an untrusted record).
  std::vector<Region> regions;
  std::vector<RewriteAttempt> attempts;
  std::vector<NearMiss> near_misses;
  /// Time spent certifying (solver, folding, bounds), milliseconds.
  double certify_ms = 0;
};

/// Builds rewritten graphs; the only holder of CertifiedGraph::Key.
class Driver {
 public:
  /// Rewrites `g` (which must have passed infer_types; its weights bound to constants)
  /// with `lib`. An Error only for a broken invariant of the rewriter (a rewrite that
  /// would create a cycle or an ill-typed graph): the model is then not compiled.
  static Result<RewriteResult> run(Graph g, const RuleLibrary& lib, const RewriteOptions& opts);

  /// Rewrites `g` (as for run) by re-applying `recorded` in order, each record's rule
  /// (its proof hash as recorded) at the node named by the last of its `nodes`; the
  /// match must cover exactly `nodes` and its certificate must be proved again (it keeps
  /// the recorded certificate file name). The Error names the first record that does
  /// not replay ("rewrite N (rule at 'root'): why"). The result's attempts are the
  /// replayed rewrites only.
  static Result<RewriteResult> replay(Graph g, const RuleLibrary& lib,
                                      const std::vector<RewriteRecord>& recorded,
                                      const RewriteOptions& opts);
};

}  // namespace vf::rewrite
