; lemma shared_accumulator_input_scale (docs/certificates.md, "Shared accumulators")
;
; The semantics sums the window of a conv2d output element in one fixed order over the
; taps inside the input (sem::conv2d_at, src/semantics/tensor_ops.h):
;   acc_0 = 0,   acc_{k+1} = acc_k + x'_k * w_k                     (k = 0 .. n-1)
; A source conv2d whose input is x' = multiply(x, s) (or multiply(s, x)), s one value per
; input channel (groups 1) or one value, reads x'_k = x_k * s_k (or s_k * x_k), s_k = s[c]
; of the tap's input channel c. A target conv2d / fused_conv2d over x with the same window
; attributes and output shape, whose weight is multiply(w, s) (or multiply(s, w)), reads
; at the same taps, in the same order, the weights w_k * s_k (or s_k * w_k): with groups 1
; the weight's axis 1 is the input channel c, so s broadcast against x and against w gives
; the same s_k at every tap.
;   acc'_0 = 0,  acc'_{k+1} = acc'_k + x_k * (w_k * s_k)
; Claim: acc'_n = acc_n for every n >= 0 and all real x_k, w_k, s_k. By induction on n:
; the base (check-sat 1) and the step from n to n + 1, for each operand order of the two
; multiplies (check-sats 2 to 5). Padded taps are skipped on both sides alike (the same
; window), so the claim holds whatever the padding.
; Certificates that take both window sums as the one symbol acc<k>[...] cite this lemma;
; the structural facts it needs are checked in C++ (verify::check_pointwise, input_fold).
; Every check-sat below must answer unsat.
(set-logic ALL)
(declare-fun s () Real)
(declare-fun acc () Real)
(declare-fun acc2 () Real)
(declare-fun x () Real)
(declare-fun w () Real)
; base: both sums start at 0
(push 1)
(assert (not (= 0.0 0.0)))
(check-sat)
(pop 1)
; step, x' = multiply(x, s), weight multiply(w, s)
(push 1)
(assert (= acc2 acc))
(assert (not (= (+ acc2 (* x (* w s))) (+ acc (* (* x s) w)))))
(check-sat)
(pop 1)
; step, x' = multiply(s, x), weight multiply(w, s)
(push 1)
(assert (= acc2 acc))
(assert (not (= (+ acc2 (* x (* w s))) (+ acc (* (* s x) w)))))
(check-sat)
(pop 1)
; step, x' = multiply(x, s), weight multiply(s, w)
(push 1)
(assert (= acc2 acc))
(assert (not (= (+ acc2 (* x (* s w))) (+ acc (* (* x s) w)))))
(check-sat)
(pop 1)
; step, x' = multiply(s, x), weight multiply(s, w)
(push 1)
(assert (= acc2 acc))
(assert (not (= (+ acc2 (* x (* s w))) (+ acc (* (* s x) w)))))
(check-sat)
(pop 1)
