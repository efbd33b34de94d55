#!/usr/bin/python3
"""Generates tests/check/opset18.onnx (Debian's python3-onnx): a small segmentation-style
net at opset 18, using what opset 18 changed — ReduceMean / ReduceMax with axes as an
input, Split with num_outputs (an uneven split), Pad with an axes input, Resize with axes
and keep_aspect_ratio_policy — and opset 18's Mish. Run from this directory:
/usr/bin/python3 gen_opset18.py. Weights are seeded."""
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import gen_common

N = helper.make_node
inits = []
draw = gen_common.initializers(31)


def init(name, shape, scale=0.3):
    inits.append(draw(name, shape, scale))
    return name


def ints(name, v):
    inits.append(numpy_helper.from_array(np.array(v, dtype=np.int64), name))
    return name


nodes = [
    N("Conv", ["x", init("w0", (8, 3, 3, 3)), init("b0", (8,))], ["c0"], pads=[1, 1, 1, 1]),
    N("Mish", ["c0"], ["m0"]),
    # 8 channels into chunks of 3, 3, 2.
    N("Split", ["m0"], ["s0", "s1", "s2"], axis=1, num_outputs=3),
    N("Pad", ["s2", ints("pads", [1, 1, 1, 1]), "", ints("pad_axes", [2, 3])], ["p2"],
      mode="constant"),
    N("Conv", ["p2", init("w2", (3, 2, 3, 3)), init("b2", (3,))], ["c2"]),
    N("Add", ["s0", "c2"], ["a0"]),
    N("Resize", ["a0", "", "", ints("sizes", [32, 40])], ["r0"], mode="nearest", axes=[2, 3],
      keep_aspect_ratio_policy="not_larger"),
    N("ReduceMean", ["r0", ints("mean_axes", [1])], ["mean"], keepdims=1),
    N("ReduceMax", ["s1", ints("max_axes", [2, 3])], ["gmax"], keepdims=0),
]
graph = helper.make_graph(
    nodes, "opset18", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 12, 16])],
    [helper.make_tensor_value_info("mean", TensorProto.FLOAT, [1, 1, 30, 40]),
     helper.make_tensor_value_info("gmax", TensorProto.FLOAT, [1, 3])], inits)
m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], producer_name="vfuse-tests")
m.ir_version = 8
# Debian's python3-onnx (1.12) knows opsets up to 17: no checker here; ONNX Runtime
# validates the model when the check test runs it.
onnx.save(m, "opset18.onnx")
