// The symbolic enumeration of unit patterns behind the pointwise lemma (patterns.h,
// docs/proofs.md): every way the dimensions of a template instance's nodes can be 1 or a
// size class >= 2 that type-checks and keeps the preconditions possible. A detail of
// patterns.cpp, which makes the admitted patterns concrete; kept apart because this is a
// search of its own (a union-find over size classes, preconditions evaluated three-valued).
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "dsl/ast.h"
#include "support/cancel.h"
#include "verify/instance.h"

namespace vf::verify::detail {

/// A dimension of a symbolic shape: 0 is a dimension of size 1, k > 0 the size class k
/// (a size >= 2).
using Dim = int;
using SymShape = std::vector<Dim>;

/// One path of the symbolic enumeration: a shape per node, size classes with their
/// unions and constraints.
struct SymState {
  std::vector<SymShape> shape;  // by node index
  std::vector<char> shaped;
  std::vector<int> parent = {0};   // union-find over classes; [0] unused
  std::vector<int64_t> pin = {0};  // class -> the value a precondition fixed (0: none)
  std::vector<std::set<int64_t>> forbid = {{}};  // class -> values it may not take
  std::vector<char> dontcare = {0};              // class -> not a pattern position (see below)
  std::vector<int64_t> multiple = {1};           // class -> its size is a multiple of this
  std::set<std::pair<int, int>> apart;           // classes that must differ
  /// A let or the target cannot be built with these shapes (the source can): a pattern
  /// where the rule is wrong, realised like the others so that the prover refutes it.
  bool target_fails = false;

  int fresh(bool dc = false) {
    parent.push_back(static_cast<int>(parent.size()));
    pin.push_back(0);
    forbid.emplace_back();
    dontcare.push_back(dc);
    multiple.push_back(1);
    return parent.back();
  }
  int find(int c) const {
    while (parent[c] != c) c = parent[c];
    return c;
  }
  Dim resolve(Dim d) const { return d == 0 ? 0 : find(d); }
  bool is_apart(int a, int b) const { return apart.count({std::min(a, b), std::max(a, b)}) > 0; }
  /// Makes two classes one; false when a constraint forbids it.
  bool unify(int a, int b) {
    a = find(a), b = find(b);
    if (a == b) return true;
    if (is_apart(a, b)) return false;
    if (pin[a] && pin[b] && pin[a] != pin[b]) return false;
    const int64_t p = pin[a] ? pin[a] : pin[b];
    if (p && (forbid[a].count(p) || forbid[b].count(p))) return false;
    parent[b] = a;
    pin[a] = p;
    forbid[a].insert(forbid[b].begin(), forbid[b].end());
    dontcare[a] = dontcare[a] && dontcare[b];
    multiple[a] = std::lcm(multiple[a], multiple[b]);
    if (pin[a] && pin[a] % multiple[a] != 0) return false;
    std::set<std::pair<int, int>> moved;
    for (auto [x, y] : apart) {
      x = find(x), y = find(y);
      if (x == y) return false;
      moved.insert({std::min(x, y), std::max(x, y)});
    }
    apart = std::move(moved);
    return true;
  }
  /// Two dimensions that must be equal (both 1, or one class).
  bool same(Dim a, Dim b) {
    a = resolve(a), b = resolve(b);
    if (a == 0 || b == 0) return a == b;
    return unify(a, b);
  }
};

/// Walks every symbolic pattern of template instance `t` (window slots, by index, are left
/// out of the pattern); the admitted states are appended to `done`. Non-empty result: why the
/// rule is outside the fragment (kInterrupted once `cancelled` asks to stop).
std::string enumerate_symbolic_patterns(const dsl::Rule& rule, const Instance& t,
                                        const std::vector<bool>& window_slot,
                                        std::vector<SymState>& done, const CancelFn& cancelled);

}  // namespace vf::verify::detail
