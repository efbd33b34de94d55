// The rules a compile may apply, in the order it applies them.
//
// A rule is eligible only when its stored proof (proofs/<rule>.json) is current (its
// hash matches the rule's text and the prover version) and says proved, its domain is
// the reals or bv(64) (instance certificates are over the reals, or over 64-bit
// bitvectors for integer rewrites), and it was not disabled on the command line. The pipeline is
// the list kPhases below; rule files it does not name run in a phase of their own before the
// fusions, in file-name order.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "dsl/ast.h"
#include "support/diagnostic.h"
#include "support/result.h"

namespace vf::rewrite {

/// One eligible rule with what its certificates record.
struct LibraryRule {
  const dsl::Rule* rule = nullptr;
  std::shared_ptr<const SourceFile> file;
  /// The rule proof's hash (verify::rule_hash; also in proofs/<rule>.json).
  std::string hash;
};

/// A phase of the pipeline: rules applied together to a fixed point, in file order.
struct Phase {
  std::string name;
  std::vector<LibraryRule> rules;
};

/// A rule that is not applied, and why.
struct ExcludedRule {
  std::string rule;
  std::string reason;
};

/// The parsed rule files, the phases, and the rules left out.
struct RuleLibrary {
  std::vector<std::unique_ptr<dsl::RuleFile>> files;
  std::vector<Phase> phases;
  std::vector<ExcludedRule> excluded;
  /// Number of eligible rules.
  size_t size() const;
};

/// Loads every *.rules file of `rules_dir` and checks each rule's record in
/// `proofs_dir`. `disabled` names rules not to apply (an unknown name is an error, so a
/// typo does not silently apply the rule). Syntax errors go to `diags` and fail.
Result<RuleLibrary> load_rule_library(const std::string& rules_dir, const std::string& proofs_dir,
                                      const std::vector<std::string>& disabled,
                                      DiagnosticSink& diags);

}  // namespace vf::rewrite
