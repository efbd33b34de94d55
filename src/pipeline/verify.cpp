#include "pipeline/verify.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "codegen/emit.h"
#include "codegen/pipeline.h"
#include "ir/printer.h"
#include "ir/text_parser.h"
#include "pipeline/compile.h"
#include "pipeline/compile_output.h"
#include "pipeline/quantize.h"
#include "rewrite/certificate_cache.h"
#include "support/json.h"
#include "support/sha256.h"

namespace vf::pipeline {
namespace {

namespace fs = std::filesystem;

Result<std::string> read_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return Error{fmt::format("{}: cannot open", path)};
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

/// 1-based line `n` of `text` (without its newline), cut to 100 characters.
std::string line_of(const std::string& text, size_t n) {
  size_t begin = 0;
  for (size_t k = 1; k < n && begin != std::string::npos; ++k) {
    begin = text.find('\n', begin);
    if (begin != std::string::npos) ++begin;
  }
  if (begin == std::string::npos || begin >= text.size()) return "(end of file)";
  std::string l = text.substr(begin, text.find('\n', begin) - begin);
  return l.size() > 100 ? l.substr(0, 100) + "..." : l;
}

/// The 1-based line of byte `offset` of `text`.
size_t line_at(const std::string& text, size_t offset) {
  return 1 + static_cast<size_t>(
                 std::count(text.begin(), text.begin() + std::min(offset, text.size()), '\n'));
}

/// The first byte at which `a` and `b` differ (the shorter one's size when one is a prefix).
size_t first_difference(std::string_view a, std::string_view b) {
  const auto m = std::mismatch(a.begin(), a.begin() + std::min(a.size(), b.size()), b.begin());
  return static_cast<size_t>(m.first - a.begin());
}

/// The tokens of an SMT-LIB2 text (parentheses, symbols, numerals, |quoted symbols|,
/// "string literals", comments to the end of their line), each with its byte offset.
/// Whitespace between tokens is all that is dropped.
class Tokens {
 public:
  explicit Tokens(std::string_view s) : s_(s) {}
  /// The next token (empty at the end) and where it starts.
  std::string_view next(size_t& at) {
    auto space = [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; };
    while (i_ < s_.size() && space(s_[i_])) ++i_;
    at = i_;
    if (i_ >= s_.size()) return {};
    const char c = s_[i_];
    size_t end = i_ + 1;
    if (c == '|') {
      end = std::min(s_.find('|', i_ + 1), s_.size() - 1) + 1;
    } else if (c == '"') {  // a doubled quote is a quote inside the literal
      while (end < s_.size() && !(s_[end] == '"' && (end + 1 == s_.size() || s_[end + 1] != '"')))
        end += s_[end] == '"' ? 2 : 1;
      end = std::min(end + 1, s_.size());
    } else if (c == ';') {
      end = std::min(s_.find('\n', i_), s_.size());
    } else if (c != '(' && c != ')') {
      while (end < s_.size() && !space(s_[end]) && !std::strchr("()|;\"", s_[end])) ++end;
    }
    std::string_view t = s_.substr(i_, end - i_);
    i_ = end;
    return t;
  }

