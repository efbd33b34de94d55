#!/usr/bin/python3
"""Measures how often vfuse's requantize (acc * m / 2^shift rounded once, ties to even)
differs from ONNX Runtime's requantization (round_half_even(float32(float32(acc) * M)))
for the same real multiplier M = m / 2^shift (a float32), on seeded random pairs: M
uniform in [2^-12, 2^-4], |acc| below 2^k. Prints, per k, the share of differing results
among all pairs and among those whose exact result lies in an 8-bit range (|acc * M| <
256; larger ones saturate either way), and the largest difference; then the share for acc
drawn so that |acc * M| < 256 (what an int8 / uint8 output sees). docs/onnx.md quotes it.
usage: /usr/bin/python3 requantize_vs_float32.py [pairs per k, default 200000]"""
import sys

import numpy as np


def exact_round(acc, M):
    """round_half_even(acc * M) with integers only: M = sig / 2^s exactly."""
    mant, e = np.frexp(M.astype(np.float64))
    sig = (mant * (1 << 24)).astype(np.int64)
    s = (24 - e).astype(np.int64)
    out = np.empty(acc.size, np.int64)
    for i, (p, n) in enumerate(zip((acc * sig).tolist(), s.tolist())):
        q, r = divmod(p, 1 << n)  # floor, 0 <= r < 2^n
        if 2 * r > (1 << n) or (2 * r == (1 << n) and q % 2 == 1):
            q += 1
        out[i] = q
    return out


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
    rng = np.random.default_rng(5)
    for bits in (12, 16, 20, 24, 26):
        M = rng.uniform(2.0**-12, 2.0**-4, n).astype(np.float32)
        acc = rng.integers(-(1 << bits), 1 << bits, n)
        exact = exact_round(acc, M)
        onnx = np.rint((acc.astype(np.float32) * M).astype(np.float32)).astype(np.int64)
        diff = np.abs(exact - onnx)
        small = np.abs(exact) < 256
        print(f"|acc| < 2^{bits}: {100 * np.mean(diff != 0):.4f} % of all pairs differ, "
              f"{100 * np.mean(diff[small] != 0) if small.any() else 0:.4f} % of the "
              f"{small.sum()} in an 8-bit range; largest difference {diff.max()}")
    M = rng.uniform(2.0**-12, 2.0**-4, n).astype(np.float32)
    acc = np.floor(rng.uniform(-256, 256, n) / M.astype(np.float64)).astype(np.int64)
    diff = np.abs(exact_round(acc, M) -
                  np.rint((acc.astype(np.float32) * M).astype(np.float32)).astype(np.int64))
    print(f"|acc * M| < 256 (|acc| < 2^20): {100 * np.mean(diff != 0):.4f} % of {n} pairs "
          f"differ ({np.sum(diff != 0)}); largest difference {diff.max()}")


if __name__ == "__main__":
    main()
