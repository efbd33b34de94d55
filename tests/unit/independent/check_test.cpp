// The independent checker (src/independent/, docs/independent.md) on small graphs written
// as IR text: the regions must tile both graphs, and each region's equivalence is proved or
// not by the checker itself, with the compiled constants as stored.
#include "independent/check.h"

#include <catch2/catch.hpp>
#include <string>
#include <tuple>

#include "ir/shape_inference.h"
#include "ir/text_parser.h"

namespace vf::independent {
namespace {

Graph graph(const std::string& text) {
  SourceFile src("test.vfg", "# vfuse graph v1\n" + text);
  DiagnosticSink diags;
  auto g = parse_graph(src, diags);
  INFO(diags.render());
  REQUIRE(g);
  return std::move(*g);
}

// y = relu(conv(x, w) * s + t), s and t per output channel: a conv -> batch norm -> relu.
const char* kModel = R"(graph(%x: Tensor[(1, 2, 4, 4), float32]) {
  %w = constant(Tensor[(2, 2, 3, 3), float32]) [0.5, -1, 0.25, 2, 1, -0.5, 0.75, 1.5, -2, 1, 0.5, -0.25, 0.125, 1, 2, -1, 0.5, 0.25, -0.5, 1, 2, 0.25, -1, 0.5, 1.5, 1, -2, 0.5, 0.25, 1, -1, 2, 0.5, -0.75, 1, 0.25]
  %var = constant(Tensor[(2), float32]) [0.5, 1.25]
  %gamma = constant(Tensor[(2), float32]) [1.5, -0.75]
  %beta = constant(Tensor[(2), float32]) [0.25, -0.5]
  %eps = constant(Tensor[(), float32]) [1e-05]
  %0 = conv2d(%x, %w, padding=[1, 1, 1, 1]) : Tensor[(1, 2, 4, 4), float32]
  %1 = add(%var, %eps) : Tensor[(2), float32]
  %2 = sqrt(%1) : Tensor[(2), float32]
  %3 = divide(%gamma, %2) : Tensor[(2), float32]
  %4 = expand_dims(%3, axis=1, num_newaxis=2) : Tensor[(2, 1, 1), float32]
  %5 = multiply(%0, %4) : Tensor[(1, 2, 4, 4), float32]
  %6 = expand_dims(%beta, axis=1, num_newaxis=2) : Tensor[(2, 1, 1), float32]
  %7 = add(%5, %6) : Tensor[(1, 2, 4, 4), float32]
  %y = relu(%7) : Tensor[(1, 2, 4, 4), float32]
  return %y
})";

/// The model folded as a compiler would: w2 = w * s (float32), bias beta.
std::string folded(double scale_error = 0, bool swap_bias = false, const char* act = "relu") {
  const float w[] = {0.5,   -1, 0.25, 2,   1,    -0.5, 0.75, 1.5, -2,  1,     0.5, -0.25,
                     0.125, 1,  2,    -1,  0.5,  0.25, -0.5, 1,   2,   0.25,  -1,  0.5,
                     1.5,   1,  -2,   0.5, 0.25, 1,    -1,   2,   0.5, -0.75, 1,   0.25};
  const double s[] = {1.5 / std::sqrt(double(0.5f) + double(1e-05f)),
                      -0.75 / std::sqrt(double(1.25f) + double(1e-05f))};
  std::string ws;
  for (int k = 0; k < 36; ++k)
    ws += fmt::format("{}{:.9g}", k ? ", " : "", float(w[k] * s[k / 18] * (1 + scale_error)));
  const char* bias = swap_bias ? "[-0.5, 0.25]" : "[0.25, -0.5]";
  return fmt::format(R"(graph(%x: Tensor[(1, 2, 4, 4), float32]) {{
  %w2 = constant(Tensor[(2, 2, 3, 3), float32]) [{}]
  %b2 = constant(Tensor[(2), float32]) {}
  %y = fused_conv2d(%x, %w2, %b2, activation="{}", has_bias=1, padding=[1, 1, 1, 1]) : Tensor[(1, 2, 4, 4), float32]
  return %y
}})",
                     ws, bias, act);
}

