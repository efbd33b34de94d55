#!/usr/bin/env bash
# The certificate mutation figure (docs/certificates.md): compiles ResNet-18 ImageNet, the
# ONNX classifier and a BERT- and a GPT-2-style block at hidden 256 with fresh certificates, mutates every certificate three times (an
# operator, a constant, an index, in its source side, target side or claims) and replays
# each mutant with z3; every mutant must be detected (some check-sat answers sat).
# With --smoke: the classifier only, one certificate per rule (the ctest run).
# usage: mutate_certificates.sh VFUSE REPO_ROOT [--smoke] [extra mutate_certificates.py args]
set -u
VFUSE=$1
ROOT=$2
shift 2
SMOKE=0
if [ "${1:-}" = "--smoke" ]; then SMOKE=1; shift; fi
cd "$ROOT"
command -v z3 >/dev/null || { echo "FAIL z3 is not installed"; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
compile() {  # DIR MODEL [ARGS...]
  local dir=$1
  shift
  "$VFUSE" compile "$@" -o "$TMP/$dir" --no-cache >"$TMP/$dir.log" 2>&1 || { cat "$TMP/$dir.log"; exit 1; }
}
compile cls models/ppocr_mobilenetv3_cls.onnx --shape x=1x3x48x192
if [ $SMOKE -eq 1 ]; then
  python3 "$ROOT/tests/rewrite/mutate_certificates.py" "$TMP/cls" --per-rule 1 "$@"
  exit $?
fi
compile r18 models/resnet18_imagenet_simplified.relay
# Transformers at hidden 256 (sequence 128, one layer; tests/transformers/gen_transformers.py):
# their layer norms are certified by rows, their projections by cells, the attention scale's
# move through the heads' reshape by elements (docs/certificates.md).
/usr/bin/python3 tests/transformers/gen_transformers.py --hidden 256 --heads 4 --layers 1 \
  --seq 128 --vocab 1000 --out "$TMP/tf" --only bert_a_embeds,gpt2_a_embeds >/dev/null || exit 1
compile bert "$TMP/tf/bert_a_embeds.onnx" --shape inputs_embeds=1x128x256 --shape attention_mask=1x128
compile gpt2 "$TMP/tf/gpt2_a_embeds.onnx" --shape inputs_embeds=1x128x256
python3 "$ROOT/tests/rewrite/mutate_certificates.py" "$TMP/r18" "$TMP/cls" "$TMP/bert" "$TMP/gpt2" "$@"
