// The Relay importer on the bundled workloads (op histograms, inputs, output types,
// projections) and on small inline programs (literals, attribute translation).
#include "frontend/relay_import.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "ir/stats.h"

namespace {

vf::Graph import_model(const std::string& file) {
  vf::DiagnosticSink diags;
  auto g = vf::import_relay_file(std::string(VF_SOURCE_DIR) + "/models/" + file, diags);
  INFO(diags.render());
  REQUIRE(g.has_value());
  CHECK_FALSE(diags.has_errors());
  return std::move(*g);
}

// Imports an inline program; the version header is added here.
std::optional<vf::Graph> import_text(const std::string& body, vf::DiagnosticSink& diags) {
  vf::SourceFile src("inline.relay", "#[version = \"0.0.5\"]\n" + body);
  return vf::import_relay(src, diags);
}

vf::Graph import_ok(const std::string& body) {
  vf::DiagnosticSink diags;
  auto g = import_text(body, diags);
  INFO(diags.render());
  REQUIRE(g.has_value());
  return std::move(*g);
}

const vf::Node& node(const vf::Graph& g, std::string_view name) {
  vf::NodeId id = g.find(name);
  INFO("node " << name);
  REQUIRE(id.valid());
  return g.node(id);
}

int64_t count(const std::map<std::string, int64_t>& h, const std::string& op) {
  auto it = h.find(op);
  return it == h.end() ? 0 : it->second;
}

}  // namespace

TEST_CASE("relay: resnet18_imagenet_simplified imports with exact structure", "[relay]") {
  vf::Graph g = import_model("resnet18_imagenet_simplified.relay");
  auto h = vf::op_histogram(g);
  // Counted with grep in models/resnet18_imagenet_simplified.relay.
  CHECK(count(h, "conv2d") == 21);
  CHECK(count(h, "max_pool2d") == 1);
  CHECK(count(h, "relu") == 18);
  CHECK(count(h, "sqrt") == 19);
  CHECK(count(h, "divide") == 19);
  CHECK(count(h, "expand_dims") == 38);
  CHECK(count(h, "multiply") == 56);
  CHECK(count(h, "add") == 65);
  CHECK(count(h, "dense") == 1);
  CHECK(count(h, "softmax") == 1);
  CHECK(count(h, "batch_norm") == 0);
  CHECK(g.inputs().size() == 100);
  // The first parameter is the image, the others are weights.
  REQUIRE(g.data_inputs().size() == 1);
  CHECK(g.node(g.data_inputs()[0]).name == "data");
  CHECK_FALSE(g.node(g.inputs()[0]).weight);
  CHECK(g.node(g.inputs()[1]).weight);
  CHECK(g.node(g.inputs()[99]).weight);
  // 100 parameters + 38 scalar literals (19 x `2e-05f`, 19 x `1f`) + 260 bindings + output.
  CHECK(g.size() == 399);
  REQUIRE(g.outputs().size() == 1);
  const vf::Node& out = g.node(g.outputs()[0]);
  CHECK(out.name == "output");
  CHECK(out.op == vf::OpKind::Softmax);
  CHECK(out.type == vf::TensorType{vf::DType::F32, {1, 1000}});
  CHECK(out.attrs.get_int("axis") == 1);  // Relay's default -1, normalized

  // %10 = nn.conv2d(%9, %conv0_weight, strides=[2, 2], padding=[3, 3, 3, 3], ...)
  const vf::Node& conv0 = node(g, "10");
  CHECK(conv0.op == vf::OpKind::Conv2d);
  CHECK(conv0.attrs.get_ints("strides") == std::vector<int64_t>{2, 2});
  CHECK(conv0.attrs.get_ints("padding") == std::vector<int64_t>{3, 3, 3, 3});
  CHECK(conv0.attrs.get_int("groups") == 1);
  CHECK_FALSE(conv0.attrs.has("channels"));
  CHECK_FALSE(conv0.attrs.has("kernel_size"));
  CHECK(conv0.type.shape == vf::Shape{1, 64, 112, 112});
  CHECK(g.node(conv0.inputs[1]).name == "conv0_weight");
  CHECK(g.node(conv0.inputs[1]).op == vf::OpKind::Input);

  // %0 = add(%bn_data_moving_var, 2e-05f): the literal is a rank-0 float32 constant.
  const vf::Node& eps = node(g, "0.c1");
  CHECK(eps.op == vf::OpKind::Constant);
  CHECK(eps.type == vf::TensorType{vf::DType::F32, {}});
  REQUIRE(eps.data);
  CHECK(eps.data->get(0) == Approx(2e-05));
  CHECK(node(g, "0").inputs[1] == g.find("0.c1"));
  // %2 = divide(1f, %1): argument position 0.
  const vf::Node& one = node(g, "2.c0");
  CHECK(one.type.rank() == 0);
  CHECK(one.data->get(0) == 1.0);

  // %3 = expand_dims(%2, axis=1, num_newaxis=2)
  const vf::Node& ed = node(g, "3");
  CHECK(ed.attrs.get_int("axis") == 1);
  CHECK(ed.attrs.get_int("num_newaxis") == 2);
  CHECK(ed.type.shape == vf::Shape{3, 1, 1});
  // nn.bias_add(%258, %fc1_bias, axis=-1): axis normalized against rank 2.
  CHECK(node(g, "259").attrs.get_int("axis") == 1);
  // nn.max_pool2d(%22, pool_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1])
  const vf::Node& pool = node(g, "23");
  CHECK(pool.op == vf::OpKind::MaxPool2d);
  CHECK(pool.attrs.get_ints("pool_size") == std::vector<int64_t>{3, 3});
  CHECK(pool.attrs.get_ints("padding") == std::vector<int64_t>{1, 1, 1, 1});
  CHECK(pool.attrs.get_int("ceil_mode") == 0);
  CHECK(pool.type.shape == vf::Shape{1, 64, 56, 56});
}

