// Static tensor shapes and tensor types (dtype + shape).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/dtype.h"

namespace vf {

/// Dimensions, outermost first (row-major). Rank 0 is a scalar.
using Shape = std::vector<int64_t>;

/// Number of elements (1 for a scalar).
int64_t num_elements(const Shape& s);
/// Row-major strides in elements.
std::vector<int64_t> row_major_strides(const Shape& s);
/// "(1, 3, 224, 224)"; "()" for a scalar.
std::string shape_string(const Shape& s);

/// The type of a value: element type and static shape.
struct TensorType {
  DType dtype = DType::F32;
  Shape shape;

  int64_t rank() const { return static_cast<int64_t>(shape.size()); }
  int64_t size() const { return num_elements(shape); }
  bool operator==(const TensorType&) const = default;
};

/// "Tensor[(1, 3), float32]", the Relay spelling, also used by the IR text form.
std::string type_string(const TensorType& t);

}  // namespace vf
