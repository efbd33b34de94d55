#!/usr/bin/env bash
# End-to-end tests of the vfuse command line: vfuse quantize.
# usage: quantize.sh VFUSE REPO_ROOT
source "$(dirname "$0")/lib.sh" "$@"

# ---- quantize (docs/quantize.md) ----
check "quantize --help" 0 'usage: vfuse quantize MODEL -o DIR' -- "$VFUSE" quantize --help
check "quantize without -o" 2 'quantize: error: missing -o DIR' -- "$VFUSE" quantize "$SMALL"
check "quantize --seeds with --calibrate" 2 '--seeds and --calibrate exclude each other' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --seeds 4 --calibrate "$TMP/in"
check "quantize --percentile 0" 2 "--percentile needs a number in \(0, 100\], got '0'" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --percentile 0
check "quantize --percentile 101" 2 "--percentile needs a number in \(0, 100\], got '101'" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --percentile 101
check "quantize --percentile abc" 2 "--percentile needs a number in \(0, 100\], got 'abc'" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --percentile abc
check "quantize --seeds 0" 2 '--seeds needs a number of inputs in 1\.\.100000' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --seeds 0
check "quantize --calibrate missing dir" 1 "--calibrate: '$TMP/nodir' is not a directory" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --calibrate "$TMP/nodir"
if [ ! -e "$TMP/q0" ]; then echo "ok   failed quantize leaves no output"; pass=$((pass + 1)); else echo "FAIL failed quantize left $TMP/q0"; fail=$((fail + 1)); fi
# The small classifier (1x10 softmax): 8 seeded calibration inputs, 20 comparison inputs.
# Measured: top-1 20/20, SNR 45.1 dB (100 inputs: 100/100, 46.6 dB). The thresholds
# (19/20, 35 dB) leave margin for a change of rounding; one requantize shift off by one
# gives about 5 dB (the negative control in tests/unit/quant/quantize_graph_test.cpp).
out=$("$VFUSE" quantize "$SMALL" -o "$TMP/q1" --compare 20 --cache "$TMP/cache" 2>&1)
status=$?
same=$(grep -oE 'top-1 [0-9]+/20' <<<"$out" | grep -oE '[0-9]+/' | tr -d /)
snr=$(grep -oE 'SNR [-0-9.]+ dB' <<<"$out" | grep -oE '[-0-9.]+')
if [ "$status" -eq 0 ] && [ -n "$same" ] && [ "$same" -ge 19 ] && awk -v s="$snr" 'BEGIN { exit !(s > 35) }'; then
  echo "ok   quantize agrees with float32 (top-1 $same/20, SNR $snr dB)"; pass=$((pass + 1))
else echo "FAIL quantize agreement: status $status, top-1 '$same', SNR '$snr'"; echo "$out" | tail -5; fail=$((fail + 1)); fi
for f in model.vfg model.weights model.dot report.json quantized.vfg quantized.weights; do
  if [ -s "$TMP/q1/$f" ]; then echo "ok   quantize wrote $f"; pass=$((pass + 1)); else echo "FAIL quantize did not write $f"; fail=$((fail + 1)); fi
