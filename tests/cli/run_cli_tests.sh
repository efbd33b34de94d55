#!/usr/bin/env bash
# End-to-end tests of the vfuse command line: exit statuses, messages, outputs.
# usage: run_cli_tests.sh VFUSE REPO_ROOT
set -u
VFUSE=$1
ROOT=$2
cd "$ROOT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
SMALL=models/mobilenet_shallow_simplified.relay

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

check "help lists commands" 0 'run .*interpreter' -- "$VFUSE" --help
check "no args is usage error" 2 'usage: vfuse' -- "$VFUSE"
check "run --help" 0 '--precision f32\|f64' -- "$VFUSE" run --help
check "info --help" 0 'usage: vfuse info' -- "$VFUSE" info -h
check "dot --help" 0 'usage: vfuse dot' -- "$VFUSE" dot --help
check "unknown command" 2 "unknown command 'frob'" -- "$VFUSE" frob
check "unknown flag" 2 "unknown option '--bogus'" -- "$VFUSE" run --bogus "$SMALL"
check "flag missing value" 2 "needs a value" -- "$VFUSE" run "$SMALL" --seed
check "bad seed" 2 "non-negative integer" -- "$VFUSE" run "$SMALL" --seed abc
check "bad precision" 2 "f32 or f64" -- "$VFUSE" run "$SMALL" --precision f16
check "missing model arg" 2 'missing MODEL' -- "$VFUSE" run
check "missing file" 1 'nope.relay: error: cannot open' -- "$VFUSE" run "$TMP/nope.relay"
check "unknown format" 1 'unknown model format' -- "$VFUSE" info README.md
check "directory as model" 1 'is a directory' -- "$VFUSE" info models

printf '#[version = "0.0.5"]\ndef @main(%%x: Tensor[(1, 4), float32]) {\n  %%0 = nn.rellu(%%x);\n  %%0\n}\n' > "$TMP/bad.relay"
check "malformed relay: located error" 1 "bad.relay:3:[0-9]+: error: .*rellu" -- "$VFUSE" run "$TMP/bad.relay"

check "run prints outputs" 0 'output .*shape \(1, 10\) +checksum' -- "$VFUSE" run "$SMALL"
check "run --json" 0 '^\{"model":.*"outputs":\[\{"name":"[^"]+","shape":\[1,10\],"checksum":[-0-9.e]+,"first":\[.*\],"ms":[0-9.e]+\}$' -- "$VFUSE" run "$SMALL" --json

a=$("$VFUSE" run "$SMALL" --json --seed 3 | grep -o '"checksum":[^,]*')
b=$("$VFUSE" run "$SMALL" --json --seed 3 | grep -o '"checksum":[^,]*')
c=$("$VFUSE" run "$SMALL" --json --seed 4 | grep -o '"checksum":[^,]*')
f=$("$VFUSE" run "$SMALL" --json --seed 3 | grep -o '"first":\[[^]]*')
g=$("$VFUSE" run "$SMALL" --json --seed 4 | grep -o '"first":\[[^]]*')
if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$f" != "$g" ]; then echo "ok   same seed same output, other seed other output"; pass=$((pass + 1));
else echo "FAIL seeds: '$a' '$b' '$c' / '$f' '$g'"; fail=$((fail + 1)); fi

check "save inputs and outputs" 0 'output' -- "$VFUSE" run "$SMALL" --seed 5 --save-inputs "$TMP/in" --save-outputs "$TMP/out"
if [ -f "$TMP/in/data.npy" ] && [ -f "$TMP/out/output.npy" ] && head -c 6 "$TMP/out/output.npy" | grep -q NUMPY; then
  echo "ok   npy files written"; pass=$((pass + 1)); else echo "FAIL npy files missing"; ls -R "$TMP"; fail=$((fail + 1)); fi
x=$("$VFUSE" run "$SMALL" --json --seed 5 | grep -o '"first":\[[^]]*')
y=$("$VFUSE" run "$SMALL" --json --seed 5 --inputs "$TMP/in" | grep -o '"first":\[[^]]*')
if [ -n "$x" ] && [ "$x" = "$y" ]; then echo "ok   --inputs reproduces the saved run"; pass=$((pass + 1));
else echo "FAIL --inputs: '$x' vs '$y'"; fail=$((fail + 1)); fi
mkdir -p "$TMP/empty"
check "--inputs without the data file" 1 "missing input 'data'" -- "$VFUSE" run "$SMALL" --inputs "$TMP/empty"
check "--inputs not a dir" 1 'is not a directory' -- "$VFUSE" run "$SMALL" --inputs "$TMP/nope"

