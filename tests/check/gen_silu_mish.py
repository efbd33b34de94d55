#!/usr/bin/python3
"""Generates tests/check/silu_mish.onnx (Debian's python3-onnx): a small conv net with its
activations written out as exporters write them — SiLU as x * Sigmoid(x) (YOLOv5-style,
both operand orders) and Mish as x * Tanh(Softplus(x)) (YOLOv4-style) — for the
recognition rules of rules/algebra.rules. Run from this directory:
/usr/bin/python3 gen_silu_mish.py. Weights are seeded."""
from onnx import helper

from gen_common import initializers, save

init = initializers(17)
N = helper.make_node
nodes = [
    N("Conv", ["x", "w0", "b0"], ["c0"], pads=[1, 1, 1, 1], strides=[2, 2]),
    N("Sigmoid", ["c0"], ["s0"]),
    N("Mul", ["c0", "s0"], ["a0"]),
    N("Conv", ["a0", "w1", "b1"], ["c1"], pads=[1, 1, 1, 1]),
    N("Softplus", ["c1"], ["p1"]),
    N("Tanh", ["p1"], ["t1"]),
    N("Mul", ["c1", "t1"], ["a1"]),
    N("Conv", ["a1", "w2", "b2"], ["c2"]),
    N("Sigmoid", ["c2"], ["s2"]),
    N("Mul", ["s2", "c2"], ["a2"]),
    N("GlobalAveragePool", ["a2"], ["g"]),
    N("Flatten", ["g"], ["f"]),
    N("Gemm", ["f", "wf", "bf"], ["y"], transB=1),
]
inits = [init("w0", (8, 3, 3, 3)), init("b0", (8,)), init("w1", (8, 8, 3, 3)), init("b1", (8,)),
         init("w2", (16, 8, 1, 1)), init("b2", (16,)), init("wf", (10, 16)), init("bf", (10,))]
save(nodes, inits, "silu_mish", [1, 3, 32, 32], [1, 10], 13, "silu_mish.onnx")
