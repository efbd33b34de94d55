#!/usr/bin/env bash
# Compiles a real workload with fresh certificates and replays every certificate it wrote
# with the z3 and cvc5 command-line solvers: each check-sat must answer unsat. Also checks
# that the report lists one certificate file per applied rewrite.
# usage: compile_replay.sh VFUSE REPO_ROOT [MODEL [compile options...]]
set -u
VFUSE=$1
ROOT=$2
MODEL=${3:-models/resnet18_imagenet_simplified.relay}
shift $(( $# < 3 ? $# : 3 ))
cd "$ROOT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$VFUSE" compile "$MODEL" "$@" -o "$TMP/out" --no-cache >"$TMP/log" 2>&1 || { cat "$TMP/log"; exit 1; }
applied=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(r['summary']['applied'])" "$TMP/out/report.json")
# Each applied certificate states the verdict the report gives it (proved or by_definition,
# with the definition), and the summary counts them.
python3 - "$TMP/out" <<'PY' || exit 1
import json, os, sys
d = sys.argv[1]
r = json.load(open(os.path.join(d, "report.json")))
counts = {"proved": 0, "by_definition": 0}
for a in r["rewrites"]:
    if not a["applied"]:
        continue
    counts[a["verdict"]] += 1
    head = open(os.path.join(d, a["certificate"])).read(16384)
    if "; verdict: %s\n" % a["verdict"] not in head:
        sys.exit("FAIL %s: its header does not say verdict %s" % (a["certificate"], a["verdict"]))
    if (a["verdict"] == "by_definition") != ("; definition: %s\n" % a.get("definition", "") in head):
        sys.exit("FAIL %s: definition missing or different from the report's" % a["certificate"])
s = r["summary"]
if (s["proved"], s["by_definition"]) != (counts["proved"], counts["by_definition"]):
    sys.exit("FAIL summary proved/by_definition %s/%s, rewrites say %s" % (s["proved"], s["by_definition"], counts))
print("verdicts: %d proved, %d by definition" % (counts["proved"], counts["by_definition"]))
PY
files=$(ls "$TMP/out/certificates"/*.smt2 | wc -l)
echo "$MODEL: $applied rewrites applied, $files certificates"
if [ "$applied" -eq 0 ] || [ "$applied" -ne "$files" ]; then
  echo "FAIL: expected one certificate per applied rewrite"; exit 1
fi
exec "$ROOT/tests/proofs/replay_smt2.sh" "$TMP/out/certificates" z3 cvc5
