#!/usr/bin/env bash
# Compiles a real workload with fresh certificates and replays every certificate it wrote
# with the z3 and cvc5 command-line solvers: each check-sat must answer unsat. Also checks
# that the report lists one certificate file per applied rewrite.
# usage: compile_replay.sh VFUSE REPO_ROOT [MODEL]
set -u
VFUSE=$1
ROOT=$2
MODEL=${3:-models/resnet18_imagenet_simplified.relay}
cd "$ROOT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$VFUSE" compile "$MODEL" -o "$TMP/out" --no-cache >"$TMP/log" 2>&1 || { cat "$TMP/log"; exit 1; }
applied=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(r['summary']['applied'])" "$TMP/out/report.json")
files=$(ls "$TMP/out/certificates"/*.smt2 | wc -l)
echo "$MODEL: $applied rewrites applied, $files certificates"
if [ "$applied" -eq 0 ] || [ "$applied" -ne "$files" ]; then
  echo "FAIL: expected one certificate per applied rewrite"; exit 1
fi
exec "$ROOT/tests/proofs/replay_smt2.sh" "$TMP/out/certificates" z3 cvc5
