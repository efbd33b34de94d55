#!/usr/bin/env bash
# Two threads with the second core partly busy: vfuse's native code and ONNX Runtime (all
# optimisations) side by side on ResNet-18 ImageNet while a process pinned to CPU 1 spins
# BUSY ms then sleeps IDLE ms (bench/duty.cpp), for several BUSY/IDLE patterns, plus the idle
# machine and the fully busy core. Each row: the median over ROUNDS rounds of
# `vfuse bench --threads 2 --json` (one process: the native code, then ONNX Runtime).
#
# usage: bench/partial_load.sh [VFUSE] [REPEAT] [ROUNDS]
#   VFUSE   the vfuse binary (default build/tools/vfuse)
#   REPEAT  ONNX Runtime's timed runs per round (the native code gets 10x; default 10)
#   ROUNDS  rounds per pattern (default 3)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VFUSE=${1:-$ROOT/build/tools/vfuse}
REPEAT=${2:-10}
ROUNDS=${3:-3}
MODEL=models/resnet18_imagenet_simplified.relay
[ -x "$VFUSE" ] || { echo "error: no vfuse binary at $VFUSE (build first: make build)" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "error: needs two CPUs" >&2; exit 1; }
"$ROOT/bench/onnxruntime/install.sh" >&2

TMP=$(mktemp -d)
DUTY_PID=
cleanup() { [ -n "$DUTY_PID" ] && kill "$DUTY_PID" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT
cd "$ROOT"
g++ -O2 -std=c++20 bench/duty.cpp -o "$TMP/duty"

"$VFUSE" bench "$MODEL" --threads 2 --json --repeat 1 --warmup 0 >/dev/null  # build once
# pattern LABEL [BUSY IDLE]: appends {"pattern":LABEL,...} lines to $TMP/runs.jsonl
pattern() {
  local label=$1
  if [ $# -eq 3 ]; then
    taskset -c 1 "$TMP/duty" "$2" "$3" &
    DUTY_PID=$!
    sleep 0.3
  fi
  for r in $(seq "$ROUNDS"); do
    echo "$label: round $r" >&2
    "$VFUSE" bench "$MODEL" --threads 2 --repeat "$REPEAT" --warmup 3 --json \
      | sed "s/^{/{\"pattern\":\"$label\",/" >>"$TMP/runs.jsonl"
  done
  if [ -n "$DUTY_PID" ]; then kill "$DUTY_PID"; wait "$DUTY_PID" 2>/dev/null || true; DUTY_PID=; fi
}
pattern "idle"
pattern "busy 1 of every 4 ms" 1 3
pattern "busy 1 of every 2 ms" 1 1
pattern "busy 10 of every 20 ms" 10 10
pattern "busy always" 1000 0

/usr/bin/python3 - "$TMP/runs.jsonl" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
order = []
for r in rows:
    if r["pattern"] not in order: order.append(r["pattern"])
med = lambda p, k: statistics.median(r[k] for r in rows if r["pattern"] == p)
idle_n, idle_o = med("idle", "native_ms"), med("idle", "onnxruntime_ms")
print("| second core (CPU 1) | native (ms) | x idle | ONNX Runtime (ms) | x idle | native / ORT |")
print("|---|---|---|---|---|---|")
for p in order:
    n, o = med(p, "native_ms"), med(p, "onnxruntime_ms")
    print(f"| {p} | {n:.2f} | {n / idle_n:.2f} | {o:.2f} | {o / idle_o:.2f} | {n / o:.2f} |")
PY
