#include "pipeline/lowering.h"

#include <fmt/format.h>

#include <filesystem>
#include <set>

#include "dsl/ast.h"
#include "pipeline/compile.h"
#include "support/atomic_file.h"

namespace vf::pipeline {

Result<rewrite::RewriteResult> lower_for_target(const CertifiedGraph& cg, const target::Target& t,
                                                const std::string& rules_dir,
                                                const std::string& proofs_dir,
                                                DiagnosticSink& diags) {
  rewrite::RuleLibrary lib;
  const std::string dir = (std::filesystem::path(rules_dir) / "lowering").string();
  std::error_code ec;
  if (std::filesystem::is_directory(dir, ec)) {
    auto l = load_library(dir, proofs_dir, {}, diags);
    if (!l) return l.error();
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
  if (!r) return Error{"internal error in the rewriter: " + r.error().message};
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
        text +=
            fmt::format("# layer {} ({}) group {}/{}: {}x{}x{}, {} cycles\n", n.name, op_name(n.op),
                        k + 1, p.matmuls.size(), m.shape.m, m.shape.k, m.shape.n, m.cycles);
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

}  // namespace vf::pipeline
