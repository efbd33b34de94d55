#!/usr/bin/python3
"""Generates transformers of the RMSNorm class as exporters write them (Debian's
python3-onnx, numpy; weights seeded): a second family beside gen_transformers.py's BERT /
ViT / GPT-2, for the blocks those do not have.

  llama_a   LLaMA-style decoder at opset 13, as torch.onnx writes it: input_ids int64
            [1, sequence]; RMSNorm written out (Pow 2, ReduceMean, Add eps, Sqrt,
            Reciprocal, Mul, Mul by the weight); rotary position embeddings (cos / sin
            tables gathered by position ids from Range; rotate_half by Slice, Neg,
            Concat); no biases; causal mask by Where; SwiGLU MLP (x * Sigmoid(x) times the
            up projection); output `logits`.
  llama_b   the same block at opset 17 as other exporters write it: the mean as ReduceSum
            (axes an input) divided by the Cast of a Shape dimension, RMSNorm by Div by
            Sqrt, Split for
            rotate_half, grouped-query attention (fewer key / value heads, repeated by
            Unsqueeze / Expand / Reshape), an additive float causal mask from Trilu.
  llama_a_kv  llama_a as a decoding step with a key / value cache (as exporters write
            decoder_with_past): per layer inputs past_key_values.L.key / .value
            [1, heads, past_sequence, head_dim] concatenated before the new keys and
            values and returned as present.L.key / .value; positions (rotary and the
            causal mask) offset by the cached length. Bind both lengths with --shape
            input_ids=1x1 --shape past_key_values.0.key=1x4x15x16 (and each cache input).
  t5_a      T5-style encoder at opset 13: RMSNorm (Div by Sqrt), an attention bias
            (relative position, a constant [1, H, S, S]) added to unscaled scores, ReLU
            FFN without biases, an attention_mask input; output `last_hidden_state`.

The sequence length is symbolic: bind it with --shape input_ids=1x16. Run from this
directory with no arguments to write small models (hidden 64, 4 heads, 2 layers); real
sizes go elsewhere (--hidden 768 --heads 12 --seq 128 --out /tmp/rms768).
"""
import argparse
import os

import numpy as np
import onnx
from onnx import TensorProto, helper

import gen_transformers

F, I64, BOOL = TensorProto.FLOAT, TensorProto.INT64, TensorProto.BOOL


