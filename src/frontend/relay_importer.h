// The Relay importer's shared pieces, used by its two translation units:
// relay_import.cpp (scopes, values, types, the evaluation of calls) and
// relay_import_ops.cpp (the operator table, the attribute converters and the operators
// built from several IR nodes). Internal to the frontend.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/relay_parser.h"
#include "ir/graph.h"
#include "support/diagnostic.h"
#include "support/source_file.h"

namespace vf::relay {

/// What a Relay expression evaluates to during import. `Poisoned` stands for a value
/// whose definition already produced an error, so that its uses add no more errors.
/// `DropoutTuple` is nn.dropout's (output, mask): at inference the output is the input.
/// `Split` is the tuple a `split` call returns; its fields become split nodes when they
/// are used, so that an unused section leaves no dead node in the graph.
struct Value {
  enum class Kind : uint8_t { Tensor, BatchNormTuple, DropoutTuple, Tuple, Split, Poisoned };
  Kind kind = Kind::Poisoned;
  NodeId node;  // Tensor; BatchNormTuple: the batch_norm node; DropoutTuple: its input
  std::vector<Value> fields;  // Tuple
  size_t split = 0;           // Split: index into the importer's split tuples

  static Value tensor(NodeId id) {
    Value v;
    v.kind = Kind::Tensor;
    v.node = id;
    return v;
  }
};

/// Kinds of Relay attribute values the operators take.
enum class AttrType : uint8_t { Int, Float, Bool, Str, Ints, IntPairs, IntOrInts, Floats };

/// How an attribute type is named in messages ("a list of integers").
std::string_view attr_type_name(AttrType t);
/// Whether a value has an attribute type; `got` describes it when it does not.
bool attr_value_matches(const AttrValueAst& v, AttrType t, std::string& got);

/// One attribute a Relay operator accepts.
struct AttrRule {
  std::string_view name;
  AttrType type;
  bool required = false;
};

class CallCtx;

/// What the expansions of compound operators build with: the importer's graph, through
/// checked additions.
class NodeBuilder {
 public:
  virtual ~NodeBuilder() = default;
  /// Adds a node named `name` (made unique) and computes its type; an error is reported
  /// at the call's operator and gives nullopt.
  virtual std::optional<NodeId> add_op(CallCtx& c, OpKind op, const std::string& name,
                                       std::vector<NodeId> inputs, Attrs attrs) = 0;
  /// Adds a constant named `name` (made unique).
  virtual NodeId add_constant(const std::string& name, Tensor t) = 0;
  /// The type of a node.
  virtual const TensorType& type_of(NodeId id) const = 0;
  /// NHWC `x` as NCHW: the transpose(x, [0, 3, 1, 2]) named `name`, or, when x is itself
  /// transpose(y, [0, 2, 3, 1]), y (that transpose is dropped at the end of the import if
  /// nothing else uses it).
  virtual std::optional<NodeId> to_nchw(CallCtx& c, NodeId x, const std::string& name) = 0;
  /// The tuple of `split`: section k of `input` along `axis` becomes the node "name.k"
  /// when it is first used.
  virtual Value make_split(NodeId input, int64_t axis, std::vector<int64_t> sizes,
                           const std::string& name) = 0;
};

/// Builds the nodes of an operator that the IR expresses with several of its own (or
/// with none: `copy`), from the call's tensor inputs; the last node is named `name`.
using Expand = Value (*)(NodeBuilder&, CallCtx&, const std::vector<NodeId>& inputs,
                         const std::string& name);

/// How one Relay operator maps to the IR: arity, accepted attributes, and a function
/// that translates the attributes (nullptr when the operator has none).
struct OpRule {
  std::string_view relay_name;
  OpKind op;
  int min_args = 1;
  int max_args = 1;
  bool tuple_arg = false;  ///< the only argument is a tuple of tensors (concatenate)
  int literal_arg = -1;    ///< this positional argument is a scalar literal read as a value
  std::vector<AttrRule> attrs;
  void (*convert)(CallCtx&) = nullptr;
  Expand expand = nullptr;  ///< set for operators that are not one IR node
};

/// Translation state of one call: its input types, its Relay attributes (already
/// checked for names and kinds) and the IR attributes being built.
class CallCtx {
 public:
  CallCtx(const SourceFile& src, DiagnosticSink& diags, const OpRule& rule, const ExprAst& call,
          std::vector<TensorType> in)
      : in(std::move(in)), rule(rule), call(call), src_(src), diags_(diags) {}