const std::vector<Region> kRegions = {{{"0", "1", "2", "3", "4", "5", "6", "7", "y"}, {"y"}}};

TEST_CASE("a batch norm folded into a conv is proved, folds within 2^-20", "[independent]") {
  const Graph m = graph(kModel), c = graph(folded());
  const CheckReport r = check_translation(m, c, kRegions);
  INFO(r.failure);
  CHECK(r.ok);
  CHECK(r.proved == 1);
  CHECK(r.elements == 32);
  CHECK(r.classes == 2);  // one per output channel: the window is one Acc leaf
}

TEST_CASE("wrong folds, activations and biases are not proved", "[independent]") {
  const Graph m = graph(kModel);
  SECTION("a weight scaled by 1 + 1e-3") {
    const CheckReport r = check_translation(m, graph(folded(1e-3)), kRegions);
    CHECK(!r.ok);
    CHECK_THAT(r.failure, Catch::Contains("region 1 ('y': conv2d, multiply, add, relu -> "
                                          "fused_conv2d) is not proved"));
  }
  SECTION("the biases of two channels swapped") {
    const CheckReport r = check_translation(m, graph(folded(0, true)), kRegions);
    CHECK(!r.ok);
    CHECK_THAT(r.failure, Catch::Contains("is not proved: refuted"));
  }
  SECTION("no activation") {
    const CheckReport r = check_translation(m, graph(folded(0, false, "none")), kRegions);
    CHECK(!r.ok);
    CHECK_THAT(r.failure, Catch::Contains("is not proved: refuted"));
  }
}

// A dense layer as torch.onnx writes it, matmul(x, w) with w a constant [K, O], then a bias
// and an activation written out; compiled as one fused_dense whose weights are w transposed.
const char* kWeights = "[0.5, -1, 0.25, 2, 1, -0.5, 0.75, 1.5]";     // [4, 2]
const char* kTransposed = "[0.5, 0.25, 1, 0.75, -1, 2, -0.5, 1.5]";  // [2, 4]

struct Epilogue {
  const char* name;
  const char* model;     // the nodes after %1 = add(%0, %b), the last one %y
  const char* compiled;  // fused_dense's activation attributes
};
const Epilogue kEpilogues[] = {
    {"gelu, erf form",
     R"(%2 = divide(%1, %c) : Tensor[(1, 3, 2), float32]
  %3 = erf(%2) : Tensor[(1, 3, 2), float32]
  %4 = add(%3, %one) : Tensor[(1, 3, 2), float32]
  %5 = multiply(%1, %4) : Tensor[(1, 3, 2), float32]
  %y = multiply(%5, %half) : Tensor[(1, 3, 2), float32])",
     R"(activation="gelu", act_alpha=1.4142135381698608, act_beta=1)"},
    {"gelu, tanh form",
     R"(%2 = multiply(%1, %1) : Tensor[(1, 3, 2), float32]
  %3 = multiply(%2, %1) : Tensor[(1, 3, 2), float32]
  %4 = multiply(%3, %k) : Tensor[(1, 3, 2), float32]
  %5 = add(%1, %4) : Tensor[(1, 3, 2), float32]
  %6 = multiply(%5, %s) : Tensor[(1, 3, 2), float32]
  %7 = tanh(%6) : Tensor[(1, 3, 2), float32]
  %8 = add(%7, %one) : Tensor[(1, 3, 2), float32]
  %9 = multiply(%1, %half) : Tensor[(1, 3, 2), float32]
  %y = multiply(%9, %8) : Tensor[(1, 3, 2), float32])",
     R"(activation="gelu_tanh", act_alpha=0.7978845834732056, act_beta=0.044714998453855515)"},
    {"sigmoid", R"(%y = sigmoid(%1) : Tensor[(1, 3, 2), float32])", R"(activation="sigmoid")"},
    {"silu",
     R"(%2 = sigmoid(%1) : Tensor[(1, 3, 2), float32]
  %y = multiply(%1, %2) : Tensor[(1, 3, 2), float32])",
     R"(activation="silu")"},
};

