// The window-class split of an instance certificate (docs/certificates.md, "Splitting:
// window classes"): for a rule whose source is one conv2d over two leaves (x, w) and whose
// instance is too large to certify whole and not pointwise (conv2d lowered to im2col and a
// matrix product), the output positions are grouped by the taps of the window that lie
// inside the input (every position with the same in-bounds rows and columns of the window
// is one class), and each class is certified on one *crop*: the rule instantiated with x
// cut to exactly the rows and columns that class reads (all input channels, batch 1), the
// weight [1, C, KH, KW], the padding that puts the same taps outside, both symbolic (the
// claim holds for all values of x and w, so for the model's weights too). Its single output
// element is proved equal in source and target by the solver; that this claim stands for
// every element of the class is checked here, from the terms the semantics builds
// (verify::same_up_to_renaming), not assumed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "rewrite/match.h"
#include "verify/instance.h"

namespace vf::rewrite {

/// One class of output positions: the in-bounds window taps kh in [kh_lo, kh_hi] and kw in
/// [kw_lo, kw_hi], and the crop that certifies it.
struct WindowClass {
  int64_t kh_lo = 0, kh_hi = 0, kw_lo = 0, kw_hi = 0;
  /// Output positions (oh, ow) of the class.
  int64_t positions = 0;
  /// The rule at the crop: x [1, C, H', W'], w [1, C, KH, KW], every leaf symbolic.
  verify::Instance crop;
  /// "taps kh 1..2 x kw 0..2, 55 positions, crop x [1, 64, 2, 3] padding [1, 0, 0, 0]".
  std::string description;
};

/// The classes of an instance and what was checked about them.
struct WindowSplit {
  std::vector<WindowClass> classes;
  /// Output elements whose claim was checked to be a renaming of their class's crop claim.
  int64_t checked_elements = 0;
  /// Term nodes built for the check (the semantics read in verify::TermDomain).
  int64_t term_nodes = 0;
  /// "conv2d 3x3, strides [1, 1], padding [1, 1, 1, 1]: 9 classes of 56 x 56 positions".
  std::string description;
};

/// The window split of match `m` in `g`, or nullopt with the reason in `why` when the rule
/// does not have that form or a check fails (the certificate then fails closed). Checked:
/// (a) on the instance with x at batch min(N, 2) and w at min(O, 2) output channels, at the
/// actual spatial sizes, every output element's claim is its class's crop claim with the
/// leaves renamed; (b) on each crop at the actual batch N (one output channel) and at the
/// actual output channels O (batch 1), every element's claim is the crop claim (n = 0,
/// o = 0) renamed.
std::optional<WindowSplit> find_window_split(const Match& m, const Graph& g, std::string& why);

}  // namespace vf::rewrite
