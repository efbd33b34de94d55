#include "rewrite/driver.h"

#include <fmt/format.h>

#include <chrono>
#include <functional>
#include <memory>
#include <set>

#include "ir/copy_nodes.h"
#include "ir/shape_inference.h"
#include "rewrite/compact.h"
#include "rewrite/match.h"

namespace vf::rewrite {
namespace {

/// The maximum number of passes over the whole pipeline (each pass runs every phase to
/// a fixed point; a second pass is needed when a late phase enables an early rule).
constexpr int kMaxPipelinePasses = 4;

/// A name not used in `g` yet, based on `want`.
std::string fresh_name(const std::set<std::string>& used, const std::string& want) {
  if (!used.count(want)) return want;
  for (int k = 2;; ++k)
    if (auto s = fmt::format("{}~{}", want, k); !used.count(s)) return s;
}

/// Replaces the match's root by the certificate's target: the target's nodes and folded
/// constants are appended to `g`, the root's users read the target root, which takes
/// the root's name; then the graph is compacted. The certified error of each folded
/// constant goes to `errors` under its node's name (none for an exact fold); the folded
/// values and errors are moved out of `cert`.
Result<void> apply(Graph& g, const Match& m, Certificate& cert,
                   std::map<std::string, Tensor>& errors) {
  const verify::Instance& inst = cert.instance;
  const Graph& ig = inst.graph;
  const dsl::Rule& rule = *m.rule;
  std::vector<NodeId> map(ig.size());
  for (size_t v = 0; v < rule.tensor_vars.size(); ++v)
    if (inst.var_nodes[v].valid() && inst.var_nodes[v].index < inst.source_end && m.vars[v].valid())
      map[inst.var_nodes[v].index] = m.vars[v];
  for (size_t e = 0; e < rule.exprs.size(); ++e)
    if (inst.expr_nodes[e].valid() && inst.expr_nodes[e].index < inst.source_end &&
        m.exprs[e].valid())
      map[inst.expr_nodes[e].index] = m.exprs[e];

  std::set<std::string> used;
  for (const Node& n : g.nodes()) used.insert(n.name);
  const std::string root_name = g.node(m.root).name;
  auto new_name = [&](const std::string& part) {
    std::string s = fresh_name(used, fmt::format("{}.{}", root_name, part));
    used.insert(s);
    return s;
  };
  std::vector<bool> foldable;
  fold_frontier(inst, &foldable);
  std::map<uint32_t, FoldedConstant*> folded;
  for (FoldedConstant& f : cert.folded) folded[f.node.index] = &f;

  const size_t first_new = g.size();
  // The target's nodes after the source's: folded nodes as their certified constants,
  // nodes read only through a folded one (and the instance's inputs) left out.
  struct Hooks {
    const verify::Instance& inst;
    const Certificate& cert;
    const std::map<uint32_t, FoldedConstant*>& folded;
    const std::vector<bool>& foldable;
    Graph& g;
    std::vector<NodeId>& map;
    std::map<std::string, Tensor>& errors;
    std::function<std::string(const std::string&)> new_name;
    bool place(size_t i, const Node& n) {
      if (auto it = folded.find(static_cast<uint32_t>(i)); it != folded.end()) {
        const std::string name = new_name(n.name);
        // Moved: the certificate's copy is not read after its rewrite is applied.
        map[i] = g.add_constant(name, std::move(it->second->value));
        if (!it->second->exact) errors[name] = std::move(it->second->error);  // else exactly 0
        return true;
      }
      if (n.op == OpKind::Constant) return false;
      return foldable[i] || n.op == OpKind::Input;  // read only through a folded node
    }
    std::string name(const Node& n) const { return new_name(n.name); }
    Attrs attrs(size_t i, const Node&) const {
      return verify::attrs_with_values(inst, inst.graph.id(i), cert.float_values);
    }
  } hooks{inst, cert, folded, foldable, g, map, errors, new_name};
  if (auto r = copy_nodes(ig, inst.source_end, inst.target_end, g, map, hooks); !r)
    return Error{fmt::format("rule {}: the target's {}", rule.name, r.error().message)};
  const NodeId target = map[inst.target_root.index];
  if (!target.valid())
    return Error{fmt::format("rule {}: the target root has no node in the model", rule.name)};
  if (g.node(target).type != g.node(m.root).type)
    return Error{fmt::format("rule {}: the target has type {}, the replaced node {}", rule.name,
                             shape_string(g.node(target).type.shape),
                             shape_string(g.node(m.root).type.shape))};
  for (size_t j = 0; j < g.size(); ++j) {
    if (g.id(j) == target) continue;
    for (NodeId& in : g.node_mut(g.id(j)).inputs)
      if (in == m.root) in = target;
  }
  g.replace_output(m.root, target);
  if (target.index >= first_new) {
    // A new target root takes the replaced root's name (outputs keep their names).
    g.node_mut(m.root).name = fresh_name(used, root_name + "~replaced");
    g.node_mut(target).name = root_name;
  }
  auto c = compact_graph(g, &errors);
  if (!c) return Error{fmt::format("rule {}: {}", rule.name, c.error().message)};
  if (auto t = infer_types(g); !t)
    return Error{fmt::format("rule {}: the rewritten graph does not type-check: {}", rule.name,
                             t.error().message)};
  return {};
}

/// The compiled matchers of a phase.
struct PhaseMatchers {
  const Phase* phase;
  std::vector<std::unique_ptr<Matcher>> matchers;
};

/// What one certification attempt came to.
enum class Step { Applied, NotApplied, PreconditionFalse };

/// The certifier's options: the rewrite's, its solver calls interrupted on a cancel.
CertifyOptions certify_options(const RewriteOptions& o) {
  CertifyOptions c = o.certify;
  c.cancelled = o.cancelled;
  return c;
}

/// The state of one rewrite run, shared by Driver::run and Driver::replay: the certifier,
/// the cache, and what was certified and applied so far.
class Rewriter {
 public:
  explicit Rewriter(const RewriteOptions& opts)
      : opts_(opts), certifier_(certify_options(opts)), cache_(opts.cache_dir) {}