std::string dense_model(const Epilogue& e) {
  return fmt::format(R"(graph(%x: Tensor[(1, 3, 4), float32]) {{
  %w = constant(Tensor[(4, 2), float32]) {}
  %b = constant(Tensor[(2), float32]) [0.25, -0.5]
  %c = constant(Tensor[(), float32]) [1.4142135381698608]
  %s = constant(Tensor[(), float32]) [0.7978845834732056]
  %k = constant(Tensor[(), float32]) [0.044714998453855515]
  %one = constant(Tensor[(), float32]) [1]
  %half = constant(Tensor[(), float32]) [0.5]
  %0 = matmul(%x, %w) : Tensor[(1, 3, 2), float32]
  %1 = add(%0, %b) : Tensor[(1, 3, 2), float32]
  {}
  return %y
}})",
                     kWeights, e.model);
}

std::string fused_dense(const char* weights, const char* activation) {
  return fmt::format(R"(graph(%x: Tensor[(1, 3, 4), float32]) {{
  %wt = constant(Tensor[(2, 4), float32]) {}
  %b = constant(Tensor[(2), float32]) [0.25, -0.5]
  %y = fused_dense(%x, %wt, %b, {}, has_bias=1) : Tensor[(1, 3, 2), float32]
  return %y
}})",
                     weights, activation);
}

TEST_CASE("a matmul with constant weights pairs with a dense of them transposed", "[independent]") {
  for (const Epilogue& e : kEpilogues) {
    INFO(e.name);
    const Graph m = graph(dense_model(e));
    std::vector<Region> g = {{{}, {"y"}}};
    for (const Node& n : m.nodes())
      if (n.op != OpKind::Constant && n.op != OpKind::Input) g[0].original.push_back(n.name);
    const CheckReport r = check_translation(m, graph(fused_dense(kTransposed, e.compiled)), g);
    INFO(r.failure);
    CHECK(r.ok);
    CHECK(r.classes == 2);  // one per output channel
    CHECK_THAT(r.regions.at(0).detail, Catch::Contains("1 paired reductions (0 scaled)"));
    const std::string name = "region 1 ('y': matmul, add, ";
    // The weights not transposed, two weights of one output channel swapped, two output
    // channels' weights swapped at one k, no activation: each refuted or not paired.
    for (const char* w :
         {"[0.5, -1, 0.25, 2, 1, -0.5, 0.75, 1.5]", "[0.25, 0.5, 1, 0.75, -1, 2, -0.5, 1.5]",
          "[-1, 0.25, 1, 0.75, 0.5, 2, -0.5, 1.5]"}) {
      INFO(w);
      const CheckReport bad = check_translation(m, graph(fused_dense(w, e.compiled)), g);
      CHECK(!bad.ok);
      CHECK_THAT(bad.failure, Catch::Contains(name) && Catch::Contains("is not proved"));
    }
    const CheckReport none =
        check_translation(m, graph(fused_dense(kTransposed, R"(activation="none")")), g);
    CHECK_THAT(none.failure, Catch::Contains(name) && Catch::Contains("is not proved: refuted"));
  }
  // erf's divisor one float32 ulp off.
  const std::vector<Region> g = {{{"0", "1", "2", "3", "4", "5", "y"}, {"y"}}};
  const char* off = R"(activation="gelu", act_alpha=1.4142136573791504, act_beta=1)";
  const CheckReport r =
      check_translation(graph(dense_model(kEpilogues[0])), graph(fused_dense(kTransposed, off)), g);
  CHECK_THAT(r.failure, Catch::Contains("is not proved: refuted: 'y' element"));
}