TEST_CASE("relay: mobilenet maps batch_norm projections to the batch_norm node", "[relay]") {
  vf::Graph g = import_model("mobilenet.relay");
  auto h = vf::op_histogram(g);
  CHECK(count(h, "batch_norm") == 27);
  CHECK(count(h, "conv2d") == 27);
  CHECK(count(h, "relu") == 27);
  CHECK(g.inputs().size() == 138);
  // No node for the 27 `%n = %m.0` projections: 138 inputs + 112 bindings - 27 + output.
  CHECK(g.size() == 224);
  CHECK_FALSE(g.find("2").valid());  // %2 = %1.0
  // %1 = nn.batch_norm(%0, ...); %2 = %1.0; %3 = nn.relu(%2): relu reads the batch_norm.
  const vf::Node& bn = node(g, "1");
  CHECK(bn.op == vf::OpKind::BatchNorm);
  CHECK(bn.type.shape == vf::Shape{1, 32, 112, 112});
  CHECK(bn.attrs.get_float("epsilon") == Approx(1e-5));  // Relay defaults
  CHECK(bn.attrs.get_int("axis") == 1);
  CHECK(bn.attrs.get_int("center") == 1);
  CHECK(bn.attrs.get_int("scale") == 1);
  const vf::Node& relu = node(g, "3");
  REQUIRE(relu.inputs.size() == 1);
  CHECK(relu.inputs[0] == g.find("1"));
  // Depthwise: %4 = nn.conv2d(%3, ..., groups=32, channels=32, kernel_size=[3, 3])
  CHECK(node(g, "4").attrs.get_int("groups") == 32);
  REQUIRE(g.outputs().size() == 1);
  CHECK(g.node(g.outputs()[0]).type == vf::TensorType{vf::DType::F32, {1, 1000}});
}

TEST_CASE("relay: every bundled workload imports", "[relay]") {
  struct Case {
    const char* file;
    size_t inputs;
    int64_t conv2d;
    int64_t batch_norm;
    vf::Shape out;
  };
  for (const Case& c : {Case{"resnet18_imagenet_simplified.relay", 100, 21, 0, {1, 1000}},
                        Case{"resnet18_cifar_simplified.relay", 96, 21, 0, {8, 32}},
                        Case{"resnet_shallow_simplified.relay", 45, 10, 0, {1, 10}},
                        Case{"mobilenet.relay", 138, 27, 27, {1, 1000}},
                        Case{"mobilenet_simplified.relay", 138, 27, 0, {1, 1000}},
                        Case{"mobilenet_shallow_simplified.relay", 28, 5, 0, {1, 10}}}) {
    INFO(c.file);
    vf::Graph g = import_model(c.file);
    auto h = vf::op_histogram(g);
    CHECK(g.inputs().size() == c.inputs);
    CHECK(g.data_inputs().size() == 1);
    CHECK(count(h, "conv2d") == c.conv2d);
    CHECK(count(h, "batch_norm") == c.batch_norm);
    REQUIRE(g.outputs().size() == 1);
    CHECK(g.node(g.outputs()[0]).type.shape == c.out);
    // Every node has a name, and every op node a type of its op's inferred rank.
    for (const vf::Node& n : g.nodes()) CHECK_FALSE(n.name.empty());
  }
}

