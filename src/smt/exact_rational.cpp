#include "smt/exact_rational.h"

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace vf::smt {
namespace {

/// A non-negative integer in base 10^9 limbs, least significant first; enough for the
/// powers of two a double needs (up to 2^1074).
class BigNat {
 public:
  explicit BigNat(uint64_t v) {
    do {
      limbs_.push_back(static_cast<uint32_t>(v % kBase));
      v /= kBase;
    } while (v != 0);
  }
  void shift_left(int bits) {
    for (; bits > 0; bits -= 16) {
      const int k = bits < 16 ? bits : 16;
      uint64_t carry = 0;
      for (uint32_t& l : limbs_) {
        const uint64_t x = (static_cast<uint64_t>(l) << k) + carry;
        l = static_cast<uint32_t>(x % kBase);
        carry = x / kBase;
      }
      while (carry != 0) {
        limbs_.push_back(static_cast<uint32_t>(carry % kBase));
        carry /= kBase;
      }
    }
  }
  std::string to_string() const {
    std::string s = std::to_string(limbs_.back());
    for (size_t i = limbs_.size() - 1; i-- > 0;) {
      const std::string part = std::to_string(limbs_[i]);
      s.append(9 - part.size(), '0');
      s += part;
    }
    return s;
  }

 private:
  static constexpr uint64_t kBase = 1'000'000'000;
  std::vector<uint32_t> limbs_;
};

}  // namespace

std::optional<Rational> exact_rational(double v) {
  if (!std::isfinite(v)) return std::nullopt;
  if (v == 0) return Rational{"0", "1"};
  int e = 0;
  const double m = std::frexp(std::fabs(v), &e);  // |v| = m * 2^e, m in [0.5, 1)
  // m has at most 53 significant bits, so m * 2^53 is an exact integer.
  uint64_t mant = static_cast<uint64_t>(std::ldexp(m, 53));
  e -= 53;
  while ((mant & 1) == 0 && e < 0) {
    mant >>= 1;
    ++e;
  }
  BigNat num(mant), den(1);
  if (e > 0)
    num.shift_left(e);
  else
    den.shift_left(-e);
  std::string n = num.to_string();
  if (v < 0) n.insert(n.begin(), '-');
  return Rational{std::move(n), den.to_string()};
}

std::optional<Rational> decimal_rational(std::string_view text) {
  size_t i = 0;
  std::string sign;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) sign = text[i++] == '-' ? "-" : "";
  std::string digits;
  int64_t exp10 = 0;
  bool any = false, dot = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      digits += c;
      any = true;
      if (dot) --exp10;
    } else if (c == '.' && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  if (!any) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool neg = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) neg = text[i++] == '-';
    int64_t e = 0;
    bool edigit = false;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9' && e < 100000; ++i) {
      e = e * 10 + (text[i] - '0');
      edigit = true;
    }
    if (!edigit) return std::nullopt;
    exp10 += neg ? -e : e;
  }
  if (i != text.size() || exp10 > 400 || exp10 < -400) return std::nullopt;
  const size_t nz = digits.find_first_not_of('0');
  digits = nz == std::string::npos ? "0" : digits.substr(nz);
  Rational r{sign + digits, "1"};
  if (digits == "0") r.num = "0";
  if (exp10 > 0) r.num += std::string(static_cast<size_t>(exp10), '0');
  if (exp10 < 0) r.den = "1" + std::string(static_cast<size_t>(-exp10), '0');
  return r;
}

}  // namespace vf::smt
