#!/usr/bin/env bash
# Issue 6's table: vfuse's native code beside ONNX Runtime and the vfuse interpreter, in
# one run, on
#   - the PP-OCR text-direction classifier (models/ppocr_mobilenetv3_cls.onnx, 1x3x48x192;
#     ONNX Runtime runs the original file),
#   - ResNet-18 ImageNet (models/resnet18_imagenet_simplified.relay, weights of seed 0,
#     exported to ONNX by `vfuse bench` so ONNX Runtime runs the same model),
#   - issue 17's generated models (bench/models/gen_bench_models.py): a decoder-style text
#     detector 1x3x320x320 (two ConvTranspose, FPN upsampling + concat, squeeze-excite,
#     scalar affine after hard_swish) and a ResNet with a 5x5 depthwise MobileNet block,
#   - and ResNet-18 on 2 threads while a spinning process holds the second core.
# For 1 and 2 threads (1 thread: every engine pinned to CPU 0 with taskset, when there is
# one), ROUNDS rounds of `vfuse bench --json` (each: the interpreter, the
# native code compiled with the rule library, ONNX Runtime with all optimisations, one after
# another in one process) and of ONNX Runtime with optimisations disabled (run.js); the
# table gives the median over rounds of each round's median. The machine's peak FP32 FMA
# throughput (bench/fma_peak.cpp, built here with -march=native) is measured in the same
# run; GFLOP/s count the compiled graph's FLOPs as `vfuse info` does (direct convolution:
# 2 per multiply-add), so where the native code uses Winograd F(2x2,3x3), which performs
# fewer multiplications, they are effective figures, not the arithmetic the machine did.
#
# Issue 30's transformers (tests/transformers/gen_transformers.py, python3-onnx, written
# as torch.onnx exports them): a BERT-style encoder (sequence 128, additive mask from a 0/1
# mask), a ViT classifier (224x224, patch 16) and a GPT-2-style decoder (causal mask, tied
# output embedding), each at hidden 768 (12 heads, 2 layers: BERT-base / ViT-B/16 /
# GPT-2-small sized) and at hidden 256 (4 heads, 2 layers: where per-operator overhead
# shows).
#
# usage: [SET=all|cnn|transformers] bench/native_vs_onnxruntime.sh [VFUSE] [REPEAT] [ROUNDS]
#   SET     which models (default all)
#   VFUSE   the vfuse binary (default build/tools/vfuse)
#   REPEAT  timed runs per measurement (default 50 classifier, REPEAT/5 ResNet-18; the
#           native code gets 10x as many); the interpreter gets at most 5 on ResNet-18
#   ROUNDS  rounds per configuration (default 3)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VFUSE=${1:-$ROOT/build/tools/vfuse}
REPEAT=${2:-50}
ROUNDS=${3:-3}
RUNNER=$ROOT/bench/onnxruntime/run.js
[ -x "$VFUSE" ] || { echo "error: no vfuse binary at $VFUSE (build first: make build)" >&2; exit 1; }
"$ROOT/bench/onnxruntime/install.sh" >&2

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT"

g++ -O3 -march=native -std=c++20 bench/fma_peak.cpp -o "$TMP/fma_peak"
PEAK=$("$TMP/fma_peak" | grep -o '"median_gflops":[0-9.]*' | cut -d: -f2)
echo "peak single-thread FP32 FMA: $PEAK GFLOP/s ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))" >&2

# measure NAME MODEL REPEAT [vfuse options...]: appends JSON lines to $TMP/NAME.jsonl
measure() {
  local name=$1 model=$2 repeat=$3
  shift 3
  "$VFUSE" run "$model" "$@" --save-inputs "$TMP/$name.in" >/dev/null
  "$VFUSE" bench "$model" "$@" --json --repeat 1 --warmup 0 >/dev/null  # compile, export once
  for t in 1 2; do
    # One thread: every engine on CPU 0 (vfuse bench's ONNX Runtime child inherits it), so
    # that neither is moved between cores mid-run; two threads: unpinned.
    local pin=()
    [ "$t" = 1 ] && command -v taskset >/dev/null && pin=(taskset -c 0)
    for r in $(seq "$ROUNDS"); do
      echo "$name: $t thread(s), round $r" >&2
      "${pin[@]}" "$VFUSE" bench "$model" "$@" --threads "$t" --repeat "$repeat" --warmup 3 --json \
        | sed "s/^{/{\"round\":$r,/" >>"$TMP/$name.jsonl"
      onnx=$model
      [ "${model##*.}" = onnx ] || { "$VFUSE" export "$model" -o "$TMP/$name.onnx" >/dev/null; onnx=$TMP/$name.onnx; }
      "${pin[@]}" node "$RUNNER" "$onnx" --inputs "$TMP/$name.in" --outputs "$TMP/$name.out" --threads "$t" \
        --opt disabled --warmup 5 --repeat "$repeat" | sed "s/^{/{\"round\":$r,\"ort_disabled\":true,/" \
        >>"$TMP/$name.jsonl"
    done
  done
}
# busy NAME MODEL REPEAT [vfuse options...]: 2 threads while a busy loop holds CPU 1 (another
# process on the second core); appends to $TMP/NAME.busy.jsonl
busy() {
  local name=$1 model=$2 repeat=$3
  shift 3
  taskset -c 1 sh -c 'while :; do :; done' &
  local spin=$!
  for r in $(seq "$ROUNDS"); do
    echo "$name: 2 threads, second core busy, round $r" >&2
    "$VFUSE" bench "$model" "$@" --threads 2 --repeat "$repeat" --warmup 3 --json \
      | sed "s/^{/{\"round\":$r,/" >>"$TMP/$name.busy.jsonl"
  done
  kill "$spin"
  wait "$spin" 2>/dev/null || true
}
SET=${SET:-all}
R5=$((REPEAT / 5 > 0 ? REPEAT / 5 : 1))
if [ "$SET" != transformers ]; then
  # Issue 17's generated models (bench/models/gen_bench_models.py, python3-onnx).
  (cd bench/models && /usr/bin/python3 gen_bench_models.py)
  measure classifier models/ppocr_mobilenetv3_cls.onnx "$REPEAT" --shape x=1x3x48x192
  measure resnet18 models/resnet18_imagenet_simplified.relay "$R5"
  measure decoder bench/models/decoder_320.onnx "$R5"
  measure resnet_dw5 bench/models/resnet_dw5.onnx "$R5"
  busy resnet18 models/resnet18_imagenet_simplified.relay "$R5"
