// Tensor data: constants in a graph (weights, folded values) and the interpreter's
// inputs and outputs. Stored in the tensor's own dtype, row-major.
#pragma once

#include <cassert>
#include <cstring>
#include <span>
#include <vector>

#include "ir/shape.h"

namespace vf {

/// A dense row-major tensor with its type; owns its bytes.
class Tensor {
 public:
  Tensor() = default;
  /// Zero-filled tensor of the given type.
  explicit Tensor(TensorType type);

  /// Builds a tensor of `dtype` from doubles, converting each element (rounding to
  /// nearest for f32, truncation toward zero for integers).
  static Tensor from_doubles(TensorType type, std::span<const double> values);
  static Tensor from_floats(Shape shape, std::span<const float> values);
  static Tensor scalar(DType dtype, double v);

  const TensorType& type() const { return type_; }
  DType dtype() const { return type_.dtype; }
  const Shape& shape() const { return type_.shape; }
  int64_t size() const { return type_.size(); }

  /// Element i converted to double.
  double get(int64_t i) const;
  /// Sets element i from a double, converting to the dtype.
  void set(int64_t i, double v);
  /// All elements as doubles.
  std::vector<double> to_doubles() const;

  /// Typed view; T must match the dtype.
  template <class T>
  std::span<const T> view() const {
    assert(sizeof(T) == dtype_size(type_.dtype));
    return {reinterpret_cast<const T*>(bytes_.data()), static_cast<size_t>(size())};
  }
  template <class T>
  std::span<T> view_mut() {
    assert(sizeof(T) == dtype_size(type_.dtype));
    return {reinterpret_cast<T*>(bytes_.data()), static_cast<size_t>(size())};
  }
  const std::vector<unsigned char>& bytes() const { return bytes_; }
  std::vector<unsigned char>& bytes_mut() { return bytes_; }

  bool operator==(const Tensor& o) const { return type_ == o.type_ && bytes_ == o.bytes_; }

 private:
  TensorType type_;
  std::vector<unsigned char> bytes_;
};

}  // namespace vf
