#!/usr/bin/python3
"""Generates issue 35's MobileNet-class model with residual adds (Debian's python3-onnx;
seeded weights):

  mobile_residual.onnx  1x3x128x128 -> softmax of 10: a 3x3 stride-2 stem, then
                        MobileNetV2 inverted-residual blocks (1x1 expansion x4 + relu6,
                        depthwise 3x3 or 5x5 + relu6, 1x1 projection), 8 of them with a
                        residual add (4 followed by a relu, as face detectors write them,
                        4 without, as MobileNetV2), global average pool, Gemm, Softmax.

  --blaze               a BlazeFace-style face detector's backbone instead, 1x3x128x128 ->
                        softmax of 10: a 5x5 stride-2 stem, then blocks of a depthwise 5x5 or
                        3x3 (stride 1 or 2) and a 1x1 projection added to the shortcut, which
                        is max pooled 2x2 where the block strides and padded with channels of
                        zeros by a Concat where it widens, then a relu; global average pool,
                        Gemm, Softmax.

Run: /usr/bin/python3 gen_mobile_residual.py [--blaze] [OUT]  (default ./mobile_residual.onnx,
./face_blaze.onnx with --blaze)"""
import os
import sys

import numpy as np
from onnx import numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_bench_models import Net as BenchNet  # noqa: E402


class Net(BenchNet):
    def conv_bn(self, x, cin, cout, k, s=1, g=1):
        return self.bn(self.conv(x, cin, cout, k, s, g, bias=False), cout)

    def relu6(self, x):
        return self.op("Clip", [x, self.const(0.0), self.const(6.0)])


def mobile_residual(out):
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
    fc = n.op("Gemm", [x, n.w((10, 64), 0.2), n.w((10,), 0.05)], transB=1)
    y = n.op("Softmax", [fc], axis=1)
    n.save([1, 3, 128, 128], y, [1, 10], out)


def face_blaze(out):
    n = Net(36)
    size = [64]

    def block(x, cin, cout, k, s):
        h = n.conv_bn(x, cin, cin, k, s, g=cin)
        h = n.conv_bn(h, cin, cout, 1)
        if s == 2:
            x = n.op("MaxPool", [x], kernel_shape=[2, 2], strides=[2, 2])
            size[0] //= 2
        if cout > cin:
            zeros = n.name("zeros")
            n.inits.append(numpy_helper.from_array(
                np.zeros((1, cout - cin, size[0], size[0]), dtype=np.float32), zeros))
            x = n.op("Concat", [x, zeros], axis=1)
        return n.op("Relu", [n.op("Add", [h, x])])

    x = n.op("Relu", [n.conv_bn("x", 3, 24, 5, 2)])  # 64x64
    x = block(x, 24, 24, 5, 1)
    x = block(x, 24, 28, 5, 1)
    x = block(x, 28, 32, 5, 2)                       # 32x32
    x = block(x, 32, 36, 3, 1)
    x = block(x, 36, 42, 3, 1)
    x = block(x, 42, 48, 5, 2)                       # 16x16
    x = block(x, 48, 56, 5, 1)
    x = block(x, 56, 64, 3, 1)
    x = block(x, 64, 96, 5, 2)                       # 8x8
    x = block(x, 96, 96, 5, 1)
    x = n.op("Flatten", [n.op("GlobalAveragePool", [x])])
    # The trunk's values grow through the unnormalised residual sums (to about 1e3): small
    # classifier weights keep the softmax unsaturated, so that agreement measures something.
    fc = n.op("Gemm", [x, n.w((10, 96), 0.002), n.w((10,), 0.05)], transB=1)
    y = n.op("Softmax", [fc], axis=1)
    n.save([1, 3, 128, 128], y, [1, 10], out)


def main(argv):
    """[OUT]: -h / --help prints the usage; any other option, or more than one argument,
    is an error (it would have been taken for the output's name)."""
    if any(a in ("-h", "--help") for a in argv):
        print(__doc__)
        return 0
    blaze = "--blaze" in argv
    argv = [a for a in argv if a != "--blaze"]
    if len(argv) > 1 or any(a.startswith("-") for a in argv):
        print(f"gen_mobile_residual.py: error: expected [--blaze] and at most one argument, "
              f"the output file, got {argv!r}", file=sys.stderr)
        return 2
    if blaze:
        face_blaze(argv[0] if argv else "face_blaze.onnx")
    else:
        mobile_residual(argv[0] if argv else "mobile_residual.onnx")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
