// Symbolic tensors: a shape and one term per element, row-major, as the semantics
// (sem::Operand) reads them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/shape.h"
#include "ir/tensor.h"
#include "smt/context.h"

namespace vf::smt {

/// A tensor of terms, row-major.
struct SymTensor {
  Shape shape;
  std::vector<Expr> elems;
};

/// "x[0,1,2,3]": the name of the element of `name` at `idx` ("x" for a scalar).
std::string element_name(std::string_view name, const Shape& shape, int64_t flat);

/// A tensor of named free variables of sort `s`, element i called element_name(name, ., i).
/// Asking twice for one name gives the same variables (a rule's source and target share
/// their inputs by name).
SymTensor var_tensor(Context& ctx, std::string_view name, const Shape& shape, Sort s);

/// A tensor of the domain's literals for the values of `t` (each element as a double, so
/// a float32 constant is its exact float value).
template <class D>
SymTensor lit_tensor(D& d, const Tensor& t) {
  SymTensor out{t.shape(), {}};
  out.elems.reserve(static_cast<size_t>(t.size()));
  for (int64_t i = 0; i < t.size(); ++i) out.elems.push_back(d.lit(t.get(i)));
  return out;
}

}  // namespace vf::smt
