// The SMT-LIB2 printer: the same query gives the same bytes whatever the Context did
// before, the two sides of a claim are defined separately (an edit of one is seen by the
// replaying solver), and every literal form parses back with the answer the solver gave.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "smt/bv_domain.h"
#include "smt/float32_domain.h"
#include "smt/real_domain.h"
#include "smt/smtlib_printer.h"
#include "smt/solver.h"

namespace vf::smt {
namespace {

/// x / sqrt(v + eps) * g against x * (g / sqrt(v + eps)) per element, and a relu that both
/// sides spell the same way (one hash-consed term): fresh roots and inverses, a claim
/// whose sides are identical, numerals of several forms.
Query fold_query(Context& ctx, int n) {
  RealDomain d(ctx);
  SymTensor lhs{{n}, {}}, rhs{{n}, {}};
  std::vector<Expr> pre;
  for (int i = 0; i < n; ++i) {
    const std::string k = std::to_string(i);
    const Expr x = ctx.var("x[" + k + "]", Sort::real()), v = ctx.var("v[" + k + "]", Sort::real());
    const Expr g = d.lit(-0.75 + i);
    const Expr ve = d.add(v, d.lit(1e-5));
    pre.push_back(d.lt(d.lit(0), ve));
    const Expr relu_x = d.select(d.lt(x, d.lit(0)), d.lit(0), x);
    lhs.elems.push_back(d.add(d.mul(d.div(x, d.sqrt(ve)), g), relu_x));
  }
  const Conditions lc = d.take_conditions();
  for (int i = 0; i < n; ++i) {
    const std::string k = std::to_string(i);
    const Expr x = ctx.var("x[" + k + "]", Sort::real()), v = ctx.var("v[" + k + "]", Sort::real());
    const Expr ve = d.add(v, d.lit(1e-5));
    const Expr relu_x = d.select(d.lt(x, d.lit(0)), d.lit(0), x);
    rhs.elems.push_back(d.add(d.mul(x, d.div(d.lit(-0.75 + i), d.sqrt(ve))), relu_x));
  }
  return equivalence_query({&lhs, 1}, {&rhs, 1}, pre, lc, d.take_conditions());
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

/// Every line of a script's output, joined by spaces.
std::string answers(const std::string& script) {
  std::string out = run_smtlib_script(script);
  for (char& c : out)
    if (c == '\n') c = ' ';
  return out;
}

TEST_CASE("the printer is deterministic: same query, same bytes, after other queries too",
          "[smt][smtlib]") {
  SmtlibOptions o;
  o.logic_all = true;
  std::string first, again, elsewhere;
  {
    Context ctx;
    Solver s(ctx);
    first = s.to_smtlib(fold_query(ctx, 3), o);
    // Other queries in the same Context move Z3's fresh-symbol counter and AST ids.
    for (int k = 0; k < 5; ++k) (void)fold_query(ctx, 4 + k);
    again = s.to_smtlib(fold_query(ctx, 3), o);
  }
  {
    Context ctx;
    (void)ctx.fresh("vf_sqrt", Sort::real());
    (void)ctx.var("unrelated", Sort::real());
    elsewhere = Solver(ctx).to_smtlib(fold_query(ctx, 3), o);
  }
  CHECK(first == again);
  CHECK(first == elsewhere);
  CHECK(first.find("(declare-fun vf_sqrt!0 () Real)") != std::string::npos);
  CHECK(first.find("(declare-fun |x[0]| () Real)") != std::string::npos);
  CHECK(first.find("let") == std::string::npos);
  CHECK(answers(first) == "unsat ");
}

TEST_CASE("the two sides of a claim are defined separately, even when they are one term",
          "[smt][smtlib]") {
  Context ctx;
  RealDomain d(ctx);
  const Expr x = ctx.var("x", Sort::real()), b = ctx.var("b", Sort::real());
  const Expr relu = d.select(d.lt(d.add(x, b), d.lit(0)), d.lit(0), d.add(x, b));
  const SymTensor lhs{{}, {relu}}, rhs{{}, {relu}};
  const Query q = equivalence_query({&lhs, 1}, {&rhs, 1}, {}, {}, {});
  const std::string text = Solver(ctx).to_smtlib(q);
  INFO(text);
  const std::string src = "(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))";
  const std::string tgt = "(define-fun t!1 () Real (ite (< t!0 0.0) 0.0 t!0))";
  REQUIRE(text.find(src) != std::string::npos);
  REQUIRE(text.find(tgt) != std::string::npos);
  CHECK(text.find("(assert (not (= s!1 t!1)))") != std::string::npos);
  CHECK(answers(text) == "unsat ");
  // An edit of either side alone is an inequality the solver finds.
  std::string edited = text;
  edited.replace(edited.find(tgt), tgt.size(),
                 "(define-fun t!1 () Real (ite (< t!0 0.0) 1.0 t!0))");
  CHECK(answers(edited) == "sat ");
  edited = text;
  edited.replace(edited.find(src), src.size(),
                 "(define-fun s!1 () Real (ite (> s!0 0.0) 0.0 s!0))");
  CHECK(answers(edited) == "sat ");
}

TEST_CASE("split claims: one check-sat per claim after the shared definitions", "[smt][smtlib]") {
  Context ctx;
  SmtlibOptions o;
  o.split_claims = true;
  const Query q = fold_query(ctx, 2);
  const std::string text = Solver(ctx).to_smtlib(q, o);
  std::string all;
  for (size_t k = 0; k < q.claims.size(); ++k) all += "unsat ";
  CHECK(q.claims.size() > 2);  // the elements, and the target's definedness
  CHECK(answers(text) == all);
  CHECK(first_line(text) == "(set-logic QF_NRA)");
}

TEST_CASE("bitvector, float32 and special literals print as SMT-LIB and parse back",
          "[smt][smtlib]") {
  Context ctx;
  BvDomain bv(ctx, 8);
  const Expr a = ctx.var("a", Sort::bitvec(8)), c = ctx.var("c", Sort::bitvec(8));
  const SymTensor bl{{}, {bv.sub(bv.add(a, c), c)}}, br{{}, {bv.add(a, bv.lit(-3) * bv.lit(0))}};
  const std::string bv_text =
      Solver(ctx).to_smtlib(equivalence_query({&bl, 1}, {&br, 1}, {}, {}, {}));
  INFO(bv_text);
  CHECK(bv_text.find("#b11111101") != std::string::npos);  // -3 in 8 bits
  CHECK(answers(bv_text) == "unsat ");

  Float32Domain f(ctx);
  const Expr y = ctx.var("y", Sort::float32());
  const float inf = std::numeric_limits<float>::infinity();
  // y * 1 == y, and the literals -0, inf and NaN survive the round trip (NaN = NaN in SMT).
  const SymTensor fl{{4}, {f.mul(y, f.lit(1)), f.lit(-0.0), f.lit(inf), f.lit(std::nanf(""))}};
  const SymTensor fr{{4}, {y, ctx.fp32_val(-0.0f), ctx.fp32_val(inf), ctx.fp32_val(std::nanf(""))}};
  const std::string fp_text =
      Solver(ctx).to_smtlib(equivalence_query({&fl, 1}, {&fr, 1}, {}, {}, {}));
  INFO(fp_text);
  CHECK(fp_text.find("(set-logic QF_FP)") != std::string::npos);
  CHECK(answers(fp_text) == "unsat ");
  // -0 and +0 are different values: the claim -0 == +0 is refuted.
  const SymTensor zl{{}, {f.lit(-0.0)}}, zr{{}, {f.lit(0.0)}};
  CHECK(answers(Solver(ctx).to_smtlib(equivalence_query({&zl, 1}, {&zr, 1}, {}, {}, {}))) ==
        "sat ");
}

TEST_CASE("a long accumulation chain is cut into definitions of bounded nesting", "[smt][smtlib]") {
  Context ctx;
  RealDomain d(ctx);
  Expr lhs = d.lit(0), rhs = d.lit(0);
  for (int k = 0; k < 3000; ++k) {
    const Expr x = ctx.var("x" + std::to_string(k), Sort::real());
    lhs = d.add(lhs, d.mul(x, d.lit(2)));
    rhs = d.add(rhs, d.add(x, x));
  }
  const SymTensor l{{}, {lhs}}, r{{}, {rhs}};
  const std::string text = Solver(ctx).to_smtlib(equivalence_query({&l, 1}, {&r, 1}, {}, {}, {}));
  int depth = 0, deepest = 0;
  for (char ch : text) {
    depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
    deepest = std::max(deepest, depth);
  }
  CHECK(depth == 0);
  CHECK(deepest <= 2 * 26);
  CHECK(answers(text) == "unsat ");
}

/// sqrt(x*x + 1)^2 == x*x + 1 over the variable `x`: true only with the root's definition.
Query root_query(Context& ctx, const std::string& x_name) {
  RealDomain d(ctx);
  const Expr x = ctx.var(x_name, Sort::real());
  const Expr v = d.add(d.mul(x, x), d.lit(1));
  const Expr r = d.sqrt(v);
  const SymTensor l{{}, {d.mul(r, r)}}, rv{{}, {v}};
  return equivalence_query({&l, 1}, {&rv, 1}, {}, d.take_conditions(), {});
}

TEST_CASE("a claim answered from the claim cache keeps its proof's need for definitions",
          "[smt][smtlib]") {
  // The second query is the first up to renaming: the cache answers it, and the text
  // written for replay must still carry the root's definition (else it is sat).
  Context ctx;
  ClaimCache cache;
  SolverOptions so;
  so.split_claims = true;
  so.claim_cache = &cache;
  Solver s(ctx, so);
  for (const char* name : {"a", "b"}) {
    const Query q = root_query(ctx, name);
    REQUIRE(is_proved(s.check(q)));
    CHECK(s.used_definitions());
    SmtlibOptions o;
    o.split_claims = true;
    o.definitions = s.used_definitions();
    CHECK(answers(s.to_smtlib(q, o)) == "unsat ");
  }
  CHECK(cache.hits() == 1);
}

TEST_CASE("names that are not simple symbols are quoted, the script still parses",
          "[smt][smtlib]") {
  Context ctx;
  RealDomain d(ctx);
  const Expr a = ctx.var("conv 1.out[0,2]", Sort::real());
  const Expr b = ctx.var("assert", Sort::real());  // a reserved word
  const SymTensor l{{}, {d.add(a, b)}}, r{{}, {d.add(b, a)}};
  const std::string text = Solver(ctx).to_smtlib(equivalence_query({&l, 1}, {&r, 1}, {}, {}, {}));
  INFO(text);
  CHECK(text.find("|conv 1.out[0,2]|") != std::string::npos);
  CHECK(text.find("|assert|") != std::string::npos);
  CHECK(answers(text) == "unsat ");
}

}  // namespace
}  // namespace vf::smt
