#include "frontend/relay_import.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cassert>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "frontend/relay_importer.h"
#include "frontend/relay_parser.h"
#include "ir/shape_inference.h"

namespace vf {
namespace relay {
namespace {

/// The type of a value, as Relay writes it: a tensor type or a tuple of them.
struct ValueType {
  bool is_tuple = false;
  TensorType tensor;
  std::vector<ValueType> fields;
  bool operator==(const ValueType&) const = default;
};

std::string value_type_string(const ValueType& t) {
  if (!t.is_tuple) return type_string(t.tensor);
  std::vector<std::string> parts;
  for (const auto& f : t.fields) parts.push_back(value_type_string(f));
  return fmt::format("({})", fmt::join(parts, ", "));
}

// ---- the importer ----------------------------------------------------------------

class Importer : public NodeBuilder {
 public:
  Importer(const SourceFile& src, DiagnosticSink& diags) : src_(src), diags_(diags) {}

  std::optional<Graph> run() {
    size_t errors_before = diags_.error_count();
    relay::ModuleAst m = relay::parse_relay(src_, diags_);
    const relay::FunctionAst* main_fn = nullptr;
    for (const auto& f : m.functions) {
      if (f.name == "main" && !main_fn) {
        main_fn = &f;
      } else if (!f.name.empty()) {
        error(f.name_span, fmt::format("function '@{}' is not supported: a module must hold a "
                                       "single function '@main'",
                                       f.name));
      }
    }
    if (main_fn) {
      import_function(*main_fn);
    } else if (m.complete) {
      diags_.error(src_, 0, 1, "no function '@main' in the module");
    }
    if (diags_.error_count() > errors_before) return std::nullopt;
    drop_bypassed_transposes();
    // A last whole-graph check (unique names, arity, types); the per-call checks above
    // should have caught everything, so this failing means the importer is wrong.
    if (auto r = infer_types(g_); !r) {
      diags_.error(src_.name(),
                   fmt::format("imported graph does not verify: {}", r.error().message));
      return std::nullopt;
    }
    return std::move(g_);
  }

  // ---- NodeBuilder: what the expansions of compound operators build with ------------

  std::optional<NodeId> add_op(CallCtx& c, OpKind op, const std::string& name,
                               std::vector<NodeId> inputs, Attrs attrs) override {
    order_commutative_operands(g_, op, inputs);
    NodeId id = g_.add_node(op, unique_name(name), std::move(inputs), std::move(attrs));
    if (auto r = normalize_attrs(op, g_.node_mut(id).attrs); !r) {
      c.fail(c.call.name_span, fmt::format("{}: {}", c.call.name, r.error().message));
      return std::nullopt;
    }
    auto type = infer_node_type(g_, g_.node(id));
    if (!type) {
      c.fail(c.call.name_span, fmt::format("{}: {}", c.call.name, type.error().message));
      return std::nullopt;
    }
    g_.node_mut(id).type = *type;
    return id;
  }

  NodeId add_constant(const std::string& name, Tensor t) override {
    return g_.add_constant(unique_name(name), std::move(t));
  }

  const TensorType& type_of(NodeId id) const override { return g_.node(id).type; }

  std::optional<NodeId> to_nchw(CallCtx& c, NodeId x, const std::string& name) override {
    const Node& n = g_.node(x);
    if (n.op == OpKind::Transpose && n.attrs.get_ints("perm") == std::vector<int64_t>{0, 2, 3, 1}) {
      bypassed_.push_back(x);
      return n.inputs[0];
    }
    Attrs a;
    a.set("perm", std::vector<int64_t>{0, 3, 1, 2});
    return add_op(c, OpKind::Transpose, name, {x}, std::move(a));
  }

  Value make_split(NodeId input, int64_t axis, std::vector<int64_t> sizes,
                   const std::string& name) override {
    Value v;
    v.kind = Value::Kind::Split;
    v.split = splits_.size();
    std::vector<std::optional<NodeId>> made(sizes.size());
    splits_.push_back(SplitTuple{input, axis, std::move(sizes), name, std::move(made)});
    return v;
  }

