// ONNX import: the model, graph inputs and constants. The operators are converted in
// onnx_import_ops.cpp; shape computations are evaluated at import in onnx_import_fold.cpp.
#include "frontend/onnx_import.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <sstream>

#include "frontend/onnx_importer.h"
#include <onnx/defs/schema.h>

#include "frontend/onnx_tensor.h"
#include "support/limits.h"
#include "ir/op_plan.h"
#include "ir/shape_inference.h"

namespace vf {
namespace onnx_io {
namespace {

/// Opsets of the default domain the importer reads. Each operator also has the first
/// opset whose semantics its converter implements (converter_since); the converters read
/// what 18 changed (reductions' axes as an input, Split's num_outputs, Pad's axes,
/// Resize's axes / antialias / keep_aspect_ratio_policy) and 18's Mish.
constexpr int64_t kMinOpset = 1, kMaxOpset = 18;

bool is_default_domain(const std::string& d) { return d.empty() || d == "ai.onnx"; }

}  // namespace

// ---------------------------------------------------------------- shapes

std::optional<Shape> reshape_target(const Shape& in, const std::vector<int64_t>& target,
                                    bool allowzero) {
  Shape out;
  int64_t known_size = 1, infer = -1;
  for (size_t k = 0; k < target.size(); ++k) {
    int64_t d = target[k];
    if (d == 0 && !allowzero) d = k < in.size() ? in[k] : 0;
    if (d == -1) {
      if (infer >= 0) return std::nullopt;
      infer = static_cast<int64_t>(k);
      d = 1;
    } else if (d < 0) {
      return std::nullopt;
    } else {
      known_size *= d;
    }
    out.push_back(d);
  }
  if (infer >= 0) {
    if (known_size == 0) return std::nullopt;
    out[static_cast<size_t>(infer)] = num_elements(in) / known_size;
  }
  if (num_elements(out) != num_elements(in)) return std::nullopt;
  return out;
}

Shape squeezed(const Shape& in, const std::vector<int64_t>& axes) {
  const int64_t r = static_cast<int64_t>(in.size());
  std::set<int64_t> drop;
  for (int64_t a : axes) drop.insert(norm_axis(a, r));
  Shape out;
  for (int64_t k = 0; k < r; ++k)
    if (!(axes.empty() ? in[static_cast<size_t>(k)] == 1 : drop.count(k) > 0))
      out.push_back(in[static_cast<size_t>(k)]);
  return out;
}

Shape unsqueezed(const Shape& in, const std::vector<int64_t>& axes) {
  const int64_t nr = static_cast<int64_t>(in.size() + axes.size());
  std::set<int64_t> add;
  for (int64_t a : axes) add.insert(norm_axis(a, nr));
  Shape out;
  size_t j = 0;
  for (int64_t k = 0; k < nr; ++k) out.push_back(add.count(k) ? 1 : (j < in.size() ? in[j++] : 1));
  return out;
}

// ---------------------------------------------------------------- attributes

namespace {
const onnx::AttributeProto* find_attr(const onnx::NodeProto& n, const std::string& name) {
  for (const auto& a : n.attribute())
    if (a.name() == name) return &a;
  return nullptr;
}
}  // namespace

bool has_attr(const onnx::NodeProto& n, const std::string& name) {
  return find_attr(n, name) != nullptr;
}
int64_t attr_int(const onnx::NodeProto& n, const std::string& name, int64_t dflt) {
  const auto* a = find_attr(n, name);
  return a ? a->i() : dflt;
}
double attr_float(const onnx::NodeProto& n, const std::string& name, double dflt) {
  const auto* a = find_attr(n, name);
  return a ? static_cast<double>(a->f()) : dflt;
}
std::vector<int64_t> attr_ints(const onnx::NodeProto& n, const std::string& name,
                               std::vector<int64_t> dflt) {
  const auto* a = find_attr(n, name);
  return a ? std::vector<int64_t>(a->ints().begin(), a->ints().end()) : dflt;
}
std::string attr_str(const onnx::NodeProto& n, const std::string& name, std::string dflt) {
  const auto* a = find_attr(n, name);
  return a ? a->s() : dflt;
}

// ---------------------------------------------------------------- the importer's helpers

bool Importer::fail(const onnx::NodeProto& n, const std::string& msg) {
  const std::string who = n.name().empty() ? (n.output_size() > 0 ? n.output(0) : "?") : n.name();
  diags_.error(file_, fmt::format("node '{}' ({}): {}", who, n.op_type(), msg));
  return false;
}

const Value* Importer::input(const onnx::NodeProto& n, int k) {
  if (k >= n.input_size() || n.input(k).empty()) return nullptr;
  auto it = values_.find(n.input(k));
  return it == values_.end() ? nullptr : &it->second;
}

NodeId Importer::node_of(const onnx::NodeProto& n, int k) {
  Value& v = values_.at(n.input(k));
  if (fold_.active) {  // a leaf of the scratch graph, whatever node the main graph has
    auto [it, fresh] = fold_.constants.emplace(n.input(k), NodeId{});
    if (fresh) {
      it->second = g_.add_constant(unique_name(n.input(k)), v.known);
      g_.node_mut(it->second).type = v.type;
    }
    return it->second;
  }
  if (!v.id.valid()) {
    assert(v.known);
    v.id = g_.add_constant(unique_name(n.input(k)), v.known);
    g_.node_mut(v.id).type = v.type;
  }
  return v.id;
}

std::optional<std::vector<int64_t>> Importer::known_ints(const onnx::NodeProto& n, int k,
                                                         const char* what) {
  const Value* v = input(n, k);
  if (!v || !v->known) {
    fail(n, fmt::format("{} (input {}) must be known when the model is imported", what, k));
    return std::nullopt;
  }
  std::vector<int64_t> out;
  for (int64_t i = 0; i < v->known->size(); ++i) out.push_back(int_at(*v->known, i));
  return out;
}

std::optional<std::vector<double>> Importer::known_floats(const onnx::NodeProto& n, int k,
                                                          const char* what) {
  const Value* v = input(n, k);
  if (!v || !v->known) {
    fail(n, fmt::format("{} (input {}) must be known when the model is imported", what, k));
    return std::nullopt;
  }
  return v->known->to_doubles();
}

std::string Importer::unique_name(const std::string& base) {
  std::string name = base.empty() ? "v" : base;
  for (int k = 1; names_.count(name); ++k) name = fmt::format("{}.{}", base, k);
  names_.insert(name);
  return name;
}

std::optional<NodeId> Importer::add(const onnx::NodeProto& n, OpKind op, std::vector<NodeId> inputs,
                                    Attrs attrs, bool final_node) {
  const std::string base = n.output_size() > 0 && !n.output(0).empty() ? n.output(0) : n.name();
  if (auto r = normalize_attrs(op, attrs); !r) {
    fail(n, r.error().message);
    return std::nullopt;
  }
  order_commutative_operands(g_, op, inputs);
  NodeId id =
      g_.add_node(op, unique_name(final_node ? base : base + "/" + std::string(op_info(op).name)),
                  std::move(inputs), std::move(attrs));
  auto t = infer_node_type(g_, g_.node(id));
  if (!t) {
    fail(n, t.error().message);
    return std::nullopt;
  }
  g_.node_mut(id).type = *t;
  return id;
}

NodeId Importer::constant(const onnx::NodeProto& n, Tensor t) {
  const std::string base = n.output_size() > 0 ? n.output(0) : n.name();
  TensorType type = t.type();
  NodeId id = g_.add_constant(unique_name(base + "/const"), std::move(t));
  g_.node_mut(id).type = type;
  return id;
}

std::optional<NodeId> Importer::reshape(const onnx::NodeProto& n, NodeId x, const Shape& shape) {
  if (g_.node(x).type.shape == shape) return x;
  Attrs a;
  a.set("shape", shape);
  return add(n, OpKind::Reshape, {x}, std::move(a), false);
}

// An output the node does not declare is used by nobody: binding it is a no-op (a
// converter binds output 0 even of a malformed node without outputs).
void Importer::bind(const onnx::NodeProto& n, int k, NodeId id) {
  if (k >= n.output_size()) return;
  if (fold_.active) {  // evaluated once the node is converted (fold_by_semantics)
    fold_.binds.emplace_back(k, id);
    return;
  }
  values_[n.output(k)] = Value{id, g_.node(id).type, nullptr};
}

void Importer::bind_nonzero(const onnx::NodeProto& n, int k, NodeId id, bool negated) {
  if (k >= n.output_size()) return;
  values_[n.output(k)] =
      Value{id, TensorType{DType::Bool, g_.node(id).type.shape}, nullptr, negated};
}

std::optional<NodeId> Importer::bool_as_float(const onnx::NodeProto& n, const Value& b) {
  const NodeId one = constant(n, Tensor::scalar(DType::F32, 1));
  const NodeId zero = constant(n, Tensor::scalar(DType::F32, 0));
  return add(n, OpKind::Where, {b.id, b.negated ? zero : one, b.negated ? one : zero}, {},
             false);
}

namespace {
/// Operators that only move elements: a run-time boolean goes through them as a float32
/// 0 / 1 tensor and comes out a boolean again.
bool moves_elements(const std::string& op) {
  static const char* kOps[] = {"Reshape", "Unsqueeze", "Squeeze", "Expand",
                               "Flatten", "Transpose", "Identity"};
  return std::any_of(std::begin(kOps), std::end(kOps), [&](const char* o) { return op == o; });
}
}  // namespace

void Importer::bind_known(const onnx::NodeProto& n, int k, Tensor t) {
  if (k >= n.output_size()) return;
  TensorType type = t.type();
  values_[n.output(k)] = Value{NodeId{}, type, std::make_shared<const Tensor>(std::move(t))};
}

// An absent input (missing or empty name) leaves the output unbound; its users then
// report it as produced by no node.
void Importer::alias(const onnx::NodeProto& n, int k, int from) {
  if (k >= n.output_size() || from >= n.input_size()) return;
  auto it = values_.find(n.input(from));
  if (it != values_.end()) values_[n.output(k)] = it->second;
}

bool Importer::output_used(const onnx::NodeProto& n, int k) const {
  return k < n.output_size() && !n.output(k).empty() && used_.count(n.output(k)) > 0;
}

// ---------------------------------------------------------------- inputs and constants

bool Importer::add_initializers() {
  bool ok = true;
  for (const auto& init : model_.graph().initializer()) {
    auto t = tensor_from_proto(init);
    if (!t) {
      diags_.error(file_, fmt::format("initializer '{}': {}", init.name(), t.error().message));
      ok = false;
      continue;
    }
    TensorType type = t->type();
    values_[init.name()] = Value{NodeId{}, type, std::make_shared<const Tensor>(std::move(*t))};
  }
  return ok;
}

bool Importer::add_inputs() {
  bool ok = true;
  for (const auto& vi : model_.graph().input()) {
    if (values_.count(vi.name())) continue;  // an initializer listed as an input (IR < 4)
    if (auto k = opts_.known_inputs.find(vi.name()); k != opts_.known_inputs.end()) {
      values_[vi.name()] =
          Value{NodeId{}, k->second.type(), std::make_shared<const Tensor>(k->second)};
      continue;
    }
    const std::string where = fmt::format("input '{}'", vi.name());
    if (!vi.type().has_tensor_type()) {
      diags_.error(file_, where + ": not a tensor; vfuse imports tensor inputs only");
      ok = false;
      continue;
    }
    const auto& tt = vi.type().tensor_type();
    // float32 activations, and int64 / int32 run-time data (token ids, attention masks) for
    // the operators that read it (gather, cast, where: ops.def).
    const auto elem = tt.elem_type();
    if (elem != onnx::TensorProto::FLOAT && elem != onnx::TensorProto::INT64 &&
        elem != onnx::TensorProto::INT32) {
      diags_.error(file_, fmt::format("{}: element type {}; vfuse runs float32 activations and "
                                      "int64 / int32 ids and masks",
                                      where, onnx_dtype_name(elem)));
      ok = false;
      continue;
    }
    auto bound = opts_.input_shapes.find(vi.name());
    std::vector<std::string> symbolic;
    Shape declared;
    for (int k = 0; k < tt.shape().dim_size(); ++k) {
      const auto& d = tt.shape().dim(k);
      if (d.has_dim_value()) {
        declared.push_back(d.dim_value());
      } else {
        declared.push_back(-1);
        symbolic.push_back(d.has_dim_param() && !d.dim_param().empty()
                               ? fmt::format("'{}' (dimension {})", d.dim_param(), k)
                               : fmt::format("dimension {}", k));
      }
    }
    if (!tt.has_shape() && bound == opts_.input_shapes.end()) {
      diags_.error(file_, where + ": the model gives no shape; bind one with --shape " + vi.name() +
                              "=D0xD1x...");
      ok = false;
      continue;
    }
    Shape shape = declared;
    if (bound != opts_.input_shapes.end()) {
      shape = bound->second;
      if (tt.has_shape() && shape.size() != declared.size()) {
        diags_.error(file_, fmt::format("{}: --shape gives rank {}, the model declares rank {}",
                                        where, shape.size(), declared.size()));
        ok = false;
        continue;
      }
      bool match = true;
      for (size_t k = 0; k < declared.size() && tt.has_shape(); ++k)
        if (declared[k] >= 0 && declared[k] != shape[k]) {
          diags_.error(file_, fmt::format("{}: --shape gives {} for dimension {}, the model "
                                          "declares {}",
                                          where, shape[k], k, declared[k]));
          match = false;
        }
      if (!match) {
        ok = false;
        continue;
      }
    } else if (!symbolic.empty()) {
      std::string dims;
      for (const auto& s : symbolic) dims += (dims.empty() ? "" : ", ") + s;
      diags_.error(file_, fmt::format("{} has symbolic dimensions {}; bind them with --shape "
                                      "{}=D0xD1x... (all {} dimensions)",
                                      where, dims, vi.name(), declared.size()));
      ok = false;
      continue;
    }
    if (!limits::checked_num_elements(shape)) {  // before any shape arithmetic overflows
      diags_.error(file_, fmt::format("{}: shape {} has a negative dimension or more than 2^56 "
                                      "elements",
                                      where, shape_string(shape)));
      ok = false;
      continue;
    }
    TensorType type{elem == onnx::TensorProto::FLOAT   ? DType::F32
                    : elem == onnx::TensorProto::INT64 ? DType::I64
                                                       : DType::I32,
                    shape};
    NodeId id = g_.add_input(unique_name(vi.name()), type);
    values_[vi.name()] = Value{id, type, nullptr};
  }
  for (const auto& [name, shape] : opts_.input_shapes) {
    bool found = false;
    for (const auto& vi : model_.graph().input()) found = found || vi.name() == name;
    if (!found) {
      std::string names;
      for (const auto& vi : model_.graph().input())
        if (!values_.count(vi.name()) || values_.at(vi.name()).id.valid())
          names += (names.empty() ? "'" : ", '") + vi.name() + "'";
      diags_.error(file_, fmt::format("--shape names '{}', which is not an input of the model "
                                      "(inputs: {})",
                                      name, names.empty() ? "none" : names));
      ok = false;
    }
  }
  return ok;
}

// ---------------------------------------------------------------- the graph

// What is wrong with `n`'s numbers of inputs and outputs for its operator's schema at
// `opset` (ONNX's own registry), or nothing. The converters read required inputs and
// output 0 without checking, so this runs before them.
/// Input counts of the operators opset 18 changed or added, for an ONNX library whose
/// schemas stop at 17 (Debian 12's 1.12): its schema of an older version would refuse
/// the new inputs. {op, min inputs, max inputs}.
struct Arity {
  const char* op;
  int min, max;
};
constexpr Arity kOpset18Arity[] = {{"Mish", 1, 1},      {"Pad", 2, 4},        {"ReduceL2", 1, 2},
                                   {"ReduceMax", 1, 2}, {"ReduceMean", 1, 2}, {"ReduceSum", 1, 2},
                                   {"Resize", 1, 4},    {"Split", 1, 2}};

static std::optional<std::string> arity_error(const onnx::NodeProto& n, int64_t opset) {
  const auto* schema =
      onnx::OpSchemaRegistry::Schema(n.op_type(), static_cast<int>(opset), onnx::ONNX_DOMAIN);
  if (opset >= 18 && (!schema || schema->since_version() < 18))
    for (const Arity& a : kOpset18Arity)
      if (n.op_type() == a.op) {
        const int ins = n.input_size();
        if (ins < a.min || ins > a.max)
          return fmt::format("{} input{}; {} at opset {} takes {} to {}", ins, ins == 1 ? "" : "s",
                             n.op_type(), opset, a.min, a.max);
        if (n.input(0).empty()) return std::string("required input 0 is empty");
        if (n.output_size() < 1 || n.output(0).empty()) return std::string("output 0 has no name");
        return std::nullopt;
      }
  if (!schema) return std::nullopt;  // an op only vfuse knows: its converter checks
  const int ins = n.input_size(), outs = n.output_size();
  if (ins < schema->min_input() || ins > schema->max_input())
    return fmt::format("{} input{}; {} at opset {} takes {} to {}", ins, ins == 1 ? "" : "s",
                       n.op_type(), opset, schema->min_input(), schema->max_input());
  for (int k = 0; k < schema->min_input(); ++k)
    if (n.input(k).empty()) return fmt::format("required input {} is empty", k);
  // A variadic list (Concat's, Min's) has no optional members.
  if (const auto& formal = schema->inputs();
      !formal.empty() && formal.back().GetOption() == onnx::OpSchema::Variadic)
    for (int k = static_cast<int>(formal.size()) - 1; k < ins; ++k)
      if (n.input(k).empty()) return fmt::format("input {} of the variadic list is empty", k);
  if (outs < std::max(1, schema->min_output()) || outs > schema->max_output())
    return fmt::format("{} output{}; {} at opset {} has {} to {}", outs, outs == 1 ? "" : "s",
                       n.op_type(), opset, std::max(1, schema->min_output()),
                       schema->max_output());
  if (n.output(0).empty()) return std::string("output 0 has no name");
  return std::nullopt;
}

bool Importer::convert(const onnx::NodeProto& n) {
  if (auto e = arity_error(n, opset_)) return fail(n, *e);
  bool ok = true;
  if (try_fold(n, ok)) return ok;
  const Value* b = n.input_size() > 0 ? input(n, 0) : nullptr;
  if (b && b->run_time() && b->type.dtype == DType::Bool &&
      moves_elements(n.op_type())) {
    const Value saved = *b;
    auto f = bool_as_float(n, saved);
    if (!f) return false;
    values_[n.input(0)] = Value{*f, g_.node(*f).type, nullptr};
    ok = convert_node(*this, n);
    values_[n.input(0)] = saved;
    if (!ok) return false;
    for (int k = 0; k < n.output_size(); ++k) {
      auto it = values_.find(n.output(k));
      if (it != values_.end() && it->second.id.valid()) it->second.type.dtype = DType::Bool;
    }
    return true;
  }
  return convert_node(*this, n);
}

std::optional<Graph> Importer::run() {
  for (const auto& os : model_.opset_import())
    if (is_default_domain(os.domain())) opset_ = os.version();
  if (opset_ == 0 && model_.opset_import_size() == 0) opset_ = 1;  // IR 2: opset 1 implied
  const auto& graph = model_.graph();
  if (opset_ < kMinOpset || opset_ > kMaxOpset) {
    diags_.error(file_, fmt::format("opset {} of the default domain; vfuse imports opsets up "
                                    "to {}",
                                    opset_, kMaxOpset));
    return std::nullopt;
  }
  // Unsupported operators first, all of them in one report.
  const auto& known_ops = converter_ops();
  for (const auto& n : graph.node()) {
    const bool ok_domain = is_default_domain(n.domain());
    if (!ok_domain || !std::binary_search(known_ops.begin(), known_ops.end(), n.op_type()))
      fail(n, ok_domain ? "unsupported operator"
                        : fmt::format("operator of domain '{}' is not supported", n.domain()));
    else if (opset_ < converter_since(n.op_type()))
      fail(n, fmt::format("unsupported before opset {} (the model has opset {})",
                          converter_since(n.op_type()), opset_));
  }
  if (diags_.has_errors()) {
    diags_.error(file_, fmt::format("{} node{} with unsupported operators; vfuse supports: {}",
                                    diags_.error_count(), diags_.error_count() == 1 ? "" : "s",
                                    fmt::format("{}", fmt::join(onnx_supported_ops(), ", "))));
    return std::nullopt;
  }
  for (const auto& n : graph.node())
    for (const auto& i : n.input()) used_.insert(i);
  for (const auto& o : graph.output()) used_.insert(o.name());

  if (!add_initializers() || !add_inputs()) return std::nullopt;
  for (const auto& n : graph.node()) {
    for (int k = 0; k < n.input_size(); ++k)
      if (!n.input(k).empty() && !values_.count(n.input(k)))
        return fail(n, fmt::format("input '{}' is not produced by any earlier node, "
                                   "initializer or graph input",
                                   n.input(k))),
               std::nullopt;
    if (!convert(n)) return std::nullopt;
  }
  // Output names: an output the import renamed (an Identity, Dropout or float Cast elided,
  // so the value is another node's) takes its graph output's name, as ONNX Runtime reports
  // it; the rewriter keeps a replaced root's name, so every command sees it. Not when the
  // node is a graph input, already carries another output's name, or serves an earlier
  // output (two outputs of one value keep the first name).
  std::set<std::string> output_names;
  for (const auto& o : graph.output()) output_names.insert(o.name());
  std::set<NodeId> named_outputs;
  for (const auto& o : graph.output()) {
    auto it = values_.find(o.name());
    if (it == values_.end()) {
      diags_.error(file_, fmt::format("graph output '{}' is not produced by any node", o.name()));
      return std::nullopt;
    }
    Value& v = it->second;
    if (!v.id.valid()) {  // an output known at import: a constant of the graph
      v.id = g_.add_constant(unique_name(o.name()), v.known);
      g_.node_mut(v.id).type = v.type;
    }
    // Integer outputs only from the quantized operators (QuantizeLinear, QLinearConv...),
    // whose integers the interpreter computes exactly.
    if (!is_float(v.type.dtype) && !is_quant_op(g_.node(v.id).op)) {
      diags_.error(file_, fmt::format("graph output '{}' has element type {}; vfuse computes "
                                      "float outputs, or integers of quantized operators only",
                                      o.name(), dtype_name(v.type.dtype)));
      return std::nullopt;
    }
    Node& node = g_.node_mut(v.id);
    if (node.name != o.name() && node.op != OpKind::Input && !output_names.count(node.name) &&
        !named_outputs.count(v.id) && !names_.count(o.name())) {
      node.name = o.name();
      names_.insert(o.name());
    }
    named_outputs.insert(v.id);
    g_.add_output(v.id);
  }
  drop_unread_nodes();
  if (auto r = infer_types(g_); !r) {
    diags_.error(file_, r.error().message);
    return std::nullopt;
  }
  return std::move(g_);
}

}  // namespace onnx_io

std::optional<Graph> import_onnx(const std::string& bytes, const std::string& display_name,
                                 const OnnxImportOptions& opts, DiagnosticSink& diags) {
  onnx::ModelProto model;
  if (bytes.empty() || !model.ParseFromString(bytes)) {
    diags.error(display_name,
                "not a valid ONNX model: the protobuf message does not parse "
                "(truncated or not an .onnx file)");
    return std::nullopt;
  }
  if (!model.has_graph() || model.graph().node_size() == 0) {
    diags.error(display_name, "not a valid ONNX model: it has no graph nodes");
    return std::nullopt;
  }
  if (uint64_t nodes = static_cast<uint64_t>(model.graph().node_size()) +
                       static_cast<uint64_t>(model.graph().initializer_size());
      nodes > limits::kMaxNodes) {
    diags.error(display_name, fmt::format("the graph has {} nodes and initializers, more than "
                                          "the limit of {}",
                                          nodes, limits::kMaxNodes));
    return std::nullopt;
  }
  return onnx_io::Importer(model, display_name, opts, diags).run();
}

namespace {
std::optional<std::string> read_bytes(const std::string& path, std::string& err) {
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) {
    err = "cannot open the file";
    return std::nullopt;
  }
  // Checked before reading (protobuf refuses messages past 2 GiB anyway).
  if (auto size = static_cast<std::streamoff>(f.tellg());
      size > 0 && static_cast<uint64_t>(size) > limits::kMaxFileBytes) {
    err = fmt::format("the file has {} bytes, more than the limit of {}", size,
                      limits::format_bytes(limits::kMaxFileBytes));
    return std::nullopt;
  }
  // One read into a buffer of the file's size (a stream copy grows a string by doubling:
  // 2 s of memmove on a 500 MB model).
  const auto size = static_cast<std::streamoff>(f.tellg());
  f.seekg(0);
  std::string bytes(static_cast<size_t>(std::max<std::streamoff>(size, 0)), '\0');
  if (!f.read(bytes.data(), static_cast<std::streamsize>(bytes.size()))) {
    err = "cannot read the file";
    return std::nullopt;
  }
  return bytes;
}
}  // namespace

