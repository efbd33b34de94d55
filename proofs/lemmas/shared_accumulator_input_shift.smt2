; lemma shared_accumulator_input_shift (docs/certificates.md, "Shared accumulators")
;
; The semantics sums the window of a conv2d output element in one fixed order over the
; taps inside the input (sem::conv2d_at, src/semantics/tensor_ops.h). A source conv2d
; without padding (every tap of every output element is inside the input) whose input is
; x' = add(x, t) (or add(t, x)), t one value per input channel (groups 1) or one value,
; reads x'_k = x_k + t_k (or t_k + x_k), t_k = t[c] of the tap's input channel c:
;   acc'_0 = 0,  acc'_{k+1} = acc'_k + x'_k * w_k
; A target conv2d / fused_conv2d over x with the same weight w and window attributes:
;   acc_0 = 0,   acc_{k+1} = acc_k + x_k * w_k
; and the sum of the constants over the same taps in the same order:
;   T_0 = 0,     T_{k+1} = T_k + t_k * w_k
; Claim: acc'_n = acc_n + T_n for every n >= 0 and all real x_k, t_k, w_k. By induction
; on n: the base (check-sat 1) and the step (check-sats 2 and 3, one per operand order of
; the add). A certificate writes the source's sum as acc<k>[...] + T[o], T[o] the sum of
; t[c] w[o, c, kh, kw] over the whole window (the actual constants), and cites this
; lemma; without padding every tap is inside the input, so T does not depend on the
; output position. The structural facts it needs are checked in C++
; (verify::check_pointwise, input_fold). Every check-sat below must answer unsat.
(set-logic ALL)
(declare-fun acc () Real)
(declare-fun acc2 () Real)
(declare-fun T () Real)
(declare-fun x () Real)
(declare-fun t () Real)
(declare-fun w () Real)
; base: all three sums start at 0
(push 1)
(assert (not (= 0.0 (+ 0.0 0.0))))
(check-sat)
(pop 1)
; step, x' = add(x, t): acc2 = acc + T implies acc2 + (x + t) * w = (acc + x * w) + (T + t * w)
(push 1)
(assert (= acc2 (+ acc T)))
(assert (not (= (+ acc2 (* (+ x t) w)) (+ (+ acc (* x w)) (+ T (* t w))))))
(check-sat)
(pop 1)
; step, x' = add(t, x)
(push 1)
(assert (= acc2 (+ acc T)))
(assert (not (= (+ acc2 (* (+ t x) w)) (+ (+ acc (* x w)) (+ T (* t w))))))
(check-sat)
(pop 1)
