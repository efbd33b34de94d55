// Reading back the flat JSON records vfuse writes itself (proofs/<rule>.json): an
// object whose values are strings, numbers, booleans or null; nested objects and arrays
// are parsed and skipped. Not a general JSON library: enough to read our own records,
// with an error that gives the byte offset when a file is not what we wrote.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <variant>

#include "support/result.h"

namespace vf {

/// A top-level value of a flat record.
using JsonScalar = std::variant<std::nullptr_t, bool, double, std::string>;

/// The top-level fields of a JSON object, by key.
using JsonRecord = std::map<std::string, JsonScalar, std::less<>>;

/// Parses `text` as one JSON object. Errors name the byte offset.
Result<JsonRecord> parse_json_record(std::string_view text);

/// The string field `key`, or nullptr when absent or not a string.
const std::string* json_string(const JsonRecord& r, std::string_view key);
/// The number field `key`, or nullptr when absent or not a number.
const double* json_number(const JsonRecord& r, std::string_view key);

}  // namespace vf
