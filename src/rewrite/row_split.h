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
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "rewrite/match.h"
#include "verify/instance.h"
#include "verify/term_renaming.h"

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
/// The element view builds the actual instance's terms (it has no probe): at most this many
/// nodes, estimated before building. ViT at hidden 4096 moves its scale through the heads'
/// reshape over 197 x 4096 elements, about 4.03 M.
inline constexpr int64_t kElementViewTerms = 12'000'000;

/// The row view of match `m` in `g`, or nullopt with the reason in `why`: the rule must
/// instantiate with the leading axes of its non-constant leaves at 1 and keep more than
/// one row, and the renaming check must hold on every row checked (the probe's, and the
/// actual instance's when it is small enough).
std::optional<RowView> find_row_view(const Match& m, const Graph& g, std::string& why);

/// The certificate's opening comment lines for a row view.
std::string row_view_comment(const RowView& v);

/// The cell view of an instance certificate (docs/certificates.md, "Splitting: cells"): for
/// a rule around a contraction (dense, matmul, gemm), every output element is computed by the
/// same formula from its own row of the data and its own column of the weights. The
/// certificate proves the claim of ONE output element with the weights' elements as
/// symbols (for all their values, which covers the model's), at the actual contraction
/// size, and checks that every output element's claim is that one with the leaf elements
/// renamed, so its size grows with neither the rows nor the columns.
struct CellView {
  /// The cell: every leaf's shape (the axes an output element reads whole at their actual
  /// size, the others at 1), by TensorVarId.
  std::vector<std::optional<Shape>> shapes;
  /// The constants of the model that the cell takes as symbols (every constant leaf of
  /// rank >= 1; a scalar constant keeps its value), by TensorVarId.
  std::vector<bool> symbolic;
  /// Output elements of the actual instance, and of the instance checked (the actual one,
  /// or the probe: every cut axis at min(actual, 2)), and term nodes built for the check.
  int64_t cells = 0, cells_checked = 0, term_nodes = 0;
  bool checked_actual = false;
  /// "%x: [1, 1, 768], %w: [768, 1] (symbols)".
  std::string description;
};

/// The cell view of match `m` in `g`, or nullopt with the reason in `why`: the rule's
/// source must contain a dense, matmul or gemm; no `all` / `any` precondition may read a constant
/// that the cell takes as symbols; the rule must instantiate at the cell and at the probe;
/// the cell must have one output element; and every output element of the probe (and of
/// the actual instance when its terms fit kRowCheckActualTerms) must claim the cell's
/// claim renamed.
std::optional<CellView> find_cell_view(const Match& m, const Graph& g, std::string& why);

/// The certificate's opening comment lines for a cell view.
std::string cell_view_comment(const CellView& v);

/// The element view of an instance certificate (docs/certificates.md, "Splitting:
/// elements"): for a rule whose every operator is pointwise or moves elements (a scale
/// through a reshape to the model's own shape, which no smaller instance of the rule
/// type-checks at, so neither the row nor the cell view applies), the terms of the ACTUAL
/// instance are built in verify::TermDomain and every output element's claim must be
/// element 0's with its leaf elements renamed. The certificate proves element 0's claim,
/// encoded from its terms, for all values of its leaves.
struct ElementView {
  /// The actual instance's terms; element 0's source and target terms in it.
  std::shared_ptr<verify::TermDomain> terms;
  uint32_t source = 0, target = 0;
  /// Output elements (all checked) and term nodes built.
  int64_t elements = 0, term_nodes = 0;
  /// The instance's nodes the preconditions' values read (by node index): its constants
  /// and the preconditions' own expressions.
  std::vector<bool> precondition_nodes;
};

/// The element view of `actual` (the match's instance at the model's shapes), or nullopt
/// with the reason in `why`: every operator pointwise, a view or a movement; no
/// precondition reading a leaf that is not a constant of the model; at most
/// kElementViewTerms term nodes (estimated before building); and every output
/// element's claim element 0's renamed.
std::optional<ElementView> find_element_view(const dsl::Rule& rule, const verify::Instance& actual,
                                             std::string& why);

/// The certificate's opening comment lines for an element view.
std::string element_view_comment(const ElementView& v);

}  // namespace vf::rewrite