fi
if [ "$SET" != cnn ]; then
  for h in 768 256; do
    heads=$((h / 64))
    /usr/bin/python3 tests/transformers/gen_transformers.py --hidden "$h" --heads "$heads" --layers 2 \
      --image 224 --patch 16 --classes 1000 \
      --seq 128 --vocab 1000 --out "$TMP/tf$h" --only bert_a_embeds,vit_a,gpt2_a_embeds >/dev/null
    measure "bert$h" "$TMP/tf$h/bert_a_embeds.onnx" "$R5" \
      --shape "inputs_embeds=1x128x$h" --shape attention_mask=1x128
    measure "vit$h" "$TMP/tf$h/vit_a.onnx" "$R5"
    measure "gpt2_$h" "$TMP/tf$h/gpt2_a_embeds.onnx" "$R5" --shape "inputs_embeds=1x128x$h"
  done
fi

python3 - "$TMP" "$PEAK" <<'PY'
import json, os, statistics, sys
tmp, peak = sys.argv[1], float(sys.argv[2])
print(f"Peak single-thread FP32 FMA throughput (bench/fma_peak.cpp): {peak:.0f} GFLOP/s.\n")
print("| model | threads | vfuse native (ms) | native effective GFLOP/s | % of peak | vfuse interpreter (ms, 1 thread) "
      "| ORT opt disabled (ms) | ORT opt all (ms) | native / ORT all | arena (MiB): native / plan / all activations "
      "| native vs interpreter (max abs) |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
models = [("classifier", "PP-OCR classifier 1x3x48x192"), ("resnet18", "ResNet-18 ImageNet 1x3x224x224"),
          ("decoder", "decoder (ConvTranspose, SE, FPN) 1x3x320x320"),
          ("resnet_dw5", "ResNet + 5x5 depthwise block 1x3x224x224")]
for h in (768, 256):
    models += [(f"bert{h}", f"BERT-style encoder, hidden {h}, 2 layers, sequence 128"),
               (f"vit{h}", f"ViT classifier 224x224 / 16, hidden {h}, 2 layers"),
               (f"gpt2_{h}", f"GPT-2-style decoder, hidden {h}, 2 layers, sequence 128")]
for name, title in models:
    if not os.path.exists(f"{tmp}/{name}.jsonl"):
        continue
    rows = [json.loads(l) for l in open(f"{tmp}/{name}.jsonl")]
    interp = statistics.median(r["interp_ms"] for r in rows if "interp_ms" in r)
    for t in (1, 2):
        b = [r for r in rows if r.get("native_threads") == t]
        d = [r for r in rows if r.get("ort_disabled") and r["threads"] == t]
        nat = statistics.median(r["native_ms"] for r in b)
        all_ = statistics.median(r["onnxruntime_ms"] for r in b)
        dis = statistics.median(r["median_ms"] for r in d)
        gf = b[0]["flops"] / (nat * 1e6)
        mib = 1 / 1048576
        print(f"| {title} | {t} | {nat:.3f} | {gf:.1f} | {100 * gf / peak / t:.0f} % | {interp:.2f} | {dis:.3f} | "
              f"{all_:.3f} | {nat / all_:.2f} | {b[0]['native_arena_bytes'] * mib:.2f} / "
              f"{b[0]['native_plan_bytes'] * mib:.2f} / {b[0]['activation_bytes'] * mib:.2f} | "
              f"{max(r['native_max_abs_diff'] for r in b):.2g} |")
print(f"\nRounds per row: {len([r for r in rows if r.get('native_threads') == 1])}; "
      f"ONNX Runtime {rows[0].get('onnxruntime_version')}. % of peak: of {peak:.0f} GFLOP/s times the threads.")
if not os.path.exists(f"{tmp}/resnet18.busy.jsonl"):
    sys.exit(0)
idle = [json.loads(l) for l in open(f"{tmp}/resnet18.jsonl")]
busy = [json.loads(l) for l in open(f"{tmp}/resnet18.busy.jsonl")]
one = statistics.median(r["native_ms"] for r in idle if r.get("native_threads") == 1)
nb = statistics.median(r["native_ms"] for r in busy)
ob = statistics.median(r["onnxruntime_ms"] for r in busy)
print(f"\nResNet-18, 2 threads with the second core busy (a spinning process on CPU 1), median of "
      f"{len(busy)} rounds: native {nb:.3f} ms = {nb / one:.2f}x its idle one-thread time ({one:.3f} ms); "
      f"ONNX Runtime {ob:.3f} ms.")
PY