TEST_CASE("a gemm with constant weights pairs with a dense of them (transposed)", "[independent]") {
  for (const bool trans_b : {false, true}) {
    INFO(trans_b);
    const Graph m = graph(fmt::format(R"(graph(%x: Tensor[(3, 4), float32]) {{
  %w = constant(Tensor[{}, float32]) {}
  %b = constant(Tensor[(2), float32]) [0.25, -0.5]
  %y = gemm(%x, %w, %b, trans_b={}) : Tensor[(3, 2), float32]
  return %y
}})",
                                      trans_b ? "(2, 4)" : "(4, 2)",
                                      trans_b ? kTransposed : kWeights, int(trans_b)));
    auto dense = [](const char* w) {
      return graph(fmt::format(R"(graph(%x: Tensor[(3, 4), float32]) {{
  %wt = constant(Tensor[(2, 4), float32]) {}
  %b = constant(Tensor[(2), float32]) [0.25, -0.5]
  %y = dense(%x, %wt, %b) : Tensor[(3, 2), float32]
  return %y
}})",
                               w));
    };
    const std::vector<Region> g = {{{"y"}, {"y"}}};
    const CheckReport r = check_translation(m, dense(kTransposed), g);
    INFO(r.failure);
    CHECK(r.ok);
    CHECK_THAT(r.regions.at(0).detail, Catch::Contains("1 paired reductions (0 scaled)"));
    CHECK_THAT(check_translation(m, dense(kWeights), g).failure,
               Catch::Contains("region 1 ('y': gemm -> dense) is not proved"));
  }
}

TEST_CASE("the regions must tile both graphs", "[independent]") {
  const Graph m = graph(kModel), c = graph(folded());
  SECTION("a node in no region") {
    std::vector<Region> g = {{{"0", "5", "7", "y"}, {"y"}}};
    g[0].original.erase(g[0].original.begin() + 2);  // '7'
    const CheckReport r = check_translation(m, c, g);
    CHECK(r.failure == "regions: '7' of the model is in no region");
  }
  SECTION("a node in two regions") {
    const std::vector<Region> g = {{{"0", "5", "7", "y"}, {"y"}}, {{"y"}, {}}};
    CHECK(check_translation(m, c, g).failure ==
          "regions: 'y' of the model is in two regions (1 and 2)");
  }
  SECTION("a name of neither graph") {
    const std::vector<Region> g = {{{"0", "5", "7", "y"}, {"z"}}};
    CHECK(check_translation(m, c, g).failure ==
          "regions: region 1 lists 'z', which is no node of model.vfg");
  }
  SECTION("a value split across regions differently on the two sides") {
    // relu(x - y) as two regions, with model.vfg's subtract in the relu's region.
    const Graph m2 = graph(R"(graph(%x: Tensor[(4), float32], %y: Tensor[(4), float32]) {
  %0 = subtract(%x, %y) : Tensor[(4), float32]
  %1 = relu(%0) : Tensor[(4), float32]
  return %1
})");
    const std::vector<Region> g = {{{"0"}, {}}, {{"1"}, {"0", "1"}}};
    CHECK_THAT(check_translation(m2, m2, g).failure, Catch::Contains("reads other values"));
    const std::vector<Region> ok = {{{"0"}, {"0"}}, {{"1"}, {"1"}}};
    const CheckReport r = check_translation(m2, m2, ok);
    CHECK(r.ok);
    CHECK(r.identical == 2);
  }
}

TEST_CASE("a product of two computed values is expanded up to max_terms, refused past it",
          "[independent]") {
  // Attention's scores with the scale moved onto the query: (q . k) / 2 = (q * 0.5) . k,
  // a matmul of two values read from outside (nothing to pair), so every element is
  // expanded: 3 x 3 elements of 4 products each on either side.
  const Graph m = graph(R"(graph(%q: Tensor[(3, 4), float32], %k: Tensor[(4, 3), float32]) {
  %h = constant(Tensor[(), float32]) [2]
  %0 = matmul(%q, %k) : Tensor[(3, 3), float32]
  %y = divide(%0, %h) : Tensor[(3, 3), float32]
  return %y
})");
  auto compiled = [](const char* half) {
    return graph(fmt::format(R"(graph(%q: Tensor[(3, 4), float32], %k: Tensor[(4, 3), float32]) {{
  %h = constant(Tensor[(), float32]) [{}]
  %s = multiply(%q, %h) : Tensor[(3, 4), float32]
  %y = matmul(%s, %k) : Tensor[(3, 3), float32]
  return %y
}})",
                             half));
  };
  const std::vector<Region> g = {{{"0", "y"}, {"s", "y"}}};
  const CheckReport ok = check_translation(m, compiled("0.5"), g);
  INFO(ok.failure);
  CHECK(ok.ok);
  CHECK(ok.elements == 9);
  // The scale moved as a quarter: refuted.
  CHECK_THAT(check_translation(m, compiled("0.25"), g).failure,
             Catch::Contains("is not proved: refuted"));
  // The same region under a limit smaller than its terms: refused, not proved.
  CheckOptions small;
  small.max_terms = 50;
  const CheckReport refused = check_translation(m, compiled("0.5"), g, small);
  CHECK(!refused.ok);
  CHECK_THAT(refused.failure, Catch::Contains("is not proved: too large to expand"));
}

