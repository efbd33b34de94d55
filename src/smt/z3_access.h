// Private to src/smt/*.cpp: the bridge from the opaque handles to Z3's C++ API. The Z3
// classes are only declared here, so this header does not pull in z3++.h.
#pragma once

#include "smt/context.h"

namespace z3 {
class context;
class expr;
class func_decl;
}  // namespace z3

namespace vf::smt {

/// Access to the Z3 objects behind a Context and its handles.
struct Access {
  /// The z3::context of a Context.
  static z3::context& z3_context(Context& c);
  /// The Z3 term behind a handle.
  static const z3::expr& z3_expr(Expr e);
  /// The handle of a Z3 term of `c` (adding it to the term table when new).
  static Expr wrap(Context& c, const z3::expr& e);
};

}  // namespace vf::smt
