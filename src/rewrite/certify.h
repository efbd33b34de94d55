// The instance certificate of one rewrite (docs/certificates.md): a Z3 proof, on the
// match's actual shapes, attributes and constants, that
//   (1) the rule's preconditions hold on the actual constants, and
//   (2) the rewritten subgraph equals the original over the reals for all values of
//       the non-constant inputs, with folded constants taken as their exact defining
//       expressions;
// plus the certified error of every folded float32 constant (fold.h) and a bound on
// how far the rewritten outputs can move because of it.
//
// A query over a real model's shapes would unroll every element of every tensor (a
// conv of 64 channels at 56x56 has 200k outputs of 576 taps each), so it is split
// soundly when the instance is pointwise: the certificate is proved on a *view* of the
// instance in which every non-constant input is as small as the operators allow, the
// constants are the actual ones, and a shared conv / dense accumulator is one symbol per
// element. docs/certificates.md gives the argument that the view's claims cover every
// output element of the actual instance. An instance that is not pointwise is certified
// whole when it is small; one that reduces along trailing axes (a layer norm over the
// hidden size) by one row whose renaming to every row is checked (row_split.h); a conv2d
// lowered to other operators (im2col and a matrix product) by window classes
// (window_split.h); otherwise it is not certified (fail closed).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "rewrite/certificate_cache.h"
#include "rewrite/fold.h"
#include "rewrite/match.h"
#include "rewrite/row_split.h"
#include "rewrite/window_split.h"
#include "smt/claim_cache.h"
#include "smt/context.h"
#include "support/cancel.h"
#include "verify/instance.h"
#include "verify/pointwise.h"

namespace vf::rewrite {

/// Limits and test hooks of certify().
struct CertifyOptions {
  /// Wall-clock limit per solver call, in milliseconds.
  unsigned timeout_ms = 10'000;
  /// Largest instance (elements of all its nodes) certified whole, without a view.
  int64_t max_whole_size = 20'000;
  /// A view with more claims than this (a fused dense's epilogue over 16 384 output columns)
  /// gives way to the cell view when the match has one: one claim whatever the columns.
  int64_t max_view_claims = 8'192;
  /// An instance without a view larger than this takes the cell view before being
  /// certified whole when the match has one: whole, a contraction costs the solver one sum
  /// of products per output element (a 50 x 64 by 64 x 64 matmul: 5.7 s), a cell one.
  int64_t max_whole_before_cells = 4'096;
  /// The bound on |x| of non-constant inputs that the drift bound assumes.
  double input_range = 1.0;
  /// Mutation tests: changes the folded constants before they are checked.
  std::function<void(std::vector<FoldedConstant>&)> tamper_folded;
  /// Polled by every solver call (smt::SolverOptions::cancelled): once it asks to stop,
  /// the running call is interrupted and the certificate is unknown. Null: never.
  CancelFn cancelled;
};

/// What a certificate says.
enum class CertOutcome {
  Proved,             ///< both queries unsat, every folded constant within its ulps
  PreconditionFalse,  ///< a precondition is false on the actual constants: no rewrite
  Rejected,           ///< refuted, or a folded constant is off: the rewrite is not applied
  Unknown,            ///< solver unknown / timeout / too large: not applied (fail closed)
};

/// Name of an outcome: "proved", "precondition false", "refuted", "unknown".
std::string_view cert_outcome_name(CertOutcome o);

/// The lemma a certificate cites when a target's window sum reads the source's weights
/// scaled per output channel (multiply(w, e)): proofs/lemmas/<name>.smt2.
inline constexpr const char* kAccumulatorScaleLemma = "shared_accumulator_scale";
/// The lemma a certificate cites when a source window sum reads multiply(x, s) and the
/// target's reads x with the weight multiply(w, s), s per input channel.
inline constexpr const char* kAccumulatorInputScaleLemma = "shared_accumulator_input_scale";
/// The lemma a certificate cites when an unpadded source window sum reads add(x, t) and
/// the target's reads x with the same weight.
inline constexpr const char* kAccumulatorInputShiftLemma = "shared_accumulator_input_shift";

/// The certificate of one match.
struct Certificate {
  CertOutcome outcome = CertOutcome::Unknown;
  /// Why it is not proved (empty when proved).
  std::string reason;
  /// How the query covers the instance: "view x: [1, 64, 1, 1] (64 claims)", "whole".
  std::string split;
  /// Number of equivalence claims (output elements of the view or the instance).
  int64_t claims = 0;
  /// Non-empty when the certificate holds by the definition of the target's operators:
  /// every claim's two sides are one and the same term before printing (a fusion into
  /// fused_conv2d computes what the unfused ops compute). The definition, stated; the
  /// verdict is then "by_definition" rather than proved by the solver, and the .smt2
  /// still has both sides, defined separately, for a replay to re-check.
  std::string definition;
  /// The queries, SMT-LIB2, replayable by z3 and cvc5 (unsat for every check-sat).
  std::string smt2;
  /// Solver time, milliseconds (encoding included).
  double ms = 0;
  /// Largest certified error of a folded constant, float32 ulps.
  double max_ulps = 0;
  /// Bound on |rewritten output - original output| for non-constant inputs with
  /// |x| <= input_range, the largest over output channels.
  double bound = 0;
  /// The match at its actual shapes, the model's constants as data (what the rewriter
  /// builds the target from).
  verify::Instance instance;
  /// The value of every float slot (NaN for other slots), by slot index.
  std::vector<double> float_values;
  /// The target's folded constants (proved certificates only).
  std::vector<FoldedConstant> folded;
};

/// "by_definition" when the certificate is applied by definition, else the outcome's
/// name (cert_outcome_name).
std::string_view certificate_verdict(CertOutcome o, const std::string& definition);

/// A view of a match (see the file comment): the shapes of its non-constant leaves (by
/// TensorVarId) and the read analysis of the view.
struct View {
  std::vector<std::optional<Shape>> shapes;
  verify::PointwiseCheck check;
  std::string description;
};

/// Certifies the matches of one compile: one Z3 context for all their terms (each query
/// still goes to a fresh solver), and the views found so far, by the match's shapes and
/// attributes (many layers of a model share them).
class Certifier {
 public:
  explicit Certifier(CertifyOptions opts);
  ~Certifier();

