#!/usr/bin/env bash
# Malformed ONNX models: `vfuse info MODEL` must exit 1 with exactly the diagnostics of
# MODEL's .expected file (tests/onnx/errors/, written by tests/onnx/gen_models.py).
# usage: run_error_models.sh VFUSE REPO_ROOT
set -u
VFUSE=$1
cd "$2"
pass=0
fail=0
for model in tests/onnx/errors/*.onnx; do
  expected=${model%.onnx}.expected
  out=$("$VFUSE" info "$model" 2>&1)
  status=$?
  if [ "$status" -ne 1 ]; then
    echo "FAIL $model: exit status $status, expected 1"; echo "$out" | head -5; fail=$((fail + 1))
  elif ! diff -u "$expected" <(printf '%s\n' "$out") >/dev/null; then
    echo "FAIL $model: diagnostics differ"; diff -u "$expected" <(printf '%s\n' "$out") | head -20
    fail=$((fail + 1))
  else
    echo "ok   $model"; pass=$((pass + 1))
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
