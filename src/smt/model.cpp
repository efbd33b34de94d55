#include "smt/model.h"

#include <fmt/format.h>

#include "smt/context.h"

namespace vf::smt {

const ModelValue* Model::find(std::string_view name) const {
  for (const auto& [n, v] : values)
    if (n == name) return &v;
  return nullptr;
}

Result<Tensor> model_tensor(const Model& m, const SymTensor& t) {
  Tensor out(TensorType{DType::F64, t.shape});
  for (size_t i = 0; i < t.elems.size(); ++i) {
    const auto name = t.elems[i].context().symbol_name(t.elems[i]);
    const ModelValue* v = name ? m.find(*name) : nullptr;
    if (!v)
      return Error{
          fmt::format("element {} is not a variable of the model: {}", i, t.elems[i].to_string())};
    out.set(static_cast<int64_t>(i), v->approx);
  }
  return out;
}

}  // namespace vf::smt
