// Reading back the JSON vfuse writes itself: flat records (proofs/<rule>.json), an
// object whose values are strings, numbers, booleans or null, nested objects and arrays
// parsed and skipped; and whole documents (a compile's report.json) as a tree of
// JsonValue. Not a general JSON library: enough to read our own files, with an error
// that gives the byte offset when a file is not what we wrote.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "support/result.h"

namespace vf {

/// A top-level value of a flat record.
using JsonScalar = std::variant<std::nullptr_t, bool, double, std::string>;

/// The top-level fields of a JSON object, by key.
using JsonRecord = std::map<std::string, JsonScalar, std::less<>>;

/// Parses `text` as one JSON object. Errors name the byte offset.
Result<JsonRecord> parse_json_record(std::string_view text);

/// Any JSON value, as parse_json reads it.
struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  /// The elements of an array, or the values of an object in document order.
  std::vector<JsonValue> items;
  /// The keys of an object, parallel to `items`.
  std::vector<std::string> keys;
  /// The member `key` of an object (the first of that name), or nullptr.
  const JsonValue* find(std::string_view key) const;
};

/// Parses `text` as one JSON value (objects and arrays nested at most 64 deep). Errors
/// name the byte offset.
Result<JsonValue> parse_json(std::string_view text);

/// The string field `key`, or nullptr when absent or not a string.
const std::string* json_string(const JsonRecord& r, std::string_view key);
/// The number field `key`, or nullptr when absent or not a number.
const double* json_number(const JsonRecord& r, std::string_view key);

}  // namespace vf
