#include "smt/verdict.h"

#include <fmt/format.h>

namespace vf::smt {
namespace {

/// The exact text when short; an irrational's root-obj is shown by its approximation.
std::string shown(const ModelValue& v) {
  if (v.exact.size() <= 40) return v.exact;
  return fmt::format("~{}", v.approx);
}

}  // namespace

std::string describe(const Verdict& v) {
  if (std::holds_alternative<Proved>(v)) return "proved";
  if (const auto* u = std::get_if<Unknown>(&v)) return "unknown: " + u->reason;
  const auto& r = std::get<Refuted>(v);
  std::string s = "refuted:";
  constexpr size_t kShown = 8;  // enough to act on; the model has the rest
  for (size_t i = 0; i < r.violations.size() && i < kShown; ++i) {
    const Violation& x = r.violations[i];
    s += i ? "; " : " ";
    s += x.what;
    if (x.lhs && x.rhs) s += fmt::format(" (source {}, target {})", shown(*x.lhs), shown(*x.rhs));
  }
  if (r.violations.size() > kShown) s += fmt::format("; ... {} more", r.violations.size() - kShown);
  s += "; with";
  for (size_t i = 0; i < r.model.values.size(); ++i) {
    if (i == 16) {
      s += fmt::format(" ... {} more", r.model.values.size() - i);
      break;
    }
    s += fmt::format("{} {} = {}", i ? "," : "", r.model.values[i].first,
                     shown(r.model.values[i].second));
  }
  return s;
}

}  // namespace vf::smt