 private:
  std::string_view s_;
  size_t i_ = 0;
};

/// The length of the stem of a name the solver makes up when it prints a term (let
/// variables `?x12`, `$x40`, `a!3`, fresh constants `vf_sqrt!486`): the part before the
/// number; 0 for any other token.
size_t internal_stem(std::string_view t) {
  auto digits = [](std::string_view d) {
    return !d.empty() &&
           std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (t.size() > 2 && (t[0] == '?' || t[0] == '$') && t[1] == 'x' && digits(t.substr(2))) return 2;
  const size_t bang = t.rfind('!');
  if (bang != std::string_view::npos && bang > 0 && digits(t.substr(bang + 1))) return bang + 1;
  return 0;
}

/// Checks a stored certificate against the one derived again: the same tokens, except
/// that the solver's internal names may differ by a one-to-one renaming (two prints of the
/// same query from solver contexts that saw other terms before number them differently).
/// The Error names the stored file's first line that differs.
Result<void> same_certificate(const std::string& stored, const std::string& derived) {
  Tokens a(stored), b(derived);
  // Each side's internal names, numbered by first occurrence: equal numbers on both sides
  // at every position means the renaming is one-to-one.
  std::unordered_map<std::string_view, size_t> names_a, names_b;
  for (;;) {
    size_t at = 0, bt = 0;
    const std::string_view x = a.next(at), y = b.next(bt);
    if (x.empty() && y.empty()) return {};
    const size_t sx = internal_stem(x), sy = internal_stem(y);
    bool same = x == y;
    if (sx > 0 && sy > 0 && x.substr(0, sx) == y.substr(0, sy)) {
      const size_t ix = names_a.emplace(x, names_a.size()).first->second;
      const size_t iy = names_b.emplace(y, names_b.size()).first->second;
      same = ix == iy;
    } else if (sx > 0 || sy > 0) {
      same = false;
    }
    if (!same) {
      const size_t line = line_at(stored, at);
      const size_t start = stored.rfind('\n', at == 0 ? 0 : at - 1);
      const size_t col = at - (start == std::string::npos || at == 0 ? 0 : start + 1) + 1;
      auto cut = [](std::string_view t) {
        return t.empty() ? std::string("(end of file)")
                         : std::string(t.substr(0, 60)) + (t.size() > 60 ? "..." : "");
      };
      return Error{fmt::format("line {}, column {}: `{}` where vfuse derives `{}`", line, col,
                               cut(x), cut(y))};
    }
  }
}

/// "rewrite 3 (fold_bn_into_conv2d at '21')", for messages.
std::string rewrite_name(const std::vector<RewriteRecord>& log, size_t k) {
  const RewriteRecord& r = log[k];
  return fmt::format("rewrite {} ({} at '{}')", k + 1, r.rule,
                     r.nodes.empty() ? "" : r.nodes.back());
}

/// Compares the files a compile read (`then`, by name in `dir`) with those there now.
Result<void> same_files(const std::string& dir, const FileHashes& then, const FileHashes& now,
                        const char* what) {
  for (const auto& [name, sha] : then) {
    auto it = now.find(name);
    const std::string p = (fs::path(dir) / name).string();
    if (it == now.end())
      return Error{
          fmt::format("{}: the compile read this {}, it is no longer there (or no longer "
                      "used)",
                      p, what)};
    if (it->second != sha)
      return Error{fmt::format("{}: the {} changed since the compile", p, what)};
  }
  for (const auto& [name, sha] : now)
    if (!then.count(name))
      return Error{
          fmt::format("{}: a {} the compile did not read", (fs::path(dir) / name).string(), what)};
  return {};
}

/// Names the first constant whose bytes differ between the graph in `vfg` (as stored,
/// with its weights file) and `want` (the same nodes in the same order).
std::string weight_difference(const std::string& vfg, const std::string& weights,
                              const Graph& want) {
  auto src = SourceFile::load(vfg);
  if (!src) return src.error().message;
  DiagnosticSink diags;
  ParseOptions po;
  po.weights_path = weights;
  auto stored = parse_graph(*src, diags, po);
  if (!stored) return "the stored model does not parse: " + diags.render();
  for (size_t i = 0; i < want.size() && i < stored->size(); ++i) {
    const Node &a = want.nodes()[i], &b = stored->nodes()[i];
    if (!a.data || !b.data || a.data->bytes() == b.data->bytes()) continue;
    const Tensor &ta = *a.data, &tb = *b.data;
    const size_t width = dtype_size(ta.dtype());
    const size_t byte = first_difference(
        std::string_view(reinterpret_cast<const char*>(ta.bytes().data()), ta.bytes().size()),
        std::string_view(reinterpret_cast<const char*>(tb.bytes().data()), tb.bytes().size()));
    const int64_t e = static_cast<int64_t>(byte / width);
    std::string values;
    if (e < ta.size() && e < tb.size())
      values = fmt::format(": {:.9g} stored, {:.9g} derived", tb.get(e), ta.get(e));
    if (ta.dtype() == DType::F32 && e < ta.size() && e < tb.size()) {
      uint32_t x = 0, y = 0;
      std::memcpy(&x, tb.bytes().data() + e * 4, 4);
      std::memcpy(&y, ta.bytes().data() + e * 4, 4);
      values += fmt::format(" (bits {:08x} vs {:08x})", x, y);
    }
    return fmt::format("constant '{}' element {}{}", a.name, e, values);
  }
  return "outside every constant's data (padding or length)";
}

/// Runs `command` through the shell; its output (stdout and stderr) and exit status.
std::pair<std::string, int> run_command(const std::string& command) {
  std::string out;
  std::FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return {"cannot start a shell", -1};
  char buf[4096];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  return {out, pclose(p)};
}

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// Replays one certificate file with `solver`: every (check-sat) must answer unsat, and
/// the solver must say nothing else. The Error says what it answered.
Result<int64_t> replay_file(const std::string& solver, unsigned seconds, const std::string& file) {
  auto text = read_bytes(file);
  if (!text) return text.error();
  int64_t want = 0;
  Tokens tokens(*text);
  size_t at = 0;
  for (std::string_view prev, t = tokens.next(at); !t.empty(); prev = t, t = tokens.next(at))
    want += prev == "(" && t == "check-sat";
  if (want == 0) return Error{"the file has no (check-sat)"};
  const std::string cmd = solver == "z3"
                              ? fmt::format("z3 -T:{}", seconds)
                              : fmt::format("cvc5 --incremental --tlimit={}", seconds * 1000);
  const auto [out, status] = run_command(cmd + " " + shell_quote(file));
  int64_t unsat = 0;
  std::string other;
  std::istringstream lines(out);
  for (std::string l; std::getline(lines, l);) {
    if (l == "unsat")
      ++unsat;
    else if (!l.empty() && other.empty())
      other = l.size() > 100 ? l.substr(0, 100) + "..." : l;
  }
  if (unsat == want && other.empty() && status == 0) return want;
  return Error{fmt::format("{} answered unsat to {} of {} check-sats{}{}", solver, unsat, want,
                           other.empty() ? "" : fmt::format("; it also said `{}`", other),
                           status == 0 ? "" : fmt::format(" (exit status {})", status))};
}

/// The re-solving of a compile's certificates by command-line solvers, `jobs` files at a
/// time, in the background: started as soon as the report names the files, it overlaps
/// the checks that run in this process (which use one core).
class SolverReplay {
 public:
  SolverReplay(std::vector<std::string> solvers, std::vector<std::string> files, unsigned seconds,
               int jobs)
      : solvers_(std::move(solvers)),
        files_(std::move(files)),
        seconds_(seconds),
        results_(solvers_.size() * files_.size()),
        ms_(solvers_.size(), 0.0),
        t0_(std::chrono::steady_clock::now()) {
    for (const std::string& s : solvers_)
      installed_.push_back(!run_command("command -v " + s).first.empty());
    for (int t = 0; t < jobs; ++t) threads_.emplace_back([this] { work(); });
  }
  ~SolverReplay() {
    stop_ = true;
    join();
  }

  /// Waits for every file; then what solver `s` answered: the check-sats it solved, or the
  /// Error of the first file (in order) it did not solve, with that file's index
  /// (`npos` when the solver is not installed).
  Result<int64_t> result(size_t s, size_t& failed_file, double& ms) {
    join();
    ms = ms_[s];
    failed_file = std::string::npos;
    if (!installed_[s])
      return Error{
          fmt::format("{} is not installed (not on PATH); --replay none skips "
                      "re-solving the certificates",
                      solvers_[s])};
    int64_t checks = 0;
    for (size_t f = 0; f < files_.size(); ++f) {
      const auto& r = results_[s * files_.size() + f];
      if (!r) continue;  // not started after another file failed
      if (!*r) return failed_file = f, r->error();
      checks += **r;
    }
    return checks;
  }

 private:
  void work() {
    while (!stop_) {
      const size_t i = next_++;
      if (i >= results_.size()) break;
      const size_t s = i / files_.size(), f = i % files_.size();
      if (!installed_[s]) continue;
      auto r = replay_file(solvers_[s], seconds_, files_[f]);
      if (!r) stop_ = true;
      std::lock_guard<std::mutex> lock(mutex_);
      results_[i] = std::move(r);
      ms_[s] = std::max(
          ms_[s], std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0_)
                      .count());
    }
  }
  void join() {
    for (std::thread& t : threads_)
      if (t.joinable()) t.join();
  }

  std::vector<std::string> solvers_;
  std::vector<std::string> files_;
  unsigned seconds_;
  std::vector<bool> installed_;
  std::vector<std::optional<Result<int64_t>>> results_;
  std::vector<double> ms_;
  std::chrono::steady_clock::time_point t0_;
  std::atomic<size_t> next_{0};
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::vector<std::thread> threads_;
};

/// The verification of one directory, step by step; each step returns what it
/// established, or the Error that ends the verification.
class Verification {
 public:
  explicit Verification(VerifyOptions o) : o_(std::move(o)) {}