TEST_CASE("a row statistic read by every element is keyed once, its leaves still counted",
          "[independent]") {
  // y = x - mean of x's row, rows of 80: the mean (a sum of 80 leaves) is read by the 80
  // elements of its row, so it is keyed once and each element's key names it and where
  // its leaves go. The compiled side spells the mean as sum / 80.
  const char* model = R"(graph(%x: Tensor[(2, 80), float32]) {
  %m = reduce_mean(%x, axes=[1], keepdims=1) : Tensor[(2, 1), float32]
  %y = subtract(%x, %m) : Tensor[(2, 80), float32]
  return %y
})";
  auto compiled = [](const char* rows) {
    return graph(fmt::format(R"(graph(%x: Tensor[(2, 80), float32]) {{
  %n = constant(Tensor[(), float32]) [80]
  %s = reduce_sum(%x, axes=[1], keepdims=1) : Tensor[(2, 1), float32]
  %m = divide(%s, %n) : Tensor[(2, 1), float32]
  %a = split(%m, axis=0, sizes=[1, 1], index=0) : Tensor[(1, 1), float32]
  %b = split(%m, axis=0, sizes=[1, 1], index=1) : Tensor[(1, 1), float32]
  %r = concat({}, axis=0) : Tensor[(2, 1), float32]
  %y = subtract(%x, %r) : Tensor[(2, 80), float32]
  return %y
}})",
                             rows));
  };
  const std::vector<Region> g = {{{"m", "y"}, {"s", "m", "a", "b", "r", "y"}}};
  const CheckReport ok = check_translation(graph(model), compiled("%a, %b"), g);
  INFO(ok.failure);
  CHECK(ok.ok);
  CHECK(ok.elements == 160);
  CHECK(ok.classes == 80);  // one per column: where x[r, c] sits in its row's sum
  // Row 1 minus row 0's mean, row 0 right: a wrong element's key differs from a right
  // one's only in which leaves the shared mean reads (without them, row 1's elements would
  // join row 0's classes and only row 0's be proved). Each row minus the other's: wrong.
  for (const char* rows : {"%a, %a", "%b, %a"}) {
    INFO(rows);
    const CheckReport bad = check_translation(graph(model), compiled(rows), g);
    CHECK(!bad.ok);
    CHECK_THAT(bad.failure, Catch::Contains("is not proved: refuted"));
  }
}

TEST_CASE("integer regions are read over 64-bit integers, mixed ones must be identical",
          "[independent]") {
  // An int64 mask reshaped, then cast: identical regions pass; a region that is not
  // identical and mixes integer and float32 values is not encoded.
  const char* model = R"(graph(%m: Tensor[(1, 4), int64]) {
  %0 = reshape(%m, shape=[1, 1, 4]) : Tensor[(1, 1, 4), int64]
  %1 = cast(%0) : Tensor[(1, 1, 4), float32]
  return %1
})";
  const Graph m = graph(model);
  const std::vector<Region> g = {{{"0"}, {"0"}}, {{"1"}, {"1"}}};
  const CheckReport r = check_translation(m, m, g);
  INFO(r.failure);
  CHECK(r.ok);
  CHECK(r.identical == 2);
  const Graph c = graph(R"(graph(%m: Tensor[(1, 4), int64]) {
  %z = reshape(%m, shape=[4, 1]) : Tensor[(4, 1), int64]
  %0 = reshape(%z, shape=[1, 1, 4]) : Tensor[(1, 1, 4), int64]
  %1 = cast(%0) : Tensor[(1, 1, 4), float32]
  return %1
})");
  const std::vector<Region> joined = {{{"0", "1"}, {"z", "0", "1"}}};
  CHECK(check_translation(m, c, joined).failure ==
        "region 1 ('1': reshape, cast -> reshape, reshape, cast) is not proved: '1' is float32 in "
        "a region of integer values (a region mixing them must be identical)");
  // All integers: proved over 64-bit integers.
  const std::vector<Region> split = {{{"0"}, {"z", "0"}}, {{"1"}, {"1"}}};
  const CheckReport s = check_translation(m, c, split);
  INFO(s.failure);
  CHECK(s.ok);
  CHECK(s.proved == 1);
}

