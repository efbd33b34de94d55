// The ONNX importer: the PaddleOCR classifier (symbolic input bound with a shape, its
// output against ONNX Runtime's), shape subgraphs evaluated at import, the operators
// whose ONNX semantics differ from the IR's, and bad input (unsupported operators all
// listed, truncated and corrupt files, missing or wrong shapes). Small models are built
// here with the generated protobuf classes.
#include <fmt/format.h>
#include <onnx/onnx_pb.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <tuple>
#include <type_traits>

#include "frontend/onnx_export.h"
#include "frontend/onnx_import.h"
#include "interp/interpreter.h"
#include "interp/weights.h"
#include "ir/certified_graph.h"
#include "ir/stats.h"

namespace vf {
namespace {

const std::string kClassifier = std::string(VF_SOURCE_DIR) + "/models/ppocr_mobilenetv3_cls.onnx";

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

OnnxImportOptions classifier_shape() {
  OnnxImportOptions o;
  o.input_shapes["x"] = {1, 3, 48, 192};
  return o;
}

/// A model builder: float inputs, initializers, nodes, outputs.
struct ModelBuilder {
  onnx::ModelProto m;
  explicit ModelBuilder(int64_t opset = 13) {
    m.set_ir_version(8);
    auto* os = m.add_opset_import();
    os->set_domain("");
    os->set_version(opset);
  }
  void input(const std::string& name, const Shape& shape) {
    auto* vi = m.mutable_graph()->add_input();
    vi->set_name(name);
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(onnx::TensorProto::FLOAT);
    for (int64_t d : shape) tt->mutable_shape()->add_dim()->set_dim_value(d);
  }
  /// A 1-D initializer of int64 or float values.
  template <class T>
  void init(const std::string& name, const std::vector<T>& v) {
    auto* t = m.mutable_graph()->add_initializer();
    t->set_name(name);
    t->set_data_type(std::is_same_v<T, float> ? onnx::TensorProto::FLOAT
                                              : onnx::TensorProto::INT64);
    t->add_dims(static_cast<int64_t>(v.size()));
    for (T x : v) {
      if constexpr (std::is_same_v<T, float>)
        t->add_float_data(x);
      else
        t->add_int64_data(x);
    }
  }
  void int_init(const std::string& name, const std::vector<int64_t>& v) { init(name, v); }
  void float_init(const std::string& name, const std::vector<float>& v) { init(name, v); }
  onnx::NodeProto* node(const std::string& op, std::vector<std::string> in,
                        std::vector<std::string> out, const std::string& name = "") {
    auto* n = m.mutable_graph()->add_node();
    n->set_op_type(op);
    n->set_name(name);
    for (auto& s : in) n->add_input(s);
    for (auto& s : out) n->add_output(s);
    return n;
  }
  void output(const std::string& name) { m.mutable_graph()->add_output()->set_name(name); }
  std::string bytes() const { return m.SerializeAsString(); }
};

void int_attr(onnx::NodeProto* n, const std::string& name, int64_t v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(v);
}

std::vector<double> run(const Graph& g, const std::map<std::string, Tensor>& inputs) {
  RunOptions o;
  o.precision = Precision::F64;
  o.inputs = inputs;
  auto r = run_graph(CertifiedGraph::unrewritten(g), o);
  REQUIRE(r);
  return (*r)[0].to_doubles();
}

TEST_CASE("onnx import: the PaddleOCR classifier", "[frontend][onnx][workload]") {
  DiagnosticSink diags;
  auto g = import_onnx_file(kClassifier, classifier_shape(), diags);
  INFO(diags.render());
  REQUIRE(g);
  REQUIRE(g->inputs().size() == 1);
  CHECK(g->node(g->inputs()[0]).type.shape == Shape{1, 3, 48, 192});
  auto ops = op_histogram(*g);
  CHECK(ops["batch_norm"] == 35);
  CHECK(ops["conv2d"] == 53);
  CHECK(ops["hard_sigmoid"] == 9);
  CHECK(ops["clip"] == 18);
  CHECK(ops["matmul"] == 1);
  CHECK(ops["reshape"] == 1);  // Shape -> Cast -> Slice -> Concat evaluated at import
  CHECK(ops.count("constant") == 0);
  CHECK(g->node(g->outputs()[0]).type.shape == Shape{1, 2});

  // The input vfuse generates for seed 0 (vfuse run --save-inputs), run by ONNX Runtime
  // 1.30.0 (onnxruntime-node, all optimizations, one thread) on the original file:
  // [0.6405504941940308, 0.3594495356082916].
  const NodeId x = g->inputs()[0];
  auto out = run(*g, {{"x", generate_input(*g, x, 0)}});
  REQUIRE(out.size() == 2);
  CHECK(std::fabs(out[0] - 0.6405504941940308) < 1e-4);
  CHECK(std::fabs(out[1] - 0.3594495356082916) < 1e-4);
}

TEST_CASE("onnx import: symbolic dimensions need --shape", "[frontend][onnx]") {
  DiagnosticSink diags;
  CHECK_FALSE(import_onnx_file(kClassifier, {}, diags));
  const std::string msg = diags.render();
  CHECK_THAT(msg, Catch::Contains("input 'x' has symbolic dimensions"));
  CHECK_THAT(msg, Catch::Contains("'p2o.DynamicDimension.0' (dimension 0)"));
  CHECK_THAT(msg, Catch::Contains("--shape x="));

  OnnxImportOptions wrong;
  wrong.input_shapes["x"] = {1, 4, 48, 192};
  DiagnosticSink d2;
  CHECK_FALSE(import_onnx_file(kClassifier, wrong, d2));
  CHECK_THAT(d2.render(), Catch::Contains("gives 4 for dimension 1, the model declares 3"));

  OnnxImportOptions rank;
  rank.input_shapes["x"] = {1, 3, 48};
  DiagnosticSink d3;
  CHECK_FALSE(import_onnx_file(kClassifier, rank, d3));
  CHECK_THAT(d3.render(), Catch::Contains("rank 3, the model declares rank 4"));

  OnnxImportOptions other;
  other.input_shapes["x"] = {1, 3, 48, 192};
  other.input_shapes["image"] = {1, 3, 48, 192};
  DiagnosticSink d4;
  CHECK_FALSE(import_onnx_file(kClassifier, other, d4));
  CHECK_THAT(d4.render(),
             Catch::Contains("'image', which is not an input of the model (inputs: 'x')"));
}

TEST_CASE("onnx import: graph outputs keep their names through elided nodes", "[frontend][onnx]") {
  // y = Identity(Tanh(x)), d = Dropout(Relu(x)), c = Cast<float>(Sigmoid(x)), z = another
  // Identity of y's value: the node takes the first output's name; a value that is itself
  // an output (r) keeps its name when an Identity of it is an output too.
  ModelBuilder b;
  b.input("x", {2, 3});
  b.node("Tanh", {"x"}, {"t"});
  b.node("Identity", {"t"}, {"y"});
  b.node("Relu", {"x"}, {"r"});
  b.node("Dropout", {"r"}, {"d"});
  b.node("Sigmoid", {"x"}, {"s"});
  int_attr(b.node("Cast", {"s"}, {"c"}), "to", onnx::TensorProto::FLOAT);
  b.node("Identity", {"t"}, {"z"});
  b.node("Neg", {"x"}, {"n"});
  b.node("Identity", {"n"}, {"n_out"});
  for (const char* o : {"y", "d", "c", "z", "n", "n_out"}) b.output(o);
  DiagnosticSink diags;
  auto g = import_onnx(b.bytes(), "names.onnx", {}, diags);
  REQUIRE(g);
  std::vector<std::string> names;
  for (NodeId o : g->outputs()) names.push_back(g->node(o).name);
  CHECK(names == std::vector<std::string>{"y", "d", "c", "y", "n", "n"});

  // Exported and imported again, the names stay.
  auto bytes = export_onnx(*g);
  REQUIRE(bytes);
  DiagnosticSink d2;
  auto g2 = import_onnx(*bytes, "names2.onnx", {}, d2);
  REQUIRE(g2);
  CHECK(g2->node(g2->outputs()[0]).name == "y");
  CHECK(g2->node(g2->outputs()[2]).name == "c");
}

TEST_CASE("onnx import: causal masks from LessOrEqual and from Trilu fold at import",
          "[frontend][onnx]") {
  // m1 = Where(col <= row, x, -5) over Range; m2 = the same from Not(Trilu(ones) == 0);
  // m3 keeps the strict upper triangle (Trilu upper with k = 1) of a known matrix.
  ModelBuilder b(14);
  b.input("x", {1, 4, 4});
  b.int_init("zero", {0});
  b.int_init("four", {4});
  b.int_init("one", {1});
  b.int_init("ax0", {0});
  b.int_init("ax1", {1});
  b.int_init("shape44", {4, 4});
  b.float_init("neg5", {-5.0f});
  b.float_init("fzero", {0.0f});
  b.node("Squeeze", {"zero"}, {"s0"});
  b.node("Squeeze", {"four"}, {"s4"});
  b.node("Squeeze", {"one"}, {"s1"});
  b.node("Range", {"s0", "s4", "s1"}, {"r"});
  b.node("Unsqueeze", {"r", "ax1"}, {"rows"});
  b.node("Unsqueeze", {"r", "ax0"}, {"cols"});
  b.node("LessOrEqual", {"cols", "rows"}, {"le"});
  b.node("Where", {"le", "x", "neg5"}, {"m1"});
  auto* cos = b.node("ConstantOfShape", {"shape44"}, {"ones"});
  auto* va = cos->add_attribute();
  va->set_name("value");
  va->set_type(onnx::AttributeProto::TENSOR);
  va->mutable_t()->set_data_type(onnx::TensorProto::FLOAT);
  va->mutable_t()->add_dims(1);
  va->mutable_t()->add_float_data(1.0f);
  int_attr(b.node("Trilu", {"ones"}, {"tril"}), "upper", 0);
  b.node("Equal", {"tril", "fzero"}, {"future"});
  b.node("Not", {"future"}, {"keep"});
  b.node("Where", {"keep", "x", "neg5"}, {"m2"});
  b.node("Trilu", {"ones", "s1"}, {"triu1"});  // upper by default, above the diagonal
  int_attr(b.node("Cast", {"triu1"}, {"triu_b"}), "to", onnx::TensorProto::BOOL);
  b.node("Where", {"triu_b", "x", "neg5"}, {"m3"});
  for (const char* o : {"m1", "m2", "m3"}) b.output(o);
  DiagnosticSink diags;
  auto g = import_onnx(b.bytes(), "causal.onnx", {}, diags);
  INFO(diags.render());
  REQUIRE(g);
  // Each mask is one where on the condition as a float constant: no branch materialised at
  // the result's shape, no gather table.
  int wheres = 0;
  for (const Node& n : g->nodes()) {
    CHECK(n.op != OpKind::Concat);
    CHECK(n.op != OpKind::ResizeNearest);
    wheres += n.op == OpKind::Where;
  }
  CHECK(wheres == 3);
  std::vector<double> x(16);
  for (int i = 0; i < 16; ++i) x[static_cast<size_t>(i)] = i + 1;
  RunOptions o;
  o.precision = Precision::F64;
  o.inputs = {{"x", Tensor::from_doubles(TensorType{DType::F32, {1, 4, 4}}, x)}};
  auto r = run_graph(CertifiedGraph::unrewritten(*g), o);
  REQUIRE(r);
  REQUIRE(r->size() == 3);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const size_t k = static_cast<size_t>(i * 4 + j);
      INFO("row " << i << " column " << j);
      CHECK((*r)[0].to_doubles()[k] == (j <= i ? x[k] : -5.0));
      CHECK((*r)[1].to_doubles()[k] == (j <= i ? x[k] : -5.0));
      CHECK((*r)[2].to_doubles()[k] == (j - i >= 1 ? x[k] : -5.0));
    }
}

TEST_CASE("onnx import: truncated and corrupt files", "[frontend][onnx]") {
  const std::string bytes = read_file(kClassifier);
  REQUIRE(bytes.size() > 100000);
  for (size_t cut : {size_t{0}, size_t{7}, bytes.size() / 2, bytes.size() - 3}) {
    DiagnosticSink diags;
    CHECK_FALSE(import_onnx(bytes.substr(0, cut), "cut.onnx", classifier_shape(), diags));
    CHECK(diags.has_errors());
    CHECK_THAT(diags.render(), Catch::StartsWith("cut.onnx: error:"));
  }
  DiagnosticSink diags;
  CHECK_FALSE(import_onnx("#[version = \"0.0.5\"]\n", "text.onnx", {}, diags));
  CHECK_THAT(diags.render(), Catch::Contains("not a valid ONNX model"));
  DiagnosticSink missing;
  CHECK_FALSE(import_onnx_file("/nonexistent/m.onnx", {}, missing));
  CHECK_THAT(missing.render(), Catch::Contains("cannot open"));
}

TEST_CASE("onnx import: every unsupported operator in one report", "[frontend][onnx]") {
  ModelBuilder b;
  b.input("x", {1, 4});
  b.node("Relu", {"x"}, {"a"}, "ok_relu");
  b.node("Atan", {"a"}, {"b"}, "first_atan");
  b.node("LSTM", {"b"}, {"c"}, "the_lstm");
  b.node("Atan", {"c"}, {"d"}, "second_atan");
  b.output("d");
  DiagnosticSink diags;
  CHECK_FALSE(import_onnx(b.bytes(), "m.onnx", {}, diags));
  const std::string msg = diags.render();
  CHECK_THAT(msg, Catch::Contains("node 'first_atan' (Atan): unsupported operator"));
  CHECK_THAT(msg, Catch::Contains("node 'the_lstm' (LSTM): unsupported operator"));
  CHECK_THAT(msg, Catch::Contains("node 'second_atan' (Atan): unsupported operator"));
  CHECK_THAT(msg, Catch::Contains("3 nodes with unsupported operators"));
  CHECK_THAT(msg, !Catch::Contains("ok_relu"));
}

TEST_CASE("onnx import: a shape subgraph is evaluated at import", "[frontend][onnx]") {
  // y = Reshape(x, Concat(Gather(Shape(x), 0), [-1])): a flatten written the way
  // exporters write it; only the reshape stays, with a static target.
  ModelBuilder b;
  b.input("x", {2, 3, 4});
  b.int_init("zero", {0});
  b.int_init("minus_one", {-1});
  b.node("Shape", {"x"}, {"s"});
  int_attr(b.node("Gather", {"s", "zero"}, {"n"}), "axis", 0);
  int_attr(b.node("Concat", {"n", "minus_one"}, {"target"}), "axis", 0);
  b.node("Reshape", {"x", "target"}, {"y"});
  b.output("y");
  DiagnosticSink diags;
  auto g = import_onnx(b.bytes(), "m.onnx", {}, diags);
  INFO(diags.render());
  REQUIRE(g);
  CHECK(g->size() == 2);  // input and reshape
  const Node& y = g->node(g->outputs()[0]);
  CHECK(y.op == OpKind::Reshape);
  CHECK(y.type.shape == Shape{2, 12});
}

/// The shape of Reshape(x, target) in a model whose "target" `m` computes (x is [2, 3, 4]).
Shape reshaped_by(ModelBuilder& m) {
  m.node("Reshape", {"x", "target"}, {"y"});
  m.output("y");
  DiagnosticSink diags;
  auto g = import_onnx(m.bytes(), "m.onnx", {}, diags);
  INFO(diags.render());
  REQUIRE(g);
  return g->node(g->outputs()[0]).type.shape;
}

TEST_CASE("onnx import: integer shape arithmetic is exact, as the integer semantics says",
          "[frontend][onnx]") {
  // target = [op(a, b) * k, -1], computed at import in the integer domain.
  auto target_of = [](const std::vector<int64_t>& a, const std::vector<int64_t>& b, const char* op,
                      const std::vector<int64_t>& k) {
    ModelBuilder m;
    m.input("x", {2, 3, 4});
    m.int_init("a", a);
    m.int_init("b", b);
    m.int_init("k", k);
    m.int_init("minus_one", {-1});
    m.node(op, {"a", "b"}, {"q"});
    m.node("Mul", {"q", "k"}, {"t"});
    int_attr(m.node("Concat", {"t", "minus_one"}, {"target"}), "axis", 0);
    return reshaped_by(m);
  };
  // Division rounds toward zero: -7 / 2 = -3 (floor would give -4: [4, 6]).
  CHECK(target_of({-7}, {2}, "Div", {-1}) == Shape{3, 8});
  // 2^53 + 1 - 2^53 = 1 in int64 (0 in double, and a 0 target copies x's 2).
  CHECK(target_of({9007199254740993}, {9007199254740992}, "Sub", {6}) == Shape{6, 4});

  // Slice's INT64_MAX end ("to the end") read exactly: target = [-1, 3, 4].
  ModelBuilder m;
  m.input("x", {2, 3, 4});
  m.int_init("one", {1});
  m.int_init("max", {std::numeric_limits<int64_t>::max()});
  m.int_init("minus_one", {-1});
  m.node("Shape", {"x"}, {"s"});
  m.node("Slice", {"s", "one", "max"}, {"tail"});
  int_attr(m.node("Concat", {"minus_one", "tail"}, {"target"}), "axis", 0);
  CHECK(reshaped_by(m) == Shape{2, 3, 4});
}

TEST_CASE("onnx import: float arithmetic on constants stays a node, its value serves shapes",
          "[frontend][onnx]") {
  // y = Resize(x + Reshape(w * 2), scales = num / den): the scaled weight reaches the
  // graph as multiply -> reshape (the rewriter folds it, with a certificate); the scales'
  // division is read at import only, so no node of the graph computes it.
  ModelBuilder b;
  b.input("x", {1, 3, 2, 2});
  b.float_init("w", {1, 2, 3});
  b.float_init("k", {2});
  b.int_init("shape", {1, 3, 1, 1});
  b.float_init("num", {2, 2, 4, 2});
  b.float_init("den", {2});
  b.node("Mul", {"w", "k"}, {"w2"});
  b.node("Reshape", {"w2", "shape"}, {"w3"});
  b.node("Add", {"x", "w3"}, {"a"});
  b.node("Div", {"num", "den"}, {"sc"});
  b.node("Resize", {"a", "", "sc"}, {"y"});
  b.output("y");
  DiagnosticSink diags;
  auto g = import_onnx(b.bytes(), "m.onnx", {}, diags);
  INFO(diags.render());
  REQUIRE(g);
  CHECK(g->node(g->outputs()[0]).type.shape == Shape{1, 3, 4, 2});  // scales [1, 1, 2, 1]
  int multiplies = 0, divides = 0, reshapes = 0;
  for (const Node& n : g->nodes()) {
    multiplies += n.op == OpKind::Multiply;
    divides += n.op == OpKind::Divide;
    reshapes += n.op == OpKind::Reshape && g->node(n.inputs[0]).op == OpKind::Multiply;
  }
  CHECK(multiplies == 1);
  CHECK(reshapes == 1);
  CHECK(divides == 0);
}

TEST_CASE("onnx import: a constant operand of add and multiply goes second",
          "[frontend][onnx]") {
  // T5 and LLaMA write their norms' gain as Mul(weight, x); one rule pattern
  // (`multiply(%n, %g)`) matches it because the importer orders a commutative operator's
  // operands (ops.def: Commutative). Subtract, divide, minimum and maximum keep theirs:
  // minimum / maximum return their second operand on NaN and on zeros of either sign.
  ModelBuilder b;
  b.input("x", {1, 4});
  b.float_init("w", {1, 2, 3, 4});
  b.node("Mul", {"w", "x"}, {"m"});
  b.node("Add", {"w", "m"}, {"a"});
  b.node("Sub", {"w", "a"}, {"s"});
  b.node("Max", {"w", "s"}, {"y"});
  b.output("y");
  DiagnosticSink diags;
  auto g = import_onnx(b.bytes(), "m.onnx", {}, diags);
  INFO(diags.render());
  REQUIRE(g);
  for (const Node& n : g->nodes()) {
    if (n.op == OpKind::Input || n.op == OpKind::Constant) continue;
    const bool const_first = g->node(n.inputs[0]).op == OpKind::Constant;
    INFO(n.name);
    CHECK(const_first == !is_commutative(n.op));
  }
  const std::vector<float> x{1, -2, 0.5f, 8};
  const std::vector<double> y = run(*g, {{"x", Tensor::from_floats({1, 4}, x)}});
  const std::vector<double> w{1, 2, 3, 4};  // max(w, w - (w + w x)) = max(w, -w x)
  for (size_t i = 0; i < w.size(); ++i) CHECK(y[i] == std::max(w[i], -w[i] * x[i]));
}

TEST_CASE("operators flagged commutative commute bit for bit in the interpreter",
          "[frontend][onnx]") {
  // The flag lets the importers swap operands without a certificate: check it on values
  // where an order could show (signed zeros, NaN, infinities, rounding ties), in float32.
  const std::vector<float> v{0.0f, -0.0f, 1.0f, -1.5f, 3.4e38f, -3.4e38f, 1e-45f,
                             std::numeric_limits<float>::infinity(),
                             std::numeric_limits<float>::quiet_NaN(), 0.1f, 16777217.0f};
  for (size_t k = 0; k < kNumOps; ++k) {
    const OpKind op = static_cast<OpKind>(k);
    if (!is_commutative(op)) continue;
    INFO(op_name(op));
    CHECK(op_class(op) == OpClass::Binary);
    Graph g;
    const int64_t n = static_cast<int64_t>(v.size());
    const NodeId a = g.add_input("a", TensorType{DType::F32, {n, 1}});
    const NodeId c = g.add_input("b", TensorType{DType::F32, {1, n}});
    g.add_output(g.add_node(op, "ab", {a, c}, {}, TensorType{DType::F32, {n, n}}));
    g.add_output(g.add_node(op, "ba", {c, a}, {}, TensorType{DType::F32, {n, n}}));
    RunOptions o;
    o.precision = Precision::F32;
    o.inputs = {{"a", Tensor::from_floats({n, 1}, v)}, {"b", Tensor::from_floats({1, n}, v)}};
    auto r = run_graph(CertifiedGraph::unrewritten(g), o);
    REQUIRE(r);
    const std::vector<double> ab = (*r)[0].to_doubles(), ba = (*r)[1].to_doubles();
    for (size_t i = 0; i < ab.size(); ++i) {
      const bool same = (std::isnan(ab[i]) && std::isnan(ba[i])) ||
                        (ab[i] == ba[i] && std::signbit(ab[i]) == std::signbit(ba[i]));
      CHECK(same);
    }
  }
}

TEST_CASE("onnx import: Softmax before opset 13 normalizes the flattened tail",
          "[frontend][onnx]") {
  // Opset 11, axis 1 on [2, 2, 2]: each row of 4 (dimensions 1 and 2 together) sums to 1,
  // not each pair along dimension 1 as opset 13 would.
  ModelBuilder b(11);
  b.input("x", {2, 2, 2});
  int_attr(b.node("Softmax", {"x"}, {"y"}), "axis", 1);
  b.output("y");
  DiagnosticSink diags;
  auto g = import_onnx(b.bytes(), "m.onnx", {}, diags);
  INFO(diags.render());
  REQUIRE(g);
  std::vector<float> xs = {0, 1, 2, 3, 4, 5, 6, 7};
  auto y = run(*g, {{"x", Tensor::from_floats({2, 2, 2}, xs)}});
  for (int row = 0; row < 2; ++row) {
    double sum = 0, denom = 0;
    for (int k = 0; k < 4; ++k) {
      sum += y[static_cast<size_t>(row * 4 + k)];
      denom += std::exp(xs[static_cast<size_t>(row * 4 + k)] - xs[static_cast<size_t>(row * 4)]);
    }
    CHECK(sum == Approx(1.0));
    CHECK(y[static_cast<size_t>(row * 4)] == Approx(1.0 / denom));
  }
}

TEST_CASE("onnx import: Einsum, and the forms it refuses with an error at the node",
          "[frontend][onnx]") {
  auto einsum = [](const std::string& eq, const std::vector<Shape>& shapes) {
    ModelBuilder b(13);
    std::vector<std::string> ins;
    for (size_t k = 0; k < shapes.size(); ++k) {
      ins.push_back(fmt::format("x{}", k));
      b.input(ins.back(), shapes[k]);
    }
    auto* a = b.node("Einsum", ins, {"y"}, "e")->add_attribute();
    a->set_name("equation");
    a->set_type(onnx::AttributeProto::STRING);
    a->set_s(eq);
    b.output("y");
    DiagnosticSink diags;
    auto g = import_onnx(b.bytes(), "m.onnx", {}, diags);
    return std::pair{std::move(g), diags.render()};
  };
  // "ij,jk": a matrix product, the output implicit (i and k, once each, in order).
  auto [g, why] = einsum("ij,jk", {{2, 3}, {3, 2}});
  INFO(why);
  REQUIRE(g);
  const std::vector<float> a = {1, 2, 3, 4, 5, 6}, b = {1, 0, 0, 1, 1, 1};
  CHECK(run(*g, {{"x0", Tensor::from_floats({2, 3}, a)}, {"x1", Tensor::from_floats({3, 2}, b)}}) ==
        std::vector<double>{4, 5, 10, 11});
  // "ij->ji" on its own operand: the transpose.
  auto [t, why_t] = einsum("ij->ji", {{2, 3}});
  REQUIRE(t);
  CHECK(run(*t, {{"x0", Tensor::from_floats({2, 3}, a)}}) == std::vector<double>{1, 4, 2, 5, 3, 6});
  for (const auto& [eq, shapes, msg] :
       std::vector<std::tuple<std::string, std::vector<Shape>, std::string>>{
           {"ii->i", {{3, 3}}, "label 'i' twice in one operand is not supported"},
           {"ij,jk->ik", {{2, 3}, {4, 2}}, "label 'j' has sizes 3 and 4"},
           {"ij,jk,kl->il", {{2, 2}, {2, 2}}, "has 3 operands for 2 inputs"},
           {"ij,jk->iz", {{2, 3}, {3, 2}}, "output label 'z' is not an operand's"}}) {
    INFO(eq);
    auto [bad, text] = einsum(eq, shapes);
    CHECK(!bad);
    CHECK_THAT(text, Catch::Contains("node 'e' (Einsum)") && Catch::Contains(msg));
  }
}

TEST_CASE("onnx import: opsets and domains outside what vfuse reads", "[frontend][onnx]") {
  ModelBuilder b(19);
  b.input("x", {1, 4});
  b.node("Relu", {"x"}, {"y"});
  b.output("y");
  DiagnosticSink diags;
  CHECK_FALSE(import_onnx(b.bytes(), "m.onnx", {}, diags));
  CHECK_THAT(diags.render(), Catch::Contains("opset 19"));

  ModelBuilder c;
  c.input("x", {1, 4});
  c.node("HardSwish", {"x"}, {"y"});  // HardSwish appeared in opset 14
  c.output("y");
  c.m.mutable_opset_import(0)->set_version(13);
  DiagnosticSink d2;
  CHECK_FALSE(import_onnx(c.bytes(), "m.onnx", {}, d2));
  CHECK_THAT(d2.render(), Catch::Contains("unsupported before opset 14"));
}

}  // namespace
}  // namespace vf

