#!/bin/sh
# sess.run from Python against the native engine called from C++ (vf_native_bench: vf_run on
# preallocated buffers) on the same compiled model, alternating ROUNDS times so that both
# see the same machine load; prints each figure and the overhead of the medians' medians.
# usage: bench/python_overhead.sh [MODEL [SHAPE]]   (RUNS=1000 ROUNDS=3 BUILD=build)
set -eu
MODEL=${1:-models/ppocr_mobilenetv3_cls.onnx}
SHAPE=${2:-x=1x3x48x192}
BUILD=${BUILD:-build}
RUNS=${RUNS:-1000}
ROUNDS=${ROUNDS:-3}
cpp="" py=""
for r in $(seq "$ROUNDS"); do
  c=$("$BUILD/tools/vf_native_bench" "$MODEL" --shape "$SHAPE" --runs "$RUNS")
  p=$(PYTHONPATH="$BUILD/python" /usr/bin/python3 bench/python_bench.py "$MODEL" --shape "$SHAPE" --runs "$RUNS")
  echo "C++:    $c"
  echo "Python: $p"
  cpp="$cpp $(echo "$c" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')"
  py="$py $(echo "$p" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')"
done
/usr/bin/python3 - "$cpp" "$py" <<'PY'
import statistics, sys
c = statistics.median(map(float, sys.argv[1].split()))
p = statistics.median(map(float, sys.argv[2].split()))
print(f"median of medians: C++ {c:.3f} ms, Python {p:.3f} ms: overhead {100 * (p - c) / c:+.1f} %")
PY