check "f64 run" 0 'f64' -- "$VFUSE" run "$SMALL" --precision f64
check "info histogram" 0 'conv2d +[0-9]+' -- "$VFUSE" info models/resnet18_imagenet_simplified.relay
check "info flops" 0 'flops +[0-9]+ \(3\.[0-9]+ GFLOP\)' -- "$VFUSE" info models/resnet18_imagenet_simplified.relay
check "info --json" 0 '"ops":\{.*"conv2d":21' -- "$VFUSE" info models/resnet18_imagenet_simplified.relay --json
check "dot writes a file" 0 "wrote $TMP/m.dot" -- "$VFUSE" dot "$SMALL" -o "$TMP/m.dot"
if grep -q '^digraph' "$TMP/m.dot"; then echo "ok   dot file is a digraph"; pass=$((pass + 1)); else echo "FAIL dot content"; fail=$((fail + 1)); fi
check "dot without -o" 2 'missing -o' -- "$VFUSE" dot "$SMALL"
check "dot --hide-constants" 0 'wrote' -- "$VFUSE" dot "$SMALL" -o "$TMP/h.dot" --hide-constants
if grep -q 'conv2d (+1 constant)' "$TMP/h.dot" && ! grep -q 'weight\\n' "$TMP/h.dot" && grep -q 'weight\\n' "$TMP/m.dot"; then
  echo "ok   weights drawn as constants, hidden with --hide-constants"; pass=$((pass + 1));
else echo "FAIL dot weights"; fail=$((fail + 1)); fi

# vfuse prove
check "prove --help" 0 'usage: vfuse prove' -- "$VFUSE" prove --help
check "prove missing path" 1 "nope.rules': no such file" -- "$VFUSE" prove "$TMP/nope.rules"
check "prove bad --timeout" 2 'timeout' -- "$VFUSE" prove rules --timeout zero
printf 'rule r {\n  source {\n    %%out = rellu(%%x);\n  }\n  target {\n    %%out = %%x;\n  }\n}\n' > "$TMP/bad.rules"
check "prove malformed rules: located error, nothing proved" 1 "bad.rules:3:12: error: unknown operator 'rellu'.*" -- "$VFUSE" prove "$TMP/bad.rules" --proofs "$TMP/p0"
if [ ! -e "$TMP/p0" ]; then echo "ok   nothing written for a malformed rule file"; pass=$((pass + 1)); else echo "FAIL proofs written for a malformed file"; fail=$((fail + 1)); fi
cat > "$TMP/good.rules" <<'RULES'
rule times_one {
  source {
    %out = multiply(%x, 1);
  }
  target {
    %out = %x;
  }
}
RULES
cat > "$TMP/wrong.rules" <<'RULES'
rule shift_through_relu {
  source {
    %out = relu(add(%x, %b));
  }
  require const(%b);
  target {
    %out = add(relu(%x), %b);
  }
}
RULES
check "prove a true rule" 0 'proved +times_one +unbounded' -- "$VFUSE" prove "$TMP/good.rules" --proofs "$TMP/p1"
if [ -s "$TMP/p1/times_one.smt2" ] && grep -q '"verdict":"proved"' "$TMP/p1/times_one.json"; then
  echo "ok   proof record and obligations written"; pass=$((pass + 1)); else echo "FAIL proof files"; fail=$((fail + 1)); fi
check "prove --check current" 0 '1 stored proofs current, 0 stale' -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p1"
check "prove --check missing" 1 'stale .*no stored proof' -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p2"
sed -i 's/multiply(%x, 1)/multiply(%x,  1)/' "$TMP/good.rules"
check "prove --check after an edit" 1 "stale .*text .*changed" -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p1"
check "prove a false rule: counterexample, exit 1" 1 'refuted +shift_through_relu.*expected proved' -- "$VFUSE" prove "$TMP/wrong.rules" --no-write
check "prove counterexample replayed" 1 'replay: source 0 vs target -1' -- "$VFUSE" prove "$TMP/wrong.rules" --no-write
check "prove --json" 1 '^\{"rules":\[\{"name":"shift_through_relu","file":"[^"]+","verdict":"refuted","expected":"proved","scope":"bounded","grid":"default","instances":1,"covered":0,"patterns":0,"pattern_instances":0,"lemma":"","ms":[0-9.]+,"reason":"[^"]+","counterexample":\{"instance":"%x: \(\), %b: \(\)","values":\{"x":"-1","b":"-1"\}.*"reproduced":true\}.*"summary":\{"proved":0,"unbounded":0,"refuted":1,"unknown":0,"unexpected":1,"ms":' -- "$VFUSE" prove "$TMP/wrong.rules" --no-write --json
check "prove bad --grid" 2 'default or deep' -- "$VFUSE" prove rules --grid huge
cat > "$TMP/unknown.rules" <<'RULES'
rule sqrt_of_square_bv8 {
  domain bv(8);
  source {
    %out = sqrt(multiply(%x, %x));
  }
  target {
    %out = %x;
  }
}
RULES
check "prove: unknown is not proved (fail closed)" 1 'unknown +sqrt_of_square_bv8.*expected proved' -- "$VFUSE" prove "$TMP/unknown.rules" --no-write
check "prove: unknown says why" 1 'reason: .*sqrt in the 8-bit bitvector domain' -- "$VFUSE" prove "$TMP/unknown.rules" --no-write
check "prove --check --json" 0 '"status":"current"' -- "$VFUSE" prove --check rules --json