 private:
  /// A split's sections, the nodes of those already used.
  struct SplitTuple {
    NodeId input;
    int64_t axis = 0;
    std::vector<int64_t> sizes;
    std::string name;
    std::vector<std::optional<NodeId>> made;
  };

  // The transposes to_nchw went around that nothing uses any more: the graph is copied
  // without them (the only nodes the importer itself leaves unused).
  void drop_bypassed_transposes() {
    if (bypassed_.empty()) return;
    std::vector<bool> used(g_.size(), false);
    for (NodeId o : g_.outputs()) used[o.index] = true;
    for (size_t i = g_.size(); i-- > 0;)
      if (used[i])
        for (NodeId in : g_.node(g_.id(i)).inputs) used[in.index] = true;
    std::vector<bool> drop(g_.size(), false);
    bool any = false;
    for (NodeId b : bypassed_) {
      drop[b.index] = !used[b.index];
      any |= drop[b.index];
    }
    if (!any) return;
    Graph out;
    std::vector<NodeId> id(g_.size());
    for (size_t i = 0; i < g_.size(); ++i) {
      if (drop[i]) continue;
      const Node& n = g_.node(g_.id(i));
      if (n.op == OpKind::Input) {
        id[i] = out.add_input(n.name, n.type, n.weight);
      } else if (n.op == OpKind::Constant) {
        id[i] = out.add_constant(n.name, n.data);
      } else {
        std::vector<NodeId> inputs;
        for (NodeId in : n.inputs) inputs.push_back(id[in.index]);
        id[i] = out.add_node(n.op, n.name, std::move(inputs), n.attrs, n.type);
      }
    }
    for (NodeId o : g_.outputs()) out.add_output(id[o.index]);
    g_ = std::move(out);
  }

  NodeId split_field(size_t split, size_t k) {
    SplitTuple& t = splits_[split];
    if (t.made[k]) return *t.made[k];
    Attrs a;
    a.set("axis", t.axis);
    a.set("sizes", t.sizes);
    a.set("index", static_cast<int64_t>(k));
    NodeId id = g_.add_node(OpKind::Split, unique_name(fmt::format("{}.{}", t.name, k)), {t.input},
                            std::move(a));
    auto type = infer_node_type(g_, g_.node(id));
    assert(type && "split sizes were checked against the input");
    g_.node_mut(id).type = *type;
    t.made[k] = id;
    return id;
  }

  // The fields of a value used as a whole tuple (an argument of concatenate, the
  // function's result); nullopt for a value that is not a tuple.
  std::optional<std::vector<Value>> tuple_fields(const Value& v) {
    if (v.kind == Value::Kind::Tuple) return v.fields;
    if (v.kind != Value::Kind::Split) return std::nullopt;
    std::vector<Value> fields;
    for (size_t k = 0; k < splits_[v.split].sizes.size(); ++k)
      fields.push_back(Value::tensor(split_field(v.split, k)));
    return fields;
  }

  void error(Span s, std::string msg) { diags_.error(src_, s.offset, s.length, std::move(msg)); }

  std::string unique_name(const std::string& base) {
    if (names_.insert(base).second) return base;
    for (int i = 1;; ++i) {
      std::string n = fmt::format("{}_{}", base, i);
      if (names_.insert(n).second) return n;
    }
  }

  // Binds `%name`; a redefinition is reported and the first definition kept.
  void declare(const std::string& name, Span where, Value v) {
    auto [it, inserted] = scope_.try_emplace(name, Scoped{std::move(v), where});
    if (inserted) return;
    error(where, fmt::format("redefinition of '%{}'", name));
    diags_.note(src_, it->second.where.offset, it->second.where.length,
                fmt::format("'%{}' was first defined here", name));
  }

