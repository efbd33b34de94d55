#!/usr/bin/env bash
# Certified compilation of a model: R cold compiles (--no-cache: every certificate
# solved again) and R recompiles from a warm certificate cache, one process each,
# reporting the medians of the time spent certifying (report.json summary.certify_ms:
# matching excluded; instance, view, solver, folding and bounds included), of the
# compile inside the process (summary.total_ms: import, weights, rewriting) and of the
# wall time of the whole command (writing the graph, its weights and the certificates
# included). The machine is shared: medians, not minima.
# usage: bench/compile_bench.sh [VFUSE] [R] [MODEL]
set -euo pipefail
cd "$(dirname "$0")/.."
VFUSE=${1:-build/tools/vfuse}
R=${2:-5}
MODEL=${3:-models/resnet18_imagenet_simplified.relay}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
run() {  # run KIND I ARGS...: one compile, its wall time and report kept
  local kind=$1 i=$2
  shift 2
  local t0 t1
  t0=$(date +%s%N)
  "$VFUSE" compile "$MODEL" -o "$TMP/out" "$@" >/dev/null
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000)) > "$TMP/$kind$i.wall"
  cp "$TMP/out/report.json" "$TMP/$kind$i.json"
}
for i in $(seq "$R"); do run cold "$i" --no-cache; done
run fill 0 --cache "$TMP/cache"
for i in $(seq "$R"); do run warm "$i" --cache "$TMP/cache"; done
python3 - "$TMP" "$R" "$MODEL" <<'PY'
import json, statistics, sys
tmp, runs, model = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def med(kind, key):
    vals = []
    for i in range(1, runs + 1):
        if key == "wall":
            vals.append(float(open(f"{tmp}/{kind}{i}.wall").read()))
        else:
            vals.append(json.load(open(f"{tmp}/{kind}{i}.json"))["summary"][key])
    return statistics.median(vals), min(vals), max(vals)
r = json.load(open(f"{tmp}/cold1.json"))
s = r["summary"]
print(f"{model}: {s['applied']} rewrites applied, {s['rejected']} not (fail closed), runs: {runs}")
for kind, label in (("cold", "cold (--no-cache)"), ("warm", "from the cache")):
    for key, what in (("certify_ms", "certifying"), ("total_ms", "compile"), ("wall", "wall")):
        m, lo, hi = med(kind, key)
        print(f"  {label:<18} {what:<11} median {m:8.0f} ms  (min {lo:.0f}, max {hi:.0f})")
w = json.load(open(f"{tmp}/warm1.json"))["summary"]
print(f"  certificates from the cache: {w['cached']} of {w['applied']}")
PY
