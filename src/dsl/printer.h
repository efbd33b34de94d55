// The text form of rules: prints a Rule back in the syntax of docs/rules.md, in a
// canonical layout (two-space indent, one clause per line). Parsing the printed text
// gives the same tree, which the tests use to check the parser.
#pragma once

#include <string>

#include "dsl/ast.h"

namespace vf::dsl {

/// One expression of a rule, fully parenthesized only where precedence needs it.
std::string print_expr(const Rule& rule, ExprId id);

/// A whole rule, ending with "}\n". Defaulted clauses (domain real, expect proved) are
/// left out.
std::string print_rule(const Rule& rule);

/// Every rule of a file, separated by blank lines.
std::string print_rule_file(const RuleFile& file);

}  // namespace vf::dsl
