// Cancelling the long flows through their CancelFn (support/cancel.h): a proof, a compile
// and a numeric check stop with the Error "interrupted" and write nothing.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <thread>

#include "check/numeric_check.h"
#include "pipeline/compile.h"
#include "pipeline/prove.h"

namespace vf::pipeline {
namespace {

namespace fs = std::filesystem;
const std::string kSrc = VF_SOURCE_DIR;

/// A CancelFn that asks to stop from its `n`-th call on, counting the calls in `calls`.
CancelFn after_calls(int n, std::shared_ptr<std::atomic<int>> calls) {
  return [n, calls] { return ++*calls >= n; };
}

/// A fresh empty directory under the temporary directory.
fs::path fresh_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

/// Proving `rules` (under the source tree), writing the records into `proofs`.
ProveOptions writing(const std::string& rules, const fs::path& proofs) {
  ProveOptions o;
  o.paths = {kSrc + "/" + rules};
  o.proofs_dir = proofs.string();
  o.write = true;
  return o;
}

/// prove() must have stopped with kInterrupted and written nothing into `proofs`.
void check_interrupted(const ProveOptions& o, const fs::path& proofs) {
  DiagnosticSink diags;
  auto r = prove(o, diags);
  REQUIRE(!r);
  CHECK(r.error().message == kInterrupted);
  CHECK(fs::is_empty(proofs));
}

TEST_CASE("cancel: a proof stops before its next rule and writes no record", "[pipeline]") {
  const fs::path proofs = fresh_dir("vf_cancel_proofs");
  ProveOptions o = writing("rules/algebra.rules", proofs);
  auto calls = std::make_shared<std::atomic<int>>(0);
  o.cancelled = after_calls(3, calls);  // stop at the third poll
  check_interrupted(o, proofs);
  // Polled before each rule, between a rule's instances and by its solver calls' watcher,
  // so the polls are not the rules: the third asked to stop, and the later ones saw it.
  CHECK(*calls >= 3);

  // Not cancelled: the same proof completes and writes its records.
  o.cancelled = [] { return false; };
  DiagnosticSink diags;
  auto full = prove(o, diags);
  REQUIRE(full);
  CHECK(full->ok());
  CHECK(!fs::is_empty(proofs));
  fs::remove_all(proofs);
}

TEST_CASE("cancel: a proof cancelled from another thread returns interrupted", "[pipeline]") {
  const fs::path proofs = fresh_dir("vf_cancel_proofs_thread");
  ProveOptions o = writing("rules", proofs);  // far longer than the 300 ms before the cancel
  o.threads = 2;
  auto flag = std::make_shared<std::atomic<bool>>(false);
  o.cancelled = [flag] { return flag->load(); };
  std::thread canceller([flag] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    *flag = true;
  });
  check_interrupted(o, proofs);
  canceller.join();
  fs::remove_all(proofs);
}

TEST_CASE("cancel: a stored-proof check stops before re-proving a stale rule", "[pipeline]") {
  // An empty proof directory: every record is missing, so every rule is stale.
  const fs::path proofs = fresh_dir("vf_cancel_check");
  ProveOptions o = writing("rules/algebra.rules", proofs);
  o.check = true;
  o.cancelled = [] { return true; };
  check_interrupted(o, proofs);
  fs::remove_all(proofs);
}

TEST_CASE("cancel: a compile stops between certifications, no model", "[pipeline]") {
  CompileOptions o;
  o.cache_dir = "";
  o.rules_dir = kSrc + "/rules";
  o.proofs_dir = kSrc + "/proofs";
  auto calls = std::make_shared<std::atomic<int>>(0);
  o.cancelled = after_calls(4, calls);
  size_t attempts = 0;
  o.progress = [&](size_t n, const rewrite::RewriteAttempt&) { attempts = n; };
  DiagnosticSink diags;
  auto c = compile(kSrc + "/models/resnet_shallow_simplified.relay", o, diags);
  REQUIRE(!c);
  CHECK(c.error().message == kInterrupted);
  CHECK(*calls >= 4);  // the solver's watcher polls too (see the proof's case)
  CHECK(attempts <= 3);  // at most three certified, the fourth not started

  o.cancelled = [] { return false; };
  auto full = compile(kSrc + "/models/resnet_shallow_simplified.relay", o, diags);
  REQUIRE(full);
  CHECK(full->result->attempts.size() > 3);
}

TEST_CASE("cancel: a numeric check stops before its next input set", "[pipeline]") {
  CompileOptions o;
  o.cache_dir = "";
  DiagnosticSink diags;
  auto c = compile(kSrc + "/models/resnet_shallow_simplified.relay", o, diags);
  REQUIRE(c);
  check::CheckOptions co;
  co.inputs.resize(3);
  co.native = false;
  auto calls = std::make_shared<std::atomic<int>>(0);
  co.cancelled = after_calls(2, calls);
  const CertifiedGraph& g = c->result->graph;
  auto nc = check::check_numerics(g.graph(), g.constant_errors(), c->original, co);
  REQUIRE(!nc);
  CHECK(nc.error().message == kInterrupted);
  CHECK(*calls == 2);
}

}  // namespace
}  // namespace vf::pipeline
