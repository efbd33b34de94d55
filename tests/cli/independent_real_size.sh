#!/usr/bin/env bash
# vfuse verify --independent at real size (campaign; docs/independent.md, "Figures"): a
# BERT-base-sized encoder and a ViT-B/16-sized classifier (hidden 768, 12 heads, 2 layers;
# sequence 128 and 197), generated, compiled, and checked. Their attention regions expand
# Q.K^T in full (5.3e7 and 1.2e8 term nodes) and their layer norms read shared row
# statistics: about 30 s and 55 s, 1.6 and 3.3 GB.
# usage: independent_real_size.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"

# Debian's Python, which has python3-onnx and numpy (make deps), unless PYTHON says otherwise.
"${PYTHON:-/usr/bin/python3}" tests/transformers/gen_transformers.py --hidden 768 --heads 12 --layers 2 --seq 128 \
  --vocab 1000 --image 224 --patch 16 --classes 1000 --only bert_a_embeds,vit_a --out "$TMP" >/dev/null
"$VFUSE" compile "$TMP/bert_a_embeds.onnx" --shape inputs_embeds=1x128x768 \
  --shape attention_mask=1x128 -o "$TMP/b" --cache "$TMP/cache" >/dev/null
"$VFUSE" compile "$TMP/vit_a.onnx" -o "$TMP/v" --cache "$TMP/cache" >/dev/null
check "independent: BERT-768, its attention expanded" 0 "^    region [0-9]+ \('div_1': matmul, add, reshape, transpose, matmul, divide -> dense, reshape, transpose, matmul\): 196608 output elements in 12 classes" -- "$VFUSE" verify "$TMP/b" --independent --regions
check "independent: ViT-B/16-sized" 0 "^ok: $TMP/v computes what .*vit_a\.onnx computes, region by region" -- "$VFUSE" verify "$TMP/v" --independent
finish