# ---- compile and check ----
SHALLOW=models/resnet_shallow_simplified.relay
check "compile --help" 0 'usage: vfuse compile MODEL -o DIR' -- "$VFUSE" compile --help
check "compile without -o" 2 'missing -o DIR' -- "$VFUSE" compile "$SHALLOW"
check "compile unknown --disable" 1 "--disable: no rule named 'no_such_rule'" -- "$VFUSE" compile "$SHALLOW" -o "$TMP/c0" --disable no_such_rule
if [ ! -e "$TMP/c0" ]; then echo "ok   failed compile leaves no output"; pass=$((pass + 1)); else echo "FAIL failed compile left $TMP/c0"; fail=$((fail + 1)); fi
check "compile --cache with --no-cache" 2 'exclude each other' -- "$VFUSE" compile "$SHALLOW" -o "$TMP/c0" --cache "$TMP/cc" --no-cache
check "compile bad --timeout" 2 'milliseconds' -- "$VFUSE" compile "$SHALLOW" -o "$TMP/c0" --timeout 0
check "compile malformed model" 1 "bad.relay:3:[0-9]+: error: .*rellu" -- "$VFUSE" compile "$TMP/bad.relay" -o "$TMP/c0"
check "compile prints the rewrites" 0 'rewrites applied: [1-9][0-9]* .*rejected: [0-9]' -- "$VFUSE" compile "$SHALLOW" -o "$TMP/c1" --cache "$TMP/cache"
for f in model.vfg model.weights model.dot report.json; do
  if [ -s "$TMP/c1/$f" ]; then echo "ok   compile wrote $f"; pass=$((pass + 1)); else echo "FAIL compile did not write $f"; fail=$((fail + 1)); fi
done
if python3 - "$TMP/c1" <<'PY'
import json, os, sys
d = sys.argv[1]
r = json.load(open(os.path.join(d, "report.json")))
for k in ("model", "ops_before", "ops_after", "rewrites", "summary", "not_applied"):
    assert k in r, k
s = r["summary"]
assert s["applied"] > 0 and s["certify_ms"] >= 0, s
# Whatever is not applied failed closed with a reason (no rule of the library is refuted).
for a in r["rewrites"]:
    if not a["applied"]:
        assert a["verdict"] == "unknown" and a["reason"], a
applied = [a for a in r["rewrites"] if a["applied"]]
assert len(applied) == s["applied"]
for a in applied:
    for k in ("rule", "nodes", "certificate", "verdict", "ms", "bound"):
        assert k in a, k
    assert a["verdict"] in ("proved", "by_definition") and a["bound"] >= 0 and a["nodes"], a
    assert (a["verdict"] == "by_definition") == bool(a.get("definition")), a
    assert os.path.getsize(os.path.join(d, a["certificate"])) > 0, a["certificate"]
assert r["ops_after"].get("fused_conv2d", 0) > 0 and "sqrt" not in r["ops_after"]
PY
then echo "ok   report.json: keys, one certificate file per rewrite"; pass=$((pass + 1)); else echo "FAIL report.json"; fail=$((fail + 1)); fi
check "compile output reads back" 0 'fused_conv2d' -- "$VFUSE" info "$TMP/c1/model.vfg"
check "recompile from the cache" 0 'rewrites applied: [1-9][0-9]* \(([1-9][0-9]*) certificates from the cache\)' -- "$VFUSE" compile "$SHALLOW" -o "$TMP/c1" --cache "$TMP/cache"
check "compile --disable" 0 'rewrites applied' -- "$VFUSE" compile "$SHALLOW" -o "$TMP/c2" --no-cache --disable fuse_conv2d_bias_relu
if python3 -c "
import json, sys; r = json.load(open(sys.argv[1]))
assert not [a for a in r['rewrites'] if a['rule'] == 'fuse_conv2d_bias_relu']
assert {'rule': 'fuse_conv2d_bias_relu', 'reason': 'disabled on the command line'} in r['rules_excluded']
" "$TMP/c2/report.json"; then
  echo "ok   a disabled rule is not applied and is listed as excluded"; pass=$((pass + 1)); else echo "FAIL --disable"; fail=$((fail + 1)); fi
