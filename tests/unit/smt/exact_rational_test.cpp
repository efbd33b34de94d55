// exact_rational: the real domain's literals are the doubles' exact values.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "smt/exact_rational.h"

namespace vf::smt {
namespace {

std::string exact(double v) { return exact_rational(v)->to_string(); }

TEST_CASE("exact_rational gives a double's value as a fraction in lowest terms", "[smt]") {
  CHECK(exact(0.1) == "3602879701896397/36028797018963968");
  CHECK(exact(-0.1) == "-3602879701896397/36028797018963968");
  CHECK(exact(0.0) == "0");
  CHECK(exact(-0.0) == "0");
  CHECK(exact(3.0) == "3");
  CHECK(exact(0.75) == "3/4");
  CHECK(exact(static_cast<double>(1e-5f)) == "2748779/274877906944");
  CHECK(exact(1e-5) == "5902958103587057/590295810358705651712");
  CHECK(exact(std::ldexp(1.0, 80)) == "1208925819614629174706176");
  // The smallest subnormal: 2^-1074, a 324-digit denominator.
  const auto tiny = exact_rational(std::numeric_limits<double>::denorm_min());
  REQUIRE(tiny);
  CHECK(tiny->num == "1");
  CHECK(tiny->den.size() == 324);
  CHECK(tiny->den.substr(0, 6) == "202402");
  CHECK(tiny->den.substr(318) == "494784");
}

TEST_CASE("exact_rational has no value for infinities and NaN", "[smt]") {
  CHECK_FALSE(exact_rational(std::numeric_limits<double>::infinity()));
  CHECK_FALSE(exact_rational(-std::numeric_limits<double>::infinity()));
  CHECK_FALSE(exact_rational(std::nan("")));
}

}  // namespace
}  // namespace vf::smt
