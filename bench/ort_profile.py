#!/usr/bin/env python3
"""Summarises an ONNX Runtime profile (bench/onnxruntime/run.js --profile): per node the
median of its kernel times over the runs, totals per operator type, the slowest nodes.

usage: bench/ort_profile.py PROFILE.json [TOP]
"""
import collections
import json
import statistics
import sys


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        events = json.load(f)
    times = collections.defaultdict(list)
    op, shape = {}, {}
    for e in events:
        if e.get("cat") == "Node" and e.get("name", "").endswith("_kernel_time"):
            n = e["name"][: -len("_kernel_time")]
            times[n].append(e["dur"])
            op[n] = e.get("args", {}).get("op_name", "?")
            shape[n] = e.get("args", {}).get("output_type_shape")
    rows = sorted(((statistics.median(v), n) for n, v in times.items()), reverse=True)
    print(f"{len(rows)} nodes, sum of per-node medians {sum(m for m, _ in rows) / 1000:.3f} ms")
    by_op = collections.defaultdict(float)
    for m, n in rows:
        by_op[op[n]] += m
    for o, m in sorted(by_op.items(), key=lambda x: -x[1]):
        print(f"  {o:24} {m / 1000:8.3f} ms")
    top = int(sys.argv[2]) if len(sys.argv) == 3 else 20
    for m, n in rows[:top]:
        print(f"{m / 1000:8.3f} ms  {op[n]:20} {n}  {shape[n]}")


if __name__ == "__main__":
    main()
