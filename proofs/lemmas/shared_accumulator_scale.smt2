; lemma shared_accumulator_scale (docs/certificates.md, "Shared accumulators")
;
; The semantics sums the window of a conv2d / dense output element in one fixed order
; over the taps inside the input (sem::conv2d_at and sem::dense_at, src/semantics/
; tensor_ops.h):
;   acc_0 = 0,   acc_{k+1} = acc_k + x_k * w_k                      (k = 0 .. n-1)
; A target conv2d / fused_conv2d / dense / fused_dense over the same x node, with the
; same window attributes and output shape, whose weight is multiply(w, e) (or
; multiply(e, w)) with e one value e[o] per output channel o, reads at the same taps, in
; the same order, the weights w_k * e (or e * w_k), e = e[o]:
;   acc'_0 = 0,  acc'_{k+1} = acc'_k + x_k * (w_k * e)
; Claim: acc'_n = e * acc_n for every n >= 0 and all real x_k, w_k, e. By induction on
; n: the base (check-sat 1) and the step from n to n + 1 (check-sats 2 and 3, one per
; operand order of the multiply). With the weight w itself (no multiply) the two sums
; are the same term of the same inputs: acc' = acc.
; Certificates that take a window sum as the symbol acc<k>[...] cite this lemma; the
; structural facts it needs are checked in C++ (verify::check_pointwise, same_reduction
; and output_channel_scale). Every check-sat below must answer unsat.
(set-logic ALL)
(declare-fun e () Real)
(declare-fun acc () Real)
(declare-fun acc2 () Real)
(declare-fun x () Real)
(declare-fun w () Real)
; base: both sums start at 0
(push 1)
(assert (not (= 0.0 (* e 0.0))))
(check-sat)
(pop 1)
; step, weight multiply(w, e): acc2 = e * acc implies acc2 + x * (w * e) = e * (acc + x * w)
(push 1)
(assert (= acc2 (* e acc)))
(assert (not (= (+ acc2 (* x (* w e))) (* e (+ acc (* x w))))))
(check-sat)
(pop 1)
; step, weight multiply(e, w)
(push 1)
(assert (= acc2 (* e acc)))
(assert (not (= (+ acc2 (* x (* e w))) (* e (+ acc (* x w))))))
(check-sat)
(pop 1)
