#!/usr/bin/python3
"""Generates tests/transformers/distilbert_masks.onnx (Debian's python3-onnx, seeded
weights): one attention layer with its run-time mask written as DistilBERT and HF's
masked_fill export it — `Equal(attention_mask, 0)` reshaped to [1, 1, 1, S], expanded to
the scores' shape and applied by `Where(mask, lowest, scores)` — and two more readers of
the same kind of boolean: `Cast(Not(Equal(mask, 0)), FLOAT)` and `Where(Equal(mask, 0),
0.25, 1)` read directly (the branches swapped for the negated condition). Run from this
directory: /usr/bin/python3 gen_masks.py; check with --shape input_ids=1x8 --shape
attention_mask=1x8 (seeded masks hold zeros)."""
import numpy as np, onnx
from onnx import helper, TensorProto as T, numpy_helper
rng=np.random.default_rng(0)
D,H=32,4; dh=D//H
inits=[]; nodes=[]; cnt=[0]
def c(arr, dt=np.float32):
    cnt[0]+=1; name=f"c{cnt[0]}"; inits.append(numpy_helper.from_array(np.array(arr).astype(dt), name)); return name
def n(op, ins, **kw):
    cnt[0]+=1; out=f"{op.lower()}_{cnt[0]}"; nodes.append(helper.make_node(op, ins, [out], **kw)); return out
x = n("Gather", [c(rng.standard_normal((50,D))*0.5), "input_ids"], axis=0)
def heads(t): return n("Transpose", [n("Reshape", [t, c([1,-1,H,dh], np.int64)])], perm=[0,2,1,3])
q = heads(n("MatMul", [x, c(rng.standard_normal((D,D))/6)]))
k = heads(n("MatMul", [x, c(rng.standard_normal((D,D))/6)]))
v = heads(n("MatMul", [x, c(rng.standard_normal((D,D))/6)]))
sc = n("MatMul", [n("Div", [q, c(np.sqrt(dh))]), n("Transpose", [k], perm=[0,1,3,2])])
# DistilBERT: mask = (attention_mask == 0).view(1, 1, 1, S).expand_as(scores); masked_fill
m = n("Equal", ["attention_mask", c(0, np.int64)])
m = n("Reshape", [m, c([1,1,1,-1], np.int64)])
m = n("Expand", [m, n("Shape", [sc])])
sc = n("Where", [m, c(-3.4028234663852886e38), sc])
o = n("MatMul", [n("Softmax", [sc], axis=-1), v])
o = n("Reshape", [n("Transpose", [o], perm=[0,2,1,3]), c([1,-1,D], np.int64)])
# a keep-mask as float by Not and Cast, multiplied in (padding tokens zeroed)
keep = n("Cast", [n("Not", [n("Equal", ["attention_mask", c(0, np.int64)])])], to=T.FLOAT)
keep = n("Unsqueeze", [keep, c([2], np.int64)])
keep2 = n("Where", [n("Equal", ["attention_mask", c(0, np.int64)]), c(0.25), c(1.0)])
keep2 = n("Unsqueeze", [keep2, c([2], np.int64)])
nodes.append(helper.make_node("Mul", [n("Mul", [o, keep]), keep2], ["y"]))
g = helper.make_graph(nodes, "db", [
    helper.make_tensor_value_info("input_ids", T.INT64, [1, "seq"]),
    helper.make_tensor_value_info("attention_mask", T.INT64, [1, "seq"])],
    [helper.make_tensor_value_info("y", T.FLOAT, [1, "seq", D])], inits)
m = helper.make_model(g, opset_imports=[helper.make_opsetid("",13)]); m.ir_version=8
onnx.checker.check_model(m, full_check=True); onnx.save(m, "distilbert_masks.onnx")
