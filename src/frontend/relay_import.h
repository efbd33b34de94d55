// Importer for TVM Relay text (version 0.0.5) into the graph IR.
//
// `@main`'s parameters become graph inputs, every one but the first (the activation)
// flagged as a weight (the Relay files carry shapes only). Each binding `%N = op(...)`
// becomes a node named "N", scalar literals become rank-0 constants named "<node>.c<k>"
// (k = argument position), a call nested in argument k is named "<node>.<k>", and the
// body's result becomes the graph output (named "output" when it is an unbound call).
// `nn.batch_norm` yields a 3-tuple in Relay; `%m = %n.0` is mapped to the batch_norm
// node itself, and its other outputs (training statistics) are rejected.
// Attributes are translated to the IR's (see ops.def): paddings widened to
// [top, left, bottom, right], negative axes normalized, reshape targets resolved.
// Every `ty=` annotation and the declared return type are checked against the types
// that shape inference computes.
#pragma once

#include <optional>
#include <string>

#include "ir/graph.h"
#include "support/diagnostic.h"
#include "support/source_file.h"

namespace vf {

/// Imports TVM Relay text (version 0.0.5); on failure returns nullopt and `diags` holds every
/// error.
std::optional<Graph> import_relay(const SourceFile& src, DiagnosticSink& diags);
/// Loads and imports a file; a missing file is one diagnostic.
std::optional<Graph> import_relay_file(const std::string& path, DiagnosticSink& diags);

}  // namespace vf
