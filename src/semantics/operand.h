// An operand as the semantics reads it: a node input's elements and shape (eval_node.h,
// and the interpreter's node override, interp/interpreter.h).
#pragma once

#include "ir/shape.h"

namespace vf::sem {

/// An input of a node: its elements (row-major) and its shape.
template <class V>
struct Operand {
  const V* data;
  const Shape* shape;
};

}  // namespace vf::sem
