#include "verify/proof_store.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "smt/solver.h"
#include "support/atomic_file.h"
#include "support/json.h"
#include "support/json_reader.h"
#include "support/rng.h"
#include "verify/prover_code_hash.h"

namespace vf::verify {

const char* prover_code_hash() { return VF_PROVER_CODE_HASH; }

int prover_code_files() { return VF_PROVER_CODE_FILES; }

std::string rule_hash(const SourceFile& file, const dsl::Rule& rule) {
  std::string text = file.text().substr(rule.span.offset, rule.span.length);
  text += '\n';
  text += kProverVersion;
  return fmt::format("fnv1a64:{:016x}", fnv1a64(text));
}

std::string proof_record_json(const RuleProof& p, const std::string& hash) {
  JsonWriter j;
  j.begin_object()
      .key("rule")
      .value(p.name)
      .key("file")
      .value(p.file)
      .key("verdict")
      .value(outcome_name(p.outcome))
      .key("scope")
      .value(p.scope)
      .key("grid")
      .value(p.grid)
      .key("instances")
      .value(p.instances)
      .key("patterns")
      .value(p.patterns)
      .key("pattern_instances")
      .value(p.pattern_instances)
      .key("lemma")
      .value(p.lemma)
      .key("smt2_instances")
      .value(p.smt2_instances)
      .key("solver")
      .value(smt::solver_version())
      .key("prover")
      .value(kProverVersion)
      .key("rule_hash")
      .value(hash)
      .key("code_hash")
      .value(prover_code_hash())
      .key("reason")
      .value(p.reason)
      .end_object();
  return j.str() + "\n";
}

Result<void> write_proof(const std::string& dir, const RuleProof& p, const std::string& hash) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Error{fmt::format("cannot create '{}': {}", dir, ec.message())};
  const std::string base = (std::filesystem::path(dir) / p.name).string();
  if (auto r = write_file_atomically(base + ".smt2", p.smt2); !r) return r;
  return write_file_atomically(base + ".json", proof_record_json(p, hash));
}

Result<std::optional<ProofRecord>> read_proof(const std::string& dir, const std::string& rule) {
  const std::string path = (std::filesystem::path(dir) / (rule + ".json")).string();
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::optional<ProofRecord>{};
  std::stringstream ss;
  ss << in.rdbuf();
  auto rec = parse_json_record(ss.str());
  if (!rec) return Error{fmt::format("{}: {}", path, rec.error().message)};
  ProofRecord r;
  auto str = [&](const char* k, std::string& out) {
    if (const std::string* s = json_string(*rec, k)) out = *s;
  };
  auto num = [&](const char* k) {
    const double* d = json_number(*rec, k);
    return d ? *d : 0.0;
  };
  str("rule", r.rule);
  str("file", r.file);
  str("verdict", r.verdict);
  str("scope", r.scope);
  str("grid", r.grid);
  str("solver", r.solver);
  str("prover", r.prover);
  str("rule_hash", r.rule_hash);
  str("code_hash", r.code_hash);
  r.instances = static_cast<int64_t>(num("instances"));
  r.smt2_instances = static_cast<int64_t>(num("smt2_instances"));
  if (r.rule_hash.empty() || r.verdict.empty())
    return Error{fmt::format("{}: not a proof record (no verdict or rule_hash)", path)};
  return std::optional<ProofRecord>(std::move(r));
}

std::optional<std::string> stale_reason(const std::optional<ProofRecord>& rec,
                                        const ProofKey& key) {
  if (!rec) return "no stored proof";
  if (rec->rule_hash != key.rule_hash)
    return fmt::format(
        "the rule's text (or the prover) changed since it was proved ({} stored, {} now)",
        rec->rule_hash, key.rule_hash);
  if (rec->code_hash != key.code_hash)
    return fmt::format("the prover's code changed since it was proved ({} stored, {} now)",
                       rec->code_hash.empty() ? "none" : rec->code_hash, key.code_hash);
  const std::string solver = key.solver.empty() ? smt::solver_version() : key.solver;
  if (rec->solver != solver)
    return fmt::format("proved by {}, the solver now is {}", rec->solver, solver);
  if (rec->verdict != "proved") return fmt::format("the stored verdict is '{}'", rec->verdict);
  return std::nullopt;
}

std::optional<std::string> stale_reason(const std::optional<ProofRecord>& rec,
                                        const std::string& hash) {
  return stale_reason(rec, ProofKey{hash});
}

}  // namespace vf::verify
