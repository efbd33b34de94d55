#!/usr/bin/env bash
# Native-engine latency (issue 6): ResNet-18 ImageNet and the PaddleOCR classifier, both
# compiled with the rule library (certified rewrites), emitted, built with
# -O3 -march=native (cached), median of R runs of vf_run after 3 warm-up runs.
# GFLOP/s use the graphs' FLOPs as `vfuse info` counts them (3.664 / 0.037 GFLOP); the
# fraction of peak divides by bench/fma_peak.cpp's figure (264 GFLOP/s single thread here).
# usage: bench/native_bench.sh [BUILD_DIR] [R] [THREADS...]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
R=${2:-50}
shift 2 || true
THREADS=("${@:-1}")
BENCH=$BUILD/tools/vf_native_bench
[ -x "$BENCH" ] || { echo "no $BENCH: cmake --build $BUILD --target vf_native_bench" >&2; exit 1; }
export VFUSE_SOURCE_DIR=$PWD
for t in "${THREADS[@]}"; do
  "$BENCH" models/resnet18_imagenet_simplified.relay --runs "$R" --threads "$t"
  "$BENCH" models/ppocr_mobilenetv3_cls.onnx --shape x=1x3x48x192 --runs $((R * 10)) --threads "$t"
done
