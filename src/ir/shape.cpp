#include "ir/shape.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace vf {

int64_t num_elements(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

std::vector<int64_t> row_major_strides(const Shape& s) {
  std::vector<int64_t> st(s.size(), 1);
  for (size_t i = s.size(); i-- > 1;) st[i - 1] = st[i] * s[i];
  return st;
}

std::string shape_string(const Shape& s) {
  if (s.size() == 1) return fmt::format("({})", s[0]);  // not "(3,)": Relay writes (3)
  return fmt::format("({})", fmt::join(s, ", "));
}

std::string type_string(const TensorType& t) {
  return fmt::format("Tensor[{}, {}]", shape_string(t.shape), dtype_name(t.dtype));
}

}  // namespace vf
