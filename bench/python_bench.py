#!/usr/bin/python3
"""sess.run's latency from Python on one model (the Python half of python_overhead.sh).

usage: PYTHONPATH=build/python python3 bench/python_bench.py MODEL [--shape NAME=AxBxC]
       [--runs N] [--threads T]
prints: MODEL (python sess.run): median X ms, min Y ms over N runs, T thread(s)
The session is built as `vfuse run --engine native` builds it (compiled with the rule
library, seed-0 weights); the input is the same array every run; 3 warm-up runs.
"""
import argparse
import time

import numpy as np
import vfuse


def main():
    p = argparse.ArgumentParser()
    p.add_argument("model")
    p.add_argument("--shape", action="append", default=[])
    p.add_argument("--runs", type=int, default=50)
    p.add_argument("--threads", type=int, default=1)
    a = p.parse_args()
    shapes = {s.split("=")[0]: [int(d) for d in s.split("=")[1].split("x")] for s in a.shape}
    sess = vfuse.InferenceSession(a.model, shapes=shapes or None, threads=a.threads)
    rng = np.random.default_rng(0)
    feed = {i.name: rng.random(i.shape).astype(i.dtype) for i in sess.get_inputs()}
    for _ in range(3):
        sess.run(None, feed)
    ms = []
    for _ in range(a.runs):
        t0 = time.perf_counter()
        sess.run(None, feed)
        ms.append((time.perf_counter() - t0) * 1e3)
    ms.sort()
    print(f"{a.model} (python sess.run): median {ms[len(ms) // 2]:.3f} ms, min {ms[0]:.3f} ms "
          f"over {a.runs} runs, {a.threads} thread(s)")


if __name__ == "__main__":
    main()
