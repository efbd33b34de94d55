// The text of an instance certificate (docs/certificates.md): the opening comment a
// reader checks it by (rule, verdict, what the claims rest on besides the solver), the
// definitions that make the target's terms the source's, and the fields read back from a
// cached file. Kept apart from certify.cpp, which decides what is proved; this only says it.
#pragma once

#include <string>
#include <string_view>

#include "dsl/ast.h"
#include "rewrite/window_split.h"
#include "verify/instance.h"
#include "verify/pointwise.h"

namespace vf::rewrite {

/// The definitions that make the target's terms the source's: each target operator of
/// the instance with what it computes (fused operators spelled out).
std::string definition_text(const verify::Instance& inst);

/// The comment that opens a certificate file: what it is about, its verdict, and what
/// the claims below rest on besides the solver (lemmas, the view's side conditions).
/// A function of the match's key only (no node names of the model, no timings), so that
/// a cached certificate and one derived again are the same bytes.
std::string certificate_header(const dsl::Rule& rule, std::string_view verdict,
                               const std::string& definition, const std::string& reason,
                               const std::string& split, const verify::Instance& encoded,
                               const verify::PointwiseCheck* check);

/// The value of "; key: ..." in a certificate's opening comment (empty when absent).
std::string header_field(const std::string& smt2, std::string_view key);

/// The opening comment's lines of a window-split certificate: what the classes are and what
/// makes one claim per class cover every output element.
std::string window_split_comment(const WindowSplit& split);

}  // namespace vf::rewrite
