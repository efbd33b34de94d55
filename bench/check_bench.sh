#!/usr/bin/env bash
# `vfuse check` on every bundled workload and on the models of classes vfuse does not
# bundle (tests/check, tests/frontend/relay): wall time of the whole command (compile with
# certificates, both engines, every value bounded) with the native builds already in the
# cache, beside the interpreter's plain f32 run (`vfuse run --json`), median of R runs;
# and from one run's --json: per output the largest |difference| and bound against the
# exact original, their ratio and the median per-element ratio, the median over layers of
# each layer's own (local) median ratio, and the largest bound growth of a layer.
# usage: bench/check_bench.sh [VFUSE] [R]   (CHECK_MODELS="m1;m2 --shape ..." to pick models)
set -euo pipefail
cd "$(dirname "$0")/.."
VFUSE=${1:-build/tools/vfuse}
R=${2:-3}
MODELS=(models/*.relay "models/ppocr_mobilenetv3_cls.onnx --shape x=1x3x48x192"
        tests/check/depthwise5x5.relay tests/frontend/relay/valid_yolo_detector.relay
        tests/frontend/relay/valid_ssd_detector.relay)
if [ -n "${CHECK_MODELS:-}" ]; then IFS=';' read -r -a MODELS <<<"$CHECK_MODELS"; fi
printf '| model | check s (median) | interpreter f32 s | engine | output | max abs | bound | bound / max abs | median ratio | median layer ratio (local) | largest growth | ok |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|---|\n'
median() { sort -g | sed -n "$(( (R + 1) / 2 ))p"; }
for spec in "${MODELS[@]}"; do
  # shellcheck disable=SC2086
  set -- $spec
  m=$1; shift
  "$VFUSE" check "$m" "$@" --json > /tmp/check_bench.json || true  # warms the native cache
  walls=()
  for _ in $(seq "$R"); do
    s=$(date +%s.%N); "$VFUSE" check "$m" "$@" > /dev/null || true; e=$(date +%s.%N)
    walls+=("$(echo "$e - $s" | bc)")
  done
  interp=()
  for _ in $(seq "$R"); do
    interp+=("$("$VFUSE" run "$m" "$@" --json | sed -E 's/.*"ms":([0-9.e+-]+)\}$/\1/')")
  done
  wall=$(printf '%s\n' "${walls[@]}" | median)
  im=$(printf '%s\n' "${interp[@]}" | median)
  python3 - "$m" "$wall" "$im" /tmp/check_bench.json <<'PY'
import json, statistics, sys
model, wall, interp, path = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]) / 1000, sys.argv[4]
r = json.load(open(path))
inf = float("inf")
num = lambda x: inf if x is None else x  # JSON null: not finite
fmt3 = lambda x: "-" if x != x else f"{x:.3g}"
for e in r["engines"]:
    local = [num(l["local"]["median_ratio"]) for l in e["layers"] if num(l["local"]["median_ratio"]) > 0]
    growth = max([num(l["growth"]) for l in e["layers"]] or [1])
    for o in e["outputs"]:
        x = o["exact"]
        print(f"| {model.split('/')[-1]} | {wall:.1f} | {interp:.2f} | {e['engine']} | {o['name']} | "
              f"{num(x['max_abs']):.2e} | {num(x['bound']):.2e} | {num(x['ratio']):.2e} | {num(x['median_ratio']):.2e} | "
              f"{fmt3(statistics.median(local) if local else float('nan'))} | {growth:.3g} | {'ok' if e['ok'] else 'FAILED'} |")
PY
done
