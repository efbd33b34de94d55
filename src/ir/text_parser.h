// Reads the IR text form written by printer.h back into a Graph.
//
// The grammar (whitespace and newlines are free; `#` starts a comment to end of line):
//   graph     := 'graph' '(' [param {',' param}] ')' '{' {stmt} 'return' [ref {',' ref}] '}'
//   param     := ref ':' ['weight'] type       ('weight': Node::weight, a model parameter)
//   stmt      := ref '=' 'constant' '(' type ')' data
//              | ref '=' OPNAME '(' [arg {',' arg}] ')' ':' type
//   arg       := ref | NAME '=' attrvalue
//   data      := '[' [elem {',' elem}] ']' | 'external' '(' INT ',' INT ')'
//   elem      := INT | FLOAT | 'inf' | '-inf' | 'nan' | '-nan' | 'nan' '(' HEXBITS ')'
//              | 'true' | 'false'                      (as the constant's dtype requires)
//   type      := 'Tensor' '[' '(' [INT {',' INT}] [','] ')' ',' DTYPE ']'
//   ref       := '%' NAME | '%' STRING
// A first line `# vfuse graph vN` with N != 1 is rejected, and so is elided data
// (`<elided N values>`, see PrintOptions). Operators are looked up in the op table (ops.def),
// attributes checked and completed with normalize_attrs, and each op node's type recomputed with
// infer_node_type and compared with the stated one. Every error in the text is reported; a
// statement with an error is skipped up to the next line and later uses of its value are not
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
