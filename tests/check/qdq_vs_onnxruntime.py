#!/usr/bin/python3
"""Compares vfuse's interpreter with ONNX Runtime on a quantized model whose outputs are
DequantizeLinear'd (tests/check/gen_qdq_cnn.py): for each output, how many elements are
bit-identical and the largest difference in integer steps (|vfuse - ORT| / the output's
scale). ONNX Runtime runs with its graph optimizations disabled and with all of them (which
fuse DequantizeLinear -> Conv -> QuantizeLinear into an integer QLinearConv).

usage: qdq_vs_onnxruntime.py VFUSE MODEL ORT_DIR [--seeds N] [--max-steps K] [--ours M]
--ours M: vfuse runs M (e.g. the model MODEL was exported from; same input and output
names) while ONNX Runtime runs MODEL.
Exit 0 when every output of every run is within K integer steps (default 1), 1 otherwise,
77 (ctest's skip) when ONNX Runtime is not installed in ORT_DIR (make onnxruntime) or the
CPU is x86 without VNNI (ONNX Runtime's integer kernels saturate there: not the exact result)."""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import numpy_helper


def saturating_host():
    """True on an x86 CPU with AVX2 but without VNNI (avx512_vnni, avx_vnni), where ONNX
    Runtime's u8s8 GEMM saturates (the reason for its reduce_range option)."""
    try:
        with open("/proc/cpuinfo") as f:
            flags = set(f.read().split())
    except OSError:
        return False
    return "avx2" in flags and not ({"avx512_vnni", "avx_vnni"} & flags)


def main():
    args = sys.argv[1:]
    seeds, max_steps, ours_model = 3, 1, None
    if "--ours" in args:
        i = args.index("--ours")
        ours_model = args[i + 1]
        del args[i:i + 2]
    if "--seeds" in args:
        i = args.index("--seeds")
        seeds = int(args[i + 1])
        del args[i:i + 2]
    if "--max-steps" in args:
        i = args.index("--max-steps")
        max_steps = int(args[i + 1])
        del args[i:i + 2]
    vfuse, model_path, ort_dir = args
    if not os.path.isdir(os.path.join(ort_dir, "node_modules", "onnxruntime-node")):
        print(f"ONNX Runtime is not installed in {ort_dir} (make onnxruntime): skipped")
        return 77
    if saturating_host():
        print("this x86 CPU has no VNNI: ONNX Runtime's u8 x s8 integer kernels add pairs of "
              "products in int16 with saturation (vpmaddubsw), so its QLinearConv is not the "
              "exact integer result here (on tests/check/qdq_cnn.onnx, c1 differs from the "
              "exact value by up to 35 steps; vfuse's equals it): skipped")
        return 77
    model = onnx.load(model_path)
    inits = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    producers = {n.output[0]: n for n in model.graph.node}
    scale = {}
    for o in model.graph.output:
        n = producers[o.name]
        assert n.op_type == "DequantizeLinear", f"{o.name} is not dequantized"
        scale[o.name] = float(inits[n.input[1]])
    x_info = model.graph.input[0]
    shape = [d.dim_value for d in x_info.type.tensor_type.shape.dim]

    ok = True
    totals = {}
    for seed in range(seeds):
        rng = np.random.default_rng(1000 + seed)
        x = rng.uniform(-2.5, 2.5, size=shape).astype(np.float32)
        # Half the elements on (k + 1/2) / 64: exact ties of QuantizeLinear (scale 1/64).
        ties = rng.random(size=shape) < 0.5
        x[ties] = ((rng.integers(-160, 160, size=shape) + 0.5) / 64).astype(np.float32)[ties]
        with tempfile.TemporaryDirectory(prefix="vfuse-qdq-") as d:
            ins, ours = os.path.join(d, "in"), os.path.join(d, "vfuse")
            os.makedirs(ins)
            np.save(os.path.join(ins, x_info.name + ".npy"), x)
            subprocess.run([vfuse, "run", ours_model or model_path, "--inputs", ins,
                            "--save-outputs", ours],
                           check=True, stdout=subprocess.DEVNULL)
            for opt in ("disabled", "all"):
                peer = os.path.join(d, "ort_" + opt)
                r = subprocess.run(["node", os.path.join(ort_dir, "run.js"), model_path,
                                    "--inputs", ins, "--outputs", peer, "--opt", opt,
                                    "--ort-dir", ort_dir],
                                   check=True, capture_output=True, text=True)
                version = json.loads(r.stdout.strip().splitlines()[-1])["version"]
                for o in model.graph.output:
                    a = np.load(os.path.join(ours, o.name + ".npy")).astype(np.float64)
                    b = np.load(os.path.join(peer, o.name + ".npy")).astype(np.float64)
                    steps = np.rint(np.abs(a - b) / scale[o.name]).astype(np.int64)
                    t = totals.setdefault((o.name, opt), [0, 0, 0])
                    t[0] += a.size
                    t[1] += int(np.sum(a == b))
                    t[2] = max(t[2], int(steps.max()))
    for (name, opt), (n, same, worst) in sorted(totals.items()):
        verdict = "ok" if worst <= max_steps else f"FAIL (more than {max_steps})"
        print(f"{name:6s} ORT {version} opt={opt:8s}: {same}/{n} elements bit-identical "
              f"({100.0 * same / n:.2f} %), largest difference {worst} integer step(s): {verdict}")
        ok = ok and worst <= max_steps
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
