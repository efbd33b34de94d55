#!/usr/bin/env bash
# Offline proof of the whole rule library: R runs of `vfuse prove rules --no-write --json`
# (one process each, --jobs J), reporting the median wall time of a run, the median over
# rules of each rule's median time, and the slowest rules. Obligations are not written
# (--no-write), so this is the prover alone; writing proofs/ adds about a second.
# usage: bench/prove_bench.sh [VFUSE] [R] [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
VFUSE=${1:-build/tools/vfuse}
R=${2:-5}
JOBS=${3:-2}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for i in $(seq "$R"); do
  "$VFUSE" prove rules --no-write --jobs "$JOBS" --json > "$TMP/run$i.json"
done
python3 - "$TMP" "$R" "$JOBS" <<'PY'
import json, statistics, sys
tmp, runs, jobs = sys.argv[1], int(sys.argv[2]), sys.argv[3]
data = [json.load(open(f"{tmp}/run{i}.json")) for i in range(1, runs + 1)]
walls = [d["summary"]["ms"] for d in data]
per_rule = {}
for d in data:
    for r in d["rules"]:
        per_rule.setdefault(r["name"], []).append(r["ms"])
        assert r["verdict"] == "proved", r["name"]
medians = {k: statistics.median(v) for k, v in per_rule.items()}
s = data[0]["summary"]
print(f"rules: {len(medians)} ({s['proved']} proved, {s['unbounded']} unbounded), "
      f"runs: {runs}, jobs: {jobs}")
print(f"wall per run: median {statistics.median(walls)/1000:.2f} s "
      f"(min {min(walls)/1000:.2f}, max {max(walls)/1000:.2f})")
print(f"per rule: median {statistics.median(medians.values()):.1f} ms, "
      f"sum {sum(medians.values())/1000:.2f} s")
print("slowest rules (median ms, instances):")
inst = {r["name"]: r["instances"] for r in data[0]["rules"]}
for name, ms in sorted(medians.items(), key=lambda kv: -kv[1])[:5]:
    print(f"  {name:<48} {ms:8.1f}  {inst[name]}")
PY