  void import_function(const relay::FunctionAst& f) {
    for (size_t i = 0; i < f.params.size(); ++i) {
      const relay::ParamAst& p = f.params[i];
      // Relay files carry weights as parameters of @main after the activation (the image).
      bool weight = i > 0;
      Value v;
      if (!p.type) {
        error(p.name_span, fmt::format("parameter '%{}' needs a type like "
                                       "'Tensor[(1, 3), float32]'",
                                       p.name));
      } else if (p.type->kind == TypeAst::Kind::Tuple) {
        error(p.type->span, fmt::format("parameter '%{}' has a tuple type; only tensor "
                                        "parameters are supported",
                                        p.name));
      } else if (auto t = tensor_type(*p.type)) {
        v = Value::tensor(g_.add_input(unique_name(p.name), *t, weight));
      }
      declare(p.name, p.name_span, std::move(v));
    }
    for (const auto& b : f.bindings) {
      Value v;
      if (b.value) v = eval(*b.value, b.name);
      declare(b.name, b.name_span, std::move(v));
    }
    if (!f.result) return;  // a syntax error, already reported
    Value out = eval(*f.result, "output");
    if (out.kind == Value::Kind::Poisoned) return;
    if (f.ret_type) {
      auto want = annotated_type(*f.ret_type);
      auto got = value_type(out);
      if (want && got && *want != *got)
        error(f.ret_type->span,
              fmt::format("return type {} of '@{}' does not match inferred "
                          "type {}",
                          value_type_string(*want), f.name, value_type_string(*got)));
    }
    if (auto fields = tuple_fields(out)) {
      for (const auto& field : *fields)
        if (auto id = as_tensor(field, *f.result)) g_.add_output(*id);
    } else if (auto id = as_tensor(out, *f.result)) {
      g_.add_output(*id);
    }
  }

  // ---- types ---------------------------------------------------------------------
  std::optional<TensorType> tensor_type(const TypeAst& t) {
    auto dt = parse_dtype(t.dtype);
    if (!dt) {
      error(t.dtype_span, fmt::format("unknown element type '{}'", t.dtype));
      return std::nullopt;
    }
    return TensorType{*dt, t.shape};
  }

  std::optional<ValueType> annotated_type(const TypeAst& t) {
    ValueType vt;
    if (t.kind == TypeAst::Kind::Tensor) {
      auto tt = tensor_type(t);
      if (!tt) return std::nullopt;
      vt.tensor = *tt;
      return vt;
    }
    vt.is_tuple = true;
    for (const auto& f : t.fields) {
      auto ft = annotated_type(f);
      if (!ft) return std::nullopt;
      vt.fields.push_back(std::move(*ft));
    }
    return vt;
  }

  std::optional<ValueType> value_type(const Value& v) const {
    ValueType vt;
    switch (v.kind) {
      case Value::Kind::Poisoned: return std::nullopt;
      case Value::Kind::Tensor: vt.tensor = g_.node(v.node).type; return vt;
      case Value::Kind::BatchNormTuple: {
        // (normalized data, new moving mean, new moving variance)
        const Node& bn = g_.node(v.node);
        vt.is_tuple = true;
        vt.fields.resize(3);
        vt.fields[0].tensor = bn.type;
        vt.fields[1].tensor = g_.node(bn.inputs[3]).type;
        vt.fields[2].tensor = g_.node(bn.inputs[4]).type;
        return vt;
      }
      case Value::Kind::DropoutTuple:  // (output, mask), both of the input's type
        vt.is_tuple = true;
        vt.fields.resize(2);
        vt.fields[0].tensor = vt.fields[1].tensor = g_.node(v.node).type;
        return vt;
      case Value::Kind::Split: {
        const SplitTuple& t = splits_[v.split];
        vt.is_tuple = true;
        for (int64_t size : t.sizes) {
          ValueType field;
          field.tensor = g_.node(t.input).type;
          field.tensor.shape[static_cast<size_t>(t.axis)] = size;
          vt.fields.push_back(std::move(field));
        }
        return vt;
      }
      case Value::Kind::Tuple:
        vt.is_tuple = true;
        for (const auto& f : v.fields) {
          auto ft = value_type(f);
          if (!ft) return std::nullopt;
          vt.fields.push_back(std::move(*ft));
        }
        return vt;
    }
    return std::nullopt;
  }

