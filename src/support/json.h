// A minimal streaming JSON writer for machine-readable CLI output (--json) and reports.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vf {

/// Builds one JSON document; commas are inserted automatically.
class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  /// Key of the next value inside an object.
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(double d);  ///< NaN and infinities are written as null
  JsonWriter& value(int64_t i);
  JsonWriter& value(int i) { return value(static_cast<int64_t>(i)); }
  JsonWriter& value(bool b);
  JsonWriter& null();
  const std::string& str() const { return out_; }

 private:
  void separator();
  std::string out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

/// JSON string literal with escapes.
std::string json_quote(std::string_view s);

}  // namespace vf
