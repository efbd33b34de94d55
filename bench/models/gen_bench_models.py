#!/usr/bin/python3
"""Generates the two models of issue 17's benchmark (Debian's python3-onnx; seeded weights):

  decoder_320.onnx    a text-detection-style model, 1x3x320x320: a MobileNetV3-style
                      backbone (hard_swish, squeeze-excite gates, scalar affine layers after
                      hard_swish), an FPN neck (nearest upsampling x2 + concat) and a DB-style
                      head with two ConvTranspose (k2 s2) and a sigmoid.
  resnet_dw5.onnx     a ResNet (7x7 stem, basic blocks at 64 and 128 channels) with a
                      MobileNet block whose depthwise convolution is 5x5, 1x3x224x224.

Run from this directory: /usr/bin/python3 gen_bench_models.py"""
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

    def w(self, shape, scale=None):
        fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else 1
        s = scale if scale is not None else np.sqrt(2.0 / fan_in)
        n = self.name("w")
        self.inits.append(numpy_helper.from_array(
            (self.rng.standard_normal(shape) * s).astype(np.float32), n))
        return n

    def const(self, v):
        n = self.name("k")
        self.inits.append(numpy_helper.from_array(np.array(v, dtype=np.float32), n))
        return n

    def op(self, t, ins, **a):
        y = self.name(t.lower())
        self.nodes.append(N(t, ins, [y], **a))
        return y

    def conv(self, x, cin, cout, k, s=1, g=1, bias=True):
        ins = [x, self.w((cout, cin // g, k, k))] + ([self.w((cout,), 0.05)] if bias else [])
        return self.op("Conv", ins, kernel_shape=[k, k], strides=[s, s], pads=[k // 2] * 4,
                       group=g)

    def bn(self, x, c):
        sc = numpy_helper.from_array((1 + 0.1 * self.rng.standard_normal(c)).astype(np.float32),
                                     self.name("g"))
        sh = numpy_helper.from_array((0.1 * self.rng.standard_normal(c)).astype(np.float32),
                                     self.name("b"))
        mu = numpy_helper.from_array((0.1 * self.rng.standard_normal(c)).astype(np.float32),
                                     self.name("m"))
        var = numpy_helper.from_array((1 + 0.2 * self.rng.random(c)).astype(np.float32),
                                      self.name("v"))
        self.inits += [sc, sh, mu, var]
        return self.op("BatchNormalization", [x, sc.name, sh.name, mu.name, var.name],
                       epsilon=1e-5)

    def save(self, x_shape, out, out_shape, path, opset=14):
        g = helper.make_graph(self.nodes, path.split(".")[0],
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, x_shape)],
                              [helper.make_tensor_value_info(out, TensorProto.FLOAT, out_shape)],
                              self.inits)
        m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)],
                              producer_name="vfuse-bench")
        m.ir_version = 8
        onnx.checker.check_model(m, full_check=True)
        onnx.save(m, path)