: > "$TMP/afile"
check "compile onto a file" 1 "exists and is not a directory" -- "$VFUSE" compile "$SHALLOW" -o "$TMP/afile" --no-cache
check "check --help" 0 'usage: vfuse check MODEL' -- "$VFUSE" check --help
check "check bad --seeds" 2 'in 1..1000' -- "$VFUSE" check "$SHALLOW" --seeds 0
check "check: every layer within its bound" 0 '^  ([0-9]+) layers: each on its own inputs against the original.s layer, \1 of \1 within its bound .*end to end, \1 of \1$' -- "$VFUSE" check "$SHALLOW" --cache "$TMP/cache"
check "check prints bounds" 0 '^ok: every output and every layer within its bound$' -- "$VFUSE" check "$SHALLOW" --cache "$TMP/cache"
check "check: per output, max abs, bound, ratio" 0 '^  output +exact +[0-9.e+-]+ +[0-9.e+-]+ +[0-9.e+-]+ +[0-9.e+-]+  ok$' -- "$VFUSE" check "$SHALLOW" --no-native --cache "$TMP/cache"
check "check --per-rewrite: every rewrite within its drift bound" 0 ': ([0-9]+) of \1 within their bounds' -- "$VFUSE" check "$SHALLOW" --no-native --per-rewrite --cache "$TMP/cache"
check "check --mutate weight names the layer" 1 '^FAILED: interpreter: 63 \(fused_conv2d\): [0-9]+ element\(s\) differ from the original model.s layer' -- "$VFUSE" check "$SHALLOW" --mutate weight=63 --cache "$TMP/cache"
check "check --mutate weight-element names the layer" 1 '^  FAILED at 63 \(fused_conv2d\)' -- "$VFUSE" check "$SHALLOW" --mutate weight-element=63 --cache "$TMP/cache"
check "check --mutate swap-bias names the layer, both engines" 0 '^2$' -- bash -c '"$0" check "$1" --mutate swap-bias=91 --cache "$2" | grep -c "^  FAILED at 91 (fused_conv2d)"' "$VFUSE" "$SHALLOW" "$TMP/cache"
check "check --mutate a node without a weight" 2 "no float32 constant weight" -- "$VFUSE" check "$SHALLOW" --mutate weight=output --cache "$TMP/cache"
check "check --seeds and --inputs" 2 'exclude each other' -- "$VFUSE" check "$SHALLOW" --seeds 2 --inputs "$TMP"
check "check --report needs .html or .svg" 2 'needs a .html or .svg file' -- "$VFUSE" check "$SHALLOW" --report "$TMP/r.txt"
check "check --report writes an SVG" 0 "^wrote $TMP/r.svg$" -- "$VFUSE" check "$SHALLOW" --no-native --report "$TMP/r.svg" --cache "$TMP/cache"
check "the SVG report has a bound curve per engine" 0 'end-to-end bound' -- cat "$TMP/r.svg"
check "check --report writes HTML" 0 "^wrote $TMP/r.html$" -- "$VFUSE" check "$SHALLOW" --report "$TMP/r.html" --cache "$TMP/cache"
for k in 1 2 3; do "$VFUSE" run "$SHALLOW" --seed $k --save-inputs "$TMP/check_sets/s$k" >/dev/null; done
check "check --inputs DIR of subfolders" 0 '3 input sets' -- "$VFUSE" check "$SHALLOW" --no-native --inputs "$TMP/check_sets" --cache "$TMP/cache"
check "check --json" 0 '^\{"model":"[^"]+","runs":2,"rewrites":[1-9][0-9]*,"reference_ms":[0-9.e+-]+,"engines":\[\{"engine":"interpreter","ms":[0-9.e+-]+,"outputs":\[\{"name":"[^"]+","max_abs":[-0-9.e]+,"bound":[-0-9.e]+,"ratio":[-0-9.e]+,"ok":true,"exact":\{.*\],"layers":\[\{"node":"[^"]+","op":"[^"]+","growth":[0-9.e+-]+,"end_to_end":\{.*"local":\{.*\},\{"engine":"native".*"ok":true\}$' -- "$VFUSE" check "$SHALLOW" --seeds 2 --json --cache "$TMP/cache"

