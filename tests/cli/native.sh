#!/usr/bin/env bash
# End-to-end tests of the vfuse command line: native code: run --engine native, compile --emit, bench native_ms.
# usage: native.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"

# ---- native code: run --engine native, compile --emit, bench native_ms ----
check "run bad --engine" 2 "--engine must be interp or native, got 'gpu'" -- "$VFUSE" run "$SMALL" --engine gpu
check "run --threads without native" 2 '--threads needs --engine native' -- "$VFUSE" run "$SMALL" --threads 2
check "run native in f64" 2 'native engine computes in f32' -- "$VFUSE" run "$SMALL" --engine native --precision f64
check "run native bad --threads" 2 '--threads needs a number in 1\.\.256' -- "$VFUSE" run "$SMALL" --engine native --threads 0
check "run --engine native" 0 '^[0-9]+ certified rewrites; native code, 1 thread: arena [0-9.]+ MiB' -- "$VFUSE" run "$SMALL" --engine native
# The native outputs (compiled, as imported, two threads) against the interpreter's: the
# checksums of the softmax within 1e-5 and the first values within 1e-5.
agree_json() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = json.loads(sys.argv[1]), json.loads(sys.argv[2])
assert b["engine"] == "native", b
for x, y in zip(a["outputs"], b["outputs"]):
    assert x["shape"] == y["shape"], (x, y)
    assert abs(x["checksum"] - y["checksum"]) <= 1e-5, (x["checksum"], y["checksum"])
    assert max(abs(p - q) for p, q in zip(x["first"], y["first"])) <= 1e-5, (x, y)
PY
}
ij=$("$VFUSE" run "$SMALL" --seed 3 --json)
for variant in "" "--no-rewrite" "--threads 2"; do
  # shellcheck disable=SC2086
  nj=$("$VFUSE" run "$SMALL" --seed 3 --json --engine native $variant)
  if agree_json "$ij" "$nj"; then echo "ok   run --engine native $variant agrees with the interpreter"; pass=$((pass + 1));
  else echo "FAIL run --engine native $variant: $nj vs $ij"; fail=$((fail + 1)); fi
done
cj=$("$VFUSE" run "$CLASSIFIER" --shape x=1x3x48x192 --json)
nj=$("$VFUSE" run "$CLASSIFIER" --shape x=1x3x48x192 --json --engine native)
if agree_json "$cj" "$nj"; then echo "ok   the ONNX classifier natively agrees with the interpreter"; pass=$((pass + 1));
else echo "FAIL classifier native: $nj vs $cj"; fail=$((fail + 1)); fi

check "compile --threads without --emit" 2 '--threads needs --emit' -- "$VFUSE" compile "$SMALL" -o "$TMP/t" --threads 2
check "compile neither -o nor --emit" 2 'missing -o DIR \(the output directory\) or --emit DIR' -- "$VFUSE" compile "$SMALL"
check "compile -o and --emit the same" 2 'different directories' -- "$VFUSE" compile "$SMALL" -o "$TMP/same" --emit "$TMP/same/"
touch "$TMP/afile"
check "compile --emit onto a file" 1 "'$TMP/afile' exists and is not a directory" -- "$VFUSE" compile "$SMALL" --emit "$TMP/afile"
if [ -f "$TMP/afile" ] && ! ls -d "$TMP"/afile.* >/dev/null 2>&1; then echo "ok   compile --emit onto a file leaves nothing behind"; pass=$((pass + 1));
else echo "FAIL compile --emit onto a file left something"; fail=$((fail + 1)); fi
check "compile --emit" 0 "^emitted $TMP/emit/ \(model\.cpp, vfrt\.h, model\.weights, main\.cpp, Makefile, README\.txt\)" -- "$VFUSE" compile "$SMALL" --emit "$TMP/emit" --seed 3
# The standalone build, without vfuse: make, then the model on the interpreter's input.
"$VFUSE" run "$SMALL" --seed 3 --save-inputs "$TMP/emit_in" >/dev/null
if make -s -C "$TMP/emit" >"$TMP/emit.log" 2>&1 && (cd "$TMP/emit" && ./model "$TMP/emit_in/data.npy" --bench 3) >"$TMP/emit.out" 2>&1 &&
   python3 - "$TMP/emit.out" "$ij" <<'PY'