class Builder(gen_transformers.Builder):
    """gen_transformers' builder (names, seeded weights) with this family's blocks."""

    def __init__(self, seed, opset):
        super().__init__(seed)
        self.opset = opset

    def reduce_mean(self, x):
        if self.opset >= 17:  # the mean as ReduceSum / D (an exporter's decomposition)
            s = self.op("ReduceSum", [x, self.ints([-1], "axes")], keepdims=1)
            return self.op("Div", [s, self.op("Cast", [self.op("Gather", [
                self.op("Shape", [x]), self.ints(-1, "idx")], axis=0)], to=F)])
        return self.op("ReduceMean", [x], axes=[-1], keepdims=1)

    def rms_norm(self, x, D, base, div):
        w = self.const(1.0 + 0.1 * self.rng.standard_normal(D), base=base + ".weight")
        var = self.reduce_mean(self.op("Pow", [x, self.const(2.0)]))
        den = self.op("Sqrt", [self.op("Add", [var, self.const(1e-6)])])
        if div:
            y = self.op("Div", [x, den])
        else:
            y = self.op("Mul", [x, self.op("Reciprocal", [den])])
        return self.op("Mul", [w, y])

    def linear(self, x, n_in, n_out, base):
        return self.op("MatMul", [x, self.weight([n_in, n_out], base + ".weight")])

    def heads(self, x, h, dh):
        """[1, S, h * dh] -> [1, h, S, dh]"""
        r = self.op("Reshape", [x, self.ints([1, -1, h, dh])])
        return self.op("Transpose", [r], perm=[0, 2, 1, 3])

    def rotate_half(self, x, dh):
        if self.opset >= 17:
            x1, x2 = self.op("Split", [x, self.ints([dh // 2, dh // 2], "split")], n_out=2,
                             axis=-1)
        else:
            x1 = self.op("Slice", [x, self.ints([0]), self.ints([dh // 2]), self.ints([-1])])
            x2 = self.op("Slice", [x, self.ints([dh // 2]), self.ints([2 ** 62]), self.ints([-1])])
        return self.op("Concat", [self.op("Neg", [x2]), x1], axis=-1)

    def rope(self, x, cos, sin, dh):
        return self.op("Add", [self.op("Mul", [x, cos]),
                               self.op("Mul", [self.rotate_half(x, dh), sin])])


def make_model(b, name, inputs, outputs, path):
    g = helper.make_graph(b.nodes, name, inputs, outputs, b.inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", b.opset)],
                          producer_name="vfuse-tests")
    m.ir_version = 8
    onnx.checker.check_model(m, full_check=True)
    onnx.save(m, path)
    print(f"{path}: {os.path.getsize(path)} bytes")


def llama(a, style, path, kv_cache=False):
    b = Builder(11 if style == "a" else 12, 13 if style == "a" else 17)
    D, H, L = a.hidden, a.heads, a.layers
    dh = D // H
    KV = H if style == "a" else max(1, H // 4)  # grouped-query attention in style b
    ffn = a.ffn or (8 * D // 3 + 63) // 64 * 64
    x = b.op("Gather", [b.weight([a.vocab, D], "embed_tokens", 0.5), "input_ids"], axis=0)
    S = b.op("Gather", [b.op("Shape", ["input_ids"]), b.ints(1, "idx")], axis=0)
    S1 = b.op("Unsqueeze", [S, b.ints([0], "axes")])
    past = []  # the key / value cache inputs of each layer, [1, KV, past, dh]
    if kv_cache:  # the queries sit at positions P .. P + S - 1 after P cached ones
        past = [(f"past_key_values.{l}.key", f"past_key_values.{l}.value") for l in range(a.layers)]
        P = b.op("Gather", [b.op("Shape", [past[0][0]]), b.ints(2, "idx")], axis=0)
        pos = b.op("Range", [P, b.op("Add", [P, S]), b.ints(1, "delta")])
        kpos = b.op("Range", [b.ints(0, "start"), b.op("Add", [P, S]), b.ints(1, "delta")])
    else:
        pos = kpos = b.op("Range", [b.ints(0, "start"), S, b.ints(1, "delta")])
    inv = 1.0 / (10000.0 ** (np.arange(0, dh, 2) / dh))
    ang = np.arange(a.seq)[:, None] * inv[None, :]
    ang = np.concatenate([ang, ang], axis=1)
    cos = b.op("Gather", [b.const(np.cos(ang), base="cos_cached"), pos], axis=0)
    sin = b.op("Gather", [b.const(np.sin(ang), base="sin_cached"), pos], axis=0)
    cos = b.op("Unsqueeze", [cos, b.ints([0, 1], "axes")])  # [1, 1, S, dh]
    sin = b.op("Unsqueeze", [sin, b.ints([0, 1], "axes")])
    if style == "a":  # key position <= query position, as a boolean for Where
        rows = b.op("Unsqueeze", [pos, b.ints([1], "axes")])
        cols = b.op("Unsqueeze", [kpos, b.ints([0], "axes")])
        causal = b.op("LessOrEqual", [cols, rows])
        mask = None
    else:  # an additive float mask: 0 on and below the diagonal, min float above
        full = b.op("ConstantOfShape", [b.op("Concat", [S1, S1], axis=0)],
                    value=helper.make_tensor("lo", F, [1], [-3.4028234663852886e38]))
        mask = b.op("Trilu", [full, b.ints(1, "k")], upper=1)
        causal = None
    for l in range(L):
        p = f"layers.{l}"
        h = b.rms_norm(x, D, p + ".input_layernorm", div=style == "b")
        q = b.rope(b.heads(b.linear(h, D, D, p + ".q_proj"), H, dh), cos, sin, dh)
        k = b.rope(b.heads(b.linear(h, D, KV * dh, p + ".k_proj"), KV, dh), cos, sin, dh)
        v = b.heads(b.linear(h, D, KV * dh, p + ".v_proj"), KV, dh)
        if kv_cache:  # the new keys and values after the cached ones, returned as present
            k = b.op("Concat", [past[l][0], k], axis=2)
            v = b.op("Concat", [past[l][1], v], axis=2)
            b.op("Identity", [k], out=f"present.{l}.key")
            b.op("Identity", [v], out=f"present.{l}.value")
        if KV != H:  # repeat_kv: [1, KV, S, dh] -> [1, KV, H / KV, S, dh] -> [1, H, S, dh]
            shape5 = b.op("Concat", [b.ints([1, KV, H // KV]), S1, b.ints([dh])], axis=0)
            shape4 = b.op("Concat", [b.ints([1, H]), S1, b.ints([dh])], axis=0)
            k, v = [b.op("Reshape", [b.op("Expand", [b.op("Unsqueeze", [t, b.ints([2], "axes")]),
                                                     shape5]), shape4]) for t in (k, v)]
        sc = b.op("MatMul", [q, b.op("Transpose", [k], perm=[0, 1, 3, 2])])
        sc = b.op("Div", [sc, b.const(np.sqrt(dh))])
        if causal is not None:
            sc = b.op("Where", [causal, sc, b.const(-3.4028234663852886e38)])
        else:
            sc = b.op("Add", [sc, mask])
        o = b.op("MatMul", [b.op("Softmax", [sc], axis=-1), v])
        o = b.op("Reshape", [b.op("Transpose", [o], perm=[0, 2, 1, 3]), b.ints([1, -1, D])])
        x = b.op("Add", [x, b.linear(o, D, D, p + ".o_proj")])
        h = b.rms_norm(x, D, p + ".post_attention_layernorm", div=style == "b")
        g = b.linear(h, D, ffn, p + ".gate_proj")
        act = b.op("Mul", [g, b.op("Sigmoid", [g])])
        up = b.linear(h, D, ffn, p + ".up_proj")
        x = b.op("Add", [x, b.linear(b.op("Mul", [act, up]), ffn, D, p + ".down_proj")])
    x = b.rms_norm(x, D, "norm", div=style == "b")
    b.op("MatMul", [x, b.weight([D, a.vocab], "lm_head")], out="logits")
    inputs = [helper.make_tensor_value_info("input_ids", I64, [1, "sequence"])]
    outputs = [helper.make_tensor_value_info("logits", F, [1, "sequence", a.vocab])]
    for l, (pk, pv) in enumerate(past):
        inputs += [helper.make_tensor_value_info(t, F, [1, KV, "past_sequence", dh]) for t in (pk, pv)]
        outputs += [helper.make_tensor_value_info(f"present.{l}.{t}", F,
                                                  [1, KV, "total_sequence", dh])
                    for t in ("key", "value")]
    make_model(b, "llama", inputs, outputs, path)


def t5(a, path):
    b = Builder(13, 13)
    D, H, L = a.hidden, a.heads, a.layers
    dh = D // H
    x = b.op("Gather", [b.weight([a.vocab, D], "shared", 0.5), "input_ids"], axis=0)
    S = b.op("Gather", [b.op("Shape", ["input_ids"]), b.ints(1, "idx")], axis=0)
    S1 = b.op("Unsqueeze", [S, b.ints([0], "axes")])
    # relative position bias: a table [1, H, max, max] sliced to the sequence
    bias = b.weight([1, H, a.seq, a.seq], "relative_attention_bias", 0.5)
    bias = b.op("Slice", [bias, b.ints([0, 0]), b.op("Concat", [S1, S1], axis=0),
                          b.ints([2, 3])])
    m = b.op("Cast", [b.op("Unsqueeze", ["attention_mask", b.ints([1, 2], "axes")])], to=F)
    bias = b.op("Add", [bias, b.op("Mul", [b.op("Sub", [b.const(1.0), m]),
                                           b.const(-3.4028234663852886e38)])])
    for l in range(L):
        p = f"block.{l}"
        h = b.rms_norm(x, D, p + ".layer_norm_0", div=True)
        q = b.heads(b.linear(h, D, D, p + ".q"), H, dh)
        k = b.heads(b.linear(h, D, D, p + ".k"), H, dh)
        v = b.heads(b.linear(h, D, D, p + ".v"), H, dh)
        sc = b.op("Add", [b.op("MatMul", [q, b.op("Transpose", [k], perm=[0, 1, 3, 2])]), bias])
        o = b.op("MatMul", [b.op("Softmax", [sc], axis=-1), v])
        o = b.op("Reshape", [b.op("Transpose", [o], perm=[0, 2, 1, 3]), b.ints([1, -1, D])])
        x = b.op("Add", [x, b.linear(o, D, D, p + ".o")])
        h = b.rms_norm(x, D, p + ".layer_norm_1", div=True)
        h = b.op("Relu", [b.linear(h, D, 4 * D, p + ".wi")])
        x = b.op("Add", [x, b.linear(h, 4 * D, D, p + ".wo")])
    x = b.rms_norm(x, D, "final_layer_norm", div=True)
    b.op("Identity", [x], out="last_hidden_state")
    make_model(b, "t5", [helper.make_tensor_value_info("input_ids", I64, [1, "sequence"]),
                         helper.make_tensor_value_info("attention_mask", I64, [1, "sequence"])],
               [helper.make_tensor_value_info("last_hidden_state", F, [1, "sequence", D])],
               path)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--ffn", type=int, default=0, help="MLP width (default: 8/3 hidden)")
    p.add_argument("--seq", type=int, default=16, help="the largest sequence")
    p.add_argument("--vocab", type=int, default=256)
    p.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    p.add_argument("--only", default="", help="comma-separated model names (default: all)")
    a = p.parse_args()
    assert a.hidden % a.heads == 0 and (a.hidden // a.heads) % 2 == 0
    os.makedirs(a.out, exist_ok=True)
    jobs = {"llama_a": lambda f: llama(a, "a", f), "llama_b": lambda f: llama(a, "b", f),
            "llama_a_kv": lambda f: llama(a, "a", f, kv_cache=True),
            "t5_a": lambda f: t5(a, f)}
    only = [n for n in a.only.split(",") if n]
    for name, job in jobs.items():
        if not only or name in only:
            job(os.path.join(a.out, name + ".onnx"))


if __name__ == "__main__":
    main()
