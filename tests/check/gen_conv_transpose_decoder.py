#!/usr/bin/python3
"""Generates tests/check/conv_transpose_decoder.onnx (Debian's python3-onnx): a small
decoder whose upsampling is done by transposed convolutions of the shapes detection heads
use — stride 2 kernel 2 (DB head), stride 2 kernel 4 padding 1, and stride 3 kernel 3
padding 1 output_padding 1 with two groups — on inputs wide enough that the native
kernel's vector columns and its scalar border columns both run; and the affine layers
after activations such models have (HardSwish, then a scalar Mul and Add before a 1x1
Conv; a per-channel Mul and Add before an unpadded 3x3 Conv), which the folds into a
following conv2d of rules/conv_fusion.rules remove. Run from this directory:
/usr/bin/python3 gen_conv_transpose_decoder.py. Weights are seeded."""
from onnx import helper

from gen_common import initializers, scalar, save

init = initializers(23)
N = helper.make_node
nodes = [
    N("Conv", ["x", "w0", "b0"], ["c0"], pads=[1, 1, 1, 1]),
    N("HardSwish", ["c0"], ["h0"]),
    N("Mul", ["h0", "s0"], ["m0"]),
    N("Add", ["m0", "a0"], ["e0"]),
    N("Conv", ["e0", "w1", "b1"], ["c1"]),
    N("Relu", ["c1"], ["r1a"]),
    N("Mul", ["r1a", "s1"], ["m1"]),
    N("Add", ["m1", "a1"], ["e1"]),
    N("Conv", ["e1", "w2", "b2"], ["r0"]),
    N("ConvTranspose", ["r0", "t1", "tb1"], ["u1"], strides=[2, 2], kernel_shape=[2, 2]),
    N("Relu", ["u1"], ["r1"]),
    N("ConvTranspose", ["r1", "t2"], ["u2"], strides=[2, 2], kernel_shape=[4, 4],
      pads=[1, 1, 1, 1]),
    N("Relu", ["u2"], ["r2"]),
    N("ConvTranspose", ["r2", "t3", "tb3"], ["u3"], strides=[3, 3], kernel_shape=[3, 3],
      pads=[1, 1, 1, 1], output_padding=[1, 1], group=2),
    N("Sigmoid", ["u3"], ["y"]),
]
inits = [init("w0", (16, 3, 3, 3)), init("b0", (16,)),
         scalar("s0", 0.5),
         scalar("a0", -0.25),
         init("w1", (16, 16, 1, 1)), init("b1", (16,)),
         init("s1", (1, 16, 1, 1), 1.0), init("a1", (1, 16, 1, 1)),
         init("w2", (16, 16, 3, 3), 0.1), init("b2", (16,)), init("t1", (16, 12, 2, 2)),
         init("tb1", (12,)), init("t2", (12, 6, 4, 4)), init("t3", (6, 1, 3, 3)),
         init("tb3", (2,))]
save(nodes, inits, "conv_transpose_decoder", [1, 3, 26, 22], [1, 2, 287, 239], 14,
     "conv_transpose_decoder.onnx")
