#include "ir/tensor.h"

#include <algorithm>

#include <cmath>
#include <cstdint>

namespace vf {

Tensor::Tensor(TensorType type)
    : type_(std::move(type)), bytes_(static_cast<size_t>(type_.size()) * dtype_size(type_.dtype)) {}

Tensor Tensor::from_doubles(TensorType type, std::span<const double> values) {
  Tensor t(std::move(type));
  assert(static_cast<int64_t>(values.size()) == t.size());
  for (size_t i = 0; i < values.size(); ++i) t.set(static_cast<int64_t>(i), values[i]);
  return t;
}

Tensor Tensor::from_floats(Shape shape, std::span<const float> values) {
  Tensor t(TensorType{DType::F32, std::move(shape)});
  assert(static_cast<int64_t>(values.size()) == t.size());
  std::memcpy(t.bytes_.data(), values.data(), values.size() * sizeof(float));
  return t;
}

Tensor Tensor::scalar(DType dtype, double v) {
  Tensor t(TensorType{dtype, {}});
  t.set(0, v);
  return t;
}

namespace {
template <class T>
T load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <class T>
void store(unsigned char* p, T v) {
  std::memcpy(p, &v, sizeof(T));
}
}  // namespace

double Tensor::get(int64_t i) const {
  const unsigned char* p = bytes_.data() + i * dtype_size(type_.dtype);
  switch (type_.dtype) {
    case DType::F32: return load<float>(p);
    case DType::F64: return load<double>(p);
    case DType::I8: return load<int8_t>(p);
    case DType::U8: return load<uint8_t>(p);
    case DType::I32: return load<int32_t>(p);
    case DType::I64: return static_cast<double>(load<int64_t>(p));
    case DType::Bool: return load<uint8_t>(p) ? 1.0 : 0.0;
  }
  return 0;
}

void Tensor::set(int64_t i, double v) {
  unsigned char* p = bytes_.data() + i * dtype_size(type_.dtype);
  switch (type_.dtype) {
    case DType::F32: store<float>(p, static_cast<float>(v)); return;
    case DType::F64: store<double>(p, v); return;
    case DType::I8: store<int8_t>(p, static_cast<int8_t>(v)); return;
    case DType::U8: store<uint8_t>(p, static_cast<uint8_t>(v)); return;
    case DType::I32: store<int32_t>(p, static_cast<int32_t>(v)); return;
    case DType::I64: store<int64_t>(p, static_cast<int64_t>(v)); return;
    case DType::Bool: store<uint8_t>(p, v != 0 ? 1 : 0); return;
  }
}

std::vector<double> Tensor::to_doubles() const {
  const size_t n = static_cast<size_t>(size());
  std::vector<double> out(n);
  // The common dtypes without a per-element dispatch (this is on bounded runs' paths).
  if (type_.dtype == DType::F32) {
    const auto v = view<float>();
    for (size_t i = 0; i < n; ++i) out[i] = v[i];
  } else if (type_.dtype == DType::F64) {
    const auto v = view<double>();
    std::copy(v.begin(), v.end(), out.begin());
  } else {
    for (size_t i = 0; i < n; ++i) out[i] = get(static_cast<int64_t>(i));
  }
  return out;
}

}  // namespace vf