  /// Runs every step (each reported to `o_.on_step` as it holds); the report.
  VerifyReport run() {
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<std::pair<std::string, std::function<Result<std::string>()>>> steps = {
        {"report", [&] { return read_report(); }},
        {"model", [&] { return load_original(); }},
        {"rules", [&] { return load_rules(); }},
        {"rewrites", [&] { return reapply(); }},
        {"model.vfg", [&] { return compare_listing(); }},
        {"model.weights", [&] { return compare_weights(); }},
        {"certificates", [&] { return compare_certificates(); }},
        {"files", [&] { return check_files(); }},
        {"emitted", [&] { return check_emitted(); }},
    };
    std::string failure, failed_step;
    std::optional<SolverReplay> replay;
    for (const auto& [name, step] : steps) {
      const auto s0 = std::chrono::steady_clock::now();
      auto r = step();
      const double ms = since(s0);
      if (!r) {
        failed_step = name, failure = r.error().message;
        break;
      }
      if (!r->empty()) done(name, *r, ms);
      if (name == "report" && !o_.solvers.empty()) {
        std::vector<std::string> files;
        for (const RewriteRecord& rec : record_.log)
          files.push_back(in_dir("certificates/" + rec.certificate));
        replay.emplace(o_.solvers, std::move(files), o_.solver_seconds, o_.jobs);
      }
    }
    for (size_t k = 0; failure.empty() && k < o_.solvers.size(); ++k) {
      size_t f = 0;
      double ms = 0;
      auto r = replay->result(k, f, ms);
      if (!r) {
        failed_step = "replay " + o_.solvers[k];
        failure = f == std::string::npos
                      ? r.error().message
                      : fmt::format("certificates/{} ({}): {}", record_.log[f].certificate,
                                    rewrite_name(record_.log, f), r.error().message);
      } else {
        done("replay " + o_.solvers[k],
             fmt::format("{} certificates, {} check-sats, all unsat (alongside the checks above)",
                         record_.log.size(), *r),
             ms);
      }
    }
    replay.reset();  // a failure above stops the solvers (each finishes its file)
    report_.dir = o_.dir;
    report_.model = model_path_;
    report_.replayed = !o_.solvers.empty();
    report_.ok = failure.empty();
    report_.failed_step = failed_step;
    report_.failure = failure;
    report_.rewrites = record_.log.size();
    report_.ms = since(t0);
    return std::move(report_);
  }

