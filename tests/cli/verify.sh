#!/usr/bin/env bash
# End-to-end tests of the vfuse command line: vfuse verify.
# usage: verify.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"

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

finish
