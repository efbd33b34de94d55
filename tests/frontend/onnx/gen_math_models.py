#!/usr/bin/python3
"""Generates the ONNX test models of the math operators (Debian's python3-onnx):
  math_unary.onnx      Exp, Log, Tanh, Erf, Softplus, GELU decomposed with Erf, SiLU
  transformer_block.onnx  a transformer-style block: LayerNormalization (opset 17), MatMul,
                       Softmax attention, GELU (Erf), and a LayerNorm decomposed as
                       ReduceMean-Sub-Pow-ReduceMean-Add-Sqrt-Div-Mul-Add
                       and pooling heads: ReduceSum with axes as an input and with
                       noop_with_empty_axes, ReduceMax / ReduceL2 with the attribute
  reductions_opset11.onnx  ReduceSum/Mean/Max/L2 with attribute axes, keepdims, no axes
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


def transformer_block():
    N = helper.make_node
    D, F = 16, 32
    nodes = [
        # LayerNormalization (opset 17), single-head attention, residual.
        N("LayerNormalization", ["x", "ln1_g", "ln1_b"], ["ln1"], axis=-1, epsilon=1e-5),
        N("MatMul", ["ln1", "wq"], ["q"]),
        N("MatMul", ["ln1", "wk"], ["k"]),
        N("MatMul", ["ln1", "wv"], ["v"]),
        N("Transpose", ["k"], ["kt"], perm=[0, 2, 1]),
        N("MatMul", ["q", "kt"], ["s"]),
        N("Mul", ["s", "scale"], ["ss"]),
        N("Softmax", ["ss"], ["p"], axis=-1),
        N("MatMul", ["p", "v"], ["att"]),
        N("Add", ["x", "att"], ["r1"]),
        # LayerNorm decomposed as exporters write it.
        N("ReduceMean", ["r1"], ["mu"], axes=[-1], keepdims=1),
        N("Sub", ["r1", "mu"], ["d"]),
        N("Pow", ["d", "two"], ["d2"]),
        N("ReduceMean", ["d2"], ["var"], axes=[-1], keepdims=1),
        N("Add", ["var", "eps"], ["ve"]),
        N("Sqrt", ["ve"], ["sd"]),
        N("Div", ["d", "sd"], ["nrm"]),
        N("Mul", ["nrm", "ln2_g"], ["nrm_g"]),
        N("Add", ["nrm_g", "ln2_b"], ["ln2"]),
        # MLP with GELU (Erf), residual.
        N("MatMul", ["ln2", "w1"], ["h1"]),
        N("Add", ["h1", "b1"], ["h1b"]),
        N("Div", ["h1b", "sqrt2"], ["hd"]),
        N("Erf", ["hd"], ["erf"]),
        N("Add", ["erf", "one"], ["erf1"]),
        N("Mul", ["h1b", "erf1"], ["herf"]),
        N("Mul", ["herf", "half"], ["gelu"]),
        N("MatMul", ["gelu", "w2"], ["h2"]),
        N("Add", ["r1", "h2"], ["y"]),
        # Pooling heads: ReduceSum with axes as an input (opset 13), noop_with_empty_axes,
        # ReduceMax / ReduceL2 with the attribute, keepdims 0.
        N("ReduceSum", ["y", "axes1"], ["pool_sum"], keepdims=0),
        N("ReduceSum", ["y"], ["same"], noop_with_empty_axes=1),
        N("ReduceMax", ["same"], ["pool_max"], axes=[1, 2], keepdims=1),
        N("ReduceL2", ["y"], ["pool_l2"], axes=[-1], keepdims=0),
    ]
    inits = [init("ln1_g", [D], 1.0), init("ln1_b", [D], 0.2), init("wq", [D, D]),
             init("wk", [D, D]), init("wv", [D, D]), scalar("scale", 0.25),
             scalar("two", 2.0), scalar("eps", 1e-5), init("ln2_g", [D], 1.0),
             init("ln2_b", [D], 0.2), init("w1", [D, F]), init("b1", [F], 0.1),
             scalar("sqrt2", np.sqrt(2.0)), scalar("one", 1.0), scalar("half", 0.5),
             init("w2", [F, D]), numpy_helper.from_array(np.array([1], dtype=np.int64), "axes1")]
    T = TensorProto.FLOAT
    g = helper.make_graph(
        nodes, "transformer_block", [helper.make_tensor_value_info("x", T, [2, 8, D])],
        [helper.make_tensor_value_info("y", T, [2, 8, D]),
         helper.make_tensor_value_info("pool_sum", T, [2, D]),
         helper.make_tensor_value_info("pool_max", T, [2, 1, 1]),
         helper.make_tensor_value_info("pool_l2", T, [2, 8])], inits)
    save(g, "transformer_block.onnx", 17)


def reductions_opset11():
    N = helper.make_node
    nodes = [
        N("ReduceSum", ["x"], ["sum"], axes=[0, 2], keepdims=1),
        N("ReduceMean", ["x"], ["mean"], keepdims=0),
        N("ReduceMax", ["x"], ["max"], axes=[-1], keepdims=0),
        N("ReduceL2", ["x"], ["l2"], axes=[1]),
        N("Tanh", ["x"], ["t"]),
        N("ReduceMean", ["t"], ["tm"], axes=[1, 2]),
    ]
    T = TensorProto.FLOAT
    g = helper.make_graph(
        nodes, "reductions", [helper.make_tensor_value_info("x", T, [3, 4, 5])],
        [helper.make_tensor_value_info("sum", T, [1, 4, 1]),
         helper.make_tensor_value_info("mean", T, []),
         helper.make_tensor_value_info("max", T, [3, 4]),
         helper.make_tensor_value_info("l2", T, [3, 1, 5]),
         helper.make_tensor_value_info("tm", T, [3, 1, 1])], [])
    save(g, "reductions_opset11.onnx", 11)


if __name__ == "__main__":
    math_unary()
    transformer_block()
    reductions_opset11()