TEST_CASE("relay: conv2d padding has 1, 2 or 4 entries", "[relay]") {
  vf::Graph g =
      import_ok(R"(def @main(%x: Tensor[(1, 2, 8, 8), float32], %w: Tensor[(4, 2, 3, 3), float32]) {
  %0 = nn.conv2d(%x, %w, padding=[1]) /* ty=Tensor[(1, 4, 8, 8), float32] */;
  %1 = nn.conv2d(%x, %w, padding=[2, 1]) /* ty=Tensor[(1, 4, 10, 8), float32] */;
  %2 = nn.conv2d(%x, %w, padding=[0, 1, 2, 3], strides=[1, 2]) /* ty=Tensor[(1, 4, 8, 5), float32] */;
  %3 = nn.conv2d(%x, %w) /* ty=Tensor[(1, 4, 6, 6), float32] */;
  %4 = nn.conv2d(%x, %w, strides=[2], dilation=[2]);
  %4
})");
  CHECK(node(g, "0").attrs.get_ints("padding") == std::vector<int64_t>{1, 1, 1, 1});
  CHECK(node(g, "1").attrs.get_ints("padding") == std::vector<int64_t>{2, 1, 2, 1});
  CHECK(node(g, "2").attrs.get_ints("padding") == std::vector<int64_t>{0, 1, 2, 3});
  CHECK(node(g, "2").attrs.get_ints("strides") == std::vector<int64_t>{1, 2});
  CHECK(node(g, "2").type.shape == vf::Shape{1, 4, 8, 5});
  // Defaults when absent.
  CHECK(node(g, "3").attrs.get_ints("padding") == std::vector<int64_t>{0, 0, 0, 0});
  CHECK(node(g, "3").attrs.get_ints("strides") == std::vector<int64_t>{1, 1});
  CHECK(node(g, "3").attrs.get_ints("dilation") == std::vector<int64_t>{1, 1});
  CHECK(node(g, "3").attrs.get_int("groups") == 1);
  // One stride / dilation value for both dimensions.
  CHECK(node(g, "4").attrs.get_ints("strides") == std::vector<int64_t>{2, 2});
  CHECK(node(g, "4").attrs.get_ints("dilation") == std::vector<int64_t>{2, 2});
  CHECK(node(g, "4").type.shape == vf::Shape{1, 4, 2, 2});
  // The result is a variable, not a call: it is the output, no "output" node.
  REQUIRE(g.outputs().size() == 1);
  CHECK(g.outputs()[0] == g.find("4"));
  CHECK_FALSE(g.find("output").valid());
}

TEST_CASE("relay: attribute translation and defaults", "[relay]") {
  vf::Graph g = import_ok(
      R"(def @main(%x: Tensor[(2, 3, 4, 4), float32], %g: Tensor[(3), float32], %w: Tensor[(5, 12), float32]) {
  %0 = nn.batch_norm(%x, %g, %g, %g, %g, axis=-3, epsilon=0.001f, center=False);
  %1 = %0.0;
  %2 = nn.leaky_relu(%1);
  %3 = clip(%2, a_min=0f, a_max=6);
  %4 = nn.avg_pool2d(%3, pool_size=[2], strides=[2, 2], count_include_pad=True, ceil_mode=1);
  %5 = nn.pad(%4, pad_width=[[0, 0], [0, 0], [1, 2], [3, 4]], pad_value=-1f) /* ty=Tensor[(2, 3, 5, 9), float32] */;
  %6 = reshape(%5, newshape=[-3, -2]) /* ty=Tensor[(6, 5, 9), float32] */;
  %7 = reshape(%x, newshape=[0, -3, -1]) /* ty=Tensor[(2, 12, 4), float32] */;
  %8 = transpose(%7, axes=[0, -1, 1]) /* ty=Tensor[(2, 4, 12), float32] */;
  %9 = expand_dims(%8, axis=-1) /* ty=Tensor[(2, 4, 12, 1), float32] */;
  %10 = squeeze(%9, axis=[-1]) /* ty=Tensor[(2, 4, 12), float32] */;
  %11 = nn.dense(%10, %w);
  %12 = nn.softmax(%11, axis=1);
  %13 = nn.upsampling(%x, scale_h=2f, scale_w=3);
  (%12, %13)
})");
  const vf::Node& bn = node(g, "0");
  CHECK(bn.attrs.get_int("axis") == 1);
  CHECK(bn.attrs.get_float("epsilon") == Approx(0.001));
  CHECK(bn.attrs.get_int("center") == 0);
  CHECK(bn.attrs.get_int("scale") == 1);
  CHECK(node(g, "2").attrs.get_float("alpha") == Approx(0.25));  // LeakyReluAttrs default
  CHECK(node(g, "2").inputs[0] == g.find("0"));
  CHECK(node(g, "3").attrs.get_float("min") == 0.0);
  CHECK(node(g, "3").attrs.get_float("max") == 6.0);
  const vf::Node& pool = node(g, "4");
  CHECK(pool.op == vf::OpKind::AvgPool2d);
  CHECK(pool.attrs.get_ints("pool_size") == std::vector<int64_t>{2, 2});
  CHECK(pool.attrs.get_int("count_include_pad") == 1);
  CHECK(pool.attrs.get_int("ceil_mode") == 1);
  const vf::Node& pad = node(g, "5");
  CHECK(pad.attrs.get_ints("pads") == std::vector<int64_t>{0, 0, 1, 3, 0, 0, 2, 4});
  CHECK(pad.attrs.get_float("value") == -1.0);
  CHECK(node(g, "6").attrs.get_ints("shape") == std::vector<int64_t>{6, 5, 9});
  CHECK(node(g, "7").attrs.get_ints("shape") == std::vector<int64_t>{2, 12, 4});
  CHECK(node(g, "8").attrs.get_ints("perm") == std::vector<int64_t>{0, 2, 1});
  CHECK(node(g, "9").attrs.get_int("axis") == 3);
  CHECK(node(g, "9").attrs.get_int("num_newaxis") == 1);
  CHECK(node(g, "10").attrs.get_ints("axes") == std::vector<int64_t>{3});
  CHECK(node(g, "11").type.shape == vf::Shape{2, 4, 5});
  CHECK(node(g, "12").attrs.get_int("axis") == 1);
  CHECK(node(g, "13").attrs.get_float("scale_h") == 2.0);
  CHECK(node(g, "13").attrs.get_float("scale_w") == 3.0);
  CHECK(node(g, "13").type.shape == vf::Shape{2, 3, 8, 12});
  // A tuple result: one graph output per field, in order.
  REQUIRE(g.outputs().size() == 2);
  CHECK(g.outputs()[0] == g.find("12"));
  CHECK(g.outputs()[1] == g.find("13"));
}