std::optional<Graph> import_onnx_file(const std::string& path, const OnnxImportOptions& opts,
                                      DiagnosticSink& diags) {
  std::string err;
  auto bytes = read_bytes(path, err);
  if (!bytes) {
    diags.error(path, err);
    return std::nullopt;
  }
  return import_onnx(*bytes, path, opts, diags);
}

Result<Tensor> read_onnx_tensor_file(const std::string& path) {
  std::string err;
  auto bytes = read_bytes(path, err);
  if (!bytes) return Error{fmt::format("{}: {}", path, err)};
  onnx::TensorProto p;
  if (!p.ParseFromString(*bytes))
    return Error{fmt::format("{}: not a serialized onnx.TensorProto", path)};
  auto t = onnx_io::tensor_from_proto(p);
  if (!t) return Error{fmt::format("{}: {}", path, t.error().message)};
  return t;
}

namespace {
/// A model file parsed, for the queries below that do not import it.
Result<onnx::ModelProto> read_model(const std::string& path) {
  std::string err;
  auto bytes = read_bytes(path, err);
  if (!bytes) return Error{fmt::format("{}: {}", path, err)};
  onnx::ModelProto m;
  if (!m.ParseFromString(*bytes)) return Error{fmt::format("{}: not an ONNX model", path)};
  return m;
}
}  // namespace

