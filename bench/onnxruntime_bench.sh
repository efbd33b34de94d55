#!/usr/bin/env bash
# ONNX Runtime beside vfuse: median latency of ONNX Runtime (onnxruntime-node, 1 and 2
# intra-op threads x graph optimizations disabled / all) and of the vfuse reference
# interpreter (`vfuse bench`, f32, one thread) on
#   - the PP-OCR text-direction classifier (models/ppocr_mobilenetv3_cls.onnx, 1x3x48x192),
#     ONNX Runtime on the original file;
#   - ResNet-18 ImageNet (models/resnet18_imagenet_simplified.relay), its weights seeded
#     (seed 0) and exported to ONNX by `vfuse export`.
# Prints a markdown table of medians (ms).
#
# usage: bench/onnxruntime_bench.sh [VFUSE] [REPEAT]
#   VFUSE   the vfuse binary (default build/tools/vfuse)
#   REPEAT  timed runs per measurement (default 50; the interpreter gets fewer on ResNet)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VFUSE=${1:-$ROOT/build/tools/vfuse}
REPEAT=${2:-50}
CLASSIFIER=${CLASSIFIER:-$ROOT/models/ppocr_mobilenetv3_cls.onnx}
RESNET=$ROOT/models/resnet18_imagenet_simplified.relay
RUNNER=$ROOT/bench/onnxruntime/run.js
[ -x "$VFUSE" ] || { echo "error: no vfuse binary at $VFUSE (build first: make build)" >&2; exit 1; }

"$ROOT/bench/onnxruntime/install.sh" >&2

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# field JSON KEY: a number or null from a flat JSON line.
field() { grep -o "\"$2\":[^,}]*" <<<"$1" | head -1 | cut -d: -f2; }

# ort MODEL INPUT_DIR THREADS OPT: ONNX Runtime's median in ms.
ort() {
  local line
  line=$(node "$RUNNER" "$1" --inputs "$2" --outputs "$TMP/ort_out" --threads "$3" --opt "$4" \
    --warmup 5 --repeat "$REPEAT")
  printf '%.3f' "$(field "$line" median_ms)"
}

# row NAME ONNX_FILE INPUT_DIR VFUSE_BENCH_JSON
row() {
  local name=$1 file=$2 in=$3 json=$4
  local interp d1 a1 d2 a2 v1 v2
  interp=$(printf '%.2f' "$(field "$json" interp_ms)")
  d1=$(ort "$file" "$in" 1 disabled); a1=$(ort "$file" "$in" 1 all)
  d2=$(ort "$file" "$in" 2 disabled); a2=$(ort "$file" "$in" 2 all)
  v1=$(field "$json" onnxruntime_ms)
  v2=$(field "$json" max_abs_diff)
  printf '| %s | %s | %s | %s | %s | %s | %s | %.0fx | %s |\n' "$name" "$interp" "$d1" "$a1" "$d2" \
    "$a2" "$([ "$v1" = null ] && echo null || printf '%.3f' "$v1")" \
    "$(awk -v a="$interp" -v b="$a1" 'BEGIN { print a / b }')" \
    "$([ "$v2" = null ] && echo null || printf '%.2g' "$v2")"
}

echo "| model | vfuse interpreter (f32, 1 thread) | ORT 1 thread, opt disabled | ORT 1 thread, opt all | ORT 2 threads, opt disabled | ORT 2 threads, opt all | ORT via \`vfuse bench\` (1 thread, all) | interpreter / ORT (1 thread, all) | max abs diff |"
echo "|---|---|---|---|---|---|---|---|---|"

# The classifier: ORT runs the original file on the input vfuse generates (seed 0).
cls_json=$("$VFUSE" bench "$CLASSIFIER" --shape x=1x3x48x192 --repeat "$REPEAT" --warmup 5 --json) || cls_json=""
if [ -n "$cls_json" ]; then
  "$VFUSE" run "$CLASSIFIER" --shape x=1x3x48x192 --save-inputs "$TMP/cls_in" >/dev/null
  row "PP-OCR classifier 1x3x48x192" "$CLASSIFIER" "$TMP/cls_in" "$cls_json"
else
  echo "vfuse cannot run the classifier (no ONNX importer?): not measured" >&2
fi

# ResNet-18: exported with the weights of seed 0, the image of seed 0.
if "$VFUSE" export "$RESNET" -o "$TMP/resnet18.onnx" --seed 0 >"$TMP/export.log" 2>&1; then
  "$VFUSE" run "$RESNET" --save-inputs "$TMP/resnet_in" >/dev/null
  r=$(( REPEAT < 10 ? REPEAT : 10 ))
  resnet_json=$("$VFUSE" bench "$RESNET" --repeat "$r" --warmup 1 --json)
  row "ResNet-18 ImageNet 1x3x224x224" "$TMP/resnet18.onnx" "$TMP/resnet_in" "$resnet_json"
else
  echo "ResNet-18 not measured: vfuse export failed: $(tail -1 "$TMP/export.log")" >&2
fi
