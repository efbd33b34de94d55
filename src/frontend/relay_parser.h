// Parser for TVM Relay text (version 0.0.5): tokens -> a small AST whose every node
// keeps its byte range, so the importer can point its diagnostics at the source.
// Only what the importer needs is parsed: the version header, `def @name(params) -> T
// { bindings; result }`, calls with positional arguments and `key=value` attributes,
// literals, tuples, projections `%n.0`, and the `ty=` annotations that Relay's printer
// writes into comments after an expression.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "support/diagnostic.h"
#include "support/source_file.h"

namespace vf::relay {

/// A byte range in the source.
struct Span {
  uint32_t offset = 0;
  uint32_t length = 0;
  uint32_t end() const { return offset + length; }
};

/// A Relay type: `Tensor[(d0, d1), float32]`, a bare scalar `float32`, or a tuple.
struct TypeAst {
  enum class Kind : uint8_t { Tensor, Tuple };
  Kind kind = Kind::Tensor;
  Span span;
  std::vector<int64_t> shape;  ///< Tensor only
  std::string dtype;           ///< Tensor only, as written
  Span dtype_span;
  std::vector<TypeAst> fields;  ///< Tuple only
};

/// The value of a `key=value` call attribute.
struct AttrValueAst {
  enum class Kind : uint8_t { Int, Float, Bool, Str, List, None };
  Kind kind = Kind::None;
  Span span;
  int64_t int_value = 0;
  double float_value = 0;
  bool bool_value = false;
  std::string str_value;
  std::vector<AttrValueAst> items;  ///< List only
};

/// One `key=value` attribute of a call.
struct AttrAst {
  std::string name;
  Span name_span;
  AttrValueAst value;
};

/// An expression.
struct ExprAst {
  enum class Kind : uint8_t { Var, Call, Int, Float, Tuple, Proj };
  Kind kind = Kind::Var;
  Span span;                   ///< the whole expression
  std::string name;            ///< Var: name without '%'; Call: operator name
  Span name_span;              ///< Var: the variable; Call: the operator; Proj: `.k`
  int64_t int_value = 0;       ///< Int literal; Proj: the index
  double float_value = 0;      ///< Float literal
  std::string suffix;          ///< literal type suffix ("f", "f64", "i64", "")
  std::vector<ExprAst> args;   ///< Call: positional arguments; Tuple: fields; Proj: the tuple
  std::vector<AttrAst> attrs;  ///< Call only
  std::optional<TypeAst> annotation;  ///< from a following `/* ty=... */`
};

/// A parameter `%name: Type` of a function.
struct ParamAst {
  std::string name;
  Span name_span;
  std::optional<TypeAst> type;
};

/// A binding `%name = value;`. `value` is empty when the right-hand side did not
/// parse (the error is already reported; uses of the name should not add more).
struct BindingAst {
  std::string name;
  Span name_span;
  std::optional<ExprAst> value;
};

/// `def @name(params) -> ret { bindings; result }`.
struct FunctionAst {
  std::string name;
  Span name_span;
  std::vector<ParamAst> params;
  std::optional<TypeAst> ret_type;
  std::vector<BindingAst> bindings;
  std::optional<ExprAst> result;  ///< empty if missing or malformed (reported)
};

/// A parsed module. `complete` is false when a syntax error was reported; the parts
/// that did parse are still there so that the importer can report their errors too.
struct ModuleAst {
  std::string version;  ///< from `#[version = "..."]`
  std::vector<FunctionAst> functions;
  bool complete = true;
};

/// Parses Relay text, reporting every syntax error to `diags` (recovering at the next
/// `;` inside a function body).
ModuleAst parse_relay(const SourceFile& src, DiagnosticSink& diags);

}  // namespace vf::relay
