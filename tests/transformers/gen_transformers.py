#!/usr/bin/python3
"""Generates transformer models as exporters write them (Debian's python3-onnx, numpy;
weights seeded), for issue 30: three architectures in two exporter styles.

  bert_{a,b}   BERT-style encoder: input_ids int64 [1, sequence], attention_mask int64
               [1, sequence]; token + position embeddings by Gather; post-LN layers; a
               pooler (first token, Gemm, Tanh) output `pooler_output` through an
               Identity, and `last_hidden_state`.
  vit_{a,b}    ViT-style classifier: pixel_values [1, 3, image, image]; patch embedding by
               Conv with stride patch; class token Concat; position Add; pre-LN layers;
               final LayerNorm; head on the class token; output `logits`.
  gpt2_{a,b}   GPT-2-style decoder: input_ids int64 [1, sequence]; causal mask; fused QKV
               projection split; tied LM head; output `logits`.
  *_embeds     (bert and gpt2) the same graph fed by float `inputs_embeds` [1, sequence,
               hidden] instead of token ids (bert_a_embeds keeps a float attention_mask,
               bert_b_embeds has none), as exporters write a model called with
               inputs_embeds.

Style a, as torch.onnx writes at opset 13: LayerNorm written out (ReduceMean, Sub, Pow 2,
ReduceMean, Add eps, Sqrt, Div, Mul, Add); GELU x * 0.5 * (1 + Erf(x / 1.4142135));
attention MatMul(Q, K^T), Div by sqrt(head_dim), additive mask, Softmax(-1), MatMul V;
heads split / merged by Reshape with the shape computed by Shape, Gather, Unsqueeze,
Concat, and Transpose; Linear as MatMul + Add with transposed initializers; the mask
(1 - m) * -10000 by Cast / Sub / Mul; the causal mask by Range / Unsqueeze / LessOrEqual /
Where / Expand; QKV split by Split.
Style b, as opset 17 exporters and other tools write: LayerNormalization; attention scaled
by Mul with 1 / sqrt(d) on 3-D x 3-D batched MatMuls; constant reshape shapes; Gemm
(transB) and MatMul with bias; GELU in tanh form (gpt2) or erf with Mul by 0.70710677;
the mask by Where on a boolean; the causal mask by ConstantOfShape / Trilu / Equal / Not /
Where; QKV split by Slice with steps (the fused projection's channels interleaved);
position ids by Slice of a constant buffer.

The sequence length is symbolic (dim_param "sequence"): bind it with
--shape input_ids=1x16 (attention_mask / inputs_embeds likewise).

Run from this directory with no arguments to write the small models committed here
(hidden 64, 4 heads, 2 layers, vocab 256, image 32 patch 8). Real sizes go elsewhere:
  gen_transformers.py --hidden 768 --heads 12 --layers 2 --seq 128 --vocab 30522 \\
      --image 224 --patch 16 --out /tmp/tf768
(50+ MB each: never commit those).
"""
import argparse
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F, I64, BOOL = TensorProto.FLOAT, TensorProto.INT64, TensorProto.BOOL