 private:
  static double since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }
  void done(const std::string& name, const std::string& detail, double ms) {
    report_.steps.push_back({name, detail, ms});
    if (o_.on_step) o_.on_step(report_.steps.back());
  }
  std::string in_dir(const std::string& rel) const { return (fs::path(o_.dir) / rel).string(); }

  Result<std::string> read_report() {
    auto r = read_compile_record(in_dir("report.json"));
    if (!r) return r.error();
    record_ = std::move(*r);
    if (record_.quantized && !record_.output.count(kQuantizedGraphFile))
      return Error{fmt::format(
          "written by vfuse quantize without {} (an older vfuse): verify redoes the rules on "
          "the quantizer's graph, not the calibration; quantize again",
          kQuantizedGraphFile)};
    if (record_.certifier_version != rewrite::kCertifierVersion)
      return Error{
          fmt::format("compiled with the certifier {}, this vfuse has {}: its "
                      "certificates cannot be derived again; compile again",
                      record_.certifier_version, rewrite::kCertifierVersion)};
    return fmt::format("{} rewrites applied, compiled by vfuse {}", record_.log.size(),
                       record_.vfuse_version);
  }

  Result<std::string> load_original() {
    model_path_ = o_.model.empty() ? record_.model : o_.model;
    if (record_.quantized) {
      // The rules ran on the quantizer's graph, stored with the output and hashed with it:
      // redo them there. The calibration and quantization are not redone (docs/quantize.md).
      auto g = load_quantized_graph(o_.dir, report_.diagnostics);
      if (!g) return g.error();
      original_ = std::move(*g);
      const std::string model = model_path_;
      model_path_ = in_dir(kQuantizedGraphFile);
      return fmt::format("{} read: the graph vfuse quantize wrote for {}", kQuantizedGraphFile,
                         model);
    }
    auto h = sha256_file(model_file(model_path_));
    if (!h) return h.error();
    if (*h != record_.model_sha256)
      return Error{
          fmt::format("{} is not the model that was compiled (its SHA-256 differs from "
                      "the one report.json records for {})",
                      model_path_, record_.model)};
    if (!record_.model_weights.empty()) {
      const std::string w =
          fs::path(model_file(model_path_)).replace_extension(".weights").string();
      auto hw = sha256_file(w);
      if (!hw || *hw != record_.model_weights_sha256)
        return Error{fmt::format("{} is not the weights file that was compiled", w)};
    }
    LoadOptions lo;
    for (const std::string& s : record_.shapes)
      if (auto r = parse_shape_binding(s, lo); !r) return r.error();
    DiagnosticSink diags;
    auto g = load(model_path_, lo, diags);
    if (!g) {
      report_.diagnostics = diags.render();
      report_.messages.push_back(g.error().message);
      return Error{fmt::format("{} does not load", model_path_)};
    }
    bind_weights(*g, record_.seed);
    original_ = std::move(*g);
    return fmt::format("{} matches its SHA-256; weights from seed {}", model_path_, record_.seed);
  }

