#include "target_report.h"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <set>

#include "cmd_common.h"
#include "compile_model.h"
#include "dsl/ast.h"
#include "support/atomic_file.h"

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

Result<void> write_program(const Graph& g, const target::Target& t, const std::string& path) {
  if (!t.systolic) return Error{fmt::format("--program: target {} has no array", t.spec)};
  const target::TargetPlan plan = place(g, t);
  // The plan's moves: a value the array's side receives is sent before its first reader
  // there, a value the host reads is returned after the node computing it.
  std::set<NodeId> to_array, to_host, sent;
  for (const target::Transfer& m : plan.moves)
    (m.to == target::Device::Host ? to_host : to_array).insert(m.value);
  std::string text = fmt::format("# vfuse systolic program, target {} (docs/targets.md)\n", t.spec);
  for (const target::Placement& p : plan.nodes) {
    if (p.device == target::Device::Host) continue;
    const Node& n = g.node(p.node);
    for (NodeId in : n.inputs)
      if (to_array.count(in) && sent.insert(in).second)
        text += fmt::format("IN {} {} bytes\n", g.node(in).name,
                            num_elements(g.node(in).type.shape) * 4);
    if (p.device == target::Device::Vector) {  // beside the array, on its scratchpad
      text += fmt::format("VEC {} {} {} elements {} cycles\n", n.name, op_name(n.op),
                          num_elements(n.type.shape), p.cycles);
    } else if (p.device == target::Device::ScaleShift) {  // at the drain of the array's results
      text += fmt::format("SS {} {} {} elements\n", n.name,
                          n.op == OpKind::Multiply ? "scale" : "shift", num_elements(n.type.shape));
    } else {
      for (size_t k = 0; k < p.matmuls.size(); ++k) {
        const target::MatmulPlan& m = p.matmuls[k];
        text += fmt::format("# layer {} ({}) group {}/{}: {}x{}x{}, {} cycles\n", n.name,
                            op_name(n.op), k + 1, p.matmuls.size(), m.shape.m, m.shape.k,
                            m.shape.n, m.cycles);
        text += target::program_text(target::compile_matmul(*t.systolic, m.shape));
      }
    }
    if (!p.host_step.empty())  // the host completes the node from the array's sums
      text += fmt::format("OUT {} sums {} bytes\n# then on the host: {}\n", n.name, p.bytes_out,
                          p.host_step);
    else if (to_host.count(p.node))
      text += fmt::format("OUT {} {} bytes\n", n.name, num_elements(n.type.shape) * 4);
  }
  return write_file_atomically(path, text);
}

void print_target_report(const Graph& g, const target::Target& t,
                         const std::vector<rewrite::RewriteAttempt>& lowered) {
  const target::TargetPlan p = place(g, t);
  fmt::print("target {}\n", t.spec);
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
  const double mib = 1.0 / (1 << 20);
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
    const target::MatmulShape& s = q.matmuls.front().shape;
    const std::string mm = q.matmuls.size() > 1
                               ? fmt::format("{}x{}x{} (x{})", s.m, s.k, s.n, q.matmuls.size())
                               : fmt::format("{}x{}x{}", s.m, s.k, s.n);
    fmt::print("  {:<24} {:<14} {:>24} {:>12} {:>12} {:>5.1f}% {:>10.2f} {:>10.2f}\n", n.name,
               op_name(n.op), mm, q.cycles, q.ideal_cycles,
               100 * target::utilisation(c, q.macs, q.cycles), q.bytes_in * mib,
               q.bytes_out * mib);
    cycles += q.cycles;
    ideal += q.ideal_cycles;
    macs += q.macs;
    in += q.bytes_in;
    out += q.bytes_out;
  }
  fmt::print(
      "array total: {} cycles, ideal {} (MACs / (R C) = {} / {}), utilisation {:.1f}%, "
      "{:.2f} MiB in, {:.2f} MiB out\n",
      cycles, ideal, macs, int64_t{c.rows} * c.cols,
      100 * target::utilisation(c, macs, cycles),
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

Result<void> write_lowering_certificates(const std::string& dir,
                                         const std::vector<rewrite::RewriteAttempt>& lowered) {
  namespace fs = std::filesystem;
  const fs::path certs = fs::path(dir) / "target" / "certificates";
  std::error_code ec;
  fs::create_directories(certs / "rejected", ec);
  if (ec) return Error{fmt::format("cannot create '{}': {}", certs.string(), ec.message())};
  for (const rewrite::RewriteAttempt& a : lowered) {
    if (a.smt2.empty()) continue;
    const fs::path p = certs / (a.applied ? "" : "rejected") / a.certificate;
    if (auto r = write_file_atomically(p.string(), a.smt2); !r) return r;
  }
  return {};
}

void lowering_json(JsonWriter& j, const target::Target& t, const rewrite::RewriteResult& low) {
  j.key("target").begin_object();
  j.key("spec").value(t.spec);
  // Where the lowered graph's nodes run, and the cost model's totals.
  const Graph& g = low.graph.graph();
  const target::TargetPlan plan = place(g, t);
  int64_t dev[4] = {0, 0, 0, 0}, array_cycles = 0, ideal = 0, vector_cycles = 0;
  for (const target::Placement& q : plan.nodes) {
    ++dev[static_cast<int>(q.device)];
    (q.device == target::Device::Vector ? vector_cycles : array_cycles) += q.cycles;
    ideal += q.ideal_cycles;
  }
  j.key("devices").begin_object();
  j.key("host").value(dev[static_cast<int>(target::Device::Host)]);
  j.key("array").value(dev[static_cast<int>(target::Device::Array)]);
  j.key("scale_shift").value(dev[static_cast<int>(target::Device::ScaleShift)]);
  j.key("vector").value(dev[static_cast<int>(target::Device::Vector)]);
  j.end_object();
  int64_t certified = 0;
  for (const rewrite::RewriteAttempt& a : low.attempts) certified += a.applied;
  j.key("lowerings_certified").value(certified);
  j.key("lowerings_tried").value(static_cast<int64_t>(low.attempts.size()));
  j.key("array_cycles").value(array_cycles);
  j.key("array_ideal_cycles").value(ideal);
  j.key("vector_lanes").value(static_cast<int64_t>(t.vector_lanes));
  j.key("vector_cycles").value(vector_cycles);
  j.key("transfers").value(plan.transfers);
  j.key("transfer_bytes").value(plan.transfer_bytes);
  j.key("certify_ms").value(low.certify_ms);
  j.key("lowerings").begin_array();
  for (const rewrite::RewriteAttempt& a : low.attempts) {
    j.begin_object();
    j.key("rule").value(a.rule);
    j.key("root").value(a.nodes.empty() ? std::string() : a.nodes.back());
    j.key("verdict").value(rewrite::certificate_verdict(a.outcome, a.definition));
    j.key("applied").value(a.applied);
    j.key("certificate")
        .value(a.smt2.empty() ? std::string()
                              : std::string("target/certificates/") +
                                    (a.applied ? "" : "rejected/") + a.certificate);
    j.key("split").value(a.split);
    j.key("claims").value(a.claims);
    j.key("ms").value(a.ms);
    j.key("reason").value(a.reason);
    j.end_object();
  }
  j.end_array();
  j.end_object();
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
