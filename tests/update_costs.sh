#!/usr/bin/env bash
# Rewrites tests/costs.txt from the output of a ctest run (make test's log): every test
# of 5 s or more, the costliest first. usage: tests/update_costs.sh CTEST_LOG
set -euo pipefail
log=$1
out=$(dirname "$0")/costs.txt
head -n 4 "$out" > "$out.tmp"
grep -E "Test +#[0-9]+: " "$log" | sed 's/.*Test *#[0-9]*: //' |
  sed -E 's/ \.+ *(\*\*\*)?(Passed|Skipped|Not Run|Failed)? *([0-9.]+) sec$/|\3/' |
  awk -F'|' '$2 >= 5 { printf "%d\t%s\n", $2 + 0.5, $1 }' | sort -rn >> "$out.tmp"
mv "$out.tmp" "$out"
