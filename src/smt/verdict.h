// The answer to a query, as a value: Proved, Refuted with a counterexample, or Unknown
// with the reason. Fail closed: only Proved lets a rewrite be applied.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "smt/model.h"

namespace vf::smt {

/// The claim holds for every assignment satisfying the hypotheses.
struct Proved {};

/// One claim that is false in a counterexample, with both sides' values when the claim
/// is an equality of a source and a target element.
struct Violation {
  std::string what;
  std::optional<ModelValue> lhs;
  std::optional<ModelValue> rhs;
};

/// A counterexample: the hypotheses hold and at least one claim is false.
struct Refuted {
  Model model;
  std::vector<Violation> violations;
};

/// No answer: timeout, resource limit, incompleteness, an unsupported operation, or a
/// solver error.
struct Unknown {
  std::string reason;
};

/// Proved | Refuted{model} | Unknown{reason}.
using Verdict = std::variant<Proved, Refuted, Unknown>;

/// Which alternative a verdict is.
inline bool is_proved(const Verdict& v) { return std::holds_alternative<Proved>(v); }
inline bool is_refuted(const Verdict& v) { return std::holds_alternative<Refuted>(v); }
inline bool is_unknown(const Verdict& v) { return std::holds_alternative<Unknown>(v); }

/// One paragraph for reports: "proved", "refuted: <violations>; x = 1/2, ...",
/// "unknown: <reason>".
std::string describe(const Verdict& v);

}  // namespace vf::smt
