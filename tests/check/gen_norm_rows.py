#!/usr/bin/python3
"""Generates tests/check/norm_rows.onnx (Debian's python3-onnx): LayerNorm and RMSNorm
written out over the last axis at transformers' real hidden sizes, as torch.onnx writes
them before opset 17 — [1, 128, 768] (BERT-base), [1, 64, 1024] (BERT-large) and
[1, 64, 4096] (LLaMA-7B's RMSNorm) — so that recognising them needs a certificate whose size
does not grow with the rows (docs/certificates.md, "Splitting: rows"). Only gamma and beta
are weights, so the file stays small. Run from this directory:
/usr/bin/python3 gen_norm_rows.py. Weights are seeded."""
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import gen_common

rng = np.random.default_rng(31)
N = helper.make_node
inits = []


def init(name, shape, scale, shift):
    inits.append(numpy_helper.from_array(
        (rng.standard_normal(shape) * scale + shift).astype(np.float32), name))
    return name


def scalar(name, v):
    inits.append(gen_common.scalar(name, v))
    return name


two, eps5, eps6 = scalar("two", 2.0), scalar("eps5", 1e-5), scalar("eps6", 1e-6)


def layer_norm(x, y, c, eps):
    return [
        N("ReduceMean", [x], [x + "_mu"], axes=[-1], keepdims=1),
        N("Sub", [x, x + "_mu"], [x + "_d"]),
        N("Pow", [x + "_d", two], [x + "_d2"]),
        N("ReduceMean", [x + "_d2"], [x + "_var"], axes=[-1], keepdims=1),
        N("Add", [x + "_var", eps], [x + "_ve"]),
        N("Sqrt", [x + "_ve"], [x + "_sd"]),
        N("Div", [x + "_d", x + "_sd"], [x + "_n"]),
        N("Mul", [x + "_n", init(x + "_g", [c], 0.3, 1.0)], [x + "_ng"]),
        N("Add", [x + "_ng", init(x + "_b", [c], 0.2, 0.0)], [y]),
    ]


def rms_norm(x, y, c, eps):
    return [
        N("Mul", [x, x], [x + "_sq"]),
        N("ReduceMean", [x + "_sq"], [x + "_ms"], axes=[-1], keepdims=1),
        N("Add", [x + "_ms", eps], [x + "_me"]),
        N("Sqrt", [x + "_me"], [x + "_rs"]),
        N("Div", [x, x + "_rs"], [x + "_n"]),
        N("Mul", [x + "_n", init(x + "_g", [c], 0.3, 1.0)], [y]),
    ]


shapes = {"x768": [1, 128, 768], "x1024": [1, 64, 1024], "x4096": [1, 64, 4096]}
nodes = (layer_norm("x768", "y768", 768, eps5) + layer_norm("x1024", "y1024", 1024, eps5) +
         rms_norm("x4096", "y4096", 4096, eps6))
graph = helper.make_graph(
    nodes, "norm_rows",
    [helper.make_tensor_value_info(k, TensorProto.FLOAT, s) for k, s in shapes.items()],
    [helper.make_tensor_value_info("y" + k[1:], TensorProto.FLOAT, s) for k, s in shapes.items()],
    inits)
m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="vfuse-tests")
m.ir_version = 8
onnx.checker.check_model(m, full_check=True)
onnx.save(m, "norm_rows.onnx")
