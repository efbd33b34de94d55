#include "smt/sym_tensor.h"

namespace vf::smt {

std::string element_name(std::string_view name, const Shape& shape, int64_t flat) {
  std::string s(name);
  if (shape.empty()) return s;
  std::vector<int64_t> idx(shape.size());
  for (size_t k = shape.size(); k-- > 0;) {
    idx[k] = flat % shape[k];
    flat /= shape[k];
  }
  s += '[';
  for (size_t k = 0; k < idx.size(); ++k) {
    if (k) s += ',';
    s += std::to_string(idx[k]);
  }
  s += ']';
  return s;
}

SymTensor var_tensor(Context& ctx, std::string_view name, const Shape& shape, Sort s) {
  SymTensor t{shape, {}};
  const int64_t n = num_elements(shape);
  t.elems.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) t.elems.push_back(ctx.var(element_name(name, shape, i), s));
  return t;
}

}  // namespace vf::smt
