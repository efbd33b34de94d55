# The shared part of the command line's end-to-end tests (tests/cli/*.sh, one ctest entry
# per command family): arguments, a scratch folder, the models, check() and the tally.
# usage (from a test script): source lib.sh VFUSE REPO_ROOT
set -u
VFUSE=$1
ROOT=$2
cd "$ROOT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
SMALL=models/mobilenet_shallow_simplified.relay
SHALLOW=models/resnet_shallow_simplified.relay
CLASSIFIER=models/ppocr_mobilenetv3_cls.onnx
# The ONNX Runtime peer comes from npm (make onnxruntime); where it is absent the agreement
# tests say "skipped" and the not-installed paths are tested with
# VFUSE_ONNXRUNTIME_DIR=/nonexistent.
ORT_DIR=${VFUSE_ONNXRUNTIME_DIR:-$ROOT/bench/onnxruntime}
have_ort=0
if [ -f "$ORT_DIR/node_modules/onnxruntime-node/package.json" ] && command -v node >/dev/null; then have_ort=1; fi

# check NAME EXPECTED_STATUS PATTERN -- CMD...: runs CMD, checks its exit status and that
# stdout+stderr match the extended regex PATTERN.
check() {
  local name=$1 want=$2 pattern=$3
  shift 4
  local out status
  out=$("$@" 2>&1)
  status=$?
  if [ "$status" -ne "$want" ]; then
    echo "FAIL $name: exit status $status, expected $want"; echo "$out" | head -20; fail=$((fail + 1)); return
  fi
  if ! grep -Eq -- "$pattern" <<<"$out"; then
    echo "FAIL $name: output does not match /$pattern/"; echo "$out" | head -20; fail=$((fail + 1)); return
  fi
  echo "ok   $name"; pass=$((pass + 1))
}

# The closing line ctest's log shows; the exit status says whether every check passed.
finish() {
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
