#include "pipeline/compile_write.h"

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>

#include "codegen/pipeline.h"
#include "ir/dot.h"
#include "ir/printer.h"
#include "ir/stats.h"
#include "support/atomic_file.h"

namespace vf::pipeline {
namespace {

namespace fs = std::filesystem;

void histogram_json(JsonWriter& j, const Graph& g) {
  j.begin_object();
  for (const auto& [op, n] : op_histogram(g)) j.key(op).value(n);
  j.end_object();
}

}  // namespace

std::string report_json(const std::string& model, const CompiledModel& c,
                        const CompileRecord& record, const ReportSections& extra) {
  const rewrite::RewriteResult& r = *c.result;
  JsonWriter j;
  j.begin_object();
  j.key("model").value(model);
  j.key("seed").value(static_cast<int64_t>(c.seed));
  j.key("rules").value(c.rules_dir);
  j.key("rules_applicable").value(static_cast<int64_t>(c.library.size()));
  j.key("rules_excluded").begin_array();
  for (const auto& e : c.library.excluded)
    j.begin_object().key("rule").value(e.rule).key("reason").value(e.reason).end_object();
  j.end_array();
  j.key("ops_before");
  histogram_json(j, c.original);
  j.key("ops_after");
  histogram_json(j, r.graph.graph());
  j.key("flops_before").value(graph_flops(c.original));
  j.key("flops_after").value(graph_flops(r.graph.graph()));
  int64_t applied = 0, rejected = 0, cached = 0, by_definition = 0;
  j.key("rewrites").begin_array();
  for (const auto& a : r.attempts) {
    applied += a.applied;
    by_definition += a.applied && !a.definition.empty();
    rejected += !a.applied;
    cached += a.cached;
    j.begin_object();
    j.key("rule").value(a.rule).key("rule_hash").value(a.rule_hash);
    j.key("nodes").begin_array();
    for (const auto& n : a.nodes) j.value(n);
    j.end_array();
    j.key("certificate")
        .value(a.smt2.empty()
                   ? ""
                   : (a.applied ? "certificates/" : "certificates/rejected/") + a.certificate);
    j.key("verdict").value(rewrite::certificate_verdict(a.outcome, a.definition));
    if (!a.definition.empty()) j.key("definition").value(a.definition);
    j.key("applied").value(a.applied).key("cached").value(a.cached);
    j.key("split").value(a.split).key("claims").value(a.claims);
    j.key("ms").value(a.ms).key("bound").value(a.bound);
    j.key("input_range").value(1.0).key("max_ulps").value(a.max_ulps);
    j.key("reason").value(a.reason);
    j.end_object();
  }
  j.end_array();
  j.key("not_applied").begin_array();
  for (const auto& n : r.near_misses)
    j.begin_object()
        .key("rule")
        .value(n.rule)
        .key("root")
        .value(n.root)
        .key("reason")
        .value(n.reason)
        .end_object();
  j.end_array();
  // Which operator nodes of the model became which of model.vfg (rewrite::Region): the
  // correspondence `vfuse verify --independent` checks rather than trusts.
  j.key("regions").begin_array();
  for (const rewrite::Region& g : r.regions) {
    j.begin_object().key("original").begin_array();
    for (const auto& n : g.original) j.value(n);
    j.end_array().key("compiled").begin_array();
    for (const auto& n : g.compiled) j.value(n);
    j.end_array().end_object();
  }
  j.end_array();
  j.key("summary").begin_object();
  j.key("applied").value(applied).key("rejected").value(rejected).key("cached").value(cached);
  // Applied rewrites by verdict: proved by the solver, or equal by definition.
  j.key("proved").value(applied - by_definition).key("by_definition").value(by_definition);
  j.key("certify_ms").value(r.certify_ms).key("total_ms").value(c.total_ms);
  j.end_object();
  write_compile_record(j, record);
  if (extra) extra(j);
  j.end_object();
  return j.str() + "\n";
}

Result<CompileRecord> compile_record(const CompiledModel& c, const std::string& model) {
  CompileRecord rec;
  rec.vfuse_version = kVfuseVersion;
  rec.certifier_version = rewrite::kCertifierVersion;
  rec.shapes = c.shapes;
  rec.seed = c.seed;
  rec.disabled = c.disabled;
  rec.timeout_ms = c.timeout_ms;
  if (auto r = hash_model(model, rec); !r) return r.error();
  if (auto r = hash_library(c.rules_dir, c.proofs_dir, c.library, rec); !r) return r.error();
  rec.log = c.result->graph.log();
  return rec;
}

Result<void> write_outputs(const std::string& dir, const std::string& model, const CompiledModel& c,
                           CompileRecord& record, std::string& report,
                           const ReportSections& extra) {
  const Graph& g = c.result->graph.graph();
  std::error_code ec;
  fs::create_directories(fs::path(dir) / "certificates" / "rejected", ec);
  if (ec) return Error{fmt::format("cannot create '{}': {}", dir, ec.message())};
  PrintOptions po;
  po.weights_path = (fs::path(dir) / "model.weights").string();
  if (auto r = write_graph(g, (fs::path(dir) / "model.vfg").string(), po); !r) return r;
  DotOptions dopts;
  if (auto r = write_dot(g, (fs::path(dir) / "model.dot").string(), dopts); !r) return r;
  for (const auto& a : c.result->attempts) {
    if (a.smt2.empty()) continue;
    const fs::path p =
        fs::path(dir) / "certificates" / (a.applied ? "" : "rejected") / a.certificate;
    if (auto r = write_file_atomically(p.string(), a.smt2); !r) return r;
  }
  auto hashes = hash_tree(dir, "report.json");
  if (!hashes) return hashes.error();
  record.output = std::move(*hashes);
  report = report_json(model, c, record, extra);
  return write_file_atomically((fs::path(dir) / "report.json").string(), report);
}

std::string clean_dir(const std::string& p) {
  fs::path c = fs::path(p).lexically_normal();
  if (!c.has_filename() && c.has_parent_path() && c != c.root_path()) c = c.parent_path();
  return c.string();
}

Result<void> write_dir_atomically(const std::string& out,
                                  const std::function<Result<void>(const std::string&)>& fill) {
  const std::string dir = clean_dir(out);
  const std::string tmp = fmt::format("{}.tmp{}", dir, getpid());
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    return Error{fmt::format("'{}' exists and is not a directory", dir)};
  fs::remove_all(tmp, ec);
  if (auto r = fill(tmp); !r) {
    fs::remove_all(tmp, ec);
    return r;
  }
  const std::string old = fmt::format("{}.old{}", dir, getpid());
  if (fs::exists(dir, ec)) fs::rename(dir, old, ec);
  fs::rename(tmp, dir, ec);
  if (ec) {
    fs::remove_all(tmp, ec);
    return Error{fmt::format("cannot create '{}': {}", dir, ec.message())};
  }
  fs::remove_all(old, ec);
  return {};
}

Result<codegen::EmittedModel> emit_model(const CompiledModel& c, int threads) {
  auto m = codegen::lower_and_emit(c.result->graph, codegen::EmitOptions{threads});
  if (!m) return Error{fmt::format("native code: {}", m.error().message)};
  return std::move(*m);
}

Result<void> write_emitted(const codegen::EmittedModel& m, const std::string& dir, int threads,
                           CompileRecord& record) {
  if (auto r = write_dir_atomically(
          dir, [&](const std::string& tmp) { return codegen::emit_standalone(m, tmp); });
      !r)
    return r;
  auto hashes = hash_tree(clean_dir(dir));
  if (!hashes) return hashes.error();
  std::error_code ec;
  record.emit_dir = fs::absolute(clean_dir(dir), ec).lexically_normal().string();
  record.emit_threads = threads;
  record.emitted = std::move(*hashes);
  return {};
}

}  // namespace vf::pipeline