# ---- ONNX Runtime as a peer: vfuse bench, vfuse check --against onnxruntime ----
# The peer comes from npm (make onnxruntime); where it is absent the agreement tests say
# "skipped" and the not-installed paths are tested with VFUSE_ONNXRUNTIME_DIR=/nonexistent.
CLASSIFIER=models/ppocr_mobilenetv3_cls.onnx
ORT_DIR=${VFUSE_ONNXRUNTIME_DIR:-$ROOT/bench/onnxruntime}
have_ort=0
if [ -f "$ORT_DIR/node_modules/onnxruntime-node/package.json" ] && command -v node >/dev/null; then have_ort=1; fi
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

# ---- quantize (docs/quantize.md) ----
check "quantize --help" 0 'usage: vfuse quantize MODEL -o DIR' -- "$VFUSE" quantize --help
check "quantize without -o" 2 'quantize: error: missing -o DIR' -- "$VFUSE" quantize "$SMALL"
check "quantize --seeds with --calibrate" 2 '--seeds and --calibrate exclude each other' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --seeds 4 --calibrate "$TMP/in"
check "quantize --percentile 0" 2 "--percentile needs a number in \(0, 100\], got '0'" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --percentile 0
check "quantize --percentile 101" 2 "--percentile needs a number in \(0, 100\], got '101'" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --percentile 101
check "quantize --percentile abc" 2 "--percentile needs a number in \(0, 100\], got 'abc'" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --percentile abc
check "quantize --seeds 0" 2 '--seeds needs a number of inputs in 1\.\.100000' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --seeds 0
check "quantize --calibrate missing dir" 1 "--calibrate: '$TMP/nodir' is not a directory" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --calibrate "$TMP/nodir"
if [ ! -e "$TMP/q0" ]; then echo "ok   failed quantize leaves no output"; pass=$((pass + 1)); else echo "FAIL failed quantize left $TMP/q0"; fail=$((fail + 1)); fi
# The small classifier (1x10 softmax): 8 seeded calibration inputs, 20 comparison inputs.
# Measured: top-1 20/20, SNR 45.1 dB (100 inputs: 100/100, 46.6 dB). The thresholds
# (19/20, 35 dB) leave margin for a change of rounding; one requantize shift off by one
# gives about 5 dB (the negative control in tests/unit/quant/quantize_graph_test.cpp).
out=$("$VFUSE" quantize "$SMALL" -o "$TMP/q1" --compare 20 --cache "$TMP/cache" 2>&1)
status=$?
same=$(grep -oE 'top-1 [0-9]+/20' <<<"$out" | grep -oE '[0-9]+/' | tr -d /)
snr=$(grep -oE 'SNR [-0-9.]+ dB' <<<"$out" | grep -oE '[-0-9.]+')
if [ "$status" -eq 0 ] && [ -n "$same" ] && [ "$same" -ge 19 ] && awk -v s="$snr" 'BEGIN { exit !(s > 35) }'; then
  echo "ok   quantize agrees with float32 (top-1 $same/20, SNR $snr dB)"; pass=$((pass + 1))
else echo "FAIL quantize agreement: status $status, top-1 '$same', SNR '$snr'"; echo "$out" | tail -5; fail=$((fail + 1)); fi
for f in model.vfg model.weights model.dot report.json; do
  if [ -s "$TMP/q1/$f" ]; then echo "ok   quantize wrote $f"; pass=$((pass + 1)); else echo "FAIL quantize did not write $f"; fail=$((fail + 1)); fi
done
check "quantize report: layers and agreement" 0 '"quantization":\{"reference_rewrites":[1-9][0-9]*,"activations":"uint8.*"layers":\[\{"name":.*"shift":[0-9]+.*"agreement":\{"inputs":20,.*"snr_db":[0-9.]+' -- cat "$TMP/q1/report.json"
check "quantized model: integer layers" 0 'qconv2d +5' -- "$VFUSE" info "$TMP/q1/model.vfg"
check "quantized model runs with float32 outputs" 0 'output .*shape \(1, 10\) +checksum' -- "$VFUSE" run "$TMP/q1"
check "verify refuses a quantize output" 1 'FAILED: report: written by vfuse quantize' -- "$VFUSE" verify "$TMP/q1" --replay none
check "quantize report: the comparison's engine" 0 '"agreement":\{[^}]*"engine":"native"' -- cat "$TMP/q1/report.json"
check "quantize --engine interpreter" 0 'top-1 [0-9]+/2 .*\(interpreter, ' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q4" --seeds 2 --compare 2 --engine interpreter --cache "$TMP/cache"
check "quantize --engine bad" 2 "--engine needs native or interpreter, got 'gpu'" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q5" --engine gpu
check "quantize --percentile" 0 'ranges clipped at the 99.9th percentile' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q2" --percentile 99.9 --seeds 2 --compare 0 --cache "$TMP/cache"
"$VFUSE" run "$SMALL" --seed 11 --save-inputs "$TMP/qin/a" >/dev/null && "$VFUSE" run "$SMALL" --seed 12 --save-inputs "$TMP/qin/b" >/dev/null
check "quantize --calibrate DIR/*/" 0 'calibrated on 2 inputs from' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q3" --calibrate "$TMP/qin" --compare 2 --cache "$TMP/cache"

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

