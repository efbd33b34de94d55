// Helpers of the int8 kernels' native tests (quant_native_test.cpp,
// qdepthwise_native_test.cpp): a graph of qconv2d / qdense cases with seeded integer inputs,
// and the check that every output is bit-identical to the interpreter's in the three builds.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "codegen/emit.h"
#include "codegen_test_util.h"
#include "ir/certified_graph.h"
#include "ir/text_parser.h"

namespace vf::codegen::test {

struct QCase {
  bool dense = false;
  int64_t N = 1, C = 4, H = 5, W = 5, O = 16, KH = 3, KW = 3, sh = 1, sw = 1;
  int64_t pt = 0, pl = 0, pb = 0, pr = 0, dh = 1, dw = 1, groups = 1;
  bool x_signed = false;
  int64_t xzp = 0;
  bool fused = true;        // requantize the sums (else: the sums are the output)
  bool per_channel = true;  // multiplier per output channel
  bool out_signed = true;   // requantize to int8 (else uint8)
  bool relu = false;        // qmin raised to the zero point
  int64_t dense_rows = 0;   // qdense of rank 3: x [N, rows, C]
  int64_t shift = -1;       // the requantize's shift (-1: one for typical sums)
  int64_t m_lo = int64_t{1} << 29, m_hi = int64_t{1} << 30;  // its multipliers' range

  int64_t OH() const { return (H + pt + pb - dh * (KH - 1) - 1) / sh + 1; }
  int64_t OW() const { return (W + pl + pr - dw * (KW - 1) - 1) / sw + 1; }
  Shape x_shape() const {
    if (dense) return dense_rows ? Shape{N, dense_rows, C} : Shape{N, C};
    return {N, C, H, W};
  }
  Shape w_shape() const { return dense ? Shape{O, C} : Shape{O, C / groups, KH, KW}; }
  Shape y_shape() const {
    if (dense) return dense_rows ? Shape{N, dense_rows, O} : Shape{N, O};
    return {N, O, OH(), OW()};
  }
  int64_t K() const { return dense ? C : C / groups * KH * KW; }
};

inline std::string shape_text(const Shape& s) { return fmt::format("({})", fmt::join(s, ", ")); }
inline std::string type_text(const Shape& s, const char* t) {
  return fmt::format("Tensor[{}, {}]", shape_text(s), t);
}

/// A random integer in [lo, hi].
inline int64_t random_int(SplitMix64& rng, int64_t lo, int64_t hi) {
  return lo + static_cast<int64_t>(rng.next() % static_cast<uint64_t>(hi - lo + 1));
}

/// Random integers in [lo, hi], with the extremes at the first positions.
inline std::vector<int64_t> random_ints(SplitMix64& rng, int64_t n, int64_t lo, int64_t hi) {
  std::vector<int64_t> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    v[static_cast<size_t>(i)] = i == 0 ? lo : i == 1 ? hi : random_int(rng, lo, hi);
  return v;
}

struct Builder {
  std::string params, body;
  std::vector<std::string> outputs;
  std::map<std::string, Tensor> inputs;
  SplitMix64 rng{2024};
  int k = 0;

  void input(const std::string& name, const Shape& s, DType t, std::vector<int64_t> values) {
    params += fmt::format("{}%{}: {}", params.empty() ? "" : ", ", name,
                          type_text(s, std::string(dtype_name(t)).c_str()));
    std::vector<double> d(values.begin(), values.end());
    inputs.emplace(name, Tensor::from_doubles(TensorType{t, s}, d));
  }
  void constant(const std::string& name, const Shape& s, const char* t,
                const std::vector<int64_t>& v) {
    body += fmt::format("  %{} = constant({}) [{}]\n", name, type_text(s, t), fmt::join(v, ", "));
  }