  /// Certifies `m`, a match in `g`. With `cached` (a proved certificate of the very
  /// same instance, certificate_cache.h) the solver is not asked again; the folded
  /// constants and the bound are computed again either way. `constant_errors` (by node
  /// name of g, may be null): the certified errors of constants earlier rewrites folded,
  /// which the errors of the constants folded from them carry.
  Certificate certify(const Match& m, const Graph& g, const CachedCertificate* cached = nullptr,
                      const std::map<std::string, Tensor>* constant_errors = nullptr);

 private:
  const View* view_of(const Match& m, const Graph& g);
  /// The window split of a match (window_split.h), or null with the reason in `why`.
  const WindowSplit* window_split_of(const Match& m, const Graph& g, std::string& why);
  /// The row view of a match (row_split.h), or null with the reason in `why`.
  const RowView* row_view_of(const Match& m, const Graph& g, std::string& why);
  /// The cell view of `m` (row_split.h), cached like the row view.
  const CellView* cell_view_of(const Match& m, const Graph& g, std::string& why);

  CertifyOptions opts_;
  std::unique_ptr<smt::Context> ctx_;
  /// Integer certificates' claims proved so far, up to renaming (a channel's claim after
  /// the products are abstracted is every other channel's): not asked twice.
  std::unique_ptr<smt::ClaimCache> claims_;
  std::map<std::string, std::optional<View>> views_;
  /// The window splits found so far, or why there is none, by the match's key.
  std::map<std::string, std::pair<std::optional<WindowSplit>, std::string>> windows_;
  /// By the match's key with its constants' data (the renaming check compares them).
  std::map<std::string, std::pair<std::optional<RowView>, std::string>> rows_;
  std::map<std::string, std::pair<std::optional<CellView>, std::string>> cells_;
};

}  // namespace vf::rewrite