  std::vector<TensorType> in;  ///< types of the tensor inputs
  const OpRule& rule;
  const ExprAst& call;
  Attrs out;
  std::optional<double> literal;  ///< the literal_arg's value, if given
  bool ok = true;

  void fail(Span s, std::string msg) {
    ok = false;
    diags_.error(src_, s.offset, s.length, std::move(msg));
  }
  /// The attribute's value; nullptr when absent or None.
  const AttrValueAst* find(std::string_view name) const {
    for (const auto& a : call.attrs)
      if (a.name == name) return a.value.kind == AttrValueAst::Kind::None ? nullptr : &a.value;
    return nullptr;
  }
  /// Where to point at an attribute: its value, or the operator when it is absent.
  Span span_of(std::string_view name) const {
    const AttrValueAst* v = find(name);
    return v ? v->span : call.name_span;
  }
  int64_t get_int(std::string_view name, int64_t def) const {
    const AttrValueAst* v = find(name);
    return v ? v->int_value : def;
  }
  double get_float(std::string_view name, double def) const {
    const AttrValueAst* v = find(name);
    if (!v) return def;
    return v->kind == AttrValueAst::Kind::Int ? static_cast<double>(v->int_value) : v->float_value;
  }
  bool get_bool(std::string_view name, bool def) const {
    const AttrValueAst* v = find(name);
    if (!v) return def;
    return v->kind == AttrValueAst::Kind::Bool ? v->bool_value : v->int_value != 0;
  }
  std::optional<std::vector<int64_t>> get_ints(std::string_view name) const {
    const AttrValueAst* v = find(name);
    if (!v) return std::nullopt;
    std::vector<int64_t> out;
    for (const auto& item : v->items) out.push_back(item.int_value);
    return out;
  }
  /// A 2-D window parameter: one value for both dimensions, or two.
  std::vector<int64_t> pair(std::string_view name, int64_t def) {
    auto v = get_ints(name);
    if (!v) return {def, def};
    if (v->size() == 1) return {(*v)[0], (*v)[0]};
    if (v->size() == 2) return *v;
    fail(span_of(name), fmt::format("'{}' must have 1 or 2 entries, got {}", name, v->size()));
    return {def, def};
  }
  /// A 2-D padding as [top, left, bottom, right]: Relay allows [p], [ph, pw] or all four.
  std::vector<int64_t> padding4(std::string_view name) {
    auto v = get_ints(name);
    if (!v) return {0, 0, 0, 0};
    const auto& p = *v;
    if (p.size() == 1) return {p[0], p[0], p[0], p[0]};
    if (p.size() == 2) return {p[0], p[1], p[0], p[1]};
    if (p.size() == 4) return p;
    fail(span_of(name), fmt::format("'{}' must have 1, 2 or 4 entries, got {}", name, p.size()));
    return {0, 0, 0, 0};
  }
  /// An axis in [-range, range), normalized to a non-negative value.
  std::optional<int64_t> axis(std::string_view name, int64_t def, int64_t range) {
    int64_t a = get_int(name, def);
    return normalize_axis(a, range, span_of(name), name);
  }
  std::optional<int64_t> normalize_axis(int64_t a, int64_t range, Span where,
                                        std::string_view name) {
    if (a < -range || a >= range) {
      fail(where,
           fmt::format("{}={} is out of range [{}, {}] for {} of rank {}", name, a, -range,
                       range - 1,
                       rule.op == OpKind::ExpandDims ? "expand_dims on a tensor" : "a tensor",
                       rule.op == OpKind::ExpandDims ? range - 1 : range));
      return std::nullopt;
    }
    return a < 0 ? a + range : a;
  }
  /// Checks a layout-like string attribute against the values this importer supports.
  void check_str(std::string_view name, std::initializer_list<std::string_view> allowed) {
    const AttrValueAst* v = find(name);
    if (!v || std::find(allowed.begin(), allowed.end(), v->str_value) != allowed.end()) return;
    std::vector<std::string> quoted;
    for (auto a : allowed) quoted.push_back(fmt::format("\"{}\"", a));
    fail(v->span, fmt::format("{}=\"{}\" is not supported by '{}' (supported: {})", name,
                              v->str_value, rule.relay_name, fmt::join(quoted, " or ")));
  }

 private:
  const SourceFile& src_;
  DiagnosticSink& diags_;
};

/// The rule of a Relay operator; nullptr for an operator the importer does not know.
const OpRule* find_rule(std::string_view relay_name);

}  // namespace vf::relay
