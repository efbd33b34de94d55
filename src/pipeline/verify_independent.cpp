// vfuse verify --independent: loads what the independent checker needs (the model through
// the importer, the compiled graph through the .vfg reader, the regions from report.json)
// and hands them to it (src/independent/check.h).
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "independent/check.h"
#include "independent/program.h"
#include "lower/lir.h"
#include "pipeline/compile.h"
#include "pipeline/compile_output.h"
#include "pipeline/model_loader.h"
#include "pipeline/quantize.h"
#include "pipeline/verify.h"
#include "support/json_reader.h"
#include "support/sha256.h"

namespace vf::pipeline {
namespace {

namespace fs = std::filesystem;

/// report.json's "regions" (written by the compile, rewrite::Region; not trusted).
Result<std::vector<independent::Region>> read_regions(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  auto j = parse_json(s.str());
  if (!j) return Error{fmt::format("{}: {}", path, j.error().message)};
  const JsonValue* r = j->find("regions");
  if (!r || r->kind != JsonValue::Kind::Array)
    return Error{
        fmt::format("{} has no \"regions\" (compiled by an older vfuse: compile again)", path)};
  std::vector<independent::Region> out;
  for (const JsonValue& g : r->items) {
    independent::Region region;
    for (auto [key, names] :
         {std::pair{"original", &region.original}, std::pair{"compiled", &region.compiled}}) {
      const JsonValue* a = g.find(key);
      if (!a || a->kind != JsonValue::Kind::Array)
        return Error{fmt::format("{}: region {} has no \"{}\" list", path, out.size() + 1, key)};
      for (const JsonValue& n : a->items) {
        if (n.kind != JsonValue::Kind::String)
          return Error{fmt::format("{}: region {}: a name is not a string", path, out.size() + 1)};
        names->push_back(n.string);
      }
    }
    out.push_back(std::move(region));
  }
  return out;
}

}  // namespace

VerifyReport verify_independent(VerifyOptions o) {
  VerifyReport rep;
  rep.dir = o.dir;
  const auto start = std::chrono::steady_clock::now();
  auto in_dir = [&](const std::string& rel) { return (fs::path(o.dir) / rel).string(); };
  auto step = [&](const std::string& name, auto&& body) -> bool {
    const auto t0 = std::chrono::steady_clock::now();
    Result<std::string> r = body();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (!r) {
      rep.failed_step = name;
      rep.failure = r.error().message;
      return false;
    }
    rep.steps.push_back({name, *r, ms});
    if (o.on_step) o.on_step(rep.steps.back());
    return true;
  };
  CompileRecord record;
  std::vector<independent::Region> regions;
  Graph original, compiled;
  const bool ok =
      step("report",
           [&]() -> Result<std::string> {
             auto r = read_compile_record(in_dir("report.json"));
             if (!r) return r.error();
             record = std::move(*r);
             if (record.quantized && !record.output.count(kQuantizedGraphFile))
               return Error{fmt::format(
                   "written by vfuse quantize without {} (an older vfuse): quantize again",
                   kQuantizedGraphFile)};
             auto g = read_regions(in_dir("report.json"));
             if (!g) return g.error();
             regions = std::move(*g);
             rep.rewrites = record.log.size();
             return fmt::format("{} regions claimed, {} rewrites applied", regions.size(),
                                record.log.size());
           }) &&
      step("files",
           [&]() -> Result<std::string> {
             if (auto r = check_hashes(o.dir, record.output); !r) return r.error();
             return fmt::format("{} files match their SHA-256", record.output.size());
           }) &&
      step("model",
           [&]() -> Result<std::string> {
             rep.model = o.model.empty() ? record.model : o.model;
             if (record.quantized) {
               // The rules' input is the quantizer's graph, stored beside the output and
               // hashed with it: the float-to-integer translation is vfuse quantize's (its
               // agreement is measured, not proved; docs/independent.md).
               auto g = load_quantized_graph(o.dir, rep.diagnostics);
               if (!g) return g.error();
               original = std::move(*g);
               const std::string model = rep.model;
               rep.model = in_dir(kQuantizedGraphFile);
               return fmt::format("{} read as stored: the graph vfuse quantize wrote for {}",
                                  kQuantizedGraphFile, model);
             }
             auto h = sha256_file(model_file(rep.model));
             if (!h) return h.error();
             if (*h != record.model_sha256)
               return Error{fmt::format("{} is not the model that was compiled", rep.model)};
             LoadOptions lo;
             for (const std::string& s : record.shapes)
               if (auto r = parse_shape_binding(s, lo); !r) return r.error();
             DiagnosticSink diags;
             auto g = load(rep.model, lo, diags);
             if (!g) {
               rep.diagnostics = diags.render();
               return Error{fmt::format("{} does not load", rep.model)};
             }
             bind_weights(*g, record.seed);
             original = std::move(*g);
             return fmt::format("{} imported, weights from seed {}", rep.model, record.seed);
           }) &&
      step("compiled",
           [&]() -> Result<std::string> {
             DiagnosticSink diags;
             auto g = load(in_dir("model.vfg"), LoadOptions{}, diags);
             if (!g) {
               rep.diagnostics = diags.render();
               return Error{fmt::format("{} does not load", in_dir("model.vfg"))};
             }
             compiled = std::move(*g);
             return fmt::format("{} nodes read as stored", compiled.size());
           }) &&
      step("regions", [&]() -> Result<std::string> {
        independent::CheckOptions co;
        if (o.on_region) co.on_region = o.on_region;
        const independent::CheckReport c =
            independent::check_translation(original, compiled, regions, co);
        if (!c.ok) return Error{c.failure};
        return fmt::format(
            "{} regions tile both graphs; {} identical, {} proved by the solver ({} output "
            "elements in {} classes, {} folded constant elements within 2^-20 of exact values)",
            c.regions.size(), c.identical, c.proved, c.elements, c.classes, c.folded);
      }) &&
      step("program", [&]() -> Result<std::string> {
        // The lowering and the memory plan are not stored: the back end (lir::lower, the
        // untrusted producer) lowers model.vfg again, as vfuse run and --emit do, and the
        // checker reads its program as data.
        auto p = lir::lower(CertifiedGraph::unrewritten(compiled));
        if (!p) return Error{"model.vfg does not lower: " + p.error().message};
        auto s = independent::check_program(compiled, *p);
        if (!s) return s.error();
        return fmt::format(
            "{} instructions ({} in place, {} fused stages) over {} buffers read what their "
            "nodes read; no live value overwritten in an arena of {} words",
            s->instructions, s->in_place, s->stages, s->buffers, s->arena_words);
      });
  rep.ok = ok;
  rep.ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return rep;
}

}  // namespace vf::pipeline