# ---- vfuse verify: a compile output tied to its model, rules, certificates and hashes ----
check "verify --help" 0 'usage: vfuse verify DIR' -- "$VFUSE" verify --help
check "help lists verify" 0 'verify +check a compile output' -- "$VFUSE" --help
check "verify without DIR" 2 'missing DIR' -- "$VFUSE" verify
check "verify bad --replay" 2 "--replay must be z3, cvc5, both or none, got 'yices'" -- "$VFUSE" verify "$TMP/c1" --replay yices
check "verify not a directory" 1 "'$TMP/nope' is not a directory" -- "$VFUSE" verify "$TMP/nope"
"$VFUSE" compile "$SHALLOW" -o "$TMP/v" --cache "$TMP/cache" --seed 2 >/dev/null
# report.json: the SHA-256 of the model, the rule library, every file written, and what
# decides the result; each hash is sha256sum's.
if python3 - "$TMP/v" "$ROOT/$SHALLOW" <<'PY'
import hashlib, json, os, sys
d, model = sys.argv[1], sys.argv[2]
r = json.load(open(os.path.join(d, "report.json")))
sha = lambda p: hashlib.sha256(open(p, "rb").read()).hexdigest()
h = r["hashes"]
assert h["algorithm"] == "sha256" and r["certifier"] and r["vfuse_version"], r.keys()
assert h["model"]["path"] == os.path.realpath(model) and h["model"]["sha256"] == sha(model), h["model"]
assert r["options"] == {"shape": [], "seed": 2, "disable": [], "timeout_ms": 10000}, r["options"]
assert len(h["rules"]["files"]) >= 5 and len(h["proofs"]["files"]) >= 20, h["rules"]
for part in ("rules", "proofs"):
    for name, want in h[part]["files"].items():
        assert sha(os.path.join(h[part]["dir"], name)) == want, name
files = sorted(os.path.relpath(os.path.join(a, f), d) for a, _, fs in os.walk(d) for f in fs)
files.remove("report.json")
assert sorted(h["output"]) == files, (sorted(h["output"]), files)
for rel, want in h["output"].items():
    assert sha(os.path.join(d, rel)) == want, rel
applied = [a for a in r["rewrites"] if a["applied"]]
assert applied and all(a["certificate"] in h["output"] for a in applied)
assert {"model.vfg", "model.weights", "model.dot"} <= set(h["output"])
PY
then echo "ok   report.json records the SHA-256 of the model, rules, proofs and every output file"; pass=$((pass + 1));
else echo "FAIL report.json hashes"; fail=$((fail + 1)); fi
check "verify an untouched output (z3 and cvc5)" 0 "^ok: $TMP/v is what vfuse compile makes of .*resnet_shallow_simplified\.relay, and its certificates hold" -- "$VFUSE" verify "$TMP/v" --replay both
check "verify: every step" 0 '^  replay cvc5 +[1-9][0-9]* certificates, [1-9][0-9]* check-sats, all unsat' -- "$VFUSE" verify "$TMP/v/" --replay both --jobs 1
check "verify --json" 0 '^\{"dir":"[^"]+","ok":true,"steps":\[\{"check":"report","ok":true,.*\{"check":"replay z3","ok":true,"detail":"[^"]+","ms":[0-9.e+-]+\}\],"rewrites":[1-9][0-9]*,"ms":[0-9.e+-]+\}$' -- "$VFUSE" verify "$TMP/v" --json
cp "$SHALLOW" "$TMP/moved.relay"
check "verify --model: the same bytes elsewhere" 0 "^ok: $TMP/v is what vfuse compile makes of $TMP/moved.relay" -- "$VFUSE" verify "$TMP/v" --model "$TMP/moved.relay" --replay none
check "verify --model: another model" 1 "^FAILED: model: .*mobilenet_shallow_simplified\.relay is not the model that was compiled" -- "$VFUSE" verify "$TMP/v" --model "$SMALL" --replay none
check "verify DIR/model.vfg stands for DIR" 0 "^ok: $TMP/v is what vfuse compile makes of" -- "$VFUSE" verify "$TMP/v/model.vfg" --replay none
check "run a compile output (the directory)" 0 'output .*shape \(1, 10\)' -- "$VFUSE" run "$TMP/v"