TEST_CASE("relay: unbound final call is named output, literals name their argument", "[relay]") {
  vf::Graph g = import_ok(R"(def @main(%x: Tensor[(4), float32]) -> Tensor[(4), float32] {
  maximum(%x, 0.5f /* ty=float32 */) /* ty=Tensor[(4), float32] */
})");
  REQUIRE(g.outputs().size() == 1);
  const vf::Node& out = g.node(g.outputs()[0]);
  CHECK(out.name == "output");
  CHECK(out.op == vf::OpKind::Maximum);
  const vf::Node& c = node(g, "output.c1");
  CHECK(c.op == vf::OpKind::Constant);
  CHECK(c.type == vf::TensorType{vf::DType::F32, {}});
  CHECK(c.data->get(0) == 0.5);
  CHECK(g.inputs().size() == 1);
  CHECK(g.node(g.inputs()[0]).name == "x");
}

TEST_CASE("relay: errors return no graph and name the problem", "[relay]") {
  vf::DiagnosticSink diags;
  auto g = import_text(R"(def @main(%x: Tensor[(1, 8), float32], %w: Tensor[(10, 8), float32]) {
  %0 = nn.dense(%x, %w, units=12);
  %1 = reshape(%0, newshape=[-1, -1]);
  %2 = nn.bias_add(%x, %x, axis=2);
  negative(%2, %x)
})",
                       diags);
  CHECK_FALSE(g.has_value());
  REQUIRE(diags.error_count() == 3);
  const auto& d = diags.all();
  CHECK(d[0].message ==
        "units=12 does not match the weight Tensor[(10, 8), float32] (10 output units)");
  CHECK(d[0].loc.line == 3);
  CHECK(d[0].loc.col == 31);
  // %1 uses the failed %0: no second error for it.
  CHECK(d[1].loc.line == 5);
  CHECK(d[1].message == "axis=2 is out of range [-2, 1] for a tensor of rank 2");
  CHECK(d[2].loc.line == 6);
  CHECK(d[2].message == "'negative' takes 1 argument, got 2");
}

TEST_CASE("relay: a missing file is one diagnostic", "[relay]") {
  vf::DiagnosticSink diags;
  auto g = vf::import_relay_file(
      std::string(VF_TEST_DATA_DIR) + "/frontend/relay/no_such_file.relay", diags);
  CHECK_FALSE(g.has_value());
  REQUIRE(diags.all().size() == 1);
  CHECK(diags.all()[0].file.find("no_such_file.relay") != std::string::npos);
  CHECK(diags.all()[0].message.find("cannot open") != std::string::npos);
}

TEST_CASE("relay: every truncation of a model is reported, never half-imported", "[relay]") {
  auto full = vf::SourceFile::load(std::string(VF_SOURCE_DIR) +
                                   "/models/mobilenet_shallow_simplified.relay");
  REQUIRE(full.ok());
  const std::string& text = full->text();
  for (size_t len = 0; len < text.size(); len += 41) {
    vf::SourceFile src("cut.relay", text.substr(0, len));
    vf::DiagnosticSink diags;
    auto g = vf::import_relay(src, diags);
    INFO("prefix of " << len << " bytes\n" << diags.render());
    CHECK_FALSE(g.has_value());
    CHECK(diags.has_errors());
  }
}
