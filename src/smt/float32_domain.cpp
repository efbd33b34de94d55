#include "smt/float32_domain.h"

#include <fmt/format.h>

namespace vf::smt {

Float32Domain::Float32Domain(Context& ctx) : ctx_(ctx) {
  const Sort f32[] = {Sort::float32()};
  exp_ = ctx_.function("vf_exp32", f32, Sort::float32());
  for (sem::Fn f : sem::kAllFns)
    fns_[static_cast<int>(f)] =
        ctx_.function(fmt::format("vf_{}32", sem::fn_name(f)), f32, Sort::float32());
}

Float32Domain::Value Float32Domain::fn(sem::Fn f, Value a) {
  const Expr args[] = {a};
  return ctx_.apply(fns_[static_cast<int>(f)], args);
}

Float32Domain::Value Float32Domain::exp(Value a) {
  const Expr args[] = {a};
  return ctx_.apply(exp_, args);
}

}  // namespace vf::smt