  void conv(const QCase& c) {
    const int id = k++;
    const std::string x = fmt::format("x{}", id);
    const IntRange xr = c.x_signed ? IntRange{-128, 127} : IntRange{0, 255};
    input(x, c.x_shape(), c.x_signed ? DType::I8 : DType::U8,
          random_ints(rng, num_elements(c.x_shape()), xr.lo, xr.hi));
    constant(fmt::format("w{}", id), c.w_shape(), "int8",
             random_ints(rng, num_elements(c.w_shape()), -128, 127));
    constant(fmt::format("b{}", id), {c.O}, "int32", random_ints(rng, c.O, -70000, 70000));
    std::string attrs = fmt::format("x_zero_point={}", c.xzp);
    if (!c.dense)
      attrs +=
          fmt::format(", strides=[{}, {}], padding=[{}, {}, {}, {}], dilation=[{}, {}], groups={}",
                      c.sh, c.sw, c.pt, c.pl, c.pb, c.pr, c.dh, c.dw, c.groups);
    body +=
        fmt::format("  %acc{} = {}(%{}, %w{}, %b{}, {}) : {}\n", id, c.dense ? "qdense" : "qconv2d",
                    x, id, id, attrs, type_text(c.y_shape(), "int32"));
    if (!c.fused) {
      outputs.push_back(fmt::format("%acc{}", id));
      return;
    }
    // A multiplier that maps typical sums (sqrt(K) * 128 * 100) to about +-100.
    const double typical = std::sqrt(static_cast<double>(c.K())) * 128 * 100;
    const int64_t shift =
        c.shift >= 0 ? c.shift : 30 + static_cast<int>(std::ceil(std::log2(typical / 100)));
    const int64_t nm = c.per_channel ? c.O : 1;
    constant(fmt::format("m{}", id), {nm}, "int32", random_ints(rng, nm, c.m_lo, c.m_hi));
    const int64_t zp = c.out_signed ? -3 : 120;
    const int64_t lo = c.relu ? zp : (c.out_signed ? -128 : 0);
    const int64_t hi = c.out_signed ? 127 : 255;
    const char* t = c.out_signed ? "int8" : "uint8";
    body += fmt::format(
        "  %y{} = requantize(%acc{}, %m{}, axis={}, shift={}, zero_point={}, qmin={}, qmax={}, "
        "dtype=\"{}\") : {}\n",
        id, id, id, c.dense ? static_cast<int>(c.y_shape().size()) - 1 : 1, shift, zp, lo, hi, t,
        type_text(c.y_shape(), t));
    outputs.push_back(fmt::format("%y{}", id));
  }

  std::string text() const {
    return fmt::format("# vfuse graph v1\ngraph({}) {{\n{}  return {}\n}}\n", params, body,
                       fmt::join(outputs, ", "));
  }
};

inline Graph parse_ok(const std::string& text) {
  SourceFile src("quant_native.vfg", text);
  DiagnosticSink diags;
  auto g = parse_graph(src, diags);
  INFO(diags.render());
  INFO(text);
  REQUIRE(g);
  return std::move(*g);
}

/// The builds of check_identical: -march=native (AVX-512 VNNI here), AVX2 without AVX-512
/// (the vpmaddwd emulation), the compiler's portable default (the plain 16-lane loop).
enum class Build { Native, Avx2, Portable };

inline void check_identical(const Graph& g, const std::map<std::string, Tensor>& inputs) {
  const CertifiedGraph cg = CertifiedGraph::unrewritten(g);
  const std::vector<Tensor> ref = interpret(cg, Precision::F32, inputs);
  for (Build build : {Build::Native, Build::Avx2, Build::Portable}) {
    INFO("build " << static_cast<int>(build) << " (0 native, 1 AVX2, 2 portable)");
    NativeOptions o;
    o.cache_dir = test::test_cache_dir();
    o.march_native = build != Build::Portable;
    if (build == Build::Avx2) o.extra_flags = {"-mno-avx512f"};
    auto built = NativeModel::build(cg, o);
    INFO((built ? std::string() : built.error().message));
    REQUIRE(built);
    NativeModel& m = *built;
    const std::vector<Tensor> out = run_native(m, inputs);
    REQUIRE(out.size() == ref.size());
    for (size_t k = 0; k < out.size(); ++k) {
      INFO("output " << g.node(g.outputs()[k]).name);
      REQUIRE(out[k].type() == ref[k].type());
      int64_t differ = 0, first = -1;
      for (int64_t i = 0; i < out[k].size(); ++i)
        if (out[k].get(i) != ref[k].get(i) && differ++ == 0) first = i;
      INFO("first difference at " << first << ": native " << (first >= 0 ? out[k].get(first) : 0)
                                  << ", interpreter " << (first >= 0 ? ref[k].get(first) : 0));
      CHECK(differ == 0);
      CHECK(out[k].bytes() == ref[k].bytes());
    }
  }
}

}  // namespace vf::codegen::test
