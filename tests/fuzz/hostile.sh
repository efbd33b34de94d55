#!/bin/sh
# Hostile inputs given to the vfuse command line (issue 16): each must end in exit 1 with
# the expected message, within 20 s and 2 GB of address space, never in a signal.
#   hostile.sh VFUSE SRC
set -u
vfuse=$1 src=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0

# expect NAME MESSAGE ARGS...: vfuse ARGS exits 1 and prints MESSAGE (a fixed string).
expect() {
  name=$1 msg=$2
  shift 2
  (ulimit -v 2000000; timeout 20 "$vfuse" "$@") > "$tmp/out" 2>&1
  rc=$?
  if [ $rc -ne 1 ] || ! grep -qF -- "$msg" "$tmp/out"; then
    echo "FAIL $name: exit $rc, expected 1 and '$msg'; output:"; head -c 2000 "$tmp/out"; echo
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

# nest N OPEN CLOSE: OPEN repeated N times, %x, CLOSE repeated N times.
nest() { awk -v n="$1" -v o="$2" -v c="$3" 'BEGIN { s = ""; for (i = 0; i < n; i++) printf "%s", o;
  printf "%%x"; for (i = 0; i < n; i++) printf "%s", c; }'; }
header='#[version = "0.0.5"]'

expect def_string_def "expected '}' to close the function body before the next 'def'" \
  info "$src/tests/fuzz/regressions/relay/def_string_def.relay"

{ echo "$header"; echo 'def @main(%x: Tensor[(1), float32]) {'; nest 50000 '(' ')'; echo; echo '}'; } \
  > "$tmp/parens.relay"
expect relay_50000_parentheses "nesting too deep: at most 256 levels" info "$tmp/parens.relay"

{ echo "$header"; echo 'def @main(%x: Tensor[(1), float32]) {'; nest 50000 'nn.relu(' ')'; echo;
  echo '}'; } > "$tmp/calls.relay"
expect relay_50000_calls "nesting too deep: at most 256 levels" info "$tmp/calls.relay"

{ echo 'rule deep {'; echo '  source { %y = relu(%x); }'; printf '  target { %%y = ';
  nest 20000 'relu(' ')'; echo '; }'; echo '}'; } > "$tmp/deep.rules"
expect rule_20000_calls "expression nests too deep: at most 256 levels" \
  prove "$tmp/deep.rules" --no-write

printf '%s\ndef @main(%%x: Tensor[(100000, 100000, 100000, 3), float32]) {\n  nn.relu(%%x)\n}\n' \
  "$header" > "$tmp/big.relay"
expect run_needs_32_PiB "needs 32.0 PiB of memory" run "$tmp/big.relay"
expect run_native_needs_32_PiB "needs 32.0 PiB of memory" run "$tmp/big.relay" --engine native
expect bench_needs_32_PiB "needs 32.0 PiB of memory" bench "$tmp/big.relay"
expect check_needs_memory "checking the model (every value kept with its bounds) needs" check "$tmp/big.relay"

printf '%s\ndef @main(%%x: Tensor[(1, 3), float32], %%w: Tensor[(100000, 100000, 100000, 3), float32]) {\n  add(%%x, %%w)\n}\n' \
  "$header" > "$tmp/bigw.relay"
expect compile_weights_10_PiB "binding the model's weights needs 10.7 PiB of memory" \
  compile "$tmp/bigw.relay" -o "$tmp/out"
expect export_weights_10_PiB "generating the model's weights needs 10.7 PiB of memory" \
  export "$tmp/bigw.relay" -o "$tmp/out.onnx"

printf '%s\ndef @main(%%x: Tensor[(1000000000, 1000000000, 1000000000, 3), float32]) {\n  nn.relu(%%x)\n}\n' \
  "$header" > "$tmp/huge.relay"
expect relay_elements_overflow "tensor type has more than 2^56" info "$tmp/huge.relay"

# A .npy whose shape times the element size wrapped around to 0 bytes.
mkdir "$tmp/in"
cp "$src/tests/fuzz/regressions/npy/wrap_around_shape.npy" "$tmp/in/x.npy"
printf '%s\ndef @main(%%x: Tensor[(1), float32]) {\n  nn.relu(%%x)\n}\n' "$header" > "$tmp/small.relay"
expect npy_wrap_around "has more than 72057594037927936 elements" \
  run "$tmp/small.relay" --inputs "$tmp/in"

# ONNX nodes with fewer inputs or outputs than their schema (found by make fuzz).
expect onnx_gemm_missing_input "(Gemm): 1 input; Gemm at opset 13 takes 2 to 3" \
  info "$src/tests/fuzz/regressions/onnx/gemm_missing_input.onnx"
expect onnx_gemm_without_output "(Gemm): 0 outputs; Gemm at opset 13 has 1 to 1" \
  info "$src/tests/fuzz/regressions/onnx/gemm_without_output.onnx"

[ $failures -eq 0 ] || { echo "$failures hostile input(s) not rejected as expected"; exit 1; }
