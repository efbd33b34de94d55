#include "support/json_reader.h"

#include <fmt/format.h>

#include <cstdlib>

#include "support/text_cursor.h"

namespace vf {
namespace {

class Reader : TextCursor {
 public:
  explicit Reader(std::string_view s) : TextCursor(s) {}

  Result<JsonRecord> record() {
    JsonRecord out;
    skip_ws();
    if (!eat('{')) return fail("expected '{'");
    skip_ws();
    if (eat('}')) return end(std::move(out));
    for (;;) {
      skip_ws();
      std::string key;
      if (!string(key)) return fail("expected a string key");
      skip_ws();
      if (!eat(':')) return fail("expected ':'");
      skip_ws();
      JsonValue v;
      if (!value(v, 0)) return fail("expected a value");
      out[key] = scalar(std::move(v));
      skip_ws();
      if (eat(',')) continue;
      if (eat('}')) return end(std::move(out));
      return fail("expected ',' or '}'");
    }
  }

  Result<JsonValue> document() {
    JsonValue v;
    skip_ws();
    if (!value(v, 0)) return fail("expected a value");
    return end(std::move(v));
  }

 private:
  template <class T>
  Result<T> end(T r) {
    skip_ws();
    if (i_ != s_.size()) return fail("trailing characters after the value");
    return r;
  }
  /// A top-level value of a flat record: nested objects and arrays read as null.
  static JsonScalar scalar(JsonValue v) {
    switch (v.kind) {
      case JsonValue::Kind::Bool: return v.boolean;
      case JsonValue::Kind::Number: return v.number;
      case JsonValue::Kind::String: return std::move(v.string);
      case JsonValue::Kind::Null:
      case JsonValue::Kind::Array:
      case JsonValue::Kind::Object: break;
    }
    return nullptr;
  }
  Error fail(std::string_view what) const {
    return Error{fmt::format("invalid JSON at byte {}: {}", i_, what)};
  }
  bool literal(std::string_view w) {
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  bool string(std::string& out) {
    if (!eat('"')) return false;
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) return false;
      const char e = s_[i_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (i_ + 4 > s_.size()) return false;
          const unsigned cp = static_cast<unsigned>(
              std::strtoul(std::string(s_.substr(i_, 4)).c_str(), nullptr, 16));
          i_ += 4;
          if (cp < 0x80) {
            out += static_cast<char>(cp);
          } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          }
          break;
        }
        default: out += e;
      }
    }
    return eat('"');
  }
  bool value(JsonValue& out, int depth) {
    using Kind = JsonValue::Kind;
    if (depth > 64 || i_ >= s_.size()) return false;
    const char c = s_[i_];
    if (c == '"') return out.kind = Kind::String, string(out.string);
    if (literal("true")) return out.kind = Kind::Bool, out.boolean = true, true;
    if (literal("false")) return out.kind = Kind::Bool, out.boolean = false, true;
    if (literal("null")) return out.kind = Kind::Null, true;
    if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      out.kind = c == '{' ? Kind::Object : Kind::Array;
      ++i_;
      skip_ws();
      if (eat(close)) return true;
      for (;;) {
        skip_ws();
        if (c == '{') {
          std::string k;
          if (!string(k)) return false;
          out.keys.push_back(std::move(k));
          skip_ws();
          if (!eat(':')) return false;
          skip_ws();
        }
        out.items.emplace_back();
        if (!value(out.items.back(), depth + 1)) return false;
        skip_ws();
        if (eat(',')) continue;
        return eat(close);
      }
    }
    char* endp = nullptr;
    const std::string num(s_.substr(i_, std::min<size_t>(64, s_.size() - i_)));
    const double d = std::strtod(num.c_str(), &endp);
    if (endp == num.c_str()) return false;
    i_ += static_cast<size_t>(endp - num.c_str());
    out.kind = Kind::Number;
    out.number = d;
    return true;
  }
};

}  // namespace

Result<JsonRecord> parse_json_record(std::string_view text) { return Reader(text).record(); }

Result<JsonValue> parse_json(std::string_view text) { return Reader(text).document(); }

const JsonValue* JsonValue::find(std::string_view key) const {
  for (size_t i = 0; i < keys.size() && i < items.size(); ++i)
    if (keys[i] == key) return &items[i];
  return nullptr;
}

const std::string* json_string(const JsonRecord& r, std::string_view key) {
  auto it = r.find(key);
  return it == r.end() ? nullptr : std::get_if<std::string>(&it->second);
}

const double* json_number(const JsonRecord& r, std::string_view key) {
  auto it = r.find(key);
  return it == r.end() ? nullptr : std::get_if<double>(&it->second);
}

}  // namespace vf
