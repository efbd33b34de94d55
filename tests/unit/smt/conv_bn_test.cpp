// The batch-norm folds of DESIGN.md, read with the real domain: conv -> BN folds into the
// conv's weights and bias (proved for all weights, BN parameters and inputs), while BN ->
// conv does not fold its shift through a padded conv (refuted at the border).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <utility>

#include "../semantics/op_case.h"
#include "interp/interpreter.h"
#include "smt/real_domain.h"
#include "smt_test_util.h"

namespace vf::smt {
namespace {

using test::encode;
using test::verified;
using vf::test::attrs;
using vf::test::f64;
using vf::test::ints;

constexpr double kEps = 1e-5;
const Shape kX{1, 2, 4, 4}, kW{2, 2, 3, 3}, kC{2};

Attrs conv_attrs() { return attrs({{"padding", ints({1, 1, 1, 1})}}); }

/// The exact BN scale a = gamma / sqrt(var + eps), per channel, in the domain.
std::vector<Expr> bn_scale(RealDomain& d, const SymTensor& gamma, const SymTensor& var) {
  std::vector<Expr> a;
  for (size_t c = 0; c < gamma.elems.size(); ++c)
    a.push_back(d.div(gamma.elems[c], d.sqrt(d.add(var.elems[c], d.lit(kEps)))));
  return a;
}

TEST_CASE("conv2d -> batch_norm folds into conv2d weights and bias (all symbolic)", "[smt]") {
  Graph src, dst;
  {
    NodeId x = src.add_input("x", TensorType{DType::F32, kX});
    NodeId w = src.add_input("w", TensorType{DType::F32, kW}, true);
    std::vector<NodeId> bn;
    for (const char* n : {"gamma", "beta", "mean", "var"})
      bn.push_back(src.add_input(n, TensorType{DType::F32, kC}, true));
    NodeId y = src.add_node(OpKind::Conv2d, "conv", {x, w}, conv_attrs());
    src.add_output(src.add_node(OpKind::BatchNorm, "bn", {y, bn[0], bn[1], bn[2], bn[3]},
                                attrs({{"epsilon", f64(kEps)}})));
  }
  {
    NodeId x = dst.add_input("x", TensorType{DType::F32, kX});
    NodeId w2 = dst.add_input("w2", TensorType{DType::F32, kW}, true);
    NodeId b2 = dst.add_input("b2", TensorType{DType::F32, kC}, true);
    dst.add_output(dst.add_node(OpKind::Conv2d, "conv", {x, w2, b2}, conv_attrs()));
  }
  src = verified(std::move(src));
  dst = verified(std::move(dst));

  Context ctx;
  RealDomain d(ctx);
  const Bindings in = input_vars(d, src);
  const auto lhs = encode(d, src, in);
  Conditions lc = d.take_conditions();

  // The folded constants as their exact defining terms: w2 = a * w, b2 = beta - a * mean.
  const std::vector<Expr> a = bn_scale(d, in.at("gamma"), in.at("var"));
  const SymTensor& w = in.at("w");
  Bindings folded{{"x", in.at("x")}};
  SymTensor w2{kW, {}}, b2{kC, {}};
  for (size_t i = 0; i < w.elems.size(); ++i) w2.elems.push_back(d.mul(a[i / 18], w.elems[i]));
  for (size_t c = 0; c < 2; ++c)
    b2.elems.push_back(d.sub(in.at("beta").elems[c], d.mul(a[c], in.at("mean").elems[c])));
  folded["w2"] = w2;
  folded["b2"] = b2;
  const auto rhs = encode(d, dst, folded);
  Conditions rc = d.take_conditions();
  // One square root per channel, shared by both sides (same argument term).
  CHECK(lc.definitions.size() == 4);  // per channel: r*r = v, r * (1/r) = 1
  CHECK(rc.definitions.size() == 4);

  const Query q = equivalence_query(lhs, rhs, {}, lc, rc);

  CHECK(q.claims.size() == 32 + 4);  // 32 elements; target obligations: 2 sqrt, 2 div
  SECTION("split per element") {
    Solver s(ctx, SolverOptions{.timeout_ms = 20'000, .split_claims = true});
    const Verdict v = test::timed_check(s, q, "conv+bn fold, split per element");
    INFO(describe(v));
    CHECK(is_proved(v));
  }
  SECTION("one query") {
    Solver s(ctx, SolverOptions{.timeout_ms = 20'000});
    const Verdict v = test::timed_check(s, q, "conv+bn fold, one query");
    INFO(describe(v));
    CHECK(is_proved(v));
  }
  SECTION("a wrong sign in the folded bias is refuted") {
    SymTensor bad = b2;
    bad.elems[1] = d.add(in.at("beta").elems[1], d.mul(a[1], in.at("mean").elems[1]));
    folded["b2"] = bad;
    const auto wrong = encode(d, dst, folded);
    Conditions wc = d.take_conditions();
    Solver s(ctx, SolverOptions{.timeout_ms = 20'000});
    const Verdict v =
        test::timed_check(s, equivalence_query(lhs, wrong, {}, lc, wc), "conv+bn wrong bias");
    INFO(describe(v));
    REQUIRE(is_refuted(v));
    for (const Violation& x : std::get<Refuted>(v).violations)
      CHECK(x.what.rfind("output 0 element [0,1,", 0) == 0);  // channel 1 only
  }
}

/// Constant tensors of the BN -> conv cases (f32 values, exact in binary).
const std::vector<double> kGamma{1.5, -0.5}, kBeta{0.25, 1}, kMean{0.5, -1}, kVar{0.75, 2};

std::vector<double> conv_weights() {
  std::vector<double> w;
  for (int i = 0; i < 36; ++i) w.push_back((i % 7 - 3) * 0.25);
  return w;
}

Tensor f32(const Shape& s, const std::vector<double>& v) {
  return Tensor::from_doubles(TensorType{DType::F32, s}, v);
}

/// batch_norm (constant parameters) then conv2d (constant weights, `pad` on every side),
/// and the target of the unconditional fold, conv2d(x, w2, b2) with
/// w2[o,c] = a_c w[o,c], b2[o] = sum over c, kh, kw of w[o,c,kh,kw] t_c, where
/// a = gamma / sqrt(var + eps) and t = beta - a mean are exact terms. Encoded over the
/// reals: the question is the instance certificate's, x symbolic, constants concrete.
struct BnConv {
  Graph src, dst;
  Context ctx;
  RealDomain d{ctx};
  Bindings in;
  Query query;

  explicit BnConv(int64_t pad) {
    const Attrs conv = attrs({{"padding", ints({pad, pad, pad, pad})}});
    NodeId x = src.add_input("x", TensorType{DType::F32, kX});
    std::vector<NodeId> bn;
    for (const auto& [n, v] :
         {std::pair{"gamma", kGamma}, {"beta", kBeta}, {"mean", kMean}, {"var", kVar}})
      bn.push_back(src.add_constant(n, f32(kC, v)));
    NodeId y = src.add_node(OpKind::BatchNorm, "bn", {x, bn[0], bn[1], bn[2], bn[3]},
                            attrs({{"epsilon", f64(kEps)}}));
    NodeId w = src.add_constant("w", f32(kW, conv_weights()));
    src.add_output(src.add_node(OpKind::Conv2d, "conv", {y, w}, conv));
    NodeId dx = dst.add_input("x", TensorType{DType::F32, kX});
    NodeId w2 = dst.add_input("w2", TensorType{DType::F32, kW}, true);
    NodeId b2 = dst.add_input("b2", TensorType{DType::F32, kC}, true);
    dst.add_output(dst.add_node(OpKind::Conv2d, "conv", {dx, w2, b2}, conv));
    src = verified(std::move(src));
    dst = verified(std::move(dst));

    in = input_vars(d, src);
    const auto lhs = encode(d, src, in);
    Conditions lc = d.take_conditions();
    auto lits = [&](const std::vector<double>& v) {
      return lit_tensor(d, f32({static_cast<int64_t>(v.size())}, v));
    };
    const SymTensor gamma = lits(kGamma), beta = lits(kBeta), mean = lits(kMean);
    const SymTensor w_lits = lit_tensor(d, f32(kW, conv_weights()));
    const std::vector<Expr> a = bn_scale(d, gamma, lits(kVar));
    SymTensor w2t{kW, {}}, b2t{kC, {}};
    for (size_t i = 0; i < 36; ++i) w2t.elems.push_back(d.mul(w_lits.elems[i], a[i / 9 % 2]));
    for (size_t o = 0; o < 2; ++o) {
      Expr acc = d.lit(0);
      for (size_t i = 0; i < 18; ++i) {
        const size_t c = i / 9;
        const Expr t = d.sub(beta.elems[c], d.mul(a[c], mean.elems[c]));
        acc = d.add(acc, d.mul(w_lits.elems[o * 18 + i], t));
      }
      b2t.elems.push_back(acc);
    }
    const auto rhs = encode(d, dst, Bindings{{"x", in.at("x")}, {"w2", w2t}, {"b2", b2t}});
    Conditions rc = d.take_conditions();
    query = equivalence_query(lhs, rhs, {}, lc, rc);
  }

  /// Runs both graphs in f64 on x, the target with the folded constants computed in
  /// double.
  std::pair<Tensor, Tensor> replay(const Tensor& x) const {
    RunOptions opts;
    opts.precision = Precision::F64;
    opts.inputs.emplace("x", x);
    std::vector<double> wv = conv_weights(), w2v(36), b2v(2, 0.0);
    for (size_t i = 0; i < 36; ++i) {
      const size_t c = i / 9 % 2, o = i / 18;
      const double ac = kGamma[c] / std::sqrt(kVar[c] + kEps), tc = kBeta[c] - ac * kMean[c];
      w2v[i] = wv[i] * ac;
      b2v[o] += wv[i] * tc;
    }
    auto a = run_graph(CertifiedGraph::unrewritten(src), opts);
    opts.inputs.emplace("w2", Tensor::from_doubles(TensorType{DType::F64, kW}, w2v));
    opts.inputs.emplace("b2", Tensor::from_doubles(TensorType{DType::F64, kC}, b2v));
    auto b = run_graph(CertifiedGraph::unrewritten(dst), opts);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    return {(*a)[0], (*b)[0]};
  }
};

TEST_CASE("batch_norm -> unpadded conv2d: scale and shift fold exactly", "[smt]") {
  BnConv bc(0);

  Solver s(bc.ctx, SolverOptions{.timeout_ms = 20'000});
  const Verdict v = test::timed_check(s, bc.query, "bn->unpadded conv proved");
  INFO(describe(v));
  CHECK(is_proved(v));
}

TEST_CASE("batch_norm -> padded conv2d: the shift does not fold (border counterexample)", "[smt]") {
  BnConv bc(1);

  Solver s(bc.ctx, SolverOptions{.timeout_ms = 20'000});
  const Verdict v = test::timed_check(s, bc.query, "bn->padded conv refuted");
  INFO(describe(v));
  REQUIRE(is_refuted(v));
  const Refuted& r = std::get<Refuted>(v);
  REQUIRE(!r.violations.empty());
  for (const Violation& x : r.violations) {  // only border elements can differ
    int o = -1, h = -1, w = -1;
    REQUIRE(std::sscanf(x.what.c_str(), "output 0 element [0,%d,%d,%d]", &o, &h, &w) == 3);
    INFO(x.what);
    CHECK((h == 0 || h == 3 || w == 0 || w == 3));
  }
  // Replay through the interpreter: the model's x makes the border differ, the inside
  // agree.
  auto xt = model_tensor(r.model, bc.in.at("x"));
  REQUIRE(xt.ok());
  const auto [ys, yd] = bc.replay(*xt);
  for (int64_t i = 0; i < ys.size(); ++i) {
    const int64_t h = i / 4 % 4, w = i % 4;
    INFO("element " << i);
    if (h == 0 || h == 3 || w == 0 || w == 3)
      CHECK(std::fabs(ys.get(i) - yd.get(i)) > 1e-3);
    else
      CHECK(ys.get(i) == Approx(yd.get(i)).margin(1e-9));
  }
}

}  // namespace
}  // namespace vf::smt