  void check_annotation(const ExprAst& e, const Value& v) {
    if (!e.annotation) return;
    auto want = annotated_type(*e.annotation);
    auto got = value_type(v);
    if (want && got && *want != *got)
      error(e.annotation->span, fmt::format("type annotation {} does not match inferred type {}",
                                            value_type_string(*want), value_type_string(*got)));
  }

  // ---- expressions ---------------------------------------------------------------

  // Reports the tuple `what` ("the tuple returned by split") of `e` used as a tensor, with
  // the projections to write instead: its output '.0', or its sections.
  void tuple_as_tensor(const ExprAst& e, std::string_view what, bool sections) {
    if (e.kind != ExprAst::Kind::Var) {
      error(e.span, fmt::format("{} is not a tensor; {}", what,
                                sections ? "project a section with '.0', '.1', ..."
                                         : "project its output with '.0'"));
      return;
    }
    std::string text = src_.text().substr(e.span.offset, e.span.length);
    error(e.span, sections ? fmt::format("'{}' is {}, not a tensor; use '{}.0', '{}.1', ... for "
                                         "its sections",
                                         text, what, text, text)
                           : fmt::format("'{}' is {}, not a tensor; use '{}.0' for its output",
                                         text, what, text));
  }

  // The tensor a value stands for; reports tuples used as tensors. `e` is the
  // expression that produced the value, for the location and the suggestion.
  std::optional<NodeId> as_tensor(const Value& v, const ExprAst& e) {
    switch (v.kind) {
      case Value::Kind::Tensor: return v.node;
      case Value::Kind::Poisoned: return std::nullopt;
      case Value::Kind::BatchNormTuple:
        tuple_as_tensor(e, "the 3-tuple returned by nn.batch_norm", false);
        return std::nullopt;
      case Value::Kind::DropoutTuple:
        tuple_as_tensor(e, "the 2-tuple returned by nn.dropout", false);
        return std::nullopt;
      case Value::Kind::Split:
        tuple_as_tensor(e, "the tuple returned by split", true);
        return std::nullopt;
      case Value::Kind::Tuple:
        error(e.span, "a tuple is used where a tensor is expected");
        return std::nullopt;
    }
    return std::nullopt;
  }

  // Evaluates an expression; a call becomes a node named `name`.
  Value eval(const ExprAst& e, const std::string& name) {
    Value v = eval_unannotated(e, name);
    if (v.kind != Value::Kind::Poisoned) check_annotation(e, v);
    return v;
  }

  Value eval_unannotated(const ExprAst& e, const std::string& name) {
    switch (e.kind) {
      case ExprAst::Kind::Var: {
        auto it = scope_.find(e.name);
        if (it == scope_.end()) {
          error(e.name_span, fmt::format("use of undefined variable '%{}'", e.name));
          return {};
        }
        return it->second.value;
      }
      case ExprAst::Kind::Int:
      case ExprAst::Kind::Float: return literal(e, name);
      case ExprAst::Kind::Tuple: {
        Value t;
        t.kind = Value::Kind::Tuple;
        bool poisoned = false;
        for (size_t k = 0; k < e.args.size(); ++k) {
          t.fields.push_back(eval(e.args[k], fmt::format("{}.{}", name, k)));
          poisoned |= t.fields.back().kind == Value::Kind::Poisoned;
        }
        return poisoned ? Value{} : t;
      }
      case ExprAst::Kind::Proj: return project(e, name);
      case ExprAst::Kind::Call: return call(e, name);
    }
    return {};
  }

  Value literal(const ExprAst& e, const std::string& name) {
    DType dt;
    if (e.kind == ExprAst::Kind::Float)
      dt = e.suffix == "f64" ? DType::F64 : DType::F32;
    else
      dt = e.suffix == "i64" ? DType::I64 : DType::I32;
    double v = e.kind == ExprAst::Kind::Float ? e.float_value : static_cast<double>(e.int_value);
    return Value::tensor(g_.add_constant(unique_name(name), Tensor::scalar(dt, v)));
  }

