#!/usr/bin/env bash
# End-to-end tests of the vfuse command line: token ids and masks (int64 graph inputs read
# by gather / cast / where; docs/onnx.md, "Transformers"): run, --save-inputs / --inputs,
# malformed input files, compile, export round trip, and ONNX Runtime fed the same ids.
# usage: tokens.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"
BERT=tests/transformers/bert_a.onnx
BERTB=tests/transformers/bert_b.onnx
GPT=tests/transformers/gpt2_b.onnx
BS=(--shape input_ids=1x16 --shape attention_mask=1x16)

check "info: int64 inputs and the gather" 0 'gather' -- "$VFUSE" info "$BERT" "${BS[@]}"
check "run --save-inputs: int64 ids and mask" 0 'output last_hidden_state' -- \
  "$VFUSE" run "$BERT" "${BS[@]}" --seed 4 --save-inputs "$TMP/in" --save-outputs "$TMP/out"
# The saved ids: int64 .npy files, ids in [0, 256), the mask 0 / 1.
if python3 - "$TMP/in" <<'PY'
import struct, sys
def load(f):
    b = open(f, "rb").read()
    hl, off = (struct.unpack("<H", b[8:10])[0], 10) if b[6] == 1 else (struct.unpack("<I", b[8:12])[0], 12)
    h = b[off:off + hl].decode("latin1")
    assert "'<i8'" in h and "(1, 16)" in h, h
    d = b[off + hl:]
    return struct.unpack("<%dq" % (len(d) // 8), d)
ids, mask = load(sys.argv[1] + "/input_ids.npy"), load(sys.argv[1] + "/attention_mask.npy")
assert all(0 <= i < 256 for i in ids) and len(set(ids)) > 4, ids
assert set(mask) <= {0, 1}, mask
PY
then echo "ok   saved ids are int64 in [0, 256), the mask 0/1"; pass=$((pass + 1))
else echo "FAIL saved ids"; fail=$((fail + 1)); fi
x=$("$VFUSE" run "$BERT" "${BS[@]}" --json --seed 4 | grep -o '"first":\[[^]]*')
y=$("$VFUSE" run "$BERT" "${BS[@]}" --json --seed 9 --inputs "$TMP/in" | grep -o '"first":\[[^]]*')
if [ -n "$x" ] && [ "$x" = "$y" ]; then echo "ok   --inputs reproduces the saved run"; pass=$((pass + 1));
else echo "FAIL --inputs: '$x' vs '$y'"; fail=$((fail + 1)); fi

# Malformed id files: an id outside the table, a float file for an int64 input.
mkdir -p "$TMP/bad" "$TMP/badtype"
cp "$TMP/in/attention_mask.npy" "$TMP/bad/"
cp "$TMP/in/attention_mask.npy" "$TMP/badtype/"
python3 - "$TMP" <<'PY'
import struct, sys
def npy(path, descr, fmt, vals):
    h = "{'descr': '%s', 'fortran_order': False, 'shape': (1, 16), }" % descr
    h += " " * (63 - (10 + len(h)) % 64) + "\n"
    open(path, "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode() +
                           struct.pack("<16" + fmt, *vals))
npy(sys.argv[1] + "/bad/input_ids.npy", "<i8", "q", [1] * 5 + [300] + [2] * 10)
npy(sys.argv[1] + "/badtype/input_ids.npy", "<f4", "f", [1.0] * 16)
PY
check "run: an id outside the table" 1 "input 'input_ids': element 5 is 300, outside \[-256, 256\)" -- \
  "$VFUSE" run "$BERT" "${BS[@]}" --inputs "$TMP/bad"
check "run --engine native: an id outside the table" 1 "input 'input_ids': element 5 is 300" -- \
  "$VFUSE" run "$BERT" "${BS[@]}" --inputs "$TMP/bad" --engine native --no-rewrite
check "check: an id outside the table" 1 "input 'input_ids': element 5 is 300" -- \
  "$VFUSE" check "$BERT" "${BS[@]}" --inputs "$TMP/bad" --no-cache
check "run: a float32 file for an int64 input" 1 "input_ids.npy: float32, the model's input 'input_ids' is int64" -- \
  "$VFUSE" run "$BERT" "${BS[@]}" --inputs "$TMP/badtype"

# Native code on the same ids as the interpreter (compiled with the rule library).
check "run --engine native: BERT (where mask)" 0 'output last_hidden_state' -- \
  "$VFUSE" run "$BERTB" "${BS[@]}" --engine native --no-cache
# Export: gather / cast / where written as ONNX Gather / Cast / Where, imported back.
check "export: int64 inputs kept" 0 "^wrote $TMP/bert\.onnx \(ONNX opset 13; .*inputs: input_ids, attention_mask\)$" -- \
  "$VFUSE" export "$BERTB" "${BS[@]}" -o "$TMP/bert.onnx"
a=$("$VFUSE" run "$BERTB" "${BS[@]}" --json --seed 2 | grep -o '"first":\[[^]]*')
b=$("$VFUSE" run "$TMP/bert.onnx" --json --seed 2 | grep -o '"first":\[[^]]*')
if [ -n "$a" ] && [ "$a" = "$b" ]; then echo "ok   export round trip runs the same"; pass=$((pass + 1));
else echo "FAIL export round trip: '$a' vs '$b'"; fail=$((fail + 1)); fi
if [ "$have_ort" -eq 1 ]; then
  check "bench GPT-2 by token ids: ONNX Runtime fed int64" 0 '"onnxruntime_ms":[0-9.e+-]+,.*"onnxruntime_note":null,.*"max_abs_diff":[0-9.e+-]+,' -- \
    "$VFUSE" bench "$GPT" --shape input_ids=1x16 --json --repeat 1 --warmup 0
  # check_model.sh: strict but for the known end-to-end bound gap of these models.
  check "check --against onnxruntime: exported BERT" 0 '^ok$' -- \
    tests/transformers/check_model.sh "$VFUSE" "$TMP/bert.onnx" --against onnxruntime --no-cache
else
  echo "skipped: ONNX Runtime agreement tests (peer not installed in $ORT_DIR)"
fi

finish