def decoder():
    n = Net(41)

    def hswish_affine(x):
        h = n.op("HardSwish", [x])
        return n.op("Add", [n.op("Mul", [h, n.const(0.9)]), n.const(0.05)])

    def se(x, c):
        p = n.op("GlobalAveragePool", [x])
        r = n.op("Relu", [n.conv(p, c, c // 4, 1)])
        gate = n.op("HardSigmoid", [n.conv(r, c // 4, c, 1)], alpha=0.2, beta=0.5)
        return n.op("Mul", [x, gate])

    def block(x, cin, cexp, cout, k, s, use_se):
        h = hswish_affine(n.bn(n.conv(x, cin, cexp, 1, bias=False), cexp))
        h = hswish_affine(n.bn(n.conv(h, cexp, cexp, k, s, g=cexp, bias=False), cexp))
        if use_se:
            h = se(h, cexp)
        h = n.bn(n.conv(h, cexp, cout, 1, bias=False), cout)
        return n.op("Add", [x, h]) if s == 1 and cin == cout else h

    x = hswish_affine(n.bn(n.conv("x", 3, 16, 3, 2, bias=False), 16))        # 160
    c2 = block(x, 16, 64, 24, 3, 2, False)                                       # 80
    c2 = block(c2, 24, 72, 24, 3, 1, False)
    c3 = block(c2, 24, 72, 40, 5, 2, True)                                       # 40
    c3 = block(c3, 40, 120, 40, 5, 1, True)
    c4 = block(c3, 40, 240, 80, 3, 2, False)                                     # 20
    c4 = block(c4, 80, 200, 80, 3, 1, False)
    c5 = block(c4, 80, 480, 112, 3, 1, True)
    # FPN: lateral 1x1 to 64, top-down nearest x2 upsampling, 3x3 smoothing, all to 1/4.
    up = lambda t, s: n.op("Resize", [t, "", n.const([1, 1, s, s])], mode="nearest")
    l5, l4 = n.conv(c5, 112, 64, 1), n.conv(c4, 80, 64, 1)
    l3, l2 = n.conv(c3, 40, 64, 1), n.conv(c2, 24, 64, 1)
    p4 = n.op("Add", [l4, l5])
    p3 = n.op("Add", [l3, up(p4, 2)])
    p2 = n.op("Add", [l2, up(p3, 2)])
    f = n.op("Concat", [up(n.conv(p4, 64, 16, 3), 4), up(n.conv(p3, 64, 16, 3), 2),
                        n.conv(p2, 64, 16, 3), n.conv(p2, 64, 16, 3)], axis=1)      # 64 x 80
    # DB head: 3x3 conv, BN, relu, ConvTranspose x2 back to full resolution, sigmoid.
    h = n.op("Relu", [n.bn(n.conv(f, 64, 16, 3, bias=False), 16)])
    h = n.op("Relu", [n.bn(n.op("ConvTranspose", [h, n.w((16, 16, 2, 2)), n.w((16,), 0.05)],
                                 strides=[2, 2]), 16)])
    h = n.op("ConvTranspose", [h, n.w((16, 1, 2, 2)), n.w((1,), 0.05)], strides=[2, 2])
    y = n.op("Sigmoid", [h])
    n.save([1, 3, 320, 320], y, [1, 1, 320, 320], "decoder_320.onnx")


def resnet_dw5():
    n = Net(43)

    def basic(x, cin, cout, s):
        h = n.op("Relu", [n.bn(n.conv(x, cin, cout, 3, s, bias=False), cout)])
        h = n.bn(n.conv(h, cout, cout, 3, bias=False), cout)
        sc = x if s == 1 and cin == cout else n.bn(n.conv(x, cin, cout, 1, s, bias=False), cout)
        return n.op("Relu", [n.op("Add", [h, sc])])

    def mobile(x, c, e):
        clip = lambda t: n.op("Clip", [t, n.const(0.0), n.const(6.0)])
        h = clip(n.bn(n.conv(x, c, c * e, 1, bias=False), c * e))
        h = clip(n.bn(n.conv(h, c * e, c * e, 5, g=c * e, bias=False), c * e))
        h = n.bn(n.conv(h, c * e, c, 1, bias=False), c)
        return n.op("Add", [x, h])

    x = n.op("Relu", [n.bn(n.conv("x", 3, 64, 7, 2, bias=False), 64)])         # 112
    x = n.op("MaxPool", [x], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])  # 56
    x = basic(x, 64, 64, 1)
    x = basic(x, 64, 64, 1)
    x = mobile(x, 64, 4)
    x = basic(x, 64, 128, 2)                                                     # 28
    x = basic(x, 128, 128, 1)
    x = mobile(x, 128, 4)
    x = n.op("Flatten", [n.op("GlobalAveragePool", [x])])
    y = n.op("Gemm", [x, n.w((100, 128)), n.w((100,), 0.05)], transB=1)
    n.save([1, 3, 224, 224], y, [1, 100], "resnet_dw5.onnx")


if __name__ == "__main__":
    decoder()
    resnet_dw5()
