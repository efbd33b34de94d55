#!/bin/sh
# Runs one fuzz target of tests/fuzz (docs/limits.md, "Fuzzing").
#   fuzz.sh smoke BINARY SRC TARGET        each seed and regression file once (ctest; works
#                                          with libFuzzer binaries and with corpus_driver's)
#   fuzz.sh fuzz BINARY SRC TARGET SECONDS OUT
#                                          libFuzzer for SECONDS under ASan+UBSan; the corpus
#                                          grows in OUT/corpus/TARGET, findings go to
#                                          OUT/findings/TARGET/, the log to OUT/TARGET.log
# SRC is the source tree. Seeds are the bundled files of each kind (models/, rules/,
# tests/) plus tests/fuzz/seeds/TARGET, and TARGET.dict is its libFuzzer dictionary;
# tests/fuzz/regressions/TARGET holds every input a fuzzing run found, which the smoke
# run replays.
set -eu
mode=$1 bin=$2 src=$3 target=$4

case $target in
  relay)   seeds="$src/models $src/tests/frontend/relay"; max_len=8192 ;;
  onnx)    seeds="$src/models"; max_len=1048576 ;;
  rules)   seeds="$src/rules $src/tests/dsl $src/tests/rules"; max_len=8192 ;;
  ir_text) seeds="$src/tests/ir $src/tests/frontend/relay"; max_len=8192 ;;
  npy)     seeds=""; max_len=4096 ;;
  *) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;;
esac
seeds="$seeds $src/tests/fuzz/seeds/$target $src/tests/fuzz/regressions/$target"

case $mode in
  smoke)
    # Files, not directories: a libFuzzer binary given files runs each once and stops.
    files=$(find $seeds -type f ! -name '.gitkeep' | sort)
    [ -n "$files" ] || { echo "fuzz.sh: no inputs for $target" >&2; exit 1; }
    # shellcheck disable=SC2086
    exec "$bin" -rss_limit_mb=2048 -timeout=30 $files
    ;;
  fuzz)
    seconds=$5 out=$6
    mkdir -p "$out/corpus/$target" "$out/findings/$target"
    # The ONNX conformance models are good seeds where Debian's libonnx-testdata is there.
    if [ "$target" = onnx ] && [ -d /usr/share/libonnx-testdata/data/node ]; then
      seeds="$seeds /usr/share/libonnx-testdata/data/node"
    fi
    # A dictionary of the format's keywords and names helps mutations reach the importers.
    dict=
    [ -f "$src/tests/fuzz/$target.dict" ] && dict="-dict=$src/tests/fuzz/$target.dict"
    echo "fuzzing $target for ${seconds}s (log: $out/$target.log)"
    # shellcheck disable=SC2086
    "$bin" -max_total_time="$seconds" -max_len=$max_len -rss_limit_mb=2048 -timeout=10 \
      -print_final_stats=1 -artifact_prefix="$out/findings/$target/" $dict \
      "$out/corpus/$target" $seeds > "$out/$target.log" 2>&1 || {
        tail -n 60 "$out/$target.log"; echo "fuzz.sh: $target found a bug: $out/findings/$target/" >&2
        exit 1; }
    grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$out/$target.log" || true
    ;;
  *) echo "usage: fuzz.sh smoke|fuzz BINARY SRC TARGET [SECONDS OUT]" >&2; exit 2 ;;
esac
