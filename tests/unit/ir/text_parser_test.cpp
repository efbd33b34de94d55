// The IR text form round-trips (print -> parse -> print gives the same text and the
// same graph, constant bytes included), and malformed text gets exact diagnostics
// (cases in tests/ir/parse_errors/: NAME.vfg with its rendered diagnostics in NAME.expected).
#include "ir/text_parser.h"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>

#include "frontend/relay_import.h"
#include "golden_files.h"
#include "ir/printer.h"
#include "ir/shape_inference.h"

namespace fs = std::filesystem;

namespace vf {
namespace {

using test::read_file;

// A scratch directory removed at the end of a test.
struct TempDir {
  fs::path path;
  TempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() /
           ("vf_text_parser_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

// Deterministic bit patterns (SplitMix64), so float constants cover every exponent,
// subnormals, infinities and NaNs with payloads.
struct Bits {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

Tensor float_tensor(Shape shape, uint64_t seed) {
  Tensor t(TensorType{DType::F32, std::move(shape)});
  Bits rng{seed};
  auto v = t.view_mut<float>();
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(rng.next() % 2001) / 1000.0f - 1;
  return t;
}

Attrs attrs(std::initializer_list<std::pair<std::string, AttrValue>> list) {
  Attrs a;
  for (const auto& [k, v] : list) a.set(k, v);
  return a;
}

using Ints = std::vector<int64_t>;

// conv2d (asymmetric padding, groups) -> batch_norm -> relu -> split x2 -> concat of 3,
// fused_conv2d with an epilogue, and constants of every dtype with awkward values.
Graph hand_built_graph() {
  Graph g;
  NodeId x = g.add_input("data", {DType::F32, {1, 4, 9, 9}});
  NodeId bias = g.add_input("conv0.bias", {DType::F32, {6}}, /*weight=*/true);
  NodeId w = g.add_constant("conv0/weight", float_tensor({6, 2, 3, 3}, 1));
  NodeId conv = g.add_node(
      OpKind::Conv2d, "conv0", {x, w, bias},
      attrs({{"padding", Ints{1, 0, 2, 1}}, {"groups", int64_t{2}}, {"strides", Ints{2, 1}}}));
  NodeId gamma = g.add_constant("bn.gamma", float_tensor({6}, 2));
  NodeId beta = g.add_constant("bn.beta", float_tensor({6}, 3));
  NodeId mean = g.add_constant("bn.mean", float_tensor({6}, 4));
  NodeId var = g.add_constant(
      "bn.var", Tensor::from_floats({6}, std::vector<float>{0.1f, 1e-38f, 1e-45f, 3.0f,
                                                            3.4028235e38f, 1.17549435e-38f}));
  NodeId bn = g.add_node(OpKind::BatchNorm, "bn", {conv, gamma, beta, mean, var},
                         attrs({{"epsilon", 1e-3}}));
  NodeId relu = g.add_node(OpKind::Relu, "relu:0", {bn}, {});
  NodeId s0 =
      g.add_node(OpKind::Split, "split.0", {relu},
                 attrs({{"axis", int64_t{1}}, {"sizes", Ints{2, 4}}, {"index", int64_t{0}}}));
  NodeId s1 =
      g.add_node(OpKind::Split, "split.1", {relu},
                 attrs({{"axis", int64_t{1}}, {"sizes", Ints{2, 4}}, {"index", int64_t{1}}}));
  NodeId cat = g.add_node(OpKind::Concat, "cat", {s1, s0, relu}, attrs({{"axis", int64_t{1}}}));

  NodeId fw = g.add_constant("fused w", float_tensor({3, 12, 1, 1}, 5));
  NodeId fb = g.add_constant("fused \"bias\"", float_tensor({3}, 6));
  NodeId fs = g.add_constant("fused\\scale", float_tensor({3}, 7));
  NodeId fused = g.add_node(OpKind::FusedConv2d, "fused", {cat, fw, fb, fs},
                            attrs({{"has_bias", int64_t{1}},
                                   {"has_scale", int64_t{1}},
                                   {"activation", std::string("leaky_relu")},
                                   {"act_alpha", 0.1},
                                   {"padding", Ints{0, 1, 1, 0}}}));
  g.add_output(fused);
  g.add_output(cat);

  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  std::vector<double> f64 = {0.1,
                             1e-308,
                             5e-324,
                             -0.0,
                             kNaN,
                             -kNaN,
                             kInf,
                             -kInf,
                             std::numeric_limits<double>::max(),
                             3.141592653589793};
  Tensor d(TensorType{DType::F64, {2, 5}});
  for (size_t i = 0; i < f64.size(); ++i) d.set(static_cast<int64_t>(i), f64[i]);
  d.view_mut<double>()[9] = std::bit_cast<double>(uint64_t{0x7ff0000000000001});  // signalling
  g.add_output(g.add_constant("f64", std::move(d)));

  Tensor f(TensorType{DType::F32, {8}});
  auto fv = f.view_mut<float>();
  fv[0] = -0.0f;
  fv[1] = std::numeric_limits<float>::quiet_NaN();
  fv[2] = std::bit_cast<float>(uint32_t{0xffc00000});  // -nan
  fv[3] = std::bit_cast<float>(uint32_t{0x7fa00001});  // NaN with a payload
  fv[4] = std::numeric_limits<float>::infinity();
  fv[5] = -std::numeric_limits<float>::infinity();
  fv[6] = 16777217.0f;
  fv[7] = 0.3f;
  g.add_output(g.add_constant("f32 specials", std::move(f)));

  Tensor i64(TensorType{DType::I64, {4}});
  auto iv = i64.view_mut<int64_t>();
  iv[0] = std::numeric_limits<int64_t>::min();
  iv[1] = std::numeric_limits<int64_t>::max();
  iv[2] = 0;
  iv[3] = -1;
  g.add_output(g.add_constant("i64", std::move(i64)));
  g.add_output(g.add_constant(
      "i8", Tensor::from_doubles({DType::I8, {3}}, std::vector{-128.0, 127.0, 0.0})));
  g.add_output(
      g.add_constant("u8", Tensor::from_doubles({DType::U8, {2}}, std::vector{255.0, 0.0})));
  g.add_output(g.add_constant("i32", Tensor::scalar(DType::I32, -2147483648.0)));
  g.add_output(g.add_constant(
      "flags", Tensor::from_doubles({DType::Bool, {2, 2}}, std::vector{1.0, 0.0, 0.0, 1.0})));
  g.add_output(g.add_constant("empty", Tensor(TensorType{DType::F32, {0, 3}})));
  g.add_output(g.add_constant("scalar", Tensor::scalar(DType::F32, 1e-5)));
  return g;
}

// Two graphs are equal node by node: op, name, inputs, attributes, type, constant bytes.
void require_same_graph(const Graph& a, const Graph& b) {
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    const Node& x = a.nodes()[i];
    const Node& y = b.nodes()[i];
    INFO("node " << i << " '" << x.name << "'");
    CHECK(x.op == y.op);
    CHECK(x.name == y.name);
    CHECK(x.inputs == y.inputs);
    CHECK(x.attrs == y.attrs);
    CHECK(x.type == y.type);
    CHECK(x.weight == y.weight);
    REQUIRE(static_cast<bool>(x.data) == static_cast<bool>(y.data));
    if (x.data) CHECK(x.data->bytes() == y.data->bytes());  // bytes: NaN != NaN otherwise
    if (x.data) CHECK(x.data->type() == y.data->type());
  }
  CHECK(a.inputs() == b.inputs());
  CHECK(a.outputs() == b.outputs());
}

Graph parse_ok(const std::string& text, const ParseOptions& opts = {}) {
  SourceFile src("test.vfg", text);
  DiagnosticSink diags;
  auto g = parse_graph(src, diags, opts);
  INFO(diags.render());
  REQUIRE(g);
  REQUIRE(!diags.has_errors());
  return std::move(*g);
}

std::string parse_errors(const std::string& text, const ParseOptions& opts = {}) {
  SourceFile src("test.vfg", text);
  DiagnosticSink diags;
  auto g = parse_graph(src, diags, opts);
  CHECK(!g);
  CHECK(diags.has_errors());
  return diags.render();
}

TEST_CASE("text form round-trips a hand-built graph", "[ir][text_parser]") {
  Graph g = hand_built_graph();
  auto r = infer_types(g);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r.ok());

  std::string text = print_graph(g);
  Graph parsed = parse_ok(text);
  require_same_graph(g, parsed);
  CHECK(print_graph(parsed) == text);

  // Spot checks of the spelling the parser had to read back.
  CHECK(text.find("graph(%data: Tensor[(1, 4, 9, 9), float32], %conv0.bias: weight "
                  "Tensor[(6), float32]) {\n") != std::string::npos);
  CHECK(text.find("%\"conv0/weight\" = constant(Tensor[(6, 2, 3, 3), float32]) [") !=
        std::string::npos);
  CHECK(text.find("%\"fused \\\"bias\\\"\"") != std::string::npos);
  CHECK(text.find("[-0, nan, -nan, nan(0x7fa00001), inf, -inf, 16777216, 0.3]") !=
        std::string::npos);
  CHECK(text.find("[0.1, 1e-308, 5e-324, -0, nan, -nan, inf, -inf, 1.7976931348623157e+308, "
                  "nan(0x7ff0000000000001)]") != std::string::npos);
  CHECK(text.find("[-9223372036854775808, 9223372036854775807, 0, -1]") != std::string::npos);
  CHECK(text.find("constant(Tensor[(2, 2), bool]) [true, false, false, true]") !=
        std::string::npos);
  CHECK(text.find("%cat = concat(%split.1, %split.0, %\"relu:0\", axis=1) : "
                  "Tensor[(1, 12, 5, 8), float32]") != std::string::npos);
}

TEST_CASE("text form keeps every float32 and float64 bit pattern", "[ir][text_parser]") {
  Graph g;
  Bits rng{42};
  Tensor f(TensorType{DType::F32, {4096}});
  for (float& v : f.view_mut<float>()) v = std::bit_cast<float>(static_cast<uint32_t>(rng.next()));
  Tensor d(TensorType{DType::F64, {4096}});
  for (double& v : d.view_mut<double>()) v = std::bit_cast<double>(rng.next());
  g.add_output(g.add_constant("f", f));
  g.add_output(g.add_constant("d", d));
  std::string text = print_graph(g);
  Graph parsed = parse_ok(text);
  require_same_graph(g, parsed);
  CHECK(print_graph(parsed) == text);
}

TEST_CASE("text form round-trips through a weights file", "[ir][text_parser]") {
  Graph g = hand_built_graph();
  REQUIRE(infer_types(g).ok());
  TempDir dir;
  std::string graph_path = (dir.path / "model.vfg").string();
  std::string weights_path = (dir.path / "model.weights").string();
  PrintOptions opts;
  opts.weights_path = weights_path;
  REQUIRE(write_graph(g, graph_path, opts).ok());

  std::string text = read_file(graph_path);
  CHECK(text == print_graph(g, opts));
  CHECK(
      text.find("%\"conv0/weight\" = constant(Tensor[(6, 2, 3, 3), float32]) external(64, 432)") !=
      std::string::npos);
  CHECK(text.find(" [") == std::string::npos);  // no inline data left
  // Every constant starts at a 64-byte boundary.
  CHECK(text.find("%bn.gamma = constant(Tensor[(6), float32]) external(512, 24)") !=
        std::string::npos);

  ParseOptions po;
  po.weights_path = weights_path;
  Graph parsed = parse_ok(text, po);
  require_same_graph(g, parsed);
  CHECK(print_graph(parsed, opts) == text);
  CHECK(print_graph(parsed) == print_graph(g));

  // Without the weights file, one error at the first external constant, not one each.
  CHECK(parse_errors(text) ==
        "test.vfg:3:61: error: constant data is in a weights file, but no weights file was given "
        "(ParseOptions::weights_path)\n"
        "  %\"conv0/weight\" = constant(Tensor[(6, 2, 3, 3), float32]) external(64, 432)\n"
        "                                                            ^~~~~~~~\n");

  // A truncated weights file is caught by the range check.
  fs::resize_file(weights_path, 100);
  std::string err = parse_errors(text, po);
  CHECK(err.find("error: bytes [512, 536) lie outside the weights file") != std::string::npos);

  // A file that is not a weights file.
  std::ofstream(weights_path, std::ios::binary) << "hello";
  CHECK(parse_errors(text, po).find("is not a vfuse weights file (bad magic)") !=
        std::string::npos);
}

TEST_CASE("write_graph replaces files whole and fails cleanly", "[ir][text_parser]") {
  Graph g = hand_built_graph();
  REQUIRE(infer_types(g).ok());
  TempDir dir;
  fs::path path = dir.path / "g.vfg";
  std::ofstream(path) << "old contents that are much longer than nothing at all";
  REQUIRE(write_graph(g, path.string()).ok());
  CHECK(read_file(path) == print_graph(g));
  // Nothing but the file itself is left in the directory (no temporary).
  CHECK(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()) == 1);

