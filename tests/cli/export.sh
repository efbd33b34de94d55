#!/usr/bin/env bash
# End-to-end tests of the vfuse command line: vfuse export.
# usage: export.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"
"$VFUSE" compile "$SHALLOW" -o "$TMP/c1" --cache "$TMP/cache" >/dev/null

# ---- vfuse export: standard ONNX (opset 13) with the seeded weights ----
check "export --help" 0 'usage: vfuse export MODEL -o OUT.onnx' -- "$VFUSE" export --help
check "export without -o" 2 'missing -o FILE' -- "$VFUSE" export "$SMALL"
check "export bad --seed" 2 'non-negative integer' -- "$VFUSE" export "$SMALL" -o "$TMP/x.onnx" --seed abc
check "export writes a file" 0 "^wrote $TMP/e3\.onnx \(ONNX opset 13; [1-9][0-9]* seeded weights \(seed 3\); inputs: data\)$" -- "$VFUSE" export "$SMALL" -o "$TMP/e3.onnx" --seed 3
"$VFUSE" export "$SMALL" -o "$TMP/e3b.onnx" --seed 3 >/dev/null
"$VFUSE" export "$SMALL" -o "$TMP/e4.onnx" --seed 4 >/dev/null
if cmp -s "$TMP/e3.onnx" "$TMP/e3b.onnx" && ! cmp -s "$TMP/e3.onnx" "$TMP/e4.onnx" && grep -aq vfuse "$TMP/e3.onnx"; then
  echo "ok   export: same seed same bytes, another seed other weights"; pass=$((pass + 1)); else echo "FAIL export determinism"; fail=$((fail + 1)); fi
check "export a compiled model" 0 "^wrote $TMP/c1\.onnx \(ONNX opset 13; 0 seeded weights" -- "$VFUSE" export "$TMP/c1/model.vfg" -o "$TMP/c1.onnx"
# Read back by the ONNX importer, the export runs as the Relay model does on the same seed.
if python3 - "$("$VFUSE" run "$SMALL" --seed 3 --json)" "$("$VFUSE" run "$TMP/e3.onnx" --seed 3 --json)" <<'PY'
import json, sys
a, b = (json.loads(s)["outputs"][0] for s in sys.argv[1:3])
assert a["shape"] == b["shape"] and a["name"] == b["name"], (a, b)
assert all(abs(x - y) <= 1e-5 * max(1.0, abs(x)) for x, y in zip(a["first"], b["first"])), (a, b)
assert abs(a["checksum"] - b["checksum"]) <= 1e-4, (a, b)
PY
then echo "ok   export read back by the importer runs like the original"; pass=$((pass + 1)); else echo "FAIL export round trip"; fail=$((fail + 1)); fi
check "export: missing model" 1 'cannot open' -- "$VFUSE" export "$TMP/nope.relay" -o "$TMP/nope.onnx"
check "export: unwritable path" 1 "cannot export .* to '$TMP/no/dir/m\.onnx'" -- "$VFUSE" export "$SMALL" -o "$TMP/no/dir/m.onnx"
printf '# vfuse graph v1\ngraph(%%x: Tensor[(1, 2, 6, 6), float32]) {\n  %%p = avg_pool2d(%%x, pool_size=[2, 2], dilation=[2, 2]) : Tensor[(1, 2, 4, 4), float32]\n  return %%p\n}\n' > "$TMP/dilated_avg.vfg"
echo old > "$TMP/keep.onnx"
check "export: an operator without ONNX form names the node" 1 "node 'p' \(avg_pool2d\): AveragePool has no dilations" -- "$VFUSE" export "$TMP/dilated_avg.vfg" -o "$TMP/keep.onnx"
if [ "$(cat "$TMP/keep.onnx")" = old ] && [ ! -e "$TMP/nope.onnx" ] && [ ! -e "$TMP/no" ]; then
  echo "ok   a failed export writes nothing"; pass=$((pass + 1)); else echo "FAIL a failed export wrote a file"; fail=$((fail + 1)); fi
if [ "$have_ort" -eq 1 ]; then
  # ONNX Runtime on the exports (a Relay model with seeded weights, a compiled model)
  # against `vfuse run` on the same inputs, within 1e-4.
  ort_agrees() {  # MODEL.onnx VFUSE_MODEL NAME
    local d="$TMP/ort_$3"
    "$VFUSE" run "$2" --seed 3 --save-inputs "$d/in" --save-outputs "$d/ours" >/dev/null &&
      node bench/onnxruntime/run.js "$1" --inputs "$d/in" --outputs "$d/ort" --ort-dir "$ORT_DIR" >/dev/null &&
      python3 - "$d/ours" "$d/ort" <<'PY'
import os, struct, sys
def load(f):
    b = open(f, "rb").read()
    hl, off = (struct.unpack("<H", b[8:10])[0], 10) if b[6] == 1 else (struct.unpack("<I", b[8:12])[0], 12)
    assert "'<f4'" in b[off:off + hl].decode("latin1"), f
    d = b[off + hl:]
    return struct.unpack("<%df" % (len(d) // 4), d)
names = sorted(os.listdir(sys.argv[1]))
assert names and names == sorted(os.listdir(sys.argv[2])), names
for n in names:
    a, b = load(os.path.join(sys.argv[1], n)), load(os.path.join(sys.argv[2], n))
    assert len(a) == len(b) and max(abs(x - y) for x, y in zip(a, b)) <= 1e-4, n
PY
  }
  if ort_agrees "$TMP/e3.onnx" "$SMALL" relay; then echo "ok   ONNX Runtime on the exported Relay model agrees within 1e-4"; pass=$((pass + 1));
  else echo "FAIL ONNX Runtime on the exported Relay model"; fail=$((fail + 1)); fi
  "$VFUSE" export "$TMP/c1/model.vfg" -o "$TMP/c1.onnx" >/dev/null
  if ort_agrees "$TMP/c1.onnx" "$TMP/c1/model.vfg" compiled; then echo "ok   ONNX Runtime on the exported compiled model agrees within 1e-4"; pass=$((pass + 1));
  else echo "FAIL ONNX Runtime on the exported compiled model"; fail=$((fail + 1)); fi
else
  echo "skipped: ONNX Runtime on exported models (peer not installed in $ORT_DIR)"
fi

finish
