#!/usr/bin/python3
"""Generates tests/check/gelu_forms.onnx (Debian's python3-onnx): a transformer-style MLP
stack whose GELUs are written out as exporters write them, each with the exporter's float32
constants — erf's argument divided by float32 sqrt(2) (traced Python, half first; and with
the constants first, as TensorFlow writes it), multiplied by float32 1/sqrt(2) (TVM's
Relay), and the tanh form with Pow(x, 3) (traced Python, tensors first; and constants
first) — for the recognition rules of rules/algebra.rules. Run from this directory:
/usr/bin/python3 gen_gelu_forms.py. Weights are seeded."""
import numpy as np
from onnx import helper

import gen_common

D = 16
N = helper.make_node
nodes, inits = [], []
draw = gen_common.initializers(23)


def init(name, shape, scale=0.4):
    inits.append(draw(name, shape, scale))
    return name


def scalar(name, v):
    inits.append(gen_common.scalar(name, v))
    return name


def linear(x, i):
    nodes.append(N("MatMul", [x, init(f"w{i}", [D, D])], [f"mm{i}"]))
    nodes.append(N("Add", [f"mm{i}", init(f"b{i}", [D], 0.1)], [f"h{i}"]))
    return f"h{i}"


half, one = scalar("half", 0.5), scalar("one", 1.0)
sqrt2 = scalar("sqrt2", np.sqrt(2.0))
rsqrt2 = scalar("rsqrt2", 1 / np.sqrt(2.0))
c, k, three = scalar("c", np.sqrt(2 / np.pi)), scalar("k", 0.044715), scalar("three", 3.0)


def erf_half_first(x, i):  # x * 0.5 * (1.0 + erf(x / sqrt(2))), traced
    nodes.extend([N("Mul", [x, half], [f"hx{i}"]), N("Div", [x, sqrt2], [f"d{i}"]),
                  N("Erf", [f"d{i}"], [f"e{i}"]), N("Add", [f"e{i}", one], [f"p{i}"]),
                  N("Mul", [f"hx{i}", f"p{i}"], [f"g{i}"])])
    return f"g{i}"


def erf_constants_first(x, i):  # 0.5 * x * (1 + erf(x / sqrt(2)))
    nodes.extend([N("Mul", [half, x], [f"hx{i}"]), N("Div", [x, sqrt2], [f"d{i}"]),
                  N("Erf", [f"d{i}"], [f"e{i}"]), N("Add", [one, f"e{i}"], [f"p{i}"]),
                  N("Mul", [f"hx{i}", f"p{i}"], [f"g{i}"])])
    return f"g{i}"


def erf_multiplied(x, i):  # multiply(x, 0.5) * (1 + erf(x * 0.7071))
    nodes.extend([N("Mul", [x, half], [f"hx{i}"]), N("Mul", [x, rsqrt2], [f"s{i}"]),
                  N("Erf", [f"s{i}"], [f"e{i}"]), N("Add", [one, f"e{i}"], [f"p{i}"]),
                  N("Mul", [f"hx{i}", f"p{i}"], [f"g{i}"])])
    return f"g{i}"


def tanh_traced(x, i):  # 0.5 * x * (1 + tanh(c * (x + k * pow(x, 3)))), traced
    nodes.extend([N("Pow", [x, three], [f"cu{i}"]), N("Mul", [f"cu{i}", k], [f"kc{i}"]),
                  N("Add", [x, f"kc{i}"], [f"in{i}"]), N("Mul", [f"in{i}", c], [f"sc{i}"]),
                  N("Tanh", [f"sc{i}"], [f"t{i}"]), N("Add", [f"t{i}", one], [f"p{i}"]),
                  N("Mul", [x, half], [f"hx{i}"]), N("Mul", [f"hx{i}", f"p{i}"], [f"g{i}"])])
    return f"g{i}"


def tanh_constants_first(x, i):
    nodes.extend([N("Pow", [x, three], [f"cu{i}"]), N("Mul", [k, f"cu{i}"], [f"kc{i}"]),
                  N("Add", [x, f"kc{i}"], [f"in{i}"]), N("Mul", [c, f"in{i}"], [f"sc{i}"]),
                  N("Tanh", [f"sc{i}"], [f"t{i}"]), N("Add", [one, f"t{i}"], [f"p{i}"]),
                  N("Mul", [half, x], [f"hx{i}"]), N("Mul", [f"hx{i}", f"p{i}"], [f"g{i}"])])
    return f"g{i}"


v = "x"
for i, form in enumerate([erf_half_first, erf_constants_first, erf_multiplied, tanh_traced,
                          tanh_constants_first]):
    v = form(linear(v, i), i)
nodes.append(N("Identity", [v], ["y"]))
gen_common.save(nodes, inits, "gelu_forms", [2, 8, D], [2, 8, D], 13, "gelu_forms.onnx")
