#!/usr/bin/env bash
# Replays every stored proof obligation (PROOFS/*.smt2) with the z3 and cvc5 command-line
# solvers: every (check-sat) must answer unsat, as it did for vfuse. A file whose record
# says "proved" and any answer other than unsat (sat, unknown, timeout, error) fails.
# usage: replay_smt2.sh PROOFS_DIR [SOLVER...]   (default solvers: z3 cvc5)
# VF_REPLAY_EVERY=K replays every K-th file only (sorted by name, from the first): the
# sample make test runs; the campaign replays all.
set -u
DIR=$1
shift
SOLVERS=("$@")
[ ${#SOLVERS[@]} -eq 0 ] && SOLVERS=(z3 cvc5)
TIMEOUT=${VF_REPLAY_TIMEOUT:-120}
files=("$DIR"/*.smt2)
if [ ! -e "${files[0]}" ]; then echo "no .smt2 files in $DIR"; exit 1; fi
EVERY=${VF_REPLAY_EVERY:-1}
if ! [[ $EVERY =~ ^[1-9][0-9]*$ ]]; then echo "VF_REPLAY_EVERY must be a positive integer"; exit 2; fi
sample=()
for k in "${!files[@]}"; do (( k % EVERY == 0 )) && sample+=("${files[$k]}"); done
files=("${sample[@]}")
fail=0
for solver in "${SOLVERS[@]}"; do
  case $solver in
    z3) cmd=(z3 -T:"$TIMEOUT") ;;
    cvc5) cmd=(cvc5 --incremental --tlimit="$((TIMEOUT * 1000))") ;;
    *) echo "unknown solver $solver"; exit 2 ;;
  esac
  command -v "$solver" >/dev/null || { echo "FAIL $solver is not installed"; fail=1; continue; }
  start=$(date +%s%N)
  checks=0
  for f in "${files[@]}"; do
    want=$(grep -c '^(check-sat)' "$f")
    out=$(timeout $((TIMEOUT + 10)) "${cmd[@]}" "$f" 2>&1)
    got=$(grep -cx 'unsat' <<<"$out")
    if [ "$got" -ne "$want" ]; then
      echo "FAIL $solver $f: $got of $want check-sats unsat; other answers:"
      grep -vx 'unsat' <<<"$out" | sort | uniq -c | head -5
      fail=1
    fi
    checks=$((checks + want))
  done
  ms=$((($(date +%s%N) - start) / 1000000))
  echo "$solver: ${#files[@]} files, $checks check-sats, all unsat unless listed above, ${ms} ms"
done
exit $fail