  Result<std::string> load_rules() {
    // The rule files first (before they are parsed), then the proof records of the rules
    // the library makes eligible.
    CompileRecord now;
    if (auto r = hash_library(record_.rules_dir, record_.proofs_dir, {}, now); !r) return r.error();
    if (auto r = same_files(record_.rules_dir, record_.rules, now.rules, "rule file"); !r)
      return r.error();
    DiagnosticSink diags;
    auto lib = load_library(record_.rules_dir, record_.proofs_dir, record_.disabled, diags);
    if (!lib) {
      report_.diagnostics = diags.render();
      report_.messages.push_back("error: " + lib.error().message);
      return Error{fmt::format("the rule library {} does not load", record_.rules_dir)};
    }
    library_ = std::move(*lib);
    if (auto r = hash_library(record_.rules_dir, record_.proofs_dir, library_, now); !r)
      return r.error();
    if (auto r = same_files(record_.proofs_dir, record_.proofs, now.proofs, "proof record"); !r)
      return r.error();
    return fmt::format("{} rule files and {} proof records match their SHA-256", now.rules.size(),
                       now.proofs.size());
  }

  Result<std::string> reapply() {
    rewrite::RewriteOptions ro;
    ro.certify.timeout_ms = record_.timeout_ms;
    auto r = rewrite::Driver::replay(original_, library_, record_.log, ro);
    if (!r) return r.error();
    result_ = std::move(*r);
    return fmt::format("{} re-applied at their recorded nodes, each certified again",
                       result_->graph.log().size());
  }

  Result<std::string> compare_listing() {
    auto stored = read_bytes(in_dir("model.vfg"));
    if (!stored) return stored.error();
    PrintOptions po;
    po.weights_path = "model.weights";
    const std::string want = print_graph(result_->graph.graph(), po);
    if (*stored != want) {
      const size_t line = line_at(*stored, first_difference(*stored, want));
      return Error{fmt::format("{} line {} is not the re-derived graph's: `{}` (derived: `{}`)",
                               in_dir("model.vfg"), line, line_of(*stored, line),
                               line_of(want, line))};
    }
    return fmt::format("identical to the re-derived graph ({} nodes)",
                       result_->graph.graph().size());
  }

  Result<std::string> compare_weights() {
    auto stored = read_bytes(in_dir("model.weights"));
    if (!stored) return stored.error();
    const std::string want = weights_bytes(result_->graph.graph());
    if (*stored != want)
      return Error{fmt::format(
          "{} is not the re-derived graph's: {}", in_dir("model.weights"),
          weight_difference(in_dir("model.vfg"), in_dir("model.weights"), result_->graph.graph()))};
    return fmt::format("identical to the re-derived constants ({:.1f} MB)",
                       static_cast<double>(want.size()) / 1e6);
  }

