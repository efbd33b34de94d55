// Stored proofs: written, read back, and stale when the rule text changes.
#include "verify/proof_store.h"

#include <catch2/catch.hpp>

#include <filesystem>

#include "verify_test_util.h"

namespace vf::verify {
namespace {

const char* kRule = R"(
rule times_one {
  source {
    %out = multiply(%x, 1);
  }
  target {
    %out = %x;
  }
})";

TEST_CASE("proof store: write, read, current, a changed rule text makes it stale", "[verify]") {
  const auto dir = std::filesystem::temp_directory_path() / "vfuse_proof_store_test";
  std::filesystem::remove_all(dir);
  SourceFile src("t.rules", kRule);
  DiagnosticSink diags;
  auto rf = dsl::parse_rules(src, diags);
  REQUIRE(rf);
  const dsl::Rule& rule = rf->rules[0];
  const RuleProof p = prove_rule(rule, "t.rules", {});
  REQUIRE(p.outcome == Outcome::Proved);
  const std::string hash = rule_hash(src, rule);
  REQUIRE(write_proof(dir.string(), p, hash));
  CHECK(std::filesystem::exists(dir / "times_one.smt2"));

  auto rec = read_proof(dir.string(), "times_one");
  REQUIRE(rec);
  REQUIRE(*rec);
  CHECK((*rec)->verdict == "proved");
  CHECK((*rec)->scope == "unbounded");
  CHECK((*rec)->instances == p.instances);
  CHECK_THAT((*rec)->solver, Catch::StartsWith("z3 "));
  CHECK(!stale_reason(*rec, hash));

  // One character more in the rule: another hash.
  std::string text = kRule;
  text.insert(text.find("%out = %x;"), " ");
  SourceFile changed("t.rules", text);
  auto rf2 = dsl::parse_rules(changed, diags);
  REQUIRE(rf2);
  const std::string hash2 = rule_hash(changed, rf2->rules[0]);
  CHECK(hash2 != hash);
  auto why = stale_reason(*rec, hash2);
  REQUIRE(why);
  CHECK_THAT(*why, Catch::Contains("changed"));

  // The record holds this build's prover code hash; another code hash or another solver
  // makes it stale, each named.
  CHECK((*rec)->code_hash == prover_code_hash());
  CHECK_THAT(std::string(prover_code_hash()), Catch::StartsWith("sha256:"));
  CHECK(std::string(prover_code_hash()).size() == 7 + 64);
  CHECK(prover_code_files() > 50);
  auto code = stale_reason(*rec, ProofKey{hash, "sha256:other"});
  REQUIRE(code);
  CHECK_THAT(*code, Catch::Contains("the prover's code changed"));
  auto solver = stale_reason(*rec, ProofKey{hash, prover_code_hash(), "z3 0.0.1"});
  REQUIRE(solver);
  CHECK_THAT(*solver, Catch::Contains("the solver now is z3 0.0.1"));
  CHECK(!stale_reason(*rec, ProofKey{hash, prover_code_hash(), (*rec)->solver}));

  CHECK(stale_reason(std::nullopt, hash) == std::optional<std::string>("no stored proof"));
  auto missing = read_proof(dir.string(), "nope");
  REQUIRE(missing);
  CHECK(!*missing);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace vf::verify
