#!/usr/bin/env bash
# End-to-end tests of the vfuse command line: vfuse prove.
# usage: prove.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"

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
check "prove --check current" 0 '1 stored proofs current \(checked by hash\), 0 proved again, 0 stale' -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p1"
# A stale record is proved again and rewritten (docs/proofs.md, "What a stored proof is keyed
# by"); with --no-reprove it only fails.
check "prove --check missing, --no-reprove" 1 '^0 stored proofs current .*, 0 proved again, 1 stale' -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p2" --no-reprove
check "prove --check missing: proved again" 0 '^0 stored proofs current .*, 1 proved again, 0 stale' -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p2"
if grep -q '"verdict":"proved"' "$TMP/p2/times_one.json"; then echo "ok   the record proved again is written"; pass=$((pass + 1)); else echo "FAIL no record after prove --check"; fail=$((fail + 1)); fi
sed -i 's/multiply(%x, 1)/multiply(%x,  1)/' "$TMP/good.rules"
check "prove --check after an edit: proved again" 0 ", 1 proved again, 0 stale" -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p1"
check "prove --check after that: nothing proved" 0 '1 stored proofs current \(checked by hash\), 0 proved again' -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p1"
# A record made by other prover code (its code_hash changed) is stale: proved again.
sed -i 's/"code_hash":"sha256:[0-9a-f]*"/"code_hash":"sha256:0000"/' "$TMP/p1/times_one.json"
check "prove --check: another prover's record is proved again" 0 "^stale +times_one .*the prover's code changed since it was proved \(sha256:0000 stored" -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p1" --no-write
check "prove --check: ... and its record rewritten" 0 "^0 stored proofs current .*, 1 proved again, 0 stale" -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p1"
# A stale rule that is now wrong fails the check, and its old record stays as it was.
sed -i 's/multiply(%x,  1)/multiply(%x, 2)/' "$TMP/good.rules"
cp "$TMP/p1/times_one.json" "$TMP/p1_before.json"
check "prove --check: a stale rule now refuted fails" 1 "^refuted +times_one " -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p1"
check "prove --check: ... counted stale" 1 "^0 stored proofs current .*, 0 proved again, 1 stale" -- "$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p1"
if cmp -s "$TMP/p1/times_one.json" "$TMP/p1_before.json"; then echo "ok   a refuted rule's record is not rewritten"; pass=$((pass + 1)); else echo "FAIL the refuted rule's record was rewritten"; fail=$((fail + 1)); fi
# The prover's code hash is the hash of the sources: the binary's equals cmake's over this
# tree, and an edit to one semantics file (a copy of the tree) changes it.
bin_hash=$("$VFUSE" prove --check "$TMP/good.rules" --proofs "$TMP/p3" --no-reprove --json | grep -o '"code_hash":"[^"]*"' | cut -d'"' -f4)
src_hash=$(cmake -DROOT="$ROOT" -P cmake/prover_code_hash.cmake 2>&1)
mkdir -p "$TMP/tree/src" && cp -r src/semantics src/smt src/verify src/dsl src/ir "$TMP/tree/src/"
echo '// an edit' >> "$TMP/tree/src/semantics/scalar_ops.h"
edited_hash=$(cmake -DROOT="$TMP/tree" -P cmake/prover_code_hash.cmake 2>&1)
if [ -n "$bin_hash" ] && [ "$bin_hash" = "$src_hash" ] && [ "$edited_hash" != "$src_hash" ]; then
  echo "ok   the code hash follows the sources ($bin_hash; edited: $edited_hash)"; pass=$((pass + 1))
else echo "FAIL code hash: binary '$bin_hash', sources '$src_hash', edited '$edited_hash'"; fail=$((fail + 1)); fi
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

finish