class Builder:
    """Nodes and initializers of one graph, with unique names, seeded weights."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.nodes, self.inits, self.count = [], [], {}

    def name(self, base):
        k = self.count.get(base, 0)
        self.count[base] = k + 1
        return f"{base}_{k}" if k else base

    def op(self, op_type, inputs, n_out=1, out=None, **attrs):
        outs = [out] if out else [self.name(op_type.lower()) for _ in range(n_out)]
        self.nodes.append(helper.make_node(op_type, inputs, outs, name=self.name("/" + op_type),
                                           **attrs))
        return outs[0] if n_out == 1 else outs

    def const(self, value, dtype=np.float32, base="const"):
        name = self.name(base)
        self.inits.append(numpy_helper.from_array(np.array(value, dtype=dtype), name))
        return name

    def weight(self, shape, base, scale=None):
        scale = scale if scale is not None else 1.0 / np.sqrt(shape[0])
        return self.const(self.rng.standard_normal(shape) * scale, base=base)

    def ints(self, v, base="shape"):
        return self.const(v, np.int64, base)


class Style:
    """How one exporter writes the shared building blocks."""

    def __init__(self, b, style, hidden, heads, act):
        self.b, self.s, self.D, self.H, self.act = b, style, hidden, heads, act
        self.dh = hidden // heads

    # Linear: torch's [out, in] weight, exported transposed for MatMul (style a) or kept
    # with Gemm transB=1 on a 2-D view (style b, `gemm=True`), or MatMul + Add.
    def linear(self, x, n_in, n_out, base, gemm=False):
        b = self.b
        if gemm:
            w = b.weight([n_out, n_in], base + ".weight", 1.0 / np.sqrt(n_in))
            bias = b.weight([n_out], base + ".bias", 0.1)
            x2 = b.op("Reshape", [x, b.ints([-1, n_in])])
            y2 = b.op("Gemm", [x2, w, bias], transB=1)
            return b.op("Reshape", [y2, b.ints([1, -1, n_out])])
        w = b.weight([n_in, n_out], base + ".weight")
        bias = b.weight([n_out], base + ".bias", 0.1)
        return b.op("Add", [b.op("MatMul", [x, w]), bias])

    def layer_norm(self, x, base):
        b, D = self.b, self.D
        g = b.const(1.0 + 0.1 * b.rng.standard_normal(D), base=base + ".weight")
        beta = b.const(0.1 * b.rng.standard_normal(D), base=base + ".bias")
        if self.s == "b":
            return b.op("LayerNormalization", [x, g, beta], axis=-1, epsilon=1e-5)
        mean = b.op("ReduceMean", [x], axes=[-1])
        d = b.op("Sub", [x, mean])
        var = b.op("ReduceMean", [b.op("Pow", [d, b.const(2.0)])], axes=[-1])
        den = b.op("Sqrt", [b.op("Add", [var, b.const(1e-5)])])
        return b.op("Add", [b.op("Mul", [b.op("Div", [d, den]), g]), beta])

    def gelu(self, x):
        b = self.b
        if self.act == "tanh":  # GPT-2's gelu_new
            c = b.op("Mul", [b.op("Pow", [x, b.const(3.0)]), b.const(0.044715)])
            t = b.op("Tanh", [b.op("Mul", [b.op("Add", [x, c]), b.const(0.7978845608028654)])])
            return b.op("Mul", [b.op("Mul", [x, b.const(0.5)]), b.op("Add", [t, b.const(1.0)])])
        if self.s == "a":
            e = b.op("Erf", [b.op("Div", [x, b.const(1.4142135)])])
        else:
            e = b.op("Erf", [b.op("Mul", [x, b.const(0.70710677)])])
        return b.op("Mul", [b.op("Mul", [x, b.op("Add", [e, b.const(1.0)])]), b.const(0.5)])

    def dims(self, x, idx):
        """Style a: dimension `idx` of x as a 1-element int64 vector, from Shape."""
        b = self.b
        s = b.op("Gather", [b.op("Shape", [x]), b.ints(idx, "idx")], axis=0)
        return b.op("Unsqueeze", [s, b.ints([0], "axes")])

    def split_heads(self, x):
        """[1, S, D] -> [1, H, S, dh] (style a) or [H, S, dh] (style b)."""
        b = self.b
        if self.s == "a":
            shape = b.op("Concat", [self.dims(x, 0), self.dims(x, 1), b.ints([self.H, self.dh])],
                         axis=0)
            return b.op("Transpose", [b.op("Reshape", [x, shape])], perm=[0, 2, 1, 3])
        r = b.op("Reshape", [x, b.ints([0, 0, self.H, self.dh])])
        t = b.op("Transpose", [r], perm=[0, 2, 1, 3])
        return b.op("Reshape", [t, b.ints([self.H, -1, self.dh])])

    def merge_heads(self, x, like):
        b = self.b
        if self.s == "a":
            t = b.op("Transpose", [x], perm=[0, 2, 1, 3])
            shape = b.op("Concat", [self.dims(like, 0), self.dims(like, 1), b.ints([self.D])],
                         axis=0)
            return b.op("Reshape", [t, shape])
        r = b.op("Reshape", [x, b.ints([1, self.H, -1, self.dh])])
        t = b.op("Transpose", [r], perm=[0, 2, 1, 3])
        return b.op("Reshape", [t, b.ints([1, -1, self.D])])

    def attention(self, q, k, v, like, mask=None, causal=None):
        """q, k, v [1, S, D]; mask additive [1, 1, 1, S] or [1, 1, S, S]; causal: a boolean
        [.., S, S] condition for Where (True keeps the score)."""
        b = self.b
        q, k, v = self.split_heads(q), self.split_heads(k), self.split_heads(v)
        if self.s == "a":
            kt = b.op("Transpose", [k], perm=[0, 1, 3, 2])
            sc = b.op("Div", [b.op("MatMul", [q, kt]), b.const(np.sqrt(self.dh))])
        else:
            kt = b.op("Transpose", [k], perm=[0, 2, 1])
            sc = b.op("Mul", [b.op("MatMul", [q, kt]), b.const(1.0 / np.sqrt(self.dh))])
        if causal is not None:
            sc = b.op("Where", [causal, sc, b.const(-3.4028234663852886e38)])
        if mask is not None:
            if self.s == "b":
                mask = b.op("Reshape", [mask, b.ints([1, 1, -1])])
            sc = b.op("Add", [sc, mask])
        p = b.op("Softmax", [sc], axis=-1)
        return self.merge_heads(b.op("MatMul", [p, v]), like)


def make_model(b, name, inputs, outputs, opset, path):
    g = helper.make_graph(b.nodes, name, inputs, outputs, b.inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)],
                          producer_name="vfuse-tests")
    m.ir_version = 8
    onnx.checker.check_model(m, full_check=True)
    onnx.save(m, path)
    print(f"{path}: {os.path.getsize(path)} bytes")


def ids_input(name):
    return helper.make_tensor_value_info(name, I64, [1, "sequence"])


def embeds_input(D):
    return helper.make_tensor_value_info("inputs_embeds", F, [1, "sequence", D])


def bert(a, style, path, embeds=False):
    b = Builder(1 if style == "a" else 2)
    D, H, L = a.hidden, a.heads, a.layers
    st = Style(b, style, D, H, "erf")
    inputs = []
    if embeds:
        inputs.append(embeds_input(D))
        x, src = "inputs_embeds", "inputs_embeds"
    else:
        inputs.append(ids_input("input_ids"))
        x = b.op("Gather", [b.weight([a.vocab, D], "word_embeddings", 0.5), "input_ids"], axis=0)
        src = "input_ids"
    pos_table = b.weight([a.max_pos, D], "position_embeddings", 0.5)
    if style == "a":  # position ids by Range over the sequence length
        S = b.op("Gather", [b.op("Shape", [src]), b.ints(1, "idx")], axis=0)
        pos = b.op("Range", [b.ints(0, "start"), S, b.ints(1, "delta")])
        pos = b.op("Unsqueeze", [pos, b.ints([0], "axes")])
    else:  # a slice of the registered position_ids buffer
        buf = b.ints(np.arange(a.max_pos)[None, :], "position_ids")
        end = b.op("Slice", [b.op("Shape", [src]), b.ints([1]), b.ints([2])])
        pos = b.op("Slice", [buf, b.ints([0]), end, b.ints([1]), b.ints([1])])
    x = b.op("Add", [x, b.op("Gather", [pos_table, pos], axis=0)])
    x = st.layer_norm(x, "embeddings.LayerNorm")
    mask = None
    if not (embeds and style == "b"):
        mdt = F if embeds else I64
        inputs.append(helper.make_tensor_value_info("attention_mask", mdt, [1, "sequence"]))
        if style == "a":
            m = b.op("Unsqueeze", ["attention_mask", b.ints([1, 2], "axes")])
            m = b.op("Cast", [m], to=F)
            mask = b.op("Mul", [b.op("Sub", [b.const(1.0), m]), b.const(-10000.0)])
        else:
            keep = b.op("Cast", ["attention_mask"], to=BOOL)
            mask = b.op("Where", [keep, b.const(0.0), b.const(-10000.0)])
    for l in range(L):
        p = f"layer.{l}"
        q = st.linear(x, D, D, p + ".query")
        k = st.linear(x, D, D, p + ".key")
        v = st.linear(x, D, D, p + ".value")
        att = st.linear(st.attention(q, k, v, x, mask=mask), D, D, p + ".attn_out",
                        gemm=style == "b")
        x = st.layer_norm(b.op("Add", [att, x]), p + ".attn_ln")
        h = st.gelu(st.linear(x, D, 4 * D, p + ".intermediate", gemm=style == "b"))
        h = st.linear(h, 4 * D, D, p + ".output")
        x = st.layer_norm(b.op("Add", [h, x]), p + ".out_ln")
    b.op("Identity", [x], out="last_hidden_state")
    first = b.op("Gather", [x, b.ints(0, "idx")], axis=1)  # [1, D]
    w = b.weight([D, D], "pooler.weight")
    pooled = b.op("Tanh", [b.op("Gemm", [first, w, b.weight([D], "pooler.bias", 0.1)],
                                transB=1)])
    b.op("Identity", [pooled], out="pooler_output")
    outs = [helper.make_tensor_value_info("last_hidden_state", F, [1, "sequence", D]),
            helper.make_tensor_value_info("pooler_output", F, [1, D])]
    make_model(b, "bert", inputs, outs, 13 if style == "a" else 17, path)


def vit(a, style, path):
    b = Builder(3 if style == "a" else 4)
    D, H, L, P = a.hidden, a.heads, a.layers, a.patch
    st = Style(b, style, D, H, "erf")
    n_patch = (a.image // P) ** 2
    conv = b.op("Conv", ["pixel_values", b.weight([D, 3, P, P], "patch.weight",
                                                   1.0 / np.sqrt(3 * P * P)),
                         b.weight([D], "patch.bias", 0.1)], kernel_shape=[P, P], strides=[P, P])
    cls = b.weight([1, 1, D], "cls_token", 0.5)
    if style == "a":  # flatten(2) from Shape, then transpose; cls expanded to the batch
        shape = b.op("Concat", [st.dims(conv, 0), st.dims(conv, 1), b.ints([-1])], axis=0)
        x = b.op("Transpose", [b.op("Reshape", [conv, shape])], perm=[0, 2, 1])
        batch = b.op("Concat", [st.dims(conv, 0), b.ints([1, 1])], axis=0)
        cls = b.op("Expand", [cls, batch])
    else:
        x = b.op("Transpose", [b.op("Reshape", [conv, b.ints([1, D, n_patch])])], perm=[0, 2, 1])
    x = b.op("Concat", [cls, x], axis=1)
    x = b.op("Add", [x, b.weight([1, n_patch + 1, D], "position_embeddings", 0.5)])
    for l in range(L):
        p = f"layer.{l}"
        h = st.layer_norm(x, p + ".ln_before")
        q = st.linear(h, D, D, p + ".query")
        k = st.linear(h, D, D, p + ".key")
        v = st.linear(h, D, D, p + ".value")
        x = b.op("Add", [st.linear(st.attention(q, k, v, h), D, D, p + ".attn_out"), x])
        h = st.layer_norm(x, p + ".ln_after")
        h = st.gelu(st.linear(h, D, 4 * D, p + ".intermediate", gemm=style == "b"))
        x = b.op("Add", [st.linear(h, 4 * D, D, p + ".output", gemm=style == "b"), x])
    x = st.layer_norm(x, "layernorm")
    if style == "a":
        first = b.op("Gather", [x, b.ints(0, "idx")], axis=1)
    else:
        first = b.op("Reshape", [b.op("Slice", [x, b.ints([0]), b.ints([1]), b.ints([1])]),
                                 b.ints([1, D])])
    w = b.weight([a.classes, D], "classifier.weight", 1.0 / np.sqrt(D))
    b.op("Gemm", [first, w, b.weight([a.classes], "classifier.bias", 0.1)], transB=1,
         out="logits")
    make_model(b, "vit",
               [helper.make_tensor_value_info("pixel_values", F, [1, 3, a.image, a.image])],
               [helper.make_tensor_value_info("logits", F, [1, a.classes])],
               13 if style == "a" else 17, path)


def gpt2(a, style, path, embeds=False):
    b = Builder(5 if style == "a" else 6)
    D, H, L = a.hidden, a.heads, a.layers
    st = Style(b, style, D, H, "tanh")
    wte = b.weight([a.vocab, D], "wte", 0.5)
    if embeds:
        inputs, src, x = [embeds_input(D)], "inputs_embeds", "inputs_embeds"
    else:
        inputs, src = [ids_input("input_ids")], "input_ids"
        x = b.op("Gather", [wte, "input_ids"], axis=0)
    S = b.op("Gather", [b.op("Shape", [src]), b.ints(1, "idx")], axis=0)
    pos = b.op("Unsqueeze", [b.op("Range", [b.ints(0, "start"), S, b.ints(1, "delta")]),
                             b.ints([0], "axes")])
    x = b.op("Add", [x, b.op("Gather", [b.weight([a.max_pos, D], "wpe", 0.5), pos], axis=0)])
    S1 = b.op("Unsqueeze", [S, b.ints([0], "axes")])
    if style == "a":  # key position <= query position, expanded to [1, H, S, S]
        r = b.op("Range", [b.ints(0, "start"), S, b.ints(1, "delta")])
        rows = b.op("Unsqueeze", [r, b.ints([1], "axes")])
        cols = b.op("Unsqueeze", [r, b.ints([0], "axes")])
        causal = b.op("LessOrEqual", [cols, rows])
        causal = b.op("Unsqueeze", [causal, b.ints([0, 1], "axes")])
        causal = b.op("Expand", [causal, b.op("Concat", [b.ints([1, H]), S1, S1], axis=0)])
    else:  # tril of ones; == 0 marks the future; Not of it is kept
        ones = b.op("ConstantOfShape", [b.op("Concat", [S1, S1], axis=0)],
                    value=helper.make_tensor("one", F, [1], [1.0]))
        tril = b.op("Trilu", [ones], upper=0)
        future = b.op("Equal", [tril, b.const(0.0)])
        causal = b.op("Unsqueeze", [b.op("Not", [future]), b.ints([0], "axes")])
    for l in range(L):
        p = f"h.{l}"
        h = st.layer_norm(x, p + ".ln_1")
        if style == "a":  # Conv1D c_attn: [D, 3D] weight, Split into Q, K, V
            qkv = st.linear(h, D, 3 * D, p + ".c_attn")
            q, k, v = b.op("Split", [qkv, b.ints([D, D, D], "split")], n_out=3, axis=2)
        else:  # channels interleaved q0 k0 v0 q1 ...: Slice with step 3
            qkv = st.linear(h, D, 3 * D, p + ".c_attn")
            q, k, v = [b.op("Slice", [qkv, b.ints([j]), b.ints([3 * D]), b.ints([2]),
                                      b.ints([3])]) for j in range(3)]
        att = st.attention(q, k, v, h, causal=causal)
        x = b.op("Add", [st.linear(att, D, D, p + ".c_proj"), x])
        h = st.layer_norm(x, p + ".ln_2")
        h = st.gelu(st.linear(h, D, 4 * D, p + ".c_fc", gemm=style == "b"))
        x = b.op("Add", [st.linear(h, 4 * D, D, p + ".mlp_proj"), x])
    x = st.layer_norm(x, "ln_f")
    if style == "a":  # tied head: MatMul with the transposed embedding
        b.op("MatMul", [x, b.op("Transpose", [wte], perm=[1, 0])], out="logits")
    else:
        y = b.op("Gemm", [b.op("Reshape", [x, b.ints([-1, D])]), wte], transB=1)
        b.op("Reshape", [y, b.ints([1, -1, a.vocab])], out="logits")
    make_model(b, "gpt2", inputs,
               [helper.make_tensor_value_info("logits", F, [1, "sequence", a.vocab])],
               13 if style == "a" else 17, path)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--seq", type=int, default=16, help="the largest sequence (position table)")
    p.add_argument("--vocab", type=int, default=256)
    p.add_argument("--image", type=int, default=32)
    p.add_argument("--patch", type=int, default=8)
    p.add_argument("--classes", type=int, default=10)
    p.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    p.add_argument("--only", default="", help="comma-separated model names (default: all)")
    a = p.parse_args()
    assert a.hidden % a.heads == 0 and a.image % a.patch == 0
    a.max_pos = a.seq
    os.makedirs(a.out, exist_ok=True)
    jobs = {}
    for s in "ab":
        jobs[f"bert_{s}"] = lambda s=s, f=None: bert(a, s, f)
        jobs[f"bert_{s}_embeds"] = lambda s=s, f=None: bert(a, s, f, embeds=True)
        jobs[f"vit_{s}"] = lambda s=s, f=None: vit(a, s, f)
        jobs[f"gpt2_{s}"] = lambda s=s, f=None: gpt2(a, s, f)
        jobs[f"gpt2_{s}_embeds"] = lambda s=s, f=None: gpt2(a, s, f, embeds=True)
    only = [n for n in a.only.split(",") if n]
    for name, job in jobs.items():
        if not only or name in only:
            job(f=os.path.join(a.out, name + ".onnx"))


if __name__ == "__main__":
    main()
