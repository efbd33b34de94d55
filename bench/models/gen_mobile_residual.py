#!/usr/bin/python3
"""Generates issue 35's MobileNet-class model with residual adds (Debian's python3-onnx;
seeded weights):

  mobile_residual.onnx  1x3x128x128 -> softmax of 10: a 3x3 stride-2 stem, then
                        MobileNetV2 inverted-residual blocks (1x1 expansion x4 + relu6,
                        depthwise 3x3 or 5x5 + relu6, 1x1 projection), 8 of them with a
                        residual add (4 followed by a relu, as face detectors write them,
                        4 without, as MobileNetV2), global average pool, Gemm, Softmax.

Run: /usr/bin/python3 gen_mobile_residual.py [OUT]  (default ./mobile_residual.onnx)"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

N = helper.make_node


class Net:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.nodes, self.inits, self.k = [], [], 0

    def name(self, p):
        self.k += 1
        return f"{p}{self.k}"

    def init(self, a):
        n = self.name("w")
        self.inits.append(numpy_helper.from_array(np.asarray(a, dtype=np.float32), n))
        return n

    def op(self, t, ins, **a):
        y = self.name(t.lower())
        self.nodes.append(N(t, ins, [y], **a))
        return y

    def conv_bn(self, x, cin, cout, k, s=1, g=1):
        fan_in = cin // g * k * k
        w = self.init(self.rng.standard_normal((cout, cin // g, k, k)) * np.sqrt(2.0 / fan_in))
        y = self.op("Conv", [x, w], kernel_shape=[k, k], strides=[s, s], pads=[k // 2] * 4,
                    group=g)
        c = cout
        bn = [self.init(1 + 0.1 * self.rng.standard_normal(c)),
              self.init(0.1 * self.rng.standard_normal(c)),
              self.init(0.1 * self.rng.standard_normal(c)),
              self.init(1 + 0.2 * self.rng.random(c))]
        return self.op("BatchNormalization", [y] + bn, epsilon=1e-5)

    def relu6(self, x):
        return self.op("Clip", [x, self.init(0.0), self.init(6.0)])


def mobile_residual():
    n = Net(35)

    def block(x, cin, cout, k, s, relu_after=False, e=4):
        h = n.relu6(n.conv_bn(x, cin, cin * e, 1))
        h = n.relu6(n.conv_bn(h, cin * e, cin * e, k, s, g=cin * e))
        h = n.conv_bn(h, cin * e, cout, 1)
        if s != 1 or cin != cout:
            return h
        y = n.op("Add", [x, h])
        return n.op("Relu", [y]) if relu_after else y

    x = n.op("Relu", [n.conv_bn("x", 3, 16, 3, 2)])  # 64x64
    x = block(x, 16, 16, 3, 1)
    x = block(x, 16, 16, 3, 1)
    x = block(x, 16, 24, 3, 2)                       # 32x32
    x = block(x, 24, 24, 5, 1, True)
    x = block(x, 24, 24, 5, 1, True)
    x = block(x, 24, 32, 5, 2)                       # 16x16
    x = block(x, 32, 32, 3, 1)
    x = block(x, 32, 32, 3, 1)
    x = block(x, 32, 64, 3, 2)                       # 8x8
    x = block(x, 64, 64, 5, 1, True)
    x = block(x, 64, 64, 5, 1, True)
    x = n.op("Flatten", [n.op("GlobalAveragePool", [x])])
    fc = n.op("Gemm", [x, n.init(n.rng.standard_normal((10, 64)) * 0.2),
                       n.init(0.05 * n.rng.standard_normal(10))], transB=1)
    y = n.op("Softmax", [fc], axis=1)
    g = helper.make_graph(n.nodes, "mobile_residual",
                          [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 128, 128])],
                          [helper.make_tensor_value_info(y, TensorProto.FLOAT, [1, 10])],
                          n.inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)],
                          producer_name="vfuse-bench")
    m.ir_version = 8
    onnx.checker.check_model(m, full_check=True)
    onnx.save(m, sys.argv[1] if len(sys.argv) > 1 else "mobile_residual.onnx")


mobile_residual()
