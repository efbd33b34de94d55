"""Helpers shared by the model generators of this directory (Debian's python3-onnx):
seeded float32 initializers, and the model written with opset, IR version 8 and the
checker's full check."""
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def initializers(seed):
    """init(name, shape, scale=0.3): a normal float32 initializer, drawn from one seeded
    generator in call order."""
    rng = np.random.default_rng(seed)

    def init(name, shape, scale=0.3):
        return numpy_helper.from_array((rng.standard_normal(shape) * scale).astype(np.float32),
                                       name)

    return init


def scalar(name, value):
    """A rank-0 float32 initializer."""
    return numpy_helper.from_array(np.array(value, np.float32), name)


def save(nodes, inits, name, x_shape, y_shape, opset, path):
    """One input x and one output y, both float32; checked, then written to `path`."""
    graph = helper.make_graph(
        nodes, name, [helper.make_tensor_value_info("x", TensorProto.FLOAT, x_shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, y_shape)], inits)
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                          producer_name="vfuse-tests")
    m.ir_version = 8
    onnx.checker.check_model(m, full_check=True)
    onnx.save(m, path)