  /// Certifies `m`, a match of `lr` in `g`, and applies it to `g` when proved. The
  /// certificate's file name is `certificate`, or numbered after the attempts so far.
  Result<Step> certify_and_apply(Graph& g, const LibraryRule& lr, const Match& m,
                                 std::string certificate = "") {
    if (cancel_requested(opts_.cancelled)) return Error{kInterrupted};
    RewriteAttempt at;
    at.rule = lr.rule->name;
    at.rule_hash = lr.hash;
    for (NodeId n : m.nodes) at.nodes.push_back(g.node(n).name);
    const auto t0 = std::chrono::steady_clock::now();
    const std::string key = certificate_key(lr.hash, m, g);
    const auto hit = cache_.find(key);
    Certificate cert = certifier_.certify(m, g, hit ? &*hit : nullptr, &constant_errors_);
    // A certificate cut short by a cancel is unknown for that reason alone: not recorded.
    if (cancel_requested(opts_.cancelled)) return Error{kInterrupted};
    at.ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    certify_ms_ += at.ms;
    at.outcome = cert.outcome;
    at.definition = cert.definition;
    at.cached = hit.has_value();
    at.reason = cert.reason;
    at.split = cert.split;
    at.claims = cert.claims;
    at.bound = cert.bound;
    at.max_ulps = cert.max_ulps;
    at.smt2 = std::move(cert.smt2);
    last_outcome_ = cert.outcome;
    last_reason_ = cert.reason;
    // Not a case of the rule: a near miss (the caller's), not a rejected rewrite.
    if (cert.outcome == CertOutcome::PreconditionFalse) return Step::PreconditionFalse;
    at.certificate = certificate.empty()
                         ? fmt::format("{:03}_{}.smt2", attempts_.size() + 1, lr.rule->name)
                         : std::move(certificate);
    if (cert.outcome == CertOutcome::Proved) {
      if (!hit) {
        if (auto s = cache_.store(key, {cert.split, cert.claims, at.ms, at.smt2}); !s) {
          (void)s;  // a cache that cannot be written only costs time
        }
      }
      if (opts_.on_applied) opts_.on_applied(m, g, cert);
      if (auto a = apply(g, m, cert, constant_errors_); !a) return a.error();
      note_region(g, at.nodes);
      at.applied = true;
      log_.push_back({at.rule, at.rule_hash, at.nodes, at.certificate, at.ms, at.bound,
                      opts_.certify.input_range, at.max_ulps});
    }
    attempts_.push_back(std::move(at));
    if (opts_.progress) opts_.progress(attempts_.size(), attempts_.back());
    return attempts_.back().applied ? Step::Applied : Step::NotApplied;
  }

