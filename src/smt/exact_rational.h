// The exact value of a double as a fraction of decimal integers: the real domain's
// literals are the doubles' values, not decimal approximations of them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace vf::smt {

/// num/den in lowest terms, den > 0, both in decimal; num carries the sign.
struct Rational {
  std::string num;
  std::string den;
  /// "num/den", or "num" when den is 1.
  std::string to_string() const { return den == "1" ? num : num + "/" + den; }
};

/// The exact value of v (0.1 gives 3602879701896397/36028797018963968); nullopt for an
/// infinity or NaN. -0.0 gives 0.
std::optional<Rational> exact_rational(double v);

/// The exact value of a decimal spelling ("1e-05", "-0.5", "3", "2.5E+3"), not reduced
/// to lowest terms; nullopt when `text` is not a decimal number.
std::optional<Rational> decimal_rational(std::string_view text);

}  // namespace vf::smt
