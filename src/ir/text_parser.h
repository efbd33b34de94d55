// Reads the IR text form written by printer.h back into a Graph.
//
// The grammar (whitespace and newlines are free; `#` starts a comment to end of line):
//   graph     := 'graph' '(' [param {',' param}] ')' '{' {stmt} 'return' [ref {',' ref}] '}'
//   param     := ref ':' type
//   stmt      := ref '=' 'constant' '(' type ')' data
//              | ref '=' OPNAME '(' [arg {',' arg}] ')' ':' type
//   arg       := ref | NAME '=' attrvalue
//   data      := '[' [number {',' number}] ']' | 'external' '(' INT ',' INT ')'
//   type      := 'Tensor' '[' '(' [INT {',' INT}] [','] ')' ',' DTYPE ']'
//   ref       := '%' NAME | '%' STRING
// Operators are looked up in the op table (ops.def), attributes checked and completed
// with normalize_attrs, and each op node's type recomputed with infer_node_type and
// compared with the stated one. Every error in the text is reported; a statement with
// an error is skipped up to the next line and later uses of its value are not
// re-reported.
#pragma once

#include <optional>
#include <string>

#include "ir/graph.h"
#include "support/diagnostic.h"
#include "support/source_file.h"

namespace vf {

/// Where parse_graph finds data the text refers to.
struct ParseOptions {
  /// The weights file that `external(offset, nbytes)` constants refer to.
  std::string weights_path;
};

/// Parses a graph; on any error, reports every error found to `diags` and returns
/// nothing (never a partly built graph).
std::optional<Graph> parse_graph(const SourceFile& src, DiagnosticSink& diags,
                                 const ParseOptions& opts = {});

}  // namespace vf