  /// Compacts `g` before the first rewrite (as every rewrite leaves it compacted).
  Result<void> start(Graph& g) {
    for (const Node& n : g.nodes())
      if (n.op != OpKind::Input && n.op != OpKind::Constant) {
        region_parent_[n.name] = n.name;
        original_.push_back(n.name);
      }
    if (auto c = compact_graph(g, &constant_errors_); !c) return c.error();
    return {};
  }

  /// The outcome and the reason of the last certify_and_apply.
  CertOutcome last_outcome() const { return last_outcome_; }
  const std::string& last_reason() const { return last_reason_; }

  /// The rewritten graph with its log (`key` is the driver's), the run's attempts and
  /// `near` misses.
  RewriteResult finish(CertifiedGraph::Key key, Graph g, std::vector<NearMiss> near) {
    // Errors of constants that were merged away or dropped are not needed.
    std::erase_if(constant_errors_, [&](const auto& kv) { return !g.find(kv.first).valid(); });
    std::vector<Region> regions;
    std::map<std::string, size_t> index;  // region root -> position in `regions`
    auto region = [&](const std::string& name) -> Region& {
      auto [it, fresh] = index.emplace(region_root(name), regions.size());
      if (fresh) regions.emplace_back();
      return regions[it->second];
    };
    for (const std::string& n : original_) region(n).original.push_back(n);
    for (const Node& n : g.nodes())
      if (n.op != OpKind::Input && n.op != OpKind::Constant)
        region(n.name).compiled.push_back(n.name);
    return RewriteResult{
        CertifiedGraph(key, std::move(g), std::move(log_), std::move(constant_errors_)),
        std::move(regions), std::move(attempts_), std::move(near), certify_ms_};
  }

 private:
  const RewriteOptions& opts_;
  Certifier certifier_;
  CertificateCache cache_;
  /// The region (union-find over node names) of `name`.
  std::string region_root(const std::string& name) {
    auto it = region_parent_.find(name);
    if (it == region_parent_.end()) return region_parent_[name] = name;
    if (it->second == name) return name;
    return it->second = region_root(std::string(it->second));
  }
  /// After a rewrite of the nodes named `matched` was applied to `g`: the matched nodes'
  /// regions become one, and every operator node `g` has that no region holds yet (the
  /// target's) joins it.
  void note_region(const Graph& g, const std::vector<std::string>& matched) {
    if (matched.empty()) return;
    const std::string root = region_root(matched.back());
    for (const std::string& n : matched) region_parent_[region_root(n)] = root;
    for (const Node& n : g.nodes())
      if (n.op != OpKind::Input && n.op != OpKind::Constant && !region_parent_.count(n.name))
        region_parent_[n.name] = root;
  }