  auto bad = write_graph(g, (dir.path / "missing_dir" / "g.vfg").string());
  REQUIRE(!bad.ok());
  CHECK(bad.error().message.find("missing_dir/g.vfg: cannot create file") != std::string::npos);
  CHECK(!fs::exists(dir.path / "missing_dir"));

  // The weights file cannot be written: the graph file is not written either.
  PrintOptions opts;
  opts.weights_path = (dir.path / "missing_dir" / "w.weights").string();
  fs::path other = dir.path / "other.vfg";
  CHECK(!write_graph(g, other.string(), opts).ok());
  CHECK(!fs::exists(other));
}

TEST_CASE("elided constants are readable but not parseable", "[ir][text_parser]") {
  Graph g = hand_built_graph();
  REQUIRE(infer_types(g).ok());
  PrintOptions opts;
  opts.elide_constants_over = 16;
  std::string text = print_graph(g, opts);
  CHECK(text.find(
            "%\"conv0/weight\" = constant(Tensor[(6, 2, 3, 3), float32]) <elided 108 values>\n") !=
        std::string::npos);
  CHECK(text.find("%bn.gamma = constant(Tensor[(6), float32]) [") != std::string::npos);
  std::string err = parse_errors(text);
  CHECK(err.find(
            "test.vfg:3:61: error: the data of constant '%\"conv0/weight\"' was elided when "
            "printing; this text cannot be parsed back (print without elide_constants_over)\n") ==
        0);
  // Each elided constant is reported; nodes using them are not.
  CHECK(std::count(err.begin(), err.end(), '\n') == 3 * 2);
}

TEST_CASE("text form accepts free layout and comments", "[ir][text_parser]") {
  Graph g = parse_ok(R"(# a comment
graph(%x: Tensor[(2,), float32],   # trailing comma in a shape is fine
      %y: Tensor[(2), float32]) {
  %s = add(%x, %y)
     : Tensor[(2), float32]
  %c = constant(Tensor[(), float64]) [3]
  %"quoted\tname" = relu(%s) : Tensor[(2), float32]
  return %"quoted\tname", %c
}
)");
  REQUIRE(g.size() == 5);
  CHECK(g.node(g.id(4)).name == "quoted\tname");
  CHECK(g.node(g.id(3)).data->get(0) == 3.0);
  CHECK(print_graph(g) == R"(# vfuse graph v1
graph(%x: Tensor[(2), float32], %y: Tensor[(2), float32]) {
  %s = add(%x, %y) : Tensor[(2), float32]
  %c = constant(Tensor[(), float64]) [3]
  %"quoted\tname" = relu(%s) : Tensor[(2), float32]
  return %"quoted\tname", %c
}
)");
}

TEST_CASE("parser fills attribute defaults", "[ir][text_parser]") {
  Graph g =
      parse_ok(R"(graph(%x: Tensor[(1, 2, 4, 4), float32], %w: Tensor[(2, 2, 3, 3), float32]) {
  %c = conv2d(%x, %w, padding=[1, 1, 1, 1]) : Tensor[(1, 2, 4, 4), float32]
  return %c
})");
  const Attrs& a = g.node(g.id(2)).attrs;
  CHECK(a.get_int("groups") == 1);
  CHECK(a.get_ints("strides") == Ints{1, 1});
  CHECK(a.get_ints("padding") == Ints{1, 1, 1, 1});
}

// Each tests/ir/parse_errors/NAME.vfg gives exactly the diagnostics in NAME.expected.
TEST_CASE("malformed text gets exact diagnostics", "[ir][text_parser]") {
  fs::path dir = fs::path(VF_TEST_DATA_DIR) / "ir" / "parse_errors";
  std::vector<fs::path> cases = vf::test::files_in(dir, ".vfg");
  REQUIRE(cases.size() >= 10);
  for (const fs::path& p : cases) {
    SECTION(p.filename().string()) {
      SourceFile src(p.filename().string(), read_file(p));
      DiagnosticSink diags;
      auto g = parse_graph(src, diags);
      CHECK(!g);
      fs::path expected = p;
      expected.replace_extension(".expected");
      REQUIRE(fs::exists(expected));
      CHECK(diags.render() == read_file(expected));
    }
  }
}

// Each tests/ir/roundtrip/NAME.vfg parses and prints back byte for byte.
TEST_CASE("golden text files print back unchanged", "[ir][text_parser]") {
  fs::path dir = fs::path(VF_TEST_DATA_DIR) / "ir" / "roundtrip";
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".vfg") continue;
    ++n;
    INFO(e.path().string());
    std::string text = read_file(e.path());
    CHECK(print_graph(parse_ok(text)) == text);
  }
  CHECK(n >= 1);
}

