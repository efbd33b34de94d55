#!/usr/bin/python3
"""Generates tests/check/einsum.onnx (Debian's python3-onnx): Einsum as exporters write
attention and projections with it (docs/onnx.md): projections with "..." ("...d,de->...e"),
attention scores and their weighted sum ("bhid,bhjd->bhij", "bhij,bhjd->bhid"), a
transpose and a sum of one operand ("bhid->bihd", "bihd->bid"), a row-wise dot product
("bid,bid->bi"), an outer product ("bi,j->bij") and an implicit output ("bij,jk": "bik").
Run from this directory: /usr/bin/python3 gen_einsum.py. Weights are seeded."""
from onnx import helper

from gen_common import initializers, save

init = initializers(31)
N = helper.make_node
nodes = [
    N("Einsum", ["x", "wq"], ["q"], equation="...d,de->...e"),
    N("Einsum", ["x", "wk"], ["k"], equation="bhid, de -> bhie"),
    N("Einsum", ["q", "k"], ["s"], equation="bhid,bhjd->bhij"),
    N("Softmax", ["s"], ["p"], axis=-1),
    N("Einsum", ["p", "x"], ["o"], equation="bhij,bhjd->bhid"),
    N("Einsum", ["o"], ["t"], equation="bhid->bihd"),
    N("Einsum", ["t"], ["r"], equation="bihd->bid"),
    N("Einsum", ["r", "x2"], ["u"], equation="bid,bid->bi"),
    N("Einsum", ["u", "v"], ["w"], equation="bi,j->bij"),
    N("Einsum", ["w", "wo"], ["y"], equation="bij,jk"),
]
inits = [init("wq", (16, 16)), init("wk", (16, 16)), init("x2", (1, 8, 16)), init("v", (4,)),
         init("wo", (4, 3))]
save(nodes, inits, "einsum", [1, 2, 8, 16], [1, 8, 3], 13, "einsum.onnx")
