// Claims proved once are not proved again: a rule's instances repeat the same claim many
// times over (every interior output element of a window, every channel of a per-channel
// fold), each time about other variables. A claim is cut down to its *slice* — the
// hypotheses that share variables with it, transitively — and named by a canonical text
// of the claim and its slice in which variables are numbered in order of first
// occurrence. Two claims with the same text are the same formula up to a renaming of
// variables, so a proof of one is a proof of the other.
//
// Why a slice is enough: when the slice implies the claim, so do all hypotheses
// (more hypotheses, same conclusion). Only proofs made from the slice alone enter the
// cache (a proof from all hypotheses could rest on an unsatisfiable part that shares no
// variable with the claim, which another query need not have). Conversely a model of
// the slice and the claim's negation need not extend to the other hypotheses: a sliced
// query that is satisfiable is asked again whole before anything is refuted.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "smt/expr.h"

namespace vf::smt {

class Context;
struct Query;

/// The hypotheses and definitions of a query that share variables with one claim
/// (top-level conjunctions taken apart), and the canonical text of claim and slice.
struct ClaimSlice {
  std::vector<Expr> hypotheses;
  std::vector<Expr> definitions;
  /// Equal for two slices of one Context iff they are the same formulas up to renaming
  /// variables and fresh symbols (numerals and function symbols keep their identity).
  std::string key;
};

/// Computes the slices of the claims of one query.
class QuerySlicer {
 public:
  QuerySlicer(Context& ctx, const Query& q);
  ~QuerySlicer();
  QuerySlicer(const QuerySlicer&) = delete;
  QuerySlicer& operator=(const QuerySlicer&) = delete;
  /// The slice of claim `i`.
  ClaimSlice slice(size_t i) const;

 private:
  struct Impl;
  Impl* impl_;
};

/// Canonical texts of claims proved from their slices (see the file comment); the keys
/// of one cache must come from one Context.
class ClaimCache {
 public:
  /// Whether a claim with this canonical text was proved; if so, `used_definitions` gets
  /// whether that proof needed the definitions of fresh symbols (Solver::used_definitions:
  /// a query written out for replay must then carry them).
  bool proved(const std::string& key, bool& used_definitions) {
    const auto it = proved_.find(key);
    if (it == proved_.end()) return false;
    ++hits_;
    used_definitions = it->second;
    return true;
  }
  /// Records a claim proved from its slice alone, with or without the definitions.
  void add(const std::string& key, bool used_definitions) {
    proved_.emplace(key, used_definitions);
  }
  /// Claims answered from the cache so far.
  size_t hits() const { return hits_; }

 private:
  std::unordered_map<std::string, bool> proved_;  // key -> the proof used definitions
  size_t hits_ = 0;
};

}  // namespace vf::smt
