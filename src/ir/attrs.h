// Node attributes: a small name -> value map checked against the operator's schema
// in ops.def (kinds, required names, defaults filled in).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ir/op.h"
#include "support/result.h"

namespace vf {

enum class AttrKind : uint8_t { Int, Float, Ints, Str };

/// An attribute value.
using AttrValue = std::variant<int64_t, double, std::vector<int64_t>, std::string>;

/// Kind of a value.
AttrKind attr_kind(const AttrValue& v);
std::string_view attr_kind_name(AttrKind k);
/// Text form: 3, 1e-05, [1, 1], "relu". Floats print with enough digits to round-trip.
std::string attr_value_string(const AttrValue& v);

/// One entry of an operator's attribute schema.
struct AttrSpec {
  std::string name;
  AttrKind kind;
  bool required;
  AttrValue default_value;
};

/// The parsed schema of an operator (parsed once from ops.def).
const std::vector<AttrSpec>& attr_specs(OpKind op);

/// Attributes of a node, kept sorted by name.
class Attrs {
 public:
  void set(std::string name, AttrValue v);
  bool has(std::string_view name) const { return find(name) != nullptr; }
  const AttrValue* find(std::string_view name) const;

  /// Typed getters; the attribute must exist with that kind (checked by normalize).
  int64_t get_int(std::string_view name) const;
  double get_float(std::string_view name) const;
  const std::vector<int64_t>& get_ints(std::string_view name) const;
  const std::string& get_str(std::string_view name) const;

  const std::vector<std::pair<std::string, AttrValue>>& entries() const { return entries_; }
  bool operator==(const Attrs&) const = default;

 private:
  std::vector<std::pair<std::string, AttrValue>> entries_;
};

/// Checks attributes against the schema of `op`: unknown names, wrong kinds (an int
/// is accepted where a float is expected) and missing required ones are errors;
/// defaults are filled in. The error message names the attribute.
Result<void> normalize_attrs(OpKind op, Attrs& attrs);

}  // namespace vf
