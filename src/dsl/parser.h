// Parser of the rule DSL (docs/rules.md): text -> RuleFile. The parse entry points also
// run the semantic checks of dsl/check.h on every rule that parsed, so that one call
// reports every error of a file, syntax and semantics alike, in file order.
#pragma once

#include <optional>
#include <string>

#include "dsl/ast.h"
#include "support/diagnostic.h"
#include "support/source_file.h"

namespace vf::dsl {

/// Parses and checks a rule file. Every error goes to `diags` (clang style, with the
/// related places as notes); after a syntax error the parser recovers at the next `;`,
/// `}` or `rule`, and rules with syntax errors are not checked further (to avoid
/// follow-on errors). Returns a RuleFile only when the file has no error at all: never a
/// partly built one.
std::optional<RuleFile> parse_rules(const SourceFile& src, DiagnosticSink& diags);

/// Loads `path` and parses and checks it like parse_rules; an unreadable file is an error.
std::optional<RuleFile> parse_rules_file(const std::string& path, DiagnosticSink& diags);

/// Parses without the semantic checks of dsl/check.h (which can be run afterwards with
/// check_rule_file). Operator, domain and verdict names are still resolved, since the
/// syntax tree cannot hold unknown ones. Variable references are left unresolved.
std::optional<RuleFile> parse_rules_unchecked(const SourceFile& src, DiagnosticSink& diags);

}  // namespace vf::dsl
