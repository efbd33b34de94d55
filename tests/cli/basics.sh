#!/usr/bin/env bash
# End-to-end tests of the vfuse command line: help, argument errors, run, info and dot.
# usage: basics.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"

check "help lists commands" 0 'run .*interpreter' -- "$VFUSE" --help
check "no args is usage error" 2 'usage: vfuse' -- "$VFUSE"
check "run --help" 0 '--precision f32\|f64' -- "$VFUSE" run --help
check "info --help" 0 'usage: vfuse info' -- "$VFUSE" info -h
check "dot --help" 0 'usage: vfuse dot' -- "$VFUSE" dot --help
check "unknown command" 2 "unknown command 'frob'" -- "$VFUSE" frob
check "unknown flag" 2 "unknown option '--bogus'" -- "$VFUSE" run --bogus "$SMALL"
check "flag missing value" 2 "needs a value" -- "$VFUSE" run "$SMALL" --seed
check "bad seed" 2 "non-negative integer" -- "$VFUSE" run "$SMALL" --seed abc
# The option is named once, with its two dashes, whichever way the command spells it.
check "bad seed names the option" 2 "^vfuse run: error: option '--seed' needs" -- "$VFUSE" run "$SMALL" --seed abc
check "bad timeout names the option" 2 "option '--timeout' needs a non-negative integer, got 'x'" -- "$VFUSE" prove rules --timeout x
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

finish
