#!/usr/bin/env bash
# Graph output names (issue 30): an ONNX model whose outputs are Identities of other nodes
# (tests/transformers/bert_b_embeds.onnx: `last_hidden_state` of a LayerNormalization,
# `pooler_output` of a Tanh) keeps those names in run (text, --json), --save-outputs,
# export, compile (the .vfg and the emitted build) and check against ONNX Runtime.
source "$(dirname "$0")/lib.sh" "$@"

M=tests/transformers/bert_b_embeds.onnx
SH=(--shape inputs_embeds=1x16x64)

check "run: outputs named after the graph" 0 'output +pooler_output' -- "$VFUSE" run "$M" "${SH[@]}"
check "run: last_hidden_state too" 0 'output +last_hidden_state' -- "$VFUSE" run "$M" "${SH[@]}"
check "run --json: names" 0 '"name":"last_hidden_state".*"name":"pooler_output"' -- "$VFUSE" run "$M" "${SH[@]}" --json
check "run --engine native: names" 0 'pooler_output' -- "$VFUSE" run "$M" "${SH[@]}" --engine native
check "save outputs" 0 'output' -- "$VFUSE" run "$M" "${SH[@]}" --save-outputs "$TMP/out"
if [ -f "$TMP/out/pooler_output.npy" ] && [ -f "$TMP/out/last_hidden_state.npy" ]; then
  echo "ok   --save-outputs writes <graph output>.npy"; pass=$((pass + 1))
else echo "FAIL --save-outputs names:"; ls "$TMP/out"; fail=$((fail + 1)); fi

check "compile" 0 '' -- "$VFUSE" compile "$M" "${SH[@]}" -o "$TMP/c" --emit "$TMP/emit"
check "compiled .vfg returns the names" 0 'return %last_hidden_state, %pooler_output' -- cat "$TMP/c/model.vfg"
check "the compiled model runs with the names" 0 'output +pooler_output' -- "$VFUSE" run "$TMP/c/model.vfg"
check "emitted build names its outputs" 0 '"pooler_output"' -- cat "$TMP/emit/model.cpp"

check "export" 0 '' -- "$VFUSE" export "$M" "${SH[@]}" -o "$TMP/e.onnx"
check "exported model keeps the names" 0 'output +pooler_output' -- "$VFUSE" run "$TMP/e.onnx"

if [ "$have_ort" = 1 ]; then
  # Matched by name, each output of ours beside ONNX Runtime's of the same name (the
  # exit status also reflects the bounds, which this test does not judge).
  out=$("$VFUSE" check "$M" "${SH[@]}" --no-cache --no-native --against onnxruntime 2>&1)
  if grep -Eq '^  last_hidden_state +max abs .* ok$' <<<"$out" && grep -Eq '^  pooler_output +max abs .* ok$' <<<"$out"; then
    echo "ok   check against onnxruntime matches outputs by name"; pass=$((pass + 1))
  else echo "FAIL check against onnxruntime by name:"; echo "$out" | tail -8; fail=$((fail + 1)); fi
else
  echo "skipped check against onnxruntime (peer not installed)"
fi
finish
