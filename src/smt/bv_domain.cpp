#include "smt/bv_domain.h"

#include <cassert>
#include <cmath>
#include <string>
#include <utility>

namespace vf::smt {

BvDomain::BvDomain(Context& ctx, unsigned width) : ctx_(ctx), width_(width) {
  assert(width >= 1 && width <= 64);
}

BvDomain::Value BvDomain::lit(double x) {
  const double r = std::nearbyint(x);  // the default rounding mode: nearest, ties to even
  // [-2^63, 2^63): the doubles that convert to int64 without overflow.
  if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0))
    return unsupported("literal " + std::to_string(x) + " (outside int64)");
  return ctx_.bv_val(static_cast<int64_t>(r), width_);
}

BvDomain::Value BvDomain::div(Value a, Value b) {
  const Expr nonzero = ne(b, ctx_.bv_val(0, width_));
  if (obliged_.insert(nonzero.id()).second)
    cond_.obligations.push_back({nonzero, "divisor is not zero"});
  return a / b;
}

BvDomain::Value BvDomain::unsupported(std::string_view what) {
  cond_.unsupported.push_back(std::string(what) + " in the " + std::to_string(width_) +
                              "-bit bitvector domain");
  return ctx_.fresh("vf_unsupported", value_sort());
}

Conditions BvDomain::take_conditions() {
  obliged_.clear();
  return std::exchange(cond_, {});
}

}  // namespace vf::smt
