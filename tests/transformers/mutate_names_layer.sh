#!/usr/bin/env bash
# `vfuse check --mutate` on a transformer names the changed layer (issue 30: "the per-layer
# check names the layer when one weight is mutated").
# First the model unchanged: every layer and every output within a finite bound. Then, for
# the first, a middle and the last layer with a float32 weight (dense / fused_dense /
# matmul with a constant operand, in the compiled graph's order), that weight times 1 + REL
# in the compiled model: the check must fail, its first failure must be that layer by the
# model's node name, that layer's own comparison must exceed its bound, and no layer before
# it may fail either comparison.
# The certificates are cached in a temporary directory (the mutation is applied after the
# compile: every run certifies the same rewrites).
# usage: mutate_names_layer.sh VFUSE MODEL REL [check options...]
set -euo pipefail
VFUSE=$1
MODEL=$2
REL=$3
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0
"$VFUSE" check "$MODEL" "$@" --cache "$dir/cache" --no-native --json > "$dir/plain.json" ||
  status=$?
if [ "$status" -ne 0 ]; then
  echo "FAIL: the unchanged model does not pass (exit $status)"
  /usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["engines"][0]["first_failure"])' "$dir/plain.json" || true
  exit 1
fi
# Layers whose op has a weight, in graph order (the JSON lists named points in order).
mapfile -t layers < <(/usr/bin/python3 - "$dir/plain.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
names = [l["node"] for l in d["engines"][0]["layers"] if l["op"] in ("dense", "fused_dense")]
if not names:
    sys.exit("no dense layer in the compiled model")
picked = [names[0], names[len(names) // 2], names[-1]]
for n in dict.fromkeys(picked):
    print(n)
PY
)
fails=0
for layer in "${layers[@]}"; do
  status=0
  "$VFUSE" check "$MODEL" "$@" --cache "$dir/cache" --no-native --json --mutate "weight:$REL=$layer" \
    > "$dir/mutated.json" || status=$?
  if ! /usr/bin/python3 - "$dir/mutated.json" "$status" "$layer" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
status, layer = int(sys.argv[2]), sys.argv[3]
e = d["engines"][0]
problems = []
if status != 1:
    problems.append(f"exit status {status}, expected 1")
first = e["first_failure"]
if not first.startswith(f"{layer} ("):
    problems.append(f"first failure is not {layer}: {first!r}")
names = [l["node"] for l in e["layers"]]
if layer not in names:
    problems.append(f"{layer} is not a checked layer")
else:
    at = names.index(layer)
    if not e["layers"][at]["local"]["exceeded"]:
        problems.append(f"{layer}'s own comparison is within its bound")
    for l in e["layers"][:at]:
        for kind in ("local", "end_to_end"):
            c = l[kind]
            if c["exceeded"] or c["unbounded"]:
                problems.append(f"earlier layer {l['node']} fails its {kind} comparison")
for p in problems:
    print(f"FAIL ({layer}):", p)
if not problems:
    print(f"ok: {layer} named: {first}")
sys.exit(1 if problems else 0)
PY
  then
    fails=$((fails + 1))
  fi
done
exit $((fails > 0))
