#!/bin/bash
# One model's native code beside ONNX Runtime, interleaved: ROUNDS rounds of
# `vf_native_bench MODEL --runs 30` (the compiled model on preallocated buffers) then
# ONNX Runtime (bench/onnxruntime/run.js, all optimisations, 5 warm-up + 30 timed runs) on
# the same seeded inputs, so that both see the same machine load; prints each round's
# medians, the medians over rounds and native / ORT. With THREADS=1 both are pinned to CPU
# 0. Lighter than native_vs_onnxruntime.sh (no interpreter, one model) for A/B work.
#
# usage: bench/native_vs_ort_interleaved.sh ROUNDS THREADS MODEL.onnx [--shape NAME=AxB ...]
#   BUILD  the build directory (default build)
set -euo pipefail
[ $# -ge 3 ] || { sed -n 2,10p "$0" >&2; exit 2; }
R=$1 T=$2 M=$3
shift 3
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
"$ROOT/bench/onnxruntime/install.sh" >&2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$BUILD/tools/vfuse" run "$M" "$@" --save-inputs "$TMP/in" >/dev/null
pin=()
if [ "$T" = 1 ] && command -v taskset >/dev/null; then pin=(taskset -c 0); fi
nat=() ort=()
for _ in $(seq "$R"); do
  n=$("${pin[@]}" "$BUILD/tools/vf_native_bench" "$M" "$@" --runs 30 --threads "$T" | head -1 |
      sed 's/.*median \([0-9.]*\) ms.*/\1/')
  o=$("${pin[@]}" node "$ROOT/bench/onnxruntime/run.js" "$M" --inputs "$TMP/in" \
      --outputs "$TMP/out" --threads "$T" --opt all --warmup 5 --repeat 30 |
      grep -o '"median_ms":[0-9.]*' | cut -d: -f2)
  nat+=("$n") ort+=("$o")
done
/usr/bin/python3 - "$M" "$T" "${nat[*]}" "${ort[*]}" <<'PY'
import statistics, sys
m, t = sys.argv[1], sys.argv[2]
n = [float(x) for x in sys.argv[3].split()]
o = [float(x) for x in sys.argv[4].split()]
print(f"{m} threads {t}: native {statistics.median(n):.3f} ms ({' '.join(f'{x:.3f}' for x in n)}), "
      f"ORT {statistics.median(o):.3f} ms ({' '.join(f'{x:.3f}' for x in o)}), "
      f"native / ORT {statistics.median(n) / statistics.median(o):.3f}")
PY