  std::vector<RewriteAttempt> attempts_;
  std::vector<RewriteRecord> log_;
  std::map<std::string, std::string> region_parent_;
  std::vector<std::string> original_;
  std::map<std::string, Tensor> constant_errors_;
  double certify_ms_ = 0;
  CertOutcome last_outcome_ = CertOutcome::Unknown;
  std::string last_reason_;
};

/// `names` as `['a', 'b']`, for messages.
std::string name_list(const std::vector<std::string>& names) {
  std::string s = "[";
  for (size_t i = 0; i < names.size(); ++i) s += fmt::format("{}'{}'", i ? ", " : "", names[i]);
  return s + "]";
}

}  // namespace

Result<RewriteResult> Driver::run(Graph g, const RuleLibrary& lib, const RewriteOptions& opts) {
  std::vector<PhaseMatchers> phases;
  for (const Phase& p : lib.phases) {
    PhaseMatchers pm{&p, {}};
    for (const LibraryRule& r : p.rules)
      pm.matchers.push_back(std::make_unique<Matcher>(*r.rule, r.file));
    phases.push_back(std::move(pm));
  }
  Rewriter rw(opts);
  std::vector<NearMiss> near;
  std::set<std::pair<std::string, std::string>> tried;  // (rule, root) not to try again
  std::set<std::pair<std::string, std::string>> near_seen;
  if (auto c = rw.start(g); !c) return c.error();

  for (int pass = 0; pass < kMaxPipelinePasses; ++pass) {
    bool pass_changed = false;
    for (const PhaseMatchers& pm : phases) {
      for (bool changed = true; changed;) {
        changed = false;
        const std::vector<uint32_t> users = count_users(g);
        for (size_t i = 0; i < g.size() && !changed; ++i) {
          const Node& node = g.nodes()[i];
          if (node.op == OpKind::Input || node.op == OpKind::Constant) continue;
          for (size_t r = 0; r < pm.matchers.size() && !changed; ++r) {
            const Matcher& matcher = *pm.matchers[r];
            const LibraryRule& lr = pm.phase->rules[r];
            const std::string rule = lr.rule->name, root = node.name;
            if (tried.count({rule, root})) continue;
            std::string why;
            auto m = matcher.match(g, users, g.id(i), &why);
            if (!m) {
              if (!why.empty() && near_seen.insert({rule, root}).second)
                near.push_back({rule, root, why});
              continue;
            }
            auto step = rw.certify_and_apply(g, lr, *m);
            if (!step) return step.error();
            if (*step == Step::Applied) {
              changed = pass_changed = true;
              continue;
            }
            tried.insert({rule, root});
            if (*step == Step::PreconditionFalse && near_seen.insert({rule, root}).second)
              near.push_back({rule, root, rw.last_reason()});
          }
        }
      }
    }
    if (!pass_changed) break;
  }
  return rw.finish(CertifiedGraph::Key{}, std::move(g), std::move(near));
}

Result<RewriteResult> Driver::replay(Graph g, const RuleLibrary& lib,
                                     const std::vector<RewriteRecord>& recorded,
                                     const RewriteOptions& opts) {
  std::map<std::string, std::pair<const LibraryRule*, std::unique_ptr<Matcher>>> rules;
  for (const Phase& p : lib.phases)
    for (const LibraryRule& r : p.rules)
      rules[r.rule->name] = {&r, std::make_unique<Matcher>(*r.rule, r.file)};
  Rewriter rw(opts);
  if (auto c = rw.start(g); !c) return c.error();
  for (size_t k = 0; k < recorded.size(); ++k) {
    const RewriteRecord& rec = recorded[k];
    const std::string root = rec.nodes.empty() ? "" : rec.nodes.back();
    auto fail = [&](const std::string& what) {
      return Error{fmt::format("rewrite {} ({} at '{}'): {}", k + 1, rec.rule, root, what)};
    };
    auto it = rules.find(rec.rule);
    if (it == rules.end()) return fail("the rule is not in the library (or is not eligible)");
    const LibraryRule& lr = *it->second.first;
    if (lr.hash != rec.rule_hash)
      return fail(
          fmt::format("the rule's proof hash is {}, the log recorded {}", lr.hash, rec.rule_hash));
    const NodeId at = g.find(root);
    if (!at.valid()) return fail("no node of that name in the graph");
    std::string why;
    auto m = it->second.second->match(g, count_users(g), at, &why);
    if (!m) return fail(why.empty() ? "the rule's pattern does not match there" : why);
    std::vector<std::string> names;
    for (NodeId n : m->nodes) names.push_back(g.node(n).name);
    if (names != rec.nodes)
      return fail(fmt::format("the match covers {}, the log recorded {}", name_list(names),
                              name_list(rec.nodes)));
    auto step = rw.certify_and_apply(g, lr, *m, rec.certificate);
    if (!step)
      return step.error().message == kInterrupted ? step.error() : fail(step.error().message);
    if (*step != Step::Applied)
      return fail(fmt::format("the certificate is {}: {}", cert_outcome_name(rw.last_outcome()),
                              rw.last_reason()));
  }
  return rw.finish(CertifiedGraph::Key{}, std::move(g), {});
}

}  // namespace vf::rewrite