import json, re, sys
out = open(sys.argv[1]).read()
m = re.search(r"^output: 10 elements, sum ([-0-9.e+]+), sum\|y\| [-0-9.e+]+, first ((?:[-0-9.e+]+ ?)+)$", out, re.M)
assert m, out
want = json.loads(sys.argv[2])["outputs"][0]
assert abs(float(m.group(1)) - want["checksum"]) <= 1e-5, (m.group(1), want)
firsts = [float(v) for v in m.group(2).split()]
assert max(abs(p - q) for p, q in zip(firsts, want["first"])) <= 1e-5, (firsts, want)
assert re.search(r"^median [0-9.]+ ms over 3 runs$", out, re.M), out
PY
then echo "ok   the emitted standalone build compiles and runs like the interpreter"; pass=$((pass + 1));
else echo "FAIL emitted standalone build"; cat "$TMP/emit.log" "$TMP/emit.out" | head -20; fail=$((fail + 1)); fi
# Emitted for two threads: the Makefile builds with OpenMP (without it the loops would run on
# one thread), the README says GOMP_SPINCOUNT; the outputs print as the one-thread build's.
"$VFUSE" compile "$SMALL" --emit "$TMP/emit2" --seed 3 --threads 2 >/dev/null
if grep -q -- '-fopenmp' "$TMP/emit2/Makefile" && ! grep -q -- '-fopenmp' "$TMP/emit/Makefile" &&
   grep -q 'GOMP_SPINCOUNT=3000' "$TMP/emit2/README.txt" && make -s -C "$TMP/emit2" >"$TMP/emit2.log" 2>&1 &&
   ldd "$TMP/emit2/model" | grep -q libgomp &&
   (cd "$TMP/emit2" && ./model "$TMP/emit_in/data.npy") >"$TMP/emit2.out" 2>&1 &&
   grep -q '^output: ' "$TMP/emit2.out" && diff <(grep '^output' "$TMP/emit.out") <(grep '^output' "$TMP/emit2.out") >/dev/null
then echo "ok   the standalone build emitted for two threads builds with OpenMP, same outputs"; pass=$((pass + 1));
else echo "FAIL standalone build for two threads"; cat "$TMP/emit2.log" "$TMP/emit2.out" 2>/dev/null | head -20; fail=$((fail + 1)); fi

check "check: native kernels and layers" 0 '^  kernels against the interpreter on the same operands: ([0-9]+) of \1 within their bound or bit-identical; the deployed build bit-identical to the bounded one$' -- "$VFUSE" check "$SMALL" --seeds 2
check "check --json: native" 0 '\{"engine":"native","ms":[0-9.e+-]+,"threads":2,"compile_ms":[0-9.e+-]+,"deployed_identical":true,"outputs":\[\{"name":"[^"]+","max_abs":[0-9.e+-]+,"bound":[0-9.e+-]+,"ratio":[0-9.e+-]+,"ok":true,.*"kernel_exceeded":0,"kernel_bounded":true\}.*\],"ok":true\}\],"ok":true\}$' -- "$VFUSE" check "$SMALL" --json --threads 2
check "check: a changed weight in the classifier fails, named (native too)" 0 '^2$' -- bash -c '"$0" check "$1" --shape x=1x3x48x192 --mutate weight=relu_1.tmp_0 --native-only --cache "$2" | grep -c "FAILED"' "$VFUSE" "$CLASSIFIER" "$TMP/cache"
check "check --no-native with --threads" 2 '--threads excludes --no-native' -- "$VFUSE" check "$SMALL" --no-native --threads 2
check "check --native-only with --against" 2 '--native-only excludes --no-native, --against and --per-rewrite' -- "$VFUSE" check "$SMALL" --native-only --against onnxruntime
check "check --native-only" 0 '^ok: every output and every layer within its bound$' -- "$VFUSE" check "$SMALL" --native-only
check "check: no compiler fails closed" 1 '^vfuse check: error: native code of the model: ' -- env VFUSE_CACHE_DIR="$TMP/nocc" CXX=/nonexistent "$VFUSE" check "$SMALL" --native-only
check "run native: no compiler" 1 'vfuse run: error: native code: cannot run /nonexistent' -- env VFUSE_CACHE_DIR="$TMP/nocc" CXX=/nonexistent "$VFUSE" run "$SMALL" --engine native
check "check --no-native" 0 '^ok: every output and every layer within its bound$' -- "$VFUSE" check "$SMALL" --no-native
check "bench --json: native_ms" 0 '"native_ms":[0-9.e+-]+,"native_threads":1,.*"native_rewrites":[1-9][0-9]*,"native_gflops":[0-9.e+-]+,.*"native_max_abs_diff":[0-9.e+-]+\}$' -- "$VFUSE" bench "$SMALL" --json --repeat 2 --warmup 0
check "bench --no-native" 0 '"native_ms":null\}$' -- "$VFUSE" bench "$SMALL" --json --repeat 1 --warmup 0 --no-native
check "bench table: native row" 0 '^  vfuse native \([0-9]+ rewrites\) +1 +[0-9.]+$' -- "$VFUSE" bench "$SMALL" --repeat 1 --warmup 0

finish
