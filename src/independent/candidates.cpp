#include "independent/candidates.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

namespace vf::independent {
namespace {

/// Whether `t` is affine in the window sums with constant coefficients (and reads one).
bool affine(const TermDomain& td, uint32_t t, std::unordered_map<uint32_t, int>& memo) {
  if (auto it = memo.find(t); it != memo.end()) return it->second == 2;
  const Term& x = td.at(t);
  int r = 0;  // 0: not affine, 1: constant, 2: affine with a window sum
  auto part = [&](uint32_t u) { return td.at(u).konst || affine(td, u, memo); };
  if (x.konst) {
    r = 1;
  } else if (x.op == TOp::Leaf) {
    r = x.fn == uint8_t(LeafKind::Acc) ? 2 : 0;
  } else if (x.op == TOp::Add || x.op == TOp::Sub) {
    r = part(x.a) && part(x.b) ? 2 : 0;
  } else if (x.op == TOp::Mul) {
    r = (td.at(x.a).konst && affine(td, x.b, memo)) || (td.at(x.b).konst && affine(td, x.a, memo))
            ? 2
            : 0;
  } else if (x.op == TOp::Div) {
    r = td.at(x.b).konst && affine(td, x.a, memo) ? 2 : 0;
  } else if (x.op == TOp::Neg) {
    r = affine(td, x.a, memo) ? 2 : 0;
  }
  memo[t] = r;
  return r == 2;
}

/// affine_roots, below `t` (`parent_affine`: t's parent is affine, so t is no root).
void roots(const TermDomain& td, uint32_t t, bool parent_affine,
           std::unordered_map<uint32_t, int>& memo, std::unordered_set<uint32_t>& seen,
           std::vector<uint32_t>& out) {
  const Term& x = td.at(t);
  if (x.konst || x.op == TOp::Leaf) {
    if (!parent_affine && affine(td, t, memo)) out.push_back(t);
    return;
  }
  if (!seen.insert(t).second) return;
  const bool here = affine(td, t, memo);
  if (here && !parent_affine) out.push_back(t);
  roots(td, x.a, here, memo, seen, out);
  if (!unary(x.op)) roots(td, x.b, here, memo, seen, out);
  if (x.op == TOp::Select) roots(td, x.c, here, memo, seen, out);
}

}  // namespace

std::vector<uint32_t> affine_roots(const TermDomain& td, uint32_t t) {
  std::unordered_map<uint32_t, int> memo;
  std::unordered_set<uint32_t> seen;
  std::vector<uint32_t> out;
  roots(td, t, false, memo, seen, out);
  return out;
}

std::vector<std::pair<uint32_t, bool>> scale_factors(const TermDomain& td, uint32_t t) {
  std::vector<std::pair<uint32_t, bool>> out;
  std::unordered_set<uint32_t> seen;
  std::vector<uint32_t> stack{t};
  while (!stack.empty()) {
    const uint32_t u = stack.back();
    stack.pop_back();
    const Term& x = td.at(u);
    if (x.konst || x.op == TOp::Leaf || x.op == TOp::Lit || !seen.insert(u).second) continue;
    auto scales = [&](uint32_t f, uint32_t other) {
      return td.at(f).konst && td.value(f) != 0 && std::isfinite(td.value(f)) &&
             !td.at(other).konst && td.at(other).op != TOp::Leaf;
    };
    if (x.op == TOp::Div && scales(x.b, x.a)) out.push_back({x.b, true});
    if (x.op == TOp::Mul && scales(x.a, x.b)) out.push_back({x.a, false});
    if (x.op == TOp::Mul && scales(x.b, x.a)) out.push_back({x.b, false});
    stack.push_back(x.a);
    if (!unary(x.op)) stack.push_back(x.b);
    if (x.op == TOp::Select) stack.push_back(x.c);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace vf::independent
