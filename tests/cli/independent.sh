#!/usr/bin/env bash
# End-to-end tests of vfuse verify --independent (docs/independent.md): it passes on
# compile outputs, and fails, naming the region, on edits of model.vfg / model.weights made
# with report.json's hashes recomputed (so that only the checker itself can find them).
# usage: independent.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"

check "verify --help lists --independent" 0 '--independent' -- "$VFUSE" verify --help
"$VFUSE" compile "$SHALLOW" -o "$TMP/r" --cache "$TMP/cache" >/dev/null
"$VFUSE" compile "$SMALL" -o "$TMP/m" --cache "$TMP/cache" >/dev/null
"$VFUSE" compile tests/independent/subtract_relu.relay -o "$TMP/s" --cache "$TMP/cache" >/dev/null
"$VFUSE" compile tests/transformers/bert_a.onnx --shape input_ids=1x16 --shape attention_mask=1x16 -o "$TMP/b" --cache "$TMP/cache" >/dev/null
check "independent: ResNet (shallow)" 0 "^ok: $TMP/r computes what .*resnet_shallow_simplified\.relay computes, region by region" -- "$VFUSE" verify "$TMP/r" --independent
check "independent: every region named" 0 "^    region 2 \('22': conv2d, multiply, add, relu -> fused_conv2d\): [0-9]+ output elements in 16 classes" -- "$VFUSE" verify "$TMP/r" --independent --regions
check "independent: the lowered program checked" 0 "^  program +[0-9]+ instructions \([0-9]+ in place, [0-9]+ fused stages\) over [0-9]+ buffers read what their nodes read; no live value overwritten" -- "$VFUSE" verify "$TMP/r" --independent
check "independent: MobileNet (shallow)" 0 "^ok: $TMP/m computes what" -- "$VFUSE" verify "$TMP/m" --independent
check "independent: a subtract" 0 "^ok: $TMP/s computes what" -- "$VFUSE" verify "$TMP/s" --independent
check "independent: BERT, its GELU-fused dense paired with the model's matmul" 0 "^    region 23 \('mul_4': matmul, add, divide, erf, add, multiply, multiply -> fused_dense\): 4096 output elements in 256 classes .* 1 paired reductions \(0 scaled\)" -- "$VFUSE" verify "$TMP/b" --independent --regions

