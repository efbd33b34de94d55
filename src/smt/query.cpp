#include "smt/query.h"

#include <fmt/format.h>

#include <unordered_set>

namespace vf::smt {

Query equivalence_query(std::span<const SymTensor> lhs, std::span<const SymTensor> rhs,
                        std::span<const Expr> assumptions, const Conditions& lhs_conditions,
                        const Conditions& rhs_conditions) {
  Query q;
  std::unordered_set<uint32_t> seen;  // both sides record the facts of shared symbols
  auto assume = [&](std::vector<Expr>& into, Expr e) {
    if (seen.insert(e.id()).second) into.push_back(e);
  };
  for (Expr e : assumptions) assume(q.hypotheses, e);
  for (const Conditions* c : {&lhs_conditions, &rhs_conditions}) {
    for (Expr e : c->axioms) assume(q.hypotheses, e);
    for (Expr e : c->definitions) assume(q.definitions, e);
    q.unsupported.insert(q.unsupported.end(), c->unsupported.begin(), c->unsupported.end());
  }
  for (const Obligation& o : lhs_conditions.obligations) assume(q.hypotheses, o.holds);
  for (const Obligation& o : rhs_conditions.obligations)
    q.claims.push_back({"target is defined: " + o.what, o.holds, {}, {}});
  if (lhs.size() != rhs.size()) {
    q.unsupported.push_back(
        fmt::format("source has {} outputs, target {}", lhs.size(), rhs.size()));
    return q;
  }
  for (size_t k = 0; k < lhs.size(); ++k) {
    if (lhs[k].shape != rhs[k].shape || lhs[k].elems.size() != rhs[k].elems.size()) {
      q.unsupported.push_back(fmt::format("output {}: source shape {}, target shape {}", k,
                                          shape_string(lhs[k].shape), shape_string(rhs[k].shape)));
      continue;
    }
    for (size_t i = 0; i < lhs[k].elems.size(); ++i) {
      const Expr l = lhs[k].elems[i], r = rhs[k].elems[i];
      const std::string what =
          lhs[k].shape.empty()
              ? fmt::format("output {}", k)
              : fmt::format("output {} element {}", k,
                            element_name("", lhs[k].shape, static_cast<int64_t>(i)));
      q.claims.push_back({what, eq(l, r), l, r});
    }
  }
  return q;
}

}  // namespace vf::smt
