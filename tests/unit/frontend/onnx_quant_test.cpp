// Quantized models through ONNX: vfuse graphs with quantize, qconv2d, qdense, requantize
// and dequantize exported (QDQ, QLinearConv, ConvInteger / MatMulInteger) and imported
// back compute bit-identical outputs in the interpreter; multipliers ONNX cannot hold
// exactly, and those no single shift represents, take the documented forms; bad quantized
// models give errors naming the node.
#include <onnx/onnx_pb.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "frontend/onnx_export.h"
#include "frontend/onnx_import.h"
#include "interp/interpreter.h"
#include "ir/certified_graph.h"
#include "ir/stats.h"
#include "ir/text_parser.h"
#include "support/rng.h"

namespace vf {
namespace {

Graph parse_ok(const std::string& text) {
  SourceFile src("test.vfg", text);
  DiagnosticSink diags;
  auto g = parse_graph(src, diags);
  INFO(diags.render());
  REQUIRE(g);
  return std::move(*g);
}

std::string export_ok(const Graph& g) {
  auto bytes = export_onnx(g);
  INFO((bytes ? std::string() : bytes.error().message));
  REQUIRE(bytes);
  auto check = check_onnx_model(*bytes);
  INFO((check ? std::string() : check.error().message));
  REQUIRE(check);
  return *bytes;
}

Graph import_ok(const std::string& bytes) {
  DiagnosticSink diags;
  auto g = import_onnx(bytes, "roundtrip.onnx", {}, diags);
  INFO(diags.render());
  REQUIRE(g);
  return std::move(*g);
}

std::string import_error(const onnx::ModelProto& m) {
  DiagnosticSink diags;
  auto g = import_onnx(m.SerializeAsString(), "bad.onnx", {}, diags);
  CHECK(!g);
  return diags.render();
}

std::vector<Tensor> run_f32(const Graph& g, const Tensor& x) {
  RunOptions o;
  o.inputs["x"] = x;
  auto r = run_graph(CertifiedGraph::unrewritten(g), o);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r);
  return std::move(*r);
}

Tensor random_input(uint64_t seed) {
  std::vector<float> v(50);
  SplitMix64 rng(seed);
  for (float& f : v) f = static_cast<float>(rng.uniform(-2.6, 2.6));
  return Tensor::from_floats({1, 2, 5, 5}, v);
}

/// The bit patterns of a float32 tensor's elements.
std::vector<uint32_t> bits(const Tensor& t) {
  std::vector<uint32_t> b;
  for (float f : t.view<float>()) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    b.push_back(u);
  }
  return b;
}

