#!/usr/bin/python3
"""Generates tests/check/more_ops.onnx (Debian's python3-onnx): operators that CNN face
detectors / recognisers, segmenters, super-resolution and OCR heads export and that vfuse
imports as compositions of its own operators (docs/onnx.md): PRelu with a per-channel
slope, Elu, Abs, InstanceNormalization (also as torch.onnx writes GroupNorm: Reshape to
[N, groups, -1], InstanceNormalization with unit scale, Reshape back, Mul, Add),
SpaceToDepth and DepthToSpace (DCR and CRD), GlobalMaxPool, LogSoftmax. Run from this directory: /usr/bin/python3 gen_more_ops.py.
Weights are seeded."""
import numpy as np
from onnx import helper, numpy_helper

from gen_common import initializers, save

init = initializers(29)
N = helper.make_node
nodes = [
    N("Conv", ["x", "w0", "b0"], ["c0"], pads=[1, 1, 1, 1]),
    N("PRelu", ["c0", "slope"], ["p0"]),
    N("InstanceNormalization", ["p0", "in_scale", "in_bias"], ["i0"], epsilon=1e-5),
    N("Reshape", ["i0", "gn_shape"], ["gn_r"]),
    N("InstanceNormalization", ["gn_r", "gn_ones", "gn_zeros"], ["gn_n"], epsilon=1e-5),
    N("Reshape", ["gn_n", "x_shape"], ["gn_b"]),
    N("Mul", ["gn_b", "gn_gamma"], ["gn_m"]),
    N("Add", ["gn_m", "gn_beta"], ["gn"]),
    N("SpaceToDepth", ["gn"], ["s2d"], blocksize=2),
    N("Conv", ["s2d", "w1", "b1"], ["c1"], pads=[1, 1, 1, 1]),
    N("Elu", ["c1"], ["e1"], alpha=0.7),
    N("DepthToSpace", ["e1"], ["d2s"], blocksize=2, mode="CRD"),
    N("Conv", ["d2s", "w2", "b2"], ["c2"]),
    N("Abs", ["c2"], ["a2"]),
    N("DepthToSpace", ["a2"], ["d2s_dcr"], blocksize=2, mode="DCR"),
    N("GlobalMaxPool", ["d2s_dcr"], ["g"]),
    N("Flatten", ["g"], ["f"]),
    N("Gemm", ["f", "wf", "bf"], ["logits"], transB=1),
    N("LogSoftmax", ["logits"], ["y"], axis=-1),
]
inits = [init("w0", (8, 3, 3, 3)), init("b0", (8,)), init("slope", (8, 1, 1), 0.2),
         init("in_scale", (8,)), init("in_bias", (8,)),
         numpy_helper.from_array(np.array([1, 4, -1], np.int64), "gn_shape"),
         numpy_helper.from_array(np.array([1, 8, 16, 16], np.int64), "x_shape"),
         numpy_helper.from_array(np.ones(4, np.float32), "gn_ones"),
         numpy_helper.from_array(np.zeros(4, np.float32), "gn_zeros"),
         init("gn_gamma", (8, 1, 1)), init("gn_beta", (8, 1, 1)),
         init("w1", (16, 32, 3, 3), 0.1), init("b1", (16,)),
         init("w2", (8, 4, 1, 1)), init("b2", (8,)), init("wf", (10, 2)), init("bf", (10,))]
save(nodes, inits, "more_ops", [1, 3, 16, 16], [1, 10], 13, "more_ops.onnx")
