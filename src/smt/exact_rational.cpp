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

}  // namespace vf::smt
