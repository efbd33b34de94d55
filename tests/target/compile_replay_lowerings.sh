#!/usr/bin/env bash
# Compiles a workload for a target with fresh certificates and replays every lowering
# certificate it wrote (DIR/target/certificates/) with the z3 and cvc5 command lines: each
# check-sat must answer unsat. Also checks that every lowering tried was applied, that the
# report names one certificate file per applied lowering, and that at least MIN_SPLIT of
# them are certified by window classes (docs/certificates.md).
# usage: compile_replay_lowerings.sh VFUSE REPO_ROOT MODEL TARGET MIN_SPLIT [COMPILE_ARGS...]
set -u
VFUSE=$1
ROOT=$2
MODEL=$3
TARGET=$4
MIN_SPLIT=$5
shift 5
cd "$ROOT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$VFUSE" compile "$MODEL" -o "$TMP/out" --no-cache --target "$TARGET" "$@" >"$TMP/log" 2>&1 ||
  { cat "$TMP/log"; exit 1; }
grep '^lowerings:' "$TMP/log"
python3 - "$TMP/out" "$MIN_SPLIT" <<'PY' || exit 1
import json, os, sys
d, min_split = sys.argv[1], int(sys.argv[2])
t = json.load(open(os.path.join(d, "report.json")))["target"]
low = t["lowerings"]
bad = [a for a in low if not a["applied"]]
if bad:
    sys.exit("FAIL %d lowerings not applied, e.g. %s at %s: %s" % (len(bad), bad[0]["rule"], bad[0]["root"], bad[0]["reason"]))
split = 0
for a in low:
    head = open(os.path.join(d, a["certificate"])).read(16384)
    if "; verdict: %s\n" % a["verdict"] not in head:
        sys.exit("FAIL %s: its header does not say verdict %s" % (a["certificate"], a["verdict"]))
    if a["split"].startswith("window classes"):
        split += 1
        if "; class %d: " % a["claims"] not in head or "; checked in C++: " not in head:
            sys.exit("FAIL %s: window classes not listed in its header" % a["certificate"])
files = len([f for f in os.listdir(os.path.join(d, "target", "certificates")) if f.endswith(".smt2")])
if files != len(low):
    sys.exit("FAIL %d certificate files for %d lowerings" % (files, len(low)))
if split < min_split:
    sys.exit("FAIL %d lowerings certified by window classes, expected at least %d" % (split, min_split))
print("%d lowerings certified, %d by window classes, %.0f ms" % (len(low), split, t["certify_ms"]))
PY
exec "$ROOT/tests/proofs/replay_smt2.sh" "$TMP/out/target/certificates" z3 cvc5