  Value project(const ExprAst& e, const std::string& name) {
    const ExprAst& base_expr = e.args[0];
    Value base = eval(base_expr, name);
    int64_t k = e.int_value;
    switch (base.kind) {
      case Value::Kind::Poisoned: return {};
      case Value::Kind::BatchNormTuple:
        if (k == 0) return Value::tensor(base.node);
        error(e.name_span, "only output 0 of nn.batch_norm is supported at inference");
        return {};
      case Value::Kind::DropoutTuple:
        if (k == 0) return Value::tensor(base.node);
        error(e.name_span, "only output 0 of nn.dropout (its input, at inference) is supported");
        return {};
      case Value::Kind::Split: {
        const size_t n = splits_[base.split].sizes.size();
        if (k < 0 || k >= static_cast<int64_t>(n)) {
          error(e.name_span,
                fmt::format("index {} is out of range for the {} sections of split", k, n));
          return {};
        }
        return Value::tensor(split_field(base.split, static_cast<size_t>(k)));
      }
      case Value::Kind::Tuple:
        if (k < 0 || k >= static_cast<int64_t>(base.fields.size())) {
          error(e.name_span, fmt::format("index {} is out of range for a tuple of {} fields", k,
                                         base.fields.size()));
          return {};
        }
        return base.fields[k];
      case Value::Kind::Tensor:
        error(e.name_span,
              fmt::format("cannot take field {} of '{}': it is a tensor, not a tuple", k,
                          src_.text().substr(base_expr.span.offset, base_expr.span.length)));
        return {};
    }
    return {};
  }

  Value call(const ExprAst& e, const std::string& name) {
    const OpRule* rule = find_rule(e.name);
    if (!rule) error(e.name_span, fmt::format("unknown operator '{}'", e.name));
    // Arguments are evaluated even for an unknown operator, so that their own errors
    // are reported too.
    std::vector<Value> args(e.args.size());
    std::optional<double> literal_value;
    bool literal_ok = true;
    for (size_t k = 0; k < e.args.size(); ++k) {
      const ExprAst& a = e.args[k];
      bool is_literal = a.kind == ExprAst::Kind::Int || a.kind == ExprAst::Kind::Float;
      if (rule && static_cast<int>(k) == rule->literal_arg) {
        if (is_literal) {
          literal_value =
              a.kind == ExprAst::Kind::Float ? a.float_value : static_cast<double>(a.int_value);
        } else {
          error(a.span, fmt::format("argument {} of '{}' must be a scalar literal", k + 1, e.name));
          literal_ok = false;
        }
        continue;
      }
      args[k] =
          eval(a, is_literal ? fmt::format("{}.c{}", name, k) : fmt::format("{}.{}", name, k));
    }
    if (!rule) return {};
    int n = static_cast<int>(e.args.size());
    if (n < rule->min_args || n > rule->max_args) {
      std::string expected = rule->min_args == rule->max_args
                                 ? fmt::format("{}", rule->min_args)
                                 : fmt::format("{} to {}", rule->min_args, rule->max_args);
      error(e.name_span, fmt::format("'{}' takes {} argument{}, got {}", e.name, expected,
                                     rule->max_args == 1 ? "" : "s", n));
      return {};
    }
    bool ok = check_attrs(*rule, e) && literal_ok;

    // Tensor inputs.
    std::vector<NodeId> inputs;
    for (size_t k = 0; k < args.size(); ++k) {
      if (static_cast<int>(k) == rule->literal_arg) continue;
      if (rule->tuple_arg) {
        if (args[k].kind == Value::Kind::Poisoned) return {};
        auto fields = tuple_fields(args[k]);
        if (!fields) {
          error(e.args[k].span,
                fmt::format("'{}' takes a tuple of tensors like '(%a, %b)'", e.name));
          return {};
        }
        for (const auto& field : *fields) {
          auto id = as_tensor(field, e.args[k]);
          if (!id) return {};
          inputs.push_back(*id);
        }
        continue;
      }
      auto id = as_tensor(args[k], e.args[k]);
      if (!id)
        ok = false;
      else
        inputs.push_back(*id);
    }
    if (!ok) return {};
    if (inputs.empty()) {
      error(e.span, fmt::format("'{}' needs at least one input", e.name));
      return {};
    }

    std::vector<TensorType> in_types;
    for (NodeId id : inputs) in_types.push_back(g_.node(id).type);
    CallCtx ctx(src_, diags_, *rule, e, std::move(in_types));
    ctx.literal = literal_value;
    if (rule->expand) {
      Value v = rule->expand(*this, ctx, inputs, name);
      return ctx.ok ? v : Value{};
    }
    if (rule->convert) rule->convert(ctx);
    if (!ctx.ok) return {};

    auto added = add_op(ctx, rule->op, name, std::move(inputs), std::move(ctx.out));
    if (!added) return {};
    NodeId id = *added;
    if (rule->op == OpKind::BatchNorm) {
      Value bn;
      bn.kind = Value::Kind::BatchNormTuple;
      bn.node = id;
      return bn;
    }
    return Value::tensor(id);
  }

