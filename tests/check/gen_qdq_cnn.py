#!/usr/bin/python3
"""Generates tests/check/qdq_cnn.onnx (Debian's python3-onnx): a small int8 CNN in the two
forms ONNX quantized models take, for the comparison of vfuse's interpreter with ONNX
Runtime (tests/check/qdq_vs_onnxruntime.py, ctest qdq_cnn_onnxruntime):

- operator form: QuantizeLinear of the float input (uint8), two QLinearConv with
  per-channel int8 weights and int32 biases (uint8 activations: ONNX Runtime has
  QLinearConv only for an output of the input's type), a QLinearMatMul
  with per-column scales; output `y_int` is the last one dequantized;
- QDQ form: DequantizeLinear -> Conv (its weight an int8 initializer dequantized per
  output channel, a float bias) -> QuantizeLinear -> DequantizeLinear, output `y_qdq`.

The input scale is 1/64, so inputs on the grid (k + 1/2) / 64 are exact ties of
QuantizeLinear's rounding. Run from this directory: /usr/bin/python3 gen_qdq_cnn.py.
Everything is seeded."""
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(23)


def arr(name, a):
    return numpy_helper.from_array(a, name)


def f32(v):
    return np.array(v, np.float32)


def int8_weight(shape):
    return rng.integers(-127, 128, size=shape, dtype=np.int64).astype(np.int8)


def scales(n, lo, hi):
    return rng.uniform(lo, hi, size=n).astype(np.float32)


inits = [
    arr("x_scale", f32(1 / 64)), arr("x_zp", np.array(128, np.uint8)),
    # conv1: 3 -> 8, 3x3, stride 2, pads 1; uint8 -> uint8
    arr("w1", int8_weight((8, 3, 3, 3))), arr("w1_scale", scales(8, 0.002, 0.02)),
    arr("w1_zp", np.zeros(8, np.int8)), arr("b1", rng.integers(-2000, 2000, 8).astype(np.int32)),
    arr("y1_scale", f32(0.05)), arr("y1_zp", np.array(100, np.uint8)),
    # conv2: 8 -> 8, 3x3, pads 1, groups 2; uint8 -> uint8
    arr("w2", int8_weight((8, 4, 3, 3))), arr("w2_scale", scales(8, 0.001, 0.01)),
    arr("w2_zp", np.zeros(8, np.int8)), arr("b2", rng.integers(-5000, 5000, 8).astype(np.int32)),
    arr("y2_scale", f32(0.04)), arr("y2_zp", np.array(125, np.uint8)),
    # matmul over the last axis (8 -> 6), per-column scales; uint8 x int8 -> uint8
    arr("wm", int8_weight((8, 6))), arr("wm_scale", scales(6, 0.002, 0.02)),
    arr("wm_zp", np.zeros(6, np.int8)),
    arr("ym_scale", f32(0.03)), arr("ym_zp", np.array(130, np.uint8)),
    # QDQ section: conv3 8 -> 4, 3x3, pads 1, weights int8 per output channel
    arr("w3", int8_weight((4, 8, 3, 3))), arr("w3_scale", scales(4, 0.002, 0.02)),
    arr("w3_zp", np.zeros(4, np.int8)), arr("b3", (rng.standard_normal(4) * 0.1).astype(np.float32)),
    arr("y3_scale", f32(0.05)), arr("y3_zp", np.array(120, np.uint8)),
]
N = helper.make_node
nodes = [
    N("QuantizeLinear", ["x", "x_scale", "x_zp"], ["xq"]),
    N("QLinearConv", ["xq", "x_scale", "x_zp", "w1", "w1_scale", "w1_zp", "y1_scale", "y1_zp",
                      "b1"], ["c1"], pads=[1, 1, 1, 1], strides=[2, 2], kernel_shape=[3, 3]),
    N("QLinearConv", ["c1", "y1_scale", "y1_zp", "w2", "w2_scale", "w2_zp", "y2_scale", "y2_zp",
                      "b2"], ["c2"], pads=[1, 1, 1, 1], group=2, kernel_shape=[3, 3]),
    N("QLinearMatMul", ["c2", "y2_scale", "y2_zp", "wm", "wm_scale", "wm_zp", "ym_scale",
                        "ym_zp"], ["m"]),
    N("DequantizeLinear", ["m", "ym_scale", "ym_zp"], ["y_int"]),
    # QDQ: the float convolution between dequantized activations and weights.
    N("DequantizeLinear", ["c1", "y1_scale", "y1_zp"], ["c1f"]),
    N("DequantizeLinear", ["w3", "w3_scale", "w3_zp"], ["w3f"], axis=0),
    N("Conv", ["c1f", "w3f", "b3"], ["c3"], pads=[1, 1, 1, 1]),
    N("QuantizeLinear", ["c3", "y3_scale", "y3_zp"], ["c3q"]),
    N("DequantizeLinear", ["c3q", "y3_scale", "y3_zp"], ["y_qdq"]),
]
graph = helper.make_graph(
    nodes, "qdq_cnn", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 16, 16])],
    [helper.make_tensor_value_info("y_int", TensorProto.FLOAT, [1, 8, 8, 6]),
     helper.make_tensor_value_info("y_qdq", TensorProto.FLOAT, [1, 4, 8, 8])], inits)
m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)],
                      producer_name="vfuse-tests")
m.ir_version = 8
onnx.checker.check_model(m, full_check=True)
onnx.save(m, "qdq_cnn.onnx")