Result<std::vector<std::string>> onnx_operators_in_file(const std::string& path) {
  auto model = read_model(path);
  if (!model) return model.error();
  const onnx::ModelProto& m = *model;
  std::vector<std::string> ops;
  for (const auto& n : m.graph().node())
    ops.push_back(onnx_io::is_default_domain(n.domain()) ? n.op_type()
                                                         : n.domain() + "." + n.op_type());
  std::sort(ops.begin(), ops.end());
  ops.erase(std::unique(ops.begin(), ops.end()), ops.end());
  return ops;
}

Result<std::vector<std::string>> onnx_graph_input_names(const std::string& path) {
  auto model = read_model(path);
  if (!model) return model.error();
  const onnx::ModelProto& m = *model;
  std::set<std::string> inits;
  for (const auto& t : m.graph().initializer()) inits.insert(t.name());
  std::vector<std::string> names;
  for (const auto& vi : m.graph().input())
    if (!inits.count(vi.name())) names.push_back(vi.name());
  return names;
}

const std::vector<std::string>& onnx_supported_ops() {
  static const std::vector<std::string> ops = [] {
    std::vector<std::string> v;
    for (const auto& op : onnx_io::converter_ops())
      if (!onnx_io::import_time_only(op)) v.push_back(op);
    return v;
  }();
  return ops;
}

}  // namespace vf