done
check "quantize report: layers and agreement" 0 '"quantization":\{"reference_rewrites":[1-9][0-9]*,"activations":"uint8.*"layers":\[\{"name":.*"shift":[0-9]+.*"agreement":\{"inputs":20,.*"snr_db":[0-9.]+' -- cat "$TMP/q1/report.json"
# 5 convolutions and the global average pool (a depthwise layer: it reads a layer's
# integers); the flatten passes the pool's integers to the dense layer, so only the model's
# input is quantized and only its output dequantized.
check "quantized model: integer layers" 0 'qconv2d +6' -- "$VFUSE" info "$TMP/q1/model.vfg"
check "quantized model: one quantize" 0 '^  quantize +1$' -- "$VFUSE" info "$TMP/q1/model.vfg"
check "quantized model: one dequantize" 0 '^  dequantize +1$' -- "$VFUSE" info "$TMP/q1/model.vfg"
check "quantized model runs with float32 outputs" 0 'output .*shape \(1, 10\) +checksum' -- "$VFUSE" run "$TMP/q1"
check "verify redoes the rules on the quantizer's graph" 0 "^ok: $TMP/q1 is what vfuse compile makes of $TMP/q1/quantized.vfg" -- "$VFUSE" verify "$TMP/q1" --replay none
check "verify: the quantizer's graph is hashed" 1 "FAILED: model: .*quantized.vfg does not load" -- bash -c "cp -r '$TMP/q1' '$TMP/q1e' && sed -i 's/qmax=255/qmax=254/' '$TMP/q1e/quantized.vfg' && '$VFUSE' verify '$TMP/q1e' --replay none"
check "quantize report: the comparison's engine" 0 '"agreement":\{[^}]*"engine":"native"' -- cat "$TMP/q1/report.json"
check "quantize --engine interpreter" 0 'top-1 [0-9]+/2 .*\(interpreter, ' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q4" --seeds 2 --compare 2 --engine interpreter --cache "$TMP/cache"
check "quantize --engine bad" 2 "--engine needs native or interpreter, got 'gpu'" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q5" --engine gpu
check "quantize --percentile" 0 'ranges clipped at the 99.9th percentile' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q2" --percentile 99.9 --seeds 2 --compare 0 --cache "$TMP/cache"
"$VFUSE" run "$SMALL" --seed 11 --save-inputs "$TMP/qin/a" >/dev/null && "$VFUSE" run "$SMALL" --seed 12 --save-inputs "$TMP/qin/b" >/dev/null
check "quantize --mse with --percentile" 2 "--mse and --percentile exclude each other" -- "$VFUSE" quantize "$SMALL" -o "$TMP/q0" --mse --percentile 99
check "quantize --mse" 0 'ranges by the least mean squared error' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q6" --mse --seeds 2 --compare 0 --cache "$TMP/cache"
check "quantize --mse: the report's method" 0 '"calibration":\{[^}]*"method":"mse"' -- cat "$TMP/q6/report.json"
check "quantize --calibrate DIR/*/" 0 'calibrated on 2 inputs from' -- "$VFUSE" quantize "$SMALL" -o "$TMP/q3" --calibrate "$TMP/qin" --compare 2 --cache "$TMP/cache"

# The face-detector class (bench/models/gen_mobile_residual.py --blaze): shortcuts max pooled
# 2x2 where a block strides and padded with zero channels by a Concat where it widens, added
# to the depthwise branch. Every pool, concat and add stays integer: the model's input
# quantize and output dequantize are the only ones left. Measured: 10 qadds, top-1 20/20,
# SNR 33.6 dB; the native integer code bit-identical to the interpreter, node by node.
"${PYTHON:-/usr/bin/python3}" "$ROOT/bench/models/gen_mobile_residual.py" --blaze "$TMP/blaze.onnx"
out=$("$VFUSE" quantize "$TMP/blaze.onnx" -o "$TMP/qb" --seeds 4 --compare 10 --cache "$TMP/cache" 2>&1)
check "quantize face_blaze: one quantize and one dequantize left" 0 '10 residual adds as qadd; 1 quantize and 1 dequantize nodes left' -- echo "$out"
check "quantize face_blaze: agreement" 0 'top-1 (9|10)/10 .*SNR (2[5-9]|[3-9][0-9])\.' -- echo "$out"
check "quantize face_blaze: its 8 concats" 0 '^  concat +8$' -- "$VFUSE" info "$TMP/qb/model.vfg"
check "quantize face_blaze: its 3 max pools" 0 '^  max_pool2d +3$' -- "$VFUSE" info "$TMP/qb/model.vfg"
check "quantize face_blaze: native bit for bit" 0 '^ok: every output and every layer' -- "$VFUSE" check "$TMP/qb" --seeds 1
check "quantize face_blaze: independent checker" 0 "^ok: $TMP/qb computes what $TMP/qb/quantized.vfg computes" -- "$VFUSE" verify "$TMP/qb" --independent

finish
