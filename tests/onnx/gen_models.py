#!/usr/bin/python3
"""Generates the hand-made ONNX models of tests/onnx/models/ (python3-onnx, Debian's
package; run with /usr/bin/python3 tests/onnx/gen_models.py). Each model exercises a class
of import features: shape computations folded at import, gathers / broadcasts / selections
with constant operands, batched matmul and softmax on any axis, resize in every mode,
pad in every mode, transposed convolutions with every attribute. The models are committed;
the ctests (tests/CMakeLists.txt) run `vfuse check` on each (import, compile with
certificates, native code, interpreter, ONNX Runtime when installed)."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "models")
rng = np.random.default_rng(1234)


def const(name, arr):
    return numpy_helper.from_array(np.asarray(arr), name)


def save(name, nodes, inputs, outputs, inits=(), opset=13, check=True):
    """Writes the model after ONNX's checker and strict shape inference (unless `check` is
    false: a malformed model); an output given by name only gets its inferred type."""
    outputs = [helper.make_tensor_value_info(o, TensorProto.FLOAT, None) if isinstance(o, str)
               else o for o in outputs]
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                              producer_name="vfuse-tests")
    model.ir_version = 8
    if not check:
        onnx.save(model, os.path.join(OUT, name + ".onnx"))
        return
    inferred = onnx.shape_inference.infer_shapes(model, check_type=True, strict_mode=True)
    known = {v.name: v for v in list(inferred.graph.value_info) + list(inferred.graph.output)
             if v.type.tensor_type.HasField("shape")}
    for o in model.graph.output:
        if not o.type.tensor_type.HasField("shape") and o.name in known:
            o.type.CopyFrom(known[o.name].type)
    onnx.checker.check_model(model, full_check=True)
    path = os.path.join(OUT, name + ".onnx")
    onnx.save(model, path)
    print("wrote", path)


def f32(name, shape):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, shape)


def shape_subgraph():
    """A detection-head style reshape whose target is computed from Shape at run time:
    Shape, Gather, Unsqueeze, Squeeze, Slice, Concat, Cast, arithmetic on shapes,
    ConstantOfShape, Range, Equal, Where, Reshape, Expand: all folded at import."""
    n = []
    n.append(helper.make_node("Shape", ["x"], ["s"]))                        # [1,6,4,5]
    n.append(helper.make_node("Gather", ["s", "i0"], ["batch"], axis=0))     # scalar 1
    n.append(helper.make_node("Gather", ["s", "i23"], ["hw"], axis=0))       # [4,5]
    n.append(helper.make_node("Slice", ["s", "st", "en"], ["c1"]))           # [6]
    n.append(helper.make_node("Div", ["c1", "two"], ["c2"]))                 # [3]
    n.append(helper.make_node("Mul", ["hw", "one_i"], ["hw1"]))              # [4,5]
    n.append(helper.make_node("Split", ["hw1"], ["h", "w"], axis=0))
    n.append(helper.make_node("Mul", ["h", "w"], ["hw_n"]))                  # [20]
    n.append(helper.make_node("Add", ["hw_n", "zero_i"], ["hw_n2"]))
    n.append(helper.make_node("Unsqueeze", ["batch", "ax0"], ["b1"]))        # [1]
    n.append(helper.make_node("Concat", ["b1", "c2", "two", "hw_n2"], ["tgt"], axis=0))  # [1,3,2,20]
    n.append(helper.make_node("Cast", ["tgt"], ["tgt32"], to=TensorProto.INT32))
    n.append(helper.make_node("Cast", ["tgt32"], ["tgt64"], to=TensorProto.INT64))
    n.append(helper.make_node("Reshape", ["x", "tgt64"], ["r"]))             # [1,3,2,20]
    # A mask computed from shapes: Range, Equal, Where, ConstantOfShape, Expand.
    n.append(helper.make_node("Squeeze", ["b1", "ax0"], ["b0"]))
    n.append(helper.make_node("Range", ["zero_s", "twenty", "one_s"], ["rng"]))  # [0..19]
    n.append(helper.make_node("Less", ["rng", "ten"], ["lt"]))
    n.append(helper.make_node("Equal", ["rng", "ten"], ["eq"]))
    n.append(helper.make_node("Or", ["lt", "eq"], ["le"]))
    n.append(helper.make_node("ConstantOfShape", ["shape20"], ["ones"],
                              value=helper.make_tensor("v", TensorProto.FLOAT, [1], [1.0])))
    n.append(helper.make_node("Mul", ["ones", "half"], ["halves"]))          # float, stays
    n.append(helper.make_node("Where", ["le", "ones", "halves"], ["mask"]))  # [20]
    n.append(helper.make_node("Mul", ["r", "mask"], ["y0"]))
    n.append(helper.make_node("Transpose", ["y0"], ["y1"], perm=[0, 1, 3, 2]))
    n.append(helper.make_node("Relu", ["y1"], ["y"]))
    inits = [const("i0", np.int64(0)), const("i23", np.array([2, 3], np.int64)),
             const("st", np.array([1], np.int64)), const("en", np.array([2], np.int64)),
             const("two", np.array([2], np.int64)), const("one_i", np.array([1], np.int64)),
             const("zero_i", np.array([0], np.int64)), const("ax0", np.array([0], np.int64)),
             const("zero_s", np.int64(0)), const("twenty", np.int64(20)),
             const("one_s", np.int64(1)), const("ten", np.array([10], np.int64)),
             const("shape20", np.array([20], np.int64)),
             const("half", np.array([0.5], np.float32))]
    save("shape_subgraph", n, [f32("x", [1, 6, 4, 5])], [f32("y", [1, 3, 20, 2])], inits)


def float_shape_subgraph():
    """Sizes computed in float as exporters of detection heads write them (Cast of Shape to
    float, Mul by a scale, Floor, Cast back), a Resize's scales computed by float arithmetic
    on constants, and a weight scaled by float arithmetic then reshaped: that arithmetic
    stays in the graph for the rewriter, its value serves the shape readers."""
    n = []
    n.append(helper.make_node("Shape", ["x"], ["s"]))
    n.append(helper.make_node("Slice", ["s", "two", "four"], ["hw"]))
    n.append(helper.make_node("Cast", ["hw"], ["hwf"], to=TensorProto.FLOAT))
    n.append(helper.make_node("Mul", ["hwf", "scale"], ["hw2f"]))
    n.append(helper.make_node("Floor", ["hw2f"], ["hw2r"]))
    n.append(helper.make_node("Cast", ["hw2r"], ["hw2"], to=TensorProto.INT64))
    n.append(helper.make_node("Slice", ["s", "zero", "two"], ["nc"]))
    n.append(helper.make_node("Concat", ["nc", "hw2"], ["sizes"], axis=0))
    n.append(helper.make_node("Resize", ["x", "", "", "sizes"], ["up"], mode="nearest",
                              coordinate_transformation_mode="asymmetric", nearest_mode="floor"))
    n.append(helper.make_node("Div", ["num", "den"], ["sc"]))            # [1,1,0.5,0.5]
    n.append(helper.make_node("Resize", ["up", "", "sc"], ["down"], mode="linear"))
    n.append(helper.make_node("Mul", ["w", "wscale"], ["w2"]))
    n.append(helper.make_node("Reshape", ["w2", "wshape"], ["w3"]))
    n.append(helper.make_node("Add", ["down", "w3"], ["y"]))
    inits = [const("two", np.array([2], np.int64)), const("four", np.array([4], np.int64)),
             const("zero", np.array([0], np.int64)),
             const("scale", np.array([2.5, 2.0], np.float32)),
             const("num", np.array([1, 1, 1, 1], np.float32)),
             const("den", np.array([1, 1, 2, 2], np.float32)),
             const("w", rng.standard_normal(3).astype(np.float32)),
             const("wscale", np.array([1.5], np.float32)),
             const("wshape", np.array([1, 3, 1, 1], np.int64))]
    save("float_shape_subgraph", n, [f32("x", [1, 3, 4, 5])], ["y"], inits)


def gather_expand_where():
    """Gathers on run-time tensors (token lookup, channel selection with 2-D indices, a
    negative index), Expand as a broadcast, Where with a constant condition, Softmax on a
    middle axis (opset 13) and batched MatMul of rank 3 and 4 with broadcast batches."""
    n = []
    n.append(helper.make_node("Gather", ["x", "ch"], ["g1"], axis=1))       # [2,2,3,4,5]
    n.append(helper.make_node("Reshape", ["g1", "shp"], ["g2"]))            # [2,6,4,5]
    n.append(helper.make_node("Gather", ["g2", "neg"], ["g3"], axis=-1))     # [2,6,4,3]
    n.append(helper.make_node("Expand", ["bias", "eshape"], ["bexp"]))      # [2,6,4,3]
    n.append(helper.make_node("Add", ["g3", "bexp"], ["a1"]))
    n.append(helper.make_node("Where", ["cond", "a1", "fill"], ["w1"]))     # [2,6,4,3]
    n.append(helper.make_node("Softmax", ["w1"], ["sm"], axis=1))
    n.append(helper.make_node("MatMul", ["sm", "wt4"], ["mm4"]))            # [2,6,4,3]x[6,3,5]
    n.append(helper.make_node("Reshape", ["mm4", "shp3"], ["m3"]))          # [12,4,5]
    n.append(helper.make_node("MatMul", ["m3", "wt3"], ["mm3"]))            # [12,4,5]x[5,2]
    n.append(helper.make_node("Gather", ["mm3", "tok"], ["y"], axis=0))      # [3,4,2]
    cond = rng.random((1, 6, 1, 3)) < 0.5
    inits = [const("ch", np.array([[0, 2, 1], [1, 1, 0]], np.int64)),
             const("shp", np.array([2, 6, 4, 5], np.int64)),
             const("neg", np.array([-1, 0, 2], np.int64)),
             const("bias", rng.standard_normal((6, 1, 1)).astype(np.float32)),
             const("eshape", np.array([2, 1, 4, 3], np.int64)),
             const("cond", cond),
             const("fill", np.array([-1.5], np.float32)),
             const("wt4", rng.standard_normal((6, 3, 5)).astype(np.float32)),
             const("shp3", np.array([12, 4, 5], np.int64)),
             const("wt3", rng.standard_normal((5, 2)).astype(np.float32)),
             const("tok", np.array([11, 0, 5], np.int64))]
    save("gather_expand_where", n, [f32("x", [2, 3, 4, 5])], [f32("y", [3, 4, 2])], inits)


def focus_slices():
    """A YOLO 'focus' stem: four strided slices (step 2) of the image concatenated on the
    channels; a slice with a negative step (W reversed); a shape reversed by a
    negative-step Slice at import; a Tile."""
    n, inits = [], []
    for k, (h0, w0) in enumerate([(0, 0), (1, 0), (0, 1), (1, 1)]):
        inits += [const(f"st{k}", np.array([h0, w0], np.int64)),
                  const(f"en{k}", np.array([2**62, 2**62], np.int64))]
        n.append(helper.make_node("Slice", ["x", f"st{k}", f"en{k}", "ax23", "two2"], [f"s{k}"]))
    n.append(helper.make_node("Concat", ["s0", "s1", "s2", "s3"], ["focus"], axis=1))
    n.append(helper.make_node("Slice", ["focus", "m1", "minf", "ax3", "m1"], ["flip"]))
    n.append(helper.make_node("Shape", ["flip"], ["sh"]))
    n.append(helper.make_node("Slice", ["sh", "m1", "minf", "ax0", "m1"], ["rev"]))  # reversed
    n.append(helper.make_node("Reshape", ["flip", "rev"], ["r"]))
    n.append(helper.make_node("Tile", ["r", "reps"], ["t"]))
    n.append(helper.make_node("Relu", ["t"], ["y"]))
    inits += [const("ax23", np.array([2, 3], np.int64)), const("two2", np.array([2, 2], np.int64)),
              const("reps", np.array([1, 2, 1, 3], np.int64)),
              const("m1", np.array([-1], np.int64)), const("minf", np.array([-2**63], np.int64)),
              const("ax3", np.array([3], np.int64)), const("ax0", np.array([0], np.int64))]
    save("focus_slices", n, [f32("x", [1, 3, 6, 8])], [f32("y", [4, 6, 12, 3])], inits)


def softmax_opset11():
    """Softmax before opset 13: normalised over all dimensions from `axis` on."""
    n = [helper.make_node("Softmax", ["x"], ["s1"], axis=1),
         helper.make_node("MatMul", ["s1", "b"], ["y"])]
    inits = [const("b", rng.standard_normal((1, 5, 3)).astype(np.float32))]
    save("softmax_opset11", n, [f32("x", [2, 3, 4, 5])], [f32("y", [2, 3, 4, 3])], inits, opset=11)


def conv_bn(n, inits, x, y, c_in, c_out):
    """A 3x3 convolution and a batch norm: the rewriter folds them, with a certificate."""
    inits += [const(y + "_w", (rng.standard_normal((c_out, c_in, 3, 3)) * 0.3).astype(np.float32)),
              const(y + "_g", rng.uniform(0.5, 1.5, c_out).astype(np.float32)),
              const(y + "_b", rng.standard_normal(c_out).astype(np.float32)),
              const(y + "_m", rng.standard_normal(c_out).astype(np.float32)),
              const(y + "_v", rng.uniform(0.5, 1.5, c_out).astype(np.float32))]
    n.append(helper.make_node("Conv", [x, y + "_w"], [y + "_c"], pads=[1, 1, 1, 1]))
    n.append(helper.make_node("BatchNormalization",
                              [y + "_c", y + "_g", y + "_b", y + "_m", y + "_v"], [y]))


def resize_modes():
    """Resize in linear mode with every coordinate_transformation_mode, from scales and
    from sizes, up and down; nearest with every nearest_mode under each mapping."""
    n, inits, outs = [], [], []
    conv_bn(n, inits, "x", "f", 2, 3)
    empty = const("empty", np.array([], np.float32))
    inits.append(empty)
    k = 0

    def resize(mode, ctm, scales=None, sizes=None, nearest=None):
        nonlocal k
        ins = ["f", "empty"]
        if scales is not None:
            inits.append(const(f"sc{k}", np.array(scales, np.float32)))
            ins.append(f"sc{k}")
        else:
            inits.append(const(f"sz{k}", np.array(sizes, np.int64)))
            ins += ["", f"sz{k}"]
        attrs = dict(mode=mode, coordinate_transformation_mode=ctm)
        if nearest:
            attrs["nearest_mode"] = nearest
        y = f"y{k}_{mode}_{ctm}" + (f"_{nearest}" if nearest else "")
        n.append(helper.make_node("Resize", ins, [y], **attrs))
        hw = ([int(np.floor(d * s)) for d, s in zip([5, 6], scales[2:])] if scales is not None
              else sizes[2:])
        outs.append(f32(y, [1, 3] + hw))
        k += 1

    resize("linear", "half_pixel", scales=[1, 1, 2, 2])
    resize("linear", "half_pixel", sizes=[1, 3, 3, 4])
    resize("linear", "pytorch_half_pixel", sizes=[1, 3, 3, 9])
    resize("linear", "pytorch_half_pixel", sizes=[1, 3, 1, 8])
    resize("linear", "align_corners", sizes=[1, 3, 9, 4])
    resize("linear", "align_corners", scales=[1, 1, 2, 0.5])
    resize("linear", "asymmetric", scales=[1, 1, 0.6, 1.5])
    resize("linear", "asymmetric", sizes=[1, 3, 7, 13])
    for ctm in ["half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric",
                "tf_half_pixel_for_nn"]:
        for nearest in ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"]:
            resize("nearest", ctm, sizes=[1, 3, 7, 4], nearest=nearest)
    resize("nearest", "asymmetric", scales=[1, 1, 3, 2], nearest="floor")
    save("resize_modes", n, [f32("x", [1, 2, 5, 6])], outs, inits)


def upsample_opset9():
    """Upsample (opset 9: scales an input, asymmetric coordinates) in linear and nearest
    mode, and Resize at opset 11 with its roi input and sizes."""
    n = [helper.make_node("Upsample", ["x", "sc"], ["lin"], mode="linear"),
         helper.make_node("Upsample", ["x", "sc"], ["near"], mode="nearest"),
         helper.make_node("Add", ["lin", "near"], ["y"])]
    save("upsample_opset9", n, [f32("x", [1, 2, 3, 4])], ["y"],
         [const("sc", np.array([1, 1, 2, 1.5], np.float32))], opset=9)
    n = [helper.make_node("Resize", ["x", "roi", "sc", "sz"], ["y"], mode="linear",
                          coordinate_transformation_mode="pytorch_half_pixel")]
    save("resize_opset11", n, [f32("x", [1, 2, 3, 4])], ["y"],
         [const("roi", np.array([], np.float32)), const("sc", np.array([], np.float32)),
          const("sz", np.array([1, 2, 7, 3], np.int64))], opset=11)


def pad_modes():
    """Pad in edge and reflect mode on every axis (pads from an input, opset 13) and in
    constant mode; a rank-3 tensor padded on its last axes."""
    n, inits = [], []
    conv_bn(n, inits, "x", "f", 2, 3)
    inits += [const("p_edge", np.array([0, 1, 2, 3, 1, 0, 1, 2], np.int64)),
              const("p_refl", np.array([0, 2, 3, 4, 0, 0, 1, 1], np.int64)),
              const("p_const", np.array([0, 0, 1, 1, 0, 0, 2, 0], np.int64)),
              const("cval", np.array(0.75, np.float32)),
              const("p3", np.array([0, 2, 1, 0, 1, 3], np.int64)),
              const("s3", np.array([3, 5, 6], np.int64))]
    n.append(helper.make_node("Pad", ["f", "p_edge"], ["y_edge"], mode="edge"))
    n.append(helper.make_node("Pad", ["f", "p_refl"], ["y_reflect"], mode="reflect"))
    n.append(helper.make_node("Pad", ["f", "p_const", "cval"], ["y_const"], mode="constant"))
    inits.append(const("p_hw", np.array([0, 0, 2, 3, 0, 0, 4, 1], np.int64)))
    n.append(helper.make_node("Pad", ["f", "p_hw"], ["y_hw_reflect"], mode="reflect"))
    n.append(helper.make_node("Pad", ["f", "p_hw"], ["y_hw_edge"], mode="edge"))
    n.append(helper.make_node("Reshape", ["f", "s3"], ["f3"]))
    n.append(helper.make_node("Pad", ["f3", "p3"], ["y3_reflect"], mode="reflect"))
    n.append(helper.make_node("Pad", ["f3", "p3"], ["y3_edge"], mode="edge"))
    outs = [f32("y_edge", [2, 4, 8, 11]), f32("y_reflect", [1, 5, 9, 11]),
            f32("y_const", [1, 3, 8, 7]), f32("y3_reflect", [3, 8, 10]), f32("y3_edge", [3, 8, 10]),
            "y_hw_reflect", "y_hw_edge"]
    save("pad_modes", n, [f32("x", [1, 2, 5, 6])], outs, inits)
    # Before opset 11 the pads are an attribute.
    n = [helper.make_node("Pad", ["x"], ["y"], mode="reflect", pads=[0, 0, 2, 1, 0, 0, 1, 3]),
         helper.make_node("Pad", ["y"], ["z"], mode="edge", pads=[0, 1, 0, 0, 0, 1, 0, 0])]
    save("pad_opset10", n, [f32("x", [1, 2, 5, 6])], [f32("z", [1, 4, 8, 10])], [], opset=10)


def conv_transpose():
    """ConvTranspose with every attribute: strides, pads, dilations, groups, output_padding,
    output_shape (with and without auto_pad), auto_pad SAME_UPPER, SAME_LOWER, VALID, with
    and without a bias, and the 1-D form."""
    n, inits, outs = [], [], []
    conv_bn(n, inits, "x", "f", 2, 4)
    inits.append(const("s1", np.array([1, 20, 6], np.int64)))
    n.append(helper.make_node("Reshape", ["f", "s1"], ["f1"]))  # [1, 20, 6]
    k = 0

    def ct(c_out, kernel, groups=1, bias=True, x="f", c_in=4, **attrs):
        nonlocal k
        w = (rng.standard_normal([c_in, c_out // groups] + kernel) * 0.3).astype(np.float32)
        inits.append(const(f"w{k}", w))
        ins = [x, f"w{k}"]
        if bias:
            inits.append(const(f"b{k}", rng.standard_normal(c_out).astype(np.float32)))
            ins.append(f"b{k}")
        n.append(helper.make_node("ConvTranspose", ins, [f"y{k}"], group=groups, **attrs))
        outs.append(f"y{k}")
        k += 1

    # f is [1, 4, 5, 6]
    ct(4, [3, 3], strides=[2, 3], pads=[1, 0, 0, 1], output_padding=[1, 2], dilations=[1, 2],
       groups=2)
    ct(6, [3, 2], strides=[2, 2], output_shape=[10, 12])
    ct(6, [3, 2], strides=[2, 2], output_shape=[9, 11], auto_pad="SAME_UPPER")
    ct(6, [3, 3], strides=[2, 2], auto_pad="SAME_UPPER", bias=False)
    ct(2, [4, 3], strides=[2, 2], auto_pad="SAME_LOWER", groups=2)
    ct(4, [2, 3], auto_pad="VALID")
    ct(8, [3, 3], strides=[2, 2], pads=[1, 1, 1, 1], groups=4, dilations=[2, 1])
    ct(6, [3, 2], strides=[2, 2], output_shape=[12, 13])  # larger than the pads give
    ct(3, [3], x="f1", c_in=20, strides=[2], output_padding=[1], pads=[1, 0])
    save("conv_transpose", n, [f32("x", [1, 2, 5, 6])], outs, inits)


def errors():
    """Malformed models: each import must fail with a located, clear diagnostic
    (tests/onnx/errors/NAME.expected, checked by run_error_models.sh)."""
    global OUT
    saved, OUT = OUT, os.path.join(os.path.dirname(OUT), "errors")
    os.makedirs(OUT, exist_ok=True)
    x = [f32("x", [1, 2, 4, 4])]
    e = const("empty", np.array([], np.float32))
    save("resize_cubic", [helper.make_node("Resize", ["x", "empty", "sc"], ["y"], name="up",
                                           mode="cubic")],
         x, ["y"], [e, const("sc", np.array([1, 1, 2, 2], np.float32))])
    save("resize_crop_linear",
         [helper.make_node("Resize", ["x", "empty", "sc"], ["y"], name="crop", mode="linear",
                           coordinate_transformation_mode="tf_crop_and_resize")],
         x, ["y"], [e, const("sc", np.array([1, 1, 2, 2], np.float32))])
    save("resize_runtime_scales",
         [helper.make_node("Relu", ["s"], ["s2"]),
          helper.make_node("Resize", ["x", "empty", "s2"], ["y"], name="up", mode="linear")],
         x + [f32("s", [4])], ["y"], [e])
    save("pad_unknown_mode", [helper.make_node("Pad", ["x", "p"], ["y"], name="pad", mode="wrap")],
         x, ["y"], [const("p", np.array([0, 0, 1, 1, 0, 0, 1, 1], np.int64))], opset=13)
    save("pad_reflect_too_wide",
         [helper.make_node("Pad", ["x", "p"], ["y"], name="pad", mode="reflect")],
         x, ["y"], [const("p", np.array([0, 0, 4, 1, 0, 0, 1, 1], np.int64))])
    save("gather_index_out_of_range",
         [helper.make_node("Gather", ["x", "i"], ["y"], name="pick", axis=1)],
         x, ["y"], [const("i", np.array([0, 2], np.int64))])
    save("expand_bad_shape",
         [helper.make_node("Expand", ["x", "s"], ["y"], name="grow")],
         x, ["y"], [const("s", np.array([1, 3, 4, 4], np.int64))], check=False)
    save("expand_huge",
         [helper.make_node("Expand", ["x", "s"], ["y"], name="grow")],
         x, ["y"], [const("s", np.array([1000000000, 1000000000, 1, 1, 1], np.int64))],
         check=False)
    save("constant_of_shape_huge",
         [helper.make_node("ConstantOfShape", ["s"], ["c"], name="fill"),
          helper.make_node("Add", ["x", "c"], ["y"])],
         x, ["y"], [const("s", np.array([100000, 100000, 100000], np.int64))], check=False)
    save("range_huge",
         [helper.make_node("Range", ["a", "b", "d"], ["r"], name="iota"),
          helper.make_node("Reshape", ["x", "r"], ["y"])],
         x, ["y"], [const("a", np.int64(0)), const("b", np.int64(10**12)), const("d", np.int64(1))], check=False)
    save("shape_div_by_zero",
         [helper.make_node("Shape", ["x"], ["s"]),
          helper.make_node("Div", ["s", "z"], ["t"], name="halve"),
          helper.make_node("Reshape", ["x", "t"], ["y"])],
         x, ["y"], [const("z", np.array([1, 0, 1, 1], np.int64))], check=False)
    save("where_runtime_condition",
         [helper.make_node("Greater", ["x", "zero"], ["c"], name="positive"),
          helper.make_node("Where", ["c", "x", "zero"], ["y"], name="select")],
         x, ["y"], [const("zero", np.array([0], np.float32))])
    OUT = saved


def main():
    os.makedirs(OUT, exist_ok=True)
    which = sys.argv[1:]
    for f in (shape_subgraph, float_shape_subgraph, gather_expand_where, focus_slices,
              softmax_opset11,
              resize_modes, upsample_opset9, pad_modes, conv_transpose, errors):
        if not which or f.__name__ in which:
            f()


if __name__ == "__main__":
    main()
