// Driver::replay (what vfuse verify re-applies): a recorded log replays to the very same
// graph, constants and certificates; a log that was changed fails at the record it names.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "frontend/relay_import.h"
#include "ir/printer.h"
#include "rewrite/driver.h"
#include "rewrite_test_util.h"

namespace vf::rewrite {
namespace {

Graph shallow_resnet() {
  DiagnosticSink diags;
  auto g = import_relay_file(std::string(VF_SOURCE_DIR) + "/models/resnet_shallow_simplified.relay",
                             diags);
  INFO(diags.render());
  REQUIRE(g);
  return test::bound(std::move(*g), 0);
}

/// The error of replaying `log` on `g`, or "" when it replays.
std::string replay_error(const Graph& g, const std::vector<RewriteRecord>& log) {
  auto r = Driver::replay(g, test::repo_library(), log, {});
  return r ? std::string() : r.error().message;
}

TEST_CASE("driver replay: the log of a run gives the same graph and certificates", "[rewrite]") {
  const Graph g = shallow_resnet();
  auto run = Driver::run(g, test::repo_library(), {});
  REQUIRE(run);
  const std::vector<RewriteRecord>& log = run->graph.log();
  REQUIRE(log.size() >= 3);
  auto again = Driver::replay(g, test::repo_library(), log, {});
  INFO((again ? std::string() : again.error().message));
  REQUIRE(again);
  PrintOptions po;
  po.weights_path = "model.weights";
  CHECK(print_graph(again->graph.graph(), po) == print_graph(run->graph.graph(), po));
  // Every constant bit for bit (the listing only names their byte ranges).
  const Graph &a = again->graph.graph(), &b = run->graph.graph();
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i)
    if (a.nodes()[i].data) CHECK(a.nodes()[i].data->bytes() == b.nodes()[i].data->bytes());
  REQUIRE(again->graph.log().size() == log.size());
  REQUIRE(again->attempts.size() == log.size());
  size_t k = 0;
  for (const RewriteAttempt& at : run->attempts) {
    if (!at.applied) continue;
    INFO("rewrite " << k + 1 << ": " << at.rule);
    CHECK(again->attempts[k].certificate == at.certificate);
    // The same queries (the solver's internal names in them depend on what the context
    // saw before: vfuse verify compares certificates up to those names).
    CHECK(again->attempts[k].smt2.size() > 0);
    CHECK(again->attempts[k].claims == at.claims);
    CHECK(again->attempts[k].split == at.split);
    CHECK(again->attempts[k].bound == at.bound);
    CHECK(again->attempts[k].max_ulps == at.max_ulps);
    CHECK(again->graph.log()[k].nodes == log[k].nodes);
    ++k;
  }
  CHECK(again->graph.constant_errors().size() == run->graph.constant_errors().size());
}

TEST_CASE("driver replay: a changed log fails at the record it names", "[rewrite]") {
  const Graph g = shallow_resnet();
  auto run = Driver::run(g, test::repo_library(), {});
  REQUIRE(run);
  const std::vector<RewriteRecord> log = run->graph.log();
  REQUIRE(log.size() >= 3);
  const std::string second = "rewrite 2 (" + log[1].rule + " at '" + log[1].nodes.back() + "'): ";

  auto changed = log;
  changed[1].nodes.back() = "no_such_node";
  CHECK_THAT(replay_error(g, changed),
             Catch::StartsWith("rewrite 2 (") && Catch::Contains("no node of that name"));
  changed = log;
  changed[1].nodes.front() = changed[1].nodes.front() + "x";
  CHECK_THAT(replay_error(g, changed), Catch::StartsWith(second) &&
                                           Catch::Contains("the match covers") &&
                                           Catch::Contains("the log recorded"));
  changed = log;
  changed[1].rule = "no_such_rule";
  CHECK_THAT(replay_error(g, changed), Catch::Contains("not in the library"));
  changed = log;
  changed[1].rule_hash = "fnv1a64:0000000000000000";
  CHECK_THAT(replay_error(g, changed), Catch::StartsWith(second) && Catch::Contains("proof hash"));
  // A rewrite moved before the one it depends on: the batch norm folded into its conv
  // before the chain was recognised as a batch norm.
  changed = log;
  size_t fold = 0;
  while (fold < log.size() && log[fold].rule != "fold_bn_into_conv2d") ++fold;
  REQUIRE(fold < log.size());
  changed.insert(changed.begin(), log[fold]);
  CHECK_THAT(replay_error(g, changed), Catch::StartsWith("rewrite 1 (fold_bn_into_conv2d at '") &&
                                           Catch::Contains("does not match"));
  // A rule at a root it never matched there: the pattern does not match.
  changed = log;
  changed[0].nodes = {log.back().nodes.back()};
  CHECK_THAT(replay_error(g, changed), Catch::StartsWith("rewrite 1 ("));
  // A log cut short replays (to a graph with fewer rewrites: verify compares the graph).
  changed.assign(log.begin(), log.begin() + 1);
  CHECK(replay_error(g, changed).empty());
}

}  // namespace
}  // namespace vf::rewrite
