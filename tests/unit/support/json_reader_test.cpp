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

TEST_CASE("json_reader: whole documents as a tree", "[support]") {
  auto v = parse_json(R"( {"a":[1,"x",{"b":null}],"c":{"d":false},"e":[]} )");
  REQUIRE(v);
  REQUIRE(v->kind == JsonValue::Kind::Object);
  const JsonValue* a = v->find("a");
  REQUIRE(a);
  REQUIRE(a->kind == JsonValue::Kind::Array);
  REQUIRE(a->items.size() == 3);
  CHECK(a->items[0].number == 1);
  CHECK(a->items[1].string == "x");
  REQUIRE(a->items[2].find("b"));
  CHECK(a->items[2].find("b")->kind == JsonValue::Kind::Null);
  CHECK(v->find("c")->find("d")->kind == JsonValue::Kind::Bool);
  CHECK(v->find("e")->items.empty());
  CHECK(v->find("zz") == nullptr);
  CHECK(a->find("b") == nullptr);  // not an object
  auto bad = parse_json(R"({"a":[1,2})");
  REQUIRE(!bad);
  CHECK_THAT(bad.error().message, Catch::Contains("byte"));
  CHECK(!parse_json("[1] 2"));
  CHECK(!parse_json(std::string(100, '[') + std::string(100, ']')));  // nested too deep
}

}  // namespace
}  // namespace vf
