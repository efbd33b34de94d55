#include "smt/float32_domain.h"

namespace vf::smt {

Float32Domain::Float32Domain(Context& ctx) : ctx_(ctx) {
  const Sort f32[] = {Sort::float32()};
  exp_ = ctx_.function("vf_exp32", f32, Sort::float32());
}

Float32Domain::Value Float32Domain::exp(Value a) {
  const Expr args[] = {a};
  return ctx_.apply(exp_, args);
}

}  // namespace vf::smt
