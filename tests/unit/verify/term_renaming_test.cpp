// verify::same_up_to_renaming: a claim is another's with leaves renamed only when one
// replacement per leaf, of the same tensor, makes the terms equal.
#include <catch2/catch.hpp>

#include <unordered_map>

#include "verify/term_renaming.h"

namespace vf::verify {
namespace {

TEST_CASE("term renaming: leaves renamed consistently, literals and operators equal", "[verify]") {
  TermDomain d;
  std::unordered_map<uint32_t, uint32_t> ren;
  const auto x0 = d.leaf(0, 0), x1 = d.leaf(0, 1), x2 = d.leaf(0, 2), w0 = d.leaf(1, 0);
  // s = x0 * w0 + x1, t = x1 + w0 * x0 against the same with x0 -> x2.
  const auto s0 = d.add(d.mul(x0, w0), x1), t0 = d.add(x1, d.mul(w0, x0));
  const auto s1 = d.add(d.mul(x2, w0), x1), t1 = d.add(x1, d.mul(w0, x2));
  CHECK(same_up_to_renaming(d, s0, t0, s1, t1, ren));
  // x0 replaced by x2 in the source but by x1 in the target: not one renaming.
  const auto t2 = d.add(x1, d.mul(w0, x1));
  CHECK_FALSE(same_up_to_renaming(d, s0, t0, s1, t2, ren));
  // A leaf of another tensor, another literal, another operator.
  const auto s3 = d.add(d.mul(d.leaf(1, 3), w0), x1);
  CHECK_FALSE(same_up_to_renaming(d, s0, t0, s3, t1, ren));
  CHECK_FALSE(same_up_to_renaming(d, d.lit(0), t0, d.lit(1), t1, ren));
  CHECK(same_up_to_renaming(d, d.lit(0.5), t0, d.lit(0.5), t1, ren));
  CHECK_FALSE(same_up_to_renaming(d, s0, t0, d.sub(d.mul(x2, w0), x1), t1, ren));
}

}  // namespace
}  // namespace vf::verify