namespace vf {
namespace {

/// Imports `bytes`, failing the test with the diagnostics if it does not import.
Graph reimport(const std::string& bytes, const OnnxImportOptions& opts = {}) {
  DiagnosticSink diags;
  auto g = import_onnx(bytes, "exported.onnx", opts, diags);
  INFO(diags.render());
  REQUIRE(g);
  return std::move(*g);
}

TEST_CASE("onnx round trip: import, export, import gives the same graph and outputs",
          "[frontend][onnx]") {
  DiagnosticSink diags;
  auto g = import_onnx_file(kClassifier, classifier_shape(), diags);
  REQUIRE(g);
  auto bytes = export_onnx(*g);
  INFO((bytes ? std::string() : bytes.error().message));
  REQUIRE(bytes);
  CHECK(check_onnx_model(*bytes));
  const Graph back = reimport(*bytes);  // static shapes now: no --shape needed
  CHECK(op_histogram(back) == op_histogram(*g));
  CHECK(back.node(back.outputs()[0]).name == g->node(g->outputs()[0]).name);
  const std::map<std::string, Tensor> in = {{"x", generate_input(*g, g->inputs()[0], 3)}};
  CHECK(run(back, in) == run(*g, in));  // the same operators on the same data: bit for bit

  // And once more: the second export is the first one's fixed point.
  auto again = export_onnx(back);
  REQUIRE(again);
  CHECK(op_histogram(reimport(*again)) == op_histogram(*g));
}

}  // namespace
}  // namespace vf
