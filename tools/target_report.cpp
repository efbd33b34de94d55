#include "target_report.h"

#include <fmt/format.h>

#include <filesystem>
#include <map>

#include "cmd_common.h"
#include "compile_model.h"
#include "dsl/ast.h"

namespace vf::cli {

std::optional<rewrite::RewriteResult> lower_for_target(const std::string& command,
                                                       const CertifiedGraph& cg,
                                                       const target::Target& t,
                                                       const std::string& rules_dir,
                                                       const std::string& proofs_dir) {
  rewrite::RuleLibrary lib;
  const std::string dir = (std::filesystem::path(rules_dir) / "lowering").string();
  std::error_code ec;
  if (std::filesystem::is_directory(dir, ec)) {
    int code = 0;
    auto l = load_library(command, dir, proofs_dir, {}, code);
    if (!l) return std::nullopt;
    lib = std::move(*l);
    // Only the rules rooted at an operator the target wants lowered.
    for (rewrite::Phase& ph : lib.phases)
      std::erase_if(ph.rules, [&](const rewrite::LibraryRule& r) {
        const auto* call = r.rule->expr(r.rule->source_root().value).as<dsl::OpCall>();
        return !call || !target::should_lower(t, call->op);
      });
  }
  rewrite::RewriteOptions ro;
  auto r = rewrite::Driver::run(cg.graph(), lib, ro);
  if (!r) {
    print_error(command, "internal error in the rewriter: " + r.error().message);
    return std::nullopt;
  }
  return std::move(*r);
}

void print_target_report(const Graph& g, const target::Target& t,
                         const std::vector<rewrite::RewriteAttempt>& lowered) {
  const target::TargetPlan p = place(g, t);
  fmt::print("target {}\n", t.spec);
  std::map<std::string, int> applied, rejected;
  for (const rewrite::RewriteAttempt& a : lowered) ++(a.applied ? applied : rejected)[a.rule];
  for (const auto& [rule, n] : applied) fmt::print("  lowered {:4}  {} (certified)\n", n, rule);
  for (const auto& [rule, n] : rejected) fmt::print("  not lowered {:4}  {} (certificate not proved)\n", n, rule);
  if (!t.systolic) {
    fmt::print("  every node on the host (vfuse's native code)\n");
    return;
  }
  const target::SystolicConfig& c = *t.systolic;
  fmt::print("array {}x{}, scratchpad {} KiB, weight-stationary (src/target/systolic.h)\n",
             c.rows, c.cols, c.spm_bytes / 1024);
  fmt::print("  {:<24} {:<14} {:>24} {:>12} {:>12} {:>6} {:>10} {:>10}\n", "node", "op",
             "matmul MxKxN (x count)", "cycles", "ideal", "util", "MiB in", "MiB out");
  int64_t cycles = 0, ideal = 0, macs = 0, in = 0, out = 0;
  std::map<std::string, int> host;
  const double mib = 1.0 / (1 << 20);
  for (const target::Placement& q : p.nodes) {
    const Node& n = g.node(q.node);
    if (q.device == target::Device::Host) {
      ++host[q.why];
      continue;
    }
    const target::MatmulShape& s = q.matmuls.front().shape;
    const std::string mm = q.matmuls.size() > 1
                               ? fmt::format("{}x{}x{} (x{})", s.m, s.k, s.n, q.matmuls.size())
                               : fmt::format("{}x{}x{}", s.m, s.k, s.n);
    const double util = q.cycles ? static_cast<double>(q.macs) / (static_cast<double>(q.cycles) * c.rows * c.cols) : 0;
    fmt::print("  {:<24} {:<14} {:>24} {:>12} {:>12} {:>5.1f}% {:>10.2f} {:>10.2f}\n", n.name,
               op_name(n.op), mm, q.cycles, q.ideal_cycles, 100 * util, q.bytes_in * mib,
               q.bytes_out * mib);
    cycles += q.cycles;
    ideal += q.ideal_cycles;
    macs += q.macs;
    in += q.bytes_in;
    out += q.bytes_out;
  }
  fmt::print("array total: {} cycles, ideal {} (MACs / (R C) = {} / {}), utilisation {:.1f}%, "
             "{:.2f} MiB in, {:.2f} MiB out\n",
             cycles, ideal, macs, int64_t{c.rows} * c.cols,
             cycles ? 100.0 * static_cast<double>(macs) / (static_cast<double>(cycles) * c.rows * c.cols) : 0.0,
             in * mib, out * mib);
  fmt::print("host:\n");
  for (const auto& [why, count] : host) fmt::print("  {:4}  {}\n", count, why);
  fmt::print("transfers between host and array: {} tensors, {:.2f} MiB\n", p.transfers,
             p.transfer_bytes * mib);
}

}  // namespace vf::cli
