; instance 1: %x: (1, 1, 1, 1), %b: (1), %c: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |b[0]| () Real)
(declare-fun |c[0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and true true) true) true))
; source side
(define-fun s!0 () Real (+ (+ |x[0,0,0,0]| |b[0]|) |c[0,0,0]|))
; target side
(define-fun t!0 () Real (+ |x[0,0,0,0]| (+ |b[0]| |c[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
