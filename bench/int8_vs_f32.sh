#!/usr/bin/env bash
# Issues 19 and 35's table: vfuse's int8 native code beside its own float32 native code and
# beside ONNX Runtime on the same int8 model, in one run, on
#   - ResNet-18 ImageNet (models/resnet18_imagenet_simplified.relay, weights of seed 0),
#   - the PP-OCR text-direction classifier (models/ppocr_mobilenetv3_cls.onnx, 1x3x48x192),
#   - MobileNet v1 (models/mobilenet_simplified.relay, weights of seed 0),
#   - mobile_residual (bench/models/gen_mobile_residual.py: MobileNetV2 blocks with residual
#     adds, depthwise 3x3 and 5x5, 1x3x128x128),
#   - face_blaze (gen_mobile_residual.py --blaze: a BlazeFace-style face detector's backbone,
#     shortcuts max pooled and padded with zero channels by Concat, 1x3x128x128).
# Each model is quantized once (`vfuse quantize MODEL --seeds 8 --compare 0`: uint8
# activations, int8 per-channel weights); then, for 1 and 2 threads, ROUNDS rounds of
# `vfuse bench --json` on the float32 model (native float32 code, ONNX Runtime on the float32
# export) and on the quantized compile output (native int8 code, ONNX Runtime on vfuse's QDQ
# export of it: QuantizeLinear, QLinearConv, DequantizeLinear, which ONNX Runtime runs with
# its own int8 kernels). The table gives the median over rounds of each round's median, and
# the ratios int8 native / float32 native and int8 native / ONNX Runtime int8.
#
# usage: bench/int8_vs_f32.sh [VFUSE] [REPEAT] [ROUNDS]
#   VFUSE   the vfuse binary (default build/tools/vfuse)
#   REPEAT  timed runs of the interpreter and ONNX Runtime per measurement (default 10; the
#           native code gets 10x as many)
#   ROUNDS  rounds per configuration (default 3)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VFUSE=${1:-$ROOT/build/tools/vfuse}
REPEAT=${2:-10}
ROUNDS=${3:-3}
[ -x "$VFUSE" ] || { echo "error: no vfuse binary at $VFUSE (build first: make build)" >&2; exit 1; }
"$ROOT/bench/onnxruntime/install.sh" >&2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT"

# The MobileNet-class models of issue 35 (depthwise 3x3 / 5x5, residual adds; relu6, or max
# pooled and channel-padded shortcuts).
/usr/bin/python3 "$ROOT/bench/models/gen_mobile_residual.py" "$TMP/mobile_residual.onnx" >&2
/usr/bin/python3 "$ROOT/bench/models/gen_mobile_residual.py" --blaze "$TMP/face_blaze.onnx" >&2

# NAME MODEL [options...]
models=(
  "resnet18 models/resnet18_imagenet_simplified.relay"
  "classifier models/ppocr_mobilenetv3_cls.onnx --shape x=1x3x48x192"
  "mobilenet models/mobilenet_simplified.relay"
  "mobile_residual $TMP/mobile_residual.onnx"
  "face_blaze $TMP/face_blaze.onnx"
)
for entry in "${models[@]}"; do
  read -r name model opts <<<"$entry"
  # shellcheck disable=SC2086
  "$VFUSE" quantize "$model" $opts -o "$TMP/$name.q" --compare 0 >"$TMP/$name.quantize.log"
  for t in 1 2; do
    for r in $(seq "$ROUNDS"); do
      echo "$name: $t thread(s), round $r" >&2
      # shellcheck disable=SC2086
      "$VFUSE" bench "$model" $opts --threads "$t" --repeat "$REPEAT" --warmup 2 --json \
        | sed "s/^{/{\"name\":\"$name\",\"precision\":\"f32\",\"round\":$r,/" >>"$TMP/all.jsonl"
      "$VFUSE" bench "$TMP/$name.q" --threads "$t" --repeat "$REPEAT" --warmup 2 --json \
        | sed "s/^{/{\"name\":\"$name\",\"precision\":\"int8\",\"round\":$r,/" >>"$TMP/all.jsonl"
    done
  done
done

/usr/bin/python3 - "$TMP/all.jsonl" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
def med(name, prec, t, key):
    v = [r[key] for r in rows if r["name"] == name and r["precision"] == prec and r["threads"] == t
         and r.get(key) is not None]
    return statistics.median(v) if v else float("nan")
print("| model | threads | f32 native ms | int8 native ms | ORT f32 ms | ORT int8 (QDQ) ms "
      "| int8 / f32 native | int8 native / ORT int8 |")
print("|---|---|---|---|---|---|---|---|")
for name in dict.fromkeys(r["name"] for r in rows):
    for t in (1, 2):
        f, i = med(name, "f32", t, "native_ms"), med(name, "int8", t, "native_ms")
        of, oi = med(name, "f32", t, "onnxruntime_ms"), med(name, "int8", t, "onnxruntime_ms")
        print(f"| {name} | {t} | {f:.2f} | {i:.2f} | {of:.2f} | {oi:.2f} | {i / f:.2f} | {i / oi:.2f} |")
PY