// Four sections: an integer convolution requantized per channel (one QLinearConv; the
// raised clamp a Clip between DequantizeLinear / QuantizeLinear of scale 1); a qdense with
// a bias requantized on its own (MatMulInteger, then DequantizeLinear -> QuantizeLinear:
// its products acc * M are exact in float32 here, so ONNX's rounding is vfuse's); QDQ
// around a float convolution whose weight is dequantized int8; a qdense without bias and
// its requantize per column (one QLinearMatMul, a raised clamp).
const char* kQuantGraph = R"(# vfuse graph v1
graph(%x: Tensor[(1, 2, 5, 5), float32]) {
  %w = constant(Tensor[(3, 2, 3, 3), int8]) [1, -2, 3, 4, -5, 6, 7, -8, 9, 10, 11, -12, 13, 14, -15, 16, 17, 18, -1, 2, -3, 4, 5, -6, 7, 8, -9, 10, -11, 12, -13, 14, 15, -16, 17, -18, 127, -128, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]
  %b = constant(Tensor[(3), int32]) [100, -200, 3000]
  %m = constant(Tensor[(3), int32]) [8388607, 4194304, 5592405]
  %q = quantize(%x, scale=0.02, zero_point=3, dtype="uint8") : Tensor[(1, 2, 5, 5), uint8]
  %acc = qconv2d(%q, %w, %b, padding=[1, 1, 1, 1], x_zero_point=3) : Tensor[(1, 3, 5, 5), int32]
  %y = requantize(%acc, %m, shift=34, zero_point=-5, qmin=-5, qmax=127) : Tensor[(1, 3, 5, 5), int8]
  %f = dequantize(%y, scale=0.1, zero_point=-5) : Tensor[(1, 3, 5, 5), float32]
  %wd = constant(Tensor[(4, 5), int8]) [3, -7, 11, 0, 127, -128, 5, 9, -2, 1, 60, -61, 62, -63, 64, 8, 8, -8, -8, 1]
  %bd = constant(Tensor[(4), int32]) [-50, 0, 77, 1000]
  %md = constant(Tensor[(4), int32]) [3, 5, 7, 1]
  %acc_d = qdense(%q, %wd, %bd, x_zero_point=3) : Tensor[(1, 2, 5, 4), int32]
  %yd = requantize(%acc_d, %md, axis=-1, shift=6, zero_point=10, qmin=0, qmax=255, dtype="uint8") : Tensor[(1, 2, 5, 4), uint8]
  %fd = dequantize(%yd, scale=0.5, zero_point=10) : Tensor[(1, 2, 5, 4), float32]
  %wm = constant(Tensor[(2, 5), int8]) [1, 2, 3, 4, 5, -6, -7, -8, -9, 100]
  %mm = constant(Tensor[(2), int32]) [1398101, 8388607]
  %acc_m = qdense(%q, %wm, x_zero_point=3) : Tensor[(1, 2, 5, 2), int32]
  %ym = requantize(%acc_m, %mm, axis=3, shift=27, zero_point=1, qmin=1) : Tensor[(1, 2, 5, 2), int8]
  %fm = dequantize(%ym, scale=0.25, zero_point=1) : Tensor[(1, 2, 5, 2), float32]
  %dq = dequantize(%q, scale=0.02, zero_point=3) : Tensor[(1, 2, 5, 5), float32]
  %wq = constant(Tensor[(3, 2, 3, 3), int8]) [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8, 100, -100, 50, -50, 25, -25, 12, -12, 6, -6, 3, -3, 1, -1, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -10, -9, -8, -7, -6, -5, -4, -3, -2]
  %wf = dequantize(%wq, scale=0.01) : Tensor[(3, 2, 3, 3), float32]
  %c = conv2d(%dq, %wf, padding=[1, 1, 1, 1]) : Tensor[(1, 3, 5, 5), float32]
  %cq = quantize(%c, scale=0.05, dtype="int8") : Tensor[(1, 3, 5, 5), int8]
  %cf = dequantize(%cq, scale=0.05) : Tensor[(1, 3, 5, 5), float32]
  return %f, %fd, %cf, %fm
}
)";

TEST_CASE("quantized graphs round-trip through ONNX with bit-identical outputs", "[onnx][quant]") {
  const Graph g = parse_ok(kQuantGraph);
  const std::string bytes = export_ok(g);
  auto s = summarize_onnx_model(bytes);
  REQUIRE(s);
  const auto count = [&](const char* op) {
    return std::count(s->node_ops.begin(), s->node_ops.end(), op);
  };
  CHECK(count("QLinearConv") == 1);
  CHECK(count("MatMulInteger") == 1);
  CHECK(count("QLinearMatMul") == 1);
  CHECK(count("Conv") == 1);
  CHECK(count("Clip") == 2);  // y's and ym's raised clamps; yd's is uint8's range

  const Graph back = import_ok(bytes);
  auto ops = op_histogram(back);
  CHECK(ops["qconv2d"] == 1);
  CHECK(ops["requantize"] == 2);  // QLinearConv's, QLinearMatMul's; yd as ONNX's float formula
  CHECK(ops["qdense"] == 2);
  CHECK(ops["conv2d"] == 1);
  // The per-channel multipliers came back exactly: m / 2^shift unchanged.
  for (const Node& n : back.nodes())
    if (n.op == OpKind::Requantize && back.node(n.inputs[1]).type.shape[0] == 3) {
      const Tensor& m = *back.node(n.inputs[1]).data;
      const double want[] = {8388607, 4194304, 5592405};
      for (int c = 0; c < 3; ++c)
        CHECK(std::ldexp(m.get(c), -static_cast<int>(n.attrs.get_int("shift"))) ==
              std::ldexp(want[c], -34));
    }
  for (uint64_t seed : {1, 2, 3, 4}) {
    const Tensor x = random_input(seed);
    const auto a = run_f32(g, x), b = run_f32(back, x);
    REQUIRE(a.size() == 4);
    REQUIRE(b.size() == 4);
    for (size_t k = 0; k < 4; ++k) {
      INFO("output " << k << ", seed " << seed);
      CHECK(bits(a[k]) == bits(b[k]));
    }
  }
  // A second export of the imported graph is accepted too.
  export_ok(back);
}

