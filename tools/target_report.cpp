#include "target_report.h"

#include <fmt/format.h>

#include <map>

#include "cmd_common.h"

namespace vf::cli {

namespace {

const double kMiB = 1.0 / (1 << 20);

/// The lowering rewrites: per rule how many were certified, and the rejected by reason.
void print_lowered(const std::vector<rewrite::RewriteAttempt>& lowered) {
  std::map<std::string, int> applied;
  std::map<std::pair<std::string, std::string>, int> rejected;  // rule, reason
  for (const rewrite::RewriteAttempt& a : lowered) {
    if (a.applied)
      ++applied[a.rule];
    else
      ++rejected[{a.rule, a.reason}];
  }
  for (const auto& [rule, n] : applied) fmt::print("  lowered {:4}  {} (certified)\n", n, rule);
  for (const auto& [key, n] : rejected)
    fmt::print("  not lowered {:4}  {} (certificate not proved: {})\n", n, key.first,
               key.second.empty() ? "no reason given" : key.second);
}

/// One array layer's row: its matmul(s), cycles against the ideal, utilisation, bytes.
void print_array_row(const Node& n, const target::Placement& q, const target::SystolicConfig& c) {
  const target::MatmulShape& s = q.matmuls.front().shape;
  const std::string mm = q.matmuls.size() > 1
                             ? fmt::format("{}x{}x{} (x{})", s.m, s.k, s.n, q.matmuls.size())
                             : fmt::format("{}x{}x{}", s.m, s.k, s.n);
  fmt::print("  {:<24} {:<14} {:>24} {:>12} {:>12} {:>5.1f}% {:>10.2f} {:>10.2f}\n", n.name,
             op_name(n.op), mm, q.cycles, q.ideal_cycles,
             100 * target::utilisation(c, q.macs, q.cycles), q.bytes_in * kMiB, q.bytes_out * kMiB);
}

}  // namespace

std::optional<rewrite::RewriteResult> lower_for_target(const std::string& command,
                                                       const CertifiedGraph& cg,
                                                       const target::Target& t,
                                                       const std::string& rules_dir,
                                                       const std::string& proofs_dir) {
  DiagnosticSink diags;
  auto r = pipeline::lower_for_target(cg, t, rules_dir, proofs_dir, diags);
  if (!r) {
    diags.print(stderr);
    print_error(command, r.error().message);
    return std::nullopt;
  }
  return std::move(*r);
}

void print_target_report(const Graph& g, const target::Target& t,
                         const std::vector<rewrite::RewriteAttempt>& lowered) {
  const target::TargetPlan p = place(g, t);
  fmt::print("target {}\n", t.spec);
  print_lowered(lowered);
  if (!t.systolic) {
    fmt::print("  every node on the host (vfuse's native code)\n");
    return;
  }
  const target::SystolicConfig& c = *t.systolic;
  fmt::print("array {}x{}, scratchpad {} KiB, weight-stationary (src/target/systolic.h)\n", c.rows,
             c.cols, c.spm_bytes / 1024);
  fmt::print("  {:<24} {:<14} {:>24} {:>12} {:>12} {:>6} {:>10} {:>10}\n", "node", "op",
             "matmul MxKxN (x count)", "cycles", "ideal", "util", "MiB in", "MiB out");
  int64_t cycles = 0, ideal = 0, macs = 0, in = 0, out = 0;
  std::map<std::string, int> host, scale_shift, host_steps;
  std::map<std::string, std::pair<int, int64_t>> vector;  // why: nodes, cycles
  int64_t vector_cycles = 0, vector_elements = 0;
  const double mib = kMiB;
  for (const target::Placement& q : p.nodes) {
    const Node& n = g.node(q.node);
    if (q.device == target::Device::Host) {
      ++host[q.why];
      continue;
    }
    if (q.device == target::Device::Vector) {
      auto& [count, cyc] = vector[q.why];
      ++count;
      cyc += q.cycles;
      vector_cycles += q.cycles;
      vector_elements += num_elements(n.type.shape);
      continue;
    }
    if (q.device == target::Device::ScaleShift) {
      ++scale_shift[q.why];
      continue;
    }
    if (!q.host_step.empty()) ++host_steps[q.host_step];
    print_array_row(n, q, c);
    cycles += q.cycles;
    ideal += q.ideal_cycles;
    macs += q.macs;
    in += q.bytes_in;
    out += q.bytes_out;
  }
  fmt::print(
      "array total: {} cycles, ideal {} (MACs / (R C) = {} / {}), utilisation {:.1f}%, "
      "{:.2f} MiB in, {:.2f} MiB out\n",
      cycles, ideal, macs, int64_t{c.rows} * c.cols, 100 * target::utilisation(c, macs, cycles),
      in * mib, out * mib);
  if (!scale_shift.empty()) {
    fmt::print("scale-shift unit:\n");
    for (const auto& [why, count] : scale_shift) fmt::print("  {:4}  {}\n", count, why);
  }
  if (t.vector_lanes > 0) {
    int64_t nodes = 0;
    for (const auto& [why, v] : vector) nodes += v.first;
    fmt::print(
        "vector unit ({} lanes, float32, beside the array): {} nodes, {} cycles, {} elements "
        "out\n",
        t.vector_lanes, nodes, vector_cycles, vector_elements);
    for (const auto& [why, v] : vector)
      fmt::print("  {:4}  {:>10} cycles  {}\n", v.first, v.second, why);
  }
  fmt::print("host:\n");
  for (const auto& [why, count] : host) fmt::print("  {:4}  {}\n", count, why);
  for (const auto& [step, count] : host_steps)
    fmt::print("  {:4}  host step on an array layer's sums: {}\n", count, step);
  fmt::print("transfers between host and array{}: {} tensors, {:.2f} MiB\n",
             t.vector_lanes > 0 || t.scale_shift_unit ? " (the array's units on its side)" : "",
             p.transfers, p.transfer_bytes * mib);
}

void print_lowering_summary(const rewrite::RewriteResult& low, const std::string& out_dir) {
  int64_t applied = 0, split = 0;
  for (const rewrite::RewriteAttempt& a : low.attempts) {
    applied += a.applied;
    split += a.applied && a.split.rfind("window classes", 0) == 0;
  }
  fmt::print("lowerings: {} certified ({} by window classes) of {} tried, certifying {:.0f} ms",
             applied, split, low.attempts.size(), low.certify_ms);
  if (out_dir.empty())
    fmt::print("\n");
  else
    fmt::print("; certificates in {}/target/certificates/\n", out_dir);
}

}  // namespace vf::cli
