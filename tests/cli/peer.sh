#!/usr/bin/env bash
# End-to-end tests of the vfuse command line: ONNX Runtime as a peer: vfuse bench, vfuse check --against onnxruntime.
# usage: peer.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"
mkdir -p "$TMP/empty"

# ---- ONNX Runtime as a peer: vfuse bench, vfuse check --against onnxruntime ----
check "bench --help" 0 'usage: vfuse bench MODEL' -- "$VFUSE" bench --help
check "bench bad --threads" 2 '--threads needs a number in 1\.\.256' -- "$VFUSE" bench "$SMALL" --threads 0
check "bench --json keys" 0 '^\{"model":"[^"]+","threads":2,"repeat":2,"warmup":0,"seed":0,"interp_ms":[0-9.e+-]+,.*"onnxruntime_ms":([0-9.e+-]+|null),.*"max_abs_diff":([0-9.e+-]+|null),"native_ms":[0-9.e+-]+,"native_threads":2,' -- "$VFUSE" bench "$SMALL" --json --threads 2 --repeat 2 --warmup 0
check "bench without the peer: null and why" 0 '"onnxruntime_ms":null,.*"onnxruntime_note":"ONNX Runtime is not installed \(run `make onnxruntime`\)' -- env VFUSE_ONNXRUNTIME_DIR=/nonexistent "$VFUSE" bench "$SMALL" --json --repeat 1 --warmup 0
check "bench without the peer: table" 0 '^onnxruntime: not run: ONNX Runtime is not installed \(run `make onnxruntime`\)' -- env VFUSE_ONNXRUNTIME_DIR=/nonexistent "$VFUSE" bench "$SMALL" --repeat 1 --warmup 0
check "check --against foo" 2 "--against must be onnxruntime, got 'foo'" -- "$VFUSE" check "$SMALL" --against foo
check "check bad --tolerance" 2 '--tolerance needs a non-negative number' -- "$VFUSE" check "$SMALL" --against onnxruntime --tolerance -1
check "check --against without the peer: skipped, not failed" 0 '^onnxruntime: skipped: ONNX Runtime is not installed \(run `make onnxruntime`\)' -- env VFUSE_ONNXRUNTIME_DIR=/nonexistent "$VFUSE" check "$SHALLOW" --against onnxruntime --cache "$TMP/cache"
check "check --against --json without the peer" 0 '"onnxruntime":\{"skipped":"ONNX Runtime is not installed.*"ok":true\}$' -- env VFUSE_ONNXRUNTIME_DIR=/nonexistent "$VFUSE" check "$SHALLOW" --against onnxruntime --json --cache "$TMP/cache"
if [ "$have_ort" -eq 1 ]; then
  # ONNX Runtime alone on the original file (run.js), on the input vfuse generates.
  "$VFUSE" run "$CLASSIFIER" --shape x=1x3x48x192 --save-inputs "$TMP/cls_in" --save-outputs "$TMP/cls_ours" >/dev/null
  check "run.js: ONNX Runtime on the original .onnx" 0 '^\{"threads":1,"opt":"all","times_ms":\[[0-9.e+-]+(,[0-9.e+-]+)\],"median_ms":[0-9.e+-]+,.*"outputs":\["softmax_0.tmp_0"\]' -- \
    node bench/onnxruntime/run.js "$CLASSIFIER" --inputs "$TMP/cls_in" --outputs "$TMP/cls_ort" --repeat 2 --ort-dir "$ORT_DIR"
  if head -c 80 "$TMP/cls_ort/softmax_0.tmp_0.npy" 2>/dev/null | grep -aq "'descr': '<f4', 'fortran_order': False, 'shape': (1, 2), }" &&
     [ "$(stat -c %s "$TMP/cls_ort/softmax_0.tmp_0.npy")" -eq 136 ]; then
    echo "ok   run.js writes the output as a (1, 2) float32 .npy"; pass=$((pass + 1))
  else echo "FAIL run.js output .npy"; fail=$((fail + 1)); fi
  check "run.js bad --opt" 2 '--opt must be disabled, basic, extended or all' -- node bench/onnxruntime/run.js "$CLASSIFIER" --inputs "$TMP/cls_in" --outputs "$TMP/x" --opt fast
  check "run.js missing input file" 1 "missing input 'x'" -- node bench/onnxruntime/run.js "$CLASSIFIER" --inputs "$TMP/empty" --outputs "$TMP/x" --ort-dir "$ORT_DIR"
  # The interpreter's classifier (ONNX importer) agrees with ONNX Runtime within 1e-4.
  check "check --against onnxruntime: classifier within 1e-4" 0 '^  softmax_0\.tmp_0 +max abs +[0-9.e+-]+  ok$' -- \
    "$VFUSE" check "$CLASSIFIER" --shape x=1x3x48x192 --against onnxruntime --seeds 2 --cache "$TMP/cache"
  check "check --against: a tolerance too tight fails" 1 '^FAILED: ONNX Runtime and the interpreter disagree$' -- \
    "$VFUSE" check "$CLASSIFIER" --shape x=1x3x48x192 --against onnxruntime --tolerance 1e-12 --cache "$TMP/cache"
  check "bench classifier: both engines, outputs agree" 0 '"onnxruntime_ms":[0-9.e+-]+,"onnxruntime_opt":"all","onnxruntime_version":"1\.30\.0","onnxruntime_note":null,.*"max_abs_diff":[0-9.e+-]+,"native_ms":[0-9.e+-]+,' -- \
    "$VFUSE" bench "$CLASSIFIER" --shape x=1x3x48x192 --json --repeat 2
  # A peer that is there but does not load: the comparison fails, it is not skipped.
  mkdir -p "$TMP/brokenort/node_modules/onnxruntime-node"
  echo '{"version":"0.0.0"}' > "$TMP/brokenort/node_modules/onnxruntime-node/package.json"
  check "check --against a broken peer fails" 1 '^onnxruntime: FAILED: onnxruntime runner failed \(exit status 1\): run\.js: error: cannot load onnxruntime-node' -- \
    env VFUSE_ONNXRUNTIME_DIR="$TMP/brokenort" "$VFUSE" check "$SHALLOW" --against onnxruntime --cache "$TMP/cache"
  # A Relay model reaches ONNX Runtime through the exporter, its weights seeded.
  check "check --against onnxruntime: exported Relay model within 1e-4" 0 '^  output +max abs +[0-9.e+-]+  ok$' -- \
    "$VFUSE" check "$SHALLOW" --against onnxruntime --seeds 2 --cache "$TMP/cache"
  check "bench Relay model: exported, both engines" 0 '"onnxruntime_ms":[0-9.e+-]+,.*"onnxruntime_note":null,.*"max_abs_diff":[0-9.e+-]+,"native_ms":[0-9.e+-]+,' -- \
    "$VFUSE" bench "$SMALL" --json --repeat 2 --seed 7
  d=$("$VFUSE" bench "$CLASSIFIER" --shape x=1x3x48x192 --json --repeat 1 --warmup 0 | grep -o '"max_abs_diff":[^,}]*' | cut -d: -f2)
  if awk -v d="$d" 'BEGIN { exit !(d != "" && d != "null" && d + 0 <= 1e-4) }'; then
    echo "ok   bench: classifier f32 interpreter vs ONNX Runtime max abs diff $d <= 1e-4"; pass=$((pass + 1))
  else echo "FAIL bench classifier max_abs_diff '$d'"; fail=$((fail + 1)); fi
else
  echo "skipped: ONNX Runtime agreement tests (peer not installed in $ORT_DIR; run \`make onnxruntime\`)"
fi

finish
