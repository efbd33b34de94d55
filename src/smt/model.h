// Counterexamples as plain values: what a satisfying assignment gives each named
// variable, detached from Z3 so that reports and the interpreter can use it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/tensor.h"
#include "smt/expr.h"
#include "smt/sym_tensor.h"
#include "support/result.h"

namespace vf::smt {

/// The value of one term in a model.
struct ModelValue {
  Sort sort;
  /// Exact text: a rational "-3/4" for reals (a Z3 root-obj for an irrational
  /// algebraic number), the signed integer for bitvectors, "#x80000000" (the IEEE bits)
  /// for Float32, "true"/"false".
  std::string exact;
  /// The nearest double (reals, bitvectors as signed integers, Float32 exactly; 1/0
  /// for Bool).
  double approx = 0;
};

/// A satisfying assignment: a value for every named variable of the Context.
struct Model {
  std::vector<std::pair<std::string, ModelValue>> values;

  /// The value of variable `name`; nullptr if the model has none.
  const ModelValue* find(std::string_view name) const;
};

/// A float64 tensor with the model's (approximate) values of a tensor of variables, for
/// replaying a counterexample through the interpreter. Error if an element is not a
/// named variable of the model.
Result<Tensor> model_tensor(const Model& m, const SymTensor& t);

}  // namespace vf::smt
