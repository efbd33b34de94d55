// Semantic checks of rules (docs/rules.md, "Diagnostics"): operators, arity and
// attributes against ops.def, variable scoping (bound before use, bound once, constants
// only in lets and all/any, targets reading only what the source and lets bind), the
// shape of source and target (non-empty, connected, root last), domains and rule names.
// The checker also resolves every variable reference of a rule to its TensorVar/AttrVar.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dsl/ast.h"
#include "support/diagnostic.h"
#include "support/source_file.h"

namespace vf::dsl {

/// The highest rank rules are proved for (the prover's grid has ranks 0 to this): a rule
/// whose preconditions need a higher rank is rejected, and the rewriter does not apply a
/// rule at a match with a higher-rank value (docs/proofs.md, "Ranks").
inline constexpr int64_t kMaxProvedRank = 4;

/// Checks one rule that parsed without syntax errors, reporting every error to `diags`,
/// and fills `rule.tensor_vars`, `rule.attr_vars` and the `var` fields of references
/// and bindings. `unknown_ops` lists the calls whose operator name the parser could not
/// resolve (already reported): their arity and attributes are not checked. Returns
/// true when the rule has no error.
bool check_rule(Rule& rule, const SourceFile& src, DiagnosticSink& diags,
                std::span<const ExprId> unknown_ops = {});

/// Checks every rule of a file (see check_rule) and that rule names are unique in it.
/// Returns true when there is no error.
bool check_rule_file(RuleFile& file, DiagnosticSink& diags);

/// Checks that rule names are unique across the files of one run: each repeat is an
/// error at its name with a note at the first definition. Returns true when unique.
bool check_unique_rule_names(std::span<const RuleFile* const> files, DiagnosticSink& diags);

}  // namespace vf::dsl