TEST_CASE("an int64 constant beyond 2^53 is not read as a double", "[independent]") {
  // 2^60 and 2^60 + 1 are one double: read as literals in double they would be "equal".
  auto add = [](const char* c) {
    return graph(fmt::format(R"(graph(%m: Tensor[(1, 2), int64]) {{
  %c = constant(Tensor[(1, 2), int64]) [{}, 1]
  %0 = add(%m, %c) : Tensor[(1, 2), int64]
  %1 = negative(%0) : Tensor[(1, 2), int64]
  return %1
}})",
                             c));
  };
  const Graph m = add("1152921504606846976"), c = add("1152921504606846977");
  const std::vector<Region> g = {{{"0", "1"}, {"0", "1"}}};
  const CheckReport r = check_translation(m, c, g);
  CHECK(!r.ok);
  CHECK_THAT(r.failure, Catch::Contains("int64 constant 'c' holds 1152921504606846976, which the "
                                        "checker's terms (literals in double) do not hold"));
}

// A quantized layer's relu folded into the requantization's clamp (rules/quantized.rules):
// max(clip(v, 0, 255), z) = clip(v, z, 255) for 0 <= z <= 255, over every int32 accumulator.
const char* kRequantizeRelu = R"(graph(%acc: Tensor[(1, 2, 2, 2), int32]) {
  %m = constant(Tensor[(2), int32]) [1518500250, 1073741824]
  %z = constant(Tensor[(), uint8]) [7]
  %y = requantize(%acc, %m, axis=1, dtype="uint8", qmax=255, qmin=0, shift=38, zero_point=7) : Tensor[(1, 2, 2, 2), uint8]
  %r = maximum(%y, %z) : Tensor[(1, 2, 2, 2), uint8]
  return %r
})";

std::string requantize_clamp(int qmin, int zero_point = 7, int shift = 38) {
  return fmt::format(R"(graph(%acc: Tensor[(1, 2, 2, 2), int32]) {{
  %m = constant(Tensor[(2), int32]) [1518500250, 1073741824]
  %r = requantize(%acc, %m, axis=1, dtype="uint8", qmax=255, qmin={}, shift={}, zero_point={}) : Tensor[(1, 2, 2, 2), uint8]
  return %r
}})",
                     qmin, shift, zero_point);
}

TEST_CASE("a relu folded into a requantization's clamp is proved over 64-bit integers",
          "[independent]") {
  const Graph m = graph(kRequantizeRelu);
  const std::vector<Region> g = {{{"y", "r"}, {"r"}}};
  const CheckReport r = check_translation(m, graph(requantize_clamp(7)), g);
  INFO(r.failure);
  CHECK(r.ok);
  CHECK(r.proved == 1);
  CHECK(r.elements == 8);
  CHECK(r.classes == 2);  // one per channel's multiplier
  // The clamp raised one too far, the zero point moved with it, the shift off by one:
  // refuted, by the concrete search before the solver (the solver's search through the
  // 64-bit divisions takes 20-80 s for the shift).
  for (const auto& [qmin, zero_point, shift] :
       {std::tuple{8, 7, 38}, std::tuple{8, 8, 38}, std::tuple{7, 7, 37}}) {
    const CheckReport w =
        check_translation(m, graph(requantize_clamp(qmin, zero_point, shift)), g);
    CHECK(!w.ok);
    CHECK_THAT(w.failure, Catch::StartsWith("region 1 ('r': requantize, maximum -> requantize) "
                                            "is not proved: refuted: 'r' element"));
  }
}

}  // namespace
}  // namespace vf::independent
