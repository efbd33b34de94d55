#!/usr/bin/python3
"""Generates tests/check/conv1d_gelu.onnx (Debian's python3-onnx): an audio encoder's stem
as Whisper-style models export it — Conv1d + GELU (erf form, written out), a strided
Conv1d + GELU, the features transposed to [batch, frames, channels], positions added,
LayerNorm and a projection with the residual. A Conv1d imports as a conv2d on
[N, C, 1, L] squeezed back (docs/onnx.md); the GELUs must reach the convs' epilogues. Run
from this directory: /usr/bin/python3 gen_conv1d_gelu.py. Weights are seeded."""
from onnx import helper

from gen_common import initializers, save, scalar

init = initializers(23)
N = helper.make_node
D, F, L = 32, 20, 40


def gelu(x, p):
    return [N("Div", [x, p + "sqrt2"], [p + "d"]), N("Erf", [p + "d"], [p + "e"]),
            N("Add", [p + "e", p + "one"], [p + "a"]), N("Mul", [x, p + "a"], [p + "m"]),
            N("Mul", [p + "m", p + "half"], [p + "g"])]


nodes = [N("Conv", ["x", "w0", "b0"], ["c0"], kernel_shape=[3], pads=[1, 1])]
nodes += gelu("c0", "g0_")
nodes += [N("Conv", ["g0_g", "w1", "b1"], ["c1"], kernel_shape=[3], pads=[1, 1], strides=[2])]
nodes += gelu("c1", "g1_")
nodes += [
    N("Transpose", ["g1_g"], ["t"], perm=[0, 2, 1]),
    N("Add", ["t", "pos"], ["h"]),
    N("LayerNormalization", ["h", "gamma", "beta"], ["n"], axis=-1, epsilon=1e-5),
    N("MatMul", ["n", "wq"], ["q"]),
    N("Add", ["h", "q"], ["y"]),
]
inits = [init("w0", (D, F, 3)), init("b0", (D,)), init("w1", (D, D, 3), 0.1), init("b1", (D,)),
         init("pos", (1, L // 2, D), 0.1), init("gamma", (D,)), init("beta", (D,)),
         init("wq", (D, D), 0.1)]
for p in ("g0_", "g1_"):
    inits += [scalar(p + "sqrt2", 1.4142135), scalar(p + "one", 1.0), scalar(p + "half", 0.5)]
save(nodes, inits, "conv1d_gelu", [1, F, L], [1, L // 2, D], 17, "conv1d_gelu.onnx")
