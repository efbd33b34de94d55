#include "ir/attrs.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstdlib>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace vf {

AttrKind attr_kind(const AttrValue& v) { return static_cast<AttrKind>(v.index()); }

std::string_view attr_kind_name(AttrKind k) {
  switch (k) {
    case AttrKind::Int: return "int";
    case AttrKind::Float: return "float";
    case AttrKind::Ints: return "ints";
    case AttrKind::Str: return "str";
  }
  return "?";
}

std::string attr_value_string(const AttrValue& v) {
  switch (attr_kind(v)) {
    case AttrKind::Int: return fmt::format("{}", std::get<int64_t>(v));
    case AttrKind::Float: {
      std::string s = fmt::format("{}", std::get<double>(v));       // shortest round-trip form
      if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // keep it a float
      return s;
    }
    case AttrKind::Ints:
      return fmt::format("[{}]", fmt::join(std::get<std::vector<int64_t>>(v), ", "));
    case AttrKind::Str: {
      std::string out = "\"";
      for (char c : std::get<std::string>(v)) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
      return out + "\"";
    }
  }
  return "?";
}

namespace {

// Parses one schema; the schema is source code, so a malformed one aborts.
std::vector<AttrSpec> parse_schema(std::string_view schema) {
  std::vector<AttrSpec> out;
  size_t i = 0;
  while (i < schema.size()) {
    while (i < schema.size() && schema[i] == ' ') ++i;
    if (i >= schema.size()) break;
    size_t end = schema.find(' ', i);
    if (end == std::string_view::npos) end = schema.size();
    std::string_view item = schema.substr(i, end - i);
    i = end;
    size_t colon = item.find(':');
    assert(colon != std::string_view::npos && "attribute schema entry without kind");
    AttrSpec spec;
    spec.name = std::string(item.substr(0, colon));
    std::string_view rest = item.substr(colon + 1);
    size_t eq = rest.find('=');
    std::string_view kind = rest.substr(0, eq);
    spec.required = eq == std::string_view::npos;
    std::string_view def = spec.required ? std::string_view{} : rest.substr(eq + 1);
    std::string defs(def);
    if (kind == "int") {
      spec.kind = AttrKind::Int;
      spec.default_value = spec.required ? int64_t{0} : std::strtoll(defs.c_str(), nullptr, 10);
    } else if (kind == "float") {
      spec.kind = AttrKind::Float;
      spec.default_value = spec.required ? 0.0 : std::strtod(defs.c_str(), nullptr);
    } else if (kind == "ints") {
      spec.kind = AttrKind::Ints;
      std::vector<int64_t> vals;
      size_t p = 0;
      while (p < defs.size()) {
        size_t c = defs.find(',', p);
        if (c == std::string::npos) c = defs.size();
        vals.push_back(std::strtoll(defs.substr(p, c - p).c_str(), nullptr, 10));
        p = c + 1;
      }
      spec.default_value = vals;
    } else if (kind == "str") {
      spec.kind = AttrKind::Str;
      spec.default_value = defs;
    } else {
      assert(false && "unknown attribute kind in ops.def");
      std::abort();
    }
    out.push_back(std::move(spec));
  }
  return out;
}

}  // namespace

const std::vector<AttrSpec>& attr_specs(OpKind op) {
  static const std::array<std::vector<AttrSpec>, kNumOps> kSpecs = [] {
    std::array<std::vector<AttrSpec>, kNumOps> s;
    for (size_t i = 0; i < kNumOps; ++i)
      s[i] = parse_schema(op_info(static_cast<OpKind>(i)).attr_schema);
    return s;
  }();
  return kSpecs[static_cast<size_t>(op)];
}

void Attrs::set(std::string name, AttrValue v) {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), name,
                             [](const auto& e, const std::string& n) { return e.first < n; });
  if (it != entries_.end() && it->first == name)
    it->second = std::move(v);
  else
    entries_.insert(it, {std::move(name), std::move(v)});
}

const AttrValue* Attrs::find(std::string_view name) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), name,
                             [](const auto& e, std::string_view n) { return e.first < n; });
  if (it != entries_.end() && it->first == name) return &it->second;
  return nullptr;
}

int64_t Attrs::get_int(std::string_view name) const {
  const AttrValue* v = find(name);
  assert(v && attr_kind(*v) == AttrKind::Int);
  return std::get<int64_t>(*v);
}
double Attrs::get_float(std::string_view name) const {
  const AttrValue* v = find(name);
  assert(v && attr_kind(*v) == AttrKind::Float);
  return std::get<double>(*v);
}
const std::vector<int64_t>& Attrs::get_ints(std::string_view name) const {
  const AttrValue* v = find(name);
  assert(v && attr_kind(*v) == AttrKind::Ints);
  return std::get<std::vector<int64_t>>(*v);
}
const std::string& Attrs::get_str(std::string_view name) const {
  const AttrValue* v = find(name);
  assert(v && attr_kind(*v) == AttrKind::Str);
  return std::get<std::string>(*v);
}

Result<void> normalize_attrs(OpKind op, Attrs& attrs) {
  const auto& specs = attr_specs(op);
  for (const auto& [name, value] : attrs.entries()) {
    // Captured by an init-capture: clang before 16 cannot capture a structured binding.
    auto it = std::find_if(specs.begin(), specs.end(),
                           [&n = name](const AttrSpec& s) { return s.name == n; });
    if (it == specs.end())
      return Error{fmt::format("unknown attribute '{}' for operator '{}'", name, op_name(op))};
  }
  for (const auto& spec : specs) {
    const AttrValue* v = attrs.find(spec.name);
    if (!v) {
      if (spec.required)
        return Error{fmt::format("operator '{}' requires attribute '{}'", op_name(op), spec.name)};
      attrs.set(spec.name, spec.default_value);
      continue;
    }
    AttrKind k = attr_kind(*v);
    if (k == spec.kind) continue;
    if (spec.kind == AttrKind::Float && k == AttrKind::Int) {
      attrs.set(spec.name, static_cast<double>(std::get<int64_t>(*v)));
      continue;
    }
    return Error{fmt::format("attribute '{}' of '{}' must be {}, got {}", spec.name, op_name(op),
                             attr_kind_name(spec.kind), attr_kind_name(k))};
  }
  return {};
}

}  // namespace vf
