#!/usr/bin/python3
"""Generates tests/check/reductions.onnx (Debian's python3-onnx): the reductions vfuse
imports as compositions (docs/onnx.md): ReduceMin (-reduce_max(-x)), ReduceSumSquare
(reduce_sum(x * x)) and ReduceL1 (reduce_sum(|x|)), over one axis and over two, with and
without keepdims. Run from this directory: /usr/bin/python3 gen_reductions.py."""
from onnx import helper

from gen_common import initializers, save

init = initializers(37)
N = helper.make_node
nodes = [
    N("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1]),
    N("ReduceMin", ["c"], ["r1"], axes=[3], keepdims=1),
    N("ReduceSumSquare", ["c"], ["r2"], axes=[3], keepdims=1),
    N("ReduceL1", ["c"], ["r3"], axes=[3], keepdims=1),
    N("Add", ["r1", "r2"], ["s"]),
    N("Mul", ["s", "r3"], ["t"]),
    N("ReduceMin", ["t"], ["r4"], axes=[1, 2], keepdims=0),
    N("Sub", ["t", "r4"], ["y"]),
]
inits = [init("w", (8, 3, 3, 3)), init("b", (8,))]
save(nodes, inits, "reductions", [1, 3, 6, 5], [1, 8, 6, 1], 13, "reductions.onnx")
