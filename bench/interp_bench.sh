#!/usr/bin/env bash
# Reference-interpreter latency on the bundled workloads: median of R runs of
# `vfuse run MODEL --json` (f32 by default), one process per run, single thread.
# usage: bench/interp_bench.sh [VFUSE] [R] [PRECISION]
set -euo pipefail
cd "$(dirname "$0")/.."
VFUSE=${1:-build/tools/vfuse}
R=${2:-5}
PREC=${3:-f32}
printf '| model | precision | runs | median ms | min ms | max ms |\n|---|---|---|---|---|---|\n'
for m in models/*.relay; do
  times=()
  for _ in $(seq "$R"); do
    t=$("$VFUSE" run "$m" --precision "$PREC" --json | sed -E 's/.*"ms":([0-9.e+-]+)\}$/\1/')
    times+=("$t")
  done
  sorted=$(printf '%s\n' "${times[@]}" | sort -g)
  med=$(sed -n "$(( (R + 1) / 2 ))p" <<<"$sorted")
  printf '| %s | %s | %d | %.1f | %.1f | %.1f |\n' "$(basename "$m")" "$PREC" "$R" "$med" \
    "$(head -1 <<<"$sorted")" "$(tail -1 <<<"$sorted")"
done