  Result<std::string> compare_certificates() {
    const std::vector<RewriteRecord>& log = record_.log;
    for (size_t k = 0; k < log.size(); ++k) {
      const std::string file = in_dir("certificates/" + log[k].certificate);
      auto stored = read_bytes(file);
      if (!stored)
        return Error{fmt::format("{}: missing, the certificate of {}", file, rewrite_name(log, k))};
      if (auto r = same_certificate(*stored, result_->attempts[k].smt2); !r)
        return Error{fmt::format("{}, the certificate of {}: {}", file, rewrite_name(log, k),
                                 r.error().message)};
    }
    return fmt::format("{} identical to the re-derived ones (up to the solver's internal names)",
                       log.size());
  }

  Result<std::string> check_files() {
    auto present = hash_tree(o_.dir, "report.json");
    if (!present) return present.error();
    for (const auto& [rel, sha] : *present)
      if (!record_.output.count(rel))
        return Error{fmt::format("{}: not written by the compile (report.json does not list it)",
                                 in_dir(rel))};
    if (auto r = check_hashes(o_.dir, record_.output); !r) return r.error();
    return fmt::format("{} files match their SHA-256 in report.json", record_.output.size());
  }

  Result<std::string> check_emitted() {
    if (record_.emit_dir.empty()) return std::string();
    if (auto r = check_hashes(record_.emit_dir, record_.emitted); !r) return r.error();
    // The emitted code and weights are those of the re-derived graph.
    auto m = codegen::lower_and_emit(result_->graph, codegen::EmitOptions{record_.emit_threads});
    if (!m) return Error{fmt::format("the re-derived graph does not emit: {}", m.error().message)};
    const std::string weights(reinterpret_cast<const char*>(m->weights.data()),
                              m->weights.size() * sizeof(float));
    for (const auto& [name, text] :
         {std::pair<std::string, std::string_view>{"model.cpp", m->source},
          {"model.weights", weights},
          {"vfrt.h", codegen::runtime_header()}}) {
      auto it = record_.emitted.find(name);
      if (it == record_.emitted.end() || it->second != sha256_hex(text))
        return Error{
            fmt::format("{}/{} is not what the re-derived graph emits", record_.emit_dir, name)};
    }
    return fmt::format(
        "{} files in {} match their SHA-256; model.cpp and model.weights emitted "
        "again are identical",
        record_.emitted.size(), record_.emit_dir);
  }

  VerifyOptions o_;
  CompileRecord record_;
  std::string model_path_;
  Graph original_;
  rewrite::RuleLibrary library_;
  std::optional<rewrite::RewriteResult> result_;
  VerifyReport report_;
};

}  // namespace

Result<Graph> load_quantized_graph(const std::string& dir, std::string& diagnostics) {
  const std::string path = (fs::path(dir) / kQuantizedGraphFile).string();
  DiagnosticSink diags;
  auto g = load(path, LoadOptions{}, diags);
  if (!g) {
    diagnostics = diags.render();
    return Error{fmt::format("{} does not load", path)};
  }
  return std::move(*g);
}

VerifyReport verify(VerifyOptions o) { return Verification(std::move(o)).run(); }

std::string verify_json(const VerifyReport& r) {
  JsonWriter j;
  j.begin_object().key("dir").value(r.dir).key("ok").value(r.ok);
  j.key("steps").begin_array();
  for (const VerifyStep& s : r.steps)
    j.begin_object()
        .key("check")
        .value(s.name)
        .key("ok")
        .value(true)
        .key("detail")
        .value(s.detail)
        .key("ms")
        .value(s.ms)
        .end_object();
  if (!r.ok)
    j.begin_object()
        .key("check")
        .value(r.failed_step)
        .key("ok")
        .value(false)
        .key("error")
        .value(r.failure)
        .end_object();
  j.end_array().key("rewrites").value(static_cast<int64_t>(r.rewrites));
  j.key("ms").value(r.ms).end_object();
  return j.str();
}

}  // namespace vf::pipeline
