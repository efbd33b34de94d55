#include "support/json_reader.h"

#include <catch2/catch.hpp>

namespace vf {
namespace {

TEST_CASE("json_reader: flat records, nested values skipped, errors with offsets", "[support]") {
  auto r = parse_json_record(
      R"({"rule":"a\"b\u00e9","n":12.5,"ok":true,"none":null,"nested":{"x":[1,{"y":2}]},"m":-3e2})");
  REQUIRE(r);
  REQUIRE(json_string(*r, "rule"));
  CHECK(*json_string(*r, "rule") == "a\"b\xc3\xa9");
  CHECK(*json_number(*r, "n") == 12.5);
  CHECK(*json_number(*r, "m") == -300);
  CHECK(json_number(*r, "rule") == nullptr);
  CHECK(std::get<bool>(r->at("ok")));
  CHECK(r->count("nested") == 1);
  auto bad = parse_json_record(R"({"a": 1,})");
  REQUIRE(!bad);
  CHECK_THAT(bad.error().message, Catch::Contains("byte 8"));
  CHECK(!parse_json_record(R"({"a": 1} x)"));
  CHECK(!parse_json_record(""));
}

}  // namespace
}  // namespace vf
