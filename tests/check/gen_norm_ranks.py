#!/usr/bin/python3
"""Generates tests/check/norm_ranks.onnx (Debian's python3-onnx): LayerNorm and RMSNorm
written out over the last axis at ranks other than a transformer's 3 — a [tokens, channels]
matrix (rank 2) and an NHWC feature map (rank 4) — for the recognition rules of
rules/normalization.rules. Run from this directory: /usr/bin/python3 gen_norm_ranks.py.
Weights are seeded."""
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import gen_common

rng = np.random.default_rng(29)
C = 12
N = helper.make_node
inits = []


def init(name, shape, scale=0.5, shift=0.0):
    inits.append(numpy_helper.from_array(
        (rng.standard_normal(shape) * scale + shift).astype(np.float32), name))
    return name


def scalar(name, v):
    inits.append(gen_common.scalar(name, v))
    return name


two, eps, eps2 = scalar("two", 2.0), scalar("eps", 1e-5), scalar("eps2", 1e-6)
nodes = [
    # Rank 2: LayerNorm of a [tokens, channels] matrix, as PyTorch exports it before opset 17.
    N("ReduceMean", ["t"], ["mu"], axes=[-1], keepdims=1),
    N("Sub", ["t", "mu"], ["d"]),
    N("Pow", ["d", two], ["d2"]),
    N("ReduceMean", ["d2"], ["var"], axes=[-1], keepdims=1),
    N("Add", ["var", eps], ["ve"]),
    N("Sqrt", ["ve"], ["sd"]),
    N("Div", ["d", "sd"], ["n"]),
    N("Mul", ["n", init("g", [C], 0.3, 1.0)], ["ng"]),
    N("Add", ["ng", init("b", [C], 0.2)], ["y_tokens"]),
    # Rank 4: RMSNorm over the channels of an NHWC map.
    N("Mul", ["f", "f"], ["f2"]),
    N("ReduceMean", ["f2"], ["ms"], axes=[-1], keepdims=1),
    N("Add", ["ms", eps2], ["me"]),
    N("Sqrt", ["me"], ["rs"]),
    N("Div", ["f", "rs"], ["fn"]),
    N("Mul", ["fn", init("gf", [C], 0.3, 1.0)], ["y_nhwc"]),
]
graph = helper.make_graph(
    nodes, "norm_ranks",
    [helper.make_tensor_value_info("t", TensorProto.FLOAT, [6, C]),
     helper.make_tensor_value_info("f", TensorProto.FLOAT, [1, 5, 4, C])],
    [helper.make_tensor_value_info("y_tokens", TensorProto.FLOAT, [6, C]),
     helper.make_tensor_value_info("y_nhwc", TensorProto.FLOAT, [1, 5, 4, C])], inits)
m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="vfuse-tests")
m.ir_version = 8
onnx.checker.check_model(m, full_check=True)
onnx.save(m, "norm_ranks.onnx")
