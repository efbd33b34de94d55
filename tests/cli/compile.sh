#!/usr/bin/env bash
# End-to-end tests of the vfuse command line: vfuse compile and vfuse check.
# usage: compile.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"
printf '#[version = "0.0.5"]\ndef @main(%%x: Tensor[(1, 4), float32]) {\n  %%0 = nn.rellu(%%x);\n  %%0\n}\n' > "$TMP/bad.relay"

# ---- compile and check ----
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
check "check --mutate weight:1e-4 is flagged beyond the probabilistic estimate, unmutated is not" 0 '^1 0$' -- bash -c 'a=$("$0" check "$1" --no-native --mutate weight:1e-4=110 --cache "$2" | grep -c "beyond the probabilistic estimate"); b=$("$0" check "$1" --no-native --cache "$2" | grep -c "beyond the probabilistic estimate"); echo "$a $b"' "$VFUSE" "$SHALLOW" "$TMP/cache"
check "check --mutate a node without a weight" 2 "no float32 constant weight" -- "$VFUSE" check "$SHALLOW" --mutate weight=output --cache "$TMP/cache"
check "check --seeds and --inputs" 2 'exclude each other' -- "$VFUSE" check "$SHALLOW" --seeds 2 --inputs "$TMP"
check "check --report needs .html or .svg" 2 'needs a .html or .svg file' -- "$VFUSE" check "$SHALLOW" --report "$TMP/r.txt"
check "check --report writes an SVG" 0 "^wrote $TMP/r.svg$" -- "$VFUSE" check "$SHALLOW" --no-native --report "$TMP/r.svg" --cache "$TMP/cache"
check "the SVG report has a bound curve per engine" 0 'end-to-end bound' -- cat "$TMP/r.svg"
check "check --report writes HTML" 0 "^wrote $TMP/r.html$" -- "$VFUSE" check "$SHALLOW" --report "$TMP/r.html" --cache "$TMP/cache"
for k in 1 2 3; do "$VFUSE" run "$SHALLOW" --seed $k --save-inputs "$TMP/check_sets/s$k" >/dev/null; done
check "check --inputs DIR of subfolders" 0 '3 input sets' -- "$VFUSE" check "$SHALLOW" --no-native --inputs "$TMP/check_sets" --cache "$TMP/cache"
check "check --json" 0 '^\{"model":"[^"]+","runs":2,"rewrites":[1-9][0-9]*,"reference_ms":[0-9.e+-]+,"engines":\[\{"engine":"interpreter","ms":[0-9.e+-]+,"outputs":\[\{"name":"[^"]+","max_abs":[-0-9.e]+,"bound":[-0-9.e]+,"ratio":[-0-9.e]+,"ok":true,"bound_running":[-0-9.e]+,"bound_probabilistic":([-0-9.e]+|null),"confidence":[-0-9.e]+,"exact":\{.*\],"layers":\[\{"node":"[^"]+","op":"[^"]+","growth":[0-9.e+-]+,"bound":[-0-9.e]+,"bound_running":[-0-9.e]+,"bound_probabilistic":null,"confidence":null,"end_to_end":\{.*"local":\{.*\},\{"engine":"native".*"ok":true\}$' -- "$VFUSE" check "$SHALLOW" --seeds 2 --json --cache "$TMP/cache"

finish