# edit DIR PYTHON: a copy of DIR in $TMP/e, PYTHON run on it (d = the directory), then the
# hashes of model.vfg and model.weights recomputed in report.json.
edit() {
  rm -rf "$TMP/e" && cp -r "$1" "$TMP/e"
  python3 - "$TMP/e" "$2" <<'PY'
import hashlib, json, re, struct, sys
d, code = sys.argv[1], sys.argv[2]
def vfg(): return open(d + "/model.vfg").read()
def put_vfg(t): open(d + "/model.vfg", "w").write(t)
def constant(name):  # (byte offset, element count) of a constant in model.weights
    m = re.search(r"  %" + re.escape(name) + r" = constant\(Tensor\[\((.*?)\), float32\]\) external\((\d+), (\d+)\)", vfg())
    return int(m.group(2)), int(m.group(3)) // 4
def floats(name):
    off, n = constant(name)
    b = open(d + "/model.weights", "rb").read()
    return list(struct.unpack_from("<%df" % n, b, off))
def line_sub(name, pattern, repl):  # re.sub, once, on the line that defines %name
    put_vfg(re.sub(r"\n  %" + re.escape(name) + r" = [^\n]*",
                   lambda m: re.sub(pattern, repl, m.group(0), count=1), vfg(), count=1))
def raw(name):  # the bytes of a constant of any type, and their offset in model.weights
    m = re.search(r"  %" + re.escape(name) + r" = constant\(Tensor\[\((.*?)\), \w+\]\) external\((\d+), (\d+)\)", vfg())
    off, n = int(m.group(2)), int(m.group(3))
    return bytearray(open(d + "/model.weights", "rb").read()[off:off + n]), off
def put_raw(name, data):
    off = raw(name)[1]
    b = bytearray(open(d + "/model.weights", "rb").read())
    b[off:off + len(data)] = data
    open(d + "/model.weights", "wb").write(b)
def put_floats(name, xs):
    off, n = constant(name)
    b = bytearray(open(d + "/model.weights", "rb").read())
    struct.pack_into("<%df" % n, b, off, *xs)
    open(d + "/model.weights", "wb").write(b)
exec(code)
r = json.load(open(d + "/report.json"))
for f in ("model.vfg", "model.weights"):
    r["hashes"]["output"][f] = hashlib.sha256(open(d + "/" + f, "rb").read()).hexdigest()
json.dump(r, open(d + "/report.json", "w"), indent=1)
PY
}
edit "$TMP/r" 'put_vfg(vfg().replace("activation=\"relu\"", "activation=\"none\"", 1))'
check "edit passes the hash check" 0 'output .*shape \(1, 10\)' -- "$VFUSE" run "$TMP/e"
check "independent: a relu removed" 1 "^FAILED: regions: region 2 \('22': conv2d, multiply, add, relu -> fused_conv2d\) is not proved: refuted: '22' element" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/r" 'put_vfg(vfg().replace("padding=[1, 1, 1, 1], strides=[1, 1]", "padding=[0, 0, 2, 2], strides=[1, 1]", 1))'
check "independent: a padding changed" 1 "^FAILED: regions: region 2 \('22': .*\) is not proved: too large to expand|^FAILED: regions: region 2 \('22': .*\) is not proved: refuted" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/r" '
w = floats("21.w2"); k = len(w) // 16
put_floats("21.w2", w[k:2 * k] + w[:k] + w[2 * k:])'
check "independent: two output channels' weights swapped" 1 "^FAILED: regions: region 2 \('22': .*\) is not proved: (refuted|no value of the model's constants is the ratio .* of the weights of '22' to the model's \(channel 0\))" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/r" 'put_floats("21.w2", [x * (1 + 1e-3) for x in floats("21.w2")])'
check "independent: a folded weight scaled by 1 + 1e-3" 1 "^FAILED: regions: region 2 \('22': .*\) is not proved: (refuted|no value of the model's constants is the ratio)" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/r" '
b = floats("21.b2")
put_floats("21.b2", [b[1], b[0]] + b[2:])'
check "independent: a bias moved to another channel" 1 "^FAILED: regions: region 2 \('22': .*\) is not proved: refuted: '22' element" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/r" 'put_vfg(vfg().replace("%output", "%logits"))'
check "independent: an output renamed" 1 "^FAILED: regions: regions: region 21 lists 'output', which is no node of model.vfg" -- "$VFUSE" verify "$TMP/e" --independent
# ... and in report.json's regions too (the record is not trusted either).
edit "$TMP/r" '
put_vfg(vfg().replace("%output", "%logits"))
r = json.load(open(d + "/report.json"))
for g in r["regions"]:
    g["compiled"] = ["logits" if n == "output" else n for n in g["compiled"]]