TEST_CASE("a multiplier of more than 24 bits is exported rounded to float32", "[onnx][quant]") {
  std::string text = kQuantGraph;
  text.replace(text.find("[8388607, 4194304, 5592405]"), 27, "[1518500250, 4194304, 5592405]");
  const Graph back = import_ok(export_ok(parse_ok(text)));
  for (const Node& n : back.nodes())
    if (n.op == OpKind::Requantize && back.node(n.inputs[1]).type.shape[0] == 3) {
      const Tensor& m = *back.node(n.inputs[1]).data;
      const double got = std::ldexp(m.get(0), -static_cast<int>(n.attrs.get_int("shift")));
      CHECK(got == static_cast<float>(std::ldexp(1518500250.0, -34)));
      CHECK(got != std::ldexp(1518500250.0, -34));
    }
}

onnx::ModelProto exported_model() {
  onnx::ModelProto m;
  REQUIRE(m.ParseFromString(export_ok(parse_ok(kQuantGraph))));
  return m;
}

onnx::TensorProto* init(onnx::ModelProto& m, const std::string& name) {
  for (auto& t : *m.mutable_graph()->mutable_initializer())
    if (t.name() == name) return &t;
  FAIL("no initializer " << name);
  return nullptr;
}

TEST_CASE("per-channel multipliers no single shift holds import as ONNX's float formula",
          "[onnx][quant]") {
  onnx::ModelProto m = exported_model();
  // w_scale 1/3 and 1e-6/3: 24-bit significands 2^26 apart, more than int32 holds.
  onnx::TensorProto* w = init(m, "y/w_scale");
  const float scales[] = {1.0f / 3, 1e-6f / 3, 0.25f};
  w->set_raw_data(std::string(reinterpret_cast<const char*>(scales), sizeof scales));
  const Graph g = import_ok(m.SerializeAsString());
  auto ops = op_histogram(g);
  CHECK(ops["qconv2d"] == 1);
  CHECK(ops["requantize"] == 1);  // only the QLinearMatMul's
  // dequantize(acc, 1) * M, quantize(scale 1, zero point -5), as ONNX Runtime computes.
  const Node& yq = g.node(g.find("y/qlinear_conv"));  // then y's clamp
  CHECK(yq.op == OpKind::Quantize);
  CHECK(yq.attrs.get_float("scale") == 1);
  CHECK(yq.attrs.get_int("zero_point") == -5);
  CHECK(g.node(yq.inputs[0]).op == OpKind::Multiply);
}

