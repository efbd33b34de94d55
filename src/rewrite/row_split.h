// The row view of an instance certificate (docs/certificates.md, "Splitting: rows"): for a
// rule that reduces along trailing axes — a layer norm or RMS norm over the hidden size, a
// reduction or a softmax over the last axis — every row (one index of the leading axes)
// is computed from that row alone by the same formula. The certificate then proves the
// claims of ONE row, at the actual hidden size and over the model's actual constants, and
// checks — from the terms the semantics builds (verify::same_claims_up_to_renaming), not
// from the operators' names — that every row's claims are that row's with the leaf
// elements renamed, one renaming for the whole row. A valid formula stays valid under a
// renaming of its variables, so the one row's proof covers every row: the certificate's
// size does not grow with the number of rows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "rewrite/match.h"
#include "verify/instance.h"

namespace vf::rewrite {

/// What the row view proves and what was checked about it.
struct RowView {
  /// The view: every non-constant leaf with its leading (row) axes at 1, by TensorVarId.
  std::vector<std::optional<Shape>> shapes;
  /// Trailing axes of each leaf that a row keeps whole.
  int64_t row_axes = 1;
  /// Rows of the actual instance.
  int64_t rows = 0;
  /// Rows of the instance the renaming was checked on, and whether that instance is the
  /// actual one (else a probe with every leading axis at min(actual, 2), docs).
  int64_t rows_checked = 0;
  bool checked_actual = false;
  /// Output elements whose claim was checked, and term nodes built for it.
  int64_t checked_elements = 0, term_nodes = 0;
  /// "%x: [1, 1, 768]".
  std::string description;
};

/// The rows are always checked on the probe (every leading axis at min(actual, 2)); the
/// actual instance is checked too when its terms, estimated from the probe's per row, are
/// at most this many nodes (docs/certificates.md, "Splitting: rows").
inline constexpr int64_t kRowCheckActualTerms = 4'000'000;

/// The row view of match `m` in `g`, or nullopt with the reason in `why`: the rule must
/// instantiate with the leading axes of its non-constant leaves at 1 and keep more than
/// one row, and the renaming check must hold on every row checked (the probe's, and the
/// actual instance's when it is small enough).
std::optional<RowView> find_row_view(const Match& m, const Graph& g, std::string& why);

/// The certificate's opening comment lines for a row view.
std::string row_view_comment(const RowView& v);

}  // namespace vf::rewrite