  // Checks attribute names and value kinds against the operator's rule.
  bool check_attrs(const OpRule& rule, const ExprAst& e) {
    bool ok = true;
    for (size_t i = 0; i < e.attrs.size(); ++i) {
      const AttrAst& a = e.attrs[i];
      auto spec = std::find_if(rule.attrs.begin(), rule.attrs.end(),
                               [&](const AttrRule& r) { return r.name == a.name; });
      if (spec == rule.attrs.end()) {
        std::vector<std::string_view> known;
        for (const auto& r : rule.attrs) known.push_back(r.name);
        error(a.name_span,
              known.empty()
                  ? fmt::format("unknown attribute '{}': '{}' takes no attributes", a.name, e.name)
                  : fmt::format("unknown attribute '{}' for operator '{}' (expected one of: {})",
                                a.name, e.name, fmt::join(known, ", ")));
        ok = false;
        continue;
      }
      for (size_t j = 0; j < i; ++j) {
        if (e.attrs[j].name == a.name) {
          error(a.name_span, fmt::format("attribute '{}' is given twice", a.name));
          ok = false;
        }
      }
      std::string got;
      if (a.value.kind != AttrValueAst::Kind::None &&
          !attr_value_matches(a.value, spec->type, got)) {
        error(a.value.span, fmt::format("attribute '{}' of '{}' must be {}, got {}", a.name, e.name,
                                        attr_type_name(spec->type), got));
        ok = false;
      }
    }
    for (const auto& r : rule.attrs) {
      if (!r.required) continue;
      auto it = std::find_if(e.attrs.begin(), e.attrs.end(), [&](const AttrAst& a) {
        return a.name == r.name && a.value.kind != AttrValueAst::Kind::None;
      });
      if (it == e.attrs.end()) {
        error(e.name_span, fmt::format("'{}' requires attribute '{}'", e.name, r.name));
        ok = false;
      }
    }
    return ok;
  }

  struct Scoped {
    Value value;
    Span where;
  };

  const SourceFile& src_;
  DiagnosticSink& diags_;
  Graph g_;
  std::unordered_map<std::string, Scoped> scope_;
  std::unordered_set<std::string> names_;
  std::vector<SplitTuple> splits_;
  std::vector<NodeId> bypassed_;  // transposes to_nchw went around
};
}  // namespace
}  // namespace relay

std::optional<Graph> import_relay(const SourceFile& src, DiagnosticSink& diags) {
  return relay::Importer(src, diags).run();
}

std::optional<Graph> import_relay_file(const std::string& path, DiagnosticSink& diags) {
  auto src = SourceFile::load(path);
  if (!src) {
    // The loader's message starts with the path, which the diagnostic already shows.
    std::string msg = src.error().message;
    if (msg.starts_with(path + ": ")) msg.erase(0, path.size() + 2);
    diags.error(path, std::move(msg));
    return std::nullopt;
  }
  return import_relay(*src, diags);
}

}  // namespace vf