TEST_CASE("bad quantized ONNX models give errors naming the node", "[onnx][quant]") {
  SECTION("per-axis QuantizeLinear on an activation") {
    onnx::ModelProto m = exported_model();
    const float s[] = {0.02f, 0.03f};
    init(m, "q/scale")->set_raw_data(std::string(reinterpret_cast<const char*>(s), sizeof s));
    init(m, "q/scale")->add_dims(2);
    const uint8_t z[] = {3, 3};
    init(m, "q/zero_point")->set_raw_data(std::string(reinterpret_cast<const char*>(z), 2));
    init(m, "q/zero_point")->add_dims(2);
    CHECK_THAT(import_error(m), Catch::Contains("node 'q' (QuantizeLinear): per-axis "
                                                "quantization"));
  }
  SECTION("a scale computed at run time") {
    onnx::ModelProto m = exported_model();
    auto* g = m.mutable_graph();
    auto* in = g->add_input();  // a float32 scalar input
    in->set_name("s");
    in->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
    in->mutable_type()->mutable_tensor_type()->mutable_shape();
    // in->name(), a std::string: GCC 12 warns (-Wrestrict) on the const char* overload.
    for (auto& n : *g->mutable_node())
      if (n.output(0) == "f") n.set_input(1, in->name());
    CHECK_THAT(import_error(m), Catch::Contains("node 'f' (DequantizeLinear): x_scale (input 1) "
                                                "must be known when the model is imported"));
  }
  SECTION("a zero point of another type than its tensor") {
    onnx::ModelProto m = exported_model();
    init(m, "f/zero_point")->set_data_type(onnx::TensorProto::UINT8);
    CHECK_THAT(import_error(m), Catch::Contains("node 'f' (DequantizeLinear): x_zero_point is "
                                                "uint8 but x is int8"));
  }
  SECTION("a nonzero weight zero point") {
    onnx::ModelProto m = exported_model();
    const int8_t z[] = {0, 2, 0};
    init(m, "y/w_zero_point")->set_raw_data(std::string(reinterpret_cast<const char*>(z), 3));
    CHECK_THAT(import_error(m), Catch::Contains("(QLinearConv): w_zero_point is 2 at element 1"));
  }
}

// A weight dequantized per output channel as the importer writes a per-axis
// DequantizeLinear: dequantize(q, 1), subtract z[c], multiply s[c].
const char* kPerAxis = R"(# vfuse graph v1
graph(%x: Tensor[(1, 2, 5, 5), float32]) {
  %wq = constant(Tensor[(3, 2, 1, 1), int8]) [127, -128, 5, -6, 100, 0]
  %z = constant(Tensor[(3, 1, 1, 1), float32]) [0, -3, 7]
  %s = constant(Tensor[(3, 1, 1, 1), float32]) [0.015625, 0.1, 0.003]
  %w0 = dequantize(%wq, scale=1) : Tensor[(3, 2, 1, 1), float32]
  %w1 = subtract(%w0, %z) : Tensor[(3, 2, 1, 1), float32]
  %w = multiply(%w1, %s) : Tensor[(3, 2, 1, 1), float32]
  %c = conv2d(%x, %w) : Tensor[(1, 3, 5, 5), float32]
  return %c
}
)";

TEST_CASE("a per-channel dequantization exports as one per-axis DequantizeLinear",
          "[onnx][quant]") {
  const Graph g = parse_ok(kPerAxis);
  const std::string bytes = export_ok(g);
  auto s = summarize_onnx_model(bytes);
  REQUIRE(s);
  CHECK(s->node_ops == std::vector<std::string>{"DequantizeLinear", "Conv"});
  for (const auto& [name, t] : s->initializers)
    if (name == "w/zero_point") CHECK(t.dtype() == DType::I8);
  const Graph back = import_ok(bytes);
  auto ops = op_histogram(back);
  CHECK(ops["dequantize"] == 1);
  CHECK(ops["subtract"] == 1);
  CHECK(ops["multiply"] == 1);
  const Tensor x = random_input(9);
  CHECK(bits(run_f32(g, x)[0]) == bits(run_f32(back, x)[0]));
  // A fixed point: the imported graph exports to the same operators.
  auto again = summarize_onnx_model(export_ok(back));
  REQUIRE(again);
  CHECK(again->node_ops == s->node_ops);
}

}  // namespace
}  // namespace vf