TEST_CASE("Relay models round-trip through the text form", "[ir][text_parser]") {
  fs::path models = fs::path(VF_SOURCE_DIR) / "models";
  for (const char* name :
       {"resnet18_imagenet_simplified.relay", "resnet18_cifar_simplified.relay", "mobilenet.relay",
        "mobilenet_simplified.relay", "resnet_shallow_simplified.relay",
        "mobilenet_shallow_simplified.relay"}) {
    SECTION(name) {
      DiagnosticSink diags;
      auto g = import_relay_file((models / name).string(), diags);
      INFO(diags.render());
      REQUIRE(g);
      std::string text = print_graph(*g);
      Graph parsed = parse_ok(text);
      CHECK(print_graph(parsed) == text);
      // The parser declares inputs first; the importer may interleave them with constants,
      // so compare by name and then node by node once both come from the text.
      REQUIRE(parsed.size() == g->size());
      for (const Node& n : g->nodes()) {
        NodeId id = parsed.find(n.name);
        REQUIRE(id.valid());
        const Node& m = parsed.node(id);
        CHECK(m.op == n.op);
        CHECK(m.attrs == n.attrs);
        CHECK(m.type == n.type);
        CHECK(m.weight == n.weight);
        REQUIRE(m.inputs.size() == n.inputs.size());
        for (size_t k = 0; k < n.inputs.size(); ++k)
          CHECK(parsed.node(m.inputs[k]).name == g->node(n.inputs[k]).name);
        if (n.data) CHECK(m.data->bytes() == n.data->bytes());
      }
      require_same_graph(parsed, parse_ok(print_graph(parsed)));
    }
  }
}

}  // namespace
}  // namespace vf