json.dump(r, open(d + "/report.json", "w"))'
check "independent: an output renamed, regions too" 1 "^FAILED: regions: regions: output 0 is 'output' in the model and 'logits' in model.vfg" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/s" 'put_vfg(vfg().replace("subtract(%x, %y)", "subtract(%y, %x)"))'
check "independent: a subtract's operands swapped" 1 "^FAILED: regions: region 1 \('0': subtract -> subtract\) is not proved: refuted: '0' element" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/s" 'put_vfg(re.sub(r"\n  %output = relu\(%0\)[^\n]*", "", vfg()).replace("%0", "%output"))'
check "independent: a relu removed (the regions do not tile)" 1 "^FAILED: regions: regions: region 1 lists '0', which is no node of model.vfg" -- "$VFUSE" verify "$TMP/e" --independent
# BERT's GELU-fused dense (its weights the model's matmul weights transposed, paired).
GELU="^FAILED: regions: region 23 \('mul_4': matmul, add, divide, erf, add, multiply, multiply -> fused_dense\) is not proved"
edit "$TMP/b" '
w = floats("add_11.wt"); w[0], w[1] = w[1], w[0]
put_floats("add_11.wt", w)'
check "independent: two weights of the GELU dense swapped" 1 "$GELU: (refuted|no value of the model's constants is the ratio)" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/b" 'put_vfg(vfg().replace("act_alpha=1.4142135381698608", "act_alpha=1.4142136573791504", 1))'
check "independent: the GELU's divisor one ulp off" 1 "$GELU: refuted: 'mul_4' element" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/b" 'put_vfg(vfg().replace("activation=\"gelu\"", "activation=\"none\"", 1))'
check "independent: the GELU removed" 1 "$GELU: refuted: 'mul_4' element" -- "$VFUSE" verify "$TMP/e" --independent
# Its query weights, paired with the model's at the scale 1 / sqrt(16) folded into them,
# times 1 + 1e-3.
edit "$TMP/b" 'put_floats("div_1.t.s.t.s.t.s.w2", [x * (1 + 1e-3) for x in floats("div_1.t.s.t.s.t.s.w2")])'
check "independent: BERT's scaled query weights times 1 + 1e-3" 1 "^FAILED: regions: region 8 \('div_1': matmul, add, reshape, transpose, matmul, divide -> dense, reshape, transpose, matmul\) is not proved: refuted: weights 'div_1.t.s.t.s.t.s.w2' of 'div_1.t.s.t.s.t.s', output channel 0: every element within 2\^-20" -- "$VFUSE" verify "$TMP/e" --independent
# A quantize output: the regions' original side is the quantizer's graph before the rules
# (quantized.vfg), the relu folds into requantize's clamp are read over 64-bit integers.
"$VFUSE" quantize "$SHALLOW" -o "$TMP/q" --seeds 2 --compare 0 --cache "$TMP/cache" >/dev/null
check "independent: a quantize output, its relu folds over 64-bit integers" 0 "^    region 4 \('22_relu': requantize, maximum -> requantize\): 12544 output elements in 16 classes \(one formula up to renaming each\), over 64-bit integers" -- "$VFUSE" verify "$TMP/q" --independent --regions
check "independent: a quantize output against quantized.vfg" 0 "^ok: $TMP/q computes what $TMP/q/quantized.vfg computes" -- "$VFUSE" verify "$TMP/q" --independent
QRELU="^FAILED: regions: region 4 \('22_relu': requantize, maximum -> requantize\) is not proved: refuted: '22_relu' element"
QCONV="^FAILED: regions: region 3 \('22_acc': qconv2d -> qconv2d\) is not proved: refuted: '22_acc' element"
edit "$TMP/q" 'line_sub("22_relu", r"qmin=\d+", "qmin=1")'
check "independent, int8: the relu's clamp raised" 1 "$QRELU" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/q" 'line_sub("22_relu", r"shift=(\d+)", lambda m: "shift=%d" % (int(m.group(1)) + 1))'
check "independent, int8: a requantization's shift changed" 1 "$QRELU" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/q" 'line_sub("22_acc", r"x_zero_point=(\d+)", lambda m: "x_zero_point=%d" % (int(m.group(1)) + 1))'
check "independent, int8: a conv's input zero point changed" 1 "$QCONV" -- "$VFUSE" verify "$TMP/e" --independent
edit "$TMP/q" '
w, _ = raw("22_wq"); k = len(w) // 16
put_raw("22_wq", w[k:2 * k] + w[:k] + w[2 * k:])'
check "independent, int8: two output channels' weights swapped" 1 "$QCONV" -- "$VFUSE" verify "$TMP/e" --independent
finish