# Tampered copies: each fails verify (exit 1, naming the file and where) and is refused by
# the commands that load it.
tampered() { rm -rf "$TMP/vt" && cp -r "$TMP/v" "$TMP/vt"; }
# One ulp: the lowest mantissa bit of element 5 of the first folded conv weight.
tampered
name=$(python3 - "$TMP/vt" <<'PY'
import re, struct, sys
d = sys.argv[1]
for line in open(d + "/model.vfg"):
    m = re.match(r"  %(\S+\.w2) = constant\(Tensor\[\(.*\), float32\]\) external\((\d+), (\d+)\)", line)
    if m and int(m.group(3)) >= 64:
        off = int(m.group(2)) + 4 * 5
        b = bytearray(open(d + "/model.weights", "rb").read())
        struct.pack_into("<I", b, off, struct.unpack_from("<I", b, off)[0] ^ 1)
        open(d + "/model.weights", "wb").write(b)
        print(m.group(1))
        break
PY
)
check "verify: one ulp of a folded weight" 1 "^FAILED: model.weights: $TMP/vt/model.weights is not the re-derived graph's: constant '$name' element 5: .* \(bits [0-9a-f]{8} vs [0-9a-f]{8}\)$" -- "$VFUSE" verify "$TMP/vt"
check "run refuses a changed weight" 1 "refusing a compile output that does not match $TMP/vt/report.json: $TMP/vt/model.weights was changed after vfuse compile wrote it" -- "$VFUSE" run "$TMP/vt"
check "run --engine native refuses it" 1 'model.weights was changed after vfuse compile wrote it' -- "$VFUSE" run "$TMP/vt/model.vfg" --engine native
check "check --native-only refuses it" 1 'model.weights was changed after vfuse compile wrote it' -- "$VFUSE" check "$TMP/vt/model.vfg" --native-only
check "bench refuses it" 1 'model.weights was changed' -- "$VFUSE" bench "$TMP/vt" --repeat 1 --warmup 0 --no-native
check "export refuses it" 1 'model.weights was changed' -- "$VFUSE" export "$TMP/vt" -o "$TMP/vt.onnx"
check "run --trust-unverified loads it anyway" 0 'output .*shape \(1, 10\)' -- "$VFUSE" run "$TMP/vt" --trust-unverified
# An edited model.vfg (the first fused relu made a sigmoid).
tampered
sed -i '0,/activation="relu"/s//activation="sigmoid"/' "$TMP/vt/model.vfg"
check "verify: an edited model.vfg" 1 "^FAILED: model.vfg: $TMP/vt/model.vfg line [0-9]+ is not the re-derived graph's: .*activation=\"sigmoid\"" -- "$VFUSE" verify "$TMP/vt" --replay none
check "run refuses an edited model.vfg" 1 "$TMP/vt/model.vfg was changed after vfuse compile wrote it" -- "$VFUSE" run "$TMP/vt"
# A removed certificate.
tampered
cert=$(cd "$TMP/vt/certificates" && ls 00[3]_*.smt2)
rm "$TMP/vt/certificates/$cert"
check "verify: a removed certificate" 1 "^FAILED: certificates: $TMP/vt/certificates/$cert: missing, the certificate of rewrite 3 \(" -- "$VFUSE" verify "$TMP/vt" --replay none
check "run refuses it" 1 "$TMP/vt/certificates/$cert is missing" -- "$VFUSE" run "$TMP/vt"
# An edited certificate: one numeral changed; then the report's hash forged to match, which
# the loader accepts and verify does not.
tampered
cert=$(cd "$TMP/vt/certificates" && ls 00[2]_*.smt2)
python3 - "$TMP/vt/certificates/$cert" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
m = re.search(r"\(/ ([0-9]+)\.0 ", t)
open(sys.argv[1], "w").write(t[:m.start(1)] + str(int(m.group(1)) + 1) + t[m.end(1):])
PY
check "verify: an edited certificate" 1 "^FAILED: certificates: $TMP/vt/certificates/$cert, the certificate of rewrite 2 \(.*\): line [0-9]+, column [0-9]+: \`[0-9]+\.0\` where vfuse derives \`[0-9]+\.0\`" -- "$VFUSE" verify "$TMP/vt" --replay none
check "run refuses it" 1 "$TMP/vt/certificates/$cert was changed after vfuse compile wrote it" -- "$VFUSE" run "$TMP/vt"
python3 - "$TMP/vt" "certificates/$cert" <<'PY'
import hashlib, json, sys
d, rel = sys.argv[1:3]
r = json.load(open(d + "/report.json"))
r["hashes"]["output"][rel] = hashlib.sha256(open(d + "/" + rel, "rb").read()).hexdigest()
open(d + "/report.json", "w").write(json.dumps(r))
PY
check "a forged hash: run loads it" 0 'output' -- "$VFUSE" run "$TMP/vt"
check "a forged hash: verify still fails" 1 "^FAILED: certificates: $TMP/vt/certificates/$cert, the certificate of rewrite 2" -- "$VFUSE" verify "$TMP/vt" --replay none
# A file the compile did not write; a report without hashes.
tampered
echo '(check-sat)' > "$TMP/vt/certificates/999_extra.smt2"
check "verify: a file not in the report" 1 "^FAILED: files: $TMP/vt/certificates/999_extra.smt2: not written by the compile" -- "$VFUSE" verify "$TMP/vt" --replay none
tampered
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); del r['hashes']; open(sys.argv[1],'w').write(json.dumps(r))" "$TMP/vt/report.json"
check "run refuses a report without hashes" 1 'report.json: no "hashes"' -- "$VFUSE" run "$TMP/vt"
check "verify: a report without hashes" 1 '^FAILED: report: .*report.json: no "hashes"' -- "$VFUSE" verify "$TMP/vt"
# A model.vfg without a report next to it is a plain model.
mkdir -p "$TMP/plain" && cp "$TMP/vt/model.vfg" "$TMP/vt/model.weights" "$TMP/plain/"
check "a .vfg without report.json is a plain model" 0 'output' -- "$VFUSE" run "$TMP/plain/model.vfg"
# A solver that does not answer unsat fails the replay (a stand-in z3 on PATH).
mkdir -p "$TMP/fakebin" && printf '#!/bin/sh\necho sat\necho unsat\n' > "$TMP/fakebin/z3" && chmod +x "$TMP/fakebin/z3"
check "verify: a solver answering sat fails" 1 '^FAILED: replay z3: certificates/001_[a-z_0-9]+\.smt2 \(rewrite 1 \(.*\)\): z3 answered unsat to 1 of 2 check-sats; it also said `sat`$' -- env PATH="$TMP/fakebin:$PATH" "$VFUSE" verify "$TMP/v" --jobs 1
check "verify: a solver that is not installed fails" 1 '^FAILED: replay cvc5: cvc5 is not installed \(not on PATH\)' -- env PATH=/nonexistent "$VFUSE" verify "$TMP/v" --replay cvc5
# The rule library: a rule file or a proof record that changed since the compile.
cp -r rules "$TMP/lib_rules" && cp -r proofs "$TMP/lib_proofs"
"$VFUSE" compile "$SHALLOW" -o "$TMP/vl" --rules "$TMP/lib_rules" --proofs "$TMP/lib_proofs" --cache "$TMP/cache" >/dev/null
check "verify with a copied library" 0 '^ok: ' -- "$VFUSE" verify "$TMP/vl" --replay none
echo '// a comment' >> "$TMP/lib_rules/algebra.rules"
check "verify: a rule file changed" 1 "^FAILED: rules: $TMP/lib_rules/algebra.rules: the rule file changed since the compile" -- "$VFUSE" verify "$TMP/vl" --replay none
cp rules/algebra.rules "$TMP/lib_rules/algebra.rules"
p=$(ls "$TMP/lib_proofs"/fold_bn_into_conv2d.json) && echo >> "$p"
check "verify: a proof record changed" 1 "^FAILED: rules: $p: the proof record changed since the compile" -- "$VFUSE" verify "$TMP/vl" --replay none
# The emitted sources: hashed in the report, emitted again by verify.
"$VFUSE" compile "$SMALL" -o "$TMP/ve" --emit "$TMP/vee" --cache "$TMP/cache" >/dev/null
check "verify with --emit" 0 "^  emitted +6 files in $TMP/vee match their SHA-256; model.cpp and model.weights emitted again are identical" -- "$VFUSE" verify "$TMP/ve" --replay none
echo '// edited' >> "$TMP/vee/model.cpp"
check "verify: an edited emitted source" 1 "^FAILED: emitted: $TMP/vee/model.cpp was changed after vfuse compile wrote it" -- "$VFUSE" verify "$TMP/ve" --replay none

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
